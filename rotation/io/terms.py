"""What an evening is played under beside its schedule and results, kept in tables of their own: the
stake, the language it speaks, and the movement by results (a drive) it is seated by, with who plays from
which round on. `rotation.io.store.Transaction` reads and writes them within its transaction."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rotation.io.database import DamagedError
from rotation.io.formats import FormatError
from rotation.jsontext import JsonTextError, loads

if TYPE_CHECKING:
    from rotation.io.store import StoredSession

__all__ = ["EveningTerms", "decoded"]


class EveningTerms:
    """The queries of an evening's terms, for a transaction that has the connection and finds the row of
    an evening loaded in it."""

    _db: sqlite3.Connection
    path: Path

    def _row_of(self, stored: StoredSession) -> int:
        raise NotImplementedError

    def stake(self, stored: StoredSession) -> dict[str, str] | None:
        """What the evening is played for, as kept (`keep_stake`); None when it is not played for money."""
        row = self._db.execute(
            "SELECT terms FROM stakes WHERE session_id = ?", (self._row_of(stored),)
        ).fetchone()
        if row is None:
            return None
        try:
            terms = decoded(row[0], "stake")
        except FormatError as error:
            raise DamagedError(f"{self.path}: {stored.name!r}: {error}") from None
        if not isinstance(terms, dict) or not all(isinstance(v, str) for v in terms.values()):
            raise DamagedError(f"{self.path}: {stored.name!r}: its stake is not what chicago writes")
        return terms

    def language(self, stored: StoredSession) -> str | None:
        """The language the evening was saved to speak (`keep_language`); None when none was asked."""
        row = self._db.execute(
            "SELECT language FROM evening_languages WHERE session_id = ?", (self._row_of(stored),)
        ).fetchone()
        return None if row is None else str(row[0])

    def keep_language(self, stored: StoredSession, language: str | None) -> None:
        """Keep the language the evening speaks (None: the reader's own), in place of what was kept."""
        session_id = self._row_of(stored)
        if language is None:
            self._db.execute("DELETE FROM evening_languages WHERE session_id = ?", (session_id,))
            return
        self._db.execute(
            "INSERT INTO evening_languages (session_id, language) VALUES (?, ?)"
            " ON CONFLICT (session_id) DO UPDATE SET language = excluded.language",
            (session_id, language),
        )

    def keep_stake(self, stored: StoredSession, terms: Mapping[str, str] | None) -> None:
        """Keep what the evening is played for (None: not for money), in place of what was kept."""
        session_id = self._row_of(stored)
        if terms is None:
            self._db.execute("DELETE FROM stakes WHERE session_id = ?", (session_id,))
            return
        self._db.execute(
            "INSERT INTO stakes (session_id, terms) VALUES (?, ?)"
            " ON CONFLICT (session_id) DO UPDATE SET terms = excluded.terms",
            (session_id, json.dumps(dict(terms))),
        )

    def drive(self, stored: StoredSession) -> tuple[str, int] | None:
        """The movement by results the evening is seated by, and its rounds (None: planned before play)."""
        row = self._db.execute(
            "SELECT movement, rounds FROM drives WHERE session_id = ?", (self._row_of(stored),)
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def keep_drive(self, stored: StoredSession, movement: str, rounds: int) -> None:
        """Keep that the evening is seated by results, by ``movement``, over ``rounds`` rounds."""
        self._db.execute(
            "INSERT INTO drives (session_id, movement, rounds) VALUES (?, ?, ?)"
            " ON CONFLICT (session_id) DO UPDATE SET movement = excluded.movement, rounds = excluded.rounds",
            (self._row_of(stored), movement, rounds),
        )

    def drive_present(self, stored: StoredSession) -> tuple[tuple[int, frozenset[int]], ...]:
        """Who plays from which round on, as the host said, by round (none: nobody came or went)."""
        row = self._db.execute(
            "SELECT present FROM drives WHERE session_id = ?", (self._row_of(stored),)
        ).fetchone()
        if row is None or row[0] is None:
            return ()
        return tuple(
            (int(said["from"]), frozenset(int(p) for p in said["players"])) for said in json.loads(row[0])
        )

    def keep_drive_present(self, stored: StoredSession, start: int, players: Iterable[int]) -> None:
        """Keep that from round ``start`` on the players at those score-sheet positions play (in place of
        what was said for round ``start`` or later)."""
        earlier = [{"from": r, "players": sorted(p)} for r, p in self.drive_present(stored) if r < start]
        present = json.dumps([*earlier, {"from": start, "players": sorted(players)}])
        session_id = self._row_of(stored)
        self._db.execute("UPDATE drives SET present = ? WHERE session_id = ?", (present, session_id))


def decoded(text: str, column: str) -> Any:
    """A stored JSON column, decoded with the limits of any JSON from outside: another program may have
    written it. FormatError names the column."""
    try:
        return loads(text)
    except JsonTextError as error:
        raise FormatError(f"its {column} {error}") from None

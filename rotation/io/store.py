"""The session store: every saved evening in one SQLite file, so a season can be ranked across them.

The file itself (where it is, its schema, opening it safely, its typed errors) is `rotation.io.database`.
Here are the queries, grouped in transactions: ``with store.writing() as tx`` is one ``BEGIN IMMEDIATE``
transaction (the read that checks a result and the write that stores it see the same state), ``with
store.reading() as tx`` one read. A service owns its transaction: it loads, decides with the pure
session functions, and writes through ``tx``. The one-call methods of `Store` are each one transaction.

A schedule names no one: its seats hold score-sheet positions and ``session_players`` says who holds each
position, so renaming a player is one row and a player is the same row in every session.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from rotation import names
from rotation.io.changelog import read_changes, write_change
from rotation.io.database import (
    BUSY_TIMEOUT_SECONDS,
    ENV_VAR,
    SCHEMA_VERSION,
    DamagedError,
    DiskFullError,
    LockedError,
    NewerSchemaError,
    NoDatabaseError,
    NoSuchSessionError,
    NotOurDatabaseError,
    ReadOnlyError,
    StoreError,
    StoreFailedError,
    StoreRefusedError,
    connect,
    default_path,
    resolve_path,
    storage_error,
)
from rotation.io.formats import (
    FormatError,
    couples_from_data,
    movement_from_data,
    movement_to_data,
    record_from_data,
    record_to_data,
)
from rotation.io.terms import EveningTerms
from rotation.io.terms import decoded as _decoded
from rotation.language import N_
from rotation.model import InvalidScheduleError, Movement, Schedule
from rotation.names import name_key, reads_as_other
from rotation.results.changes import TERMINAL, Change, Kind, NameEdit, PlanEdit, RubberEdit, Source
from rotation.results.session import RubberRecord, Session, SessionError
from scoring.rules import InvalidRulesError, ScoringRules

__all__ = [
    "BUSY_TIMEOUT_SECONDS",
    "ENV_VAR",
    "SCHEMA_VERSION",
    "DamagedError",
    "DiskFullError",
    "EveningId",
    "LockedError",
    "NewerSchemaError",
    "NoDatabaseError",
    "NoSuchSessionError",
    "NotOurDatabaseError",
    "PlayerExistsError",
    "ReadOnlyError",
    "Renamed",
    "SessionNameTakenError",
    "SessionSummary",
    "Store",
    "StoreError",
    "StoreFailedError",
    "StoreRefusedError",
    "StoredSession",
    "Transaction",
    "default_path",
    "resolve_path",
]


class SessionNameTakenError(StoreRefusedError):
    """A session is already saved under that name (case and spacing ignored)."""

    def __init__(self, message: str, taken: str) -> None:
        super().__init__(message)
        self.taken = taken

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (str(self), self.taken))


class PlayerExistsError(StoreRefusedError):
    """Renaming a player to the name of another known player, without asking to merge the two."""

    def __init__(self, message: str, old: str, other: str) -> None:
        super().__init__(message)
        self.old = old
        self.other = other

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (str(self), self.old, self.other))


@dataclass(frozen=True, slots=True)
class EveningId:
    """A saved evening by its identity, not its name: a live page's links name the evening they were
    made for, so an evening deleted and saved again under the same name is another evening to them
    (its ``uid`` is random, never reused as a row id is)."""

    uid: str


Evening = str | EveningId
"""How a saved evening is named to the store: by its name (case and spacing ignored) or its row."""


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A saved session and what the store keeps beside it."""

    name: str
    played_on: date
    session: Session
    id: EveningId = EveningId("")
    """The evening's identity ("" for one not read from a store)."""


@dataclass(frozen=True, slots=True)
class Renamed:
    """A player renamed in every session (``merged``: into a player the database already knew)."""

    old: str
    new: str
    sessions: int
    merged: bool


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One line of `chicago sessions`."""

    name: str
    played_on: date
    players: int
    rubbers: int
    """Rubbers in the schedule."""
    recorded: int
    rules: ScoringRules


def clean_name(name: str) -> str:
    """A name as stored: its one normal form (``names.clean_name``); a refused name is a StoreRefusedError."""
    try:
        return names.clean_name(name, what=N_("a name"))
    except names.InvalidNameError as error:
        raise StoreRefusedError(str(error)) from None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


Clock = Callable[[], str]
"""The store's clock: the time now, UTC, ISO 8601 (a test passes its own)."""


class Transaction(EveningTerms):
    """The queries of one open transaction (from `Store.reading` or `Store.writing`). Every write to an
    evening appends its change to the evening's log in this same transaction (`changes`), with where it
    came from (``source``) and what it replaced, read here from the file."""

    def __init__(self, db: sqlite3.Connection, path: Path, clock: Clock = _now) -> None:
        self._db = db
        self.path = path
        self.clock = clock

    def _row_of(self, stored: StoredSession) -> int:
        return _row(self._db, stored)

    def _log(self, session_id: int, change: Change, at: str | None = None) -> None:
        write_change(self._db, session_id, change, self.clock() if at is None else at)

    def changes(self, stored: StoredSession, latest: int | None = None) -> tuple[Change, ...]:
        """The evening's log, oldest first (``latest``: only its last changes)."""
        return read_changes(self._db, _row(self._db, stored), self.path, stored.name, latest)

    def load(self, evening: Evening) -> StoredSession:
        """The evening saved under that name (case and spacing ignored) or at that row."""
        return _load(self._db, _require_session(self._db, evening), self.path)

    def put_result(self, stored: StoredSession, record: RubberRecord, *, kind: Kind, source: Source) -> None:
        """Store the rubber, in place of what its round and table held (checked by the caller), and log
        it as ``kind`` from ``source``."""
        session_id = _row(self._db, stored)
        before = _result_at(self._db, session_id, record.round, record.table, self.path)
        at = self.clock()
        _write_result(self._db, session_id, record, replace=True, at=at)
        self._log(
            session_id, Change(kind, source, RubberEdit(record.round, record.table, before, record)), at
        )

    def remove_result(
        self, stored: StoredSession, round_number: int, table: int, *, kind: Kind, source: Source
    ) -> None:
        """Remove what the rubber holds, logged as ``kind`` (a deletion, a last deal taken back)."""
        session_id = _row(self._db, stored)
        before = _result_at(self._db, session_id, round_number, table, self.path)
        self._db.execute(
            "DELETE FROM results WHERE session_id = ? AND round = ? AND table_number = ?",
            (session_id, round_number, table),
        )
        if before is not None:
            self._log(session_id, Change(kind, source, RubberEdit(round_number, table, before, None)))

    def replace_schedule(
        self,
        stored: StoredSession,
        schedule: Schedule,
        *,
        kept: int,
        source: Source,
        kind: Kind = Kind.REPLAN,
        left: tuple[str, ...] = (),
        back: tuple[str, ...] = (),
    ) -> StoredSession:
        """The evening with a new plan, its first ``kept`` rounds kept: the score sheet keeps its players
        in their places (newcomers join after them); the caller has checked that every result lies in the
        rounds kept. Logged as ``kind``: a replan, or a round seated from results; ``left`` and ``back``:
        who the host said left or came back at a drive, logged with it."""
        old = stored.session.schedule
        if schedule.players[: len(old.players)] != old.players:
            raise StoreFailedError("a new plan must keep the score sheet's players in their places")
        session_id = _row(self._db, stored)
        for position in range(len(old.players), len(schedule.players)):
            self._db.execute(
                "INSERT INTO session_players (session_id, position, player_id) VALUES (?, ?, ?)",
                (session_id, position, _player_id(self._db, schedule.players[position])),
            )
        self._db.execute(
            "UPDATE sessions SET schedule = ? WHERE id = ?",
            (json.dumps(movement_to_data(schedule.movement, schedule.couples, schedule.mixed)), session_id),
        )
        saved = _load(self._db, session_id, self.path)  # reads back as written, names as stored
        plan = PlanEdit(kept, old, saved.session.schedule, left, back)
        self._log(session_id, Change(kind, source, plan))
        return saved

    def web_secret(self, stored: StoredSession, *, renew: bool = False) -> str | None:
        """The evening's key for the live page's links; None when it has none yet (and not ``renew``)."""
        row = self._db.execute(
            "SELECT secret FROM web_secrets WHERE session_id = ?", (_row(self._db, stored),)
        ).fetchone()
        if row is not None and not renew:
            return str(row[0])
        if not renew:
            return None
        secret = secrets.token_urlsafe(32)
        self._db.execute(
            "INSERT INTO web_secrets (session_id, secret) VALUES (?, ?)"
            " ON CONFLICT (session_id) DO UPDATE SET secret = excluded.secret",
            (_row(self._db, stored), secret),
        )
        return secret

    def club_secret(self) -> str | None:
        """The club's key for the pages of the whole database (the season, planning new evenings); None
        before any club link was handed out."""
        row = self._db.execute("SELECT secret FROM club_secrets WHERE id = 1").fetchone()
        return None if row is None else str(row[0])

    def new_club_secret(self) -> str:
        """A new club key: every club link handed out before stops working."""
        secret = secrets.token_urlsafe(32)
        self._db.execute(
            "INSERT INTO club_secrets (id, secret) VALUES (1, ?)"
            " ON CONFLICT (id) DO UPDATE SET secret = excluded.secret",
            (secret,),
        )
        return secret

    def save(
        self, name: str, played_on: date, session: Session, *, source: Source = TERMINAL
    ) -> StoredSession:
        """Store a new session under ``name``; its players join the players already known by name. Its
        log starts with the plan saved and each rubber it came with, from ``source``."""
        shown = clean_name(name)
        if not shown:
            raise StoreRefusedError("a session needs a name")
        if reads_as_other(shown):
            raise StoreRefusedError(
                "a session name cannot start with -, hold a / or \\ or end in .json"
                f" (it reads as an option or a file): {shown!r}"
            )
        db = self._db
        taken = db.execute("SELECT name FROM sessions WHERE name_key = ?", (name_key(shown),)).fetchone()
        if taken is not None:
            raise SessionNameTakenError(f"a session named {taken[0]!r} already exists", taken[0])
        player_ids = [_player_id(db, player) for player in session.schedule.players]
        cursor = db.execute(
            "INSERT INTO sessions (name, name_key, played_on, scoring, schedule, created_at, uid)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                shown,
                name_key(shown),
                played_on.isoformat(),
                json.dumps(session.rules.to_mapping()),
                json.dumps(movement_to_data(*_kept_with(session.schedule))),
                _now(),
                secrets.token_hex(16),
            ),
        )
        session_id = cursor.lastrowid
        assert session_id is not None
        db.executemany(
            "INSERT INTO session_players (session_id, position, player_id) VALUES (?, ?, ?)",
            [(session_id, position, player) for position, player in enumerate(player_ids)],
        )
        at = self.clock()
        for record in session.results:
            _write_result(db, session_id, record, replace=False, at=at)
        saved = _load(db, session_id, self.path)
        self._log(session_id, Change(Kind.SAVE, source, PlanEdit(0, None, saved.session.schedule)), at)
        for record in saved.session.results:
            edit = RubberEdit(record.round, record.table, None, record)
            self._log(session_id, Change(Kind.RECORD, source, edit), at)
        return saved

    def rename_player(self, old: str, new: str, *, merge: bool = False, source: Source) -> Renamed:
        """Rename a player in every session, logged in each of them. With ``merge``, ``new`` may already
        be a player (a name typed two ways): the two become one, unless they played in the same session."""
        shown = clean_name(new)
        if not shown:
            raise StoreRefusedError("a player's name cannot be empty")
        db = self._db
        found = db.execute("SELECT id, name FROM players WHERE name_key = ?", (name_key(old),)).fetchone()
        if found is None:
            raise StoreRefusedError(f"no player named {clean_name(old)!r} in {self.path}")
        old_id, old_name = found
        other = db.execute("SELECT id, name FROM players WHERE name_key = ?", (name_key(shown),)).fetchone()
        count = _session_count(db, old_id)
        evenings = [
            row[0]
            for row in db.execute("SELECT session_id FROM session_players WHERE player_id = ?", (old_id,))
        ]
        if other is None or other[0] == old_id:
            db.execute(
                "UPDATE players SET name = ?, name_key = ? WHERE id = ?", (shown, name_key(shown), old_id)
            )
            for session_id in evenings if old_name != shown else ():  # nothing changed, nothing logged
                self._log(session_id, Change(Kind.RENAME, source, NameEdit(old_name, shown)))
            return Renamed(old_name, shown, count, merged=False)
        other_id, other_name = other
        if not merge:
            raise PlayerExistsError(
                f"{other_name} is already a player ({sessions_phrase(_session_count(db, other_id))})",
                old_name,
                other_name,
            )
        shared = [
            row[0]
            for row in db.execute(
                "SELECT s.name FROM sessions s WHERE s.id IN"
                " (SELECT session_id FROM session_players WHERE player_id = ?"
                "  INTERSECT SELECT session_id FROM session_players WHERE player_id = ?)"
                " ORDER BY s.played_on",
                (old_id, other_id),
            )
        ]
        if shared:
            raise StoreRefusedError(
                f"cannot merge {old_name} into {other_name}: both played in {', '.join(shared)}"
            )
        db.execute("UPDATE session_players SET player_id = ? WHERE player_id = ?", (other_id, old_id))
        db.execute("DELETE FROM players WHERE id = ?", (old_id,))
        if other_name != shown:
            db.execute("UPDATE players SET name = ? WHERE id = ?", (shown, other_id))
        for session_id in evenings:
            self._log(session_id, Change(Kind.MERGE, source, NameEdit(old_name, shown)))
        return Renamed(old_name, shown, count, merged=True)

    def season(self, since: date | None = None, until: date | None = None) -> list[StoredSession]:
        """The sessions played from ``since`` to ``until`` (both included), oldest first."""
        db = self._db
        ids = [
            row[0]
            for row in db.execute(
                "SELECT id FROM sessions WHERE (?1 IS NULL OR played_on >= ?1)"
                " AND (?2 IS NULL OR played_on <= ?2) ORDER BY played_on, name_key",
                (since and since.isoformat(), until and until.isoformat()),
            )
        ]
        return [_load(db, session_id, self.path) for session_id in ids]


class Store:
    """An open database. Use as a context manager, or call `close`; each method is one transaction."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self.clock: Clock = _now
        """The time each change is logged at (a test sets its own)."""

    @classmethod
    def open(cls, path: Path, *, create: bool = True) -> Store:
        """Open (and create or upgrade) the database at ``path`` (see `rotation.io.database.connect`)."""
        return cls(connect(path, create=create), path)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[sqlite3.Connection]:
        """One transaction; a write takes the write lock first (waiting for another writer if need be)."""
        try:
            self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.Error as error:
            raise storage_error(self.path, error) from None
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException as error:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise storage_error(self.path, error) from None
            raise

    @contextmanager
    def reading(self) -> Iterator[Transaction]:
        """One read transaction: everything read in it is one state of the file."""
        with self._transaction(write=False) as db:
            yield Transaction(db, self.path, self.clock)

    @contextmanager
    def writing(self) -> Iterator[Transaction]:
        """One write transaction: committed whole when the block ends, rolled back on any exception."""
        with self._transaction(write=True) as db:
            yield Transaction(db, self.path, self.clock)

    # -- sessions -------------------------------------------------------------------------------------

    def save(
        self, name: str, played_on: date, session: Session, *, source: Source = TERMINAL
    ) -> StoredSession:
        """Store a new session under ``name``; its players join the players already known by name."""
        with self.writing() as tx:
            return tx.save(name, played_on, session, source=source)

    def load(self, name: Evening) -> StoredSession:
        """The session saved under ``name`` (case and spacing ignored)."""
        with self._transaction(write=False) as db:
            return _load(db, _require_session(db, name), self.path)

    def record(self, name: str, record: RubberRecord, *, replace: bool = False) -> StoredSession:
        """Record one rubber, checked against the schedule and scored before it is stored. SessionError
        if it does not fit, or if the rubber is already recorded and ``replace`` is false."""
        with self.writing() as tx:
            stored = tx.load(name)
            updated = stored.session.with_result(record, replace=replace)
            previous = stored.session.result(record.round, record.table)
            kind = Kind.RECORD if previous is None else Kind.REPLACE
            tx.put_result(stored, record, kind=kind, source=TERMINAL)
            return StoredSession(stored.name, stored.played_on, updated, stored.id)

    def web_secret(self, name: str, *, renew: bool = False) -> str:
        """The session's key for `chicago serve` links, made on first use (``renew``: a new one, so every
        link handed out before stops working). Kept in the file so the links stay the same across restarts
        of the server and on every machine that opens this database."""
        with self.writing() as tx:
            stored = tx.load(name)
            secret = tx.web_secret(stored, renew=renew)
            return secret if secret is not None else str(tx.web_secret(stored, renew=True))

    def sessions(self) -> list[SessionSummary]:
        """Every saved session, oldest first."""
        with self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT s.id, s.name, s.played_on, s.scoring, s.schedule"
                " FROM sessions s ORDER BY s.played_on, s.name_key"
            ).fetchall()
            counted: dict[int, list[int | None]] = {}
            names = {row[0]: row[1] for row in rows}
            for session_id, deals in db.execute("SELECT session_id, deals FROM results"):
                try:
                    played = (
                        None
                        if deals is None
                        else sum(1 for deal in _decoded(deals, "deals") if deal != "pass")
                    )
                except (FormatError, TypeError) as error:
                    name = names.get(session_id, session_id)
                    raise DamagedError(f"{self.path}: session {name!r} cannot be read: {error}") from None
                counted.setdefault(session_id, []).append(played)
        summaries = []
        for session_id, name, played_on, scoring, schedule in rows:
            try:
                movement = movement_from_data(_decoded(schedule, "schedule"))
                rules = ScoringRules.from_mapping(_decoded(scoring, "scoring"))
            except (ValueError, FormatError, InvalidRulesError) as error:
                raise DamagedError(f"{self.path}: session {name!r} cannot be read: {error}") from None
            rubbers = sum(len(rnd.tables) for rnd in movement.rounds)
            cycle = len(rules.vulnerability)  # a rubber in play is not recorded yet
            recorded = sum(1 for n in counted.get(session_id, []) if n is None or n >= cycle)
            summaries.append(
                SessionSummary(
                    name, date.fromisoformat(played_on), movement.n_players, rubbers, recorded, rules
                )
            )
        return summaries

    def season(self, since: date | None = None, until: date | None = None) -> list[StoredSession]:
        """The sessions played from ``since`` to ``until`` (both included), oldest first."""
        with self.reading() as tx:
            return tx.season(since, until)

    def delete(self, name: Evening) -> StoredSession:
        """Remove a session and its results; players left in no session are forgotten."""
        with self._transaction(write=True) as db:
            session_id = _require_session(db, name)
            stored = _load(db, session_id, self.path)
            ids = [row[0] for row in db.execute(_PLAYER_IDS, (session_id,))]
            db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
            db.executemany(  # a member added with no evening yet (`add_players`) stays
                "DELETE FROM players WHERE id = ? AND id NOT IN (SELECT player_id FROM session_players)",
                [(player,) for player in ids],
            )
            return stored

    # -- players --------------------------------------------------------------------------------------

    def rename_player(self, old: str, new: str, *, merge: bool = False, source: Source = TERMINAL) -> Renamed:
        """Rename a player in every session. With ``merge``, ``new`` may already be a player (a name typed
        two ways): the two become one, unless they played in the same session."""
        with self.writing() as tx:
            return tx.rename_player(old, new, merge=merge, source=source)

    def add_players(self, names: Sequence[str]) -> tuple[str, ...]:
        """Make players known without an evening (a club's members); those added, as stored."""
        with self._transaction(write=True) as db:
            known = {key for (key,) in db.execute("SELECT name_key FROM players")}
            fresh = {name_key(name): clean_name(name) for name in names if name_key(name) not in known}
            for name in fresh.values():
                _player_id(db, name)
            return tuple(fresh.values())

    def players(self) -> list[tuple[str, int]]:
        """Every known player with the number of sessions they are in, by name."""
        with self._transaction(write=False) as db:
            return [
                (name, count)
                for name, count in db.execute(
                    "SELECT p.name, count(sp.session_id) FROM players p"
                    " LEFT JOIN session_players sp ON sp.player_id = p.id GROUP BY p.id ORDER BY p.name_key"
                )
            ]


_PLAYER_IDS = "SELECT player_id FROM session_players WHERE session_id = ?"


def _session_id(db: sqlite3.Connection, evening: Evening) -> int | None:
    if isinstance(evening, EveningId):
        row = db.execute("SELECT id FROM sessions WHERE uid = ?", (evening.uid,)).fetchone()
    else:
        row = db.execute("SELECT id FROM sessions WHERE name_key = ?", (name_key(evening),)).fetchone()
    return None if row is None else int(row[0])


def _row(db: sqlite3.Connection, stored: StoredSession) -> int:
    """The row of an evening loaded in this transaction."""
    return _require_session(db, stored.id)


def _require_session(db: sqlite3.Connection, evening: Evening) -> int:
    session_id = _session_id(db, evening)
    if session_id is None:
        recent = tuple(
            row[0] for row in db.execute("SELECT name FROM sessions ORDER BY played_on DESC LIMIT 5")
        )
        if isinstance(evening, EveningId):
            raise NoSuchSessionError("that evening is no longer saved", recent=recent)
        hint = f" (recent: {', '.join(recent)})" if recent else " (none saved yet)"
        raise NoSuchSessionError(
            f"no saved session named {clean_name(evening)!r}{hint}", name=clean_name(evening), recent=recent
        )
    return session_id


def _player_id(db: sqlite3.Connection, name: str) -> int:
    """The player with this name (case and spacing ignored), added if new."""
    row = db.execute("SELECT id FROM players WHERE name_key = ?", (name_key(name),)).fetchone()
    if row is not None:
        return int(row[0])
    cursor = db.execute(
        "INSERT INTO players (name, name_key) VALUES (?, ?)", (clean_name(name), name_key(name))
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _session_count(db: sqlite3.Connection, player_id: int) -> int:
    row = db.execute("SELECT count(*) FROM session_players WHERE player_id = ?", (player_id,)).fetchone()
    return int(row[0])


def sessions_phrase(count: int) -> str:
    """``1 session``, ``3 sessions``."""
    return f"{count} session{'s' if count != 1 else ''}"


def _write_result(
    db: sqlite3.Connection, session_id: int, record: RubberRecord, *, replace: bool, at: str
) -> None:
    data = record_to_data(record)
    deals = json.dumps(data["deals"]) if "deals" in data else None
    net = data.get("net")
    sql = (
        "INSERT INTO results (session_id, round, table_number, deals, net, recorded_at)"
        " VALUES (?, ?, ?, ?, ?, ?)"
    )
    if replace:
        sql += (
            " ON CONFLICT (session_id, round, table_number) DO UPDATE"
            " SET deals = excluded.deals, net = excluded.net, recorded_at = excluded.recorded_at"
        )
    db.execute(sql, (session_id, record.round, record.table, deals, net, at))


def _result_at(
    db: sqlite3.Connection, session_id: int, round_number: int, table: int, path: Path
) -> RubberRecord | None:
    """What a rubber holds in the file now (None: nothing)."""
    row = db.execute(
        "SELECT deals, net FROM results WHERE session_id = ? AND round = ? AND table_number = ?",
        (session_id, round_number, table),
    ).fetchone()
    if row is None:
        return None
    entry: dict[str, Any] = {"round": round_number, "table": table}
    try:
        if row[0] is not None:
            entry["deals"] = _decoded(row[0], "deals")
        else:
            entry["net"] = row[1]
        return record_from_data(entry)
    except (FormatError, SessionError) as error:
        raise DamagedError(f"{path}: round {round_number}, table {table} cannot be read: {error}") from None


def _kept_with(schedule: Schedule) -> tuple[Movement, tuple[tuple[int, int], ...], bool]:
    """What the store keeps of a schedule beside its players: the movement, the couples, the mixed tick."""
    return schedule.movement, schedule.couples, schedule.mixed


def _load(db: sqlite3.Connection, session_id: int, path: Path) -> StoredSession:
    name, played_on, scoring, schedule, uid = db.execute(
        "SELECT name, played_on, scoring, schedule, uid FROM sessions WHERE id = ?", (session_id,)
    ).fetchone()
    players = tuple(
        row[0]
        for row in db.execute(
            "SELECT p.name FROM session_players sp JOIN players p ON p.id = sp.player_id"
            " WHERE sp.session_id = ? ORDER BY sp.position",
            (session_id,),
        )
    )
    rows: Sequence[tuple[int, int, str | None, str | None]] = db.execute(
        "SELECT round, table_number, deals, net FROM results WHERE session_id = ?"
        " ORDER BY round, table_number",
        (session_id,),
    ).fetchall()
    try:
        stored = _decoded(schedule, "schedule")
        records = []
        for rnd, table, deals, net in rows:
            entry: dict[str, Any] = {"round": rnd, "table": table}
            if deals is not None:
                entry["deals"] = _decoded(deals, "deals")
            else:
                entry["net"] = net
            records.append(record_from_data(entry))
        session = Session(
            Schedule(players, movement_from_data(stored), *couples_from_data(stored)),
            ScoringRules.from_mapping(_decoded(scoring, "scoring")),
            tuple(records),
        )
        return StoredSession(name, date.fromisoformat(played_on), session, EveningId(uid))
    except (ValueError, FormatError, SessionError, InvalidRulesError, InvalidScheduleError) as error:
        raise DamagedError(f"{path}: session {name!r} cannot be read: {error}") from None

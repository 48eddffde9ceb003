"""The session store: every saved evening in one SQLite file, so a season can be ranked across them.

Where: ``--db PATH``, else the ``CHICAGO_DB`` environment variable, else ``chicago.db`` in the user's data
folder (platformdirs; the folder is made on first use).

Schema (version 2, kept in ``PRAGMA user_version``; ``PRAGMA application_id`` marks the file as ours)::

    players          id, name (as printed), name_key (UNIQUE: case and spacing ignored)
    sessions         id, name, name_key (UNIQUE), played_on (YYYY-MM-DD), scoring (JSON: the session's
                     "scoring" object), schedule (JSON: the rounds, seats holding score-sheet positions),
                     created_at
    session_players  (session_id, position) -> player_id: the score sheet, position 0 = highest card
    results          (session_id, round, table_number) -> deals (JSON list) or net (text), recorded_at;
                     a rubber in play holds the deals entered so far
    web_secrets      session_id -> secret: the key `chicago serve` derives its link tokens from (v2)

A schedule names no one: its seats hold score-sheet positions and ``session_players`` says who holds each
position, so renaming a player is one row and a player is the same row in every session.

Nothing lost: WAL journal with ``synchronous=FULL`` (each commit is on disk before it returns), a busy
timeout so two processes can record at once, and one transaction per command (``BEGIN IMMEDIATE`` for a
write, so the read that checks a result and the write that stores it see the same state). A database from
a newer version of the tool is refused before anything is written to it.

A database this user cannot write (a read-only file, folder or file system) is still read, without
leaving ``-wal`` or ``-shm`` files that would stop its owner's later writes; a write to it says so.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Final

from rotation import names
from rotation.io.formats import FormatError, movement_from_data, movement_to_data
from rotation.jsontext import JsonTextError, loads
from rotation.model import InvalidScheduleError, Schedule
from rotation.names import name_key
from rotation.results.session import RubberRecord, Session, SessionError
from scoring.rules import InvalidRulesError, ScoringRules

SCHEMA_VERSION: Final = 2
APPLICATION_ID: Final = 0x43484943
"""``CHIC`` in ASCII: written into the file header so another program's database is never taken for ours."""
BUSY_TIMEOUT_SECONDS: Final = 30.0
"""How long a command waits for another one that is writing."""
ENV_VAR: Final = "CHICAGO_DB"

_SCHEMA_V1: Final = (
    """CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL CHECK (name <> ''),
        name_key TEXT NOT NULL UNIQUE
    )""",
    """CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL CHECK (name <> ''),
        name_key TEXT NOT NULL UNIQUE,
        played_on TEXT NOT NULL CHECK (played_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        scoring TEXT NOT NULL,
        schedule TEXT NOT NULL,
        created_at TEXT NOT NULL
    )""",
    "CREATE INDEX sessions_played_on ON sessions (played_on)",
    """CREATE TABLE session_players (
        session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        player_id INTEGER NOT NULL REFERENCES players (id),
        PRIMARY KEY (session_id, position),
        UNIQUE (session_id, player_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX session_players_player ON session_players (player_id)",
    """CREATE TABLE results (
        session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        round INTEGER NOT NULL CHECK (round >= 1),
        table_number INTEGER NOT NULL CHECK (table_number >= 1),
        deals TEXT,
        net TEXT,
        recorded_at TEXT NOT NULL,
        PRIMARY KEY (session_id, round, table_number),
        CHECK ((deals IS NULL) <> (net IS NULL))
    ) WITHOUT ROWID""",
)

_WEB_SECRETS_V2: Final = (
    """CREATE TABLE web_secrets (
        session_id INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
        secret TEXT NOT NULL CHECK (length(secret) >= 32)
    )""",
)

MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (_SCHEMA_V1, _WEB_SECRETS_V2)
"""``MIGRATIONS[v]`` takes a database from schema version ``v`` to ``v + 1``; append, never edit."""
assert len(MIGRATIONS) == SCHEMA_VERSION


class StoreError(Exception):
    """The store cannot do what was asked; the message says why in the host's words."""


class NewerSchemaError(StoreError):
    """The database was written by a newer version of the tool; it is left exactly as it is."""


class NotOurDatabaseError(StoreError):
    """The file is not a chicago database (another program's, or not SQLite at all); left untouched."""


class DiskFullError(StoreError):
    """The disk (or the file system's quota) is full; the transaction was rolled back."""


class ReadOnlyError(StoreError):
    """The database, its folder or the file system cannot be written."""


class LockedError(StoreError):
    """Another program held the database locked for longer than the busy timeout."""


class DamagedError(StoreError):
    """The file holds what this version cannot read: a session another program wrote or damaged, or an
    SQLite error of no known kind."""


class SessionNameTakenError(StoreError):
    """A session is already saved under that name (case and spacing ignored)."""

    def __init__(self, message: str, taken: str) -> None:
        super().__init__(message)
        self.taken = taken


class PlayerExistsError(StoreError):
    """Renaming a player to the name of another known player, without asking to merge the two."""

    def __init__(self, message: str, old: str, other: str) -> None:
        super().__init__(message)
        self.old = old
        self.other = other


_STORAGE_ERRORS: dict[str, tuple[type[StoreError], str]] = {
    "SQLITE_FULL": (DiskFullError, "the disk is full; nothing was changed"),
    "SQLITE_READONLY": (ReadOnlyError, "cannot be written (a read-only file, folder or file system)"),
    "SQLITE_READONLY_DIRECTORY": (ReadOnlyError, "cannot be written: its folder is read-only"),
    "SQLITE_READONLY_DBMOVED": (ReadOnlyError, "was moved or deleted while open"),
    "SQLITE_BUSY": (LockedError, "is locked by another program (waited {timeout:g} s); try again"),
    "SQLITE_LOCKED": (LockedError, "is locked by another program (waited {timeout:g} s); try again"),
    "SQLITE_CANTOPEN": (ReadOnlyError, "cannot be opened (its folder is missing, read-only or not yours)"),
    "SQLITE_NOTADB": (NotOurDatabaseError, "is not a chicago database (not an SQLite file)"),
    "SQLITE_CORRUPT": (NotOurDatabaseError, "is damaged or not an SQLite file"),
}


def storage_error(path: Path, error: sqlite3.Error) -> StoreError:
    """What went wrong with the file, in a host's words, typed by SQLite's own error code."""
    name = getattr(error, "sqlite_errorname", "") or ""
    for prefix in (name, name.rsplit("_", 1)[0] if name.count("_") > 1 else name):
        if prefix in _STORAGE_ERRORS:
            kind, words = _STORAGE_ERRORS[prefix]
            return kind(f"{path} {words.format(timeout=BUSY_TIMEOUT_SECONDS)}")
    if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
        return LockedError(f"{path} is locked by another program (waited {BUSY_TIMEOUT_SECONDS:g} s)")
    return DamagedError(f"{path}: {error}")


class NoSuchSessionError(StoreError):
    """No saved session has that name."""


class NoDatabaseError(StoreError):
    """The database file does not exist yet (nothing was ever saved)."""


def default_path() -> Path:
    """``chicago.db`` in the user's data folder, e.g. ``~/.local/share/chicago/chicago.db`` on Linux."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("chicago", appauthor=False)) / "chicago.db"


def resolve_path(explicit: str | Path | None = None) -> Path:
    """The database to use: ``--db``, else ``CHICAGO_DB``, else the per-user default."""
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return Path(from_env).expanduser()
    return default_path()


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A saved session and what the store keeps beside it."""

    name: str
    played_on: date
    session: Session


@dataclass(frozen=True, slots=True)
class Recorded:
    """What `Store.record` did: the session afterwards, the rubber stored and the one it replaced."""

    stored: StoredSession
    record: RubberRecord
    previous: RubberRecord | None


@dataclass(frozen=True, slots=True)
class Changed:
    """What `Store.change` did to one rubber: the session afterwards, what the rubber held before and
    holds now (None: nothing)."""

    stored: StoredSession
    round: int
    table: int
    record: RubberRecord | None
    previous: RubberRecord | None


@dataclass(frozen=True, slots=True)
class Renamed:
    """A player renamed in every session (``merged``: into a player the database already knew)."""

    old: str
    new: str
    sessions: int
    merged: bool

    def __str__(self) -> str:
        if self.merged:
            return f"Merged {self.old} into {self.new}: {sessions_phrase(self.sessions)} moved."
        return f"Renamed {self.old} to {self.new} in {sessions_phrase(self.sessions)}."


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
    """A name as stored: its one normal form (``names.clean_name``); a refused name is a StoreError."""
    try:
        return names.clean_name(name, what="a name")
    except names.InvalidNameError as error:
        raise StoreError(str(error)) from None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """An open database. Use as a context manager, or call `close`; each method is one transaction."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path

    @classmethod
    def open(cls, path: Path, *, create: bool = True) -> Store:
        """Open (and create or upgrade) the database at ``path``.

        Without ``create``, a missing file is NoDatabaseError and nothing is made. A database from a newer
        version of the tool is NewerSchemaError, and nothing is written to it.
        """
        if path.exists():
            _peek(path)
            if not _writable(path):
                return cls(_open_read_only(path), path)
        else:
            if not create:
                raise NoDatabaseError(f"no database at {path} yet: nothing has been saved")
            if not path.parent.exists():
                if path != default_path():
                    raise StoreError(f"cannot create {path}: the folder {path.parent} does not exist")
                path.parent.mkdir(parents=True, exist_ok=True)
        try:
            connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        except sqlite3.Error as error:
            raise storage_error(path, error) from None
        try:
            _prepare(connection, path)
        except sqlite3.Error as error:
            connection.close()
            raise storage_error(path, error) from None
        except BaseException:
            connection.close()
            raise
        return cls(connection, path)

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

    # -- sessions -------------------------------------------------------------------------------------

    def save(self, name: str, played_on: date, session: Session) -> StoredSession:
        """Store a new session under ``name``; its players join the players already known by name."""
        shown = clean_name(name)
        if not shown:
            raise StoreError("a session needs a name")
        if "/" in shown or "\\" in shown or shown.lower().endswith(".json"):
            raise StoreError(
                f"a session name cannot hold a / or \\ or end in .json (it reads as a file): {shown!r}"
            )
        with self._transaction(write=True) as db:
            taken = db.execute("SELECT name FROM sessions WHERE name_key = ?", (name_key(shown),)).fetchone()
            if taken is not None:
                raise SessionNameTakenError(f"a session named {taken[0]!r} already exists", taken[0])
            player_ids = [_player_id(db, player) for player in session.schedule.players]
            cursor = db.execute(
                "INSERT INTO sessions (name, name_key, played_on, scoring, schedule, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    shown,
                    name_key(shown),
                    played_on.isoformat(),
                    json.dumps(session.rules.to_mapping()),
                    json.dumps(movement_to_data(session.schedule.movement)),
                    _now(),
                ),
            )
            session_id = cursor.lastrowid
            assert session_id is not None
            db.executemany(
                "INSERT INTO session_players (session_id, position, player_id) VALUES (?, ?, ?)",
                [(session_id, position, player) for position, player in enumerate(player_ids)],
            )
            for record in session.results:
                _write_result(db, session_id, record, replace=False)
            return _load(db, session_id, self.path)

    def load(self, name: str) -> StoredSession:
        """The session saved under ``name`` (case and spacing ignored)."""
        with self._transaction(write=False) as db:
            return _load(db, _require_session(db, name), self.path)

    def record(
        self,
        name: str,
        record: RubberRecord | Callable[[Session], RubberRecord],
        *,
        replace: bool = False,
    ) -> Recorded:
        """Record one rubber, checked against the schedule and scored before it is stored. ``record`` may
        be a function that builds it from the session (to pick the table), run inside the transaction.
        SessionError if it does not fit, or if the rubber is already recorded and ``replace`` is false."""
        with self._transaction(write=True) as db:
            session_id = _require_session(db, name)
            stored = _load(db, session_id, self.path)
            if not isinstance(record, RubberRecord):
                record = record(stored.session)
            key = (record.round, record.table)
            previous = next((r for r in stored.session.results if (r.round, r.table) == key), None)
            updated = stored.session.with_result(record, replace=replace)
            _write_result(db, session_id, record, replace=replace)
            return Recorded(StoredSession(stored.name, stored.played_on, updated), record, previous)

    def change(self, name: str, edit: Callable[[Session], tuple[int, int, RubberRecord | None]]) -> Changed:
        """Change one rubber in one transaction: ``edit`` sees the session as stored (so a check such as
        "the phone saw 2 deals" holds at the write) and says which rubber holds what afterwards; a
        SessionError from it stores nothing."""
        with self._transaction(write=True) as db:
            session_id = _require_session(db, name)
            stored = _load(db, session_id, self.path)
            round_number, table, record = edit(stored.session)
            previous = stored.session.result(round_number, table)
            if record is None:
                updated = stored.session.without_result(round_number, table)
                db.execute(
                    "DELETE FROM results WHERE session_id = ? AND round = ? AND table_number = ?",
                    (session_id, round_number, table),
                )
            else:
                updated = stored.session.with_result(record, replace=True)
                _write_result(db, session_id, record, replace=True)
            after = StoredSession(stored.name, stored.played_on, updated)
            return Changed(after, round_number, table, record, previous)

    def replan(self, name: str, build: Callable[[Session], tuple[Schedule, int]]) -> StoredSession:
        """Replace the rounds still to play (someone came or went): ``build`` gets the session as stored and
        gives the new schedule and how many rounds it keeps. The kept rounds must be seated as before and
        every result must lie in them, so nothing recorded changes; newcomers join the score sheet after
        the players already on it. One transaction."""
        with self._transaction(write=True) as db:
            session_id = _require_session(db, name)
            stored = _load(db, session_id, self.path)
            old = stored.session
            schedule, kept = build(old)
            if schedule.players[: len(old.schedule.players)] != old.schedule.players:
                raise StoreError("a new plan must keep the score sheet's players in their places")
            if schedule.rounds[:kept] != old.schedule.rounds[:kept]:
                raise StoreError(f"a new plan must keep the first {kept} rounds as they were played")
            beyond = sorted((r.round, r.table) for r in old.results if r.round > kept)
            if beyond:
                rnd, table = beyond[0]
                raise SessionError(
                    f"round {rnd}, table {table} has a result already: finish the round or delete it first"
                )
            updated = Session(schedule, old.rules, old.results)
            for position in range(len(old.schedule.players), len(schedule.players)):
                player = _player_id(db, schedule.players[position])
                db.execute(
                    "INSERT INTO session_players (session_id, position, player_id) VALUES (?, ?, ?)",
                    (session_id, position, player),
                )
            db.execute(
                "UPDATE sessions SET schedule = ? WHERE id = ?",
                (json.dumps(movement_to_data(schedule.movement)), session_id),
            )
            _load(db, session_id, self.path)  # reads back as written
            return StoredSession(stored.name, stored.played_on, updated)

    def web_secret(self, name: str, *, renew: bool = False) -> str:
        """The session's key for `chicago serve` links, made on first use (``renew``: a new one, so every
        link handed out before stops working). Kept in the file so the links stay the same across restarts
        of the server and on every machine that opens this database."""
        import secrets

        with self._transaction(write=True) as db:
            session_id = _require_session(db, name)
            row = db.execute("SELECT secret FROM web_secrets WHERE session_id = ?", (session_id,)).fetchone()
            if row is not None and not renew:
                return str(row[0])
            secret = secrets.token_urlsafe(32)
            db.execute(
                "INSERT INTO web_secrets (session_id, secret) VALUES (?, ?)"
                " ON CONFLICT (session_id) DO UPDATE SET secret = excluded.secret",
                (session_id, secret),
            )
            return secret

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
        with self._transaction(write=False) as db:
            ids = [
                row[0]
                for row in db.execute(
                    "SELECT id FROM sessions WHERE (?1 IS NULL OR played_on >= ?1)"
                    " AND (?2 IS NULL OR played_on <= ?2) ORDER BY played_on, name_key",
                    (since and since.isoformat(), until and until.isoformat()),
                )
            ]
            return [_load(db, session_id, self.path) for session_id in ids]

    def delete(self, name: str) -> StoredSession:
        """Remove a session and its results; players left in no session are forgotten."""
        with self._transaction(write=True) as db:
            session_id = _require_session(db, name)
            stored = _load(db, session_id, self.path)
            db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
            db.execute("DELETE FROM players WHERE id NOT IN (SELECT player_id FROM session_players)")
            return stored

    # -- players --------------------------------------------------------------------------------------

    def rename_player(self, old: str, new: str, *, merge: bool = False) -> Renamed:
        """Rename a player in every session. With ``merge``, ``new`` may already be a player (a name typed
        two ways): the two become one, unless they played in the same session."""
        shown = clean_name(new)
        if not shown:
            raise StoreError("a player's name cannot be empty")
        with self._transaction(write=True) as db:
            found = db.execute("SELECT id, name FROM players WHERE name_key = ?", (name_key(old),)).fetchone()
            if found is None:
                raise StoreError(f"no player named {clean_name(old)!r} in {self.path}")
            old_id, old_name = found
            other = db.execute(
                "SELECT id, name FROM players WHERE name_key = ?", (name_key(shown),)
            ).fetchone()
            count = _session_count(db, old_id)
            if other is None or other[0] == old_id:
                db.execute(
                    "UPDATE players SET name = ?, name_key = ? WHERE id = ?", (shown, name_key(shown), old_id)
                )
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
                raise StoreError(
                    f"cannot merge {old_name} into {other_name}: both played in {', '.join(shared)}"
                )
            db.execute("UPDATE session_players SET player_id = ? WHERE player_id = ?", (other_id, old_id))
            db.execute("DELETE FROM players WHERE id = ?", (old_id,))
            if other_name != shown:
                db.execute("UPDATE players SET name = ? WHERE id = ?", (shown, other_id))
            return Renamed(old_name, shown, count, merged=True)

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


def _peek(path: Path) -> None:
    """Check an existing file through a read-only connection, which can never write to it (nor checkpoint
    its WAL into it): a newer or foreign database is refused before any read-write connection exists, and
    is left as it was, with no -wal or -shm file made beside it."""
    try:
        connection = sqlite3.connect(_read_only_uri(path), uri=True, timeout=BUSY_TIMEOUT_SECONDS)
    except sqlite3.Error as error:
        raise storage_error(path, error) from None
    try:
        version, app_id = _header(connection)
    except sqlite3.Error as error:
        raise storage_error(path, error) from None
    finally:
        connection.close()
    _check_header(path, version, app_id)


def _wal(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def _writable(path: Path) -> bool:
    """Whether this user may write the database and its -wal and -shm files (false on a read-only file
    system, for a read-only file, or in a folder this user cannot write unless both are already there
    and writable)."""
    if not os.access(path, os.W_OK):
        return False
    if os.access(path.parent, os.W_OK | os.X_OK):
        return True
    sides = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    return all(side.exists() and os.access(side, os.W_OK) for side in sides)


def _read_only_uri(path: Path) -> str:
    """How to read ``path`` without writing anything. SQLite's ``mode=ro`` still makes ``-wal`` and
    ``-shm`` files for a WAL database and, unable to write, never removes them, and files another user
    made there stop the owner's later writes. So while no change waits in a ``-wal`` file (the usual state:
    the last connection to close merges it), the file is read as ``immutable``: no lock, no side file.
    A ``-wal`` holding changes must be read through it, with ``mode=ro`` (its ``-shm`` is already there)."""
    uri = path.resolve().as_uri()
    try:
        waiting = _wal(path).stat().st_size > 0  # one stat: the -wal may vanish at any moment
    except FileNotFoundError:  # none, or gone as its last writer closed and merged it
        waiting = False
    except OSError:  # cannot tell: read through it, and SQLite says what stands in the way
        waiting = True
    return uri + ("?mode=ro" if waiting else "?mode=ro&immutable=1")


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that reads a database this user cannot write (read-only file, folder or file system);
    a write through it is ReadOnlyError. Its schema must be this version's: it cannot be upgraded here."""
    try:
        connection = sqlite3.connect(
            _read_only_uri(path), uri=True, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None
        )
    except sqlite3.Error as error:
        raise _read_only_error(path, error) from None
    try:
        version, app_id = _header(connection)
        connection.execute("SELECT count(*) FROM sessions").fetchone()
    except sqlite3.Error as error:
        connection.close()
        raise _read_only_error(path, error) from None
    if version != SCHEMA_VERSION:
        connection.close()
        _check_header(path, version, app_id)
        raise ReadOnlyError(
            f"{path} is from an older version of chicago and must be upgraded, but cannot be written"
            " (a read-only file, folder or file system); open it once where it can be written"
        )
    return connection


def _read_only_error(path: Path, error: sqlite3.Error) -> StoreError:
    if _wal(path).exists() and getattr(error, "sqlite_errorname", "").startswith("SQLITE_CANTOPEN"):
        return ReadOnlyError(
            f"{path} cannot be read here: its latest changes are still in {_wal(path).name}, which only"
            " a program allowed to write the folder can merge; open it once where it can be written"
        )
    return storage_error(path, error)


def _prepare(db: sqlite3.Connection, path: Path) -> None:
    """Check the file is ours and not newer, then switch on WAL and bring the schema up to date."""
    version, app_id = _header(db)  # an SQLite error here is typed by Store.open
    _check_header(path, version, app_id)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = FULL")
    if version == SCHEMA_VERSION:
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.execute("PRAGMA journal_mode = WAL")
        return
    _check_foreign(db, path, version, app_id)
    if db.execute("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
        raise DamagedError(f"{path}: cannot switch the database to WAL mode")
    db.execute("BEGIN IMMEDIATE")
    try:
        version, app_id = _header(db)  # another process may have upgraded it meanwhile
        _check_header(path, version, app_id)
        _check_foreign(db, path, version, app_id)
        for step in MIGRATIONS[version:]:
            for statement in step:
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION:d}")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID:d}")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _check_foreign(db: sqlite3.Connection, path: Path, version: int, app_id: int) -> None:
    """A file never marked as ours that already holds tables belongs to another program."""
    if version == 0 and app_id == 0:
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if tables:
            raise NotOurDatabaseError(f"{path} is not a chicago database (it holds other tables)")


def _header(db: sqlite3.Connection) -> tuple[int, int]:
    version = db.execute("PRAGMA user_version").fetchone()[0]
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    return int(version), int(app_id)


def _check_header(path: Path, version: int, app_id: int) -> None:
    if app_id not in (0, APPLICATION_ID):
        raise NotOurDatabaseError(f"{path} is not a chicago database (application id {app_id:#x})")
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(
            f"{path} was written by a newer version of chicago (schema version {version}; this one reads"
            f" up to {SCHEMA_VERSION}): upgrade chicago to use it; the file was not changed"
        )


def _session_id(db: sqlite3.Connection, name: str) -> int | None:
    row = db.execute("SELECT id FROM sessions WHERE name_key = ?", (name_key(name),)).fetchone()
    return None if row is None else int(row[0])


def _require_session(db: sqlite3.Connection, name: str) -> int:
    session_id = _session_id(db, name)
    if session_id is None:
        names = [row[0] for row in db.execute("SELECT name FROM sessions ORDER BY played_on DESC LIMIT 5")]
        hint = f" (recent: {', '.join(names)})" if names else " (none saved yet)"
        raise NoSuchSessionError(f"no saved session named {clean_name(name)!r}{hint}")
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


def _write_result(db: sqlite3.Connection, session_id: int, record: RubberRecord, *, replace: bool) -> None:
    data = record.to_data()
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
    db.execute(sql, (session_id, record.round, record.table, deals, net, _now()))


def _decoded(text: str, column: str) -> Any:
    """A stored JSON column, decoded with the limits of any JSON from outside: another program may have
    written it. FormatError names the column."""
    try:
        return loads(text)
    except JsonTextError as error:
        raise FormatError(f"its {column} {error}") from None


def _load(db: sqlite3.Connection, session_id: int, path: Path) -> StoredSession:
    name, played_on, scoring, schedule = db.execute(
        "SELECT name, played_on, scoring, schedule FROM sessions WHERE id = ?", (session_id,)
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
        records = []
        for rnd, table, deals, net in rows:
            entry: dict[str, Any] = {"round": rnd, "table": table}
            if deals is not None:
                entry["deals"] = _decoded(deals, "deals")
            else:
                entry["net"] = net
            records.append(RubberRecord.from_data(entry))
        session = Session(
            Schedule(players, movement_from_data(_decoded(schedule, "schedule"))),
            ScoringRules.from_mapping(_decoded(scoring, "scoring")),
            tuple(records),
        )
        return StoredSession(name, date.fromisoformat(played_on), session)
    except (ValueError, FormatError, SessionError, InvalidRulesError, InvalidScheduleError) as error:
        raise DamagedError(f"{path}: session {name!r} cannot be read: {error}") from None

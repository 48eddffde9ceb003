"""The database file: where it is, its schema and upgrades, opening it safely, and its typed errors.

Where: ``--db PATH``, else the ``CHICAGO_DB`` environment variable, else ``chicago.db`` in the user's data
folder (platformdirs; the folder is made on first use).

Schema (version 9, kept in ``PRAGMA user_version``; ``PRAGMA application_id`` marks the file as ours)::

    players          id, name (as printed), name_key (UNIQUE: case and spacing ignored)
    sessions         id, name, name_key (UNIQUE), played_on (YYYY-MM-DD), scoring (JSON: the session's
                     "scoring" object), schedule (JSON: the rounds, seats holding score-sheet positions),
                     created_at
    session_players  (session_id, position) -> player_id: the score sheet, position 0 = highest card
    results          (session_id, round, table_number) -> deals (JSON list) or net (text), recorded_at;
                     a rubber in play holds the deals entered so far
    web_secrets      session_id -> secret: the key the live page derives its link tokens from (v2)
    sessions.uid     a random identity never reused (v3): a row id is reused after a delete, and a live
                     page's links must not outlive their evening
    club_secrets     one row: the key the club's pages (`chicago serve` with no evening) derive their
                     links from (v4)
    stakes           session_id -> terms (JSON: stake, per, currency, table_money as typed): what the
                     evening is played for, kept by `chicago plan --stake` (v5)
    changes          id (the log's order), session_id, at (UTC, ISO), source (terminal, host, club, table N),
                     kind, round and table_number (a rubber's), before and after (JSON): the record of every
                     change to an evening, written in the transaction that makes it (v6); it goes only with
                     its evening
    drives           session_id -> movement (progressive, swiss), rounds: an evening seated by results, each
                     round as the one before is recorded, up to ``rounds`` (v7)
    evening_languages session_id -> language (nl, de, ...): the language an evening's commands, cards and
                     pages speak, kept by `chicago plan --save NAME --lang CODE` (v8)
    drives.present   who plays from a round on, as the host said when someone came or went (JSON: a list of
                     {"from": round, "players": score-sheet positions}, by round; v9; NULL: nobody did)

Nothing lost: WAL journal with ``synchronous=FULL`` (each commit is on disk before it returns) and a busy
timeout so two processes can record at once. A database from a newer version of the tool is refused
before anything is written to it. A database this user cannot write (a read-only file, folder or file
system) is still read, without leaving ``-wal`` or ``-shm`` files that would stop its owner's later
writes; a write to it says so.
"""

from __future__ import annotations

import os
import sqlite3
from functools import partial
from pathlib import Path
from typing import Any, Final

from rotation.errors import ChicagoError, MachineError, UserError

SCHEMA_VERSION: Final = 9
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

_EVENING_UIDS_V3: Final = (
    "ALTER TABLE sessions ADD COLUMN uid TEXT",
    "UPDATE sessions SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL",
    "CREATE UNIQUE INDEX sessions_uid ON sessions (uid)",
)

_CLUB_SECRET_V4: Final = (
    """CREATE TABLE club_secrets (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        secret TEXT NOT NULL CHECK (length(secret) >= 32)
    )""",
)

_STAKES_V5: Final = (
    """CREATE TABLE stakes (
        session_id INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
        terms TEXT NOT NULL
    )""",
)

_CHANGES_V6: Final = (
    """CREATE TABLE changes (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        at TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source <> ''),
        kind TEXT NOT NULL CHECK (kind <> ''),
        round INTEGER CHECK (round >= 1),
        table_number INTEGER CHECK (table_number >= 1),
        before TEXT,
        after TEXT
    )""",
    "CREATE INDEX changes_session ON changes (session_id, id)",
)

_DRIVES_V7: Final = (
    """CREATE TABLE drives (
        session_id INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
        movement TEXT NOT NULL CHECK (movement <> ''),
        rounds INTEGER NOT NULL CHECK (rounds >= 1)
    )""",
)

_LANGUAGE_V8: Final = (
    """CREATE TABLE evening_languages (
        session_id INTEGER PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
        language TEXT NOT NULL CHECK (language <> '')
    )""",
)

_DRIVE_PRESENT_V9: Final = ("ALTER TABLE drives ADD COLUMN present TEXT",)

MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    _SCHEMA_V1,
    _WEB_SECRETS_V2,
    _EVENING_UIDS_V3,
    _CLUB_SECRET_V4,
    _STAKES_V5,
    _CHANGES_V6,
    _DRIVES_V7,
    _LANGUAGE_V8,
    _DRIVE_PRESENT_V9,
)
"""``MIGRATIONS[v]`` takes a database from schema version ``v`` to ``v + 1``; append, never edit."""
assert len(MIGRATIONS) == SCHEMA_VERSION


class StoreError(ChicagoError):
    """The store cannot do what was asked; the message says why in the host's words. Raised as one of
    its two branches: `StoreRefusedError` (the user's) or `StoreFailedError` (the machine's)."""


class StoreRefusedError(StoreError, UserError):
    """The store refuses what the user asked: a name it cannot keep (empty, a control character, too
    long), an evening or a player it does not know, a name taken."""


class StoreFailedError(StoreError, MachineError):
    """The database itself failed: locked, full, read-only, damaged, newer or not ours."""


class NewerSchemaError(StoreFailedError):
    """The database was written by a newer version of the tool; it is left exactly as it is."""


class NotOurDatabaseError(StoreFailedError):
    """The file is not a chicago database (another program's, or not SQLite at all); left untouched."""


class DiskFullError(StoreFailedError):
    """The disk (or the file system's quota) is full; the transaction was rolled back."""


class ReadOnlyError(StoreFailedError):
    """The database, its folder or the file system cannot be written."""


class LockedError(StoreFailedError):
    """Another program held the database locked for longer than the busy timeout."""


class DamagedError(StoreFailedError):
    """The file holds what this version cannot read: a session another program wrote or damaged, or an
    SQLite error of no known kind."""


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


class NoSuchSessionError(StoreRefusedError):
    """No saved session has that name (``name``), or the evening a link was made for is gone (no name);
    ``recent`` are the names saved last, newest first."""

    def __init__(self, message: str, *, name: str | None = None, recent: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.name = name
        self.recent = recent

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (partial(type(self), str(self), name=self.name, recent=self.recent), ())


class NoDatabaseError(StoreRefusedError):
    """The database file does not exist yet (nothing was ever saved); ``path``: where it was looked for."""

    path: str | None = None


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


def connect(path: Path, *, create: bool = True) -> sqlite3.Connection:
    """Open (and create or upgrade) the database at ``path``: a connection in autocommit mode, each
    transaction begun explicitly.

    Without ``create``, a missing file is NoDatabaseError and nothing is made. A database from a newer
    version of the tool is NewerSchemaError, and nothing is written to it.
    """
    if path.exists():
        _peek(path)
        if not _writable(path):
            return _open_read_only(path)
    else:
        if not create:
            missing = NoDatabaseError(f"no database at {path} yet: nothing has been saved")
            missing.path = str(path)
            raise missing
        if not path.parent.exists():
            if path != default_path():
                raise StoreRefusedError(f"cannot create {path}: the folder {path.parent} does not exist")
            path.parent.mkdir(parents=True, exist_ok=True)
    try:
        connection = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False
        )
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
    return connection


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
            _read_only_uri(path),
            uri=True,
            timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,
            check_same_thread=False,
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

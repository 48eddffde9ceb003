"""An evening's log as the store keeps it (the ``changes`` table, schema 6): each change written beside the
write it records, in the same transaction, and read back as `rotation.results.changes.Change` values."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from rotation.io.database import DamagedError
from rotation.io.formats import (
    FormatError,
    movement_from_data,
    movement_to_data,
    record_from_data,
    record_to_data,
)
from rotation.jsontext import JsonTextError, loads
from rotation.model import InvalidScheduleError, Schedule
from rotation.results.changes import Change, Kind, NameEdit, PlanEdit, RubberEdit, Source
from rotation.results.session import SessionError


def schedule_data(schedule: Schedule) -> dict[str, Any]:
    """A plan as the log keeps it: the names as they were, and the movement as the store keeps it."""
    return {"players": list(schedule.players), "movement": movement_to_data(schedule.movement)}


def write_change(db: sqlite3.Connection, session_id: int, change: Change, at: str) -> None:
    """Append ``change`` to the evening's log (its ``at`` and ``number`` are the store's)."""
    what = change.what
    place: tuple[int | None, int | None] = (None, None)
    before: object
    after: object
    if isinstance(what, RubberEdit):
        place = (what.round, what.table)
        before = None if what.before is None else record_to_data(what.before)
        after = None if what.after is None else record_to_data(what.after)
    elif isinstance(what, PlanEdit):
        before = None if what.before is None else {"kept": what.kept, **schedule_data(what.before)}
        after = {"kept": what.kept, **schedule_data(what.after)}
        after.update({key: list(names) for key, names in (("left", what.left), ("back", what.back)) if names})
    else:
        before, after = what.before, what.after
    db.execute(
        "INSERT INTO changes (session_id, at, source, kind, round, table_number, before, after)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            session_id,
            at,
            str(change.source),
            change.kind.value,
            *place,
            None if before is None else json.dumps(before, ensure_ascii=False),
            None if after is None else json.dumps(after, ensure_ascii=False),
        ),
    )


def read_changes(
    db: sqlite3.Connection, session_id: int, path: Path, name: str, latest: int | None = None
) -> tuple[Change, ...]:
    """The evening's log (``latest``: only its last changes), oldest first, numbered from 1 as in the
    whole log; DamagedError for an entry this version cannot read (another program's, or a later
    version's kind)."""
    total = db.execute("SELECT count(*) FROM changes WHERE session_id = ?", (session_id,)).fetchone()[0]
    rows = db.execute(
        "SELECT at, source, kind, round, table_number, before, after FROM changes"
        " WHERE session_id = ? ORDER BY id DESC LIMIT ?",
        (session_id, -1 if latest is None else latest),
    ).fetchall()[::-1]
    changes = []
    for number, (at, source, kind, rnd, table, before, after) in enumerate(rows, total - len(rows) + 1):
        try:
            changes.append(_change(number, at, source, Kind(kind), rnd, table, before, after))
        except (
            ValueError,
            TypeError,
            KeyError,
            JsonTextError,
            FormatError,
            SessionError,
            InvalidScheduleError,
        ) as error:
            raise DamagedError(f"{path}: change {number} of {name!r} cannot be read: {error}") from None
    return tuple(changes)


def _change(
    number: int, at: str, source: str, kind: Kind, rnd: int | None, table: int | None, before: Any, after: Any
) -> Change:
    old: Any = None if before is None else loads(before)
    new: Any = None if after is None else loads(after)
    what: RubberEdit | PlanEdit | NameEdit
    if kind in (Kind.RENAME, Kind.MERGE):
        if not isinstance(old, str) or not isinstance(new, str):
            raise ValueError("a rename holds two names")
        what = NameEdit(old, new)
    elif kind in (Kind.SAVE, Kind.REPLAN, Kind.SEAT):
        said = {key: tuple(str(name) for name in new.get(key, ())) for key in ("left", "back")}
        what = PlanEdit(int(new["kept"]), None if old is None else _schedule(old), _schedule(new), **said)
    else:
        if rnd is None or table is None:
            raise ValueError("a rubber's change names its round and table")
        what = RubberEdit(
            rnd,
            table,
            None if old is None else record_from_data(old),
            None if new is None else record_from_data(new),
        )
    return Change(kind, Source.parse(source), what, at, number)


def _schedule(data: Any) -> Schedule:
    return Schedule(tuple(str(name) for name in data["players"]), movement_from_data(data["movement"]))

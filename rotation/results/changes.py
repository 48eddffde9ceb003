"""The record of every change to an evening: what changed (a rubber, the plan, a player's name), where it
came from (the terminal, the host page, the club page, a table's link), when, and what it was before.

Pure values: the store writes each change in the transaction that makes it (`rotation.io.store`), so the
log holds nothing that did not happen and nothing happens unlogged. Replayed from its first entry, an
evening's log gives back its rubbers (`replay`); a rubber deleted or replaced is brought back from it
(`to_restore`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rotation.model import Schedule
from rotation.results.session import RubberRecord, Session, SessionError


class Face(StrEnum):
    """Where a change came from."""

    TERMINAL = "terminal"
    HOST = "host"
    CLUB = "club"
    TABLE = "table"


@dataclass(frozen=True, slots=True)
class Source:
    """Who made a change, as the face says it: the terminal, the host page, the club page, or table N's
    link (``table``)."""

    face: Face
    table: int | None = None

    def __post_init__(self) -> None:
        if (self.face is Face.TABLE) != (self.table is not None and self.table >= 1):
            raise ValueError("a table's link names its table (from 1); no other source does")

    def __str__(self) -> str:
        """As stored: ``terminal``, ``host``, ``club``, ``table 3``."""
        return f"table {self.table}" if self.face is Face.TABLE else self.face.value

    @property
    def words(self) -> str:
        """As a host reads it: ``the terminal``, ``the host page``, ``table 3's link``."""
        if self.face is Face.TABLE:
            return f"table {self.table}'s link"
        return {Face.TERMINAL: "the terminal", Face.HOST: "the host page", Face.CLUB: "the club page"}[
            self.face
        ]

    @classmethod
    def parse(cls, text: str) -> Source:
        """The inverse of `str`; ValueError for anything else."""
        if text.startswith("table ") and text[6:].isdigit() and len(text) < 12:
            return cls(Face.TABLE, int(text[6:]))
        return cls(Face(text))


TERMINAL = Source(Face.TERMINAL)
HOST_PAGE = Source(Face.HOST)
CLUB_PAGE = Source(Face.CLUB)


def table_link(table: int) -> Source:
    """Table ``table``'s link."""
    return Source(Face.TABLE, table)


class Kind(StrEnum):
    """What a change did."""

    SAVE = "save"
    ADD = "add"
    UNDO = "undo"
    RECORD = "record"
    REPLACE = "replace"
    DELETE = "delete"
    RESTORE = "restore"
    REPLAN = "replan"
    SEAT = "seat"
    """A round seated (again) from the results of the round before (an evening seated by results)."""
    RENAME = "rename"
    MERGE = "merge"


@dataclass(frozen=True, slots=True)
class RubberEdit:
    """A rubber before and after (None: nothing recorded)."""

    round: int
    table: int
    before: RubberRecord | None
    after: RubberRecord | None


@dataclass(frozen=True, slots=True)
class PlanEdit:
    """The evening's plan before (None: a new evening) and after, its first ``kept`` rounds kept; at a
    drive, who the host said left or came back from round ``kept + 1`` on (``left``, ``back``), which the
    rounds do not show while that round is not yet seated."""

    kept: int
    before: Schedule | None
    after: Schedule
    left: tuple[str, ...] = ()
    back: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NameEdit:
    """A player's name in this evening before and after."""

    before: str
    after: str


Edited = RubberEdit | PlanEdit | NameEdit


@dataclass(frozen=True, slots=True)
class Change:
    """One entry of an evening's log; ``at`` (UTC, ISO) and ``number`` (from 1) are the store's."""

    kind: Kind
    source: Source
    what: Edited
    at: str = ""
    number: int = 0

    def data(
        self,
        encode_record: Callable[[RubberRecord], dict[str, Any]],
        encode_schedule: Callable[[Schedule], dict[str, Any]],
    ) -> dict[str, Any]:
        """The change as JSON-ready data, its records and schedules written by the codecs given."""
        what = self.what
        entry: dict[str, Any] = {"number": self.number, "at": self.at, "source": str(self.source)}
        entry["change"] = self.kind.value
        before: object
        after: object
        if isinstance(what, RubberEdit):
            entry.update(round=what.round, table=what.table)
            before, after = (None if r is None else encode_record(r) for r in (what.before, what.after))
        elif isinstance(what, PlanEdit):
            entry["kept"] = what.kept
            entry.update(
                {key: list(names) for key, names in (("left", what.left), ("back", what.back)) if names}
            )
            before = None if what.before is None else encode_schedule(what.before)
            after = encode_schedule(what.after)
        else:
            before, after = what.before, what.after
        entry.update(before=before, after=after)
        return entry


def replay(changes: Sequence[Change]) -> tuple[RubberRecord, ...]:
    """The rubbers an evening holds after its log's changes, by round and table: each rubber's latest
    state, a replan's rounds after those kept emptied (a replan never drops a result, so none is there)."""
    held: dict[tuple[int, int], RubberRecord] = {}
    for change in changes:
        what = change.what
        if isinstance(what, RubberEdit):
            if what.after is None:
                held.pop((what.round, what.table), None)
            else:
                held[what.round, what.table] = what.after
    return tuple(held[key] for key in sorted(held))


class NothingToRestoreError(SessionError):
    """The log holds no rubber deleted or replaced at that round and table, or it is there already."""


class RecordedSinceError(SessionError):
    """The rubber was recorded again after the one to restore was deleted or replaced (``since``: the
    latest change since); --replace puts the old one in its place."""

    def __init__(self, message: str, since: Change) -> None:
        super().__init__(message)
        self.since = since

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (str(self), self.since))


def to_restore(
    session: Session, changes: Sequence[Change], round_number: int, table: int, *, replace: bool = False
) -> RubberRecord:
    """The rubber to bring back at a round and table: as it was before its latest deletion or
    replacement in the log (passing over one that took away the rubber it holds now, brought back
    since). NothingToRestoreError when none is logged or the rubber holds it already;
    RecordedSinceError when the rubber changed since, unless ``replace``; SessionError when its round
    was planned again since (other players sit there)."""
    here = [
        c
        for c in changes
        if isinstance(c.what, RubberEdit) and (c.what.round, c.what.table) == (round_number, table)
    ]
    lost = [
        c
        for c in here
        if c.kind in (Kind.DELETE, Kind.REPLACE, Kind.RESTORE)
        and isinstance(c.what, RubberEdit)
        and c.what.before is not None
    ]
    where = f"round {round_number}, table {table}"
    if not lost:
        raise NothingToRestoreError(f"{where}: no rubber was deleted or replaced there")
    now = session.result(round_number, table)
    other = [c for c in lost if isinstance(c.what, RubberEdit) and c.what.before != now]
    if not other:
        raise NothingToRestoreError(f"{where} holds that rubber already")
    latest = other[-1]  # the latest rubber lost there that is not the one it holds
    assert isinstance(latest.what, RubberEdit) and latest.what.before is not None
    old = latest.what.before
    for change in changes:
        if (
            change.number > latest.number
            and isinstance(change.what, PlanEdit)
            and change.what.kept < round_number
        ):
            raise SessionError(
                f"{where}: round {round_number} was planned again since; other players sit there"
            )
    since = [c for c in here if c.number > latest.number]
    if since and not replace:
        last = since[-1]
        raise RecordedSinceError(
            f"{where} changed after its rubber was {_DONE[latest.kind]} (last: {_DONE[last.kind]} from"
            f" {last.source.words}): add --replace to put the old rubber back in place of what it holds now",
            last,
        )
    return old


_DONE = {
    Kind.ADD: "deals added",
    Kind.UNDO: "a deal taken back",
    Kind.RECORD: "recorded",
    Kind.REPLACE: "replaced",
    Kind.DELETE: "deleted",
    Kind.RESTORE: "replaced by a restore",
}

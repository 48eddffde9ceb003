"""Recording at the table: reading a deal as typed, finding the rubber in the schedule, and what a rubber
holds after a deal is added or taken back, or a rubber recorded, replaced or removed.

Pure: each change is checked (and scored once) against the session as stored and returns an `Edit`; the
service that called it writes the edit in the same transaction. Errors carry facts (round, table, what
the rubber holds); the command line and the live page word them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from rotation.jsontext import JsonTextError, loads
from rotation.language import _
from rotation.model import Schedule
from rotation.results.session import RubberRecord, Session, SessionError
from scoring.contract import InvalidResultError
from scoring.deal import InvalidDealError, RecordedDeal

MAX_DEAL_LENGTH: Final = 200
"""Characters in one deal as typed: the longest real one, a JSON object with honors and high-card points,
has about 70."""

_EXTRA: Final = re.compile(r"\s+(?P<key>honou?rs|hcp)\b\s*[:=]?\s*", re.IGNORECASE)


def parse_deal_argument(text: str, language: str | None = None) -> RecordedDeal:
    """One deal as typed: ``2S E +1``, ``pass``, with ``honors EW 100`` and ``hcp 22`` (N-S's high-card
    points, for Russian scoring) after the result in either order, or a session file's JSON object
    ``{"result": "6S W =", "honors": "EW 100"}``, in ``language``'s pad words too (default: the language
    being spoken, so a terminal in Dutch reads ``3SA Z =``). InvalidDealError says what is wrong."""
    if language is None:
        from rotation.language import current

        language = current()
    stripped = text.strip()
    if len(stripped) > MAX_DEAL_LENGTH:
        said = _("a deal is at most {most} characters, such as '6S W = honors EW 100'; this one has {length}")
        raise InvalidDealError(said.format(most=MAX_DEAL_LENGTH, length=f"{len(stripped):,}"))
    try:
        if stripped.startswith("{"):
            try:
                value = loads(stripped)
            except JsonTextError as error:
                said = _("cannot read deal {text}: it {refusal}")
                raise InvalidDealError(said.format(text=repr(text), refusal=error)) from None
            return RecordedDeal.from_value(value, language)
        result, *rest = _EXTRA.split(stripped)
        extra: dict[str, str] = {}
        for key, value in zip(rest[::2], rest[1::2], strict=True):
            field = "honors" if key.lower().startswith("hon") else "hcp_ns"
            if field in extra:
                said = _("deal {text} gives {word} twice")
                raise InvalidDealError(said.format(text=repr(text), word=key.lower()))
            extra[field] = value.strip()
        data: dict[str, object] = {"result": result}
        if "honors" in extra:
            data["honors"] = extra["honors"]
        if "hcp_ns" in extra:
            hcp = extra["hcp_ns"].lstrip("0") or "0"
            if not (hcp.isascii() and hcp.isdigit() and len(hcp) <= 2):  # 5,000 digits are not points
                said = _("deal {text}: hcp is N-S's high-card points, 0 to 40")
                raise InvalidDealError(said.format(text=repr(text)))
            data["hcp_ns"] = int(hcp)
        return RecordedDeal.from_value(data, language)
    except InvalidResultError as error:
        raise InvalidDealError(str(error)) from error  # its fault and facts, for a face to word


class AlreadyRecordedError(SessionError):
    """The rubber holds a result this change would overwrite: a net, or a complete rubber."""

    def __init__(self, round_number: int, table: int, previous: RubberRecord, *, complete: bool) -> None:
        what = f"as a net ({previous.net})" if previous.net is not None else "and complete"
        super().__init__(f"round {round_number}, table {table} is already recorded {what}")
        self.round, self.table, self.previous, self.complete = round_number, table, previous, complete

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (partial(type(self), self.round, self.table, self.previous, complete=self.complete), ())


class RecordedAsNetError(SessionError):
    """A deal cannot be taken back from a rubber recorded as its net."""

    def __init__(self, round_number: int, table: int, previous: RubberRecord) -> None:
        super().__init__(f"round {round_number}, table {table} was recorded as a net ({previous.net})")
        self.round, self.table, self.previous = round_number, table, previous

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (self.round, self.table, self.previous))


class NothingRecordedError(SessionError):
    """The rubber holds nothing to take back or remove."""

    def __init__(self, round_number: int, table: int) -> None:
        super().__init__(f"round {round_number}, table {table} has nothing recorded")
        self.round, self.table = round_number, table

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (self.round, self.table))


class TableNeededError(SessionError):
    """The round has several tables and none was named; ``tables`` lists who sits at each."""

    def __init__(self, round_number: int, tables: tuple[tuple[str, ...], ...]) -> None:
        listing = "; ".join(f"{t}: {', '.join(names)}" for t, names in enumerate(tables, 1))
        super().__init__(f"round {round_number} has {len(tables)} tables ({listing})")
        self.round, self.tables = round_number, tables

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (self.round, self.tables))


class MovedOnError(SessionError):
    """The rubber changed since the page was shown (``seen`` deals then, ``current`` now): nothing is
    stored, so a result entered on two phones is never added twice or lost silently."""

    def __init__(self, round_number: int, table: int, seen: int, current: RubberRecord | None) -> None:
        now = len(current.deals or ()) if current is not None else 0
        super().__init__(
            f"round {round_number}, table {table} has {now} deals entered now (the page showed {seen})"
        )
        self.round, self.table, self.seen, self.current = round_number, table, seen, current

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (self.round, self.table, self.seen, self.current))


class ChangedMeanwhileError(SessionError):
    """The evening's plan changed while a new one was being made: nothing is stored."""


class ResultBeyondKeptError(SessionError):
    """A new plan would change a round that already has a result."""

    def __init__(self, round_number: int, table: int) -> None:
        super().__init__(f"round {round_number}, table {table} has a result already")
        self.round, self.table = round_number, table

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (self.round, self.table))


@dataclass(frozen=True, slots=True)
class Edit:
    """A change to one rubber: the session afterwards (checked and scored), and what the rubber at that
    round and table held before and holds now (None: nothing)."""

    session: Session
    round: int
    table: int
    record: RubberRecord | None
    previous: RubberRecord | None


def add_deals(
    session: Session,
    round_number: int,
    table: int,
    deals: Sequence[RecordedDeal],
    *,
    seen: int | None = None,
) -> Edit:
    """The rubber with ``deals`` played after those already entered; the first deals start it. ``seen``
    (the deals the phone showed) must still be what is stored, else MovedOnError."""
    session.seating(round_number, table)
    existing = session.result(round_number, table)
    if existing is not None and existing.net is not None:
        raise AlreadyRecordedError(round_number, table, existing, complete=True)
    before = existing.deals or () if existing is not None else ()
    if seen is not None and seen != len(before):
        raise MovedOnError(round_number, table, seen, existing)
    if existing is not None and session.is_complete(existing):
        raise AlreadyRecordedError(round_number, table, existing, complete=True)
    return put_rubber(session, RubberRecord(round_number, table, deals=(*before, *deals)), replace=True)


def undo_last(session: Session, round_number: int, table: int, *, seen: int | None = None) -> Edit:
    """The rubber without its last deal entered (a pass included); none left removes it."""
    existing = _existing(session, round_number, table)
    if existing.deals is None:
        raise RecordedAsNetError(round_number, table, existing)
    if seen is not None and seen != len(existing.deals):
        raise MovedOnError(round_number, table, seen, existing)
    rest = existing.deals[:-1]
    if not rest:
        return delete_rubber(session, round_number, table)
    return put_rubber(session, RubberRecord(round_number, table, deals=rest), replace=True)


def put_rubber(session: Session, record: RubberRecord, *, replace: bool = False) -> Edit:
    """The rubber recorded whole (or in part, deal by deal), checked and scored against its table;
    AlreadyRecordedError when it holds a result and ``replace`` is false."""
    previous = session.result(record.round, record.table)
    if previous is not None and not replace:
        complete = session.is_complete(previous)
        raise AlreadyRecordedError(record.round, record.table, previous, complete=complete)
    updated = session.with_result(record, replace=True)
    return Edit(updated, record.round, record.table, record, previous)


def delete_rubber(session: Session, round_number: int, table: int) -> Edit:
    """The rubber removed, deals or net."""
    previous = _existing(session, round_number, table)
    return Edit(session.without_result(round_number, table), round_number, table, None, previous)


def _existing(session: Session, round_number: int, table: int) -> RubberRecord:
    session.seating(round_number, table)
    existing = session.result(round_number, table)
    if existing is None:
        raise NothingRecordedError(round_number, table)
    return existing


def resolve_table(session: Session, round_number: int, table: int | None) -> int:
    """The table to record at: as given, or the only table of the round. TableNeededError names the
    tables and who sits at each when the round has several and none was given."""
    rounds = session.schedule.rounds
    if not 1 <= round_number <= len(rounds):
        raise SessionError(
            _("round {round} is not in the schedule (rounds 1 to {last})").format(
                round=round_number, last=len(rounds)
            )
        )
    tables = rounds[round_number - 1].tables
    if table is not None:
        return table
    if len(tables) == 1:
        return 1
    names = tuple(tuple(session.schedule.name(p) for p in seating.players) for seating in tables)
    raise TableNeededError(round_number, names)


def kept_plan(session: Session, kept_schedule: Schedule, kept_rounds: int, new: Schedule) -> None:
    """Check that ``new``, made from ``kept_schedule`` (its first ``kept_rounds`` played), may replace the
    evening's plan as stored now: the plan is still the one it was made from (else
    ChangedMeanwhileError), the new plan seats the kept rounds as they were played and keeps the score
    sheet's players in their places (else SessionError), and no result lies past the rounds kept (else
    ResultBeyondKeptError)."""
    if session.schedule != kept_schedule:
        raise ChangedMeanwhileError("the evening's plan changed while the new one was being made")
    if new.rounds[:kept_rounds] != kept_schedule.rounds[:kept_rounds]:
        raise SessionError(f"a new plan must keep the first {kept_rounds} rounds as they were played")
    if new.players[: len(kept_schedule.players)] != kept_schedule.players:
        raise SessionError("a new plan must keep the score sheet's players in their places")
    results_within(session, kept_rounds)


def results_within(session: Session, kept_rounds: int) -> None:
    """ResultBeyondKeptError unless every result lies in the first ``kept_rounds`` rounds: what a new plan
    for the rest would change. Checked before planning (so the host is told at once) and again at the
    write (a phone may have entered a deal meanwhile)."""
    beyond = sorted((r.round, r.table) for r in session.results if r.round > kept_rounds)
    if beyond:
        raise ResultBeyondKeptError(*beyond[0])

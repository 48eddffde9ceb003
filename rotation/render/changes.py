"""An evening's log in a host's words: when (the machine's local time), from where, what changed, and what
it held before and after; the same lines at the terminal (`chicago log`) and on the host page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from rotation.model import Schedule
from rotation.render.recorded import deal_text
from rotation.results.changes import Change, Kind, NameEdit, PlanEdit, RubberEdit
from rotation.results.session import RubberRecord


@dataclass(frozen=True, slots=True)
class ChangeLine:
    """One change as a host reads it."""

    at: str
    source: str
    what: str
    before: str
    after: str
    number: int = 0
    """Its place in the whole log, from 1."""

    @property
    def text(self) -> str:
        """``what: before -> after`` on one line."""
        return f"{self.what}: {self.before} -> {self.after}"


def change_lines(changes: Sequence[Change], zone: tzinfo | None = None) -> tuple[ChangeLine, ...]:
    """Each change in words, oldest first; times in ``zone`` (None: this machine's)."""
    return tuple(change_line(change, zone) for change in changes)


def change_line(change: Change, zone: tzinfo | None = None) -> ChangeLine:
    """One change in words."""
    what = change.what
    if isinstance(what, RubberEdit):
        said = _rubber_what(change.kind, what)
        before, after = rubber_words(what.before), rubber_words(what.after)
    elif isinstance(what, PlanEdit):
        said, before, after = _plan_words(change.kind, what)
    else:
        assert isinstance(what, NameEdit)
        said = "player merged into another" if change.kind is Kind.MERGE else "player renamed"
        before, after = what.before, what.after
    return ChangeLine(_time(change.at, zone), change.source.words, said, before, after, change.number)


def _time(at: str, zone: tzinfo | None) -> str:
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return at
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S")


def rubber_words(record: RubberRecord | None) -> str:
    """A rubber's state in a few words: nothing, its net, or its deals."""
    if record is None:
        return "nothing"
    if record.net is not None:
        return f"net {record.net}"
    deals = record.deals or ()
    return ", ".join(deal_text(deal) for deal in deals) if deals else "nothing"


def _rubber_what(kind: Kind, edit: RubberEdit) -> str:
    where = f"round {edit.round}, table {edit.table}"
    before = len(edit.before.deals or ()) if edit.before is not None else 0
    after = len(edit.after.deals or ()) if edit.after is not None else 0
    if kind is Kind.ADD:
        added = after - before
        return f"{added} deal{'s' * (added != 1)} added at {where}"
    if kind is Kind.UNDO:
        return f"last deal taken back at {where}"
    return {
        Kind.RECORD: f"{where} recorded",
        Kind.REPLACE: f"{where} replaced",
        Kind.DELETE: f"{where} deleted",
        Kind.RESTORE: f"{where} restored",
    }.get(kind, f"{where}: {kind.value}")


def _plan_words(kind: Kind, edit: PlanEdit) -> tuple[str, str, str]:
    after = _plan_size(edit.after)
    if edit.before is None:
        return "evening saved", "nothing", after
    if kind is Kind.SEAT:  # an evening seated by results: the round after the one changed
        seated = len(edit.after.rounds)
        words = (
            f"round {seated} seated from the results"
            if seated > edit.kept
            else f"round {edit.kept + 1} unseated"
        )
        return words, _plan_size(edit.before), after
    old, new = set(edit.before.players), set(edit.after.players)
    gone = _away(edit.before, edit.kept) - _away(edit.after, edit.kept)
    left = sorted(_away(edit.after, edit.kept) - _away(edit.before, edit.kept))
    came = sorted(new - old)
    said = [*(f"{name} joined" for name in came), *(f"{name} left" for name in left)]
    said += [f"{name} back" for name in sorted(gone - (new - old))]
    tail = f" ({'; '.join(said)})" if said else ""
    return f"replanned from round {edit.kept + 1}{tail}", _plan_size(edit.before), after


def _away(schedule: Schedule, kept: int) -> set[str]:
    """The players in none of the rounds after the first ``kept``."""
    coming = schedule.rounds[kept:]
    seen = {p for rnd in coming for p in (*rnd.sitting_out, *(p for s in rnd.tables for p in s.players))}
    return {name for p, name in enumerate(schedule.players) if p not in seen} if coming else set()


def _plan_size(schedule: Schedule) -> str:
    players, rounds = len(schedule.players), len(schedule.rounds)
    return f"{players} player{'s' * (players != 1)}, {rounds} round{'s' * (rounds != 1)}"

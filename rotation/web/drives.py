"""What the live pages say of an evening seated by results (`rotation.services.drives`): on the host's page,
how far the movement has gone and the round seated last, table by table; on a table's page, once its rubber
is complete and the next round is not seated yet, that it will be when every table has finished."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rotation.language import _
from rotation.services.database import Store, StoredSession
from rotation.services.drives import drive_state, playing_from
from rotation.web.views import TableView, seat_letters
from scoring.seat import Seat

__all__ = ["SeatedRound", "drive_state", "seated_round", "table_moves"]


@dataclass(frozen=True, slots=True)
class SeatedRound:
    """The host's view of a movement by results: what it is and the round seated last, table by table."""

    said: str
    round: int
    tables: tuple[tuple[int, str], ...]
    """Each table's number and its four players by seat (``N Ann, E Bea, S Cy, W Di``)."""
    sitting_out: str
    waiting: str
    """What the next round waits for ("" once every round is seated)."""
    start: int = 1
    """The first round whose players may change (none has a rubber entered)."""
    present: tuple[tuple[str, bool], ...] = ()
    """Each player and whether they play from round ``start``."""
    changeable: bool = False
    """Whether round ``start`` is one of the evening's (its players may change)."""


def seated_round(store: Store, stored: StoredSession) -> SeatedRound | None:
    """The host page's box of an evening seated by results (None: planned before play)."""
    state = drive_state(store, stored)
    if state is None:
        return None
    schedule = stored.session.schedule
    last = schedule.rounds[-1]
    letters = seat_letters()
    tables = tuple(
        (t, ", ".join(f"{letters[seat]} {schedule.name(table.at(seat))}" for seat in Seat))
        for t, table in enumerate(last.tables, 1)
    )
    waiting = (
        _("Round {next} is seated as soon as every rubber of round {round} is recorded.").format(
            next=state.seated + 1, round=state.seated
        )
        if state.waiting
        else _("Every round is seated.")
    )
    out = ", ".join(schedule.name(p) for p in last.sitting_out)
    start, present = playing_from(store, stored)
    said = state.describe()
    return SeatedRound(said, state.seated, tables, out, waiting, start, present, start <= state.rounds)


def table_moves(store: Store, stored: StoredSession, view: TableView) -> TableView:
    """A table's view of an evening seated by results: the rounds it will have, not only those seated so
    far ("round 1 of 3", not "of 1"); once complete, while the next round waits for the other tables, it
    says so (instead of "the evening is over")."""
    state = drive_state(store, stored)
    if state is None:
        return view
    view = replace(view, planned=state.rounds)
    if not view.complete or view.round < len(stored.session.schedule.rounds) or not state.waiting:
        return view
    said = _("Round {next} is seated as soon as every table has finished round {round}.").format(
        next=view.round + 1, round=view.round
    )
    return replace(view, moves=(said,))

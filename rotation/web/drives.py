"""What the live pages say of an evening seated by results (`rotation.services.drives`): on the host's page,
how far the movement has gone and the round seated last, table by table; on a table's page, once its rubber
is complete and the next round is not seated yet, that it will be when every table has finished."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rotation.services.database import Store, StoredSession
from rotation.services.drives import drive_state

__all__ = ["SeatedRound", "drive_state", "seated_round", "table_moves"]
from rotation.web.views import SEAT_NAMES, TableView
from scoring.seat import Seat


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


def seated_round(store: Store, stored: StoredSession) -> SeatedRound | None:
    """The host page's box of an evening seated by results (None: planned before play)."""
    state = drive_state(store, stored)
    if state is None:
        return None
    schedule = stored.session.schedule
    last = schedule.rounds[-1]
    tables = tuple(
        (t, ", ".join(f"{SEAT_NAMES[seat][0]} {schedule.name(table.at(seat))}" for seat in Seat))
        for t, table in enumerate(last.tables, 1)
    )
    waiting = (
        f"Round {state.seated + 1} is seated as soon as every rubber of round {state.seated} is recorded."
        if state.waiting
        else "Every round is seated."
    )
    out = ", ".join(schedule.name(p) for p in last.sitting_out)
    return SeatedRound(state.describe(), state.seated, tables, out, waiting)


def table_moves(store: Store, stored: StoredSession, view: TableView) -> TableView:
    """A complete table's view: while the next round waits for the other tables, it says so (instead of
    "the evening is over")."""
    if not view.complete or view.round < len(stored.session.schedule.rounds):
        return view
    state = drive_state(store, stored)
    if state is None or not state.waiting:
        return view
    said = f"Round {view.round + 1} is seated as soon as every table has finished round {view.round}."
    return replace(view, moves=(said,))

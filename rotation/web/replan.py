"""Replanning in place when someone arrives or leaves: the rounds played stay, the rest is planned again
for the players here now (the balanced planner's `--keep`), so the host does it from the host page."""

from __future__ import annotations

from collections.abc import Sequence

from rotation.model import Schedule
from rotation.results.session import Session, SessionError

REPLAN_SECONDS = 20.0
"""At most this long for the planner while phones wait (a cap; the search is counted in steps)."""


def rounds_played(session: Session) -> int:
    """The rounds whose every rubber is complete, counted from the first."""
    return session.rounds_played()


def replan(session: Session, names: Sequence[str]) -> tuple[Schedule, int]:
    """The new schedule for ``names`` keeping the rounds played, and how many that is. SessionError for a
    request the planner refuses, in its words."""
    from rotation.cut import Order
    from rotation.plan import Kept, Method, PlanError, PlanRequest, plan

    kept = rounds_played(session)
    wanted = tuple(name for name in (n.strip() for n in names) if name)
    rounds = max(len(session.schedule.rounds), kept + 1)
    request = PlanRequest(
        wanted,
        Order.GIVEN,
        rounds=rounds,
        method=Method.BALANCED,
        keep=Kept(session.schedule, kept),
        time_limit=REPLAN_SECONDS,
    )
    try:
        return plan(request).schedule, kept
    except PlanError as error:
        raise SessionError(str(error)) from None

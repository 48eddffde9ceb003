"""Seating with the season in mind: the history's counts, the targets of a weekly club, and every evening
as good as planned alone by every rule of the evening (the independent checker's counts)."""

from __future__ import annotations

from datetime import date, timedelta
from itertools import combinations, pairwise

import pytest

from rotation.cut import Order
from rotation.history import History, history_of, name_pair, past_evening
from rotation.model import Movement, Round, Schedule, Table
from rotation.movements.season import evening_terms, seat_for_history
from rotation.plan import Away, PlanRequest, plan, request_seed

TWELVE = tuple(f"P{i:02d}" for i in range(12))
TWENTY = tuple(f"M{i:02d}" for i in range(20))


def _no_worse(seated: Schedule, planned: Schedule, avoid: frozenset[tuple[int, int]] = frozenset()) -> None:
    after, before = evening_terms(seated.movement, avoid), evening_terms(planned.movement, avoid)
    assert all(a <= b for a, b in zip(after, before, strict=True)), (after, before)


def _presence(schedule: Schedule) -> dict[str, tuple[int, ...]]:
    return {
        name: tuple(r for r, rnd in enumerate(schedule.rounds) if p in rnd.present)
        for p, name in enumerate(schedule.players)
    }


def _season(base: Schedule, evenings: int) -> list[Schedule]:
    """A weekly club playing ``base``'s evening each week, seated for the season each time."""
    played: list[tuple[date, Schedule]] = []
    for week in range(evenings):
        history = history_of(played)
        schedule = base if not history else seat_for_history(base, history, seed=week).schedule
        _no_worse(schedule, base)
        played.append((date(2024, 1, 1) + timedelta(weeks=week), schedule))
    return [s for _, s in played]


def test_past_evening_counts_by_name_key() -> None:
    """Partners and table-mates are counted from the seating, names compared ignoring case."""
    table = Table(0, 1, 2, 3)
    evening = Schedule(("Ann", "Bob", "Cy", "Di", "Ed"), Movement(5, (Round((table,), (4,)),) * 2))
    history = history_of([(date(2024, 1, 1), evening)])
    assert history.partners() == {name_pair("ann", "CY"): 2, name_pair("Bob", "Di"): 2}
    assert history.mates()[name_pair("Ann", "Bob")] == 2
    assert name_pair("Ann", "Ed") not in history.mates()
    assert history.among(["Ann", "Cy"]).partners() == {("ann", "cy"): 2}
    assert not history.among(["Ed"])
    assert past_evening(date(2024, 1, 1), evening).names == evening.players


@pytest.fixture(scope="module")
def twelve_by_four() -> Schedule:
    return plan(PlanRequest(TWELVE, Order.GIVEN, rounds=4)).schedule


def test_twelve_partner_everyone_before_anyone_twice(twelve_by_four: Schedule) -> None:
    """Three evenings of four rounds for 12 (72 partnerships over 66 pairs): at most two pairs have
    never partnered, and the second evening repeats no partnership of the first."""
    evenings = _season(twelve_by_four, 3)
    partnered = history_of((date(2024, 1, 1) + timedelta(weeks=k), s) for k, s in enumerate(evenings))
    assert (
        len(
            history_of([(date(2024, 1, 1), evenings[0])]).partners().keys()
            & history_of([(date(2024, 1, 1), evenings[1])]).partners().keys()
        )
        == 0
    )
    never = [
        pq for pq in combinations(sorted(n.casefold() for n in TWELVE), 2) if pq not in partnered.partners()
    ]
    assert len(never) <= 2


def test_twenty_meet_once_and_no_partner_two_evenings_running() -> None:
    """20 players keep the book's meet-once evening (5 rounds) every week, and over eight weeks no pair
    partners in two consecutive evenings (in a meet-once evening the last evening's partners rank first)."""
    base = plan(PlanRequest(TWENTY, Order.GIVEN, rounds=5)).schedule
    evenings = _season(base, 8)
    for before, after in pairwise(evenings):
        again = (
            history_of([(date(2024, 1, 1), before)]).partners().keys()
            & history_of([(date(2024, 1, 1), after)]).partners().keys()
        )
        assert again == set()
    for schedule in evenings:
        from rotation.balance import check

        assert check(schedule.movement).most_meetings == 1


def test_part_timers_keep_their_rounds_and_avoided_pairs_stay_apart() -> None:
    """With someone away and a pair who must not partner, each player is present in the same rounds as
    planned, the avoided pair never partners and no rule of the evening gets worse."""
    names = tuple(f"Q{i}" for i in range(9))
    request = PlanRequest(
        names, Order.GIVEN, rounds=5, away=(Away("Q8", frozenset({1, 2})),), avoid=(("Q0", "Q1"),)
    )
    made = plan(request)
    history = history_of([(date(2024, 1, 1), made.schedule)])
    seated = seat_for_history(made.schedule, history, avoid=made.avoid, seed=7)
    _no_worse(seated.schedule, made.schedule, made.avoid)
    assert _presence(seated.schedule) == _presence(made.schedule)
    for rnd in seated.schedule.rounds:
        for t in rnd.tables:
            assert {t.north, t.south} != {0, 1} and {t.east, t.west} != {0, 1}
    assert seated.repeats <= seated.planned_repeats


def test_the_same_request_and_history_give_the_same_plan() -> None:
    """Deterministic: the history is part of the request's seed, and planning twice gives one plan; no
    history and an empty one are the same request."""
    base = plan(PlanRequest(TWENTY, Order.GIVEN, rounds=5)).schedule
    history = history_of([(date(2024, 1, 1), base)])
    request = PlanRequest(TWENTY, Order.GIVEN, rounds=5, history=history)
    first, second = plan(request), plan(request)
    assert first.schedule == second.schedule
    assert request_seed(request) != request_seed(PlanRequest(TWENTY, Order.GIVEN, rounds=5))
    assert request_seed(PlanRequest(TWENTY, Order.GIVEN, rounds=5, history=History())) == request_seed(
        PlanRequest(TWENTY, Order.GIVEN, rounds=5)
    )
    assert any(str(note).startswith("Season: nobody partners") for note in first.notes)

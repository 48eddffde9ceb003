"""Who deals first (DESIGN.md, Balance: first deals spread evenly): the flow's choice against every
choice there is, and the book's rounds dealt with the rest of the plan."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from rotation.balance import check
from rotation.cut import Order
from rotation.plan import PlanRequest, plan
from rotation.solver import PlanSpec
from rotation.solver.problem import _canonical, _Draft, _Problem
from rotation.solver.seats import _deal_evenly


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_flow_deals_as_evenly_as_any_choice_of_dealers(data: st.DataObject) -> None:
    """For random tables, the least first-deal spread over every way of choosing each table's dealer
    (4^tables of them) is the flow's: a least sum of squares is a least spread here."""
    n = data.draw(st.integers(8, 11), label="players")
    rounds = data.draw(st.integers(1, 3), label="rounds")
    drafts = []
    for _ in range(rounds):
        order = data.draw(st.permutations(range(n)))
        games = tuple(
            _canonical(((order[i], order[i + 1]), (order[i + 2], order[i + 3]))) for i in range(0, 8, 4)
        )
        drafts.append(_Draft(games, frozenset(order[8:])))
    problem = _Problem.of(PlanSpec(n, rounds, tables=2))
    chosen, outcome = _deal_evenly(problem, drafts)
    tables = [[p for pq in game for p in pq] for d in drafts for game in d.games]
    assert all(chosen[r, t] in tables[2 * r + t] for r in range(rounds) for t in range(2))

    def spread(dealers: tuple[int, ...]) -> int:
        count = Counter(dealers)
        return max(count[p] for p in range(n)) - min(count[p] for p in range(n))

    best = min(spread(dealers) for dealers in product(*tables))
    assert outcome.value == best == spread(tuple(chosen[r, t] for r in range(rounds) for t in range(2)))


def test_the_books_first_rounds_are_dealt_with_the_rest() -> None:
    """19 x 8 plays the meet-once book's six rounds first; their first dealers are chosen with the two
    planned after them, so 32 first deals among 19 players are 1 or 2 each (they were 1 to 4). (At 19 x 7,
    one round past the book, the planner plans with and without the book and keeps the better, so
    whether the book is used there depends on the search.)"""
    result = plan(PlanRequest(tuple(f"P{i}" for i in range(19)), order=Order.GIVEN, rounds=8), None)
    assert any("book" in note.text for note in result.notes)
    balance = check(result.schedule.movement)
    assert set(balance.first_deals.values()) == {1, 2}
    first_five = check(type(result.schedule.movement)(19, result.schedule.movement.rounds[:5]))
    assert first_five.repeated_meetings == 0

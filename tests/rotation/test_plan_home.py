"""A home game: one table, late arrivals and early leavers, small groups away; counted here by hand from
the seating of each plan (partners, opponents, sit-outs), never by the planner's own measures."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from rotation.cut import Order
from rotation.model import Schedule
from rotation.plan import Method, PlanRequest, plan


def _partners_and_opponents(schedule: Schedule) -> tuple[Counter[frozenset[str]], Counter[frozenset[str]]]:
    """How often each pair of names partners and opposes, from the seats."""
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    name = schedule.players
    for rnd in schedule.movement.rounds:
        for t in rnd.tables:
            for a, b in ((t.north, t.south), (t.east, t.west)):
                partners[frozenset((name[a], name[b]))] += 1
            for a in (t.north, t.south):
                for b in (t.east, t.west):
                    opponents[frozenset((name[a], name[b]))] += 1
    return partners, opponents


@pytest.mark.parametrize(
    ("names", "rounds", "partner", "opponent"),
    [
        (tuple(f"P{i}" for i in range(1, 9)), 14, 1, 2),
        (("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"), 14, 1, 2),
        (("Zoe", "Yan", "Xia", "Wes", "Val", "Uma", "Tom", "Sam"), 14, 1, 2),
        (tuple(f"P{i}" for i in range(1, 8)), 21, 2, 4),
        (("Gus", "Flo", "Ed", "Di", "Cy", "Bob", "Ann"), 21, 2, 4),
    ],
)
def test_one_table_reaches_the_design_for_any_cut(
    names: tuple[str, ...], rounds: int, partner: int, opponent: int
) -> None:
    """Eight players over 14 rounds at one table: 28 partnerships over 28 pairs and 56 opponent meetings,
    so every pair can partner once and oppose twice; seven over 21 rounds: 42 partnerships and 84
    meetings over 21 pairs, twice and four times. The design is reached whatever the cut (the planner's
    seed comes from the names): sitting out twice running ranks after partners and opponents at one
    table, where half the players sit out each round."""
    result = plan(PlanRequest(names, Order.CUT, seed=3, rounds=rounds, tables=1, method=Method.BALANCED))
    partners, opponents = _partners_and_opponents(result.schedule)
    pairs = [frozenset(pq) for pq in combinations(names, 2)]
    assert {partners[pq] for pq in pairs} == {partner}
    assert {opponents[pq] for pq in pairs} == {opponent}

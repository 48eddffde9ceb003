"""A small weekly club with a season (issue 26, "the weekly club", clubs of 6 to 11 players): the evening
starts from the book of home (one table) or two-table evenings, its places taken for the season, so the
last evening's partners repeat no more than counting forces while the evening's own rules stay the
book's. Everything here is counted by hand from the seats, never by the planner's own measures."""

from __future__ import annotations

from collections import Counter
from datetime import date
from itertools import combinations, pairwise

import pytest

from rotation.cut import Order
from rotation.history import history_of
from rotation.model import Movement, Round, Schedule, Table
from rotation.movements.home import HomeEvening, home_evening
from rotation.movements.twotables import TwoTableEvening, two_table_evening
from rotation.plan import PlanRequest, plan


def _last_evening(n: int, rounds: list[list[tuple[int, int, int, int]]]) -> Schedule:
    """A made-up evening: each table written (a, b, c, d) for a-b partnering against c-d."""
    made = []
    for tables in rounds:
        seated = {p for t in tables for p in t}
        made.append(
            Round(
                tuple(Table(a, c, b, d) for a, b, c, d in tables),
                tuple(p for p in range(n) if p not in seated),
            )
        )
    return Schedule(tuple(f"P{i}" for i in range(n)), Movement(n, tuple(made)))


def _partnerships(schedule: Schedule) -> list[frozenset[str]]:
    """Every partnership of the evening (a pair twice if it partners twice), by name."""
    name = schedule.players
    return [
        frozenset((name[a], name[b]))
        for rnd in schedule.rounds
        for t in rnd.tables
        for a, b in ((t.north, t.south), (t.east, t.west))
    ]


def _spread(counts: list[int]) -> int:
    return max(counts) - min(counts)


def _evening_rules(schedule: Schedule) -> dict[str, int]:
    """The book's rules (``movements.home`` / ``movements.twotables`` values) counted from the seats:
    partner and opponent spreads over every pair, sitting out in two rounds running, the most meetings
    (sharing a table) of any pair and the meetings past each pair's first."""
    n = schedule.movement.n_players
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    meetings: Counter[frozenset[int]] = Counter()
    for rnd in schedule.rounds:
        for t in rnd.tables:
            partners.update((frozenset((t.north, t.south)), frozenset((t.east, t.west))))
            opponents.update(frozenset((a, b)) for a in (t.north, t.south) for b in (t.east, t.west))
            meetings.update(frozenset(pq) for pq in combinations(t.players, 2))
    pairs = [frozenset(pq) for pq in combinations(range(n), 2)]
    outs = [set(rnd.sitting_out) for rnd in schedule.rounds]
    return {
        "partner spread": _spread([partners[pq] for pq in pairs]),
        "opponent spread": _spread([opponents[pq] for pq in pairs]),
        "sit-out repeats": sum(len(a & b) for a, b in pairwise(outs)),
        "most meetings": max(meetings[pq] for pq in pairs),
        "repeated meetings": sum(meetings[pq] - 1 for pq in pairs if meetings[pq] > 1),
    }


SEVEN_LAST = [[(0, 1, 2, 3)], [(4, 5, 6, 0)], [(1, 2, 3, 4)]]
"""Seven players' last evening: three rounds at one table, six pairs partnered."""
TEN_LAST = [[(0, 1, 2, 3), (4, 5, 6, 7)], [(8, 9, 0, 2), (1, 3, 4, 6)]]
"""Ten players' last evening: two rounds at two tables, eight pairs partnered."""


@pytest.mark.parametrize(
    ("n", "last", "book"),
    [(7, SEVEN_LAST, home_evening(7, 8)), (10, TEN_LAST, two_table_evening(10, 8))],
    ids=["seven at one table", "ten at two tables"],
)
def test_the_book_seated_for_the_season(
    n: int, last: list[list[tuple[int, int, int, int]]], book: HomeEvening | TwoTableEvening | None
) -> None:
    """The evening after a made-up one, at the default 8 rounds: the last evening's pairs partner again
    no more than counting forces (tonight's partnerships, each pair at most as often as tonight's most,
    fall on the pairs who did not partner last week first), and the evening's own rules are the book
    entry's (a relabelling of the book changes none of them); planned twice, the same evening."""
    names = tuple(f"P{i}" for i in range(n))
    week1 = _last_evening(n, last)
    history = history_of([(date(2025, 1, 7), week1)])
    request = PlanRequest(names, Order.CUT, seed=5, history=history)
    made = plan(request)
    tonight = _partnerships(made.schedule)
    before = set(_partnerships(week1))
    most = max(Counter(tonight).values())
    fresh = sum(1 for pq in combinations(names, 2) if frozenset(pq) not in before)
    floor = max(0, len(tonight) - most * fresh)
    assert len(made.schedule.rounds) == 8
    assert sum(1 for pq in tonight if pq in before) <= floor
    assert book is not None
    values = book.values
    counted = _evening_rules(made.schedule)
    assert {name: counted[name] for name in values} == values
    said = " ".join(str(note) for note in made.notes)
    assert "its places taken for the season" in said and "as little as counting allows" in said
    assert plan(request).schedule == made.schedule

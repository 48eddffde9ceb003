"""The small book's evening with its places taken for the season (``rotation.movements.season_book``):
a relabelling, so every count of the evening keeps its multiset, and the last evening's partners repeat as
little as counting allows where the book's own structure allows it; counted here by hand."""

from __future__ import annotations

from collections import Counter
from datetime import date
from itertools import combinations

from rotation.history import history_of
from rotation.model import Movement, Schedule
from rotation.movements.home import home_evening
from rotation.movements.season_book import place_book_for_season

SEVEN = tuple(f"P{i}" for i in range(7))


def _partners(movement: Movement) -> Counter[frozenset[int]]:
    return Counter(
        frozenset(pq)
        for rnd in movement.rounds
        for t in rnd.tables
        for pq in ((t.north, t.south), (t.east, t.west))
    )


def _opponents(movement: Movement) -> Counter[frozenset[int]]:
    return Counter(
        frozenset((a, b))
        for rnd in movement.rounds
        for t in rnd.tables
        for a in (t.north, t.south)
        for b in (t.east, t.west)
    )


def test_seven_after_the_same_book_evening_repeat_only_what_counting_forces() -> None:
    """Last week the book's 7 x 8 under another labelling (16 partnerships, each pair at most once): of
    the 21 pairs only 5 did not partner, so tonight's 16 partnerships put at least 11 on last week's pairs;
    the placing reaches 11, keeps every partner and opponent count's multiset (a relabelling), and the
    same seed places the same way."""
    book = home_evening(7, 8)
    assert book is not None
    last_week = book.movement.mapped([3, 5, 0, 6, 1, 4, 2])
    history = history_of([(date(2025, 1, 7), Schedule(SEVEN, last_week))])
    placed = place_book_for_season(book.movement, SEVEN, history, seed=11)
    before = {frozenset(pq) for pq in _partners(last_week)}
    tonight = _partners(placed.movement)
    fresh = sum(1 for pq in combinations(range(7), 2) if frozenset(pq) not in before)
    assert max(tonight.values()) == 1 and sum(tonight.values()) == 16
    repeated = sum(c for pq, c in tonight.items() if pq in before)
    assert repeated == 16 - fresh == 11
    assert placed.last == repeated
    assert sorted(tonight.values()) == sorted(_partners(book.movement).values())
    assert sorted(_opponents(placed.movement).values()) == sorted(_opponents(book.movement).values())
    assert place_book_for_season(book.movement, SEVEN, history, seed=11) == placed

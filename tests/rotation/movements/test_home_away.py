"""Part-timers placed in the home and two-table books (``rotation.movements.home_away``, issue 26): every
table played is one of the book's, each part-timer's place sits out in the book in every round they are
away, the search reaches what an exhaustive count over every placing and order reaches, and where no
place sits out often enough there is no placing.

Expected values are counted here from the book's own rounds, never by the module under test."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise, permutations

from rotation.model import Movement
from rotation.movements.home import home_evening
from rotation.movements.home_away import place_in_book
from rotation.movements.twotables import two_table_evening


def _tables(movement: Movement) -> Counter[tuple[frozenset[int], frozenset[int]]]:
    """Each table played as (its partnerships), counted over the evening."""
    found: Counter[tuple[frozenset[int], frozenset[int]]] = Counter()
    for rnd in movement.rounds:
        for t in rnd.tables:
            a, b = frozenset((t.north, t.south)), frozenset((t.east, t.west))
            found[(a, b) if min(a) < min(b) else (b, a)] += 1
    return found


def test_every_table_is_the_books_and_the_absent_sit_out_in_the_book() -> None:
    """10 x 8 at two tables, player 9 away in round 8 and player 3 in round 2: the evening's tables are
    the book's, relabelled by the places taken; in the rounds away the place sits out in the book."""
    book = two_table_evening(10, 8)
    assert book is not None
    away = {9: frozenset({7}), 3: frozenset({1})}
    found = place_in_book(book.movement, away, seed=5)
    assert found is not None and found.fair
    places = dict(found.places)
    assert set(places) == {3, 9}
    free = iter(x for x in range(10) if x not in places.values())
    player_at = {x: p for p, x in places.items()}
    player_at |= {
        next(free): p for p in range(10) if p not in places
    }  # the others in the free places in order
    relabelled = Movement(
        10, tuple(book.movement.rounds[b].mapped([player_at[x] for x in range(10)]) for b in found.order)
    )
    assert _tables(found.movement) == _tables(relabelled)
    assert sorted(found.order) == list(range(8))
    for p, rounds in away.items():
        for t in rounds:
            assert places[p] in book.movement.rounds[found.order[t]].sitting_out
            rnd = found.movement.rounds[t]
            assert p not in rnd.sitting_out and all(p not in table.players for table in rnd.tables)


def test_the_search_reaches_the_fewest_sit_outs_twice_running_of_every_placing() -> None:
    """7 x 8 at one table, player 6 away in rounds 1-2: over every place and every order of the book's
    rounds that sits the place out in rounds 1-2 (counted here), the fewest sit-outs twice running; the
    search finds as few (1: no placing in this book avoids it)."""
    book = home_evening(7, 8)
    assert book is not None
    outs = [frozenset(rnd.sitting_out) for rnd in book.movement.rounds]
    fewest = None
    for x in range(7):
        for order in permutations(range(8)):
            if x not in outs[order[0]] or x not in outs[order[1]]:
                continue
            played = [outs[b] - ({x} if t < 2 else set()) for t, b in enumerate(order)]
            twice = sum(len(a & b) for a, b in pairwise(played))
            fewest = twice if fewest is None else min(fewest, twice)
    assert fewest == 1
    found = place_in_book(book.movement, {6: frozenset({0, 1})}, seed=2)
    assert found is not None and found.fair
    rounds = found.movement.rounds
    assert sum(len(set(a.sitting_out) & set(b.sitting_out)) for a, b in pairwise(rounds)) == fewest


def test_no_placing_where_no_place_sits_out_often_enough() -> None:
    """10 x 8 at two tables: 16 sit-outs over 10 places, none more than twice (counted here), so a player
    away three rounds has no place; the same request, the same placing, every time."""
    book = two_table_evening(10, 8)
    assert book is not None
    most = max(Counter(p for rnd in book.movement.rounds for p in rnd.sitting_out).values())
    assert most == 2
    assert place_in_book(book.movement, {9: frozenset({5, 6, 7})}) is None
    again = [place_in_book(book.movement, {9: frozenset({7})}, seed=3) for _ in range(2)]
    assert again[0] is not None and again[0] == again[1]


def test_meetings_are_the_books_own() -> None:
    """11 x 8 at two tables with a late arrival: how often each pair meets, as a multiset, is the book's
    (nobody takes the seat of a player away)."""
    book = two_table_evening(11, 8)
    assert book is not None
    found = place_in_book(book.movement, {10: frozenset({0, 1})}, seed=1)
    assert found is not None

    def meetings(movement: Movement) -> list[int]:
        met: Counter[frozenset[int]] = Counter()
        for rnd in movement.rounds:
            for t in rnd.tables:
                met.update(frozenset(pq) for pq in combinations(t.players, 2))
        return sorted(met.values())

    assert meetings(found.movement) == meetings(book.movement)

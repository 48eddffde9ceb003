"""The two-table book's 11 x 8 (issue 26): its repeated meetings 43 and opponents 2 proven the least, by a
search over the sit-outs up to relabelling (``rotation.build.twotables_eleven``) checked here against
plain counts and plain enumeration.

Counting, for 11 players over 8 rounds at two tables: 16 tables of four meet 16 x 6 = 96 times over 55
pairs; with the most meetings 2 each pair meeting at all takes one of them once, so the repeated meetings
are 96 - 55 = 41 plus the pairs never meeting. Opponents fill 16 x 4 = 64 places over 55 pairs; within one,
every pair opposes 1 or 2 times (0 or 1 would leave at most 55 places), so every pair meets.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from math import factorial, prod

import pytest

import schedules
from rotation.balance import check
from rotation.movements.twotables import as_movement

BOOK = schedules.load("twotables")


def _even_at(n: int, outs: list[frozenset[int]]) -> bool:
    """After the last of ``outs`` everyone within one of the fair share (n - 8) x rounds / n, and nobody
    out in both of the last two."""
    k, s = n - 8, len(outs)
    low, high = k * s // n, -(-k * s // n)
    if any(not low <= sum(p in out for out in outs) <= high for p in range(n)):
        return False
    return s < 2 or not outs[-1] & outs[-2]


def _even(n: int, outs: list[frozenset[int]]) -> bool:
    """The book's evenness, counted from who sits out: within one of the fair share after every round,
    nobody out twice running."""
    return all(_even_at(n, outs[:s]) for s in range(1, len(outs) + 1))


def test_the_entry_is_what_the_checker_counts_and_counting_bounds_it() -> None:
    """The entry's values as the independent checker counts them, even after every round; its repeated
    meetings 41 + the pairs never meeting (2), counted here from the tables."""
    entry = BOOK["evenings"]["11"]["8"]
    movement = as_movement(11, entry["rounds"])
    balance = check(movement)
    got = {
        "partner spread": balance.partner_spread,
        "sit-out repeats": balance.total_repeat_sit_outs,
        "most meetings": balance.most_meetings,
        "repeated meetings": balance.repeated_meetings,
        "opponent spread": balance.opponent_spread,
    }
    assert (
        got
        == entry["values"]
        == {
            "partner spread": 1,
            "sit-out repeats": 0,
            "most meetings": 2,
            "repeated meetings": 43,
            "opponent spread": 2,
        }
    )
    assert _even(11, [frozenset(r.sitting_out) for r in movement.rounds])
    meetings = Counter(
        pq for games in entry["rounds"] for t in (games[:4], games[4:]) for pq in combinations(sorted(t), 2)
    )
    tables, pairs = 2 * 8, 11 * 10 // 2
    assert sum(meetings.values()) == 6 * tables == 96
    never = pairs - len(meetings)
    assert entry["values"]["repeated meetings"] == 96 - pairs + never == 41 + 2
    assert 4 * tables > pairs  # 64 opposing places: within one, every pair opposes at least once


def test_the_entry_states_its_repeated_meetings_and_opponents_proven() -> None:
    """Bounds 43 and 2, with the proof's words: how it was searched and what it holds."""
    from rotation.build.twotables_eleven import sit_out_classes

    entry = BOOK["evenings"]["11"]["8"]
    assert entry["bounds"] == entry["values"]
    proof = entry["proof"]
    assert "repeated meetings 43: " in proof and "exhaustive" in proof and "even after every round" in proof
    assert f"{len(sit_out_classes(11, 8))} classes" in proof
    assert "opponent spread 2: " in proof


@cache
def _labelled(n: int, rounds: int, state: tuple[tuple[int, int], ...], done: int) -> int:
    """How many labelled sit-out schedules finish from ``state`` (each player's sit-outs so far and
    whether it sat out the last round) after ``done`` rounds: choosing each round's n - 8 plainly."""
    if done == rounds:
        return 1
    k = n - 8
    low, high = k * (done + 1) // n, -(-k * (done + 1) // n)
    total = 0
    for out in combinations(range(n), k):
        after = [
            (c + (p in out), int(p in out)) for p, (c, last) in enumerate(state) if not (last and p in out)
        ]
        if len(after) == n and all(low <= c <= high for c, _ in after):
            total += _labelled(n, rounds, tuple(sorted(after)), done + 1)
    return total


@pytest.mark.parametrize(("n", "rounds"), [(9, 5), (10, 6), (11, 8)])
def test_the_classes_of_sit_outs_are_every_schedule_once(n: int, rounds: int) -> None:
    """Each class is a valid schedule (n - 8 out each round, even after every round, none twice running),
    no two alike, and their relabellings (n! over the repeats' factorials) number every schedule."""
    from rotation.build.twotables_eleven import sit_out_classes

    classes = sit_out_classes(n, rounds)
    assert len(set(classes)) == len(classes)
    for sit_outs in classes:
        outs = [frozenset(p for p in range(n) if r in sit_outs[p]) for r in range(rounds)]
        assert all(len(out) == n - 8 for out in outs)
        assert _even(n, outs)
    relabelled = sum(factorial(n) // prod(factorial(c) for c in Counter(s).values()) for s in classes)
    start = tuple((0, 0) for _ in range(n))
    assert relabelled == _labelled(n, rounds, start, 0)


@cache
def _every_evening(n: int, rounds: int) -> tuple[tuple[int, int], ...]:
    """Every evening even after every round (round 1 fixed: any evening relabels so), enumerated plainly,
    as its most meetings and its pairs never meeting."""
    k = n - 8
    layouts = []
    for out in combinations(range(n), k):
        seated = [p for p in range(n) if p not in out]
        for mates in combinations(seated[1:], 3):
            one = (seated[0], *mates)
            two = tuple(p for p in seated if p not in one)
            layouts.append((frozenset(out), (*combinations(one, 2), *combinations(two, 2))))
    first = (frozenset(range(8, n)), (*combinations(range(4), 2), *combinations(range(4, 8), 2)))
    evenings = [[first]]
    for _ in range(rounds - 1):
        evenings = [[*e, lay] for e in evenings for lay in layouts if _even_at(n, [o for o, _ in [*e, lay]])]
    found = []
    for evening in evenings:
        met = Counter(pq for _, mates in evening for pq in mates)
        found.append((max(met.values()), n * (n - 1) // 2 - len(met)))
    return tuple(found)


def _fewest_by_hand(n: int, rounds: int, most: int) -> int | None:
    """The fewest pairs never meeting over every evening with the meetings within ``most``; None: none."""
    return min((never for top, never in _every_evening(n, rounds) if top <= most), default=None)


@pytest.mark.parametrize(("n", "rounds", "most"), [(9, 3, 1), (9, 3, 2), (11, 2, 1), (11, 2, 2)])
def test_the_search_finds_what_plain_enumeration_finds(n: int, rounds: int, most: int) -> None:
    """The search over the classes (with CP-SAT) and every evening enumerated plainly agree on the fewest
    pairs never meeting (9 x 3 within 1: none at all), and the tables it gives reach its count."""
    from rotation.build.twotables_eleven import fewest_unmet

    pairs = n * (n - 1) // 2
    found = fewest_unmet(n, rounds, most, pairs + 1)
    assert found.unsettled == 0
    assert found.least == _fewest_by_hand(n, rounds, most)
    if found.least is not None:
        met = Counter(pq for one, two in found.tables for t in (one, two) for pq in combinations(t, 2))
        assert max(met.values()) <= most and pairs - len(met) == found.least
        outs = [frozenset(range(n)) - set(one) - set(two) for one, two in found.tables]
        assert all(len(one) == len(two) == 4 for one, two in found.tables) and _even(n, outs)

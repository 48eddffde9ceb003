"""The two-table book's 10 x 12 (issue 26, ``rotation.build.twotables_ten``): opponents within one with
every rule at counting's floor, even after every round, and the search that found it.

Counting for 10 players over 12 rounds (two out a round, 45 pairs), as in test_twotables_book's docstring:
48 partnerships over 45 pairs (spread 1); 24 sit-outs, so four play 9 rounds and six play 10, meeting 27
and 30 others with repeats among 9, so someone meets someone ceil(30 / 9) = 4 times and the repeats are at
least (4 x 18 + 6 x 21) / 2 = 99; 96 opposing places over 45 pairs (spread 1, every pair 2 or 3 times).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import schedules
from rotation.balance import check
from rotation.movements.twotables import as_movement, book_evening
from tests.rotation.movements.books import relabelled, two_table_floors

N, ROUNDS = 10, 12
PAIRS = N * (N - 1) // 2
ENTRY = schedules.load("twotables")["evenings"]["10"]["12"]
Pair = tuple[int, int]
Round = frozenset[frozenset[frozenset[int]]]


def _round(games: list[int]) -> Round:
    """A round as its tables, each its two partnerships: equal for the same round however written."""
    return frozenset(frozenset((frozenset(t[:2]), frozenset(t[2:]))) for t in (games[:4], games[4:]))


def _tallies(evening: list[list[int]]) -> tuple[Counter[Pair], Counter[Pair], Counter[Pair]]:
    """Each pair's partnerships, oppositions and meetings, from rounds written [a, b, c, d, e, f, g, h]."""
    partners: Counter[Pair] = Counter()
    opposed: Counter[Pair] = Counter()
    meets: Counter[Pair] = Counter()
    for games in evening:
        for t in (games[:4], games[4:]):
            partners.update([(min(t[:2]), max(t[:2])), (min(t[2:]), max(t[2:]))])
            opposed.update((min(p, q), max(p, q)) for p in t[:2] for q in t[2:])
            meets.update(combinations(sorted(t), 2))
    return partners, opposed, meets


def test_ten_over_twelve_opposes_within_one_with_every_rule_at_its_counting_floor() -> None:
    """The entry (opponents 1 to 3 before) meets every counting floor, by the independent checker for any
    cut and by counts from the seats: nobody out twice running, and even after every round (sit-outs
    within one of the fair share, partners within [floor, ceil] of their average at every stop)."""
    evening = book_evening(N, ROUNDS, None, True)
    assert evening is not None
    floors = two_table_floors(N, ROUNDS)
    assert floors == {
        "partner spread": 1,
        "sit-out repeats": 0,
        "most meetings": 4,
        "repeated meetings": 99,
        "opponent spread": 1,
    }
    assert evening.values == evening.bounds == floors
    for seed in (1, 2):
        movement = relabelled(evening.movement, seed)
        balance = check(movement)
        assert len(movement.rounds) == ROUNDS
        assert balance.partner_spread == 1
        assert balance.most_meetings == 4
        assert balance.repeated_meetings == 99
        assert balance.opponent_spread == 1
        assert balance.sit_out_share_excess == 0
    rounds: list[list[int]] = ENTRY["rounds"]
    assert as_movement(N, rounds) == evening.movement
    outs = [set(range(N)) - set(games) for games in rounds]
    assert all(len(out) == 2 for out in outs)
    assert not any(a & b for a, b in pairwise(outs))
    for stop in range(1, ROUNDS + 1):
        sat = Counter(p for out in outs[:stop] for p in out)
        assert all(2 * stop // N <= sat[p] <= -(-2 * stop // N) for p in range(N)), stop
        partners, _, _ = _tallies(rounds[:stop])
        low, high = 4 * stop // PAIRS, -(-4 * stop // PAIRS)
        assert all(low <= partners[pq] <= high for pq in combinations(range(N), 2)), stop
    partners, opposed, meets = _tallies(rounds)
    assert {opposed[pq] for pq in combinations(range(N), 2)} == {2, 3}
    assert max(meets.values()) == 4
    assert sum(meets[pq] - 1 for pq in combinations(range(N), 2)) == 99


def test_the_entry_has_the_shape_counting_forces() -> None:
    """What the module's docstring derives, seen in the entry: the four who play 9 partner everyone once and
    oppose everyone twice; the pairs opposing 3 times join only the six who play 10, two each (a graph of
    degree 2 on them), apart from the three pairs partnering twice (a perfect matching of the six), which
    partner a second time in the last round, with the two who sat out the round before."""
    rounds: list[list[int]] = ENTRY["rounds"]
    partners, opposed, _ = _tallies(rounds)
    played = Counter(p for games in rounds for p in games)
    nine = {p for p in range(N) if played[p] == 9}
    ten = set(range(N)) - nine
    assert len(nine) == 4 and all(played[p] == 10 for p in ten)
    for p in nine:
        others = [(min(p, q), max(p, q)) for q in range(N) if q != p]
        assert all(partners[pq] == 1 and opposed[pq] == 2 for pq in others)
    thrice = [pq for pq in combinations(range(N), 2) if opposed[pq] == 3]
    assert Counter(p for pq in thrice for p in pq) == dict.fromkeys(ten, 2)
    twice = {pq for pq in combinations(range(N), 2) if partners[pq] == 2}
    assert len(twice) == 3 and {p for pq in twice for p in pq} == ten
    assert not twice & set(thrice)
    last, before = rounds[-1], set(range(N)) - set(rounds[-2])
    mates = {(min(last[i], last[i + 1]), max(last[i], last[i + 1])) for i in (0, 2, 4, 6)}
    assert mates == twice | {(min(before), max(before))}
    assert before <= nine


def test_a_draw_of_the_search_gives_an_evening_the_checker_keeps() -> None:
    """``evening_for`` at the draw that found the entry (P and Q kept by SIGMA): CP-SAT's evening is
    even after every round, nobody out twice running, opponents within one, by the checker; and SIGMA
    keeps 81 perfect matchings of the ten (each of its five swaps matched within itself, or two swaps
    matched together in two ways: 1 + C(5,2) x 2 + 5 x 3 x 2^2 = 81)."""
    from rotation.build.twotables_ten import SIGMA, evening_for, invariant_matchings
    from rotation.movements.order import is_prefix_balanced

    kept = invariant_matchings()
    assert len(kept) == 1 + 10 * 2 + 15 * 4 == 81
    assert all(
        sorted((min(SIGMA[p], SIGMA[q]), max(SIGMA[p], SIGMA[q])) for p, q in m) == sorted(m) for m in kept
    )
    p_outs = ((0, 8), (1, 9), (2, 4), (3, 6), (5, 7))
    q_outs = ((0, 1), (2, 3), (4, 6), (5, 7), (8, 9))
    assert p_outs in kept and q_outs in kept
    status, _, evening = evening_for(p_outs, q_outs, work=20.0)
    assert status == "OPTIMAL" and evening is not None
    movement = as_movement(N, evening)
    balance = check(movement)
    assert balance.opponent_spread == 1 and balance.partner_spread == 1 and balance.most_meetings == 4
    outs = [set(r.sitting_out) for r in movement.rounds]
    assert not any(a & b for a, b in pairwise(outs))
    assert is_prefix_balanced(movement)
    assert {_round([SIGMA[p] for p in games]) for games in evening} == {_round(games) for games in evening}

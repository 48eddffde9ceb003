"""The two-table book's 9 x 14 (issue 26, ``rotation.build.twotables_nine``): opponents within one, every
rule at counting's floor, even after every round.

Counting for 9 players over 14 rounds (one out a round, 36 pairs), the sit-outs within one of the fair
share: 14 sit-outs over 9 players, so five sit out twice (play 12) and four once (play 13); 56 partnerships
over 36 pairs (spread 1); a player who plays r rounds meets 3r others with repeats among 8, so someone
meets someone ceil(39 / 8) = 5 times and the repeats are at least (4 x 31 + 5 x 28) / 2 = 132; 112
opposing places over 36 pairs (spread 1).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import schedules
from rotation.balance import check
from rotation.movements.order import is_prefix_balanced
from rotation.movements.twotables import as_movement, book_evening
from tests.rotation.movements.books import relabelled, two_table_floors

N, ROUNDS = 9, 14
PAIRS = N * (N - 1) // 2


def _key(p: int, q: int) -> tuple[int, int]:
    return (min(p, q), max(p, q))


def _counts(evening: list[list[int]]) -> tuple[list[Counter[tuple[int, int]]], Counter[tuple[int, int]]]:
    """Each round's partnerships and every pair's opponents, from the rounds written [a, b, c, d, e, f, g,
    h] (a-b against c-d, e-f against g-h)."""
    partners, opposed = [], Counter[tuple[int, int]]()
    for games in evening:
        tables = (games[:4], games[4:])
        partners.append(Counter(_key(t[i], t[i + 1]) for t in tables for i in (0, 2)))
        opposed.update(_key(p, q) for t in tables for p in t[:2] for q in t[2:])
    return partners, opposed


def test_nine_over_fourteen_is_at_every_counting_floor_with_opponents_within_one() -> None:
    """The book's 9 x 14 (opponents 2 before) by the independent checker for any cut: every rule at
    counting's floor, each bound stated and reached, even after every round, nobody out twice running."""
    floors = two_table_floors(N, ROUNDS)
    assert floors == {
        "partner spread": 1,
        "sit-out repeats": 0,
        "most meetings": 5,
        "repeated meetings": 132,
        "opponent spread": 1,
    }
    evening = book_evening(N, ROUNDS, None, True)
    assert evening is not None
    assert evening.values == evening.bounds == floors
    for seed in (1, 2):
        movement = relabelled(evening.movement, seed)
        balance = check(movement)
        assert len(movement.rounds) == ROUNDS
        assert balance.partner_spread == floors["partner spread"]
        assert balance.most_meetings == floors["most meetings"]
        assert balance.repeated_meetings == floors["repeated meetings"]
        assert balance.opponent_spread == floors["opponent spread"]
        assert balance.sit_out_share_excess == 0
        outs = [set(r.sitting_out) for r in movement.rounds]
        assert all(len(out) == 1 for out in outs)
        assert not any(a & b for a, b in pairwise(outs))
        assert is_prefix_balanced(movement)


def test_the_entry_has_the_shape_counting_forces() -> None:
    """Within one, a player who plays 12 has 24 opposing places for 8 others (3 each) and one who plays 13
    has 26 (two others 4 times): the pairs opposing 4 times are a 4-cycle on the four who play 13. Even
    after every round, rounds 1-9 partner every pair once and rounds 10-14 sit out five different players
    and partner no pair twice; meeting nobody 6 times, no pair of the cycle partners again."""
    rounds = schedules.load("twotables")["evenings"][str(N)][str(ROUNDS)]["rounds"]
    partners, opposed = _counts(rounds)
    out = [next(p for p in range(N) if p not in games) for games in rounds]
    assert sorted(out[:9]) == list(range(N)) and len(set(out[9:])) == 5
    thirteen = set(range(N)) - set(out[9:])
    assert set(opposed) == set(combinations(range(N), 2))
    assert set(opposed.values()) == {3, 4}
    cycle = [pq for pq, c in opposed.items() if c == 4]
    assert len(cycle) == 4 and {p for pq in cycle for p in pq} == thirteen
    assert all(sum(p in pq for pq in cycle) == 2 for p in thirteen)  # 2-regular on four: a 4-cycle
    block, after = sum(partners[:9], Counter()), sum(partners[9:], Counter())
    assert set(block) == set(combinations(range(N), 2)) and set(block.values()) == {1}
    assert len(after) == 20 and set(after.values()) == {1}
    assert not set(after) & set(cycle)


def test_the_builder_rebuilds_the_entry_from_an_evening_the_turn_keeps() -> None:
    """``turned_evening`` (CP-SAT, one worker, deterministic time) gives an evening that (0 1 2 3)(4 5 6 7)
    takes to itself as a set of rounds, and ``nine_fourteen`` gives the book's entry byte for byte."""
    from rotation.build.twotables_nine import TURN, nine_fourteen, turned_evening

    status, evening = turned_evening()
    assert status in ("OPTIMAL", "FEASIBLE") and evening is not None

    def shape(games: list[int]) -> frozenset[frozenset[tuple[int, int]]]:
        tables = (games[:4], games[4:])
        return frozenset(frozenset((_key(t[0], t[1]), _key(t[2], t[3]))) for t in tables)

    assert Counter(shape(g) for g in evening) == Counter(shape([TURN[p] for p in g]) for g in evening)
    assert check(as_movement(N, evening)).opponent_spread == 1
    assert nine_fourteen() == schedules.load("twotables")["evenings"][str(N)][str(ROUNDS)]

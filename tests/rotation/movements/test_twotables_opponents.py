"""The two-table book's opponents (issue 26, ``rotation.build.twotables_opponents``): 9 x 11 at every
counting floor, 11 x 7's opponents of 2 proven by counting, and the searches behind them.

Counting for 9 players over 11 rounds (one out a round, 36 pairs), as in test_twotables_book's docstring:
44 partnerships over 36 pairs (spread 1); 88 places, so seven play 10 rounds and two play 9, meeting 30 and
27 others with repeats among 8, so someone meets someone ceil(30 / 8) = 4 times and the repeats are at least
(7 x 22 + 2 x 19) / 2 = 96; 88 opposing places over 36 pairs (spread 1).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest

import schedules
from rotation.balance import check
from rotation.movements.order import is_prefix_balanced
from rotation.movements.twotables import as_movement, book_evening
from tests.rotation.movements.books import relabelled, two_table_floors

BOOK = schedules.load("twotables")


def _met(evening: list[list[int]]) -> tuple[Counter[tuple[int, int]], Counter[tuple[int, int]]]:
    """Each pair's meetings and opponents, from the rounds written [a, b, c, d, e, f, g, h]."""
    meets: Counter[tuple[int, int]] = Counter()
    opposed: Counter[tuple[int, int]] = Counter()
    for games in evening:
        for t in (games[:4], games[4:]):
            meets.update(combinations(sorted(t), 2))
            opposed.update((min(p, q), max(p, q)) for p in t[:2] for q in t[2:])
    return meets, opposed


@pytest.mark.parametrize(
    ("n", "rounds", "least"),
    [
        (9, 11, {"most meetings": 4, "repeated meetings": 96}),
        (10, 13, {"most meetings": 4, "repeated meetings": 111}),
    ],
)
def test_every_rule_at_its_counting_floor_from_the_book(n: int, rounds: int, least: dict[str, int]) -> None:
    """9 x 11 (left to the planner before: its own evening is not even after every round) and 10 x 13
    (opponents 2 before; ``neighbourhood``'s) are in the book with every rule at counting's floor, by the
    independent checker for any cut, even after every round, nobody out twice running, each bound stated
    and reached."""
    evening = book_evening(n, rounds, None, True)
    assert evening is not None
    floors = two_table_floors(n, rounds)
    assert floors == {"partner spread": 1, "sit-out repeats": 0, "opponent spread": 1, **least}
    assert evening.values == evening.bounds == floors
    for seed in (1, 2):
        movement = relabelled(evening.movement, seed)
        balance = check(movement)
        assert len(movement.rounds) == rounds
        assert balance.partner_spread == 1
        assert balance.most_meetings == floors["most meetings"]
        assert balance.repeated_meetings == floors["repeated meetings"]
        assert balance.opponent_spread == 1
        assert balance.sit_out_share_excess == 0
        outs = [set(r.sitting_out) for r in movement.rounds]
        assert all(len(out) == n - 8 for out in outs)
        assert not any(a & b for a, b in pairwise(outs))
        assert is_prefix_balanced(movement)


@pytest.mark.parametrize(("n", "rounds"), [(11, 7), (11, 14)])
def test_eleven_players_cannot_oppose_within_one_over_seven_or_fourteen_rounds(n: int, rounds: int) -> None:
    """Counting: within one, 8 x rounds opposing places over 55 pairs (56 or 112: one or two more than a
    multiple) put every pair at L or L + 1 times, and a player who plays r rounds is in 2r - 10L of the
    pairs at L + 1. With the sit-outs within one of the fair share (as in the book's entry, counted here),
    the pairs at L + 1 would join only the players playing the most (1 of them at 7 rounds, 2 at 14), each
    in 2 of them: no simple graph does that (a player's pairs need as many others of positive degree). So
    the entry's opponents of 2 are the least, stated with their proof."""
    entry = BOOK["evenings"][str(n)][str(rounds)]
    movement = as_movement(n, entry["rounds"])
    played = [sum(p not in r.sitting_out for r in movement.rounds) for p in range(n)]
    low = 8 * rounds // 55
    degrees = [2 * r - low * (n - 1) for r in played]
    assert 8 * rounds - low * 55 == sum(degrees) // 2 == rounds // 7  # the pairs at L + 1
    positive = [d for d in degrees if d > 0]
    assert positive == [2] * (rounds // 7)
    assert max(positive) > len(positive) - 1  # a player needs that many others to pair with
    assert check(movement).opponent_spread == entry["values"]["opponent spread"] == 2
    assert entry["bounds"]["opponent spread"] == 2
    assert "which no pairs give (counting)" in entry["proof"]


def test_the_counting_bound_on_opponents_never_denies_an_evening_the_book_has() -> None:
    """``counted_opponents`` says no evening opposes within one nowhere the book has one that does (and
    says so at 11 x 7 and 11 x 14, above)."""
    from rotation.build.twotables_opponents import counted_opponents

    for n, by in BOOK["evenings"].items():
        for rounds, entry in by.items():
            if entry["values"]["opponent spread"] <= 1:
                assert counted_opponents(int(n), int(rounds)) is None, (n, rounds)
    assert counted_opponents(11, 7) is not None and counted_opponents(11, 14) is not None


def test_k8_has_six_one_factorizations_up_to_relabelling() -> None:
    """``factorizations(8)``: six classes, 6,240 one-factorizations in all (Wallis, "One-factorizations",
    1997: K8 has 6 non-isomorphic 1-factorizations), each a partition of the 28 pairs into 7 matchings."""
    from rotation.build.twotables_opponents import factorizations

    kinds, sizes = factorizations(8)
    assert len(kinds) == 6
    assert sum(sizes) == 6240
    for kind in kinds:
        assert sorted(pq for factor in kind for pq in factor) == list(combinations(range(8), 2))
        assert all(sorted(p for pq in factor for p in pq) == list(range(8)) for factor in kind)


def test_a_block_evening_partners_everyone_once_then_once_more_at_most() -> None:
    """``block_evening`` over the cyclic block of 9 with one round after: the block's partnerships kept,
    nobody partnering twice in the rounds after it, nobody out twice running, even after every round."""
    from rotation.build.twotables_opponents import block_evening, cyclic_nine

    status, evening = block_evening(9, cyclic_nine(), 1, 4, 2, first_out=0, work=5.0)
    assert status in ("OPTIMAL", "FEASIBLE")
    assert evening is not None and len(evening) == 10
    partnered = Counter(
        (min(t[i], t[i + 1]), max(t[i], t[i + 1]))
        for g in evening[:9]
        for t in (g[:4], g[4:])
        for i in (0, 2)
    )
    assert set(partnered) == set(combinations(range(9), 2)) and set(partnered.values()) == {1}
    movement = as_movement(9, evening)
    assert is_prefix_balanced(movement)
    outs = [set(r.sitting_out) for r in movement.rounds]
    assert not any(a & b for a, b in pairwise(outs))
    assert check(movement).most_meetings <= 4


@pytest.mark.parametrize("free", [[1, 2], [0, 3]])
def test_rounds_chosen_again_keep_the_others_and_the_rules_above(free: list[int]) -> None:
    """``relaxed``: the book's 10 x 4 with two rounds chosen again keeps the other rounds as they were, is
    even after every round, nobody out twice running, and holds the most meetings and the opponents'
    spread at the entry's."""
    from rotation.build.twotables_opponents import relaxed

    entry = BOOK["evenings"]["10"]["4"]
    found = relaxed(10, entry["rounds"], free, entry["values"], work=5.0)
    assert found is not None
    for r, games in enumerate(entry["rounds"]):
        if r not in free:
            assert found[r] == games
    movement = as_movement(10, found)
    balance = check(movement)
    assert is_prefix_balanced(movement)
    outs = [set(r.sitting_out) for r in movement.rounds]
    assert not any(a & b for a, b in pairwise(outs))
    assert balance.most_meetings <= entry["values"]["most meetings"]
    assert balance.opponent_spread <= entry["values"]["opponent spread"]


def test_the_cases_of_a_proof_cover_every_evening_over_the_block() -> None:
    """``_split`` for the cyclic 1-factorization of K8 (player 7 fixed, i + j partnering i - j modulo 7):
    every round of 8 relabels, by a relabelling that keeps the block's partnerships, to some case's first
    round, and every round, by one that keeps that first round too, to one of that case's second choices;
    the relabellings checked here are found plainly over all 40,320."""
    from itertools import permutations

    from rotation.build.twotables_opponents import _split

    def key(p: int, q: int) -> tuple[int, int]:
        return (min(p, q), max(p, q))

    block = tuple(tuple([key(i, 7)] + [key((i + j) % 7, (i - j) % 7) for j in (1, 2, 3)]) for i in range(7))
    form = {frozenset(f) for f in block}
    keep = [
        g for g in permutations(range(8)) if {frozenset(key(g[p], g[q]) for p, q in f) for f in block} == form
    ]
    assert len(keep) == 42  # x -> ax + b modulo 7 (a not 0), 7 kept: 40,320 / 42 = 960 such blocks

    def shape(rnd: tuple[tuple[tuple[int, int], ...], ...]) -> frozenset[frozenset[tuple[int, int]]]:
        return frozenset(frozenset(t) for t in rnd)

    def mapped(
        g: tuple[int, ...], rnd: tuple[tuple[tuple[int, int], ...], ...]
    ) -> frozenset[frozenset[tuple[int, int]]]:
        return frozenset(frozenset(key(g[p], g[q]) for p, q in t) for t in rnd)

    rounds = []
    for mates in combinations(range(1, 8), 3):
        one = (0, *mates)
        two = tuple(p for p in range(8) if p not in one)
        for a in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):
            for b in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):
                x, y = [one[i] for i in a], [two[i] for i in b]
                rounds.append(((key(x[0], x[1]), key(x[2], x[3])), (key(y[0], y[1]), key(y[2], y[3]))))
    assert len(rounds) == 315
    cases = _split(block)
    firsts = {shape(first) for first, _ in cases}
    for rnd in rounds:
        assert any(mapped(g, rnd) in firsts for g in keep)
    for first, seconds in cases:
        still = [g for g in keep if mapped(g, first) == shape(first)]
        allowed = {shape(s) for s in seconds}
        for rnd in rounds:
            assert any(mapped(g, rnd) in allowed for g in still)


def test_the_block_model_admits_the_books_eight_over_ten() -> None:
    """The model behind 8 x 11's proof is no narrower than the evenings it speaks for: the book's 8 x 10
    (opponents within one, nobody meeting anyone six times, even after every round) partners every pair
    once in its first 7 rounds, and ``block_evening`` over that block with 3 rounds after finds such an
    evening too."""
    from rotation.build.twotables_opponents import block_evening

    entry = BOOK["evenings"]["8"]["10"]
    assert entry["values"]["opponent spread"] == 1 and entry["values"]["most meetings"] == 5
    block = tuple(
        tuple((min(t[i], t[i + 1]), max(t[i], t[i + 1])) for t in (g[:4], g[4:]) for i in (0, 2))
        for g in entry["rounds"][:7]
    )
    assert sorted(pq for f in block for pq in f) == list(combinations(range(8), 2))
    status, evening = block_evening(8, block, 3, 5, 1, work=20.0)
    assert status in ("OPTIMAL", "FEASIBLE") and evening is not None
    balance = check(as_movement(8, evening))
    assert balance.opponent_spread == 1 and balance.most_meetings <= 5 and balance.partner_spread <= 1
    assert is_prefix_balanced(as_movement(8, evening))


def test_the_neighbourhood_search_never_moves_further_from_opponents_within_one() -> None:
    """``neighbourhood`` from the book's 11 x 8 (opponents 1-2 would need every pair to meet; 6 pairs never
    oppose): a few moves keep an evening even after every round, the rules above held, with no more pairs
    outside 1-2 opponents than the start (counted here)."""
    from rotation.build.twotables_opponents import neighbourhood

    entry = BOOK["evenings"]["11"]["8"]

    def outside(evening: list[list[int]]) -> int:
        _, opposed = _met(evening)
        return sum(not 1 <= opposed[pq] <= 2 for pq in combinations(range(11), 2))

    assert outside(entry["rounds"]) == 6
    found = neighbourhood(11, entry["rounds"], entry["values"], moves=2, size=2, work=3.0)
    assert outside(found) <= 6
    movement = as_movement(11, found)
    balance = check(movement)
    assert is_prefix_balanced(movement)
    assert balance.most_meetings <= 2 and balance.opponent_spread <= 2

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
from tests.rotation.movements.books import relabelled

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


def test_nine_players_over_eleven_rounds_reach_every_counting_floor_from_the_book() -> None:
    """9 x 11 (left to the planner before: its own evening is not even after every round) is in the book:
    by the independent checker, for any cut, every rule at counting's floor (the module's docstring) and
    even after every round, each bound stated and reached."""
    evening = book_evening(9, 11, None, True)
    assert evening is not None
    pairs = 36
    floors = {
        "partner spread": int(4 * 11 % pairs != 0),
        "sit-out repeats": 0,
        "most meetings": -(-3 * 10 // 8),
        "repeated meetings": (7 * (3 * 10 - 8) + 2 * (3 * 9 - 8)) // 2,
        "opponent spread": int(8 * 11 % pairs != 0),
    }
    assert floors == {
        "partner spread": 1,
        "sit-out repeats": 0,
        "most meetings": 4,
        "repeated meetings": 96,
        "opponent spread": 1,
    }
    assert evening.values == evening.bounds == floors
    for seed in (1, 2):
        movement = relabelled(evening.movement, seed)
        balance = check(movement)
        assert len(movement.rounds) == 11
        assert balance.partner_spread == 1
        assert balance.most_meetings == 4
        assert balance.repeated_meetings == 96
        assert balance.opponent_spread == 1
        assert balance.sit_out_share_excess == 0
        outs = [set(r.sitting_out) for r in movement.rounds]
        assert all(len(out) == 1 for out in outs)
        assert not any(a & b for a, b in pairwise(outs))
        assert is_prefix_balanced(movement)


def test_eleven_players_over_seven_rounds_oppose_within_two_at_best_by_counting() -> None:
    """11 x 7 repeats 31 of its 84 meetings at least (exhaustive search, the entry's proof), so only 53 of
    the 55 pairs meet: two never oppose while 56 opposing places fall on 53 pairs, so some pair opposes
    twice. The entry states its opponents' 2 proven, and says how."""
    entry = BOOK["evenings"]["11"]["7"]
    meets, opposed = _met(entry["rounds"])
    pairs = list(combinations(range(11), 2))
    assert sum(meets.values()) == 12 * 7 == 84
    assert sum(max(0, meets[pq] - 1) for pq in pairs) == entry["bounds"]["repeated meetings"] == 31
    assert sum(meets[pq] > 0 for pq in pairs) == 84 - 31 == 53
    assert -(-8 * 7 // 53) == 2
    spread = max(opposed[pq] for pq in pairs) - min(opposed[pq] for pq in pairs)
    assert spread == check(as_movement(11, entry["rounds"])).opponent_spread == 2
    assert entry["bounds"]["opponent spread"] == entry["values"]["opponent spread"] == 2
    assert "opponent spread 2: with 31 repeated meetings only 53 pairs meet" in entry["proof"]


def test_the_counting_bound_on_opponents_needs_the_repeats_settled() -> None:
    """``met_opponents`` states nothing while a rule above the opponents is unsettled (11 x 8's repeated
    meetings), and nothing where every pair meets (9 x 12)."""
    from rotation.build.twotables_opponents import met_opponents

    eleven = BOOK["evenings"]["11"]["8"]
    assert "repeated meetings" not in eleven["bounds"]
    assert met_opponents(11, 8, eleven) is None
    nine = {**BOOK["evenings"]["9"]["12"], "bounds": {}}
    nine["bounds"] = {**BOOK["evenings"]["9"]["12"]["values"]}
    del nine["bounds"]["opponent spread"]
    assert met_opponents(9, 12, nine) is None


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

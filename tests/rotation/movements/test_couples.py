"""The spouse-avoiding mixed doubles design by construction (issue 27: "4 couples over 3 rounds, 8 couples
over 7 with every first-named partnering every other second-named exactly once"), counted here from the
seating alone: who sits at each table, who partners whom."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from rotation.movements.couples import cyclic_mixed, mixed_design, mixed_design_rounds


def _couples(k: int) -> list[tuple[int, int]]:
    """Couple i is (first-named 2i, second-named 2i + 1), given shuffled: any order of couples works."""
    order = sorted(range(k), key=lambda i: (i * 5) % k if k % 5 else -i)
    return [(2 * i, 2 * i + 1) for i in order]


@pytest.mark.parametrize("k", [4, 8, 16])
def test_every_first_named_partners_every_other_second_named_once(k: int) -> None:
    """One pass: k - 1 rounds, everyone at a table each round, each man-woman pair of different couples
    partners exactly once, and two of one side never partner."""
    couples = _couples(k)
    movement = mixed_design(2 * k, couples, k - 1)
    assert movement is not None and len(movement.rounds) == k - 1
    partners: Counter[tuple[int, int]] = Counter()
    for rnd in movement.rounds:
        seated = sorted(p for t in rnd.tables for p in t.players)
        assert seated == list(range(2 * k)) and not rnd.sitting_out
        for t in rnd.tables:
            for p, q in ((t.north, t.south), (t.east, t.west)):
                assert p % 2 != q % 2, "a partnership of two first-named or two second-named"
                first, second = (p, q) if p % 2 == 0 else (q, p)
                partners[first, second] += 1
    expected = {(2 * i, 2 * j + 1) for i in range(k) for j in range(k) if i != j}
    assert set(partners) == expected
    assert set(partners.values()) == {1}


@pytest.mark.parametrize("k", [4, 8])
def test_no_couple_ever_shares_a_table_and_each_side_meets_once(k: int) -> None:
    """Spouse-avoiding: a couple never at one table; each two first-named (and each two second-named)
    meet as opponents exactly once in a pass."""
    movement = mixed_design(2 * k, _couples(k), k - 1)
    assert movement is not None
    met: Counter[tuple[int, int]] = Counter()
    for rnd in movement.rounds:
        for t in rnd.tables:
            assert len({p // 2 for p in t.players}) == 4, f"a couple at one table: {t.players}"
            for p, q in combinations(sorted(t.players), 2):
                met[p, q] += 1
    for side in (0, 1):
        same = [p for p in range(2 * k) if p % 2 == side]
        assert all(met[p, q] == 1 for p, q in combinations(same, 2))


def test_longer_evenings_repeat_the_pass_and_other_sizes_have_no_design() -> None:
    """Rounds past one pass start it again; 5, 6 or 12 couples (and a couple missing) have no design."""
    couples = _couples(4)
    six = mixed_design(8, couples, 6)
    assert six is not None and six.rounds[3:] == six.rounds[:3]
    assert mixed_design_rounds(4) == 3 and mixed_design_rounds(8) == 7
    for k in (5, 6, 12):
        assert mixed_design_rounds(k) is None
        assert mixed_design(2 * k, _couples(k), k - 1) is None
    assert mixed_design(10, couples, 3) is None


@pytest.mark.parametrize("k", [5, 6, 7, 12])
def test_the_cyclic_start_partners_each_mixed_pair_once_in_k_minus_1_rounds(k: int) -> None:
    """Where no design is built, the planner's start (``cyclic_mixed``): over k - 1 rounds each
    first-named partners each other couple's second-named at most once (exactly once with an even number
    of couples, where nobody sits out), partnerships always mixed and no couple at one table; with an
    odd number, one first-named and one second-named sit out each round, a different pair each round."""
    couples = _couples(k)
    movement = cyclic_mixed(2 * k, couples, k - 1)
    assert movement is not None
    partners: Counter[tuple[int, int]] = Counter()
    outs = []
    for rnd in movement.rounds:
        assert len(rnd.tables) == k // 2
        for t in rnd.tables:
            assert len({p // 2 for p in t.players}) == 4
            for p, q in ((t.north, t.south), (t.east, t.west)):
                assert p % 2 != q % 2
                partners[min(p, q, key=lambda x: x % 2), max(p, q, key=lambda x: x % 2)] += 1
        outs.append(tuple(sorted(p % 2 for p in rnd.sitting_out)))
        assert outs[-1] == ((0, 1) if k % 2 else ())
    assert max(partners.values()) == 1
    assert len(partners) == (k * (k - 1) if k % 2 == 0 else k * (k - 1) - (k - 1))

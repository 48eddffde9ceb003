"""The annealed base rounds (rotation.build.bases) and the book's evenings made from them.

Sources: resolvable group divisible designs with blocks of four of type 3^u exist for every u = 0 (mod 4),
u >= 8 (Ge, Lam, Ling and Shen, "Resolvable maximum packings with quadruples", Des. Codes Cryptogr. 2005):
3u players, (3u - 3) / 3 rounds, everyone meeting everyone outside their group of three once; of type 2^u
(v = 2u = 8 mod 12), (v - 2) / 3 rounds, everyone meeting all but one other once. The meetings are
counted here from the developed rounds, player by player, not from differences.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from rotation.build.bases import (
    FOUND,
    anneal,
    base_spec,
    found_spec,
    negated_pairing,
    negated_spec,
    unit_of_order_three,
)
from rotation.build.meetonce import construction
from rotation.movements.meetonce import book, develop, meet_once_rounds


def meetings(n_players: int, evening: object) -> Counter[frozenset[int]]:
    """How often each pair shares a table, after checking every round seats everyone once in fours."""
    met: Counter[frozenset[int]] = Counter()
    for tables, out in evening:  # type: ignore[attr-defined]
        seated = [p for table in tables for p in table]
        assert len(tables) == n_players // 4 and not out
        assert sorted(seated) == list(range(n_players))
        for table in tables:
            assert len(set(table)) == 4
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def groups_of_three(q: int) -> set[frozenset[int]]:
    """The pairs who never meet in a design of type 3^(q + 1) as the book numbers players: (x, i) is
    i q + x, groups {x, q + x, 2q + x}, and the fixed players 3q, 3q + 1, 3q + 2."""
    groups = [(x, q + x, 2 * q + x) for x in range(q)] + [(3 * q, 3 * q + 1, 3 * q + 2)]
    return {frozenset(pair) for group in groups for pair in combinations(group, 2)}


@pytest.mark.parametrize(("n", "q"), [(72, 23), (84, 27), (96, 31)])
def test_the_annealed_designs_of_type_3_u_meet_everyone_outside_their_group_once(n: int, q: int) -> None:
    """Ge, Lam, Ling and Shen: a resolvable 4-GDD of type 3^(n/3), n/3 - 1 rounds (the counting bound
    floor((n - 1) / 3)); counted from the rounds: nobody meets anyone twice, and the pairs who never
    meet are exactly the groups of three."""
    found = found_spec(n)
    assert found is not None and "3^" in found[1]
    evening = develop(found[0])
    assert len(evening) == n // 3 - 1 == (n - 1) // 3
    met = meetings(n, evening)
    assert max(met.values()) == 1
    every = {frozenset(pair) for pair in combinations(range(n), 2)}
    assert every - set(met) == groups_of_three(q)


@pytest.mark.parametrize(("n", "rounds"), [(71, 23), (72, 23), (83, 27), (84, 27), (95, 31), (96, 31)])
def test_the_book_is_as_long_as_the_literature_at_72_84_96(n: int, rounds: int) -> None:
    """The literature's length (v - 3) / 3 for v = 0 (mod 12), and for v - 1 the same without one."""
    assert meet_once_rounds(n) == rounds


@pytest.mark.parametrize(
    ("n", "longer_than"),
    [(45, 11), (46, 11), (57, 13), (58, 13), (73, 21), (74, 19), (81, 20), (85, 20), (86, 20), (97, 24)],
)
def test_stand_ins_follow_the_longer_evenings(n: int, longer_than: int) -> None:
    """One or two newcomers standing in seat more rounds than they did over the tabu search's evenings."""
    assert meet_once_rounds(n) > longer_than


def test_the_python_search_is_the_c_search_step_for_step() -> None:
    """tools/base_search.c, run as ``base_search 11 0 3 5000000 1.0`` and ``base_search 15 0 5 5000000
    0.5``, printed these tables at these moves; the Python twin must find the very same."""
    assert anneal("3^u", 11, seed=3, moves=10_000, temperature=1.0) == (
        [[(0, 0), (2, 1), (6, 2)], [(7, 2), (1, 2), (4, 0), (3, 2)], [(9, 0), (5, 1), (10, 0), (8, 1)]],
        1754,
    )
    assert anneal("3^u", 15, seed=5, moves=100_000, temperature=0.5) == (
        [
            [(4, 0), (3, 1), (12, 2)],
            [(1, 2), (14, 1), (11, 0), (8, 1)],
            [(6, 1), (10, 2), (5, 1), (9, 1)],
            [(7, 0), (0, 0), (2, 0), (13, 1)],
        ],
        75397,
    )


@pytest.mark.parametrize(("q", "seed"), [(7, 1), (11, 3)])
def test_a_base_found_in_python_develops_into_a_design(q: int, seed: int) -> None:
    """24 and 36 players: the annealed base round, turned and developed, is a design of type 3^(q + 1)."""
    found = anneal("3^u", q, seed=seed, moves=100_000, temperature=1.0)
    assert found is not None
    evening = develop(base_spec("3^u", q, found[0]))
    met = meetings(3 * q + 3, evening)
    assert max(met.values()) == 1 and len(met) == (3 * q + 3) * (3 * q + 2) // 2 - 3 * (q + 1)


def test_found_records_what_it_found_with() -> None:
    """Each stored base names a kind, its Z_q and a seed, and fits the number of players: one slot per
    orbit of the turn, so q slots (3^u with its fixed table's three, 2^u with its two fixed players')."""
    for n, (kind, q, seed, temperature, move, tables) in FOUND.items():
        assert n == 3 * q + {"3^u": 3, "2^u": 2}[kind] and seed >= 0 and temperature > 0 and move > 0
        assert sum(len(t) for t in tables) == q


def pairs_of_two(q: int) -> set[frozenset[int]]:
    """The pairs who never meet in a design of type 2^(3k + 1), q = 2k: {(x, i), (x + k, i)} as the
    book numbers them (i q + x), and the fixed players 3q, 3q + 1."""
    k = q // 2
    pairs = {frozenset((i * q + x, i * q + x + k)) for i in range(3) for x in range(k)}
    return pairs | {frozenset((3 * q, 3 * q + 1))}


@pytest.mark.parametrize(("n", "q"), [(44, 14), (56, 18), (80, 26)])
def test_the_annealed_designs_of_type_2_u_meet_everyone_outside_their_pair_once(n: int, q: int) -> None:
    """A resolvable 4-GDD of type 2^(n/2): (n - 2) / 3 rounds (the counting bound floor((n - 1) / 3));
    counted from the rounds: nobody meets anyone twice, and only the pairs of each group never meet."""
    found = found_spec(n)
    assert found is not None and f"2^{n // 2}" in found[1]
    evening = develop(found[0])
    assert len(evening) == (n - 2) // 3 == (n - 1) // 3
    met = meetings(n, evening)
    assert max(met.values()) == 1
    every = {frozenset(pair) for pair in combinations(range(n), 2)}
    assert every - set(met) == pairs_of_two(q)


@pytest.mark.parametrize(("n", "rounds"), [(43, 14), (44, 14), (55, 18), (56, 18), (79, 26), (80, 26)])
def test_the_book_is_as_long_as_the_literature_at_44_56_80(n: int, rounds: int) -> None:
    """(v - 2) / 3 for v = 8 (mod 12) where the book has the design of type 2^(v/2); v - 1 the same."""
    assert meet_once_rounds(n) == rounds


def test_there_is_no_turn_of_order_three_for_68_and_92() -> None:
    """Z_22 and Z_30 have no unit of order three (their unit groups have orders 10 and 8): the 2^u search
    cannot turn there, and says so; Z_14, Z_18, Z_26 have 9, 7 and 3 (9^3 = 729 = 52 x 14 + 1)."""
    assert unit_of_order_three(22) == unit_of_order_three(30) == 0
    assert (unit_of_order_three(14), unit_of_order_three(18), unit_of_order_three(26)) == (9, 7, 3)
    with pytest.raises(ValueError, match="order 3"):
        anneal("2^u", 22, seed=0, moves=1)


@pytest.mark.parametrize("q", [13, 17])
def test_a_pairing_fixed_by_negation_develops_into_a_complete_design(q: int) -> None:
    """Hanani, Ray-Chaudhuri and Wilson: a resolvable design on 3q + 1 players (40, 52) in q rounds, every
    pair meeting exactly once, counted from the rounds."""
    pairing = negated_pairing(q)
    assert pairing is not None
    n = 3 * q + 1
    met = meetings(n, develop(negated_spec(q, pairing)))
    assert set(met.values()) == {1} and len(met) == n * (n - 1) // 2


def test_no_design_on_100_players_is_fixed_by_the_turn_and_negation() -> None:
    """Why 100 players' design is not over Z_33: the exhaustive search of the pairings there finds none
    (the annealing with the turn alone stalled one pair short); it is over Z_11 with nine classes
    (rotation.build.bases_multi)."""
    assert negated_pairing(33) is None


@pytest.mark.parametrize("n", [44, 56, 72, 80, 84, 96])
def test_the_builder_makes_the_books_evening_again(n: int) -> None:
    """``python -m rotation.build.meetonce`` regenerates the same book: its construction for these sizes
    is the stored base round, developed, round for round what the book reads."""
    found = construction(n)
    assert found is not None
    assert found.evening == book()[n][1]

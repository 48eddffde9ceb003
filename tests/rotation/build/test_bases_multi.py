"""Several base rounds over a smaller Z_q (rotation.build.bases_multi) and the book's evenings made from
them.

Sources: resolvable designs with blocks of four exist for every v = 4 (mod 12) (Hanani, Ray-Chaudhuri and
Wilson 1972): v players, (v - 1) / 3 rounds, every pair meeting exactly once; 100 players, 33 rounds.
Resolvable 4-GDDs of type 2^u: v = 2u players, (v - 2) / 3 rounds, everyone meeting all but one other once.
The meetings are counted here from the developed rounds, player by player, not from differences.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from rotation.build.bases_multi import (
    FOUND,
    STRUCTURES,
    Structure,
    anneal,
    base_rounds,
    found_spec,
    instance,
)
from rotation.build.meetonce import construction
from rotation.movements.meetonce import book, develop, meet_once_rounds
from tests.rotation.build.test_bases import meetings


def test_the_design_on_100_players_has_everyone_meet_everyone_once() -> None:
    """Hanani, Ray-Chaudhuri and Wilson: RBIBD(100, 4, 1), (100 - 1) / 3 = 33 rounds; counted from the
    rounds, every one of the 4,950 pairs meets exactly once."""
    found = found_spec(100)
    assert found is not None and "100 players" in found[1]
    evening = develop(found[0])
    assert len(evening) == 33 == (100 - 1) // 3
    met = meetings(100, evening)
    assert set(met.values()) == {1} and len(met) == 100 * 99 // 2


@pytest.mark.parametrize(("n", "rounds"), [(99, 33), (100, 33)])
def test_the_book_is_as_long_as_the_literature_at_100(n: int, rounds: int) -> None:
    """(v - 1) / 3 for v = 4 (mod 12); 99 players: the same evening without its last player."""
    assert meet_once_rounds(n) == rounds


def test_the_python_search_is_the_c_search_step_for_step() -> None:
    """``python -m rotation.build.bases_multi``'s instance for 28 players (Z_3, nine classes, three base
    rounds each searched) fed to ``tools/multi_search.c 1 200000000 0.5`` printed these slots at move
    113,863; the Python twin must find the very same."""
    structure = Structure("RBIBD", 3, 9, (0, 0, 0), 1)
    found = anneal(instance(structure), seed=1, moves=150_000)
    printed = [
        "0,0 7,1 8,0 3,0 5,2 2,1 6,1 1,1 4,0",
        "8,0 2,0 6,1 7,1 3,1 1,1 5,1 0,0 4,2",
        "4,0 6,1 0,2 3,2 5,2 7,2 2,0 1,1 8,0",
    ]
    expected = [[tuple(map(int, slot.split(","))) for slot in line.split()] for line in printed]
    assert found == (expected, 113_863)
    met = meetings(28, develop(_spec(structure, found[0])))
    assert set(met.values()) == {1} and len(met) == 28 * 27 // 2


def _spec(structure: Structure, slots: list[list[tuple[int, int]]]) -> dict[str, object]:
    return {
        "moduli": [structure.q],
        "classes": structure.classes,
        "fixed": structure.fixed,
        "rounds": "translates",
        "bases": base_rounds(structure, slots),
    }


def test_two_base_rounds_over_z_9_make_a_design_of_type_2_28() -> None:
    """56 = 6 x 9 + 2: base rounds fixed by (x, i) -> (x, i + 2) and (x, i) -> (x + 3, i + 2), groups
    {(x, i), (x + 3, i + 3)} for i = 0, 2, 4 (``tools/multi_search.c 1 30000000 0.5`` on this instance
    printed these slots at move 18,590,645; with groups {(x, i), (x, i + 3)} four seeds of 50 million
    moves stopped one pair short). Counted from the 18 developed rounds: nobody meets twice, and the
    pairs who never meet are exactly the groups and the two fixed players."""
    structure = Structure("2^u", 9, 6, (0, 3), 2, group=3)
    printed = [
        "14,0 8,0 10,2 5,0 17,0 4,1 7,1 3,2 13,1 15,1 16,1 0,1 11,2 6,1 9,2 12,2 2,1 1,0",
        "0,0 9,0 8,1 7,1 2,2 17,0 4,0 5,2 16,2 3,2 14,1 12,2 13,2 10,1 6,0 15,0 1,0 11,1",
    ]
    slots = [[(int(o), int(label)) for o, label in (x.split(",") for x in line.split())] for line in printed]
    evening = develop(_spec(structure, slots))
    assert len(evening) == 18 == (56 - 2) // 3
    met = meetings(56, evening)
    assert max(met.values()) == 1
    groups = {frozenset((i * 9 + x, (i + 3) % 6 * 9 + (x + 3) % 9)) for i in (0, 2, 4) for x in range(9)}
    every = {frozenset(pair) for pair in combinations(range(56), 2)}
    assert every - set(met) == groups | {frozenset((54, 55))}


def test_found_records_what_it_found_with() -> None:
    """Each stored base fits its structure: one slot per turn-orbit of each searched base round."""
    for n, (seed, temperature, move, written) in FOUND.items():
        structure = STRUCTURES[n]
        assert structure.players == n and seed >= 0 and temperature > 0 and move > 0
        assert [len(w.split()) for w in written] == list(instance(structure).orbits)


def test_each_structure_has_as_many_pairs_as_classes() -> None:
    """92 = 6 x 15 + 2: 88 turn-orbits of difference classes (267 classes but the 3 of the groups {(x,
    i), (x + 5, i + 3)}, in threes) and 4 meetings of a fixed player with a triple of classes, against
    2 x (2 fixed tables' 2 + 7 tables' 6 pairs) = 92. 100 = 9 x 11 + 1: 441 classes in nines (49), and
    one meeting, against 1 + 8 x 6 = 49."""
    assert sum(instance(STRUCTURES[92]).targets) == 92 == 2 * (2 * 2 + 7 * 6)
    assert sum(instance(STRUCTURES[100]).targets) == 50 == 2 + 8 * 6


def test_two_turned_base_rounds_over_z_11_cannot_seat_68() -> None:
    """68 = 6 x 11 + 2: only 0 has order three in Z_11, so both base rounds' turns are (x, i) -> (x,
    i + 2) and both fixed players' tables cover the class (0, 2, 0) (one in each base round); Z_15 has
    5, which is why 92 can. With a shift per class, c_0 + c_2 + c_4 = 0 and c_0 = c_2 = c_4 (what the
    module's argument forces) leave only c = 0."""
    assert [s for s in range(11) if 3 * s % 11 == 0] == [0]
    assert [s for s in range(15) if 3 * s % 15 == 0] == [0, 5, 10]
    assert [c for c in range(11) if 3 * c % 11 == 0] == [0]
    with pytest.raises(ValueError, match="twice"):
        instance(Structure("2^u", 11, 6, (0, 0), 2))


def test_the_builder_makes_the_books_evening_again() -> None:
    """``python -m rotation.build.meetonce`` regenerates the same book: its construction for 100 is the
    stored base rounds, developed, round for round what the book reads."""
    found = construction(100)
    assert found is not None
    assert found.evening == book()[100][1]

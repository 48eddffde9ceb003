"""Meet-once evenings: the book, the constructions behind it, and the fields they are built over.

Every evening of the book is judged by the independent checker (rotation.balance), which knows nothing
of fields or designs. Sources: resolvable designs with blocks of four (Hanani, Ray-Chaudhuri and Wilson
1972); affine planes (AG(2, 4)); transversal designs over GF(q).
"""

from __future__ import annotations

from itertools import product

import pytest

from rotation.balance import MEET_ONCE_LONGEST, check, meet_once_possible, prefix_checks
from rotation.build.designs import (
    GF,
    affine_plane_16,
    affine_space_64,
    aguado_32,
    field_construction,
    field_spec,
    one_rotational,
    one_rotational_rgdd,
)
from rotation.build.meetonce import (
    is_meet_once,
    no_meet_once,
    sit_outs,
    with_newcomers,
    without_last,
)
from rotation.movements.meetonce import (
    book,
    develop,
    evening_movement,
    meet_once_movement,
    meet_once_rounds,
    meet_once_sizes,
)

CONSTRUCTED = {16: 5, 20: 5, 28: 7, 32: 9, 36: 9, 44: 11, 52: 13}
"""Sizes with a field construction and its rounds: AG(2, 4) for 16, GF(q) for 4q (q = 8: one more)."""
BOOK_AT_LEAST = {24: 7, 28: 9, 32: 10, 36: 11, 40: 13, 48: 15, 52: 17}
"""Every pair meeting once where a design allows (28, 40, 52), all but a group of three (24, 36, 48), and
Aguado's 32 x 10: the counting bound, reached."""
BIG_AT_LEAST = {
    56: 18,
    60: 19,
    64: 21,
    68: 17,
    72: 23,
    76: 25,
    80: 26,
    84: 27,
    88: 29,
    92: 23,
    96: 31,
    100: 33,
}
"""Past 52 players: the RGDD of type 3^20 (60), AG(3, 4) (64, complete), GF(17), GF(23) (68, 92), the
complete design on 100 from three annealed base rounds over Z_11 (tests/rotation/build/test_bases_multi.py),
the annealed designs of type 2^28, 2^40, 3^24, 3^28, 3^32 (56, 80, 72, 84, 96:
tests/rotation/build/test_bases.py), the
complete 1-rotational designs over Z_25 and Z_29 (76, 88)."""


# --- the fields ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 11, 13])
def test_gf_is_a_field(q: int) -> None:
    """Exhaustively: addition and multiplication are commutative and associative, with 0 and 1 as
    identities; every element has a negative and every nonzero element an inverse; and multiplication
    distributes over addition."""
    f = GF.of(q)
    assert f.q == q
    elements = range(q)
    for x, y in product(elements, repeat=2):
        assert f.add(x, y) == f.add(y, x)
        assert f.mul(x, y) == f.mul(y, x)
    for x in elements:
        assert f.add(x, 0) == x and f.mul(x, 1) == x and f.mul(x, 0) == 0
        assert f.add(x, f.neg(x)) == 0
        if x:
            assert f.mul(x, f.inv(x)) == 1
    for x, y, z in product(elements, repeat=3):
        assert f.add(f.add(x, y), z) == f.add(x, f.add(y, z))
        assert f.mul(f.mul(x, y), z) == f.mul(x, f.mul(y, z))
        assert f.mul(x, f.add(y, z)) == f.add(f.mul(x, y), f.mul(x, z))
    with pytest.raises(ZeroDivisionError):
        f.inv(0)


def test_gf_4_8_9_are_not_integers_mod_q() -> None:
    """GF(4), GF(8) and GF(9) need polynomial arithmetic: 1 + 1 = 0 in characteristic 2, 1+1+1 = 0 in
    GF(9); Z_q would have zero divisors."""
    assert GF.of(4).add(1, 1) == 0 and GF.of(8).add(1, 1) == 0
    nine = GF.of(9)
    assert nine.add(nine.add(1, 1), 1) == 0
    with pytest.raises(ValueError):
        GF.of(12)


# --- the constructions -----------------------------------------------------------------------------------


def test_affine_plane_16_is_a_complete_meet_once_evening() -> None:
    """AG(2, 4): 5 rounds of 4 tables in which every pair of the 16 players meets exactly once."""
    balance = check(evening_movement(16, affine_plane_16()))
    assert len(affine_plane_16()) == 5
    assert set(balance.table_mates.values()) == {1}


@pytest.mark.parametrize("q", [5, 7, 8, 9, 11, 13])
def test_field_construction_is_meet_once(q: int) -> None:
    """4q players over GF(q): q rounds (9 for q = 8), nobody meets anyone twice."""
    evening = field_construction(q)
    assert len(evening) == CONSTRUCTED[4 * q]
    assert is_meet_once(4 * q, evening)


@pytest.mark.parametrize("q", [5, 9, 13, 17])
def test_one_rotational_designs_are_complete(q: int) -> None:
    """3q + 1 players (16, 28, 40, 52), q rounds: every pair meets exactly once (a resolvable design with
    blocks of four); without its last player, an evening for 3q with three sitting out each round."""
    evening = one_rotational(q)
    assert evening is not None and len(evening) == q
    balance = check(evening_movement(3 * q + 1, evening))
    assert set(balance.table_mates.values()) == {1}
    assert is_meet_once(3 * q, without_last(3 * q + 1, evening))


@pytest.mark.parametrize("q", [7, 11])
def test_group_divisible_designs_meet_all_but_their_group_once(q: int) -> None:
    """Issue 12: 24 x 7 and 36 x 11 (and 48 x 15, in the book) meet nobody twice: a resolvable group
    divisible design of type 3^(q + 1), in which each player meets every player outside their group of
    three exactly once and their own group never."""
    evening = one_rotational_rgdd(q)
    assert evening is not None and len(evening) == q
    n = 3 * (q + 1)
    assert is_meet_once(n, evening)
    mates = check(evening_movement(n, evening)).table_mates
    assert {pq for pq, m in mates.items() if m == 0} == {
        (p, r) for p, r in mates if (p // 3 == r // 3 and p < 3 * q) or (p >= 3 * q and r >= 3 * q)
    }
    assert set(mates.values()) == {0, 1}
    assert meet_once_rounds(n) >= q


def test_aguados_evening_seats_32_players_ten_rounds_apart() -> None:
    """Issue 12: Aguado's 32 x 10, one round more than GF(8) and the counting bound (each player meets
    30 of 31 others): in the book for 32, and for 31 (without the last player) and 33 (a newcomer)."""
    evening = aguado_32()
    assert len(evening) == 10 and is_meet_once(32, evening)
    balance = check(evening_movement(32, evening))
    assert sum(m == 1 for m in balance.table_mates.values()) == 10 * 8 * 6
    assert meet_once_rounds(32) == 10 == meet_once_rounds(31) == meet_once_rounds(33)


def test_without_last_sits_out_the_leavers_table_mates() -> None:
    evening = without_last(32, field_construction(8))
    assert is_meet_once(31, evening)
    assert all(len(out) == 3 and len(tables) == 7 for tables, out in evening)


@pytest.mark.parametrize(("m", "s"), [(40, 1), (32, 2)])
def test_newcomers_stand_in_for_players_sitting_out(m: int, s: int) -> None:
    """An evening for m players with s newcomers standing in: all its rounds (40: the complete design,
    13 rounds; 32: the GF(8) construction, 9 rounds), each newcomer meeting new people every round,
    everyone out once at most."""
    evening = one_rotational(13) if m == 40 else field_construction(8)
    assert evening is not None
    grown = with_newcomers(m + s, m, evening)
    assert grown is not None and len(grown) == len(evening)
    assert is_meet_once(m + s, grown)
    assert all(len(out) == s for _, out in grown)


def test_sit_outs_are_fair_in_every_prefix() -> None:
    for n in range(9, 53):
        outs = sit_outs(n, 40)
        for r in range(1, 40):
            assert not outs[r] & outs[r - 1]
            counts = [sum(p in o for o in outs[:r]) for p in range(n)]
            assert max(counts) - min(counts) <= (1 if n % 4 else 0)


# --- the book --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(book()))
def test_every_book_evening_passes_the_checker(n: int) -> None:
    """Nobody meets anyone twice; every round has floor(n / 4) tables; after every round each player's
    sit-outs are within one of everyone else's; nobody sits out twice running."""
    source, evening = book()[n]
    assert source
    movement = meet_once_movement(n, len(evening))
    assert movement is not None and len(movement) == meet_once_rounds(n) == len(evening)
    for rnd in movement.rounds:
        assert len(rnd.tables) == n // 4
        assert len(rnd.sitting_out) == n % 4
    for balance in prefix_checks(movement):
        assert balance.most_meetings == 1
        assert balance.repeated_meetings == 0
        assert balance.sit_outs_within_share
        assert balance.played_spread <= 1
        assert balance.max_sit_out_run <= 1
        assert balance.total_repeat_sit_outs == 0


def test_the_book_covers_8_to_100() -> None:
    assert meet_once_sizes() == tuple(range(8, 101))


@pytest.mark.parametrize("n", range(53, 101))
def test_every_big_club_has_five_rounds_or_more(n: int) -> None:
    """A big club (issue: "a planner you can trust") plays at least five rounds with nobody meeting anyone
    twice, from the book at once."""
    assert meet_once_rounds(n) >= 5


@pytest.mark.parametrize(("n", "rounds"), sorted(BIG_AT_LEAST.items()))
def test_the_book_reaches_the_big_constructions(n: int, rounds: int) -> None:
    assert meet_once_rounds(n) >= rounds


def test_the_affine_space_seats_64_players_21_rounds_every_pair_once() -> None:
    """AG(3, 4): its 84 lines... its 336 lines of four fall into 21 parallel classes of 16; every pair of
    the 64 points lies on exactly one, so everyone meets everyone exactly once, as the checker counts."""
    evening = develop(affine_space_64())
    assert len(evening) == 21 and all(len(tables) == 16 for tables, _ in evening)
    assert set(check(evening_movement(64, evening)).table_mates.values()) == {1}
    assert meet_once_rounds(64) == 21 == meet_once_rounds(63)


@pytest.mark.parametrize("q", [5, 7, 9, 13, 17, 19, 23, 25])
def test_the_field_construction_developed_from_its_spec_is_the_same(q: int) -> None:
    """The book keeps GF(q)'s construction as one base table per round, developed over the additive group
    of GF(q) when read: the very rounds ``field_construction`` lists, meet-once."""
    evening = develop(field_spec(q))
    assert evening == field_construction(q)
    assert is_meet_once(4 * q, evening)


def test_the_book_keeps_how_to_make_big_evenings_not_their_rounds() -> None:
    """Past 52 players an entry is a construction's base, the evening for one more without its last player,
    or stand-ins: the book stays small (and data, read at run time)."""
    import json
    from importlib.resources import files

    text = files("schedules").joinpath("meetonce.json").read_text(encoding="utf-8")
    big = [e for e in json.loads(text)["evenings"] if e["players"] > 52]
    assert len(big) == 48
    assert sum("rounds" in e for e in big) <= 4  # the few the tabu search found are listed
    assert len(text) < 200_000


@pytest.mark.parametrize(("n", "rounds"), sorted((CONSTRUCTED | BOOK_AT_LEAST).items()))
def test_the_book_reaches_the_constructions(n: int, rounds: int) -> None:
    assert meet_once_rounds(n) >= rounds


@pytest.mark.parametrize(("n", "rounds"), [(16, 5), (28, 9), (40, 13), (52, 17)])
def test_the_book_is_complete_where_a_resolvable_design_is(n: int, rounds: int) -> None:
    """v = 4 (mod 12): (v - 1) / 3 rounds, the counting bound, every pair meeting once; and v - 1."""
    assert meet_once_rounds(n) == rounds
    assert meet_once_rounds(n - 1) == rounds


@pytest.mark.parametrize("n", sorted(book()))
def test_the_book_respects_the_counting_bound(n: int) -> None:
    """A player who plays r rounds meets 3r others: 3r <= n - 1."""
    balance = check(meet_once_movement(n, meet_once_rounds(n)) or pytest.fail("no movement"))
    assert 3 * max(balance.played.values()) <= n - 1


def test_meet_once_movement_is_a_prefix_of_the_book() -> None:
    whole = meet_once_movement(16, 5)
    part = meet_once_movement(16, 3)
    assert whole is not None and part is not None
    assert part.rounds == whole.rounds[:3]
    a, b, c, d = book()[16][1][0][0][0]
    assert part.rounds[0].tables[0].players == (a, c, b, d)  # a-b North-South, c-d East-West


def test_meet_once_movement_returns_none_past_the_book() -> None:
    assert meet_once_movement(16, 6) is None
    assert meet_once_movement(16, 0) is None
    assert meet_once_movement(7, 1) is None
    assert meet_once_movement(101, 1) is None
    assert meet_once_rounds(101) == 0
    for n in meet_once_sizes():
        assert meet_once_movement(n, meet_once_rounds(n) + 1) is None


@pytest.mark.parametrize(("n", "longest"), sorted(MEET_ONCE_LONGEST.items()))
def test_the_proven_longest_meet_once_evenings(n: int, longest: int) -> None:
    """Issue 12, the proven fewest: 17 players at four tables (one out each round, nobody twice) meet
    nobody twice for 4 rounds (the book) but not for 5, which CP-SAT proves over every case here; so a
    plan of 17 x 5 with one repeated meeting is the fewest, and says so."""
    assert meet_once_rounds(n) == longest
    assert no_meet_once(n, longest) is False
    assert no_meet_once(n, longest + 1) is True
    assert not meet_once_possible(n, [n // 4] * (longest + 1))
    assert meet_once_possible(n, [n // 4] * longest)
    assert meet_once_possible(n, [n // 4] * (longest + 1), fair=False)  # the proof presumes fair sit-outs


def test_the_proof_finds_what_it_can_and_refuses_what_it_cannot() -> None:
    """Small cases with known answers: 16 x 5 is the affine plane; 13 x 2 forces a coincidence."""
    assert no_meet_once(16, 5) is False
    assert no_meet_once(13, 2) is True
    with pytest.raises(ValueError):
        no_meet_once(9, 10)  # ten sit-outs among nine players

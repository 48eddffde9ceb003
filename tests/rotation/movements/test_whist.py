"""Whist designs: the book's starters, the constructions behind them, and planning from the book.

A whist design Wh(n) exists exactly for n = 0 or 1 (mod 4) (Baker 1975); in it every pair of players
partners once and opposes twice. Every design is judged by the independent checker (rotation.balance),
which knows nothing of groups or starters.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rotation.balance import check
from rotation.build.whist import build_book, cyclotomic_starter, patterned_starter, search_starter
from rotation.cut import Order
from rotation.movements.order import is_prefix_balanced, prefix_order, prefix_scores
from rotation.movements.whist import (
    BOOK_SIZES,
    Group,
    Starter,
    design_movement,
    design_rounds,
    develop,
    is_whist_size,
    left_right_excess,
    whist_design,
    whist_sizes,
    whist_starter,
)
from rotation.plan import PlanRequest, plan

PRIME_POWERS_1_MOD_4 = (5, 9, 13, 17, 25, 29, 37, 41, 49, 53, 61)


def names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(n))


def test_whist_sizes_are_0_or_1_mod_4() -> None:
    """Wh(n) exists exactly for n = 0 or 1 (mod 4): n - 1 rounds when nobody sits out, n when one does."""
    assert [n for n in range(4, 22) if is_whist_size(n)] == [4, 5, 8, 9, 12, 13, 16, 17, 20, 21]
    assert design_rounds(12) == 11 and design_rounds(13) == 13
    with pytest.raises(ValueError, match="0 or 1"):
        design_rounds(10)


def test_the_book_has_every_whist_size_from_5_to_65() -> None:
    """A whist design exists for every n = 0 or 1 (mod 4) (Baker 1975): the book holds one for each such
    n from 5 to 65 and for no other n, counted from the numbers themselves, not from BOOK_SIZES."""
    expected = [n for n in range(1, 100) if n % 4 in (0, 1) and 5 <= n <= 65]
    assert list(whist_sizes()) == expected
    assert [n for n in range(1, 100) if is_whist_size(n)][:3] == [4, 5, 8]


@pytest.mark.parametrize("n", BOOK_SIZES)
def test_every_book_design_passes_the_checker(n: int) -> None:
    """Every pair partners once and opposes twice; everyone sits out at most once and never twice
    running; each player sits in each seat within one of the others and deals first within one; and
    every prefix of the order of play is within its bounds (a design stopped early stays fair)."""
    movement = whist_design(n)
    balance = check(movement)
    assert len(movement) == design_rounds(n)
    assert balance.is_whist
    assert balance.partner_spread == 0 and balance.opponent_spread == 0
    assert set(balance.sat_out.values()) == ({1} if n % 4 == 1 else {0})
    assert balance.total_repeat_sit_outs == 0
    assert balance.played_spread == 0
    assert balance.seat_spread <= (0 if n % 4 == 1 else 1)
    assert balance.first_deal_spread <= (0 if n % 4 == 1 else 1)
    assert is_prefix_balanced(movement)


@pytest.mark.parametrize("n", BOOK_SIZES)
def test_book_entries_say_how_they_were_made(n: int) -> None:
    """Each entry names its construction and source, and says truthfully whether it is directed (every
    two players who meet twice sit once each way round)."""
    starter = whist_starter(n)
    assert starter.construction in {"cyclotomic", "patterned", "product", "search"}
    assert starter.source
    assert starter.directed == (left_right_excess(develop(starter)) == 0)


@pytest.mark.parametrize("q", PRIME_POWERS_1_MOD_4)
def test_the_cyclotomic_starter_is_a_directed_whist_design(q: int) -> None:
    """For a prime power q = 1 (mod 4), the tables x^i (1, w, w^2, w^3), w = x^(q-1)/4, form a directed
    whist design (Anderson, Combinatorial Designs and Tournaments): each other player once on your left
    and once on your right. GF(9), GF(25) and GF(49) are fields of prime powers, not Z_q."""
    movement = develop(cyclotomic_starter(q))
    assert check(movement).is_whist
    assert left_right_excess(movement) == 0


def test_the_cyclotomic_starter_needs_a_prime_power_1_mod_4() -> None:
    """21 is no prime power and 7 is 3 mod 4: no cyclotomic starter."""
    for n in (21, 7):
        with pytest.raises(ValueError, match="prime power"):
            cyclotomic_starter(n)


def test_a_patterned_starter_is_directed_and_impossible_when_3_divides_n() -> None:
    """Tables (a, b, -a, -b) over Z_65 cover every difference as a partner, opponent and left difference;
    over Z_21 no such starter exists (the sum of squares count in patterned_starter's docstring)."""
    starter = patterned_starter(65)
    assert starter is not None
    movement = develop(starter)
    assert check(movement).is_whist and left_right_excess(movement) == 0
    assert patterned_starter(21) is None


@pytest.mark.parametrize("n", [8, 12, 13, 21])
def test_the_search_finds_starters(n: int) -> None:
    """The search finds a whist starter for small sizes of both kinds (with and without infinity)."""
    starter = search_starter(n, seed=1)
    assert starter is not None
    assert check(develop(starter)).is_whist


@pytest.mark.parametrize("n", [5, 9, 13, 17, 25, 29, 45])
def test_constructed_book_entries_rebuild_exactly(n: int) -> None:
    """The book's constructed entries (cyclotomic, product) are what `python -m rotation.build.whist`
    makes today, order of play included."""
    assert build_book([n])["designs"][str(n)] == whist_starter(n).to_data()


def test_a_starter_round_trips_through_the_book_format() -> None:
    """to_data and from_data are inverse."""
    for n in (13, 16, 45):
        starter = whist_starter(n)
        assert Starter.from_data(starter.to_data()) == starter


def test_a_starter_is_validated() -> None:
    """Wrong group order, wrong table count and an order of play that skips a round are refused."""
    good = cyclotomic_starter(13)
    with pytest.raises(ValueError, match="group of order 13"):
        replace(good, moduli=(11,))
    with pytest.raises(ValueError, match="3 starter tables"):
        replace(good, tables=good.tables[:2])
    with pytest.raises(ValueError, match="each of the 13 rounds once"):
        replace(good, order=(0,) * 13)


def test_group_arithmetic_in_mixed_radix() -> None:
    """Z_3 x Z_3: element 5 is (1, 2); 5 + 5 = (2, 1) = 7; -5 = (2, 1) = 7."""
    group = Group((3, 3))
    assert group.order == 9 and group.digits(5) == (1, 2)
    assert group.add(5, 5) == 7 and group.neg(5) == 7 and group.sub(5, 5) == 0


def test_the_book_keeps_each_designs_prefix_order() -> None:
    """The book stores the order of play that prefix_order finds for the developed design, and it is no
    worse at any stop than the order the group develops them in: partners, sit-outs and opponents summed
    over the prefixes, compared in that order."""

    def cost(starter: Starter) -> tuple[int, int, int]:
        scores = prefix_scores(develop(starter))
        return (
            sum(s.partner_excess for s in scores),
            sum(s.sit_out_excess for s in scores),
            sum(s.opponent_excess for s in scores),
        )

    for n in (8, 16, 32, 45):
        starter = whist_starter(n)
        plain = replace(starter, order=())
        assert starter.order == prefix_order(develop(plain))
        assert cost(starter) <= cost(plain)
        if n != 16:  # 16's developed order is already as even in opponents as any found
            assert cost(starter)[2] < cost(plain)[2]


def test_design_movement_plays_whole_passes_and_cuts_the_last_short() -> None:
    """Two passes of Wh(8) (14 rounds) partner every pair twice; 10 rounds are a pass and three rounds."""
    fourteen = design_movement(8, 14)
    assert fourteen is not None
    twice = check(fourteen)
    assert set(twice.partners.values()) == {2} and set(twice.opponents.values()) == {4}
    cut = design_movement(8, 10)
    assert cut is not None and len(cut) == 10 and cut.rounds[:7] == whist_design(8).rounds
    assert design_movement(10, 9) is None


@pytest.mark.parametrize(
    "n", [8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29, 32, 33, 36, 37, 40, 41, 44, 48, 52, 56, 60, 64, 65]
)
def test_plan_returns_the_perfect_design_for_whist_sizes(n: int) -> None:
    """`chicago plan` with n names and n - 1 (n = 0 mod 4) or n (n = 1 mod 4) rounds gets a design from
    the book: every pair partners once and opposes twice, with no solver run."""
    result = plan(PlanRequest(names(n), Order.GIVEN, rounds=design_rounds(n)))
    assert result.method == "whist design" and result.solved is None
    assert check(result.schedule.movement).is_whist


def test_plan_uses_the_solver_when_a_design_does_not_fit() -> None:
    """A pair who must not partner rules out the design: the solver plans, honouring it."""
    result = plan(PlanRequest(names(8), Order.GIVEN, rounds=7, avoid=(("P0", "P1"),), work=2))
    assert result.method == "balanced"
    assert check(result.schedule.movement).partners[(0, 1)] == 0

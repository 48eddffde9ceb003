"""Russian scoring (seed 000): high-card-point targets and IMPs per deal."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    DEALER_CYCLE,
    NONDEALER_CYCLE,
    InvalidResultError,
    Result,
    RussianScore,
    Seat,
    Side,
    Vulnerability,
    hcp_target,
    russian_imps,
    russian_score,
)
from scoring.russian import HCP_TARGETS
from tests.strategies import results, vulnerabilities


def test_target_table_ends() -> None:
    """Seed 000, target table: 20 points is 0, 40 points is 1300 / 1950."""
    assert hcp_target(20, vulnerable=False) == hcp_target(20, vulnerable=True) == 0
    assert hcp_target(40, vulnerable=False) == 1300
    assert hcp_target(40, vulnerable=True) == 1950


@pytest.mark.parametrize(
    ("hcp", "nonvul", "vul"),
    [
        (21, 50, 50),
        (23, 110, 110),
        (24, 200, 290),
        (25, 300, 440),
        (30, 490, 690),
        (31, 600, 900),
        (37, 1300, 1950),
    ],
)
def test_target_table_rows(hcp: int, nonvul: int, vul: int) -> None:
    """Seed 000, target table: sample rows, including where vulnerability starts to matter (24)."""
    assert (hcp_target(hcp, vulnerable=False), hcp_target(hcp, vulnerable=True)) == (nonvul, vul)


SEED_000_TARGETS = """
  20              0          0
  21             50         50
  22             70         70
  23            110        110
  24            200        290
  25            300        440
  26            350        520
  27            400        600
  28            430        630
  29            460        660
  30            490        690
  31            600        900
  32            700       1050
  33            900       1350
  34           1000       1500
  35           1100       1650
  36           1200       1800
  37           1300       1950
  38           1300       1950
  39           1300       1950
  40           1300       1950
"""
"""Seed 000's target table as printed (High Card Points, Not Vul., Vulnerable)."""


def test_every_row_of_the_target_table() -> None:
    """Seed 000, Chicago with Russian Scoring: every row of the target table, 20 to 40 points, both
    vulnerabilities, copied from the page as printed."""
    rows = [tuple(int(word) for word in line.split()) for line in SEED_000_TARGETS.strip().splitlines()]
    assert [hcp for hcp, _, _ in rows] == list(range(20, 41))
    for hcp, nonvul, vul in rows:
        assert (hcp_target(hcp, vulnerable=False), hcp_target(hcp, vulnerable=True)) == (nonvul, vul)


def test_target_table_shape() -> None:
    """Seed 000: 21 rows (20-40), rising with the points, flat from 37, vulnerable never below non-vul."""
    assert len(HCP_TARGETS) == 21
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in itertools.pairwise(HCP_TARGETS))
    assert HCP_TARGETS[17:] == ((1300, 1950),) * 4
    assert all(nonvul <= vul for nonvul, vul in HCP_TARGETS)


@pytest.mark.parametrize("hcp", [19, 41, -1])
def test_target_is_for_the_side_with_more_points(hcp: int) -> None:
    """Seed 000: the target belongs to the side holding more points, so 20 to 40."""
    with pytest.raises(ValueError, match="20 to 40"):
        hcp_target(hcp, vulnerable=False)


def test_seed_000_example_under_the_dealer_cycle() -> None:
    """Seed 000's example: E-W, deal 2, 3H making 10, 24 HCP, vulnerable: 170 vs 290 is -120, so -3 IMPs.

    E-W are vulnerable on deal 2 (dealer East) only under the `dealer` cycle; this is that reading.
    """
    vulnerability = DEALER_CYCLE.vulnerability(2, Seat.EAST)
    assert vulnerability is Vulnerability.EW
    score = russian_score(Result.parse("3H E +1"), hcp_ns=40 - 24, vulnerability=vulnerability)
    assert score == RussianScore(side=Side.EW, hcp=24, target=290, score=170, imps=-3)
    assert score.ns_imps == 3


def test_seed_000_example_under_its_own_cycle() -> None:
    """Seed 000's own cycle (nondealer) makes N-S, not E-W, vulnerable on deal 2 with dealer East.

    The example's "We were vulnerable" contradicts the page's own table; read by that table, E-W's
    target is the non-vulnerable 200, the score still 170 (a non-vul 3H+1), and -30 is -1 IMP.
    """
    vulnerability = NONDEALER_CYCLE.vulnerability(2, Seat.EAST)
    assert vulnerability is Vulnerability.NS
    score = russian_score(Result.parse("3H E +1"), hcp_ns=16, vulnerability=vulnerability)
    assert (score.target, score.score, score.imps) == (200, 170, -1)


def test_defenders_with_more_points_compare_their_defensive_score() -> None:
    """Seed 000: the side with more points is compared with its target even when it defends."""
    score = russian_score(Result.parse("4S E -2"), hcp_ns=26, vulnerability=Vulnerability.NONE)
    assert score.side is Side.NS
    assert (score.score, score.target) == (100, 350)
    assert score.imps == -6
    assert russian_imps(Result.parse("4S E -2"), hcp_ns=26, vulnerability=Vulnerability.NONE) == -6


def test_even_split_has_target_zero() -> None:
    """Seed 000: 20-20 gives target 0, so the deal's IMPs are the plain score's."""
    score = russian_score(Result.parse("3NT W ="), hcp_ns=20, vulnerability=Vulnerability.BOTH)
    assert score.target == 0
    assert score.ns_imps == -12


def test_russian_needs_a_declarer() -> None:
    """Without a declarer the score cannot be given to a side."""
    with pytest.raises(InvalidResultError, match="declarer"):
        russian_score(Result.parse("3NT="), hcp_ns=25, vulnerability=Vulnerability.NONE)


@pytest.mark.parametrize("hcp_ns", [-1, 41])
def test_hcp_range(hcp_ns: int) -> None:
    """A deck holds 40 high-card points."""
    with pytest.raises(ValueError, match="0 to 40"):
        russian_score(Result.parse("3NT N ="), hcp_ns=hcp_ns, vulnerability=Vulnerability.NONE)


@given(results(), st.integers(0, 40), vulnerabilities)
def test_seen_from_either_side(result: Result, hcp_ns: int, vulnerability: Vulnerability) -> None:
    """Turning the table a quarter (declarer, points and vulnerability) negates the N-S IMPs."""
    assert result.declarer is not None
    turned = Result(result.contract, result.declarer.next(), result.tricks)
    turned_vulnerability = {
        Vulnerability.NS: Vulnerability.EW,
        Vulnerability.EW: Vulnerability.NS,
    }.get(vulnerability, vulnerability)
    before = russian_imps(result, hcp_ns=hcp_ns, vulnerability=vulnerability)
    after = russian_imps(turned, hcp_ns=40 - hcp_ns, vulnerability=turned_vulnerability)
    assert after == -before

"""The IMP scale (WBF Laws of Duplicate Bridge, Law 78B)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import imps

LAW_78B = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
]
"""Law 78B's printed bands: a difference from low to high points (inclusive) is worth this many IMPs."""


@pytest.mark.parametrize(("low", "high", "won"), LAW_78B, ids=[f"{low}-{high}" for low, high, _ in LAW_78B])
def test_every_band_edge(low: int, high: int, won: int) -> None:
    """Law 78B: both ends of every band, positive and negative, and the next band starting 10 above."""
    assert imps(low) == won
    assert imps(high) == won
    assert imps(-low) == -won
    assert imps(-high) == -won
    assert imps(high + 10) == won + 1
    assert imps(-(high + 10)) == -(won + 1)


def test_top_band_is_open() -> None:
    """Law 78B: 4000 and more is 24 IMPs, the most there is."""
    assert imps(4000) == 24
    assert imps(7600) == 24
    assert imps(-100_000) == -24


def test_seed_000_example() -> None:
    """Seed 000, Russian scoring: 120 points short of target is minus 3 IMPs."""
    assert imps(-120) == -3


@given(st.integers(-10_000, 10_000))
def test_odd_symmetric(points: int) -> None:
    """Losing a swing costs what winning it gains."""
    assert imps(-points) == -imps(points)


@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_monotone(a: int, b: int) -> None:
    """A bigger difference never earns fewer IMPs."""
    if a <= b:
        assert imps(a) <= imps(b)

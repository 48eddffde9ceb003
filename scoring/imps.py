"""International Match Points: the WBF Laws of Duplicate Bridge, Law 78B scale."""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

IMP_BAND_EDGES: Final = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""The lowest point difference worth 1, 2, ..., 24 IMPs (Law 78B: 20-40 is 1 IMP, 4000 and more 24)."""


def imps(points: int) -> int:
    """The IMPs for a point difference, with its sign: a swing of -120 is -3."""
    won = bisect_right(IMP_BAND_EDGES, abs(points))
    return won if points >= 0 else -won

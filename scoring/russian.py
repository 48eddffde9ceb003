"""Russian scoring (seed 000): each deal's duplicate score against a target set by the high-card points.

The side holding more high-card points is expected to score its target; the difference between its
duplicate score and that target, in IMPs, is its score on the deal, and the other side's is the negation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoring.contract import InvalidResultError, Result
from scoring.duplicate import duplicate_score
from scoring.imps import imps
from scoring.seat import Side
from scoring.vulnerability import Vulnerability

ALL_HCP: Final = 40
"""High-card points in a deck: ace 4, king 3, queen 2, jack 1."""

HCP_TARGETS: Final = (
    (0, 0), (50, 50), (70, 70), (110, 110), (200, 290), (300, 440), (350, 520), (400, 600),
    (430, 630), (460, 660), (490, 690), (600, 900), (700, 1050), (900, 1350), (1000, 1500),
    (1100, 1650), (1200, 1800), (1300, 1950), (1300, 1950), (1300, 1950), (1300, 1950),
)  # fmt: skip
"""Seed 000's table: the target for 20, 21, ..., 40 high-card points, (not vulnerable, vulnerable)."""

FEWEST_HCP: Final = 20
"""The side holding more points holds at least half the deck."""


def hcp_target(hcp: int, *, vulnerable: bool) -> int:
    """The target score of a side holding ``hcp`` (20 to 40) high-card points."""
    if type(hcp) is not int or not FEWEST_HCP <= hcp <= ALL_HCP:
        raise ValueError(f"a target is for the side with more high-card points: 20 to 40, not {hcp!r}")
    return HCP_TARGETS[hcp - FEWEST_HCP][vulnerable]


@dataclass(frozen=True, slots=True)
class RussianScore:
    """One deal under Russian scoring, seen from the side that held more high-card points."""

    side: Side
    """The side compared with its target (N-S when the points split 20-20: the target is 0 either way)."""
    hcp: int
    target: int
    score: int
    """That side's duplicate score on the deal: negative when it went down or the opponents scored."""
    imps: int

    @property
    def ns_imps(self) -> int:
        return self.imps if self.side is Side.NS else -self.imps


def russian_score(result: Result, *, hcp_ns: int, vulnerability: Vulnerability) -> RussianScore:
    """Compare the duplicate score of the side with more high-card points with its target, in IMPs."""
    if type(hcp_ns) is not int or not 0 <= hcp_ns <= ALL_HCP:
        raise ValueError(f"N-S high-card points are 0 to 40, not {hcp_ns!r}")
    declarer_side = result.declarer_side
    if declarer_side is None:
        raise InvalidResultError(f"{result}: Russian scoring needs the declarer's seat")
    side = Side.NS if hcp_ns >= ALL_HCP - hcp_ns else Side.EW
    hcp = hcp_ns if side is Side.NS else ALL_HCP - hcp_ns
    declarer_score = duplicate_score(result, vulnerable=vulnerability.is_vulnerable(declarer_side))
    score = declarer_score if declarer_side is side else -declarer_score
    target = hcp_target(hcp, vulnerable=vulnerability.is_vulnerable(side))
    return RussianScore(side, hcp, target, score, imps(score - target))


def russian_imps(result: Result, *, hcp_ns: int, vulnerability: Vulnerability) -> int:
    """The deal's IMPs from N-S's viewpoint (E-W score the negation)."""
    return russian_score(result, hcp_ns=hcp_ns, vulnerability=vulnerability).ns_imps

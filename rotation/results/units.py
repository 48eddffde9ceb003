"""What a tally counts in and what a season ranks on: choices the command line offers without loading
sessions or scoring them."""

from __future__ import annotations

from enum import StrEnum

from scoring.methods import TallyUnit
from scoring.rules import ScoringRules

__all__ = ["POINTS_SCHEME", "RankBy", "TallyUnit", "tally_unit"]


class RankBy(StrEnum):
    """What the season ranks on."""

    TOTAL = "total"
    """The sum of every rubber's plus/minus (the bulletin's way)."""
    AVERAGE = "average"
    """Plus/minus per rubber played, fairer to players who came less often (use with a minimum)."""
    RATING = "rating"
    """Strength from rubber nets, allowing for partners, opponents and attendance (`results.rating`)."""
    POINTS = "points"
    """Placing points: each evening, N players ranked give N points to the first down to 1, ties sharing."""


POINTS_SCHEME = (
    "placing points: each evening, its N players ranked by their total get N points for first down to 1"
    " for last, players tied sharing the average of their places; summed over the season"
)
"""`RankBy.POINTS` in words, as the command line's help and every standings' note say it."""


def tally_unit(rules: ScoringRules) -> TallyUnit:
    """The unit of a session's tally (`ScoringRules.tally_unit`): IMPs under a method in IMPs, else the
    ``unit`` setting."""
    return rules.tally_unit

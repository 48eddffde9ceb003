"""What a tally counts in and what a season ranks on: choices the command line offers without loading
sessions or scoring them."""

from __future__ import annotations

from rotation.request import POINTS_SCHEME, RankBy
from scoring.methods import TallyUnit
from scoring.rules import ScoringRules

__all__ = ["POINTS_SCHEME", "RankBy", "TallyUnit", "tally_unit"]


def tally_unit(rules: ScoringRules) -> TallyUnit:
    """The unit of a session's tally (`ScoringRules.tally_unit`): IMPs under a method in IMPs, else the
    ``unit`` setting."""
    return rules.tally_unit

"""What a tally counts in and what a season ranks on: choices the command line offers without loading
sessions or scoring them."""

from __future__ import annotations

from enum import StrEnum

from scoring.rules import Method, ScoringRules
from scoring.tally import Unit

__all__ = ["RankBy", "TallyUnit", "tally_unit"]


class RankBy(StrEnum):
    """What the season ranks on."""

    TOTAL = "total"
    """The sum of every rubber's plus/minus (the bulletin's way)."""
    AVERAGE = "average"
    """Plus/minus per rubber played, fairer to players who came less often (use with a minimum)."""


class TallyUnit(StrEnum):
    """What a session's tally counts in; sessions are only added up with others in the same unit."""

    HUNDREDS = "hundreds"
    POINTS = "points"
    IMPS = "imps"

    @property
    def label(self) -> str:
        """As printed: ``hundreds``, ``points``, ``IMPs``."""
        return "IMPs" if self is TallyUnit.IMPS else self.value


def tally_unit(rules: ScoringRules) -> TallyUnit:
    """The unit of a session's tally: IMPs under Russian scoring, else the ``unit`` setting."""
    if rules.method is Method.RUSSIAN:
        return TallyUnit.IMPS
    return TallyUnit.POINTS if rules.unit is Unit.POINTS else TallyUnit.HUNDREDS

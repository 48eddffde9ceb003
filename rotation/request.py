"""The words of a plan request light enough for the command line to load at start-up: how the seating is
found, and the parts of a request that an error or a note can point at (each face words them its own
way: the command line names its option)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

HISTORY_DAYS: Final = 365
"""How far back the season a new plan takes into account reaches, unless asked otherwise: a year."""


class Method(StrEnum):
    """How the seating is found."""

    AUTO = "auto"
    BULLETIN = "bulletin"
    BALANCED = "balanced"


class Part(StrEnum):
    """A part of a plan request, as errors and notes name it."""

    AWAY = "away"
    """Players absent for some rounds."""
    AVOID = "avoid"
    """Pairs who must not partner."""
    KEEP = "keep"
    """Rounds already played, kept."""
    ROUNDS = "rounds"
    """The number of rounds."""
    TABLES = "tables"
    """The number of tables."""
    METHOD = "method"
    """How the seating is found."""
    TIME_LIMIT = "time_limit"
    """The balanced planner's cap in seconds."""


class Fault(StrEnum):
    """What is wrong with a part of a request, for a face to word (``PlanError.fault``)."""

    UNREADABLE = "unreadable"
    """The text of a part cannot be read (facts: ``text``, ``form``: how to write it)."""
    NOT_A_PLAYER = "not a player"
    """A part names someone who is not one of the players (facts: ``name``)."""
    SAME_PLAYER = "same player"
    """A pair who must not partner names one player twice."""
    KEPT_BEYOND_PLAN = "kept beyond the plan"
    """More rounds kept than the plan kept from has (facts: ``kept``, ``has``)."""
    KEPT_BEYOND_EVENING = "kept beyond the evening"
    """More rounds kept than the evening has (facts: ``kept``, ``has``)."""
    NEEDS_BALANCED = "needs the balanced planner"
    """Pairs apart, a number of tables or kept rounds asked of the bulletin's movements."""
    AFTER_THE_EVENING = "after the evening"
    """Someone away in a round after the evening's last (facts: ``name``, ``round``, ``rounds``)."""
    NOT_FOUND_IN_TIME = "not found in time"
    """No schedule within the time limit (facts: ``seconds``)."""

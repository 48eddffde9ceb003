"""The words of a request light enough for the command line to load at start-up: how the seating is
found and the score sheet ordered, the parts of a plan request that an error or a note can point at (each
face words them its own way: the command line names its option), and what a season ranks on. Plain
values, below every layer, so that a face names them without reaching below the services."""

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


class Seating(StrEnum):
    """How the rounds are seated: all before play (balanced, by the planner), or each from the results
    of the round before (a movement by results: progressive or swiss)."""

    BALANCED = "balanced"
    PROGRESSIVE = "progressive"
    SWISS = "swiss"


class Order(StrEnum):
    """How the score-sheet order is decided."""

    CUT = "cut"
    GIVEN = "given"


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


class Part(StrEnum):
    """A part of a plan request, as errors and notes name it."""

    AWAY = "away"
    """Players absent for some rounds."""
    AVOID = "avoid"
    """Pairs who must not partner."""
    KEEP = "keep"
    """Rounds already played, kept."""
    COUPLE = "couple"
    """Couples who never partner nor share a table."""
    MIXED = "mixed"
    """Every partnership one couple's first-named and another's second-named."""
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
    IN_TWO_COUPLES = "in two couples"
    """A player named in two couples (facts: ``name``)."""
    NOT_IN_A_COUPLE = "not in a couple"
    """Mixed partnerships asked, but a player is in no couple (facts: ``name``)."""
    KEPT_BEYOND_PLAN = "kept beyond the plan"
    """More rounds kept than the plan kept from has (facts: ``kept``, ``has``)."""
    KEPT_BEYOND_EVENING = "kept beyond the evening"
    """More rounds kept than the evening has (facts: ``kept``, ``has``)."""
    NEEDS_BALANCED = "needs the balanced planner"
    """Pairs apart, couples, a number of tables or kept rounds asked of the bulletin's movements."""
    AFTER_THE_EVENING = "after the evening"
    """Someone away in a round after the evening's last (facts: ``name``, ``round``, ``rounds``)."""
    NOT_FOUND_IN_TIME = "not found in time"
    """No schedule within the time limit (facts: ``seconds``)."""

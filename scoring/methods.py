"""How a rubber's deals become a tally: each scoring method is data, a frozen record of what differs.

The registry `METHODS` holds the three methods DESIGN.md names ("Scoring variants"); a new method is one more
record there. Consumers read a method's fields (`carries_partscores`, `honors`, `hcp_target`, `in_imps`),
never test which method it is. This module loads nothing else of scoring, so the command line can offer
the names at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from scoring._enums import ChoiceEnum


class UnknownMethodError(ValueError):
    """A scoring method name that is not registered."""


class TallyUnit(ChoiceEnum):
    """What a session's tally counts in; sessions are only added up with others in the same unit."""

    HUNDREDS = "hundreds"
    POINTS = "points"
    IMPS = "imps"

    @property
    def label(self) -> str:
        """As printed: ``hundreds``, ``points``, ``IMPs``."""
        return "IMPs" if self is TallyUnit.IMPS else self.value


@dataclass(frozen=True, slots=True)
class ScoringMethod:
    """One scoring method: its name, its words for a card, and the rules in which methods differ."""

    name: str
    """The word a session stores and a user types: lower case."""
    phrase: str
    """Words for every card and sheet, e.g. ``Chicago scoring``."""
    aliases: tuple[str, ...] = ()
    carries_partscores: bool = False
    """Rubber-bridge scoring (seed 001): trick points below the line carried until a game, the game premium
    300/500 by the vulnerability of the side completing it, every part score dead after a game, and the 100
    for a part score at the end (`PartscorePremium`). Otherwise each deal alone, with the duplicate premiums
    of Law 77 (50 for a part score)."""
    honors: bool = False
    """Honors count when entered; otherwise a deal entered with honors is refused."""
    hcp_target: bool = False
    """Seed 000's Russian scoring: each deal's duplicate score is compared with the target of the side
    holding more high-card points, the difference in IMPs (WBF Law 78B); each deal needs the N-S high-card
    points, and the tally is in IMPs."""

    def __post_init__(self) -> None:
        word = self.name.replace("-", "") if isinstance(self.name, str) else ""
        if not (word.isalnum() and word.islower()):
            raise UnknownMethodError(f"a method's name is one lower-case word, not {self.name!r}")
        flags = (self.carries_partscores, self.honors, self.hcp_target)
        if not all(isinstance(flag, bool) for flag in flags):
            raise UnknownMethodError(f"method {self.name!r}: its rules are True or False, not {flags!r}")

    @property
    def in_imps(self) -> bool:
        """Whether the tally is the deals' IMPs (which only the high-card-point target gives)."""
        return self.hcp_target

    def __str__(self) -> str:
        return self.name


CHICAGO_METHOD: Final = ScoringMethod("chicago", "Chicago scoring", carries_partscores=True, honors=True)
"""The default: rubber-bridge trick points over the four deals, honors counted when entered (seed 001)."""

DUPLICATE_METHOD: Final = ScoringMethod("duplicate", "Duplicate scoring (each deal alone)")
"""Each deal alone with duplicate premiums (Law 77)."""

RUSSIAN_METHOD: Final = ScoringMethod(
    "russian", "Russian scoring (IMPs against a high-card-point target)", hcp_target=True
)
"""Each deal's duplicate score against a high-card-point target, in IMPs (seed 000)."""

METHODS: Final = (CHICAGO_METHOD, DUPLICATE_METHOD, RUSSIAN_METHOD)
"""The registry: what `find_method` finds and the command line offers."""


def find_method(name: str) -> ScoringMethod:
    """A registered method by name or alias, in any case."""
    key = name.strip().lower()
    for method in METHODS:
        if key == method.name or key in method.aliases:
            return method
    raise UnknownMethodError(f"unknown method {name!r}: expected {method_choices()}")


def method_choices() -> str:
    """The registered names, for an error message: ``chicago, duplicate or russian``."""
    words = [method.name for method in METHODS]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


if TYPE_CHECKING:  # the members are the registry's names, which a type checker cannot list
    MethodName = ChoiceEnum
else:
    MethodName = ChoiceEnum(
        "MethodName",
        [(method.name.upper().replace("-", "_"), method.name) for method in METHODS],
        module=__name__,
    )
    MethodName.__doc__ = "The registered methods' names, as the command line offers them (`find_method`)."

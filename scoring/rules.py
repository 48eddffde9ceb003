"""The scoring settings of a session: one frozen record, read from and written to the session's JSON.

Each choice the sources disagree on is a named option with a default (DESIGN.md, "Scoring variants").
`ScoringRules.describe` gives the one line that printers put on every card and sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, TypeVar

from scoring._enums import ChoiceEnum
from scoring.tally import RecordedNet, Rounding, Unit, tally_net
from scoring.vulnerability import DEALER_CYCLE, UnknownCycleError, VulnerabilityCycle, find_cycle


class InvalidRulesError(ValueError):
    """Scoring settings that cannot be read."""


class Method(ChoiceEnum):
    """How a rubber's deals become points."""

    CHICAGO = "chicago"
    """Rubber-bridge scoring over four deals: part scores carried, game premiums by vulnerability."""
    DUPLICATE = "duplicate"
    """Each deal alone with duplicate premiums (Law 77)."""
    RUSSIAN = "russian"
    """Each deal's duplicate score against a high-card-point target, in IMPs (seed 000)."""


class PartscorePremium(ChoiceEnum):
    """Which part scores earn the 100 at the end of a Chicago rubber."""

    DEAL4 = "deal4"
    """ACBL and seed 001: a part score made on the last deal that does not complete a game."""
    OUTSTANDING = "outstanding"
    """Seed 000: every side holding an uncompleted part score after the last deal."""


_METHOD_PHRASES: Final = {
    Method.CHICAGO: "Chicago scoring",
    Method.DUPLICATE: "Duplicate scoring (each deal alone)",
    Method.RUSSIAN: "Russian scoring (IMPs against a high-card-point target)",
}

_KEYS: Final = ("method", "vulnerability", "partscore_premium", "unit", "rounding")

Choice = TypeVar("Choice", bound=ChoiceEnum)


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The scoring variant of a session; the defaults are the ACBL's four-deal rules."""

    method: Method = Method.CHICAGO
    vulnerability: VulnerabilityCycle = field(default=DEALER_CYCLE)
    partscore_premium: PartscorePremium = PartscorePremium.DEAL4
    """Only used by the chicago method."""
    unit: Unit = Unit.HUNDREDS
    """Not used by the russian method, whose tally is in IMPs."""
    rounding: Rounding = Rounding.HALF_UP
    """Only used when the unit is hundreds."""

    def __post_init__(self) -> None:
        for name, kind in (
            ("method", Method),
            ("vulnerability", VulnerabilityCycle),
            ("partscore_premium", PartscorePremium),
            ("unit", Unit),
            ("rounding", Rounding),
        ):
            value = getattr(self, name)
            if not isinstance(value, kind):
                raise InvalidRulesError(f"{name} must be a {kind.__name__}, not {value!r}")

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, object]) -> ScoringRules:
        """Read a session's ``"scoring"`` object; absent keys take their defaults."""
        unknown = sorted(set(mapping) - set(_KEYS))
        if unknown:
            raise InvalidRulesError(
                f"unknown scoring setting {unknown[0]!r}: expected {', '.join(_KEYS[:-1])} or {_KEYS[-1]}"
            )
        defaults = cls()
        vulnerability = defaults.vulnerability
        if "vulnerability" in mapping:
            value = mapping["vulnerability"]
            if not isinstance(value, str):
                raise InvalidRulesError(
                    f"vulnerability must be a cycle name or a comma list of steps, not {value!r}"
                )
            try:
                vulnerability = find_cycle(value)
            except UnknownCycleError as error:
                raise InvalidRulesError(str(error)) from None
        return cls(
            method=_choice(mapping, "method", Method, defaults.method),
            vulnerability=vulnerability,
            partscore_premium=_choice(
                mapping, "partscore_premium", PartscorePremium, defaults.partscore_premium
            ),
            unit=_choice(mapping, "unit", Unit, defaults.unit),
            rounding=_choice(mapping, "rounding", Rounding, defaults.rounding),
        )

    def to_mapping(self) -> dict[str, str]:
        """The session's ``"scoring"`` object, every key written out."""
        return {
            "method": self.method.value,
            "vulnerability": self.vulnerability.name,
            "partscore_premium": self.partscore_premium.value,
            "unit": self.unit.value,
            "rounding": self.rounding.value,
        }

    def describe(self) -> str:
        """One line for every card and sheet, e.g. ``Chicago scoring, dealer's side vulnerable ...``."""
        parts = [_METHOD_PHRASES[self.method], self.vulnerability.describe()]
        if self.method is Method.CHICAGO:
            if self.partscore_premium is PartscorePremium.DEAL4:
                parts.append(f"100 for a part score on deal {len(self.vulnerability)}")
            else:
                parts.append("100 for each part score outstanding after the last deal")
        if self.method is Method.RUSSIAN:
            parts.append("tally in IMPs")
        elif self.unit is Unit.POINTS:
            parts.append("tally in points")
        else:
            parts.append(f"tally in hundreds ({self.rounding.phrase})")
        return ", ".join(parts)

    def tally(self, net_points: int) -> int:
        """A scored rubber's N-S net in this session's tally units (not for Russian: use its IMPs)."""
        if self.method is Method.RUSSIAN:
            raise InvalidRulesError("a Russian tally is in IMPs, which points alone cannot give")
        return tally_net(net_points, self.unit, self.rounding)

    def tally_recorded(self, net: RecordedNet) -> int:
        """A net written instead of deals, in this session's tally units."""
        if self.method is Method.RUSSIAN:
            if net.unit is Unit.POINTS:
                raise InvalidRulesError(
                    f"{net}: under Russian scoring write the net in IMPs with a sign, e.g. 'N-S +5'"
                )
            return net.ns
        return net.tally(self.unit, self.rounding)


def _choice(mapping: Mapping[str, object], key: str, kind: type[Choice], default: Choice) -> Choice:
    """One enum setting from the mapping, or its default when absent."""
    if key not in mapping:
        return default
    value = mapping[key]
    if isinstance(value, str):
        for member in kind:
            if value.strip().lower() == member.value:
                return member
    raise InvalidRulesError(f"unknown {key} {value!r}: expected {kind.choices()}")

"""The scoring settings of a session: one frozen record, read from and written to the session's JSON.

Each choice the sources disagree on is a named option with a default (DESIGN.md, "Scoring variants").
`ScoringRules.describe` gives the one line that printers put on every card and sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, TypeVar

from scoring._enums import ChoiceEnum
from scoring.methods import (
    CHICAGO_METHOD,
    ScoringMethod,
    TallyUnit,
    UnknownMethodError,
    find_method,
    method_choices,
)
from scoring.tally import RecordedNet, Rounding, Unit, tally_net
from scoring.vulnerability import DEALER_CYCLE, UnknownCycleError, VulnerabilityCycle, find_cycle


class InvalidRulesError(ValueError):
    """Scoring settings that cannot be read."""


class PartscorePremium(ChoiceEnum):
    """Which part scores earn the 100 at the end of a Chicago rubber."""

    DEAL4 = "deal4"
    """ACBL and seed 001: a part score made on the last deal that does not complete a game."""
    OUTSTANDING = "outstanding"
    """Seed 000: every side holding an uncompleted part score after the last deal."""


_KEYS: Final = ("method", "vulnerability", "partscore_premium", "unit", "rounding", "house")
MAX_HOUSE: Final = 60
"""The most characters of a house's name as kept (`scoring.houses`: 32, and `` (varied)``)."""

Choice = TypeVar("Choice", bound=ChoiceEnum)


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The scoring variant of a session; the defaults are the ACBL's four-deal rules."""

    method: ScoringMethod = CHICAGO_METHOD
    """A registered method (`scoring.methods.find_method`) or any other `ScoringMethod` record."""
    vulnerability: VulnerabilityCycle = field(default=DEALER_CYCLE)
    partscore_premium: PartscorePremium = PartscorePremium.DEAL4
    """Only used by a method that carries part scores (chicago)."""
    unit: Unit = Unit.HUNDREDS
    """Not used by a method whose tally is in IMPs (russian): see `tally_unit`."""
    rounding: Rounding = Rounding.HALF_UP
    """Only used when the unit is hundreds."""
    house: str = ""
    """The house rules these were chosen by (`scoring.houses`), printed with them; "": none named."""

    def __post_init__(self) -> None:
        for name, kind in (
            ("method", ScoringMethod),
            ("vulnerability", VulnerabilityCycle),
            ("partscore_premium", PartscorePremium),
            ("unit", Unit),
            ("rounding", Rounding),
        ):
            value = getattr(self, name)
            if not isinstance(value, kind):
                raise InvalidRulesError(f"{name} must be a {kind.__name__}, not {value!r}")
        if not isinstance(self.house, str) or len(self.house) > MAX_HOUSE or not _printable(self.house):
            raise InvalidRulesError(
                f"house must be a name of at most {MAX_HOUSE} characters, not {self.house!r}"
            )

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, object]) -> ScoringRules:
        """Read a session's ``"scoring"`` object; absent keys take their defaults."""
        unknown = sorted(set(mapping) - set(_KEYS))
        if unknown:
            raise InvalidRulesError(
                f"unknown scoring setting {unknown[0]!r}: expected {', '.join(_KEYS[:-1])} or {_KEYS[-1]}"
            )
        defaults = cls()
        method = defaults.method
        if "method" in mapping:
            value = mapping["method"]
            if not isinstance(value, str):
                raise InvalidRulesError(f"unknown method {value!r}: expected {method_choices()}")
            try:
                method = find_method(value)
            except UnknownMethodError as error:
                raise InvalidRulesError(str(error)) from None
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
            method=method,
            vulnerability=vulnerability,
            partscore_premium=_choice(
                mapping, "partscore_premium", PartscorePremium, defaults.partscore_premium
            ),
            unit=_choice(mapping, "unit", Unit, defaults.unit),
            rounding=_choice(mapping, "rounding", Rounding, defaults.rounding),
            house=_house(mapping.get("house", "")),
        )

    def to_mapping(self) -> dict[str, str]:
        """The session's ``"scoring"`` object, every key written out (``house`` when one is named)."""
        out = {
            "method": self.method.name,
            "vulnerability": self.vulnerability.name,
            "partscore_premium": self.partscore_premium.value,
            "unit": self.unit.value,
            "rounding": self.rounding.value,
        }
        return {**out, "house": self.house} if self.house else out

    @property
    def tally_unit(self) -> TallyUnit:
        """What this session's tally counts in: IMPs under a method in IMPs, else the ``unit`` setting."""
        if self.method.in_imps:
            return TallyUnit.IMPS
        return TallyUnit.POINTS if self.unit is Unit.POINTS else TallyUnit.HUNDREDS

    def describe(self) -> str:
        """One line for every card and sheet, e.g. ``Chicago scoring, dealer's side vulnerable ...``, led
        by the house rules' name when one is named (``House rules cavendish: Chicago scoring, ...``)."""
        parts = [self.method.phrase, self.vulnerability.describe()]
        if self.method.carries_partscores:
            if self.partscore_premium is PartscorePremium.DEAL4:
                parts.append(f"100 for a part score on deal {len(self.vulnerability)}")
            else:
                parts.append("100 for each part score outstanding after the last deal")
        unit = self.tally_unit
        if unit is TallyUnit.HUNDREDS:
            parts.append(f"tally in hundreds ({self.rounding.phrase})")
        else:
            parts.append(f"tally in {unit.label}")
        described = ", ".join(parts)
        return f"House rules {self.house}: {described}" if self.house else described

    def tally(self, net_points: int) -> int:
        """A scored rubber's N-S net in this session's tally units (not in IMPs: use the rubber's IMPs)."""
        if self.method.in_imps:
            raise InvalidRulesError(f"a {self.method.name} tally is in IMPs, which points alone cannot give")
        return tally_net(net_points, self.unit, self.rounding)

    def tally_recorded(self, net: RecordedNet) -> int:
        """A net written instead of deals, in this session's tally units."""
        if self.method.in_imps:
            if net.unit is Unit.POINTS:
                raise InvalidRulesError(
                    f"{net}: under {self.method.name} scoring write the net in IMPs with a sign,"
                    " e.g. 'N-S +5'"
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


def _printable(text: str) -> bool:
    return all(character.isprintable() for character in text) and text == text.strip()


def _house(value: object) -> str:
    """A session's ``"house"``: the name of the house rules it was chosen by."""
    if not isinstance(value, str) or len(value) > MAX_HOUSE or not _printable(value):
        raise InvalidRulesError(f"house must be a name of at most {MAX_HOUSE} characters, not {value!r:.80}")
    return value

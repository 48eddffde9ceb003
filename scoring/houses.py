"""House rules by name: each a set of scoring settings (method, vulnerability cycle, part-score premium,
unit and rounding) that a club plays at once, the presets read from the source documents (README,
"House rules") and a club's own read from a mapping (its file parsed by the service that reads it).

A house's settings are the command line's words (``scoring``, ``vulnerability``, ``premium``, ``unit``,
``rounding``); any setting asked beside a house overrides it, and the evening then keeps the name marked
``(varied)``, since its cards no longer play the house's rules as they stand.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final

from scoring.methods import find_method
from scoring.rules import InvalidRulesError, ScoringRules


class InvalidHouseError(ValueError):
    """House rules that cannot be read: an unknown name, key or value."""


SETTINGS: Final = {
    "scoring": "method",
    "vulnerability": "vulnerability",
    "premium": "partscore_premium",
    "unit": "unit",
    "rounding": "rounding",
}
"""A house's settings as a user writes them (the options of `chicago plan`) and their key in a session's
``"scoring"`` object."""
LIKE: Final = "like"
"""A club's house may start from a preset's settings (``like = "cavendish"``) and change some."""
NAME: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
"""A house's name: lower-case letters, digits and hyphens, at most 32 characters."""
VARIED: Final = " (varied)"
"""What follows the name of a house whose settings were overridden beside it."""
MAX_HOUSES: Final = 100
"""The most houses one club file may define."""


@dataclass(frozen=True, slots=True)
class House:
    """House rules by name: ``settings`` keyed as a session's ``"scoring"`` object; ``source``: where
    they come from, in a few words."""

    name: str
    settings: tuple[tuple[str, str], ...]
    source: str = ""

    @property
    def rules(self) -> ScoringRules:
        """The house's scoring as it stands, its name kept with it."""
        return replace(ScoringRules.from_mapping(dict(self.settings)), house=self.name)

    def with_settings(self, given: Mapping[str, str]) -> ScoringRules:
        """The house's scoring with ``given`` (session keys) overriding it: a method that tallies in IMPs
        drops the house's unit and rounding; the name is marked varied when the rules then differ."""
        settings = dict(self.settings)
        if "method" in given and find_method(given["method"]).in_imps:
            settings.pop("unit", None)
            settings.pop("rounding", None)
        rules = ScoringRules.from_mapping({**settings, **given})
        if rules.method.in_imps and ("unit" in given or "rounding" in given):
            raise InvalidRulesError(
                f"{rules.method.name.capitalize()} scoring tallies in IMPs: no unit or rounding applies"
            )
        label = self.name if replace(rules, house=self.name) == self.rules else self.name + VARIED
        return replace(rules, house=label)

    def describe(self) -> str:
        """The house's settings in words, for a list of houses to choose from."""
        return replace(self.rules, house="").describe()


def _preset(name: str, source: str, **settings: str) -> House:
    return House(name, tuple((SETTINGS[key], value) for key, value in settings.items()), source)


PRESETS: Final = (
    _preset(
        "bulletin",
        "Bulletin #16, Scoring: Regular (seed 001)",
        scoring="chicago",
        vulnerability="dealer",
        premium="deal4",
        unit="hundreds",
        rounding="half-up",
    ),
    _preset(
        "cavendish",
        "Bulletin #16, Cavendish Scoring (seed 001)",
        scoring="chicago",
        vulnerability="nondealer",
        premium="deal4",
        unit="hundreds",
        rounding="half-up",
    ),
    _preset(
        "four-deal",
        "a club's house rules, each hand scored duplicate style (seed 002); Chicago with Duplicate Scoring"
        " (seed 000)",
        scoring="duplicate",
        vulnerability="nondealer",
        unit="points",
    ),
    _preset(
        "russian",
        "Chicago with Russian Scoring and its worked example (seed 000)",
        scoring="russian",
        vulnerability="dealer",
    ),
    _preset(
        "outstanding",
        "Chicago Bridge Rules: an outstanding part score at the end of the fourth deal scores 100 (seed 000)",
        scoring="chicago",
        vulnerability="nondealer",
        premium="outstanding",
        unit="hundreds",
        rounding="half-up",
    ),
    _preset(
        "six-deal",
        "Friday Y's Men's Bridge: hands 5 and 6 none and both vulnerable (seed 002)",
        scoring="duplicate",
        vulnerability="none,nondealer,nondealer,both,none,both",
        unit="points",
    ),
)
"""The houses every club has; the first is the default scoring (`ScoringRules()`)."""
DEFAULT: Final = PRESETS[0]


def preset(name: str) -> House | None:
    """The preset named ``name`` (case and spaces aside), or None."""
    wanted = name.strip().lower()
    return next((house for house in PRESETS if house.name == wanted), None)


def read_houses(data: Mapping[str, object], where: str = "") -> tuple[House, ...]:
    """A club's houses from a parsed file: a table per house, named by its key, holding settings (the
    command line's words) and optionally ``like``, a preset to start from. InvalidHouseError, naming
    ``where`` and the house, for a name, key or value that cannot be read, or a preset's name taken."""
    at = f"{where}: " if where else ""
    if len(data) > MAX_HOUSES:
        raise InvalidHouseError(f"{at}{len(data)} houses; at most {MAX_HOUSES}")
    houses = []
    for name, table in data.items():
        if not NAME.fullmatch(name):
            raise InvalidHouseError(
                f"{at}{name[:40]!r} cannot name a house: lower-case letters, digits and hyphens, at most 32"
            )
        if preset(name) is not None:
            raise InvalidHouseError(f"{at}{name!r} is a preset's name; give your house another")
        if not isinstance(table, Mapping):
            raise InvalidHouseError(f"{at}[{name}] must be a table of settings, like [{name}] premium = ...")
        houses.append(_club_house(name, table, at))
    return tuple(houses)


def _club_house(name: str, table: Mapping[str, object], at: str) -> House:
    """One house of a club's file, checked whole."""
    allowed = (*SETTINGS, LIKE)
    for key, value in table.items():
        if key not in allowed:
            raise InvalidHouseError(
                f"{at}[{name}]: unknown setting {key[:40]!r}: expected {', '.join(allowed[:-1])} or {LIKE}"
            )
        if not isinstance(value, str) or len(value) > 200:
            raise InvalidHouseError(f'{at}[{name}] {key}: expected a word in quotes, like {key} = "..."')
    start = DEFAULT
    if LIKE in table:
        like = preset(str(table[LIKE]))
        if like is None:
            raise InvalidHouseError(f"{at}[{name}] like: {table[LIKE]!r} is not a preset: {preset_names()}")
        start = like
    given = {SETTINGS[key]: str(value) for key, value in table.items() if key in SETTINGS}
    try:
        rules = start.with_settings(given)
    except (InvalidRulesError, ValueError) as error:
        raise InvalidHouseError(f"{at}[{name}]: {error}") from None
    settings = tuple((key, value) for key, value in rules.to_mapping().items() if key != "house")
    return House(
        name, settings, f"{start.name} as changed by the club" if LIKE in table else "the club's own"
    )


def preset_names() -> str:
    """The presets' names, for an error message: ``a, b or c``."""
    names = [house.name for house in PRESETS]
    return ", ".join(names[:-1]) + " or " + names[-1]

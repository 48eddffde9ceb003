"""The session's scoring settings: defaults, JSON mapping, the one-line description."""

from __future__ import annotations

import pytest
from hypothesis import given

from scoring import (
    CHICAGO_METHOD,
    DEALER_CYCLE,
    DUPLICATE_METHOD,
    NONDEALER_CYCLE,
    RUSSIAN_METHOD,
    InvalidRulesError,
    PartscorePremium,
    RecordedNet,
    Rounding,
    ScoringRules,
    Unit,
    find_cycle,
)
from tests.strategies import rules

SIX_DEALS = "none,nondealer,nondealer,both,none,both"


def test_defaults() -> None:
    """DESIGN.md, Scoring variants: chicago, dealer cycle, deal4 premium, hundreds, half-up by default."""
    assert ScoringRules() == ScoringRules(
        CHICAGO_METHOD, DEALER_CYCLE, PartscorePremium.DEAL4, Unit.HUNDREDS, Rounding.HALF_UP
    )
    assert ScoringRules.from_mapping({}) == ScoringRules()


def test_default_description() -> None:
    """DESIGN.md: the chosen variant is printed on every card and sheet, in one line."""
    assert ScoringRules().describe() == (
        "Chicago scoring, dealer's side vulnerable on deals 2-3, 100 for a part score on deal 4,"
        " tally in hundreds (50s round away from zero)"
    )


@pytest.mark.parametrize(
    ("rules", "description"),
    [
        (
            ScoringRules(vulnerability=NONDEALER_CYCLE, partscore_premium=PartscorePremium.OUTSTANDING),
            "Chicago scoring, dealer's opponents vulnerable on deals 2-3,"
            " 100 for each part score outstanding after the last deal,"
            " tally in hundreds (50s round away from zero)",
        ),
        (
            ScoringRules(method=DUPLICATE_METHOD, unit=Unit.POINTS),
            "Duplicate scoring (each deal alone), dealer's side vulnerable on deals 2-3, tally in points",
        ),
        (
            ScoringRules(method=RUSSIAN_METHOD, rounding=Rounding.HALF_EVEN),
            "Russian scoring (IMPs against a high-card-point target), dealer's side vulnerable on deals 2-3,"
            " tally in IMPs",
        ),
        (
            ScoringRules(vulnerability=find_cycle(SIX_DEALS), rounding=Rounding.HALF_DOWN),
            "Chicago scoring, vulnerability by deal: none, dealer's opponents, dealer's opponents, both,"
            " none, both, 100 for a part score on deal 6, tally in hundreds (50s round toward zero)",
        ),
        (
            ScoringRules(rounding=Rounding.HALF_EVEN),
            "Chicago scoring, dealer's side vulnerable on deals 2-3, 100 for a part score on deal 4,"
            " tally in hundreds (50s round to the even hundred)",
        ),
    ],
)
def test_descriptions(rules: ScoringRules, description: str) -> None:
    """DESIGN.md, Scoring variants: each option is named in the printed line; unused ones are left out."""
    assert rules.describe() == description
    assert "\n" not in description


def test_from_mapping_reads_every_key() -> None:
    """DESIGN.md, Formats: the "scoring" object's method, vulnerability, partscore_premium, unit, rounding."""
    mapping = {
        "method": "Duplicate",
        "vulnerability": "cavendish",
        "partscore_premium": "outstanding",
        "unit": "points",
        "rounding": "half-even",
    }
    assert ScoringRules.from_mapping(mapping) == ScoringRules(
        DUPLICATE_METHOD, NONDEALER_CYCLE, PartscorePremium.OUTSTANDING, Unit.POINTS, Rounding.HALF_EVEN
    )


def test_to_mapping_writes_canonical_names() -> None:
    """An alias is stored as its cycle's name; a custom cycle as its step list."""
    assert (
        ScoringRules.from_mapping({"vulnerability": "cavendish"}).to_mapping()["vulnerability"] == "nondealer"
    )
    custom = ScoringRules.from_mapping({"vulnerability": SIX_DEALS.replace(",", ", ")})
    assert custom.to_mapping() == {
        "method": "chicago",
        "vulnerability": SIX_DEALS,
        "partscore_premium": "deal4",
        "unit": "hundreds",
        "rounding": "half-up",
    }


@given(rules)
def test_mapping_round_trip(rules: ScoringRules) -> None:
    """What a session writes, it reads back unchanged."""
    assert ScoringRules.from_mapping(rules.to_mapping()) == rules


@pytest.mark.parametrize(
    ("mapping", "fragment"),
    [
        ({"methd": "chicago"}, "unknown scoring setting 'methd': expected method, vulnerability"),
        ({"method": "rubber"}, "unknown method 'rubber': expected chicago, duplicate or russian"),
        ({"unit": "dollars"}, "expected hundreds or points"),
        ({"rounding": "up"}, "expected half-up, half-down or half-even"),
        ({"partscore_premium": 100}, "expected deal4 or outstanding"),
        ({"vulnerability": "swiss"}, "unknown vulnerability cycle 'swiss'"),
        ({"vulnerability": ["none", "both"]}, "vulnerability must be a cycle name"),
    ],
)
def test_from_mapping_errors(mapping: dict[str, object], fragment: str) -> None:
    """Unknown keys or values are a clear one-line error listing what is accepted."""
    with pytest.raises(InvalidRulesError) as caught:
        ScoringRules.from_mapping(mapping)
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_constructor_checks_types() -> None:
    """A rules record holds enums and a cycle, not loose strings."""
    with pytest.raises(InvalidRulesError, match="method must be a ScoringMethod"):
        ScoringRules(method="chicago")  # type: ignore[arg-type]


def test_tally_by_rules() -> None:
    """DESIGN.md, tally: hundreds with the chosen rounding, or points; Russian tallies are IMPs."""
    assert ScoringRules().tally(-1050) == -11
    assert ScoringRules(rounding=Rounding.HALF_DOWN).tally(-1050) == -10
    assert ScoringRules(unit=Unit.POINTS).tally(-1050) == -1050
    with pytest.raises(InvalidRulesError, match="IMPs"):
        ScoringRules(method=RUSSIAN_METHOD).tally(-1050)


def test_tally_of_recorded_nets() -> None:
    """DESIGN.md, Formats: a recorded net is in hundreds ('E-W +3') or points ('N-S 1030')."""
    hundreds = RecordedNet.parse("E-W +3")
    points = RecordedNet.parse("N-S 1050")
    assert ScoringRules().tally_recorded(hundreds) == -3
    assert ScoringRules().tally_recorded(points) == 11
    assert ScoringRules(unit=Unit.POINTS).tally_recorded(points) == 1050
    russian = ScoringRules(method=RUSSIAN_METHOD)
    assert russian.tally_recorded(RecordedNet.parse("N-S +5")) == 5
    with pytest.raises(InvalidRulesError, match="IMPs"):
        russian.tally_recorded(points)

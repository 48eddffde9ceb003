"""Scoring methods as data: each method's documented rules, the registry, and a new method in one place."""

from __future__ import annotations

import pytest

from scoring import (
    CHICAGO_METHOD,
    DUPLICATE_METHOD,
    METHODS,
    RUSSIAN_METHOD,
    Honors,
    InvalidRulesError,
    Item,
    RecordedDeal,
    RecordedNet,
    Result,
    RubberError,
    ScoringMethod,
    ScoringRules,
    Seat,
    Side,
    TallyUnit,
    Unit,
    UnknownMethodError,
    find_method,
    score_rubber,
)
from scoring import methods as registry
from scoring.methods import MethodName

BULLETIN_DEALS = ["2S E +1", "3NT N -2", "6S W =", "2D N ="]


def test_chicago_is_rubber_bridge_with_honors() -> None:
    """Seed 001 and DESIGN.md: part scores carried to game, honors counted when entered, tally in points."""
    assert CHICAGO_METHOD.carries_partscores and CHICAGO_METHOD.honors
    assert not CHICAGO_METHOD.hcp_target and not CHICAGO_METHOD.in_imps


def test_duplicate_scores_each_deal_alone() -> None:
    """Seed 001, Duplicate Scoring: each deal alone, no honors, no target, tally in points."""
    assert not DUPLICATE_METHOD.carries_partscores and not DUPLICATE_METHOD.honors
    assert not DUPLICATE_METHOD.hcp_target and not DUPLICATE_METHOD.in_imps


def test_russian_tallies_imps_against_a_target() -> None:
    """Seed 000: each deal's duplicate score against the high-card-point target, totaled in IMPs."""
    assert RUSSIAN_METHOD.hcp_target and RUSSIAN_METHOD.in_imps
    assert not RUSSIAN_METHOD.carries_partscores and not RUSSIAN_METHOD.honors


def test_honors_count_in_chicago_only() -> None:
    """Seed 001: honors are a rubber-bridge premium; of the three methods only chicago counts them."""
    assert [method.name for method in METHODS if method.honors] == ["chicago"]


def test_registry_names_are_the_design_names() -> None:
    """DESIGN.md, Scoring variants: chicago (the default), duplicate and russian, offered by name."""
    assert [method.name for method in METHODS] == ["chicago", "duplicate", "russian"]
    assert ScoringRules().method == find_method("chicago")
    assert [name.value for name in MethodName] == [method.name for method in METHODS]


@pytest.mark.parametrize("name", ["russian", "Russian", " RUSSIAN "])
def test_find_method_ignores_case(name: str) -> None:
    """A method is found by its name in any case, as a user types it."""
    assert find_method(name) == RUSSIAN_METHOD


def test_unknown_method_lists_the_names() -> None:
    """An unknown name is a one-line error listing what is accepted."""
    expected = "unknown method 'bingo': expected chicago, duplicate or russian"
    with pytest.raises(UnknownMethodError, match=expected):
        find_method("bingo")


@pytest.mark.parametrize("name", ["", "Chicago", "two words", "a,b"])
def test_method_names_are_one_lower_case_word(name: str) -> None:
    """A record's name is the word stored in a session, so it is one lower-case word."""
    with pytest.raises(UnknownMethodError, match="one lower-case word"):
        ScoringMethod(name, "Some scoring")


@pytest.mark.parametrize(
    ("rules", "unit"),
    [
        (ScoringRules(), TallyUnit.HUNDREDS),
        (ScoringRules(unit=Unit.POINTS), TallyUnit.POINTS),
        (ScoringRules(method=DUPLICATE_METHOD, unit=Unit.POINTS), TallyUnit.POINTS),
        (ScoringRules(method=RUSSIAN_METHOD), TallyUnit.IMPS),
        (ScoringRules(method=RUSSIAN_METHOD, unit=Unit.POINTS), TallyUnit.IMPS),
    ],
)
def test_tally_unit(rules: ScoringRules, unit: TallyUnit) -> None:
    """DESIGN.md, tally: hundreds or points by the setting; Russian tallies are in IMPs whatever it is."""
    assert rules.tally_unit is unit
    assert f"tally in {unit.label}" in rules.describe()


BOARD = ScoringMethod("board", "Board-by-board scoring", aliases=("each-deal",))
"""A test-local method: duplicate's rules under another name and phrase."""

PLAIN_RUBBER = ScoringMethod("plain-rubber", "Rubber scoring without honors", carries_partscores=True)
"""A test-local method: chicago's pad without honors."""


@pytest.fixture
def more_methods(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry with two more entries: the one place a new method is added."""
    monkeypatch.setattr(registry, "METHODS", (*METHODS, BOARD, PLAIN_RUBBER))


@pytest.mark.usefixtures("more_methods")
def test_a_new_method_touches_one_place() -> None:
    """A method added to the registry alone is read from a session, described, scored and written back."""
    rules = ScoringRules.from_mapping({"method": "Each-Deal", "unit": "points"})
    assert rules.method == BOARD
    assert rules.to_mapping()["method"] == "board"
    assert ScoringRules.from_mapping(rules.to_mapping()) == rules
    assert rules.describe().startswith("Board-by-board scoring, ")
    score = score_rubber(BULLETIN_DEALS, Seat.NORTH, rules)
    duplicate = score_rubber(BULLETIN_DEALS, Seat.NORTH, ScoringRules(method=DUPLICATE_METHOD))
    assert score.entries == duplicate.entries
    assert score.tally == duplicate.net == -1130
    assert score.ns_imps is None and rules.tally_unit is TallyUnit.POINTS
    assert rules.tally_recorded(RecordedNet.parse("N-S 450")) == 450


@pytest.mark.usefixtures("more_methods")
def test_a_new_method_combines_the_rules() -> None:
    """Chicago's pad without honors: part scores carried and the deal-4 premium, honors refused."""
    rules = ScoringRules.from_mapping({"method": "plain-rubber"})
    assert rules.method == PLAIN_RUBBER
    chicago = score_rubber(BULLETIN_DEALS, Seat.NORTH)
    assert score_rubber(BULLETIN_DEALS, Seat.NORTH, rules).entries == chicago.entries
    assert "100 for a part score on deal 4" in rules.describe()
    honors = [RecordedDeal(Result.parse("4S N ="), Honors(Side.NS, 100)), *BULLETIN_DEALS[1:]]
    assert any(entry.item is Item.HONORS for entry in score_rubber(honors, Seat.NORTH).entries)
    with pytest.raises(RubberError, match="honors count only in chicago scoring, not plain-rubber"):
        score_rubber(honors, Seat.NORTH, rules)


def test_an_unregistered_method_is_not_read() -> None:
    """Without its registry entry, a session naming the method is refused with the registered names."""
    expected = "unknown method 'board': expected chicago, duplicate or russian"
    with pytest.raises(InvalidRulesError, match=expected):
        ScoringRules.from_mapping({"method": "board"})

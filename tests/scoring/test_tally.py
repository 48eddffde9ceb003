"""Tallies: rounding a rubber's net once, recorded nets, and the players' ranking."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    InvalidNetError,
    RecordedNet,
    Rounding,
    Standing,
    Unit,
    credit_rubber,
    standings,
    tally_net,
)
from scoring.contract import Contract, Doubling, Result, Strain
from scoring.deal import HONORS_POINTS
from scoring.duplicate import duplicate_score
from scoring.tally import MAX_RUBBER_HUNDREDS, MAX_RUBBER_POINTS, competition_ranks

HALF_UP, HALF_DOWN, HALF_EVEN = Rounding.HALF_UP, Rounding.HALF_DOWN, Rounding.HALF_EVEN


def test_bulletin_example_net() -> None:
    """Seed 001, Example: Regular Scoring: E-W 1030 ahead is written E-W +10."""
    assert tally_net(-1030) == -10
    assert tally_net(-1030, Unit.POINTS) == -1030


@pytest.mark.parametrize(
    ("net", "half_up", "half_down", "half_even"),
    [
        (250, 3, 2, 2),
        (-250, -3, -2, -2),
        (350, 4, 3, 4),
        (-350, -4, -3, -4),
        (50, 1, 0, 0),
        (-50, -1, 0, 0),
        (1049, 10, 10, 10),
        (1051, 11, 11, 11),
        (-1051, -11, -11, -11),
        (0, 0, 0, 0),
    ],
)
def test_rounding_rules(net: int, half_up: int, half_down: int, half_even: int) -> None:
    """STYLE.md 5: an exact 50 rounds by an explicit rule, not by round() (2.5 -> 2), // or int()."""
    assert tally_net(net, Unit.HUNDREDS, HALF_UP) == half_up
    assert tally_net(net, Unit.HUNDREDS, HALF_DOWN) == half_down
    assert tally_net(net, Unit.HUNDREDS, HALF_EVEN) == half_even


def test_python_traps_are_avoided() -> None:
    """STYLE.md 5: round(2.5) == 2, -250 // 100 == -3, int(-2.5) == -2 would each get one case wrong."""
    assert round(2.5) == 2 and tally_net(250) == 3
    assert -250 // 100 == -3 and tally_net(-250, rounding=HALF_DOWN) == -2
    assert int(-2.5) == -2 and tally_net(-250) == -3


@given(st.integers(-100_000, 100_000), st.sampled_from(Rounding))
def test_rounding_is_odd_symmetric(net: int, rounding: Rounding) -> None:
    """DESIGN.md, tally: winners and losers get the same size, so tally_net(-x) == -tally_net(x)."""
    assert tally_net(-net, Unit.HUNDREDS, rounding) == -tally_net(net, Unit.HUNDREDS, rounding)


@given(st.integers(-100_000, 100_000), st.sampled_from(Rounding))
def test_rounding_is_to_the_nearest_hundred(net: int, rounding: Rounding) -> None:
    """A rounded net is never more than 50 from the points."""
    assert abs(tally_net(net, Unit.HUNDREDS, rounding) * 100 - net) <= 50


def test_tally_net_wants_whole_points() -> None:
    """A float net is refused: rounding happens once, here."""
    with pytest.raises(TypeError):
        tally_net(1030.0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "ns", "unit"),
    [
        ("E-W +3", -3, Unit.HUNDREDS),
        ("N-S -2", -2, Unit.HUNDREDS),
        ("N-S +5", 5, Unit.HUNDREDS),
        ("e/w -4", 4, Unit.HUNDREDS),
        ("N-S 1030", 1030, Unit.POINTS),
        ("E-W 450", -450, Unit.POINTS),
        ("ns1030", 1030, Unit.POINTS),
    ],
)
def test_recorded_net_parse(text: str, ns: int, unit: Unit) -> None:
    """DESIGN.md, Formats: a signed net is already in hundreds, an unsigned one is in points; both to N-S."""
    assert RecordedNet.parse(text) == RecordedNet(ns, unit)


def test_recorded_net_tally() -> None:
    """A net in points is rounded once like a scored rubber; a net in hundreds is already a tally."""
    assert RecordedNet.parse("E-W 450").tally() == -5
    assert RecordedNet.parse("E-W 450").tally(rounding=HALF_DOWN) == -4
    assert RecordedNet.parse("E-W 450").tally(Unit.POINTS) == -450
    assert RecordedNet.parse("E-W +3").tally() == -3
    assert RecordedNet.parse("E-W +3").tally(Unit.POINTS) == -300


@pytest.mark.parametrize("text", ["E-W +3", "N-S +5", "N-S 1030", "E-W 450"])
def test_recorded_net_str_reads_back(text: str) -> None:
    """A recorded net writes back in the form it was read."""
    assert str(RecordedNet.parse(text)) == text


@pytest.mark.parametrize("text", ["+3", "E-W", "E-W +3.5", "S-N +3", "N-W 30", "North +3", "E-W three"])
def test_recorded_net_errors(text: str) -> None:
    """An unreadable net names the two accepted forms."""
    with pytest.raises(InvalidNetError, match="'E-W \\+3' \\(hundreds\\) or 'N-S 1030' \\(points\\)"):
        RecordedNet.parse(text)


# Seed 001's five-player example, seated by DESIGN.md's decoded chart (player numbers are sheet positions).
PLAYERS = ("Ann", "Helen", "Doris", "Jean", "Shirley")
CHART = [  # (north, east, south, west) per round
    (2, 3, 1, 4),
    (2, 1, 3, 5),
    (1, 2, 4, 5),
    (5, 3, 4, 1),
    (5, 4, 3, 2),
]
RESULTS = ["E-W +3", "N-S +5", "N-S +9", "N-S +6", "E-W +4"]
SHEET = {  # running totals after each rubber, from the bulletin's score sheet
    "Ann": [-3, -8, 1, -5, -5],
    "Helen": [-3, 2, -7, -7, -3],
    "Doris": [3, 8, 8, 2, -2],
    "Jean": [3, 3, 12, 18, 22],
    "Shirley": [0, -5, -14, -8, -12],
}


def bulletin_rubbers() -> list[dict[str, int]]:
    rubbers = []
    for (north, east, south, west), text in zip(CHART, RESULTS, strict=True):
        name = {number: PLAYERS[number - 1] for number in (north, east, south, west)}
        tally = RecordedNet.parse(text).tally()
        rubbers.append(credit_rubber((name[north], name[south]), (name[east], name[west]), tally))
    return rubbers


def test_bulletin_five_player_running_tally() -> None:
    """Seed 001, five players: the score sheet's running totals after each of the five rubbers."""
    rubbers = bulletin_rubbers()
    for count in range(1, 6):
        totals = {row.player: row.total for row in standings(rubbers[:count], PLAYERS)}
        assert totals == {player: SHEET[player][count - 1] for player in PLAYERS}


def test_bulletin_five_player_standings() -> None:
    """Seed 001: Jean +22, Doris -2, Helen -3, Ann -5, Shirley -12; each sat out once; the tally sums to 0."""
    rows = standings(bulletin_rubbers(), PLAYERS)
    assert [(row.player, row.total, row.rubbers, row.rank, row.tied) for row in rows] == [
        ("Jean", 22, 4, 1, False),
        ("Doris", -2, 4, 2, False),
        ("Helen", -3, 4, 3, False),
        ("Ann", -5, 4, 4, False),
        ("Shirley", -12, 4, 5, False),
    ]
    assert sum(row.total for row in rows) == 0
    assert rows[0].average == Fraction(22, 4)


def test_ties_share_a_rank() -> None:
    """Equal totals share the better rank and are flagged, and the next rank skips (1, 2, 2, 4)."""
    rows = standings([{"a": 5, "b": 3, "c": 3, "d": -11}])
    assert [(row.player, row.rank, row.tied) for row in rows] == [
        ("a", 1, False),
        ("b", 2, True),
        ("c", 2, True),
        ("d", 4, False),
    ]


def test_sit_outs_do_not_count_as_rubbers() -> None:
    """DESIGN.md, tally: a sit-out scores 0 and is not a rubber played; never played means no average."""
    rows = standings([{"a": 4, "b": -4}, {"a": 2, "c": -2}], players=["a", "b", "c", "d"])
    by_player = {row.player: row for row in rows}
    assert (by_player["a"].rubbers, by_player["a"].average) == (2, Fraction(3))
    assert (by_player["b"].rubbers, by_player["b"].average) == (1, Fraction(-4))
    assert (by_player["d"].rubbers, by_player["d"].average, by_player["d"].total) == (0, None, 0)


def test_players_may_be_any_hashable() -> None:
    """Player identity is generic: ids work as well as names."""
    rows = standings([credit_rubber((1, 3), (2, 4), 7)])
    assert [(row.player, row.total) for row in rows] == [(1, 7), (3, 7), (2, -7), (4, -7)]
    assert isinstance(rows[0], Standing)


def test_credit_rubber_sums_to_zero_and_refuses_a_double_seat() -> None:
    """DESIGN.md, tally: + to the winners, - to the losers, so a rubber's credits sum to zero."""
    credit = credit_rubber(("Ann", "Jean"), ("Helen", "Doris"), -3)
    assert credit == {"Ann": -3, "Jean": -3, "Helen": 3, "Doris": 3}
    with pytest.raises(ValueError, match="both sides"):
        credit_rubber(("Ann", "Jean"), ("Ann", "Doris"), 1)


def test_the_largest_rubber_net_is_derived_from_the_scoring_tables() -> None:
    """A net beyond MAX_RUBBER_POINTS is a typing slip: no deal scores more than 7NTXX vulnerable down 13
    (seed 002's and 003's duplicate tables), plus 150 honors, four times, plus the 100 part-score premium."""
    worst = max(
        abs(duplicate_score(Result(Contract(level, strain, doubling), None, tricks), vulnerable=vulnerable))
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
        for tricks in range(14)
        for vulnerable in (False, True)
    )
    assert worst == 7600
    assert 4 * (worst + max(HONORS_POINTS)) + 100 == MAX_RUBBER_POINTS
    assert MAX_RUBBER_HUNDREDS == 311


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("E-W 3", "multiple of 10"),
        ("N-S 1035", "multiple of 10"),
        ("N-S 31110", "more than a rubber can score"),
        ("E-W +312", "more than a rubber can score"),
        ("E-W +9999999999999999999999999999999999999999", "more than a rubber can score"),
        ("N-S " + "9" * 5000, "more than a rubber can score"),
    ],
)
def test_a_net_no_rubber_can_score_is_refused(text: str, words: str) -> None:
    """A net is a multiple of 10 points within what a rubber can score; 'E-W 3' (points) is refused with a
    hint that a signed number is read as hundreds, rather than stored as 3 points."""
    with pytest.raises(InvalidNetError, match=words):
        RecordedNet.parse(text)


def test_the_largest_nets_are_accepted() -> None:
    """The bound is inclusive, either way round, in points and in hundreds."""
    assert RecordedNet.parse(f"E-W {MAX_RUBBER_POINTS}").ns == -MAX_RUBBER_POINTS
    assert RecordedNet.parse(f"N-S +{MAX_RUBBER_HUNDREDS}").ns == MAX_RUBBER_HUNDREDS


@given(st.lists(st.integers(-20, 20), max_size=30))
def test_competition_ranks_share_the_better_rank(values: list[int]) -> None:
    """Seed 001's ranking by total: equal totals share the better rank and the next rank skips
    (1, 2, 2, 4); each rank is one more than the number of strictly better totals."""
    ordered = sorted(values, reverse=True)
    for value, (rank, tied) in zip(ordered, competition_ranks(ordered), strict=True):
        assert rank == 1 + sum(1 for other in ordered if other > value)
        assert tied == (ordered.count(value) > 1)

"""House rules by name: each preset scores its source's worked example exactly, through the preset.

The expected numbers are the sources' own (the bulletin's pad, seed 000's IMPs, seed 002's "2S making 3
is 140, 4H vulnerable is 620"), or worked by hand in the comments from the rules the source states.
"""

from __future__ import annotations

import pytest

from scoring import Item, RecordedDeal, Result, Seat, Side, Vulnerability, score_rubber
from scoring.houses import PRESETS, House, InvalidHouseError, preset, read_houses
from scoring.methods import TallyUnit
from scoring.rules import InvalidRulesError, ScoringRules

N, E = Seat.NORTH, Seat.EAST
BULLETIN_DEALS = ["2S E +1", "3NT N -2", "6S W =", "2D N ="]
"""Seed 001, Example: Regular Scoring (hands 1-4, North dealing the first)."""


def rules(name: str) -> ScoringRules:
    house = preset(name)
    assert house is not None
    return house.rules


def test_bulletin_is_the_default_scoring_and_scores_the_bulletins_example() -> None:
    """Seed 001, Example: Regular Scoring: N-S 140, E-W 1170, E-W +1030, +10 in hundreds."""
    bulletin = rules("bulletin")
    assert bulletin == ScoringRules(house="bulletin")
    score = score_rubber(BULLETIN_DEALS, N, bulletin)
    assert (score.ns_points, score.ew_points, score.tally) == (140, 1170, -10)


def test_cavendish_scores_the_bulletins_example_with_the_dealers_opponents_vulnerable() -> None:
    """Seed 001, Cavendish Scoring: "Same as REGULAR but the dealer's side is not vulnerable on deals 2 &
    3; their opponents are vulnerable." The example's deal 2 (East deals, N-S vulnerable): 3NT N -2 is
    200 to E-W; deal 3 (South deals, E-W vulnerable): 6S W = is 180 below, 750 slam, 500 game. E-W: 30 +
    60 + 200 + 180 + 750 + 500 = 1720; N-S 40 + 100 (a part score on deal four) = 140; E-W +1580, +16."""
    score = score_rubber(BULLETIN_DEALS, N, rules("cavendish"))
    assert [deal.vulnerability for deal in score.deals] == [
        Vulnerability.NONE,
        Vulnerability.NS,
        Vulnerability.EW,
        Vulnerability.BOTH,
    ]
    assert (score.ns_points, score.ew_points, score.tally) == (140, 1720, -16)


def test_four_deal_scores_each_hand_duplicate_style() -> None:
    """Seed 002: "Each hand is scored duplicate style (2S making 3 is 140, 4H vulnerable is 620)", hand 2
    (dealer East) N-S vulnerable; "the final score ... simply the addition of the scores". Deal 3 (E-W
    vulnerable) 3NT S = is 400 non-vulnerable; deal 4 (both) 1NT W -1 is 100 to N-S: N-S 1260 points."""
    four = rules("four-deal")
    score = score_rubber(["2S N +1", "4H N =", "3NT S =", "1NT W -1"], N, four)
    assert [sum(e.points for e in score.entries if e.deal == d) for d in (1, 2, 3, 4)] == [140, 620, 400, 100]
    assert (4, Item.PART_SCORE_PREMIUM, 50) not in [(e.deal, e.item, e.points) for e in score.entries]
    assert (1, Item.PART_SCORE_PREMIUM, 50) in [(e.deal, e.item, e.points) for e in score.entries]
    assert (score.ns_points, score.ew_points, score.tally) == (1260, 0, 1260)
    assert four.tally_unit is TallyUnit.POINTS


def test_russian_scores_seed_000s_worked_example() -> None:
    """Seed 000: E-W on the second deal bid 3H and make 10 tricks with 24 HCP, vulnerable: target 290,
    score 170, 120 short, minus 3 IMPs. Under the russian preset, East deals deal 2 (North the first, as
    the page deals) and E-W are vulnerable, as the example says."""
    deals = [
        RecordedDeal(Result.parse("1NT N ="), hcp_ns=20),  # 90 against a target of 0: +3 to N-S
        RecordedDeal(Result.parse("3H E +1"), hcp_ns=40 - 24),
        RecordedDeal(Result.parse("1NT N ="), hcp_ns=20),
        RecordedDeal(Result.parse("1NT N ="), hcp_ns=20),
    ]
    score = score_rubber(deals, N, rules("russian"))
    second = score.deals[1]
    assert second.vulnerability is Vulnerability.EW
    assert second.russian is not None
    assert (second.russian.side, second.russian.target, second.russian.score) == (Side.EW, 290, 170)
    assert second.russian.imps == -3
    assert score.ns_imps == 3 + 3 + 3 + 3  # the example's -3 for E-W is +3 for N-S
    assert rules("russian").tally_unit is TallyUnit.IMPS


def test_outstanding_pays_100_for_a_part_score_left_unfinished() -> None:
    """Seed 000: "A team which has an outstanding part-score at the end of the fourth deal scores a bonus
    of 100", N-S vulnerable on hand 2, E-W on hand 3. N-S make 2S on deal 1 (60) and go one down three
    times: deal 2 vulnerable 100, deal 3 not 50, deal 4 vulnerable 100, 250 to E-W. Their 60 is still
    outstanding: 100 more. N-S 160, E-W 250: E-W +90, +1 in hundreds (under the bulletin: +190, +2)."""
    deals = ["2S N =", "1C N -1", "1C N -1", "1C N -1"]
    score = score_rubber(deals, N, rules("outstanding"))
    assert (4, Item.PART_SCORE_PREMIUM, 100) in [(e.deal, e.item, e.points) for e in score.entries]
    assert (score.ns_points, score.ew_points, score.tally) == (160, 250, -1)
    bulletin = score_rubber(deals, N, rules("bulletin"))
    assert (bulletin.ns_points, bulletin.ew_points, bulletin.tally) == (60, 250 + 40 * 0, -2)


def test_six_deal_plays_seed_002s_hands_5_and_6() -> None:
    """Seed 002's whole pattern: "Hand 1: Dealer North; neither side vulnerable; Hand 2: Dealer East;
    North-South vulnerable; Hand 3: Dealer South; East-West vulnerable; Hand 4: Dealer West; both sides
    vulnerable ... Hand 5: Dealer North; neither side vulnerable; Hand 6: Dealer East; both sides
    vulnerable", each hand duplicate style: 4H N = is 420, then 620."""
    score = score_rubber(["1C E -1"] * 4 + ["4H N =", "4H N ="], N, rules("six-deal"))
    assert [deal.dealer for deal in score.deals] == [N, E, Seat.SOUTH, Seat.WEST, N, E]
    assert [deal.vulnerability for deal in score.deals] == [
        Vulnerability.NONE,
        Vulnerability.NS,
        Vulnerability.EW,
        Vulnerability.BOTH,
        Vulnerability.NONE,
        Vulnerability.BOTH,
    ]
    assert [sum(e.points for e in score.entries if e.deal == d) for d in (5, 6)] == [420, 620]


@pytest.mark.parametrize("house", PRESETS, ids=[house.name for house in PRESETS])
def test_every_preset_prints_its_name_and_reads_back(house: House) -> None:
    """The name leads the line every card prints, and the evening's scoring JSON keeps it."""
    made = house.rules
    assert made.describe().startswith(f"House rules {made.house}: ")
    assert ScoringRules.from_mapping(made.to_mapping()) == made


def test_an_option_beside_the_house_wins_and_marks_it_varied() -> None:
    """`--house cavendish --premium outstanding`: the premium asked, the rest Cavendish's, name varied."""
    cavendish = preset("cavendish")
    assert cavendish is not None
    varied = cavendish.with_settings({"partscore_premium": "outstanding"})
    assert varied.to_mapping() == {
        **cavendish.rules.to_mapping(),
        "partscore_premium": "outstanding",
        "house": "cavendish (varied)",
    }
    same = cavendish.with_settings({"vulnerability": "nondealer"})  # what the house says already
    assert same.house == "cavendish"
    four = preset("four-deal")
    assert four is not None
    imps = four.with_settings({"method": "russian"})  # the house's unit in points is dropped for IMPs
    assert imps.tally_unit is TallyUnit.IMPS and imps.to_mapping()["unit"] == "hundreds"
    with pytest.raises(InvalidRulesError, match="IMPs"):
        preset("russian").with_settings({"unit": "points"})  # type: ignore[union-attr]


def test_a_clubs_houses_are_read_and_checked_whole() -> None:
    """A club's file: a table per house, the command line's words, ``like`` a preset to start from."""
    (wed,) = read_houses({"wednesday": {"like": "cavendish", "premium": "outstanding"}}, "houses.toml")
    assert wed.rules.to_mapping() == {
        **rules("cavendish").to_mapping(),
        "partscore_premium": "outstanding",
        "house": "wednesday",
    }
    (plain,) = read_houses({"plain": {"unit": "points"}})
    assert plain.rules == ScoringRules.from_mapping({"unit": "points", "house": "plain"})


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"Bad Name": {}}, "cannot name a house"),
        ({"cavendish": {}}, "a preset's name"),
        ({"x": "chicago"}, "must be a table"),
        ({"x": {"colour": "red"}}, "unknown setting 'colour'"),
        ({"x": {"premium": 100}}, "expected a word in quotes"),
        ({"x": {"premium": "sometimes"}}, "unknown partscore_premium"),
        ({"x": {"like": "nowhere"}}, "not a preset"),
        ({"x": {"scoring": "russian", "unit": "points"}}, "IMPs"),
        ({f"h{i}": {} for i in range(101)}, "at most 100"),
    ],
)
def test_a_clubs_bad_houses_are_refused_in_words(data: dict[str, object], fragment: str) -> None:
    with pytest.raises(InvalidHouseError, match=fragment):
        read_houses(data, "houses.toml")

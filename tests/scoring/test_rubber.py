"""Scoring one rubber under the chicago, duplicate and russian methods."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    DUPLICATE_METHOD,
    NONDEALER_CYCLE,
    PASS,
    RUSSIAN_METHOD,
    Honors,
    Item,
    Line,
    PartscorePremium,
    PassedOut,
    RecordedDeal,
    Result,
    RubberError,
    RubberScore,
    ScoringRules,
    Seat,
    Side,
    Unit,
    Vulnerability,
    duplicate_score,
    find_cycle,
    score_rubber,
)
from tests.strategies import rotate_deal, rubbers, rules

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
BULLETIN_DEALS = ["2S E +1", "3NT N -2", "6S W =", "2D N ="]
CHICAGO = ScoringRules()
OUTSTANDING = ScoringRules(partscore_premium=PartscorePremium.OUTSTANDING)
DUPLICATE = ScoringRules(method=DUPLICATE_METHOD)
RUSSIAN = ScoringRules(method=RUSSIAN_METHOD)


def pad(score: RubberScore) -> Counter[tuple[str, int, int]]:
    """The score sheet as the bulletin writes it: side, points and (deal)."""
    return Counter((entry.side.name, entry.points, entry.deal) for entry in score.entries)


def items(score: RubberScore, side: Side) -> list[tuple[int, Item, int]]:
    """One side's entries as (deal, purpose, points), in pad order."""
    return [(entry.deal, entry.item, entry.points) for entry in score.entries if entry.side is side]


def contract_items(score: RubberScore, side: Side) -> list[tuple[int, Item, int]]:
    """One side's entries from its own contracts: everything but undertricks and honors."""
    return [item for item in items(score, side) if item[1] not in (Item.UNDERTRICKS, Item.HONORS)]


def test_bulletin_regular_scoring_example() -> None:
    """Seed 001, Example: Regular Scoring: N-S 140, E-W 1170, so E-W +1030, +10 in hundreds."""
    score = score_rubber(BULLETIN_DEALS, N)
    assert (score.ns_points, score.ew_points, score.net) == (140, 1170, -1030)
    assert score.tally == -10


def test_bulletin_regular_scoring_sheet_entries() -> None:
    """Seed 001, Example: Regular Scoring: E-W 30(1) 60(1) 100(2) 180(3) 500(3) 300(3), N-S 40(4) 100(4)."""
    score = score_rubber(BULLETIN_DEALS, N)
    assert pad(score) == Counter(
        [
            ("EW", 30, 1),
            ("EW", 60, 1),
            ("EW", 100, 2),
            ("EW", 180, 3),
            ("EW", 500, 3),
            ("EW", 300, 3),
            ("NS", 40, 4),
            ("NS", 100, 4),
        ]
    )


def test_bulletin_sheet_lines_and_purposes() -> None:
    """Seed 001 sheet: trick points 60(1), 180(3), 40(4) below the line; premiums and penalties above."""
    score = score_rubber(BULLETIN_DEALS, N)
    below = sorted((entry.side.name, entry.points) for entry in score.entries if entry.line is Line.BELOW)
    assert below == [("EW", 60), ("EW", 180), ("NS", 40)]
    assert items(score, Side.EW) == [
        (1, Item.TRICK_POINTS, 60),
        (1, Item.OVERTRICKS, 30),
        (2, Item.UNDERTRICKS, 100),
        (3, Item.TRICK_POINTS, 180),
        (3, Item.SLAM, 500),
        (3, Item.GAME, 300),
    ]
    assert items(score, Side.NS) == [(4, Item.TRICK_POINTS, 40), (4, Item.PART_SCORE_PREMIUM, 100)]


def test_entries_carry_dealer_and_vulnerability() -> None:
    """Seed 001: the deal passes to the left; under Regular the dealer's side is vulnerable on deals 2-3."""
    score = score_rubber(BULLETIN_DEALS, N)
    assert [(deal.number, deal.dealer, deal.vulnerability) for deal in score.deals] == [
        (1, N, Vulnerability.NONE),
        (2, E, Vulnerability.EW),
        (3, S, Vulnerability.NS),
        (4, W, Vulnerability.BOTH),
    ]
    assert {(entry.deal, entry.dealer, entry.vulnerability) for entry in score.entries} <= {
        (deal.number, deal.dealer, deal.vulnerability) for deal in score.deals
    }


def test_game_premium_by_vulnerability_of_the_side_completing_it() -> None:
    """Seed 001, Regular: on deals 2 & 3 the dealer's side gets 500 for a game, the opponents 300."""
    ew_game = score_rubber(["1C N -1", "4S E =", "1C N -1", "1C N -1"], N)
    ns_game = score_rubber(["1C E -1", "4S N =", "1C E -1", "1C E -1"], N)
    assert (2, Item.GAME, 500) in items(ew_game, Side.EW)
    assert (2, Item.GAME, 300) in items(ns_game, Side.NS)


def test_game_on_deal_1_and_4() -> None:
    """Seed 001, Regular: deal 1 no one vulnerable (300), deal 4 both vulnerable (500)."""
    score = score_rubber(["4H S =", "1C E -1", "1C E -1", "3NT W ="], N)
    assert (1, Item.GAME, 300) in items(score, Side.NS)
    assert (4, Item.GAME, 500) in items(score, Side.EW)


def test_part_scores_carry_to_a_game() -> None:
    """Seed 000: a part score is carried forward until one side makes a game; no 50 for a part score."""
    score = score_rubber(["2S N =", "2D S =", "1C E -1", "1C E -1"], N)
    assert contract_items(score, Side.NS) == [
        (1, Item.TRICK_POINTS, 60),
        (2, Item.TRICK_POINTS, 40),
        (2, Item.GAME, 300),
    ]


def test_game_completed_at_deal_vulnerability() -> None:
    """DESIGN.md, chicago: the game premium goes by the completing side's vulnerability on that deal."""
    score = score_rubber(["2S N =", "1C N -1", "2D S =", "1C E -1"], N)
    assert (3, Item.GAME, 500) in items(score, Side.NS)


def test_opponents_game_wipes_out_part_scores() -> None:
    """Seed 001, Regular: a part score is wiped out and does not count toward game if opponents make game."""
    score = score_rubber(["2S N =", "4H E =", "2D S =", "1C E -1"], N)
    assert [item for _, item, _ in items(score, Side.NS)].count(Item.GAME) == 0


def test_game_kills_the_opponents_part_score_too() -> None:
    """DESIGN.md, chicago: once either side makes game, every part score of both sides is dead."""
    score = score_rubber(["2S N =", "2NT E =", "2S N =", "1NT E ="], N)
    assert (3, Item.GAME, 500) in items(score, Side.NS)
    ew = items(score, Side.EW)
    assert Item.GAME not in [item for _, item, _ in ew]
    assert (4, Item.PART_SCORE_PREMIUM, 100) in ew


def test_doubled_trick_points_count_toward_game() -> None:
    """Rubber bridge: doubled trick points go below the line, so 2HX made (120) is a game."""
    score = score_rubber(["2HX S =", "1C E -1", "1C E -1", "1C E -1"], N)
    assert contract_items(score, Side.NS) == [
        (1, Item.TRICK_POINTS, 120),
        (1, Item.INSULT, 50),
        (1, Item.GAME, 300),
    ]


def test_deal4_premium_only_for_a_part_score_made_on_deal_4() -> None:
    """Seed 001, Regular: a part score on deal four receives 100; earlier part scores get nothing."""
    early = score_rubber(["2S N =", "1C E -1", "1C E -1", "1C E -1"], N)
    assert Item.PART_SCORE_PREMIUM not in [item for _, item, _ in items(early, Side.NS)]
    late = score_rubber(["1C E -1", "1C E -1", "1C E -1", "2S N ="], N)
    assert (4, Item.PART_SCORE_PREMIUM, 100) in items(late, Side.NS)


def test_deal4_premium_whatever_the_other_side_holds() -> None:
    """DESIGN.md, deal4 (ACBL): the deal 4 part score gets 100 though the opponents hold one too."""
    score = score_rubber(["2S E =", "1C E -1", "1C E -1", "1NT N ="], N)
    assert (4, Item.PART_SCORE_PREMIUM, 100) in items(score, Side.NS)
    assert Item.PART_SCORE_PREMIUM not in [item for _, item, _ in items(score, Side.EW)]


def test_deal4_part_score_that_completes_game_gets_the_game_premium_only() -> None:
    """Seed 001: a part score on deal 4 that completes a game scores the game, not the 100."""
    score = score_rubber(["2S N =", "1C E -1", "1C E -1", "2S N ="], N)
    ns = items(score, Side.NS)
    assert (4, Item.GAME, 500) in ns
    assert Item.PART_SCORE_PREMIUM not in [item for _, item, _ in ns]


def test_outstanding_premium_for_each_side_with_a_part_score() -> None:
    """Seed 000: a team with an outstanding part score at the end of the fourth deal scores 100."""
    score = score_rubber(["2S E =", "1NT N =", "1C E -1", "1C E -1"], N, OUTSTANDING)
    assert (4, Item.PART_SCORE_PREMIUM, 100) in items(score, Side.NS)
    assert (4, Item.PART_SCORE_PREMIUM, 100) in items(score, Side.EW)
    deal4 = score_rubber(["2S E =", "1NT N =", "1C E -1", "1C E -1"], N)
    assert all(entry.item is not Item.PART_SCORE_PREMIUM for entry in deal4.entries)


def test_outstanding_premium_not_for_a_dead_part_score() -> None:
    """Seed 000: a part score wiped out by a game is not outstanding."""
    score = score_rubber(["2S N =", "4H E =", "1C E -1", "1C E -1"], N, OUTSTANDING)
    assert all(entry.item is not Item.PART_SCORE_PREMIUM for entry in score.entries)


def test_slam_and_penalties_by_vulnerability_on_the_deal() -> None:
    """Seed 001, Regular: vulnerability also determines slam bonuses and penalties."""
    vul_slam = score_rubber(["1C N -1", "6H E =", "1C N -1", "1C N -1"], N)
    assert (2, Item.SLAM, 750) in items(vul_slam, Side.EW)
    penalty = score_rubber(["1C N -1", "4SX E -2", "1C N -1", "1C N -1"], N)
    assert (2, Item.UNDERTRICKS, 500) in items(penalty, Side.NS)


def test_undertricks_go_to_the_defenders() -> None:
    """Rubber bridge: the defenders score a failed contract's undertricks above the line."""
    score = score_rubber(["3NT N -2", "1C E -1", "1C E -1", "1C E -1"], N)
    assert items(score, Side.EW)[0] == (1, Item.UNDERTRICKS, 100)
    assert score.entries[0].line is Line.ABOVE


def test_honors_count_in_chicago_even_for_defenders_and_failed_contracts() -> None:
    """Rubber bridge honors: 100 or 150 to the side holding them, whoever declares and however it ends."""
    deals: list[RecordedDeal | str] = [
        RecordedDeal(Result.parse("4S N -1"), Honors(Side.EW, 100)),
        RecordedDeal(Result.parse("3NT E ="), Honors(Side.EW, 150)),
        "1C E -1",
        "1C E -1",
    ]
    score = score_rubber(deals, N)
    ew = items(score, Side.EW)
    assert (1, Item.HONORS, 100) in ew
    assert (2, Item.HONORS, 150) in ew


@pytest.mark.parametrize("rules", [DUPLICATE, RUSSIAN], ids=["duplicate", "russian"])
def test_honors_only_in_chicago(rules: ScoringRules) -> None:
    """DESIGN.md: honors are a chicago (rubber-bridge) premium; under another method they are an error."""
    honors = RecordedDeal(Result.parse("4S N ="), Honors(Side.NS, 100), 25)
    deals = [honors, *[RecordedDeal.parse("1C E -1")] * 3]
    with pytest.raises(RubberError, match="honors count only in chicago"):
        score_rubber(deals, N, rules)


def test_passed_out_deal_is_redealt_by_the_same_dealer_at_the_same_vulnerability() -> None:
    """Seed 001, Passed Out Hand: the dealer redeals; DESIGN.md: same vulnerability, not counted."""
    plain = score_rubber(BULLETIN_DEALS, N)
    passed = score_rubber(["pass", "2S E +1", "3NT N -2", "pass", "pass", "6S W =", "2D N ="], N)
    assert passed.entries == plain.entries
    assert [(deal.number, deal.dealer, deal.passed_out) for deal in passed.deals] == [
        (1, N, 1),
        (2, E, 0),
        (3, S, 2),
        (4, W, 0),
    ]


@pytest.mark.parametrize(
    ("deals", "fragment"),
    [
        (BULLETIN_DEALS[:3], "4 deals under the dealer cycle, but 3 were played"),
        ([*BULLETIN_DEALS[:3], "pass"], "and 1 passed out"),
        ([*BULLETIN_DEALS, "1C N ="], "after the last one"),
        ([*BULLETIN_DEALS, "pass"], "after the last one"),
        (["2S +1", *BULLETIN_DEALS[1:]], "needs its declarer's seat"),
    ],
)
def test_unscorable_rubbers_are_explained(deals: list[str], fragment: str) -> None:
    """A rubber has as many counted deals as its cycle, each with a declarer; errors say so in words."""
    with pytest.raises(RubberError) as caught:
        score_rubber(deals, N)
    assert fragment in str(caught.value)


def test_russian_needs_hcp() -> None:
    """Seed 000: Russian scoring needs each deal's high-card points."""
    with pytest.raises(RubberError, match="hcp_ns"):
        score_rubber(BULLETIN_DEALS, N, RUSSIAN)


def test_duplicate_method_scores_each_deal_alone() -> None:
    """Seed 001, Duplicate Scoring: each deal is an entity, part scores not carried, worth 50 on each hand."""
    score = score_rubber(BULLETIN_DEALS, N, DUPLICATE)
    assert (score.ns_points, score.ew_points) == (90, 140 + 100 + 980)
    assert (4, Item.PART_SCORE_PREMIUM, 50) in items(score, Side.NS)
    assert score.ns_imps is None


def test_cavendish_vulnerability_changes_the_bulletin_example() -> None:
    """Seed 001, Cavendish: same as Regular but the dealer's opponents are vulnerable on deals 2 & 3."""
    score = score_rubber(BULLETIN_DEALS, N, ScoringRules(vulnerability=NONDEALER_CYCLE))
    ew = items(score, Side.EW)
    assert (2, Item.UNDERTRICKS, 200) in ew
    assert (3, Item.SLAM, 750) in ew
    assert (3, Item.GAME, 500) in ew
    assert (score.ns_points, score.ew_points) == (140, 30 + 60 + 200 + 180 + 750 + 500)


def test_russian_rubber_sums_deal_imps() -> None:
    """Seed 000: the IMPs over a series of hands are totaled; its worked example is deal 2 here."""
    deals = [
        RecordedDeal(Result.parse("1NT N ="), hcp_ns=20),
        RecordedDeal(Result.parse("3H E +1"), hcp_ns=16),
        RecordedDeal(Result.parse("4S S ="), hcp_ns=26),
        RecordedDeal(Result.parse("3NT W -1"), hcp_ns=15),
    ]
    score = score_rubber(deals, N, RUSSIAN)
    per_deal = [deal.russian.ns_imps if deal.russian else None for deal in score.deals]
    # deal 1: +90 vs 0 = +3; deal 2: seed 000's example; deal 3 (N-S dealt, so vulnerable): 620 vs 520 = +3;
    # deal 4: E-W 25 HCP vulnerable, -100 vs 440 = -540, -11 for E-W, so +11 for N-S.
    assert per_deal == [3, 3, 3, 11]
    assert score.ns_imps == 20
    assert score.tally == 20


def test_custom_six_deal_cycle() -> None:
    """Seed 002: six deals (5 none, 6 both); the deal 4 premium moves to the rubber's last deal."""
    rules = ScoringRules(vulnerability=find_cycle("none,nondealer,nondealer,both,none,both"))
    deals = ["1C E -1"] * 5 + ["2S N ="]
    score = score_rubber(deals, N, rules)
    assert [deal.vulnerability for deal in score.deals][4:] == [Vulnerability.NONE, Vulnerability.BOTH]
    assert (6, Item.PART_SCORE_PREMIUM, 100) in items(score, Side.NS)
    with pytest.raises(RubberError, match="6 deals"):
        score_rubber(BULLETIN_DEALS, N, rules)


def test_tally_units() -> None:
    """DESIGN.md, tally: the net rounded once to hundreds by default, or kept in points."""
    assert score_rubber(BULLETIN_DEALS, N).tally == -10
    assert score_rubber(BULLETIN_DEALS, N, ScoringRules(unit=Unit.POINTS)).tally == -1030


def test_accepts_results_strings_and_pass() -> None:
    """A rubber's deals may be given as recorded deals, results, PASS or pad strings."""
    mixed: list[RecordedDeal | Result | PassedOut | str] = [
        PASS,
        Result.parse("2S E +1"),
        RecordedDeal.parse("3NT N -2"),
        "6S W =",
        "2D N =",
    ]
    assert score_rubber(mixed, N).entries == score_rubber(BULLETIN_DEALS, N).entries


Case = tuple[ScoringRules, list[RecordedDeal], Seat]


@st.composite
def rubbers_with_rules(draw: st.DrawFn) -> Case:
    """Any rules, a complete rubber under them and a first dealer."""
    chosen = draw(rules)
    return chosen, draw(rubbers(chosen)), draw(st.sampled_from(Seat))


@given(rubbers_with_rules())
def test_sides_are_symmetric(case: Case) -> None:
    """Every method: move every player one seat clockwise and N-S and E-W trade scores exactly."""
    chosen, deals, first_dealer = case
    score = score_rubber(deals, first_dealer, chosen)
    turned = score_rubber([rotate_deal(deal) for deal in deals], first_dealer.next(), chosen)
    assert (turned.ns_points, turned.ew_points) == (score.ew_points, score.ns_points)
    assert turned.net == -score.net
    assert turned.tally == -score.tally
    if chosen.method.in_imps:
        assert turned.ns_imps == -(score.ns_imps or 0)
    mirrored = Counter((e.deal, e.side.other, e.points, e.line, e.item) for e in score.entries)
    assert Counter((e.deal, e.side, e.points, e.line, e.item) for e in turned.entries) == mirrored


@given(rubbers_with_rules())
def test_totals_are_the_entries(case: Case) -> None:
    """Totals are non-negative sums of positive entries, and net is N-S minus E-W."""
    chosen, deals, first_dealer = case
    score = score_rubber(deals, first_dealer, chosen)
    assert all(entry.points > 0 for entry in score.entries)
    assert score.ns_points >= 0 and score.ew_points >= 0
    assert score.net == score.ns_points - score.ew_points
    assert len(score.deals) == len(chosen.vulnerability)


@given(rubbers_with_rules())
def test_duplicate_method_totals_are_duplicate_scores(case: Case) -> None:
    """Duplicate and russian: each deal's entries add up to its duplicate score for the declarer's side."""
    chosen, deals, first_dealer = case
    if chosen.method.carries_partscores:
        return
    score = score_rubber(deals, first_dealer, chosen)
    expected_net = 0
    for deal in score.deals:
        side = deal.result.declarer_side
        assert side is not None
        points = duplicate_score(deal.result, vulnerable=deal.vulnerability.is_vulnerable(side))
        expected_net += points if side is Side.NS else -points
    assert score.net == expected_net


def test_a_rubber_in_play_scores_as_far_as_it_goes() -> None:
    """Deal by deal at the table: three deals of the bulletin's example score without the deal-4 premium,
    the pad shows each side's totals and live part score, and the next deal's dealer is known."""
    from scoring.deal import RecordedDeal
    from scoring.rubber import Line, next_deal

    partial = score_rubber(BULLETIN_DEALS[:1], N, partial=True)
    assert not partial.complete and partial.counted == 1
    assert partial.part_scores()[Side.EW] == 60
    assert partial.line_totals(Side.EW, Line.BELOW) == 60
    whole = score_rubber(BULLETIN_DEALS, N, partial=True)
    assert whole.complete and whole.ns_points == score_rubber(BULLETIN_DEALS, N).ns_points
    deals = [RecordedDeal.of(d) for d in BULLETIN_DEALS[:2]]
    assert next_deal(deals, N, ScoringRules()) == (
        3,
        S,
        score_rubber(BULLETIN_DEALS, N).deals[2].vulnerability,
    )
    assert next_deal([RecordedDeal.of(d) for d in BULLETIN_DEALS], N, ScoringRules()) is None

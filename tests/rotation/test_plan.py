"""From names to a schedule: the cut, late arrivals and early leavers, rounds, and bad requests."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation.balance import check
from rotation.cut import Order, card_value, cut
from rotation.deals import deal_plans
from rotation.plan import Away, Method, PlanError, PlanRequest, parse_avoid, parse_away, parse_rounds, plan
from scoring.seat import Seat
from scoring.vulnerability import Vulnerability, find_cycle
from tests.conftest import BULLETIN_FIVE

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def test_cut_is_reproducible_with_a_seed() -> None:
    """`--seed` makes a drawn cut reproducible; another seed draws differently."""
    assert cut(NAMES, 7) == cut(NAMES, 7)
    assert len({cut(NAMES, seed)[0] for seed in range(20)}) > 1


def test_cut_ranks_highest_card_first_counting_suits() -> None:
    """Bulletin: the score sheet lists players highest card first; suits count (spades highest)."""
    for seed in range(50):
        ranked, cards = cut(NAMES, seed)
        assert sorted(ranked) == sorted(NAMES)
        values = [card_value(card) for card in cards]
        assert values == sorted(values, reverse=True)
    assert card_value("AS") > card_value("AH") > card_value("KS")


def test_given_order_is_the_score_sheet() -> None:
    """`--order given` takes the names as already ranked."""
    schedule = plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule
    assert schedule.players == BULLETIN_FIVE


def test_drawn_cut_orders_the_sheet_by_the_cards() -> None:
    """With a cut, the score sheet is the draw's order and the highest card deals round 1."""
    result = plan(PlanRequest(BULLETIN_FIVE, Order.CUT, seed=11))
    assert tuple(name for name, _ in result.cut) == result.schedule.players
    assert result.schedule.name(result.schedule.rounds[0].tables[0].dealer) == result.schedule.players[0]


@pytest.mark.parametrize(
    ("text", "rounds"),
    [("3", {3}), ("1-2", {1, 2}), ("1,4-5", {1, 4, 5}), ("5-", {5, 6, 7}), ("2,6-", {2, 6, 7})],
)
def test_parse_rounds(text: str, rounds: set[int]) -> None:
    """Away rounds are written as 3, 1-2, 5- (to the end of the evening) or a comma list."""
    assert parse_away(f"Ann:{text}").resolve(7) == rounds
    listed, open_from = parse_rounds(text)
    assert open_from == (int(text.split(",")[-1][:-1]) if text.endswith("-") else None)
    assert listed == rounds - (set(range(open_from, 8)) if open_from else set())


@pytest.mark.parametrize("text", ["", "x", "3-1", "0", "Shirley"])
def test_bad_away_is_refused(text: str) -> None:
    """A malformed --away is a PlanError that says how to write it."""
    with pytest.raises(PlanError):
        parse_away(text)


def test_outsider_joins_with_a_new_cut() -> None:
    """Bulletin, AN OUTSIDER ENTERS THE GAME: a new cut; the two highest partner and the lowest sits out."""
    request = PlanRequest(
        BULLETIN_FIVE, Order.CUT, seed=5, away=(parse_away("Shirley:1-2"),), method=Method.BULLETIN
    )
    result = plan(request)
    schedule = result.schedule
    shirley = schedule.player("Shirley")
    assert schedule.players[-1] == "Shirley"  # not on the first cut: listed last
    for rnd in schedule.rounds[:2]:
        assert shirley not in rnd.present and not rnd.sitting_out
    third = schedule.rounds[2]
    assert shirley in third.present and len(third.sitting_out) == 1
    new_cut = [note.text for note in result.notes if note.text.startswith("round 3: a new cut")]
    assert new_cut
    ranked = new_cut[0].split(": ")[-1].split(", ")
    table = third.tables[0]
    assert schedule.name(table.dealer) == ranked[0]
    assert schedule.name(table.partner_of(table.dealer)) == ranked[1]
    assert [schedule.name(p) for p in third.sitting_out] == [ranked[-1]]
    assert len(schedule.rounds) == 2 + 5


def test_early_leaver_is_never_seated_after_leaving() -> None:
    """A player away from round 4 on is neither seated nor sitting out, and the others play on."""
    schedule = plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN, rounds=7, away=(parse_away("Ann:4-"),))).schedule
    for index, rnd in enumerate(schedule.rounds):
        if index >= 3:
            assert 0 not in rnd.present and rnd.present == frozenset({1, 2, 3, 4})
        else:
            assert rnd.present == frozenset(range(5))


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (PlanRequest(("A", "B", "C")), "at least four"),
        (PlanRequest(("A", "B", "C", "a")), "given twice"),
        (PlanRequest(("A", "B", "C", "D"), rounds=0), "from 1 to 100"),
        (PlanRequest(("A", "B", "C", "D"), away=(Away("Zed", frozenset({1})),)), "not one of the players"),
        (PlanRequest(("A", "B", "C", "D"), away=(Away("A", frozenset({1})),)), "3 players"),
    ],
)
def test_bad_requests_say_why(request_: PlanRequest, message: str) -> None:
    """Bad input is a PlanError with a reason, never a crash."""
    with pytest.raises(PlanError, match=message):
        plan(request_)


def test_deals_pass_left_with_dealer_cycle() -> None:
    """Bulletin, Regular: deal 1 none, deals 2-3 the dealer's side, deal 4 both; the deal passes left."""
    table = plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule.rounds[0].tables[0]  # South deals first
    plans = deal_plans(table, find_cycle("dealer"))
    assert [p.dealer for p in plans] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert [p.vulnerability for p in plans] == [
        Vulnerability.NONE,
        Vulnerability.EW,
        Vulnerability.NS,
        Vulnerability.BOTH,
    ]


def test_deals_with_nondealer_and_six_deal_cycles() -> None:
    """Bulletin's Cavendish (seed 000, 002): deals 2-3 the dealer's opponents; seed 002 adds deal 5 none,
    deal 6 both, so a round has six deals."""
    table = plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule.rounds[0].tables[0]
    cavendish = deal_plans(table, find_cycle("nondealer"))
    assert [p.vulnerability for p in cavendish][1:3] == [Vulnerability.NS, Vulnerability.EW]
    six = deal_plans(table, find_cycle("none,nondealer,nondealer,both,none,both"))
    assert len(six) == 6
    assert [p.dealer for p in six][4:] == [Seat.SOUTH, Seat.WEST]
    assert [p.vulnerability for p in six][4:] == [Vulnerability.NONE, Vulnerability.BOTH]


def test_deal_out_of_turn_keeps_the_planned_vulnerability() -> None:
    """Bulletin, Deal Out of Turn: no redeal; vulnerability as if the correct player had dealt. The plan's
    deals depend only on the table's first dealer, so a deal out of turn changes nothing in it."""
    table = plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule.rounds[0].tables[0]
    cycle = find_cycle("dealer")
    planned = deal_plans(table, cycle)
    # the same seating with the players shuffled among seats keeps every deal's dealer seat and vulnerability
    assert deal_plans(table.with_seats({Seat.NORTH: table.east, Seat.EAST: table.north}), cycle) == planned


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(
        st.sampled_from(["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]), min_size=4, max_size=6, unique=True
    ),
    seed=st.integers(0, 10_000),
    rounds=st.none() | st.integers(1, 20),
    order=st.sampled_from(list(Order)),
)
def test_every_plan_passes_the_checker(names: list[str], seed: int, rounds: int | None, order: Order) -> None:
    """Every bulletin plan, for 4-6 players, any seed and round count, seats each player once a round, keeps
    rounds played within one and never sits anyone out twice running; a default evening of 4 or 5 partners
    every pair once."""
    schedule = plan(PlanRequest(tuple(names), order, seed, rounds, work=1)).schedule
    balance = check(schedule.movement)
    assert sorted(schedule.players) == sorted(names)
    for rnd in schedule.rounds:
        assert rnd.present == frozenset(range(len(names)))
    if rounds is None and len(names) in (4, 5):
        assert balance.is_whist or (len(names) == 4 and set(balance.partners.values()) == {1})
    assert balance.played_spread <= 1 and balance.max_sit_out_run <= 1


def test_an_early_leaver_under_the_bulletin_gets_a_sensible_evening() -> None:
    """Seed 001: when the group changes, a new cut and the movement for the new size. Shirley leaving
    after round 3 gives three rounds of the five-player movement and then the four-player one, every
    partnership once (3 rounds), not a thousand rounds; she is never seated from round 4. (Asked for: by
    default an evening with someone away is the bulletin's length, balanced.)"""
    request = PlanRequest(
        BULLETIN_FIVE, Order.GIVEN, away=(parse_away("Shirley:4-"),), method=Method.BULLETIN
    )
    result = plan(request)
    assert result.method == "bulletin"
    rounds = result.schedule.rounds
    assert len(rounds) == 6
    shirley = result.schedule.player("Shirley")
    assert all(shirley not in rnd.seated for rnd in rounds[3:])
    assert all(shirley in rnd.seated or shirley in rnd.sitting_out for rnd in rounds[:3])


def test_the_planner_speaks_no_option_of_the_command_line() -> None:
    """rotation/plan.py words its errors and notes neutrally: no string it builds (docstrings aside)
    names an option such as --away; the facts ride on the error (``part``, ``fault``, ``facts``)."""
    import ast
    import re
    from pathlib import Path

    import rotation.plan as planner

    tree = ast.parse(Path(planner.__file__).read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    said = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]
    assert [text for text in said if re.search(r"--[a-z]", text)] == []


@pytest.mark.parametrize(
    ("attempt", "part", "fault", "facts"),
    [
        (lambda: parse_away("Bob"), "away", "unreadable", {"text": "Bob"}),
        (lambda: parse_avoid("Ann"), "avoid", "unreadable", {"text": "Ann"}),
        (lambda: plan(PlanRequest(NAMES, avoid=(("Ann", "Zed"),))), "avoid", "not a player", {"name": "Zed"}),
        (lambda: plan(PlanRequest(NAMES, away=(Away("Zed", frozenset({2})),))), "away", "not a player", {}),
        (
            lambda: plan(PlanRequest(NAMES[:5], avoid=(("Ann", "Bob"),), method=Method.BULLETIN)),
            "method",
            "needs the balanced planner",
            {},
        ),
    ],
)
def test_a_plan_error_carries_the_part_and_the_facts(
    attempt: Callable[[], object], part: str, fault: str, facts: dict[str, object]
) -> None:
    """Each refusal names the part of the request at fault and what was given there, in neutral words."""
    with pytest.raises(PlanError) as caught:
        attempt()
    error = caught.value
    assert (error.part, error.fault) == (part, fault)
    assert {key: error.facts[key] for key in facts} == facts
    assert "--" not in str(error)

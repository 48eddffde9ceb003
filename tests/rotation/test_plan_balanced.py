"""`chicago plan` beyond the bulletin: the balanced planner and its constraints, via plan() and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.balance import check
from rotation.cli import app
from rotation.cut import Order
from rotation.io.formats import schedule_from_data, schedule_to_data
from rotation.plan import Kept, Method, PlanError, PlanRequest, default_rounds, parse_avoid, parse_away, plan

SEVEN = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus")
TEN = (*SEVEN, "Hal", "Ivy", "Jo")


def test_more_than_six_players_use_the_balanced_planner() -> None:
    """The bulletin stops at six players: seven get the balanced planner, which says how close it came."""
    result = plan(PlanRequest(SEVEN, Order.GIVEN, rounds=5, work=3))
    assert result.method == "balanced" and result.solved is not None
    balance = check(result.schedule.movement)
    assert balance.partner_spread <= 1 and balance.played_spread <= 1
    assert result.solved.term("partner spread").value == balance.partner_spread


def test_default_rounds_partner_every_pair_once() -> None:
    """Default rounds: enough for every pair to partner once, 2T partnerships a round over n(n-1)/2 pairs."""
    assert default_rounds(8, 2) == 7
    assert default_rounds(9, 2) == 9
    assert default_rounds(7, 1) == 11
    assert default_rounds(13, 3) == 13


def test_a_long_default_is_capped_and_said() -> None:
    """Where every pair partnering once takes more than an evening, the default is eight rounds of four
    deals (about three hours) and the plan says what every pair partnering once would take (issue 12)."""
    result = plan(PlanRequest((*TEN, "Kit", "Lu", "Mo", "Ned"), Order.GIVEN, work=3))
    assert len(result.schedule.rounds) == 8
    assert any("would take 16" in note.text and note.value == 16 for note in result.notes)


def test_a_note_that_every_pair_partners_names_the_avoided_pairs() -> None:
    """With --avoid the default note does not claim every pair partners: it names the pair who must not,
    and avoiding a pair costs nobody their share of play (the bulletin's five, Ann and Helen apart)."""
    result = plan(
        PlanRequest(SEVEN[:5], Order.GIVEN, avoid=(parse_avoid("ann+Bob"),), method=Method.BALANCED, work=2)
    )
    assert any("but Ann and Bob, who must not" in note.text for note in result.notes)
    assert check(result.schedule.movement).played_spread == 0


def test_bulletin_sizes_past_their_cycle_go_balanced() -> None:
    """The bulletin's movements are the default within their cycle; past it, the balanced planner."""
    within = plan(PlanRequest(SEVEN[:5], Order.GIVEN, rounds=5))
    beyond = plan(PlanRequest(SEVEN[:5], Order.GIVEN, rounds=7, work=3))
    assert within.method == "bulletin" and beyond.method == "balanced"
    forced = plan(PlanRequest(SEVEN[:5], Order.GIVEN, rounds=7, method=Method.BULLETIN))
    assert forced.method == "bulletin"


def test_avoid_pairs_never_partner() -> None:
    """--avoid A+B: the two never partner, and the rest stays balanced."""
    result = plan(PlanRequest(SEVEN, Order.GIVEN, rounds=7, avoid=(parse_avoid("ann+Bob"),), work=3))
    schedule = result.schedule
    ann, bob = schedule.player("Ann"), schedule.player("Bob")
    for rnd in schedule.rounds:
        for table in rnd.tables:
            if ann in table and bob in table:
                assert table.partner_of(ann) != bob
    assert check(schedule.movement, avoid=result.avoid).partners[(ann, bob)] == 0


def test_away_players_are_neither_seated_nor_out() -> None:
    """--away NAME:ROUNDS: a late arrival and an early leaver are absent exactly then."""
    request = PlanRequest(
        (*SEVEN, "Hal", "Ivy"),
        Order.GIVEN,
        rounds=6,
        away=(parse_away("Ann:1-2"), parse_away("Bob:5-")),
        work=3,
    )
    schedule = plan(request).schedule
    ann, bob = schedule.player("Ann"), schedule.player("Bob")
    for index, rnd in enumerate(schedule.rounds, 1):
        assert (ann in rnd.present) == (index > 2)
        assert (bob in rnd.present) == (index < 5)
    assert schedule.players[-1] == "Ann"  # a late arrival is listed after the first cut


def test_keep_played_rounds_and_replan_for_a_newcomer(tmp_path: Path) -> None:
    """--keep FILE:K: the first K rounds stay as played; the rest is replanned with a newcomer."""
    first = plan(PlanRequest(TEN[:8], Order.GIVEN, rounds=7, work=3)).schedule
    kept = Kept(first, 3)
    result = plan(PlanRequest((*TEN[:8], "Ivy"), Order.GIVEN, rounds=7, keep=kept, work=3))
    schedule = result.schedule
    assert schedule.players[:8] == first.players and schedule.players[8] == "Ivy"
    assert schedule.rounds[:3] == first.rounds[:3]
    ivy = schedule.player("Ivy")
    assert all(ivy in rnd.present for rnd in schedule.rounds[3:])


def test_keep_when_someone_leaves() -> None:
    """A player who goes home after the kept rounds is away for the rest."""
    first = plan(PlanRequest(TEN[:9], Order.GIVEN, rounds=6, work=3)).schedule
    result = plan(PlanRequest(TEN[:8], Order.GIVEN, keep=Kept(first, 2), work=3))
    schedule = result.schedule
    gone = schedule.player(TEN[8])
    assert len(schedule.rounds) == 6
    assert all(gone not in rnd.present for rnd in schedule.rounds[2:])
    assert schedule.rounds[:2] == first.rounds[:2]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (PlanRequest(SEVEN, rounds=3, tables=0), "at least 1"),
        (PlanRequest(SEVEN, rounds=3, avoid=(("Ann", "Zed"),)), "not one of the players"),
        (PlanRequest(SEVEN[:5], rounds=5, avoid=(("Ann", "Bob"),), method=Method.BULLETIN), "balanced"),
        (PlanRequest(SEVEN[:4], rounds=2, avoid=(("Ann", "Bob"), ("Ann", "Cy"), ("Ann", "Di"))), "Ann"),
        (PlanRequest(SEVEN, rounds=3, away=tuple(parse_away(f"{n}:2") for n in SEVEN[:4])), "round 2"),
    ],
)
def test_impossible_requests_say_why(request_: PlanRequest, message: str) -> None:
    """A request no schedule can meet is refused with the reason in the host's words."""
    with pytest.raises(PlanError, match=message):
        plan(request_)


def test_cli_balanced_plan_json_passes_the_checker(runner: CliRunner, tmp_path: Path) -> None:
    """`chicago plan` for nine players with constraints prints JSON that reads back and checks balanced."""
    args = ["plan", *TEN[:9], "--order", "given", "--rounds", "6", "--avoid", "Ann+Bob"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    schedule = schedule_from_data(json.loads(result.output))
    balance = check(schedule.movement, avoid=[(0, 1)])
    assert balance.partners[(0, 1)] == 0 and balance.played_spread <= 1 and balance.max_sit_out_run <= 1


def test_cli_keep_replans(runner: CliRunner, tmp_path: Path) -> None:
    """`--keep FILE:K` through the CLI; a malformed value is one line and exit 2."""
    path = tmp_path / "tonight.json"
    first = plan(PlanRequest(TEN[:8], Order.GIVEN, rounds=5, work=3)).schedule
    path.write_text(json.dumps(schedule_to_data(first)))
    result = runner.invoke(app, ["plan", *TEN[:8], "Ivy", "--keep", f"{path}:2", "--json"])
    assert result.exit_code == 0, result.output
    assert schedule_from_data(json.loads(result.output)).rounds[:2] == first.rounds[:2]
    bad = runner.invoke(app, ["plan", *TEN[:8], "--keep", f"{path}"])
    assert bad.exit_code == 2 and "say how many rounds of the file were played" in bad.output


def test_cli_infeasible_is_one_line(runner: CliRunner) -> None:
    """An impossible request (a player who may partner nobody) exits 2 with the reason."""
    args = ["plan", "A", "B", "C", "D", "--avoid", "A+B", "--avoid", "A+C", "--avoid", "A+D", "--rounds", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "no schedule can satisfy this" in result.output and len(result.output.strip().splitlines()) == 1


def _names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(n))


def test_one_round_after_the_book_is_planned_both_ways_ties_to_the_book() -> None:
    """17 x 5: the book meets nobody twice for 4 rounds; planned whole or after the book's rounds, the
    evening repeats one meeting (the proven fewest), so the book's start is kept: stopping after round 4
    repeats nothing."""
    result = plan(PlanRequest(_names(17), order=Order.GIVEN, rounds=5, work=1), None)
    movement = result.schedule.movement
    assert any("rounds 1-4 from the book" in note.text for note in result.notes)
    assert check(type(movement)(17, movement.rounds[:4])).repeated_meetings == 0
    assert check(movement).repeated_meetings == 1


def test_one_round_after_the_book_keeps_the_better_plan() -> None:
    """20 x 6 planned whole repeats 10 meetings at the default budget; the GF(5) book's five rounds and
    one more repeat 6 (its four groups of five never met: four tables from them, and the last four
    players, one of each group, meet again), so that is the plan."""
    result = plan(PlanRequest(_names(20), order=Order.GIVEN, rounds=6), None)
    assert check(result.schedule.movement).repeated_meetings <= 6

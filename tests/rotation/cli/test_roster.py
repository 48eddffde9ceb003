"""The roster at the command line: no misspelled or forgotten name changes an evening silently."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import BULLETIN_FIVE
from tests.rotation.cli.test_evening import db, ok, refused, save_bulletin_evening

__all__ = ["db"]  # the fixture: every command here uses one database file


def players(runner: CliRunner) -> list[str]:
    return [line.split("  (")[0] for line in ok(runner, "players").output.splitlines()]


def test_a_near_miss_at_save_is_refused_with_the_suggestion(runner: CliRunner, db: Path) -> None:
    save_bulletin_evening(runner)
    line = refused(runner, "plan", "Ann", "Hellen", "Doris", "Jean", "--order", "given", "--save", "wed")
    assert line == (
        "chicago: error: 'Hellen' is not a known player; did you mean 'Helen'?"
        " (add --new Hellen if it is a new player)"
    )
    assert "Hellen" not in players(runner) and "wed" not in ok(runner, "sessions").output
    ok(
        runner,
        "plan",
        "Ann",
        "Hellen",
        "Doris",
        "Jean",
        "--order",
        "given",
        "--save",
        "wed",
        "--new",
        "Hellen",
    )
    assert "Hellen" in players(runner) and "Helen" in players(runner)


def test_other_accents_are_the_known_player_with_a_note(runner: CliRunner, db: Path) -> None:
    ok(runner, "plan", "Zoë", "Ann", "Bob", "Cy", "--order", "given", "--save", "mon")
    shown = ok(runner, "plan", "zoe", "Ann", "Bob", "Cy", "--order", "given", "--save", "tue").output
    assert "Note: 'zoe' is the known player 'Zoë'" in shown
    assert players(runner).count("Zoë") == 1 and "zoe" not in players(runner)


def test_a_replan_refuses_a_player_left_out_unless_gone(runner: CliRunner, db: Path) -> None:
    """Shirley not named at `--keep` is not silently sent home; `--gone Shirley` says she went."""
    save_bulletin_evening(runner, "tue")
    ok(runner, "record", "tue", "-r", "1", "--net", "E-W +3")
    four = ("Ann", "Helen", "Doris", "Jean")
    line = refused(runner, "plan", *four, "--keep", "tue", "--save", "tue")
    assert line == (
        "chicago: error: not named and not said to have gone home: Shirley: name them, or add --gone Shirley"
    )
    replanned = ok(runner, "plan", *four, "--keep", "tue", "--save", "tue", "--gone", "Shirley")
    assert "Replanned 'tue'" in replanned.output
    data = json.loads(ok(runner, "export", "tue").output)
    later = [r for r in data["rounds"][1:] if "Shirley" in json.dumps(r["tables"])]
    assert later == []


def test_a_misspelled_player_at_a_replan_is_not_a_newcomer(runner: CliRunner, db: Path) -> None:
    """'Shirly' at --keep would have been a newcomer while Shirley went home: refused instead."""
    save_bulletin_evening(runner, "tue")
    line = refused(
        runner, "plan", "Ann", "Helen", "Doris", "Jean", "Shirly", "--keep", "tue", "--save", "tue"
    )
    assert "did you mean 'Shirley'?" in line
    assert json.loads(ok(runner, "export", "tue").output)["players"] == list(BULLETIN_FIVE)


def test_gone_and_new_must_name_players_of_the_request(runner: CliRunner, db: Path) -> None:
    save_bulletin_evening(runner, "tue")
    assert "is declared new but is not one of the players named" in refused(
        runner, "plan", *BULLETIN_FIVE, "--order", "given", "--new", "Kim"
    )
    assert "went home, but is not one of the evening's players" in refused(
        runner, "plan", *BULLETIN_FIVE, "--keep", "tue", "--gone", "Kim"
    )

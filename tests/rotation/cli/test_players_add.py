"""`chicago players --add`: a club's members made known without an evening, refused as `chicago plan`
refuses a name (a near miss of a known player unless --new, a name that cannot be one), in one line."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tests.rotation.cli.test_evening import db, ok, refused, save_bulletin_evening

__all__ = ["db"]


def listed(runner: CliRunner) -> list[str]:
    return ok(runner, "players").output.splitlines()


def test_members_are_added_and_listed_with_no_evening(runner: CliRunner, db: Path) -> None:
    said = ok(runner, "players", "--add", "Kim", "Lou", "kim ").output
    assert said == "Added to the roster: Kim, Lou.\n"
    assert listed(runner) == ["Kim  (0 sessions)", "Lou  (0 sessions)"]
    again = ok(runner, "players", "--add", "LOU", "Max").output
    assert again == "Added to the roster: Max.\nAlready on the roster: Lou.\n"


def test_a_near_miss_needs_new_as_at_plan(runner: CliRunner, db: Path) -> None:
    save_bulletin_evening(runner)
    line = refused(runner, "players", "--add", "Kim", "Hellen")
    assert line == (
        "chicago: error: 'Hellen' is not a known player; did you mean 'Helen'?"
        " (add --new Hellen if it is a new player)"
    )
    assert not any(line.startswith(("Kim", "Hellen")) for line in listed(runner))
    ok(runner, "players", "--add", "Kim", "Hellen", "--new", "Hellen")
    assert "Hellen  (0 sessions)" in listed(runner) and "Kim  (0 sessions)" in listed(runner)


def test_what_cannot_be_a_name_is_one_line(runner: CliRunner, db: Path) -> None:
    assert "invisible formatting character (\\u200b)" in refused(runner, "players", "--add", "Kim\u200b")
    assert "invisible formatting character (\\u202e)" in refused(runner, "players", "--add", "Bad\u202eName")
    assert "41 characters long; at most 40" in refused(runner, "players", "--add", "K" * 41)
    assert "write --add before their names" in refused(runner, "players", "Kim")
    assert "name the players to add" in refused(runner, "players", "--add")
    assert "declared new but is not one of the names" in refused(
        runner, "players", "--add", "Kim", "--new", "Lou"
    )
    assert ok(runner, "players").output.startswith("No players saved yet")

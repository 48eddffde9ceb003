"""An 80-column terminal (a laptop or a pipe): help without `<bool>`, and every command's lines within 80
columns for the bulletin's five and for twelve long names, with nothing cut short."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from rotation.io.formats import schedule_to_data
from rotation.render.text import width
from tests.conftest import BULLETIN_FIVE
from tests.rotation.render.test_text_width import LONG, _session

NARROW = {"COLUMNS": "80"}


def _fits(output: str) -> None:
    # Rich's ellipsis after a word cut short (a lone … marks a table still to record on the tally)
    assert not re.search(r"\w\u2026", output)
    too_wide = [line for line in output.splitlines() if width(line) > 80]
    assert not too_wide, too_wide


@pytest.mark.parametrize("command", ["", "plan", "check", "cards", "record", "show", "tally", "rank"])
def test_help_fits_80_columns_without_types_of_flags(runner: CliRunner, command: str) -> None:
    result = runner.invoke(app, [*command.split(), "--help"], env=NARROW)
    assert result.exit_code == 0, result.output
    _fits(result.output)
    assert "<bool>" not in result.output and "<str>" not in result.output
    if command == "plan":
        assert "--json" in result.output and "--time-limit" in result.output


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "narrow.db"
    monkeypatch.setenv("CHICAGO_DB", str(path))
    return path


def test_commands_fit_80_columns(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    long = tmp_path / "long.json"
    long.write_text(json.dumps(schedule_to_data(_session(LONG[:12], 4).schedule)), encoding="utf-8")
    five = tmp_path / "five.json"
    result = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--json"], env=NARROW)
    five.write_text(result.output, encoding="utf-8")
    for args in (
        ["import", str(long), "--name", "long"],
        ["import", str(five), "--name", "five"],
        ["record", "long", "-r", "1", "-t", "1", "--net", "N-S +4"],
        ["record", "five", "-r", "1", "--net", "E-W +3"],
    ):
        assert runner.invoke(app, args).exit_code == 0
    for args in (
        ["plan", *BULLETIN_FIVE, "--order", "given"],
        ["show", "long"],
        ["show", "five"],
        ["tally", "long"],
        ["tally", "five"],
        ["rank"],
        ["check", str(long)],
        ["check", str(five)],
    ):
        result = runner.invoke(app, args, env=NARROW)
        assert result.exit_code == 0, (args, result.output)
        _fits(result.output)
        if args[0] == "show" and args[1] == "long":
            words = set(result.output.split())
            assert "Anne-Marie" in words and "Still" in words


def test_long_names_are_never_broken_in_a_word(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """Issue 12's note: at 80 columns a grid of four seats cannot hold "Christabel Montgomery-Wyndham"
    without breaking "Montgomery-Wyndham"; the seating then lists a seat a line, and every word of every
    name prints whole, in `plan` and in `show`. Short names keep the grid."""
    long = tmp_path / "long.json"
    long.write_text(json.dumps(schedule_to_data(_session(LONG[:12], 3).schedule)), encoding="utf-8")
    assert runner.invoke(app, ["import", str(long), "--name", "long"]).exit_code == 0
    for args in (["plan", *LONG[:12], "--order", "given", "--rounds", "2"], ["show", "long"]):
        result = runner.invoke(app, args, env=NARROW)
        assert result.exit_code == 0, result.output
        _fits(result.output)
        seating = result.output[result.output.index("Round") : result.output.index("* deals")]
        words = {w.rstrip("*,") for w in seating.split()}
        assert "Seat" in words and "Player" in words
        for name in LONG[:12]:
            assert set(name.split()) <= words, name
    result = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given"], env=NARROW)
    header = next(line for line in result.output.splitlines() if "Round" in line)
    assert header.split() == ["Round", "North", "East", "South", "West", "Deals", "Sits", "out"]

"""Small things a host hit: `check` of a saved evening, names never broken in check's tables at 80
columns, players with no rubber played listed apart from the standings, counts in the right number, and
`plan --save`'s closing lines folded at the width."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from scoring.tally import standings
from tests.conftest import BULLETIN_FIVE

NARROW = {"COLUMNS": "80"}
LONG_FIVE = ("Marguerite-Antoinette", "Bartholomew-Fitzgerald", "Cy", "Di", "Evangelina-Rosalind")
LONGEST = ("Marguerite-Antoinette", "Bartholomew-Fitzgerald-Smythe-Jones", "Cy", "Di", "Evangelina-Rosalind")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "club.db"
    monkeypatch.setenv("CHICAGO_DB", str(path))
    return path


def test_check_takes_a_saved_evening_as_well_as_a_file(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """`chicago check NAME` reports the saved evening's balance exactly as `check FILE` of its schedule;
    a name that is neither is one line, exit 2."""
    assert runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--save", "tue"]).exit_code == 0
    planned = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--json"])
    path = tmp_path / "tue.json"
    path.write_text(planned.output)
    by_name = runner.invoke(app, ["check", "tue"], env=NARROW)
    by_file = runner.invoke(app, ["check", str(path)], env=NARROW)
    assert by_name.exit_code == 0, by_name.output
    assert by_name.output == by_file.output and "Stopping after each round" in by_name.output
    missing = runner.invoke(app, ["check", "wed"])
    assert (missing.exit_code, missing.stderr) == (
        2,
        "chicago: error: no such file: 'wed'; and no saved session named 'wed' (recent: tue)\n",
    )


@pytest.mark.parametrize("names", [LONG_FIVE, LONGEST], ids=["long", "longer"])
def test_check_never_breaks_a_name_at_80_columns(
    runner: CliRunner, names: tuple[str, ...], tmp_path: Path
) -> None:
    """In a pipe at 80 columns (and at 60), every long name prints whole on one line of `check`'s tables
    and every player's counts print (no empty number columns)."""
    planned = runner.invoke(app, ["plan", *names, "--order", "given", "--json"])
    path = tmp_path / "long.json"
    path.write_text(planned.output)
    for columns in ("80", "60"):
        result = runner.invoke(app, ["check", str(path)], env={"COLUMNS": columns})
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert all(len(line) <= int(columns) for line in lines)
        for name in names:
            assert any(name in line for line in lines), (columns, name)
        start = lines.index(next(line for line in lines if line.startswith("Players")))
        rows = [line for line in lines[start:] if re.match(r"\s+[1-5]\s", line)][:5]
        assert [len(re.findall(r"\b\d+\b", row)) for row in rows] == [7] * 5, rows  # #, six counts


def test_standings_list_players_with_no_rubber_apart(runner: CliRunner, db: Path) -> None:
    """Shirley sat out round 1, the only rubber recorded: the standings rank the four who played (the
    losers third, not fourth behind her 0) and list her as not yet played; `rank` does the same."""
    assert runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--save", "tue"]).exit_code == 0
    assert runner.invoke(app, ["record", "tue", "--round", "1", "--net", "E-W +3"]).exit_code == 0
    tally = runner.invoke(app, ["tally", "tue"], env=NARROW)
    assert tally.exit_code == 0, tally.output
    ranking = tally.output[tally.output.index("Standings") :]
    assert "Shirley" not in ranking.split("Not yet played")[0]
    assert "Not yet played: Shirley\n" in ranking
    assert re.search(r"=3\s+Ann\s+-3", ranking) and re.search(r"=1\s+Doris\s+\+3", ranking), ranking
    season = runner.invoke(app, ["rank"], env=NARROW)
    assert season.exit_code == 0 and "Not yet played: Shirley\n" in season.output, season.output
    assert not re.search(r"\d\s+Shirley", season.output)


def test_standings_put_players_with_no_rubber_after_everyone() -> None:
    """The scoring library ranks only players who played; the rest come last, sharing one rank."""
    table = standings([{"A": -10, "B": -10, "C": 10, "D": 10}], ["A", "B", "C", "D", "E", "F"])
    assert [(s.player, s.rank, s.tied, s.rubbers) for s in table] == [
        ("C", 1, True, 1),
        ("D", 1, True, 1),
        ("A", 3, True, 1),
        ("B", 3, True, 1),
        ("E", 5, True, 0),
        ("F", 5, True, 0),
    ]


def test_counts_take_the_singular_for_one(runner: CliRunner, db: Path) -> None:
    """One round planned and saved: `plan` and `show` say "1 round", never "1 rounds"."""
    planned = runner.invoke(
        app, ["plan", "Ann", "Bob", "Cy", "Di", "--order", "given", "--rounds", "1", "--save", "x"]
    )
    assert planned.exit_code == 0, planned.output
    shown = runner.invoke(app, ["show", "x"])
    for output in (planned.output, shown.output):
        assert "4 players, 1 round" in output and "1 rounds" not in output, output


def test_plan_save_folds_its_closing_lines_at_80_columns(runner: CliRunner, db: Path) -> None:
    """`plan --save` in a pipe at 80 columns: the "Scoring: ..." and "Saved as ..." lines fold at the
    width instead of running to 142 and 99 columns."""
    result = runner.invoke(
        app, ["plan", *BULLETIN_FIVE, "--order", "given", "--save", "a-rather-long-evening-name"], env=NARROW
    )
    assert result.exit_code == 0, result.output
    assert all(len(line) <= 80 for line in result.output.splitlines()), result.output
    text = " ".join(result.output.split())
    assert "Scoring: Chicago scoring," in text and "Saved as 'a-rather-long-evening-name'" in text
    assert "`chicago record a-rather-long-evening-name --round R ...`." in text

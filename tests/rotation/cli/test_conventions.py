"""What a command-line tool is expected to do: `--version`, shell completion, exit code 2 for what the
host typed and 1 for what failed at run time, and a licence shipped with the distribution."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from tests.conftest import BULLETIN_FIVE, modules_loaded

ROOT = Path(__file__).parents[3]


def test_version_prints_the_installed_version_and_loads_nothing_heavy() -> None:
    """`chicago --version` prints `chicago 0.1.0` from the distribution's metadata, exit 0, without
    importing the planner, the store, the scoring or any heavy library."""
    result = CliRunner().invoke(app, ["--version"])
    assert (result.exit_code, result.output) == (0, f"chicago {version('chicago')}\n")
    assert version("chicago") == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    loaded = modules_loaded(commands=[["--version"]])
    assert "typer" in loaded  # the guard sees the command line
    heavy = {"ortools", "rotation.plan", "rotation.io.store", "sqlite3", "fpdf", "starlette", "networkx"}
    assert not heavy & loaded, heavy & loaded


def test_shell_completion_is_offered_and_completes_commands() -> None:
    """`--help` offers --install-completion and --show-completion; the bash script names `chicago`, and
    completing `chicago pl` offers plan and players."""
    runner = CliRunner()
    helped = runner.invoke(app, ["--help"], env={"COLUMNS": "80"})
    assert helped.exit_code == 0
    assert "--install-completion" in helped.output and "--show-completion" in helped.output
    assert "--version" in helped.output
    assert max(len(line) for line in helped.output.splitlines()) <= 80
    script = subprocess.run(
        [sys.executable, "-m", "rotation.cli", "--show-completion", "bash"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "complete -o default -F _chicago_completion chicago" in script.stdout
    env = {**os.environ, "_CHICAGO_COMPLETE": "complete_bash", "COMP_WORDS": "chicago pl", "COMP_CWORD": "1"}
    completed = subprocess.run(
        [sys.executable, "-m", "rotation.cli"], capture_output=True, text=True, env=env, check=True
    )
    assert completed.stdout.split() == ["plan", "players"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["show", "nobody"], "no saved session named 'nobody' (recent: tue)"),
        (
            ["plan", "Ann", "Bob", "Cy", "Di", "--save", "TUE"],
            "a session named 'tue' already exists: choose another name"
            " (or remove it with `chicago delete tue --yes`)",
        ),
        (["plan", "Ann", "Bob", "Cy", "--order", "given"], "Chicago needs at least four players, got 3"),
        (
            ["record", "tue", "--round", "1", "9S E ="],
            "'9S E =': level 9 is impossible: a contract is 1 to 7",
        ),
        (["rank", "--since", "yesterday"], "cannot read --since 'yesterday': write a date as YYYY-MM-DD"),
    ],
    ids=["unknown session", "name taken", "too few players", "bad deal", "bad date"],
)
def test_usage_errors_exit_2(args: list[str], line: str, tmp_path: Path) -> None:
    """What the host typed wrong (an unknown or taken name, bad input, a bad option value): exit 2."""
    runner = CliRunner()
    env = {"CHICAGO_DB": str(tmp_path / "club.db")}
    assert runner.invoke(app, ["plan", *BULLETIN_FIVE, "--save", "tue"], env=env).exit_code == 0
    result = runner.invoke(app, args, env=env)
    assert result.exit_code == 2, result.output
    if line is None:
        assert result.stderr.startswith("chicago: error: a session named 'tue' is already saved"), (
            result.stderr
        )
    else:
        assert result.stderr == f"chicago: error: {line}\n"


def test_failures_at_run_time_exit_1(tmp_path: Path) -> None:
    """What failed while running a good command: an output file that cannot be written, a file that is
    not a chicago database, one written by a newer chicago: exit 1, one line."""
    runner = CliRunner()
    db = tmp_path / "club.db"
    env = {"CHICAGO_DB": str(db)}
    assert runner.invoke(app, ["plan", *BULLETIN_FIVE, "--save", "tue"], env=env).exit_code == 0
    out = tmp_path / "missing" / "tue.json"
    result = runner.invoke(app, ["export", "tue", "--out", str(out)], env=env)
    assert (result.exit_code, result.stderr) == (
        1,
        f"chicago: error: cannot write {out}: No such file or directory\n",
    )
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database " * 100)
    result = runner.invoke(app, ["--db", str(notes), "sessions"])
    assert (result.exit_code, result.stderr) == (
        1,
        f"chicago: error: {notes} is not a chicago database (not an SQLite file)\n",
    )
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(db)) as connection:
        connection.execute("PRAGMA user_version = 99")
    result = runner.invoke(app, ["show", "tue"], env=env)
    assert result.exit_code == 1 and result.stderr.startswith(
        f"chicago: error: {db} was written by a newer version of chicago (schema version 99;"
    ), result.stderr


def test_the_distribution_carries_the_mit_licence() -> None:
    """LICENSE is the MIT licence of the chicago developers, and pyproject declares it the PEP 639 way
    (an SPDX expression and the file), with a setuptools that understands that."""
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the chicago developers\n")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["license"] == "MIT"
    assert project["project"]["license-files"] == ["LICENSE"]
    assert project["build-system"]["requires"] == ["setuptools>=77"]

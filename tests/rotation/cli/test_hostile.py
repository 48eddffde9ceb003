"""Hostile input from the command line and from files: every number bounded where it is read, every bad
file refused, each as one `chicago: error:` line and exit 2, in a process under a memory cap."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

MEMORY_CAP = 4 * 2**30
"""Address space for each command: a number that once made the planner allocate 24 GB now cannot."""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _chicago(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rotation.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "CHICAGO_DB": str(cwd / "hostile.db")},
        preexec_fn=_capped,
        timeout=300,  # a failsafe for a hang, not a measure: each answers at once
    )


FIVE = ("Ann", "Helen", "Doris", "Jean", "Shirley")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((*FIVE, "--rounds", "99999999999999999999"), "--rounds"),
        ((*FIVE, "--away", "Ann:1-99999999999999999999"), "at most 100 rounds"),
        ((*FIVE, "--away", "Ann:99999999999999999999999"), "at most 100 rounds"),
        ((*FIVE, "--away", "Ann:1000000000"), "at most 100 rounds"),
        ((*FIVE, "--away", "Ann:-1"), "cannot read rounds"),
        ((*FIVE, "--tables", "100000"), "--tables"),
        (("Ann\x1b]0;pwned\x07", "B", "C", "D"), "control character"),
        (("Di\u200bana", "B", "C", "D"), "invisible"),
        (tuple(f"P{i}" for i in range(201)), "at most 200 players"),
    ],
    ids=[
        "huge rounds",
        "huge away range",
        "huge away round",
        "away round past any evening",
        "away round below one",
        "huge tables",
        "terminal control in a name",
        "zero-width space in a name",
        "too many players",
    ],
)
def test_hostile_plan_options_get_one_line_and_exit_2(
    args: tuple[str, ...], words: str, tmp_path: Path
) -> None:
    """`chicago plan` with numbers meant to exhaust memory or hang it, or names that would steer the
    terminal: one error line naming the limit, exit code 2, and no control character echoed."""
    done = _chicago("plan", *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("chicago: error:") and words in lines[0], lines
    assert "\x1b" not in done.stderr + done.stdout and "\x07" not in done.stderr


def test_hostile_files_get_one_line_and_exit_2(tmp_path: Path) -> None:
    """A file nested thousands deep, one with a 5,000-digit number, and --keep past the file's rounds:
    each is refused with one line and exit 2 (no RecursionError, no ValueError traceback)."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    digits = tmp_path / "digits.json"
    digits.write_text(json.dumps({"players": []})[:-1] + ', "n": ' + "9" * 5000 + "}")
    plan = _chicago("plan", "A", "B", "C", "D", "--order", "given", "--json", cwd=tmp_path)
    four = tmp_path / "four.json"
    four.write_text(plan.stdout)
    for args, words in (
        (("check", str(deep)), "nested too deeply"),
        (("check", str(digits)), "not a schedule or session"),
        (("plan", "A", "B", "C", "D", "--keep", f"{four}:99"), "has 3"),
        (("plan", "A", "B", "C", "D", "--keep", f"{four}:99999999999999999999999"), "FILE:K"),
    ):
        done = _chicago(*args, cwd=tmp_path)
        assert done.returncode == 2, (args, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("chicago: error:") and words in lines[0], lines


def test_a_net_no_rubber_can_score_is_refused_before_it_is_stored(tmp_path: Path) -> None:
    """`record --net` with a net of 40 digits, or an unsigned net that is not a multiple of 10 points
    (the host meant hundreds), is refused; nothing is stored, so the season still ranks."""
    assert _chicago("plan", *FIVE, "--order", "given", "--save", "tue", cwd=tmp_path).returncode == 0
    for net, words in (("E-W +" + "9" * 40, "more than a rubber can score"), ("E-W 3", "multiple of 10")):
        done = _chicago("record", "tue", "--round", "1", "--net", net, cwd=tmp_path)
        assert done.returncode == 2 and words in done.stderr, done.stderr
    ranked = _chicago("rank", cwd=tmp_path)
    assert ranked.returncode == 0, ranked.stderr

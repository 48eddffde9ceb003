"""`chicago plan` against a database takes the season into account: --history DAYS before --date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.rotation.cli.test_evening import ok

TWENTY = [f"M{i:02d}" for i in range(20)]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "club.db"
    monkeypatch.setenv("CHICAGO_DB", str(path))
    return path


def _plan(runner: CliRunner, *extra: str) -> dict[str, object]:
    out = ok(runner, "plan", *TWENTY, "--order", "given", "--rounds", "5", "--json", *extra).stdout
    data: dict[str, object] = json.loads(out)
    return data


def _partners(data: dict[str, object]) -> set[frozenset[str]]:
    rounds = data["rounds"]
    assert isinstance(rounds, list)
    return {
        frozenset((t[a], t[b]))
        for r in rounds
        for t in r["tables"]
        for a, b in (("north", "south"), ("east", "west"))
    }


def test_preview_equals_save_and_history_0_equals_an_empty_database(runner: CliRunner, db: Path) -> None:
    """The preview (--date without --save) is the plan --save stores; --history 0 plans the evening alone,
    as an empty database does; the season's first evening is not partnered again the next week."""
    alone = _plan(runner)  # no database yet
    assert not db.exists()  # a preview never makes one
    first = _plan(runner, "--save", "week1", "--date", "2024-01-02")
    assert _partners(first) == _partners(alone)
    preview = _plan(runner, "--date", "2024-01-09")
    saved = _plan(runner, "--save", "week2", "--date", "2024-01-09")
    assert preview["rounds"] == saved["rounds"]
    assert not _partners(saved) & _partners(first)
    assert _plan(runner, "--date", "2024-01-09", "--history", "0")["rounds"] == alone["rounds"]
    assert _plan(runner, "--date", "2024-01-02")["rounds"] == alone["rounds"]  # nothing before that day
    out = ok(runner, "plan", *TWENTY, "--order", "given", "--rounds", "5", "--date", "2024-01-16").stdout
    assert "last 2 evenings" in " ".join(out.split()), out
    report = ok(runner, "check", "--season", "--until", "2024-01-09").stdout
    assert "Season: 2 evenings (2024-01-02 to 2024-01-09), 20 players, 190 pairs." in report
    assert "Pairs who partnered: never 90, once 100" in report

"""`chicago rank --pdf`: the season sheet holds every ranked player's name and total, the period and the
options in its heading, and prints a name in any script."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.rotation.cli.test_evening import ok
from tests.rotation.cli.test_evening_season import SEASON, db, season

__all__ = ["db", "season"]


def pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages)


@pytest.mark.usefixtures("season")
def test_the_season_sheet_holds_every_ranked_name_and_total(runner: CliRunner, tmp_path: Path) -> None:
    sheet = tmp_path / "season.pdf"
    data = json.loads(ok(runner, "rank", "--json", "--pdf", str(sheet), "--min-rubbers", "3").stdout)
    words = pdf_text(sheet)
    assert data["players"], data
    for player in data["players"]:
        total = f"+{player['total']}" if player["total"] > 0 else str(player["total"])
        assert any(player["name"] in line and total in line for line in words.splitlines()), player
    assert "Season standings: 3 sessions, 2024-01-10 to 2024-03-13, in hundreds, ranked by total" in words
    assert "Period: every saved session; ranked: at least 3 rubbers" in words
    assert "Fewer than 3 rubbers, not ranked: Flo (2)" in words
    for column in ("rank", "player", "total", "played", "average", "sessions", "rating"):
        assert column in words
    assert [p["name"] for p in data["players"]] == [s[0] for s in SEASON if s[2] >= 3]


@pytest.mark.usefixtures("season")
def test_the_sheet_says_its_options(runner: CliRunner, tmp_path: Path) -> None:
    sheet = tmp_path / "season.pdf"
    args = ["--since", "2024-02-01", "--by", "points", "--best", "1", "--min-evenings", "2"]
    out = ok(runner, "rank", *args, "--pdf", str(sheet))
    assert f"Wrote the season sheet to {sheet}." in out.output
    words = " ".join(pdf_text(sheet).split())
    assert "ranked by points, each player's best 1 session counted" in words
    assert "Period: from 2024-02-01; ranked: at least 1 rubber in 2 sessions" in words
    assert "points" in words and "Points: placing points: each evening" in words


def test_any_name_prints_on_the_sheet(runner: CliRunner, db: Path) -> None:
    names = ["Zoë", "Łukasz", "Ἀθηνᾶ", "Дарья"]
    ok(runner, "plan", *names, "--order", "given", "--save", "ev", "--date", "2024-05-01")
    ok(runner, "record", "ev", "--round", "1", "--net", "N-S +3")
    sheet = db.parent / "any.pdf"
    ok(runner, "rank", "--pdf", str(sheet))
    words = pdf_text(sheet)
    for name in names:
        assert name in words, name

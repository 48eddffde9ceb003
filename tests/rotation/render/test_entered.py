"""Cards and sheets show what was entered: passed-out deals and honors on the pads, a rubber recorded as
its net on the table cards, and the tally in the middle of a round marks the tables still to record."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pypdf
from typer.testing import CliRunner

from rotation.cli import app
from rotation.io.formats import session_from_data
from rotation.render.cards import PENDING, build_cards
from rotation.render.pdf import render_pdf
from rotation.render.text import render_text

EVENING: dict[str, Any] = {
    "players": ["Nora", "Ed", "Sue", "Will", "Ann", "Bob", "Cy", "Di"],
    "rounds": [
        {
            "tables": [
                {"north": "Nora", "east": "Ed", "south": "Sue", "west": "Will", "first_dealer": "north"},
                {"north": "Ann", "east": "Bob", "south": "Cy", "west": "Di", "first_dealer": "north"},
            ]
        },
        {
            "tables": [
                {"north": "Nora", "east": "Ann", "south": "Sue", "west": "Bob", "first_dealer": "east"},
                {"north": "Ed", "east": "Cy", "south": "Will", "west": "Di", "first_dealer": "east"},
            ]
        },
    ],
    "results": [
        {
            "round": 1,
            "table": 1,
            "deals": ["2S E +1", "3NT N -2", "pass", {"result": "6S W =", "honors": "EW 100"}, "2D N ="],
        },
        {"round": 1, "table": 2, "net": "E-W +3"},
        {"round": 2, "table": 1, "net": "N-S +5"},
    ],
}
"""Round 2 table 2 is still to record; round 1 table 1 has a passed-out deal and honors."""


def _text() -> str:
    return render_text(build_cards(session_from_data(EVENING)))


def test_pads_show_the_passed_out_deal_and_the_honors() -> None:
    pads = _text().split("SCORE PADS")[1].split("TALLY SHEET")[0]
    first = pads.split("Round 1, table 2")[0]
    assert "passed out, 6\u2660 W =, honors E-W 100" in first


def test_table_cards_show_a_rubber_recorded_as_its_net() -> None:
    tables = _text().split("TABLE CARDS")[1].split("SCORE PADS")[0]
    table_2_round_1 = tables.split("Table 2")[1].split("Round 2")[0]
    assert "Recorded as E-W +3" in table_2_round_1
    table_1 = tables.split("Table 2")[0]
    assert "Recorded as N-S +5" in table_1.split("Round 2")[1]
    assert "6\u2660 W =" in table_1 and "honors" not in table_1  # the table card keeps the contract short


def test_the_tally_marks_tables_still_to_record() -> None:
    grid = build_cards(session_from_data(EVENING)).tally
    assert grid is not None and grid.pending == ((2, 2),)
    waiting = {row.name for row in grid.rows if row.cell(1) == (PENDING, "")}
    assert waiting == {"Ed", "Will", "Cy", "Di"}
    nora = next(row for row in grid.rows if row.name == "Nora")
    assert nora.cell(1) == ("", "6")
    assert "\u2026 not recorded yet: round 2 table 2" in _text()


def test_the_terminal_tally_marks_them_too(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(EVENING), encoding="utf-8")
    result = CliRunner().invoke(app, ["tally", str(path)])
    assert result.exit_code == 0, result.output
    rows = {
        line.split()[1]: line.split()[2:] for line in result.output.splitlines() if line[:4].strip().isdigit()
    }
    assert rows["Ed"] == ["+11", PENDING] and rows["Nora"] == ["-11", "-6"]


def test_the_pdf_says_the_same() -> None:
    data = render_pdf(build_cards(session_from_data(EVENING)))
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)
    for words in ("Recorded as E-W +3", "honors E-W 100", "passed out", "not recorded yet: round 2 table 2"):
        assert words in text, words


def test_player_cards_mark_the_tally_still_to_record() -> None:
    cards = build_cards(session_from_data(EVENING))
    ed = next(card for card in cards.players if card.name == "Ed")
    assert [line.pending for line in ed.rounds] == [False, True]
    text = render_text(cards)
    card = text.split("Ed (no. 2")[1].split("\n\n")[0].splitlines()
    assert card[-1].split()[-1] == PENDING and card[-2].split()[-1] == "+11"

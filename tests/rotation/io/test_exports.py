"""CSV standings a spreadsheet can open safely (OWASP, CSV injection)."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from rotation.render.exports import neutralised, standings_csv
from rotation.results.season import SeasonLine

FORMULAS = ('=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1:A9)")


def test_a_name_a_spreadsheet_would_run_is_written_as_text() -> None:
    """Names starting with = + - @ get a leading quote; numbers stay numbers; ordinary names are untouched;
    a control character is written visibly, so it can neither start a formula nor break the row."""
    lines = [SeasonLine(name, -3, 2, 1, 1, False) for name in (*FORMULAS, "\rCR", "Zoë")]
    rows = list(csv.reader(io.StringIO(standings_csv(lines), newline="")))
    assert rows[0] == [
        *("rank", "tied", "name", "total", "played", "average", "sessions"),
        *("rating", "rating_error", "points", "best_total", "counted"),
    ]
    for formula, row in zip(FORMULAS, rows[1:], strict=False):
        assert row[2] == "'" + formula
        assert row[3] == "-3"
    assert rows[-2][2] == "\\x0dCR"
    assert rows[-1][2] == "Zoë"


@given(st.text(max_size=20))
def test_no_cell_starts_like_a_formula(text: str) -> None:
    """Whatever the name, its cell never starts with a character a spreadsheet reads as a formula, and
    the name is there after the quote."""
    cell = neutralised(text)
    assert not cell.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert cell.removeprefix("'") == text or cell == text

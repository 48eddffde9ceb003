"""Text cards fit 80 columns: long names fold (never cut), wide tables split into blocks, the first dealer's
star stays beside the name."""

from __future__ import annotations

import pytest

from rotation.io.formats import session_from_data
from rotation.model import Movement, Round, Schedule, Table
from rotation.render.cards import build_cards
from rotation.render.text import PAGE, fold, grid, render_text, width
from rotation.results.session import Session
from scoring.seat import Seat
from tests.rotation.results.test_session import five_player_session

LONG = (
    "Anne-Marie Fitzgerald-Smythe", "Bartholomew Featherstonehaugh", "Christabel Montgomery-Wyndham",
    "Dorothea Vanderbilt-Ashcroft", "Evangeline Cholmondeley", "Frederica Worthington-Hale",
    "Gwendolyn Abernathy-Pryce", "Hildegard Ravensworth", "Isadora Pemberton-Sinclair",
    "Josephine Whitmore-Blackwood", "Katharina Löwenstein-Wertheim", "Leopoldine Castellane-Novak",
    "王秀英王秀英王秀英王秀英王秀英王秀英王秀英王秀英王秀英王秀英王秀英王秀英王秀英",
)  # fmt: skip
"""Twelve long names and one of 39 wide characters (78 cells: no space or hyphen to fold at)."""


def _session(names: tuple[str, ...], rounds: int) -> Session:
    """A simple rotation at count // 4 tables (round r seats the players from r on, the rest sit out)."""
    count = len(names)
    tables_count = count // 4
    result = []
    for r in range(rounds):
        order = [(r + k) % count for k in range(count)]
        seated, out = order[: 4 * tables_count], order[4 * tables_count :]
        tables = tuple(
            Table.from_seats(seated[4 * t : 4 * t + 4], tuple(Seat)[(r + t) % 4]) for t in range(tables_count)
        )
        result.append(Round(tables, tuple(sorted(out))))
    return Session(Schedule(names, Movement(count, tuple(result))))


def _parts(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("rounds", [3, 13])
def test_long_names_fit_80_columns(rounds: int) -> None:
    text = render_text(build_cards(_session(LONG, rounds)))
    lines = text.splitlines()
    assert max(width(line) for line in lines) <= PAGE
    squeezed = _parts(text)
    for name in LONG:
        assert _parts(name) in squeezed or all(piece in squeezed for piece in fold(name, 20))
    # Every round of every table card marks one first dealer, and the tally has a column for every round.
    table_cards = text[text.index("TABLE CARDS") : text.index("SCORE PADS")]
    for block in table_cards.split("\nRound ")[1:]:
        compass = block.split("  Deal")[0]
        assert compass.count(" *") == 1, compass
    tally = text[text.index("TALLY SHEET") :]
    for number in range(1, rounds + 1):
        assert f" {number}+" in tally and f" {number}-" in tally


def test_bulletin_five_with_results_fits_80_columns() -> None:
    text = render_text(build_cards(session_from_data(five_player_session())))
    assert max(width(line) for line in text.splitlines()) <= PAGE
    assert "Jean" in text and "+22" in text


def test_fold_keeps_every_character() -> None:
    for text, size in [("Anne-Marie Fitzgerald-Smythe", 12), ("王秀英" * 10, 7), ("a b", 2), ("x" * 50, 10)]:
        lines = fold(text, size)
        assert all(width(line) <= size for line in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_grid_folds_at_spaces_under_the_rows_first_line() -> None:
    rows = [["1", "Anne-Marie Fitzgerald-Smythe", "Bartholomew Featherstonehaugh, Evangeline Cholmondeley"]]
    lines = grid(["Round", "Partner", "Opponents (left, right)"], rows, ">", limit=60)
    assert max(width(line) for line in lines) <= 60
    assert lines[0].split() == ["Round", "Partner", "Opponents", "(left,", "right)"]
    assert lines[1].split()[:3] == ["1", "Anne-Marie", "Bartholomew"]
    words = " ".join(lines[1:]).split()
    for word in ("Fitzgerald-Smythe", "Featherstonehaugh,", "Evangeline", "Cholmondeley"):
        assert word in words

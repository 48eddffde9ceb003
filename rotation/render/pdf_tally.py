"""The tally sheet in the PDF: the bulletin's score sheet, + and - columns for each rubber, turned to
landscape and cut into sheets when the rounds do not fit, and the rubbers' results below it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rotation.language import N_, _
from rotation.render.cards import TallyGrid
from rotation.render.cards_words import number, signed_number
from rotation.render.pdf_canvas import CELL_PAD, MARGIN, SHADE, Canvas

TALLY_ROW: Final = 7.5
TOTAL_W: Final = 14.0
RANK_W: Final = 10.0
MIN_CELL: Final = 6.5
RESULT_LINE: Final = 4.0
RESULT_SIZE: Final = 8.0
RUNNING: Final = {
    "hundreds": N_(
        "Running totals in hundreds after each rubber, + and - columns as in Bulletin #16; shaded: sits out"
        " or away."
    ),
    "points": N_(
        "Running totals in points after each rubber, + and - columns as in Bulletin #16; shaded: sits out"
        " or away."
    ),
    "IMPs": N_(
        "Running totals in IMPs after each rubber, + and - columns as in Bulletin #16; shaded: sits out or"
        " away."
    ),
}
"""The sheet's legend for each tally unit (`TallyUnit.label`)."""


def print_tally(canvas: Canvas) -> None:
    """The tally sheet, landscape and cut into several sheets when its rounds do not fit the width."""
    sheet = canvas.cards.tally
    assert sheet is not None
    widest = max((canvas.measure(f"{row.number}  {row.name}", 9) for row in sheet.rows), default=0.0)
    name_w = min(max(widest + 2 * CELL_PAD + 2, 30.0), 70.0)
    ends = _end_widths(canvas)
    fixed = name_w + sum(ends)
    landscape = False
    per_sheet = sheet.rounds
    if fixed + 2 * sheet.rounds * MIN_CELL > canvas.usable_width:
        landscape = True
        room = float(canvas.pdf.h) - 2 * MARGIN
        per_sheet = max(int((room - fixed) // (2 * MIN_CELL)), 1)
    chunks = [range(s, min(s + per_sheet, sheet.rounds)) for s in range(0, sheet.rounds, per_sheet)]
    for chunk in chunks:
        canvas.new_page("L" if landscape else "P")
        _tally_grid(canvas, sheet, chunk, name_w, ends, last=chunk is chunks[-1])


def _end_widths(canvas: Canvas) -> tuple[float, float]:
    """The Total and Rank columns: as the English sheet has them, wider where the language's header
    needs it."""
    return (
        max(TOTAL_W, canvas.measure(_("Total"), 8, True) + 2 * CELL_PAD + 1),
        max(RANK_W, canvas.measure(_("Rank"), 8, True) + 2 * CELL_PAD + 1),
    )


def _tally_grid(
    canvas: Canvas, sheet: TallyGrid, rounds: range, name_w: float, ends: tuple[float, float], last: bool
) -> None:
    x, y, room = canvas.left, canvas.top, canvas.usable_width
    total_w, rank_w = ends
    for note in canvas.heading_lines(room, 7.5):
        canvas.text(x, y, room, 3.4, note, size=7.5)
        y += 3.4
    canvas.text(
        x,
        y,
        room,
        3.6,
        _(RUNNING[sheet.unit]),
        size=7.5,
    )
    if sheet.pending:
        y += 3.6
        canvas.text(x, y, room, 3.6, sheet.pending_note() + ".", size=7.5, bold=True)
    y += 5
    cell = min((room - name_w - total_w - rank_w) / (2 * len(rounds)), 14.0)
    grid_w = name_w + 2 * cell * len(rounds) + total_w + rank_w
    row = TALLY_ROW

    def header() -> float:
        hy = y
        canvas.box(x, hy, grid_w, 2 * row, weight=0.4, fill=SHADE)
        canvas.text(x, hy, name_w, row, sheet.column_label, size=8, bold=True)
        canvas.text(x, hy + row, name_w, row, _("PLAYERS"), size=8, bold=True)
        cx = x + name_w
        for r in rounds:
            canvas.text(cx, hy, 2 * cell, row, number(r + 1), size=9, bold=True, align="C")
            canvas.text(cx, hy + row, cell, row, "+", size=10, bold=True, align="C")
            canvas.text(cx + cell, hy + row, cell, row, "\u2212", size=10, bold=True, align="C")
            canvas.rule(cx, hy, cx, hy + 2 * row, 0.4)
            canvas.rule(cx + cell, hy + row, cx + cell, hy + 2 * row, 0.2)
            cx += 2 * cell
        canvas.rule(x + name_w, hy + row, cx, hy + row, 0.2)
        canvas.rule(cx, hy, cx, hy + 2 * row, 0.4)
        canvas.text(cx, hy, total_w, 2 * row, _("Total"), size=8, bold=True, align="C")
        canvas.rule(cx + total_w, hy, cx + total_w, hy + 2 * row, 0.2)
        canvas.text(cx + total_w, hy, rank_w, 2 * row, _("Rank"), size=8, bold=True, align="C")
        return hy + 2 * row

    y = header()
    for row_data in sheet.rows:
        if y + row > canvas.bottom:
            canvas.new_page(canvas.orientation)
            y = canvas.top
            y = header()
        canvas.rule(x, y + row, x + grid_w, y + row, 0.2)
        canvas.rule(x, y, x, y + row, 0.4)
        canvas.text(x, y, name_w, row, f"{number(row_data.number)}  {row_data.name}", size=9)
        cx = x + name_w
        for r in rounds:
            if row_data.out[r]:
                canvas.shade(cx, y, 2 * cell, row)
                canvas.rule(cx, y, cx + 2 * cell, y, 0.2)
            plus, minus = row_data.cell(r)
            canvas.rule(cx, y, cx, y + row, 0.4)
            if row_data.out[r] and row_data.running[r] is None:
                canvas.text(cx, y, 2 * cell, row, _("out"), size=6.5, align="C")
            else:
                canvas.rule(cx + cell, y, cx + cell, y + row, 0.1, 160)
            canvas.text(cx, y, cell, row, plus, size=9, align="C")
            canvas.text(cx + cell, y, cell, row, minus, size=9, align="C")
            cx += 2 * cell
        canvas.rule(cx, y, cx, y + row, 0.4)
        total = "" if row_data.total is None else signed_number(row_data.total)
        canvas.text(cx, y, total_w, row, total if last else "", size=9, bold=True, align="C")
        canvas.rule(cx + total_w, y, cx + total_w, y + row, 0.2)
        canvas.text(cx + total_w, y, rank_w, row, row_data.rank if last else "", size=9, align="C")
        canvas.rule(x + grid_w, y, x + grid_w, y + row, 0.4)
        y += row
    canvas.rule(x, y, x + grid_w, y, 0.4)
    if not last or not sheet.results:
        return
    texts = [result.describe("  ") for result in sheet.results]
    _result_list(canvas, texts, x, y + 4, room)


def _result_list(canvas: Canvas, texts: Sequence[str], x: float, y: float, room: float) -> None:
    """The rubbers' results under the grid: one column while they fit below it, else side by side in
    as many columns as the page is wide enough for (read down each column), before turning the page."""
    line, size = RESULT_LINE, RESULT_SIZE
    column_w = max(canvas.measure(text, size) for text in texts) + 2 * CELL_PAD + 5
    most = max(int(room // column_w), 1)
    remaining = list(texts)
    while remaining:
        fit = int((canvas.bottom - y) // line)
        if fit < 1:
            canvas.new_page(canvas.orientation)
            y = canvas.top
            continue
        columns = min(most, -(-len(remaining) // fit))
        rows = min(fit, -(-len(remaining) // columns))
        here, remaining = remaining[: rows * columns], remaining[rows * columns :]
        for index, text in enumerate(here):
            column, row = divmod(index, rows)
            canvas.text(x + column * column_w, y + row * line, column_w, line, text, size=size)
        y = canvas.bottom

"""The score pads in the PDF: the Chicago pad for each round at each table, two across a page, with the
X dealer box, the deals, WE and THEY above and below the line, and the score once recorded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rotation.language import _
from rotation.render.bridge_words import seat_letter, side_text
from rotation.render.cards import ScorePad
from rotation.render.cards_words import number, tally_words
from rotation.render.pdf_canvas import CELL_PAD, PAD, Canvas, Piece
from rotation.render.pdf_tables import deal_widths
from scoring.rubber import Line
from scoring.seat import Seat, Side

PAD_ROW: Final = 4.5
PAD_DEAL_ROW: Final = 4.2


def print_pads(canvas: Canvas) -> None:
    """A score pad for every round at every table, two across a page."""
    canvas.flow(2, lambda w: [_pad_piece(canvas, pad, w) for pad in canvas.cards.pads])


def _pad_rows(pad: ScorePad) -> tuple[int, int]:
    """Rows above and below the line: room to write a whole rubber, more if the score needs it."""
    above, below = 6, 5
    score = pad.score
    if score is not None:
        above = max(above, len(score.above[0]) + 1, len(score.above[1]) + 1)
        needed = sum(max(sum(e.side is s for e in group) for s in Side) for group in score.below)
        below = max(below, needed + 1)
    return above, below


def _pad_piece(canvas: Canvas, pad: ScorePad, w: float) -> Piece:
    above, below = _pad_rows(pad)
    notes = canvas.heading_lines(w - 2 * PAD, 6)
    deals = canvas.cards.heading.deals
    top = PAD + 5.5 + len(notes) * 2.6 + 2 + max(21.0, (deals + 1) * PAD_DEAL_ROW) + 2
    height = top + 11 + (above + below + 4) * PAD_ROW + PAD

    def draw(x: float, y: float, w: float) -> None:
        _score_pad(canvas, pad, x, y, w, height, notes, above, below)

    return Piece(height, draw)


def _score_pad(
    canvas: Canvas,
    pad: ScorePad,
    x: float,
    y: float,
    w: float,
    h: float,
    notes: Sequence[str],
    above: int,
    below: int,
) -> None:
    seating = pad.seating
    canvas.box(x, y, w, h, weight=0.4)
    inner, room = x + PAD, w - 2 * PAD
    title = _("Round {round} \u00b7 Table {table}").format(round=number(pad.round), table=number(pad.table))
    canvas.text(inner, y + PAD, room * 0.6, 5.5, title, size=11, bold=True)
    canvas.text(inner + room * 0.6, y + PAD, room * 0.4, 5.5, _("Chicago score pad"), size=7, align="R")
    cy = y + PAD + 5.5
    for note in notes:
        canvas.text(inner, cy, room, 2.6, note, size=6)
        cy += 2.6
    cy += 2
    _dealer_box(canvas, pad, inner + 2, cy + 2.5, 17.0)
    _pad_deals(canvas, pad, inner + 24, cy, room - 24)
    cy += max(21.0, (canvas.cards.heading.deals + 1) * PAD_DEAL_ROW) + 2
    # WE / THEY
    labels = (_("Total"), "", _("Net"), _("Tally"))
    # TRANSLATORS: above and below the line of a score pad, in a narrow margin.
    above_below = (_("above"), _("below"))
    label_w = _label_width(canvas, labels, above_below, room)
    col_w = (room - label_w) / 2
    ns_x, ew_x = inner + label_w, inner + label_w + col_w
    # TRANSLATORS: the two columns of a rubber bridge score pad, as the language's pads head them.
    canvas.text(ns_x, cy, col_w, 5, _("WE"), size=11, bold=True, align="C")
    canvas.text(ew_x, cy, col_w, 5, _("THEY"), size=11, bold=True, align="C")
    cy += 5
    for side, sx in ((Side.NS, ns_x), (Side.EW, ew_x)):
        canvas.names(sx, cy, col_w, 6, f"{side_text(side)}  {seating.pair(side)}", size=7, align="C")
    cy += 6
    area_top = cy
    row = PAD_ROW
    line_y = cy + above * row
    bottom_y = line_y + below * row
    totals_y = bottom_y
    end_y = totals_y + 4 * row
    for r in range(above + below + 4):
        ry = area_top + r * row
        if r not in (above, above + below):
            canvas.rule(ns_x, ry, ew_x + col_w, ry, 0.1, 200)
    canvas.rule(ew_x, area_top, ew_x, end_y, 0.5)
    canvas.rule(ns_x, area_top, ew_x + col_w, area_top, 0.3)
    canvas.rule(inner, line_y, inner + room, line_y, 1.0)
    canvas.text(inner, line_y - row, label_w, row, above_below[0], size=5.5)
    canvas.text(inner, line_y, label_w, row, above_below[1], size=5.5)
    canvas.rule(ns_x, totals_y, ew_x + col_w, totals_y, 0.5)
    for index, label in enumerate(labels):
        canvas.text(inner, totals_y + index * row, label_w, row, label, size=6.5, bold=index == 3)
    canvas.rule(ns_x, end_y, ew_x + col_w, end_y, 0.3)
    score = pad.score
    if score is None:
        return
    columns = {Side.NS: ns_x, Side.EW: ew_x}
    for side, cx in columns.items():
        for index, entry in enumerate(score.column(side, Line.ABOVE)):
            canvas.text(cx, line_y - (index + 1) * row, col_w - 3, row, str(entry), size=8.5, align="R")
    ry = line_y
    for game, group in enumerate(score.below):
        if game:
            canvas.rule(ns_x + 2, ry, ew_x + col_w - 2, ry, 0.4)
        depth = 0
        for side, cx in columns.items():
            mine = [entry for entry in group if entry.side is side]
            for index, entry in enumerate(mine):
                canvas.text(cx, ry + index * row, col_w - 3, row, str(entry), size=8.5, align="R")
            depth = max(depth, len(mine))
        ry += depth * row
    if score.points is not None:
        ns_points, ew_points = score.points
        winner_x = ns_x if ns_points > ew_points else ew_x
        low, high = sorted(score.points)
        canvas.text(ns_x, totals_y, col_w - 3, row, number(ns_points), size=8.5, bold=True, align="R")
        canvas.text(ew_x, totals_y, col_w - 3, row, number(ew_points), size=8.5, bold=True, align="R")
        if score.by_difference:
            canvas.text(winner_x, totals_y + row, col_w - 3, row, number(-low), size=8.5, align="R")
            canvas.text(winner_x, totals_y + 2 * row, col_w - 3, row, number(high - low), size=8.5, align="R")
    winner = score.winner
    if score.points is None and score.net:
        canvas.text(
            ew_x if winner is Side.EW else ns_x,
            totals_y + 2 * row,
            col_w - 3,
            row,
            _("recorded as {net}").format(net=score.net),
            size=7,
            align="R",
        )
    tally = tally_words(score.ns_tally, score.unit) if winner is not None else _("even")
    tally_x = ns_x if winner is not Side.EW else ew_x
    canvas.text(tally_x, totals_y + 3 * row, col_w - 3, row, tally, size=9, bold=True, align="R")


def _label_width(canvas: Canvas, labels: Sequence[str], above_below: Sequence[str], room: float) -> float:
    """The margin left of WE and THEY: 11 mm, wider where a language's labels need it (up to a fifth of
    the pad; a longer label shrinks)."""
    widest = max(
        *(canvas.measure(label, 6.5, bold=index == 3) for index, label in enumerate(labels)),
        *(canvas.measure(word, 5.5) for word in above_below),
    )
    return min(max(11.0, widest + 2 * CELL_PAD + 0.5), room / 5)


def _dealer_box(canvas: Canvas, pad: ScorePad, x: float, y: float, size: float) -> None:
    """The X: a square cut by its diagonals, each deal's number in its dealer's corner, North at the
    top (as the bulletin says, "a number is put in to indicate the dealer's position for each deal")."""
    canvas.box(x, y, size, size, weight=0.4)
    canvas.rule(x, y, x + size, y + size, 0.4)
    canvas.rule(x, y + size, x + size, y, 0.4)
    half = size / 2
    spots = {
        Seat.NORTH: (x, y + 0.5, size, 4.5, "C"),
        Seat.SOUTH: (x, y + size - 5, size, 4.5, "C"),
        Seat.WEST: (x - 0.3, y + half - 2.25, half, 4.5, "L"),
        Seat.EAST: (x + half + 0.3, y + half - 2.25, half, 4.5, "R"),
    }
    for seat, deals in pad.dealer_box().items():
        sx, sy, sw, sh, align = spots[seat]
        canvas.text(sx, sy, sw, sh, ",".join(number(d) for d in deals), size=8.5, bold=True, align=align)
    for seat, (lx, ly, lw, align) in {
        Seat.NORTH: (x, y - 3, size, "C"),
        Seat.SOUTH: (x, y + size, size, "C"),
        Seat.WEST: (x - 4, y + half - 1.5, 4, "C"),
        Seat.EAST: (x + size, y + half - 1.5, 4, "C"),
    }.items():
        canvas.text(lx, ly, lw, 3, seat_letter(seat), size=5.5, align=align)


def _pad_deals(canvas: Canvas, pad: ScorePad, x: float, y: float, w: float) -> None:
    """One row per deal: its dealer, who is vulnerable, and room for the contract and result."""
    headers = (_("Deal"), _("Dealer"), _("Vul."), _("Contract, result"))
    rows = [list(deal.cells("  ", entered=True)) for deal in pad.seating.deals]
    widths = deal_widths(canvas, headers, rows, w, grow=3, squeeze=1, floor=w * 0.32)
    row = PAD_DEAL_ROW
    cx = x
    for header, cw in zip(headers, widths, strict=True):
        canvas.text(cx, y, cw, row, header, size=6, bold=True)
        cx += cw
    cy = y + row
    for cells in rows:
        canvas.rule(x, cy, x + w, cy, 0.1, 160)
        cx = x
        for index, (cell, cw) in enumerate(zip(cells, widths, strict=True)):
            canvas.text(cx, cy, cw, row, cell, size=7.5, bold=index == 3)
            cx += cw
        cy += row
    canvas.rule(x, cy, x + w, cy, 0.1, 160)

"""The table cards in the PDF: a card per table with each round in the bulletin's layout, and the list of
a round's deals (its dealer and vulnerability), which the score pads print too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rotation.language import _
from rotation.render.bridge_words import seat_letter
from rotation.render.cards import LOCAL_ONLY, TableCard, TableRound, local_only
from rotation.render.cards_words import number
from rotation.render.pdf_canvas import CELL_PAD, PAD, RULE, SHADE, Canvas, Piece, card_parts
from scoring.seat import Seat

BLOCK_TITLE: Final = 5.0
COMPASS: Final = 22.0
SQUARE: Final = (11.0, 9.0)
DEAL_ROW: Final = 4.0
QR: Final = 24.0
"""The side of a table card's QR code of its live page (`chicago cards --live`), in mm."""
QR_TEXT: Final = 3.0


def print_tables(canvas: Canvas) -> None:
    """Every table card, one across the page: rounds side by side, continued on the next page."""
    canvas.flow(1, lambda w: [p for card in canvas.cards.tables for p in _table_pieces(canvas, card, w)])


def _rounds_across(canvas: Canvas, card: TableCard, w: float) -> int:
    """Rounds side by side: four when every name fits beside the table at a readable size, else three."""
    block = (w - 2 * PAD - 3 * 3) / 4
    side = (block - SQUARE[0]) / 2 - 0.5 - 2 * CELL_PAD
    names = {name for seating in card.rounds for name in seating.seats}
    fits = all(canvas.measure(f"{name} *", 7.5, True) <= side for name in names)
    return 4 if fits else 3


def _table_pieces(canvas: Canvas, card: TableCard, w: float) -> list[Piece]:
    across = _rounds_across(canvas, card, w)
    qr = QR + 2 if card.link else 0.0
    notes = canvas.heading_lines(w - 2 * PAD - qr, 7)
    head = PAD + 8 + len(notes) * 3.0 + 3.5
    if card.link:
        head = max(head, PAD + QR + QR_TEXT * (2 if local_only(card.link) else 1) + 2)
    block = BLOCK_TITLE + COMPASS + (canvas.cards.heading.deals + 1) * DEAL_ROW + 3
    rows_per_part = max(int((canvas.usable_height - head - PAD) // (block + 2)), 1)

    def part_height(part: Sequence[TableRound]) -> float:
        rows = -(-len(part) // across)
        return head + rows * (block + 2) + PAD - 2

    def draw(
        part: Sequence[TableRound], continued: bool, x: float, y: float, w: float, height: float
    ) -> None:
        canvas.box(x, y, w, height, weight=0.4)
        title = _("Table {number}").format(number=number(card.table))
        if continued:
            title = _("Table {number} (continued)").format(number=number(card.table))
        canvas.text(x + PAD, y + PAD, w / 2, 8, title, size=15, bold=True)
        canvas.text(
            x + w / 2, y + PAD, w / 2 - PAD - qr, 8, _("* deals the round's first deal"), size=7.5, align="R"
        )
        if card.link:
            _live_link(canvas, card.link, x + w - PAD, y + PAD, w / 2)
        cy = y + PAD + 8
        for note in notes:
            canvas.text(x + PAD, cy, w - 2 * PAD, 3.0, note, size=7)
            cy += 3.0
        cy = y + head - 1.5  # below the notes, and below the QR code when there is one
        bw = (w - 2 * PAD - (across - 1) * 3) / across
        for index, seating in enumerate(part):
            bx = x + PAD + (index % across) * (bw + 3)
            by = cy + (index // across) * (block + 2)
            _table_round(canvas, seating, bx, by, bw, block)

    return card_parts(card.rounds, rows_per_part * across, part_height, draw)


def _live_link(canvas: Canvas, url: str, right: float, top: float, room: float) -> None:
    """The QR code of the table's live page in the card's top right corner, its URL in small type under
    it, and under that a warning when no phone can open it (`LOCAL_ONLY`). segno makes the PNG in memory;
    imported here so only a card with a link needs it."""
    import io

    import segno

    image = io.BytesIO()
    segno.make(url, error="m").save(image, kind="png", scale=8, border=2)
    image.seek(0)
    canvas.pdf.image(image, x=right - QR, y=top, w=QR, h=QR)
    canvas.text(right - room, top + QR, room, QR_TEXT, url, size=6, min_size=4, align="R")
    if local_only(url):
        at = top + QR + QR_TEXT
        canvas.text(right - room, at, room, QR_TEXT, _(LOCAL_ONLY), size=6, min_size=4, align="R", bold=True)


def _table_round(canvas: Canvas, seating: TableRound, x: float, y: float, w: float, h: float) -> None:
    """One round in the bulletin's layout: North at the top, the first dealer bold with a star, and
    the deals' dealer and vulnerability below."""
    canvas.pdf.set_draw_color(RULE)
    canvas.pdf.set_line_width(0.2)
    canvas.pdf.rect(x, y, w, h, style="D")
    title = _("Round {number}").format(number=number(seating.round))
    canvas.text(x, y, w / 2, BLOCK_TITLE, title, size=9, bold=True)
    # TRANSLATORS: a short "sits out" for a narrow block: "out: Jean".
    absent = seating.absent(_("out"))
    if absent:  # on two lines rather than cut short
        canvas.names(x + w * 0.35, y, w * 0.65, BLOCK_TITLE, absent, size=6.5, align="R")
    # the table and its four seats
    cy = y + BLOCK_TITLE
    square_w, square_h = SQUARE
    sx, sy = x + (w - square_w) / 2, cy + (COMPASS - square_h) / 2
    canvas.box(sx, sy, square_w, square_h, weight=0.3, fill=SHADE)
    for seat, (lx, ly) in {
        Seat.NORTH: (sx, sy + 0.3),
        Seat.SOUTH: (sx, sy + square_h - 3.3),
        Seat.WEST: (sx - 0.2, sy + (square_h - 3) / 2),
        Seat.EAST: (sx + 0.2, sy + (square_h - 3) / 2),
    }.items():
        align = {Seat.WEST: "L", Seat.EAST: "R"}.get(seat, "C")
        canvas.text(lx, ly, square_w, 3, seat_letter(seat), size=5.5, align=align)

    def name(seat: Seat) -> tuple[str, bool]:
        first = seat is seating.first_dealer
        return seating.at(seat) + (" *" if first else ""), first

    side_w = (w - square_w) / 2 - 0.5
    for seat, (nx, ny, nw, align) in {
        Seat.NORTH: (x + 1, sy - 6, w - 2, "C"),
        Seat.SOUTH: (x + 1, sy + square_h + 0.5, w - 2, "C"),
        Seat.WEST: (x, sy + (square_h - 5.5) / 2, side_w, "R"),
        Seat.EAST: (sx + square_w + 0.5, sy + (square_h - 5.5) / 2, side_w, "L"),
    }.items():
        text, first = name(seat)
        canvas.names(nx, ny, nw, 5.5, text, size=8.5, bold=first, align=align)
    # the deals
    cy += COMPASS
    headers = [_("Deal"), _("Dealer"), _("Vul."), _("Result")]
    if not seating.recorded:
        headers = [_("Deal"), _("Dealer"), _("Vulnerable")]
    rows = [list(deal.cells("  ")[: len(headers)]) for deal in seating.deals]
    widths = deal_widths(canvas, headers, rows, w, grow=1, squeeze=1)
    cx = x
    for header, cw in zip(headers, widths, strict=True):
        canvas.text(cx, cy, cw, DEAL_ROW, header, size=6, bold=True, align="L")
        cx += cw
    cy += DEAL_ROW
    canvas.rule(x + 1, cy, x + w - 1, cy, 0.2, RULE)
    for cells in rows:
        cx = x
        for cell, cw in zip(cells, widths, strict=True):
            canvas.text(cx, cy, cw, DEAL_ROW, cell, size=7.5)
            cx += cw
        cy += DEAL_ROW
    if seating.net:  # in the block's bottom margin: a rubber recorded without its deals
        recorded = _("Recorded as {net} (net only)").format(net=seating.net)
        canvas.text(x, cy - 0.3, w, 3, recorded, size=6.5, bold=True)


def deal_widths(
    canvas: Canvas,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    w: float,
    *,
    grow: int,
    squeeze: int,
    floor: float = 0.0,
) -> list[float]:
    """Columns of a deal list as wide as their cells need, so a long name is not cut short while
    "none" keeps a wide column: column ``grow`` takes the room left (at least ``floor``), and column
    ``squeeze`` gives up what is missing (its text shrinks to fit)."""
    natural = [
        max(canvas.measure(header, 6, True), *(canvas.measure(row[i], 7.5) for row in rows))
        + 2 * CELL_PAD
        + 1
        for i, header in enumerate(headers)
    ]
    widths = list(natural)
    widths[grow] = max(natural[grow], floor)
    left = w - sum(widths)
    if left >= 0:
        widths[grow] += left
        return widths
    widths[squeeze] += left
    if widths[squeeze] < w * 0.25:
        return [w * n / sum(natural) for n in natural]
    return widths

"""The player cards in the PDF: one card per player, where they sit every round, two cards across a page
when the rows fit half its width."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rotation.language import _
from rotation.render.cards import PARTY_HEADERS, PlayerCard, PlayerRound, Presence, party_row, player_row
from rotation.render.pdf_canvas import CELL_PAD, GAP, PAD, Canvas, Piece, card_parts


@dataclass(frozen=True, slots=True)
class _Column:
    key: str
    header: str
    align: str
    flexible: bool
    """Name columns take the width that is left over, or give it up."""


PLAYER_ROW: Final = 5.0
PLAYER_SIZE: Final = 8.0
HEADER_SIZE: Final = 6.0
PLAYER_HEADER: Final = 6.5


def _player_columns(canvas: Canvas) -> list[_Column]:
    cards = canvas.cards
    if cards.party:  # party tally cards: table, partner, opponents, score, total
        aligns = dict(zip(PARTY_HEADERS, ("C", "C", "L", "L", "R", "R"), strict=True))
        return [_Column(h.lower(), _(h), aligns[h], h in ("Partner", "Opponents")) for h in PARTY_HEADERS]
    running = any(line.running is not None for card in cards.players for line in card.rounds)
    # TRANSLATORS: a column header on a player's card; a newline (\n) breaks it onto two lines.
    columns = [_Column("round", _("Round"), "C", False)]
    if cards.multi_table:
        columns.append(_Column("table", _("Table"), "C", False))
    columns += [
        _Column("seat", _("Seat"), "L", False),
        _Column("partner", _("Partner"), "L", True),
        _Column("opponents", _("Opponents\nleft, right"), "L", True),
        _Column("first", _("First\ndealer"), "L", True),
        _Column("deal", _("You\ndeal"), "C", False),
        _Column("vulnerable", _("You're\nvulnerable"), "C", False),
    ]
    if running:
        columns.append(_Column("tally", _("Tally"), "R", False))
    return columns


def _player_cells(canvas: Canvas, line: PlayerRound, columns: Sequence[_Column]) -> list[str]:
    """One row of a card: blank after the round number for a round not played (the row says "sits out"
    or "away" across them), the running tally last when there is one."""
    if canvas.cards.party:
        return list(party_row(line))
    running = columns[-1].key == "tally"
    you = _("you *")
    return list(player_row(line, multi_table=canvas.cards.multi_table, running=running, you=you))


def _natural_widths(canvas: Canvas, columns: Sequence[_Column], rows: Sequence[Sequence[str]]) -> list[float]:
    """Each column's widest cell or header line, with its padding."""
    natural = []
    for index, column in enumerate(columns):
        widest = max(canvas.measure(part, HEADER_SIZE, True) for part in column.header.split("\n"))
        for row in rows:
            widest = max(widest, canvas.measure(row[index], PLAYER_SIZE))
        natural.append(widest + 2 * CELL_PAD + 0.5)
    return natural


def _fit_widths(natural: Sequence[float], columns: Sequence[_Column], room: float) -> list[float]:
    """Name columns stretched or squeezed so the columns fill ``room`` (text shrinks to fit)."""
    fixed = sum(w for w, c in zip(natural, columns, strict=True) if not c.flexible)
    flexible = sum(w for w, c in zip(natural, columns, strict=True) if c.flexible)
    if fixed >= room or not flexible:
        return [room * w / sum(natural) for w in natural]
    scale = (room - fixed) / flexible
    return [w * scale if c.flexible else w for w, c in zip(natural, columns, strict=True)]


def print_players(canvas: Canvas) -> None:
    """Every player card, two across a page when the widest card fits half of it, else one."""
    cards = canvas.cards.players
    columns = _player_columns(canvas)
    rows = [_player_cells(canvas, line, columns) for card in cards for line in card.rounds]
    natural = sum(_natural_widths(canvas, columns, rows)) if rows else 0.0
    widest_name = max((canvas.measure(card.name, 11, True) for card in cards), default=0.0)
    half = (canvas.usable_width - GAP) / 2
    fits_half = natural <= (half - 2 * PAD) * 1.05 and widest_name <= half - 2 * PAD - 30
    canvas.flow(
        2 if fits_half else 1, lambda w: [p for card in cards for p in _player_pieces(canvas, card, w)]
    )


def _player_pieces(canvas: Canvas, card: PlayerCard, w: float) -> list[Piece]:
    columns = _player_columns(canvas)
    rows = [_player_cells(canvas, line, columns) for line in card.rounds]
    widths = _fit_widths(_natural_widths(canvas, columns, rows), columns, w - 2 * PAD)
    notes = canvas.heading_lines(w - 2 * PAD)
    head = PAD + 6.5 + len(notes) * 2.7 + 1.5 + PLAYER_HEADER
    per_part = max(int((canvas.usable_height - head - PAD) // PLAYER_ROW), 1)

    def draw(
        part: Sequence[PlayerRound], continued: bool, x: float, y: float, w: float, height: float
    ) -> None:
        _player_card(canvas, card, part, continued, x, y, w, height, columns, widths, notes)

    return card_parts(card.rounds, per_part, lambda part: head + len(part) * PLAYER_ROW + PAD, draw)


def _player_card(
    canvas: Canvas,
    card: PlayerCard,
    lines: Sequence[PlayerRound],
    continued: bool,
    x: float,
    y: float,
    w: float,
    height: float,
    columns: Sequence[_Column],
    widths: Sequence[float],
    notes: Sequence[str],
) -> None:
    canvas.box(x, y, w, height)
    inner = x + PAD
    room = w - 2 * PAD
    label = _("no. {number} on the score sheet").format(number=card.number)
    if continued:
        label = _("no. {number} on the score sheet, continued").format(number=card.number)
    label_w = canvas.measure(label, 7) + 2 * CELL_PAD
    canvas.text(inner, y + PAD, room - label_w, 6.5, card.name, size=11, bold=True)
    canvas.text(inner + room - label_w, y + PAD, label_w, 6.5, label, size=7, align="R")
    cy = y + PAD + 6.5
    for note in notes:
        canvas.text(inner, cy, room, 2.7, note, size=6.5)
        cy += 2.7
    cy += 1.5
    cx = inner
    for column, cw in zip(columns, widths, strict=True):
        parts = column.header.split("\n")
        for index, part in enumerate(parts):
            line_y = cy + PLAYER_HEADER - (len(parts) - index) * 2.6 - 0.6
            canvas.text(cx, line_y, cw, 2.6, part, size=HEADER_SIZE, bold=True, align=column.align)
        cx += cw
    cy += PLAYER_HEADER
    canvas.rule(inner, cy, inner + room, cy, 0.3)
    for index, line in enumerate(lines):
        if index % 2:
            canvas.shade(inner, cy, room, PLAYER_ROW, 242)
        cells = _player_cells(canvas, line, columns)
        cx = inner
        if line.presence is not Presence.PLAYS:
            canvas.shade(inner + widths[0], cy, sum(widths[1:]), PLAYER_ROW)
        for i, (column, cw) in enumerate(zip(columns, widths, strict=True)):
            bold = line.deals_first and column.key == "first"
            canvas.text(
                cx,
                cy,
                cw,
                PLAYER_ROW,
                cells[i],
                size=PLAYER_SIZE,
                bold=bold,
                align=column.align,
            )
            cx += cw
        if line.presence is not Presence.PLAYS:
            canvas.text(
                inner + widths[0],
                cy,
                sum(widths[1:4]),
                PLAYER_ROW,
                line.presence.words,
                size=PLAYER_SIZE,
                bold=True,
            )
        cy += PLAYER_ROW

"""The printed documents as a PDF: player cards, table cards, score pads and the tally sheet.

Made with fpdf2 rather than reportlab: fpdf2 is pure Python with a small footprint, already a dependency,
places text and lines by coordinates (all these cards need), and embeds a TrueType font as a subset, so a
card prints the suit symbols and names in any script the font covers (Zoë, Björn, Łukasz) while the PDF
stays a few tens of kilobytes. The font is DejaVu Sans Condensed (regular and bold), shipped in
`rotation/render/fonts/` under the Bitstream Vera / Arev licence (`fonts/LICENSE` there), which allows
redistribution. fpdf is imported inside `render_pdf` only, so the rest of the command line starts fast.

Everything prints in black and greys, so a black-and-white printer loses nothing: the first dealer is bold
with a star, sit-outs are shaded, the line on a score pad is heavy.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from importlib.resources import as_file, files
from typing import TYPE_CHECKING, Final

from rotation.render.cards import (
    VULNERABILITY_WORDS,
    Cards,
    DealLine,
    Document,
    Paper,
    PlayerCard,
    PlayerRound,
    Presence,
    ScorePad,
    TableCard,
    TableRound,
    TallyGrid,
    player_row,
)
from scoring.rubber import Line
from scoring.seat import Seat, Side
from scoring.tally import signed

if TYPE_CHECKING:
    from fpdf import FPDF

FONT: Final = "DejaVu"
FONT_FILES: Final = {"": "DejaVuSansCondensed.ttf", "B": "DejaVuSansCondensed-Bold.ttf"}
PAPER_SIZES: Final = {Paper.A4: (210.0, 297.0), Paper.LETTER: (215.9, 279.4)}
"""Width and height in millimetres, portrait."""

MARGIN: Final = 10.0
GAP: Final = 4.0
"""Between cards, in millimetres."""
PAGE_HEADER: Final = 9.0
PAD: Final = 2.5
"""Inside a card's border."""
CELL_PAD: Final = 1.0
SHADE: Final = 232
"""The grey of shaded rows and sit-out cells: light enough to write on."""
RULE: Final = 120
CAP_HALF: Final = 0.36 * 25.4 / 72
"""Half the height of a capital, in millimetres per point of font size: text sits centred on a line."""


def render_pdf(cards: Cards, paper: Paper = Paper.A4, *, created: datetime | None = None) -> bytes:
    """The documents as PDF bytes, laid out for ``paper``; ``created`` goes into the PDF's metadata."""
    from fpdf import FPDF

    width, height = PAPER_SIZES[paper]
    pdf = FPDF(orientation="P", unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.c_margin = CELL_PAD
    pdf.set_title(cards.heading.title)
    pdf.set_creator("chicago cards")
    if created is not None:
        pdf.set_creation_date(created)
    with ExitStack() as stack:
        for style, name in FONT_FILES.items():
            path = stack.enter_context(as_file(files("rotation.render") / "fonts" / name))
            pdf.add_font(FONT, style, path)
        painter = _Painter(pdf, cards)
        for document in cards.documents:
            painter.document(document)
        return bytes(pdf.output())


_RIGHT_TO_LEFT: Final = frozenset({"R", "AL"})
_NEUTRAL: Final = frozenset({"WS", "ON", "CS", "ES", "ET", "BN", "NSM"})


def visual_order(text: str) -> str:
    """``text`` in the order it is drawn left to right: each run of right-to-left letters (Hebrew, Arabic),
    with the spaces inside it, reversed, combining marks kept on their letters.

    fpdf2 reorders bidirectional text only through its optional HarfBuzz shaping; a name needs no more than
    this (Arabic letters still print unjoined)."""
    if not any(unicodedata.bidirectional(c) in _RIGHT_TO_LEFT for c in text):
        return text
    clusters: list[str] = []
    for char in text:
        if clusters and unicodedata.combining(char):
            clusters[-1] += char
        else:
            clusters.append(char)
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        """Close a right-to-left run: reverse it, leaving the neutrals after its last letter in place."""
        end = len(run)
        while end and unicodedata.bidirectional(run[end - 1][0]) not in _RIGHT_TO_LEFT:
            end -= 1
        out.extend([*reversed(run[:end]), *run[end:]])
        run.clear()

    for cluster in clusters:
        kind = unicodedata.bidirectional(cluster[0])
        if kind in _RIGHT_TO_LEFT or (run and kind in _NEUTRAL):
            run.append(cluster)
        else:
            flush()
            out.append(cluster)
    flush()
    return "".join(out)


@dataclass(frozen=True, slots=True)
class _Piece:
    """Something to place on a page: its height at the width it was measured for, and how to draw it."""

    height: float
    draw: Callable[[float, float, float], None]
    """Called with x, y (top left) and the width."""


@dataclass(frozen=True, slots=True)
class _Column:
    header: str
    align: str
    flexible: bool
    """Name columns take the width that is left over, or give it up."""


class _Painter:
    """Draws the documents onto an FPDF, one page flow per document."""

    def __init__(self, pdf: FPDF, cards: Cards) -> None:
        self.pdf = pdf
        self.cards = cards
        self.title = ""
        self.section_pending = False
        """Whether the next page starts a document (and gets its bookmark)."""
        self.orientation = "P"
        self.widths: dict[tuple[str, bool], float] = {}
        """Text widths at one point, by text and boldness."""
        self.name_w = 38.0
        """The tally sheet's name column: as wide as the longest name needs, within limits."""

    # ---- page geometry and text ----

    @property
    def left(self) -> float:
        return MARGIN

    @property
    def top(self) -> float:
        return MARGIN + PAGE_HEADER

    @property
    def bottom(self) -> float:
        return float(self.pdf.h) - MARGIN

    @property
    def usable_width(self) -> float:
        return float(self.pdf.w) - 2 * MARGIN

    @property
    def usable_height(self) -> float:
        return self.bottom - self.top

    def new_page(self, orientation: str = "P") -> None:
        """A page with the document's title and the evening's heading at the top."""
        pdf = self.pdf
        pdf.add_page(orientation=orientation)
        self.orientation = orientation
        if self.section_pending:
            pdf.set_y(MARGIN)
            pdf.start_section(self.title)
            self.section_pending = False
        heading = self.cards.heading
        self.text(self.left, MARGIN, self.usable_width / 2, 5, self.title, size=11, bold=True)
        self.text(
            self.left + self.usable_width / 2,
            MARGIN,
            self.usable_width / 2,
            5,
            heading.title,
            size=8,
            align="R",
        )
        self.rule(self.left, MARGIN + 6, self.left + self.usable_width, MARGIN + 6, 0.2)

    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(FONT, "B" if bold else "", size)

    def measure(self, text: str, size: float, bold: bool = False) -> float:
        """The width of ``text`` at ``size`` points: measured once at 10 points, then scaled (the width
        of a line of text is proportional to its size)."""
        key = (text, bold)
        if key not in self.widths:
            self.font(10, bold)
            self.widths[key] = float(self.pdf.get_string_width(text)) / 10
        return self.widths[key] * size

    def text(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        text: str,
        *,
        size: float = 8,
        bold: bool = False,
        align: str = "L",
        min_size: float = 5.5,
    ) -> None:
        """``text`` in the box, vertically centred, shrunk to fit its width (cut short as a last resort)."""
        if not text:
            return
        room = w - 2 * CELL_PAD
        if self.measure(text, size, bold) > room:
            size = max(min_size, int(2 * room / self.measure(text, 1, bold)) / 2)
        if self.measure(text, size, bold) > room:
            while text and self.measure(text + "\u2026", size, bold) > room:
                text = text[:-1]
            text += "\u2026"
        self.font(size, bold)
        width = self.measure(text, size, bold)
        left = {"L": x + CELL_PAD, "C": x + (w - width) / 2, "R": x + w - CELL_PAD - width}[align]
        self.pdf.text(left, y + h / 2 + CAP_HALF * size, visual_order(text))

    def names(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        text: str,
        *,
        size: float,
        bold: bool = False,
        align: str = "L",
    ) -> None:
        """A name (or a pair of names) in the box: on one line if it fits at a readable size, else broken
        at a space into two lines, each shrunk to fit."""
        readable = size - 1.5
        if self.measure(text, readable, bold) <= w - 2 * CELL_PAD or " " not in text.strip():
            self.text(x, y, w, h, text, size=size, bold=bold, align=align)
            return
        words = text.split(" ")
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        first, second = min(splits, key=lambda pair: max(self.measure(part, size, bold) for part in pair))
        line = min(h / 2, size * 0.45)
        top = y + (h - 2 * line) / 2
        self.text(x, top, w, line, first, size=size, bold=bold, align=align)
        self.text(x, top + line, w, line, second, size=size, bold=bold, align=align)

    def wrap(self, text: str, w: float, size: float) -> list[str]:
        """Words of ``text`` in lines no wider than ``w``."""
        lines: list[str] = []
        for word in text.split():
            if lines and self.measure(f"{lines[-1]} {word}", size) <= w - 2 * CELL_PAD:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines

    def rule(self, x1: float, y1: float, x2: float, y2: float, weight: float = 0.2, grey: int = 0) -> None:
        self.pdf.set_draw_color(grey)
        self.pdf.set_line_width(weight)
        self.pdf.line(x1, y1, x2, y2)

    def box(
        self, x: float, y: float, w: float, h: float, *, weight: float = 0.3, fill: int | None = None
    ) -> None:
        self.pdf.set_draw_color(0)
        self.pdf.set_line_width(weight)
        if fill is not None:
            self.pdf.set_fill_color(fill)
        self.pdf.rect(x, y, w, h, style="DF" if fill is not None else "D")

    def shade(self, x: float, y: float, w: float, h: float, grey: int = SHADE) -> None:
        self.pdf.set_fill_color(grey)
        self.pdf.rect(x, y, w, h, style="F")

    def heading_lines(self, w: float, size: float = 6.5) -> list[str]:
        """The scoring variant and the vulnerability cycle, wrapped to ``w``: on every card."""
        heading = self.cards.heading
        return self.wrap(f"{heading.scoring}.", w, size) + self.wrap(f"{heading.vulnerability}.", w, size)

    # ---- flow ----

    def flow(self, columns: int, pieces: Callable[[float], Sequence[_Piece]], orientation: str = "P") -> None:
        """Place pieces left to right in ``columns``, row by row, starting a page when a row is full."""
        self.new_page(orientation)
        w = (self.usable_width - GAP * (columns - 1)) / columns
        y, column, row_height = self.top, 0, 0.0
        for piece in pieces(w):
            if column == columns:
                y, column, row_height = y + row_height + GAP, 0, 0.0
            if y + piece.height > self.bottom + 0.01 and y > self.top:
                self.new_page(orientation)
                y, column, row_height = self.top, 0, 0.0
            piece.draw(self.left + column * (w + GAP), y, w)
            row_height = max(row_height, piece.height)
            column += 1

    def document(self, document: Document) -> None:
        self.title = document.label
        self.section_pending = True
        if document is Document.PLAYERS:
            self.players()
        elif document is Document.TABLES:
            self.tables()
        elif document is Document.PADS:
            self.pads()
        else:
            self.tally()

    # ---- player cards ----

    PLAYER_ROW: Final = 5.0
    PLAYER_SIZE: Final = 8.0
    HEADER_SIZE: Final = 6.0
    PLAYER_HEADER: Final = 6.5

    def player_columns(self) -> list[_Column]:
        cards = self.cards
        running = any(line.running is not None for card in cards.players for line in card.rounds)
        columns = [_Column("Round", "C", False)]
        if cards.multi_table:
            columns.append(_Column("Table", "C", False))
        columns += [
            _Column("Seat", "L", False),
            _Column("Partner", "L", True),
            _Column("Opponents\nleft, right", "L", True),
            _Column("First\ndealer", "L", True),
            _Column("You\ndeal", "C", False),
            _Column("You're\nvulnerable", "C", False),
        ]
        if running:
            columns.append(_Column("Tally", "R", False))
        return columns

    def player_cells(self, line: PlayerRound, columns: Sequence[_Column]) -> list[str]:
        """One row of a card: blank after the round number for a round not played (the row says "sits out"
        or "away" across them), the running tally last when there is one."""
        running = columns[-1].header == "Tally"
        return list(player_row(line, multi_table=self.cards.multi_table, running=running, you="you *"))

    def natural_widths(self, columns: Sequence[_Column], rows: Sequence[Sequence[str]]) -> list[float]:
        """Each column's widest cell or header line, with its padding."""
        natural = []
        for index, column in enumerate(columns):
            widest = max(self.measure(part, self.HEADER_SIZE, True) for part in column.header.split("\n"))
            for row in rows:
                widest = max(widest, self.measure(row[index], self.PLAYER_SIZE))
            natural.append(widest + 2 * CELL_PAD + 0.5)
        return natural

    @staticmethod
    def fit_widths(natural: Sequence[float], columns: Sequence[_Column], room: float) -> list[float]:
        """Name columns stretched or squeezed so the columns fill ``room`` (text shrinks to fit)."""
        fixed = sum(w for w, c in zip(natural, columns, strict=True) if not c.flexible)
        flexible = sum(w for w, c in zip(natural, columns, strict=True) if c.flexible)
        if fixed >= room or not flexible:
            return [room * w / sum(natural) for w in natural]
        scale = (room - fixed) / flexible
        return [w * scale if c.flexible else w for w, c in zip(natural, columns, strict=True)]

    def players(self) -> None:
        cards = self.cards.players
        columns = self.player_columns()
        rows = [self.player_cells(line, columns) for card in cards for line in card.rounds]
        natural = sum(self.natural_widths(columns, rows)) if rows else 0.0
        widest_name = max((self.measure(card.name, 11, True) for card in cards), default=0.0)
        half = (self.usable_width - GAP) / 2
        fits_half = natural <= (half - 2 * PAD) * 1.05 and widest_name <= half - 2 * PAD - 30
        self.flow(2 if fits_half else 1, lambda w: [p for card in cards for p in self.player_pieces(card, w)])

    def player_pieces(self, card: PlayerCard, w: float) -> list[_Piece]:
        columns = self.player_columns()
        rows = [self.player_cells(line, columns) for line in card.rounds]
        widths = self.fit_widths(self.natural_widths(columns, rows), columns, w - 2 * PAD)
        notes = self.heading_lines(w - 2 * PAD)
        head = PAD + 6.5 + len(notes) * 2.7 + 1.5 + self.PLAYER_HEADER
        per_part = max(int((self.usable_height - head - PAD) // self.PLAYER_ROW), 1)
        parts = [card.rounds[i : i + per_part] for i in range(0, len(card.rounds), per_part)]
        pieces = []
        for number, part in enumerate(parts):
            height = head + len(part) * self.PLAYER_ROW + PAD

            def draw(
                x: float,
                y: float,
                w: float,
                part: Sequence[PlayerRound] = part,
                cont: bool = number > 0,
                height: float = height,
            ) -> None:
                self.player_card(card, part, cont, x, y, w, height, columns, widths, notes)

            pieces.append(_Piece(height, draw))
        return pieces

    def player_card(
        self,
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
        self.box(x, y, w, height)
        inner = x + PAD
        room = w - 2 * PAD
        label = f"no. {card.number} on the score sheet" + (", continued" if continued else "")
        label_w = self.measure(label, 7) + 2 * CELL_PAD
        self.text(inner, y + PAD, room - label_w, 6.5, card.name, size=11, bold=True)
        self.text(inner + room - label_w, y + PAD, label_w, 6.5, label, size=7, align="R")
        cy = y + PAD + 6.5
        for note in notes:
            self.text(inner, cy, room, 2.7, note, size=6.5)
            cy += 2.7
        cy += 1.5
        cx = inner
        for column, cw in zip(columns, widths, strict=True):
            parts = column.header.split("\n")
            for index, part in enumerate(parts):
                line_y = cy + self.PLAYER_HEADER - (len(parts) - index) * 2.6 - 0.6
                self.text(cx, line_y, cw, 2.6, part, size=self.HEADER_SIZE, bold=True, align=column.align)
            cx += cw
        cy += self.PLAYER_HEADER
        self.rule(inner, cy, inner + room, cy, 0.3)
        for index, line in enumerate(lines):
            if index % 2:
                self.shade(inner, cy, room, self.PLAYER_ROW, 242)
            cells = self.player_cells(line, columns)
            cx = inner
            if line.presence is not Presence.PLAYS:
                self.shade(inner + widths[0], cy, sum(widths[1:]), self.PLAYER_ROW)
            for i, (column, cw) in enumerate(zip(columns, widths, strict=True)):
                bold = line.deals_first and column.header.startswith("First")
                self.text(
                    cx,
                    cy,
                    cw,
                    self.PLAYER_ROW,
                    cells[i],
                    size=self.PLAYER_SIZE,
                    bold=bold,
                    align=column.align,
                )
                cx += cw
            if line.presence is not Presence.PLAYS:
                self.text(
                    inner + widths[0],
                    cy,
                    sum(widths[1:4]),
                    self.PLAYER_ROW,
                    line.presence.value,
                    size=self.PLAYER_SIZE,
                    bold=True,
                )
            cy += self.PLAYER_ROW

    # ---- table cards ----

    BLOCK_TITLE: Final = 5.0
    COMPASS: Final = 22.0
    SQUARE: Final = (11.0, 9.0)
    DEAL_ROW: Final = 4.0

    def tables(self) -> None:
        self.flow(1, lambda w: [p for card in self.cards.tables for p in self.table_pieces(card, w)])

    def across(self, card: TableCard, w: float) -> int:
        """Rounds side by side: four when every name fits beside the table at a readable size, else three."""
        block = (w - 2 * PAD - 3 * 3) / 4
        side = (block - self.SQUARE[0]) / 2 - 0.5 - 2 * CELL_PAD
        names = {name for seating in card.rounds for name in seating.seats}
        fits = all(self.measure(f"{name} *", 7.5, True) <= side for name in names)
        return 4 if fits else 3

    def table_pieces(self, card: TableCard, w: float) -> list[_Piece]:
        across = self.across(card, w)
        notes = self.heading_lines(w - 2 * PAD, 7)
        head = PAD + 8 + len(notes) * 3.0 + 3.5
        block = self.BLOCK_TITLE + self.COMPASS + (self.cards.heading.deals + 1) * self.DEAL_ROW + 3
        rows_per_part = max(int((self.usable_height - head - PAD) // (block + 2)), 1)
        per_part = rows_per_part * across
        parts = [card.rounds[i : i + per_part] for i in range(0, len(card.rounds), per_part)]
        pieces = []
        for number, part in enumerate(parts):
            rows = -(-len(part) // across)
            height = head + rows * (block + 2) + PAD - 2

            def draw(
                x: float,
                y: float,
                w: float,
                part: Sequence[TableRound] = part,
                cont: bool = number > 0,
                height: float = height,
            ) -> None:
                self.box(x, y, w, height, weight=0.4)
                title = f"Table {card.table}" + (" (continued)" if cont else "")
                self.text(x + PAD, y + PAD, w / 2, 8, title, size=15, bold=True)
                self.text(
                    x + w / 2, y + PAD, w / 2 - PAD, 8, "* deals the round's first deal", size=7.5, align="R"
                )
                cy = y + PAD + 8
                for note in notes:
                    self.text(x + PAD, cy, w - 2 * PAD, 3.0, note, size=7)
                    cy += 3.0
                cy += 2
                bw = (w - 2 * PAD - (across - 1) * 3) / across
                for index, seating in enumerate(part):
                    bx = x + PAD + (index % across) * (bw + 3)
                    by = cy + (index // across) * (block + 2)
                    self.table_round(seating, bx, by, bw, block)

            pieces.append(_Piece(height, draw))
        return pieces

    def table_round(self, seating: TableRound, x: float, y: float, w: float, h: float) -> None:
        """One round in the bulletin's layout: North at the top, the first dealer bold with a star, and
        the deals' dealer and vulnerability below."""
        self.pdf.set_draw_color(RULE)
        self.pdf.set_line_width(0.2)
        self.pdf.rect(x, y, w, h, style="D")
        self.text(x, y, w / 2, self.BLOCK_TITLE, f"Round {seating.round}", size=9, bold=True)
        absent = []
        if seating.sitting_out:
            absent.append("out: " + ", ".join(seating.sitting_out))
        if seating.away:
            absent.append("away: " + ", ".join(seating.away))
        if absent:  # on two lines rather than cut short
            self.names(x + w * 0.35, y, w * 0.65, self.BLOCK_TITLE, "; ".join(absent), size=6.5, align="R")
        # the table and its four seats
        cy = y + self.BLOCK_TITLE
        square_w, square_h = self.SQUARE
        sx, sy = x + (w - square_w) / 2, cy + (self.COMPASS - square_h) / 2
        self.box(sx, sy, square_w, square_h, weight=0.3, fill=SHADE)
        for seat, (lx, ly) in {
            Seat.NORTH: (sx, sy + 0.3),
            Seat.SOUTH: (sx, sy + square_h - 3.3),
            Seat.WEST: (sx - 0.2, sy + (square_h - 3) / 2),
            Seat.EAST: (sx + 0.2, sy + (square_h - 3) / 2),
        }.items():
            align = {Seat.WEST: "L", Seat.EAST: "R"}.get(seat, "C")
            self.text(lx, ly, square_w, 3, seat.value, size=5.5, align=align)

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
            self.names(nx, ny, nw, 5.5, text, size=8.5, bold=first, align=align)
        # the deals
        cy += self.COMPASS
        recorded = any(deal.result for deal in seating.deals)
        headers = ["Deal", "Dealer", "Vulnerable"] if not recorded else ["Deal", "Dealer", "Vul.", "Result"]
        rows = [self.deal_cells(deal)[: len(headers)] for deal in seating.deals]
        widths = self.deal_widths(headers, rows, w, grow=1, squeeze=1)
        cx = x
        for header, cw in zip(headers, widths, strict=True):
            self.text(cx, cy, cw, self.DEAL_ROW, header, size=6, bold=True, align="L")
            cx += cw
        cy += self.DEAL_ROW
        self.rule(x + 1, cy, x + w - 1, cy, 0.2, RULE)
        for cells in rows:
            cx = x
            for cell, cw in zip(cells, widths, strict=True):
                self.text(cx, cy, cw, self.DEAL_ROW, cell, size=7.5)
                cx += cw
            cy += self.DEAL_ROW

    @staticmethod
    def deal_cells(deal: DealLine) -> list[str]:
        """A deal's row: number, dealer (seat and name), who is vulnerable, the recorded result."""
        return [
            str(deal.number),
            f"{deal.dealer.value}  {deal.dealer_name}",
            VULNERABILITY_WORDS[deal.vulnerability],
            deal.result,
        ]

    def deal_widths(
        self,
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
            max(self.measure(header, 6, True), *(self.measure(row[i], 7.5) for row in rows))
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

    # ---- score pads ----

    PAD_ROW: Final = 4.5
    PAD_DEAL_ROW: Final = 4.2

    def pads(self) -> None:
        self.flow(2, lambda w: [self.pad_piece(pad, w) for pad in self.cards.pads])

    def pad_rows(self, pad: ScorePad) -> tuple[int, int]:
        """Rows above and below the line: room to write a whole rubber, more if the score needs it."""
        above, below = 6, 5
        score = pad.score
        if score is not None:
            above = max(above, len(score.above[0]) + 1, len(score.above[1]) + 1)
            needed = sum(max(sum(e.side is s for e in group) for s in Side) for group in score.below)
            below = max(below, needed + 1)
        return above, below

    def pad_piece(self, pad: ScorePad, w: float) -> _Piece:
        above, below = self.pad_rows(pad)
        notes = self.heading_lines(w - 2 * PAD, 6)
        deals = self.cards.heading.deals
        top = PAD + 5.5 + len(notes) * 2.6 + 2 + max(21.0, (deals + 1) * self.PAD_DEAL_ROW) + 2
        height = top + 11 + (above + below + 4) * self.PAD_ROW + PAD

        def draw(x: float, y: float, w: float) -> None:
            self.score_pad(pad, x, y, w, height, notes, above, below)

        return _Piece(height, draw)

    def score_pad(
        self,
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
        self.box(x, y, w, h, weight=0.4)
        inner, room = x + PAD, w - 2 * PAD
        self.text(
            inner, y + PAD, room * 0.6, 5.5, f"Round {pad.round} \u00b7 Table {pad.table}", size=11, bold=True
        )
        self.text(inner + room * 0.6, y + PAD, room * 0.4, 5.5, "Chicago score pad", size=7, align="R")
        cy = y + PAD + 5.5
        for note in notes:
            self.text(inner, cy, room, 2.6, note, size=6)
            cy += 2.6
        cy += 2
        self.dealer_box(pad, inner + 2, cy + 2.5, 17.0)
        self.pad_deals(pad, inner + 24, cy, room - 24)
        cy += max(21.0, (self.cards.heading.deals + 1) * self.PAD_DEAL_ROW) + 2
        # WE / THEY
        label_w = 11.0
        col_w = (room - label_w) / 2
        ns_x, ew_x = inner + label_w, inner + label_w + col_w
        self.text(ns_x, cy, col_w, 5, "WE", size=11, bold=True, align="C")
        self.text(ew_x, cy, col_w, 5, "THEY", size=11, bold=True, align="C")
        cy += 5
        self.names(ns_x, cy, col_w, 6, f"N-S  {seating.pair(Side.NS)}", size=7, align="C")
        self.names(ew_x, cy, col_w, 6, f"E-W  {seating.pair(Side.EW)}", size=7, align="C")
        cy += 6
        area_top = cy
        row = self.PAD_ROW
        line_y = cy + above * row
        bottom_y = line_y + below * row
        totals_y = bottom_y
        end_y = totals_y + 4 * row
        for r in range(above + below + 4):
            ry = area_top + r * row
            if r not in (above, above + below):
                self.rule(ns_x, ry, ew_x + col_w, ry, 0.1, 200)
        self.rule(ew_x, area_top, ew_x, end_y, 0.5)
        self.rule(ns_x, area_top, ew_x + col_w, area_top, 0.3)
        self.rule(inner, line_y, inner + room, line_y, 1.0)
        self.text(inner, line_y - row, label_w, row, "above", size=5.5)
        self.text(inner, line_y, label_w, row, "below", size=5.5)
        self.rule(ns_x, totals_y, ew_x + col_w, totals_y, 0.5)
        for index, label in enumerate(("Total", "", "Net", "Tally")):
            self.text(inner, totals_y + index * row, label_w, row, label, size=6.5, bold=label == "Tally")
        self.rule(ns_x, end_y, ew_x + col_w, end_y, 0.3)
        score = pad.score
        if score is None:
            return
        columns = {Side.NS: ns_x, Side.EW: ew_x}
        for side, cx in columns.items():
            for index, entry in enumerate(score.column(side, Line.ABOVE)):
                self.text(cx, line_y - (index + 1) * row, col_w - 3, row, str(entry), size=8.5, align="R")
        ry = line_y
        for number, group in enumerate(score.below):
            if number:
                self.rule(ns_x + 2, ry, ew_x + col_w - 2, ry, 0.4)
            depth = 0
            for side, cx in columns.items():
                mine = [entry for entry in group if entry.side is side]
                for index, entry in enumerate(mine):
                    self.text(cx, ry + index * row, col_w - 3, row, str(entry), size=8.5, align="R")
                depth = max(depth, len(mine))
            ry += depth * row
        if score.points is not None:
            ns_points, ew_points = score.points
            winner_x = ns_x if ns_points > ew_points else ew_x
            low, high = sorted(score.points)
            self.text(ns_x, totals_y, col_w - 3, row, str(ns_points), size=8.5, bold=True, align="R")
            self.text(ew_x, totals_y, col_w - 3, row, str(ew_points), size=8.5, bold=True, align="R")
            if score.by_difference:
                self.text(winner_x, totals_y + row, col_w - 3, row, str(-low), size=8.5, align="R")
                self.text(winner_x, totals_y + 2 * row, col_w - 3, row, str(high - low), size=8.5, align="R")
        winner = score.winner
        if score.points is None and score.net:
            self.text(
                ew_x if winner is Side.EW else ns_x,
                totals_y + 2 * row,
                col_w - 3,
                row,
                f"recorded as {score.net}",
                size=7,
                align="R",
            )
        tally = f"+{abs(score.ns_tally)} {score.unit}" if winner is not None else "even"
        tally_x = ns_x if winner is not Side.EW else ew_x
        self.text(tally_x, totals_y + 3 * row, col_w - 3, row, tally, size=9, bold=True, align="R")

    def dealer_box(self, pad: ScorePad, x: float, y: float, size: float) -> None:
        """The X: a square cut by its diagonals, each deal's number in its dealer's corner, North at the
        top (as the bulletin says, "a number is put in to indicate the dealer's position for each deal")."""
        self.box(x, y, size, size, weight=0.4)
        self.rule(x, y, x + size, y + size, 0.4)
        self.rule(x, y + size, x + size, y, 0.4)
        half = size / 2
        spots = {
            Seat.NORTH: (x, y + 0.5, size, 4.5, "C"),
            Seat.SOUTH: (x, y + size - 5, size, 4.5, "C"),
            Seat.WEST: (x - 0.3, y + half - 2.25, half, 4.5, "L"),
            Seat.EAST: (x + half + 0.3, y + half - 2.25, half, 4.5, "R"),
        }
        for seat, deals in pad.dealer_box().items():
            sx, sy, sw, sh, align = spots[seat]
            self.text(sx, sy, sw, sh, ",".join(str(d) for d in deals), size=8.5, bold=True, align=align)
        for seat, (lx, ly, lw, align) in {
            Seat.NORTH: (x, y - 3, size, "C"),
            Seat.SOUTH: (x, y + size, size, "C"),
            Seat.WEST: (x - 4, y + half - 1.5, 4, "C"),
            Seat.EAST: (x + size, y + half - 1.5, 4, "C"),
        }.items():
            self.text(lx, ly, lw, 3, seat.value, size=5.5, align=align)

    def pad_deals(self, pad: ScorePad, x: float, y: float, w: float) -> None:
        """One row per deal: its dealer, who is vulnerable, and room for the contract and result."""
        headers = ("Deal", "Dealer", "Vul.", "Contract, result")
        rows = [self.deal_cells(deal) for deal in pad.seating.deals]
        widths = self.deal_widths(headers, rows, w, grow=3, squeeze=1, floor=w * 0.32)
        row = self.PAD_DEAL_ROW
        cx = x
        for header, cw in zip(headers, widths, strict=True):
            self.text(cx, y, cw, row, header, size=6, bold=True)
            cx += cw
        cy = y + row
        for cells in rows:
            self.rule(x, cy, x + w, cy, 0.1, 160)
            cx = x
            for index, (cell, cw) in enumerate(zip(cells, widths, strict=True)):
                self.text(cx, cy, cw, row, cell, size=7.5, bold=index == 3)
                cx += cw
            cy += row
        self.rule(x, cy, x + w, cy, 0.1, 160)

    # ---- tally sheet ----

    TALLY_ROW: Final = 7.5
    TOTAL_W: Final = 14.0
    RANK_W: Final = 10.0
    MIN_CELL: Final = 6.5

    def tally(self) -> None:
        sheet = self.cards.tally
        assert sheet is not None
        widest = max((self.measure(f"{row.number}  {row.name}", 9) for row in sheet.rows), default=0.0)
        self.name_w = min(max(widest + 2 * CELL_PAD + 2, 30.0), 70.0)
        fixed = self.name_w + self.TOTAL_W + self.RANK_W
        landscape = False
        per_sheet = sheet.rounds
        if fixed + 2 * sheet.rounds * self.MIN_CELL > self.usable_width:
            landscape = True
            room = float(self.pdf.h) - 2 * MARGIN
            per_sheet = max(int((room - fixed) // (2 * self.MIN_CELL)), 1)
        chunks = [range(s, min(s + per_sheet, sheet.rounds)) for s in range(0, sheet.rounds, per_sheet)]
        for chunk in chunks:
            self.new_page("L" if landscape else "P")
            self.tally_grid(sheet, chunk, last=chunk is chunks[-1])

    def tally_grid(self, sheet: TallyGrid, rounds: range, last: bool) -> None:
        x, y, room = self.left, self.top, self.usable_width
        for note in self.heading_lines(room, 7.5):
            self.text(x, y, room, 3.4, note, size=7.5)
            y += 3.4
        self.text(
            x,
            y,
            room,
            3.6,
            f"Running totals in {sheet.unit} after each rubber, + and - columns as in "
            "Bulletin #16; shaded: sits out or away.",
            size=7.5,
        )
        y += 5
        cell = min((room - self.name_w - self.TOTAL_W - self.RANK_W) / (2 * len(rounds)), 14.0)
        grid_w = self.name_w + 2 * cell * len(rounds) + self.TOTAL_W + self.RANK_W
        row = self.TALLY_ROW

        def header() -> float:
            hy = y
            self.box(x, hy, grid_w, 2 * row, weight=0.4, fill=SHADE)
            self.text(x, hy, self.name_w, row, sheet.column_label, size=8, bold=True)
            self.text(x, hy + row, self.name_w, row, "PLAYERS", size=8, bold=True)
            cx = x + self.name_w
            for r in rounds:
                self.text(cx, hy, 2 * cell, row, str(r + 1), size=9, bold=True, align="C")
                self.text(cx, hy + row, cell, row, "+", size=10, bold=True, align="C")
                self.text(cx + cell, hy + row, cell, row, "\u2212", size=10, bold=True, align="C")
                self.rule(cx, hy, cx, hy + 2 * row, 0.4)
                self.rule(cx + cell, hy + row, cx + cell, hy + 2 * row, 0.2)
                cx += 2 * cell
            self.rule(x + self.name_w, hy + row, cx, hy + row, 0.2)
            self.rule(cx, hy, cx, hy + 2 * row, 0.4)
            self.text(cx, hy, self.TOTAL_W, 2 * row, "Total", size=8, bold=True, align="C")
            self.rule(cx + self.TOTAL_W, hy, cx + self.TOTAL_W, hy + 2 * row, 0.2)
            self.text(cx + self.TOTAL_W, hy, self.RANK_W, 2 * row, "Rank", size=8, bold=True, align="C")
            return hy + 2 * row

        y = header()
        for row_data in sheet.rows:
            if y + row > self.bottom:
                self.new_page(self.orientation)
                y = self.top
                y = header()
            self.rule(x, y + row, x + grid_w, y + row, 0.2)
            self.rule(x, y, x, y + row, 0.4)
            self.text(x, y, self.name_w, row, f"{row_data.number}  {row_data.name}", size=9)
            cx = x + self.name_w
            for r in rounds:
                if row_data.out[r]:
                    self.shade(cx, y, 2 * cell, row)
                    self.rule(cx, y, cx + 2 * cell, y, 0.2)
                plus, minus = row_data.cell(r)
                self.rule(cx, y, cx, y + row, 0.4)
                if row_data.out[r] and row_data.running[r] is None:
                    self.text(cx, y, 2 * cell, row, "out", size=6.5, align="C")
                else:
                    self.rule(cx + cell, y, cx + cell, y + row, 0.1, 160)
                self.text(cx, y, cell, row, plus, size=9, align="C")
                self.text(cx + cell, y, cell, row, minus, size=9, align="C")
                cx += 2 * cell
            self.rule(cx, y, cx, y + row, 0.4)
            total = "" if row_data.total is None else signed(row_data.total)
            self.text(cx, y, self.TOTAL_W, row, total if last else "", size=9, bold=True, align="C")
            self.rule(cx + self.TOTAL_W, y, cx + self.TOTAL_W, y + row, 0.2)
            self.text(
                cx + self.TOTAL_W, y, self.RANK_W, row, row_data.rank if last else "", size=9, align="C"
            )
            self.rule(x + grid_w, y, x + grid_w, y + row, 0.4)
            y += row
        self.rule(x, y, x + grid_w, y, 0.4)
        if not last or not sheet.results:
            return
        texts = []
        for result in sheet.results:
            points = "" if result.points is None else f"  ({result.points[0]} to {result.points[1]})"
            texts.append(
                f"Round {result.round}, table {result.table}:  {result.north_south} v "
                f"{result.east_west}:  {result.result}{points}"
            )
        self.result_list(texts, x, y + 4, room)

    RESULT_LINE: Final = 4.0
    RESULT_SIZE: Final = 8.0

    def result_list(self, texts: Sequence[str], x: float, y: float, room: float) -> None:
        """The rubbers' results under the grid: one column while they fit below it, else side by side in
        as many columns as the page is wide enough for (read down each column), before turning the page."""
        line, size = self.RESULT_LINE, self.RESULT_SIZE
        column_w = max(self.measure(text, size) for text in texts) + 2 * CELL_PAD + 5
        most = max(int(room // column_w), 1)
        remaining = list(texts)
        while remaining:
            fit = int((self.bottom - y) // line)
            if fit < 1:
                self.new_page(self.orientation)
                y = self.top
                continue
            columns = min(most, -(-len(remaining) // fit))
            rows = min(fit, -(-len(remaining) // columns))
            here, remaining = remaining[: rows * columns], remaining[rows * columns :]
            for index, text in enumerate(here):
                column, row = divmod(index, rows)
                self.text(x + column * column_w, y + row * line, column_w, line, text, size=size)
            y = self.bottom

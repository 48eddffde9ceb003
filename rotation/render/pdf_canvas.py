"""The surface the PDF printers draw on: page geometry, text fitted to a box, names in their visual order,
rules and shading, and the flow that places cards on pages. fpdf is only a type here."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from rotation.render.cards import Cards

if TYPE_CHECKING:
    from fpdf import FPDF

FONT: Final = "DejaVu"
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
class Piece:
    """Something to place on a page: its height at the width it was measured for, and how to draw it."""

    height: float
    draw: Callable[[float, float, float], None]
    """Called with x, y (top left) and the width."""


Row = TypeVar("Row")
PartDrawer = Callable[[Sequence[Row], bool, float, float, float, float], None]
"""Draws one part of a card: its rows, whether it continues an earlier part, x, y, width and height."""


def card_parts(
    rows: Sequence[Row], per_part: int, height: Callable[[Sequence[Row]], float], draw: PartDrawer[Row]
) -> list[Piece]:
    """A card cut into pieces of at most ``per_part`` rows, so a card longer than a page goes on over the
    next (each part after the first says it is continued)."""

    def piece(part: Sequence[Row], continued: bool) -> Piece:
        tall = height(part)
        return Piece(tall, lambda x, y, w: draw(part, continued, x, y, w, tall))

    return [piece(rows[start : start + per_part], start > 0) for start in range(0, len(rows), per_part)]


class Canvas:
    """An FPDF page flow for the cards: the page heading, text fitted to its box, rules and shading."""

    def __init__(self, pdf: FPDF, cards: Cards) -> None:
        self.pdf = pdf
        self.cards = cards
        self.title = ""
        self.section_pending = False
        """Whether the next page starts a document (and gets its bookmark)."""
        self.orientation = "P"
        self.widths: dict[tuple[str, bool], float] = {}
        """Text widths at one point, by text and boldness."""
        self.shipped: frozenset[int] = frozenset()
        """The characters the shipped font prints (filled only when fallback fonts are in use)."""
        self.fallbacks: tuple[tuple[str, frozenset[int]], ...] = ()
        """Fonts found on the machine for what the shipped one lacks: (family, characters), in order."""
        self.cut: list[str] = []
        """Texts cut short (with an ellipsis) because even their smallest size did not fit their box: a
        translation too long for its cell shows here (the pseudo-language test reads it)."""
        self.outside: list[str] = []
        """Texts whose box is not inside the page."""

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

    def font(self, size: float, bold: bool = False, family: str = FONT) -> None:
        """The font for what follows; a fallback font has only its regular style."""
        self.pdf.set_font(family, "B" if bold and family == FONT else "", size)

    def runs(self, text: str) -> list[tuple[str, str]]:
        """``text`` cut into runs of one font each: (family, text). Without fallback fonts, one run. A
        character no font has stays in the shipped font's run (it prints blank); a combining mark stays
        with the letter before it."""
        if not self.fallbacks:
            return [(FONT, text)]
        out: list[tuple[str, str]] = []
        for char in text:
            family = FONT
            if ord(char) not in self.shipped:
                family = next((name for name, chars in self.fallbacks if ord(char) in chars), FONT)
            if out and (family == out[-1][0] or unicodedata.combining(char)):
                out[-1] = (out[-1][0], out[-1][1] + char)
            else:
                out.append((family, char))
        return out

    def measure(self, text: str, size: float, bold: bool = False) -> float:
        """The width of ``text`` at ``size`` points: measured once at 10 points, then scaled (the width
        of a line of text is proportional to its size)."""
        key = (text, bold)
        if key not in self.widths:
            width = 0.0
            for family, run in self.runs(text):
                self.font(10, bold, family)
                width += float(self.pdf.get_string_width(run))
            self.widths[key] = width / 10
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
        if x < -0.01 or y < -0.01 or x + w > self.pdf.w + 0.01 or y + h > self.pdf.h + 0.01:
            self.outside.append(text)
        room = w - 2 * CELL_PAD
        if self.measure(text, size, bold) > room:
            size = max(min_size, int(2 * room / self.measure(text, 1, bold)) / 2)
        if self.measure(text, size, bold) > room:
            self.cut.append(text)
            while text and self.measure(text + "\u2026", size, bold) > room:
                text = text[:-1]
            text += "\u2026"
        width = self.measure(text, size, bold)
        left = {"L": x + CELL_PAD, "C": x + (w - width) / 2, "R": x + w - CELL_PAD - width}[align]
        for family, run in self.runs(visual_order(text)):
            self.font(size, bold, family)
            self.pdf.text(left, y + h / 2 + CAP_HALF * size, run)
            left += self.measure(run, size, bold)

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

    def begin(self, title: str) -> None:
        """Start a document: its next page carries ``title`` and opens its bookmark."""
        self.title = title
        self.section_pending = True

    def flow(self, columns: int, pieces: Callable[[float], Sequence[Piece]], orientation: str = "P") -> None:
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

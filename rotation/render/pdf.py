"""The printed documents as a PDF: player cards, table cards, score pads and the tally sheet.

Made with fpdf2 rather than reportlab: fpdf2 is pure Python with a small footprint, already a dependency,
places text and lines by coordinates (all these cards need), and embeds a TrueType font as a subset, so a
card prints the suit symbols and names in any script the font covers (Zoë, Björn, Łukasz) while the PDF
stays a few tens of kilobytes. The font is DejaVu Sans Condensed (regular and bold), shipped in
`rotation/render/fonts/` under the Bitstream Vera / Arev licence (`fonts/LICENSE` there), which allows
redistribution. Names in scripts DejaVu lacks (Chinese, Japanese, Korean) print from a font found on the
machine, glyph by glyph (`pdf_fonts`). fpdf is imported inside `render_pdf` only, so the rest of the
command line starts fast.

`render_pdf` sets up the document and hands each page flow to its module: `pdf_players`, `pdf_tables`,
`pdf_pads` and `pdf_tally`, all drawing on the `pdf_canvas` surface (text fitted to boxes, rules, pages).

Every word prints in the language being spoken (`rotation.language`: the face runs the printer inside
``speaking(code)``); the bridge words, seat letters and numbers come from `cards_words`. A text too long
for its box shrinks (and a column widens where a language needs it); the canvas notes anything it still
had to cut short or put off the page, which the pseudo-language test reads.

Everything prints in black and greys, so a black-and-white printer loses nothing: the first dealer is bold
with a star, sit-outs are shaded, the line on a score pad is heavy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import ExitStack
from datetime import datetime
from importlib.resources import as_file, files
from typing import Any, Final

from rotation.language import N_, _, written_for
from rotation.render.cards import PARTY_TITLE, Cards
from rotation.render.options import Document, Paper
from rotation.render.pdf_canvas import CELL_PAD, FONT, MARGIN, Canvas, visual_order
from rotation.render.pdf_fonts import FontPlan, plan_fonts, printable, texts
from rotation.render.pdf_pads import print_pads
from rotation.render.pdf_players import print_players
from rotation.render.pdf_tables import print_tables
from rotation.render.pdf_tally import print_tally

__all__ = ["PAPER_SIZES", "print_document", "render_pdf", "visual_order"]

FONT_FILES: Final = {"": "DejaVuSansCondensed.ttf", "B": "DejaVuSansCondensed-Bold.ttf"}
PAPER_SIZES: Final = {Paper.A4: (210.0, 297.0), Paper.LETTER: (215.9, 279.4)}
"""Width and height in millimetres, portrait."""

_PRINTERS: Final[dict[Document, Callable[[Canvas], None]]] = {
    Document.PLAYERS: print_players,
    Document.TABLES: print_tables,
    Document.PADS: print_pads,
    Document.TALLY: print_tally,
}
"""Each document's page flow: ``pdf_players``, ``pdf_tables``, ``pdf_pads``, ``pdf_tally``."""
TITLES: Final = {
    Document.PLAYERS: N_("Player cards"),
    Document.TABLES: N_("Table cards"),
    Document.PADS: N_("Score pads"),
    Document.TALLY: N_("Tally sheet"),
}
"""Each document's title on its pages and bookmark, in the language (`Document.label` in English)."""


@written_for("printed")
def render_pdf(
    cards: Cards,
    paper: Paper = Paper.A4,
    *,
    created: datetime | None = None,
    note: Callable[[str], None] | None = None,
) -> bytes:
    """The documents as PDF bytes, laid out for ``paper``; ``created`` goes into the PDF's metadata.
    Characters the shipped font lacks (CJK names) print from a font found on the machine
    (`pdf_fonts`); ``note`` is told, in one line, of any that no font here covers."""

    def draw(canvas: Canvas) -> None:
        for document in cards.documents:
            party = cards.party and document is Document.PLAYERS
            canvas.begin(_(PARTY_TITLE) if party else _(TITLES[document]))
            _PRINTERS[document](canvas)

    return print_document(cards, draw, paper, created=created, note=note)


def print_document(
    cards: Cards,
    draw: Callable[[Canvas], None],
    paper: Paper = Paper.A4,
    *,
    created: datetime | None = None,
    note: Callable[[str], None] | None = None,
    creator: str = "chicago cards",
    also: Iterable[str] = (),
) -> bytes:
    """A PDF drawn by ``draw`` on a canvas headed by ``cards``' heading, with the shipped fonts and the
    fallbacks for any character of ``cards`` or of the strings ``also`` that they lack."""
    import logging

    from fpdf import FPDF

    width, height = PAPER_SIZES[paper]
    pdf = FPDF(orientation="P", unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.c_margin = CELL_PAD
    pdf.set_title(cards.heading.title)
    pdf.set_creator(creator)
    if created is not None:
        pdf.set_creation_date(created)
    with ExitStack() as stack:
        for style, name in FONT_FILES.items():
            path = stack.enter_context(as_file(files("rotation.render") / "fonts" / name))
            pdf.add_font(FONT, style, path)
        canvas = Canvas(pdf, cards)
        plan = _fallbacks(pdf, canvas, also)
        message = plan.note()
        if message and note is not None:
            note(message)
        draw(canvas)
        # fpdf2 logs each glyph a font lacks, and fontTools what it skips in a big font: the one note
        # above says it for the host, so their loggers are quietened while the file is written.
        loggers = [logging.getLogger(name) for name in ("fpdf", "fontTools")]
        levels = [logger.level for logger in loggers]
        for logger in loggers:
            logger.setLevel(logging.ERROR)
        try:
            return bytes(pdf.output())
        finally:
            for logger, level in zip(loggers, levels, strict=True):
                logger.setLevel(level)


def _fallbacks(pdf: Any, canvas: Canvas, also: Iterable[str] = ()) -> FontPlan:
    """Add the fonts that print what DejaVu cannot and hand them to the canvas, which draws each run of
    text in the first font that has it (fpdf2's own fallback does not reach its ``text`` method). A
    fallback has only a regular style: there is seldom a bold CJK font, and a name printed regular beats
    a blank."""
    shipped = frozenset(pdf.fonts[FONT.lower()].cmap) & frozenset(pdf.fonts[FONT.lower() + "B"].cmap)
    strings = [*texts(canvas.cards), *also]
    missing = {char for char in printable(strings) if ord(char) not in shipped}
    if not missing:
        return FontPlan((), frozenset())
    plan = plan_fonts(missing)
    fallbacks = []
    for number, fallback in enumerate(plan.fallbacks):
        name = f"Fallback{number}"
        pdf.add_font(name, "", str(fallback.path), collection_font_number=fallback.number)
        fallbacks.append((name, frozenset(pdf.fonts[name.lower()].cmap)))
    canvas.shipped, canvas.fallbacks = shipped, tuple(fallbacks)
    return plan

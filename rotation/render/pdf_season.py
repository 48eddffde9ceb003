"""The season sheet in the PDF: `chicago rank --pdf` and the season page's sheet. The heading says the
period and the choices that made the standings; the table has every column `chicago rank` prints, each
cell printed the same way (`season_words`), its header again on every page; the notes follow it.

Drawn on the cards' canvas (`pdf_canvas`), with the same fonts: a name in any script prints (`pdf_fonts`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Final

from rotation.language import N_, _, day_text, written_for
from rotation.render.cards import Cards, Heading
from rotation.render.options import Paper
from rotation.render.pdf_canvas import CELL_PAD, SHADE, Canvas
from rotation.render.season_words import (
    options_words,
    season_words,
    standings_cells,
    standings_columns,
)

if TYPE_CHECKING:
    from rotation.results.season import Season
    from rotation.results.settle import Settlement

__all__ = ["SHEET_TITLE", "render_season_pdf"]

SHEET_TITLE: Final = N_("Season standings")
MONEY_TITLE: Final = N_("Settling up")
COLUMNS: Final = {
    "rank": N_("rank"),
    "player": N_("player"),
    "total": N_("total"),
    "played": N_("played"),
    "average": N_("average"),
    "sessions": N_("sessions"),
    "rating": N_("rating"),
    "points": N_("points"),
}
"""The standings' columns (`standings_columns`) as the sheet heads them, in the language."""
ROW: Final = 6.5
LINE: Final = 4.2
WIDTHS: Final = {"rank": 12.0, "total": 17.0, "played": 15.0, "average": 18.0, "sessions": 17.0}
"""Columns' widths in millimetres; the rating's is `RATING_W`, a best-N or points column `EXTRA_W`, and
the player's name takes what is left."""
RATING_W: Final = 28.0
EXTRA_W: Final = 17.0


@written_for("printed")
def render_season_pdf(
    result: Season,
    *,
    since: date | None = None,
    until: date | None = None,
    paper: Paper = Paper.A4,
    created: datetime | None = None,
    note: Callable[[str], None] | None = None,
    money: Settlement | None = None,
    money_note: str = "",
) -> bytes:
    """The season sheet of ``result`` (ranked from ``since`` to ``until``) as PDF bytes; under the
    standings the period's ``money`` when its evenings were played for money (as `chicago settle
    --season` settles it), or ``money_note`` saying why it is not settled."""
    from rotation.render.pdf import print_document

    words = season_words(result)
    paid = _money_lines(money, money_note)
    cards = Cards(Heading(_title(result), "", "", 4), ())
    texts = [line.name for line in (*result.lines, *result.left_out)]
    texts += [words.heading, words.empty, *words.notes, *result.not_played, *paid]

    def draw(canvas: Canvas) -> None:
        canvas.begin(_(SHEET_TITLE))
        canvas.new_page()
        y = _heading(canvas, [words.heading, options_words(result, since, until)], canvas.top)
        if result.lines:
            y = _table(canvas, result, y + 2)
        if words.empty:
            y = _heading(canvas, [words.empty], y + 2)
        y = _heading(canvas, list(words.notes), y + 3, size=8.5)
        if paid:
            _heading(canvas, paid[1:], _heading(canvas, paid[:1], y + 4, bold=True))

    return print_document(cards, draw, paper, created=created, note=note, creator="chicago rank", also=texts)


def _money_lines(money: Settlement | None, note: str) -> list[str]:
    """The settling up as lines of words: the terms, each player's amount over the period (and table
    money), who pays whom; or the sentence saying why the period is not settled; nothing when the
    period was not played for money."""
    from rotation.render.money import money_view

    if money is None:
        return [_(MONEY_TITLE), note] if note else []
    view = money_view(money)
    code = f" {money.currency.code}" if money.currency.code else ""
    lines = [_(MONEY_TITLE), view.terms]
    for name, tally, amount, fee in view.lines:
        if fee:
            text = _("{name}: {amount} (tally {tally}, table money {fee})")
        else:
            text = _("{name}: {amount} (tally {tally})")
        lines.append(text.format(name=name, amount=f"{amount}{code}", tally=tally, fee=f"{fee}{code}"))
    if view.transfers:
        lines += [_("Who pays whom:"), *view.transfers]
    else:
        lines.append(_("All square: nobody pays anybody."))
    if view.table_money:
        lines.append(_("Table money to the club: {amount} in all.").format(amount=view.table_money))
    return lines


def _title(result: Season) -> str:
    """The sheet's title in every page's corner and the PDF's metadata: the season's dates."""
    if not result.sessions:
        return _(SHEET_TITLE)
    first, last = result.sessions[0].played_on, result.sessions[-1].played_on
    return _("Season standings, {first} to {last}").format(first=day_text(first), last=day_text(last))


def _header(column: str) -> str:
    """A column's header in the language: ``best 3`` keeps its number."""
    if column.startswith("best "):
        return _("best {count}").format(count=column.removeprefix("best "))
    return _(COLUMNS[column]) if column in COLUMNS else column


def _heading(
    canvas: Canvas, texts: Sequence[str], y: float, size: float = 9.5, *, bold: bool = False
) -> float:
    """Lines of words, wrapped to the page, from ``y``; a page turned when they reach its foot. Returns
    where the next thing goes."""
    x, room = canvas.left, canvas.usable_width
    for text in texts:
        for line in canvas.wrap(text, room, size):
            if y + LINE > canvas.bottom:
                canvas.new_page()
                y = canvas.top
            canvas.text(x, y, room, LINE, line, size=size, bold=bold)
            y += LINE
    return y


def _widths(canvas: Canvas, columns: Sequence[str], room: float) -> list[float]:
    """Each column's width: as the English sheet has it, wider where the language's header needs it (at
    a smaller size, it may shrink to 7.5 points); the player's name takes what is left."""
    fixed = [
        max(
            WIDTHS.get(c, RATING_W if c == "rating" else EXTRA_W),
            canvas.measure(_header(c), 7.5, True) + 2 * CELL_PAD,
        )
        for c in columns
    ]
    name = room - sum(w for c, w in zip(columns, fixed, strict=True) if c != "player")
    return [name if c == "player" else w for c, w in zip(columns, fixed, strict=True)]


def _table(canvas: Canvas, result: Season, y: float) -> float:
    """The standings, one row a player, the header at the top of every page. Returns the table's foot."""
    columns = standings_columns(result.by, result.best)
    widths = _widths(canvas, columns, canvas.usable_width)
    x, total_w = canvas.left, canvas.usable_width

    def row(cells: Sequence[str], top: float, bold: bool = False) -> None:
        left = x
        for column, cell, width in zip(columns, cells, widths, strict=True):
            align = "L" if column == "player" else "R"
            canvas.text(left, top, width, ROW, cell, size=9.5, bold=bold, align=align)
            left += width
        canvas.rule(x, top + ROW, x + total_w, top + ROW, 0.2 if not bold else 0.4)

    def header(top: float) -> float:
        canvas.shade(x, top, total_w, ROW, SHADE)
        row([_header(column) for column in columns], top, bold=True)
        return top + ROW

    y = header(y)
    for line in result.lines:
        if y + ROW > canvas.bottom:
            canvas.new_page()
            y = header(canvas.top)
        row(standings_cells(line, result.by, result.best), y)
        y += ROW
    return y

"""The printed documents as plain text (for a terminal or a text file) and as Markdown.

Pure functions from `rotation.render.cards` values to strings: they arrange, they decide nothing. Column
widths count East Asian wide characters as two cells, so a table of names stays aligned in a terminal.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Final

from rotation.language import _
from rotation.render.bridge_words import seat_letter, seat_name, side_text
from rotation.render.cards import (
    PARTY_HEADERS,
    PARTY_TITLE,
    Cards,
    PlayerCard,
    PlayerRound,
    Presence,
    ScorePad,
    TableRound,
    TallyGrid,
    numbers,
    party_row,
    player_row,
)
from rotation.render.options import Document
from scoring.rubber import Line
from scoring.seat import Seat, Side
from scoring.tally import signed

Align = str
"""``<`` left or ``>`` right."""


def width(text: str) -> int:
    """Terminal cells taken by ``text``: wide (CJK) characters count two, combining marks none."""
    cells = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        cells += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return cells


def _pad(text: str, size: int, align: Align) -> str:
    space = " " * max(size - width(text), 0)
    return space + text if align == ">" else text + space


PAGE: Final = 80
"""The columns a text card may take: it prints on a laptop terminal, a pipe or an A4 page."""


def fold(text: str, size: int) -> list[str]:
    """``text`` in lines of at most ``size`` cells, broken after a space where it can be, after a hyphen
    when a word is longer than a line, and inside a word only when a part is still longer: every character
    is kept (a name is folded, never cut)."""
    size = max(size, 2)
    if width(text) <= size:
        return [text]
    lines: list[str] = []
    line = ""
    for word in _words(text, " "):
        if width((line + word).rstrip()) <= size:
            line += word
            continue
        if line.strip():
            lines.append(line.rstrip())
            line = ""
        if width(word.rstrip()) <= size:
            line = word
            continue
        for part in _words(word, "-"):
            if width((line + part).rstrip()) <= size:
                line += part
                continue
            if line.strip():
                lines.append(line.rstrip())
                line = ""
            while width(part.rstrip()) > size:
                head = ""
                for char in part:
                    if width(head + char) > size:
                        break
                    head += char
                lines.append(head)
                part = part[len(head) :]
            line = part
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def _words(text: str, after: str) -> list[str]:
    """``text`` split after each of the ``after`` characters, each kept at the end of its piece."""
    return [piece for piece in re.split(f"(?<=[{re.escape(after)}])", text) if piece]


def fold_lines(lines: Sequence[str], size: int = PAGE, indent: str = "") -> list[str]:
    """Each line folded to ``size`` cells, continuation lines indented by ``indent``."""
    out: list[str] = []
    for line in lines:
        first, *rest = fold(line, size)
        out.append(first)
        if rest:  # the rest folded afresh to the narrower width: no line of one word between
            remainder = line[len(first) :].lstrip(" ") if line.startswith(first) else " ".join(rest)
            out += [indent + part for part in fold(remainder, size - width(indent))]
    return out


def _longest_word(text: str, after: str) -> int:
    return max((width(word.rstrip()) for word in _words(text, after) if word.strip()), default=0)


def grid(
    headers: Sequence[str], rows: Sequence[Sequence[str]], aligns: str = "", limit: int | None = None
) -> list[str]:
    """Rows under headers in aligned columns, two spaces apart; trailing spaces trimmed. With ``limit``,
    the widest columns are narrowed until a line fits, their cells folded onto more lines under the row's
    first line."""
    aligns = aligns.ljust(len(headers), "<")
    sizes = [max([width(h), *(width(row[i]) for row in rows)]) for i, h in enumerate(headers)]
    if limit is not None:
        sizes = _narrowed(headers, rows, sizes, limit)
    table = [headers, *rows]
    folded = [[fold(cell, size) for cell, size in zip(row, sizes, strict=True)] for row in table]
    lines = []
    for cells in folded:
        height = max(len(cell) for cell in cells)
        for index in range(height):
            parts = [
                _pad(cell[index] if index < len(cell) else "", size, a)
                for cell, size, a in zip(cells, sizes, aligns, strict=True)
            ]
            lines.append("  ".join(parts).rstrip())
    return lines


def _narrowed(
    headers: Sequence[str], rows: Sequence[Sequence[str]], sizes: list[int], limit: int
) -> list[int]:
    """Column sizes narrowed, widest first, until the table fits ``limit``: first the headings folded,
    then down to each column's longest word, then to its longest part between hyphens, then (only if it
    must) inside words, never below four cells."""
    sizes = list(sizes)

    def longest(after: str) -> list[int]:
        return [
            max([_longest_word(h, after), *(_longest_word(row[i], after) for row in rows)])
            for i, h in enumerate(headers)
        ]

    def total() -> int:
        return sum(sizes) + 2 * (len(sizes) - 1)

    headed = [max([_longest_word(h, " "), *(width(row[i]) for row in rows)]) for i, h in enumerate(headers)]
    for floor in (headed, longest(" "), longest(" -"), [min(4, size) for size in sizes]):
        while total() > limit:
            slack = [size - max(low, 1) for size, low in zip(sizes, floor, strict=True)]
            widest = max(range(len(sizes)), key=lambda i: (slack[i] > 0, sizes[i]))
            if slack[widest] <= 0:
                break
            sizes[widest] -= 1
    return sizes


def column_blocks(
    headers: Sequence[str], rows: Sequence[Sequence[str]], aligns: str, keep: int, step: int, limit: int
) -> list[tuple[list[str], list[list[str]], str]]:
    """A table too wide for ``limit`` cut into blocks of columns, each repeating the first ``keep`` columns
    (the row's number and name) and taking the rest ``step`` columns at a time (a round's + and -), as many
    as fit; a table that fits is one block."""
    aligns = aligns.ljust(len(headers), "<")

    def size(i: int) -> int:
        return max([width(headers[i]), *(width(row[i]) for row in rows)]) + 2

    kept = list(range(keep))
    base = sum(size(i) for i in kept)
    blocks: list[list[int]] = []
    current: list[int] = []
    used = base
    rest = list(range(keep, len(headers)))
    for start in range(0, len(rest), step):
        group = rest[start : start + step]
        extra = sum(size(i) for i in group)
        if current and used + extra - 2 > limit:
            blocks.append(current)
            current, used = [], base
        current += group
        used += extra
    if current:
        blocks.append(current)
    return [
        (
            [headers[i] for i in kept + block],
            [[row[i] for i in kept + block] for row in rows],
            "".join(aligns[i] for i in kept + block),
        )
        for block in blocks
    ]


# ---- what each document says, shared by text and Markdown ----


def player_columns(cards: Cards, card: PlayerCard) -> tuple[list[str], list[list[str]], str]:
    """A player card as (headers, rows, alignments); a party tally card's with ``cards.party``."""
    if cards.party:
        rows = [list(party_row(line)) for line in card.rounds]
        for line, row in zip(card.rounds, rows, strict=True):
            if line.presence is not Presence.PLAYS:
                row[1] = line.presence.value
        return list(PARTY_HEADERS), rows, ">><<>>"
    with_running = any(line.running is not None for line in card.rounds)
    headers = [_("Round"), *([_("Table")] if cards.multi_table else []), _("Seat"), _("Partner")]
    headers += [_("Opponents (left, right)"), _("First dealer"), _("You deal"), _("You're vulnerable")]
    headers += [_("Tally")] if with_running else []
    aligns = ">" + (">" if cards.multi_table else "") + "<" * 4 + "<<" + (">" if with_running else "")
    rows = [player_cells(cards, line, with_running) for line in card.rounds]
    return headers, rows, aligns


def player_cells(cards: Cards, line: PlayerRound, with_running: bool) -> list[str]:
    """A card's row, "sits out" or "away" written in the first blank of a round not played."""
    cells = list(player_row(line, multi_table=cards.multi_table, running=with_running))
    if line.presence is not Presence.PLAYS:
        cells[1] = line.presence.value
    return cells


def deal_rows(seating: TableRound, *, entered: bool = False) -> tuple[list[str], list[list[str]]]:
    """A round's deals: number, dealer, vulnerability and the recorded result (``entered``: with the
    passed-out deals and honors, as the pad shows it)."""
    recorded = seating.recorded
    headers = [_("Deal"), _("Dealer"), _("Vulnerable"), *([_("Result")] if recorded else [])]
    return headers, [list(deal.cells(entered=entered)[: len(headers)]) for deal in seating.deals]


def compass(seating: TableRound) -> list[str]:
    """The bulletin's layout: North at the top, West left, East right, South below; * deals first."""

    def name(seat: Seat) -> str:
        return seating.at(seat) + (" *" if seat is seating.first_dealer else "")

    west, east = name(Seat.WEST), name(Seat.EAST)
    middle = max(width(west), 6) + 4
    centre = middle - 2

    def centred(text: str) -> str:
        return " " * max(centre - width(text) // 2, 0) + text

    lines = [centred(name(Seat.NORTH)), _pad(west, middle, "<") + east, centred(name(Seat.SOUTH))]
    if max(width(line) for line in lines) <= PAGE - 2:
        return lines
    # Too wide for the page: one seat a line, each name folded under its seat, the * kept beside it.
    return grid(["", ""], [[seat_name(seat), name(seat)] for seat in Seat], limit=PAGE - 2)[1:]


def pad_lines(pad: ScorePad) -> list[str]:
    """The score pad: who is vulnerable on each deal, then WE (N-S) and THEY (E-W) above and below the
    line, then the totals; empty spaces to write in when nothing is recorded yet."""
    seating = pad.seating
    headers, rows = deal_rows(seating, entered=True)
    box = pad.dealer_box()
    lines = [
        _("X dealer box: {boxes}").format(
            boxes=", ".join(f"{seat_letter(seat)} {numbers(box[seat])}" for seat in Seat)
        ),
        *grid(headers, rows, ">", limit=PAGE),
        "",
    ]
    score = pad.score
    we, they = _("WE"), _("THEY")
    ns = f"{we}  {side_text(Side.NS)} {seating.pair(Side.NS)}"
    ew = f"{they}  {side_text(Side.EW)} {seating.pair(Side.EW)}"
    col = max(width(ns), width(ew), 16)
    if 2 * col + 3 > PAGE:
        # The pairs' names on lines of their own, the columns under WE and THEY as wide as the page allows.
        lines += fold_lines([ns, ew], PAGE, "      ")
        col = (PAGE - 3) // 2
        ns, ew = we, they
    rule = "-" * col + "-+-" + "-" * col
    lines.append(_pad(ns, col, "<") + " | " + ew)
    lines.append(rule)
    if score is None:
        lines += [" " * col + " |"] * 4 + ["=" * col + "=+=" + "=" * col] + [" " * col + " |"] * 3
        lines += [rule, _pad(_("total"), col, "<") + " |"]
        return lines
    above = [score.column(side, Line.ABOVE) for side in (Side.NS, Side.EW)]
    height = max(len(above[0]), len(above[1]), 1)
    for row in reversed(range(height)):
        cells = [str(column[row]) if row < len(column) else "" for column in above]
        lines.append(_pad(cells[0], col, ">") + " | " + _pad(cells[1], col, ">"))
    lines.append("=" * col + "=+=" + "=" * col)
    for number, group in enumerate(score.below):
        if number:
            lines.append("-" * col + "-+-" + "-" * col + "  (" + _("game") + ")")
        columns = [[str(e) for e in group if e.side is side] for side in (Side.NS, Side.EW)]
        for row in range(max(len(columns[0]), len(columns[1]))):
            cells = [column[row] if row < len(column) else "" for column in columns]
            lines.append(_pad(cells[0], col, ">") + " | " + _pad(cells[1], col, ">"))
    lines.append(rule)
    if score.points is not None:
        ns_points, ew_points = score.points
        lines.append(_pad(str(ns_points), col, ">") + " | " + _pad(str(ew_points), col, ">"))
        low, high = sorted((ns_points, ew_points))
        cells = ["", ""]
        for value in (-low, high - low) if score.by_difference else ():
            cells[0 if ns_points > ew_points else 1] = str(value)
            lines.append(_pad(cells[0], col, ">") + " | " + _pad(cells[1], col, ">"))
    recorded = " " + _("(recorded as {net})").format(net=score.net) if score.net else ""
    rubber = _("Rubber: {result} in {unit}{recorded}").format(
        result=score.result, unit=score.unit, recorded=recorded
    )
    lines += fold_lines([rubber], PAGE, "  ")
    return [line.rstrip() for line in lines]


def tally_columns(grid_: TallyGrid) -> tuple[list[str], list[list[str]], str]:
    """The tally sheet with + and - columns per rubber: (headers, rows, alignments)."""
    headers = ["#", _("Player")]
    for number in range(1, grid_.rounds + 1):
        headers += [f"{number}+", f"{number}-"]
    headers += [_("Total"), _("Rank")]
    rows = []
    for row in grid_.rows:
        cells = [str(row.number), row.name]
        for index in range(grid_.rounds):
            plus, minus = row.cell(index)
            if row.out[index] and row.running[index] is None:
                plus = _("out")
            cells += [plus, minus]
        cells += ["" if row.total is None else signed(row.total), row.rank]
        rows.append(cells)
    return headers, rows, ">" + "<" + ">" * (2 * grid_.rounds + 2)


def _number_on_sheet(name: str, number: int) -> str:
    """``Ann (no. 1 on the score sheet)``."""
    return _("{name} (no. {number} on the score sheet)").format(name=name, number=number)


def _running_totals(grid_: TallyGrid) -> str:
    """``Rubber 1 to 5: running totals in hundreds``: the tally sheet's heading."""
    return _("{label} 1 to {rounds}: running totals in {unit}").format(
        label=grid_.column_label, rounds=grid_.rounds, unit=grid_.unit
    )


def result_lines(grid_: TallyGrid) -> list[str]:
    return [line.describe() for line in grid_.results]


# ---- text ----


def render_text(cards: Cards) -> str:
    """All the documents asked for, as plain text."""
    heading = cards.heading
    scoring = _("Scoring: {rules}.").format(rules=heading.scoring)
    out = fold_lines([heading.title, scoring, heading.vulnerability + "."], PAGE, "  ")
    sections: dict[Document, Callable[[Cards], list[str]]] = {
        Document.PLAYERS: _text_players,
        Document.TABLES: _text_tables,
        Document.PADS: _text_pads,
        Document.TALLY: _text_tally,
    }
    for document in cards.documents:
        title = (PARTY_TITLE if cards.party and document is Document.PLAYERS else document.label).upper()
        out += ["", "=" * width(title), title, "=" * width(title)]
        out += sections[document](cards)
    return "\n".join(out) + "\n"


def _text_players(cards: Cards) -> list[str]:
    out: list[str] = []
    for card in cards.players:
        headers, rows, aligns = player_columns(cards, card)
        out += ["", *fold_lines([_number_on_sheet(card.name, card.number)])]
        out += grid(headers, rows, aligns, limit=PAGE)
    return out


def _text_tables(cards: Cards) -> list[str]:
    out: list[str] = []
    for card in cards.tables:
        out += ["", _("Table {table}  (* deals first)").format(table=card.table)]
        out += [_("Live page: {link}").format(link=card.link)] if card.link else []
        for seating in card.rounds:
            out += [
                "",
                *fold_lines([_("Round {round}").format(round=seating.round) + _absent(seating)], PAGE, "  "),
            ]
            out += ["  " + line for line in compass(seating)]
            headers, rows = deal_rows(seating)
            out += [("  " + line).rstrip() for line in grid(headers, rows, ">", limit=PAGE - 2)]
            out += [f"  {net_line(seating)}"] if seating.net else []
    return out


def net_line(seating: TableRound) -> str:
    """What a table card says of a rubber recorded as its net, without the deals."""
    return _("Recorded as {net} (the net only, no deals entered)").format(net=seating.net)


def _absent(seating: TableRound) -> str:
    absent = seating.absent()
    return f"  ({absent})" if absent else ""


def _text_pads(cards: Cards) -> list[str]:
    out: list[str] = []
    for pad in cards.pads:
        out += [
            "",
            _("Round {round}, table {table}").format(round=pad.round, table=pad.table),
            *pad_lines(pad),
        ]
    return out


def _text_tally(cards: Cards) -> list[str]:
    grid_ = cards.tally
    assert grid_ is not None
    headers, rows, aligns = tally_columns(grid_)
    out = ["", *fold_lines([_running_totals(grid_)])]
    blocks = column_blocks(headers, rows, aligns, keep=2, step=2, limit=PAGE)
    for number, block in enumerate(blocks):
        out += [""] if number else []
        out += grid(*block, limit=PAGE)
    results = result_lines(grid_)
    if grid_.pending:
        out += ["", *fold_lines([grid_.pending_note()], PAGE, "  ")]
    if results:
        out += ["", *fold_lines(results, PAGE, "  ")]
    return out


# ---- Markdown ----


def _md_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|") or " "


def md_table(headers: Sequence[str], rows: Sequence[Sequence[str]], aligns: str = "") -> list[str]:
    aligns = aligns.ljust(len(headers), "<")
    rule = ["---:" if a == ">" else "---" for a in aligns]
    return [
        "| " + " | ".join(_md_cell(h) for h in headers) + " |",
        "| " + " | ".join(rule) + " |",
        *("| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows),
    ]


def md_text(text: str) -> str:
    """Escape the characters Markdown would read as formatting in a name."""
    return "".join("\\" + c if c in "\\`*_[]<>#|" else c for c in text)


def render_markdown(cards: Cards) -> str:
    """All the documents asked for, as Markdown: headings, tables, and the table layouts as text blocks."""
    heading = cards.heading
    scoring = _("Scoring: {rules}.").format(rules=heading.scoring)
    out = [f"# {md_text(heading.title)}", "", scoring, "", heading.vulnerability + "."]
    for document in cards.documents:
        out += ["", f"## {document.label}"]
        if document is Document.PLAYERS:
            for card in cards.players:
                headers, rows, aligns = player_columns(cards, card)
                out += ["", "### " + _number_on_sheet(md_text(card.name), card.number), ""]
                out += md_table(headers, rows, aligns)
        elif document is Document.TABLES:
            for table in cards.tables:
                out += ["", "### " + _("Table {table}").format(table=table.table), ""]
                out += [_("Live page: {link}").format(link=f"<{table.link}>"), ""] if table.link else []
                out += [_("{mark} deals first.").format(mark="`*`")]
                for seating in table.rounds:
                    round_words = _("Round {round}").format(round=seating.round)
                    out += ["", f"{round_words}{md_text(_absent(seating))}", "", "```text"]
                    out += compass(seating)
                    out += ["```", ""]
                    out += md_table(*deal_rows(seating), ">")
                    out += ["", md_text(net_line(seating))] if seating.net else []
        elif document is Document.PADS:
            for pad in cards.pads:
                out += [
                    "",
                    "### " + _("Round {round}, table {table}").format(round=pad.round, table=pad.table),
                    "",
                    "```text",
                    *pad_lines(pad),
                    "```",
                ]
        else:
            grid_ = cards.tally
            assert grid_ is not None
            out += ["", _running_totals(grid_) + ".", ""]
            out += md_table(*tally_columns(grid_))
            out += ["", md_text(grid_.pending_note())] if grid_.pending else []
            results = result_lines(grid_)
            if results:
                out += [""] + [f"- {md_text(line)}" for line in results]
    return "\n".join(out) + "\n"

"""The printed documents as plain text (for a terminal or a text file) and as Markdown.

Pure functions from `rotation.render.cards` values to strings: they arrange, they decide nothing. Column
widths count East Asian wide characters as two cells, so a table of names stays aligned in a terminal.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

from rotation.render.cards import (
    Cards,
    PlayerCard,
    PlayerRound,
    Presence,
    ScorePad,
    TableRound,
    TallyGrid,
    numbers,
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


def grid(headers: Sequence[str], rows: Sequence[Sequence[str]], aligns: str = "") -> list[str]:
    """Rows under headers in aligned columns, two spaces apart; trailing spaces trimmed."""
    aligns = aligns.ljust(len(headers), "<")
    sizes = [max([width(h), *(width(row[i]) for row in rows)]) for i, h in enumerate(headers)]
    lines = []
    for row in (headers, *rows):
        cells = [_pad(cell, size, a) for cell, size, a in zip(row, sizes, aligns, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


# ---- what each document says, shared by text and Markdown ----


def player_columns(cards: Cards, card: PlayerCard) -> tuple[list[str], list[list[str]], str]:
    """A player card as (headers, rows, alignments)."""
    with_running = any(line.running is not None for line in card.rounds)
    headers = ["Round", *(["Table"] if cards.multi_table else []), "Seat", "Partner"]
    headers += ["Opponents (left, right)", "First dealer", "You deal", "You're vulnerable"]
    headers += ["Tally"] if with_running else []
    aligns = ">" + (">" if cards.multi_table else "") + "<" * 4 + "<<" + (">" if with_running else "")
    rows = [player_cells(cards, line, with_running) for line in card.rounds]
    return headers, rows, aligns


def player_cells(cards: Cards, line: PlayerRound, with_running: bool) -> list[str]:
    """A card's row, "sits out" or "away" written in the first blank of a round not played."""
    cells = list(player_row(line, multi_table=cards.multi_table, running=with_running))
    if line.presence is not Presence.PLAYS:
        cells[1] = line.presence.value
    return cells


def deal_rows(seating: TableRound) -> tuple[list[str], list[list[str]]]:
    """A round's deals: number, dealer, vulnerability and the recorded result."""
    recorded = seating.recorded
    headers = ["Deal", "Dealer", "Vulnerable", *(["Result"] if recorded else [])]
    return headers, [list(deal.cells()[: len(headers)]) for deal in seating.deals]


def compass(seating: TableRound) -> list[str]:
    """The bulletin's layout: North at the top, West left, East right, South below; * deals first."""

    def name(seat: Seat) -> str:
        return seating.at(seat) + (" *" if seat is seating.first_dealer else "")

    west, east = name(Seat.WEST), name(Seat.EAST)
    middle = max(width(west), 6) + 4
    centre = middle - 2

    def centred(text: str) -> str:
        return " " * max(centre - width(text) // 2, 0) + text

    return [centred(name(Seat.NORTH)), _pad(west, middle, "<") + east, centred(name(Seat.SOUTH))]


def pad_lines(pad: ScorePad) -> list[str]:
    """The score pad: who is vulnerable on each deal, then WE (N-S) and THEY (E-W) above and below the
    line, then the totals; empty spaces to write in when nothing is recorded yet."""
    seating = pad.seating
    headers, rows = deal_rows(seating)
    box = pad.dealer_box()
    lines = [
        "X dealer box: " + ", ".join(f"{seat.value} {numbers(box[seat])}" for seat in Seat),
        *grid(headers, rows, ">"),
        "",
    ]
    score = pad.score
    ns, ew = f"WE  N-S {seating.pair(Side.NS)}", f"THEY  E-W {seating.pair(Side.EW)}"
    col = max(width(ns), width(ew), 16)
    rule = "-" * col + "-+-" + "-" * col
    lines.append(_pad(ns, col, "<") + " | " + ew)
    lines.append(rule)
    if score is None:
        lines += [" " * col + " |"] * 4 + ["=" * col + "=+=" + "=" * col] + [" " * col + " |"] * 3
        lines += [rule, _pad("total", col, "<") + " |"]
        return lines
    above = [score.column(side, Line.ABOVE) for side in (Side.NS, Side.EW)]
    height = max(len(above[0]), len(above[1]), 1)
    for row in reversed(range(height)):
        cells = [str(column[row]) if row < len(column) else "" for column in above]
        lines.append(_pad(cells[0], col, ">") + " | " + _pad(cells[1], col, ">"))
    lines.append("=" * col + "=+=" + "=" * col)
    for number, group in enumerate(score.below):
        if number:
            lines.append("-" * col + "-+-" + "-" * col + "  (game)")
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
    recorded = f" (recorded as {score.net})" if score.net else ""
    lines.append(f"Rubber: {score.result} in {score.unit}{recorded}")
    return [line.rstrip() for line in lines]


def tally_columns(grid_: TallyGrid) -> tuple[list[str], list[list[str]], str]:
    """The tally sheet with + and - columns per rubber: (headers, rows, alignments)."""
    headers = ["#", "Player"]
    for number in range(1, grid_.rounds + 1):
        headers += [f"{number}+", f"{number}-"]
    headers += ["Total", "Rank"]
    rows = []
    for row in grid_.rows:
        cells = [str(row.number), row.name]
        for index in range(grid_.rounds):
            plus, minus = row.cell(index)
            if row.out[index] and row.running[index] is None:
                plus = "out"
            cells += [plus, minus]
        cells += ["" if row.total is None else signed(row.total), row.rank]
        rows.append(cells)
    return headers, rows, ">" + "<" + ">" * (2 * grid_.rounds + 2)


def result_lines(grid_: TallyGrid) -> list[str]:
    return [line.describe() for line in grid_.results]


# ---- text ----


def render_text(cards: Cards) -> str:
    """All the documents asked for, as plain text."""
    heading = cards.heading
    out = [heading.title, f"Scoring: {heading.scoring}.", heading.vulnerability + "."]
    sections: dict[Document, Callable[[Cards], list[str]]] = {
        Document.PLAYERS: _text_players,
        Document.TABLES: _text_tables,
        Document.PADS: _text_pads,
        Document.TALLY: _text_tally,
    }
    for document in cards.documents:
        title = document.label.upper()
        out += ["", "=" * width(title), title, "=" * width(title)]
        out += sections[document](cards)
    return "\n".join(out) + "\n"


def _text_players(cards: Cards) -> list[str]:
    out: list[str] = []
    for card in cards.players:
        headers, rows, aligns = player_columns(cards, card)
        out += ["", f"{card.name} (no. {card.number} on the score sheet)", *grid(headers, rows, aligns)]
    return out


def _text_tables(cards: Cards) -> list[str]:
    out: list[str] = []
    for card in cards.tables:
        out += ["", f"Table {card.table}  (* deals first)"]
        for seating in card.rounds:
            out += ["", f"Round {seating.round}" + _absent(seating)]
            out += ["  " + line for line in compass(seating)]
            headers, rows = deal_rows(seating)
            out += ["  " + line for line in grid(headers, rows, ">")]
    return out


def _absent(seating: TableRound) -> str:
    absent = seating.absent()
    return f"  ({absent})" if absent else ""


def _text_pads(cards: Cards) -> list[str]:
    out: list[str] = []
    for pad in cards.pads:
        out += ["", f"Round {pad.round}, table {pad.table}", *pad_lines(pad)]
    return out


def _text_tally(cards: Cards) -> list[str]:
    grid_ = cards.tally
    assert grid_ is not None
    headers, rows, aligns = tally_columns(grid_)
    out = ["", f"{grid_.column_label} 1 to {grid_.rounds}: running totals in {grid_.unit}"]
    out += grid(headers, rows, aligns)
    results = result_lines(grid_)
    if results:
        out += ["", *results]
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
    out = [f"# {md_text(heading.title)}", "", f"Scoring: {heading.scoring}.", "", heading.vulnerability + "."]
    for document in cards.documents:
        out += ["", f"## {document.label}"]
        if document is Document.PLAYERS:
            for card in cards.players:
                headers, rows, aligns = player_columns(cards, card)
                out += ["", f"### {md_text(card.name)} (no. {card.number} on the score sheet)", ""]
                out += md_table(headers, rows, aligns)
        elif document is Document.TABLES:
            for table in cards.tables:
                out += ["", f"### Table {table.table}", "", "`*` deals first."]
                for seating in table.rounds:
                    out += ["", f"Round {seating.round}{md_text(_absent(seating))}", "", "```text"]
                    out += compass(seating)
                    out += ["```", ""]
                    out += md_table(*deal_rows(seating), ">")
        elif document is Document.PADS:
            for pad in cards.pads:
                out += [
                    "",
                    f"### Round {pad.round}, table {pad.table}",
                    "",
                    "```text",
                    *pad_lines(pad),
                    "```",
                ]
        else:
            grid_ = cards.tally
            assert grid_ is not None
            out += ["", f"{grid_.column_label} 1 to {grid_.rounds}: running totals in {grid_.unit}.", ""]
            out += md_table(*tally_columns(grid_))
            results = result_lines(grid_)
            if results:
                out += [""] + [f"- {md_text(line)}" for line in results]
    return "\n".join(out) + "\n"

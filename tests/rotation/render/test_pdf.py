"""The printed PDF: page counts, and the text a player reads on it, extracted with pypdf."""

from __future__ import annotations

import io
import itertools
import math
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pypdf
import pytest

from rotation.io.formats import schedule_to_data, session_from_data
from rotation.render.cards import Cards, Presence, build_cards
from rotation.render.options import Document, Paper
from rotation.render.pdf import render_pdf, visual_order
from rotation.results.session import RubberRecord, Session
from scoring.seat import Side
from scoring.tally import RecordedNet, signed
from tests.rotation.render.test_cards import (
    SESSIONS,
    bulletin_session,
    five_player_data,
    regular_example_data,
)

MM: float = 72 / 25.4
"""PDF points per millimetre."""

CREATED = datetime(2024, 5, 7, 19, 30, tzinfo=UTC)


@dataclass(frozen=True)
class Word:
    """One piece of text as drawn: its left edge and baseline in points from the page's bottom left."""

    x: float
    y: float
    text: str


def words(page: pypdf.PageObject) -> list[Word]:
    found: list[Word] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: object) -> None:
        if text.strip():
            found.append(Word(tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], " ".join(text.split())))

    page.extract_text(visitor_text=visit)
    return found


def placed_lines(found: list[Word]) -> list[list[Word]]:
    """Words grouped into lines (top to bottom), each line read left to right."""
    result: list[tuple[float, list[Word]]] = []
    for word in sorted(found, key=lambda w: (-w.y, w.x)):
        if result and abs(result[-1][0] - word.y) < 2.5:
            result[-1][1].append(word)
        else:
            result.append((word.y, [word]))
    return [sorted(group, key=lambda w: w.x) for _, group in result]


def lines(found: list[Word]) -> list[list[str]]:
    return [[w.text for w in line] for line in placed_lines(found)]


@dataclass(frozen=True)
class Rendered:
    cards: Cards
    reader: pypdf.PdfReader
    extracted: dict[int, list[Word]] = field(default_factory=dict)

    def words(self, page: pypdf.PageObject) -> list[Word]:
        """The page's words, extracted once."""
        number = page.page_number
        assert number is not None
        if number not in self.extracted:
            self.extracted[number] = words(page)
        return self.extracted[number]

    def text(self, document: Document) -> str:
        """A document's text, one piece a line as drawn."""
        return "\n" + "\n".join(w.text for page in self.pages(document) for w in self.words(page)) + "\n"

    def pages(self, document: Document) -> list[pypdf.PageObject]:
        """The pages of one document, found from the PDF's bookmarks."""
        starts = {item.title: self.reader.get_destination_page_number(item) for item in self.reader.outline}
        order = [*sorted(starts.values()), len(self.reader.pages)]
        first = starts[document.label]
        return list(self.reader.pages[first : order[order.index(first) + 1]])


def render(
    session: Session, paper: Paper = Paper.A4, documents: tuple[Document, ...] = tuple(Document)
) -> Rendered:
    cards = build_cards(session, documents=documents)
    data = render_pdf(cards, paper, created=CREATED)
    return Rendered(cards, pypdf.PdfReader(io.BytesIO(data)))


_CACHE: dict[tuple[int, Paper], Rendered] = {}


def regular_example() -> Rendered:
    """The bulletin's "Example: Regular Scoring", rendered once."""
    if (0, Paper.A4) not in _CACHE:
        _CACHE[(0, Paper.A4)] = render(session_from_data(regular_example_data()))
    return _CACHE[(0, Paper.A4)]


def letter_thirteen() -> Rendered:
    """Thirteen players' table cards and tally sheet on Letter paper, rendered once."""
    if (13, Paper.LETTER) not in _CACHE:
        _CACHE[(13, Paper.LETTER)] = render(SESSIONS[13](), Paper.LETTER, (Document.TABLES, Document.TALLY))
    return _CACHE[(13, Paper.LETTER)]


def rendered(players: int, paper: Paper = Paper.A4) -> Rendered:
    """Each evening rendered once for the whole module."""
    if (players, paper) not in _CACHE:
        # Five players: the bulletin's evening with its results, so the cards carry the running tally.
        session = session_from_data(five_player_data()) if players == 5 else SESSIONS[players]()
        _CACHE[(players, paper)] = render(session, paper)
    return _CACHE[(players, paper)]


PAGES = {
    # players: (player cards, table cards, score pads, tally sheet) pages on A4.
    # Player cards go two across; up to 8 rounds a card is short enough for three rows (6 a page), 13
    # rounds for two (4 a page). One table card a page. Score pads go four a page, one per rubber. One
    # tally sheet (13 rounds turn it to landscape).
    4: (1, 1, 1, 1),
    5: (1, 1, 2, 1),
    6: (1, 1, 2, 1),
    13: (4, 3, 10, 1),
}


@pytest.mark.parametrize("players", sorted(PAGES))
def test_page_counts(players: int) -> None:
    """Several cards to a page: the page count of each document is what its layout promises."""
    result = rendered(players)
    counts = tuple(len(result.pages(document)) for document in Document)
    assert counts == PAGES[players]
    assert counts[2] == math.ceil(len(result.cards.pads) / 4)
    assert len(result.reader.pages) == sum(counts)


def _player_rows(result: Rendered) -> dict[int, dict[int, list[str]]]:
    """Each player card's rows as printed: {score-sheet number: {round: cells}}. A page holds one or two
    columns of cards; a card starts at its "no. N on the score sheet" line."""
    cards: dict[int, dict[int, list[str]]] = {}
    for page in result.pages(Document.PLAYERS):
        found = result.words(page)
        middle = float(page.mediabox.width) / 2
        two_columns = any(w.x > middle and "on the score sheet" in w.text for w in found)
        columns = [[w for w in found if (w.x > middle) == right] for right in (False, True)]
        for column in columns if two_columns else [found]:
            current: dict[int, list[str]] | None = None
            for line in lines(column):
                label = next((text for text in line if "on the score sheet" in text), None)
                if label is not None:
                    current = cards.setdefault(int(label.split()[1]), {})
                elif current is not None and line[0].isdigit():
                    current[int(line[0])] = line
    return cards


@pytest.mark.parametrize("players", sorted(PAGES))
def test_player_cards_hold_every_round(players: int) -> None:
    """Every player's card prints, for every round, the table, seat, partner, opponents and first dealer,
    or "sits out"; the card is headed by the player's name."""
    result = rendered(players)
    printed = _player_rows(result)
    text = result.text(Document.PLAYERS)
    multi = result.cards.multi_table
    assert sorted(printed) == list(range(1, players + 1))
    for card in result.cards.players:
        assert f"\n{card.name}\n" in text
        rows = printed[card.number]
        assert sorted(rows) == [line.round for line in card.rounds]
        for line in card.rounds:
            row = rows[line.round]
            if line.presence is not Presence.PLAYS:
                tally = [] if line.running is None else [signed(line.running)]
                assert row == [str(line.round), line.presence.value, *tally]
                continue
            assert line.seat is not None
            first = "you *" if line.deals_first else line.first_dealer
            expected = [line.seat.name.title(), line.partner, f"{line.left}, {line.right}", first]
            assert row[: 6 if multi else 5] == [
                str(line.round),
                *([str(line.table)] if multi else []),
                *expected,
            ]


@pytest.mark.parametrize("players", sorted(PAGES))
def test_table_cards_name_every_seat(players: int) -> None:
    """Every table card names the four players of each of its rounds, the first dealer starred, and
    every deal's dealer."""
    result = rendered(players)
    text = result.text(Document.TABLES)
    for card in result.cards.tables:
        assert f"Table {card.table}" in text
    for seating in (s for card in result.cards.tables for s in card.rounds):
        assert f"{seating.at(seating.first_dealer)} *" in text
        for deal in seating.deals:
            assert f"{deal.dealer.value} {deal.dealer_name}" in text


@pytest.mark.parametrize("players", sorted(PAGES))
def test_every_page_stays_inside_its_margins(players: int) -> None:
    """Nothing is drawn off the paper: every piece of text starts inside the page's margins (on Letter,
    the shorter paper, too, for the tallest documents: thirteen rounds of table cards, the tally sheet)."""
    for result in [rendered(players), *([letter_thirteen()] if players == 13 else [])]:
        for page in result.reader.pages:
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            for word in result.words(page):
                assert 9 * MM <= word.x <= width - 10 * MM, word
                assert 9 * MM <= word.y <= height - 9 * MM, word


@pytest.mark.parametrize("players", sorted(PAGES))
def test_score_pads_and_tally_sheet_name_everyone(players: int) -> None:
    """Every score pad is headed by its round and table and names both partnerships (N-S under WE, E-W
    under THEY) and each deal's dealer; the tally sheet lists every player by score-sheet number."""
    result = rendered(players)
    pads = result.text(Document.PADS)
    for pad in result.cards.pads:
        seating = pad.seating
        assert f"\nRound {pad.round} \u00b7 Table {pad.table}\n" in pads
        assert f"\nN-S {seating.pair(Side.NS)}\n" in pads and f"\nE-W {seating.pair(Side.EW)}\n" in pads
        for deal in seating.deals:
            assert f"\n{deal.dealer.value} {deal.dealer_name}\n" in pads
    assert pads.count("\nWE\n") == pads.count("\nTHEY\n") == len(result.cards.pads)
    tally = result.text(Document.TALLY)
    assert result.cards.tally is not None
    for row in result.cards.tally.rows:
        assert f"\n{row.number} {row.name}\n" in tally


def test_many_results_go_side_by_side_under_the_tally() -> None:
    """Thirteen players with all 39 rubbers recorded: the results under the tally sheet's grid go side by
    side in columns, read down each column, so the sheet stays one page (one column of 39 lines would
    run onto a second)."""
    session = SESSIONS[13]()
    records = tuple(
        RubberRecord(r, t, net=RecordedNet.parse(f"N-S +{r + t}")) for r in range(1, 14) for t in range(1, 4)
    )
    result = render(Session(session.schedule, session.rules, records), documents=(Document.TALLY,))
    (page,) = result.reader.pages
    listed = [w for w in result.words(page) if w.text.startswith("Round ") and ", table " in w.text]
    expected = [f"Round {r}, table {t}" for r in range(1, 14) for t in (1, 2, 3)]
    assert [w.text.split(":")[0] for w in listed] == expected
    assert len({round(w.x) for w in listed}) >= 3
    assert all(a.y > b.y or a.x < b.x for a, b in itertools.pairwise(listed))  # down, then across


LONG_NAMES = (
    "Mary-Kate Worthington",
    "Bartholomew Fitzgerald",
    "Zoë",
    "Łukasz Wiśniewski",
    "Ann",
    "Jean-Baptiste Delacroix",
)


@pytest.mark.parametrize("paper", list(Paper))
def test_long_names_are_never_cut_short(paper: Paper) -> None:
    """Six players with long names and a rubber recorded: every table card and score pad prints each
    dealer's whole name beside the seat (the deal columns are as wide as they need, the vulnerability
    column narrow) and the two players sitting out, on two lines if need be; nothing ends in an ellipsis."""
    session = session_from_data(
        {
            **schedule_to_data(bulletin_session(LONG_NAMES).schedule),
            "results": [{"round": 1, "table": 1, "deals": ["4H S =", "3NTX W -2", "1C N +2", "5DX E -1"]}],
        }
    )
    result = render(session, paper, (Document.TABLES, Document.PADS))
    for document in (Document.TABLES, Document.PADS):
        text = result.text(document)
        assert "\u2026" not in text
        for seating in (pad.seating for pad in result.cards.pads):
            for deal in seating.deals:
                assert f"\n{deal.dealer.value} {deal.dealer_name}\n" in text


def test_letter_paper() -> None:
    """--paper letter: pages are 8.5 by 11 inches; a table card of thirteen rounds still fits one page,
    and thirteen rounds of the tally sheet turn the page to landscape."""
    reader = letter_thirteen().reader
    sizes = [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages]
    assert sizes == [(612, 792)] * 3 + [(792, 612)]


def test_names_in_any_script_and_suits_render() -> None:
    """The embedded DejaVu font prints Zoë, Łukasz, Søren and the suit symbols, extractable as text."""
    result = rendered(13)
    text = result.text(Document.PLAYERS)
    for name in ("Zoë", "Björn", "Łukasz", "Søren", "Mikołaj", "Renée", "Pál"):
        assert name in text
    fonts = {
        str(font.get_object()["/BaseFont"]) for font in result.reader.pages[0]["/Resources"]["/Font"].values()
    }
    assert all("DejaVuSansCondensed" in font for font in fonts) and len(fonts) == 2
    pads = regular_example().text(Document.PADS)
    assert "\n2\u2660 E +1\n" in pads and "\n2\u2666 N =\n" in pads


def test_tally_sheet_from_recorded_results() -> None:
    """The bulletin's five-player evening: the tally sheet prints each player's running totals (signs
    by column) and the total: Ann 3 8 1 5 5 and -5 ... Jean 3 3 12 18 22 and +22."""
    result = rendered(5)
    (page,) = result.pages(Document.TALLY)
    printed = {line[0]: line[1:] for line in lines(result.words(page))}
    assert printed["1 Ann"] == ["3", "8", "1", "5", "5", "-5", "4"]
    assert printed["2 Helen"] == ["3", "2", "7", "7", "3", "-3", "3"]
    assert printed["3 Doris"] == ["3", "8", "8", "2", "2", "-2", "2"]
    assert printed["4 Jean"] == ["3", "3", "12", "18", "22", "+22", "1"]
    assert printed["5 Shirley"] == ["5", "14", "8", "12", "-12", "5"]
    rows = {line[0].text: line[1:] for line in placed_lines(result.words(page))}
    ann, helen, doris = rows["1 Ann"], rows["2 Helen"], rows["3 Doris"]
    assert (ann[2].text, helen[2].text, doris[2].text) == ("1", "7", "8")  # round 3: +1, -7, +8
    assert abs(ann[2].x - doris[2].x) < 1 and helen[2].x - ann[2].x > 5 * MM


def test_regular_example_pad_layout() -> None:
    """Bulletin, "Example: Regular Scoring": N-S's column left of E-W's, above-the-line entries stacked up
    from the line, trick points below it, and the totals 140, 1170, -140, 1030, +10."""
    result = regular_example()
    (page,) = result.pages(Document.PADS)
    at = {w.text: w for w in result.words(page)}
    for entry in ("30 (1)", "100 (2)", "300 (3)", "500 (3)", "100 (4)", "60 (1)", "180 (3)", "40 (4)"):
        assert entry in at
    assert abs(at["100 (4)"].y - at["30 (1)"].y) < 1 and at["100 (4)"].x < at["30 (1)"].x
    assert at["30 (1)"].y < at["100 (2)"].y < at["300 (3)"].y < at["500 (3)"].y
    assert at["60 (1)"].y < at["30 (1)"].y and at["180 (3)"].y < at["60 (1)"].y
    assert at["40 (4)"].y < at["180 (3)"].y and at["40 (4)"].x < at["60 (1)"].x
    assert at["1170"].y < at["40 (4)"].y and abs(at["140"].y - at["1170"].y) < 1
    assert at["-140"].y < at["1170"].y and at["1030"].y < at["-140"].y
    assert "+10 hundreds" in at and "WE" in at and "THEY" in at
    assert at["N-S Nora & Sue"].x < at["E-W Ed & Will"].x


def test_only_some_documents_and_reproducible() -> None:
    """The PDF holds the documents asked for, bookmarked, in the usual order; the same session and
    creation date give the same bytes."""
    cards = build_cards(SESSIONS[5](), documents=[Document.TALLY, Document.TABLES])
    data = render_pdf(cards, created=CREATED)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert [item.title for item in reader.outline] == ["Table cards", "Tally sheet"]
    assert len(reader.pages) == 2
    assert render_pdf(cards, created=CREATED) == data


@pytest.mark.parametrize(
    ("text", "drawn"),
    [
        ("Zoë", "Zoë"),
        ("\u05e9\u05e8\u05d4", "\u05d4\u05e8\u05e9"),
        ("Ann & \u05e9\u05e8\u05d4 \u05db\u05d4\u05df", "Ann & \u05df\u05d4\u05db \u05d4\u05e8\u05e9"),
        ("\u05e9\u05b8\u05c2\u05e8\u05b8\u05d4", "\u05d4\u05e8\u05b8\u05e9\u05b8\u05c2"),
    ],
)
def test_right_to_left_names_are_drawn_in_visual_order(text: str, drawn: str) -> None:
    """A Hebrew name (שרה) is drawn right to left, its vowel points kept on their letters; a run of Latin
    text around it keeps its order."""
    assert visual_order(text) == drawn

"""`chicago cards`: the printed documents as values, and written as text and Markdown."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rotation.cut import Order
from rotation.io.formats import session_from_data
from rotation.model import Movement, Round, Schedule, Table
from rotation.plan import PlanRequest, parse_away, plan
from rotation.render.cards import Presence, build_cards, contract_text
from rotation.render.options import Document
from rotation.render.text import render_markdown, render_text, width
from rotation.results.session import Session
from scoring.contract import Result
from scoring.points import Item
from scoring.rubber import Line
from scoring.seat import Seat, Side
from tests.conftest import BULLETIN_FIVE
from tests.rotation.results.test_session import five_player_session

BULLETIN_RESULTS = ["E-W +3", "N-S +5", "N-S +9", "N-S +6", "E-W +4"]
BULLETIN_SHEET = {
    "Ann": [-3, -8, 1, -5, -5],
    "Helen": [-3, 2, -7, -7, -3],
    "Doris": [3, 8, 8, 2, -2],
    "Jean": [3, 3, 12, 18, 22],
    "Shirley": [0, -5, -14, -8, -12],
}
"""The bulletin's five-player score sheet: each player's running total after rubbers 1 to 5."""

THIRTEEN = (
    "Ann", "Björn", "Zoë", "Łukasz", "Helen", "Doris", "Jean", "Shirley", "Ingrid", "Pál", "Søren", "Renée",
    "Mikołaj",
)  # fmt: skip


def bulletin_session(names: tuple[str, ...]) -> Session:
    """The bulletin's movement for 4, 5 or 6 players, nothing recorded."""
    return Session(plan(PlanRequest(names, Order.GIVEN)).schedule)


def thirteen_session(rounds: int = 13) -> Session:
    """Thirteen players at three tables, one sitting out: a simple rotation built by hand (player r sits out
    round r, the others sit in order around the tables), not a balanced movement; the cards do not care."""
    result = []
    for r in range(rounds):
        others = [(r + k) % 13 for k in range(1, 13)]
        tables = tuple(
            Table.from_seats(others[4 * t : 4 * t + 4], tuple(Seat)[(r + t) % 4]) for t in range(3)
        )
        result.append(Round(tables, (r % 13,)))
    return Session(Schedule(THIRTEEN, Movement(13, tuple(result))))


def five_player_data() -> dict[str, Any]:
    """The bulletin's five-player evening with its results as nets (Ann -5 ... Jean +22)."""
    return five_player_session()


def regular_example_data() -> dict[str, Any]:
    """Bulletin, "Example: Regular Scoring": one table, first dealer North."""
    return {
        "players": ["Nora", "Ed", "Sue", "Will"],
        "rounds": [
            {
                "tables": [
                    {"north": "Nora", "east": "Ed", "south": "Sue", "west": "Will", "first_dealer": "north"}
                ]
            }
        ],
        "results": [{"round": 1, "table": 1, "deals": ["2S E +1", "3NT N -2", "pass", "6S W =", "2D N ="]}],
    }


SESSIONS = {
    4: lambda: bulletin_session(("Zoë", "Björn", "Łukasz", "Ann")),
    5: lambda: bulletin_session(BULLETIN_FIVE),
    6: lambda: bulletin_session(("Ann", "Helen", "Doris", "Jean", "Shirley", "Björn")),
    13: thirteen_session,
}


# ---- the documents as values ----


@pytest.mark.parametrize("players", sorted(SESSIONS))
def test_player_cards_agree_with_each_other(players: int) -> None:
    """Every card has every round; partners name each other from opposite seats, opponents name each other,
    each table has one first dealer, and the four players deal the four deals between them."""
    session = SESSIONS[players]()
    cards = build_cards(session)
    schedule = session.schedule
    by_name = {card.name: card for card in cards.players}
    assert [card.name for card in cards.players] == list(schedule.players)
    assert [card.number for card in cards.players] == list(range(1, players + 1))
    for card in cards.players:
        assert [line.round for line in card.rounds] == list(range(1, len(schedule.rounds) + 1))
        for line in card.rounds:
            rnd = schedule.rounds[line.round - 1]
            if line.presence is not Presence.PLAYS:
                assert line.presence is Presence.SITS_OUT
                assert schedule.player(card.name) in rnd.sitting_out
                continue
            assert line.seat is not None
            partner = by_name[line.partner].rounds[line.round - 1]
            assert partner.partner == card.name and partner.seat is line.seat.partner
            assert partner.table == line.table
            left = by_name[line.left].rounds[line.round - 1]
            assert left.right == card.name and left.seat is line.seat.left
            table_mates = [
                by_name[name].rounds[line.round - 1] for name in (line.partner, line.left, line.right)
            ]
            everyone = [line, *table_mates]
            assert sum(p.deals_first for p in everyone) == 1
            assert sorted(d for p in everyone for d in p.deals) == [1, 2, 3, 4]
            assert len({p.first_dealer for p in everyone}) == 1
    sat_out = Counter(
        line.round for card in cards.players for line in card.rounds if line.presence is not Presence.PLAYS
    )
    assert all(sat_out[r] == players % 4 for r in range(1, len(schedule.rounds) + 1))


def test_player_card_vulnerability_follows_the_cycle() -> None:
    """Dealer cycle: deal 1 none, deals 2-3 the dealer's side, deal 4 both. The bulletin's round 1 has Ann
    (South) deal first, so N-S are vulnerable on deals 3 (North deals) and 4, E-W on deals 2 and 4."""
    cards = build_cards(bulletin_session(BULLETIN_FIVE))
    first = {card.name: card.rounds[0] for card in cards.players}
    assert first["Ann"].seat is Seat.SOUTH and first["Ann"].deals_first and first["Ann"].deals == (1,)
    assert first["Ann"].vulnerable == (3, 4) and first["Helen"].vulnerable == (3, 4)
    assert first["Jean"].vulnerable == (2, 4) and first["Jean"].deals == (2,)
    assert first["Shirley"].presence is Presence.SITS_OUT
    assert cards.heading.vulnerability == (
        "Vulnerable: deal 1 none, deal 2 dealer's side, deal 3 dealer's side, deal 4 both"
    )


def test_away_rounds_say_away() -> None:
    """A player who arrives late is "away" on the rounds before, not sitting out."""
    request = PlanRequest(BULLETIN_FIVE, Order.GIVEN, away=(parse_away("Shirley:1-2"),))
    cards = build_cards(Session(plan(request).schedule))
    shirley = next(card for card in cards.players if card.name == "Shirley")
    assert [line.presence for line in shirley.rounds[:2]] == [Presence.AWAY, Presence.AWAY]
    assert Presence.AWAY not in [line.presence for line in shirley.rounds[2:]]
    assert "away" in render_text(cards).split("Shirley (no. 5")[1].split("\n\n")[0]


def test_table_cards_have_every_round_and_deal() -> None:
    """Thirteen players: three table cards, each with all thirteen rounds, the first dealer's seat and four
    deals dealt clockwise from it; the player sitting out is named."""
    cards = build_cards(thirteen_session())
    assert [card.table for card in cards.tables] == [1, 2, 3]
    for card in cards.tables:
        assert [seating.round for seating in card.rounds] == list(range(1, 14))
        for seating in card.rounds:
            assert [deal.dealer for deal in seating.deals] == [seating.first_dealer.next(k) for k in range(4)]
            assert [deal.dealer_name for deal in seating.deals] == [
                seating.at(d.dealer) for d in seating.deals
            ]
            assert seating.sitting_out == (THIRTEEN[seating.round - 1],)


def test_bulletin_tally_sheet_plus_and_minus_columns() -> None:
    """Bulletin, the five-player example: nets E-W +3, N-S +5, N-S +9, N-S +6, E-W +4 fill the + and -
    columns with the running totals, blank for zero, ending at Ann -5 ... Jean +22."""
    grid = build_cards(session_from_data(five_player_data()), documents=[Document.TALLY]).tally
    assert grid is not None and grid.column_label == "Rubber No." and grid.rounds == 5
    for row in grid.rows:
        expected = [
            ("", "") if v == 0 else (str(v), "") if v > 0 else ("", str(-v)) for v in BULLETIN_SHEET[row.name]
        ]
        assert [row.cell(r) for r in range(5)] == expected
    assert {row.name: row.total for row in grid.rows} == {
        "Ann": -5,
        "Helen": -3,
        "Doris": -2,
        "Jean": 22,
        "Shirley": -12,
    }
    assert {row.name: row.rank for row in grid.rows} == {
        "Jean": "1",
        "Doris": "2",
        "Helen": "3",
        "Ann": "4",
        "Shirley": "5",
    }
    assert [line.result for line in grid.results] == BULLETIN_RESULTS
    assert grid.rows[0].out == (False, False, False, False, True)  # Ann sits out round 5


def test_regular_example_pad_is_the_bulletins_sheet() -> None:
    """Bulletin, "Example: Regular Scoring", first dealer North: E-W writes 30 (1), 100 (2), 300 (3),
    500 (3) upward from the line and 60 (1), 180 (3) below it; N-S 100 (4) above and 40 (4) below, after
    the line under E-W's game; 140 to 1170, E-W +10."""
    cards = build_cards(session_from_data(regular_example_data()), documents=[Document.PADS])
    (pad,) = cards.pads
    score = pad.score
    assert score is not None
    assert [str(e) for e in score.column(Side.EW, Line.ABOVE)] == ["30 (1)", "100 (2)", "300 (3)", "500 (3)"]
    assert [str(e) for e in score.column(Side.NS, Line.ABOVE)] == ["100 (4)"]
    assert [[(e.side, str(e)) for e in group] for group in score.below] == [
        [(Side.EW, "60 (1)"), (Side.EW, "180 (3)")],
        [(Side.NS, "40 (4)")],
    ]
    assert score.column(Side.EW, Line.ABOVE)[2].item is Item.GAME
    assert score.points == (140, 1170) and score.result == "E-W +10" and score.unit == "hundreds"
    assert pad.dealer_box() == {Seat.NORTH: (1,), Seat.EAST: (2,), Seat.SOUTH: (3,), Seat.WEST: (4,)}
    deals = pad.seating.deals
    assert [str(d.vulnerability) for d in deals] == ["none", "E-W", "N-S", "both"]
    assert [d.result for d in deals] == ["2\u2660 E +1", "3NT N -2", "6\u2660 W =", "2\u2666 N ="]
    assert [d.passed_out for d in deals] == [0, 0, 1, 0]


def test_pad_of_a_rubber_recorded_as_a_net() -> None:
    """A rubber recorded as a net has no entries; its pad shows the net and the tally."""
    cards = build_cards(session_from_data(five_player_data()), documents=[Document.PADS])
    score = cards.pads[1].score
    assert score is not None
    assert score.above == ((), ()) and score.below == () and score.points is None
    assert score.net == "N-S +5" and score.result == "N-S +5"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("4H S =", "4\u2665 S ="),
        ("3NTX N -2", "3NTX N -2"),
        ("1C W +2", "1\u2663 W +2"),
        ("7SXX E =", "7\u2660XX E ="),
    ],
)
def test_contract_text_uses_suit_symbols(text: str, written: str) -> None:
    """A pad writes strains with the suit symbols, notrump as NT."""
    assert contract_text(Result.parse(text)) == written


def test_only_the_documents_asked_for() -> None:
    """`documents` picks what is built, always in the order players, tables, pads, tally."""
    cards = build_cards(bulletin_session(BULLETIN_FIVE), documents=[Document.TALLY, Document.PLAYERS])
    assert cards.documents == (Document.PLAYERS, Document.TALLY)
    assert cards.players and not cards.tables and not cards.pads and cards.tally is not None


# ---- text and Markdown ----


def _from_column(line: str, column: int) -> str:
    """What a text line holds from display column ``column`` on (wide characters take two columns)."""
    for index in range(len(line) + 1):
        if width(line[:index]) >= column:
            return line[index:]
    return ""


def _card_text(text: str, name: str) -> list[str]:
    """The lines of one player's card in the text rendering."""
    start = text.index(f"\n{name} (no. ")
    return text[start:].strip().split("\n\n")[0].splitlines()


@pytest.mark.parametrize("players", sorted(SESSIONS))
def test_text_player_cards(players: int) -> None:
    """Each player's card in text lists every round with the seat, partner and opponents, aligned."""
    session = SESSIONS[players]()
    cards = build_cards(session, documents=[Document.PLAYERS])
    text = render_text(cards)
    assert cards.heading.scoring in " ".join(text.split())
    for card in cards.players:
        lines = _card_text(text, card.name)
        header, rows = lines[1], [line for line in lines[2:] if line.split()[0].isdigit()]
        assert len(rows) == len(card.rounds)
        seat, partner = header.index("Seat"), header.index("Partner")
        opponents = header.index("Opponents")
        for line, row in zip(card.rounds, rows, strict=True):
            assert row.split()[0] == str(line.round)
            if line.presence is Presence.PLAYS:
                assert line.seat is not None
                assert _from_column(row, seat).startswith(line.seat.name.title() + " ")
                assert _from_column(row, partner).startswith(line.partner + " ")
                assert _from_column(row, opponents).startswith(f"{line.left}, {line.right} ")
            else:
                assert row.split(None, 1)[1] == "sits out"


def test_text_tally_sheet_signs_in_columns() -> None:
    """The text tally puts each running total under the round's + or - heading."""
    text = render_text(build_cards(session_from_data(five_player_data()), documents=[Document.TALLY]))
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("#  Player"))
    for name, running in BULLETIN_SHEET.items():
        row = next(line for line in lines if line[3:].startswith(name + " "))
        for r, value in enumerate(running, 1):
            column = header.index(f"{r}+") if value > 0 else header.index(f"{r}-")
            if value:
                end = column + 2
                assert row[:end].rstrip().endswith(str(abs(value))), (name, r, row)
    assert "Round 1, table 1: Helen & Ann v Doris & Jean: E-W +3" in text


def test_text_pad_for_the_regular_example() -> None:
    """The text pad: WE (N-S) and THEY (E-W) columns, the line, the game line, totals and the tally."""
    text = render_text(build_cards(session_from_data(regular_example_data()), documents=[Document.PADS]))
    lines = text.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.startswith("====") and "+" in line)
    above = [line.split("|") for line in lines[rule - 4 : rule]]
    assert [cells[1].strip() for cells in above] == ["500 (3)", "300 (3)", "100 (2)", "30 (1)"]
    assert above[-1][0].strip() == "100 (4)"
    below = lines[rule + 1 : rule + 5]
    assert [line.split("|")[1].strip() for line in below[:2]] == ["60 (1)", "180 (3)"]
    assert "(game)" in below[2] and below[3].split("|")[0].strip() == "40 (4)"
    assert "X dealer box: N 1, E 2, S 3, W 4" in text
    assert "Rubber: E-W +10 in hundreds" in text and "1030" in text and "2\u2660 E +1" in text


def test_markdown_tables_are_well_formed() -> None:
    """Markdown: a heading per document and per card; every table row has its header's cell count, and a
    name with Markdown characters is escaped."""
    names = ("Ann_Marie", "B|ob", "Doris", "Jean", "Shirley")
    cards = build_cards(bulletin_session(names))
    text = render_markdown(cards)
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        "## Player cards",
        "## Table cards",
        "## Score pads",
        "## Tally sheet",
    ]
    assert "### Ann\\_Marie (no. 1 on the score sheet)" in text
    table: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            table.append(line)
            continue
        if table:
            counts = {row.replace("\\|", "").count("|") for row in table}
            assert len(counts) == 1, table
            table = []
    assert "B\\|ob" in text


def test_russian_pad_prints_no_net_that_contradicts_its_tally() -> None:
    """Under Russian scoring each deal is compared with its high-card-point target, so N-S can score more
    points and still lose IMPs: the pad shows both totals and the tally, but no Net row beside them."""
    data = regular_example_data()
    data["scoring"] = {"method": "russian"}
    data["results"] = [
        {
            "round": 1,
            "table": 1,
            "deals": [
                {"result": "4H S =", "hcp_ns": 26},
                {"result": "3NT N -1", "hcp_ns": 24},
                {"result": "2S E +1", "hcp_ns": 18},
                {"result": "1NT W =", "hcp_ns": 20},
            ],
        }
    ]
    cards = build_cards(session_from_data(data), documents=[Document.PADS])
    (pad,) = cards.pads
    assert pad.score is not None and not pad.score.by_difference
    ns, ew = pad.score.points or (0, 0)
    assert ns > ew and pad.score.result.startswith("E-W +")
    lines = render_text(cards).splitlines()
    totals = next(i for i, line in enumerate(lines) if line.split() == [str(ns), "|", str(ew)])
    assert lines[totals + 1] == f"Rubber: {pad.score.result} in IMPs"
    regular = build_cards(session_from_data(regular_example_data()), documents=[Document.PADS])
    assert regular.pads[0].score is not None and regular.pads[0].score.by_difference

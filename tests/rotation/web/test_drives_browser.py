"""A progressive evening of 16 played from phones through the real server (`chicago serve`): round 1's
rubbers entered deal by deal on the tables' pages; the moment the last one is complete, round 2 is seated,
and the host's page and table 1's page (left open, updating themselves) show it, as the Auckland Star's rule
(29 April 1938) gives it, worked out by hand below."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rotation.web.real import browser, chicago, phone, served

PLAYERS = [f"P{n:02}" for n in range(1, 17)]
# round 1 by the cut (names given in order): table t is N P(4t-2), E P(4t-1), S P(4t-3), W P(4t)
WINS = {1: "N", 2: "E", 3: "E", 4: "N"}
"""Who makes four spades on every deal at each table: N-S win tables 1 and 4, E-W tables 2 and 3."""
HOST_ROUND_TWO = (  # N and E stayed, S and W arrived
    "Table 1: N P01, E P02, S P07, W P08",  # P01 & P02 won table 1 and stay; P07 & P08 won table 2
    "Table 2: N P05, E P06, S P11, W P12",  # P05 & P06 lost table 2 and stay; P11 & P12 won table 3
    "Table 3: N P09, E P10, S P13, W P14",  # P09 & P10 lost table 3; P13 & P14 won table 4
    "Table 4: N P15, E P16, S P03, W P04",  # P15 & P16 lost table 4; P03 & P04 lost table 1: to the foot
)
TABLE_ONE_MOVES = (  # where each of table 1's four sits in round 2, from the lines above
    "P02: round 2, table 1, East",
    "P03: round 2, table 4, South",
    "P01: round 2, table 1, North",
    "P04: round 2, table 4, West",
)


def play_rubber(page: Any, declarer: str) -> None:
    """Four deals typed into the table's page, each waiting for the page to say it was added."""
    from playwright.sync_api import expect

    for number in range(1, 5):
        page.fill("#deal", f"4S {declarer} =")
        page.get_by_role("button", name="Add deal").click()
        expect(page.locator("#live")).to_have_attribute("data-entered", str(number))


def test_round_two_is_seated_on_the_host_and_table_pages_when_round_one_ends(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "c.db"
    made = chicago(db, "plan", *PLAYERS, "--order", "given", "--movement", "progressive", "--rounds", "3",
                   "--save", "party")  # fmt: skip
    assert made.returncode == 0, made.stderr
    with served(db, "party") as server, browser() as launched:
        host = phone(launched)
        host.goto(server.links["host"])
        expect(host.locator("#live")).to_contain_text("round 1 of 3 seated")
        first = phone(launched)
        first.goto(server.links["table 1"])
        expect(first.locator("h1")).to_contain_text("table 1, round 1 of 3")  # all 3, not those seated
        play_rubber(first, WINS[1])
        expect(first.locator("#live")).to_contain_text("Round 2 is seated as soon as every table")
        for table in (2, 3, 4):
            other = phone(launched)
            other.goto(server.links[f"table {table}"])
            play_rubber(other, WINS[table])
            other.close()
        for line in HOST_ROUND_TWO:  # the host's page, left open, updates itself
            expect(host.locator("#live")).to_contain_text(line)
        expect(host.locator("#live")).to_contain_text("round 2 of 3 seated")
        for move in TABLE_ONE_MOVES:  # so does table 1's page, left open since its rubber ended
            expect(first.locator("#live")).to_contain_text(move)
        first.get_by_role("link", name="Go to round 2 at table 1").click()
        expect(first.locator(".seat.n")).to_contain_text("P01")
        expect(first.locator(".seat.s")).to_contain_text("P07")
        expect(first.locator("h1")).to_contain_text("table 1, round 2 of 3")


SWISS_TABLES = (  # round 2 by the running totals: every rubber made the same, so winners tie, losers tie
    {"P01", "P02", "P07", "P08"},  # the leaders in the score sheet's order: table 1's and table 2's winners
    {"P11", "P12", "P13", "P14"},  # table 3's and table 4's winners
    {"P03", "P04", "P05", "P06"},  # table 1's and table 2's losers
    {"P09", "P10", "P15", "P16"},  # table 3's and table 4's losers
)
ROUND_ONE_PARTNERS = ({"P01", "P02"}, {"P03", "P04"}, {"P05", "P06"}, {"P07", "P08"},
                      {"P09", "P10"}, {"P11", "P12"}, {"P13", "P14"}, {"P15", "P16"})  # fmt: skip


def test_a_swiss_evening_seats_round_two_by_the_standings_from_the_phones(tmp_path: Path) -> None:
    """Swiss: the moment round 1's last rubber is entered on a phone, the host's page shows round 2 with the
    leaders at table 1 and so on down (ties by the score sheet's order, worked out above), and nobody
    partnering their partner of round 1."""
    import re

    from playwright.sync_api import expect

    db = tmp_path / "c.db"
    made = chicago(db, "plan", *PLAYERS, "--order", "given", "--movement", "swiss", "--rounds", "3",
                   "--save", "swiss")  # fmt: skip
    assert made.returncode == 0, made.stderr
    with served(db, "swiss") as server, browser() as launched:
        host = phone(launched)
        host.goto(server.links["host"])
        for table in (1, 2, 3, 4):
            other = phone(launched)
            other.goto(server.links[f"table {table}"])
            play_rubber(other, WINS[table])
            other.close()
        expect(host.locator("#live")).to_contain_text("round 2 of 3 seated")
        shown = host.locator("#live").inner_text()
    seated = re.findall(r"Table (\d): N (\w+), E (\w+), S (\w+), W (\w+)", shown)
    assert [int(t) for t, *_ in seated] == [1, 2, 3, 4]
    assert [set(players) for _, *players in seated] == list(SWISS_TABLES)
    partners = [pair for _, n, e, s, w in seated for pair in ({n, s}, {e, w})]
    assert not [pair for pair in partners if pair in ROUND_ONE_PARTNERS]

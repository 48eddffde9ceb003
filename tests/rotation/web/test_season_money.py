"""The season played for money: the season page (in process and through the real server) and the season
sheet (`chicago rank --pdf`) show each player's amount, the table money and who pays whom exactly as
`chicago settle --season` prints them, run on its own through the installed command; nothing when no
evening of the period keeps a stake, a sentence when their stakes differ; the page still fits a phone."""

from __future__ import annotations

import html as html_lib
import io
import json
import re
import urllib.request
from decimal import Decimal
from pathlib import Path

import pytest

from tests.rotation.web.real import browser, chicago, served
from tests.rotation.web.test_season import Club
from tests.rotation.web.test_season_real import context, fits

EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
STAKE = ("--stake", "0.35", "--currency", "GBP", "--table-money", "1.50")
EVENINGS = (
    ("sep", "2026-09-08", (), ("N-S +4", "E-W +2")),  # not for money
    ("oct", "2026-10-06", STAKE, ("N-S 1030", "E-W 250")),
    ("nov", "2026-11-03", STAKE, ("E-W +7", "N-S +1")),
)
MONEY = {"since": "2026-10-01"}
"""The period whose evenings (oct, nov) were all played at 0.35 GBP per 100."""


@pytest.fixture(scope="module")
def money_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("money") / "club.db"
    for name, day, stake, nets in EVENINGS:
        made = chicago(db, "plan", *EIGHT, "--order", "given", "--save", name, "--date", day, *stake)
        assert made.returncode == 0, made.stderr
        for table, net in enumerate(nets, 1):
            done = chicago(db, "record", name, "--round", "1", "--table", str(table), "--net", net)
            assert done.returncode == 0, done.stderr
    return db


@pytest.fixture(scope="module")
def settled(money_db: Path) -> dict[str, object]:
    """`chicago settle --season` for the money period, the stake typed (not read from the evenings)."""
    done = chicago(money_db, "settle", "--season", "--since", MONEY["since"], *STAKE, "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, object] = json.loads(done.stdout)
    return data


def signed(amount: str) -> str:
    return f"+{amount}" if Decimal(amount) > 0 else amount


def expected_rows(data: dict[str, object]) -> dict[str, tuple[str, str, str]]:
    """Each player: tally, amount (signed, as the page prints it) and table money, from the JSON."""
    players = data["players"]
    assert isinstance(players, list)
    return {
        p["name"]: (f"{p['tally']:+d}" if p["tally"] else "0", signed(p["amount"]), p["table_money"])
        for p in players
    }


def expected_transfers(data: dict[str, object]) -> list[str]:
    transfers = data["transfers"]
    assert isinstance(transfers, list)
    return [f"{t['from']} pays {t['to']} {t['amount']} GBP" for t in transfers]


def money_section(page: str) -> str:
    found = re.search(r'<section id="money".*?</section>', page, flags=re.S)
    assert found is not None, "no money section"
    return found[0]


def page_rows(section: str) -> dict[str, tuple[str, ...]]:
    rows = re.findall(r"<tr><td[^>]*>(.*?)</td>(.*?)</tr>", section, flags=re.S)
    return {
        html_lib.unescape(name): tuple(html_lib.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rest))
        for name, rest in rows
    }


def check_page(page: str, data: dict[str, object]) -> None:
    """The page's settling up is the settle command's, number for number."""
    section = money_section(page)
    assert page_rows(section) == expected_rows(data)
    items = [html_lib.unescape(x) for x in re.findall(r"<li>(.*?)</li>", section)]
    assert items == expected_transfers(data)
    assert f"Table money to the club: {data['table_money_total']} GBP in all." in section
    assert "Played at 0.35 GBP per 100." in section


def test_the_settle_command_is_the_period_at_the_kept_stake(
    money_db: Path, settled: dict[str, object]
) -> None:
    """By hand: oct and nov's tallies added, times 0.35 a hundred; table money 1.50 an evening; and
    `settle --season` with no --stake takes the stake both evenings keep."""
    tallies: dict[str, int] = dict.fromkeys(EIGHT, 0)
    for name in ("oct", "nov"):
        done = chicago(money_db, "tally", name, "--json")
        for p in json.loads(done.stdout)["players"]:
            tallies[p["name"]] += p["total"]
    rows = expected_rows(settled)
    assert {n: Decimal(r[1]) for n, r in rows.items()} == {n: t * Decimal("0.35") for n, t in tallies.items()}
    assert {r[2] for r in rows.values()} == {"3.00"} and settled["table_money_total"] == "24.00"
    assert len(expected_transfers(settled)) <= len(EIGHT) - 1
    kept = chicago(money_db, "settle", "--season", "--since", MONEY["since"], "--json")
    assert kept.returncode == 0, kept.stderr
    assert json.loads(kept.stdout) == settled
    mixed = chicago(money_db, "settle", "--season")
    assert mixed.returncode == 2 and "not all played for the same stake" in mixed.stderr
    assert "sep: not for money" in mixed.stderr


def test_the_page_shows_the_settlement(money_db: Path, settled: dict[str, object]) -> None:
    club = Club(money_db)
    answer = club.get(**MONEY)
    assert answer.status_code == 200
    check_page(answer.text, settled)
    assert answer.text.index('<table class="season"') < answer.text.index('<section id="money"')


def test_no_stake_no_money_and_mixed_stakes_a_sentence(money_db: Path) -> None:
    club = Club(money_db)
    free = club.get(until="2026-09-30")
    assert free.status_code == 200 and "Settling up" not in free.text and "pays" not in free.text
    mixed = club.get()
    assert mixed.status_code == 200
    section = money_section(mixed.text)
    assert "Not settled: the evenings of the period were not all played for the same stake" in section
    assert "<table" not in section and "pays" not in section


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def check_sheet(words: str, data: dict[str, object]) -> None:
    lines = [" ".join(line.split()) for line in words.splitlines()]
    assert "Settling up" in lines and "Played at 0.35 GBP per 100." in lines
    for name, (tally, amount, fee) in expected_rows(data).items():
        assert f"{name}: {amount} GBP (tally {tally}, table money {fee} GBP)" in lines, name
    for transfer in expected_transfers(data):
        assert transfer in lines
    assert f"Table money to the club: {data['table_money_total']} GBP in all." in lines


def test_the_sheet_shows_the_settlement(money_db: Path, settled: dict[str, object], tmp_path: Path) -> None:
    sheet = tmp_path / "season.pdf"
    done = chicago(money_db, "rank", "--since", MONEY["since"], "--pdf", str(sheet))
    assert done.returncode == 0, done.stderr
    check_sheet(pdf_text(sheet.read_bytes()), settled)
    free = tmp_path / "free.pdf"
    assert chicago(money_db, "rank", "--until", "2026-09-30", "--pdf", str(free)).returncode == 0
    assert "Settling up" not in pdf_text(free.read_bytes())
    page = Club(money_db).get("/season/sheet.pdf", **MONEY)
    assert page.status_code == 200
    check_sheet(pdf_text(page.content), settled)


def test_the_real_server_shows_it_and_it_fits_a_phone(money_db: Path, settled: dict[str, object]) -> None:
    with served(money_db) as server:
        link = server.links["season"] + f"&since={MONEY['since']}"
        with urllib.request.urlopen(link, timeout=120) as answer:
            check_page(answer.read().decode("utf-8"), settled)
        with browser() as launched:
            page = context(launched, 360).new_page()
            page.goto(link)
            assert "Settling up" in page.inner_text("#money")
            page.screenshot(path="/tmp/chicago-season-money-360.png", full_page=True)
            fits(page, 360, "season with its money")
            page.goto(server.links["season"])
            assert "Not settled" in page.inner_text("#money")
            fits(page, 360, "season with mixed stakes")
            page.context.close()

"""An evening played for money (`chicago plan --stake`) shows its settlement on the host page and the
standings page of the installed `chicago serve`, the same amounts and payments as `chicago settle`; an
evening not played for money shows none."""

from __future__ import annotations

import html
import json
import re
import urllib.request
from pathlib import Path

from tests.rotation.web.real import chicago, served

EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def page(url: str) -> str:
    """The page's text, tags dropped, spaces folded: what a reader sees."""
    with urllib.request.urlopen(url, timeout=120) as answer:
        assert answer.status == 200
        body = answer.read().decode()
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def test_the_host_and_standings_pages_settle_an_evening_played_for_money(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    made = chicago(
        db, "plan", *EIGHT, "--order", "given", "--save", "tue", "--date", "2026-11-24",
        "--stake", "0.50", "--currency", "GBP", "--table-money", "2",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "Note: played for money, 0.50 GBP" in made.stdout
    for table, net in (("1", "N-S 1030"), ("2", "E-W 250")):
        assert chicago(db, "record", "tue", "--round", "1", "--table", table, "--net", net).returncode == 0
    settled = chicago(db, "settle", "tue", "--json")  # the kept stake: no --stake typed
    assert settled.returncode == 0, settled.stderr
    data = json.loads(settled.stdout)
    assert (data["stake"], data["currency"], data["table_money"]) == ("0.50", "GBP", "2.00")
    payments = [f"{t['from']} pays {t['to']} {t['amount']} GBP" for t in data["transfers"]]
    assert len(payments) == 4
    with served(db, "tue") as server:
        host = server.links["host"]
        standings = host.replace("/host?", "/standings?")
        for text in (page(host), page(standings)):
            assert "Settling up" in text and "Played at 0.50 GBP per 100." in text
            for payment in payments:
                assert payment in text
            assert "Table money to the club: 16.00 GBP in all." in text


def test_an_evening_not_played_for_money_shows_no_settlement(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    assert chicago(db, "plan", *EIGHT, "--order", "given", "--save", "wed").returncode == 0
    assert chicago(db, "record", "wed", "--round", "1", "--table", "1", "--net", "N-S 600").returncode == 0
    with served(db, "wed") as server:
        host = server.links["host"]
        for text in (page(host), page(host.replace("/host?", "/standings?"))):
            assert "Settling up" not in text and " pays " not in text


def test_the_settlement_fits_a_phone_and_passes_axe(tmp_path: Path) -> None:
    """The settlement's table (four columns, amounts of five digits) on the host and standings pages fits
    360 px without sideways scrolling, and axe-core (when installed) finds nothing serious."""
    from tests.rotation.web.real import browser
    from tests.rotation.web.test_club_browser import AXE, AXE_RUN

    db = tmp_path / "club.db"
    long = ("Anne-Marie Fitzgerald", *EIGHT[1:])
    made = chicago(
        db, "plan", *long, "--order", "given", "--save", "tue",
        "--stake", "1000", "--currency", "KRW", "--table-money", "15000",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    for table, net in (("1", "N-S 1030"), ("2", "E-W 250")):
        assert chicago(db, "record", "tue", "--round", "1", "--table", table, "--net", net).returncode == 0
    with served(db, "tue") as server, browser() as launched:
        context = launched.new_context(
            viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, bypass_csp=True
        )
        page = context.new_page()
        host = server.links["host"]
        for url in (host.replace("/host?", "/standings?"), host):
            page.goto(url)
            page.wait_for_selector("#money")
            assert "+10000" in page.inner_text("#money")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"{url} scrolls sideways at 360 px ({width})"
            if AXE.exists():
                page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
                bad = [v for v in page.evaluate(AXE_RUN) if v[1] in ("serious", "critical")]
                assert not bad, bad
        context.close()

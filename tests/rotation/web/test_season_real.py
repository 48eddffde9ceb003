"""The season and an evening's standings through the real server (`chicago serve` as installed, in its own
process) in Chromium at phone size: a season of three evenings made with the installed `chicago`; the
season page at 360 and 390 px with every column set (each rank-by, best evenings, a minimum, the wall
screen, a refused option) breaks no word and no number across lines and does not scroll sideways, and
passes axe-core; the form ranks by total, average, rating and points without JavaScript; the standings
page takes a rubber recorded at the terminal while it is open, without a reload, and keeps a Refresh link
for a phone without JavaScript. Screenshots: /tmp/chicago-season-real-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.rotation.web.real import browser, chicago, phone, served
from tests.rotation.web.test_club_browser import AXE, AXE_RUN

SHOTS = Path("/tmp")
PLAYERS = ("Bartholomew", "Christabel", "Maximilian", "Evangeline", "Ann", "Bob", "Cy", "Di")
EVENINGS = (("jan", "2024-01-10"), ("feb", "2024-02-14"), ("mar", "2024-03-13"))
NETS = ("N-S +95", "E-W +123", "E-W +7", "N-S +250")
"""Each evening's rubbers (round 1 table 1, round 1 table 2, round 2 table 1, round 2 table 2): wide
totals, so the numbers are as long as a season's get (+9/0 broke before)."""
COLUMN_SETS = (
    "",
    "by=average",
    "by=rating",
    "by=points",
    "by=total&best=2",
    "by=points&best=2",
    "min_rubbers=7&min_evenings=3",  # nobody qualifies: the notes name everybody
    "by=rating&best=2",  # refused: the form again with the sentence (400)
    "by=rating&wall=1",
)
WIDTHS = (360, 390)

BROKEN = """() => {
  // Every word of the page drawn on one line, every table cell's text on one line and inside its cell.
  const bad = [];
  const range = document.createRange();
  const lines = (node, start, end) => {
    range.setStart(node, start);
    range.setEnd(node, end);
    return new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest('style, script, option')) continue;
    for (const word of node.textContent.matchAll(/\\S+/g)) {
      if (lines(node, word.index, word.index + word[0].length) > 1) bad.push('word ' + word[0]);
    }
  }
  for (const cell of document.querySelectorAll('th, td.num, td.rank')) {
    if (!cell.getClientRects().length) continue;  // a column a phone does not show
    if (cell.scrollWidth > cell.clientWidth + 1) bad.push('wider than its cell: ' + cell.textContent);
    const text = [...cell.childNodes].filter(n => n.nodeType === Node.TEXT_NODE);
    for (const node of text) {
      if (lines(node, 0, node.textContent.length) > 1) bad.push('cell on two lines: ' + cell.textContent);
    }
  }
  return bad;
}"""


@pytest.fixture(scope="module")
def season_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three evenings of eight players, two rounds each, every rubber recorded by its net, all with the
    installed `chicago`."""
    db = tmp_path_factory.mktemp("season") / "club.db"
    for name, day in EVENINGS:
        done = chicago(
            db, "plan", *PLAYERS, "--order", "given", "--rounds", "2", "--save", name, "--date", day
        )
        assert done.returncode == 0, done.stderr
        for rubber, net in enumerate(NETS):
            round_number, table = rubber // 2 + 1, rubber % 2 + 1
            done = chicago(db, "record", name, "-r", str(round_number), "-t", str(table), "--net", net)
            assert done.returncode == 0, done.stderr
    return db


@pytest.fixture(scope="module")
def season_link(season_db: Path) -> Iterator[str]:
    """The season's link, as `chicago serve` (the club) prints it."""
    with served(season_db) as server:
        yield server.links["season"]


def context(launched: Any, width: int, *, dark: bool = False, script: bool = True) -> Any:
    """A phone of ``width`` px; axe-core is injected as a script, so the CSP is bypassed for it."""
    return launched.new_context(
        viewport={"width": width, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme="dark" if dark else "light",
        bypass_csp=True,
        java_script_enabled=script,
    )


def fits(page: Any, width: int, what: str) -> None:
    """No sideways scroll of the page and nothing broken across lines."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{what} scrolls sideways at {width} px ({wide})"
    broken = page.evaluate(BROKEN)
    assert not broken, f"{what} at {width} px: {broken}"


def axe_clean(page: Any, what: str) -> None:
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate(AXE_RUN)
    bad = [v for v in found if v[1] in ("serious", "critical")]
    assert not bad, f"{what}: {bad}"


def test_every_column_set_fits_a_phone(season_link: str) -> None:
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed ({AXE}): npm install --prefix ~/.cache/chicago-axe axe-core")
    with browser() as launched:
        for width in WIDTHS:
            for dark in (False, True) if width == 360 else (False,):
                page = context(launched, width, dark=dark).new_page()
                for options in COLUMN_SETS:
                    answer = page.goto(season_link + ("&" + options if options else ""))
                    assert answer is not None
                    refused = "best=2" in options and "rating" in options
                    assert answer.status == (400 if refused else 200), options
                    what = f"season?{options} ({'dark' if dark else 'light'})"
                    if refused:
                        assert "Not shown: best counts each player's best sessions" in page.inner_text("body")
                    else:
                        by = re.search(r"by=(\w+)", options)
                        assert f"ranked by {by[1] if by else 'total'}" in page.inner_text("#live")
                        assert page.locator("table.season tr").count() > 1 or "Nobody" in page.inner_text(
                            "#live"
                        )
                    if width == 360:
                        name = re.sub(r"\W+", "-", options) or "total"
                        shot = SHOTS / f"chicago-season-real-{name}-{'dark' if dark else 'light'}.png"
                        page.screenshot(path=str(shot), full_page=True)
                    fits(page, width, what)
                    axe_clean(page, what)
                page.get_by_role("link", name="Bartholomew").click()
                page.wait_for_url("**/season/p/**")
                assert "Bartholomew: my season" in page.inner_text("h1")
                if width == 360:
                    shot = SHOTS / f"chicago-season-real-player-{'dark' if dark else 'light'}.png"
                    page.screenshot(path=str(shot), full_page=True)
                fits(page, width, "a player's season")
                axe_clean(page, "a player's season")
                page.context.close()


def test_every_column_shows_on_a_tablet_and_fits(season_link: str) -> None:
    """From 760 px every column shows: the page still does not scroll sideways, nothing breaks."""
    with browser() as launched:
        for width in (760, 1024):
            page = context(launched, width).new_page()
            for options in COLUMN_SETS:
                page.goto(season_link + ("&" + options if options else ""))
                fits(page, width, f"season?{options}")
                if page.locator("table.season").count():
                    header = page.locator("table.season tr").first.inner_text().split()
                    every = {"played", "average", "sessions", "rating"}
                    assert every <= set(header), (width, options, header)
            page.context.close()


def test_the_form_ranks_by_each_without_javascript(season_link: str, season_db: Path) -> None:
    """The form is a GET: each choice gives the page `chicago rank --by` gives, options in the query."""
    with browser() as launched:
        page = context(launched, 360, script=False).new_page()
        page.goto(season_link)
        for by in ("Average", "Rating", "Points", "Total"):
            page.get_by_label("Rank by").select_option(label=by)
            page.get_by_role("button", name="Show the standings").click()
            page.wait_for_url(f"**by={by.lower()}**")
            assert f"ranked by {by.lower()}" in page.inner_text("#live")
            leader = page.locator("table.season tr").nth(1).locator("td.player a").inner_text()
            printed = chicago(season_db, "rank", "--by", by.lower(), "--csv")
            assert printed.returncode == 0
            assert printed.stdout.splitlines()[1].split(",")[2] == leader, (by, printed.stdout)
            assert page.get_by_label("Rank by").input_value() == by.lower()  # the form says what is shown
        page.get_by_text("More options").click()
        page.get_by_label("From (date)").fill("2024-03-01")
        page.get_by_label("To (date)").fill("2024-02-01")
        page.get_by_role("button", name="Show the standings").click()
        said = page.inner_text("[role=alert]")
        assert said == "Not shown: since (2024-03-01) is after until (2024-02-01)."
        assert page.get_by_label("From (date)").input_value() == "2024-03-01"  # the form kept
        query = urlsplit(page.url).query
        assert "since=2024-03-01" in query and "until=2024-02-01" in query
        refused = chicago(season_db, "rank", "--since", "2024-03-01", "--until", "2024-02-01")
        assert refused.returncode == 2
        assert refused.stderr == "chicago: error: since (2024-03-01) is after until (2024-02-01)\n"


@pytest.fixture
def evening_db(tmp_path: Path) -> Path:
    """One evening of four, three rounds, its first rubber recorded."""
    db = tmp_path / "club.db"
    done = chicago(db, "plan", *PLAYERS[:4], "--order", "given", "--rounds", "3", "--save", "tonight")
    assert done.returncode == 0, done.stderr
    assert chicago(db, "record", "tonight", "-r", "1", "--net", "N-S +95").returncode == 0
    return db


def test_the_standings_follow_the_terminal_without_a_reload(evening_db: Path) -> None:
    from playwright.sync_api import expect

    with served(evening_db, "tonight") as server, browser() as launched:
        page = phone(launched)  # the server's CSP as it is: the script is this server's own
        page.goto(server.links["standings"])
        assert 'http-equiv="refresh"' not in page.content()
        expect(page.locator("#live")).to_contain_text("1 of 3 rubbers complete")
        page.evaluate("window.stillHere = true")
        done = chicago(evening_db, "record", "tonight", "-r", "2", "--net", "E-W +123")
        assert done.returncode == 0, done.stderr
        expect(page.locator("#live")).to_contain_text("2 of 3 rubbers complete", timeout=60_000)
        expect(page.locator("#live-said")).to_contain_text("Updated at")
        assert page.evaluate("window.stillHere === true")  # swapped in place, not reloaded
        assert "Round 2: E-W +123" in page.inner_text("#live")
        fits(page, 360, "the standings")
        page.screenshot(path=str(SHOTS / "chicago-standings-real-360.png"), full_page=True)
        if AXE.exists():
            for dark in (False, True):
                checked = context(launched, 360, dark=dark).new_page()
                checked.goto(server.links["standings"])
                axe_clean(checked, f"the standings ({'dark' if dark else 'light'})")
                shot = SHOTS / f"chicago-standings-real-360-{'dark' if dark else 'light'}.png"
                checked.screenshot(path=str(shot), full_page=True)

        still = launched.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
        plain = still.new_page()
        plain.goto(server.links["standings"])
        assert chicago(evening_db, "record", "tonight", "-r", "3", "--net", "N-S +7").returncode == 0
        assert "2 of 3 rubbers complete" in plain.inner_text("body")
        plain.get_by_role("link", name="Refresh").click()
        expect(plain.locator("body")).to_contain_text("3 of 3 rubbers complete")


def test_a_name_too_long_for_a_phone_scrolls_its_region_not_the_page(tmp_path: Path) -> None:
    """A 40-letter name is not broken: the standings' region scrolls sideways, by keyboard too."""
    from playwright.sync_api import expect

    from rotation.names import MAX_NAME_LENGTH

    long = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft"[:MAX_NAME_LENGTH]
    db = tmp_path / "club.db"
    done = chicago(db, "plan", long, "Ann", "Bob", "Cy", "--order", "given", "--rounds", "1", "--save", "one")
    assert done.returncode == 0, done.stderr
    assert chicago(db, "record", "one", "-r", "1", "--net", "N-S +234").returncode == 0
    with served(db) as server, browser() as launched:
        page = context(launched, 360).new_page()
        page.goto(server.links["season"])
        fits(page, 360, "a long name")
        region = page.get_by_role("region", name="Standings")
        assert region.evaluate("r => r.scrollWidth > r.clientWidth")
        for _ in range(30):  # the form's fields first, then the region
            page.keyboard.press("Tab")
            if region.evaluate("r => r === document.activeElement"):
                break
        else:
            pytest.fail("the standings' region is not reached by Tab")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => document.activeElement.scrollLeft > 0")
        expect(region).to_be_focused()
        page.screenshot(path=str(SHOTS / "chicago-season-real-long-name.png"), full_page=True)

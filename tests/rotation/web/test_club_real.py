"""The club's pages through the real server (the installed `chicago serve` with no evening, its own planner
process) and Chromium at 360 px, as a host takes them: members added to the roster, New evening with last
evening's players ticked, a scoring chosen, the preview, the start saving the plan previewed, the host
page. Then what a careless or hostile host types: each a 4xx with a sentence and the form kept, never a
500 or a 503, nothing cut without a word; and a roster of 250 members still plans."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.rotation.web.real import Server, browser, chicago, phone, served

AXE = Path(os.environ.get("CHICAGO_AXE", Path.home() / ".cache/chicago-axe/node_modules/axe-core/axe.min.js"))
AXE_RUN = """axe.run(document).then(r => r.violations.map(v => [v.id, v.impact, v.help,
    v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)]))"""
LAST = ("Ann", "Helen", "Doris", "Jean", "Shirley")
NARROW = 360


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A club that played one evening (the five of `LAST`, a week ago)."""
    path = tmp_path / "club.db"
    made = chicago(path, "plan", *LAST, "--order", "given", "--save", "last week", "--date", "2025-03-07")
    assert made.returncode == 0, made.stderr
    return path


@pytest.fixture
def server(db: Path) -> Iterator[Server]:
    with served(db) as running:
        yield running


def seating_words(exported: dict[str, Any]) -> list[str]:
    """Each table's seating of an exported evening, in the preview's words (`N Ann, E ... (deals first)`)."""
    words = []
    for rnd in exported["rounds"]:
        for table in rnd["tables"]:
            seats = [
                f"{seat[0].upper()} {table[seat]}"
                + (" (deals first)" if table["first_dealer"] == seat else "")
                for seat in ("north", "east", "south", "west")
            ]
            words.append(", ".join(seats))
    return words


def fits(page: Any, name: str) -> None:
    """The page fits 360 px without sideways scrolling; a screenshot for a look, outside the repository."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= NARROW, f"{name} scrolls sideways at {NARROW} px ({width})"
    page.screenshot(path=f"/tmp/chicago-club-real-{name}.png", full_page=True)


def test_a_club_night_planned_with_its_scoring_previewed_and_started(db: Path, server: Server) -> None:
    from playwright.sync_api import expect

    with browser() as launched:
        page = phone(launched)
        page.goto(server.links["host"])
        page.get_by_label("Add members, one a line").fill("Kim\nLou\nMax")
        page.get_by_role("button", name="Add to the roster").click()
        expect(page.get_by_role("status")).to_have_text("Added to the roster: Kim, Lou, Max.")
        fits(page, "club")
        page.get_by_role("link", name="New evening").click()
        expect(page.get_by_role("heading", name="New evening")).to_be_visible()
        for name in LAST:  # last evening's five, ticked for the host
            expect(page.get_by_label(name, exact=True)).to_be_checked()
        for name in ("Kim", "Lou", "Max"):
            expect(page.get_by_label(name, exact=True)).not_to_be_checked()
            page.get_by_label(name, exact=True).check()
        page.get_by_label("Shirley", exact=True).uncheck()
        page.get_by_label("Rounds", exact=True).fill("3")
        page.get_by_label("Evening name", exact=True).fill("Friday")
        page.locator("details.scoring summary").click()
        page.get_by_label("Russian scoring (IMPs against a high-card-point target)").check()
        page.get_by_label("Dealer's opponents vulnerable on deals 2-3").check()
        fits(page, "new")
        planning(page)
        expect(page.get_by_role("button", name="Start the evening")).to_be_visible(timeout=120_000)
        body = page.inner_text("body")
        said = (
            "Scoring: Russian scoring (IMPs against a high-card-point target), dealer's opponents vulnerable"
        )
        assert said in body and "tally in IMPs" in body, body
        previewed = [
            line.removeprefix("Table 1: ").removeprefix("Table 2: ")
            for line in body.splitlines()
            if line.startswith(("N ", "Table "))
        ]
        assert len(previewed) == 3 and "Round 3" in body  # 7 players: one table a round, 3 rounds
        fits(page, "preview")
        page.get_by_role("button", name="Start the evening").click()
        expect(page.locator("h1")).to_contain_text("Friday: host", timeout=120_000)
        fits(page, "host")
    exported = chicago(db, "export", "Friday")
    assert exported.returncode == 0, exported.stderr
    evening = json.loads(exported.stdout)
    assert evening["scoring"]["method"] == "russian" and evening["scoring"]["vulnerability"] == "nondealer"
    assert seating_words(evening) == [line for line in previewed if not line.startswith("Sits out")]
    players = chicago(db, "players")
    assert "Kim  (1 session)" in players.stdout and "Shirley  (1 session)" in players.stdout


def planning(page: Any) -> None:
    """Plan the evening, the page seen waiting first: the first submit held back in the page (a listener
    after the page's own), the button then says "Planning...", is disabled, and a second press sends
    nothing (counted in the page: a submit no listener prevented), however soon it comes; then the form
    goes."""
    from playwright.sync_api import expect

    hold = "() => document.addEventListener('submit', e => { if (window.held !== false) e.preventDefault() })"
    page.evaluate(hold)
    sent = "e => { window.sent = (window.sent || 0) + !e.defaultPrevented }"  # the submits that go
    page.evaluate(f"() => document.addEventListener('submit', {sent})")
    page.get_by_role("button", name="Plan the evening").click()
    expect(page.get_by_role("button", name="Planning...")).to_be_disabled()
    expect(page.get_by_text("Planning: many players take several seconds.")).to_be_visible()
    # a slow phone shows the page (pageshow) only after the press: the button stays waiting
    page.evaluate("() => window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: false}))")
    expect(page.get_by_role("button", name="Planning...")).to_be_disabled()
    page.evaluate(
        "() => { window.held = false; document.querySelector('form[action=\"/club/plan\"]').requestSubmit() }"
    )
    assert page.evaluate("() => window.sent || 0") == 0  # the second press sent nothing
    page.evaluate("() => document.querySelector('form[action=\"/club/plan\"]').submit()")
    expect(page.get_by_role("button", name="Start the evening")).to_be_visible(timeout=120_000)


def form_of(server: Server) -> dict[str, Any]:
    """The New evening form as the page posts it, for the club's host."""
    key = server.links["host"].rsplit("k=", 1)[1]
    return {
        "k": key,
        "play": list(LAST[:4]),
        "name": "Friday",
        "date": "2025-03-14",
        "seed": "7",
        "rounds": "2",
    }


@pytest.mark.parametrize(
    ("fields", "sentence"),
    [
        ({"name": "a/b"}, "the evening&#39;s name cannot start with -, hold a /"),
        ({"name": "Fri\x07day"}, "holds a control character"),
        ({"name": "N" * 2000}, "is 2000 characters long; at most 40"),
        ({"new": "Kim\u200b", "sure": "on"}, "holds an invisible formatting character (\\u200b)"),
        ({"new": "Bad\u202eName", "sure": "on"}, "holds an invisible formatting character (\\u202e)"),
        ({"new": "Kim\u200b"}, "holds an invisible formatting character (\\u200b)"),
        ({"new": "K" * 41, "sure": "on"}, "is 41 characters long; at most 40"),
        ({"new": "x" * 10_001}, "the New players box holds 10,001 characters; at most 10,000"),
        ({"away": "Ann 1-2"}, "Late or leaving early: write a name, a colon and the rounds away"),
        ({"method": "rubber"}, "unknown method &#39;rubber&#39;"),
        ({"method": "russian", "unit": "points"}, "Russian scoring tallies in IMPs"),
        ({"cycle": "none,sometimes"}, "unknown vulnerability step"),
        ({"date": "D" * 2000}, "Date: 2,000 characters is too long"),
        ({"rounds": "9" * 5000}, "Rounds: give a number from 1 to 40"),
    ],
)
def test_a_careless_or_hostile_form_is_a_sentence_with_the_form_kept(
    server: Server, fields: dict[str, str], sentence: str
) -> None:
    form = {**form_of(server), **fields}
    for action in ("plan", "start"):
        answer = httpx.post(f"{server.base}/club/{action}", data=form, timeout=120)
        assert answer.status_code == 400, (answer.status_code, answer.text[:300])
        assert "Not planned: " in answer.text and sentence in answer.text, answer.text[:2000]
        for name in LAST[:4]:  # the players ticked are ticked again
            assert re.search(f'value="{name}" checked', answer.text), name
        if "name" in fields and len(fields["name"]) < 100:
            assert f'id="name" name="name" value="{fields["name"]}"' in answer.text
    assert "Friday" not in chicago(server_db(server), "sessions").stdout


def server_db(server: Server) -> Path:
    """The database the server was started with (its command line's --db)."""
    args = server.process.args
    assert isinstance(args, list)
    return Path(args[args.index("--db") + 1])


def test_a_full_new_players_box_is_read_whole(server: Server) -> None:
    """Over 2,000 characters of new players (the old cut dropped the last thirteen): every line reaches
    the check, the last one too (a likely typo of Helen, refused by name)."""
    names = [f"Newcomer Number {n:03}" for n in range(100)]
    text = "\n".join([*names, "Hellen"])
    assert len(text) > 2000
    answer = httpx.post(f"{server.base}/club/plan", data={**form_of(server), "new": text}, timeout=120)
    assert answer.status_code == 400 and "did you mean &#39;Helen&#39;?" in answer.text
    assert "Newcomer Number 099\nHellen</textarea>" in answer.text


def test_a_roster_of_250_members_plans(db: Path) -> None:
    members = [f"Member {n:03}" for n in range(250)]
    added = chicago(db, "players", "--add", *members)
    assert added.returncode == 0, added.stderr
    with served(db) as server:
        key = server.links["host"].rsplit("k=", 1)[1]
        page = httpx.get(f"{server.base}/club/new", params={"k": key}, timeout=60)
        assert page.status_code == 200 and page.text.count('name="play"') == 255
        others = page.text.count('name="') - 255
        assert others < 40, others  # one box a player (sent only when ticked), no field more per player
        with browser() as launched:  # in a browser: the last evening's five ticked, four members more
            tab = phone(launched)
            tab.goto(f"{server.base}/club/new?k={key}")
            for name in members[:4]:
                tab.get_by_label(name, exact=True).check()
            tab.get_by_label("Rounds", exact=True).fill("1")
            tab.get_by_label("Evening name", exact=True).fill("Big club")
            tab.get_by_role("button", name="Plan the evening").click()
            tab.get_by_role("button", name="Start the evening").wait_for(timeout=120_000)
            assert "Member 003" in tab.inner_text("body") and "Shirley" in tab.inner_text("body")
        every = {**form_of(server), "play": [*LAST, *members]}
        refused = httpx.post(f"{server.base}/club/plan", data=every, timeout=120)
        assert refused.status_code == 400 and "at most 200 players, got 255" in refused.text
        assert len(re.findall(r'name="play" value="[^"]*" checked>', refused.text)) == 255  # still ticked


def test_members_typed_carelessly_are_told_and_kept(server: Server) -> None:
    key = server.links["host"].rsplit("k=", 1)[1]
    post = lambda **form: httpx.post(f"{server.base}/club/members", data={"k": key, **form}, timeout=60)  # noqa: E731
    near = post(members="Kim\nHellen")
    assert near.status_code == 400 and "did you mean &#39;Helen&#39;?" in near.text
    assert "Kim\nHellen</textarea>" in near.text and 'name="sure"' in near.text
    hidden = post(members="Bad\u202eName")
    assert hidden.status_code == 400 and "invisible formatting character" in hidden.text
    long = post(members="x" * 10_001)
    assert long.status_code == 400 and "at most 10,000" in long.text
    done = post(members="Kim\nHellen", sure="on")
    assert done.status_code == 200 and "Added to the roster: Kim, Hellen." in done.text
    assert "Kim  (0 sessions)" in chicago(server_db(server), "players").stdout


def test_the_club_pages_pass_axe_core(server: Server) -> None:
    """No serious or critical violation on the club page, New evening (scoring open), the preview and a
    refused form (axe-core from npm, outside the repo: injected, so the context bypasses the CSP)."""
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed ({AXE}): npm install --prefix ~/.cache/chicago-axe axe-core")
    axe = AXE.read_text()
    with browser() as launched:
        context = launched.new_context(viewport={"width": NARROW, "height": 740}, bypass_csp=True)
        page = context.new_page()

        def check(name: str) -> None:
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.add_script_tag(content=axe)
                bad = [v for v in page.evaluate(AXE_RUN) if v[1] in ("serious", "critical")]
                assert not bad, f"{name} ({scheme}): {bad}"

        page.goto(server.links["host"])
        check("club")
        page.get_by_role("link", name="New evening").click()
        page.locator("details.scoring summary").click()
        check("new")
        page.get_by_label("Evening name", exact=True).fill("a/b")
        page.get_by_role("button", name="Plan the evening").click()
        page.get_by_role("alert").wait_for()
        check("refused")
        page.get_by_label("Evening name", exact=True).fill("Friday")
        page.get_by_label("Rounds", exact=True).fill("2")
        page.get_by_role("button", name="Plan the evening").click()
        page.get_by_role("button", name="Start the evening").wait_for(timeout=120_000)
        check("preview")


def test_a_link_to_an_evening_no_name_can_have_is_gone_not_a_fault(server: Server) -> None:
    key = server.links["host"].rsplit("k=", 1)[1]
    for name in ("x" * 2000, "a\x07b", "a/b"):
        answer = httpx.get(f"{server.base}/club/evening", params={"k": key, "name": name}, timeout=60)
        assert answer.status_code == 410 and "no longer here" in answer.text, answer.text[:200]
    page = httpx.get(f"{server.base}/club/new", params={"k": key, "seed": "9" * 5000}, timeout=60)
    assert page.status_code == 200 and "but at most 8 rounds" in page.text  # the planner's default


def test_without_javascript_the_club_night_still_plans_and_starts(db: Path, server: Server) -> None:
    with browser() as launched:
        context = launched.new_context(viewport={"width": NARROW, "height": 740}, java_script_enabled=False)
        page = context.new_page()
        page.goto(server.links["host"])
        page.get_by_role("link", name="New evening").click()
        page.get_by_label("Shirley", exact=True).uncheck()
        page.get_by_label("Evening name", exact=True).fill("Plain")
        page.locator("details.scoring summary").click()  # a <details> opens without JavaScript
        page.get_by_label("Duplicate scoring (each deal alone)").check()
        page.get_by_role("button", name="Plan the evening").click()
        page.get_by_role("button", name="Start the evening").click()
        page.locator("h1", has_text="Plain: host").wait_for()
    evening = json.loads(chicago(db, "export", "Plain").stdout)
    assert evening["players"] and sorted(evening["players"]) == sorted(LAST[:4])
    assert evening["scoring"]["method"] == "duplicate"

"""A host's evening in a real browser through the real server: `chicago plan ... --save` at the terminal,
the installed `chicago serve NAME` in its own process (with its own planner process), and Chromium at
phone size. Every scoring method the project offers is scored with the table page's buttons and its total
checked against a value worked out by hand from the rules and against `chicago tally`; the host replans
several times as people come and go (a round in play included), and fixes and deletes a rubber."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.rotation.web.real import browser, chicago, phone, served

SHOTS = Path("/tmp")
"""Screenshots, to look at: never in the repository."""
AXE = Path(os.environ.get("CHICAGO_AXE", Path.home() / ".cache/chicago-axe/node_modules/axe-core/axe.min.js"))
AXE_RUN = """axe.run(document).then(r => r.violations.map(v => [v.id, v.impact, v.help,
    v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)]))"""

FIVE = ("Ann", "Bob", "Cy", "Di", "Ed")
PASS = "pass"


def plan(db: Path, *options: str, players: tuple[str, ...] = FIVE) -> None:
    done = chicago(db, "plan", *players, "--order", "given", "--save", "ev", "--history", "0", *options)
    assert done.returncode == 0, done.stderr


def accessible(page: Any, name: str) -> None:
    """The page fits 360 px and, light and dark, has no serious or critical axe-core violation (where
    axe-core is installed: `npm install --prefix ~/.cache/chicago-axe axe-core`)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, name
    if not AXE.exists():
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            page.evaluate(AXE.read_text(encoding="utf-8"))
            assert page.evaluate("typeof window.axe.run") == "function"
        bad = [v for v in page.evaluate(AXE_RUN) if v[1] in ("serious", "critical")]
        assert not bad, f"{name} ({scheme}): {bad}"
    page.emulate_media(color_scheme="light")


def pick(page: Any, name: str, value: str) -> None:
    """Press a button of the deal form as a thumb does: its label."""
    ident = page.locator(f"input[name='{name}'][value='{value}']").get_attribute("id")
    page.locator(f"label[for='{ident}']").click()


def add_with_buttons(page: Any, deal: dict[str, str] | str) -> None:
    """One deal entered with the buttons (a pass with its own button), waiting for the page to say so."""
    from playwright.sync_api import expect

    if deal == PASS:
        page.get_by_role("button", name="Passed out (redeal)").click()
        expect(page.get_by_role("status")).to_contain_text("Passed out added")
        return
    assert isinstance(deal, dict)
    before = page.locator("#live").get_attribute("data-entered")
    for name in ("level", "strain", "doubled", "declarer", "result", "honors"):
        if name in deal:
            pick(page, name, deal[name])
    if "hcp" in deal:
        page.fill("#hcp", deal["hcp"])
    page.get_by_role("button", name="Add deal").click()
    expect(page.locator("#live")).not_to_have_attribute("data-entered", before or "")
    expect(page.get_by_role("status")).to_contain_text("added")


def tally(db: Path) -> dict[str, Any]:
    done = chicago(db, "tally", "ev", "--json")
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def NT3(hcp: str = "", honors: str = "") -> dict[str, str]:
    deal = {"level": "3", "strain": "NT", "declarer": "N", "result": "="}
    return {**deal, **({"hcp": hcp} if hcp else {}), **({"honors": honors} if honors else {})}


def one(level: str, strain: str, declarer: str, honors: str = "") -> dict[str, str]:
    deal = {"level": level, "strain": strain, "declarer": declarer, "result": "="}
    return {**deal, **({"honors": honors} if honors else {})}


TWO_SPADES_MADE_9 = {"level": "2", "strain": "S", "declarer": "E", "result": "+1"}


@dataclass(frozen=True)
class Scored:
    """An evening's scoring as planned at the terminal, the deals a table enters with the buttons, and
    the rubber's N-S tally worked out by hand (see each case's comment)."""

    options: tuple[str, ...]
    deals: tuple[dict[str, str] | str, ...]
    ns_tally: int
    result: str
    honors: bool
    hcp: bool
    pad: tuple[str, str]
    """The pad's totals, N-S and E-W: points, or IMPs under Russian scoring."""
    vulnerable_on_2: str = field(default="")
    """On deal 2, whose side is vulnerable: the dealer's or the other's (the cycle shows on the page)."""


CASES = {
    # Chicago, the bulletin's Regular cycle: four 3NT made by N-S are four games: 4 x 100 below the line,
    # 300 for a game not vulnerable (deal 1, and one of deals 2-3, whose dealers sit on different sides)
    # and 500 vulnerable (the other of deals 2-3, and deal 4, both vulnerable); 150 for four aces held by
    # N-S at notrump: 400 + 2 x 300 + 2 x 500 + 150 = 2,150 points, +21.5 hundreds, half up: +22.
    "chicago": Scored(
        (),
        (NT3(honors="NS 150"), PASS, NT3(), NT3(), NT3()),
        22,
        "N-S +22",
        honors=True,
        hcp=False,
        pad=("2150", "0"),
        vulnerable_on_2="dealer",
    ),
    # Cavendish (the non-dealer's side vulnerable on deals 2-3), 100 for every part score outstanding,
    # tally in points: part scores only, so vulnerability changes nothing: E-W 20 (1C), N-S 20 (1D),
    # E-W 30 (1H), N-S 30 (1S); N-S's honors 100; after deal 4 both sides hold a part score, 100 each:
    # N-S 20 + 30 + 100 + 100 = 250, E-W 20 + 30 + 100 = 150: N-S +100 points.
    "cavendish": Scored(
        ("--vulnerability", "nondealer", "--premium", "outstanding", "--unit", "points"),
        (
            one("1", "C", "E", honors="NS 100"),
            one("1", "D", "N"),
            PASS,
            one("1", "H", "E"),
            one("1", "S", "N"),
        ),
        100,
        "N-S +100",
        honors=True,
        hcp=False,
        pad=("250", "150"),
        vulnerable_on_2="nondealer",
    ),
    # Duplicate (each deal alone): 2S by East making 9 tricks is 60 + 30 + 50 for a part score = 140,
    # whoever is vulnerable: 4 x 140 = 560 to E-W, 5.6 hundreds, half up: E-W +6.
    "duplicate": Scored(
        ("--scoring", "duplicate"),
        (TWO_SPADES_MADE_9, TWO_SPADES_MADE_9, TWO_SPADES_MADE_9, PASS, TWO_SPADES_MADE_9),
        -6,
        "E-W +6",
        honors=False,
        hcp=False,
        pad=("0", "560"),
    ),
    # Russian: 3NT made by N-S holding 25 high-card points, against seed 000's target for 25 (300 not
    # vulnerable, 440 vulnerable): not vulnerable 400 - 300 = 100, 3 IMPs (deal 1 and one of deals 2-3);
    # vulnerable 600 - 440 = 160, 4 IMPs (the other of deals 2-3, and deal 4): 3 + 3 + 4 + 4 = 14 IMPs.
    "russian": Scored(
        ("--scoring", "russian"),
        (NT3(hcp="25"), PASS, NT3(hcp="25"), NT3(hcp="25"), NT3(hcp="25")),
        14,
        "N-S +14",
        honors=False,
        hcp=True,
        pad=("14", "0"),
    ),
}


@pytest.mark.parametrize("method", list(CASES))
def test_a_rubber_scored_with_the_buttons_under_each_method(tmp_path: Path, method: str) -> None:
    from playwright.sync_api import expect

    case, db = CASES[method], tmp_path / "club.db"
    plan(db, *case.options)
    with served(db, "ev") as server, browser() as launched:
        page = phone(launched)
        page.goto(server.links["table 1"])
        assert (page.locator("input[name='honors']").count() > 0) is case.honors
        assert (page.locator("#hcp").count() > 0) is case.hcp
        words = page.inner_text("#add")
        assert ("honors" in words) is case.honors and ("hcp" in words) is case.hcp
        page.screenshot(path=str(SHOTS / f"chicago-table-{method}-360.png"), full_page=True)
        accessible(page, f"the table page ({method})")
        refused_as_the_scoring_says(page, case)
        for number, deal in enumerate(case.deals, 1):
            if number == 2 and case.vulnerable_on_2:
                said_vulnerable(page, case.vulnerable_on_2)
            add_with_buttons(page, deal)
        expect(page.locator(".result")).to_have_text(case.result)
        total = page.locator("tr", has_text="Total").locator("th.num")
        assert tuple(total.all_inner_texts()) == case.pad
        accessible(page, f"the table page, the rubber complete ({method})")
        page.screenshot(path=str(SHOTS / f"chicago-table-{method}-done-360.png"), full_page=True)
    sheet = tally(db)
    assert [rubber["ns_tally"] for rubber in sheet["rubbers"]] == [case.ns_tally]


def refused_as_the_scoring_says(page: Any, case: Scored) -> None:
    """What the evening's scoring lacks or refuses is said on the page, and what was chosen or typed is
    kept: Russian's high-card points left out; honors typed where they do not count."""
    from playwright.sync_api import expect

    if case.hcp:
        for name, value in NT3().items():
            pick(page, name, value)
        page.get_by_role("button", name="Add deal").click()
        expect(page.get_by_role("alert")).to_contain_text("choose N-S's high-card points, or type the deal")
        assert page.locator("input[name='level'][value='3']").is_checked()
        assert page.locator("input[name='strain'][value='NT']").is_checked()
    if not case.honors:
        page.fill("#deal", "4S N = honors NS 100")
        page.get_by_role("button", name="Add deal").click()
        expect(page.get_by_role("alert")).to_contain_text("honors count only in chicago scoring")
        assert page.input_value("#deal") == "4S N = honors NS 100"
        page.fill("#deal", "")
    assert page.locator("#live").get_attribute("data-entered") == "0"


def said_vulnerable(page: Any, whose: str) -> None:
    """The page's sentence for the next deal names the dealer's seat and the side vulnerable: on deal 2
    of the Regular cycle the dealer's side, of Cavendish the other side."""
    line = page.locator("#live p", has_text="deals,").inner_text()
    found = re.search(r"\((North|East|South|West)\) deals, (N-S|E-W) vulnerable", line)
    assert found is not None, line
    dealer_side = "N-S" if found[1] in ("North", "South") else "E-W"
    assert (found[2] == dealer_side) is (whose == "dealer"), line


def host_replans(page: Any) -> None:
    page.get_by_role("button", name="Replan the rounds to come").click()


def ticks(page: Any) -> dict[str, bool]:
    boxes = page.locator("input[name='play']")
    return {boxes.nth(i).get_attribute("value"): boxes.nth(i).is_checked() for i in range(boxes.count())}


def test_the_host_replans_again_and_again_as_people_come_and_go(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "club.db"
    plan(db)
    with served(db, "ev") as server, browser() as launched:
        table, host = phone(launched), phone(launched)
        table.goto(server.links["table 1"])
        table.fill("#deal", "3NT N =")
        table.get_by_role("button", name="Add deal").click()
        expect(table.get_by_role("status")).to_contain_text("Deal 1 added")
        host.goto(server.links["host"])
        assert list(ticks(host)) == ["Ann", "Bob", "Cy", "Di", "Ed"]  # alphabetical, as a host looks

        # a round in play: refused with what to do, and what the host ticked and typed kept
        host.get_by_label("Ed", exact=True).uncheck()
        host.fill("#new", "Fay")
        host_replans(host)
        alert = host.get_by_role("alert")
        expect(alert).to_contain_text("round 1, table 1 has a result already")
        expect(alert).to_contain_text("finish the round or delete its results first")
        assert ticks(host) == {"Ann": True, "Bob": True, "Cy": True, "Di": True, "Ed": False}
        assert host.input_value("#new") == "Fay"
        host.screenshot(path=str(SHOTS / "chicago-host-refused-360.png"), full_page=True)
        accessible(host, "the host page, a replan refused")

        # the round finished at the table, the same form sent again
        for typed in ("3NT N =", "2S E +1", "4H S ="):
            table.fill("#deal", typed)
            table.get_by_role("button", name="Add deal").click()
            expect(table.get_by_role("status")).to_contain_text("added")
        host_replans(host)
        expect(host.get_by_role("status")).to_contain_text("Replanned from round 2: Fay joined; Ed left.")
        assert ticks(host) == {"Ann": True, "Bob": True, "Cy": True, "Di": True, "Ed": False, "Fay": True}

        # a name typed a letter off a known player's: "did you mean", the form kept
        host.fill("#new", "Bobb")
        host_replans(host)
        expect(host.get_by_role("alert")).to_contain_text("did you mean 'Bob'?")
        assert host.input_value("#new") == "Bobb"
        assert ticks(host)["Ed"] is False and ticks(host)["Fay"] is True

        # an arrival alone after someone left: Ed, gone already, need not be named again
        assert (
            chicago(
                db, "record", "ev", "-r", "2", *["pass", "1C E =", "1D N =", "1H E =", "1S N ="]
            ).returncode
            == 0
        )
        host.goto(server.links["host"])
        host.fill("#new", "Gus")
        host_replans(host)
        expect(host.get_by_role("status")).to_contain_text("Replanned from round 3: Gus joined.")
        assert ticks(host) == {n: n != "Ed" for n in ("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus")}

        # someone leaves, nobody arrives
        host.get_by_label("Bob", exact=True).uncheck()
        host_replans(host)
        expect(host.get_by_role("status")).to_contain_text("Replanned from round 3: Bob left.")
        assert [name for name, here in ticks(host).items() if not here] == ["Bob", "Ed"]
        accessible(host, "the host page, replanned")
        host.screenshot(path=str(SHOTS / "chicago-host-replanned-360.png"), full_page=True)

    # the terminal sees the same evening, and a later replan there need not name Ed or Bob gone again
    here = ("Ann", "Cy", "Di", "Fay", "Gus")
    again = chicago(db, "plan", *here, "--keep", "ev", "--save", "ev", "--order", "given")
    assert again.returncode == 0, again.stderr
    typo = chicago(
        db, "plan", *here[:-1], "--keep", "ev", "--save", "ev", "--order", "given", "--gone", "Guss"
    )
    assert typo.returncode == 2
    assert "did you mean 'Gus'?" in typo.stderr


def test_the_host_fixes_and_deletes_a_rubber(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "club.db"
    plan(db)
    recorded = chicago(db, "record", "ev", "-r", "1", "3NT N =", "3NT N =", "3NT N =", "3NT N =")
    assert recorded.returncode == 0, recorded.stderr
    with served(db, "ev") as server, browser() as launched:
        host = phone(launched)
        host.goto(server.links["host"])
        rubber = host.locator(".box", has_text="Round 1, table 1")
        rubber.get_by_text("Fix or delete").click()
        # a deal that cannot be: the sentence, and what was typed kept
        rubber.locator("textarea").fill("3NT N =\n7NT N +1")
        rubber.get_by_role("button", name="Replace the deals").click()
        expect(host.get_by_role("alert")).to_contain_text("Round 1, table 1:")
        assert (
            host.locator(".box", has_text="Round 1, table 1")
            .locator("textarea")
            .input_value()
            .endswith("7NT N +1")
        )
        fixed = ("1C E =", "1D N =", "1H E =", "1S N =")
        rubber = host.locator(".box", has_text="Round 1, table 1")
        rubber.locator("textarea").fill("\n".join(fixed))
        rubber.get_by_role("button", name="Replace the deals").click()
        # E-W 20 + 30, N-S 20 + 30 and the 100 for a part score made on deal 4: N-S +100, +1 hundred
        expect(host.locator(".box", has_text="Round 1, table 1")).to_contain_text("complete: N-S +1")
        assert [r["ns_tally"] for r in tally(db)["rubbers"]] == [1]
        rubber = host.locator(".box", has_text="Round 1, table 1")
        rubber.get_by_text("Fix or delete").click()
        rubber.get_by_role("button", name="Delete this rubber").click()
        expect(host.locator(".box", has_text="Round 1, table 1")).to_contain_text("not started")
        host.screenshot(path=str(SHOTS / "chicago-host-deleted-360.png"), full_page=True)
    assert tally(db)["rubbers"] == []

"""A real browser on a phone-sized screen: Playwright drives Debian's Chromium against the installed
`chicago serve` serving the bulletin's evening; the four deals of the bulletin's example go in through
the Deal box, the page says E-W +10, and the standings page shows what `chicago tally` prints."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from tests.rotation.web.real import CHROMIUM, CHROMIUM_ARGS
from tests.rotation.web.real import served as real_served
from tests.rotation.web.real import sync_playwright_or_skip as browser_or_skip

ARGS = list(CHROMIUM_ARGS)
SCREENSHOTS = Path("/tmp")
"""Where the screenshots go: never into the repository."""


@pytest.fixture
def served(db: Path) -> Iterator[dict[str, str]]:
    """The bulletin's five players saved as ``ev`` and served by the installed `chicago serve`."""

    runner = CliRunner()
    result = runner.invoke(
        app, ["plan", "Ann", "Helen", "Doris", "Jean", "Shirley", "--order", "given", "--save", "ev"]
    )
    assert result.exit_code == 0, result.output
    with real_served(db, "ev") as server:
        yield server.links


def test_a_rubber_entered_on_a_phone_in_a_real_browser(served: dict[str, str], db: Path) -> None:
    sync_playwright = browser_or_skip()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
            page.goto(served["table 1"])
            assert "Ann (South) deals, nobody vulnerable" in page.inner_text("body")
            page.screenshot(path=str(SCREENSHOTS / "chicago-table-start.png"), full_page=True)
            for number, deal in enumerate(["2S E +1", "3NT N -2", "6S W =", "2D N ="], 1):
                page.get_by_label("Deal").fill(deal)
                page.get_by_role("button", name="Add deal").click()
                page.wait_for_load_state()
                if number == 2:
                    page.screenshot(path=str(SCREENSHOTS / "chicago-table-playing.png"), full_page=True)
            body = page.inner_text("body")
            assert "E-W +10" in body and "The rubber is complete." in body
            page.screenshot(path=str(SCREENSHOTS / "chicago-table-done.png"), full_page=True)
            page.goto(served["standings"])
            page.screenshot(path=str(SCREENSHOTS / "chicago-standings.png"), full_page=True)
            rows = page.locator("table tr").all_inner_texts()
        finally:
            browser.close()
    tally = json.loads(CliRunner().invoke(app, ["tally", "ev", "--json"]).output)
    shown = {row.split("\t")[1]: row.split("\t")[2] for row in rows[1:]}
    expected = {
        p["name"]: (f"+{p['total']}" if p["total"] > 0 else str(p["total"])) for p in tally["players"]
    }
    assert shown == expected
    assert expected["Jean"] == "+10" and expected["Ann"] == "-10"


def test_a_deal_entered_with_the_buttons_in_a_real_browser(served: dict[str, str], db: Path) -> None:
    """Tapping the labels of the radio buttons (no JavaScript on the page) and Add deal records the deal."""
    sync_playwright = browser_or_skip()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(
                viewport={"width": 390, "height": 844}, device_scale_factor=2, java_script_enabled=False
            )
            page.goto(served["table 1"])
            page.locator("label[for=level-7]").click()  # a grand slam cannot make overtricks: greyed
            opacity = "getComputedStyle(document.querySelector('label[for=result-2]')).opacity"
            assert page.evaluate(opacity) == "0.25"
            for field, label in [("level", "2"), ("strain", "♠"), ("declarer", "E"), ("result", "+1")]:
                page.locator(f"fieldset.pick:has(input[name={field}]) label", has_text=label).first.click()
            assert page.locator("input[name=strain]:checked").get_attribute("value") == "S"
            assert page.evaluate(opacity) == "1"
            box = page.locator("label[for=level-1]").bounding_box()
            assert box is not None and box["height"] >= 44
            page.screenshot(path=str(SCREENSHOTS / "chicago-table-buttons.png"), full_page=True)
            page.get_by_role("button", name="Add deal").click()
            page.wait_for_load_state()
            body = page.inner_text("body")
            page.screenshot(path=str(SCREENSHOTS / "chicago-table-buttons-added.png"), full_page=True)
            page.set_viewport_size({"width": 360, "height": 740})
            page.locator("label[for=level-4]").click()
            page.get_by_role("button", name="Add deal").click()  # incomplete: the page says what is missing
            page.wait_for_load_state()
            assert "choose the strain, the declarer and the result" in page.inner_text("body")
            assert (
                page.evaluate("document.documentElement.scrollWidth") <= 360
            )  # nothing wider than the phone
            page.screenshot(path=str(SCREENSHOTS / "chicago-table-buttons-360.png"), full_page=True)
        finally:
            browser.close()
    assert "2S E +1" in body and "Deal 2: Jean (West) deals" in body

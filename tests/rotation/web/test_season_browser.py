"""The season's page in a real browser (Playwright, Debian's Chromium): on a 360 px phone nothing is wider
than the screen, the table shows rank, player and what ranks, the rest under each name; on a wall screen
(`wall=1`) the type is large and every column shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.rotation.cli.test_evening_season import season
from tests.rotation.web.real import served as real_served
from tests.rotation.web.test_browser import ARGS, CHROMIUM, SCREENSHOTS, browser_or_skip

__all__ = ["season"]


@pytest.fixture
def served(season: None, db: Path) -> Iterator[str]:
    """The season's link, served by the installed `chicago serve`."""

    with real_served(db) as server:
        yield server.links["season"]


def test_the_season_on_a_phone_and_on_a_wall(served: str) -> None:
    sync_playwright = browser_or_skip()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=2)
            page.goto(served + "&by=points&best=2")
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert "ranked by points" in page.inner_text("body")
            header = page.locator("table.season tr").first.inner_text().split()
            assert header == ["rank", "player", "points"]
            assert "played 6" in page.locator("table.season tr").nth(1).inner_text()
            page.screenshot(path=str(SCREENSHOTS / "chicago-season-360.png"), full_page=True)
            page.get_by_role("link", name="Bob").click()
            page.wait_for_load_state()
            assert "Partners: Ann, Cy, Di" in page.inner_text("body")
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            page.screenshot(path=str(SCREENSHOTS / "chicago-season-player-360.png"), full_page=True)
            wall = browser.new_page(viewport={"width": 1920, "height": 1080})
            wall.goto(served + "&wall=1")
            size = wall.evaluate(
                "parseFloat(getComputedStyle(document.querySelector('table.season')).fontSize)"
            )
            assert size >= 30
            assert wall.locator("table.season tr").first.inner_text().split()[:3] == [
                "rank",
                "player",
                "total",
            ]
            assert "rating" in wall.locator("table.season tr").first.inner_text()
            wall.screenshot(path=str(SCREENSHOTS / "chicago-season-wall.png"))
        finally:
            browser.close()

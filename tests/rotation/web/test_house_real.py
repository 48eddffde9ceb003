"""House rules through the real server (the installed `chicago serve` with no evening) and Chromium at
360 px: the club's own house from houses.toml beside the database chosen on New evening, the evening
started, its name on the host page and a table's page, and kept for `chicago show`."""

from __future__ import annotations

import re
from pathlib import Path

from tests.rotation.web.real import browser, chicago, phone, served

FOUR = ("Ann", "Helen", "Doris", "Jean")


def test_a_clubs_own_house_chosen_on_new_evening(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "club.db"
    made = chicago(db, "plan", *FOUR, "--order", "given", "--save", "last week", "--date", "2025-03-07")
    assert made.returncode == 0, made.stderr
    (tmp_path / "houses.toml").write_text('[wednesday]\nlike = "cavendish"\npremium = "outstanding"\n')
    with served(db) as server, browser() as launched:
        page = phone(launched)
        page.goto(server.links["host"])
        page.get_by_role("link", name="New evening").click()
        expect(page.get_by_role("heading", name="New evening")).to_be_visible()
        page.get_by_label("Evening name", exact=True).fill("Wed")
        page.locator("details.scoring summary").click()
        page.get_by_label("wednesday", exact=True).check()
        page.get_by_role("button", name="Plan the evening").click()
        expect(page.get_by_role("button", name="Start the evening")).to_be_visible(timeout=120_000)
        said = "Scoring: House rules wednesday: Chicago scoring, dealer's opponents vulnerable on deals 2-3"
        expect(page.locator("body")).to_contain_text(said)
        page.get_by_role("button", name="Start the evening").click()
        expect(page.locator("h1")).to_contain_text("Wed: host", timeout=120_000)
        expect(page.locator("body")).to_contain_text("House rules wednesday")
        expect(page.locator("body")).to_contain_text("100 for each part score outstanding")
        page.get_by_role("link", name=re.compile(r"^Table 1")).first.click()
        expect(page.locator("body")).to_contain_text("House rules: wednesday")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360
    shown = chicago(db, "show", "Wed")
    assert "House rules wednesday" in " ".join(shown.stdout.split())

"""The host page's Changes in process (TestClient): the latest changes, newest first, the rest left to
`chicago log`; no other link's page shows them. The real server's are in test_changes_real."""

from __future__ import annotations

import html
import re

from rotation.services import rubbers
from rotation.services.database import open_store
from rotation.web.evening import HOST_CHANGES
from tests.rotation.web.conftest import Evening


def test_the_host_page_shows_the_latest_changes_newest_first(evening: Evening) -> None:
    with open_store(evening.db) as store:
        for _ in range(30):
            rubbers.add_deals(store, "ev", 1, 1, [rubbers.parse_deal("pass")])
            rubbers.undo_deal(store, "ev", 1, 1)
        rubbers.add_deals(store, "ev", 1, 1, [rubbers.parse_deal("2S E +1")])
    page = evening.get("host").text
    section = page[page.index("<h2>Changes</h2>") :]
    assert section.count("<li>") == HOST_CHANGES == 50
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", section)).split())
    assert "(the latest 50)" in words and f"Earlier changes ({HOST_CHANGES - 8})" in words
    assert words.index(
        "1 deal added at round 1, table 1: nothing -> 2S E +1".replace("->", "→")
    ) < words.index("last deal taken back")
    assert "evening saved" not in words  # change 1 of 62: past the latest 50
    for label in ("table 1", "standings"):
        assert "<h2>Changes</h2>" not in evening.get(label).text

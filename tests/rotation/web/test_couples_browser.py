"""A couples' party planned on the club page through the real server (issue 27): the host ticks four
couples, types them in the Couples box, ticks Mixed, and the preview's seating (read off the page) keeps
every couple apart with every partnership mixed; started, the evening keeps its couples. A couple typed
wrongly is a 400 with the sentence, the form kept."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.rotation.web.real import Server, browser, chicago, phone, served

COUPLES = (("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal"))
NAMES = tuple(name for couple in COUPLES for name in couple)
SEAT = re.compile(r"([NESW]) ([A-Za-z]+)(?: \(deals first\))?")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A club whose last evening the eight played (so New evening ticks them), served whole."""
    db = tmp_path / "club.db"
    made = chicago(db, "plan", *NAMES, "--order", "given", "--save", "last week", "--date", "2025-03-07")
    assert made.returncode == 0, made.stderr
    with served(db) as running:
        yield running


def test_a_host_plans_a_couples_party_and_the_plan_shown_keeps_them_apart(
    server: Server, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    with browser() as launched:
        page = phone(launched)
        page.goto(server.links["host"])
        page.get_by_role("link", name="New evening").click()
        for name in NAMES:
            expect(page.get_by_label(name, exact=True)).to_be_checked()
        page.get_by_label("Couples, one a line").fill("\n".join(f"{a}+{b}" for a, b in COUPLES))
        page.get_by_label("Mixed partnerships").check()
        page.get_by_label("Evening name", exact=True).fill("Party")
        page.get_by_role("button", name="Plan the evening").click()
        expect(page.get_by_role("button", name="Start the evening")).to_be_visible(timeout=120_000)
        body = page.inner_text("body")
        tables = [line.removeprefix("Table 1: ").removeprefix("Table 2: ") for line in body.splitlines()]
        tables = [line for line in tables if line.startswith("N ")]
        assert len(tables) == 6 and "Round 3" in body and "Round 4" not in body, body
        couple_of = {name: c for c, couple in enumerate(COUPLES) for name in couple}
        firsts = {a for a, _ in COUPLES}
        partners: Counter[tuple[str, str]] = Counter()
        for line in tables:
            seats = dict(SEAT.findall(line))
            assert len({couple_of[name] for name in seats.values()}) == 4, f"a couple at one table: {line}"
            for p, q in ((seats["N"], seats["S"]), (seats["E"], seats["W"])):
                first, second = (p, q) if p in firsts else (q, p)
                assert first in firsts and second not in firsts, f"{p}+{q} is not mixed"
                partners[first, second] += 1
        assert len(partners) == 12 and set(partners.values()) == {1}
        assert "kept apart, never partners and never at one table" in body
        page.get_by_role("button", name="Start the evening").click()
        expect(page.locator("h1")).to_contain_text("Party: host", timeout=120_000)
    exported = json.loads(chicago(tmp_path / "club.db", "export", "Party").stdout)
    assert exported["couples"] == [list(c) for c in COUPLES] and exported["mixed"] is True


def test_a_couple_typed_wrongly_is_a_400_with_the_form_kept(server: Server) -> None:
    """A couple naming someone not playing: a 400, the sentence with the near miss, the box kept."""
    key = server.links["host"].rsplit("k=", 1)[1]
    form = {"k": key, "play": list(NAMES), "name": "Party", "seed": "7", "couples": "Ann+Bbo\nCat+Dan"}
    answer = httpx.post(f"{server.base}/club/plan", data=form, timeout=120)
    assert answer.status_code == 400, answer.text[:300]
    assert "Not planned: " in answer.text and "did you mean &#39;Bob&#39;?" in answer.text
    assert "Ann+Bbo\nCat+Dan</textarea>" in answer.text
    mixed = {**form, "couples": "Ann+Bob", "mixed": "on"}
    answer = httpx.post(f"{server.base}/club/plan", data=mixed, timeout=120)
    assert answer.status_code == 400 and "every player in a couple, but Cat is in none" in answer.text
    assert 'name="mixed" checked' in answer.text

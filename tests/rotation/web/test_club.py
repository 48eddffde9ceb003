"""The club's pages (`chicago serve` with no evening) in process: the evenings listed, a new evening
planned, previewed and started, its host page, the cards, a replan; and what they refuse."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.rotation.web.conftest import save
from tests.rotation.web.test_pages import text


class Club:
    def __init__(self, db: Path) -> None:
        from starlette.testclient import TestClient

        from rotation.plan import plan
        from rotation.services.club import club_links
        from rotation.services.database import open_store
        from rotation.web.app import create_app

        with open_store(db) as store:
            links = club_links(store, "http://testserver")
        self.host = parse_qs(urlsplit(links.host).query)["k"][0]
        self.season = parse_qs(urlsplit(links.season).query)["k"][0]
        self.client = TestClient(create_app(db, None, planner=plan))

    def plan(self, action: str = "plan", **fields: Any) -> Any:
        form = {"k": self.host, "name": "Friday", "date": "2025-03-14", "seed": "7", **fields}
        return self.client.post(f"/club/{action}", data=form, follow_redirects=False)


@pytest.fixture
def club(db: Path) -> Club:
    save(db, "ev", "Ann", "Helen", "Doris", "Jean", "Shirley")
    return Club(db)


def test_the_club_lists_its_evenings_and_opens_their_host_pages(club: Club) -> None:
    page = club.client.get("/club", params={"k": club.host})
    assert page.status_code == 200 and "New evening" in page.text and ">ev</a>" in page.text
    opened = club.client.get("/club/evening", params={"k": club.host, "name": "ev"})
    assert opened.status_code == 200 and "ev: host" in text(opened.text)
    assert "Table 1" in opened.text and "data:image/svg+xml" in opened.text


def test_a_new_evening_previewed_then_started(club: Club) -> None:
    form = club.client.get("/club/new", params={"k": club.host})
    assert form.status_code == 200 and 'value="Shirley"' in form.text and "Plan the evening" in form.text
    played = ["Ann", "Helen", "Doris", "Jean"]
    preview = club.plan(play=played, new="Kim: 1", rounds="5")
    said = text(preview.text)
    assert preview.status_code == 200 and "Balance: each pair there all evening partners" in said, said
    assert "Start the evening" in said and "Round 5" in said and "Kim" in said
    started = club.plan("start", play=played, new="Kim: 1", rounds="5")
    assert started.status_code == 303 and "/e/" in started.headers["location"]
    host = club.client.get(started.headers["location"])
    assert host.status_code == 200 and "Friday: host" in text(host.text)
    again = club.plan("start", play=played, new="Kim: 1", rounds="5")
    assert again.status_code == 400 and "saved as 'Friday' already" in text(again.text)


def test_what_cannot_be_planned_is_said(club: Club) -> None:
    few = club.plan(play=["Ann", "Helen"])
    assert few.status_code == 400 and "at least four players" in text(few.text)
    bad = club.plan(play=["Ann", "Helen", "Doris", "Jean"], rounds="x", date="tomorrow")
    assert bad.status_code == 400 and "Rounds: give a number" in text(bad.text)


def test_a_near_miss_of_a_known_player_is_refused_until_the_host_says_it_is_new(club: Club) -> None:
    """'Hellen' typed under New players is likely Helen: refused with the suggestion and a box to tick;
    ticked, Hellen is a new player. The same on the host page's replan."""
    played = ["Ann", "Doris", "Jean", "Shirley"]
    typo = club.plan(play=played, new="Hellen", rounds="4")
    said = text(typo.text)
    assert typo.status_code == 400 and "did you mean 'Helen'?" in said and 'name="sure"' in typo.text
    sure = club.plan(play=played, new="Hellen", rounds="4", sure="on")
    assert sure.status_code == 200 and "Start the evening" in text(sure.text)
    assert 'name="sure" value="on"' in sure.text  # carried to the start button
    page = club.client.get("/club/evening", params={"k": club.host, "name": "ev"})
    key = parse_qs(urlsplit(str(page.url)).query)["k"][0]
    evening = urlsplit(str(page.url)).path.rsplit("/", 1)[0]
    replan = {"k": key, "play": ["Ann", "Helen", "Doris", "Jean", "Shirley"], "new": "Dorris"}
    refused = club.client.post(f"{evening}/host/replan", data=replan)
    assert refused.status_code == 400 and "did you mean 'Doris'?" in text(refused.text)
    assert 'name="sure"' in refused.text
    done = club.client.post(f"{evening}/host/replan", data={**replan, "sure": "on"})
    assert done.status_code == 200 and "Dorris joined" in text(done.text)


def test_the_club_refuses_wrong_and_season_tokens(club: Club) -> None:
    for key in ("", "0123456789abcdef0123456789abcdef", club.season):
        for path in ("/club", "/club/new", "/club/evening?name=ev"):
            refused = club.client.get(path, params={"k": key})
            assert refused.status_code == 403 and "host" in text(refused.text), (path, key)
        form = {"k": key, "name": "x", "play": ["Ann", "Helen", "Doris", "Jean"]}
        assert club.client.post("/club/plan", data=form).status_code == 403
        assert club.client.post("/club/start", data=form).status_code == 403
    page = club.client.get("/club/evening", params={"k": club.host, "name": "ev"})
    evening = urlsplit(str(page.url)).path.rsplit("/", 1)[0]
    assert club.client.get(f"{evening}/host", params={"k": club.host}).status_code == 403
    assert club.client.get(f"{evening}/host", params={"k": club.season}).status_code == 403
    assert club.client.get("/e/nosuch/host", params={"k": club.host}).status_code in (403, 410)


def test_the_club_forms_refuse_another_site(club: Club) -> None:
    evil = {"Origin": "http://evil.example"}
    form = {"k": club.host, "name": "x", "play": ["Ann", "Helen", "Doris", "Jean"]}
    for action in ("plan", "start"):
        refused = club.client.post(f"/club/{action}", data=form, headers=evil)
        assert refused.status_code == 403 and "did not come from this server" in text(refused.text)
    page = club.client.get("/club/evening", params={"k": club.host, "name": "ev"})
    key = parse_qs(urlsplit(str(page.url)).query)["k"][0]
    evening = urlsplit(str(page.url)).path.rsplit("/", 1)[0]
    replan = {"k": key, "play": ["Ann", "Helen", "Doris", "Jean", "Shirley"], "new": "Zed"}
    assert club.client.post(f"{evening}/host/replan", data=replan, headers=evil).status_code == 403


def test_the_cards_and_a_replan_from_the_host_page(club: Club) -> None:
    from pypdf import PdfReader

    page = club.client.get("/club/evening", params={"k": club.host, "name": "ev"})
    key = parse_qs(urlsplit(str(page.url)).query)["k"][0]
    evening = urlsplit(str(page.url)).path.rsplit("/", 1)[0]
    cards = club.client.get(f"{evening}/cards.pdf", params={"k": key})
    assert cards.status_code == 200 and cards.headers["content-type"] == "application/pdf"
    words = "".join(p.extract_text() for p in PdfReader(io.BytesIO(cards.content)).pages)
    assert all(name in words for name in ("Ann", "Helen", "Doris", "Jean", "Shirley"))
    table = club.client.get(f"{evening}/t/1", params={"k": key})
    assert club.client.get(f"{evening}/cards.pdf", params={"k": "x" * 32}).status_code == 403
    assert table.status_code == 200
    replan = {"k": key, "play": ["Ann", "Helen", "Doris", "Jean"], "new": "Zed\nKim"}
    done = club.client.post(f"{evening}/host/replan", data=replan)
    said = text(done.text)
    assert done.status_code == 200 and "Replanned from round 1: Zed and Kim joined; Shirley left." in said


def test_the_manifest_and_the_script_are_served(club: Club) -> None:
    manifest = club.client.get("/manifest.webmanifest").json()
    assert manifest["display"] == "standalone" and manifest["icons"][0]["src"] == "/static/icon.svg"
    assert club.client.get("/static/table.js").headers["content-type"].startswith("text/javascript")
    assert club.client.get("/static/live.js").headers["content-type"].startswith("text/javascript")
    assert club.client.get("/static/icon.svg").status_code == 200
    assert club.client.get("/static/nosuch.js").status_code == 404
    home = club.client.get("/")
    assert home.status_code == 403 and "link printed on your table card" in text(home.text)

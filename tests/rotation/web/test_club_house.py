"""House rules on the club's New evening (in process, as tests/rotation/web/test_club.py): the presets
and the club's own houses offered, an evening started by a house keeps and shows its name on the host,
table, player and standings pages, a choice beside the house wins, and a house that cannot be had is a 400
with a sentence, the form kept."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tests.rotation.web.test_club import Club, club  # noqa: F401  (the fixture)
from tests.rotation.web.test_pages import text

PLAYED = ["Ann", "Helen", "Doris", "Jean"]


def started(club: Club, **fields: str) -> str:  # noqa: F811
    """The host page of an evening started with ``fields``, its text."""
    made = club.plan("start", play=PLAYED, rounds="3", **fields)
    assert made.status_code == 303, text(made.text)
    host = club.client.get(made.headers["location"])
    assert host.status_code == 200
    return host.text


def test_new_evening_offers_the_presets_and_the_clubs_own(club: Club, db: Path) -> None:  # noqa: F811
    (db.parent / "houses.toml").write_text('[wednesday]\nlike = "cavendish"\npremium = "outstanding"\n')
    page = club.client.get("/club/new", params={"k": club.host})
    assert page.status_code == 200
    offered = re.findall(r'name="house" value="([^"]*)"', page.text)
    assert offered == [
        "",
        "bulletin",
        "cavendish",
        "four-deal",
        "russian",
        "outstanding",
        "six-deal",
        "wednesday",
    ]
    assert "100 for each part score outstanding" in text(page.text)


def test_an_evening_by_house_rules_shows_its_name_on_every_page(club: Club) -> None:  # noqa: F811
    host = started(club, house="cavendish")
    said = text(host)
    assert "Scoring: House rules cavendish: Chicago scoring, dealer's opponents vulnerable" in said
    table = re.search(r'href="([^"]*/t/1[^"]*)"', host)
    assert table is not None
    page = club.client.get(table.group(1).replace("&amp;", "&"))
    assert page.status_code == 200 and "House rules: cavendish" in text(page.text)
    standings = re.search(r'href="([^"]*/standings[^"]*)"', host)
    assert standings is not None
    shown = club.client.get(standings.group(1).replace("&amp;", "&"))
    assert "House rules cavendish" in text(shown.text)
    player = re.search(r'href="([^"]*/p/0[^"]*)"', shown.text)
    assert player is not None
    mine = club.client.get(player.group(1).replace("&amp;", "&"))
    assert mine.status_code == 200 and "House rules: cavendish" in text(mine.text)
    cards = club.client.get(club_host_url(host))
    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(cards.content)).pages
    assert pages and all("cavendish" in page.extract_text() for page in pages)


def club_host_url(host: str) -> str:
    """The host page's cards link, from the page."""
    found = re.search(r'href="([^"]*/cards\.pdf[^"]*)"', host)
    assert found is not None
    return found.group(1).replace("&amp;", "&")


def test_a_choice_beside_the_house_wins(club: Club) -> None:  # noqa: F811
    """Russian's cycle is the dealer's side's (seed 000's worked example); nondealer chosen beside it wins."""
    said = text(started(club, house="russian", vulnerability="nondealer"))
    assert "House rules russian (varied): Russian scoring" in said
    assert "dealer's opponents vulnerable on deals 2-3, tally in IMPs" in said


def test_the_preview_says_the_house_and_keeps_it_for_the_start(club: Club) -> None:  # noqa: F811
    preview = club.plan(play=PLAYED, rounds="3", house="four-deal")
    assert preview.status_code == 200
    assert "Scoring: House rules four-deal: Duplicate scoring" in text(preview.text)
    assert '<input type="hidden" name="house" value="four-deal">' in preview.text


@pytest.mark.parametrize(
    ("house", "fragment"),
    [
        ("casual", "no house rules 'casual'"),
        ("../houses.toml", "chosen here by name, not by a file's path"),
        ("x" * 300, "300 characters long"),
    ],
)
def test_a_house_that_cannot_be_had_is_a_400_with_a_sentence(club: Club, house: str, fragment: str) -> None:  # noqa: F811
    refused = club.plan(play=PLAYED, rounds="3", house=house)
    said = text(refused.text)
    assert refused.status_code == 400 and "Not planned:" in said and fragment in said, said
    assert 'value="Friday"' in refused.text  # the form kept


def test_a_broken_club_file_is_said_and_the_presets_still_work(club: Club, db: Path) -> None:  # noqa: F811
    (db.parent / "houses.toml").write_text("[x\n")
    page = club.client.get("/club/new", params={"k": club.host})
    assert page.status_code == 200 and "The club's own house rules were not read" in text(page.text)
    assert "not TOML" in text(page.text)
    refused = club.plan(play=PLAYED, rounds="3", house="x")
    assert refused.status_code == 400 and "not TOML" in text(refused.text)
    assert "House rules bulletin" in text(started(club, house="bulletin"))

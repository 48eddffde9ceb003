"""The season's pages in process (Starlette's TestClient): the standings the same as `chicago rank --json`
with every option, refusals (a wrong link, a bad option), each player's evenings and partners counted here
from the sessions' own files, and the season sheet (PDF)."""

from __future__ import annotations

import html as html_lib
import io
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from tests.rotation.cli.test_evening_season import season

__all__ = ["season"]

SEASON_OPTIONS = [
    {},
    {"since": "2024-02-14"},
    {"until": "2024-02-14"},
    {"since": "2024-02-01", "until": "2024-02-28"},
    {"by": "average"},
    {"by": "rating"},
    {"by": "points"},
    {"min_rubbers": "4"},
    {"min_evenings": "2"},
    {"best": "1"},
    {"by": "points", "best": "2", "min_rubbers": "2"},
    {"unit": "hundreds"},
]


class Club:
    """The season's app for the database, and the club's two links."""

    def __init__(self, db: Path) -> None:
        from starlette.testclient import TestClient

        from rotation.plan import plan
        from rotation.services.club import club_links
        from rotation.services.database import open_store
        from rotation.web.app import create_app

        with open_store(db, create=False) as store:
            links = club_links(store, "http://testserver")
        self.host = parse_qs(urlsplit(links.host).query)["k"][0]
        self.key = parse_qs(urlsplit(links.season).query)["k"][0]
        self.client = TestClient(create_app(db, planner=plan))

    def get(self, path: str = "/season", key: str | None = None, **query: str) -> Any:
        return self.client.get(path, params={"k": self.key if key is None else key, **query})


@pytest.fixture
def club(season: None, db: Path) -> Club:
    return Club(db)


def words(html: str) -> str:
    text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)
    return re.sub(r" ([:,.;])", r"\1", " ".join(html_lib.unescape(text).split()))


def standings(html: str) -> list[dict[str, str]]:
    """The season table's rows, by column (the line a phone shows under the name left out)."""
    table = re.search(r'<table class="season">(.*?)</table>', html, flags=re.S)
    assert table, html
    rows = re.findall(r"<tr>(.*?)</tr>", table[1], flags=re.S)
    header = [words(cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", rows[0], flags=re.S)]
    out = []
    for row in rows[1:]:
        cleaned = re.sub(r'<span class="more">.*?</span></span>', "", row, flags=re.S)
        cells = [words(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", cleaned, flags=re.S)]
        out.append(dict(zip(header, cells, strict=True)))
    return out


def signed(value: float, places: int = 0) -> str:
    text = f"{value:+.{places}f}"
    return text[1:] if float(text) == 0 else text


def rank_json(db: Path, options: dict[str, str]) -> dict[str, Any]:
    args = [arg for name, value in options.items() for arg in (f"--{name.replace('_', '-')}", value)]
    result = CliRunner().invoke(app, ["--db", str(db), "rank", "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


@pytest.mark.parametrize("options", SEASON_OPTIONS, ids=lambda o: "&".join(f"{k}={v}" for k, v in o.items()))
def test_the_page_shows_what_chicago_rank_prints(club: Club, db: Path, options: dict[str, str]) -> None:
    page = club.get(**options)
    assert page.status_code == 200, page.text
    data = rank_json(db, options)
    shown = standings(page.text)
    assert [row["player"] for row in shown] == [p["name"] for p in data["players"]]
    for row, player in zip(shown, data["players"], strict=True):
        assert row["rank"] == ("=" if player["tied"] else "") + str(player["rank"])
        assert row["total"] == signed(player["total"])
        assert row["average"] == signed(player["average"], 2)
        assert row["rating"] == f"{signed(player['rating'], 2)} ±{player['rating_error']:.2f}"
        assert row["played"] == str(player["played"]) and row["sessions"] == str(player["sessions"])
        if data["ranked_by"] == "points":
            assert float(row["points"]) == player["points"]
        elif data["best"] is not None:
            assert row[f"best {data['best']}"] == signed(player["best_total"])
    heading = f"ranked by {data['ranked_by']}"
    assert heading in words(page.text) and 'http-equiv="refresh"' not in page.text
    assert '<script src="/static/live.js" defer></script>' in page.text


def test_the_words_are_rank_s_words(club: Club, db: Path) -> None:
    result = CliRunner().invoke(app, ["--db", str(db), "rank", "--min-rubbers", "4", "--by", "rating"])
    printed = " ".join(result.output.split())
    page = words(club.get(min_rubbers="4", by="rating").text)
    for line in (
        "Season standings: 3 sessions, 2024-01-10 to 2024-03-13, in hundreds, ranked by rating",
        "Fewer than 4 rubbers, not ranked: Ed (3), Flo (2)",
        "Rating: tally units a rubber, allowing for partners and opponents; ± its error.",
    ):
        assert line in printed and line in page
    assert "Nobody has played 7 rubbers yet." in words(club.get(min_rubbers="7").text)
    assert "No saved sessions in that period." in words(club.get(since="2030-01-01").text)


def test_the_host_link_opens_the_season_too_and_no_other_does(club: Club) -> None:
    assert club.get(key=club.host).status_code == 200
    for key in ("", "0" * 32, club.key[:-1] + ("0" if club.key[-1] != "0" else "1"), "é" * 32):
        for path in ("/season", "/season/sheet.pdf", "/season/p/bob"):
            page = club.get(path, key=key)
            assert page.status_code == 403, (path, key)
            assert "This link does not work" in words(page.text)


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("since", "2024-13-01", "since is a date written YYYY-MM-DD"),
        ("until", "yesterday", "until is a date written YYYY-MM-DD"),
        ("since", "2024-01-01" * 50, "since is a date"),
        ("by", "luck", "by is one of total, average, rating, points"),
        ("unit", "dollars", "unit is one of"),
        ("min_rubbers", "0", "min_rubbers is a whole number from 1 to 999"),
        ("min_evenings", "-1", "min_evenings is a whole number from 1 to 999"),
        ("best", "1000", "best is a whole number from 1 to 999"),
        ("best", "9" * 5000, "best is a whole number"),
        ("min_rubbers", "٣", "min_rubbers is a whole number"),
        ("wall", "yes", "wall is 1"),
    ],
)
def test_a_bad_option_is_a_400_that_says_what_is_wrong(
    club: Club, option: str, value: str, said: str
) -> None:
    for path in ("/season", "/season/sheet.pdf", "/season/p/bob"):
        page = club.get(path, **{option: value})
        assert page.status_code == 400, (path, page.text)
        assert said in words(page.text)


def test_options_that_do_not_go_together_are_refused(club: Club) -> None:
    for path in ("/season", "/season/sheet.pdf", "/season/p/bob"):
        page = club.get(path, by="rating", best="2")
        assert page.status_code == 400, path
        said = "best counts each player's best sessions by total or by points, not by rating"
        assert said in words(page.text)
        page = club.get(path, since="2024-03-01", until="2024-02-01")
        assert page.status_code == 400
        assert "since (2024-03-01) is after until (2024-02-01)" in words(page.text)


def exported(db: Path, name: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["--db", str(db), "export", name])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def evenings_of(db: Path, player: str) -> list[tuple[str, str, int, list[str]]]:
    """(date, name, rubbers, partners) of each evening ``player`` played, from the exported sessions: each
    recorded rubber's table, read seat by seat."""
    out = []
    for name in ("jan", "feb", "mar"):
        data = exported(db, name)
        rubbers, partners = 0, []
        for result in data["results"]:
            table = data["rounds"][result["round"] - 1]["tables"][result["table"] - 1]
            for one, other in (("north", "south"), ("south", "north"), ("east", "west"), ("west", "east")):
                if table[one].casefold() == player.casefold():
                    rubbers += 1
                    if table[other] not in partners:
                        partners.append(table[other])
        if rubbers:
            out.append((data["date"], name, rubbers, partners))
    return out


def tally_json(db: Path, name: str) -> dict[str, int]:
    result = CliRunner().invoke(app, ["--db", str(db), "tally", name, "--json"])
    assert result.exit_code == 0, result.output
    return {p["name"]: p["total"] for p in json.loads(result.output)["players"]}


@pytest.mark.parametrize("player", ["Bob", "Ann", "Ed", "Di"])
def test_a_player_s_season_evening_by_evening(club: Club, db: Path, player: str) -> None:
    link = re.search(rf'href="([^"]+)">{player}</a>', club.get().text)
    assert link, player
    page = club.client.get(link[1].replace("&amp;", "&"))
    assert page.status_code == 200, page.text
    cell = r"<td[^>]*>([^<]*)</td>"
    rows = re.findall(
        rf'<tr>{cell}{cell}<td[^>]*>(\d+)</td></tr>\s*<tr><td[^>]*><span class="name">([^<]*)</span>',
        page.text,
    )
    rows = [(day, html_lib.unescape(name), total, n) for day, total, n, name in rows]
    partners = re.findall(r"Partners: ([^<]*)</td>", page.text)
    expected = evenings_of(db, player)
    assert [(day, name, int(n)) for day, name, _, n in rows] == [(d, name, n) for d, name, n, _ in expected]
    assert [p.split(", ") for p in partners] == [p for *_, p in expected]
    tallies = {name: tally_json(db, name) for _, name, _, _ in expected}
    assert [total for _, _, total, _ in rows] == [signed(tallies[name][player]) for _, name, _, _ in expected]
    line = next(p for p in rank_json(db, {})["players"] if p["name"] == player)
    text = words(page.text)
    assert f"Total {signed(line['total'])} in {line['played']} rubber" in text
    assert f"Average {signed(line['average'], 2)} a rubber" in text
    assert f"Rating {signed(line['rating'], 2)} ±{line['rating_error']:.2f}" in text


def test_bob_s_evenings_as_worked_by_hand(club: Club) -> None:
    page = words(club.get("/season/p/bob").text)
    assert "2024-01-10 +3 3 jan · Partners: Ann, Cy, Di" in page
    assert "2024-02-14 +7 2 feb · Partners: Flo, Cy" in page
    assert "2024-03-13 +10 1 mar · Partners: Ed" in page
    assert "Total +20 in 6 rubbers, 3 sessions" in page
    period = words(club.get("/season/p/bob", since="2024-02-01").text)
    assert "jan" not in period and "Total +17 in 3 rubbers, 2 sessions" in period


def test_an_unknown_player_is_not_found(club: Club) -> None:
    assert club.get("/season/p/nobody").status_code == 404
    assert club.get("/season/p/" + quote("a/b", safe="")).status_code == 404
    assert club.get("/season/p/" + "x" * 500).status_code == 404
    assert club.get("/season/p/di", until="2024-01-01").status_code == 404


def test_the_season_sheet_from_the_page(club: Club, db: Path) -> None:
    from pypdf import PdfReader

    page = club.get(min_rubbers="3")
    link = re.search(r'href="([^"]+)">Season sheet \(PDF\)</a>', page.text)
    assert link
    sheet = club.client.get(link[1].replace("&amp;", "&"))
    assert sheet.status_code == 200 and sheet.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.content)).pages)
    for player in rank_json(db, {"min_rubbers": "3"})["players"]:
        assert any(player["name"] in line and signed(player["total"]) in line for line in text.splitlines())
    assert "Period: every saved session; ranked: at least 3 rubbers" in text


def test_names_are_text(runner: CliRunner, db: Path) -> None:
    odd = ["<b>Al</b>", "Zoë & Co", 'Bea "B"', "Cy'"]
    assert runner.invoke(app, ["plan", *odd, "--order", "given", "--save", "odd"]).exit_code == 0
    assert runner.invoke(app, ["record", "odd", "--round", "1", "--net", "N-S +2"]).exit_code == 0
    html = Club(db).get().text
    assert "<b>Al</b>" not in html and "&lt;b&gt;Al&lt;/b&gt;" in html
    assert [row["player"] for row in standings(html)] == [p["name"] for p in rank_json(db, {})["players"]]
    assert set(odd) <= {row["player"] for row in standings(html)}

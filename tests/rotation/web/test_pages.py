"""The live page in process (Starlette's TestClient): every page, every refusal, a bad deal, two phones
entering the same deal, escaping, and results shared with the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from rotation.results.recording import parse_deal_argument
from scoring.deal import InvalidDealError
from tests.rotation.web.conftest import Evening, save

BULLETIN_DEALS = ("2S E +1", "3NT N -2", "6S W =", "2D N =")


def text(html: str) -> str:
    """The page's words: tags dropped, entities for <, > and & turned back, spaces squeezed."""
    words = re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)
    words = words.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace("&#39;", "'")
    return re.sub(r" ([:,.;])", r"\1", " ".join(words.split()))


def hidden(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, name
    return found[1]


def cli(db: Path, *args: str) -> str:
    result = CliRunner().invoke(app, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_table_page_shows_the_round_in_play(evening: Evening) -> None:
    """Round 1 at table 1: who sits where, who deals and who is vulnerable, and the Deal box."""
    page = evening.get("table 1")
    assert page.status_code == 200
    words = text(page.text)
    assert "table 1, round 1 of 5" in words
    assert "North Helen" in words and "East Doris" in words and "South · deals Ann" in words
    assert "West Jean" in words and "Sitting out: Shirley" in words
    assert "Deal 1: Ann (South) deals, nobody vulnerable." in words
    assert 'name="deal"' in page.text and "Add deal" in words and hidden(page.text, "seen") == "0"
    assert page.headers["referrer-policy"] == "same-origin"
    assert "default-src 'none'" in page.headers["content-security-policy"]


def test_a_rubber_entered_deal_by_deal_on_a_phone(evening: Evening) -> None:
    """Four deals through the Deal box: after each the pad shows the totals and live part score; after the
    fourth the result and where the four go next; the tally is the command line's."""
    first = evening.add(1, "2S E +1", seen=0)
    assert first.status_code == 200 and first.history[0].status_code == 303
    words = text(first.text)
    assert "Deal 2: Jean (West) deals, E-W vulnerable." in words
    assert "part score on 60 on" in words and hidden(first.text, "seen") == "1"
    for seen, deal in enumerate(BULLETIN_DEALS[1:], 1):
        last = evening.add(1, deal, seen=seen)
    words = text(last.text)
    assert "E-W +10" in words and "The rubber is complete." in words
    assert "Total 140 1170" in words
    assert "Jean: round 2, sits out" in words and "Ann: round 2, table 1, East" in words
    assert 'name="deal"' not in last.text
    assert "Go to round 2 at table 1" in words
    assert "round 2 of 5" in text(evening.get("table 1").text)  # the round in play moved on
    tally = json.loads(cli(evening.db, "tally", "ev", "--json"))
    assert [r["ns_tally"] for r in tally["rubbers"]] == [-10]
    standings = text(evening.get("standings").text)
    for player in tally["players"]:
        total = f"+{player['total']}" if player["total"] > 0 else str(player["total"])
        assert f"{player['name']} {total} {player['played']}" in standings


def test_a_bad_deal_gets_the_command_lines_message_and_keeps_the_text(evening: Evening) -> None:
    with pytest.raises(InvalidDealError) as caught:
        parse_deal_argument("8NT N =")
    page = evening.add(1, "8NT N =", seen=0)
    assert page.status_code == 400
    assert str(caught.value) in text(page.text)
    assert 'value="8NT N ="' in page.text
    missing = evening.add(1, "2S +1", seen=0)
    assert missing.status_code == 400 and "needs its declarer's seat" in text(missing.text)
    assert json.loads(cli(evening.db, "export", "ev"))["results"] == []


def test_two_phones_entering_the_same_deal(evening: Evening) -> None:
    """Both phones saw no deals; the second to press Add deal is told, its text kept, nothing overwritten;
    pressing again adds it as deal 2."""
    assert evening.add(1, "2S E +1", seen=0).status_code == 200
    second = evening.add(1, "3NT N -2", seen=0)
    assert second.status_code == 409
    words = text(second.text)
    assert "Another phone entered deal 1: 2S E +1; press Add deal again to add yours as deal 2" in words
    assert 'value="3NT N -2"' in second.text and hidden(second.text, "seen") == "1"
    again = evening.add(1, "3NT N -2", seen=1)
    assert again.status_code == 200
    assert json.loads(cli(evening.db, "export", "ev"))["results"][0]["deals"] == ["2S E +1", "3NT N -2"]


def test_undo_on_the_phone(evening: Evening) -> None:
    evening.add(1, "2S E +1", seen=0)
    evening.add(1, "pass", seen=1)
    key = evening.key("table 1")
    stale = evening.client.post("/t/1/undo", data={"k": key, "r": "1", "seen": "1"})
    assert stale.status_code == 409
    undone = evening.client.post("/t/1/undo", data={"k": key, "r": "1", "seen": "2"})
    assert undone.status_code == 200 and hidden(undone.text, "seen") == "1"
    assert "passed out" not in text(undone.text)


def test_wrong_or_missing_tokens_are_refused(evening: Evening) -> None:
    """A 403 page that says what to do, for a wrong or missing token, a read-only link writing, a table
    link on the host page."""
    client = evening.client
    for path in ("/t/1", "/standings", "/p/0", "/host", "http://testserver/"):
        for query in ("", "?k=", "?k=0123456789abcdef0123456789abcdef"):
            refusal = client.get(path + query)
            assert refusal.status_code == 403, path + query
            assert "This link does not work" in refusal.text and "host" in refusal.text, path + query
    view = evening.key("standings")
    assert client.get(f"/t/1?k={view}").status_code == 403
    assert evening.add(1, "2S E +1", seen=0, key=view).status_code == 403
    assert client.get(f"/host?k={evening.key('table 1')}").status_code == 403
    data = {"k": evening.key("table 1"), "r": "1", "t": "1"}
    assert client.post("/host/delete", data=data).status_code == 403
    assert evening.add(1, "2S E +1", seen=0, key="nope").status_code == 403
    assert json.loads(cli(evening.db, "export", "ev"))["results"] == []


def test_a_table_link_writes_only_its_own_table(db: Path) -> None:
    """Eight players at two tables: table 1's link cannot open or write table 2; a round the table does
    not have is not found."""
    save(db, "eight", *"ABCDEFGH")
    evening = Evening(db, "eight")
    assert evening.get("table 2").status_code == 200
    one = evening.key("table 1")
    assert evening.client.get(f"/t/2?k={one}").status_code == 403
    assert evening.add(2, "2S E +1", seen=0, key=one).status_code == 403
    assert evening.add(2, "2S E +1", seen=0).status_code == 200
    assert evening.get("table 1", r=99).status_code == 404
    host = evening.key("host")
    assert evening.client.get(f"/t/2?k={host}").status_code == 200  # the host may open any table


def test_forms_from_another_site_and_large_bodies_are_refused(evening: Evening) -> None:
    data = {"k": evening.key("table 1"), "r": "1", "seen": "0", "deal": "2S E +1"}
    forged = evening.client.post("/t/1/add", data=data, headers={"Origin": "http://evil.example"})
    assert forged.status_code == 403
    referred = evening.client.post("/t/1/add", data=data, headers={"Referer": "http://evil.example/x"})
    assert referred.status_code == 403
    big = evening.client.post("/t/1/add", data={**data, "deal": "x" * 20_000})
    assert big.status_code == 413
    assert json.loads(cli(evening.db, "export", "ev"))["results"] == []
    same = evening.client.post("/t/1/add", data=data, headers={"Origin": "http://testserver"})
    assert same.status_code == 200


def test_names_are_escaped(db: Path) -> None:
    """A player named <b>Zoë</b> is shown as typed on every page, never as markup."""
    save(db, "z", "<b>Zoë</b>", "Helen", "Doris", "Jean", "Shirley")
    evening = Evening(db, "z")
    pages = [evening.get("table 1"), evening.get("standings"), evening.get("host")]
    pages.append(evening.client.get(f"/p/0?k={evening.key('standings')}"))
    for page in pages:
        assert page.status_code == 200
        assert "<b>Zoë</b>" not in page.text
        assert "&lt;b&gt;Zoë&lt;/b&gt;" in page.text


def test_the_player_and_standings_pages(evening: Evening) -> None:
    for seen, deal in enumerate(BULLETIN_DEALS):
        evening.add(1, deal, seen=seen)
    standings = evening.get("standings")
    assert 'http-equiv="refresh"' not in standings.text  # kept up to date by its script, or by hand
    assert '<script src="/static/live.js" defer></script>' in standings.text
    assert ">Refresh</a>" in standings.text
    words = text(standings.text)
    assert "1 of 5 rubbers complete" in words and "Round 1: E-W +10" in words
    jean = text(evening.client.get(f"/p/3?k={evening.key('standings')}").text)
    assert "Jean: my evening" in jean and "Tally: +10" in jean
    assert "Round 1: West · +10 Partner Doris Against Helen (left), Ann (right)" in jean
    assert "Round 2: sits out" in jean
    assert evening.client.get(f"/p/9?k={evening.key('standings')}").status_code == 404


def test_the_host_page_fixes_and_deletes(evening: Evening) -> None:
    host = evening.key("host")
    evening.add(1, "2S E +1", seen=0)
    words = text(evening.get("host").text)
    assert "Round 1, table 1: 1 of 4 deals" in words
    assert "Round 2, table 1: not started" in words
    fixed = evening.client.post(
        "/host/fix", data={"k": host, "r": "1", "t": "1", "deals": "\n".join(BULLETIN_DEALS)}
    )
    assert fixed.status_code == 200 and "complete: E-W +10" in text(fixed.text)
    bad = evening.client.post("/host/fix", data={"k": host, "r": "1", "t": "1", "deals": "9NT N ="})
    assert bad.status_code == 400 and "9NT N =" in bad.text
    deleted = evening.client.post("/host/delete", data={"k": host, "r": "1", "t": "1"})
    assert deleted.status_code == 200
    assert json.loads(cli(evening.db, "export", "ev"))["results"] == []


def test_a_rubber_started_on_the_command_line_continues_on_a_phone(evening: Evening) -> None:
    cli(evening.db, "record", "ev", "-r", "1", "2S E +1", "3NT N -2")
    page = evening.get("table 1")
    assert hidden(page.text, "seen") == "2" and "Deal 3:" in text(page.text)
    evening.add(1, "6S W =", seen=2)
    shown = cli(evening.db, "show", "ev")
    assert "In progress, round 1 table 1" in shown
    assert "Rubber: N-S 140, E-W 1170: E-W +10" in cli(evening.db, "record", "ev", "-r", "1", "2D N =")


def test_the_passed_out_button(evening: Evening) -> None:
    """One press records a passed-out deal, whatever is in the Deal box: the same dealer deals again."""
    data = {"k": evening.key("table 1"), "r": "1", "seen": "0", "deal": "", "quick": "pass"}
    page = evening.client.post("/t/1/add", data=data)
    assert page.status_code == 200
    words = text(page.text)
    assert "redeal passed out" in words and "Deal 1: Ann (South) deals" in words


def test_a_late_phone_after_the_last_deal(evening: Evening) -> None:
    """A phone that saw three deals adds a fourth after another phone finished the rubber: it is told the
    rubber is complete, and nothing is added."""
    for seen, deal in enumerate(BULLETIN_DEALS):
        evening.add(1, deal, seen=seen)
    late = evening.add(1, "1C N =", seen=3)
    assert late.status_code == 409
    assert "Another phone entered deal 4: 2D N =; the rubber is complete" in text(late.text)
    passed = evening.add(1, "pass", seen=0, round_number=2)
    assert passed.status_code == 200
    second = evening.add(1, "2S E +1", seen=0, round_number=2)
    assert "Another phone entered a passed-out deal (deal 1 is redealt); press Add deal again" in text(
        second.text
    )


def test_the_host_replans_when_someone_arrives(evening: Evening) -> None:
    """After round 1, Zed arrives: the rounds to come are planned again for six, round 1 and its result
    stay, Zed joins the score sheet and the tally is unchanged; a round in play must be finished first."""
    host = evening.key("host")
    for seen, deal in enumerate(BULLETIN_DEALS):
        evening.add(1, deal, seen=seen)
    before = json.loads(cli(evening.db, "tally", "ev", "--json"))
    evening.add(1, "2S E +1", seen=0, round_number=2)
    players = {"k": host, "play": ["Ann", "Helen", "Doris", "Jean", "Shirley"], "new": "Zed"}
    busy = evening.client.post("/host/replan", data=players)
    assert busy.status_code == 400 and "round 2, table 1 has a result already" in text(busy.text)
    assert "Zed" in busy.text  # what was typed is kept
    evening.client.post("/t/1/undo", data={"k": host, "r": "2", "seen": "1"})
    done = evening.client.post("/host/replan", data=players)
    assert done.status_code == 200 and "Replanned from round 2: Zed joined." in text(done.text)
    data = json.loads(cli(evening.db, "export", "ev"))
    assert data["players"] == ["Ann", "Helen", "Doris", "Jean", "Shirley", "Zed"]
    assert data["rounds"][0]["tables"][0]["north"] == "Helen" and data["rounds"][0]["sitting_out"] == [
        "Shirley"
    ]
    assert any("Zed" in json.dumps(r) for r in data["rounds"][1:])
    after = json.loads(cli(evening.db, "tally", "ev", "--json"))
    assert after["rubbers"] == before["rubbers"]
    refused = evening.client.post("/host/replan", data={**players, "k": evening.key("table 1")})
    assert refused.status_code == 403

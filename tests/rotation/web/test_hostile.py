"""What a stranger (or a fat finger) can type at the live page: never a traceback or a 500, never a page
without its security headers, and never a link that outlives its evening."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from rotation.web.app import HEADERS
from tests.rotation.web.conftest import Evening, save
from tests.rotation.web.test_pages import text


def has_headers(response: object) -> bool:
    headers = response.headers  # type: ignore[attr-defined]
    return all(headers.get(name) == value for name, value in HEADERS.items())


def recorded(evening: Evening) -> list[object]:
    out = CliRunner().invoke(app, ["--db", str(evening.db), "export", evening.name])
    assert out.exit_code == 0, out.output
    return list(json.loads(out.output)["results"])


@pytest.mark.parametrize("token", ["é" * 32, "ü" * 31 + "a", "\uff10" * 32, "\u0000" * 32, "k=%FF" * 6])
def test_a_non_ascii_token_is_refused(evening: Evening, token: str) -> None:
    """A token of 32 characters that are not ASCII is a wrong token: 403 on every page and every form."""
    client = evening.client
    for path in ("/t/1", "/standings", "/p/0", "/host"):
        page = client.get(path, params={"k": token})
        assert page.status_code == 403 and has_headers(page), path
    form = {"k": token, "r": "1", "seen": "0", "deal": "2S E +1"}
    assert client.post("/t/1/add", data=form).status_code == 403
    assert client.post("/t/1/undo", data=form).status_code == 403
    assert client.post("/host/replan", data={"k": token, "players": "A\nB"}).status_code == 403
    assert client.post("/host/fix", data={"k": token, "r": "1", "t": "1", "deals": "pass"}).status_code == 403
    assert recorded(evening) == []


@pytest.mark.parametrize("number", ["²", "\u0661", "1²", "+1", "-1", "1" * 7, "0x1", "1e3", "½"])
def test_a_round_that_is_not_a_plain_number(evening: Evening, number: str) -> None:
    """A round, deal count or table given as a superscript two, an Arabic digit or a long number: a 400
    (the form's fields are checked before its token), or on a page the round in play."""
    client = evening.client
    for key in ("", evening.key("table 1")):
        for field in ("r", "seen"):
            form = {"k": key, "r": "1", "seen": "0", "deal": "2S E +1", field: number}
            page = client.post("/t/1/add", data=form)
            assert page.status_code == 400 and has_headers(page), (key, field)
            assert client.post("/t/1/undo", data=form).status_code == 400
        host = {"k": key, "r": number, "t": "1", "deals": "pass"}
        assert client.post("/host/fix", data=host).status_code == 400
        assert client.post("/host/delete", data={**host, "r": "1", "t": number}).status_code == 400
    shown = client.get("/t/1", params={"k": evening.key("table 1"), "r": number})
    assert shown.status_code == 200 and "round 1 of 5" in text(shown.text)
    assert client.get("/t/1", params={"r": number}).status_code == 403
    assert recorded(evening) == []


HUGE = "9" * 5000
DEEP_JSON = '{"result": ' + "[" * 2000 + "]" * 2000 + "}"
DEEP_OBJECT = '{"result": ' + '{"a":' * 1000  # cut, as every field, to MAX_FIELD characters


@pytest.mark.parametrize(
    "deal",
    [
        f"2S E +{HUGE}",
        f"2S E -{HUGE}",
        f"{HUGE}S E =",
        f"2S E = hcp {HUGE}",
        f"2S E = honors EW {HUGE}",
        f'{{"result": "2S E =", "hcp_ns": {HUGE}}}',
        f'{{"result": "2S E =", "hcp_ns": 1e{HUGE}}}',
        f'{{"result": {HUGE}}}',
        DEEP_JSON,
        DEEP_OBJECT,
        '{"result": ' + "[" * 2000,
        "2S E = hcp ²",
        "2S E +²",
        "²S E =",
    ],
    ids=lambda deal: deal[:24],
)
def test_monster_deals_in_the_deal_box(evening: Evening, deal: str) -> None:
    """A deal with a 5,000-digit number, or JSON nested 2,000 deep, typed in the Deal box (or in the host's
    fix box): a 400 that says the deal cannot be read, nothing recorded."""
    page = evening.client.post(
        "/t/1/add", data={"k": evening.key("table 1"), "r": "1", "seen": "0", "deal": deal}
    )
    assert page.status_code == 400 and has_headers(page)
    assert 'role="alert"' in page.text
    fixed = evening.client.post(
        "/host/fix", data={"k": evening.key("host"), "r": "1", "t": "1", "deals": deal}
    )
    assert fixed.status_code == 400 and has_headers(fixed)
    assert recorded(evening) == []


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/nosuch", 404),
        ("GET", "/t/x", 404),
        ("GET", "/t/1/add", 405),
        ("PUT", "/t/1", 405),
        ("DELETE", "/standings", 405),
        ("POST", "/t/1/nosuch", 404),
        ("POST", "/host/nosuch", 404),
        ("GET", "/p/99999999999999999999999", 404),
        ("GET", "/t/99999999999999999999999999999999", 404),
    ],
)
def test_not_found_and_not_allowed_carry_the_headers(
    evening: Evening, method: str, path: str, status: int
) -> None:
    answer = evening.client.request(method, path, params={"k": evening.key("host")})
    assert answer.status_code == status and has_headers(answer)
    assert "Traceback" not in answer.text


def test_a_table_the_evening_does_not_have(evening: Evening) -> None:
    """The host's link (which may open any table) on a table past the last: not found, not a 500."""
    page = evening.client.get("/t/99", params={"k": evening.key("host")})
    assert page.status_code == 404 and has_headers(page)
    huge = evening.client.get("/t/999999999999", params={"k": evening.key("host")})
    assert huge.status_code in (403, 404) and has_headers(huge)


@pytest.mark.parametrize("between", [False, True])
def test_a_link_does_not_outlive_its_evening(db: Path, between: bool) -> None:
    """The evening is deleted and another saved under its name: the running server refuses its old links
    and writes nothing into the new evening; they are told the evening is gone (410), whether or not
    another evening was saved in between (an evening's identity is never reused, as a row id would be)."""
    save(db, "tue", "Ann", "Helen", "Doris", "Jean", "Shirley")
    evening = Evening(db, "tue")
    assert evening.get("table 1").status_code == 200
    runner = CliRunner()
    if between:
        save(db, "wed", "Ann", "Helen", "Doris", "Jean", "Shirley")
    assert runner.invoke(app, ["--db", str(db), "delete", "tue", "--yes"]).exit_code == 0
    save(db, "tue", "Ann", "Helen", "Doris", "Jean", "Shirley")
    refused = 410
    for label in ("table 1", "standings", "host"):
        old = evening.get(label)
        assert old.status_code == refused and has_headers(old), label
        assert "no longer here" in text(old.text)
    assert evening.add(1, "2S E +1", seen=0).status_code == refused
    host = {"k": evening.key("host"), "r": "1", "t": "1", "deals": "2S E +1"}
    assert evening.client.post("/host/fix", data=host).status_code == refused
    assert recorded(evening) == []


def test_new_links_refuse_the_old_ones(evening: Evening, monkeypatch: pytest.MonkeyPatch) -> None:
    """`chicago serve --new-links` while a server runs: that server refuses every link handed out before."""
    import rotation.web.serve as serve

    monkeypatch.setattr(serve, "run", lambda db, name, sock: None)
    assert evening.get("table 1").status_code == 200
    result = CliRunner().invoke(
        app, ["--db", str(evening.db), "serve", "ev", "--port", "0", "--local", "--new-links"]
    )
    assert result.exit_code == 0, result.output
    new = {line.split(": ")[0]: line.split("k=")[1] for line in result.output.splitlines() if "k=" in line}
    for label in ("table 1", "standings", "host"):
        old = evening.get(label)
        assert old.status_code == 403 and has_headers(old), label
    assert evening.add(1, "2S E +1", seen=0).status_code == 403
    assert evening.client.get("/t/1", params={"k": new["table 1"]}).status_code == 200
    assert evening.add(1, "2S E +1", seen=0, key=new["table 1"]).status_code == 200


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", f"/t/{HUGE}"),
        ("GET", f"/t/{HUGE}/state"),
        ("POST", f"/t/{HUGE}/add"),
        ("POST", f"/t/{HUGE}/undo"),
        ("GET", f"/p/{HUGE}"),
        ("GET", "/t/0000001"),
        ("GET", "/p/1234567"),
    ],
    ids=lambda part: part[:16],
)
def test_a_number_of_thousands_of_digits_in_a_path_is_not_found(
    evening: Evening, method: str, path: str
) -> None:
    """A table or player number of 5,000 digits (or of seven, a leading zero or not): not found, in a
    sentence, with the headers; never a 500 from converting it (Python refuses over 4,300 digits)."""
    form = {"k": evening.key("table 1"), "r": "1", "seen": "0", "deal": "2S E +1"}
    answer = evening.client.request(
        method, path, params={"k": evening.key("host")}, data=form if method == "POST" else None
    )
    assert answer.status_code == 404 and has_headers(answer)
    assert answer.text == "Not found."
    assert recorded(evening) == []


def test_the_largest_path_number_allowed_is_answered_in_words(evening: Evening) -> None:
    """Six digits is read as a number: a table or player past the evening's is not found, in words."""
    table = evening.client.get("/t/999999", params={"k": evening.key("host")})
    assert table.status_code == 404 and "no" in table.text.lower() and has_headers(table)
    player = evening.client.get("/p/999999", params={"k": evening.key("host")})
    assert player.status_code == 404 and player.text == "Not found: no such player."


def test_the_host_page_and_cards_warn_only_when_the_links_are_for_this_computer(evening: Evening) -> None:
    """Reached by a name (here the test client's), the host page and the table cards carry no warning;
    the same evening served with --local is tested through the real server (test_serve)."""
    import io

    from pypdf import PdfReader

    page = evening.get("host")
    assert page.status_code == 200 and "for this computer only" not in text(page.text)
    cards = evening.client.get("/cards.pdf", params={"k": evening.key("host")})
    words = "".join(p.extract_text() for p in PdfReader(io.BytesIO(cards.content)).pages)
    assert "testserver" in words and "Phones cannot open" not in words


def test_numbers_of_thousands_of_digits_on_the_clubs_pages(db: Path) -> None:
    """The club's server: a 5,000-digit number in any path or query number (a season's player, its
    options, the New evening's seed and rounds, an evening's player) is answered in words, 4xx or the
    page with the number left out, never a 500."""
    from tests.rotation.web.test_club import Club

    save(db, "ev", *("Ann", "Helen", "Doris", "Jean", "Shirley"))
    club = Club(db)
    season, host = {"k": club.season}, {"k": club.host}
    asked = [
        (f"/season/p/{HUGE}", season, 404),
        ("/season", {**season, "best": HUGE}, 400),
        ("/season", {**season, "min_rubbers": HUGE}, 400),
        ("/season", {**season, "since": HUGE}, 400),
        (f"/e/x/p/{HUGE}", host, 404),
        (f"/e/x/t/{HUGE}", host, 404),
        ("/club/new", {**host, "seed": HUGE}, 200),
    ]
    for path, query, status in asked:
        answer = club.client.get(path, params=query)
        assert answer.status_code == status and has_headers(answer), path
        assert "Traceback" not in answer.text and HUGE not in answer.text, path
    planned = club.plan(new="Ann\nHelen\nDoris\nJean", rounds=HUGE, seed=HUGE)
    assert planned.status_code == 400 and "Rounds: give a number from 1 to" in text(planned.text)

"""The record of every change through the real faces: the installed `chicago` at the terminal, and the
installed `chicago serve` posting the table's and the host's forms; each change appears in `chicago log`
with its source, and a deleted rubber comes back exactly as it was (the exported JSON before and after)."""

from __future__ import annotations

import html
import json
import re
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from tests.rotation.web.real import browser, chicago, phone, served
from tests.rotation.web.test_host_browser import accessible

FIVE = ("Ann", "Bob", "Cy", "Di", "Ed")
RUBBER = ("2S E +1", "pass", "3NT N -2", "6S W =", "2D N =")


def ok(db: Path, *args: str) -> str:
    done = chicago(db, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def logged(db: Path) -> list[dict[str, Any]]:
    changes: list[dict[str, Any]] = json.loads(ok(db, "log", "ev", "--json"))["changes"]
    return changes


def post(url: str, form: dict[str, str]) -> tuple[int, str]:
    """A form posted as a browser posts it (no Origin: the server takes it as its own page's)."""
    data = urllib.parse.urlencode(form).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data), timeout=600) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_every_change_at_the_terminal_is_logged_and_a_deleted_rubber_restored_as_it_was(
    tmp_path: Path,
) -> None:
    db = tmp_path / "club.db"
    ok(db, "plan", *FIVE, "--order", "given", "--save", "ev", "--history", "0")
    ok(db, "record", "ev", "-r", "1", *RUBBER[:2])
    ok(db, "record", "ev", "-r", "1", "--undo")
    ok(db, "record", "ev", "-r", "1", *RUBBER[1:])
    exported = json.loads(ok(db, "export", "ev"))
    ok(db, "record", "ev", "-r", "1", "--replace", "--net", "E-W +3")
    restored = ok(db, "record", "ev", "-r", "1", "--restore")
    assert "Restored ev round 1, table 1 as it was (it held net E-W +3)." in restored
    assert json.loads(ok(db, "export", "ev")) == exported  # exactly as it was, tally and all
    ok(db, "record", "ev", "-r", "1", "--delete")
    restored = ok(db, "record", "ev", "-r", "1", "--restore")
    assert "Restored ev round 1, table 1 as it was (it held nothing)." in restored
    assert json.loads(ok(db, "export", "ev")) == exported
    mixed = chicago(db, "record", "ev", "-r", "1", "--restore", "1C N =")
    assert (
        mixed.returncode == 2
        and mixed.stderr
        == "chicago: error: --restore takes no deals, --net, --undo or --delete (only --replace)\n"
    )
    again = chicago(db, "record", "ev", "-r", "1", "--restore")
    assert again.returncode == 2 and again.stderr.startswith("chicago: error: ")
    # the rubber that restore took away (the net) is the one a restore offers next, not in place of one
    assert "changed after its rubber was replaced by a restore" in again.stderr
    assert len(again.stderr.splitlines()) == 1
    ok(db, "record", "ev", "-r", "2", "pass", "1C N =")
    ok(db, "record", "ev", "-r", "2", "--delete")
    ok(db, "record", "ev", "-r", "2", "1D N =")
    since = chicago(db, "record", "ev", "-r", "2", "--restore")
    assert since.returncode == 2 and "changed after its rubber was deleted (last: deals added" in since.stderr
    assert "--replace" in since.stderr
    ok(db, "record", "ev", "-r", "2", "--restore", "--replace")
    ok(db, "record", "ev", "-r", "2", "1H E =", "1S N =", "2C E =")
    ok(db, "plan", "Ann", "Bob", "Cy", "Di", "Fay", "--keep", "ev", "--save", "ev", "--gone", "Ed")
    ok(db, "rename", "Bob", "Rob")
    changes = logged(db)
    assert {c["source"] for c in changes} == {"terminal"}
    kinds = [c["change"] for c in changes]
    assert kinds == [
        "save", "add", "undo", "add", "replace", "restore", "delete", "restore",
        "add", "delete", "add", "restore", "add", "replan", "rename",
    ]  # fmt: skip
    assert changes[6]["before"] == exported["results"][0] and changes[6]["after"] is None
    assert changes[13]["kept"] == 2 and "Fay" in changes[13]["after"]["players"]
    assert (changes[-1]["before"], changes[-1]["after"]) == ("Bob", "Rob")
    words = ok(db, "log", "ev")
    assert (
        "the terminal: round 1, table 1 deleted: 2S E +1, pass, 3NT N -2, 6S W =, 2D N = -> nothing" in words
    )
    assert "replanned from round 3 (Fay joined; Ed left): 5 players, 5 rounds -> 6 players," in words
    assert "player renamed: Bob -> Rob" in words
    ok(db, "delete", "ev", "--yes")
    ok(db, "plan", *FIVE, "--order", "given", "--save", "ev", "--history", "0")
    assert [c["change"] for c in logged(db)] == ["save"]  # the deleted evening's log went with it


def test_the_web_faces_changes_are_logged_with_their_source(tmp_path: Path) -> None:
    """Through the installed `chicago serve`: table 1's link adds and takes back deals, the host page
    fixes, deletes and replans; `chicago log` names each source, and the host page shows the changes."""
    db = tmp_path / "club.db"
    ok(db, "plan", *FIVE, "--order", "given", "--save", "ev", "--history", "0")
    with served(db, "ev") as server:
        table, host = server.links["table 1"], server.links["host"]
        at, table_key = table.split("?k=")
        host_at, host_key = host.split("?k=")
        for seen, deal in enumerate(RUBBER[:3]):
            status, _ = post(f"{at}/add", {"k": table_key, "r": "1", "seen": str(seen), "deal": deal})
            assert status == 200
        status, _ = post(f"{at}/undo", {"k": table_key, "r": "1", "seen": "3"})
        assert status == 200
        fix = {"k": host_key, "r": "1", "t": "1", "deals": "\n".join(RUBBER)}
        assert post(f"{host_at}/fix", fix)[0] == 200
        assert post(f"{host_at}/delete", {"k": host_key, "r": "1", "t": "1"})[0] == 200
        replan = {"k": host_key, "play": ["Ann", "Bob", "Cy", "Di", "Ed"], "new": "Fay"}
        data = urllib.parse.urlencode(replan, doseq=True).encode()
        with urllib.request.urlopen(urllib.request.Request(f"{host_at}/replan", data), timeout=600) as answer:
            assert "Replanned from round 1: Fay joined." in answer.read().decode()
        with urllib.request.urlopen(host, timeout=600) as answer:
            page = html.unescape(re.sub(r"<[^>]+>", " ", answer.read().decode()))
        with browser() as launched:  # the section on a phone: 360 px wide, no serious axe violation
            from playwright.sync_api import expect

            phone_page = phone(launched)
            phone_page.goto(host)
            expect(phone_page.get_by_role("heading", name="Changes")).to_be_visible()
            accessible(phone_page, "the host page's changes")
            phone_page.screenshot(path="/tmp/chicago-host-changes-360.png", full_page=True)
    changes = logged(db)
    assert [(c["change"], c["source"]) for c in changes] == [
        ("save", "terminal"),
        ("add", "table 1"),
        ("add", "table 1"),
        ("add", "table 1"),
        ("undo", "table 1"),
        ("replace", "host"),
        ("delete", "host"),
        ("replan", "host"),
    ]
    words = " ".join(page.split())
    assert "Changes" in words and words.index("replanned from round 1 (Fay joined)") < words.index("deleted")
    assert "the host page" in words and "table 1's link" in words
    assert "round 1, table 1 deleted: 2S E +1, pass, 3NT N -2, 6S W =, 2D N = → nothing" in words
    # the rubber deleted on the host page was played in a round the host's replan seated afresh
    back = chicago(db, "record", "ev", "-r", "1", "--restore")
    assert back.returncode == 2 and "round 1 was planned again since; other players sit there" in back.stderr
    assert changes[6]["before"] == changes[5]["after"] and len(logged(db)) == len(changes)

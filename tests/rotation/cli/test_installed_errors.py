"""The installed `chicago` answers every mistake by the error tree: the user's mistake is one
`chicago: error:` line and exit 2, a fault of the store or the machine exit 1, never a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.conftest import BULLETIN_FIVE
from tests.rotation.web.real import chicago

EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def one_error_line(stderr: str) -> str:
    """The only line on stderr, which must be `chicago: error: ...` (no traceback, no second line)."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("chicago: error: "), stderr
    assert "Traceback" not in stderr
    return lines[0]


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with one evening, 'tue', of eight players, round 1 recorded."""
    db = tmp_path_factory.mktemp("club") / "club.db"
    made = chicago(db, "plan", *EIGHT, "--order", "given", "--save", "tue", "--date", "2026-11-24")
    assert made.returncode == 0, made.stderr
    recorded = chicago(db, "record", "tue", "--round", "1", "--table", "1", "--net", "N-S 300")
    assert recorded.returncode == 0, recorded.stderr
    return db


MISTAKES = {
    "too few players": (("plan", "Ann", "Bob", "Cy"), "players"),
    "a / in a name": (("plan", *BULLETIN_FIVE, "--save", "a/b"), "hold a /"),
    "a control character": (("plan", *BULLETIN_FIVE, "--save", "a\x01b"), "name"),
    "--save takes --json for its name": (("plan", *BULLETIN_FIVE, "--save", "--json"), "cannot start with -"),
    "a 2,000-character name": (("plan", *BULLETIN_FIVE, "--save", "x" * 2000), "name"),
    "a taken name": (("plan", *EIGHT, "--save", "tue"), "choose another name"),
    "no such evening": (("show", "nobody"), "nobody"),
    "scoring unkept": (("plan", *BULLETIN_FIVE, "--scoring", "duplicate"), "kept with --save"),
    "russian in points": (
        ("plan", *BULLETIN_FIVE, "--scoring", "russian", "--unit", "points", "--save", "x"),
        "IMPs",
    ),
    "an unknown cycle": (("plan", *BULLETIN_FIVE, "--vulnerability", "sometimes"), "vulnerability"),
    "a player forgotten": (("plan", *EIGHT[:-1], "--keep", "tue", "--save", "tue"), "--gone Hal"),
    "gone but not a player": (
        ("plan", *EIGHT, "--keep", "tue", "--save", "tue", "--gone", "Zed"),
        "Zed",
    ),
    "a round not in the evening": (("record", "tue", "--round", "99", "--net", "N-S 300"), "99"),
    "recorded already": (
        ("record", "tue", "--round", "1", "--table", "1", "--net", "N-S 300"),
        "--replace",
    ),
    "no such player": (("rename", "Nobody", "Somebody"), "Nobody"),
    "a merge without --merge": (("rename", "Ann", "Bob"), "--merge"),
    "a bad away": (("plan", *BULLETIN_FIVE, "--away", "Zed:1"), "--away"),
}


@pytest.mark.parametrize("mistake", MISTAKES, ids=list(MISTAKES))
def test_a_users_mistake_is_one_line_and_exit_2(club: Path, mistake: str) -> None:
    args, said = MISTAKES[mistake]
    result = chicago(club, *args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert said in one_error_line(result.stderr)


def test_the_mistakes_changed_nothing(club: Path) -> None:
    """After every refused command the club holds its one evening, its round 1 recorded once."""
    listed = chicago(club, "sessions", "--json")
    assert listed.returncode == 0
    assert '"tue"' in listed.stdout and listed.stdout.count('"name"') == 1


def test_a_damaged_database_is_exit_1(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    db.write_bytes(b"this is not a database " * 200)
    result = chicago(db, "sessions")
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert str(db) in one_error_line(result.stderr)


def test_a_newer_database_is_exit_1(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    assert chicago(db, "plan", *BULLETIN_FIVE, "--save", "tue").returncode == 0
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA user_version = 999")
    connection.close()
    result = chicago(db, "show", "tue")
    assert result.returncode == 1, (result.stdout, result.stderr)
    one_error_line(result.stderr)


@pytest.mark.parametrize("name", ["a/b", "tue\x01", "x" * 2000, "-x"])
def test_a_bad_evening_name_on_the_club_page_is_400_with_the_form_kept(tmp_path: Path, name: str) -> None:
    """The same mistake on the other face: the club's page answers 400 with its sentence and the form,
    not 503 (the installed `chicago serve`, its real planner process)."""
    import urllib.error
    import urllib.parse
    import urllib.request

    from tests.rotation.web.real import served

    db = tmp_path / "club.db"
    with served(db) as server:
        key = urllib.parse.parse_qs(urllib.parse.urlsplit(server.links["host"]).query)["k"][0]
        fields = [("k", key), *(("play", player) for player in BULLETIN_FIVE)]
        fields += [("name", name), ("date", "2026-11-24")]
        body = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(f"{server.base}/club/start", body, method="POST")
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(request, timeout=120)
        page = answer.value.read().decode()
    assert answer.value.code == 400
    assert "Not planned:" in page and "name" in page
    assert "Ann" in page  # the form kept, its players still there
    assert chicago(db, "sessions", "--json").stdout.count('"name"') == 0


def test_keeping_an_evening_of_no_database_makes_none(tmp_path: Path) -> None:
    """A refused command leaves no database behind."""
    db = tmp_path / "club.db"
    result = chicago(db, "plan", *BULLETIN_FIVE, "--keep", "tue", "--save", "tue")
    assert result.returncode == 2
    assert "nothing has been saved" in one_error_line(result.stderr)
    assert not db.exists()

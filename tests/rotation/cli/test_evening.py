"""A whole evening through the command line against a real SQLite file: plan and save, record rubber by
rubber, show, tally, export and import, rename, delete."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from rotation.cli import app
from rotation.io.formats import session_from_data
from tests.conftest import BULLETIN_FIVE, modules_loaded, packages
from tests.rotation.results.test_session import BULLETIN_RESULTS, BULLETIN_SHEET, regular_example_session


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every command of these tests uses this database file (through CHICAGO_DB)."""
    path = tmp_path / "evenings.db"
    monkeypatch.setenv("CHICAGO_DB", str(path))
    return path


def ok(runner: CliRunner, *args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def refused(runner: CliRunner, *args: str) -> str:
    """The one error line of a command that must fail with exit code 2."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("chicago: error: "), result.output
    return lines[0]


def tally_lines(output: str) -> dict[str, int]:
    """The running tally `chicago record` prints: ``  =4  Ann   -3  (1 played)`` per player."""
    found = re.findall(r"^\s+=?\d+\s+(\S+)\s+([+-]?\d+)\s+\(\d+ played\)$", output, re.MULTILINE)
    return {name: int(total) for name, total in found}


def save_bulletin_evening(runner: CliRunner, name: str = "bulletin") -> None:
    ok(runner, "plan", *BULLETIN_FIVE, "--order", "given", "--save", name, "--date", "2024-01-09")


def test_the_bulletin_evening_recorded_rubber_by_rubber(runner: CliRunner, db: Path) -> None:
    """Bulletin #16's five-player evening: saved, then E-W +3, N-S +5, N-S +9, N-S +6, E-W +4 recorded one
    by one; after each, the running tally printed is the bulletin's score sheet, and it ends at Ann -5,
    Helen -3, Doris -2, Jean +22, Shirley -12."""
    save_bulletin_evening(runner)
    assert db.is_file()
    for number, net in enumerate(BULLETIN_RESULTS, 1):
        result = ok(runner, "record", "bulletin", "--round", str(number), "--net", net)
        assert f"Recorded bulletin round {number}, table 1: {net}." in result.output
        assert f"{number} of 5 rubbers recorded" in result.output
        assert tally_lines(result.output) == {
            name: sheet[number - 1] for name, sheet in BULLETIN_SHEET.items()
        }
    assert tally_lines(result.output) == {"Ann": -5, "Helen": -3, "Doris": -2, "Jean": 22, "Shirley": -12}
    data = json.loads(ok(runner, "tally", "bulletin", "--json").output)
    assert {p["name"]: p["total"] for p in data["players"]} == {
        "Ann": -5,
        "Helen": -3,
        "Doris": -2,
        "Jean": 22,
        "Shirley": -12,
    }
    assert [r["ns_tally"] for r in data["rubbers"]] == [-3, 5, 9, 6, -4]


def test_record_prints_who_sat_where_and_the_rubber(runner: CliRunner, db: Path) -> None:
    """`record` names the four players with their seats and the first dealer, the sit-out, and who won."""
    save_bulletin_evening(runner)
    result = ok(runner, "record", "Bulletin", "-r", "2", "--net", "N-S +5")
    first = result.output.splitlines()[0]
    assert first == (
        "bulletin, round 2, table 1: North Helen, East Ann, South Doris, West Shirley (deals first);"
        " sitting out: Jean"
    )
    assert "Rubber: N-S +5 hundreds (Helen, Doris +5; Ann, Shirley -5)" in result.output


def test_recording_deals_with_honors_and_hcp(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """Deals are scored at the table they were played at: the bulletin's Regular example (N-S 140, E-W
    1170, E-W +10); honors and N-S's high-card points are written after the result and are kept."""
    session = regular_example_session()
    session["results"] = []
    path = tmp_path / "regular.json"
    path.write_text(json.dumps(session))
    ok(runner, "import", str(path), "--name", "regular", "--date", "2024-02-01")
    result = ok(runner, "record", "regular", "-r", "1", "2S E +1", "3NT N -2", "6S W =", "2D N =")
    assert "Rubber: N-S 140, E-W 1170: E-W +10 hundreds (Ed, Will +10; Nora, Sue -10)" in result.output
    assert tally_lines(result.output) == {"Ed": 10, "Will": 10, "Nora": -10, "Sue": -10}
    # The same rubber with honors held by E-W on the slam: 100 more for E-W.
    result = ok(
        runner,
        "record",
        "regular",
        "-r",
        "1",
        "2S E +1",
        "3NT N -2 hcp 26",
        "6S W = honors EW 100",
        "2D N =",
        "--replace",
    )
    assert "N-S 140, E-W 1270" in result.output
    assert "(was 2S E +1; 3NT N -2; 6S W =; 2D N =)" in result.output
    exported = json.loads(ok(runner, "export", "regular").output)
    assert exported["results"] == [
        {
            "round": 1,
            "table": 1,
            "deals": [
                "2S E +1",
                {"result": "3NT N -2", "hcp_ns": 26},
                {"result": "6S W =", "honors": "EW 100"},
                "2D N =",
            ],
        }
    ]


def test_re_recording_needs_replace(runner: CliRunner, db: Path) -> None:
    """A rubber already recorded is refused unless --replace; replacing changes the tally."""
    save_bulletin_evening(runner)
    ok(runner, "record", "bulletin", "-r", "1", "--net", "E-W +3")
    message = refused(runner, "record", "bulletin", "-r", "1", "--net", "N-S +3")
    assert "round 1, table 1 is already recorded as a net (E-W +3): use --replace" in message
    result = ok(runner, "record", "bulletin", "-r", "1", "--net", "N-S +3", "--replace")
    assert "(was E-W +3)" in result.output
    assert tally_lines(result.output)["Ann"] == 3
    data = json.loads(ok(runner, "tally", "bulletin", "--json").output)
    assert [r["ns_tally"] for r in data["rubbers"]] == [3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["record", "bulletin", "-r", "6", "--net", "N-S +1"], "round 6 is not in the schedule"),
        (["record", "bulletin", "-r", "1", "-t", "2", "--net", "N-S +1"], "round 1 has no table 2"),
        (["record", "bulletin", "-r", "1"], "give the rubber's deals"),
        (["record", "bulletin", "-r", "1", "4H S =", "--net", "N-S +1"], "not both"),
        (["record", "bulletin", "-r", "1", "--net", "lots"], "cannot read net"),
        (["record", "bulletin", "-r", "1", "8NT N ="], "impossible"),
        (["record", "bulletin", "-r", "1", "4H S =", "1C N =", "1C N =", "1C N =", "1C N ="], "4 deals"),
        (["record", "bulletin", "-r", "1", "--undo"], "round 1, table 1 has nothing recorded"),
        (["record", "bulletin", "-r", "1", "--delete", "--undo"], "not both"),
        (["record", "bulletin", "-r", "1", "--delete", "4H S ="], "takes no deals"),
        (["record", "bulletin", "-r", "1", "4H S = hcp 50", "1C N =", "1C N =", "1C N ="], "0 to 40"),
        (["record", "nosuch", "-r", "1", "--net", "N-S +1"], "no saved session named 'nosuch'"),
        (["record", "bulletin", "--net", "N-S +1"], "--round"),
        (["show", "nosuch"], "no saved session named 'nosuch' (recent: bulletin)"),
        (["tally", "nosuch"], "no such file: 'nosuch'; and no saved session named 'nosuch'"),
        (["tally", "nosuch.json"], "no such file"),
        (["plan", "A", "B", "C", "D", "--save", "BULLETIN"], "a session named 'bulletin' already exists"),
        (["plan", "A", "B", "C", "D", "--save", "x", "--date", "9 May"], "write a date as YYYY-MM-DD"),
        (["plan", "A", "B", "C", "D", "--date", "9 May"], "write a date as YYYY-MM-DD"),
        (["check", "--season", "bulletin"], "name no evening or file"),
        (["plan", "A", "B", "C", "D", "--scoring", "duplicate"], "kept with --save"),
        (["delete", "bulletin"], "add --yes"),
        (["rename", "Nobody", "Somebody"], "no player named 'Nobody'"),
        (["rank", "--json", "--csv"], "not both"),
        (["rank", "--since", "last week"], "write a date as YYYY-MM-DD"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(runner: CliRunner, db: Path, args: list[str], message: str) -> None:
    """Each mistake at the table gets one line naming it, exit code 2, and stores nothing."""
    save_bulletin_evening(runner)
    assert message in refused(runner, *args)
    data = json.loads(ok(runner, "export", "bulletin").output)
    assert data["results"] == []
    assert len(json.loads(ok(runner, "sessions", "--json").output)["sessions"]) == 1


def test_nothing_saved_yet(runner: CliRunner, db: Path) -> None:
    """Before anything is saved, listing and ranking say so and reading never creates the database."""
    assert "No sessions saved yet" in ok(runner, "sessions").output
    assert "No saved sessions" in ok(runner, "rank").output
    assert json.loads(ok(runner, "rank", "--json").output)["players"] == []
    assert "nothing has been saved" in refused(runner, "show", "tuesday")
    assert "no such file or saved session: 'tuesday'" in refused(runner, "tally", "tuesday")
    assert "nothing has been saved" in refused(runner, "record", "tuesday", "-r", "1", "--net", "N-S +1")
    assert not db.exists()


def test_db_option_overrides_the_environment(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """`chicago --db PATH` wins over CHICAGO_DB, for every command including `tally NAME`."""
    other = tmp_path / "other.db"
    ok(runner, "--db", str(other), "plan", *BULLETIN_FIVE, "--order", "given", "--save", "elsewhere")
    assert other.is_file() and not db.exists()
    ok(runner, "--db", str(other), "record", "elsewhere", "-r", "1", "--net", "E-W +3")
    assert json.loads(ok(runner, "--db", str(other), "tally", "elsewhere", "--json").output)["rubbers"]
    assert "no such file or saved session" in refused(runner, "tally", "elsewhere")
    missing = tmp_path / "no" / "such" / "folder.db"
    assert "does not exist" in refused(
        runner, "--db", str(missing), "plan", "A", "B", "C", "D", "--save", "x"
    )


def test_show_lists_schedule_results_and_what_is_missing(runner: CliRunner, db: Path) -> None:
    """`show` prints the seating, the rubbers recorded so far and the ones still to record."""
    save_bulletin_evening(runner)
    ok(runner, "record", "bulletin", "-r", "1", "--net", "E-W +3")
    ok(runner, "record", "bulletin", "-r", "3", "--net", "N-S +9")
    output = ok(runner, "show", "bulletin").output
    assert "bulletin, 2024-01-09: 5 players, 5 rounds" in output
    assert re.search(r"^\s+1\s+Helen\s+Doris\s+Ann\*\s+Jean\s", output, re.MULTILINE)
    assert re.search(r"^\s+3\s+1\s+Ann & Jean\s+Helen & Shirley\s+N-S \+9\s+N-S \+9", output, re.MULTILINE)
    assert "Still to record (3): round 2 table 1, round 4 table 1, round 5 table 1" in output
    for number, net in [(2, "N-S +5"), (4, "N-S +6"), (5, "E-W +4")]:
        ok(runner, "record", "bulletin", "-r", str(number), "--net", net)
    assert "All 5 rubbers recorded." in ok(runner, "show", "bulletin").output


def test_sessions_lists_what_is_saved(runner: CliRunner, db: Path) -> None:
    """`sessions` lists each saved session with its date, players, rubbers recorded and scoring."""
    save_bulletin_evening(runner)
    ok(runner, "plan", "A", "B", "C", "D", "--order", "given", "--save", "later", "--date", "2024-03-01",
       "--scoring", "duplicate", "--unit", "points")  # fmt: skip
    ok(runner, "record", "bulletin", "-r", "1", "--net", "E-W +3")
    listing = json.loads(ok(runner, "sessions", "--json").output)
    assert listing["database"] == str(db)
    assert [
        (s["name"], s["date"], s["players"], s["rubbers"], s["recorded"]) for s in listing["sessions"]
    ] == [
        ("bulletin", "2024-01-09", 5, 5, 1),
        ("later", "2024-03-01", 4, 3, 0),
    ]
    assert listing["sessions"][1]["scoring"]["method"] == "duplicate"
    assert listing["sessions"][1]["scoring"]["unit"] == "points"
    text = ok(runner, "sessions").output
    assert re.search(r"bulletin\s+2024-01-09\s+5\s+1/5\s+chicago, dealer, hundreds", text)
    assert re.search(r"later\s+2024-03-01\s+4\s+0/3\s+duplicate, dealer, points", text)


def test_plan_saves_the_scoring_settings(runner: CliRunner, db: Path) -> None:
    """The scoring options of `plan` are kept with the session and used by every later tally."""
    ok(runner, "plan", "A", "B", "C", "D", "--order", "given", "--save", "pts", "--unit", "points",
       "--vulnerability", "nondealer", "--premium", "outstanding", "--rounding", "half-even")  # fmt: skip
    exported = json.loads(ok(runner, "export", "pts").output)
    assert exported["scoring"] == {
        "method": "chicago",
        "vulnerability": "nondealer",
        "partscore_premium": "outstanding",
        "unit": "points",
        "rounding": "half-even",
    }
    result = ok(runner, "record", "pts", "-r", "1", "--net", "N-S 1030")
    assert "N-S +1030 points" in result.output
    as_json = json.loads(ok(runner, "plan", "A", "B", "C", "D", "--scoring", "russian", "--json").output)
    assert as_json["scoring"]["method"] == "russian"


def test_tally_by_name_prints_the_same_as_for_its_file(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """`tally NAME` and `tally FILE` of the exported session print the same sheet, text and JSON."""
    save_bulletin_evening(runner)
    for number, net in enumerate(BULLETIN_RESULTS[:3], 1):
        ok(runner, "record", "bulletin", "-r", str(number), "--net", net)
    path = tmp_path / "bulletin.json"
    ok(runner, "export", "bulletin", "--out", str(path))
    for extra in ([], ["--json"]):
        by_name = ok(runner, "tally", "bulletin", *extra).output
        assert by_name == ok(runner, "tally", str(path), *extra).output
    assert [r["round"] for r in json.loads(by_name)["rubbers"]] == [1, 2, 3]


def test_export_then_import_gives_the_same_session(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """Export then import (under another name) gives the same session, and exports the same JSON again."""
    save_bulletin_evening(runner)
    ok(runner, "record", "bulletin", "-r", "1", "--net", "E-W +3")
    ok(runner, "record", "bulletin", "-r", "4", "--net", "N-S 650")
    first = ok(runner, "export", "bulletin").output
    path = tmp_path / "copy.json"
    path.write_text(first)
    result = ok(runner, "import", str(path), "--name", "copy", "--again")
    assert "Imported" in result.output and "2 of 5 rubbers recorded" in result.output
    again = ok(runner, "export", "copy").output
    data, data_again = json.loads(first), json.loads(again)
    assert data["name"] == "bulletin" and data_again["name"] == "copy"
    assert data["date"] == data_again["date"] == "2024-01-09"
    assert {**data, "name": "copy"} == data_again
    assert session_from_data(data) == session_from_data(data_again)
    # Without --name the file's own name is used, and it is taken already.
    assert "a session named 'bulletin' already exists" in refused(runner, "import", str(path), "--again")


def test_import_names_and_dates(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """An imported file is named by --name, else its "name", else its file name; dated by --date, else its
    "date", else today; a bad file is refused and nothing is saved."""
    session: dict[str, Any] = regular_example_session()
    plain = tmp_path / "club night.json"
    plain.write_text(json.dumps(session))
    ok(runner, "import", str(plain), "--date", "2024-04-04")
    named = tmp_path / "named.json"
    named.write_text(json.dumps({**session, "name": "From file", "date": "2024-05-05"}))
    ok(runner, "import", str(named))
    listing = json.loads(ok(runner, "sessions", "--json").output)["sessions"]
    assert [(s["name"], s["date"]) for s in listing] == [
        ("club night", "2024-04-04"),
        ("From file", "2024-05-05"),
    ]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**session, "results": [{"round": 2, "table": 1, "net": "N-S +1"}]}))
    assert "round 2 is not in the schedule" in refused(runner, "import", str(bad))
    assert len(json.loads(ok(runner, "sessions", "--json").output)["sessions"]) == 2


def test_players_match_across_sessions_and_rename(runner: CliRunner, db: Path) -> None:
    """A name typed in another case is the same player; `rename` changes the name in every session."""
    save_bulletin_evening(runner)
    result = ok(runner, "plan", "ANN", " helen ", "Doris", "Jean", "--order", "given", "--save", "second")
    assert "Note: 'ANN' is the known player 'Ann'" in result.output
    assert json.loads(ok(runner, "export", "second").output)["players"] == ["Ann", "Helen", "Doris", "Jean"]
    assert "Ann  (2 sessions)" in ok(runner, "players").output
    assert "Renamed Ann to Anne in 2 sessions." in ok(runner, "rename", "ann", "Anne").output
    for name in ("bulletin", "second"):
        assert json.loads(ok(runner, "export", name).output)["players"][0] == "Anne"
    assert "Helen is already a player" in refused(runner, "rename", "Anne", "HELEN")
    assert "both played in bulletin, second" in refused(runner, "rename", "Anne", "Helen", "--merge")


def test_delete_needs_yes(runner: CliRunner, db: Path) -> None:
    """`delete` asks for --yes, then removes the session, its results and players left in no session."""
    save_bulletin_evening(runner)
    ok(runner, "record", "bulletin", "-r", "1", "--net", "E-W +3")
    assert "removes its schedule and 1 recorded rubbers" in refused(runner, "delete", "bulletin")
    assert "Deleted bulletin (2024-01-09)." in ok(runner, "delete", "BULLETIN", "--yes").output
    assert json.loads(ok(runner, "sessions", "--json").output)["sessions"] == []
    assert "No players saved yet" in ok(runner, "players").output
    save_bulletin_evening(runner)  # the name is free again


def test_store_commands_start_without_heavy_imports(db: Path) -> None:
    """Recording at the table must start fast: plan --save, record, sessions, show, tally, rank and export
    import no ortools, networkx or PDF library."""
    commands = [
        ["plan", "A", "B", "C", "D", "--order", "given", "--save", "x"],
        ["record", "x", "-r", "1", "--net", "N-S +2"],
        ["sessions"],
        ["show", "x"],
        ["tally", "x"],
        ["rank"],
        ["export", "x"],
    ]
    loaded = modules_loaded(commands=commands)
    assert "rotation.io.store" in loaded
    assert not packages(loaded) & {"ortools", "networkx", "fpdf", "pypdf"}


def test_show_keeps_whole_names_on_a_narrow_terminal(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """Thirteen players at three tables on an 80-column terminal: every seat prints the whole name (Mikołaj*,
    Shirley*), the deals fold onto a second line instead."""
    from rotation.io.formats import schedule_to_data
    from tests.rotation.render.test_cards import THIRTEEN, thirteen_session

    path = tmp_path / "thirteen.json"
    path.write_text(json.dumps(schedule_to_data(thirteen_session(4).schedule)), encoding="utf-8")
    ok(runner, "import", str(path), "--name", "big")
    output = runner.invoke(app, ["show", "big"], env={"COLUMNS": "80"}).output
    assert "\u2026" not in output
    table = output.split("Still to record")[0]
    assert max(len(line) for line in table.splitlines()) <= 80
    seated = {word.rstrip("*") for line in output.splitlines() for word in line.split()}
    assert set(THIRTEEN) <= seated


def test_names_with_spaces(runner: CliRunner, db: Path) -> None:
    """A new player typed with stray spaces is tidied without a note (only a known player typed another
    way gets one); a session name with a space is quoted in the hint that would delete it."""
    result = ok(
        runner, "plan", " Zoë ", "Björn  Borg", "Ann", "Helen", "--order", "given", "--save", "Tue night"
    )
    assert "known player" not in result.output
    assert json.loads(ok(runner, "export", "tue night").output)["players"][:2] == ["Zoë", "Björn Borg"]
    result = ok(runner, "plan", "zoë", "Björn Borg", "Ann", "Helen", "--order", "given", "--save", "Wed")
    assert result.output.count("known player") == 1 and "'zoë' is the known player 'Zoë'" in result.output
    message = refused(runner, "plan", "A", "B", "C", "D", "--save", "tue  NIGHT")
    assert (
        "a session named 'Tue night' already exists" in message
        and "`chicago delete 'Tue night' --yes`" in message
    )


def test_importing_the_same_evening_twice_asks_first(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    """A backup imported under a new name would count its rubbers twice in the season: the same date,
    players, seating and results are refused unless --again says it is another evening."""
    save_bulletin_evening(runner)
    ok(runner, "record", "bulletin", "-r", "1", "--net", "E-W +3")
    backup = tmp_path / "backup.json"
    ok(runner, "export", "bulletin", "--out", str(backup))
    assert "already saved as 'bulletin'" in refused(runner, "import", str(backup), "--name", "copy")
    assert "--again" in refused(runner, "import", str(backup), "--name", "copy")
    ok(runner, "import", str(backup), "--name", "copy", "--again")


def test_a_date_is_written_with_dashes(runner: CliRunner, db: Path) -> None:
    """`--date 20240101` is refused rather than read as a date (Python's fromisoformat would take it)."""
    message = refused(runner, "plan", *BULLETIN_FIVE, "--order", "given", "--save", "x", "--date", "20240101")
    assert "YYYY-MM-DD" in message


def test_russian_scoring_has_no_unit_or_rounding(runner: CliRunner, db: Path) -> None:
    """Seed 000: Russian scoring tallies in IMPs, so --unit and --rounding are refused beside it."""
    args = ("plan", *BULLETIN_FIVE, "--order", "given", "--save", "x", "--scoring", "russian")
    assert "IMPs" in refused(runner, *args, "--unit", "points")
    assert "IMPs" in refused(runner, *args, "--rounding", "half-even")


def test_a_rubber_recorded_deal_by_deal(runner: CliRunner, db: Path) -> None:
    """Deal by deal: each call adds to the rubber in play, the tally counts it only once complete, show
    marks it in progress, --undo takes back the last deal, a complete rubber refuses more without
    --replace, and --delete removes it."""
    save_bulletin_evening(runner)
    first = ok(runner, "record", "bulletin", "-r", "1", "2S E +1").output
    assert "Rubber in play: N-S 0, E-W 90 after 1 deal; deal 2 next" in first
    assert "0 of 5 rubbers recorded" in first
    assert set(tally_lines(first).values()) == {0}
    shown = ok(runner, "show", "bulletin").output
    assert "In progress, round 1 table 1: N-S 0, E-W 90 after 1 deal" in shown
    ok(runner, "record", "bulletin", "-r", "1", "3NT N -2", "pass")
    undone = ok(runner, "record", "bulletin", "-r", "1", "--undo").output
    assert "Took back the last deal" in undone and "2S E +1; 3NT N -2" in undone
    done = ok(runner, "record", "bulletin", "-r", "1", "6S W =", "2D N =").output
    assert "Rubber: N-S 140, E-W 1170: E-W +10" in done and "1 of 5 rubbers recorded" in done
    assert tally_lines(done)["Jean"] == 10
    assert "already recorded and complete" in refused(runner, "record", "bulletin", "-r", "1", "1C N =")
    tally = json.loads(ok(runner, "tally", "bulletin", "--json").output)
    assert [r["ns_tally"] for r in tally["rubbers"]] == [-10]
    removed = ok(runner, "record", "bulletin", "-r", "1", "--delete").output
    assert removed.startswith("Removed bulletin round 1, table 1 (was 2S E +1; 3NT N -2; 6S W =; 2D N =)")
    assert json.loads(ok(runner, "tally", "bulletin", "--json").output)["rubbers"] == []
    ok(runner, "record", "bulletin", "-r", "2", "4H S =")
    assert "Removed" in ok(runner, "record", "bulletin", "-r", "2", "--undo").output


def test_sessions_counts_only_complete_rubbers(runner: CliRunner, db: Path) -> None:
    save_bulletin_evening(runner)
    ok(runner, "record", "bulletin", "-r", "1", "2S E +1", "pass")
    ok(runner, "record", "bulletin", "-r", "2", "--net", "E-W +3")
    listed = json.loads(ok(runner, "sessions", "--json").output)
    assert listed["sessions"][0]["recorded"] == 1


def test_a_saved_evening_is_replanned_in_place_keeping_its_results(runner: CliRunner, db: Path) -> None:
    """Someone arrives after round 1 (issue 13): `plan ... --keep NAME --save NAME` keeps the rounds
    played and their results, replans the rest with the newcomer, and the tally is unchanged."""
    ok(runner, "plan", *BULLETIN_FIVE, "--order", "given", "--save", "tue")
    ok(runner, "record", "tue", "--round", "1", "--net", "E-W +3")
    before = json.loads(ok(runner, "tally", "tue", "--json").output)
    shown = ok(runner, "plan", *BULLETIN_FIVE, "Zoë", "--keep", "tue", "--save", "tue").output
    assert "Replanned 'tue': the first 1 round and every result kept" in shown
    after = json.loads(ok(runner, "export", "tue").output)
    assert after["players"] == [*BULLETIN_FIVE, "Zoë"]
    assert len(after["results"]) == 1
    assert any("Zoë" in json.dumps(rnd, ensure_ascii=False) for rnd in after["rounds"][1:])
    totals = {
        p["name"]: p["total"] for p in json.loads(ok(runner, "tally", "tue", "--json").output)["players"]
    }
    assert all(totals[p["name"]] == p["total"] for p in before["players"])
    assert totals["Zoë"] == 0
    sessions = ok(runner, "sessions", "--json").output
    assert [s["name"] for s in json.loads(sessions)["sessions"]] == ["tue"]


def test_a_replan_refuses_to_drop_a_rubber_in_play(runner: CliRunner, db: Path) -> None:
    """A rubber entered in a round the replan would change is never silently dropped."""
    ok(runner, "plan", *BULLETIN_FIVE, "--order", "given", "--save", "tue")
    ok(runner, "record", "tue", "--round", "1", "--net", "E-W +3")
    ok(runner, "record", "tue", "--round", "2", "2S E +1")
    line = refused(runner, "plan", *BULLETIN_FIVE, "Zoë", "--keep", "tue:1", "--save", "tue")
    assert "round 2, table 1 has a result already" in line

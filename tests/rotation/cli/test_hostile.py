"""Hostile input from the command line and from files: every number bounded where it is read, every bad
file refused, each as one `chicago: error:` line and exit 2, in a process under a memory cap."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

MEMORY_CAP = 4 * 2**30
"""Address space for each command: a number that once made the planner allocate 24 GB now cannot."""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _chicago(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rotation.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "CHICAGO_DB": str(cwd / "hostile.db")},
        preexec_fn=_capped,
        timeout=300,  # a failsafe for a hang, not a measure: each answers at once
    )


FIVE = ("Ann", "Helen", "Doris", "Jean", "Shirley")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((*FIVE, "--rounds", "99999999999999999999"), "--rounds"),
        ((*FIVE, "--away", "Ann:1-99999999999999999999"), "at most 100 rounds"),
        ((*FIVE, "--away", "Ann:99999999999999999999999"), "at most 100 rounds"),
        ((*FIVE, "--away", "Ann:1000000000"), "at most 100 rounds"),
        ((*FIVE, "--away", "Ann:-1"), "cannot read rounds"),
        ((*FIVE, "--tables", "100000"), "--tables"),
        (("Ann\x1b]0;pwned\x07", "B", "C", "D"), "control character"),
        (("Di\u200bana", "B", "C", "D"), "invisible"),
        (tuple(f"P{i}" for i in range(201)), "at most 200 players"),
    ],
    ids=[
        "huge rounds",
        "huge away range",
        "huge away round",
        "away round past any evening",
        "away round below one",
        "huge tables",
        "terminal control in a name",
        "zero-width space in a name",
        "too many players",
    ],
)
def test_hostile_plan_options_get_one_line_and_exit_2(
    args: tuple[str, ...], words: str, tmp_path: Path
) -> None:
    """`chicago plan` with numbers meant to exhaust memory or hang it, or names that would steer the
    terminal: one error line naming the limit, exit code 2, and no control character echoed."""
    done = _chicago("plan", *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("chicago: error:") and words in lines[0], lines
    assert "\x1b" not in done.stderr + done.stdout and "\x07" not in done.stderr


def test_hostile_files_get_one_line_and_exit_2(tmp_path: Path) -> None:
    """A file nested thousands deep, one with a 5,000-digit number, and --keep past the file's rounds:
    each is refused with one line and exit 2 (no RecursionError, no ValueError traceback)."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    digits = tmp_path / "digits.json"
    digits.write_text(json.dumps({"players": []})[:-1] + ', "n": ' + "9" * 5000 + "}")
    plan = _chicago("plan", "A", "B", "C", "D", "--order", "given", "--json", cwd=tmp_path)
    four = tmp_path / "four.json"
    four.write_text(plan.stdout)
    for args, words in (
        (("check", str(deep)), "nested too deeply"),
        (("check", str(digits)), "holds a number of 5,000 characters (at most 40)"),
        (("plan", "A", "B", "C", "D", "--keep", f"{four}:99"), "has 3"),
        (("plan", "A", "B", "C", "D", "--keep", f"{four}:99999999999999999999999"), "FILE:K"),
    ):
        done = _chicago(*args, cwd=tmp_path)
        assert done.returncode == 2, (args, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("chicago: error:") and words in lines[0], lines


def test_a_net_no_rubber_can_score_is_refused_before_it_is_stored(tmp_path: Path) -> None:
    """`record --net` with a net of 40 digits, or an unsigned net that is not a multiple of 10 points
    (the host meant hundreds), is refused; nothing is stored, so the season still ranks."""
    assert _chicago("plan", *FIVE, "--order", "given", "--save", "tue", cwd=tmp_path).returncode == 0
    for net, words in (("E-W +" + "9" * 40, "more than a rubber can score"), ("E-W 3", "multiple of 10")):
        done = _chicago("record", "tue", "--round", "1", "--net", net, cwd=tmp_path)
        assert done.returncode == 2 and words in done.stderr, done.stderr
    ranked = _chicago("rank", cwd=tmp_path)
    assert ranked.returncode == 0, ranked.stderr


DEEP = "[" * 50_000 + "]" * 50_000
"""JSON nested 50,000 deep: past the C decoder's recursion limit (json.loads alone: RecursionError)."""


def _one_line(done: subprocess.CompletedProcess[str], code: int, line: str) -> None:
    assert (done.returncode, done.stderr) == (code, f"chicago: error: {line}\n"), done.stderr[-2000:]


def test_a_device_is_refused_and_a_pipe_is_read_only_up_to_the_cap(tmp_path: Path) -> None:
    """`check /dev/zero` (a device, endless) is refused unread, and a pipe on /dev/stdin holding more
    than the cap is refused after reading the cap, not read until memory runs out."""
    from rotation.cli.common import MAX_JSON_BYTES

    cap = f"is more than {MAX_JSON_BYTES:,} bytes; a schedule or session file is smaller"
    _one_line(
        _chicago("check", "/dev/zero", cwd=tmp_path),
        2,
        "/dev/zero is a device, not a schedule or session file",
    )
    piped = subprocess.run(
        [sys.executable, "-m", "rotation.cli", "check", "/dev/stdin"],
        input=" " * (MAX_JSON_BYTES + 1),
        capture_output=True,
        text=True,
        cwd=tmp_path,
        preexec_fn=_capped,
        timeout=300,
    )
    _one_line(piped, 2, f"/dev/stdin {cap}")


@pytest.mark.parametrize("command", ["check", "tally", "import"])
def test_files_nested_50000_deep_are_refused(command: str, tmp_path: Path) -> None:
    """A file of 50,000 nested arrays for check, tally and import: one line saying how deep, exit 2."""
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    done = _chicago(command, str(deep), cwd=tmp_path)
    _one_line(done, 2, f"{deep} is nested too deeply (50,000 levels; at most 64)")


def test_deal_arguments_nested_or_long_are_refused(tmp_path: Path) -> None:
    """A deal argument nested 50,000 deep, nested 100 deep within the length a deal may have, with a
    5,000-digit count of high-card points or an infinite one: each one line, exit 2, nothing stored."""
    assert _chicago("plan", *FIVE, "--order", "given", "--save", "tue", cwd=tmp_path).returncode == 0
    hundred = '{"result": ' + "[" * 90 + "]" * 90 + "}"
    for deal, line in (
        (
            '{"result": ' + DEEP + "}",
            "a deal is at most 200 characters, such as '6S W = honors EW 100'; this one has 100,012",
        ),
        (hundred, f"cannot read deal {hundred!r}: it is nested too deeply (91 levels; at most 64)"),
        (
            "2S E = hcp " + "0" * 5000 + "22",
            "a deal is at most 200 characters, such as '6S W = honors EW 100'; this one has 5,013",
        ),
        (
            "2S E = hcp " + "9" * 100,
            f"deal {'2S E = hcp ' + '9' * 100!r}: hcp is N-S's high-card points, 0 to 40",
        ),
        (
            '{"result": "2S E =", "hcp_ns": 1e5000}',
            'cannot read deal \'{"result": "2S E =", "hcp_ns":'
            " 1e5000}': it holds a number too large to use: 1e5000",
        ),
        (
            '{"result": "2S E =", "hcp_ns": ' + "9" * 150 + "}",
            'cannot read deal \'{"result": "2S E =",'
            f' "hcp_ns": {"9" * 150}}}\': it holds a number of 150 characters (at most 40)',
        ),
    ):
        _one_line(_chicago("record", "tue", "--round", "1", deal, cwd=tmp_path), 2, line)
    shown = _chicago("show", "tue", cwd=tmp_path)
    assert shown.returncode == 0 and "Still to record (5)" in shown.stdout, shown.stdout


def test_5000_digit_numbers_in_results_are_refused(tmp_path: Path) -> None:
    """A contract level, an overtrick count or honors of 5,000 digits, typed or in a session file: one
    line quoting a few of the digits, exit 2 (never Python's int-string limit)."""
    many = "9" * 5000
    _one_line(
        _chicago("score", many + "S=", cwd=tmp_path),
        2,
        f"'{many[:37]}...': level '{many[:37]}...' is impossible: a contract is 1 to 7",
    )
    _one_line(
        _chicago("score", "2S-" + many, cwd=tmp_path),
        2,
        f"'2S-{many[:34]}...': a deal has 13 tricks, so '-{many[:36]}...' is impossible",
    )
    assert _chicago("score", "0" * 5000 + "2S-" + "0" * 5000 + "2", cwd=tmp_path).stdout == "-100\n"
    session = json.loads(
        _chicago("plan", "A", "B", "C", "D", "--order", "given", "--json", cwd=tmp_path).stdout
    )
    for deal, line in (
        ({"result": "6S W =", "honors": "EW " + many}, f"honors are worth 100 or 150, not '{many[:37]}...'"),
        ({"result": "2S E =", "hcp_ns": 10**50}, "holds a number of 51 characters (at most 40)"),
    ):
        path = tmp_path / "session.json"
        path.write_text(json.dumps({**session, "results": [{"round": 1, "table": 1, "deals": [deal]}]}))
        done = _chicago("tally", str(path), cwd=tmp_path)
        assert done.returncode == 2 and done.stderr.endswith(line + "\n"), done.stderr
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(f"chicago: error: {path}")


@pytest.mark.parametrize(
    ("column", "sql"),
    [
        ("scoring", "UPDATE sessions SET scoring = ?"),
        ("schedule", "UPDATE sessions SET schedule = ?"),
        ("deals", "UPDATE results SET deals = ? WHERE deals IS NOT NULL"),
    ],
)
def test_a_stored_column_nested_deep_is_one_line(column: str, sql: str, tmp_path: Path) -> None:
    """A database whose stored JSON (scoring, schedule or a rubber's deals) was made 50,000 deep by some
    other program: `show` and `sessions` say the session cannot be read, exit 1 (a damaged file)."""
    import sqlite3

    assert _chicago("plan", *FIVE, "--order", "given", "--save", "tue", cwd=tmp_path).returncode == 0
    assert _chicago("record", "tue", "--round", "1", "--net", "E-W +3", cwd=tmp_path).returncode == 0
    assert _chicago("record", "tue", "--round", "2", "2S E =", cwd=tmp_path).returncode == 0
    with sqlite3.connect(tmp_path / "hostile.db") as db:
        db.execute(sql, (DEEP,))
    db.close()
    line = (
        f"{tmp_path / 'hostile.db'}: session 'tue' cannot be read:"
        f" its {column} is nested too deeply (50,000 levels; at most 64)"
    )
    _one_line(_chicago("show", "tue", cwd=tmp_path), 1, line)
    _one_line(_chicago("sessions", cwd=tmp_path), 1, line)


def test_avoiding_a_player_with_themself_names_them(tmp_path: Path) -> None:
    """`--avoid Ann+ann` says a player cannot be kept from partnering themself, naming them."""
    done = _chicago("plan", "Ann", "Bob", "Cy", "Di", "--avoid", "Ann+ann", cwd=tmp_path)
    _one_line(
        done,
        2,
        "--avoid Ann+ann: a player cannot be kept from partnering themself (Ann); name two different players",
    )


# --- files that never end, paths and addresses too long: the installed `chicago`, as a host runs it ---

HANG = 120
"""Seconds after which a command that should answer at once is taken to block (a failsafe, not a
measure: each answers in about a second, so only a regression reaches it)."""


def _installed(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed `chicago` (tests/rotation/web/real.py), failing the test if it blocks."""
    from tests.rotation.web.real import chicago

    try:
        return chicago(db, *args, timeout=HANG)
    except subprocess.TimeoutExpired:
        pytest.fail(f"chicago {' '.join(args)[:200]} blocked (no answer in {HANG} s)")


@pytest.mark.parametrize("command", ["check", "tally", "cards", "import"])
def test_a_fifo_with_no_writer_is_refused_at_once(command: str, tmp_path: Path) -> None:
    """A FIFO no program writes to would block an `open` for ever: each command that reads a file a host
    names refuses it unopened-for-reading, one line and exit 2, and says how to read a pipe instead."""
    fifo = tmp_path / "tonight.json"
    os.mkfifo(fifo)
    _one_line(
        _installed(tmp_path / "club.db", command, str(fifo)),
        2,
        f"{fifo} is a pipe (FIFO), not a schedule or session file"
        " (to read a pipe, give /dev/stdin and pipe it in)",
    )


def test_a_fifo_as_kept_plan_or_database_is_refused_at_once(tmp_path: Path) -> None:
    """`plan --keep FIFO:1` and `--db FIFO` (SQLite's open of a FIFO blocks too): one line, exit 2."""
    fifo = tmp_path / "tonight.json"
    os.mkfifo(fifo)
    kept = _installed(tmp_path / "club.db", "plan", *FIVE, "--keep", f"{fifo}:1")
    _one_line(kept, 2, f"--keep {fifo} is a pipe (FIFO), not a file")
    _one_line(_installed(fifo, "sessions"), 2, f"--db {fifo} is a pipe (FIFO), not a file")
    _one_line(_installed(Path("/dev/zero"), "sessions"), 2, "--db /dev/zero is a device, not a file")


def test_a_schedule_piped_on_standard_input_is_still_read(tmp_path: Path) -> None:
    """Standard input named /dev/stdin is read as any filter reads it: `plan --json | check /dev/stdin`."""
    from tests.rotation.web.real import CHICAGO

    planned = _installed(tmp_path / "club.db", "plan", *FIVE, "--order", "given", "--json")
    assert planned.returncode == 0, planned.stderr
    checked = subprocess.run(
        [str(CHICAGO), "--db", str(tmp_path / "club.db"), "check", "/dev/stdin"],
        input=planned.stdout,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert checked.returncode == 0 and "Stopping after each round" in checked.stdout, checked.stderr


LONG_PATH = "a/" * 3000 + "s.json"
"""6,006 bytes: longer than any path Linux opens (4,096)."""


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("cards", "tue", "--out", "x.pdf", "--live", "http://" + "h" * 10_000),
            "--live takes the server's address, like http://192.168.1.20:8013: 10,007 characters is too"
            " long (at most 300)",
        ),
        (
            ("cards", "tue", "--out", "x.pdf", "--live", "http://h:99999"),
            "--live takes the server's address, like http://192.168.1.20:8013, not 'http://h:99999'",
        ),
        (
            ("cards", "tue", "--out", LONG_PATH),
            "--out 'a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/...a/a/a/a/a/a/a/s.json' is not a path a file system"
            " takes (6,006 bytes, 6 between two slashes; at most 4,096 and 255)",
        ),
        *(
            (
                (command, LONG_PATH),
                "'a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/...a/a/a/a/a/a/a/s.json' is not a path a file system"
                " takes (6,006 bytes, 6 between two slashes; at most 4,096 and 255)",
            )
            for command in ("check", "tally", "cards", "import")
        ),
    ],
    ids=["long --live", "--live port", "long --out", "long check", "long tally", "long cards", "long import"],
)
def test_long_addresses_and_paths_are_one_line(args: tuple[str, ...], line: str, tmp_path: Path) -> None:
    """A 10,000-character --live (once a traceback from the QR code), a port no server has, and paths
    longer than any file system takes (once `File name too long` tracebacks): one line each, exit 2."""
    db = tmp_path / "club.db"
    assert _installed(db, "plan", *FIVE, "--order", "given", "--save", "tue").returncode == 0
    done = _installed(db, *args)
    _one_line(done, 2, line)


def test_a_database_path_too_long_is_one_line(tmp_path: Path) -> None:
    """`--db` of 5,000 characters (once a traceback from `Path.exists`): one line, exit 2."""
    done = _installed(tmp_path / ("d" * 5000), "sessions")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-500:]
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("chicago: error: --db '"), done.stderr
    assert "is not a path a file system takes" in done.stderr and len(done.stderr) < 300


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Ed\u200bna", "holds an invisible formatting character (\\u200b)"),
        ("Ed\u202ena", "holds an invisible formatting character (\\u202e)"),
        ("Ed\x01na", "holds a control character (\\x01)"),
        ("E" * 41, "is 41 characters long; at most 40"),
    ],
    ids=["zero-width space", "right-to-left override", "control character", "41 characters"],
)
def test_a_new_players_unusable_name_is_one_line(name: str, words: str, tmp_path: Path) -> None:
    """`plan ... NAME --new NAME` with a roster to match against (once a traceback from the roster's
    comparison): the name is read before it is compared, one line, exit 2, nothing saved."""
    db = tmp_path / "club.db"
    assert _installed(db, "plan", *FIVE, "--order", "given", "--save", "tue").returncode == 0
    done = _installed(db, "plan", *FIVE, name, "--new", name, "--save", "wed")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr[-2000:]
    assert done.stderr.startswith("chicago: error: a player's name") and words in done.stderr, done.stderr
    assert "\x01" not in done.stderr and "\u202e" not in done.stderr
    assert "wed" not in _installed(db, "sessions").stdout


def test_passed_out_deals_past_the_bound_are_refused(tmp_path: Path) -> None:
    """Seed 001, "Passed Out Hand: Dealer redeals until a contract is reached": a passed-out deal is not one
    of the rubber's deals, and the rules set no limit. 10,000 passes once made one rubber; twenty in one
    rubber are kept (no table sees as many), the twenty-first is refused, all at once or one by one."""
    from scoring.rubber import MAX_PASSED_OUT

    db = tmp_path / "club.db"
    assert _installed(db, "plan", *FIVE, "--order", "given", "--save", "tue").returncode == 0
    line = (
        f"round 1, table 1: {MAX_PASSED_OUT + 1} passed-out deals in one rubber; at most {MAX_PASSED_OUT}"
        " (a passed-out deal is redealt by the same dealer until a contract is reached)"
    )
    played = ("2S E =", "3NT S +1", "4H W -1", "1C N =")
    _one_line(_installed(db, "record", "tue", "-r", "1", *["pass"] * (MAX_PASSED_OUT + 1), *played), 2, line)
    kept = _installed(db, "record", "tue", "-r", "1", *["pass"] * MAX_PASSED_OUT)
    assert kept.returncode == 0, kept.stderr
    _one_line(_installed(db, "record", "tue", "-r", "1", "pass"), 2, line)
    finished = _installed(db, "record", "tue", "-r", "1", *played)
    assert finished.returncode == 0 and "1 of 5 rubbers recorded" in finished.stdout, finished.stdout


def test_a_schedule_longer_than_any_plan_is_refused_as_it_is_read(tmp_path: Path) -> None:
    """`check` of a 20,000-round schedule once peaked at 1.77 GB (and `plan --keep` of it ran past 5
    minutes at 1 GB): a schedule file holds at most the planner's 100 rounds and 200 players, refused as
    read by every reader; 100 rounds are checked, a row for each."""
    from rotation.plan import MAX_PLAYERS, MAX_ROUNDS
    from tests.benchmarks.bench_commands import schedule_data

    db = tmp_path / "club.db"
    for players, rounds, line in (
        (5, 20_000, "schedule.rounds: 20,000 rounds; a schedule has at most 100"),
        (MAX_PLAYERS + 4, 1, f"schedule.players: {MAX_PLAYERS + 4} players; a schedule seats at most 200"),
    ):
        path = tmp_path / f"s{players}x{rounds}.json"
        path.write_text(json.dumps(schedule_data(players, rounds)))
        for args in (("check", str(path)), ("cards", str(path)), ("plan", *FIVE, "--keep", f"{path}:1")):
            _one_line(_installed(db, *args), 2, f"{path}: {line}")
    path = tmp_path / "longest.json"
    path.write_text(json.dumps(schedule_data(8, MAX_ROUNDS)))
    done = _installed(db, "check", str(path))
    assert done.returncode == 0, done.stderr
    table = done.stdout.split("Stopping after each round")[1].splitlines()
    firsts = [line.split()[0] for line in table if line.split() and line.split()[0].isdigit()]
    assert [int(first) for first in firsts] == list(range(1, MAX_ROUNDS + 1))

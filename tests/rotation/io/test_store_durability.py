"""Nothing lost: `chicago record` processes killed with SIGKILL at random moments leave a database that
passes `PRAGMA integrity_check` and holds every result they acknowledged (printed their "Recorded" line
for); processes recording at the same time all succeed. Everything here runs in real subprocesses."""

from __future__ import annotations

import inspect
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.cli import app

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="POSIX")

ACK = re.compile(r"^Recorded night round (\d+), table 1: ", re.MULTILINE)


def _net(round_number: int) -> str:
    """A different result for every round, so a stored value can be checked against what was sent."""
    return f"{'N-S' if round_number % 2 else 'E-W'} +{round_number}"


def _stored_nets(path: Path) -> dict[int, str]:
    """The results in the file, after checking it is sound."""
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        return dict(db.execute("SELECT round, net FROM results"))


def _save_night(path: Path, rounds: int) -> None:
    args = ["plan", "A", "B", "C", "D", "--order", "given", "--rounds", str(rounds), "--save", "night"]
    result = CliRunner().invoke(app, args, env={"CHICAGO_DB": str(path)})
    assert result.exit_code == 0, result.output


def _record(path: Path, round_number: int) -> subprocess.Popen[str]:
    """`python -m rotation.cli record night --round R --net ...`, as a host would type it."""
    return subprocess.Popen(
        [sys.executable, "-m", "rotation.cli", "record", "night", "-r", str(round_number), "--net", _net(round_number)],  # noqa: E501
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CHICAGO_DB": str(path)},
    )  # fmt: skip


def test_the_command_killed_in_its_transaction_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """`chicago record`, each run a new Python process as a host's command is, killed with SIGKILL at
    each point of its transaction in turn (BEGIN, the INSERT, COMMIT, after the commit before the
    acknowledgement): the file passes integrity_check, a rubber is stored exactly when the kill came after
    its commit, and every lost rubber can be recorded again."""
    path = tmp_path / "killed.db"
    rounds = 2 * len(POINTS)
    _save_night(path, rounds)
    env = {**os.environ, "CHICAGO_DB": str(path)}
    outcome: dict[int, str] = {}
    for number in range(1, rounds + 1):
        point = POINTS[number % len(POINTS)]
        events_r, events_w = os.pipe()
        go_r, go_w = os.pipe()
        args = ["record", "night", "-r", str(number), "--net", _net(number)]
        process = subprocess.Popen(
            [sys.executable, "-c", BOOT, str(events_w), str(go_r), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            pass_fds=(events_w, go_r),
        )
        os.close(events_w)
        os.close(go_r)
        _, killed = serve(process.pid, events_r, go_w, point, after=0)
        out, err = process.communicate(timeout=120)
        assert killed and process.returncode == -signal.SIGKILL, (point, err.decode())
        assert b"Recorded" not in out
        outcome[number] = point
    stored = _stored_nets(path)
    assert set(stored) == {number for number, point in outcome.items() if point == "ACK"}
    assert all(stored[number] == _net(number) for number in stored)
    runner = CliRunner()
    for number in sorted(set(outcome) - set(stored)):
        args = ["record", "night", "-r", str(number), "--net", _net(number)]
        assert runner.invoke(app, args, env={"CHICAGO_DB": str(path)}).exit_code == 0
    assert _stored_nets(path) == {number: _net(number) for number in outcome}


# The storm, triggered by events, not by the clock. One interpreter imports the CLI once, then forks
# writers one after another; each runs the `chicago` app's `record` command for round after round (as
# `chicago record` does, minus the start-up). Every statement the store sends to SQLite (through
# `set_trace_callback`, called before the statement runs) and every acknowledgement the command is about
# to print (through `typer.echo`) is announced on a pipe, and the writer waits for a go-ahead. The parent
# kills the writer with SIGKILL at one drawn point: BEGIN, the INSERT of the result, COMMIT, or after the
# commit before the acknowledgement, once it has acknowledged a drawn number of rubbers. It prints, for
# each writer, the round it started at, the point it was killed at, the round being written then, and
# everything the writer printed.
def serve(pid: int, events_r: int, go_w: int, point: str, after: int) -> tuple[int, bool]:
    """Let a child run event by event; SIGKILL it at ``point`` once it has acknowledged ``after``
    rubbers. Returns (rubbers acknowledged, whether it was killed). Run here and, as source, in STORM."""
    events = os.fdopen(events_r, "rb")
    acknowledged, inserted, killed = 0, False, False
    for line in events:
        event = line.strip().decode()
        if event == point and acknowledged == after and (point != "COMMIT" or inserted):
            os.kill(pid, 9)
            killed = True
            break
        inserted = inserted or event == "INSERT"
        if event == "ACK":
            acknowledged, inserted = acknowledged + 1, False
        os.write(go_w, b"g")
    events.close()
    os.close(go_w)
    return acknowledged, killed


HOOKS = r"""
import os, random, sqlite3, sys
import typer
from rotation.cli import app

POINTS = ("BEGIN", "INSERT", "COMMIT", "ACK")


def install(events, go):
    # Announce each event on ``events`` and wait for the parent's go-ahead on ``go`` (or SIGKILL).
    def announce(event):
        os.write(events, event.encode() + b"\n")
        if os.read(go, 1) != b"g":
            os._exit(3)

    def trace(sql):
        word = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
        if word == "BEGIN" or word == "COMMIT":
            announce(word)
        elif sql.lstrip().upper().startswith("INSERT INTO RESULTS"):
            announce("INSERT")

    connect = sqlite3.connect

    def traced(*args, **kwargs):
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(trace)
        return connection

    sqlite3.connect = traced
    echo = typer.echo

    def acknowledging(message=None, *args, **kwargs):
        if str(message).startswith("Recorded"):
            announce("ACK")
        echo(message, *args, **kwargs)
        sys.stdout.flush()

    typer.echo = acknowledging

"""

STORM = (
    HOOKS
    + inspect.getsource(serve)
    + r"""
command = typer.main.get_command(app)  # what `chicago` runs, built once
writers, rounds = int(sys.argv[1]), int(sys.argv[2])
chance = random.Random(int(sys.argv[3]))


def writer(start, events, go):
    install(events, go)
    for number in range(start, rounds + 1):
        net = ("N-S" if number % 2 else "E-W") + f" +{number}"
        command.main(["record", "night", "-r", str(number), "--net", net], "chicago", standalone_mode=False)
    os._exit(0)


start = 1
for index in range(writers):
    point = POINTS[index % len(POINTS)]  # every point, in turn
    after = chance.randrange(3)  # rubbers acknowledged before the kill
    sys.stdout.flush()
    out_r, out_w = os.pipe()
    events_r, events_w = os.pipe()
    go_r, go_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        for fd in (out_r, events_r, go_w):
            os.close(fd)
        os.dup2(out_w, 1)
        writer(start, events_w, go_r)
    for fd in (out_w, events_w, go_r):
        os.close(fd)
    acknowledged, was_killed = serve(pid, events_r, go_w, point, after)
    os.waitpid(pid, 0)
    killed = start + acknowledged if was_killed else None
    output = b""
    while chunk := os.read(out_r, 65536):
        output += chunk
    os.close(out_r)
    print(f"writer {index} started at {start} killed at {point} writing {killed}")
    print(output.decode())
    start = start + acknowledged + 1
"""
)

BOOT = (
    HOOKS
    + r"""
install(int(sys.argv[1]), int(sys.argv[2]))
app(prog_name="chicago", args=sys.argv[3:])
"""
)
"""The `chicago` command in a new Python process, announcing its events: ``BOOT EVENTS_FD GO_FD ARGS``."""

POINTS = ("BEGIN", "INSERT", "COMMIT", "ACK")
KILLED = re.compile(r"^writer \d+ started at (\d+) killed at (\w+) writing (\d+|None)$", re.MULTILINE)


def test_writers_killed_mid_write_lose_nothing_acknowledged(tmp_path: Path) -> None:
    """Twenty-four writers killed with SIGKILL inside their transaction (at BEGIN, at the INSERT, at
    COMMIT) or after the commit but before the acknowledgement: the file passes integrity_check, every
    acknowledged result is there with its value, nothing is stored that was not sent, a rubber killed
    before its commit is not stored and one killed after it is, the rubbers lost can be recorded again,
    and every kill point was hit."""
    path = tmp_path / "storm.db"
    writers = 24
    rounds = writers * 4  # each writer writes at most three rubbers and one more: it cannot run out
    _save_night(path, rounds)
    env = {**os.environ, "CHICAGO_DB": str(path)}
    done = subprocess.run(
        [sys.executable, "-c", STORM, str(writers), str(rounds), "7"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    kills = [(int(start), point, writing) for start, point, writing in KILLED.findall(done.stdout)]
    assert len(kills) == writers, done.stdout[-2000:]
    assert all(writing != "None" for _, _, writing in kills), "a writer finished before its kill point"
    assert {point for _, point, _ in kills} == set(POINTS)
    acknowledged = {int(n) for n in ACK.findall(done.stdout)}
    stored = _stored_nets(path)
    sent = {n for start, _, writing in kills for n in range(start, int(writing) + 1)}
    assert acknowledged <= set(stored) <= sent
    assert all(stored[number] == _net(number) for number in stored)
    for _, point, writing in kills:
        assert (int(writing) in stored) == (point == "ACK"), (point, writing)
    runner = CliRunner()
    for number in sorted(sent - set(stored)):
        args = ["record", "night", "-r", str(number), "--net", _net(number)]
        assert runner.invoke(app, args, env={"CHICAGO_DB": str(path)}).exit_code == 0
    assert _stored_nets(path) == {number: _net(number) for number in sent}


def test_two_processes_record_at_the_same_time(tmp_path: Path) -> None:
    """Two `record` runs for different rubbers of one session, started while another connection holds the
    write lock, both wait (the busy timeout) rather than fail, and both results are stored once it is
    released."""
    path = tmp_path / "together.db"
    _save_night(path, 4)
    with closing(sqlite3.connect(path, isolation_level=None)) as holder:
        holder.execute("BEGIN IMMEDIATE")
        first, second = _record(path, 1), _record(path, 2)
        try:
            time.sleep(1.0)  # time to reach the lock; a slow start proves less but cannot fail the test
            assert first.poll() is None and second.poll() is None, "a writer did not wait for the lock"
        finally:
            holder.execute("ROLLBACK")
    for number, process in ((1, first), (2, second)):
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert f"Recorded night round {number}, table 1" in out
    assert _stored_nets(path) == {1: _net(1), 2: _net(2)}

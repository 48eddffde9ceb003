"""Nothing lost: `chicago record` processes killed with SIGKILL at random moments leave a database that
passes `PRAGMA integrity_check` and holds every result they acknowledged (printed their "Recorded" line
for); processes recording at the same time all succeed. Everything here runs in real subprocesses."""

from __future__ import annotations

import os
import random
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


def test_the_command_killed_at_random_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """`python -m rotation.cli record` runs, two at a time, are killed with SIGKILL after random delays
    spread over the time such a run takes (two runs first, left alone side by side, must both succeed and
    time it). Then the file passes integrity_check, holds every acknowledged result with the value sent,
    and the next command works."""
    path = tmp_path / "killed.db"
    at_once, batches, chance = 2, 4, random.Random(20240109)
    _save_night(path, at_once * (batches + 1))
    started = time.monotonic()
    calm = [_record(path, number) for number in range(1, at_once + 1)]
    for process in calm:
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    duration = time.monotonic() - started  # how long a pair takes here, start-up included
    acknowledged, sent = set(range(1, at_once + 1)), set(range(1, at_once + 1))
    for first in range(at_once + 1, at_once * (batches + 1) + 1, at_once):
        batch = [
            (number, _record(path, number), time.monotonic()) for number in range(first, first + at_once)
        ]
        sent.update(range(first, first + at_once))
        kills = sorted((start + chance.uniform(0.3, 1.1) * duration, process) for _, process, start in batch)
        for at, process in kills:
            time.sleep(max(0.0, at - time.monotonic()))
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
        for number, process, _ in batch:
            out, err = process.communicate(timeout=120)
            if f"Recorded night round {number}, table 1" in out:
                acknowledged.add(number)
            else:
                assert process.returncode == -signal.SIGKILL, f"round {number} failed on its own: {err}"
    stored = _stored_nets(path)
    assert acknowledged <= set(stored) <= sent
    assert all(stored[number] == _net(number) for number in stored)
    runner = CliRunner()
    for number in sorted(sent - set(stored)):
        args = ["record", "night", "-r", str(number), "--net", _net(number)]
        assert runner.invoke(app, args, env={"CHICAGO_DB": str(path)}).exit_code == 0
    assert _stored_nets(path) == {number: _net(number) for number in sent}


# The storm: one interpreter imports the CLI once, then forks writers one after another; each runs the
# `chicago` app's `record` command for round after round (as `chicago record` does, minus the start-up)
# and is killed with SIGKILL at a random moment once it has recorded its first rubber, so the kills land in
# the transaction, the commit, the fsync or the printing. It prints each writer's output for the test.
STORM = r"""
import os, random, re, select, signal, sys, time
import typer
from rotation.cli import app

command = typer.main.get_command(app)  # what `chicago` runs, built once

kills, rounds = int(sys.argv[1]), int(sys.argv[2])
chance = random.Random(int(sys.argv[3]))
start = 1
for kill in range(kills):
    sys.stdout.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        os.dup2(write_end, 1)
        for number in range(start, rounds + 1):
            net = ("N-S" if number % 2 else "E-W") + f" +{number}"
            args = ["record", "night", "-r", str(number), "--net", net]
            command.main(args, "chicago", standalone_mode=False)
        os._exit(0)
    os.close(write_end)
    output = b""
    while b"Recorded" not in output:
        ready, _, _ = select.select([read_end], [], [], 60)
        chunk = os.read(read_end, 65536) if ready else b""
        if not chunk:
            break
        output += chunk
    time.sleep(chance.uniform(0, 0.12))
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while chunk := os.read(read_end, 65536):
        output += chunk
    os.close(read_end)
    text = output.decode()
    print(f"writer {kill} started at {start}")
    print(text)
    acknowledged = [int(n) for n in re.findall(r"^Recorded night round (\d+),", text, re.MULTILINE)]
    start = max(acknowledged, default=start - 1) + 2
    if start > rounds:
        break
"""


def test_writers_killed_mid_write_lose_nothing_acknowledged(tmp_path: Path) -> None:
    """Twenty-four writers killed with SIGKILL while recording rubber after rubber: the file passes
    integrity_check, every acknowledged result is there with its value, nothing was stored that was not
    sent, and the rubbers lost before their commit can be recorded afterwards."""
    path = tmp_path / "storm.db"
    rounds = 240
    _save_night(path, rounds)
    env = {**os.environ, "CHICAGO_DB": str(path)}
    done = subprocess.run(
        [sys.executable, "-c", STORM, "24", str(rounds), "7"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    starts = [int(n) for n in re.findall(r"^writer \d+ started at (\d+)$", done.stdout, re.MULTILINE)]
    acknowledged = {int(n) for n in ACK.findall(done.stdout)}
    assert len(starts) == 24 and acknowledged, done.stdout[-2000:]
    last = max(acknowledged) + 1
    stored = _stored_nets(path)
    assert acknowledged <= set(stored), f"lost: {sorted(acknowledged - set(stored))}"
    assert set(stored) <= set(range(1, last + 1))
    assert all(stored[number] == _net(number) for number in stored)
    # Each writer started past what the one before acknowledged, skipping the rubber it was on when killed:
    # those skipped rubbers were either stored (killed after its commit) or not (killed before).
    skipped = {start - 1 for start in starts[1:]}
    assert set(range(1, last + 1)) - acknowledged - skipped <= {last}
    print(f"\nstorm: {len(acknowledged)} acknowledged, {len(skipped & set(stored))} of {len(skipped)} killed"
          " rubbers stored without an acknowledgement (killed after the commit)")  # fmt: skip


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

"""Benchmark, on demand (not collected by pytest): `chicago check`, `show`, `tally` and `rank` against the
size of the evening, each a new process, as a table of seconds and of ratios against the smallest size
measured in the same run (a command linear in the rounds shows a time ratio close to the size ratio).

    python tests/benchmarks/bench_commands.py [--sizes 10 25 50 100] [--players 8] [--runs 1]

A size is the number of rounds of the schedule `check` reads; `show`, `tally` and `rank` read a saved
session with that many rubbers (rounds x tables), every rubber recorded as a net. The schedules are built
here (a simple rotation, not a balanced plan: the commands' cost does not depend on the balance).

`--memory` instead prints the peak resident memory of `chicago check` and `chicago cards` on a 200-player
schedule (50 tables) against `chicago score` (the start-up alone), with their times.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SEATS = ("north", "east", "south", "west")


def schedule_data(players: int, rounds: int, *, results: bool = False) -> dict[str, Any]:
    """A valid chicago-schedule/1 (or session, with ``results``) of ``players`` over ``rounds``: round r
    seats the players from r on, four to a table, the rest sit out; every rubber a net."""
    names = [f"Player {i + 1:03d}" for i in range(players)]
    tables = players // 4
    data_rounds = []
    for r in range(rounds):
        order = [names[(r + k) % players] for k in range(players)]
        seated, out = order[: 4 * tables], order[4 * tables :]
        data_rounds.append(
            {
                "tables": [
                    {
                        **dict(zip(SEATS, seated[4 * t : 4 * t + 4], strict=True)),
                        "first_dealer": SEATS[(r + t) % 4],
                    }
                    for t in range(tables)
                ],
                "sitting_out": sorted(out),
            }
        )
    data: dict[str, Any] = {"format": "chicago-schedule/1", "players": names, "rounds": data_rounds}
    if results:
        data["results"] = [
            {"round": r + 1, "table": t + 1, "net": f"{'N-S' if (r + t) % 2 else 'E-W'} +{(r * 7 + t) % 12}"}
            for r in range(rounds)
            for t in range(tables)
        ]
    return data


def _run(args: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Seconds and peak resident memory (KiB) of one `chicago` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "rotation.cli", *args], env=env, capture_output=True)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"chicago {' '.join(args)} failed: {done.stderr.decode()[-500:]}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before)


def _peak_of(args: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Seconds and peak RSS (KiB) of one process measured alone (RUSAGE_CHILDREN keeps the maximum over
    all children, so each is run from its own helper process)."""
    code = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "done = subprocess.run(sys.argv[1:], capture_output=True)\n"
        "seconds = time.perf_counter() - start\n"
        "assert done.returncode == 0, done.stderr.decode()[-500:]\n"
        "print(seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, sys.executable, "-m", "rotation.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    seconds, peak = out.stdout.split()
    return float(seconds), int(peak)


def commands(sizes: list[int], players: int, runs: int) -> None:
    tables = players // 4
    rows: dict[str, list[float]] = {name: [] for name in ("check", "show", "tally", "rank")}
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "CHICAGO_DB": str(Path(folder) / "bench.db"), "COLUMNS": "100"}
        for size in sizes:
            schedule = Path(folder) / f"s{size}.json"
            schedule.write_text(json.dumps(schedule_data(players, size)), encoding="utf-8")
            rubbers = max(1, size // tables)
            session = Path(folder) / f"r{size}.json"
            session.write_text(json.dumps(schedule_data(players, rubbers, results=True)), encoding="utf-8")
            name = f"bench {size}"
            subprocess.run(
                [sys.executable, "-m", "rotation.cli", "import", str(session), "--name", name, "--again"],
                env=env,
                check=True,
                capture_output=True,
            )
            for command, args in (
                ("check", ["check", str(schedule)]),
                ("show", ["show", name]),
                ("tally", ["tally", name]),
                ("rank", ["rank", "--since", "2000-01-01"]),
            ):
                rows[command].append(min(_run(args, env)[0] for _ in range(runs)))
    base = sizes[0]
    print(f"{players} players ({tables} tables); check reads N rounds, show/tally/rank N rubbers")
    print("rank reads every session saved so far (the sizes before it too)")
    header = f"{'command':8} " + " ".join(f"{'N=' + str(s):>16}" for s in sizes)
    print(header)
    for command, times in rows.items():
        cells = [f"{t:6.2f}s x{t / times[0]:5.1f}" for t in times]
        print(f"{command:8} " + " ".join(f"{c:>16}" for c in cells))
    print(f"{'size':8} " + " ".join(f"{'x' + format(s / base, '.1f'):>16}" for s in sizes))


def memory(players: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "CHICAGO_DB": str(Path(folder) / "bench.db")}
        schedule = Path(folder) / "big.json"
        schedule.write_text(json.dumps(schedule_data(players, rounds)), encoding="utf-8")
        pdf = Path(folder) / "big.pdf"
        measured = {
            "chicago score 4H= (start-up, baseline)": _peak_of(["score", "4H="], env),
            f"chicago check ({players} players, {rounds} rounds)": _peak_of(["check", str(schedule)], env),
            "chicago cards --format text": _peak_of(["cards", str(schedule), "--format", "text"], env),
            "chicago cards --out big.pdf": _peak_of(["cards", str(schedule), "--out", str(pdf)], env),
        }
    base_seconds, base_peak = next(iter(measured.values()))
    print(f"{'command':48} {'seconds':>8} {'x':>6} {'peak RSS':>10} {'x':>6}")
    for name, (seconds, peak) in measured.items():
        print(
            f"{name:48} {seconds:8.2f} {seconds / base_seconds:6.1f} {peak / 1024:8.1f}MB"
            f" {peak / base_peak:6.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 25, 50, 100])  # a schedule's most: 100
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--memory", action="store_true", help="peak memory for 200 players instead")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the --memory schedule")
    args = parser.parse_args()
    if args.memory:
        memory(200, args.rounds)
    else:
        commands(sorted(args.sizes), args.players, args.runs)


if __name__ == "__main__":
    main()

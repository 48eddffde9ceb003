"""Benchmark, on demand (not collected by pytest): the peak memory and seconds of `chicago check` against
the rounds of the schedule it reads, each a new process, beside the old way of counting (a full copy of
every pair's counts for each round, what `check` did before `balance.stops`) run on the same schedule,
and as ratios to a baseline measured in the same run (`chicago score 4H=`, the start-up alone).

    python tests/benchmarks/bench_check.py [--players 8 200] [--rounds 1 10 25 50 100]

A schedule of more rounds than a schedule may have (`rotation.plan.MAX_ROUNDS`) is refused as it is
read: the last row shows 20,000 rounds (a 1.77 GB check before) answered with one line and exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.bench_commands import schedule_data

OLD_WAY = """
import io, sys
from pathlib import Path
from rich.console import Console
from rotation.balance import Stop, check, prefix_checks
from rotation.cli.common import read_json
from rotation.io.formats import schedule_from_data
from rotation.render.terminal import balance_report, prefix_table
schedule = schedule_from_data(read_json(Path(sys.argv[1])))
console = Console(file=io.StringIO(), width=100)
console.print(balance_report(check(schedule.movement), schedule, width=100))
kept = list(prefix_checks(schedule.movement))  # what `check` kept before: every pair's counts a round
console.print(prefix_table([Stop.of(b) for b in kept]))
"""


def measured(args: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Seconds, peak resident memory (MB) and exit code of one process, measured alone (``wait4``
    gives that child's own peak, where RUSAGE_CHILDREN keeps the largest of all children)."""
    start = time.perf_counter()
    process = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_maxrss / 1024, process.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[8, 200])
    parser.add_argument("--rounds", type=int, nargs="+", default=[1, 10, 25, 50, 100])
    options = parser.parse_args()
    chicago = [sys.executable, "-m", "rotation.cli"]
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "CHICAGO_DB": str(Path(folder) / "bench.db"), "COLUMNS": "100"}
        base_seconds, base_peak, _ = measured([*chicago, "score", "4H="], env)
        print(f"baseline `chicago score 4H=`: {base_peak:.1f} MB, {base_seconds:.2f} s")
        print(
            f"{'players':>7} {'rounds':>7} {'peak MB':>8} {'seconds':>8} {'x base':>7}"
            f" {'old way MB':>10} {'old/new':>8} {'exit':>5}"
        )
        cases = [(p, r) for p in options.players for r in sorted(options.rounds)] + [(5, 20_000)]
        for players, rounds in cases:
            path = Path(folder) / f"s{players}x{rounds}.json"
            path.write_text(json.dumps(schedule_data(players, rounds)), encoding="utf-8")
            seconds, peak, code = measured([*chicago, "check", str(path)], env)
            old = "-"
            ratio = "-"
            if code == 0:
                _, old_peak, _ = measured([sys.executable, "-c", OLD_WAY, str(path)], env)
                old, ratio = f"{old_peak:.1f}", f"{old_peak / peak:.2f}"
            print(
                f"{players:>7} {rounds:>7,} {peak:>8.1f} {seconds:>8.2f} {peak / base_peak:>7.2f}"
                f" {old:>10} {ratio:>8} {code:>5}"
            )


if __name__ == "__main__":
    main()

"""Benchmark the book of whist designs, on demand (not collected by pytest).

    python tests/benchmarks/bench_designs.py [--build-upto 33] [--solver-upto 13] [--time-limit 10]

For every size in the book it prints how the design was made, the seconds to build it again (by its
construction, or by search for sizes up to --build-upto; larger searches take minutes and are skipped),
the seconds `plan` takes to return it from the book (in this process, and as a whole `chicago plan`
command in a new process, start-up and printing included), and, for sizes up to --solver-upto, the seconds the
CP-SAT planner takes for the same request and the opponent spread it reaches (a whist design has 0),
with the ratio of the two times. Each plan is also checked by the independent checker.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rotation.balance import check
from rotation.build.whist import construct
from rotation.cut import Order
from rotation.movements.whist import design_rounds, whist_sizes, whist_starter
from rotation.plan import PlanRequest, plan
from rotation.solver import PlanSpec, solve


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--build-upto", type=int, default=33, help="rebuild searched designs up to this size")
    parser.add_argument("--solver-upto", type=int, default=13, help="run the CP-SAT planner up to this size")
    parser.add_argument("--time-limit", type=float, default=10.0, help="the CP-SAT planner's time limit")
    args = parser.parse_args()

    header = f"{'n':>3} {'rounds':>6} {'made by':<11} {'build s':>8} {'plan s':>7} {'cli s':>6} {'whist':>5}"
    header += f" {'solver s':>8} {'solver opp':>10} {'solver/book':>11}"
    print(header)
    print("-" * len(header))
    plan_times, cli_times = [], []
    chicago = Path(sys.executable).with_name("chicago")
    for n in whist_sizes():
        starter = whist_starter(n)
        build = "-"
        if starter.construction != "search" or n <= args.build_upto:
            start = time.perf_counter()
            construct(n)
            build = f"{time.perf_counter() - start:8.2f}"
        names = tuple(f"P{i}" for i in range(n))
        rounds = design_rounds(n)
        start = time.perf_counter()
        result = plan(PlanRequest(names, Order.GIVEN, rounds=rounds))
        planned = time.perf_counter() - start
        plan_times.append(planned)
        whist = check(result.schedule.movement).is_whist
        start = time.perf_counter()
        command = [str(chicago), "plan", *names, "--rounds", str(rounds), "--order", "given"]
        subprocess.run(command, check=True, capture_output=True)
        cli_times.append(time.perf_counter() - start)
        line = f"{n:>3} {rounds:>6} {starter.construction:<11} {build:>8} {planned:7.3f}"
        line += f" {cli_times[-1]:6.2f} {whist!s:>5}"
        if n <= args.solver_upto:
            start = time.perf_counter()
            solved = solve(PlanSpec(n, rounds), work=args.time_limit)
            seconds = time.perf_counter() - start
            opponent = check(solved.movement).opponent_spread if solved.movement else "-"
            line += f" {seconds:8.2f} {opponent:>10} {seconds / planned:10.0f}x"
        print(line, flush=True)
    for what, times in (("plan from the book", plan_times), ("chicago plan command", cli_times)):
        print(f"{what}: median {statistics.median(times):.3f} s, slowest {max(times):.3f} s")


if __name__ == "__main__":
    main()

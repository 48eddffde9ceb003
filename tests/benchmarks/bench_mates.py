"""Benchmark the table-mate rule on club evenings, on demand (not collected by pytest).

    python tests/benchmarks/bench_mates.py [--quick] [--seed 0]

For a grid of evenings (8 to 52 players, 3 to 10 rounds, with and without sit-outs) it plans each twice in
the same run, as `chicago plan` would (the book where it has the evening, else the balanced planner at its
default budget): once as it stands and once with the table-mate rule and the meet-once book switched off
(the baseline, the planner as it was), and
prints the repeated meetings, the most meetings of a pair, partner repeats (pairs partnering more than
once), the sit-out spread, the counting bound of the repeated meetings and the seconds, with the time as a
ratio to the baseline's.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rotation.balance import Balance, check
from rotation.cut import Order
from rotation.plan import PlanRequest, plan

GRID = [
    (8, 3),
    (9, 4),
    (12, 4),
    (13, 4),
    (16, 5),
    (17, 5),
    (18, 5),
    (20, 5),
    (21, 6),
    (24, 6),
    (24, 7),
    (26, 6),
    (28, 7),
    (30, 7),
    (32, 8),
    (32, 10),
    (36, 8),
    (40, 8),
    (44, 8),
    (48, 8),
    (52, 8),
    (16, 10),
    (24, 10),
]
QUICK = [(12, 4), (16, 5), (18, 5), (20, 5), (24, 6)]


def measure(n: int, rounds: int, seed: int, mates: bool) -> tuple[Balance, float]:
    import importlib

    solving = importlib.import_module("rotation.solver.solve")
    import rotation.movements.meetonce as book

    saved = solving.MATE_MOVES, book.meet_once_movement, book.meet_once_rounds
    if not mates:  # the planner as it was: no table-mate search, no book of meet-once evenings
        solving.MATE_MOVES = 0
        book.meet_once_movement = lambda n_players, rounds: None  # type: ignore[assignment]
        book.meet_once_rounds = lambda n_players: 0  # type: ignore[assignment]
    try:
        start = time.perf_counter()
        names = tuple(f"P{i + 1}" for i in range(n))
        result = plan(PlanRequest(names, order=Order.GIVEN, rounds=rounds, seed=seed), None)
        seconds = time.perf_counter() - start
    finally:
        solving.MATE_MOVES, book.meet_once_movement, book.meet_once_rounds = saved
    return check(result.schedule.movement, avoid=result.avoid), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few evenings only")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    grid = QUICK if args.quick else GRID
    header = (
        f"{'players x rounds':>16} | {'repeats':>7} {'base':>5} | {'most':>4} {'base':>4} | "
        f"{'bound':>5} | {'partner rep':>11} | {'sit-outs':>8} | {'seconds':>7} {'x base':>6}"
    )
    print(header)
    print("-" * len(header))
    ratios = []
    for n, rounds in grid:
        ours, seconds = measure(n, rounds, args.seed, mates=True)
        base, base_seconds = measure(n, rounds, args.seed, mates=False)
        partner_repeats = sum(1 for c in ours.partners.values() if c > 1)
        outs = list(ours.sat_out.values())
        ratio = seconds / max(base_seconds, 1e-9)
        ratios.append(ratio)
        print(
            f"{f'{n} x {rounds}':>16} | {ours.repeated_meetings:>7} {base.repeated_meetings:>5} | "
            f"{ours.most_meetings:>4} {base.most_meetings:>4} | {ours.repeated_meetings_floor:>5} | "
            f"{partner_repeats:>11} | {max(outs) - min(outs):>8} | {seconds:>7.2f} {ratio:>6.2f}"
        )
    ratios.sort()
    print(f"median time against the baseline: x{ratios[len(ratios) // 2]:.2f}")


if __name__ == "__main__":
    main()

"""Big clubs, 56 to 100 players: the meet-once book against the planner without its entries past 52 players,
on demand (not collected by pytest).

    python tests/benchmarks/bench_bigclub.py [--all] [--rounds 8] [--seed 0]

Plans each evening as `chicago plan P1 .. Pn --rounds R --order given` would, twice in the same run: once
as it stands and once with the book's evenings for more than 52 players hidden (the planner as it was:
the tabu search does the work), and prints the repeated meetings (and the most meetings of a pair) and
the seconds of each, and the book's rounds for that size. By default a few evenings, 64 x 21 (AG(3, 4))
among them; ``--all`` plans every size from 56 to 100 at ``--rounds`` rounds (about 15 s a size for the
planner without the book).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import rotation.movements.meetonce as book
from rotation.balance import check
from rotation.cut import Order
from rotation.plan import PlanRequest, plan

FEW = [(56, 8), (64, 21), (64, 10), (75, 8), (92, 10), (100, 8)]


def measure(n: int, rounds: int, seed: int, *, hidden: bool) -> tuple[int, int, float]:
    """Repeated meetings, the most meetings of a pair and the seconds of one plan."""
    saved = book.meet_once_movement, book.meet_once_rounds
    if hidden:  # the book as it was: nothing past 52 players
        book.meet_once_movement = lambda n_players, rounds: (  # type: ignore[assignment]
            None if n_players > 52 else saved[0](n_players, rounds)
        )
        book.meet_once_rounds = lambda n_players: 0 if n_players > 52 else saved[1](n_players)  # type: ignore[assignment]
    try:
        start = time.perf_counter()
        names = tuple(f"P{i + 1}" for i in range(n))
        result = plan(PlanRequest(names, order=Order.GIVEN, rounds=rounds, seed=seed), None)
        seconds = time.perf_counter() - start
    finally:
        book.meet_once_movement, book.meet_once_rounds = saved
    balance = check(result.schedule.movement, avoid=result.avoid)
    return balance.repeated_meetings, balance.most_meetings, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="every size from 56 to 100")
    parser.add_argument("--rounds", type=int, default=8, help="rounds for --all")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    grid = [(n, args.rounds) for n in range(56, 101)] if args.all else FEW
    header = (
        f"{'players x rounds':>16} | {'book':>4} | {'repeats':>7} {'without':>7} | "
        f"{'most':>4} {'without':>7} | {'seconds':>7} {'without':>7}"
    )
    print(header)
    print("-" * len(header))
    totals = [0.0, 0.0]
    for n, rounds in grid:
        repeats, most, seconds = measure(n, rounds, args.seed, hidden=False)
        base_repeats, base_most, base_seconds = measure(n, rounds, args.seed, hidden=True)
        totals[0] += seconds
        totals[1] += base_seconds
        print(
            f"{f'{n} x {rounds}':>16} | {book.meet_once_rounds(n):>4} | {repeats:>7} {base_repeats:>7} | "
            f"{most:>4} {base_most:>7} | {seconds:>7.2f} {base_seconds:>7.2f}"
        )
    print(
        f"seconds in all: {totals[0]:.1f} with the book, {totals[1]:.1f} without its entries past 52 players"
    )


if __name__ == "__main__":
    main()

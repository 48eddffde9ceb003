"""Every club evening of issue 12's target grid, on demand (not collected by pytest).

    python tests/benchmarks/bench_grid.py [--players 8-52] [--rounds 3-10] [--seed 0]

Plans each evening as `chicago plan` would at the default settings and prints, per evening, the repeated
meetings against the fewest proven possible, the most meetings of a pair, how many of the planner's rules
it proves as even as can be (as `--json`'s "planner" says, each value measured by the checker), the
literature's longest meet-once evening for that many players where it is known (OEIS A107431, the social
golfer problem with groups of four; "-" where not), and the seconds as a ratio to a reference plan timed in
the same run (12 players x 4 rounds, the first row); then how many evenings reach their proven fewest,
which do not, and the median and slowest seconds. About half an hour on one core for the whole grid.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rotation.balance import MEET_ONCE_LONGEST, SOCIAL_GOLFER_LONGEST, check
from rotation.cut import Order
from rotation.plan import PlanRequest, plan
from rotation.services.plans import planner_data


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def timed(n: int, rounds: int, seed: int) -> tuple[int, int, int, float, str]:
    """Repeated meetings, their proven floor, the most meetings, the seconds of one plan and how many of
    its rules it proves (``k/m``; "book" for a plan taken whole from a book, where no rule is searched)."""
    start = time.perf_counter()
    result = plan(
        PlanRequest(tuple(f"P{i + 1}" for i in range(n)), order=Order.GIVEN, rounds=rounds, seed=seed)
    )
    seconds = time.perf_counter() - start
    balance = check(result.schedule.movement, avoid=result.avoid)
    said = planner_data(result)
    rules = said["rules"] if said is not None else []
    assert isinstance(rules, list)
    proven = f"{sum(1 for rule in rules if rule['proven'])}/{len(rules)}" if rules else "book"
    floor = balance.repeated_meetings_floor
    return balance.repeated_meetings, floor, balance.most_meetings, seconds, proven


def literature(n: int) -> str:
    """The longest evening in which n players can meet once, where the literature says (or a proof here)."""
    known = SOCIAL_GOLFER_LONGEST.get(n) if n % 4 == 0 else MEET_ONCE_LONGEST.get(n)
    return "-" if known is None else str(known)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=span, default=span("8-52"))
    parser.add_argument("--rounds", type=span, default=span("3-10"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    reference = timed(12, 4, args.seed)[3]
    print(f"reference: 12 x 4 in {reference:.2f} s")
    print(
        f"{'players x rounds':>16} | {'repeats':>7} {'fewest':>6} | {'most':>4} | {'proven':>6} |"
        f" {'meet-once (lit.)':>16} | {'seconds':>7} {'x ref':>6}"
    )
    times, short = [], []
    for n in args.players:
        for rounds in args.rounds:
            repeats, floor, most, seconds, proven = timed(n, rounds, args.seed)
            times.append(seconds)
            if repeats > floor:
                short.append(f"{n} x {rounds} ({repeats}, at least {floor})")
            print(
                f"{f'{n} x {rounds}':>16} | {repeats:>7} {floor:>6} | {most:>4} | {proven:>6} |"
                f" {literature(n):>16} | {seconds:>7.2f} {seconds / reference:>6.2f}"
            )
    print(f"{len(times) - len(short)} of {len(times)} evenings reach the proven fewest repeated meetings")
    print("not proven: " + ("; ".join(short) or "none"))
    print(
        f"seconds: median {statistics.median(times):.2f} (x{statistics.median(times) / reference:.2f} the "
        f"reference), slowest {max(times):.2f} (x{max(times) / reference:.2f})"
    )


if __name__ == "__main__":
    main()

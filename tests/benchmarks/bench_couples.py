"""Couples' parties (issue 27): 4, 6, 8, 10 and 12 couples over 3 to 11 rounds (not collected by pytest).

    python tests/benchmarks/bench_couples.py [--couples 4,6,8,10,12] [--rounds 3-11] [--plain]

Plans each party as ``chicago plan NAMES --couple A+B ... --mixed`` would (``--plain``: couples without
mixed partnerships) and counts from the emitted seating alone, never from the planner's own measures:
partnerships repeated (a pair partnering beyond its first time, summed over pairs), spouses at one table
(a couple in one table in one round: must be 0), partnerships not mixed (must be 0 with mixed) and, for
mixed parties, the most times any first-named partners one second-named. The seconds stand beside the
seconds of a plain plan of the same size (the same players and rounds, no couples) timed in the same run,
and their ratio. Every plan uses the planner's default work, so the numbers are those a host gets.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rotation.model import Schedule
from rotation.plan import PlanRequest, plan


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def counted(schedule: Schedule, couples: list[tuple[str, str]]) -> dict[str, int]:
    """Repeated partnerships, spouses at a table, unmixed partnerships, most mixed partnerships."""
    couple_of = {name: c for c, couple in enumerate(couples) for name in couple}
    firsts = {a for a, _ in couples}
    partners: Counter[frozenset[str]] = Counter()
    spouses = unmixed = 0
    for rnd in schedule.rounds:
        for t in rnd.tables:
            names = [schedule.name(p) for p in t.players]
            at = [couple_of[name] for name in names]
            spouses += len(at) - len(set(at))
            north, east, south, west = names
            for p, q in ((north, south), (east, west)):
                partners[frozenset((p, q))] += 1
                unmixed += (p in firsts) == (q in firsts) or couple_of[p] == couple_of[q]
    return {
        "repeated": sum(c - 1 for c in partners.values() if c > 1),
        "spouses": spouses,
        "unmixed": unmixed,
        "most": max(partners.values(), default=0),
    }


def timed(request: PlanRequest) -> tuple[Schedule, float]:
    started = time.perf_counter()
    made = plan(request)
    return made.schedule, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--couples", default="4,6,8,10,12")
    parser.add_argument("--rounds", default="3-11")
    parser.add_argument("--plain", action="store_true", help="couples apart, partnerships not mixed")
    args = parser.parse_args()
    mixed = not args.plain
    print(
        f"{'couples':>7} {'rounds':>6} {'repeated':>8} {'spouses':>7} {'unmixed':>7} {'most':>4}"
        f" {'seconds':>8} {'plain s':>8} {'ratio':>6}"
    )
    worst = 0
    for k in (int(x) for x in args.couples.split(",")):
        couples = [(f"First{i}", f"Second{i}") for i in range(1, k + 1)]
        names = tuple(name for couple in couples for name in couple)
        for rounds in span(args.rounds):
            party, seconds = timed(
                PlanRequest(names, seed=1, rounds=rounds, couples=tuple(couples), mixed=mixed)
            )
            _, baseline = timed(PlanRequest(names, seed=1, rounds=rounds))
            found = counted(party, couples)
            worst = max(worst, found["spouses"], found["unmixed"] if mixed else 0)
            print(
                f"{k:>7} {rounds:>6} {found['repeated']:>8} {found['spouses']:>7}"
                f" {found['unmixed'] if mixed else '-':>7} {found['most']:>4}"
                f" {seconds:>8.2f} {baseline:>8.2f} {seconds / baseline:>6.2f}",
                flush=True,
            )
    print(
        "every couple kept apart" + (" and every partnership mixed" if mixed else "")
        if worst == 0
        else "SOME COUPLE SHARED A TABLE OR A PARTNERSHIP WAS NOT MIXED"
    )


if __name__ == "__main__":
    main()

"""Couples' parties (issue 27): 4, 6, 8, 10 and 12 couples over 3 to 11 rounds (not collected by pytest).

    python tests/benchmarks/bench_couples.py [--couples 4,6,8,10,12] [--rounds 3-11] [--plain]
    python tests/benchmarks/bench_couples.py --even [--couples 4,6,8,10,12] [--rounds 8]

Plans each party as ``chicago plan NAMES --couple A+B ... --mixed`` would (``--plain``: couples without
mixed partnerships) and counts from the emitted seating alone, never from the planner's own measures:
partnerships repeated (a pair partnering beyond its first time, summed over pairs), spouses at one table
(a couple in one table in one round: must be 0), partnerships not mixed (must be 0 with mixed) and, for
mixed parties, the most times any first-named partners one second-named. The seconds stand beside the
seconds of a plain plan of the same size (the same players and rounds, no couples) timed in the same run,
and their ratio. Every plan uses the planner's default work, so the numbers are those a host gets.

``--even`` (couples through the staged planner): plain couples' parties planned as today ("after") and as
before ("before", the same run: the one model of ``solver.couples`` alone, no start from the book), each
counted from the seating: the partner range over the pairs allowed to partner, the most meetings of two
players, the repeated meetings beside their floor counted with couples apart (each player meets 3r times
among the n - 2 others they may sit with), and the seconds with their ratio after / before.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

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


def evenness(schedule: Schedule, couples: list[tuple[str, str]]) -> tuple[str, int, int, int]:
    """The partner range over allowed pairs, the most meetings, the repeated meetings and their floor."""
    spouse = {a: b for a, b in couples} | {b: a for a, b in couples}
    names = sorted(spouse)
    partners: Counter[frozenset[str]] = Counter()
    meets: Counter[frozenset[str]] = Counter()
    played: Counter[str] = Counter()
    for rnd in schedule.rounds:
        for t in rnd.tables:
            north, east, south, west = seated = [schedule.name(p) for p in t.players]
            partners.update([frozenset((north, south)), frozenset((east, west))])
            meets.update(frozenset((p, q)) for i, p in enumerate(seated) for q in seated[i + 1 :])
            played.update(seated)
    allowed = [
        partners[frozenset((p, q))] for i, p in enumerate(names) for q in names[i + 1 :] if spouse[p] != q
    ]
    floor = -(-sum(max(0, 3 * played[p] - (len(names) - 2)) for p in names) // 2)
    repeated = sum(m - 1 for m in meets.values() if m > 1)
    return f"{min(allowed)}-{max(allowed)}", max(meets.values()), repeated, floor


def even_rows(sizes: list[int], rounds_span: range) -> None:
    """Before (the one model alone) and after (the stages holding couples apart), in the same run."""
    import rotation.couples as couples_module
    import rotation.solver.apart as apart
    from rotation.solver.couples import apart_drafts

    staged, book = apart.couples_drafts, couples_module.couples_book_start

    def one_model(problem: Any, run: Any, hint: Any, mate_moves: Any = None) -> Any:
        return apart_drafts(problem, run, hint)

    print(
        f"{'couples':>7} {'rounds':>6} {'path':>6} {'partners':>8} {'most':>4} {'repeated':>8} {'floor':>5}"
        f" {'seconds':>8} {'ratio':>6}"
    )
    for k in sizes:
        couples = [(f"First{i}", f"Second{i}") for i in range(1, k + 1)]
        names = tuple(name for couple in couples for name in couple)
        for rounds in rounds_span:
            request = PlanRequest(names, seed=1, rounds=rounds, couples=tuple(couples))
            apart.couples_drafts = one_model  # before: the one model alone, no book to start from
            couples_module.couples_book_start = lambda *_: None
            before, before_s = timed(request)
            apart.couples_drafts, couples_module.couples_book_start = staged, book
            after, after_s = timed(request)
            for path, schedule, seconds in (("before", before, before_s), ("after", after, after_s)):
                spread, most, repeated, floor = evenness(schedule, couples)
                print(
                    f"{k:>7} {rounds:>6} {path:>6} {spread:>8} {most:>4} {repeated:>8} {floor:>5}"
                    f" {seconds:>8.2f} {seconds / before_s:>6.2f}",
                    flush=True,
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--couples", default="4,6,8,10,12")
    parser.add_argument("--rounds", default="3-11")
    parser.add_argument("--plain", action="store_true", help="couples apart, partnerships not mixed")
    parser.add_argument("--even", action="store_true", help="evenness before and after the staged path")
    args = parser.parse_args()
    if args.even:
        even_rows([int(x) for x in args.couples.split(",")], span(args.rounds))
        return
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

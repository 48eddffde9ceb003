"""Part-timers at home games and two tables (issue 26): each evening planned with the books of home and
two-table evenings off (the planner's own search, as before) and on (``movements.home_away``: the book's
evening with the part-timers placed where the book sits their place out), not collected by pytest.

    python tests/benchmarks/bench_away.py [--players 6-11] [--rounds 8] [--away 1-2,6-,3,8-] [--seed 2]

``--rounds 0``: the planner's default length for the group (as ``chicago plan`` without ``--rounds``).

Names P1..Pn, the last one away (``--away``: each pattern as ``--away Pn:PATTERN`` takes it). For each
rule the balanced planner ranks, the independent checker's count (``rotation.balance.check``) before and
after, and the bound the plan states after ("?" where none); the CPU seconds of each plan as a ratio to a
reference plan timed in the same run (7 x 8 with P7 away in rounds 1-2, the books off). "book" says what
the note says was taken: the book's evening as it is, the planner's search from it, or neither ("-": the
planner's search won, or no placing fits). A row says "better" where the plan after ranks better in the
planner's order, "WORSE" where it ranks worse (never, by construction: the plan is the best of the three).
In a cell, ">" marks a count that fell, "<" one that rose.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import rotation.plan as planning
from rotation.balance import check
from rotation.cut import Order
from rotation.plan import Plan, PlanRequest, parse_away, plan

RULES = (
    ("sit-outs off fair share", "share", "sit_out_share_excess"),
    ("partner spread", "partner", "partner_spread"),
    ("played spread", "played", "played_spread"),
    ("sit-out repeats", "twice", "total_repeat_sit_outs"),
    ("most meetings", "most", "most_meetings"),
    ("repeated meetings", "repeated", "repeated_meetings"),
    ("opponent spread", "opp", "opponent_spread"),
)


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def timed(request: PlanRequest, books: bool) -> tuple[Plan, float]:
    real = planning.small_book_with_away
    if not books:
        planning.small_book_with_away = lambda *args: None  # type: ignore[assignment]
    try:
        started = time.process_time()
        made = plan(request)
        return made, time.process_time() - started
    finally:
        planning.small_book_with_away = real


def ranked(made: Plan) -> list[int]:
    """The checker's counts in the planner's order for this plan (its terms' order)."""
    balance = check(made.schedule.movement)
    by_name = {name: getattr(balance, field) for name, _, field in RULES}
    assert made.solved is not None
    return [by_name[t.name] for t in made.solved.terms if t.name in by_name]


def row(n: int, rounds: int, pattern: str, seed: int, reference: float) -> str:
    names = tuple(f"P{i}" for i in range(1, n + 1))
    away = (parse_away(f"P{n}:{pattern}"),)
    request = PlanRequest(names, Order.CUT, seed=seed, rounds=rounds or None, away=away)
    before, before_s = timed(request, books=False)
    after, after_s = timed(request, books=True)
    rounds = len(after.schedule.rounds)
    if after.solved is None or before.solved is None:
        return f"{n:>2} x {rounds:<2} P{n}:{pattern:<4} {after.method}"
    old, new = check(before.schedule.movement), check(after.schedule.movement)
    assert after.solved is not None
    bounds = {t.name: t.bound for t in after.solved.terms}
    cells = []
    for name, _, field in RULES:
        a, b, bound = getattr(old, field), getattr(new, field), bounds.get(name)
        cells.append(
            f"{a:>3}{'>' if b < a else '<' if b > a else ' '}{b:<3}({'?' if bound is None else bound})"
        )
    mark = "better" if ranked(after) < ranked(before) else "WORSE" if ranked(after) > ranked(before) else ""
    notes = " ".join(str(note) for note in after.notes)
    book = (
        "as is"
        if "from the book of" in notes and "planned from" not in notes
        else "hint"
        if "planned from" in notes
        else "-"
    )
    seconds = f"{before_s / reference:5.2f} {after_s / reference:5.2f}"
    return f"{n:>2} x {rounds:<2} P{n}:{pattern:<4} {'  '.join(cells)}  {seconds}  {book:<5} {mark}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="6-11")
    parser.add_argument("--rounds", default="8")
    parser.add_argument("--away", default="1-2,6-,3,8-")
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    reference_request = PlanRequest(
        tuple(f"P{i}" for i in range(1, 8)), Order.CUT, seed=2, rounds=8, away=(parse_away("P7:1-2"),)
    )
    plan(PlanRequest(tuple("ABCDE"), Order.CUT, rounds=5, away=(parse_away("E:1"),)))  # imports, caches
    _, reference = timed(reference_request, books=False)
    print(f"reference: 7 x 8, P7 away in rounds 1-2, the books off: {reference:.2f} CPU s")
    print("each rule: before, after (the bound stated after); seconds before and after, over the reference")
    header = "  ".join(f"{short:<11}" for _, short, _ in RULES)
    print(f"{'evening':<17} {header}  {'s.bef':>5} {'s.aft':>5}  book")
    for n in span(args.players):
        for rounds in span(args.rounds):
            for pattern in args.away.split(","):
                print(row(n, rounds, pattern, args.seed, reference), flush=True)


if __name__ == "__main__":
    main()

"""Benchmark the meet-once book, on demand (not collected by pytest).

    python tests/benchmarks/bench_book.py [--lengths-only] [--grid STEP] [--one-past]

First table: for 8 to 100 players, the book's rounds beside the counting bound (a player meets three a
round among n - 1 others: floor((n - 1) / 3)) and the literature's length where the sources give one for a
multiple of four: (v - 1) / 3 for v = 4 (mod 12), resolvable designs with blocks of four (Hanani,
Ray-Chaudhuri and Wilson 1972); (v - 3) / 3 for v = 0 (mod 12) from 24 up, resolvable group divisible
designs of type 3^(v/3) (Ge, Lam, Ling and Shen, "Resolvable maximum packings with quadruples"; the book
has them for 72, 84, 96 from rotation.build.bases); for v = 8 (mod 12), (v - 2) / 3 from a resolvable
design of type 2^(v/2), reported for v/2 = 4 (mod 6) but 4 and 10, with possible exceptions this
project has not checked (so not 20, where six rounds would be one; 32 has one, Aguado 2004): marked "?"
where the book has none (68 and 92: see WHY_SHORT).

Second table: part-timers with the book: repeated meetings of `plan` before (the book's evening as it
is or with one absent player trading places, as at b3b7b87, else the CP-SAT planner) and now (the
part-timers placed and the book's rounds ordered, ``rotation.movements.parttimers``), with the seconds
each took and the sit-outs of the evening. The "before" plans run the CP-SAT planner at its default work:
about 10-30 s each on a shared machine.

With --grid STEP it prints instead, for every STEP-th size from 15 at 8 rounds and at the book's length,
which of eight absence patterns the book absorbs (a few seconds a size where some are not). With
--one-past: for multiples of four, the repeated meetings counting forces one round past the book (over
any evening), the fewest an extra round after the book's own rounds must cost where the book is a
complete design (its unmet pairs are groups: 3 a table for type 3^u, 4 for 2^u, 6 when everyone met), and
the fewest a swap search found for that extra round.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import rotation.plan as planning
from rotation.balance import check
from rotation.cut import Order
from rotation.model import Movement, Schedule
from rotation.movements.meetonce import meet_once_movement, meet_once_rounds
from rotation.movements.parttimers import without_absent
from rotation.plan import Away, PlanRequest, plan

CASES: list[tuple[str, int, int, tuple[Away, ...]]] = [
    (
        "issue 26: 2 late, 1 leaves",
        48,
        15,
        (Away("P47", frozenset({1})), Away("P48", frozenset({1, 2})), Away("P46", from_round=14)),
    ),
    ("2 late for 2 rounds", 32, 10, (Away("P31", frozenset({1, 2})), Away("P32", frozenset({1, 2})))),
    (
        "2 late, 2 leave",
        24,
        7,
        (
            Away("P24", frozenset({1})),
            Away("P23", frozenset({1, 2})),
            Away("P22", from_round=7),
            Away("P21", from_round=5),
        ),
    ),
    (
        "5 late",
        40,
        8,
        tuple(Away(f"P{40 - i}", frozenset(range(1, 2 + i % 3))) for i in range(5)),
    ),
]


def literature(n: int) -> str:
    """The longest meet-once evening the sources give for n players (see the module), or "-"."""
    if n % 12 == 4:
        return str((n - 1) // 3)
    if n % 12 == 0 and n >= 24:
        return str((n - 3) // 3)
    if n % 12 == 8 and n > 20:  # given by the sources; "?" where the book has none (see the module)
        return f"{(n - 2) // 3}" + ("" if meet_once_rounds(n) >= (n - 2) // 3 else "?")
    return "-"


WHY_SHORT = {
    68: "type 2^34: no unit of order three in Z_22; two turned base rounds over Z_11 impossible",
    92: "type 2^46: no unit of order three in Z_30; over Z_15 (two base rounds) annealing one pair short",
}
"""Why the book stops short of the literature at a multiple of four from 44 up."""


def lengths() -> None:
    header = f"{'n':>3} {'book':>5} {'counting':>8} {'literature':>10} {'short by':>8}  why"
    print(header)
    print("-" * len(header))
    for n in range(8, 101):
        book, known = meet_once_rounds(n), literature(n)
        short = str(int(known.rstrip("?")) - book) if known != "-" else "-"
        why = WHY_SHORT.get(n, "") if short not in ("-", "0") else ""
        print(f"{n:>3} {book:>5} {(n - 1) // 3:>8} {known:>10} {short:>8}  {why}".rstrip())


def _old_book_with_away(n_players: int, rounds: int, away: dict[int, frozenset[int]]) -> Movement | None:
    """The placing as it was at b3b7b87: the book as it is, else one absent player trading places."""
    book = meet_once_movement(n_players, rounds)
    if book is None or not away:
        return None
    identity = list(range(n_players))
    tries = [identity]
    for p in sorted(away):
        for q in range(n_players):
            if q != p:
                swapped = identity.copy()
                swapped[p], swapped[q] = q, p
                tries.append(swapped)
    for to in tries:
        movement = without_absent(book.mapped(to), away)
        if movement is None:
            continue
        balance = check(movement)
        if (
            not balance.sit_out_share_excess
            and not balance.total_repeat_sit_outs
            and balance.most_meetings <= 1
        ):
            return movement
    return None


def repeated(schedule: Schedule) -> int:
    shared: Counter[frozenset[int]] = Counter()
    for rnd in schedule.rounds:
        for table in rnd.tables:
            shared.update(frozenset(pq) for pq in combinations(table.players, 2))
    return sum(c - 1 for c in shared.values() if c > 1)


def part_timers() -> None:
    header = (
        f"{'case':<28} {'n x r':>7} {'before':>6} {'s':>6} {'now':>4} {'s':>5} {'sit-outs':>8} {'fair':>5}"
    )
    print(header)
    print("-" * len(header))
    new = planning.book_with_away
    for label, n, rounds, away in CASES:
        request = PlanRequest(tuple(f"P{i}" for i in range(1, n + 1)), Order.GIVEN, rounds=rounds, away=away)
        measured = []
        for version in (_old_book_with_away, new):
            planning.book_with_away = version  # type: ignore[assignment]
            start = time.perf_counter()
            made = plan(request)
            measured.append((repeated(made.schedule), time.perf_counter() - start, made.schedule))
        planning.book_with_away = new
        (before, s0, _), (now, s1, schedule) = measured
        balance = check(schedule.movement)
        fair = "yes" if not balance.sit_out_share_excess and not balance.total_repeat_sit_outs else "no"
        sat = sum(len(rnd.sitting_out) for rnd in schedule.rounds)
        print(
            f"{label:<28} {f'{n}x{rounds}':>7} {before:>6} {s0:>6.1f} {now:>4} {s1:>5.1f} {sat:>8} {fair:>5}"
        )


def patterns(n: int, rounds: int) -> dict[str, dict[int, frozenset[int]]]:
    """Absences of the grid (0-based players and rounds): late, leaving, both, a break, several."""
    last = n - 1

    def away(*spans: tuple[int, range]) -> dict[int, frozenset[int]]:
        return {p: frozenset(rs) for p, rs in spans}

    return {
        "late 1": away((last, range(1))),
        "late 2": away((last, range(2))),
        "leaves 2": away((last, range(rounds - 2, rounds))),
        "2 late 1 leaves": away(
            (last - 1, range(1)), (last, range(2)), (last - 2, range(rounds - 2, rounds))
        ),
        "2 late 2": away((last, range(2)), (last - 1, range(2))),
        "break": away((last, range(rounds // 2, rounds // 2 + 2)), (last - 1, range(1))),
        "4 mixed": away(
            (last, range(1)),
            (last - 1, range(2)),
            (last - 2, range(rounds - 1, rounds)),
            (last - 3, range(rounds - 3, rounds)),
        ),
        "5 late": away(*((last - i, range(1 + i % 3)) for i in range(5))),
    }


def grid(step: int) -> None:
    """For each size (every ``step``-th from 15) at 8 rounds and at the book's length: which absences of
    the grid the book absorbs (the search finds a fair placing, so they cost no meeting)."""
    from rotation.movements.parttimers import place_part_timers

    names = list(patterns(16, 5))
    print(f"{'n x r':>7}  absorbed of {len(names)}  not absorbed (sit-outs off share + twice running)")
    absorbed = total = 0
    for n in range(15, 101, step):
        full = meet_once_rounds(n)
        book = meet_once_movement(n, full)
        assert book is not None
        for rounds in sorted({min(full, 8), full}):
            if rounds < 4:
                continue
            missed = []
            for name, away in patterns(n, rounds).items():
                unfair = place_part_timers(book, rounds, away).unfair
                total += 1
                absorbed += unfair == 0
                if unfair:
                    missed.append(f"{name} ({unfair})")
            print(f"{f'{n}x{rounds}':>7}  {len(names) - len(missed):>11}  {', '.join(missed)}", flush=True)
    print(f"absorbed {absorbed} of {total}")


def one_past(moves: int = 100_000) -> None:
    """For each multiple of four from 16: one round past the book. The counting floor of repeated meetings
    over R + 1 rounds (a player meets 3(R + 1) among n - 1 others: the excess, halved over pairs) beside
    the fewest found for an extra round after the book's R (a swap search over its tables, seeded)."""
    import random

    print(
        f"{'n':>3} {'book':>4} {'counting floor at R+1':>21} {'floor after the book':>20} "
        f"{'extra round after the book':>26}"
    )
    for n in range(16, 101, 4):
        full = meet_once_rounds(n)
        book = meet_once_movement(n, full)
        assert book is not None
        met = [[0] * n for _ in range(n)]
        for rnd in book.rounds:
            for table in rnd.tables:
                for p, q in combinations(table.players, 2):
                    met[p][q] = met[q][p] = 1
        rng = random.Random(n)
        players = rng.sample(range(n), n)
        tables = [players[i : i + 4] for i in range(0, n, 4)]

        def cost(table: list[int], met: list[list[int]] = met) -> int:
            return sum(met[a][b] for a, b in combinations(table, 2))

        found = sum(cost(t) for t in tables)
        for _ in range(moves):
            if found == 0:
                break
            ti, tk = rng.sample(tables, 2)
            a, b = rng.randrange(4), rng.randrange(4)
            before = cost(ti) + cost(tk)
            ti[a], tk[b] = tk[b], ti[a]
            after = cost(ti) + cost(tk)
            if after <= before:
                found += after - before
            else:
                ti[a], tk[b] = tk[b], ti[a]
        floor = -(-n * max(0, 3 * (full + 1) - (n - 1)) // 2)
        print(f"{n:>3} {full:>4} {floor:>21} {after_groups(n, met):>20} {found:>26}", flush=True)


def after_groups(n: int, met: list[list[int]]) -> str:
    """Where the pairs who have not met fall into disjoint groups of one size g (a complete design: g = 1,
    2 or 3), a table of four in one more round holds at most 3 new pairs for g = 3 (a group and one
    more), 2 for g = 2 (two groups), 0 for g = 1, so it repeats at least 3, 4 or 6 meetings: that times
    the tables. "-" where the unmet pairs are not such groups."""
    unmet = [{q for q in range(n) if q != p and not met[p][q]} for p in range(n)]
    sizes = {len(others) + 1 for others in unmet}
    if len(sizes) != 1 or any(unmet[q] != (unmet[p] | {p}) - {q} for p in range(n) for q in unmet[p]):
        return "-"
    new = {1: 0, 2: 2, 3: 3}.get(sizes.pop())
    return "-" if new is None else str((6 - new) * (n // 4))


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--lengths-only", action="store_true", help="print only the book's lengths")
    parser.add_argument(
        "--grid", type=int, default=0, metavar="STEP", help="the absence grid, every STEP sizes"
    )
    parser.add_argument("--one-past", action="store_true", help="one round past the book, multiples of four")
    args = parser.parse_args()
    if args.one_past:
        one_past()
        return
    if args.grid:
        grid(args.grid)
        return
    lengths()
    if not args.lengths_only:
        print()
        part_timers()


if __name__ == "__main__":
    main()

"""The home grid of issue 26: one table, 7 to 11 players, every length from 1 to 14 rounds (not collected
by pytest).

    python tests/benchmarks/bench_home.py [--players 7-11] [--rounds 1-14] [--seeds 1-2] [--tables 1]

``--tables 0`` plans at the group's default tables (``n // 4``: two tables from 8 players up), the
balanced grid of issue 26 (from 8 to 11 players the book of two-table evenings', ``schedules/twotables.json``,
where it has the evening: its bounds proven with the rules ranked above each held at their best).

Plans each evening as ``chicago plan --method balanced`` would for a cut (``--seeds``: the cuts drawn) and
counts from the emitted seating alone, never from the planner's own measures: the longest run of rounds
any one player sits out, the sit-out repeats (a player out in two rounds running, counted per pair of
rounds), and the partner and opponent spreads (most less fewest over every pair). Beside each stands what
the planner says is the best possible (``plan --json``'s "planner" rules' best_possible; "?" where it
states none) and the plain counting floors: with k = n - 4 out of n a round, two rounds running share at
least 2k - n sit-outs, and nobody can be kept from sitting out L + 1 running unless 4 (L + 1) >= n. The
seconds are a ratio to a reference plan (7 x 8, the default home evening) timed in the same run. A row is
marked "*" where the partner or opponent spread exceeds the bound the planner states, and "!" where
someone sits out three running though three rounds seat everyone (n <= 12); the summary says how many
plans reach the counting floor of sit-outs twice running, how many reach the bound the planner states for
it (at one table from 7 to 11 players the book of home evenings', ``schedules/home.json``: the fewest any
schedule as even in partners and opponents can have, proven by CP-SAT where above the counting floor), and
how many keep everyone to two running. About ten to twenty minutes on one core by default (two cuts).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from itertools import combinations, pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rotation.cut import Order
from rotation.model import Schedule
from rotation.plan import Method, PlanRequest, plan
from rotation.services.plans import planner_data


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def counted(schedule: Schedule) -> dict[str, int]:
    """Longest run out, repeats, partner and opponent spreads, from the seats of each round."""
    n = len(schedule.players)
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    outs: list[set[int]] = []
    for rnd in schedule.movement.rounds:
        seated: set[int] = set()
        for t in rnd.tables:
            north, east, south, west = t.north, t.east, t.south, t.west
            seated |= {north, east, south, west}
            for a, b in ((north, south), (east, west)):
                partners[min(a, b), max(a, b)] += 1
            for a in (north, south):
                for b in (east, west):
                    opponents[min(a, b), max(a, b)] += 1
        outs.append(set(range(n)) - seated)
    longest = 0
    for p in range(n):
        run = 0
        for out in outs:
            run = run + 1 if p in out else 0
            longest = max(longest, run)
    pairs = list(combinations(range(n), 2))
    return {
        "run": longest,
        "repeats": sum(len(a & b) for a, b in pairwise(outs)),
        "partner": max(partners[pq] for pq in pairs) - min(partners[pq] for pq in pairs),
        "opponent": max(opponents[pq] for pq in pairs) - min(opponents[pq] for pq in pairs),
    }


RULES = {"partner": "partner spread", "opponent": "opponent spread", "repeats": "sit-out repeats"}


def one(
    n: int, rounds: int | None, seed: int, tables: int | None = 1
) -> tuple[dict[str, int], dict[str, str], float]:
    """The counts of one plan, the planner's stated bounds and its seconds."""
    names = tuple(f"P{i + 1}" for i in range(n))
    start = time.perf_counter()
    result = plan(
        PlanRequest(names, Order.CUT, seed=seed, rounds=rounds, tables=tables, method=Method.BALANCED)
    )
    seconds = time.perf_counter() - start
    said = planner_data(result)
    rules = said["rules"] if said is not None else []
    assert isinstance(rules, list)
    stated = {rule["rule"]: str(rule["best_possible"]) for rule in rules}
    bounds = {key: stated.get(name, "?").replace("unknown", "?") for key, name in RULES.items()}
    return counted(result.schedule), bounds, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=span, default=span("7-11"))
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--seeds", type=span, default=span("1-2"))
    parser.add_argument("--tables", type=int, default=1, help="0: the group's default (n // 4)")
    args = parser.parse_args()
    reference = one(7, None, 1)[2]
    print(f"reference: 7 x 8 in {reference:.2f} s")
    print(
        f"{'n x r':>7} {'cut':>3} | {'run':>3} {'floor':>5} | {'rep':>3} {'bound':>5} {'floor':>5} |"
        f" {'partner':>7} {'bound':>5} | {'opp':>3} {'bound':>5} | {'x ref':>6}"
    )
    over, times, floored, stated, no_three = [], [], 0, 0, 0
    for n in args.players:
        tables = args.tables or n // 4
        k = n - 4 * tables
        run_floor = math.ceil(n / (4 * tables)) - 1
        for rounds in args.rounds:
            repeat_floor = (rounds - 1) * max(0, 2 * k - n)
            for seed in args.seeds:
                got, bound, seconds = one(n, rounds, seed, tables)
                times.append(seconds)
                floored += got["repeats"] == repeat_floor
                stated += bound["repeats"].isdigit() and got["repeats"] <= int(bound["repeats"])
                no_three += got["run"] <= 2
                short = any(
                    bound[key].isdigit() and got[key] > int(bound[key]) for key in ("partner", "opponent")
                )
                if short:
                    over.append(f"{n} x {rounds} cut {seed}")
                print(
                    f"{f'{n} x {rounds}':>7} {seed:>3} | {got['run']:>3} {run_floor:>5} |"
                    f" {got['repeats']:>3} {bound['repeats']:>5} {repeat_floor:>5} |"
                    f" {got['partner']:>7} {bound['partner']:>5} |"
                    f" {got['opponent']:>3} {bound['opponent']:>5} |"
                    f" {seconds / reference:>6.2f}{' *' if short else ''}"
                    f"{' !' if got['run'] > max(2, run_floor) else ''}",
                    flush=True,
                )
    print(
        f"{len(times) - len(over)} of {len(times)} plans at the planner's partner and opponent bounds;"
        f" short (*): {', '.join(over) or 'none'}"
    )
    print(f"{floored} of {len(times)} with sit-outs twice running at the counting floor")
    print(f"{stated} of {len(times)} with sit-outs twice running at the planner's stated best possible")
    print(f"{no_three} of {len(times)} with nobody out three rounds running")
    print(f"seconds: total {sum(times):.0f}, slowest {max(times):.1f}")


if __name__ == "__main__":
    main()

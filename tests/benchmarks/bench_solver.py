"""Benchmark the planner against the straightforward CP-SAT model, on demand (not collected by pytest).

    python tests/benchmarks/bench_solver.py [--work 4] [--time-limit 20] [--quick]

For a grid of (players, rounds) up to forty players it prints, for the decomposed solver and for the
straightforward model (every player's seat in every round as booleans, one weighted objective), the
seconds taken, the status and the spreads the independent checker measures, with the counting bound
beside each, and the ratio of their times. The planner gets a deterministic work budget (one worker, as
`chicago plan` runs it); the straightforward model gets the time limit and two workers.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rotation.balance import Balance, check
from rotation.model import Movement, Round, Table
from rotation.solver import PlanSpec, Status, solve
from scoring.seat import Seat

GRID = [
    (5, 5),
    (6, 8),
    (7, 7),
    (8, 7),
    (9, 9),
    (12, 11),
    (13, 13),
    (16, 15),
    (20, 10),
    (24, 12),
    (32, 15),
    (40, 15),
]
QUICK = [(5, 5), (8, 7), (12, 11), (20, 10)]
BASELINE_LIMIT = 24
"""Players beyond which the straightforward model is not even built: its products of seat booleans run
to hundreds of thousands and building them alone takes longer than the time limit."""


def straightforward(n: int, rounds: int, time_limit: float) -> tuple[Movement | None, str]:
    """The baseline: x[round, player, table, seat] booleans; partners and opponents as products; one
    weighted objective (partner spread, then rounds played, then opponent spread)."""
    from ortools.sat.python import cp_model

    tables = n // 4
    model = cp_model.CpModel()
    x = {
        (r, p, t, s): model.new_bool_var(f"x_{r}_{p}_{t}_{s}")
        for r in range(rounds)
        for p in range(n)
        for t in range(tables)
        for s in range(4)
    }
    for r in range(rounds):
        for p in range(n):
            model.add_at_most_one(x[r, p, t, s] for t in range(tables) for s in range(4))
        for t in range(tables):
            for s in range(4):
                model.add_exactly_one(x[r, p, t, s] for p in range(n))
    model.add(sum(x[0, p, p // 4, p % 4] for p in range(4 * tables)) == 4 * tables)  # fix round 1

    def both(a: cp_model.LinearExpr, b: cp_model.LinearExpr, name: str) -> cp_model.IntVar:
        v = model.new_bool_var(name)
        model.add(v <= a)
        model.add(v <= b)
        model.add(v >= a + b - 1)
        return v

    partner_count = {}
    opponent_count = {}
    for p, q in combinations(range(n), 2):
        partner_terms = []
        mate_terms = []
        for r in range(rounds):
            for t in range(tables):
                at_p = sum(x[r, p, t, s] for s in range(4))
                at_q = sum(x[r, q, t, s] for s in range(4))
                mate_terms.append(both(at_p, at_q, f"mate_{r}_{p}_{q}_{t}"))
                for a, b in ((0, 2), (1, 3)):
                    on_p = x[r, p, t, a] + x[r, p, t, b]
                    on_q = x[r, q, t, a] + x[r, q, t, b]
                    partner_terms.append(both(on_p, on_q, f"partner_{r}_{p}_{q}_{t}_{a}"))
        partner_count[p, q] = sum(partner_terms)
        opponent_count[p, q] = sum(mate_terms) - partner_count[p, q]
    played = {
        p: sum(x[r, p, t, s] for r in range(rounds) for t in range(tables) for s in range(4))
        for p in range(n)
    }

    def spread(exprs: list[cp_model.LinearExpr], top: int) -> cp_model.LinearExpr:
        high = model.new_int_var(0, top, "")
        low = model.new_int_var(0, top, "")
        for e in exprs:
            model.add(e <= high)
            model.add(e >= low)
        return high - low

    weight = 4 * rounds + 1
    model.minimize(
        weight * weight * spread(list(partner_count.values()), rounds)
        + weight * spread(list(played.values()), rounds)
        + spread(list(opponent_count.values()), 2 * rounds)
    )
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = 2
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, solver.status_name(status).lower()
    result = []
    for r in range(rounds):
        seats = {(t, s): p for (rr, p, t, s), v in x.items() if rr == r and solver.value(v)}
        made = tuple(Table.from_seats([seats[t, s] for s in range(4)], Seat.NORTH) for t in range(tables))
        out = tuple(sorted(set(range(n)) - {p for table in made for p in table.players}))
        result.append(Round(made, out))
    return Movement(n, tuple(result)), solver.status_name(status).lower()


def row(
    label: str, n: int, rounds: int, seconds: float, status: str, balance: Balance | None, ratio: str
) -> str:
    if balance is None:
        figures = f"{'-':>9} {'-':>7} {'-':>9} {'-':>8}"
    else:
        figures = (
            f"{balance.partner_spread:>4} ({balance.partner_bound.spread})"
            f" {balance.played_spread:>7}"
            f" {balance.opponent_spread:>4} ({balance.opponent_bound.spread})"
            f" {balance.total_repeat_sit_outs:>8}"
        )
    return f"{n:>3} {rounds:>3} {n // 4:>3}  {label:<15} {seconds:>7.1f}  {status:<10} {figures}  {ratio:>6}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=20.0, help="the straightforward model's seconds")
    parser.add_argument("--work", type=float, default=4.0, help="the planner's deterministic work budget")
    parser.add_argument("--quick", action="store_true", help="a four-point grid")
    args = parser.parse_args()
    print(
        f"planner: work {args.work:g}, 1 worker; straightforward: {args.time_limit:g} s, 2 workers;"
        " spreads as measured (counting bound)"
    )
    print("  n   R   T  method          seconds  status     partner  played  opponent  repeats   ratio")
    started = time.monotonic()
    for n, rounds in QUICK if args.quick else GRID:
        result = solve(PlanSpec(n, rounds), work=args.work)
        ours = check(result.movement) if result.movement is not None else None
        print(row("decomposed", n, rounds, result.wall_time, result.status.value, ours, ""), flush=True)
        assert result.status in (Status.OPTIMAL, Status.FEASIBLE)
        if n > BASELINE_LIMIT:
            print(row("straightforward", n, rounds, 0.0, "not built", None, "-"), flush=True)
            continue
        clock = time.monotonic()
        movement, status = straightforward(n, rounds, args.time_limit)
        seconds = time.monotonic() - clock
        theirs = check(movement) if movement is not None else None
        ratio = f"{result.wall_time / seconds:.2f}"
        print(row("straightforward", n, rounds, seconds, status, theirs, ratio), flush=True)
    print(f"total {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()

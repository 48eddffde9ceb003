"""Ten players at one table: the book of home evenings' "10" entries, 1 to 14 rounds (issue 26).

The general builder (``rotation.build.home``) searches every round's game at once and, for ten players,
neither found the opponents' best nor proved it. Here the rules ranked above the opponents are used to
shape the search. An evening even after every round has, after 5, 10, ... rounds, everyone at exactly
2, 4, ... rounds played (4 seats of 10: the fair share is whole), so it falls into blocks of five rounds in
each of which every player plays twice; which two is the player's *type* in the block, and only seven
types keep the block even at every stop with nobody out three running (``block_types``; a shorter last
block has its own). The model holds each player's type per block beside the rounds played, and counts
that each player meets three others a round and opposes two: implied by the rest, but they let CP-SAT
prove what it could not before (10 x 13 at an opponent spread of 1: no such evening).

Each entry minimises, in the home ranking (``rotation.build.home.TERMS``), the opponent spread (from the
counting floor up: a spread proven impossible raises the entry's bound), the sit-outs twice running, then
the table-mates; partners within [floor, ceil], sit-outs within one of the fair share after every round and
nobody out three running are held throughout. The bounds are proven among evenings even after every round
(the rule the book ranks above the opponents): 10 x 5 to 10 x 10, 10 x 13 and 10 x 14 reach 2 where
counting allows 1 (10 x 5 enumerated in ``tests/rotation/build/test_home_ten.py``, and a longer even
evening starts with five such rounds; 13 and 14 by CP-SAT here).

Regenerate (about half an hour on one loaded core, 10 x 14 most of it; only the "10" key is written)::

    python -m rotation.build.home_ten schedules/home.json [--rounds 1-14] [--work 600]
"""

from __future__ import annotations

import argparse
import sys
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rotation.build.home import TERMS, Game, counted, floors, solve_once, span

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["WORK", "N", "block_types", "build_ten", "main"]

N = 10
"""Players at the table."""
WORK = 600.0
"""Deterministic seconds each stage may take (``max_deterministic_time``): 10 x 13's proof that no even
evening opposes within one takes ~30, 10 x 14's ~525."""
MATES_WORK = 15.0
"""Deterministic seconds for each table-mate stage (ranked last, not claimed proven)."""
BLOCK = 5
"""Rounds after which everyone has played exactly as often (4 * 5 seats over 10 players)."""


def block_types(length: int) -> list[tuple[int, ...]]:
    """The rounds (0-based) a player may play in a block of ``length`` rounds that starts with everyone
    level: within one of the fair share after each of its rounds and never out three running in it."""
    found = []
    for size in range(length + 1):
        for rounds in combinations(range(length), size):
            fair = all(
                4 * j // N <= sum(r < j for r in rounds) <= -(-4 * j // N) for j in range(1, length + 1)
            )
            runs = all(any(r in rounds for r in (i, i + 1, i + 2)) for i in range(length - 2))
            if fair and runs:
                found.append(rounds)
    return found


class _Model:
    """One evening of ``rounds`` rounds as CP-SAT variables: who plays each round (``play``), who partners
    (``part``), who shares the table (``both``), with the even-after-every-round rules held; the terms of
    ``TERMS`` as expressions."""

    def __init__(self, rounds: int) -> None:
        from ortools.sat.python import cp_model

        self.rounds = rounds
        m = self.model = cp_model.CpModel()
        players, pairs = range(N), list(combinations(range(N), 2))
        self.pairs = pairs
        play = self.play = {(r, p): m.new_bool_var(f"p{r}_{p}") for r in range(rounds) for p in players}
        part = self.part = {(r, pq): m.new_bool_var(f"x{r}_{pq}") for r in range(rounds) for pq in pairs}
        both = {(r, pq): m.new_bool_var(f"b{r}_{pq}") for r in range(rounds) for pq in pairs}
        for r in range(rounds):
            m.add(sum(play[r, p] for p in players) == 4)
            for p in players:
                m.add(sum(part[r, pq] for pq in pairs if p in pq) == play[r, p])
            for p, q in pairs:
                m.add_bool_and([play[r, p], play[r, q]]).only_enforce_if(both[r, (p, q)])
                m.add_bool_or([~play[r, p], ~play[r, q]]).only_enforce_if(~both[r, (p, q)])
                m.add_implication(part[r, (p, q)], both[r, (p, q)])
        for stop in range(1, rounds + 1):  # even after every round: sit-outs, partners
            for p in players:
                m.add_linear_constraint(
                    sum(play[r, p] for r in range(stop)), 4 * stop // N, -(-4 * stop // N)
                )
            for pq in pairs:
                low, high = 2 * stop // len(pairs), -(-2 * stop // len(pairs))
                m.add_linear_constraint(sum(part[r, pq] for r in range(stop)), low, high)
        for p in players:  # nobody out three running
            for r in range(rounds - 2):
                m.add_bool_or([play[r, p], play[r + 1, p], play[r + 2, p]])
        self._types()
        opp = {pq: m.new_int_var(0, 2 * rounds, f"o{pq}") for pq in pairs}
        meet = {pq: m.new_int_var(0, rounds, f"m{pq}") for pq in pairs}
        for pq in pairs:
            m.add(meet[pq] == sum(both[r, pq] for r in range(rounds)))
            m.add(opp[pq] == meet[pq] - sum(part[r, pq] for r in range(rounds)))
        for p in players:  # implied, but they let CP-SAT prove what it otherwise cannot
            played = sum(play[r, p] for r in range(rounds))
            m.add(sum(opp[pq] for pq in pairs if p in pq) == 2 * played)
            m.add(sum(meet[pq] for pq in pairs if p in pq) == 3 * played)
        lowest, highest = m.new_int_var(0, 2 * rounds, "lowest"), m.new_int_var(0, 2 * rounds, "highest")
        most = m.new_int_var(0, rounds, "most")
        excess = [m.new_int_var(0, rounds, f"e{pq}") for pq in pairs]
        for pq, over in zip(pairs, excess, strict=True):
            m.add(opp[pq] >= lowest)
            m.add(opp[pq] <= highest)
            m.add(meet[pq] <= most)
            m.add(over >= meet[pq] - 1)
        twice = []  # sitting out twice running: both out of rounds r and r + 1
        for p in players:
            for r in range(rounds - 1):
                y = m.new_bool_var(f"y{p}_{r}")
                m.add(y >= 1 - play[r, p] - play[r + 1, p])
                twice.append(y)
        self.terms: dict[str, Any] = {
            TERMS[0]: highest - lowest,
            TERMS[1]: sum(twice),
            TERMS[2]: most,
            TERMS[3]: sum(excess),
        }
        for p in players:  # round 1: 0-1 against 2-3; round 2 (always apart from it): 4-5 against 6-7
            m.add(play[0, p] == (p < 4))
            if rounds > 1:
                m.add(play[1, p] == (4 <= p < 8))
        m.add(part[0, (0, 1)] == 1)
        if rounds > 1:
            m.add(part[1, (4, 5)] == 1)

    def _types(self) -> None:
        """Each player's type in each block of five rounds (the last may be shorter), tied to the rounds
        played: the shape of an even evening, stated so the solver sees it."""
        m, play = self.model, self.play
        for start in range(0, self.rounds, BLOCK):
            length = min(BLOCK, self.rounds - start)
            types = block_types(length)
            is_type = {
                (t, p): m.new_bool_var(f"t{start}_{t}_{p}") for t in range(len(types)) for p in range(N)
            }
            for p in range(N):
                m.add_exactly_one(is_type[t, p] for t in range(len(types)))
                for i in range(length):
                    m.add(
                        play[start + i, p] == sum(is_type[t, p] for t, kind in enumerate(types) if i in kind)
                    )

    def hint(self, games: list[Game]) -> None:
        for r, (ab, cd) in enumerate(games):
            for p in range(N):
                self.model.add_hint(self.play[r, p], int(p in (*ab, *cd)))
            for pq in self.pairs:
                self.model.add_hint(self.part[r, pq], int(pq in (ab, cd)))

    def games(self, solver: cp_model.CpSolver) -> list[Game]:
        chosen: list[Game] = []
        for r in range(self.rounds):
            ab, cd = sorted(pq for pq in self.pairs if solver.value(self.part[r, pq]))
            chosen.append((ab, cd))
        return chosen


def _solve(
    rounds: int, caps: dict[str, int], goal: str | None, start: list[Game] | None, work: float, seed: int
) -> tuple[str, list[Game] | None, int]:
    """Solve with ``caps`` held (minimising ``goal`` if given): the status ("optimal", "feasible",
    "infeasible", "unknown"), the evening found and the proven lower bound of ``goal``."""
    from ortools.sat.python import cp_model

    model = _Model(rounds)
    for name, cap in caps.items():
        model.model.add(model.terms[name] <= cap)
    if goal is not None:
        model.model.minimize(model.terms[goal])
    if start is not None:
        model.hint(start)
    solver, status = solve_once(model.model, work, seed)
    print(
        f"  {rounds} rounds, {caps}, {goal}: {solver.status_name(status)} in {solver.deterministic_time:.1f}",
        file=sys.stderr,
        flush=True,
    )
    said = {cp_model.OPTIMAL: "optimal", cp_model.FEASIBLE: "feasible", cp_model.INFEASIBLE: "infeasible"}
    name = said.get(status, "unknown")
    found = model.games(solver) if name in ("optimal", "feasible") else None
    bound = round(solver.best_objective_bound) if goal is not None and found is not None else 0
    return name, found, bound


def build_ten(rounds: int, *, work: float = WORK, seed: int = 0) -> dict[str, Any] | None:
    """The entry for ten players over ``rounds`` rounds, or None where no evening was found. The
    opponents' bound: the least spread not proven impossible (from the counting floor); sitting out twice
    running: the counting floor, or CP-SAT's bound at the opponents' best if higher."""
    floor = floors(N, rounds)
    bound, spread, proven = floor[TERMS[0]], floor[TERMS[0]], True
    chosen: list[Game] | None = None
    while chosen is None and spread <= 2 * rounds:
        status, chosen, _ = _solve(rounds, {TERMS[0]: spread}, None, None, work, seed)
        if chosen is None:
            proven = proven and status == "infeasible"
            bound = spread + 1 if proven else bound
            spread += 1
    if chosen is None:
        return None
    caps = {TERMS[0]: spread}
    repeats = floor[TERMS[1]]
    at_floor = _solve(rounds, {**caps, TERMS[1]: repeats}, None, chosen, work, seed)[1]
    if at_floor is not None:  # the counting floor first: found at once where it is reached, and proven
        chosen, caps[TERMS[1]] = at_floor, repeats
    for name in TERMS[1 if at_floor is None else 2 :]:
        effort = work if name == TERMS[1] else min(work, MATES_WORK)
        status, better, low = _solve(rounds, caps, name, chosen, effort, seed)
        chosen = better or chosen
        caps[name] = counted(N, chosen)[name]
        if name == TERMS[1] and status == "optimal" and spread == bound:
            repeats = max(repeats, low)
    values = counted(N, chosen)
    return {
        "rounds": [[a, b, c, d] for (a, b), (c, d) in chosen],
        "even_after_every_round": True,
        "values": values,
        "bounds": {TERMS[0]: bound, TERMS[1]: min(repeats, values[TERMS[1]])},
    }


def main(argv: list[str] | None = None) -> None:
    """Build the ten-player entries asked for into the book at ``path`` (other sizes kept as they are)."""
    from rotation.build.home import accepted, settle

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--work", type=float, default=WORK)
    args = parser.parse_args(argv)

    def keep(_: dict[str, Any] | None, entry: dict[str, Any]) -> dict[str, Any] | None:
        return entry if accepted(N, len(entry["rounds"]), entry) else None

    settle(args.path, N, args.rounds, lambda rounds: build_ten(rounds, work=args.work), keep)


if __name__ == "__main__":
    main()

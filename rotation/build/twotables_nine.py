"""The two-table book's 9 x 14 (issue 26): opponents within one, every other rule at counting's floor.

Counting, with the sit-outs within one of the fair share at every stop: 14 rounds of one out each, so four
players play 13 rounds and five play 12 (112 seats). 56 partnerships over 36 pairs; at round 9 every pair
has partnered exactly once, so rounds 1-9 partner everyone once and sit out all nine, and rounds 10-14
partner 20 different pairs and sit out five different players (the five who play 12). 168 meetings, at
most 5 for a pair (ceil(39 / 8)), 132 repeats (4 x 31 + 5 x 28, halved: every pair meets). 112 opposing
places over 36 pairs: within one, every pair opposes 3 or 4 times; a player who plays 12 has 24 places for
8 others, so opposes everyone 3 times, and one who plays 13 has 26, so opposes two others 4 times, both
among the four who play 13: those pairs are a 4-cycle on the four. A pair at 4 meets 5 times with one
partnership, so the cycle's pairs do not partner in rounds 10-14.

``turned_evening``: CP-SAT (one worker, deterministic time, seeded) over the whole evening with that shape,
written by relabelling as round r (1-9) sitting out player r - 1 and rounds 10-14 players 4 to 8, the
cycle 0-1-2-3-0. Over every such evening CP-SAT (seed 0) settles nothing in 600 deterministic seconds;
asked also to be the same evening after the relabelling ``TURN`` (the cycle turned a quarter, players 4-7
likewise, 8 kept), five rounds are free and it finds one in its presolve, in 0.004 deterministic seconds
(asked instead to keep (0 1)(2 3)(4 5)(6 7), (0 2)(4 5)(6 7) or (4 5)(6 7), it proves none keeps it).

    python -m rotation.build.twotables_nine schedules/twotables.json
"""

from __future__ import annotations

import argparse
import json
from itertools import combinations
from pathlib import Path
from typing import Any

from rotation.build.home import _dumped, solve_once
from rotation.build.twotables_opponents import _extra_options, _key, _round_form

__all__ = ["CYCLE", "OUTS", "TURN", "main", "nine_fourteen", "turned_evening"]

N, ROUNDS, BLOCK = 9, 14, 9
OUTS = (*range(9), 4, 5, 6, 7, 8)
"""Who sits out each round: everyone once in rounds 1-9, then the five who play 12."""
CYCLE = frozenset({(0, 1), (1, 2), (2, 3), (0, 3)})
"""The pairs who oppose 4 times (the rest 3): a 4-cycle on the four who play 13."""
TURN = (1, 2, 3, 0, 5, 6, 7, 4, 8)
"""The relabelling the evening is asked to keep: (0 1 2 3)(4 5 6 7), 8 kept."""
WORK = 60.0
"""Deterministic seconds CP-SAT may take (it needs well under one)."""

Evening = list[list[int]]


def turned_evening(*, work: float = WORK, seed: int = 0) -> tuple[str, Evening | None]:
    """CP-SAT's answer (its status name) and the evening found: round r sitting out ``OUTS[r]``, rounds 1-9
    partnering every pair once, rounds 10-14 no pair twice and no pair of ``CYCLE``, each pair opposing 4
    times in ``CYCLE`` and 3 otherwise, the rounds as a whole the same after ``TURN``."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    pairs = list(combinations(range(N), 2))
    block: dict[tuple[int, int], list[Any]] = {pq: [] for pq in pairs}
    after: dict[tuple[int, int], list[Any]] = {pq: [] for pq in pairs}
    opposed: dict[tuple[int, int], list[Any]] = {pq: [] for pq in pairs}
    every = _extra_options(N)
    chosen: list[dict[Any, tuple[Any, list[int]]]] = []
    for r, out in enumerate(OUTS):
        options = {}
        for games, away in every:
            if away != out:
                continue
            x = model.new_bool_var("")
            options[_round_form(games)] = (x, games)
            for t in (games[:4], games[4:]):
                for pq in (_key(t[0], t[1]), _key(t[2], t[3])):
                    (block if r < BLOCK else after)[pq].append(x)
                for p in t[:2]:
                    for q in t[2:]:
                        opposed[_key(p, q)].append(x)
        model.add_exactly_one(x for x, _ in options.values())
        chosen.append(options)
    for r, out in enumerate(OUTS):  # the round sitting out TURN[out] (in the same part) is this one turned
        image = TURN[out] if r < BLOCK else BLOCK + OUTS[BLOCK:].index(TURN[out])
        for x, games in chosen[r].values():
            model.add(x == chosen[image][_round_form([TURN[p] for p in games])][0])
    for pq in pairs:
        model.add(sum(block[pq]) == 1)
        model.add(sum(after[pq]) <= (0 if pq in CYCLE else 1))
        model.add(sum(opposed[pq]) == (4 if pq in CYCLE else 3))
    solver, status = solve_once(model, work, seed)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver.status_name(status), None
    return solver.status_name(status), [
        next(games for x, games in options.values() if solver.value(x)) for options in chosen
    ]


def nine_fourteen(*, work: float = WORK, seed: int = 0) -> dict[str, Any] | None:
    """The book's 9 x 14: ``turned_evening`` relabelled so that round 1 is 0-1 against 2-3 and 4-5 against
    6-7, its values by the checker and its bounds by counting (``twotables_proofs.settle``). None where
    CP-SAT finds none within ``work``."""
    from rotation.build.twotables_proofs import counted_entry

    _, evening = turned_evening(work=work, seed=seed)
    return None if evening is None else counted_entry(N, ROUNDS, evening)


def main(argv: list[str] | None = None) -> None:
    """Build 9 x 14 into the book at ``path`` where it is kept (``twotables.accepted``: even after every
    round, nobody out three running) and no worse in the ranked order than the book's entry there."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--work", type=float, default=WORK)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    from rotation.build.twotables import accepted, counted, ranked

    book = json.loads(args.path.read_text(encoding="utf-8"))
    entry = nine_fourteen(work=args.work, seed=args.seed)
    print(f"9 x 14: {entry and entry['values']} proven {entry and entry['bounds']}", flush=True)
    old = book["evenings"][str(N)][str(ROUNDS)]
    if entry is not None and accepted(N, {**entry, "planner": ranked(counted(N, old["rounds"]))}):
        book["evenings"][str(N)][str(ROUNDS)] = entry
        args.path.write_text(_dumped(book), encoding="utf-8")


if __name__ == "__main__":
    main()

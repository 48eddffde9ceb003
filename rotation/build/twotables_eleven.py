"""The two-table book's 11 x 8 (issue 26): its repeated meetings 43 and opponents 2 proven the least.

11 players over 8 rounds meet 16 tables x 6 = 96 times over 55 pairs, so with the most meetings 2 the
repeated meetings are 96 - (the pairs that meet) = 41 + (the pairs that never meet); opponents within one
(64 opposing places over 55 pairs: every pair opposes 1 or 2 times) need every pair to meet. So whether the
entry's 43 and 2 can be bettered is one question: is there an evening, even after every round with nobody
out twice running, in which at most one pair never meets and none meets three times?

The search (``fewest_unmet``) splits it by who sits out. An evening's sit-outs are, for each player, the set
of rounds it sits out (its ``pattern``: even after every round, no two rounds running); relabelling the
players permutes those sets and changes nothing else, and the rounds keep their order (the evenness is per
stop), so every evening is, after relabelling, one whose players take the patterns of one ``sit_out_classes``
multiset in the order listed (those with a pattern numbered consecutively). That is complete: each multiset
of patterns giving every round exactly n - 8 out is listed once. For each class CP-SAT (one worker,
deterministic time, ``build.home.solve_once``) seats the tables of every round with the sit-outs fixed:
a bit per seated player, 1 at the table of the round's lowest-numbered seated player (naming the tables
that way drops only their order, which no rule sees); each pair's meetings within ``most``, the pairs never
meeting counted and minimised below ``below``. The partners are free, and dropping a rule leaves more
evenings, so what no class reaches no evening reaches. No other symmetry is cut.

11 x 8: 6,398 classes, none with fewer than 2 pairs never meeting (every class proven infeasible, 1,211
deterministic seconds in all, 15 minutes on one core): the repeated meetings 43 are the least with the rules
above at the entry's values, and so are the opponents (within one would need 41). The test checks the
classes against a plain count of labelled sit-outs (91,276,416,000 at 11 x 8) and the search against every
evening enumerated plainly at 11 x 2 and 9 x 3::

    nice python -m rotation.build.twotables_eleven schedules/twotables.json   # 15 minutes
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

from rotation.build.home import _dumped, solve_once

__all__ = ["Found", "fewest_unmet", "main", "patterns", "sit_out_classes"]

WORK = 60.0
"""Deterministic seconds CP-SAT may take per class (none of 11 x 8's needs more than a few)."""

Pattern = tuple[int, ...]


@cache
def patterns(n: int, rounds: int) -> tuple[Pattern, ...]:
    """Each set of rounds (0-based) one player may sit out: never two running, and after every round
    within one of the fair share ((n - 8) x rounds so far / n: its floor or its ceiling)."""
    k = n - 8
    found = []
    for size in range(rounds + 1):
        for chosen in combinations(range(rounds), size):
            if any(b - a == 1 for a, b in pairwise(chosen)):
                continue
            if all(k * s // n <= sum(r < s for r in chosen) <= -(-k * s // n) for s in range(1, rounds + 1)):
                found.append(chosen)
    return tuple(found)


@cache
def sit_out_classes(n: int, rounds: int) -> tuple[tuple[Pattern, ...], ...]:
    """Every multiset of ``n`` patterns with exactly n - 8 out in each round, as a tuple in the order of
    ``patterns``: the sit-outs of every evening up to relabelling, each once."""
    k, options = n - 8, patterns(n, rounds)
    found: list[tuple[Pattern, ...]] = []
    bits = [sum(1 << r for r in o) for o in options]
    every = (1 << rounds) - 1
    shortest = [min(len(o) for o in options[i:]) for i in range(len(options))]
    longest = [max(len(o) for o in options[i:]) for i in range(len(options))]
    reach = [every & sum({1 << r for o in options[i:] for r in o}) for i in range(len(options))]
    """The rounds the patterns from the i-th on sit anyone out in (bits): the later players' only ones."""

    def go(start: int, chosen: list[Pattern], out: list[int], owed: int, full: int) -> None:
        if len(chosen) == n:
            if full == every:
                found.append(tuple(chosen))
            return
        left = n - len(chosen) - 1
        for i in range(start, len(options)):
            if (
                bits[i] & full
                or every & ~full & ~reach[i]
                or not shortest[i] * left <= owed - len(options[i])
            ):
                continue
            if owed - len(options[i]) > longest[i] * left:
                continue
            more = list(out)
            for r in options[i]:
                more[r] += 1
            if min(more) < k - left:
                continue
            now = full | sum(1 << r for r in options[i] if more[r] == k)
            go(i, [*chosen, options[i]], more, owed - len(options[i]), now)

    go(0, [], [0] * rounds, k * rounds, 0)
    return tuple(found)


@dataclass
class Found:
    """What ``fewest_unmet`` found: the fewest pairs never meeting under ``below`` (None: none), an
    evening's tables reaching it (per round: the two tables), the classes tried and those CP-SAT left
    unsettled, and its deterministic seconds."""

    least: int | None = None
    tables: list[tuple[list[int], list[int]]] = field(default_factory=list)
    classes: int = 0
    unsettled: int = 0
    seconds: float = 0.0


def _seated(
    n: int, rounds: int, sit_outs: tuple[Pattern, ...], most: int, below: int
) -> tuple[Any, dict[Any, Any], Any]:
    """CP-SAT's model of the tables with the sit-outs fixed (player p sits out ``sit_outs[p]``)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    first: dict[tuple[int, int], Any] = {}
    for r in range(rounds):
        seated = [p for p in range(n) if r not in sit_outs[p]]
        for p in seated:
            first[r, p] = model.new_bool_var(f"t{r}_{p}")
        model.add(sum(first[r, p] for p in seated) == 4)
        model.add(first[r, seated[0]] == 1)
    unmet = []
    for p, q in combinations(range(n), 2):
        together = []
        for r in range(rounds):
            if (r, p) in first and (r, q) in first:
                a, b, same = first[r, p], first[r, q], model.new_bool_var(f"m{r}_{p}_{q}")
                model.add_bool_or([a, b, same])
                model.add_bool_or([a.Not(), b.Not(), same])
                model.add_bool_or([a, b.Not(), same.Not()])
                model.add_bool_or([a.Not(), b, same.Not()])
                together.append(same)
        never = model.new_bool_var(f"never{p}_{q}")
        model.add(sum(together) <= most)
        model.add(sum(together) >= 1).only_enforce_if(never.Not())
        unmet.append(never)
    total = sum(unmet)
    model.add(total <= below - 1)
    model.minimize(total)
    return model, first, total


def fewest_unmet(
    n: int, rounds: int, most: int, below: int, *, work: float = WORK, seed: int = 0, limit: int | None = None
) -> Found:
    """The fewest pairs never meeting, under ``below``, among evenings of ``n`` players at two tables over
    ``rounds`` with every pair's meetings within ``most``, nobody out twice running and the sit-outs within
    one of the fair share after every round (partners free); each class of ``sit_out_classes`` in turn
    (the first ``limit``), the bar lowered to what is found."""
    from ortools.sat.python import cp_model

    found = Found()
    for sit_outs in sit_out_classes(n, rounds)[:limit]:
        bar = below if found.least is None else found.least
        if bar <= 0:
            break
        model, first, total = _seated(n, rounds, sit_outs, most, bar)
        solver, status = solve_once(model, work, seed)
        found.classes += 1
        found.seconds += solver.deterministic_time
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found.least = int(solver.value(total))
            found.tables = [
                (
                    [p for p in range(n) if (r, p) in first and solver.value(first[r, p])],
                    [p for p in range(n) if (r, p) in first and not solver.value(first[r, p])],
                )
                for r in range(rounds)
            ]
        if status != cp_model.OPTIMAL and status != cp_model.INFEASIBLE:
            found.unsettled += 1
    return found


def proof(n: int, rounds: int, entry: dict[str, Any], found: Found) -> str:
    """The words of the entry's proof where the search found nothing below its repeated meetings."""
    values = entry["values"]
    pairs, total = n * (n - 1) // 2, 12 * rounds
    repeated, most = values["repeated meetings"], values["most meetings"]
    return (
        f"repeated meetings {repeated}: none fewer with the most meetings {most}, sitting out twice running 0"
        f" and the sit-outs even after every round ({total} meetings over {pairs} pairs: {total - pairs} +"
        f" the pairs never meeting, exhaustive over the sit-outs up to relabelling, {found.classes} classes,"
        f" CP-SAT over each one's tables, partners free: none leaves fewer than {repeated - (total - pairs)}"
        f" pairs never meeting, {round(found.seconds)} deterministic seconds)"
    )


def _opponents(n: int, rounds: int) -> str:
    pairs = n * (n - 1) // 2
    return (
        f"opponent spread 2: within 1 every pair opposes 1 or 2 times ({8 * rounds} places over {pairs}"
        f" pairs), so every pair meets and the repeated meetings are {12 * rounds - pairs}"
    )


def main(argv: list[str] | None = None) -> None:
    """Search 11 x 8 (or ``--players`` x ``--rounds``) for an evening with fewer pairs never meeting than
    the book's entry; where there is none, write its repeated meetings and opponents proven."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=int, default=11)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--work", type=float, default=WORK, help="deterministic seconds per class")
    parser.add_argument("--limit", type=int, default=None, help="only the first LIMIT classes")
    args = parser.parse_args(argv)
    n, rounds = args.players, args.rounds
    book = json.loads(args.path.read_text(encoding="utf-8"))
    entry = book["evenings"][str(n)][str(rounds)]
    values = entry["values"]
    if values["sit-out repeats"] != 0:
        raise SystemExit("the search holds nobody out twice running; this entry's sit-out repeats are not 0")
    below = values["repeated meetings"] - (12 * rounds - n * (n - 1) // 2)
    found = fewest_unmet(n, rounds, values["most meetings"], below, work=args.work, limit=args.limit)
    print(
        f"{n} x {rounds}: {found.classes} classes, {found.unsettled} unsettled, {found.seconds:.1f}"
        f" deterministic seconds; fewest never meeting under {below}: {found.least}",
        flush=True,
    )
    if found.least is not None:
        print(f"better tables (partners to choose): {found.tables}", flush=True)
        return
    if found.unsettled or args.limit is not None:
        return
    bounds, pairs = entry["bounds"], n * (n - 1) // 2
    bounds["repeated meetings"] = values["repeated meetings"]
    said = [proof(n, rounds, entry, found)]
    if values["opponent spread"] == 2 and 8 * rounds >= pairs and below > 0:  # within one: every pair meets
        bounds["opponent spread"] = 2
        said.append(_opponents(n, rounds))
    kept = [p for p in entry.get("proof", "").split("; ") if p and not p.startswith(("repeated", "opponent"))]
    entry["proof"] = "; ".join([*kept, *said])
    args.path.write_text(_dumped(book), encoding="utf-8")


if __name__ == "__main__":
    main()

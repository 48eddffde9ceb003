"""Better two-table evenings from the searches over the tables (issue 26).

Where ``rotation.build.twotables_proofs``'s search over the tables (partners free) finds a layout better
than the book's entry in its first unsettled rule (most meetings, then repeated meetings, the rules above
held), the layout is given partners here: CP-SAT (one worker, deterministic time, seeded) picks each
table's partnerships so that every pair partners within [floor, ceil] of its average after every round
(the book's evenness), the opponents' spread as low as it finds. The result replaces the entry only where
it is even after every round and better in the ranked order (``rotation.build.twotables.accepted``'s
test, by the independent checker); its bounds are the old entry's for the rules above, and ``settle``
(counting) then states what it can::

    python -m rotation.build.twotables_better schedules/twotables.json --players 11 --rounds 8 --nodes 3000000
"""

from __future__ import annotations

import argparse
from itertools import combinations
from pathlib import Path
from typing import Any

from rotation.build.home import solve_once, span
from rotation.build.twotables_proofs import Layout, Search, Unfinished, least_repeated, rework, settle
from rotation.movements.twotables import TERMS

__all__ = ["better_entry", "main", "partnered"]

WORK = 30.0
"""Deterministic seconds CP-SAT may take to pick the partners."""


def _tables(n: int, layout: Layout) -> tuple[list[int], list[int]]:
    seated = ((1 << n) - 1) & ~layout[0]
    one = [p for p in range(n) if layout[3] >> p & 1]
    return one, [p for p in range(n) if seated >> p & 1 and p not in one]


def partnered(n: int, layouts: list[Layout], *, work: float = WORK, seed: int = 0) -> list[list[int]] | None:
    """The rounds ``layouts`` seat, each table's partnerships chosen so that every pair partners within
    [floor, ceil] of its average after every round and the opponents' spread is as low as CP-SAT finds;
    written [a, b, c, d, e, f, g, h] (a-b against c-d). None where no choice is even."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    pairs = list(combinations(range(n), 2))
    splits = []  # per round: per table, its three choices (bool, the partnership order)
    partner: dict[tuple[int, int], list[Any]] = {pq: [] for pq in pairs}
    meets = dict.fromkeys(pairs, 0)
    for r, layout in enumerate(layouts):
        chosen = []
        for t in _tables(n, layout):
            a, b, c, d = t
            for pq in combinations(t, 2):
                meets[pq] += 1
            options = []
            for order in ((a, b, c, d), (a, c, b, d), (a, d, b, c)):
                x = model.new_bool_var(f"x{r}{order}")
                options.append((x, order))
                for pq in ((order[0], order[1]), (order[2], order[3])):
                    partner[pq].append((r, x))
            model.add_exactly_one(x for x, _ in options)
            chosen.append(options)
        splits.append(chosen)
    for stop in range(1, len(layouts) + 1):
        low, high = 4 * stop // len(pairs), -(-4 * stop // len(pairs))
        for pq in pairs:
            model.add_linear_constraint(sum(x for r, x in partner[pq] if r < stop), low, high)
    top = 2 * len(layouts)
    least, most = model.new_int_var(0, top, "least"), model.new_int_var(0, top, "most")
    for pq in pairs:
        opposed = meets[pq] - sum(x for _, x in partner[pq])
        model.add(opposed >= least)
        model.add(opposed <= most)
    model.minimize(most - least)
    solver, status = solve_once(model, work, seed)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[p for options in c for x, order in options if solver.value(x) for p in order] for c in splits]


def better_entry(n: int, rounds: int, entry: dict[str, Any], *, limit: int | None) -> dict[str, Any] | None:
    """An entry better than ``entry`` in its first unsettled rule (most meetings or repeated meetings),
    from a search over the tables with the rules above held, given partners; None where none is found."""
    from rotation.build.twotables import _relabelled, accepted, counted, ranked

    values, bounds = entry["values"], entry["bounds"]
    name = next((t for t in TERMS if bounds.get(t) != values[t]), None)
    if name not in ("most meetings", "repeated meetings"):
        return None
    search, repeats = Search(limit), values["sit-out repeats"]
    try:
        if name == "most meetings":
            least_repeated(n, rounds, values[name] - 1, repeats, 10**6, search, first=True)
        else:
            least_repeated(n, rounds, values["most meetings"], repeats, values[name], search)
    except Unfinished:
        pass
    if not search.evening:
        return None
    evening = partnered(n, search.evening)
    if evening is None:
        return None
    evening = _relabelled(n, evening)
    got = counted(n, evening)
    above = TERMS[: TERMS.index(name)]
    found = {
        "rounds": evening,
        "values": {t: got[t] for t in TERMS},
        "bounds": {t: bounds[t] for t in above},
        "planner": ranked(got),
    }
    if not accepted(n, found) or ranked(got) >= ranked(counted(n, entry["rounds"])):
        return None
    del found["planner"]
    if "proof" in entry:  # of rules above ``name``, still at their values
        found["proof"] = entry["proof"]
    return found


def main(argv: list[str] | None = None) -> None:
    """Replace the book's entries asked for where ``better_entry`` finds better, then settle by counting."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=span, default=span("8-11"))
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--nodes", type=int, default=None, help="the search's limit of nodes")
    args = parser.parse_args(argv)

    def bettered(n: int, rounds: int, entry: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
        found = better_entry(n, rounds, entry, limit=args.nodes)
        if found is None:
            return None, "none better found"
        said = settle(n, rounds, found, searches=False)
        return found, f"{found['values']} ({'; '.join(said) or 'nothing settled'})"

    rework(args.path, args.players, args.rounds, bettered)


if __name__ == "__main__":
    main()

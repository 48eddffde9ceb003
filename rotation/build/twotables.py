"""Build the book of two-table evenings: 8 to 11 players at their default two tables, 1 to 14 rounds
(minutes, not part of planning). ``rotation.movements.twotables`` reads what this writes.

A round is modelled by who partners whom (``u``) and who shares a table (``m``): each player seated has one
partner and three table-mates, the table-mates closed under "shares a table with" (so two tables of four),
partners among the table-mates; opponents are table-mates who are not partners. No table or side is named, so
swapping them is no second solution. Round 1 is fixed to 0-1 against 2-3 and 4-5 against 6-7 (any evening
relabels so), and round 2 is one of its kinds up to the relabellings that keep round 1 (16 for 8 players, 217
for 11: ``_second``), which lets CP-SAT prove what it could not otherwise. Nobody sits out three running and
sit-outs are within one of the fair share (both at their counting floor, 0, ranked first: ``measure.RANKED``);
then the ranked rules (``TERMS``) are minimised in turn, each held at its best before the next (CP-SAT, one
worker, deterministic time, seeded).

Twice: without the after-every-round rule (no ranked rule holds it), for the bounds any evening as even in
the rules above can reach (a bound only while every earlier stage was proven optimal); and with partners
within [floor, ceil] of their average and sit-outs within one of the fair share after EVERY round (an
evening stopped early is even), for the entry: starting from the better of the planner's own evening
(the better of two seeds) and the loose evening played in an order even at every stop, each stage from
the loose model's bound while the rules above are at theirs. An entry is kept only if ``accepted``: even
after every round, and no worse than the planner's own search in the ranked order, compared
lexicographically (by the checker, ``rotation.balance.check``).

Regenerate (each entry seconds to minutes)::

    python -m rotation.build.twotables schedules/twotables.json --work 15 --proof 20   # 8-11 x 1-14
    python -m rotation.build.twotables schedules/twotables.json --players 9 --rounds 5 --proof 120
    python -m rotation.build.twotables schedules/twotables.json --players 9 --rounds 5 --proof 90 --prove

Then ``python -m rotation.build.twotables_proofs`` settles what counting and an exhaustive search over the
tables can (the table-mates' bounds CP-SAT leaves open), ``rotation.build.twotables_better`` takes a
better layout that search finds, and ``rotation.build.twotables_meetings`` brings the most meetings to
counting's floor where this model left them above it (10 x 10, 10 x 11, 10 x 14, 9 x 14, 11 x 13).

``--prove`` builds nothing: for each kept entry whose opponents stand above its bound while every rule above
them is at its bound, it asks CP-SAT for an evening even after every round, those rules held, opposing
within less (``prove_opponents``); where there is none the entry states its opponents as the bound, with a
``proof`` saying it holds among evenings even after every round (as every bound does: a bound proven
without that rule holds a fortiori).
"""

from __future__ import annotations

import argparse
import json
import math
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rotation.build.home import _dumped, even_order, span
from rotation.model import Movement
from rotation.movements.twotables import BOOK_FORMAT, TERMS, as_movement

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["WORK", "accepted", "build_entry", "counted", "floors", "main", "prove_opponents"]

WORK = 20.0
"""Deterministic seconds each stage may take (``max_deterministic_time``)."""

Evening = list[list[int]]
"""Rounds as [a, b, c, d, e, f, g, h]: a-b against c-d at one table, e-f against g-h at the other."""


def floors(n: int, rounds: int) -> dict[str, int]:
    """The planner's counting floors for ``n`` players at two tables over ``rounds``, everyone present."""
    from rotation.solver.bounds import _floors
    from rotation.solver.problem import PlanSpec, _Problem

    return _floors(_Problem.of(PlanSpec(n, rounds, tables=2)))


def counted(n: int, evening: Evening) -> dict[str, int]:
    """The ranked rules of an evening, by the independent checker (sitting out three running and off the
    fair share first)."""
    from itertools import pairwise

    from rotation.balance import check

    balance = check(as_movement(n, evening))
    outs = [set(r.sitting_out) for r in as_movement(n, evening).rounds]
    threes = sum(len(a & b & c) for a, b, c in zip(outs, outs[1:], outs[2:], strict=False))
    return {
        "sit-outs three running": threes,
        "sit-outs off fair share": balance.sit_out_share_excess,
        "partner spread": balance.partner_spread,
        "played spread": balance.played_spread,
        "sit-out repeats": sum(len(a & b) for a, b in pairwise(outs)),
        "most meetings": balance.most_meetings,
        "repeated meetings": balance.repeated_meetings,
        "opponent spread": balance.opponent_spread,
    }


def ranked(values: dict[str, int]) -> tuple[int, ...]:
    """An evening's values in the planner's order (``measure.RANKED`` without a history): smaller is
    better."""
    first = ("sit-outs three running", "sit-outs off fair share", "partner spread", "played spread")
    return tuple(values[name] for name in (*first, *TERMS[1:]))


class _Model:
    """One evening's model: ``u`` partners and ``m`` table-mates per pair and round, each term of
    ``TERMS`` as an expression; ``prefix``: even after every round."""

    def __init__(self, n: int, rounds: int, *, prefix: bool) -> None:
        from ortools.sat.python import cp_model

        self.model = model = cp_model.CpModel()
        self.n, self.rounds = n, rounds
        pairs = list(combinations(range(n), 2))
        self.u = u = {(pq, r): model.new_bool_var(f"u{pq}{r}") for pq in pairs for r in range(rounds)}
        self.m = m = {(pq, r): model.new_bool_var(f"m{pq}{r}") for pq in pairs for r in range(rounds)}

        seated = {}
        for r in range(rounds):
            model.add(sum(u[pq, r] for pq in pairs) == 4)
            for p in range(n):
                seat = sum(u[_key(p, q), r] for q in range(n) if q != p)
                model.add(seat <= 1)
                model.add(sum(m[_key(p, q), r] for q in range(n) if q != p) == 3 * seat)
                seated[p, r] = seat
            for pq in pairs:
                model.add_implication(u[pq, r], m[pq, r])
            for a, b, c in combinations(range(n), 3):  # sharing a table is transitive
                ab, bc, ac = m[(a, b), r], m[(b, c), r], m[(a, c), r]
                model.add(ab + bc - ac <= 1)
                model.add(ab + ac - bc <= 1)
                model.add(bc + ac - ab <= 1)
        for pq in pairs:  # round 1: 0-1 against 2-3 and 4-5 against 6-7
            model.add(u[pq, 0] == (pq in ((0, 1), (2, 3), (4, 5), (6, 7))))
            model.add(m[pq, 0] == ((pq[1] < 4) or (pq[0] >= 4 and pq[1] < 8)))
        if rounds > 1:  # round 2: one of its kinds up to the relabellings that keep round 1 (``_second``)
            kinds = list(_second(n))
            pick = [model.new_bool_var(f"k{i}") for i in range(len(kinds))]
            model.add_exactly_one(pick)
            together = _pairs_of([list(kind) for kind in kinds])
            for pq in pairs:
                model.add(u[pq, 1] == sum(b for b, (ps, _) in zip(pick, together, strict=True) if pq in ps))
                model.add(m[pq, 1] == sum(b for b, (_, ms) in zip(pick, together, strict=True) if pq in ms))
        out = {(p, r): 1 - seated[p, r] for p in range(n) for r in range(rounds)}
        for p in range(n):
            for r in range(rounds - 2):
                model.add(out[p, r] + out[p, r + 1] + out[p, r + 2] <= 2)
        k = n - 8
        for stop in range(1, rounds + 1) if prefix else (rounds,):
            for p in range(n):
                model.add_linear_constraint(
                    sum(out[p, r] for r in range(stop)), k * stop // n, -(-k * stop // n)
                )
            if prefix:
                low, high = 4 * stop // len(pairs), -(-4 * stop // len(pairs))
                for pq in pairs:
                    model.add_linear_constraint(sum(u[pq, r] for r in range(stop)), low, high)
        partner = {pq: sum(u[pq, r] for r in range(rounds)) for pq in pairs}
        meets = {pq: sum(m[pq, r] for r in range(rounds)) for pq in pairs}
        opponent = {pq: meets[pq] - partner[pq] for pq in pairs}

        def spread(counts: dict[tuple[int, int], Any], top: int, name: str) -> Any:
            low, high = model.new_int_var(0, top, f"lo{name}"), model.new_int_var(0, top, f"hi{name}")
            for c in counts.values():
                model.add(c >= low)
                model.add(c <= high)
            return high - low

        twice = []
        for p in range(n):
            for r in range(rounds - 1):
                y = model.new_bool_var(f"y{p}_{r}")
                model.add(y >= out[p, r] + out[p, r + 1] - 1)
                twice.append(y)
        most = model.new_int_var(0, rounds, "most")
        excess = []
        for pq in pairs:
            model.add(meets[pq] <= most)
            over = model.new_int_var(0, rounds, f"e{pq}")
            model.add(over >= meets[pq] - 1)
            excess.append(over)
        self.terms = {
            TERMS[0]: spread(partner, rounds, "p"),
            TERMS[1]: sum(twice),
            TERMS[2]: most,
            TERMS[3]: sum(excess),
            TERMS[4]: spread(opponent, 2 * rounds, "o"),
        }

    def hint(self, evening: Evening) -> None:
        """Start from ``evening`` (relabelled so that round 1 is in the model's form)."""
        together = _pairs_of(_canonical(self.n, evening))
        for (pq, r), v in self.u.items():
            self.model.add_hint(v, pq in together[r][0])
        for (pq, r), v in self.m.items():
            self.model.add_hint(v, pq in together[r][1])

    def evening(self, solver: cp_model.CpSolver) -> Evening:
        """The solution's rounds."""
        found: Evening = []
        for r in range(self.rounds):
            partners = [pq for pq in combinations(range(self.n), 2) if solver.value(self.u[pq, r])]
            games: list[int] = []
            for pq in partners:
                if pq[0] in games:
                    continue
                rivals = next(
                    xy for xy in partners if xy != pq and solver.value(self.m[_key(pq[0], xy[0]), r])
                )
                games += [*pq, *rivals]
            found.append(games)
        return found


def _key(p: int, q: int) -> tuple[int, int]:
    return (p, q) if p < q else (q, p)


Perm = tuple[int, ...]


def _shape(games: tuple[int, ...] | list[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """A round as its tables (sorted), each its two partnerships (sorted): equal for the same round."""
    tables = []
    for t in (games[:4], games[4:]):
        a, b = sorted(t[:2]), sorted(t[2:])
        tables.append(tuple(sorted([(a[0], a[1]), (b[0], b[1])])))
    return tuple(sorted(tables))


@cache
def _symmetries(n: int) -> tuple[Perm, ...]:
    """Every relabelling that keeps round 1 (0-1 against 2-3, 4-5 against 6-7, the rest out) as it is:
    partners swapped, partnerships swapped, tables swapped, those out permuted."""
    moves = [(1, 0, 2, 3), (0, 1, 3, 2), (2, 3, 0, 1)]
    gens: list[Perm] = [(*m, *range(4, n)) for m in moves]
    gens += [(0, 1, 2, 3, *(4 + x for x in m), *range(8, n)) for m in moves]
    gens.append((4, 5, 6, 7, 0, 1, 2, 3, *range(8, n)))
    for p in range(8, n - 1):
        swap = list(range(n))
        swap[p], swap[p + 1] = p + 1, p
        gens.append(tuple(swap))
    group = {tuple(range(n))}
    frontier = list(group)
    while frontier:
        g = frontier.pop()
        for h in gens:
            gh = tuple(h[g[p]] for p in range(n))
            if gh not in group:
                group.add(gh)
                frontier.append(gh)
    return tuple(sorted(group))


@cache
def _orbits(n: int) -> tuple[tuple[tuple[int, ...], ...], dict[Any, tuple[int, Perm]]]:
    """One round of each kind up to ``_symmetries``, and for every round's shape its kind and a
    relabelling that takes it there."""
    kinds: list[tuple[int, ...]] = []
    seen: dict[Any, tuple[int, Perm]] = {}
    for out in combinations(range(n), n - 8):
        seated = [p for p in range(n) if p not in out]
        for mates in combinations(seated[1:], 3):
            one = (seated[0], *mates)
            two = tuple(p for p in seated if p not in one)
            for x in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):
                for y in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):
                    games = (*(one[i] for i in x), *(two[i] for i in y))
                    if _shape(games) in seen:
                        continue
                    kinds.append(games)
                    for g in _symmetries(n):
                        back = [0] * n
                        for p in range(n):
                            back[g[p]] = p
                        seen.setdefault(_shape([g[p] for p in games]), (len(kinds) - 1, tuple(back)))
    return tuple(kinds), seen


def _second(n: int) -> tuple[tuple[int, ...], ...]:
    """The kinds of round 2 (a round after round 1, up to the relabellings that keep round 1)."""
    return _orbits(n)[0]


def _canonical(n: int, evening: Evening) -> Evening:
    """``evening`` (round 1 in the model's form) relabelled so that its round 2 is one of ``_second``."""
    if len(evening) < 2:
        return evening
    _, back = _orbits(n)[1][_shape(evening[1])]
    return [[back[p] for p in games] for games in evening]


def _pairs_of(evening: Evening) -> list[tuple[set[tuple[int, int]], set[tuple[int, int]]]]:
    """Each round's partner pairs and table-mate pairs."""
    found = []
    for games in evening:
        partners, mates = set(), set()
        for table in (games[:4], games[4:]):
            partners |= {tuple(sorted(table[:2])), tuple(sorted(table[2:]))}
            mates |= {tuple(sorted(pq)) for pq in combinations(table, 2)}
        found.append((partners, mates))
    return found  # type: ignore[return-value]


def _ranked_stages(
    n: int,
    rounds: int,
    *,
    prefix: bool,
    work: float,
    seed: int,
    start: Evening | None,
    lower: dict[str, int] | None = None,
) -> tuple[dict[str, int], Evening | None, bool]:
    """Each term of ``TERMS`` minimised in turn, the earlier held at their best (each stage starts from
    the last one's evening; the last, the opponents, has three times the work): the bounds proven (a
    bound only while every earlier stage was proven optimal), the last evening found (None: none at all)
    and whether every stage was proven optimal. ``lower``: bounds proven by a looser model, which hold
    here while every earlier term is at its bound there. A stage whose start is already at its floor is
    not searched."""
    from ortools.sat.python import cp_model

    floor = floors(n, rounds)
    bounds: dict[str, int] = {}
    caps: dict[str, int] = {}
    chosen = start
    proven = True
    for name in TERMS:
        least = floor.get(name, 0)
        if lower is not None and all(lower.get(held) == cap for held, cap in caps.items()):
            least = max(least, lower.get(name, 0))
        at = counted(n, chosen)[name] if chosen is not None else None
        if chosen and at is not None and at <= least and _feasible_start(n, chosen, prefix=prefix):
            caps[name] = at
            if proven:
                bounds[name] = at
            continue
        built = _Model(n, rounds, prefix=prefix)
        for held, cap in caps.items():
            built.model.add(built.terms[held] <= cap)
        built.model.add(built.terms[name] >= least)
        if chosen is not None:
            built.hint(chosen)
        built.model.minimize(built.terms[name])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = work * (3 if name == TERMS[-1] else 1)
        solver.parameters.random_seed = seed
        status = solver.solve(built.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return bounds, chosen, False
        if proven:
            bounds[name] = max(least, math.ceil(solver.best_objective_bound - 1e-6))
        proven = proven and status == cp_model.OPTIMAL
        caps[name] = round(solver.objective_value)
        chosen = built.evening(solver)
    return bounds, chosen, proven


def _feasible_start(n: int, evening: Evening, *, prefix: bool) -> bool:
    """Whether ``evening`` obeys the model's hard rules (so a stage at its floor may keep it)."""
    from rotation.movements.order import is_prefix_balanced

    values = counted(n, evening)
    if values["sit-outs three running"] or values["sit-outs off fair share"]:
        return False
    return not prefix or is_prefix_balanced(as_movement(n, evening))


def _even_order(n: int, evening: Evening) -> Evening | None:
    """``evening``'s rounds in the order even after every round with the fewest sit-outs twice running
    (a shortest path over the sets of rounds played: whether a stop is even depends only on which rounds
    came before it), relabelled; None where no order is even or the fewest puts someone out three
    running."""
    from rotation.balance import check

    rounds = as_movement(n, evening).rounds
    outs = [frozenset(r.sitting_out) for r in rounds]
    size = len(rounds)
    even: dict[int, bool] = {}

    def is_even(mask: int) -> bool:
        if mask not in even:
            balance = check(Movement(n, tuple(rounds[r] for r in range(size) if mask >> r & 1)))
            bound = balance.partner_bound
            even[mask] = balance.sit_out_share_excess == 0 and all(
                bound.floor <= c <= bound.ceil for c in balance.partners.values()
            )
        return even[mask]

    order = even_order(outs, is_even)
    return None if order is None else _relabelled(n, [evening[r] for r in order])


SEEDS = (0, 1)
"""The seeds of the planner's own search an entry is compared with (a cut's seed varies its evening)."""


def planned(n: int, rounds: int) -> Evening:
    """The planner's own search's best evening at two tables over ``SEEDS`` (as ``plan()`` without the
    book), relabelled so that round 1 is 0-1 against 2-3 and 4-5 against 6-7."""
    from rotation.movements.order import is_prefix_balanced, prefix_movement, prefix_order
    from rotation.solver import PlanSpec, PrefixOrder, solve

    prefix = PrefixOrder(order=prefix_order, balanced=is_prefix_balanced, build=prefix_movement)
    found = []
    for seed in SEEDS:
        movement = solve(PlanSpec(n, rounds, tables=2), prefix=prefix, seed=seed).movement
        assert movement is not None
        found.append(_relabelled(n, _games_of(movement)))
    return min(found, key=lambda evening: ranked(counted(n, evening)))


def _games_of(movement: Movement) -> Evening:
    return [[p for t in rnd.tables for p in (t.north, t.south, t.east, t.west)] for rnd in movement.rounds]


def _relabelled(n: int, evening: Evening) -> Evening:
    """Players renumbered in the order they sit in round 1, those out after."""
    first = evening[0]
    to = {p: i for i, p in enumerate([*first, *(p for p in range(n) if p not in first)])}
    return [[to[p] for p in games] for games in evening]


def build_entry(
    n: int, rounds: int, *, work: float = WORK, proof: float = WORK, seed: int = 0
) -> dict[str, Any] | None:
    """One evening as even as the ranked rules allow, even after every round, with the bounds proven
    without that rule (which no ranked rule holds); None where none was found within ``work``."""
    theirs = planned(n, rounds)
    bounds, loose, _ = _ranked_stages(n, rounds, prefix=False, work=proof, seed=seed, start=theirs)
    start = theirs
    reordered = _even_order(n, loose) if loose is not None else None
    if reordered is not None and ranked(counted(n, reordered)) < ranked(counted(n, theirs)):
        start = reordered  # the loose evening played in an order even at every stop
    _, chosen, _ = _ranked_stages(n, rounds, prefix=True, work=work, seed=seed, start=start, lower=bounds)
    worse = chosen is None or ranked(counted(n, chosen)) > ranked(counted(n, theirs))
    if worse and _feasible_start(n, theirs, prefix=True):
        chosen = theirs  # the planner's own evening, even at every stop: the book has it at once
    if chosen is None:
        return None
    values = counted(n, chosen)
    return {
        "rounds": chosen,
        "values": {name: values[name] for name in TERMS},
        "bounds": {name: min(bound, values[name]) for name, bound in bounds.items()},
        "planner": ranked(counted(n, theirs)),
    }


def accepted(n: int, entry: dict[str, Any]) -> bool:
    """Whether the book keeps the entry: even after every round, nobody out three running, and no worse
    than the planner's own evening in the ranked order."""
    from rotation.movements.order import is_prefix_balanced

    values = counted(n, entry["rounds"])
    return (
        is_prefix_balanced(as_movement(n, entry["rounds"]))
        and values["sit-outs three running"] == 0
        and ranked(values) <= tuple(entry["planner"])
    )


def prove_opponents(n: int, rounds: int, entry: dict[str, Any], *, work: float, seed: int = 0) -> bool:
    """Whether CP-SAT proves (one worker, ``work`` deterministic seconds) that no evening even after every
    round, the ranked rules above the opponents held at ``entry``'s values, opposes within less than the
    entry does: then the entry's opponents are the least among evenings even after every round."""
    from ortools.sat.python import cp_model

    built = _Model(n, rounds, prefix=True)
    for name in TERMS[:-1]:
        built.model.add(built.terms[name] <= entry["values"][name])
    built.model.add(built.terms[TERMS[-1]] <= entry["values"][TERMS[-1]] - 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = work
    solver.parameters.random_seed = seed
    return solver.solve(built.model) == cp_model.INFEASIBLE


def _proved(book: dict[str, Any], n: int, rounds: int, work: float) -> str:
    """Try ``prove_opponents`` on the book's entry; where it holds, state the bound with its proof."""
    entry = book["evenings"][str(n)][str(rounds)]
    value = entry["values"][TERMS[-1]]
    if entry["bounds"].get(TERMS[-1]) == value or any(
        entry["bounds"].get(name) != entry["values"][name] for name in TERMS[:-1]
    ):
        return "nothing to prove (bound reached, or a rule above not at its bound)"
    if not prove_opponents(n, rounds, entry, work=work):
        return "not proven"
    entry["bounds"][TERMS[-1]] = value
    entry["proof"] = f"{TERMS[-1]} {value}: CP-SAT, among evenings even after every round"
    return f"proven: {TERMS[-1]} {value} the least"


def main(argv: list[str] | None = None) -> None:
    """Build the entries asked for into the book at ``path`` (kept entries stay)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=span, default=span("8-11"))
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--work", type=float, default=WORK)
    parser.add_argument("--proof", type=float, default=WORK, help="deterministic seconds for the bounds")
    parser.add_argument("--prove", action="store_true", help="only prove the kept entries' opponents")
    args = parser.parse_args(argv)
    from rotation.movements.whist import design_movement, design_rounds

    book: dict[str, Any] = {"format": BOOK_FORMAT, "evenings": {}}
    if args.path.exists():
        book = json.loads(args.path.read_text(encoding="utf-8"))
    if args.prove:
        for n in args.players:
            for rounds in args.rounds:
                if str(rounds) in book["evenings"].get(str(n), {}):
                    print(f"{n} x {rounds}: {_proved(book, n, rounds, args.proof)}", flush=True)
                    args.path.write_text(_dumped(book), encoding="utf-8")
        return
    for n in args.players:
        for rounds in args.rounds:
            if design_movement(n, rounds) is not None and rounds % design_rounds(n) == 0:
                continue  # a whist design: partners once, opponents twice, taken before the book
            entry = build_entry(n, rounds, work=args.work, proof=args.proof)
            said = "none found" if entry is None else f"{entry['values']} proven {entry['bounds']}"
            print(f"{n} x {rounds}: {said} (planner {entry and entry['planner']})", flush=True)
            kept = book["evenings"].get(str(n), {}).get(str(rounds))
            if (
                kept is not None
                and entry is not None
                and ranked(counted(n, kept["rounds"])) < ranked(counted(n, entry["rounds"]))
            ):
                print(f"{n} x {rounds}: the book's entry is better, kept", flush=True)
                continue  # e.g. one rotation.build.twotables_meetings brought to counting's floor
            if entry is not None and accepted(n, entry):
                del entry["planner"]
                book["evenings"].setdefault(str(n), {})[str(rounds)] = entry
                args.path.write_text(_dumped(book), encoding="utf-8")


if __name__ == "__main__":
    main()

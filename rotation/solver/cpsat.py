"""CP-SAT helpers every stage shares: lexicographic minimising and window-by-window spreads."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from rotation.solver.problem import PARTNER, PLAYED, K, _GameCounts, _Outcome, _Problem, _Run

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


def _minimize_in_order(
    model: cp_model.CpModel,
    terms: Sequence[tuple[str, Expr, int]],
    decisions: Sequence[cp_model.IntVar],
    run: _Run,
    deadline: float,
    stage: str,
    *,
    symmetry: int = 2,
    hinted: Mapping[str, int] | None = None,
) -> tuple[list[int] | None, list[_Outcome]]:
    """Minimise each term in turn and fix it at its best before the next (a lexicographic objective).

    ``terms`` are (name, expression, floor), the floor a lower bound known by counting, which lets the
    solver stop as soon as it reaches it. The decisions are hinted from one term's answer into the next.
    A term the hint already holds at its floor (``hinted``: the hint's value of each term) is simply
    fixed there, sparing a solve, as long as no solve has yet moved away from the hint. Returns the
    decisions' last values (None if nothing was solved) and each term's value and bound."""
    from ortools.sat.python import cp_model

    class Watch(cp_model.CpSolverSolutionCallback):
        def __init__(self, term: str) -> None:
            super().__init__()
            self.term = term

        def on_solution_callback(self) -> None:
            run.report(
                stage, self.term, round(self.objective_value), math.ceil(self.best_objective_bound - 1e-6)
            )

    values: list[int] | None = None
    outcomes: list[_Outcome] = []
    for index, (name, expr, floor) in enumerate(terms):
        if values is None and hinted is not None and name in hinted and hinted[name] <= floor:
            model.add(expr <= floor)
            outcomes.append(_Outcome(name, floor, floor, exact=True))
            continue
        left = max(0.0, deadline - run.now())
        if (left <= 0.05 or run.over()) and values is not None:
            break
        model.add(expr >= floor)
        model.minimize(expr)
        solver = run.solver(
            max(0.1, left * 1.5 / (len(terms) - index) if index < len(terms) - 1 else left),
            symmetry=symmetry,
        )
        run.report(stage, name, None, None)
        status = solver.solve(model, Watch(name))
        run.solved(solver)
        if status == cp_model.INFEASIBLE or status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"{stage}: the model for {name!r} is {solver.status_name(status)}")
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        value = round(solver.value(expr))
        bound = (
            value if status == cp_model.OPTIMAL else max(floor, math.ceil(solver.best_objective_bound - 1e-6))
        )
        outcomes.append(_Outcome(name, value, bound, exact=True))
        values = [solver.value(v) for v in decisions]
        model.add(expr <= value)
        model.clear_hints()  # type: ignore[no-untyped-call]
        for var, val in zip(decisions, values, strict=True):
            model.add_hint(var, val)
    model.clear_objective()  # type: ignore[no-untyped-call]
    return values, outcomes


def _least_spread(
    model: cp_model.CpModel,
    counts: Mapping[K, Count],
    lows: frozenset[K],
    decisions: Sequence[cp_model.IntVar],
    values: Sequence[int],
    value: int,
    floor: int,
    total: int,
    run: _Run,
    deadline: float,
    stage: str,
    name: str,
    *,
    symmetry: int = 2,
    hinted: bool = True,
) -> tuple[list[int], _Outcome]:
    """The least spread of ``counts`` (the most of any pair less the fewest of a pair in ``lows``), from a
    schedule (``values`` of the decisions) whose spread is ``value``, and never below ``floor``; the counts
    always sum to ``total``.

    Asked as yes-or-no questions rather than as an objective: is there a schedule with every count in a
    window [low, low + s]? A window fixes the counts' domains, which CP-SAT propagates and reasons with by
    counting far better than a max-less-min objective (seconds rather than minutes for seven players at
    one table). A spread is possible if any of its windows is and proven impossible only if all are;
    it implies every smaller spread impossible too. Spreads are asked from ``value - 1`` down while the
    answer is yes; if one cannot be decided in time, from ``floor`` up to raise the proven bound. Each
    question starts from the best schedule so far if ``hinted`` (where symmetry is broken in presolve, a
    hint can cost more than it saves). Returns the best decisions found and the term's outcome."""
    from ortools.sat.python import cp_model

    everyone = len(counts)
    best, bound = list(values), min(floor, value)

    def windows(s: int) -> list[int]:
        """Where a window of spread s can start: its top reaches the average count, and its low is no
        more than the average over ``lows`` can be (nearest the middle first)."""
        if not lows:
            return [0]
        first = max(0, -(-total // everyone) - s)
        last = total // len(lows)
        middle = total / everyone - s / 2
        return sorted(range(first, last + 1), key=lambda low: (abs(low - middle), low))

    def ask(s: int) -> tuple[str, int]:
        """'yes' (best updated, its spread returned), 'no', or 'unknown' for spread s. The time to
        decide a window varies wildly with the search's luck, so windows are asked in rounds of
        doubling time, each round with another random seed, until each is decided or time is up."""
        nonlocal best
        pending, attempt = windows(s), 0
        while pending:
            undecided = []
            for index, low in enumerate(pending):
                left = deadline - run.now()
                if left <= 0.05 or run.over():
                    return "unknown", s
                copy = model.clone()
                copy.clear_hints()  # type: ignore[no-untyped-call]
                for var, val in zip(decisions, best if hinted else (), strict=False):
                    copy.add_hint(copy.get_int_var_from_proto_index(var.index), val)
                if not _narrow(copy, counts, lows, low, low + s):
                    continue
                solver = run.solver(
                    min(left / (len(pending) - index), 0.5 * 2**attempt), seed=attempt, symmetry=symmetry
                )
                status = solver.solve(copy)
                run.solved(solver)
                if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                    best = [solver.value(copy.get_int_var_from_proto_index(v.index)) for v in decisions]
                    found = [
                        c if isinstance(c, int) else solver.value(copy.get_int_var_from_proto_index(c.index))
                        for c in counts.values()
                    ]
                    highest = max(found)
                    lowest = min((c for pq, c in zip(counts, found, strict=True) if pq in lows), default=0)
                    return "yes", highest - lowest
                if status != cp_model.INFEASIBLE:
                    undecided.append(low)
            pending, attempt = undecided, attempt + 1
        return "no", s

    run.report(stage, name, value, bound)
    while value > bound:
        answer, spread = ask(value - 1)
        if answer == "yes":
            value = spread
        elif answer == "no":
            bound = value
        else:
            while bound < value - 1:
                answer, spread = ask(bound)
                if answer == "no":
                    bound += 1
                else:
                    if answer == "yes":
                        value = bound = spread
                    break
            break
        run.report(stage, name, value, bound)
    return best, _Outcome(name, value, max(bound, min(floor, value)), exact=True)


def _narrow(
    model: cp_model.CpModel, counts: Mapping[K, Count], lows: frozenset[K], low: int, high: int
) -> bool:
    """Hold every count at most ``high`` and those of ``lows`` at least ``low`` (in a copy of the model
    the counts were made in); False if a constant count already falls outside."""
    for pq, count in counts.items():
        floor = low if pq in lows else 0
        if isinstance(count, int):
            if not floor <= count <= high:
                return False
            continue
        var = model.get_int_var_from_proto_index(count.index)
        model.add(var <= high)
        if floor:
            model.add(var >= floor)
    return True


def _hold_window(model: cp_model.CpModel, counts: Collection[Expr], spread: int, total: int) -> bool:
    """Hold a spread already proven as domains, if only one window of it fits counts summing to
    ``total`` (as at the counting bound: every count the floor or the ceiling of the average), which
    CP-SAT propagates far better than a max-less-min. Returns whether it did."""
    first, last = max(0, -(-total // len(counts)) - spread), total // len(counts)
    if first != last:
        return False
    for count in counts:
        if not isinstance(count, int):
            model.add(count >= first)
            model.add(count <= first + spread)
    return True


def _hold_proven(
    model: cp_model.CpModel, problem: _Problem, counts: _GameCounts, proven: Mapping[str, int]
) -> set[str]:
    """Partners and rounds played held at their proven spreads as windows, where they fit one (and
    everyone is present throughout, so that the spreads' fewest are over the same counts as their most).
    Returns the terms so held."""
    held: set[str] = set()
    if problem.anyone_away:
        return held
    allowed = [c for pq, c in counts.partners.items() if pq not in problem.avoid]
    if PARTNER in proven and _hold_window(model, allowed, proven[PARTNER], 2 * sum(problem.tables)):
        held.add(PARTNER)
    played = list(counts.played.values())
    if PLAYED in proven and _hold_window(model, played, proven[PLAYED], 4 * sum(problem.tables)):
        held.add(PLAYED)
    return held


def _spread(
    model: cp_model.CpModel, highs: Iterable[Expr], lows: Iterable[Expr], top: int, name: str
) -> Expr:
    """Max of ``highs`` minus min of ``lows`` (an empty ``lows`` counts as 0), as the checker measures."""
    high = model.new_int_var(0, top, f"{name}_high")
    for expr in highs:
        model.add(expr <= high)
    lows = list(lows)
    if not lows:
        return high
    low = model.new_int_var(0, top, f"{name}_low")
    for expr in lows:
        model.add(expr >= low)
    return high - low


def _excess(model: cp_model.CpModel, expr: Expr, low: int, high: int, top: int) -> Expr:
    """How far ``expr`` falls outside [low, high]."""
    above = model.new_int_var(0, top, "above")
    below = model.new_int_var(0, top, "below")
    model.add(above >= expr - high)
    model.add(below >= low - expr)
    return above + below

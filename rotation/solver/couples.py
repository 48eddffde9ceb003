"""Couples kept apart: one CP-SAT model of the rounds to plan, seats at tables and partnerships together,
for a spec with pairs who must never share a table (``PlanSpec.apart``). The staged planner holding them
apart (``solver.apart``) plans more evenly past two tables; this model stays for one table a round, a
design that is already exact, and where the stages end with a couple at one table.

The staged planner (partnerships first, then tables, then a search that swaps table-mates) decides who
shares a table after who partners whom, so a rule on table-mates would bind only its last stages; here
one model holds every hard rule at once: the tables of each round, players away, pairs who must not
partner (couples, and with mixed partnerships every two first-named and every two second-named: the
caller puts them in ``avoid``) and couples never at one table. It then minimises the planner's rules in
their order (sit-outs fair, partners even, rounds played even, nobody out twice running, table-mates,
opponents), each fixed at its best before the next, starting from a hint (a design by construction,
``rotation.movements.couples``) where one is given. Deterministic: CP-SAT's work is counted, its workers
and seed fixed by ``_Run.solver``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import TYPE_CHECKING

from rotation.model import Pair, Player, pair_key
from rotation.solver.bounds import _fair_shares, _floors
from rotation.solver.cpsat import _excess, _minimize_in_order, _spread
from rotation.solver.measure import _measure, ranked
from rotation.solver.problem import (
    CHANGES,
    MOST_MEETINGS,
    OPPONENT,
    PARTNER,
    PLAYED,
    REPEATED_MEETINGS,
    REPEATS,
    SHARE,
    THREES,
    _canonical,
    _Draft,
    _Outcome,
    _Problem,
    _Run,
)

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int

__all__ = ["apart_drafts", "breaks_apart"]


def breaks_apart(problem: _Problem, drafts: Sequence[_Draft]) -> bool:
    """Whether any table of ``drafts`` seats a pair who must never share one."""
    apart = problem.spec.apart
    return any(
        pair_key(p, q) in apart
        for d in drafts
        for game in d.games
        for p, q in combinations(sorted(x for pq in game for x in pq), 2)
    )


class _Model:
    """The variables of the model, keyed as documented where each is made."""

    def __init__(self, problem: _Problem) -> None:
        from ortools.sat.python import cp_model

        self.problem = problem
        self.model = cp_model.CpModel()
        self.seat: dict[tuple[int, Player, int], cp_model.IntVar] = {}
        """(round, player, table) -> the player sits at that table in that round."""
        self.partners: dict[tuple[int, Pair], cp_model.IntVar] = {}
        """(round, pair) -> the pair partners in that round (pairs allowed to partner, both present)."""
        self.same: dict[tuple[int, Pair], cp_model.IntVar] = {}
        """(round, pair) -> the pair may share a table in that round (at least when they do)."""
        for r in problem.free:
            self._round(r)

    def _round(self, r: int) -> None:
        """Round ``r``: its tables of four, each seated player with one allowed partner at their table,
        the couples at different tables."""
        model, problem = self.model, self.problem
        here = sorted(problem.present[r])
        tables = range(problem.tables[r])
        for p in here:
            for t in tables:
                self.seat[r, p, t] = model.new_bool_var(f"seat_{r}_{p}_{t}")
            model.add_at_most_one(self.seat[r, p, t] for t in tables)
        for t in tables:
            model.add(sum(self.seat[r, p, t] for p in here) == 4)
        if tables:  # tables are interchangeable: number them by their lowest player
            self._order_tables(r, here)
        for p, q in combinations(here, 2):
            if problem.allowed(p, q):
                var = model.new_bool_var(f"partners_{r}_{p}_{q}")
                self.partners[r, (p, q)] = var
                for t in tables:
                    model.add_bool_or([~var, ~self.seat[r, p, t], self.seat[r, q, t]])
                    model.add_bool_or([~var, ~self.seat[r, q, t], self.seat[r, p, t]])
            same = model.new_bool_var(f"same_{r}_{p}_{q}")
            self.same[r, (p, q)] = same
            for t in tables:
                if (p, q) in problem.spec.apart:
                    model.add_at_most_one([self.seat[r, p, t], self.seat[r, q, t]])
                else:
                    model.add_bool_or([~self.seat[r, p, t], ~self.seat[r, q, t], same])
        for p in here:
            mine = [v for (rr, pq), v in self.partners.items() if rr == r and p in pq]
            model.add(sum(mine) == sum(self.seat[r, p, t] for t in tables))

    def _order_tables(self, r: int, here: Sequence[Player]) -> None:
        """Table t holds a player lower than any at tables after it: each table's lowest player decides its
        number (breaking the symmetry of interchangeable tables)."""
        model = self.model
        tables = self.problem.tables[r]
        for i, p in enumerate(here):
            for t in range(1, tables):
                # p at table t needs some lower player at table t - 1
                lower = [self.seat[r, q, t - 1] for q in here[:i]]
                model.add_bool_or([~self.seat[r, p, t], *lower])

    def out(self, r: int, p: Player) -> Expr:
        """1 when ``p`` (present) sits out round ``r``."""
        return 1 - sum(self.seat[r, p, t] for t in range(self.problem.tables[r]))

    def hint(self, drafts: Sequence[_Draft]) -> None:
        """Start from ``drafts`` (the rounds to plan), their tables numbered by their lowest player."""
        model = self.model
        for r, d in zip(self.problem.free, drafts, strict=True):
            games = sorted(d.games, key=lambda g: min(x for pq in g for x in pq))
            at = {x: t for t, g in enumerate(games) for pq in g for x in pq}
            pairs = {pair_key(*pq) for g in games for pq in g}
            for (rr, p, t), var in self.seat.items():
                if rr == r:
                    model.add_hint(var, at.get(p) == t)
            for (rr, pq), var in self.partners.items():
                if rr == r:
                    model.add_hint(var, pq in pairs)
            for (rr, (p, q)), var in self.same.items():
                if rr == r:
                    model.add_hint(var, p in at and at.get(p) == at.get(q))

    def drafts(self, values: dict[int, int]) -> list[_Draft]:
        """The rounds the decisions' ``values`` (by variable index) seat."""
        drafts = []
        for r in self.problem.free:
            at: dict[int, list[Player]] = {}
            for (rr, p, t), var in self.seat.items():
                if rr == r and values[var.index]:
                    at.setdefault(t, []).append(p)
            chosen = [pq for (rr, pq), var in self.partners.items() if rr == r and values[var.index]]
            games = []
            for players in at.values():
                pairs = [pq for pq in chosen if pq[0] in players]
                games.append(_canonical((pairs[0], pairs[1])))
            seated = {p for players in at.values() for p in players}
            drafts.append(_Draft(tuple(sorted(games)), frozenset(self.problem.present[r] - seated)))
        return drafts


def apart_drafts(
    problem: _Problem, run: _Run, hint: Sequence[_Draft] | None
) -> tuple[list[_Draft] | None, list[_Outcome], str]:
    """The rounds to plan with every hard rule held, the planner's rules minimised in order: the drafts
    (None when none was found within the work), each rule's outcome, and a reason when none can exist."""
    from ortools.sat.python import cp_model

    made = _Model(problem)
    model = made.model
    decisions = [*made.seat.values(), *made.partners.values(), *made.same.values()]
    terms = _terms(made)
    hinted: dict[str, int] | None = None
    found: list[_Draft] | None = None  # the schedule the search starts from, kept if no solve betters it
    if hint is not None and not breaks_apart(problem, hint):
        made.hint(hint)  # a schedule of the rules: it proves one exists, and the search starts there
        hinted, found = _measure(problem, hint), list(hint)
    else:
        first = run.solver(max(0.1, run.left() * 0.3))
        status = first.solve(model)
        run.solved(first)
        if status == cp_model.INFEASIBLE:
            return None, [], _reason(problem)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None, [], ""
        for var in decisions:
            model.add_hint(var, first.value(var))
        found = made.drafts({var.index: first.value(var) for var in decisions})
    values, outcomes = _minimize_in_order(
        model, terms, decisions, run, run.until(0.9), "couples", hinted=hinted
    )
    if values is None:  # nothing solved: every rule at its floor in the hint, or no work left
        return found, outcomes, ""
    by_index = {var.index: val for var, val in zip(decisions, values, strict=True)}
    return made.drafts(by_index), outcomes, ""


def _terms(made: _Model) -> list[tuple[str, Expr, int]]:
    """The planner's rules as the checker counts them over the whole evening (kept rounds included), in
    priority order, each with its floor by counting."""
    problem, model = made.problem, made.model
    kept = problem.kept_counts()
    top = problem.rounds
    floors = _floors(problem)
    partner: dict[Pair, Expr] = {pq: kept.partners[pq] for pq in problem.pairs()}
    mates: dict[Pair, Expr] = {pq: kept.mates[pq] for pq in problem.pairs()}
    out: dict[Player, Expr] = {p: kept.sat_out[p] for p in range(problem.n)}
    played: dict[Player, Expr] = {p: kept.played[p] for p in range(problem.n)}
    for (_, pq), var in made.partners.items():
        partner[pq] = partner[pq] + var
    for (_, pq), var in made.same.items():
        mates[pq] = mates[pq] + var
    for r in problem.free:
        for p in problem.present[r]:
            out[p] = out[p] + made.out(r, p)
            played[p] = played[p] + 1 - made.out(r, p)
    shares = _fair_shares(problem)
    regular = problem.regular
    allowed = [pq for pq in problem.pairs() if problem.allowed(*pq)]
    regular_pairs = problem.regular_pairs()
    repeats: list[Expr] = []
    for a, b in pairwise(range(problem.rounds)):
        if b not in problem.free:
            continue
        for p in problem.present[a] & problem.present[b]:
            before = made.out(a, p) if a in problem.free else int(p in problem.kept[a].sitting_out)
            both = model.new_bool_var(f"out_twice_{b}_{p}")
            model.add(both >= before + made.out(b, p) - 1)
            repeats.append(both)
    most = model.new_int_var(0, top, "most_meetings")
    extra = []
    for pq, m in mates.items():
        model.add(m <= most)
        over = model.new_int_var(0, top, f"over_{pq}")
        model.add(over >= m - 1)
        extra.append(over)
    opponents = {pq: mates[pq] - partner[pq] for pq in problem.pairs()}
    changes: list[Expr] = []
    for r in problem.free:
        if (old := problem.previous[r]) is not None:
            for t in old.tables:
                for pq in (pair_key(t.north, t.south), pair_key(t.east, t.west)):
                    if (r, pq) in made.partners:
                        changes.append(1 - made.partners[r, pq])
    partner_spread = _spread(
        model,
        [partner[pq] for pq in allowed],
        [partner[pq] for pq in allowed if pq in regular_pairs],
        top,
        "partners",
    )
    opponent_spread = _spread(
        model, opponents.values(), [opponents[pq] for pq in regular_pairs], 2 * top, "opponents"
    )
    share = sum(_excess(model, out[p], low, high, top) for p, (low, high) in shares.items())
    played_spread = _spread(model, [played[p] for p in regular], [played[p] for p in regular], top, "played")
    from rotation.solver.pairings import _season_terms, _sit_out_threes

    seated = {(r, p): 1 - made.out(r, p) for r in problem.free for p in problem.present[r]}
    exprs: dict[str, Expr] = {name: expr for name, expr, _ in _season_terms(problem, made.partners)}
    exprs |= {
        THREES: _sit_out_threes(model, problem, seated),
        SHARE: share,
        PARTNER: partner_spread,
        PLAYED: played_spread,
        REPEATS: sum(repeats),
        CHANGES: sum(changes),
        MOST_MEETINGS: most,
        REPEATED_MEETINGS: sum(extra),
        OPPONENT: opponent_spread,
    }
    wanted = [name for name in ranked(problem) if name != CHANGES or problem.spec.previous is not None]
    return [(name, exprs[name], floors.get(name, 0)) for name in wanted]


def _reason(problem: _Problem) -> str:
    """Why no plan exists, in neutral words naming the couples."""
    spec = problem.spec
    couples = "; ".join(f"{spec.name(p)} and {spec.name(q)}" for p, q in sorted(spec.apart))
    return f"the couples ({couples}) cannot be kept apart at these tables with the partnerships allowed"

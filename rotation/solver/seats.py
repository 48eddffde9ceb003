"""Stage 4: who deals first at each table, and where everyone sits (fewest moves)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rotation.model import Player, Round, Seating, Table, seatings
from rotation.solver.bounds import _floors
from rotation.solver.cpsat import _excess, _minimize_in_order, _spread
from rotation.solver.problem import FIRST_DEALS, FIRST_DEALS_SHARE, _Draft, _Outcome, _Problem, _Run
from scoring.seat import Seat

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


def _choose_dealers(
    problem: _Problem, drafts: Sequence[_Draft], run: _Run
) -> tuple[dict[tuple[int, int], Player], list[_Outcome]]:
    """Who deals first at each table: with everyone present, first deals spread evenly; with someone away,
    everyone dealing a quarter of the rounds they play (to within one, always possible), then the regular
    players' first deals as even as that leaves them."""
    if not problem.anyone_away:
        evenly, outcome = _deal_evenly(problem, drafts)
        return evenly, [outcome]
    from ortools.sat.python import cp_model

    kept = problem.kept_counts()
    model = cp_model.CpModel()
    deals: dict[tuple[int, int, Player], cp_model.IntVar] = {}
    """(round, table, player) -> the player deals that table's first deal."""
    for r, d in zip(problem.free, drafts, strict=True):
        for t, game in enumerate(d.games):
            players = [p for pq in game for p in pq]
            for p in players:
                deals[r, t, p] = model.new_bool_var(f"deals_{r}_{t}_{p}")
            model.add_exactly_one(deals[r, t, p] for p in players)
    dealt: dict[Player, list[cp_model.IntVar]] = {p: [] for p in range(problem.n)}
    for (_, _, p), var in deals.items():
        dealt[p].append(var)
    greedy = _deal_greedily(problem, drafts)
    for (r, t, p), var in deals.items():
        model.add_hint(var, greedy[r, t] == p)
    decisions = list(deals.values())
    count = {p: kept.dealt[p] + sum(vs) for p, vs in dealt.items()}
    played = Counter(kept.played)  # someone is away: each player deals a quarter of their rounds played
    for d in drafts:
        for p in (p for game in d.games for pq in game for p in pq):
            played[p] += 1
    share = [
        _excess(model, count[p], played[p] // 4, -(-played[p] // 4), problem.rounds) for p in range(problem.n)
    ]
    regular = [count[p] for p in sorted(problem.regular)]
    terms: list[tuple[str, Expr, int]] = [
        (FIRST_DEALS_SHARE, sum(share), 0),
        ("first deals of regular players", _spread(model, regular, regular, problem.rounds, "deals"), 0),
    ]
    values, outcomes = _minimize_in_order(model, terms, decisions, run, run.until(0.5), "first dealers")
    if values is None:
        return greedy, []
    chosen: dict[tuple[int, int], Player] = {}
    for (r, t, p), v in zip(deals, values, strict=True):
        if v:
            chosen[r, t] = p
    return chosen, [
        _Outcome(o.name, o.value, o.bound, exact=False) for o in outcomes if o.name == FIRST_DEALS_SHARE
    ]


def _deal_evenly(
    problem: _Problem, drafts: Sequence[_Draft]
) -> tuple[dict[tuple[int, int], Player], _Outcome]:
    """Everyone present throughout: each table's first deal to one of its four so that the counts are as
    even as the tables allow, by a min-cost flow (tables to players, a player's k-th deal costing 2k + 1,
    so the flow minimises the sum of squared counts). The deal counts a flow can reach form an M-convex
    set, whose least sum of squares is also its least maximum and greatest minimum (Frank and Murota,
    decreasingly minimal elements), so the spread is the least these tables allow: exact, instant and
    the same on every machine. Not a bound for the whole problem: other tables might allow less."""
    from ortools.graph.python import min_cost_flow

    kept = problem.kept_counts()
    tables = [
        (r, t, sorted(p for pq in game for p in pq))
        for r, d in zip(problem.free, drafts, strict=True)
        for t, game in enumerate(d.games)
    ]
    flow = min_cost_flow.SimpleMinCostFlow()
    source, sink, first_player = 0, 1, 2 + len(tables)
    for k, (_, _, players) in enumerate(tables):
        flow.add_arc_with_capacity_and_unit_cost(source, 2 + k, 1, 0)
        for p in players:
            flow.add_arc_with_capacity_and_unit_cost(2 + k, first_player + p, 1, 0)
    seated = Counter(p for _, _, players in tables for p in players)
    for p in range(problem.n):
        for extra in range(seated[p]):
            flow.add_arc_with_capacity_and_unit_cost(
                first_player + p, sink, 1, 2 * (kept.dealt[p] + extra) + 1
            )
    flow.set_node_supply(source, len(tables))
    flow.set_node_supply(sink, -len(tables))
    if flow.solve() != flow.OPTIMAL:
        raise RuntimeError("first dealers: every table has four players, so a flow exists")
    chosen = {}
    for arc in range(flow.num_arcs()):
        tail, head = flow.tail(arc), flow.head(arc)
        if 2 <= tail < first_player and head >= first_player and flow.flow(arc):
            r, t, _ = tables[tail - 2]
            chosen[r, t] = head - first_player
    dealt = Counter(kept.dealt) + Counter(chosen.values())
    spread = max(dealt[p] for p in range(problem.n)) - min(dealt[p] for p in range(problem.n))
    return chosen, _Outcome(FIRST_DEALS, spread, _floors(problem).get(FIRST_DEALS, 0), exact=False)


def _deal_greedily(problem: _Problem, drafts: Sequence[_Draft]) -> dict[tuple[int, int], Player]:
    """Each table's first deal to whoever at it has dealt least so far (the hint, and the answer if the
    model finds nothing in time)."""
    dealt = Counter(problem.kept_counts().dealt)
    chosen = {}
    for r, d in zip(problem.free, drafts, strict=True):
        for t, game in enumerate(d.games):
            p = min((p for pq in game for p in pq), key=lambda p: (dealt[p], p))
            dealt[p] += 1
            chosen[r, t] = p
    return chosen


def _seat(
    problem: _Problem, drafts: Sequence[_Draft], dealers: Mapping[tuple[int, int], Player]
) -> tuple[Round, ...]:
    """Place each round's tables and seats so the fewest players move from the round before: an
    assignment of tables to table numbers, each at its best of eight seatings; ties go to the previous
    plan's seats."""
    where: dict[Player, tuple[int, int]] = {}
    if problem.kept:
        for number, t in enumerate(problem.kept[-1].tables):
            for seat, p in enumerate(t.players):
                where[p] = (number, seat)
    rounds = []
    for r, d in zip(problem.free, drafts, strict=True):
        old: dict[Player, tuple[int, int]] = {}
        if problem.previous[r] is not None:
            for number, t in enumerate(problem.previous[r].tables):  # type: ignore[union-attr]
                for seat, p in enumerate(t.players):
                    old[p] = (number, seat)
        size = len(d.games)
        best: dict[tuple[int, int], Seating] = {}
        costs: dict[tuple[int, int], int] = {}
        for k, game in enumerate(d.games):
            options = seatings(game)
            # only a table number where one of the four sat (now or in the old plan) can keep anyone in
            # place; at every other number all seatings cost the same and the first is taken
            near = {where[p][0] for pq in game for p in pq if p in where}
            near |= {old[p][0] for pq in game for p in pq if p in old}
            plain = min(options)
            plain_cost = _seat_cost(plain, -1, where, old)
            for number in range(size):
                if number in near:
                    chosen = min(options, key=lambda s: (_seat_cost(s, number, where, old), s))
                    best[k, number], costs[k, number] = chosen, _seat_cost(chosen, number, where, old)
                else:
                    best[k, number], costs[k, number] = plain, plain_cost
        placement = _assign(size, costs)
        tables: list[Table | None] = [None] * size
        for k, number in enumerate(placement):
            seating = best[k, number]
            dealer = dealers[r, k]
            tables[number] = Table.from_seats(seating, tuple(Seat)[seating.index(dealer)])
        seated = tuple(t for t in tables if t is not None)
        rounds.append(Round(seated, tuple(sorted(d.sitting_out))))
        where = {p: (number, seat) for number, t in enumerate(seated) for seat, p in enumerate(t.players)}
    return tuple(rounds)


def _seat_cost(
    seating: Seating,
    number: int,
    where: Mapping[Player, tuple[int, int]],
    old: Mapping[Player, tuple[int, int]],
) -> int:
    """Players who move from the round before (weighed first), then players off their previous-plan seat."""
    moves = sum(1 for seat, p in enumerate(seating) if p in where and where[p] != (number, seat))
    unlike = sum(1 for seat, p in enumerate(seating) if p in old and old[p] != (number, seat))
    return 10 * moves + unlike


def _assign(size: int, cost: Mapping[tuple[int, int], int]) -> list[int]:
    """Table k goes to number placement[k], at least total cost (a linear assignment)."""
    if size == 1:
        return [0]
    from ortools.graph.python import linear_sum_assignment

    solver = linear_sum_assignment.SimpleLinearSumAssignment()
    for k in range(size):
        for number in range(size):
            solver.add_arc_with_cost(k, number, cost[k, number])
    if solver.solve() != solver.OPTIMAL:
        return list(range(size))
    return [solver.right_mate(k) for k in range(size)]

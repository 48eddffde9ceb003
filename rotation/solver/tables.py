"""Stage 2, which partnerships share a table, and stage 3, opponents evened by local search."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from rotation.model import Pair, Player, pair_key
from rotation.solver.bounds import _floors
from rotation.solver.cpsat import _minimize_in_order, _spread
from rotation.solver.problem import CHANGES, OPPONENT, _canonical, _Counts, _Draft, _Outcome, _Problem, _Run

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


GROUPING_LIMIT = 60_000
"""The most pairs of partnerships (summed over rounds) the grouping model is built for: past it, building
the model alone takes seconds, and the local searches do better in that time."""


def _group_tables(
    problem: _Problem, drafts: list[_Draft], run: _Run, *, share: float
) -> tuple[list[_Draft], list[_Outcome]]:
    """Put the partnerships of each round two to a table, meeting as evenly as possible as opponents.

    The drafts' own grouping is the starting point."""
    hinted = list(drafts)
    counts = problem.kept_counts()
    for d in drafts:
        counts.add(d.games, d.sitting_out)
    floors = _floors(problem)
    opponents = {pq: counts.opponents(pq) for pq in problem.pairs()}
    regular = problem.regular
    lows = [opponents[pq] for pq in problem.pairs() if pq[0] in regular and pq[1] in regular]
    spread = max(opponents.values(), default=0) - min(lows, default=0)
    apart = problem.spec.apart
    if OPPONENT in floors and spread <= floors[OPPONENT] and problem.spec.previous is None and not apart:
        return hinted, [_Outcome(OPPONENT, spread, floors[OPPONENT], exact=True)]
    size = sum(len(d.games) * (2 * len(d.games) - 1) for d in drafts)
    if size > GROUPING_LIMIT or run.over():
        return hinted, []  # the local searches that follow group the tables instead
    if apart and not all(_apart_groupable(list(d.partnerships), apart) for d in drafts):
        return hinted, []  # no grouping keeps every couple apart: the table-mates' search mends them

    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    together: dict[tuple[int, int, int], cp_model.IntVar] = {}
    """(round, i, j) -> partnerships i < j of that round (indexes into its partnership list) share a table."""
    partnerships = {
        r: [pq for game in d.games for pq in game] for r, d in zip(problem.free, hinted, strict=True)
    }
    for r, pairs in partnerships.items():
        for i, j in combinations(range(len(pairs)), 2):
            together[r, i, j] = model.new_bool_var(f"together_{r}_{i}_{j}")
            if apart and any(pair_key(x, y) in apart for x in pairs[i] for y in pairs[j]):
                model.add(together[r, i, j] == 0)  # a couple never at one table

    _each_partnership_meets_one_other(model, partnerships, together)
    meetings = _opponent_meetings(problem, partnerships, together)
    terms: list[tuple[str, Expr, int]] = []
    if problem.spec.previous is not None:
        terms.append((CHANGES + " (tables)", _lost_table_mates(problem, partnerships, together), 0))
    terms.append((OPPONENT, _opponent_spread(model, problem, meetings), floors.get(OPPONENT, 0)))

    for (_, i, j), var in together.items():
        model.add_hint(var, j == i + 1 and i % 2 == 0)
    decisions = list(together.values())
    values, outcomes = _minimize_in_order(model, terms, decisions, run, run.until(share), "tables")
    if values is None:
        return hinted, []
    chosen = dict(zip(together, values, strict=True))
    grouped = []
    for r, d in zip(problem.free, hinted, strict=True):
        pairs = partnerships[r]
        games = tuple((pairs[i], pairs[j]) for i, j in combinations(range(len(pairs)), 2) if chosen[r, i, j])
        grouped.append(_Draft(games, d.sitting_out))
    return grouped, [
        o if o.name != OPPONENT else _Outcome(o.name, o.value, o.bound, exact=False) for o in outcomes
    ]


def _apart_groupable(pairs: list[Pair], apart: frozenset[Pair]) -> bool:
    """Whether one round's partnerships fall two to a table with no couple (``apart``) at one table: the
    first partnership with each it may sit with, the rest in turn (a dozen partnerships at most)."""
    if not pairs:
        return True
    first, rest = pairs[0], pairs[1:]
    for k, other in enumerate(rest):
        clear = not any(pair_key(x, y) in apart for x in first for y in other)
        if clear and _apart_groupable(rest[:k] + rest[k + 1 :], apart):
            return True
    return False


def _each_partnership_meets_one_other(
    model: cp_model.CpModel,
    partnerships: Mapping[int, Sequence[Pair]],
    together: Mapping[tuple[int, int, int], cp_model.IntVar],
) -> None:
    """Each partnership shares its table with exactly one other."""
    for r, pairs in partnerships.items():
        for i in range(len(pairs)):
            model.add_exactly_one(together[r, min(i, j), max(i, j)] for j in range(len(pairs)) if j != i)


def _opponent_meetings(
    problem: _Problem,
    partnerships: Mapping[int, Sequence[Pair]],
    together: Mapping[tuple[int, int, int], cp_model.IntVar],
) -> dict[Pair, Expr]:
    """How often each pair meets as opponents: the kept rounds plus each table they share unpartnered."""
    kept = problem.kept_counts()
    terms: dict[Pair, list[cp_model.IntVar]] = {pq: [] for pq in problem.pairs()}
    for (r, i, j), var in together.items():
        pairs = partnerships[r]
        for p in pairs[i]:
            for q in pairs[j]:
                terms[pair_key(p, q)].append(var)
    return {pq: kept.opponents(pq) + sum(vs) for pq, vs in terms.items()}


def _opponent_spread(model: cp_model.CpModel, problem: _Problem, meetings: Mapping[Pair, Expr]) -> Expr:
    """Soft: every pair meets as opponents about equally often."""
    regular = problem.regular
    lows = [e for pq, e in meetings.items() if pq[0] in regular and pq[1] in regular]
    return _spread(model, meetings.values(), lows, 2 * problem.rounds, "opponents")


def _lost_table_mates(
    problem: _Problem,
    partnerships: Mapping[int, Sequence[Pair]],
    together: Mapping[tuple[int, int, int], cp_model.IntVar],
) -> Expr:
    """Soft: partnerships that met in the previous plan's round still meet there."""
    lost = []
    for r, pairs in partnerships.items():
        old = problem.previous[r]
        if old is None:
            continue
        index = {pq: i for i, pq in enumerate(pairs)}
        for t in old.tables:
            a, b = pair_key(t.north, t.south), pair_key(t.east, t.west)
            if a in index and b in index:
                i, j = sorted((index[a], index[b]))
                lost.append(1 - together[r, i, j])
    return sum(lost)


LOCAL_TABLES = 4
"""The most tables of one round the local search re-pairs and re-tables at once."""


LOCAL_ROUNDS = 3


LOCAL_STEP = 0.01
"""The work charged for one local-search step on top of its solve, so that the search always ends."""


@dataclass(frozen=True, slots=True)
class _Ends:
    """Where the opponent counts stand: the range [low, high] and the pairs at each end."""

    low: int
    high: int
    at_low: tuple[Pair, ...]
    at_high: tuple[Pair, ...]


def _improve_opponents(problem: _Problem, drafts: list[_Draft], run: _Run, deadline: float) -> list[_Draft]:
    """Even out how often pairs meet as opponents, by large-neighbourhood search.

    The partnerships were chosen for partner balance alone and the tables could only group them; here
    both change together, a few tables of a few rounds at a time: CP-SAT re-pairs and re-tables the
    players of those tables among themselves so that fewer pairs meet as opponents the most (or the
    fewest) times of all, with every opponent count kept within the current range. Who sits out never
    changes and every partner count stays within the current range, so no term ranked above the
    opponent spread can get worse. Stops at the counting bound or the deadline."""
    rng = random.Random(run.seed)
    floor = _floors(problem).get(OPPONENT, 0)
    drafts = list(drafts)
    regular = problem.regular_pairs()
    while run.now() < deadline - 0.1 and not run.over():
        run.charge(LOCAL_STEP)
        counts = problem.kept_counts()
        for d in drafts:
            counts.add(d.games, d.sitting_out)
        ends = _opponent_ends(problem, counts, regular)
        if ends.high - ends.low <= floor:
            break
        run.report("local search", OPPONENT, ends.high - ends.low, floor)
        fewer_high = len(ends.at_high) <= len(ends.at_low)
        high_side = not ends.at_low or fewer_high != (rng.random() < 0.3)
        target = rng.choice(ends.at_high if high_side else ends.at_low)
        chosen = _neighbourhood(drafts, target, high_side, rng)
        if not chosen:
            break
        better = _regroup(problem, drafts, chosen, counts, ends, high_side, run, deadline)
        for index, draft in better.items():
            drafts[index] = draft
    return drafts


def _opponent_ends(problem: _Problem, counts: _Counts, regular: frozenset[Pair]) -> _Ends:
    """The opponent counts' range (the fewest over pairs of regular players, as the checker takes it)
    and the pairs at each end."""
    meets = {pq: counts.opponents(pq) for pq in problem.pairs()}
    high = max(meets.values(), default=0)
    low = min((meets[pq] for pq in regular), default=0)
    return _Ends(
        low,
        high,
        tuple(pq for pq in sorted(regular) if meets[pq] == low),
        tuple(pq for pq, c in meets.items() if c == high),
    )


def _neighbourhood(
    drafts: Sequence[_Draft], target: Pair, high_side: bool, rng: random.Random
) -> dict[int, list[int]]:
    """Which tables of which rounds to free (draft index -> table indexes): a table where the target
    pair meet as opponents (if they meet too often) or the tables of a round where both play (if too
    rarely), filled up with random tables of that round, and random tables of random other rounds."""
    p, q = target

    def table_of(d: _Draft, player: Player) -> int | None:
        return next((t for t, game in enumerate(d.games) if any(player in pq for pq in game)), None)

    def meet(d: _Draft) -> bool:
        t = table_of(d, p)
        return t is not None and t == table_of(d, q) and pair_key(p, q) not in d.games[t]

    if high_side:
        places = [i for i, d in enumerate(drafts) if meet(d)]
    else:
        places = [
            i for i, d in enumerate(drafts) if table_of(d, p) is not None and table_of(d, q) is not None
        ]
    chosen: dict[int, list[int]] = {}
    if places:
        first = rng.choice(places)
        chosen[first] = sorted(
            {t for t in (table_of(drafts[first], p), table_of(drafts[first], q)) if t is not None}
        )
    others = [i for i in range(len(drafts)) if i not in chosen and drafts[i].games]
    rng.shuffle(others)
    for i in others[: max(0, LOCAL_ROUNDS - len(chosen))]:
        chosen[i] = []
    for i, tables in chosen.items():
        spare = [t for t in range(len(drafts[i].games)) if t not in tables]
        rng.shuffle(spare)
        tables += spare[: max(0, LOCAL_TABLES - len(tables))]
    return chosen


def _regroup(
    problem: _Problem,
    drafts: Sequence[_Draft],
    chosen: Mapping[int, Sequence[int]],
    counts: _Counts,
    ends: _Ends,
    high_side: bool,
    run: _Run,
    deadline: float,
) -> dict[int, _Draft]:
    """Re-pair and re-table the players of the chosen tables among themselves, with no more pairs at the
    chosen end of the opponent range than now and as few as can be (CP-SAT). Returns the changed drafts
    (none if no such regrouping was found in time)."""
    from ortools.sat.python import cp_model

    from rotation.solver.grouping import group_into_tables

    regular = problem.regular_pairs()
    allowed = [pq for pq in problem.pairs() if pq not in problem.avoid]
    most_partners = max((counts.partners[pq] for pq in allowed), default=0)
    least_partners = min((counts.partners[pq] for pq in allowed if pq in regular), default=0)
    partners = Counter(counts.partners)
    meets = Counter({pq: counts.opponents(pq) for pq in problem.pairs()})
    model = cp_model.CpModel()
    partner_terms: dict[Pair, list[Expr]] = {}
    meet_terms: dict[Pair, list[Expr]] = {}
    freed: dict[int, tuple[list[Player], dict[Pair, cp_model.IntVar], dict[Pair, cp_model.IntVar]]] = {}
    for i, tables in chosen.items():
        players: list[Player] = []
        for t in tables:
            (a, b), (c, d) = drafts[i].games[t]
            players += [a, b, c, d]
            partners[pair_key(a, b)] -= 1
            partners[pair_key(c, d)] -= 1
            for x in (a, b):
                for y in (c, d):
                    meets[pair_key(x, y)] -= 1
        players.sort()
        same, mates = group_into_tables(model, players, problem.allowed, prefix=f"r{i}_")
        for pq in problem.spec.apart & same.keys():
            model.add(same[pq] == 0)  # a couple never at one table
        now = [drafts[i].games[t] for t in tables]
        for pq, var in same.items():
            model.add_hint(var, any(pq[0] in g[0] + g[1] and pq[1] in g[0] + g[1] for g in now))
            meet_terms.setdefault(pq, []).append(var - mates[pq] if pq in mates else var)
        for pq, var in mates.items():
            model.add_hint(var, any(pq in g for g in now))
            partner_terms.setdefault(pq, []).append(var)
        freed[i] = (players, same, mates)
    at_end: list[cp_model.IntVar] = []
    """Pairs at the chosen end of the range: fewer, or at least no more."""
    at_other: list[cp_model.IntVar] = []
    """Pairs at the other end: as few as can be, second (so that the range does not drift)."""
    for pq, terms in meet_terms.items():
        meet = meets[pq] + sum(terms)
        model.add(meet <= ends.high)
        if pq in regular:
            model.add(meet >= ends.low)
        high = model.new_bool_var(f"at_high_{pq}")
        model.add(meet <= ends.high - 1).only_enforce_if(~high)
        (at_end if high_side else at_other).append(high)
        if pq in regular:
            low = model.new_bool_var(f"at_low_{pq}")
            model.add(meet >= ends.low + 1).only_enforce_if(~low)
            (at_other if high_side else at_end).append(low)
    for pq, terms in partner_terms.items():
        count = partners[pq] + sum(terms)
        model.add(count <= most_partners)
        if pq in regular:
            model.add(count >= least_partners)
    if problem.seasoned:  # the season's partners ranked above the opponents: none more than now
        for part in (0, 1):
            freed_now = sum(
                problem.past(pq)[part]
                for i, tables in chosen.items()
                for t in tables
                for pq in drafts[i].games[t]
            )
            weighed = [problem.past(pq)[part] * var for pq, terms in partner_terms.items() for var in terms]
            model.add(sum(weighed) <= freed_now)
    now_at_end = sum(1 for pq in meet_terms if pq in (ends.at_high if high_side else ends.at_low))
    model.add(sum(at_end) <= now_at_end)
    model.minimize((len(at_other) + 1) * sum(at_end) + sum(at_other))
    solver = run.solver(max(0.05, min(1.0, deadline - run.now())))
    status = solver.solve(model)
    run.solved(solver)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {}
    changed = {}
    for i, (players, same, mates) in freed.items():
        games = [g for t, g in enumerate(drafts[i].games) if t not in chosen[i]]
        left = list(players)
        while left:
            table = [left[0]] + [x for x in left[1:] if solver.value(same[pair_key(left[0], x)])]
            a = table[0]
            b = next(x for x in table[1:] if pair_key(a, x) in mates and solver.value(mates[pair_key(a, x)]))
            c, d = (x for x in table if x not in (a, b))
            games.append(_canonical(((a, b), (c, d))))
            left = [x for x in left if x not in table]
        changed[i] = _Draft(tuple(games), drafts[i].sitting_out)
    return changed

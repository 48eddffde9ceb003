"""Small groups: one table's whole games counted, proved and ordered."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rotation.model import Game, Pair, Player, pair_key
from rotation.solver.bounds import _floors
from rotation.solver.cpsat import _hold_proven, _least_spread, _minimize_in_order
from rotation.solver.measure import _measure, _rank
from rotation.solver.pairings import (
    _partner_spread,
    _played_spread,
    _sit_out_repeats,
    _sit_out_threes,
    _sit_outs_off_share,
)
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
    _GameCounts,
    _Outcome,
    _Problem,
    _Run,
    _splits,
)

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


GAMES_MODEL_LIMIT = 40_000
"""The most (round, game) choices for which the games model is built (a game: four players in two
partnerships). 13 players over 13 rounds have about 28,000."""


def _fits_games_model(problem: _Problem) -> bool:
    """Few enough possible games to list them all, round by round."""
    return bool(problem.free) and sum(3 * math.comb(len(problem.present[r]), 4) for r in problem.free) <= (
        GAMES_MODEL_LIMIT
    )


def _by_games(
    problem: _Problem, hint: Sequence[_Draft] | None, run: _Run
) -> tuple[list[_Draft] | None, list[_Outcome]]:
    """Small groups: each round chooses whole games, so partners and opponents are decided together.

    With one table a round and the same players present throughout, first count how often each game is
    played (the order of the rounds does not matter to partners, rounds played or opponents, and leaving
    it out removes the rounds' symmetry, so their optima are proved quickly, the opponent spread's as a
    lower bound); then order those games, which is where sitting out twice running is decided. If that
    order reaches the counting bound on sitting out twice running, every term is settled; otherwise
    games and their order are searched together, holding partners and rounds played at their proven
    best, from that order."""
    games = {r: _games_of(problem, r) for r in problem.free}
    one_table = all(problem.tables[r] == 1 for r in problem.free)
    same = len({problem.present[r] for r in problem.free}) == 1
    if not (one_table and same):
        return _games_model(problem, games, hint, {}, run, run.until(0.95))
    multiset, outcomes, proven = _count_games(problem, games[problem.free[0]], run)
    if multiset is None:
        return _games_model(problem, games, hint, {}, run, run.until(0.95))
    order = _order_for_few_repeats(problem, multiset, run, run.until(0.1))
    everyone = problem.present[problem.free[0]]
    drafts = [_Draft((g,), everyone - {p for pq in g for p in pq}) for g in order]
    floors = _floors(problem)
    if _measure(problem, drafts)[THREES] > floors[THREES]:  # the circuit does not see runs of three
        order = _order_without_threes(problem, order, run, run.until(0.4))
        drafts = [_Draft((g,), everyone - {p for pq in g for p in pq}) for g in order]
    measured = _measure(problem, drafts)
    floor = floors[REPEATS]
    at_floor = measured[REPEATS] <= floor
    # runs of three left over are the repair's (``threes``): the games model does not see them
    settled = at_floor or (
        problem.repeats_rank_low and measured[OPPONENT] <= proven.get(OPPONENT, -1)  # repeats rank after them
    )
    if settled and problem.spec.previous is None:
        # the fewest in the best order of these games: proven only at the counting floor, for another
        # choice of games as even may let the sit-outs alternate
        done = [_Outcome(REPEATS, measured[REPEATS], floor, exact=at_floor)]
        done.append(_Outcome(OPPONENT, measured[OPPONENT], proven.get(OPPONENT, 0), exact=True))
        return drafts, outcomes + done
    again, more = _games_model(problem, games, drafts, proven, run, run.until(0.95))
    if again is None or _rank(problem, drafts) < _rank(problem, again):
        return drafts, outcomes
    return again, outcomes + more


def _games_of(problem: _Problem, r: int) -> list[Game]:
    """Every game round ``r`` could have: four present players, two allowed partnerships."""
    found = []
    for quad in combinations(sorted(problem.present[r]), 4):
        for game in _splits(quad):
            if all(problem.allowed(*pq) for pq in game):
                found.append(game)
    return found


def _count_games(
    problem: _Problem, games: Sequence[Game], run: _Run
) -> tuple[list[Game] | None, list[_Outcome], dict[str, int]]:
    """How many times each game is played: partners and rounds played proved optimal, then the least
    opponent spread those allow (a lower bound whatever the order of the games).

    Players who are interchangeable are first counted with the rounds each plays fixed (the players who
    play one round more than the rest taken to be the first ones): that breaks the players' symmetry far
    better than ordering them, and CP-SAT then proves the opponent bound by counting in well under a
    second. The pattern is kept only if partners still reach their counting bound with it (then nothing
    is lost); otherwise the games are counted again without it."""
    pattern = _played_pattern(problem)
    if pattern is not None:
        found = _count_games_given(problem, games, run, pattern)
        if found[0] is not None:
            return found
    return _count_games_given(problem, games, run, None)


def _played_pattern(problem: _Problem) -> dict[Player, int] | None:
    """Rounds played within one: the first players play the extra rounds (None unless all are alike)."""
    if not problem.plain:
        return None
    seats = 4 * sum(problem.tables[r] for r in problem.free)
    least, extra = divmod(seats, problem.n)
    return {p: least + (p < extra) for p in range(problem.n)}


def _count_games_given(
    problem: _Problem, games: Sequence[Game], run: _Run, pattern: Mapping[Player, int] | None
) -> tuple[list[Game] | None, list[_Outcome], dict[str, int]]:
    """The counting model, with the rounds each player plays fixed to ``pattern`` if given. Returns the
    games played (as a list with repeats), the partner and played outcomes, and the proven values (the
    opponent spread's as a lower bound); no games if the pattern costs partner balance."""
    from ortools.sat.python import cp_model

    rounds = len(problem.free)
    floors = _floors(problem)
    model = cp_model.CpModel()
    times = {g: model.new_int_var(0, rounds, f"times_{g}") for g in games}
    """game -> how many rounds play it."""
    model.add(sum(times.values()) == rounds)
    counts = _game_counts(model, problem, times)
    if pattern is not None:
        _each_plays_as_patterned(model, counts, pattern)
    elif problem.plain:
        _break_symmetry_by_count(model, problem, times[games[0]], counts)
    _every_player_meets_by_count(model, problem, counts)
    decisions = list(times.values())
    terms = [
        (PARTNER, _partner_spread(model, problem, counts.partners), floors.get(PARTNER, 0)),
        (PLAYED, _played_spread(model, problem, counts.played), floors.get(PLAYED, 0)),
        *_table_mate_terms(model, problem, counts, floors),
    ]
    values, outcomes = _minimize_in_order(model, terms, decisions, run, run.until(0.15), "game counts")
    if values is None or len(outcomes) < len(terms):
        return None, [], {}
    if pattern is not None and any(o.value > floors.get(o.name, 0) for o in outcomes[:2]):
        return None, [], {}
    proven = {o.name: o.value for o in outcomes if o.value == o.bound}
    multiset = [g for g, k in zip(times, values, strict=True) for _ in range(k)]
    if PARTNER in proven and PLAYED in proven:
        _hold_proven(model, problem, counts, proven)
        everyone = problem.present[problem.free[0]]
        drafts = [_Draft((g,), everyone - {p for pq in g for p in pq}) for g in multiset]
        best, outcome = _least_spread(
            model,
            counts.opponents,
            problem.regular_pairs(),
            decisions,
            values,
            _measure(problem, drafts)[OPPONENT],
            floors.get(OPPONENT, 0),
            problem.meetings(),
            run,
            run.until(0.3),
            "game counts",
            OPPONENT,
        )
        multiset = [g for g, k in zip(times, best, strict=True) for _ in range(k)]
        proven[OPPONENT] = outcome.bound
    return multiset, outcomes, proven


def _table_mate_terms(
    model: cp_model.CpModel, problem: _Problem, counts: _GameCounts, floors: Mapping[str, int]
) -> list[tuple[str, Expr, int]]:
    """Soft, after partners and rounds played: the most times two players share the table (partners
    plus opponents), then the meetings beyond the first; the order of the games does not bear on them."""
    top = 2 * problem.rounds
    most = model.new_int_var(0, top, "most_meetings")
    repeats = []
    for pq in problem.pairs():
        meets = counts.partners[pq] + counts.opponents[pq]
        model.add(meets <= most)
        extra = model.new_int_var(0, top, f"repeats_{pq}")
        model.add(extra >= meets - 1)
        repeats.append(extra)
    return [
        (MOST_MEETINGS, most, floors.get(MOST_MEETINGS, 0)),
        (REPEATED_MEETINGS, sum(repeats), floors.get(REPEATED_MEETINGS, 0)),
    ]


def _each_plays_as_patterned(
    model: cp_model.CpModel, counts: _GameCounts, pattern: Mapping[Player, int]
) -> None:
    """Each player plays the rounds the pattern gives them (symmetry breaking; see ``_count_games``)."""
    for p, rounds in pattern.items():
        model.add(counts.played[p] == rounds)


def _break_symmetry_by_count(
    model: cp_model.CpModel, problem: _Problem, first: cp_model.IntVar, counts: _GameCounts
) -> None:
    """Players are interchangeable: name the players of some game played 0-3, as that game is written;
    the others are then interchangeable still, so number them by rounds played, most first."""
    model.add(first >= 1)
    for p in range(4, problem.n - 1):
        model.add(counts.played[p] >= counts.played[p + 1])


def _every_player_meets_by_count(model: cp_model.CpModel, problem: _Problem, counts: _GameCounts) -> None:
    """Redundant, to help the proofs: a player has one partner and two opponents in every round played."""
    for p in range(problem.n):
        others = [pair_key(p, q) for q in range(problem.n) if q != p]
        model.add(sum(counts.partners[pq] for pq in others) == counts.played[p])
        model.add(sum(counts.opponents[pq] for pq in others) == 2 * counts.played[p])


def _game_counts(model: cp_model.CpModel, problem: _Problem, times: Mapping[Game, Expr]) -> _GameCounts:
    """Partner, opponent and played counts as sums of how often each game is played, plus the kept rounds;
    each count its own variable, so the long sums are written once."""
    kept = problem.kept_counts()
    partners: dict[Pair, list[Expr]] = {pq: [] for pq in problem.pairs()}
    opponents: dict[Pair, list[Expr]] = {pq: [] for pq in problem.pairs()}
    played: dict[Player, list[Expr]] = {p: [] for p in range(problem.n)}
    for game, k in times.items():
        (a, b), (c, d) = game
        partners[pair_key(a, b)].append(k)
        partners[pair_key(c, d)].append(k)
        for p in (a, b):
            for q in (c, d):
                opponents[pair_key(p, q)].append(k)
        for p in (a, b, c, d):
            played[p].append(k)
    top = problem.rounds

    def counted(name: str, constant: int, terms: list[Expr]) -> Count:
        if not terms:
            return constant
        var = model.new_int_var(0, 2 * top, name)
        model.add(var == constant + sum(terms))
        return var

    return _GameCounts(
        {pq: counted(f"partners_{pq}", kept.partners[pq], v) for pq, v in partners.items()},
        {pq: counted(f"opponents_{pq}", kept.opponents(pq), v) for pq, v in opponents.items()},
        {p: counted(f"played_{p}", kept.played[p], v) for p, v in played.items()},
    )


def _games_model(
    problem: _Problem,
    games: Mapping[int, Sequence[Game]],
    hint: Sequence[_Draft] | None,
    proven: Mapping[str, int],
    run: _Run,
    deadline: float,
) -> tuple[list[_Draft] | None, list[_Outcome]]:
    """Which games each round plays. Terms proven elsewhere (``proven``; for the opponent spread, a lower
    bound) are held at their best; the opponent spread is then asked window by window (``_least_spread``).

    With one table a round the model is small and the players interchangeable in it, and CP-SAT's own
    symmetry detection breaks that symmetry far better than fixing a first round does (it proves seven
    players' opponent spreads in seconds); with several tables the detection can run past any time
    limit, so there the first round is fixed instead."""
    from ortools.sat.python import cp_model

    floors = _floors(problem)
    one_table = all(problem.tables[r] == 1 for r in problem.free)
    model = cp_model.CpModel()
    plays: dict[tuple[int, Game], cp_model.IntVar] = {}
    """(round, game) -> the round plays that game at one of its tables."""
    for r, options in games.items():
        for g in options:
            plays[r, g] = model.new_bool_var(f"plays_{r}_{g}")
    seated = _each_round_plays_its_tables(model, problem, games, plays)
    played_times: dict[Game, list[cp_model.IntVar]] = {}
    for (_, g), var in plays.items():
        played_times.setdefault(g, []).append(var)
    counts = _game_counts(model, problem, {g: sum(vs) for g, vs in played_times.items()})

    terms: list[tuple[str, Expr, int]] = []
    held = _hold_proven(model, problem, counts, proven)
    spreads: dict[str, Callable[[], Expr]] = {
        PARTNER: lambda: _partner_spread(model, problem, counts.partners),
        PLAYED: lambda: _played_spread(model, problem, counts.played),
    }
    if problem.share_first:  # each player's fair share while present comes first: a late arrival plays
        terms.append((SHARE, _sit_outs_off_share(model, problem, counts.played), 0))
    for name, spread in spreads.items():
        if name in held:  # as windows only: a max-less-min beside them hides much from CP-SAT's presolve
            continue
        if name in proven:
            model.add(spread() <= proven[name])
        else:
            terms.append((name, spread(), floors.get(name, 0)))
    repeats = (REPEATS, _sit_out_repeats(model, problem, seated), floors[REPEATS])
    if not problem.repeats_rank_low:
        terms.append(repeats)
    if problem.spec.previous is not None:
        terms.append((CHANGES, _lost_games(problem, plays), 0))
    terms += _table_mate_terms(model, problem, counts, floors)

    if hint:
        wanted = {(r, _canonical(g)) for r, d in zip(problem.free, hint, strict=True) for g in d.games}
        for key, var in plays.items():
            model.add_hint(var, key in wanted)
        if problem.plain and not one_table:
            first = problem.free[0]
            for g in hint[0].games:  # players are interchangeable: any first round will do
                model.add(plays[first, _canonical(g)] == 1)
    decisions = list(plays.values())
    symmetry = 2 if one_table else 0
    hinted = _measure(problem, hint) if hint else None
    halfway = run.now() + max(0.0, deadline - run.now()) / 2
    values, outcomes = _minimize_in_order(
        model, terms, decisions, run, halfway, "games", symmetry=symmetry, hinted=hinted
    )
    if values is None or len(outcomes) < len(terms):
        return None, []

    def drafts_of(values: Sequence[int]) -> list[_Draft]:
        chosen: dict[int, list[Game]] = {r: [] for r in problem.free}
        for (r, g), v in zip(plays, values, strict=True):
            if v:
                chosen[r].append(g)
        return [
            _Draft(
                tuple(chosen[r]),
                frozenset(problem.present[r] - {p for g in chosen[r] for pq in g for p in pq}),
            )
            for r in problem.free
        ]

    values, outcome = _least_spread(
        model,
        counts.opponents,
        problem.regular_pairs(),
        decisions,
        values,
        _measure(problem, drafts_of(values))[OPPONENT],
        max(floors.get(OPPONENT, 0), proven.get(OPPONENT, 0)),
        problem.meetings(),
        run,
        run.now() + max(0.0, deadline - run.now()) * (0.8 if problem.repeats_rank_low else 1.0),
        "games",
        OPPONENT,
        symmetry=symmetry,
        hinted=not one_table,
    )
    outcomes.append(outcome)
    if problem.repeats_rank_low:  # sitting out twice running ranks after the opponents here: the fewest last
        found, more = _fewest_repeats_after(
            model, problem, counts.opponents, decisions, values, drafts_of(values), repeats, run, deadline
        )
        values, outcomes = found, outcomes + more
    return drafts_of(values), outcomes


def _fewest_repeats_after(
    model: cp_model.CpModel,
    problem: _Problem,
    opponents: Mapping[Pair, Count],
    decisions: Sequence[cp_model.IntVar],
    values: Sequence[int],
    drafts: Sequence[_Draft],
    repeats: tuple[str, Expr, int],
    run: _Run,
    deadline: float,
) -> tuple[list[int], list[_Outcome]]:
    """The fewest sit-outs twice running, every opponent count held within the range that ``drafts``
    (the schedule ``values``) reached, so that no term ranked above gets worse."""
    counts = problem.kept_counts()
    for d in drafts:
        counts.add(d.games, d.sitting_out)
    regular = problem.regular_pairs()
    high = max((counts.opponents(pq) for pq in problem.pairs()), default=0)
    low = min((counts.opponents(pq) for pq in regular), default=0)
    for pq, count in opponents.items():
        if not isinstance(count, int):
            model.add(count <= high)
            if pq in regular:
                model.add(count >= low)
    model.clear_hints()  # type: ignore[no-untyped-call]
    for var, val in zip(decisions, values, strict=True):
        model.add_hint(var, val)
    found, outcomes = _minimize_in_order(
        model, [repeats], decisions, run, max(deadline, run.now() + 0.2), "games"
    )
    return (found, outcomes) if found is not None else (list(values), [])


def _each_round_plays_its_tables(
    model: cp_model.CpModel,
    problem: _Problem,
    games: Mapping[int, Sequence[Game]],
    plays: Mapping[tuple[int, Game], cp_model.IntVar],
) -> dict[tuple[int, Player], Expr]:
    """Each round plays one game per table, and nobody plays two games at once. Returns who is seated,
    each as a variable of its own: CP-SAT finds the players' symmetry through it, and proves far more."""
    seated: dict[tuple[int, Player], Expr] = {}
    for r in problem.free:
        model.add(sum(plays[r, g] for g in games[r]) == problem.tables[r])
        mine: dict[Player, list[cp_model.IntVar]] = {p: [] for p in problem.present[r]}
        for g in games[r]:
            for pq in g:
                for p in pq:
                    mine[p].append(plays[r, g])
        for p, vs in mine.items():
            model.add_at_most_one(vs)
            seated[r, p] = model.new_bool_var(f"seated_{r}_{p}")
            model.add(seated[r, p] == sum(vs))
    return seated


def _lost_games(problem: _Problem, plays: Mapping[tuple[int, Game], cp_model.IntVar]) -> Expr:
    """Soft: each round plays the previous plan's games where they still can be."""
    lost = []
    for r in problem.free:
        old = problem.previous[r]
        if old is None:
            continue
        for t in old.tables:
            g = _canonical(((t.north, t.south), (t.east, t.west)))
            if (r, g) in plays:
                lost.append(1 - plays[r, g])
    return sum(lost)


def _order_for_few_repeats(
    problem: _Problem, multiset: Sequence[Game], run: _Run, deadline: float
) -> list[Game]:
    """Order one table's games so that as few players as possible sit out two rounds running.

    Players sitting out after game g and again after game h: n - 8 + |g and h's players in common|, so the
    best order is a shortest path through the games (a circuit through a dummy start, CP-SAT's
    ``add_circuit``); from the last kept round, if any."""
    from ortools.sat.python import cp_model

    everyone = problem.present[problem.free[0]]
    outs = [everyone - {p for pq in g for p in pq} for g in multiset]
    before = frozenset(problem.kept[-1].sitting_out) if problem.kept else frozenset()
    model = cp_model.CpModel()
    arcs: list[tuple[int, int, cp_model.IntVar]] = []
    cost: list[Expr] = []
    start = len(multiset)
    for i, out in enumerate(outs):
        first = model.new_bool_var(f"first_{i}")
        arcs += [(start, i, first), (i, start, model.new_bool_var(f"last_{i}"))]
        cost.append(len(before & out) * first)
        for j, other in enumerate(outs):
            if i != j:
                follows = model.new_bool_var(f"follows_{i}_{j}")
                arcs.append((i, j, follows))
                cost.append(len(out & other) * follows)
    model.add_circuit(arcs)
    model.minimize(sum(cost))
    solver = run.solver(max(0.1, deadline - run.now()))
    run.report("game order", REPEATS, None, None)
    status = solver.solve(model)
    run.solved(solver)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return list(multiset)
    after = {i: j for i, j, var in arcs if solver.value(var)}
    order = []
    at = after[start]
    while at != start:
        order.append(multiset[at])
        at = after[at]
    return order


def _order_without_threes(
    problem: _Problem, multiset: Sequence[Game], run: _Run, deadline: float
) -> list[Game]:
    """One table's games placed round by round so that nobody sits out three running if any order of them
    allows it, then as few as can be twice running (a model of positions; ``multiset`` as ordered so far is
    its hint, and the answer when the model finds nothing better)."""
    from ortools.sat.python import cp_model

    everyone = problem.present[problem.free[0]]
    m = len(multiset)
    model = cp_model.CpModel()
    at = {(i, t): model.new_bool_var(f"at_{i}_{t}") for i in range(m) for t in range(m)}
    for i in range(m):
        model.add_exactly_one(at[i, t] for t in range(m))
    for t in range(m):
        model.add_exactly_one(at[i, t] for i in range(m))
    for i in range(m - 1):  # the same game twice: either copy first
        if multiset[i] == multiset[i + 1]:
            model.add(sum(t * at[i, t] for t in range(m)) < sum(t * at[i + 1, t] for t in range(m)))
    seated: dict[tuple[int, Player], Expr] = {}
    for t in range(m):
        for p in everyone:
            seated[len(problem.kept) + t, p] = sum(
                at[i, t] for i, g in enumerate(multiset) if any(p in pq for pq in g)
            )
    decisions = list(at.values())
    for i, t in at:
        model.add_hint(at[i, t], i == t)
    floors = _floors(problem)
    terms = [
        (THREES, _sit_out_threes(model, problem, seated), floors[THREES]),
        (REPEATS, _sit_out_repeats(model, problem, seated), floors[REPEATS]),
    ]
    values, outcomes = _minimize_in_order(model, terms, decisions, run, deadline, "game order")
    if values is None or not outcomes:
        return list(multiset)
    where = {t: i for (i, t), v in zip(at, values, strict=True) if v}
    return [multiset[where[t]] for t in range(m)]

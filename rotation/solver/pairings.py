"""Stage 1, who partners whom and who sits out: a construction, then one CP-SAT model."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rotation.model import Game, Pair, Player, pair_key
from rotation.solver.bounds import _fair_shares, _floors
from rotation.solver.cpsat import _excess, _hold_window, _minimize_in_order, _spread
from rotation.solver.measure import _measure, _rank
from rotation.solver.problem import (
    CHANGES,
    LAST_PARTNERS,
    PARTNER,
    PLAYED,
    REPEATS,
    SEASON_PARTNERS,
    SHARE,
    _Counts,
    _Draft,
    _Outcome,
    _Problem,
    _Run,
)

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


def _construct(problem: _Problem, rng: random.Random) -> list[_Draft]:
    """A good plan quickly, used as the models' starting point (and as the answer if they find nothing)."""
    if problem.plain:
        return _round_robin(problem, rng)
    return _greedy(problem, rng)


def _round_robin(problem: _Problem, rng: random.Random) -> list[_Draft]:
    """The circle method: round i pairs player i with the fixed player and i + j with i - j. For odd n the
    fixed seat is empty (the design for n + 1 players): its partner sits out. Further sit-outs are whole
    partnerships, chosen so sit-outs stay even and nobody sits out twice running."""
    n = problem.n
    m = n + n % 2
    counts = _Counts.empty(n)
    last_out: frozenset[Player] = frozenset()
    drafts = []
    for index, r in enumerate(problem.free):
        i = index % (m - 1)
        pairs = [(m - 1, i)] + [((i + j) % (m - 1), (i - j) % (m - 1)) for j in range(1, m // 2)]
        out = {p for pq in pairs for p in pq if m - 1 in pq and p != m - 1} if n % 2 else set()
        pairs = [pair_key(p, q) for p, q in pairs if n % 2 == 0 or m - 1 not in (p, q)]
        while len(out) < problem.out(r):
            best = min(
                pairs,
                key=lambda pq: (
                    sum(p in last_out for p in pq),
                    sum(counts.sat_out[p] for p in pq),
                    rng.random(),
                ),
            )
            pairs.remove(best)
            out |= set(best)
        games = _pair_up(pairs, counts, rng)
        counts.add(games, out)
        last_out = frozenset(out)
        drafts.append(_Draft(games, last_out))
    return drafts


def _greedy(problem: _Problem, rng: random.Random) -> list[_Draft]:
    """Round by round: sit out whoever is furthest below their fair share of sit-outs (not twice running),
    keep the previous plan's partnerships where they still stand, pair the rest with their least-met
    allowed partner, and put together the partnerships that have met least."""
    counts = problem.kept_counts()
    share: dict[Player, float] = {p: 0.0 for p in range(problem.n)}
    last_out: frozenset[Player] = frozenset(problem.kept[-1].sitting_out) if problem.kept else frozenset()
    for r in range(len(problem.kept)):
        for p in problem.present[r]:
            share[p] += len(problem.kept[r].sitting_out) / len(problem.present[r])
    drafts = []
    for r in problem.free:
        here = sorted(problem.present[r])
        for p in here:
            share[p] += problem.out(r) / len(here)
        order = sorted(here, key=lambda p: (p in last_out, counts.sat_out[p] - share[p], rng.random()))
        out = set(order[: problem.out(r)])
        seated = [p for p in here if p not in out]
        old = problem.previous[r]
        keep = (
            []
            if old is None
            else [pair_key(t.north, t.south) for t in old.tables]
            + [pair_key(t.east, t.west) for t in old.tables]
        )
        pairs = _match(seated, problem, counts, rng, keep)
        if pairs is None:
            pairs = _match_anyone(here, problem, counts, share, 2 * problem.tables[r])
            seated = [p for pq in pairs for p in pq]
            out = set(here) - set(seated)
        games = _pair_up(pairs, counts, rng)
        counts.add(games, out)
        last_out = frozenset(out)
        drafts.append(_Draft(games, last_out))
    return drafts


def _match(
    seated: Sequence[Player],
    problem: _Problem,
    counts: _Counts,
    rng: random.Random,
    keep: Sequence[Pair] = (),
) -> list[Pair] | None:
    """Partner everyone in ``seated``: kept partnerships first, then most constrained player first with
    their least-met allowed partner; a perfect matching (networkx) if that gets stuck; None if none."""
    free = set(seated)
    pairs = []
    for p, q in keep:
        if p in free and q in free and problem.allowed(p, q):
            pairs.append(pair_key(p, q))
            free -= {p, q}
    while free:
        options = {p: [q for q in free if q != p and problem.allowed(p, q)] for p in free}
        p = min(free, key=lambda p: (len(options[p]), rng.random()))
        if not options[p]:
            break
        q = min(
            options[p],
            key=lambda q: (counts.partners[pair_key(p, q)], problem.past(pair_key(p, q)), rng.random()),
        )
        pairs.append(pair_key(p, q))
        free -= {p, q}
    if not free:
        return pairs
    import networkx as nx

    graph = nx.Graph()
    for p, q in combinations(seated, 2):
        if problem.allowed(p, q):
            graph.add_edge(p, q, weight=1000 - counts.partners[pair_key(p, q)])
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(seated):
        return None
    return [pair_key(p, q) for p, q in matching]


def _match_anyone(
    here: Sequence[Player], problem: _Problem, counts: _Counts, share: Mapping[Player, float], wanted: int
) -> list[Pair]:
    """``wanted`` allowed partnerships among ``here``, favouring players owed a game (for rounds where the
    fair sit-outs leave no allowed pairing)."""
    import networkx as nx

    owed = {p: share[p] - counts.sat_out[p] for p in here}
    graph = nx.Graph()
    for p, q in combinations(here, 2):
        if problem.allowed(p, q):
            graph.add_edge(p, q, weight=100 + owed[p] + owed[q])
    matching = sorted(
        nx.max_weight_matching(graph, maxcardinality=True), key=lambda pq: -(owed[pq[0]] + owed[pq[1]])
    )
    return [pair_key(p, q) for p, q in matching[:wanted]]


def _pair_up(pairs: Sequence[Pair], counts: _Counts, rng: random.Random) -> tuple[Game, ...]:
    """Two partnerships per table, each with the partnership it has met least as opponents."""
    left = list(pairs)
    rng.shuffle(left)
    games = []
    while left:
        first = left.pop(0)
        other = min(
            left,
            key=lambda pq: (sum(counts.opponents(pair_key(p, q)) for p in first for q in pq), rng.random()),
        )
        left.remove(other)
        games.append((first, other))
    return tuple(games)


def _sit_outs_even_at_every_stop(
    model: cp_model.CpModel, problem: _Problem, seated: Mapping[tuple[int, Player], cp_model.IntVar]
) -> None:
    """After every round, each player's sit-outs within one of the others' (an evening stopped there is
    fair), with everyone present and nothing kept: the rounds of a couples' party may be put in any
    order, but its sit-outs are chosen here, so the order that keeps them even must exist from here on
    (ten players over eight rounds otherwise sat someone out twice in the first five)."""
    if problem.kept or problem.anyone_away:
        return
    total = 0
    so_far: dict[Player, Expr] = dict.fromkeys(range(problem.n), 0)
    for r in problem.free:
        total += problem.out(r)
        for p in range(problem.n):
            so_far[p] = so_far[p] + 1 - seated[r, p]
            model.add(so_far[p] >= total // problem.n)
            model.add(so_far[p] <= -(-total // problem.n))


def _pairings(
    problem: _Problem, hint: list[_Draft], run: _Run, *, share: float
) -> tuple[list[_Draft], list[_Outcome]]:
    """Choose every round's partnerships and sit-outs; the grouping into tables comes later.

    Skipped when the construction already meets the counting bounds of its terms."""
    floors = _floors(problem)
    measured = _measure(problem, hint)
    if (
        all(name in floors and measured[name] <= floors[name] for name in (PARTNER, PLAYED, REPEATS))
        and not problem.anyone_away
        and problem.spec.previous is None
        and not problem.seasoned
    ):
        return hint, [
            _Outcome(name, measured[name], floors[name], exact=True) for name in (PARTNER, PLAYED, REPEATS)
        ]

    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    seated: dict[tuple[int, Player], cp_model.IntVar] = {}
    """(round, player) -> the player is at a table that round; present players only."""
    partners: dict[tuple[int, Pair], cp_model.IntVar] = {}
    """(round, pair) -> the pair partners that round; pairs both present and allowed to partner."""
    for r in problem.free:
        for p in problem.present[r]:
            seated[r, p] = model.new_bool_var(f"seated_{r}_{p}")
        for pq in combinations(sorted(problem.present[r]), 2):
            if problem.allowed(*pq):
                partners[r, pq] = model.new_bool_var(f"partners_{r}_{pq}")

    _each_seated_player_has_one_partner(model, problem, seated, partners)
    _tables_are_full(model, problem, seated)

    kept = problem.kept_counts()
    count: dict[Pair, Expr] = {}
    for pq in problem.pairs():
        mine = [partners[r, pq] for r in problem.free if (r, pq) in partners]
        count[pq] = kept.partners[pq]
        if mine:
            count[pq] = model.new_int_var(0, problem.rounds, f"partners_{pq}")
            model.add(count[pq] == kept.partners[pq] + sum(mine))
    played = {
        p: kept.played[p] + sum(seated[r, p] for r in problem.free if (r, p) in seated)
        for p in range(problem.n)
    }
    if problem.plain and PLAYED in floors:  # everyone present, nothing avoided: rounds played within one
        _hold_window(model, list(played.values()), floors[PLAYED], 4 * sum(problem.tables))
    if problem.spec.apart and problem.avoid == problem.spec.apart:  # couples: even at every stop
        _sit_outs_even_at_every_stop(model, problem, seated)
    terms: list[tuple[str, Expr, int]] = []
    if problem.share_first:  # each player's fair share while present comes first: a late arrival plays
        terms.append((SHARE, _sit_outs_off_share(model, problem, played), 0))
    terms.append((PARTNER, _partner_spread(model, problem, count), floors.get(PARTNER, 0)))
    terms.append((PLAYED, _played_spread(model, problem, played), floors.get(PLAYED, 0)))
    repeats = (REPEATS, _sit_out_repeats(model, problem, seated), floors[REPEATS])
    if not problem.repeats_rank_low:
        terms.append(repeats)
    if problem.spec.previous is not None:
        terms.append((CHANGES, _lost_partnerships(problem, partners), 0))
    if problem.seasoned:
        terms += _season_terms(problem, partners)
    if problem.repeats_rank_low:  # ranked after the table-mates and opponents, which come later (``ranked``)
        terms.append(repeats)

    decisions = list(seated.values()) + list(partners.values())
    lookup = {(r, pq) for r, d in zip(problem.free, hint, strict=True) for pq in d.partnerships}
    for (r, p), var in seated.items():
        model.add_hint(var, p not in hint[r - len(problem.kept)].sitting_out)
    for key, var in partners.items():
        model.add_hint(var, key in lookup)
    if problem.plain:
        _first_round_as_hinted(model, problem, hint[0], seated, partners)

    values, outcomes = _minimize_in_order(model, terms, decisions, run, run.until(share), "partnerships")
    if values is None:
        return hint, []
    chosen = dict(zip(decisions, values, strict=True))
    rng = random.Random(run.seed)
    counts = problem.kept_counts()
    drafts = []
    for r in problem.free:
        pairs = [
            pq
            for pq in combinations(sorted(problem.present[r]), 2)
            if (r, pq) in partners and chosen[partners[r, pq]]
        ]
        out = frozenset(p for p in problem.present[r] if not chosen[seated[r, p]])
        drafts.append(_Draft(_pair_up(pairs, counts, rng), out))
        counts.add(drafts[-1].games, out)
    if len(outcomes) < len(terms) and _rank(problem, hint) < _rank(problem, drafts):
        return hint, []  # the budget ended before every term was minimised, and the start was better
    return drafts, outcomes


def _each_seated_player_has_one_partner(
    model: cp_model.CpModel,
    problem: _Problem,
    seated: Mapping[tuple[int, Player], cp_model.IntVar],
    partners: Mapping[tuple[int, Pair], cp_model.IntVar],
) -> None:
    """A player at a table has exactly one partner; a player who sits out has none."""
    mine: dict[tuple[int, Player], list[cp_model.IntVar]] = {key: [] for key in seated}
    for (r, (p, q)), var in partners.items():
        mine[r, p].append(var)
        mine[r, q].append(var)
    for key, var in seated.items():
        model.add(sum(mine[key]) == var)


def _tables_are_full(
    model: cp_model.CpModel, problem: _Problem, seated: Mapping[tuple[int, Player], cp_model.IntVar]
) -> None:
    """Each round seats exactly four players at each of its tables."""
    for r in problem.free:
        model.add(sum(seated[r, p] for p in problem.present[r]) == 4 * problem.tables[r])


def _first_round_as_hinted(
    model: cp_model.CpModel,
    problem: _Problem,
    first: _Draft,
    seated: Mapping[tuple[int, Player], cp_model.IntVar],
    partners: Mapping[tuple[int, Pair], cp_model.IntVar],
) -> None:
    """Players are interchangeable, so any first round is as good as another: fix it (symmetry breaking)."""
    r = problem.free[0]
    for p in problem.present[r]:
        model.add(seated[r, p] == (p not in first.sitting_out))
    for pq in first.partnerships:
        model.add(partners[r, pq] == 1)


def _partner_spread(model: cp_model.CpModel, problem: _Problem, count: Mapping[Pair, Expr]) -> Expr:
    """Soft: no pair partners more often than the numbers force, none less (pairs who must not partner
    left out; the fewest taken over regular players, as the checker does)."""
    regular = problem.regular
    allowed = [pq for pq in count if pq not in problem.avoid]
    lows = [count[pq] for pq in allowed if pq[0] in regular and pq[1] in regular]
    return _spread(model, [count[pq] for pq in allowed], lows, problem.rounds, "partners")


def _played_spread(model: cp_model.CpModel, problem: _Problem, played: Mapping[Player, Expr]) -> Expr:
    """Soft: regular players play within one round of each other."""
    regular = [played[p] for p in sorted(problem.regular)]
    return _spread(model, regular, regular, problem.rounds, "played")


def _sit_outs_off_share(model: cp_model.CpModel, problem: _Problem, played: Mapping[Player, Expr]) -> Expr:
    """Soft: each player sits out their fair share of the rounds they are present for."""
    shares = _fair_shares(problem)
    excess = []
    for p, (low, high) in shares.items():
        present = sum(1 for here in problem.present if p in here)
        excess.append(_excess(model, present - played[p], low, high, problem.rounds))
    return sum(excess)


def _sit_out_repeats(
    model: cp_model.CpModel, problem: _Problem, seated: Mapping[tuple[int, Player], Expr]
) -> Expr:
    """Soft: nobody sits out two rounds running."""

    def out(r: int, p: Player) -> Expr | None:
        if r < len(problem.kept):
            return 1 if p in problem.kept[r].sitting_out else 0
        return 1 - seated[r, p] if (r, p) in seated else None

    repeats = []
    for r in range(max(1, problem.free.start), problem.rounds):
        for p in problem.present[r] & problem.present[r - 1]:
            before, now = out(r - 1, p), out(r, p)
            if before is None or now is None:
                continue
            twice = model.new_bool_var(f"twice_{r}_{p}")
            model.add(twice >= before + now - 1)
            repeats.append(twice)
    return sum(repeats)


def _sit_out_threes(
    model: cp_model.CpModel, problem: _Problem, seated: Mapping[tuple[int, Player], Expr]
) -> Expr:
    """Soft, ranked first: nobody sits out three rounds running (each round ending such a run counted)."""

    def out(r: int, p: Player) -> Expr | None:
        if r < len(problem.kept):
            return 1 if p in problem.kept[r].sitting_out else 0
        return 1 - seated[r, p] if (r, p) in seated else None

    threes = []
    for r in range(max(2, problem.free.start), problem.rounds):
        for p in problem.present[r] & problem.present[r - 1] & problem.present[r - 2]:
            runs = [out(s, p) for s in (r - 2, r - 1, r)]
            if any(x is None for x in runs):
                continue
            three = model.new_bool_var(f"three_{r}_{p}")
            model.add(three >= sum(x for x in runs if x is not None) - 2)
            threes.append(three)
    return sum(threes)


def _season_terms(
    problem: _Problem, partners: Mapping[tuple[int, Pair], cp_model.IntVar]
) -> list[tuple[str, Expr, int]]:
    """Soft: nobody partners last evening's partner, then the season's partnerships least first (the
    kept rounds' own counts are fixed, and so the floor of both)."""
    kept_last, kept_season = problem.kept_past()
    last: list[cp_model.IntVar] = []
    season: list[Expr] = []
    for (_, pq), var in partners.items():
        was_last, weight = problem.past(pq)
        if was_last:
            last.append(var)
        if weight:
            season.append(weight * var)
    return [
        (LAST_PARTNERS, kept_last + sum(last), kept_last),
        (SEASON_PARTNERS, kept_season + sum(season), kept_season),
    ]


def _lost_partnerships(problem: _Problem, partners: Mapping[tuple[int, Pair], cp_model.IntVar]) -> Expr:
    """Soft: the previous plan's partnerships stand where they still can."""
    lost = []
    for r in problem.free:
        old = problem.previous[r]
        if old is None:
            continue
        for table in old.tables:
            for p, q in ((table.north, table.south), (table.east, table.west)):
                if (r, pair_key(p, q)) in partners:
                    lost.append(1 - partners[r, pair_key(p, q)])
    return sum(lost)

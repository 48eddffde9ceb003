"""Whether any plan exists (round by round, by counting and matching) and the counting bounds."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rotation.balance import Bound, meet_once_possible, multigraphic
from rotation.language import _
from rotation.model import Pair, Player, pair_key
from rotation.solver.problem import (
    FIRST_DEALS,
    MOST_MEETINGS,
    OPPONENT,
    PARTNER,
    PLAYED,
    REPEATED_MEETINGS,
    REPEATS,
    THREES,
    _Problem,
    _Run,
)

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


def _why_infeasible(problem: _Problem, run: _Run) -> str | None:
    """The first hard rule that cannot hold, in the user's words, or None if a plan exists.

    The hard rules bind one round at a time: a round is possible exactly when its present players can form
    two partnerships per table without a pair who must not partner. Whether they can is a maximum matching
    (networkx); a claim that they cannot is confirmed by a second model (CP-SAT) before it is reported."""
    spec = problem.spec
    for r, rnd in enumerate(problem.kept):
        for p, rounds in spec.away.items():
            if r in rounds and p in rnd.present:
                said = (
                    _("round {round} is kept as played and seats {name}, who is listed as away then")
                    if p in rnd.seated
                    else _("round {round} is kept as played and sits out {name}, who is listed as away then")
                )
                return said.format(round=r + 1, name=spec.name(p))
    for r in problem.free:
        here = problem.present[r]
        wanted = problem.tables[r]
        if len(here) < 4:
            said = _("round {round} has only {count} players present, too few for a table")
            return said.format(round=r + 1, count=len(here))
        if 4 * wanted > len(here):
            said = _("round {round} has {count} players present, too few for {tables} tables")
            return said.format(round=r + 1, count=len(here), tables=wanted)
    checked: dict[tuple[frozenset[Player], int], str | None] = {}
    for r in problem.free:
        key = (problem.present[r], problem.tables[r])
        if key not in checked:
            checked[key] = _why_round_impossible(problem, r, run)
        if checked[key] is not None:
            return checked[key]
    return None


def _why_round_impossible(problem: _Problem, r: int, run: _Run) -> str | None:
    here = sorted(problem.present[r])
    wanted = 2 * problem.tables[r]
    avoided = [pq for pq in problem.avoid if pq[0] in problem.present[r] and pq[1] in problem.present[r]]
    if not avoided:
        return None
    if len(_greedy_matching(here, problem.allowed)) >= wanted:
        return None
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(here)
    graph.add_edges_from((p, q) for p, q in combinations(here, 2) if problem.allowed(p, q))
    most = len(nx.max_weight_matching(graph, maxcardinality=True))
    if most >= wanted:
        return None
    if not _round_feasible_by_cpsat(problem, r, run):
        spec = problem.spec
        for p in here:
            if len(here) == 2 * wanted and not any(problem.allowed(p, q) for q in here if q != p):
                said = _(
                    "{name} must not partner any of the others present in round {round}, but all {count}"
                    " players present must play"
                )
                return said.format(name=spec.name(p), round=r + 1, count=len(here))
        rules = ", ".join(f"{spec.name(p)}+{spec.name(q)}" for p, q in sorted(avoided))
        said = _(
            "in round {round} the pairs who must not partner ({rules}) leave room for only {most}"
            " partnerships among the {count} players present, but {tables} tables need {wanted}"
        )
        return said.format(
            round=r + 1, rules=rules, most=most, count=len(here), tables=wanted // 2, wanted=wanted
        )
    raise RuntimeError(f"round {r + 1}: matching and CP-SAT disagree on whether the round can be played")


def _greedy_matching(players: Sequence[Player], allowed: Callable[[Player, Player], bool]) -> list[Pair]:
    """A maximal matching, most constrained player first: usually maximum, and quick."""
    free = set(players)
    degree = {p: sum(1 for q in players if q != p and allowed(p, q)) for p in players}
    pairs: list[Pair] = []
    for p in sorted(players, key=lambda p: degree[p]):
        if p not in free:
            continue
        options = [q for q in free if q != p and allowed(p, q)]
        if options:
            q = min(options, key=lambda q: (degree[q], q))
            free -= {p, q}
            pairs.append(pair_key(p, q))
    return pairs


def _round_feasible_by_cpsat(problem: _Problem, r: int, run: _Run) -> bool:
    """The second opinion: can round ``r`` seat its tables without an avoided partnership?"""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    here = sorted(problem.present[r])
    partners = {
        pq: model.new_bool_var(f"partners_{pq}") for pq in combinations(here, 2) if problem.allowed(*pq)
    }
    for p in here:
        model.add_at_most_one(v for pq, v in partners.items() if p in pq)
    model.add(sum(partners.values()) == 2 * problem.tables[r])
    solver = run.solver(max(1.0, run.left()))
    status = solver.solve(model)
    run.solved(solver)
    if status == cp_model.UNKNOWN:
        raise RuntimeError(f"round {r + 1}: could not decide in time whether the round can be played")
    return bool(status in (cp_model.OPTIMAL, cp_model.FEASIBLE))


def _floors(problem: _Problem) -> dict[str, int]:
    """Lower bounds that hold for every schedule of this shape, by counting alone.

    Partners: 2 slots per table over the pairs; and a player who plays P rounds has P partners among the
    n - 1 others, so the most-played player repeats someone when P > n - 1. Opponents alike, with 2P."""
    floors = {REPEATS: _repeat_floor(problem), THREES: _threes_floor(problem)}
    if problem.anyone_away:
        slots = _slot_floors(problem)
        return floors | slots | _present_floors(problem, slots)
    n = problem.n
    seats = 4 * sum(problem.tables)
    most, least = -(-seats // n), seats // n
    floors[PLAYED] = Bound.of(seats, n).spread
    floors[FIRST_DEALS] = Bound.of(sum(problem.tables), n).spread
    played = [most] * (seats % n) + [least] * (n - seats % n)  # the most even: the least either floor
    floors[MOST_MEETINGS] = most_meetings_floor(n, played, problem.tables)
    floors[REPEATED_MEETINGS] = repeated_meetings_floor(n, played)
    floors[OPPONENT] = max(
        Bound.of(seats, n * (n - 1) // 2).spread, -(-2 * most // (n - 1)) - 2 * least // (n - 1)
    )
    if not problem.avoid:
        floors[PARTNER] = max(
            Bound.of(seats // 2, n * (n - 1) // 2).spread, -(-most // (n - 1)) - least // (n - 1)
        )
    elif not problem.kept:  # counted over the pairs allowed to partner (couples, mixed partnerships)
        floors[PARTNER] = _allowed_partner_floor(problem, seats // 2, most, least)
    return floors


def _allowed_partner_floor(problem: _Problem, slots: int, most: int, least: int) -> int:
    """The partner floor with pairs who must never partner, everyone present and nothing kept: the
    ``slots`` partnerships fall on the allowed pairs only; a player who plays ``most`` rounds has at most
    the most allowed partners anyone has (a), so partners someone ceil(most / a) times; one who plays
    ``least`` has at least the fewest (b), so partners someone at most floor(least / b) times. 8 couples
    over 8 rounds: 64 partnerships over 112 pairs, so 1; mixed, 8 couples over 7: 56 over 56, so 0."""
    allowed = [pq for pq in combinations(range(problem.n), 2) if problem.allowed(*pq)]
    each = [sum(p in pq for pq in allowed) for p in range(problem.n)]
    if not allowed or min(each) == 0:
        return 0
    return max(Bound.of(slots, len(allowed)).spread, -(-most // max(each)) - least // min(each))


def _slot_floors(problem: _Problem) -> dict[str, int]:
    """Partner and opponent floors with someone away, by counting places: a spread is the most of any pair
    less the fewest of any pair of players there all evening (``Balance.partner_spread``). The places
    (two partnerships and four opposing pairs a table) are shared by every pair, so some pair has at
    least their average over all pairs; no more than all of them fall to the pairs there all evening, so
    some such pair has at most their average over those pairs. 44 players over 11 rounds with one arriving
    late: 476 opposing places for 946 pairs, so someone opposes and someone never does: at least 1."""
    regular = sorted(problem.regular)
    tables = sum(problem.tables)
    counted = [pq for pq in combinations(range(problem.n), 2) if problem.allowed(*pq)]
    lows = [pq for pq in combinations(regular, 2) if problem.allowed(*pq)]
    avoided_kept = sum(
        1
        for rnd in problem.kept
        for table in rnd.tables
        for pq in (pair_key(table.north, table.south), pair_key(table.east, table.west))
        if not problem.allowed(*pq)
    )
    floors: dict[str, int] = {}
    for rule, places, pairs, low_pairs in (
        (PARTNER, 2 * tables - avoided_kept, len(counted), len(lows)),
        (OPPONENT, 4 * tables, problem.n * (problem.n - 1) // 2, len(regular) * (len(regular) - 1) // 2),
    ):
        if pairs and low_pairs:
            floors[rule] = max(0, -(-places // pairs) - places // low_pairs)
    return floors


def _present_floors(problem: _Problem, floors_so_far: dict[str, int]) -> dict[str, int]:
    """Rounds played, partner and opponent floors with someone away, counted over the rounds each player
    is there for. The R players there all evening take, between them, at least each round's seats less one
    for each part-timer there (L in all) and at most its seats or R (U): their rounds played differ
    unless some total in [L, U] is a multiple of R. Someone plays at least ceil(L / R) rounds, with as many
    partners among the n - 1 others; someone there all evening at most floor(U / R), with at most that
    many partners among the R - 1 others there all evening (opponents alike, two a round)."""
    regular = problem.regular
    size = len(regular)
    low = high = 0
    for r in range(problem.rounds):
        if r < len(problem.kept):
            taken = len(problem.kept[r].seated & regular)
            low, high = low + taken, high + taken
            continue
        seats = 4 * problem.tables[r]
        low += max(0, seats - len(problem.present[r] - regular))
        high += min(seats, len(problem.present[r] & regular))
    if size == 0:
        return {}
    floors = {PLAYED: 0 if any(t % size == 0 for t in range(low, high + 1)) else 1}
    if size < 2 or problem.avoid:
        return floors
    most, least = -(-low // size), high // size
    for rule, per_round in ((PARTNER, 1), (OPPONENT, 2)):
        spread = -(-per_round * most // (problem.n - 1)) - per_round * least // (size - 1)
        floors[rule] = max(floors_so_far.get(rule, 0), spread)
    return floors


def played_floor_at_shares(problem: _Problem) -> int:
    """The rounds-played floor among schedules that keep every player to their fair share of sit-outs
    (the rule ranked above rounds played): 1 unless everyone there all evening can sit out equally often,
    some s in every regular's range, with the part-timers' sit-outs, each within their own range, making
    up the rest. 18 players over 6 rounds, one away for rounds 1-3 and one for round 6: 8 sit-outs, the 16
    there throughout owed under half a sit-out each and the two part-timers at most one each, so 6 to 8
    fall on the 16: some sit out once and others never. Shares as the checker measures them (within
    [floor, ceil] of each one's share: ``Balance.sit_out_share_excess``); no round kept (a kept round may
    already be off them)."""
    regular = problem.regular
    if problem.kept or not regular:
        return 0
    from fractions import Fraction

    share = {p: Fraction(0) for p in range(problem.n)}
    for r in range(problem.rounds):
        for p in problem.present[r]:
            share[p] += Fraction(problem.out(r), len(problem.present[r]))
    shares = {p: (math.floor(s), math.ceil(s)) for p, s in share.items()}  # as the checker measures
    total = sum(problem.out(r) for r in range(problem.rounds))
    low = max(shares[p][0] for p in regular)
    high = min(shares[p][1] for p in regular)
    others_low = sum(shares[p][0] for p in shares if p not in regular)
    others_high = sum(shares[p][1] for p in shares if p not in regular)
    even = any(others_low <= total - len(regular) * s <= others_high for s in range(low, high + 1))
    return 0 if even else 1


def most_meetings_floor(
    n: int, played: Sequence[int], tables: Sequence[int] = (), *, fair: bool = True
) -> int:
    """The least the most meetings of two players can be: one who plays r rounds meets 3r others
    (counted with repeats) among the n - 1 there are; and two where the rounds' ``tables`` make meeting
    nobody twice impossible (``balance.meet_once_possible``: 13 players at 3 tables cannot play two rounds
    apart, 17 at 4 not five)."""
    forced = 1 if meet_once_possible(n, tables, fair=fair) else 2
    return max([forced, *(-(-3 * r // max(1, n - 1)) for r in played)])


def opponent_floor(n: int, played: Sequence[int]) -> int:
    """The least opponent spread by each player's opposing places, where everyone plays the rounds in
    ``played``: a player who plays r rounds opposes 2r times among the n - 1 others. Within spread s every
    pair opposes k to k + s times for one k, so the oppositions above k form a multigraph, at most s
    edges a pair, in which that player has degree 2r - k(n - 1); where no such multigraph exists for any
    k (``multigraphic``), the spread is wider. 11 players at two tables over 7 rounds: ten play 5 and one
    plays 6; within one the ten oppose everyone exactly once, so the one's two opposing places over ten
    have nobody to fall on: 2, where the average alone allows 1."""
    if n < 2 or not played:
        return 0
    places = [2 * r for r in played]
    for s in range(max(places) + 1):
        for k in range(min(places) // (n - 1) + 1):
            degrees = [c - k * (n - 1) for c in places]
            if all(d <= s * (n - 1) for d in degrees) and multigraphic(degrees, s):
                return s
    return max(places)


def repeated_meetings_floor(n: int, played: Sequence[int]) -> int:
    """The fewest repeated meetings by counting, as the checker's ``Balance.repeated_meetings_floor``: a
    player who plays r rounds meets 3r times among n - 1 others; each repeat is shared by two players."""
    return -(-sum(max(0, 3 * r - (n - 1)) for r in played) // 2)


def _repeat_floor(problem: _Problem) -> int:
    """Sitting out twice running is forced when two rounds' sit-outs cannot avoid each other."""
    total = 0
    for r in range(1, problem.rounds):
        before, now = problem.present[r - 1], problem.present[r]
        if r - 1 < len(problem.kept) and r < len(problem.kept):
            total += len(set(problem.kept[r - 1].sitting_out) & set(problem.kept[r].sitting_out))
        elif r - 1 < len(problem.kept):
            total += max(0, problem.out(r) - len(now - set(problem.kept[r - 1].sitting_out)))
        else:
            total += max(
                0,
                problem.out(r - 1)
                - len(before - now)
                + problem.out(r)
                - len(now - before)
                - len(before & now),
            )
    return total


def _threes_floor(problem: _Problem) -> int:
    """Sitting out three running is forced where three rounds' seats cannot take everyone there for all
    three: in each such window the players left over sit out all three (each window counted alone, as
    ``measure`` counts them: once for each round that ends a run of three)."""
    total = 0
    for r in range(2, problem.rounds):
        there = problem.present[r - 2] & problem.present[r - 1] & problem.present[r]
        seats = 0
        for s in (r - 2, r - 1, r):
            if s < len(problem.kept):
                seats += len(there & problem.kept[s].seated)
            else:
                seats += 4 * problem.tables[s]
        total += max(0, len(there) - seats)
    return total


def _fair_shares(problem: _Problem) -> dict[Player, tuple[int, int]]:
    """Each player's fair number of sit-outs: their share is the sum, over the rounds they are present
    for, of that round's sit-outs over the players present; each sits out its floor, and the sit-outs
    left over fall first on whoever is furthest ahead of their fair share of play (the largest part of a
    sit-out owed), and among equals on whoever is there for more rounds, so that nobody there for part
    of the evening sits out at a higher rate than those there throughout. Returns [low, high] for each:
    the floor, the floor plus one (for those who must take one of the left-over sit-outs), or either
    (for those tied where the left-over sit-outs run out). With everyone present throughout (shares all
    equal) this is [floor, ceil] of the share, as before."""
    from fractions import Fraction

    share = {p: Fraction(0) for p in range(problem.n)}
    rounds = dict.fromkeys(range(problem.n), 0)
    for r in range(problem.rounds):
        out = len(problem.kept[r].sitting_out) if r < len(problem.kept) else problem.out(r)
        for p in problem.present[r]:
            share[p] += Fraction(out, len(problem.present[r]))
            rounds[p] += 1
    floors = {p: math.floor(s) for p, s in share.items()}
    left = sum(share.values()) - sum(floors.values())  # a whole number: every round's sit-outs shared out
    if left <= 0:
        return {p: (floors[p], math.ceil(s)) for p, s in share.items()}

    def key(p: Player) -> tuple[Fraction, int]:
        return share[p] - floors[p], rounds[p]

    ranked = sorted(share, key=key, reverse=True)
    cut = key(ranked[int(left) - 1])
    return {
        p: (floors[p] + (key(p) > cut), floors[p] + (key(p) >= cut) if share[p] != floors[p] else floors[p])
        for p in share
    }

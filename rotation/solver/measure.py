"""Measuring drafts by the ranked rules, and playing the rounds in prefix order."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from rotation.model import Movement, Round, Table, pair_key
from rotation.solver.bounds import _floors
from rotation.solver.problem import (
    CHANGES,
    LAST_PARTNERS,
    MOST_MEETINGS,
    OPPONENT,
    PARTNER,
    PLAYED,
    REPEATED_MEETINGS,
    REPEATS,
    SEASON_PARTNERS,
    SHARE,
    THREES,
    PrefixOrder,
    _canonical,
    _Draft,
    _Problem,
    _Run,
)

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


def _drafts_of(problem: _Problem, movement: Movement) -> list[_Draft] | None:
    """A given schedule's rounds to plan, if they obey the rules: the players present, the tables, the
    pairs who must not partner; else None."""
    if movement.n_players > problem.n or len(movement) < problem.rounds:
        return None
    drafts = []
    for r in problem.free:
        rnd = movement.rounds[r]
        games = tuple(((t.north, t.south), (t.east, t.west)) for t in rnd.tables)
        if rnd.present != problem.present[r] or len(games) != problem.tables[r]:
            return None
        if any(not problem.allowed(*pq) for game in games for pq in game):
            return None
        drafts.append(_Draft(tuple(_canonical(g) for g in games), frozenset(rnd.sitting_out)))
    return drafts


def _measure(problem: _Problem, drafts: Sequence[_Draft]) -> dict[str, int]:
    """The pairing terms of drafts, counted directly (the checker's definitions, before seats)."""
    counts = problem.kept_counts()
    for d in drafts:
        counts.add(d.games, d.sitting_out)
    regular = problem.regular
    allowed = [pq for pq in problem.pairs() if pq not in problem.avoid]
    both = [pq for pq in problem.pairs() if pq[0] in regular and pq[1] in regular]
    partner = max((counts.partners[pq] for pq in allowed), default=0) - min(
        (counts.partners[pq] for pq in both if pq not in problem.avoid), default=0
    )
    opponent = max((counts.opponents(pq) for pq in problem.pairs()), default=0) - min(
        (counts.opponents(pq) for pq in both), default=0
    )
    played = [counts.played[p] for p in regular]
    shares = problem.shares
    share = sum(
        max(0, counts.sat_out[p] - high) + max(0, low - counts.sat_out[p])
        for p, (low, high) in shares.items()
    )
    outs = [set(r.sitting_out) for r in problem.kept] + [set(d.sitting_out) for d in drafts]
    repeats = sum(len(a & b) for a, b in pairwise(outs))
    threes = sum(len(a & b & c) for a, b, c in zip(outs, outs[1:], outs[2:], strict=False))
    changes = 0
    for r, d in zip(problem.free, drafts, strict=True):
        old = problem.previous[r]
        if old is not None:
            now = set(d.partnerships)
            for t in old.tables:
                for p, q in ((t.north, t.south), (t.east, t.west)):
                    here = problem.present[r]
                    changes += p in here and q in here and problem.allowed(p, q) and pair_key(p, q) not in now
    last = season = 0
    for pq, c in counts.partners.items():
        was_last, weight = problem.past(pq)
        last, season = last + c * was_last, season + c * weight
    mates = counts.mates.values()
    return {
        PARTNER: partner,
        PLAYED: max(played, default=0) - min(played, default=0),
        SHARE: share,
        REPEATS: repeats,
        THREES: threes,
        CHANGES: changes,
        LAST_PARTNERS: last,
        SEASON_PARTNERS: season,
        MOST_MEETINGS: max(mates, default=0),
        REPEATED_MEETINGS: sum(m - 1 for m in mates if m > 1),
        OPPONENT: opponent,
    }


RANKED = (
    THREES,
    SHARE,
    PARTNER,
    PLAYED,
    REPEATS,
    CHANGES,
    LAST_PARTNERS,
    MOST_MEETINGS,
    SEASON_PARTNERS,
    REPEATED_MEETINGS,
    OPPONENT,
)
"""The pairing terms in priority order (seats and first deals come after, on the chosen pairings); sitting
out three running first, where counting lets nobody do it (else its floor is all it can be: ``_floors``).
The season's partners (0 without a history) rank after the evening's own partner and sit-out rules: last
evening's partners before the table-mates (a weekly club notices last week's partner again more than
a second meeting across the table tonight), the season's count after the most meetings (a pair meeting
three times tonight is worse than a third partnership in a season) and before the repeated meetings."""

ONE_TABLE_RANKED = (
    THREES,
    SHARE,
    PARTNER,
    PLAYED,
    CHANGES,
    LAST_PARTNERS,
    MOST_MEETINGS,
    SEASON_PARTNERS,
    REPEATED_MEETINGS,
    OPPONENT,
    REPEATS,
)
"""The order in a home game (``_Problem.repeats_rank_low``): sitting out twice running last."""


def ranked(problem: _Problem) -> tuple[str, ...]:
    """The pairing terms in priority order for this problem."""
    return ONE_TABLE_RANKED if problem.repeats_rank_low else RANKED


def _at_floors(problem: _Problem, drafts: Sequence[_Draft]) -> bool:
    """Whether drafts already meet every counting bound of the pairing terms (nothing left to search)."""
    floors = _floors(problem)
    measured = _measure(problem, drafts)
    names = (THREES, SHARE, PARTNER, PLAYED, REPEATS, CHANGES, OPPONENT)
    return all(measured[name] <= floors.get(name, 0) for name in names)


def _rank(problem: _Problem, drafts: Sequence[_Draft], *, below_prefix: bool = False) -> tuple[int, ...]:
    """Drafts compared in priority order: smaller is better. ``below_prefix``: without the rules ranked
    below an evening even at every stop (in a home game, sitting out twice running), for choosing the
    order of play."""
    measured = _measure(problem, drafts)
    rules = ranked(problem)
    if below_prefix and problem.repeats_rank_low:
        rules = tuple(name for name in rules if name != REPEATS)
    return tuple(measured[name] for name in rules)


PREFIX_BUILD_TABLES = 2
"""The most tables a round for which rounds are also built prefix by prefix (``_built_prefix_by_prefix``)."""


def _built_prefix_by_prefix(problem: _Problem, run: _Run, prefix: PrefixOrder) -> list[_Draft] | None:
    """For a small group with everyone present throughout, rounds built so that every prefix is within
    its bounds (``prefix.build``, a search counted in nodes), in case no order of the planner's own
    rounds manages that; else None."""
    small = problem.n // 4 <= PREFIX_BUILD_TABLES and all(
        problem.tables[r] == problem.n // 4 for r in problem.free
    )
    if not (problem.plain and small and problem.free):
        return None
    built = prefix.build(problem.n, problem.rounds, seed=run.seed, deadline=run.deadline())
    if built is None:
        run.over()  # counted in nodes; if the wall-clock cap stopped it instead, the result says so
        return None
    return _drafts_of(problem, built)


def _in_prefix_order(
    problem: _Problem, drafts: list[_Draft], built: list[_Draft] | None, prefix: PrefixOrder
) -> list[_Draft]:
    """The planned rounds in the order that leaves an evening stopped after any round as even as that
    many rounds allow (``movements.order``), never at the cost of a sit-out twice running or a change from
    the previous plan. If no order of them keeps every prefix within its bounds, the rounds ``built``
    prefix by prefix are taken instead when they are as good at the end in every rule ranked above the
    opponent spread (in a home game, sitting out twice running, ranked after the opponents, is not one of
    them): an evening that stops early is common, and a pair partnering twice before another has
    partnered at all is what players notice."""
    prefix_order, is_prefix_balanced = prefix.order, prefix.balanced
    kept = len(problem.kept)

    def movement(rounds: Sequence[_Draft]) -> Movement:
        return Movement(problem.n, problem.kept + tuple(_draft_round(d) for d in rounds))

    order = prefix_order(
        movement(drafts), avoid=problem.avoid, fixed=kept, repeats_last=problem.repeats_rank_low
    )
    ordered = [drafts[r - kept] for r in order[kept:]]
    if _rank(problem, ordered, below_prefix=True) > _rank(problem, drafts, below_prefix=True):
        ordered = drafts
    if built is None or is_prefix_balanced(movement(ordered), avoid=problem.avoid):
        return ordered
    rules = ranked(problem)
    above = [name for name in rules[: rules.index(OPPONENT)] if name != CHANGES]
    ours, theirs = _measure(problem, built), _measure(problem, ordered)
    if is_prefix_balanced(movement(built)) and [ours[n] for n in above] <= [theirs[n] for n in above]:
        return built
    return ordered


def _draft_round(draft: _Draft) -> Round:
    """A round of a draft with plain seats (the first partnership North-South), for counting only."""
    return Round(tuple(Table(a, c, b, d) for (a, b), (c, d) in draft.games), tuple(draft.sitting_out))

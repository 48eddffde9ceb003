"""Couples kept apart by the staged planner: a couples' party as even as any other evening.

The one model of ``solver.couples`` holds every rule at once but, past a few tables, plans far less evenly
than the staged planner does without couples (8 couples over 8 rounds: partners 0-3 and 102 repeated
meetings, where the stages reach 0-1 and the floor). So the stages plan couples' parties too, each
holding "apart" (pairs who must never share a table) where it groups players into tables: the
partnerships (``pairings``, which never pairs a couple, since ``avoid`` holds them), the tables they are
grouped into (``tables._group_tables``, a couple's partnerships never grouped), the opponents' search
(``tables._regroup``, a couple never at one table), the sit-outs, and the table-mates' search
(``mates``, where a couple at one table outweighs every other rule, so it mends any the grouping could not
avoid). The one model stays where it is the better tool: a design by construction to start from (the
mixed GF designs, exact), one table a round, or stages that end with a couple at one table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from rotation.model import Player
from rotation.solver.affine import affine_drafts
from rotation.solver.bounds import _floors
from rotation.solver.couples import apart_drafts, breaks_apart
from rotation.solver.mates import MATE_MOVES, _spread_table_mates
from rotation.solver.measure import _measure
from rotation.solver.pairings import _construct, _pairings
from rotation.solver.problem import (
    MOST_MEETINGS,
    PARTNER,
    REPEATED_MEETINGS,
    _Draft,
    _Outcome,
    _Problem,
    _Run,
)
from rotation.solver.tables import _group_tables, _improve_opponents
from rotation.solver.threes import _spread_sit_outs

__all__ = ["couples_drafts", "meeting_floors"]


def couples_drafts(
    problem: _Problem, run: _Run, hint: Sequence[_Draft] | None, mate_moves: int | None = None
) -> tuple[list[_Draft] | None, list[_Outcome], str]:
    """The rounds to plan with every couple apart: the drafts (None when none was found within the work),
    each rule's outcome from a model, and a reason when none can exist (as ``apart_drafts``)."""
    one_table = all(problem.tables[r] <= 1 for r in problem.free)
    if one_table or (hint is not None and _exact(problem, hint)):
        return apart_drafts(problem, run, hint)
    moves = MATE_MOVES if mate_moves is None else mate_moves
    built = affine_drafts(problem)
    if built is not None:  # eight couples: the affine plane's rounds, polished by the table-mates' search
        return _spread_table_mates(problem, built, run, moves), [], ""
    first = list(hint) if hint is not None else _construct(problem, random.Random(run.seed))
    drafts, outcomes = _pairings(problem, first, run, share=0.5)
    drafts, more = _group_tables(problem, drafts, run, share=0.3)
    outcomes += more
    if problem.spec.previous is None and drafts:
        drafts = _improve_opponents(problem, drafts, run, run.until(0.85))
    if not drafts:
        return apart_drafts(problem, run, None)
    spread = _spread_sit_outs(problem, drafts, run)
    if not breaks_apart(problem, spread) or breaks_apart(problem, drafts):
        drafts = spread
    even = _even_order(problem, drafts)
    spread = _spread_table_mates(problem, drafts, run, moves)
    ordered = _even_order(problem, spread) if even is not None else spread
    if ordered is None and even is not None:  # its trades left no order with sit-outs even at every stop
        ordered = _spread_table_mates(problem, even, run, moves, even_stops=True)
    drafts = ordered or spread
    if breaks_apart(problem, drafts):  # the stages could not keep them apart: the one model can
        return apart_drafts(problem, run, None)
    return drafts, outcomes, ""


ORDER_NODES = 20_000
"""The most rounds the search for an order with sit-outs even at every stop places (counted)."""


def _even_order(problem: _Problem, drafts: Sequence[_Draft]) -> list[_Draft] | None:
    """The rounds in an order after each of whose rounds everyone's sit-outs are within one and nobody sat
    out twice running (depth first, the rounds as planned tried first), or None if a search of
    ``ORDER_NODES`` finds none; the drafts as they are with rounds kept or players away."""
    if problem.kept or problem.anyone_away:
        return list(drafts)
    n, nodes = problem.n, 0
    out = dict.fromkeys(range(n), 0)
    order: list[int] = []

    def search(total: int) -> bool:
        nonlocal nodes
        if len(order) == len(drafts):
            return True
        last = drafts[order[-1]].sitting_out if order else frozenset()
        for i, d in enumerate(drafts):
            if i in order or d.sitting_out & last:
                continue
            nodes += 1
            if nodes > ORDER_NODES:
                return False
            now = total + len(d.sitting_out)
            for p in d.sitting_out:
                out[p] += 1
            if all(now // n <= c <= -(-now // n) for c in out.values()):
                order.append(i)
                if search(now):
                    return True
                order.pop()
            for p in d.sitting_out:
                out[p] -= 1
        return False

    return [drafts[i] for i in order] if search(0) else None


def _exact(problem: _Problem, hint: Sequence[_Draft]) -> bool:
    """Whether a design to start from (``movements.couples``) already has the partners and the table-mates
    at their floors by counting (a spouse-avoiding mixed doubles design over its whole cycle): then the
    one model only seats it; else the stages start from it."""
    if breaks_apart(problem, hint):
        return False
    measured, floors = _measure(problem, hint), _floors(problem)
    counts = problem.kept_counts()
    for d in hint:
        counts.add(d.games, d.sitting_out)
    mates = meeting_floors(problem, counts.played) if not problem.kept else {}
    return measured[PARTNER] <= floors.get(PARTNER, 0) and all(measured[k] <= v for k, v in mates.items())


def meeting_floors(problem: _Problem, played: Mapping[Player, int]) -> dict[str, int]:
    """The table-mates' floors by counting with couples apart: a player who plays r rounds meets 3r
    times among the others less those they must never sit with, so meets one of them ceil(3r / k)
    times and repeats 3r - k meetings at least (each repeat shared by two). 8 couples over 8 rounds:
    24 meetings among 14 for each, so 2 and 16 x 10 / 2 = 80 (72 counted among all 15)."""
    apart = problem.spec.apart
    most = repeats = 0
    for p, rounds in played.items():
        others = problem.n - 1 - sum(p in pq for pq in apart)
        if others <= 0 or rounds <= 0:
            continue
        most = max(most, -(-3 * rounds // others))
        repeats += max(0, 3 * rounds - others)
    return {MOST_MEETINGS: most, REPEATED_MEETINGS: -(-repeats // 2)}

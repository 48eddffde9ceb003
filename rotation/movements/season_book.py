"""The small book's evening (one table or two) with its places taken for the season (issue 26, the weekly
club of 6 to 11 players).

The books of home and two-table evenings hold each evening in place numbers; who takes which place changes
none of the evening's own rules (partners, opponents, meetings, sit-outs and their runs, how even each
prefix is: each counts the same under any relabelling), so the book's evening can be given to a club with
a history as it is, its places chosen so that the season's partners repeat least. The search ranks as the
planner does: partnerships of pairs who partnered in the last evening first
(``rotation.solver.problem.LAST_PARTNERS``), then the season's weights of tonight's partnerships
(``SEASON_PARTNERS``: c(c + 1) / 2 for c partnerships), then recency, then table-mates likewise (the
weights of ``rotation.history.pair_weights``). Unlike the season's seating after planning
(``rotation.movements.season``), which may swap only players present in the same rounds (a played
evening's sit-outs are its own), every player may take any place here: the book's evening is not yet
anyone's. A seeded local search over swaps of two players' places, counted in moves, with restarts from
random placings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rotation.history import History, pair_weights
from rotation.model import Movement

__all__ = ["PLACE_MOVES", "PLACE_RESTARTS", "Placed", "place_book_for_season"]

PLACE_MOVES = 3000
"""Swaps tried from each start (each taken when it does not make the placing worse)."""
PLACE_RESTARTS = 12
"""Starts: the cut's placing, then random ones drawn from the seed."""


@dataclass(frozen=True, slots=True)
class Placed:
    """The book's evening with its places taken (``movement``, in score-sheet numbers); ``last``: its
    partnerships of pairs who partnered in the last evening; ``season``: the season's weight of its
    partnerships (both as the planner counts them)."""

    movement: Movement
    last: int
    season: int


def place_book_for_season(
    movement: Movement,
    sheet: Sequence[str],
    history: History,
    seed: int,
    *,
    moves: int = PLACE_MOVES,
    restarts: int = PLACE_RESTARTS,
) -> Placed:
    """``movement`` (over the book's places 0 .. n - 1) with player ``placing[p]`` of ``sheet`` in place
    ``p``, the placing that repeats the season least in the planner's order (see the module)."""
    n = movement.n_players
    weights = pair_weights(history, sheet)
    partnered = [[0] * n for _ in range(n)]  # how often two places partner (and share a table) tonight
    mates = [[0] * n for _ in range(n)]
    for rnd in movement.rounds:
        for t in rnd.tables:
            for p, q in ((t.north, t.south), (t.east, t.west)):
                partnered[p][q] += 1
                partnered[q][p] += 1
            four = t.players
            for i, p in enumerate(four):
                for q in four[i + 1 :]:
                    mates[p][q] += 1
                    mates[q][p] += 1
    slots = sum(6 * len(rnd.tables) for rnd in movement.rounds)
    top = 1 + max(
        (
            value
            for matrix in (
                weights.partner_count,
                weights.partner_recent,
                weights.mate_count,
                weights.mate_recent,
            )
            for row in matrix
            for value in row
        ),
        default=0,
    )
    base = 1 + slots * top  # each rule's total stays below one unit of the rule ranked above it
    last = [[int(weights.partner_last[a][b] > 0) for b in range(n)] for a in range(n)]
    pair_cost = [
        [
            (
                ((last[a][b] * base + weights.partner_count[a][b]) * base + weights.partner_recent[a][b])
                * base
                * base,
                weights.mate_count[a][b] * base + weights.mate_recent[a][b],
            )
            for b in range(n)
        ]
        for a in range(n)
    ]

    def cost(placing: Sequence[int]) -> int:
        total = 0
        for p in range(n):
            for q in range(p + 1, n):
                partner_w, mate_w = pair_cost[placing[p]][placing[q]]
                total += partnered[p][q] * partner_w + mates[p][q] * mate_w
        return total

    def swap_delta(placing: Sequence[int], u: int, v: int) -> int:
        """The cost's change when places ``u`` and ``v`` swap players."""
        a, b = placing[u], placing[v]
        delta = 0
        for q in range(n):
            if q in (u, v):
                continue
            c = placing[q]
            pa, ma = pair_cost[a][c]
            pb, mb = pair_cost[b][c]
            # u's partners and mates get b instead of a; v's get a instead of b
            delta += (partnered[u][q] - partnered[v][q]) * (pb - pa) + (mates[u][q] - mates[v][q]) * (mb - ma)
        return delta

    rng = random.Random(seed)
    best = list(range(n))
    best_cost = cost(best)
    for restart in range(restarts if n > 1 else 0):
        placing = list(range(n))
        if restart:
            rng.shuffle(placing)
        now = cost(placing)
        for _ in range(moves):
            u, v = rng.sample(range(n), 2)
            delta = swap_delta(placing, u, v)
            if delta <= 0:
                placing[u], placing[v] = placing[v], placing[u]
                now += delta
        if now < best_cost:
            best, best_cost = placing, now
    placed = movement.mapped(best)
    last_count = season = 0
    for rnd in placed.rounds:
        for t in rnd.tables:
            for p, q in ((t.north, t.south), (t.east, t.west)):
                last_count += last[p][q]
                season += weights.partner_count[p][q]
    return Placed(placed, last_count, season)

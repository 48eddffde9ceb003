"""Evenings of 8 players at one table for the book of home evenings (issue 26), searched exactly.

Four play and four sit out each round. Held after EVERY round, sit-outs within one of the fair share say
that after rounds 2 and 4 and 6 ... everyone has sat out exactly half: round 2j seats the four who sat out
round 2j - 1. An evening is then a sequence of splits of the eight into two fours, each four playing one
game in turn, and nobody can sit out three running (out in round 2j means playing in round 2j - 1 and
out in round 2j + 1 means playing in 2j + 2). Partners within [floor, ceil] of their average after every
round is, up to 14 rounds, no partnership twice. Between split j (A then B) and the next (A' then B') the
players out twice running are those of A out again in round 2j + 1: |A & B'|; alternating the same two
fours costs nothing but pairs of different fours never meet, so the opponents' evenness decides.

``search`` is a branch and bound over the splits, counted in moves and deterministic: the first split is
0-1 against 2-3 then 4-5 against 6-7 (any evening relabels so); it holds every pair's oppositions within
a window and lowers the cap on sitting out twice running each time it finds an evening, so a search that
ends within its moves has found the fewest (``Best.exhausted``): a proof among evenings even after every
round. ``settle`` tries the opponents' spreads from counting's floor up.

Regenerate the book's 8 (about half an hour on a shared core; 8 x 7 keeps the book's evening)::

    python -m rotation.build.home_eight schedules/home.json
"""

from __future__ import annotations

import argparse
import contextlib
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from rotation.build.home import TERMS, Game
from rotation.build.home_starts import entry, opponent_floor

__all__ = ["MOVES", "Best", "N", "better", "build_entry", "main", "search", "settle"]

N = 8
MOVES = 3_000_000
"""Nodes each search may visit."""

_PAIRS = list(combinations(range(N), 2))
_INDEX = {pq: i for i, pq in enumerate(_PAIRS)}
_EVERYONE = (1 << N) - 1


def _games_of(four: tuple[int, ...]) -> list[tuple[Game, int, tuple[int, ...]]]:
    """The three games of a four: (game, its partnerships as a bitmask of pairs, its opposed pairs)."""
    a, b, c, d = four
    found = []
    for ab, cd in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        mates = 1 << _INDEX[ab] | 1 << _INDEX[cd]
        opposed = tuple(_INDEX[min(p, q), max(p, q)] for p in ab for q in cd)
        found.append(((ab, cd), mates, opposed))
    return found


_FOURS = {sum(1 << p for p in four): _games_of(four) for four in combinations(range(N), 4)}


class _Stop(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Best:
    """The evening with the fewest sit-outs twice running a search found (None: none), that number, and
    whether the search ended by exhausting every evening (then none has fewer, or none exists)."""

    games: list[Game] | None
    repeats: int
    exhausted: bool
    moves: int


def search(rounds: int, *, low: int, high: int, cap: int, moves: int = MOVES) -> Best:
    """The fewest sit-outs twice running (below ``cap``) over evenings of ``rounds`` rounds for 8 at one
    table, even after every round, every pair opposing ``low`` to ``high`` times, no partnership twice."""
    opp = [0] * len(_PAIRS)
    chosen: list[Game] = []
    best: list[Game] | None = None
    bound = cap
    visited = 0
    pair_of = [[_INDEX[min(p, q), max(p, q)] for q in range(N) if q != p] for p in range(N)]

    def fits(played: int) -> bool:
        left = rounds - played
        if sum(max(0, low - o) for o in opp) > 4 * left:
            return False
        plays = -(-left // 2)  # each player plays once in each split still to come (the last maybe not)
        return all(sum(max(0, low - opp[i]) for i in pair_of[p]) <= 2 * plays for p in range(N))

    def play(four: int, game: tuple[Game, int, tuple[int, ...]], mates: int) -> int | None:
        if mates & game[1] or any(opp[i] >= high for i in game[2]):
            return None
        for i in game[2]:
            opp[i] += 1
        chosen.append(game[0])
        return mates | game[1]

    def undo(game: tuple[Game, int, tuple[int, ...]]) -> None:
        chosen.pop()
        for i in game[2]:
            opp[i] -= 1

    def go(j: int, last: int, mates: int, spent: int) -> None:
        nonlocal visited, best, bound
        if 2 * j >= rounds:
            best, bound = list(chosen), spent
            return
        visited += 1
        if visited > moves:
            raise _Stop
        options = []
        for four in _FOURS:
            cost = (last & (_EVERYONE ^ four)).bit_count() if j else 0
            if spent + cost < bound and (j or four == 0b1111):
                options.append((cost, four))
        options.sort()
        for cost, four in options:
            if spent + cost >= bound:
                break
            for first in _FOURS[four] if j else _FOURS[four][:1]:
                after = play(four, first, mates)
                if after is None:
                    continue
                if 2 * j + 1 == rounds:
                    if fits(2 * j + 1):
                        go(j + 1, four, after, spent + cost)
                else:
                    other = _EVERYONE ^ four
                    for second in _FOURS[other] if j else _FOURS[other][:1]:
                        both = play(other, second, after)
                        if both is None:
                            continue
                        if fits(2 * j + 2):
                            go(j + 1, four, both, spent + cost)
                        undo(second)
                undo(first)

    with contextlib.suppress(_Stop):
        go(0, 0, 0, 0)
    return Best(best, bound if best is not None else cap, visited <= moves, visited)


def _lows(rounds: int, spread: int) -> range:
    pairs, places = len(_PAIRS), 4 * rounds
    return range(max(0, -(-(places - spread * pairs) // pairs)), places // pairs + 1)


@dataclass(frozen=True, slots=True)
class Settled:
    """The least opponent spread found and, at it, the fewest sit-outs twice running found, with the
    bounds proven among evenings even after every round (the searches that exhausted)."""

    games: list[Game]
    opponents: int
    repeats: int
    opponents_bound: int
    repeats_bound: int


def settle(rounds: int, *, moves: int = MOVES) -> Settled | None:
    """The opponents' spread from counting's floor up until an evening is found; at it, every window
    searched for the fewest sit-outs twice running."""
    opponents_bound = spread = opponent_floor(N, rounds)
    most = (rounds - 1) * 4 + 1
    while spread <= 4 * rounds:
        found: list[Game] | None = None
        reached, exhausted = most, True
        for low in _lows(rounds, spread):
            best = search(rounds, low=low, high=low + spread, cap=reached, moves=moves)
            exhausted = exhausted and best.exhausted
            if best.games is not None:
                found, reached = best.games, best.repeats
        if found is not None:
            repeats_bound = reached if exhausted and spread == opponents_bound else 0
            return Settled(found, spread, reached, opponents_bound, repeats_bound)
        if exhausted and spread == opponents_bound:
            opponents_bound = spread + 1
        spread += 1
    return None


def build_entry(rounds: int, *, moves: int = MOVES) -> dict[str, Any] | None:
    """The book's entry for 8 x ``rounds`` at one table from ``settle``, its bounds proven among evenings
    even after every round by counting or by the search run to exhaustion (``proof`` says which)."""
    settled = settle(rounds, moves=moves)
    if settled is None:
        return None
    made = entry(N, rounds, settled.games, settled.opponents_bound, settled.repeats_bound)
    assert made["values"][TERMS[0]] == settled.opponents and made["values"][TERMS[1]] == settled.repeats
    return made


def better(old: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any]:
    """The new entry, or the book's where it is even after every round and better by the ranked terms
    (the table-mates' among them), with the new entry's bounds and proof: they bound every evening."""
    if old is None or not old["even_after_every_round"]:
        return new
    key = [tuple(e["values"][name] for name in TERMS) for e in (old, new)]
    if key[0] >= key[1]:
        return new
    assert all(old["values"][name] >= bound for name, bound in new["bounds"].items())
    return {**old, "bounds": new["bounds"], "proof": new["proof"]}


def main(argv: list[str] | None = None) -> None:
    """Settle the entries asked for (8 players) into the book at ``path``."""
    from rotation.build.home import settle, span

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--moves", type=int, default=MOVES)
    args = parser.parse_args(argv)
    settle(args.path, N, args.rounds, lambda rounds: build_entry(rounds, moves=args.moves), better)


if __name__ == "__main__":
    main()

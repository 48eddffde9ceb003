"""Sitting out twice running for 9 players at one table over 11 to 14 rounds, settled (issue 26).

With 4 of 9 playing, rounds i and i + 1 share 5 + 5 - u of their sit-outs, u the number out in either,
which is 9 less those who play both: the sit-out repeats are (rounds - 1) plus, summed over consecutive
rounds, the players who play both (the *overlaps*). ``search`` is a depth-first search over the rounds
that holds what the book holds after every round (rounds played within one of each other, nobody
partnering twice, nobody out three running), every pair opposing ``low`` to ``low + 1`` times at the end,
and at most ``budget`` overlaps in all; it is counted in nodes (moves), so the same arguments give the
same answer. An evening relabels so that round 1 is 0-1 against 2-3 and round 2 (which must seat the other
four of the first eight) 4-5 against 6-7; the 64 relabellings that keep those two games are broken by
keeping only the least of each prefix's images (a search that runs out its space before its moves is a
proof).

``settle`` searches 0, 1, 2, ... overlaps until one finds an evening, so the count it reaches is the
fewest any evening as even can have (the ranked rules above held: nobody out three running, the partners
and rounds played even after every round, the opponents within one). It finds 15, 16, 17 and 19 sit-outs
twice running over 11, 12, 13 and 14 rounds (counting's floor is 10 to 13), each proven: 374,773, 2.4
million, 3.3 million and 11.7 million nodes in all (half a minute to a quarter of an hour on a shared
core). With as many, no pair can be kept from sharing the table three times (a search of each at most
twice ends exhausted at 11 and 12; at 13 and 14 counting forbids it).

Regenerate (keeps the better of the book's entry and the new, and the higher proven bounds)::

    python -m rotation.build.home_nine_proofs schedules/home.json --rounds 11-14
"""

from __future__ import annotations

import argparse
import contextlib
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from rotation.build.home import Game, _games
from rotation.build.home_starts import _kept, entry, opponent_floor, repeats_floor

__all__ = ["MEETS_MOVES", "MOVES", "Found", "N", "Settled", "build_entry", "main", "search", "settle"]

N = 9
MOVES = 50_000_000
"""Nodes a search may visit: far more than any proof here takes (9 x 14, the longest: 8.4 million)."""
MEETS_MOVES = 2_000_000
"""Nodes for the search of an evening as good whose pairs share the table at most twice."""


@dataclass(frozen=True, slots=True)
class Found:
    """An evening (None: none within the moves), whether the search ran out its space (a proof that
    none exists with at most the budget's overlaps) and the nodes it visited."""

    games: list[Game] | None
    exhausted: bool
    moves: int


class _Stop(Exception):
    pass


def _symmetries() -> list[tuple[int, ...]]:
    """The 64 relabellings of nine players that keep 0-1 against 2-3 and 4-5 against 6-7."""

    def dihedral(a: int, b: int, c: int, d: int) -> list[dict[int, int]]:
        maps = []
        for (p, q), (r, s) in (((a, b), (c, d)), ((c, d), (a, b))):
            for x, y in ((p, q), (q, p)):
                for z, w in ((r, s), (s, r)):
                    maps.append({a: x, b: y, c: z, d: w})
        return maps

    out = []
    for left in dihedral(0, 1, 2, 3):
        for right in dihedral(4, 5, 6, 7):
            out.append(tuple({**left, **right, 8: 8}[p] for p in range(N)))
    return out


def _normal(ab: tuple[int, int], cd: tuple[int, int]) -> Game:
    x = (min(ab), max(ab))
    y = (min(cd), max(cd))
    return (min(x, y), max(x, y))


def search(rounds: int, *, low: int, budget: int, meets: int | None = None, moves: int = MOVES) -> Found:
    """An evening of ``rounds`` rounds for 9 at one table, even after every round, nobody partnering
    twice or out three running, every pair opposing ``low`` or ``low + 1`` times, with at most
    ``budget`` players playing two rounds running (summed over the consecutive rounds); ``meets``: no
    pair at the table together more often (partners or opponents)."""
    n = N
    games = _games(n)
    index = {g: i for i, g in enumerate(games)}
    pairs = list(combinations(range(n), 2))
    pair = {pq: i for i, pq in enumerate(pairs)}
    facts = []
    for (a, b), (c, d) in games:
        mask = 1 << a | 1 << b | 1 << c | 1 << d
        mates = 1 << pair[a, b] | 1 << pair[c, d]
        opposed = tuple(pair[min(p, q), max(p, q)] for p in (a, b) for q in (c, d))
        facts.append((mask, mates, opposed, (pair[a, b], pair[c, d], *opposed)))
    images = [[index[_normal((s[a], s[b]), (s[c], s[d]))] for (a, b), (c, d) in games] for s in _symmetries()]
    high = low + 1
    plays_low = [4 * m // n for m in range(rounds + 1)]
    plays_high = [-(-4 * m // n) for m in range(rounds + 1)]
    final_high = plays_high[rounds]
    most = rounds if meets is None else meets
    played = [0] * n
    opp = [0] * len(pairs)
    met = [0] * len(pairs)
    of_player = [[pair[min(p, q), max(p, q)] for q in range(n) if q != p] for p in range(n)]
    everyone = (1 << n) - 1
    chosen: list[int] = []
    masks: list[int] = []
    visited = 0
    found: list[Game] | None = None

    def _add(g: int, step: int) -> None:
        mask, _, opposed, together = facts[g]
        for p in range(n):
            played[p] += step * (mask >> p & 1)
        for i in opposed:
            opp[i] += step
        for i in together:
            met[i] += step

    def fits(m: int) -> bool:
        """Whether every pair can still oppose at least ``low`` times in the rounds left."""
        if not low:
            return True
        left = rounds - m
        if sum(max(0, low - o) for o in opp) > 4 * left:
            return False
        for p in range(n):
            plays = min(left, final_high - played[p])
            if sum(max(0, low - opp[i]) for i in of_player[p]) > 2 * plays:
                return False
        return True

    def go(m: int, spent: int, mated: int, tied: list[list[int]]) -> None:
        nonlocal visited, found
        if m == rounds:
            found = [games[g] for g in chosen]
            raise _Stop
        visited += 1
        if visited > moves:
            raise _Stop
        last = masks[-1]
        out_last = everyone ^ last
        out_before = everyone ^ masks[-2] if m >= 2 else 0
        must_play = out_last & out_before  # out twice running: plays now
        must_sit = 0
        for p in range(n):
            if played[p] >= plays_high[m + 1]:
                must_sit |= 1 << p
            elif played[p] < plays_low[m + 1]:
                must_play |= 1 << p
        options = []
        for g, (mask, mates, opposed, together) in enumerate(facts):
            if mask & must_play != must_play or mask & must_sit or mates & mated:
                continue
            extra = (mask & last).bit_count()
            if spent + extra > budget or any(opp[i] >= high for i in opposed):
                continue
            if any(met[i] >= most for i in together):
                continue
            options.append((extra, sum(opp[i] for i in opposed), g))
        options.sort()
        for extra, _, g in options:
            kept = []
            for image in tied:  # the relabellings under which the prefix is its own image so far
                if image[g] < g:
                    break
                if image[g] == g:
                    kept.append(image)
            else:
                _add(g, 1)
                mask, mates, _, _ = facts[g]
                chosen.append(g)
                masks.append(mask)
                if fits(m + 1):
                    go(m + 1, spent + extra, mated | mates, kept)
                masks.pop()
                chosen.pop()
                _add(g, -1)

    first, second = index[(0, 1), (2, 3)], index[(4, 5), (6, 7)]
    for g in (first, second):
        _add(g, 1)
        chosen.append(g)
        masks.append(facts[g][0])
    mated = facts[first][1] | facts[second][1]
    with contextlib.suppress(_Stop):
        if rounds <= 2:
            found = [games[g] for g in chosen[:rounds]]
            raise _Stop
        go(2, 0, mated, images)
    return Found(found, found is None and visited <= moves, visited)


@dataclass(frozen=True, slots=True)
class Settled:
    """The evening with the fewest overlaps the searches found, that number, whether every smaller one
    was searched to exhaustion (so that it is the fewest) and the nodes spent in all."""

    games: list[Game]
    overlaps: int
    proven: bool
    moves: int


def settle(rounds: int, *, moves: int = MOVES, meets_moves: int = MEETS_MOVES) -> Settled | None:
    """The fewest overlaps with the opponents within one (every window of counting's), by searches of
    0, 1, 2, ... overlaps until one finds an evening; then, with as many, one whose pairs share the
    table at most twice (the table-mates, ranked next) if a search of ``meets_moves`` finds it."""
    pairs = N * (N - 1) // 2
    places = 4 * rounds
    lows = range(max(0, -(-(places - pairs) // pairs)), places // pairs + 1)
    spent, proven = 0, True
    for budget in range((rounds - 1) * 4 + 1):
        for low in lows:
            found = search(rounds, low=low, budget=budget, moves=moves)
            spent += found.moves
            if found.games is not None:
                games = found.games
                fewer = search(rounds, low=low, budget=budget, meets=2, moves=meets_moves)
                spent += fewer.moves
                return Settled(fewer.games or games, budget, proven, spent)
            proven = proven and found.exhausted
    return None


def build_entry(rounds: int, *, moves: int = MOVES, meets_moves: int = MEETS_MOVES) -> dict[str, Any] | None:
    """The book's entry for 9 x ``rounds`` (opponents within one of each other) from ``settle``: its
    bound of sitting out twice running the search's, proven where every smaller count was exhausted."""
    settled = settle(rounds, moves=moves, meets_moves=meets_moves)
    if settled is None:
        return None
    floor = repeats_floor(N, rounds)
    repeats = floor + settled.overlaps if settled.proven else floor
    made = entry(N, rounds, settled.games, opponent_floor(N, rounds), repeats)
    if repeats > floor:
        made["proof"] = f"sit-out repeats {repeats}: search ({settled.moves} nodes)"
    return made


def main(argv: list[str] | None = None) -> None:
    """Settle 9 x ``--rounds`` into the book at ``path``, keeping the better of its entry and the new."""
    from rotation.build.home import settle, span

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--rounds", type=span, default=span("11-14"))
    parser.add_argument("--moves", type=int, default=MOVES)
    args = parser.parse_args(argv)
    settle(args.path, N, args.rounds, lambda rounds: build_entry(rounds, moves=args.moves), _kept)


if __name__ == "__main__":
    main()

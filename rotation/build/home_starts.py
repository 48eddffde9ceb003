"""Evenings for the book of home evenings built round by round (issue 26): 7, 9 and 11 players at one
table, where CP-SAT over every round's game found none at the opponents' floor even after every round.

``search`` is a depth-first search over the rounds, each round one of the table's games, holding what the
book holds after EVERY round (partners within [floor, ceil] of their average, sit-outs within one of the
fair share, nobody out three running), the opponents within a window at the end, and at most a given
number of sit-outs twice running; counted in moves (nodes), seeded, so the same arguments give the same
evening. Players who have not yet played are interchangeable (each has sat out every round so far), so a
round takes the lowest-numbered of them: this prunes only evenings that a relabelling gives again, and a
search that ends without an evening within its moves proves that none exists (``Found.exhausted``).
With ``even=False`` the rules hold only at the end (the ranked rules, as the planner's bounds are stated):
an exhausted search there proves a bound on sitting out twice running for any schedule as even.

``opponent_floor`` is the counting floor of the opponents with the rounds played at their fair share: a
spread of 0 or 1 fixes how many of each player's pairs sit at the higher count, and those numbers must be
the degrees of a graph (Erdos-Gallai). It is above the planner's floor at 7 x 5, 7 x 10, 7 x 11 and 11 x 14.

Regenerate the book's 7, 9 and 11 as it stands (``--moves`` bounds each search; minutes each; an entry
is kept only if better than the book's and ``rotation.build.home.accepted``)::

    python -m rotation.build.home_starts schedules/home.json --players 7
    python -m rotation.build.home_starts schedules/home.json --players 7 --rounds 9 --moves 1000000
    python -m rotation.build.home_starts schedules/home.json --players 7 --rounds 13 --moves 1000000
    python -m rotation.build.home_starts schedules/home.json --players 7 --rounds 12 --moves 3000000
    python -m rotation.build.home_starts schedules/home.json --players 11
    python -m rotation.build.home_starts schedules/home.json --players 9 --rounds 1-13 --moves 20000
    python -m rotation.build.home_starts schedules/home.json --players 9 --rounds 14 --moves 100000
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from rotation.balance import check
from rotation.build.home import TERMS, Game, _dumped, _games, accepted, counted, floors

__all__ = ["MOVES", "SIZES", "Found", "build_entry", "main", "opponent_floor", "search"]

MOVES = 200_000
"""Nodes each search may visit: enough to settle every entry of the book (a few seconds each)."""

SIZES = (7, 9, 11)
"""The sizes this module writes into the book (others belong to ``rotation.build.home``)."""


def _graphic(degrees: list[int]) -> bool:
    """Whether ``degrees`` are the degrees of a simple graph (Erdos-Gallai)."""
    d = sorted(degrees, reverse=True)
    if sum(d) % 2:
        return False
    return all(sum(d[:k]) <= k * (k - 1) + sum(min(x, k) for x in d[k:]) for k in range(1, len(d) + 1))


def _spread_possible(n: int, rounds: int, spread: int) -> bool:
    """Whether counting allows opponents within ``spread`` with rounds played at the fair share: every
    pair opposes m or m + spread times; at spread 0 or 1 a player who plays r rounds has 2r places among
    n - 1 others, so 2r - m(n - 1) of its pairs are at the higher count, a graph's degrees."""
    pairs, places = n * (n - 1) // 2, 4 * rounds
    played = [-(-places // n)] * (places % n) + [places // n] * (n - places % n)
    for low in range(places // pairs + 1):
        if spread >= 2:
            if low * pairs <= places <= (low + spread) * pairs:
                return True
            continue
        high = places - low * pairs  # pairs at low + 1 (spread 1), or none (spread 0)
        if not 0 <= high <= (pairs if spread else 0):
            continue
        degrees = [2 * r - low * (n - 1) for r in played]
        if all(0 <= x <= n - 1 for x in degrees) and sum(degrees) == 2 * high and _graphic(degrees):
            return True
    return False


def opponent_floor(n: int, rounds: int) -> int:
    """The least opponent spread counting allows one table of ``n`` over ``rounds`` rounds, with rounds
    played within one of the fair share."""
    return next(s for s in range(rounds + 1) if _spread_possible(n, rounds, s))


def repeats_floor(n: int, rounds: int) -> int:
    """Two rounds share at least 2k - n of their k = n - 4 sit-outs."""
    return (rounds - 1) * max(0, 2 * (n - 4) - n)


@dataclass(frozen=True, slots=True)
class Found:
    """What a search found: the evening (None: none within its moves) and whether it ended by exhausting
    every evening (a proof that none exists within its rules) rather than by finding one or its moves."""

    games: list[Game] | None
    exhausted: bool
    moves: int


class _Stop(Exception):
    pass


def search(
    n: int,
    rounds: int,
    *,
    low: int,
    high: int,
    repeats: int,
    even: bool = True,
    moves: int = MOVES,
    seed: int = 0,
) -> Found:
    """An evening of ``rounds`` rounds for ``n`` at one table, every pair opposing ``low`` to ``high``
    times, at most ``repeats`` sit-outs twice running; ``even``: within the bounds after every round,
    else only at the end. Round 1 is 0-1 against 2-3 (any evening relabels so)."""
    games = _games(n)
    pairs = list(combinations(range(n), 2))
    index = {pq: i for i, pq in enumerate(pairs)}
    everyone = (1 << n) - 1
    facts = []
    for (a, b), (c, d) in games:
        mask = 1 << a | 1 << b | 1 << c | 1 << d
        mates = (index[a, b], index[c, d])
        opposed = tuple(index[min(p, q), max(p, q)] for p in (a, b) for q in (c, d))
        facts.append((mask, everyone ^ mask, mates, opposed, (a, b, c, d)))
    k, n_pairs = n - 4, len(pairs)
    step = max(0, 2 * k - n)
    out_high = [-(-k * m // n) for m in range(rounds + 1)]
    out_low = [k * m // n for m in range(rounds + 1)]
    mate_high = [-(-2 * m // n_pairs) for m in range(rounds + 1)]
    mate_low = [2 * m // n_pairs for m in range(rounds + 1)]
    sat = [0] * n
    mate = [0] * n_pairs
    opp = [0] * n_pairs
    pair_of = [[index[min(p, q), max(p, q)] for q in range(n) if q != p] for p in range(n)]
    chosen: list[int] = []
    outs: list[int] = []
    order = list(range(len(games)))
    random.Random(seed).shuffle(order)
    visited = 0
    found: list[Game] | None = None

    def fits(m: int) -> bool:
        """Whether the counts after ``m`` rounds can still end within the rules."""
        left = rounds - m
        if even or m == rounds:
            if any(not out_low[m] <= s <= out_high[m] for s in sat):
                return False
            if mate_low[m] and min(mate) < mate_low[m]:
                return False
        else:
            if any(s > out_high[rounds] or s + left < out_low[rounds] for s in sat):
                return False
        short = sum(max(0, low - o) for o in opp)
        if short > 4 * left:
            return False
        if low:
            for p in range(n):  # p's pairs below low, within p's rounds still to play
                plays = min(left, (rounds - out_low[rounds]) - (m - sat[p]))
                if sum(max(0, low - opp[i]) for i in pair_of[p]) > 2 * plays:
                    return False
        return True

    def go(m: int, spent: int) -> None:
        nonlocal visited, found
        if m == rounds:
            found = [games[g] for g in chosen]
            raise _Stop
        visited += 1
        if visited > moves:
            raise _Stop
        last = outs[-1] if outs else 0
        twice = outs[-1] & outs[-2] if len(outs) >= 2 else 0
        fresh = [p for p in range(n) if sat[p] == m]  # never played: interchangeable
        if even:
            must_play = sum(1 << p for p in range(n) if sat[p] >= out_high[m + 1]) | twice
            must_sit = sum(1 << p for p in range(n) if sat[p] < out_low[m + 1])
        else:
            must_play = sum(1 << p for p in range(n) if sat[p] >= out_high[rounds]) | twice
            must_sit = sum(1 << p for p in range(n) if sat[p] + rounds - m - 1 < out_low[rounds])
        options = []
        for rank, g in enumerate(order if m else [0]):
            mask, out, mates, opposed, players = facts[g]
            if mask & must_play != must_play or mask & must_sit:
                continue
            shared = (last & out).bit_count() if outs else 0
            if spent + shared + step * (rounds - m - 1) > repeats:
                continue
            taken = sum(1 for p in players if sat[p] == m)
            if any((fresh.index(p) >= taken) for p in players if sat[p] == m):
                continue
            if any(mate[i] >= mate_high[rounds] or (even and mate[i] >= mate_high[m + 1]) for i in mates):
                continue
            if any(opp[i] >= high for i in opposed):
                continue
            options.append((shared, sum(opp[i] for i in opposed), rank, g))
        options.sort()
        for shared, _, _, g in options:
            mask, out, mates, opposed, _players = facts[g]
            for p in range(n):
                sat[p] += out >> p & 1
            for i in mates:
                mate[i] += 1
            for i in opposed:
                opp[i] += 1
            chosen.append(g)
            outs.append(out)
            if fits(m + 1):
                go(m + 1, spent + (shared if m else 0))
            outs.pop()
            chosen.pop()
            for i in opposed:
                opp[i] -= 1
            for i in mates:
                mate[i] -= 1
            for p in range(n):
                sat[p] -= out >> p & 1

    with contextlib.suppress(_Stop):
        go(0, 0)
    return Found(found, found is None and visited <= moves, visited)


def _lows(n: int, rounds: int, spread: int) -> range:
    """The fewest times a pair may oppose with every pair within ``spread`` of it."""
    pairs, places = n * (n - 1) // 2, 4 * rounds
    return range(max(0, -(-(places - spread * pairs) // pairs)), places // pairs + 1)


def _first(n: int, rounds: int, spread: int, repeats: int, moves: int, seed: int) -> Found:
    """An evening within ``spread`` (any window of it) and ``repeats``; exhausted only if every window
    was."""
    spent, exhausted = 0, True
    for low in _lows(n, rounds, spread):
        found = search(n, rounds, low=low, high=low + spread, repeats=repeats, moves=moves, seed=seed)
        spent += found.moves
        if found.games is not None:
            return Found(found.games, False, spent)
        exhausted = exhausted and found.exhausted
    return Found(None, exhausted, spent)


@dataclass(frozen=True, slots=True)
class Settled:
    """The best evening the searches found even after every round, with the bounds they proved for any
    evening as even: the opponents' (counting, raised by each spread searched to exhaustion) and, at the
    opponents' spread found, sitting out twice running's (counting, raised likewise)."""

    games: list[Game]
    opponents: int
    repeats: int
    opponents_bound: int
    repeats_bound: int


def settle(n: int, rounds: int, *, moves: int = MOVES, seed: int = 0) -> Settled | None:
    """The least opponent spread, then the fewest sit-outs twice running, that the searches reach."""
    most = (rounds - 1) * (n - 4)
    opponents_bound = spread = opponent_floor(n, rounds)
    while True:
        found = _first(n, rounds, spread, most, moves, seed)
        if found.games is not None:
            break
        if found.exhausted and opponents_bound == spread:
            opponents_bound = spread + 1
        spread += 1
        if spread > 4 * rounds:
            return None
    best = found.games
    reached = counted(n, best)["sit-out repeats"]
    while reached > repeats_floor(n, rounds):  # fewer sit-outs twice running, until none is found
        found = _first(n, rounds, spread, reached - 1, moves, seed)
        if found.games is None:
            break
        best, reached = found.games, counted(n, found.games)["sit-out repeats"]
    repeats_bound = repeats_floor(n, rounds)
    if spread == opponents_bound:  # each count below the best searched to exhaustion raises the bound
        while repeats_bound < reached and _first(n, rounds, spread, repeats_bound, moves, seed).exhausted:
            repeats_bound += 1
    return Settled(best, spread, reached, opponents_bound, repeats_bound)


def build_entry(n: int, rounds: int, *, moves: int = MOVES, seed: int = 0) -> dict[str, Any] | None:
    """The book's entry for ``n`` x ``rounds`` from ``settle``, in the form ``rotation.build.home`` writes:
    its bounds are proven for evenings even after every round (the book's own rule), by counting where
    they sit at the planner's floors, else by the searches run to exhaustion (``proof`` says which)."""
    settled = settle(n, rounds, moves=moves, seed=seed)
    if settled is None:
        return None
    return entry(n, rounds, settled.games, settled.opponents_bound, settled.repeats_bound)


def entry(n: int, rounds: int, games: list[Game], opponents_bound: int, repeats_bound: int) -> dict[str, Any]:
    """A searched evening as the book's entry: checked even after every round with nobody out three
    running, counted, and its bounds above the planner's floors said proven by counting or by search."""
    from rotation.model import Movement, Round, Table
    from rotation.movements.order import is_prefix_balanced

    movement = Movement(
        n,
        tuple(
            Round((Table(a, c, b, d),), tuple(p for p in range(n) if p not in (a, b, c, d)))
            for (a, b), (c, d) in games
        ),
    )
    assert is_prefix_balanced(movement) and check(movement).max_sit_out_run <= 2
    floor = floors(n, rounds)
    proof = []
    if opponents_bound > floor[TERMS[0]]:
        how = "counting" if opponents_bound == opponent_floor(n, rounds) else "search"
        proof.append(f"opponent spread {opponents_bound}: {how}")
    if repeats_bound > floor[TERMS[1]]:
        proof.append(f"sit-out repeats {repeats_bound}: search")
    return {
        "rounds": [[a, b, c, d] for (a, b), (c, d) in games],
        "even_after_every_round": True,
        "values": counted(n, games),
        "bounds": {TERMS[0]: opponents_bound, TERMS[1]: repeats_bound},
        "proof": "; ".join(proof) or "counting",
    }


def _kept(old: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any]:
    """The better of the book's entry and the new one (opponents, then sitting out twice running), with
    the higher proven bounds of the two where they bear on it."""
    if old is None or not old["even_after_every_round"]:
        return new
    key = [(e["values"][TERMS[0]], e["values"][TERMS[1]]) for e in (old, new)]
    kept, other = (old, new) if key[0] <= key[1] else (new, old)
    bounds = dict(kept["bounds"])
    bounds[TERMS[0]] = max(bounds[TERMS[0]], other["bounds"][TERMS[0]])
    if other["values"][TERMS[0]] == kept["values"][TERMS[0]]:
        bounds[TERMS[1]] = max(bounds[TERMS[1]], other["bounds"][TERMS[1]])
    merged = {name: min(bound, kept["values"][name]) for name, bound in bounds.items()}
    proofs = [e["proof"] for e in (kept, other) if e["bounds"] == merged]
    proof = proofs[0] if proofs else "; ".join(dict.fromkeys((kept["proof"], other["proof"])))
    return {**kept, "bounds": merged, "proof": proof}


def main(argv: list[str] | None = None) -> None:
    """Settle the entries asked for (7, 9 and 11 only) into the book at ``path``."""
    from rotation.build.home import span

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=span, default=None)
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--moves", type=int, default=MOVES)
    args = parser.parse_args(argv)
    book = json.loads(args.path.read_text(encoding="utf-8"))
    for n in [n for n in (args.players or SIZES) if n in SIZES]:
        for rounds in args.rounds:
            entry = build_entry(n, rounds, moves=args.moves)
            if entry is None:
                print(f"{n} x {rounds}: none found", flush=True)
                continue
            by = book["evenings"].setdefault(str(n), {})
            kept = _kept(by.get(str(rounds)), entry)
            if not accepted(n, rounds, kept):  # the planner's own search does better: no entry
                print(f"{n} x {rounds}: {kept['values']} not kept", flush=True)
                continue
            by[str(rounds)] = kept
            print(f"{n} x {rounds}: {kept['values']} proven {kept['bounds']}", flush=True)
            args.path.write_text(_dumped(book), encoding="utf-8")


if __name__ == "__main__":
    main()

"""The two-table book's opponents (issue 26): 9 x 11 built, and opponents of 2 shown the least.

At 8 and 9 players an evening even after every round partners every pair exactly once in its first P / 4
rounds (P pairs: 7 rounds for 8 players, 9 for 9): at that stop P partnerships go to P pairs, none more
than ceil(4s / P) = 1. Those rounds' partnerships are a 1-factorization of K8 (for 9, of K9 less one
player a round, the one sitting out), and in any order they are even at every stop (partners at most once,
everyone out at most once). Until 2P / 4 rounds a pair partners at most twice, so the rounds after the
block partner pairs at most once among themselves, and at 9 players sit out players all different. So
``block_evening``: CP-SAT (one worker, deterministic time, seeded) over each block round's tables (its
four partnerships paired three ways) and every round after (who sits out, the tables, the partners), with
the most meetings and the opponents' spread capped. Every evening even after every round is, up to
relabelling, one of these for one class of 1-factorization: for 8 players there are six
(``factorizations``; 6,240 labelled), so trying each settles a question over all of them; where CP-SAT
does not settle a class whole, the rounds after (interchangeable) are taken up to the block's
automorphisms, case by case (``_split``).

- 9 x 11 (``nine_eleven``): the cyclic block (round i: i out, i + j partnering i - j modulo 9) and two
  rounds after reach every counting floor, opponents within one, where the planner's own evening is not
  even after every round and the book's search met someone five times.
- 8 x 11 (``eight_eleven_proof``): no evening even after every round with the most meetings 5 opposes
  within one, over each of the six classes: its opponents' 2 is the least with the rules above at theirs.
- By counting (``counted_opponents``): within one, every pair opposes L or L + 1 times, and each
  player's opposing places fix how many of the pairs at L + 1 it is in; where no graph has those degrees
  the opponents cannot be within one at all. 11 x 7: only the one player who plays 6 rounds would be in
  such a pair (twice); 11 x 14: only the two who play 11 (twice each).
- ``neighbourhood``: a large-neighbourhood search counted in moves (seeded), each move choosing a few
  rounds again by CP-SAT (``relaxed``) with the others kept, the rules above the opponents held, the
  opponents drawn towards within one; an entry is replaced only where better (``--search``). 10 x 13:
  opponents within one, every rule at its counting floor (the stages in the example below); from the
  book's 10 x 12 it has not reached them (``rotation.build.twotables_ten`` has); at 11 x 8 they cannot be
  (``rotation.build.twotables_eleven``).

    python -m rotation.build.twotables_opponents schedules/twotables.json   # 9 x 11, then the proofs
    python -m rotation.build.twotables_opponents schedules/twotables.json \\
        --search 10x13 --stages 300:4:0:10,60:7:5:40
"""

from __future__ import annotations

import argparse
import json
from functools import cache
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from rotation.balance import multigraphic
from rotation.build.home import _dumped, solve_once
from rotation.movements.twotables import TERMS

__all__ = [
    "block_evening",
    "counted_opponents",
    "eight_eleven_proof",
    "factorizations",
    "main",
    "nine_eleven",
]

WORK = 120.0
"""Deterministic seconds CP-SAT may take per block (``max_deterministic_time``)."""

OPPONENTS = ((8, 11), (10, 12), (10, 13), (11, 7), (11, 8), (11, 14))
"""The entries whose opponents (2, counting's floor 1) this module settles or improves where it can."""

Pair = tuple[int, int]
Form = tuple[tuple[Pair, Pair], ...]
Factor = tuple[Pair, ...]
Evening = list[list[int]]


def _key(p: int, q: int) -> Pair:
    return (p, q) if p < q else (q, p)


def _matchings(free: tuple[int, ...], used: frozenset[Pair]) -> list[Factor]:
    """Every perfect matching of ``free`` avoiding ``used``."""
    if not free:
        return [()]
    first, found = free[0], []
    for other in free[1:]:
        if (first, other) in used:
            continue
        rest = tuple(p for p in free[1:] if p != other)
        found += [((first, other), *m) for m in _matchings(rest, used)]
    return found


def _labelled(n: int) -> list[tuple[Factor, ...]]:
    """Every 1-factorization of K_n (n even), its factors listed by player 0's partner."""
    found: list[tuple[Factor, ...]] = []

    def go(j: int, used: frozenset[Pair], chosen: list[Factor]) -> None:
        if j == n:
            found.append(tuple(chosen))
            return
        rest = tuple(p for p in range(1, n) if p != j)
        for m in _matchings(rest, used):
            go(j + 1, used | set(m), [*chosen, ((0, j), *m)])

    go(1, frozenset(), [])
    return found


@cache
def factorizations(n: int) -> tuple[tuple[tuple[Factor, ...], ...], tuple[int, ...]]:
    """The 1-factorizations of K_n (n even, small) up to relabelling, one of each class, and each class's
    size (its labelled count): for K8 six classes, 6,240 in all."""
    every = _labelled(n)

    def form(f: tuple[Factor, ...]) -> frozenset[frozenset[Pair]]:
        return frozenset(frozenset(m) for m in f)

    seen: set[frozenset[frozenset[Pair]]] = set()
    kinds, sizes = [], []
    for f in every:
        if form(f) in seen:
            continue
        orbit = {
            frozenset(frozenset(_key(g[a], g[b]) for a, b in m) for m in f) for g in permutations(range(n))
        }
        seen |= orbit
        kinds.append(f)
        sizes.append(len(orbit))
    return tuple(kinds), tuple(sizes)


def cyclic_nine() -> tuple[Factor, ...]:
    """K9 less one player a round, cyclically: round i, player i out, i + j partnering i - j (mod 9)."""
    return tuple(tuple(_key((i + j) % 9, (i - j) % 9) for j in range(1, 5)) for i in range(9))


def _extra_options(n: int) -> list[tuple[list[int], int]]:
    """Every round of ``n`` (8 or 9) players at two tables, written [a, b, c, d, e, f, g, h], with who sits
    out (-1: nobody)."""
    found = []
    for out in range(n) if n > 8 else (-1,):
        seated = [p for p in range(n) if p != out]
        for mates in combinations(seated[1:], 3):
            one = (seated[0], *mates)
            two = tuple(p for p in seated if p not in one)
            for a in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):
                for b in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):
                    found.append(([one[i] for i in a] + [two[i] for i in b], out))
    return found


def _round_form(games: list[int] | tuple[int, ...]) -> Form:
    """A round as its tables, each its two partnerships (all sorted): equal for the same round."""
    tables = []
    for t in (games[:4], games[4:]):
        a, b = _key(t[0], t[1]), _key(t[2], t[3])
        tables.append((min(a, b), max(a, b)))
    return tuple(sorted(tables))


def _automorphisms(block: tuple[Factor, ...]) -> list[tuple[int, ...]]:
    """The relabellings of 8 players that take the block's partnerships to themselves (as a set of
    rounds)."""
    form = frozenset(frozenset(f) for f in block)
    return [
        g
        for g in permutations(range(8))
        if frozenset(frozenset(_key(g[p], g[q]) for p, q in f) for f in block) == form
    ]


def _least(keep: list[tuple[int, ...]]) -> set[Form]:
    """The rounds of 8 players least (by ``_round_form``) in their orbits under ``keep``."""
    least = set()
    for games, _ in _extra_options(8):
        form = _round_form(games)
        if all(form <= _round_form([g[p] for p in games]) for g in keep):
            least.add(form)
    return least


def _split(block: tuple[Factor, ...]) -> list[tuple[Form, set[Form]]]:
    """The cases an evening of 8 over ``block`` with at least two rounds after falls in, up to the block's
    automorphisms: those rounds are interchangeable, so one of them relabels (by an automorphism) to the
    least of its orbit, and then another, by one that keeps that first, to the least of its orbit under
    those. Each case: the first round after, and the second's choices."""
    keep = _automorphisms(block)
    cases = []
    for first in sorted(_least(keep)):
        games = [p for table in first for pq in table for p in pq]
        still = [g for g in keep if _round_form([g[p] for p in games]) == first]
        cases.append((first, _least(still)))
    return cases


def block_evening(
    n: int,
    block: tuple[Factor, ...],
    after: int,
    most: int,
    spread: int,
    *,
    first_out: int | None = None,
    fixed: tuple[Form, set[Form]] | None = None,
    work: float = WORK,
    seed: int = 0,
) -> tuple[str, Evening | None]:
    """CP-SAT's answer (its status name) and the evening found: the ``block``'s rounds (each its
    partnerships, tables free) then ``after`` rounds, pairs partnering at most once in those, sitting out
    at most once in all (at 9 players), every pair meeting at most ``most`` times and the opponents within
    ``spread``. The block's rounds are ordered so that nobody sits out twice running."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    pairs = list(combinations(range(n), 2))
    meets: dict[Pair, list[Any]] = {pq: [] for pq in pairs}
    opposed: dict[Pair, list[Any]] = {pq: [] for pq in pairs}
    partnered: dict[Pair, list[Any]] = {pq: [] for pq in pairs}
    tables: list[list[tuple[Any, list[int]]]] = []
    for factor in block:
        a, b, c, d = factor
        options: list[tuple[Any, list[int]]] = []
        for one, two in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
            x = model.new_bool_var("")
            options.append((x, [*one[0], *one[1], *two[0], *two[1]]))
            for left, right in (one, two):
                for p in left:
                    for q in right:
                        meets[_key(p, q)].append(x)
                        opposed[_key(p, q)].append(x)
        for pq in factor:
            meets[pq].append(1)
        model.add_exactly_one(x for x, _ in options)
        tables.append(options)
    every = _extra_options(n)
    later: list[list[tuple[Any, list[int], int]]] = []
    for _ in range(after):
        choices: list[tuple[Any, list[int], int]] = []
        for games, out in every:
            x = model.new_bool_var("")
            choices.append((x, games, out))
            for t in (games[:4], games[4:]):
                for p, q in combinations(t, 2):
                    meets[_key(p, q)].append(x)
                for pq in (_key(t[0], t[1]), _key(t[2], t[3])):
                    partnered[pq].append(x)
                for p in t[:2]:
                    for q in t[2:]:
                        opposed[_key(p, q)].append(x)
        model.add_exactly_one(x for x, _, _ in choices)
        later.append(choices)
    if first_out is not None:  # a symmetry of the block takes any evening there
        model.add(sum(x for x, _, out in later[0] if out != first_out) == 0)
    if fixed is not None:  # the first round after is ``fixed[0]``, the second among ``fixed[1]``
        model.add(sum(x for x, games, _ in later[0] if _round_form(games) != fixed[0]) == 0)
        model.add(sum(x for x, games, _ in later[1] if _round_form(games) not in fixed[1]) == 0)
    if n > 8:
        for p in range(n):
            model.add(sum(x for options in later for x, _, out in options if out == p) <= 1)
    total = 8 * (len(block) + after)
    low = model.new_int_var(max(0, -(-total // len(pairs)) - spread), total // len(pairs), "low")
    for pq in pairs:
        model.add(sum(partnered[pq]) <= 1)
        model.add(sum(meets[pq]) <= most)
        model.add(sum(opposed[pq]) >= low)
        model.add(sum(opposed[pq]) <= low + spread)
    if n == 8:  # redundant, for the proofs: each player's opposing places and meetings over the evening
        for p in range(n):
            model.add(sum(sum(opposed[_key(p, q)]) for q in range(n) if q != p) == 2 * (len(block) + after))
            model.add(sum(sum(meets[_key(p, q)]) for q in range(n) if q != p) == 3 * (len(block) + after))
    solver, status = solve_once(model, work, seed)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver.status_name(status), None
    rounds = [next(games for x, games in options if solver.value(x)) for options in tables]
    extra = [next((games, out) for x, games, out in choices if solver.value(x)) for choices in later]
    if extra and n > 8:  # the block's round out of which the first round after sits goes first
        clash = next(i for i, games in enumerate(rounds) if extra[0][1] not in games)
        rounds.insert(0, rounds.pop(clash))
    return solver.status_name(status), [*rounds, *(games for games, _ in extra)]


def _band(n: int, rounds: int) -> int:
    """The least opponents a pair can have where every pair's are within one: the opposing places' share,
    rounded down."""
    return 8 * rounds // (n * (n - 1) // 2)


def _off_band(n: int, evening: Evening, spread: int) -> int:
    """How far the pairs' opponents lie outside [low, low + spread] (``_band``'s low), summed: 0 where the
    opponents are within ``spread``."""
    from collections import Counter

    opposed: Counter[Pair] = Counter()
    for games in evening:
        for t in (games[:4], games[4:]):
            opposed.update(_key(p, q) for p in t[:2] for q in t[2:])
    low = _band(n, len(evening))
    return sum(
        max(0, low - opposed[pq]) + max(0, opposed[pq] - low - spread) for pq in combinations(range(n), 2)
    )


def relaxed(
    n: int,
    evening: Evening,
    free: list[int],
    caps: dict[str, int],
    *,
    spread: int = 1,
    work: float = 10.0,
    seed: int = 0,
) -> Evening | None:
    """``evening`` with the rounds ``free`` chosen again by CP-SAT (one worker, deterministic time,
    seeded), the others kept: even after every round (partners within [floor, ceil] of their average,
    sit-outs within one of the fair share), nobody out twice running where ``caps`` holds the sit-out
    repeats at 0, nobody three running, the most meetings within ``caps``' and every pair meeting where
    its repeated meetings are counting's least (12 x rounds - P); the opponents as near [low, low +
    ``spread``] (``_off_band``) as found. None where CP-SAT finds nothing."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    rounds, pairs, k = len(evening), list(combinations(range(n), 2)), n - 8
    fixed = [r not in free for r in range(rounds)]
    u: dict[tuple[Pair, int], Any] = {}
    m: dict[tuple[Pair, int], Any] = {}
    out: dict[tuple[int, int], Any] = {}
    for r, games in enumerate(evening):
        if fixed[r]:
            tables = (games[:4], games[4:])
            mates = {_key(p, q) for t in tables for p, q in combinations(t, 2)}
            partners = {_key(t[0], t[1]) for t in tables} | {_key(t[2], t[3]) for t in tables}
            for pq in pairs:
                u[pq, r], m[pq, r] = int(pq in partners), int(pq in mates)
            for p in range(n):
                out[p, r] = int(p not in games)
            continue
        for pq in pairs:
            u[pq, r], m[pq, r] = model.new_bool_var(""), model.new_bool_var("")
            model.add_implication(u[pq, r], m[pq, r])
        model.add(sum(u[pq, r] for pq in pairs) == 4)
        for p in range(n):
            seat = sum(u[_key(p, q), r] for q in range(n) if q != p)
            model.add(seat <= 1)
            model.add(sum(m[_key(p, q), r] for q in range(n) if q != p) == 3 * seat)
            out[p, r] = 1 - seat
        for a, b, c in combinations(range(n), 3):  # sharing a table is transitive
            ab, bc, ac = m[(a, b), r], m[(b, c), r], m[(a, c), r]
            model.add(ab + bc - ac <= 1)
            model.add(ab + ac - bc <= 1)
            model.add(bc + ac - ab <= 1)
        together = {_key(p, q) for t in (games[:4], games[4:]) for p, q in combinations(t, 2)}
        partners = {_key(t[0], t[1]) for t in (games[:4], games[4:])} | {
            _key(t[2], t[3]) for t in (games[:4], games[4:])
        }
        for pq in pairs:
            model.add_hint(u[pq, r], pq in partners)
            model.add_hint(m[pq, r], pq in together)
    for p in range(n):
        for r in range(rounds - 1):
            if caps.get("sit-out repeats") == 0 and not (fixed[r] and fixed[r + 1]):
                model.add(out[p, r] + out[p, r + 1] <= 1)
            if r < rounds - 2 and not (fixed[r] and fixed[r + 1] and fixed[r + 2]):
                model.add(out[p, r] + out[p, r + 1] + out[p, r + 2] <= 2)
    for stop in range(min(free) + 1, rounds + 1):
        for p in range(n):
            model.add_linear_constraint(sum(out[p, r] for r in range(stop)), k * stop // n, -(-k * stop // n))
        low, high = 4 * stop // len(pairs), -(-4 * stop // len(pairs))
        for pq in pairs:
            model.add_linear_constraint(sum(u[pq, r] for r in range(stop)), low, high)
    band = _band(n, rounds)
    off = []
    everyone_meets = caps.get("repeated meetings") == 12 * rounds - len(pairs)
    for pq in pairs:
        meets = sum(m[pq, r] for r in range(rounds))
        model.add(meets <= caps["most meetings"])
        if everyone_meets:
            model.add(meets >= 1)
        opposed = meets - sum(u[pq, r] for r in range(rounds))
        miss = model.new_int_var(0, 2 * rounds, "")
        model.add(miss >= band - opposed)
        model.add(miss >= opposed - band - spread)
        off.append(miss)
    least, most = model.new_int_var(0, 2 * rounds, ""), model.new_int_var(0, 2 * rounds, "")
    for pq in pairs:
        opposed = sum(m[pq, r] - u[pq, r] for r in range(rounds))
        model.add(opposed >= least)
        model.add(opposed <= most)
    model.add(most - least <= caps["opponent spread"])
    model.minimize(sum(off))
    solver, status = solve_once(model, work, seed)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    found = []
    for r, games in enumerate(evening):
        if fixed[r]:
            found.append(list(games))
            continue
        partnered = [pq for pq in pairs if solver.value(u[pq, r])]
        seated: list[int] = []
        for pq in partnered:
            if pq[0] in seated:
                continue
            rivals = next(xy for xy in partnered if xy != pq and solver.value(m[_key(pq[0], xy[0]), r]))
            seated += [*pq, *rivals]
        found.append(seated)
    return found


def neighbourhood(
    n: int,
    evening: Evening,
    caps: dict[str, int],
    *,
    moves: int,
    size: int = 3,
    spread: int = 1,
    work: float = 10.0,
    seed: int = 0,
) -> Evening:
    """A large-neighbourhood search counted in moves: each move frees ``size`` rounds drawn by a seeded
    generator and keeps ``relaxed``'s evening where it is no further off the opponents' band; stops at the
    band (``_off_band`` 0) or after ``moves`` moves."""
    import random

    draw = random.Random(seed)
    best, off = evening, _off_band(n, evening, spread)
    for move in range(moves):
        if off == 0:
            break
        free = sorted(draw.sample(range(len(evening)), size))
        found = relaxed(n, best, free, caps, spread=spread, work=work, seed=move)
        if found is not None and (got := _off_band(n, found, spread)) <= off:
            best, off = found, got
            print(f"move {move}: {free} off {off}", flush=True)
    return best


def nine_eleven(*, work: float = WORK) -> dict[str, Any] | None:
    """The book's 9 x 11: ``block_evening`` over the cyclic block with two rounds after, at every counting
    floor (nobody meeting anyone five times, opponents within one), relabelled so that round 1 is 0-1
    against 2-3 and 4-5 against 6-7; its bounds by counting (``twotables_proofs.settle``). None where
    CP-SAT finds none within ``work``."""
    from rotation.build.twotables import _relabelled, floors
    from rotation.build.twotables_proofs import settle

    floor = floors(9, 11)
    _, evening = block_evening(9, cyclic_nine(), 2, floor["most meetings"], 1, first_out=0, work=work)
    if evening is None:
        return None
    return _entry(9, _relabelled(9, evening), settle)


def _entry(n: int, evening: Evening, settle: Any) -> dict[str, Any]:
    from rotation.build.twotables import counted

    got = counted(n, evening)
    entry: dict[str, Any] = {"rounds": evening, "values": {t: got[t] for t in TERMS}, "bounds": {}}
    settle(n, len(evening), entry, searches=False)
    return entry


def eight_eleven_proof(entry: dict[str, Any], *, work: float = WORK) -> str | None:
    """Whether no evening of 8 x 11 even after every round, meeting nobody more than the entry's most
    meetings, opposes within one: ``block_evening`` infeasible over each class of 1-factorization of K8
    (``factorizations``), each whole or, where CP-SAT does not settle it in a quarter of ``work``, case by
    case (``_split``). The proof's words, or None where any case is not
    settled within ``work``."""
    most = entry["values"]["most meetings"]
    for block in factorizations(8)[0]:
        if block_evening(8, block, 4, most, 1, work=work / 4)[0] == "INFEASIBLE":
            continue  # settled whole; else case by case
        for case in _split(block):
            if block_evening(8, block, 4, most, 1, fixed=case, work=work)[0] != "INFEASIBLE":
                return None
    return (
        f"opponent spread 2: none within 1 with the most meetings {most} among evenings even after every"
        " round (their first 7 rounds partner every pair once: CP-SAT over each of the six"
        " 1-factorizations of K8 up to relabelling, the tables and the 4 rounds after free)"
    )


def counted_opponents(n: int, rounds: int) -> str | None:
    """Counting's proof that ``n`` players at two tables over ``rounds`` cannot oppose within one with the
    sit-outs within one of the fair share (ranked first), or None. Within one, with 8 x rounds opposing
    places over P pairs (not a multiple), every pair opposes L = 8 x rounds // P or L + 1 times; a player
    who plays r rounds has 2r opposing places for n - 1 others, so is in 2r - L(n - 1) of the pairs at
    L + 1: where no graph has those degrees, some pair is outside."""
    pairs, k = n * (n - 1) // 2, n - 8
    if 8 * rounds % pairs == 0:
        return None
    low = 8 * rounds // pairs
    most, least = rounds - k * rounds // n, rounds - -(-k * rounds // n)
    more = k * rounds % n  # those who sit out once more than the others
    played = [least] * more + [most] * (n - more)
    degrees = [2 * r - low * (n - 1) for r in played]
    if all(0 <= d <= n - 1 for d in degrees) and multigraphic(degrees, 1):
        return None
    said = ", ".join(
        f"{2 * r - low * (n - 1)} for those playing {r}" for r in sorted(set(played), reverse=True)
    )
    return (
        f"opponent spread 2: within 1 every pair opposes {low} or {low + 1} times ({8 * rounds} places over"
        f" {pairs} pairs), and a player playing r rounds is in 2r - {low * (n - 1)} of the pairs opposing"
        f" {low + 1} times: {said}, which no pairs give (counting)"
    )


def _relabelled_entry(n: int, evening: Evening, entry: dict[str, Any]) -> dict[str, Any] | None:
    """``evening`` as the book's entry in ``entry``'s place where it is better in the ranked order and
    kept by ``twotables.accepted`` (even after every round, nobody out three running), the rules above the
    opponents at ``entry``'s values; its bounds ``entry``'s for those rules, then counting's
    (``twotables_proofs.settle``). None where it is not better."""
    from rotation.build.twotables import _relabelled, accepted, counted, ranked
    from rotation.build.twotables_proofs import settle

    evening = _relabelled(n, evening)
    got = counted(n, evening)
    if ranked(got) >= ranked(counted(n, entry["rounds"])) or any(
        got[t] != entry["values"][t] for t in TERMS[:-1]
    ):
        return None
    found = {
        "rounds": evening,
        "values": {t: got[t] for t in TERMS},
        "bounds": {t: b for t, b in entry["bounds"].items() if t != TERMS[-1]},
    }
    if not accepted(n, {**found, "planner": ranked(got)}):
        return None
    if "proof" in entry:
        found["proof"] = entry["proof"]
    settle(n, len(evening), found, searches=False)
    return found


def _proven(entry: dict[str, Any], proof: str) -> None:
    """State the entry's opponents proven, with the proof's words beside any it had."""
    entry["bounds"][TERMS[-1]] = entry["values"][TERMS[-1]]
    entry["proof"] = "; ".join([*([entry["proof"]] if entry.get("proof") else []), proof])


def main(argv: list[str] | None = None) -> None:
    """Build 9 x 11 into the book at ``path`` and settle the opponents by counting and 8 x 11's by search
    (``--proofs``: only those; ``--search``: only a neighbourhood search), writing the book after each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--work", type=float, default=WORK)
    parser.add_argument("--proofs", action="store_true", help="only the proofs, not 9 x 11")
    parser.add_argument("--search", help="only a neighbourhood search from the entry NxR (e.g. 11x14)")
    parser.add_argument(
        "--stages",
        default="150:4:0:10",
        help="the search's stages, each from the last's evening: moves:size:seed:work, comma-separated",
    )
    args = parser.parse_args(argv)
    from rotation.build.twotables import accepted, counted, planned, ranked

    book = json.loads(args.path.read_text(encoding="utf-8"))
    evenings = book["evenings"]
    if args.search:
        n, rounds = (int(x) for x in args.search.split("x"))
        entry = evenings[str(n)][str(rounds)]
        found = entry["rounds"]
        for stage in args.stages.split(","):
            moves, size, seed, work = stage.split(":")
            found = neighbourhood(
                n, found, entry["values"], moves=int(moves), size=int(size), seed=int(seed), work=float(work)
            )
        better = _relabelled_entry(n, found, entry)
        print(f"{n} x {rounds}: {better and better['values']}", flush=True)
        if better is not None:
            evenings[str(n)][str(rounds)] = better
            args.path.write_text(_dumped(book), encoding="utf-8")
        return
    if not args.proofs:
        entry = nine_eleven(work=args.work)
        if entry is not None and accepted(9, {**entry, "planner": ranked(counted(9, planned(9, 11)))}):
            evenings["9"]["11"] = entry
            args.path.write_text(_dumped(book), encoding="utf-8")
        print(f"9 x 11: {entry and entry['values']} proven {entry and entry['bounds']}", flush=True)
    for n, rounds in OPPONENTS:  # counting, where the opponents are 2 and stated no lower
        entry = evenings[str(n)][str(rounds)]
        proof = counted_opponents(n, rounds)
        if proof and entry["values"][TERMS[-1]] == 2 and TERMS[-1] not in entry["bounds"]:
            print(f"{n} x {rounds}: {proof}", flush=True)
            _proven(entry, proof)
            args.path.write_text(_dumped(book), encoding="utf-8")
    entry = evenings["8"]["11"]
    if entry["bounds"].get(TERMS[-1]) != entry["values"][TERMS[-1]]:
        proof = eight_eleven_proof(entry, work=args.work)
        print(f"8 x 11: {proof or 'not proven'}", flush=True)
        if proof is not None:
            _proven(entry, proof)
            args.path.write_text(_dumped(book), encoding="utf-8")


if __name__ == "__main__":
    main()

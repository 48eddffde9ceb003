"""Base rounds over Z_q found by annealing, for the meet-once evenings that CP-SAT did not reach (72, 84,
96 and 100 players; 44, 56, 68, 80 and 92). Offline only: ``rotation.build.meetonce`` puts them in the book.

Each evening is 1-rotational: players (x, i) = i q + x for x in Z_q and classes i = 0..2, then ``fixed``
players 3q.. whom the rounds leave in place; round t is the base round with t added to every x (the book's
``"translates"``). Only the base round, a partition of the players into tables of four, is searched for.
Each fixed player sits with one player of each class, so meets 3q others over the rounds; two finite
players (x, i), (z, j) meet in the rounds of the difference z - x, so the evening is meet-once exactly
when each *difference class* is covered at most once by the base tables' pairs: (i, j, z - x) for two
classes i < j, and {d, -d} within a class. The three kinds, each complete (every pair that may meet
meets once, so no evening for that many players is longer):

- ``"3^u"``, type 3^(q + 1), q = 3 (mod 4), 3 fixed players: a resolvable group divisible design with
  blocks of four whose groups of three {(x, 0), (x, 1), (x, 2)} and {fixed} never meet; q rounds for
  3(q + 1) players (72: 23, 84: 27, 96: 31). Such designs exist for every 3u = 0 (mod 12) with u >= 8
  (Ge, Lam, Ling and Shen, "Resolvable maximum packings with quadruples", Des. Codes Cryptogr. 35
  (2005)). Every (i, j, d) with d != 0 once, (i, j, 0) never, every {d, -d}, d != 0, once.
- ``"RBIBD"``, 3q + 1 players, 1 fixed player: a resolvable design with blocks of four, everyone meeting
  once (Hanani, Ray-Chaudhuri and Wilson 1972: one for every v = 4 (mod 12)); every (i, j, d) once, 0
  included, and every {d, -d}, d != 0, once. 100 players: q = 33.
- ``"2^u"``, type 2^(3k + 1), q = 2k, k odd, 2 fixed players: groups {(x, i), (x + k, i)} and the two
  fixed players never meet; 2k rounds for 6k + 2 players (44: 14, 56: 18, 68: 22, 80: 26, 92: 30). Every
  (i, j, d) once, every {d, -d} with d not in {0, k} once, the difference k never. Resolvable 4-GDDs of
  type 2^u exist for every u = 4 (mod 6) but 4 and 10, with possible exceptions (Shen, "Resolvable group
  divisible designs with block size four and group size two", Discrete Math.; Ge, Lam, Ling and Shen).

For 3^u and RBIBD the base round is asked to be fixed by turning the classes round ((x, i) -> (x, i + 1),
the fixed players and tables in threes), which leaves a third of the slots to fill: the state is which x
sits at each slot of a representative table and in which class (``turned``). Annealing (``anneal``) swaps
two slots' x, or changes a slot's class (3^u, RBIBD) or swaps two players between tables (2^u, keeping
one of each class beside each fixed player), and scores the sum over difference classes of (count -
target)^2, updated from the two tables a move touches; a worse move is taken with probability
exp(-delta / temperature). Its random numbers are ``XorShift``'s, so ``tools/base_search.c``, the same
search in C step for step (about 50 times faster), finds the same base from the same seed; the bases in
``FOUND`` came from it (seeds and moves there), and the Python finds the small ones in the tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rotation.build.designs import translates
from rotation.build.table_search import XorShift

__all__ = ["FOUND", "KINDS", "anneal", "base_spec", "found_spec", "rounds_of", "size_of"]

KINDS = ("3^u", "RBIBD", "2^u")

Slot = tuple[int, int]
"""(x, class) of a finite player at a base table."""


def size_of(kind: str, q: int) -> int:
    """Players of the evening of ``kind`` over Z_q."""
    return 3 * q + {"3^u": 3, "RBIBD": 1, "2^u": 2}[kind]


def rounds_of(kind: str, q: int) -> int:
    """Its rounds: one per element of Z_q."""
    return q


def _targets(kind: str, q: int) -> tuple[list[int], int]:
    """Target count of each difference class, and how many there are. Turned (3^u, RBIBD): the mixed
    class (i, i + 1, d) is index d, {d, -d} index q + min(d, q - d); 2^u: (i, j, d) index p q + d for
    the class pair p = 0, 1, 2 of (0, 1), (0, 2), (1, 2), and {d, -d} in class i 3q + i (q // 2 + 1) +
    min(d, q - d)."""
    half = q // 2
    if kind == "2^u":
        targets = [1] * (3 * q) + [0] * (3 * (half + 1))
        for i in range(3):
            for c in range(1, half):
                targets[3 * q + i * (half + 1) + c] = 1
        return targets, len(targets)
    targets = [1] * (q + half + 1)
    targets[q] = 0
    if kind == "3^u":
        targets[0] = 0
    return targets, len(targets)


def anneal(
    kind: str, q: int, *, seed: int, moves: int, temperature: float = 0.5
) -> tuple[list[list[Slot]], int] | None:
    """The representative base tables (3^u: the first has three slots, its fixed player implied;
    2^u: the first two) and the move that found them, or None after ``moves`` moves."""
    if kind not in KINDS:
        raise ValueError(f"no base round of kind {kind!r}")
    rng = XorShift(seed)
    targets, _ = _targets(kind, q)
    xs: list[int] = []
    labels: list[int] = []
    tables: list[list[int]] = []
    if kind == "2^u":
        fixed = 2
        points = []
        for _ in range(3):
            row = list(range(q))
            for a in range(q - 1, 0, -1):
                b = rng.below(a + 1)
                row[a], row[b] = row[b], row[a]
            points.append(row)
        for f in range(2):
            tables.append([len(xs) + i for i in range(3)])
            for i in range(3):
                xs.append(points[i][f])
                labels.append(i)
        rest = [i * q + points[i][a] for i in range(3) for a in range(2, q)]
        for a in range(len(rest) - 1, 0, -1):
            b = rng.below(a + 1)
            rest[a], rest[b] = rest[b], rest[a]
        for t in range(len(rest) // 4):
            tables.append([len(xs) + k for k in range(4)])
            for k in range(4):
                i, x = divmod(rest[4 * t + k], q)
                xs.append(x)
                labels.append(i)
    else:
        order = list(range(q)) if kind == "3^u" else list(range(1, q))
        for a in range(len(order) - 1, 0, -1):
            b = rng.below(a + 1)
            order[a], order[b] = order[b], order[a]
        if kind == "3^u":
            tables.append([0, 1, 2])
            xs.extend(order[:3])
            labels.extend((0, 1, 2))
        fixed = len(xs)
        for _ in range((len(order) - fixed) // 4):
            tables.append([len(xs) + k for k in range(4)])
            for _ in range(4):
                xs.append(order[len(xs)])
                labels.append(rng.below(3))
    slots = len(xs)
    table_of = [t for t, table in enumerate(tables) for _ in table]
    half = q // 2

    def key(s: int, r: int) -> int:
        i, j, a, b = labels[s], labels[r], xs[s], xs[r]
        if kind == "2^u":
            if i == j:
                d = (b - a) % q
                return 3 * q + i * (half + 1) + min(d, q - d)
            if i > j:
                i, j, a, b = j, i, b, a
            return (0 if i == 0 and j == 1 else 1 if i == 0 else 2) * q + (b - a) % q
        if i == j:
            d = (b - a) % q
            return q + min(d, q - d)
        return (b - a) % q if (i + 1) % 3 == j else (a - b) % q

    def pairs(t: int) -> list[int]:
        table = tables[t]
        return [key(table[a], table[b]) for a in range(len(table)) for b in range(a + 1, len(table))]

    def swap(s: int, r: int) -> None:
        """Two slots trade their x (3^u, RBIBD: the classes stay with the slots) or players (2^u)."""
        xs[s], xs[r] = xs[r], xs[s]
        if kind == "2^u":
            labels[s], labels[r] = labels[r], labels[s]

    counts = [0] * len(targets)
    if kind == "RBIBD":
        counts[0] = 1  # the fixed player's table {(0, 0), (0, 1), (0, 2)} turned onto itself
    for t in range(len(tables)):
        for k in pairs(t):
            counts[k] += 1
    cost = sum((c - g) ** 2 for c, g in zip(counts, targets, strict=True))
    for m in range(moves):
        relabel = kind != "2^u" and slots > fixed and rng.below(3) == 0
        if relabel:
            s = fixed + rng.below(slots - fixed)
            r, old = -1, labels[s]
            touched: tuple[int, ...] = (table_of[s],)
        else:
            s, r = rng.below(slots), rng.below(slots)
            if kind == "2^u":
                if table_of[s] == table_of[r]:
                    continue
                if (table_of[s] < fixed or table_of[r] < fixed) and labels[s] != labels[r]:
                    continue
            elif xs[s] == xs[r]:
                continue
            touched = (table_of[s],) if table_of[s] == table_of[r] else (table_of[s], table_of[r])
        removed = [k for t in touched for k in pairs(t)]
        delta = 0
        for k in removed:
            delta += -2 * (counts[k] - targets[k]) + 1
            counts[k] -= 1
        if relabel:
            labels[s] = (old + 1 + rng.below(2)) % 3
        else:
            swap(s, r)
        added = [k for t in touched for k in pairs(t)]
        for k in added:
            delta += 2 * (counts[k] - targets[k]) + 1
            counts[k] += 1
        if delta <= 0 or rng.uniform() < math.exp(-delta / temperature):
            cost += delta
            if cost == 0:
                return [[(xs[s], labels[s]) for s in table] for table in tables], m
        else:
            for k in added:
                counts[k] -= 1
            for k in removed:
                counts[k] += 1
            if relabel:
                labels[s] = old
            else:
                swap(s, r)
    return None


def base_spec(kind: str, q: int, found: Sequence[Sequence[Slot]]) -> dict[str, Any]:
    """The book's spec (``translates``) of the base round ``anneal`` found: 3^u and RBIBD turned into
    its three turns (the fixed players' tables first), 2^u as found with the fixed players 3q, 3q + 1."""
    if kind == "2^u":
        base = [
            [*([3 * q + t] if t < 2 else []), *(i * q + x for x, i in table)] for t, table in enumerate(found)
        ]
        return translates(q, 2, base)
    fixed_tables: list[list[int]] = []
    finite: list[list[int]] = []
    reps = list(found)
    if kind == "RBIBD":
        fixed_tables.append([3 * q, 0, q, 2 * q])
    else:
        first, reps = reps[0], reps[1:]
        for turn in range(3):
            fixed_tables.append([3 * q + turn, *(((i + turn) % 3) * q + x for x, i in first)])
    for turn in range(3):
        finite.extend([((i + turn) % 3) * q + x for x, i in table] for table in reps)
    return translates(q, 3 if kind == "3^u" else 1, [*fixed_tables, *finite])


FOUND: dict[int, tuple[str, int, int, float, int, tuple[tuple[Slot, ...], ...]]] = {
    72: (
        "3^u",
        23,
        1,
        0.5,
        7_876_520,
        (
            ((1, 0), (10, 1), (12, 2)),
            ((17, 0), (0, 0), (4, 0), (7, 1)),
            ((20, 1), (5, 0), (6, 0), (18, 2)),
            ((21, 0), (22, 2), (16, 1), (2, 1)),
            ((11, 0), (3, 0), (14, 0), (19, 1)),
            ((9, 1), (15, 0), (13, 0), (8, 0)),
        ),
    ),
    84: (
        "3^u",
        27,
        1,
        0.5,
        158_394_682,
        (
            ((15, 0), (16, 1), (9, 2)),
            ((24, 1), (5, 1), (4, 1), (0, 2)),
            ((13, 2), (3, 1), (25, 0), (11, 0)),
            ((19, 2), (1, 0), (10, 2), (8, 1)),
            ((22, 0), (7, 2), (26, 1), (21, 1)),
            ((18, 0), (12, 0), (14, 0), (2, 0)),
            ((20, 2), (6, 1), (23, 2), (17, 0)),
        ),
    ),
    96: (
        "3^u",
        31,
        1,
        0.5,
        193_757_219,
        (
            ((20, 0), (14, 1), (16, 2)),
            ((1, 2), (4, 1), (25, 2), (9, 2)),
            ((15, 0), (3, 1), (30, 1), (27, 0)),
            ((13, 0), (24, 1), (11, 0), (2, 1)),
            ((12, 0), (6, 0), (17, 0), (18, 1)),
            ((8, 0), (10, 2), (26, 0), (0, 2)),
            ((7, 2), (28, 1), (21, 2), (29, 1)),
            ((23, 2), (22, 0), (19, 0), (5, 1)),
        ),
    ),
}
"""Players -> (kind, q, seed, temperature, the move that found it, the representative base tables as
``anneal`` returns them), found by ``tools/base_search.c`` (the same search as ``anneal``; 72's in about
8 seconds there, 84's and 96's in a few minutes each). ``anneal`` finds 72's from its seed in a few
minutes of Python; the book is built from these tables (``found_spec``), checked by ``is_meet_once``."""


def found_spec(n_players: int) -> tuple[dict[str, Any], str] | None:
    """The book's spec for ``n_players`` from ``FOUND``, and the source to print, or None."""
    if n_players not in FOUND:
        return None
    kind, q, seed, temperature, move, tables = FOUND[n_players]
    what = {
        "3^u": f"resolvable group divisible design with blocks of four, type 3^{q + 1} (groups of three "
        "who never meet: Ge, Lam, Ling and Shen, Des. Codes Cryptogr. 2005)",
        "RBIBD": f"resolvable design with blocks of four on {n_players} players (Hanani, Ray-Chaudhuri "
        "and Wilson 1972)",
        "2^u": f"resolvable group divisible design with blocks of four, type 2^{n_players // 2} (pairs who "
        "never meet)",
    }[kind]
    source = (
        f"{what}, 1-rotational over Z_{q}, base round fixed by turning the classes, by annealing "
        f"(seed {seed}, temperature {temperature}, found at move {move:,})"
    )
    if kind == "2^u":
        source = source.replace(", base round fixed by turning the classes", ", base round")
    return base_spec(kind, q, tables), source

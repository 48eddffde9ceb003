"""Base rounds over Z_q found by annealing, for the meet-once evenings that CP-SAT did not reach (72, 84
and 96 players; 44, 56 and 80; not 68, 92 and 100). Offline only: ``rotation.build.meetonce`` puts
them in the book.

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
  type 2^u are reported for u = 4 (mod 6) but 4 and 10, with possible exceptions (the resolvable
  maximum packings of Ge, Lam, Ling and Shen for v = 8 (mod 12) rest on them); the sources were not at
  hand here to check the exceptions, so the book claims only the designs below, each checked.

The base round is asked to be fixed by a turn of order three, (x, i) -> (m x, i + 1) with m = 1 (3^u,
RBIBD) or a unit of Z_2k of order three (2^u: 44, 56 and 80, but not 68 and 92, whose Z_22 and Z_30 have
none), the fixed players' tables turned onto themselves (2^u, RBIBD) or into each other (3^u); that
leaves a third of the players to seat: the state is the class-0 element y of each turn's orbit at a slot
of a representative table, and the slot's class i (the player (m^i y, i)). Annealing (``anneal``) swaps
two slots' y or changes a slot's class, and scores the sum over difference classes, as the turn sees
them, of (count - target)^2, updated from the tables a move touches; a worse move is taken with
probability exp(-delta / temperature). Its random numbers are ``XorShift``'s, so ``tools/base_search.c``,
the same search in C step for step (about 50 times faster), finds the same base from the same seed; the
bases in ``FOUND`` came from it (seeds and moves there), and the Python finds the small ones in the tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rotation.build.designs import translates
from rotation.build.table_search import XorShift

__all__ = [
    "FOUND",
    "KINDS",
    "anneal",
    "base_spec",
    "found_spec",
    "negated_pairing",
    "negated_spec",
    "unit_of_order_three",
]

KINDS = ("3^u", "RBIBD", "2^u")

Slot = tuple[int, int]
"""(y, i) at a slot of a representative table: the player (m^i y, i) (m = 1 but for 2^u)."""


def unit_of_order_three(q: int) -> int:
    """The least m in Z_q with m^3 = 1 and m^2 != 1 (the 2^u search turns by it), or 0: none."""
    return next((c for c in range(2, q) if c * c % q != 1 and c * c * c % q == 1), 0)


def _targets(kind: str, q: int) -> list[int]:
    """Target count of each difference class, as the turned base round sees them: the mixed class
    (i, i + 1, d) is index d, {d, -d} within a class index q + min(d, q - d)."""
    half = q // 2
    targets = [1] * (q + half + 1)
    targets[q] = 0
    if kind == "3^u":
        targets[0] = 0  # (x, i), (x, j): one group
    if kind == "2^u":
        targets[q + half] = 0  # (x, i), (x + k, i): one group
    return targets


def anneal(
    kind: str, q: int, *, seed: int, moves: int, temperature: float = 0.5
) -> tuple[list[list[Slot]], int] | None:
    """The representative base tables and the move that found them, or None after ``moves`` moves. A
    slot (y, i) is the player (m^i y, i), m = 1 but for 2^u (``unit_of_order_three``); the turn takes
    (x, i) to (m x, i + 1). 3^u: the first table has three slots, classes 0, 1, 2, its fixed player
    implied; 2^u: the first two have one slot each, the fixed player's table {(y, 0), (m y, 1),
    (m^2 y, 2)}; RBIBD: y = 0 is the fixed player's table, not a slot."""
    if kind not in KINDS:
        raise ValueError(f"no base round of kind {kind!r}")
    m = unit_of_order_three(q) if kind == "2^u" else 1
    if m == 0:
        raise ValueError(f"no unit of order 3 mod {q} to turn a design of type 2^u by")
    rng = XorShift(seed)
    targets = _targets(kind, q)
    order = list(range(1 if kind == "RBIBD" else 0, q))
    for a in range(len(order) - 1, 0, -1):
        b = rng.below(a + 1)
        order[a], order[b] = order[b], order[a]
    ys: list[int] = []
    labels: list[int] = []
    tables: list[list[int]] = []
    if kind == "3^u":
        tables.append([0, 1, 2])
        ys.extend(order[:3])
        labels.extend((0, 1, 2))
    elif kind == "2^u":
        for f in range(2):
            tables.append([f])
            ys.append(order[f])
            labels.append(0)
    fixed = len(ys)
    for _ in range((len(order) - fixed) // 4):
        tables.append([len(ys) + k for k in range(4)])
        for _ in range(4):
            ys.append(order[len(ys)])
            labels.append(rng.below(3))
    slots = len(ys)
    table_of = [t for t, table in enumerate(tables) for _ in table]

    def key(s: int, r: int) -> int:
        i, j, a, b = labels[s], labels[r], ys[s], ys[r]
        if s == r:  # a fixed player's table turned onto itself: one orbit of pairs
            return (m - 1) * a % q
        if i == j:
            d = (b - a) % q
            return q + min(d, q - d)
        return (m * b - a) % q if (i + 1) % 3 == j else (m * a - b) % q

    def pairs(t: int) -> list[int]:
        table = tables[t]
        if len(table) == 1:
            return [key(table[0], table[0])]
        return [key(table[a], table[b]) for a in range(len(table)) for b in range(a + 1, len(table))]

    counts = [0] * len(targets)
    if kind == "RBIBD":
        counts[0] = 1  # the fixed player's table {(0, 0), (0, 1), (0, 2)} turned onto itself
    for t in range(len(tables)):
        for k in pairs(t):
            counts[k] += 1
    cost = sum((c - g) ** 2 for c, g in zip(counts, targets, strict=True))
    for move in range(moves):
        relabel = slots > fixed and rng.below(3) == 0
        if relabel:
            s = fixed + rng.below(slots - fixed)
            r, old = -1, labels[s]
            touched: tuple[int, ...] = (table_of[s],)
        else:
            s, r = rng.below(slots), rng.below(slots)
            if ys[s] == ys[r]:
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
            ys[s], ys[r] = ys[r], ys[s]
        added = [k for t in touched for k in pairs(t)]
        for k in added:
            delta += 2 * (counts[k] - targets[k]) + 1
            counts[k] += 1
        if delta <= 0 or rng.uniform() < math.exp(-delta / temperature):
            cost += delta
            if cost == 0:
                return [[(ys[s], labels[s]) for s in table] for table in tables], move
        else:
            for k in added:
                counts[k] -= 1
            for k in removed:
                counts[k] += 1
            if relabel:
                labels[s] = old
            else:
                ys[s], ys[r] = ys[r], ys[s]
    return None


def base_spec(kind: str, q: int, found: Sequence[Sequence[Slot]]) -> dict[str, Any]:
    """The book's spec (``translates``) of the base round ``anneal`` found: each representative table
    and its two turns (the fixed players' tables first: 3q, 3q + 1, ..)."""
    m = unit_of_order_three(q) if kind == "2^u" else 1

    def player(y: int, i: int, turn: int) -> int:
        """The slot (y, i), the player (m^i y, i), turned ``turn`` times: (m^(i + turn) y, i + turn)."""
        return (i + turn) % 3 * q + pow(m, i + turn, q) * y % q

    reps = [list(table) for table in found]
    fixed_tables: list[list[int]] = []
    if kind == "RBIBD":
        fixed_tables.append([3 * q, 0, q, 2 * q])
    elif kind == "3^u":
        first, reps = reps[0], reps[1:]
        fixed_tables.extend([3 * q + turn, *(player(y, i, turn) for y, i in first)] for turn in range(3))
    else:
        (a, _), (b, _) = reps[0][0], reps[1][0]
        reps = reps[2:]
        fixed_tables.extend(
            [3 * q + f, *(player(y, 0, turn) for turn in range(3))] for f, y in enumerate((a, b))
        )
    finite = [[player(y, i, turn) for y, i in table] for turn in range(3) for table in reps]
    return translates(q, len(fixed_tables), [*fixed_tables, *finite])


FOUND: dict[int, tuple[str, int, int, float, int, tuple[tuple[Slot, ...], ...]]] = {
    44: (
        "2^u",
        14,
        2,
        1.0,
        1_929_280,
        (
            ((9, 0),),
            ((8, 0),),
            ((2, 0), (7, 0), (4, 2), (12, 2)),
            ((5, 1), (11, 2), (3, 1), (6, 0)),
            ((1, 2), (0, 0), (10, 0), (13, 0)),
        ),
    ),
    56: (
        "2^u",
        18,
        1,
        1.0,
        7_468_890,
        (
            ((11, 0),),
            ((3, 0),),
            ((10, 1), (13, 2), (5, 0), (14, 1)),
            ((15, 1), (7, 0), (12, 2), (17, 0)),
            ((2, 2), (9, 2), (8, 2), (16, 0)),
            ((4, 0), (0, 2), (1, 0), (6, 0)),
        ),
    ),
    80: (
        "2^u",
        26,
        11,
        0.6,
        22_635_808,
        (
            ((10, 0),),
            ((22, 0),),
            ((19, 0), (4, 0), (16, 2), (8, 2)),
            ((11, 1), (6, 2), (14, 0), (3, 2)),
            ((21, 0), (1, 1), (5, 2), (20, 0)),
            ((18, 1), (23, 0), (7, 0), (25, 1)),
            ((12, 0), (24, 2), (17, 0), (0, 0)),
            ((2, 0), (9, 1), (13, 1), (15, 1)),
        ),
    ),
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
``anneal`` returns them), found by ``tools/base_search.c`` (the same search as ``anneal``; 44's, 56's and
72's in seconds there, 80's, 84's and 96's in a few minutes each); ``anneal`` finds 44's from its seed, the
same tables at the same move, in under two minutes of Python. The book is built from these tables
(``found_spec``), checked by ``is_meet_once``."""


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
    turn = "turning the classes" if kind != "2^u" else f"(x, i) -> ({unit_of_order_three(q)}x, i + 1)"
    source = (
        f"{what}, 1-rotational over Z_{q}, base round fixed by {turn}, by annealing "
        f"(seed {seed}, temperature {temperature}, found at move {move:,})"
    )
    return base_spec(kind, q, tables), source


def negated_pairing(q: int) -> list[tuple[int, int]] | None:
    """A resolvable design on 3q + 1 players (q = 1 mod 4) fixed by the turn and by x -> -x, or None:
    none exists. Such a base round has no table moved by x -> -x (its pair within a class and that pair's
    image would cover one difference class twice), so every table is {(y, i), (-y, i), (z, j), (-z, j)},
    i != j, over the classes {y, -y}, {z, -z} of Z_q* / +-1, taken in pairs; the pairs within a class
    give each {2y, -2y} once whatever the pairing, and the table's turns cover (i, i + 1, d) for d =
    +-(z - y), +-(z + y). So the pairing must give every nonzero +-d once that way: an exhaustive
    depth-first search (milliseconds). It finds one for 13, 17, 25, 29 and none for 33 (100 players)."""
    half = q // 2

    def cls(d: int) -> int:
        d %= q
        return min(d, q - d)

    pairs: list[tuple[int, int]] = []
    used: set[int] = set()

    def search(free: frozenset[int]) -> bool:
        if not free:
            return True
        y = min(free)
        for z in sorted(free - {y}):
            a, b = cls(z - y), cls(z + y)
            if a in used or b in used or a == b:
                continue
            used.update((a, b))
            pairs.append((y, z))
            if search(free - {y, z}):
                return True
            pairs.pop()
            used.difference_update((a, b))
        return False

    return pairs if search(frozenset(range(1, half + 1))) else None


def negated_spec(q: int, pairing: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """The book's spec of ``negated_pairing``'s design: the fixed player's table {inf, (0, 0), (0, 1),
    (0, 2)} and, for each pair and turn t, {(y, t), (-y, t), (z, t + 1), (-z, t + 1)}."""
    base = [[3 * q, 0, q, 2 * q]]
    for t in range(3):
        for y, z in pairing:
            base.append([t * q + y, t * q + (q - y), (t + 1) % 3 * q + z, (t + 1) % 3 * q + (q - z)])
    return translates(q, 1, base)

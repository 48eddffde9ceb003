"""Constructions of meet-once evenings, and the finite fields some are built over (offline only:
``rotation.build.meetonce`` puts them in the book).

- ``AG(2,4)``, 16 players: the points of the affine plane over GF(4), a round for each of its five
  parallel classes (lines of one slope); two points lie on one line, so they meet once.
- ``GF(q) construction``, n = 4q with q a prime power at least 5: players (i, x), i in 0..3, x in GF(q);
  round t in GF(q) has the tables {(i, c + a_i t) : i = 0..3} for c in GF(q), with a_0..a_3 distinct.
  (i, x) and (j, y), i != j, meet only in the round t = (y - x) / (a_j - a_i); players of one group i
  never meet, so for q = 8 one more round splits each group into two tables (9 rounds). This is a
  transversal design TD(4, q) resolved by its parallel classes.
- ``Aguado's evening``, 32 players, 10 rounds (2004): the one evening here taken from the literature
  rather than built (``aguado_32``), one round past GF(8) and at the counting bound.
- ``resolvable design``, n = 3q + 1 = 4 (mod 12) (28, 40, 52): every pair meeting exactly once in q
  rounds, 1-rotational over Z_q with a fixed player (``one_rotational``; such designs exist for every
  v = 4 mod 12: Hanani, Ray-Chaudhuri and Wilson 1972).
- ``resolvable group divisible design``, n = 3(q + 1) = 0 (mod 12) (24, 36, 48): everyone meets all but
  their own group of three once in q rounds (``one_rotational_rgdd``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

from rotation.model import Player
from rotation.movements.meetonce import Evening, develop

__all__ = [
    "GF",
    "affine_plane_16",
    "affine_space_64",
    "aguado_32",
    "cyclic_spec",
    "field_construction",
    "field_spec",
    "one_rotational",
    "one_rotational_rgdd",
    "one_rotational_spec",
    "prime_power",
    "rgdd_spec",
    "translates",
]

Tables = tuple[tuple[Player, Player, Player, Player], ...]


# --- finite fields -------------------------------------------------------------------------------------


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p^k, p prime, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k = 0
    while q % p == 0:
        q //= p
        k += 1
    return (p, k) if q == 1 else None


def _times(f: Sequence[int], g: Sequence[int], p: int) -> list[int]:
    out = [0] * (len(f) + len(g) - 1)
    for i, a in enumerate(f):
        for j, b in enumerate(g):
            out[i + j] = (out[i + j] + a * b) % p
    return out


def _reduce(f: Sequence[int], modulus: Sequence[int], p: int) -> list[int]:
    """f mod a monic polynomial over Z_p (coefficients constant term first)."""
    rest = [c % p for c in f]
    while len(rest) >= len(modulus):
        lead = rest[-1]
        shift = len(rest) - len(modulus)
        for i, c in enumerate(modulus):
            rest[shift + i] = (rest[shift + i] - lead * c) % p
        rest.pop()
    return rest


def _irreducible(p: int, k: int) -> tuple[int, ...]:
    """The first monic polynomial of degree k over Z_p with no root-free factor: none of degree <= k/2."""
    for low in product(range(p), repeat=k):
        f = (*low, 1)
        if all(
            any(_reduce(f, (*g, 1), p)) for d in range(1, k // 2 + 1) for g in product(range(p), repeat=d)
        ):
            return f
    raise AssertionError("unreachable: there are irreducible polynomials of every degree")


@dataclass(frozen=True)
class GF:
    """The field GF(p^k): elements 0..q-1, element x standing for the polynomial with base-p digits of x
    as coefficients (constant term first), modulo a monic irreducible polynomial of degree k; for k = 1
    this is arithmetic mod p. Addition and multiplication are whole tables (q is small)."""

    p: int
    k: int
    modulus: tuple[int, ...]
    add_table: tuple[tuple[int, ...], ...]
    mul_table: tuple[tuple[int, ...], ...]

    @classmethod
    @cache
    def of(cls, q: int) -> GF:
        found = prime_power(q)
        if found is None:
            raise ValueError(f"GF({q}) needs a prime power, got {q}")
        p, k = found
        modulus = _irreducible(p, k) if k > 1 else (0, 1)

        def digits(x: int) -> list[int]:
            return [(x // p**j) % p for j in range(k)]

        def number(f: Sequence[int]) -> int:
            return sum(c * p**j for j, c in enumerate(f))

        add = tuple(
            tuple(number([(a + b) % p for a, b in zip(digits(x), digits(y), strict=True)]) for y in range(q))
            for x in range(q)
        )
        mul = tuple(
            tuple(number(_reduce(_times(digits(x), digits(y), p), modulus, p)) for y in range(q))
            for x in range(q)
        )
        return cls(p, k, modulus, add, mul)

    @property
    def q(self) -> int:
        return int(self.p**self.k)

    def add(self, x: int, y: int) -> int:
        return self.add_table[x][y]

    def mul(self, x: int, y: int) -> int:
        return self.mul_table[x][y]

    def neg(self, x: int) -> int:
        return self.add_table[x].index(0)

    def sub(self, x: int, y: int) -> int:
        return self.add(x, self.neg(y))

    def inv(self, x: int) -> int:
        if x == 0:
            raise ZeroDivisionError("0 has no inverse")
        return self.mul_table[x].index(1)


# --- constructions -------------------------------------------------------------------------------------


def affine_plane_16() -> Evening:
    """The five parallel classes of AG(2, 4): point (x, y) is player 4x + y; the lines y = m x + b
    (one round per slope m) and x = c (the fifth round)."""
    f = GF.of(4)
    rounds: list[tuple[Tables, tuple[Player, ...]]] = []
    for m in range(4):
        lines = []
        for b in range(4):
            a, bb, c, d = (4 * x + f.add(f.mul(m, x), b) for x in range(4))
            lines.append((a, bb, c, d))
        rounds.append((tuple(lines), ()))
    rounds.append((tuple((4 * c, 4 * c + 1, 4 * c + 2, 4 * c + 3) for c in range(4)), ()))
    return tuple(rounds)


def field_construction(q: int) -> Evening:
    """The 4q-player construction over GF(q) (see the module): player (i, x) is i q + x, a_i = i, round
    t has the tables ((i, c + i t))_i for each c; for q divisible by 4 (q = 8) a last round splits each
    group {(i, x)} into tables of four."""
    f = GF.of(q)
    rounds: list[tuple[Tables, tuple[Player, ...]]] = []
    for t in range(q):
        tables = []
        for c in range(q):
            a, b, cc, d = (i * q + f.add(c, f.mul(i, t)) for i in range(4))
            tables.append((a, b, cc, d))
        rounds.append((tuple(tables), ()))
    if q % 4 == 0:
        extra = tuple(
            (i * q + j, i * q + j + 1, i * q + j + 2, i * q + j + 3) for i in range(4) for j in range(0, q, 4)
        )
        rounds.append((extra, ()))
    return tuple(rounds)


_AGUADO_32 = (
    (
        (0, 4, 8, 28),
        (1, 18, 22, 7),
        (3, 5, 10, 31),
        (19, 21, 26, 15),
        (16, 20, 24, 12),
        (17, 2, 6, 23),
        (25, 11, 13, 30),
        (9, 27, 29, 14),
    ),
    (
        (0, 21, 27, 30),
        (1, 23, 26, 28),
        (3, 6, 24, 13),
        (16, 5, 11, 14),
        (17, 7, 10, 12),
        (2, 20, 9, 15),
        (18, 4, 25, 31),
        (19, 22, 8, 29),
    ),
    (
        (0, 18, 24, 11),
        (1, 19, 25, 10),
        (17, 3, 9, 26),
        (5, 22, 30, 15),
        (21, 6, 14, 31),
        (16, 2, 8, 27),
        (4, 23, 12, 29),
        (20, 7, 28, 13),
    ),
    (
        (0, 22, 10, 13),
        (1, 4, 27, 15),
        (3, 7, 8, 30),
        (19, 23, 24, 14),
        (17, 20, 11, 31),
        (2, 21, 25, 28),
        (18, 5, 9, 12),
        (16, 6, 26, 29),
    ),
    (
        (0, 23, 9, 31),
        (1, 5, 24, 29),
        (18, 3, 28, 14),
        (17, 21, 8, 13),
        (20, 6, 10, 27),
        (2, 19, 12, 30),
        (4, 22, 26, 11),
        (16, 7, 25, 15),
    ),
    (
        (0, 19, 20, 5),
        (1, 6, 9, 30),
        (16, 3, 4, 21),
        (18, 23, 27, 13),
        (24, 10, 28, 15),
        (2, 7, 11, 29),
        (17, 22, 25, 14),
        (8, 26, 12, 31),
    ),
    (
        (0, 17, 29, 15),
        (16, 1, 13, 31),
        (3, 22, 27, 12),
        (18, 20, 26, 30),
        (21, 7, 24, 9),
        (2, 4, 10, 14),
        (5, 23, 8, 25),
        (19, 6, 11, 28),
    ),
    (
        (0, 6, 25, 12),
        (1, 20, 8, 14),
        (3, 23, 11, 15),
        (16, 22, 9, 28),
        (18, 21, 10, 29),
        (2, 5, 26, 13),
        (17, 4, 24, 30),
        (19, 7, 27, 31),
    ),
    (
        (0, 7, 26, 14),
        (1, 21, 11, 12),
        (3, 20, 25, 29),
        (17, 5, 27, 28),
        (18, 6, 8, 15),
        (2, 22, 24, 31),
        (19, 4, 9, 13),
        (16, 23, 10, 30),
    ),
)
"""Rounds 2-10 of Aguado's evening (round 1: players 4t..4t+3 at table t), as published with the
Wolfram Demonstrations Project's "Social Golfer Problem" (32 golfers, 8 groups of 4, 10 weeks; the
letters A-P, a-p there are players 0-15, 16-31 here)."""


def aguado_32() -> Evening:
    """Alejandro Aguado's 10-round meet-once evening for 32 players (2004): one round more than the
    GF(8) construction, and the most the counting bound allows (3 x 10 = 30 of 31 others). Checked by
    ``is_meet_once`` like every entry."""
    first = tuple((4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3) for t in range(8))
    return ((first, ()), *((tables, ()) for tables in _AGUADO_32))


def one_rotational(q: int, *, seed: int = 0, work: float = 60.0) -> Evening | None:
    """The evening of ``one_rotational_spec``, developed."""
    spec = one_rotational_spec(q, seed=seed, work=work)
    return None if spec is None else develop(spec)


def one_rotational_spec(q: int, *, seed: int = 0, work: float = 60.0) -> dict[str, Any] | None:
    """See ``_one_rotational``: first asked for base tables fixed by x -> -x and by turning the classes
    round (i -> i + 1), then by the turn alone, then with no symmetry (q = 9 needs that)."""
    for symmetries in (("negate", "turn"), ("turn",), ()):
        found = _one_rotational(q, symmetries, seed=seed, work=work)
        if found is not None:
            return found
    return None


def _one_rotational(q: int, symmetries: Sequence[str], *, seed: int, work: float) -> dict[str, Any] | None:
    """A complete meet-once evening for 3q + 1 players (q = 1 mod 4: 16, 28, 40, 52), every pair meeting
    exactly once in (3q + 1 - 1) / 3 = q rounds: a resolvable design with blocks of four, 1-rotational
    over Z_q (Hanani, Ray-Chaudhuri and Wilson 1972 show such designs exist for every v = 4 mod 12).

    Players (x, i), x in Z_q, i in 0..2, are numbered i q + x, and infinity is 3q. Round t is the base
    round plus t: the table {infinity, (t, 0), (t, 1), (t, 2)} and the base tables with t added to every
    x (the book's spec: ``translates``). It is meet-once exactly when, for each two classes i < j, the
    differences z - x of the pairs
    (x, i), (z, j) at a base table run over Z_q* once each, and for each class i the pairs within it
    cover each {d, -d} once. CP-SAT finds the base tables (on one worker, seeded: the same each time),
    asked for ones fixed by ``symmetries`` ("negate": x -> -x, "turn": i -> i + 1), which cut the search
    to under a second; None if it finds none in ``work`` deterministic seconds."""
    from itertools import combinations

    from ortools.sat.python import cp_model

    points = [(x, i) for i in range(3) for x in range(1, q)]
    model = cp_model.CpModel()
    together: dict[tuple[tuple[int, int], tuple[int, int]], Any] = {}
    for a, b in combinations(points, 2):
        together[a, b] = together[b, a] = model.new_bool_var(f"{a}{b}")
    for a in points:
        model.add(sum(together[a, b] for b in points if b != a) == 3)
    for a, b, c in combinations(points, 3):
        model.add_bool_or([together[a, b].Not(), together[b, c].Not(), together[a, c]])
        model.add_bool_or([together[a, b].Not(), together[a, c].Not(), together[b, c]])
        model.add_bool_or([together[a, c].Not(), together[b, c].Not(), together[a, b]])
    covers: dict[tuple[int, int, int], list[Any]] = {}
    for a, b in combinations(points, 2):
        (x, i), (z, j) = a, b
        if "turn" in symmetries:
            model.add(together[a, b] == together[(x, (i + 1) % 3), (z, (j + 1) % 3)])
        if "negate" in symmetries:
            model.add(together[a, b] == together[(-x % q, i), (-z % q, j)])
        d = (z - x) % q
        key = (i, i, min(d, q - d)) if i == j else (i, j, d) if i < j else (j, i, (x - z) % q)
        covers.setdefault(key, []).append(together[a, b])
    for (i, j, d), pairs in covers.items():
        model.add(sum(pairs) == (0 if i != j and d == 0 else 1))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_deterministic_time = work
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    base: list[list[tuple[int, int]]] = []
    seen: set[tuple[int, int]] = set()
    for a in points:
        if a not in seen:
            table = [a] + [b for b in points if b != a and solver.value(together[a, b])]
            seen.update(table)
            base.append(table)
    first = [3 * q, 0, q, 2 * q]
    return translates(q, 1, [first, *([i * q + x for x, i in table] for table in base)])


def translates(q: int, fixed: int, base: Sequence[Sequence[Player]]) -> dict[str, Any]:
    """The book's spec of a 1-rotational evening over Z_q: players i q + x for class i = 0..2 and x in
    Z_q, then ``fixed`` players 3q.. left in place; round t is the base round with t added to every x."""
    return {
        "moduli": [q],
        "classes": 3,
        "fixed": fixed,
        "rounds": "translates",
        "base": [list(t) for t in base],
    }


def one_rotational_rgdd(q: int, *, work: float = 60.0) -> Evening | None:
    """A complete meet-once evening for 3(q + 1) players (q = 7, 11, 15: 24, 36, 48) in q rounds: a
    resolvable group divisible design with blocks of four and type 3^(q + 1), 1-rotational over Z_q.
    Such designs exist for every q + 1 = 0 (mod 4) but 4 ("alpha-resolvable group divisible designs
    with block size four and group size three", Utilitas Mathematica: the necessary conditions suffice
    but for 12 points); each player meets everyone but the two others of their group of three, once.

    Players (x, j), x in Z_q, j in 0..2, are numbered 3x + j, with groups {(x, 0), (x, 1), (x, 2)}; the
    three infinite players 3q, 3q + 1, 3q + 2 are the last group. The base round has three tables
    {infinity_s, one player of each level} and (3q - 9) / 4 tables of four finite players; round t adds t
    to every x. It is meet-once exactly when every ordered difference between levels i and j, (i, j,
    z - x), is covered once by the base tables' pairs, but (i, j, 0) for i != j (one group) never.
    CP-SAT finds the base round, asked for one fixed by turning the levels (j -> j + 1, and infinity_s ->
    infinity_s+1), on one worker: well under a second for q = 7 and 11, seconds for 15; None if it finds
    none in ``work`` deterministic seconds."""
    base = _rgdd_base(q, work=work)
    if base is None:
        return None
    rounds: list[tuple[Tables, tuple[Player, ...]]] = []
    for t in range(q):
        seated = []
        for b, table in enumerate(base):
            four = [3 * ((x + t) % q) + j for x, j in table]
            if b < 3:
                four = [3 * q + b, *four]
            seated.append((four[0], four[1], four[2], four[3]))
        rounds.append((tuple(seated), ()))
    return tuple(rounds)


def rgdd_spec(q: int, *, work: float = 60.0) -> dict[str, Any] | None:
    """The evening of ``one_rotational_rgdd`` as the book's spec (``translates``), its players numbered
    by class: (x, j) is j q + x, so the groups of three are {x, q + x, 2q + x} and the infinite players
    3q, 3q + 1, 3q + 2."""
    base = _rgdd_base(q, work=work)
    if base is None:
        return None
    return translates(
        q, 3, [[*([3 * q + b] if b < 3 else []), *(j * q + x for x, j in t)] for b, t in enumerate(base)]
    )


def _rgdd_base(q: int, *, work: float) -> list[list[tuple[int, int]]] | None:
    """The base round of ``one_rotational_rgdd``: its tables of finite players (x, j), the first three
    each joined by an infinite player."""
    from itertools import permutations

    from ortools.sat.python import cp_model

    if q < 7 or (q + 1) % 4:
        raise ValueError(f"no 1-rotational design of type 3^{q + 1} here: q + 1 must be 0 (mod 4), q >= 7")
    points = [(x, j) for x in range(q) for j in range(3)]
    tables = 3 + (3 * q - 9) // 4
    model = cp_model.CpModel()
    at = {(p, b): model.new_bool_var(f"at_{p}_{b}") for p in points for b in range(tables)}
    for p in points:
        model.add_exactly_one(at[p, b] for b in range(tables))
        for b in range(tables):  # turning the levels turns the tables in threes
            o, s = divmod(b, 3)
            model.add(at[(p[0], (p[1] + 1) % 3), 3 * o + (s + 1) % 3] == at[p, b])
    for b in range(tables):
        if b < 3:
            for j in range(3):
                model.add(sum(at[(x, j), b] for x in range(q)) == 1)
        else:
            model.add(sum(at[p, b] for p in points) == 4)
    covers: dict[tuple[int, int, int], list[Any]] = {}
    for p, r in permutations(points, 2):
        for b in range(tables):
            both = model.new_bool_var(f"both_{p}_{r}_{b}")
            model.add_implication(both, at[p, b])
            model.add_implication(both, at[r, b])
            model.add_bool_or([at[p, b].Not(), at[r, b].Not(), both])
            covers.setdefault((p[1], r[1], (r[0] - p[0]) % q), []).append(both)
    for (_, _, d), pairs in covers.items():
        model.add(sum(pairs) == (1 if d else 0))
    model.add(at[(0, 0), 0] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = work
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[p for p in points if solver.value(at[p, b])] for b in range(tables)]


# --- past 52 players: the book keeps how to make them (``rotation.movements.meetonce.develop``) ------------


def affine_space_64() -> dict[str, Any]:
    """AG(3, 4), 64 players: the points of the affine space over GF(4), point (a, b, c) player
    16a + 4b + c (adding points is then the exclusive or of their numbers: GF(4)'s addition, digit by
    digit, and the group (Z_2)^6's). A round for each of the 21 directions (the points of the projective
    plane PG(2, 4), first nonzero coordinate 1): its parallel class, the 16 translates of the line
    {l d : l in GF(4)} through 0. Two points lie on exactly one line, so every pair meets exactly once in
    21 rounds: the counting bound (3 x 21 = 63)."""
    f = GF.of(4)
    base = []
    for d in product(range(4), repeat=3):
        if any(d) and next(x for x in d if x) == 1:
            a, b, c = d
            base.append([[16 * f.mul(k, a) + 4 * f.mul(k, b) + f.mul(k, c) for k in range(4)]])
    return {"moduli": [2] * 6, "classes": 1, "fixed": 0, "rounds": "orbits", "base": base}


def field_spec(q: int) -> dict[str, Any]:
    """``field_construction(q)`` (q not divisible by 4) as the book's spec: round t the translates by
    GF(q)'s additive group, (Z_p)^k, of the table {(i, i t)}, i = 0..3."""
    f = GF.of(q)
    if q % 4 == 0 or q < 5:
        raise ValueError(f"GF({q}): the spec is for q >= 5 not divisible by 4")
    base = [[[i * q + f.mul(i, t) for i in range(4)]] for t in range(q)]
    return {"moduli": [f.p] * f.k, "classes": 4, "fixed": 0, "rounds": "orbits", "base": base}


def cyclic_spec(
    q: int, fixed: int, *, turn: bool = False, seed: int = 0, work: float = 60.0
) -> dict[str, Any] | None:
    """A meet-once evening of q rounds for 3q + ``fixed`` players, 1-rotational over Z_q: players
    (x, i) = i q + x for x in Z_q and classes i = 0..2, and ``fixed`` players 3q.. whom the rounds leave
    in place (``translates``). The base round seats each fixed player with one player of each class (so
    over the rounds they meet 3q different players) and the rest in (3q - 3 fixed) / 4 tables of four.
    It is meet-once exactly when every difference (i, j, z - x) of two classes is covered at most once by
    the pairs (x, i), (z, j) sitting together (within a class, each of d and -d). That leaves 3 (fixed -
    1) / 2 differences over, so the more fixed players the easier: fixed = 1 is a complete design
    (``one_rotational``) and fixed = 3 with the differences (i, j, 0) left out a group divisible one
    (``one_rotational_rgdd``). ``turn``: asked for a base round fixed by turning the classes round
    (i -> i + 1, the fixed players and the tables in threes, so 3 must divide both counts of tables), as
    for the group divisible designs, which cuts the search from minutes to seconds. CP-SAT on one
    worker, seeded; None if it finds none in ``work`` deterministic seconds."""
    from itertools import combinations

    from ortools.sat.python import cp_model

    if fixed < 1 or (3 * q - 3 * fixed) % 4 or 3 * q < 3 * fixed:
        raise ValueError(f"3 x {q} players and {fixed} fixed do not fill tables of four so")
    if turn and (fixed % 3 or (3 * q - 3 * fixed) // 4 % 3):
        raise ValueError(f"no turn for {fixed} fixed players and {(3 * q - 3 * fixed) // 4} tables of four")
    points = [(x, i) for i in range(3) for x in range(q)]
    tables = fixed + (3 * q - 3 * fixed) // 4
    model = cp_model.CpModel()
    at = {(p, b): model.new_bool_var(f"at_{p}_{b}") for p in points for b in range(tables)}
    for p in points:
        model.add_exactly_one(at[p, b] for b in range(tables))
    for b in range(tables):
        if b < fixed:
            for i in range(3):
                model.add(sum(at[(x, i), b] for x in range(q)) == 1)
        else:
            model.add(sum(at[p, b] for p in points) == 4)
    covers: dict[tuple[int, int, int], list[Any]] = {}
    for p, r in combinations(points, 2):
        (x, i), (z, j) = p, r
        keys = [(i, j, (z - x) % q)] if i < j else [(i, i, (z - x) % q), (i, i, (x - z) % q)]
        for b in range(tables):
            both = model.new_bool_var(f"both_{p}_{r}_{b}")
            model.add_implication(both, at[p, b])
            model.add_implication(both, at[r, b])
            model.add_bool_or([at[p, b].Not(), at[r, b].Not(), both])
            for key in keys:
                covers.setdefault(key, []).append(both)
    for pairs in covers.values():
        model.add(sum(pairs) <= 1)
    model.add(at[(0, 0), 0] == 1)  # a translate puts (0, 0) at the first fixed player's table
    if turn:  # turning the classes (i -> i + 1) turns the tables in threes
        for (x, i), b in list(at):
            o, s = divmod(b, 3)
            model.add(at[(x, (i + 1) % 3), 3 * o + (s + 1) % 3] == at[(x, i), b])
    else:  # the tables of four in order of their lowest point
        for b in range(fixed, tables - 1):
            for k, p in enumerate(points):
                model.add_bool_or([at[r, b] for r in points[:k]] + [at[p, b + 1].Not()])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_deterministic_time = work
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    base = []
    for b in range(tables):
        four = [i * q + x for x, i in points if solver.value(at[(x, i), b])]
        base.append([3 * q + b, *four] if b < fixed else four)
    return translates(q, fixed, base)

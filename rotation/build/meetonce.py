"""Build the meet-once book: for each player count from 8 to 52, the longest evening found in which
nobody shares a table with the same player twice (minutes, not part of planning).
``rotation.movements.meetonce`` reads what this writes.

Sources for each n (the longest is kept):

- ``AG(2,4)``, 16 players: the points of the affine plane over GF(4), a round for each of its five
  parallel classes (lines of one slope); two points lie on one line, so they meet once.
- ``GF(q) construction``, n = 4q with q a prime power at least 5: players (i, x), i in 0..3, x in GF(q);
  round t in GF(q) has the tables {(i, c + a_i t) : i = 0..3} for c in GF(q), with a_0..a_3 distinct.
  (i, x) and (j, y), i != j, meet only in the round t = (y - x) / (a_j - a_i); players of one group i
  never meet, so for q = 8 one more round splits each group into two tables (9 rounds). This is a
  transversal design TD(4, q) resolved by its parallel classes; cf. resolvable designs with blocks of
  four (Hanani, Ray-Chaudhuri and Wilson 1972) and affine planes.
- ``Aguado's evening``, 32 players, 10 rounds (2004): the one evening here taken from the literature
  rather than built (``aguado_32``), one round past GF(8) and at the counting bound.
- ``resolvable design``, n = 3q + 1 = 4 (mod 12) (28, 40, 52): a complete evening, every pair meeting
  exactly once in q rounds, 1-rotational over Z_q with a fixed player (``one_rotational``; such designs
  exist for every v = 4 mod 12: Hanani, Ray-Chaudhuri and Wilson 1972).
- ``without its last player``, n = 3 (mod 4): the evening for n + 1 (everyone playing) without player n;
  the three who would have sat with them sit out. Each met the leaver once at most, so sits out once at
  most: fair after every round.
- ``newcomers``, n = m + s (s = 1..3, m = 0 mod 4): the first rounds of the evening for m (everyone
  playing) with s newcomers standing in each round for s old players, who sit out; the stand-ins are
  chosen by a depth-first search so that each newcomer meets new people every round
  (``with_newcomers``); everyone sits out once at most.
- ``tabu search``: the table-mates search of the solver (``rotation.solver.mates``) over drafts whose
  sit-outs are fixed and fair (round r sits out the next n mod 4 players in cyclic order, so after any
  number of rounds everyone's sit-outs are within one and nobody sits out twice running), for more and
  more rounds until it fails; also after a construction's rounds, to add a round to it.

Regenerate the book::

    python -m rotation.build.meetonce schedules/meetonce.json                 # every size (minutes)
    python -m rotation.build.meetonce schedules/meetonce.json --sizes 17 21   # only these sizes
    python -m rotation.build.meetonce schedules/meetonce.json --sizes 24 --seeds 8 --moves 200000 \
        --seconds 400                                                          # 24: 6 rounds (seed 3)

An entry already in the book is kept unless the rebuild finds one at least as long. The searches stop
on the wall clock (``--seconds`` per size), so how far a tabu search climbs depends on the machine; the
book's tabu entries came from runs with 30 to 60 seconds a size (24: the line above). The whole book
took about 25 minutes of one core, in several passes on two.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from pathlib import Path
from typing import Any

from rotation.balance import prefix_checks
from rotation.model import Player
from rotation.movements.meetonce import BOOK_FORMAT, Evening, evening_movement

__all__ = [
    "BOOK_SIZES",
    "GF",
    "affine_plane_16",
    "aguado_32",
    "build_book",
    "construction",
    "field_construction",
    "is_meet_once",
    "no_meet_once",
    "one_rotational",
    "tabu_evening",
    "with_newcomers",
    "without_last",
    "write_book",
]

BOOK_SIZES = tuple(range(8, 53))

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
    """See ``_one_rotational``: first asked for base tables fixed by x -> -x and by turning the classes
    round (i -> i + 1), then by the turn alone, then with no symmetry (q = 9 needs that)."""
    for symmetries in (("negate", "turn"), ("turn",), ()):
        found = _one_rotational(q, symmetries, seed=seed, work=work)
        if found is not None:
            return found
    return None


def _one_rotational(q: int, symmetries: Sequence[str], *, seed: int, work: float) -> Evening | None:
    """A complete meet-once evening for 3q + 1 players (q = 1 mod 4: 16, 28, 40, 52), every pair meeting
    exactly once in (3q + 1 - 1) / 3 = q rounds: a resolvable design with blocks of four, 1-rotational
    over Z_q (Hanani, Ray-Chaudhuri and Wilson 1972 show such designs exist for every v = 4 mod 12).

    Players (x, i), x in Z_q, i in 0..2, are numbered i q + x, and infinity is 3q. Round t is the base
    round plus t: the table {infinity, (t, 0), (t, 1), (t, 2)} and the base tables with t added to every
    x. It is meet-once exactly when, for each two classes i < j, the differences z - x of the pairs
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
    rounds: list[tuple[Tables, tuple[Player, ...]]] = []
    for t in range(q):
        first = (3 * q, t, q + t, 2 * q + t)
        shifted = [tuple(i * q + (x + t) % q for x, i in table) for table in base]
        rounds.append(((first, *((a, b, c, d) for a, b, c, d in shifted)), ()))
    return tuple(rounds)


def without_last(n_players: int, evening: Evening) -> Evening:
    """The evening for n - 1 players from one for n with everyone playing: the last player leaves, and
    in each round the three who would have sat with them sit out instead. They met the leaver once at
    most, so everyone sits out at most once: within one of everyone else after every round, and never
    twice running."""
    gone = n_players - 1
    rounds = []
    for tables, _ in evening:
        kept = tuple(t for t in tables if gone not in t)
        out = tuple(sorted(p for t in tables if gone in t for p in t if p != gone))
        rounds.append((kept, out))
    return tuple(rounds)


def with_newcomers(n_players: int, smaller: int, evening: Evening, *, seed: int = 0) -> Evening | None:
    """The evening for ``n_players`` = ``smaller`` + s (s = 1, 2, 3) from one for ``smaller`` players
    with everyone playing: each round s of the old players sit out and the newcomers n_players - s ..
    take their seats. A newcomer meets the table-mates of the player they stand in for, so the stand-ins
    are chosen (by depth-first search, in a seeded random order) so that each newcomer's table-mates
    are new to them every round, never two newcomers at one table, and nobody sits out twice: every
    player sits out once at most, which is fair after every round. None if the search finds none (or
    the evening has more rounds than players to sit out)."""
    s = n_players - smaller
    if not 1 <= s <= 3 or len(evening) * s > smaller:
        return None
    rng = random.Random(seed)
    newcomers = range(smaller, n_players)
    met: list[set[Player]] = [set() for _ in newcomers]
    out: set[Player] = set()
    chosen: list[tuple[Player, ...]] = []
    nodes = 0

    def mates(r: int, y: Player) -> tuple[int, set[Player]]:
        for t, table in enumerate(evening[r][0]):
            if y in table:
                return t, set(table) - {y}
        raise AssertionError(f"player {y} is not seated in round {r}")

    def place(r: int, j: int, picked: list[Player], tables: set[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > 200_000:
            return False
        if r == len(evening):
            return True
        if j == s:
            chosen.append(tuple(picked))
            if place(r + 1, 0, [], set()):
                return True
            chosen.pop()
            return False
        candidates = [p for p in range(smaller) if p not in out]
        rng.shuffle(candidates)
        for y in candidates:
            t, them = mates(r, y)
            if t in tables or them & met[j]:
                continue
            out.add(y)
            met[j].update(them)
            if place(r, j + 1, [*picked, y], tables | {t}):
                return True
            met[j].difference_update(them)
            out.discard(y)
        return False

    if not place(0, 0, [], set()):
        return None
    rounds: list[tuple[Tables, tuple[Player, ...]]] = []
    for (tables, _), ys in zip(evening, chosen, strict=True):
        stand_in = {y: x for y, x in zip(ys, newcomers, strict=True)}
        seated = tuple(
            (stand_in.get(a, a), stand_in.get(b, b), stand_in.get(c, c), stand_in.get(d, d))
            for a, b, c, d in tables
        )
        rounds.append((seated, tuple(sorted(ys))))
    return tuple(rounds)


# --- checking ------------------------------------------------------------------------------------------


def is_meet_once(n_players: int, evening: Evening) -> bool:
    """Judged by the independent checker after every round: nobody meets anyone twice, every round has
    floor(n / 4) tables, sit-outs within one of everyone's fair share, nobody out twice running."""
    movement = evening_movement(n_players, evening)
    if any(len(tables) != n_players // 4 for tables, _ in evening):
        return False
    if any(len(tables) * 4 + len(out) != n_players for tables, out in evening):
        return False
    return all(
        b.most_meetings <= 1 and b.sit_outs_within_share and b.max_sit_out_run <= 1
        for b in prefix_checks(movement)
    )


# --- search --------------------------------------------------------------------------------------------


def sit_outs(n_players: int, rounds: int) -> list[frozenset[Player]]:
    """Round r sits out the next n mod 4 players in cyclic order: fair after every round, and nobody
    sits out twice running (n >= 2 (n mod 4))."""
    s = n_players % 4
    return [frozenset((r * s + j) % n_players for j in range(s)) for r in range(rounds)]


def tabu_evening(
    n_players: int,
    rounds: int,
    *,
    seed: int,
    moves: int,
    keep: Evening = (),
    time_limit: float = 600.0,
) -> Evening | None:
    """A meet-once evening of ``rounds`` rounds by the solver's table-mates search (continuing ``keep``,
    whose rounds stay as they are), or None if the search ends with someone meeting twice."""
    from rotation.solver.mates import Mates, _spread_table_mates
    from rotation.solver.problem import PlanSpec, _canonical, _Draft, _Problem, _Run

    kept = evening_movement(n_players, keep) if keep else None
    problem = _Problem.of(PlanSpec(n_players, rounds, keep=kept))
    rng = random.Random(seed)
    outs = sit_outs(n_players, rounds)
    drafts = []
    for r in problem.free:
        seated = [p for p in range(n_players) if p not in outs[r]]
        rng.shuffle(seated)
        games = tuple(
            _canonical(((seated[i], seated[i + 1]), (seated[i + 2], seated[i + 3])))
            for i in range(0, len(seated) - len(seated) % 4, 4)
        )
        drafts.append(_Draft(games, outs[r]))
    run = _Run(work=1e9, time_limit=time_limit, workers=1, seed=seed, on_progress=None)
    found = _spread_table_mates(problem, drafts, run, moves)
    if Mates.of(problem, found).most > 1:
        return None
    evening = list(keep)
    for d in found:
        evening.append((tuple((a, b, c, e) for (a, b), (c, e) in d.games), tuple(sorted(d.sitting_out))))
    return tuple(evening)


def counting_bound(n_players: int) -> int:
    """The most rounds the counting bound allows: with the fair sit-outs, everyone's 3 x rounds played is
    at most n - 1."""
    rounds = 0
    while True:
        outs = sit_outs(n_players, rounds + 1)
        played = max(rounds + 1 - sum(p in o for o in outs) for p in range(n_players))
        if 3 * played > n_players - 1:
            return rounds
        rounds += 1


def no_meet_once(n_players: int, rounds: int, *, work: float = 600.0) -> bool | None:
    """Whether ``rounds`` rounds of n // 4 tables, nobody sitting out twice, must make someone meet
    someone twice: True proven (CP-SAT found every case infeasible), False when a meet-once evening was
    found, None when ``work`` deterministic seconds per case did not decide.

    Symmetry is broken without loss: who sits out when is fixed (rounds are interchangeable, and so are
    the players who sit out), the first round's tables are fixed up to how the later rounds' sit-outs lie
    at them (a partition of those players over the tables: one model each), and each later round's
    tables are ordered by their lowest player. 17 players x 5 rounds: five cases, about 15 seconds."""
    from ortools.sat.python import cp_model

    n, tables, s = n_players, n_players // 4, n_players % 4
    if s * rounds > n:
        raise ValueError(f"{rounds} rounds of {n} players: someone sits out twice")
    outs = [frozenset(range(r * s, (r + 1) * s)) for r in range(rounds)]
    later = list(range(s, s * rounds))

    def parts(k: int, most: int, room: int) -> Iterable[tuple[int, ...]]:
        """k players over at most ``room`` tables, at most ``most`` (and four) at each, largest first."""
        if k == 0:
            yield ()
            return
        for first in range(min(k, most, 4), 0, -1):
            if room:
                for rest in parts(k - first, first, room - 1):
                    yield (first, *rest)

    undecided = False
    for split in parts(len(later), 4, tables):
        model = cp_model.CpModel()
        at: dict[tuple[int, Player, int], cp_model.IntVar] = {}
        for r in range(rounds):
            seated = [p for p in range(n) if p not in outs[r]]
            for p in seated:
                choices = [model.new_bool_var(f"at_{r}_{p}_{t}") for t in range(tables)]
                model.add_exactly_one(choices)
                at.update({(r, p, t): v for t, v in enumerate(choices)})
            for t in range(tables):
                model.add(sum(at[r, p, t] for p in seated) == 4)
            if r:  # a later round's tables in order of their lowest player
                for k, p in enumerate(seated):
                    for t in range(k + 1, tables):
                        model.add(at[r, p, t] == 0)
        first: list[list[Player]] = []
        rest = iter(p for p in range(n) if p not in outs[0] and p not in later)
        taken = iter(later)
        for t in range(tables):
            table = [next(taken) for _ in range(split[t] if t < len(split) else 0)]
            first.append(table + [next(rest) for _ in range(4 - len(table))])
        for t, table in enumerate(first):
            for p in table:
                model.add(at[0, p, t] == 1)
        for p, q in combinations(range(n), 2):
            together = []
            for r in range(rounds):
                if p in outs[r] or q in outs[r]:
                    continue
                for t in range(tables):
                    both = model.new_bool_var(f"both_{r}_{p}_{q}_{t}")
                    model.add_implication(both, at[r, p, t])
                    model.add_implication(both, at[r, q, t])
                    model.add_bool_or([at[r, p, t].Not(), at[r, q, t].Not(), both])
                    together.append(both)
            model.add(sum(together) <= 1)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = work
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return False
        undecided |= status != cp_model.INFEASIBLE
    return None if undecided else True


# --- building the book ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    evening: Evening
    source: str


def construction(n_players: int) -> Found | None:
    """The longest construction for ``n_players`` (with everyone playing), if one applies: AG(2, 4) for
    16, the 1-rotational resolvable design for 3q + 1 (28, 40, 52: every pair meets once), the GF(q)
    construction for 4q. Milliseconds (the resolvable designs' CP-SAT: under a second each)."""
    if n_players == 16:
        return Found(affine_plane_16(), "AG(2,4): the parallel classes of the affine plane of order 4")
    found: list[Found] = []
    q, rest = divmod(n_players - 1, 3)
    if rest == 0 and n_players % 4 == 0 and q >= 5:
        evening = one_rotational(q)
        if evening is not None:
            found.append(
                Found(
                    evening,
                    f"resolvable design with blocks of four on {n_players} players, 1-rotational over Z_{q} "
                    "with a fixed player, base round by CP-SAT (seed 0)",
                )
            )
    if n_players == 32:
        found.append(Found(aguado_32(), "Aguado's evening for 32 players (2004)"))
    q, rest = divmod(n_players, 4)
    if rest == 0 and q >= 5 and prime_power(q) is not None:
        extra = " plus a round splitting the four groups" if q % 4 == 0 else ""
        found.append(Found(field_construction(q), f"GF(q) construction, q = {q}{extra}"))
    return max(found, key=lambda f: len(f.evening), default=None)


def search(
    n_players: int,
    start: Found | None,
    *,
    seeds: int,
    moves: int,
    deadline: float,
    keep: bool = True,
    log: Any = None,
) -> Found | None:
    """More rounds than ``start`` by the tabu search: after its rounds (``keep``), or from scratch."""
    best = start
    bound = counting_bound(n_players)
    rounds = len(start.evening) + 1 if start is not None else 1
    while rounds <= bound and time.monotonic() < deadline:
        won = None
        for seed in range(seeds):
            if time.monotonic() >= deadline:
                break
            kept = start.evening if start is not None and keep else ()
            evening = tabu_evening(
                n_players,
                rounds,
                seed=seed,
                moves=moves,
                keep=kept,
                time_limit=max(1.0, deadline - time.monotonic()),
            )
            if evening is not None and is_meet_once(n_players, evening):
                after = f" after the {start.source}" if kept and start is not None else ""
                won = Found(evening, f"tabu search, seed {seed}{after}")
                break
        if log is not None:
            log(f"{n_players:3} players, {rounds:2} rounds: {'found' if won else 'not found'}")
        if won is None:
            break
        best = won
        rounds += 1
    return best


def build_entry(
    n_players: int,
    known: dict[int, Found] | None = None,
    *,
    seeds: int = 3,
    moves: int = 30_000,
    seconds: float = 30.0,
    log: Any = None,
) -> Found:
    """The longest meet-once evening found for ``n_players``: a construction, extended by the search;
    when n is not a multiple of four, the longest of ``known``'s evening for n + 1 without its last
    player (n = 3 mod 4), ``known``'s evening for n - (n mod 4) with newcomers (longest prefix that
    takes them) and the search from scratch."""
    deadline = time.monotonic() + seconds
    known = known or {}
    start = construction(n_players)
    if n_players % 4 == 0:
        found = search(n_players, start, seeds=seeds, moves=moves, deadline=deadline, log=log)
    else:
        candidates: list[Found] = []
        larger = known.get(n_players + 1)
        if n_players % 4 == 3 and larger is not None:
            candidates.append(
                Found(
                    without_last(n_players + 1, larger.evening),
                    f"the {n_players + 1}-player evening without its last player ({larger.source})",
                )
            )
        smaller = n_players - n_players % 4
        base = known.get(smaller)
        if base is not None:
            longest = max((len(c.evening) for c in candidates), default=0)
            for rounds in range(len(base.evening), longest, -1):
                evening = next(
                    (
                        e
                        for seed in range(3)
                        if (e := with_newcomers(n_players, smaller, base.evening[:rounds], seed=seed))
                    ),
                    None,
                )
                if evening is not None:
                    candidates.append(
                        Found(
                            evening,
                            f"the first {rounds} rounds of the {smaller}-player evening with "
                            f"{n_players - smaller} newcomer(s) standing in ({base.source})",
                        )
                    )
                    break
        start = max(candidates, key=lambda c: len(c.evening), default=None)
        found = search(n_players, start, seeds=seeds, moves=moves, deadline=deadline, keep=False, log=log)
    if found is None:
        raise RuntimeError(f"no meet-once round for {n_players} players")
    if not is_meet_once(n_players, found.evening):
        raise AssertionError(f"the evening built for {n_players} players is not meet-once")
    return found


def entry_data(n_players: int, found: Found) -> dict[str, Any]:
    return {
        "players": n_players,
        "source": found.source,
        "rounds": [
            {"tables": [list(t) for t in tables], "sitting_out": list(out)} for tables, out in found.evening
        ],
    }


def dump(book: dict[str, Any]) -> str:
    """The book as JSON, one round a line."""
    import json

    lines = ["{", f' "format": {json.dumps(book["format"])},', f' "about": {json.dumps(book["about"])},']
    lines.append(' "evenings": [')
    for i, entry in enumerate(book["evenings"]):
        head = {k: v for k, v in entry.items() if k != "rounds"}
        lines.append("  " + json.dumps(head)[:-1] + ', "rounds": [')
        for j, rnd in enumerate(entry["rounds"]):
            comma = "," if j < len(entry["rounds"]) - 1 else ""
            lines.append("   " + json.dumps(rnd, separators=(",", ":")) + comma)
        lines.append("  ]}" + ("," if i < len(book["evenings"]) - 1 else ""))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


ABOUT = (
    "Meet-once evenings: nobody shares a table with anyone twice. Players 0-based; a table [a, b, c, d] "
    "seats a-b against c-d. Regenerate with: python -m rotation.build.meetonce schedules/meetonce.json"
)


def build_book(entries: dict[int, Found]) -> dict[str, Any]:
    return {
        "format": BOOK_FORMAT,
        "about": ABOUT,
        "evenings": [entry_data(n, entries[n]) for n in sorted(entries)],
    }


def write_book(path: Path, sizes: Iterable[int], **knobs: Any) -> None:
    """Rebuild ``sizes`` into the book at ``path``; other sizes are kept unless the new one is longer."""
    import json
    import sys

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    old: dict[int, Found] = {}
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in data.get("evenings", []):
            evening = tuple(
                (tuple(tuple(t) for t in rnd["tables"]), tuple(rnd["sitting_out"])) for rnd in entry["rounds"]
            )
            old[int(entry["players"])] = Found(evening, entry["source"])
    for n in sorted(sizes, key=lambda n: (n + 1, 1) if n % 4 == 3 else (n, 0)):  # n + 1 before n
        start = time.monotonic()
        found = build_entry(n, old, log=log, **knobs)
        kept = old.get(n)
        if kept is None or len(found.evening) >= len(kept.evening):
            old[n] = found
        log(
            f"{n:3} players: {len(old[n].evening):2} rounds ({old[n].source}), "
            f"{time.monotonic() - start:.1f} s"
        )
        path.write_text(dump(build_book(old)), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rotation.build.meetonce BOOK [--sizes N ...]``: rebuild the book (minutes)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m rotation.build.meetonce", description=main.__doc__)
    parser.add_argument("book", type=Path, help="the book to rebuild: schedules/meetonce.json in a checkout")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(BOOK_SIZES))
    parser.add_argument("--seeds", type=int, default=3, help="searches per number of rounds before giving up")
    parser.add_argument("--moves", type=int, default=30_000, help="tabu moves per search")
    parser.add_argument("--seconds", type=float, default=30.0, help="wall seconds of search per size")
    args = parser.parse_args(argv)
    write_book(args.book, args.sizes, seeds=args.seeds, moves=args.moves, seconds=args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Build the whist book: a starter round for every size, by construction or search (minutes, not
part of planning). ``rotation.movements.whist`` reads and develops what this writes.

Constructions, by n:

- ``cyclotomic``, n = q a prime power = 1 (mod 4): with x primitive in GF(q), the starter tables are
  (x^i, x^(i+k), x^(i+2k), x^(i+3k)) for i < k. Since x^k is a fourth root of unity w, the partner
  differences are 2 x^i w^j and the left differences (w - 1) x^i w^j: every nonzero element once each, so
  the design is directed.
- ``patterned search``, n = 4k + 1: tables (a, b, -a, -b) (partners {x, -x}: a patterned starter, so the
  partner condition holds by itself); a small search pairs the classes {x, -x} so that the left
  differences, +-(a - b) and +-(a + b), cover every nonzero element once: again directed.
- ``product``: a prime power q = 1 (mod 4) times a smaller design (``product_starter``).
- ``search``, over Z_v (v = n or n - 1): one CP-SAT model for pairs and tables together, asked for a
  starter fixed by a multiplier of order two where Z_v has one; for n = 4k otherwise, two steps: a random
  partner starter, then its tables by depth-first search (``rotation.build.table_search``).

Regenerate the book (takes minutes, not part of planning)::

    python -m rotation.build.whist schedules/whist.json                  # every size
    python -m rotation.build.whist schedules/whist.json --sizes 21 33    # only these sizes
    python -m rotation.build.whist schedules/whist.json --sizes 57 --work 150     # 57: longer searches
    python -m rotation.build.whist schedules/whist.json --sizes 60 --seed 14 --nodes 4000000  # 47 min
    python -m rotation.build.whist schedules/whist.json --check          # compare with the book
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, product
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rotation.model import Table
from rotation.movements.whist import (
    BOOK_FORMAT,
    BOOK_SIZES,
    Group,
    Starter,
    develop,
    is_whist_size,
    round_shift,
)
from scoring.seat import Seat

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = [
    "NODES",
    "build_book",
    "construct",
    "cyclotomic_starter",
    "patterned_starter",
    "product_starter",
    "search_starter",
    "write_book",
]

_SEATS = tuple(Seat)


# --- measuring a starter by its differences -----------------------------------------------------------


def _differences(
    starter_tables: Sequence[Sequence[int]], sub: Sequence[Sequence[int]], infinity: int
) -> tuple[Counter[int], Counter[int], Counter[int]]:
    """Partner, opponent and left differences of a starter (pairs with infinity left out)."""
    partner: Counter[int] = Counter()
    opponent: Counter[int] = Counter()
    left: Counter[int] = Counter()
    for a, b, c, d in starter_tables:
        for x, y in ((a, c), (c, a), (b, d), (d, b)):
            if infinity not in (x, y):
                partner[sub[y][x]] += 1
        for x, y in ((a, b), (b, c), (c, d), (d, a)):
            if infinity not in (x, y):
                left[sub[y][x]] += 1
                opponent[sub[y][x]] += 1
                opponent[sub[x][y]] += 1
    return partner, opponent, left


# --- constructions ------------------------------------------------------------------------------------


def _prime_power(q: int) -> tuple[int, int] | None:
    """(p, e) with q = p^e, or None."""
    for p in range(2, q + 1):
        if q % p == 0:
            e = 0
            while q % p == 0:
                q //= p
                e += 1
            return (p, e) if q == 1 else None
    return None


Poly = tuple[int, ...]
"""Coefficients over Z_p, constant term first."""


def _poly_mod(f: Poly, g: Poly, p: int) -> Poly:
    """f mod g over Z_p, g monic."""
    rest = list(f)
    while len(rest) >= len(g):
        lead = rest[-1] % p
        shift = len(rest) - len(g)
        for i, coefficient in enumerate(g):
            rest[shift + i] = (rest[shift + i] - lead * coefficient) % p
        rest.pop()
    return tuple(c % p for c in rest)


def _irreducible(p: int, e: int) -> Poly:
    """The first monic irreducible polynomial of degree e over Z_p (no monic factor of degree <= e/2)."""
    for low in product(range(p), repeat=e):
        f = (*low, 1)
        divisors = ((*c, 1) for degree in range(1, e // 2 + 1) for c in product(range(p), repeat=degree))
        if all(any(_poly_mod(f, g, p)) for g in divisors):
            return f
    raise AssertionError("unreachable: irreducible polynomials exist in every degree")


def _field_powers(q: int) -> list[int]:
    """x^0, x^1, ..., x^(q-2) for a primitive element x of GF(q), as element numbers: the element
    c_0 + c_1 t + ... is numbered sum c_j p^j (so the additive group is Z_p^e, the book's numbering)."""
    found = _prime_power(q)
    if found is None:
        raise ValueError(f"GF({q}) needs a prime power, got {q}")
    p, e = found
    modulus = _irreducible(p, e)

    def times(f: Poly, g: Poly) -> Poly:
        out = [0] * (len(f) + len(g) - 1)
        for i, a in enumerate(f):
            for j, b in enumerate(g):
                out[i + j] = (out[i + j] + a * b) % p
        reduced = _poly_mod(tuple(out), modulus, p)
        return (*reduced, *([0] * (e - len(reduced))))

    def number(f: Poly) -> int:
        return sum(c * p**j for j, c in enumerate(f))

    one: Poly = (1,) + (0,) * (e - 1)
    for candidate in range(2, q):
        x = tuple((candidate // p**j) % p for j in range(e))
        powers, power = [1], x
        while power != one:
            powers.append(number(power))
            power = times(power, x)
        if len(powers) == q - 1:
            return powers
    raise AssertionError("unreachable: GF(q)* is cyclic")


def cyclotomic_starter(q: int) -> Starter:
    """The cyclotomic starter over GF(q), q = 4k + 1 a prime power: tables x^i (1, w, w^2, w^3), w = x^k.

    Directed whist (every difference once as a partner difference up to sign and once as a left
    difference); see the module docstring for the two lines of algebra."""
    found = _prime_power(q)
    if found is None or q % 4 != 1:
        raise ValueError(f"the cyclotomic starter needs a prime power q = 1 (mod 4), got {q}")
    p, e = found
    k = (q - 1) // 4
    powers = _field_powers(q)
    tables = tuple(Table.from_seats([powers[i + j * k] for j in range(4)], _SEATS[i % 4]) for i in range(k))
    field = f"GF({q})" if e > 1 else f"Z_{q}"
    return Starter(
        n_players=q,
        moduli=(p,) * e,
        tables=tables,
        sitting_out=(0,),
        construction="cyclotomic",
        source=f"cyclotomic starter over {field} (x = {powers[1]} primitive); Anderson, Combinatorial "
        "Designs and Tournaments (1997); Handbook of Combinatorial Designs, 2nd ed., Whist tournaments",
        directed=True,
    )


def patterned_starter(n_players: int, *, work: float = 30.0, seed: int = 0) -> Starter | None:
    """A patterned starter over Z_n, n = 4k + 1: tables (a, b, -a, -b), so that the partners {x, -x} have
    the differences +-2x, every class {d, -d} of nonzero elements once.

    Which classes {a, -a} and {b, -b} share a table is an exact cover, in CP-SAT, of the classes of the
    opponent differences +-(a - b) and +-(a + b), each once; those are also the table's left differences,
    so a patterned starter is directed. None when there is none or none in ``work`` seconds. There is
    none when 3 divides n: the squares of the covered classes, 2(a^2 + b^2) a table, would have to add up
    to those of all classes, which is impossible unless the sum of d^2 over d < n/2, n(n^2 - 1)/24, is 0
    mod n. (The same count rules out the pattern with a fixed infinity, n = 4k, for every n.)"""
    from ortools.sat.python import cp_model

    if n_players % 4 != 1 or n_players < 5:
        raise ValueError(f"a patterned starter needs n = 1 (mod 4), got {n_players}")
    n = n_players
    classes = range(1, (n - 1) // 2 + 1)

    def cls(x: int) -> int:
        return min(x % n, -x % n)

    model = cp_model.CpModel()
    together: dict[tuple[int, int], Any] = {}
    """(a, b) -> the classes {a, -a} and {b, -b} share a table."""
    holds: dict[int, list[Any]] = {c: [] for c in classes}
    covers: dict[int, list[Any]] = {c: [] for c in classes}
    for a, b in combinations(classes, 2):
        var = together[a, b] = model.new_bool_var(f"together_{a}_{b}")
        holds[a].append(var)
        holds[b].append(var)
        covers[cls(a - b)].append(var)
        covers[cls(a + b)].append(var)
    for c in classes:
        model.add_exactly_one(holds[c])
        model.add_exactly_one(covers[c])
    solver = _solved(model, seed, work)
    if solver is None:
        return None
    rows = [[a, b, n - a, n - b] for (a, b), var in together.items() if solver.value(var)]
    return _finish(
        n,
        (n,),
        rows,
        "patterned",
        f"patterned starter over Z_{n}, tables (a, b, -a, -b), pairs of classes by CP-SAT "
        "(rotation.build.whist.patterned_starter); Anderson, Combinatorial Designs and Tournaments (1997)",
    )


def _solved(model: cp_model.CpModel, seed: int, work: float) -> cp_model.CpSolver | None:
    """Solve a design model on one worker for ``work`` deterministic seconds, so that a seed always finds
    the same answer and the book rebuilds the same; None if no solution was found."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_deterministic_time = work
    return solver if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None


def _finish(
    n_players: int, moduli: tuple[int, ...], tables: Sequence[Sequence[int]], construction: str, source: str
) -> Starter:
    """Seat a starter (tables as N, E, S, W; infinity, if any, numbered ``order``, at North of its table),
    choose first dealers and, when n = 4k, infinity's turns and deals; and say whether it is directed.

    Table i deals first from seat i mod 4 (each player deals once per starter table, whatever the seat);
    at infinity's table East deals, except in the rounds where infinity does."""
    group = Group(moduli)
    order = group.order
    infinity = n_players % 4 == 0
    rows = [list(t) for t in tables]
    if infinity:
        home = next(i for i, t in enumerate(rows) if order in t)
        turn = rows[home].index(order)
        rows[home] = rows[home][turn:] + rows[home][:turn]
        rows.insert(0, rows.pop(home))
    _, _, left = _differences(rows, group.table("sub"), order)
    directed = all(left[d] == 1 for d in range(1, order))
    seated = [Table.from_seats(t, _SEATS[i % 4]) if order not in t else t for i, t in enumerate(rows)]
    turns: tuple[int, ...] = ()
    deals: tuple[int, ...] = ()
    if infinity:
        turns, deals = _infinity_rounds(rows[0], group, order)
        seated[0] = Table.from_seats([n_players - 1 if p == order else p for p in rows[0]], Seat.EAST)
    return Starter(
        n_players=n_players,
        moduli=moduli,
        tables=tuple(t if isinstance(t, Table) else Table.from_seats(t) for t in seated),
        sitting_out=() if infinity else (0,),
        infinity_turns=turns,
        infinity_deals=deals,
        construction=construction,
        source=source,
        directed=directed,
    )


def _raw(starter: Starter) -> list[list[int]]:
    """A starter's tables in group elements, infinity numbered ``order`` (undoing ``_finish``)."""
    order = starter.group.order
    infinity = starter.infinity
    return [[order if p == infinity else p for p in t.players] for t in starter.tables]


def _ring_multipliers(n: int) -> tuple[int, int, int, int] | None:
    """Four units of Z_n whose differences are units too (1, 2, 3, 4 when every prime factor of n is at
    least 5), as the product constructions need; None otherwise."""
    if n % 2 == 0 or n % 3 == 0:
        return None
    return (1, 2, 3, 4)


def product_starter(first: Starter, second: Starter) -> Starter:
    """A starter over G x H from a starter over G (n = 4k + 1) and one over H = Z_n (n = 4k + 1, or 4k with
    infinity) whose prime factors are all at least 5.

    Players G x H (and infinity). The G-starter sits on G* x {0} (only when H has no infinity), the
    H-starter on {0} x H* (or {0} x H and infinity), and every G-table (t_0, t_1, t_2, t_3) with every
    y in H* (or H) gives the table ((t_j, l_j y)) with l = (1, 2, 3, 4): its differences are
    (t_i - t_j, (l_i - l_j) y), so they run over (delta, H*) (or (delta, H)) once for each difference
    delta of the G-table, and partner and opponent counts carry over from the two factors; left
    differences too, so directed factors give a directed product. This is the usual product of Z-cyclic
    whist designs (cf. Anderson and Finizio's product theorems; Anderson, Combinatorial Designs and
    Tournaments)."""
    if first.has_infinity or len(second.moduli) != 1:
        raise ValueError("the product needs a G-starter for n = 4k + 1 and an H-starter over Z_n")
    n = second.moduli[0]
    multipliers = _ring_multipliers(n)
    if multipliers is None:
        raise ValueError(f"Z_{n} has no four units with unit differences")
    g_group, h_group = first.group, second.group
    size = h_group.order
    infinity = second.has_infinity
    order = g_group.order * size
    inf = order

    def pair(g: int, h: int) -> int:
        return g * size + h

    rows: list[list[int]] = []
    if not infinity:
        rows += [[pair(g, 0) for g in t] for t in _raw(first)]
    for t in _raw(second):
        rows.append([inf if h == size else pair(0, h) for h in t])
    ys = range(size) if infinity else range(1, size)
    for t in _raw(first):
        for y in ys:
            rows.append([pair(g, (m * y) % n) for g, m in zip(t, multipliers, strict=True)])
    n_players = order + 1 if infinity else order
    return _finish(
        n_players,
        first.moduli + second.moduli,
        rows,
        "product",
        f"product of Wh({first.n_players}) over {g_group.name} ({first.construction}) and "
        f"Wh({second.n_players}) over {h_group.name}{' with infinity' if infinity else ''} "
        f"({second.construction}); Anderson, Combinatorial Designs and Tournaments (1997), product theorems",
    )


def _orient(rows: list[list[int]], sub: Sequence[Sequence[int]], inf: int) -> list[list[int]]:
    """Reflect tables (swap East and West) so that left and right are as even as the pairing allows.

    Reflecting a table reverses its left differences, so each difference class {d, -d} asks that the
    two tables holding it be reflected alike or not (a parity): the fewest broken parities, exactly
    for up to 2^16 choices, else by flipping one table at a time while that helps."""
    rows = [list(t) for t in rows]
    k = len(rows)

    def faults(tables: Sequence[Sequence[int]]) -> int:
        left: Counter[int] = Counter()
        for a, b, c, d in tables:
            for x, y in ((a, b), (b, c), (c, d), (d, a)):
                if inf not in (x, y):
                    left[sub[y][x]] += 1
        return sum((count - 1) ** 2 for count in left.values()) + sum(
            1 for d in range(1, len(sub)) if left[d] == 0
        )

    def flipped(t: Sequence[int]) -> list[int]:
        return [t[0], t[3], t[2], t[1]]

    if k <= 16:
        best, best_rows = faults(rows), rows
        for mask in range(1, 1 << (k - 1)):
            trial = [flipped(t) if mask >> i & 1 else t for i, t in enumerate(rows)]
            score = faults(trial)
            if score < best:
                best, best_rows = score, trial
        return best_rows
    current = faults(rows)
    improved = True
    while improved:
        improved = False
        for i in range(k):
            trial = [*rows[:i], flipped(rows[i]), *rows[i + 1 :]]
            score = faults(trial)
            if score < current:
                rows, current, improved = trial, score, True
    return rows


def _joint_tables(
    group: Group, infinity: bool, work: float, seed: int, multiplier: int = 1
) -> list[list[int]] | None:
    """A whist starter's tables in one CP-SAT model: which elements share a table and which partner, with
    every class {d, -d} of nonzero differences once among the partners and twice among the opponents.
    Slower than the two steps where those succeed, but it finds starters whose partner pairs a random
    first step almost never hits (n = 4k + 1 with 3 dividing n). A ``multiplier`` (a unit of Z_n) asks
    for a starter that multiplying by it maps onto itself, which cuts the search down (for n = 3p, the
    unit = 1 mod 3 and -1 mod p finds 21 and 33 in a second). None if none is found in ``work``
    deterministic seconds.
    Which way round each table goes is left to ``_orient``."""
    from ortools.sat.python import cp_model

    from rotation.solver.grouping import group_into_tables

    v = group.order
    sub = group.table("sub")
    players = [*range(v), v] if infinity else list(range(1, v))
    model = cp_model.CpModel()
    same, mates = group_into_tables(model, players)
    partners: dict[int, list[Any]] = {}
    opponents: dict[int, list[Any]] = {}
    for (x, y), var in same.items():
        if y == v:
            continue
        d = min(sub[y][x], sub[x][y])
        partners.setdefault(d, []).append(mates[x, y])
        opponents.setdefault(d, []).extend((var, -mates[x, y]))
    for d in partners:
        model.add(sum(partners[d]) == 1)
        model.add(sum(opponents[d]) == 2)
    if infinity:  # every translate of a starter is one: infinity partners 0
        model.add(mates[0, v] == 1)
    if multiplier != 1:
        for (x, y), var in same.items():
            a, b = (p if p == v else p * multiplier % v for p in (x, y))  # infinity stays
            image = (a, b) if a < b else (b, a)
            model.add(var == same[image])
            model.add(mates[x, y] == mates[image])
    solver = _solved(model, seed, work)
    if solver is None:
        return None
    rows, left = [], list(players)
    while left:
        a = left[0]
        table = [a, *(x for x in left[1:] if solver.value(same[a, x]))]
        b = next(x for x in table[1:] if solver.value(mates[a, x]))
        c, d = (x for x in table if x not in (a, b))
        rows.append([a, c, b, d])
        left = [x for x in left if x not in table]
    return rows


JOINT_ATTEMPTS = 3
"""Seeds the joint model gets per multiplier before n = 4k falls back to the two steps."""

NODES = 2_000_000
"""Depth-first nodes per random partner starter in the two steps (what built 8 to 48; 60 used 4,000,000)."""


def search_starter(
    n_players: int,
    *,
    moduli: tuple[int, ...] | None = None,
    seed: int = 0,
    attempts: int = 200,
    work: float = 20.0,
    nodes: int = NODES,
    multipliers: bool = True,
) -> Starter | None:
    """A whist starter over Z_v (or ``moduli``) found by search, or None.

    n = 4k: in two steps (``rotation.build.table_search``). First the partner pairs: a random starter of Z_v
    (annealing; easy). Then which two pairs share a table: a depth-first search of ``nodes`` nodes at
    most, and another random starter if that fails, ``attempts`` in all. n = 4k + 1: random partner
    starters almost never complete there, so pairs and tables are found together (``_joint_tables``,
    ``work`` seconds per attempt), first mapped onto themselves by each multiplier of order two. Where
    Z_v has such multipliers (v not a prime power), n = 4k tries that first too, ``JOINT_ATTEMPTS`` times
    each (52 players in seconds rather than the better part of an hour), unless ``multipliers`` is off.
    Either way the tables are then turned so that left and right are as even as they can be
    (``_orient``)."""
    if not is_whist_size(n_players):
        raise ValueError(f"no whist design for {n_players} players")
    infinity = n_players % 4 == 0
    v = n_players - 1 if infinity else n_players
    group = Group(moduli or (v,))
    if group.order != v:
        raise ValueError(f"{n_players} players need a group of order {v}, got {group.name}")
    sub = group.table("sub")
    cyclic = len(group.moduli) == 1
    involutions = [u for u in range(2, v - 1) if multipliers and cyclic and u * u % v == 1]
    joint = [(attempt, u) for attempt in range(JOINT_ATTEMPTS) for u in involutions]
    if not infinity:  # random partner starters almost never complete: the joint model throughout
        joint = [(attempt, u) for attempt in range(attempts) for u in [*involutions, 1]]
    for attempt, multiplier in joint:
        found = _joint_tables(group, infinity, work, seed + attempt, multiplier)
        if found is not None:
            fixed = f", mapped onto itself by x -> {multiplier}x" if multiplier != 1 else ""
            return _finish(
                n_players,
                group.moduli,
                _orient(found, sub, v),
                "search",
                f"search over {group.name}{' with infinity' if infinity else ''}{fixed}: pairs and tables "
                f"together by CP-SAT (rotation.build.whist.search_starter, seed {seed + attempt})",
            )
    if not infinity:
        return None
    if not cyclic:
        raise ValueError(f"the two-step search with infinity needs a cyclic group, got {group.name}")
    from rotation.build.table_search import find_tables

    tables = find_tables(v, seed=seed, limit=nodes, attempts=attempts)
    if tables is None:
        return None
    rows, attempt = tables
    return _finish(
        n_players,
        group.moduli,
        _orient(rows, sub, v),
        "search",
        f"two-step search over {group.name} with infinity: a random starter (annealing), then its tables "
        f"by depth-first search (rotation.build.table_search, seed {seed}, attempt {attempt}, {nodes} nodes)",
    )


def _infinity_rounds(home: Sequence[int], group: Group, inf: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How infinity's table is turned (and perhaps reflected) in each round, and the rounds in which
    infinity deals first there.

    Every other player meets infinity's table in three rounds, from three different starter seats, and
    sits in every seat of the other starter tables once each; placing infinity's table so that those three
    visits land in three different seats gives each player k seats k times and one k - 1 times, the best
    n - 1 rounds allow. A small CP-SAT model chooses one of the table's eight symmetries per round for
    that where it can (for some starters it cannot), and spreads infinity's own seats as evenly. Infinity
    deals in every fourth round; otherwise the starter's East player does, which gives each player k or
    k - 1 first deals."""
    from ortools.sat.python import cp_model

    v = group.order
    seat_of = {p: s for s, p in enumerate(home)}
    visits: list[list[tuple[int, int]]] = [[] for _ in range(v)]
    """player -> (round, starter seat) of each visit to infinity's table."""
    for index in range(v):
        shift = round_shift(v, index)
        for p in home:
            if p != inf:
                visits[group.add(p, shift)].append((index, seat_of[p]))
    model = cp_model.CpModel()
    place = [[model.new_bool_var(f"place_{index}_{t}") for t in range(8)] for index in range(v)]
    """round -> which symmetry: t < 4 turns t seats clockwise, t >= 4 reflects, then turns t - 4."""
    for choices in place:
        model.add_exactly_one(choices)
    seats: list[list[Any]] = [
        [
            sum(place[index][t] for index, start in seen for t in range(8) if _placed(start, t) == seat)
            for seat in range(4)
        ]
        for seen in visits
    ]
    """player -> how often they sit in each seat at infinity's table (infinity: its own seats)."""
    seats.append([sum(place[index][t] for index in range(v) for t in (seat, seat + 4)) for seat in range(4)])
    spreads = []
    for counts in seats:
        most, least = model.new_int_var(0, v, ""), model.new_int_var(0, v, "")
        model.add_max_equality(most, counts)
        model.add_min_equality(least, counts)
        spreads.append(most - least)
    worst = model.new_int_var(0, v, "worst")
    for spread in spreads[:-1]:
        model.add(worst >= spread - 1)  # the others' visits: three seats of four, a spread of 1 at best
    model.add(worst >= spreads[-1])
    model.minimize(4 * v * worst + sum(spreads))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # deterministic time: the book rebuilds the same
    solver.parameters.max_deterministic_time = 30
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise AssertionError(f"no placing of infinity's table over {group.name}")
    turns = tuple(next(t for t in range(8) if solver.value(place[index][t])) for index in range(v))
    return turns, tuple(index for index in range(v) if index % 4 == 0)


def _placed(seat: int, turn: int) -> int:
    """Where a starter seat lands under one of the table's eight symmetries (see ``_infinity_rounds``)."""
    return ((-seat if turn >= 4 else seat) + turn) % 4


# --- building the book ----------------------------------------------------------------------------------


def construct(n_players: int, *, seed: int = 0, work: float = 20.0, nodes: int = NODES) -> Starter:
    """The starter the book keeps for ``n_players``: the first construction that applies (cyclotomic,
    patterned, product), else a search. Constructions take milliseconds; a search seconds to minutes."""
    if not is_whist_size(n_players):
        raise ValueError(f"no whist design for {n_players} players: n must be 0 or 1 (mod 4), at least 4")
    if n_players % 4 == 1 and _prime_power(n_players) is not None:
        return cyclotomic_starter(n_players)
    if n_players % 4 == 1 and n_players % 3:
        patterned = patterned_starter(n_players, seed=seed)
        if patterned is not None:
            return patterned
    product = _product_for(n_players, seed, work, nodes)
    if product is not None:
        return product
    from rotation.balance import check

    found: Starter | None = None
    for retry in range(SEAT_RETRIES):
        starter = search_starter(  # symmetric starters can seat infinity's visitors unevenly: alternate
            n_players, seed=seed + 1000 * retry, work=work, nodes=nodes, multipliers=retry % 2 == 0
        )
        if starter is not None and (
            found is None or check(develop(starter)).seat_spread < check(develop(found)).seat_spread
        ):
            found = starter
        if found is not None and check(develop(found)).seat_spread <= 1:
            break
    if found is None:
        raise RuntimeError(f"no whist starter found for {n_players} players; try another --seed")
    return found


SEAT_RETRIES = 4
"""Searches for n = 4k until every player's seats are within one (some starters do not allow it)."""


def _product_for(n_players: int, seed: int, work: float, nodes: int) -> Starter | None:
    """A product starter Wh(q) x Wh(m) for the group of ``n_players`` (order n, or n - 1 with infinity),
    with q a prime power = 1 (mod 4) and m free of the primes 2 and 3, if the order splits so."""
    order = n_players - 1 if n_players % 4 == 0 else n_players
    for q in range(5, order):
        m, rest = divmod(order, q)
        if rest or q % 4 != 1 or _prime_power(q) is None or _ring_multipliers(m) is None or m < 5:
            continue
        second = m + 1 if n_players % 4 == 0 else m
        if is_whist_size(second):
            factor = construct(second, seed=seed, work=work, nodes=nodes)
            return product_starter(cyclotomic_starter(q), factor)
    return None


def build_book(
    sizes: Iterable[int] = BOOK_SIZES, *, seed: int = 0, work: float = 20.0, nodes: int = NODES
) -> dict[str, Any]:
    """The book's JSON: one starter per size, each developed and checked before it is kept."""
    from dataclasses import replace

    from rotation.balance import check
    from rotation.movements.order import prefix_order

    designs: dict[str, Any] = {}
    for n in sizes:
        starter = construct(n, seed=seed, work=work, nodes=nodes)
        developed = develop(starter)
        if not check(developed).is_whist:
            raise AssertionError(f"the starter built for {n} players is not a whist design")
        order = prefix_order(developed)
        if order != tuple(range(len(order))):
            starter = replace(starter, order=order)
        designs[str(n)] = starter.to_data()
    return {
        "format": BOOK_FORMAT,
        "about": "Whist designs Wh(n): every pair partners once and opposes twice. Each entry is one "
        "starter round over an abelian group; rotation.movements.whist.develop gives every round. "
        "Regenerate with: python -m rotation.build.whist schedules/whist.json",
        "designs": designs,
    }


def write_book(path: Path, sizes: Iterable[int], *, seed: int, work: float, nodes: int) -> list[int]:
    """Rebuild ``sizes`` into the book at ``path`` (other sizes kept as they are); the sizes that changed."""
    import json
    import sys
    import time

    old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"designs": {}}
    new = dict(old, format=BOOK_FORMAT, designs=dict(old.get("designs", {})))
    differ = []
    for n in sizes:
        start = time.monotonic()
        entry = build_book([n], seed=seed, work=work, nodes=nodes)
        new["about"] = entry["about"]
        data = entry["designs"][str(n)]
        print(f"{n:3} players: {data['construction']:<10} {time.monotonic() - start:7.2f} s", file=sys.stderr)
        if old["designs"].get(str(n)) != data:
            differ.append(n)
        new["designs"][str(n)] = data
    new["designs"] = dict(sorted(new["designs"].items(), key=lambda item: int(item[0])))
    path.write_text(json.dumps(new, indent=1) + "\n", encoding="utf-8")
    return differ


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rotation.build.whist BOOK [--check] [--sizes N ...]``: rebuild the book (minutes)."""
    import argparse
    import sys
    import tempfile

    parser = argparse.ArgumentParser(prog="python -m rotation.build.whist", description=main.__doc__)
    parser.add_argument("book", type=Path, help="the book to rebuild: schedules/whist.json in a checkout")
    parser.add_argument("--check", action="store_true", help="rebuild in memory and compare with the book")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(BOOK_SIZES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--work", type=float, default=20.0, help="deterministic seconds per search attempt (57 needs 150)"
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=NODES,
        help="depth-first nodes per random starter for n = 4k (60: --seed 14 --nodes 4000000)",
    )
    args = parser.parse_args(argv)
    knobs = {"seed": args.seed, "work": args.work, "nodes": args.nodes}
    if args.check:
        with tempfile.TemporaryDirectory() as scratch:
            copy = Path(scratch) / "book.json"
            if args.book.exists():
                copy.write_text(args.book.read_text(encoding="utf-8"), encoding="utf-8")
            differ = write_book(copy, args.sizes, **knobs)
        print(f"differ from the book: {differ or 'none'}", file=sys.stderr)
        return 1 if differ else 0
    write_book(args.book, args.sizes, **knobs)
    print(f"wrote {args.book}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Several base rounds over a smaller Z_q with more classes, for the meet-once evenings whose one-base-round
search (``rotation.build.bases``) cannot run or stalled: 92 players (type 2^46, Z_30 has no unit of order
three) and 100 (RBIBD(100, 4, 1), the search over Z_33 one pair short). Offline only:
``rotation.build.meetonce`` puts them in the book.

Players (x, i) = i q + x for x in Z_q and k = 3c classes i, then ``fixed`` players k q ..; the evening is
R base rounds (``"bases"``), each developed over Z_q (round g of a base: g added to every x). Two finite
players (x, i), (z, j) meet in the rounds where a base pair of *difference class* (i, j, z - x) (the same
as (j, i, x - z); within a class, {d, -d}) is translated onto them, so the evening is meet-once exactly
when the base rounds' pairs cover each class at most once; complete when every class but the groups' is
covered. Each base round is asked to be fixed by a *turn* of order three, (x, i) -> (x + s, i + c) with
3s = 0 in Z_q: it moves every class, so a fixed player's table, turned onto itself, is {inf, (y, j),
(y + s, j + c), (y + 2s, j + 2c)}: its pairs' classes are (j, j + c, s) and its turns. The turn maps
(i, j, d) to (i + c, j + c, d) (the s cancel), so classes are counted by their orbits, and a third of the
players are searched for: the state is which turn-orbit (y, j), j < c, sits at each slot of a
representative table, and which of its three players (the slot's label l: (y + l s, j + l c)).

- ``"2^u"``, 92 = 6 x 15 + 2 (c = 2): groups {(x, i), (x + g, i + 3)} for i = 0, 2, 4 (``group`` g)
  and the two fixed players. Two base rounds, turned with s = 0 and s = 5 (5 has order three in Z_15):
  with one s in both, each fixed player sits with classes {0, 2, 4} in one base round and {1, 3, 5} in
  the other, and the two fixed players' tables cover (0, 2, s) twice. Over Z_9 (56 players, s = 0 and
  3) g = 3 was found at 18.6 million moves where g = 0 stopped one pair short in four seeds of 50
  million and g = 1 and 6 in three of 30 million (with s = 0 and 6, g = 6 was found at 8.2 million):
  g = s, the second turn's shift, so 92 is searched with g = 5. Not found yet: about 20 runs of 0.5 to
  1.5 billion moves (temperatures 0.45 and 0.5, g = 5 and 10; g = 0 before) stopped one or two pairs
  short.

  68 = 6 x 11 + 2 cannot be built so: no s but 0 has order three in Z_11, and two base rounds fixed by
  turns are impossible even with a shift per class, (x, i) -> (x + s_i, i + 2). Relabelling the classes
  makes the first turn (x, i) -> (x, i + 2) and the second's shifts c_i (c_0 + c_2 + c_4 = 0). On the
  blocks (0, 2), (2, 4), (4, 0) of differences the first base round covers one set A in each, the
  second B, B + a, B + a + b (a = c_2 - c_0, b = c_4 - c_2), the groups the same number in each, so
  none (three would put class 2 in two groups): A and B partition Z_11 in each block, B = B + a = B +
  a + b, and a nonempty proper subset of Z_11 is moved by every nonzero shift, so a = b = 0, c_0 = 0,
  and the fixed players' tables cover (0, 2, 0) twice. With groups joining an even class to an odd one,
  the same blocks rule out one base round turned and the other fixed by (x, i) -> (2e_i - x, i): the
  complement of A is then symmetric about e_2 - e_0, e_4 - e_2 and e_0 - e_4, which must be equal, so
  0, which A holds. Nor is 68 1-rotational over a group of order 66
  with base rounds fixed by a subgroup of order three, as 44, 56 and 80 are: that subgroup is normal
  in every group of order 66, so both fixed players' tables cover its differences.

- ``"RBIBD"``, 100 = 9 x 11 + 1 (c = 3): everyone meets once. One base round is searched, fixed by
  (x, i) -> (x, i + 3), and the map (x, i) -> (x, i + 1) (``step`` 1) turns it into the other two
  (the evening is then 1-rotational over Z_11 x Z_9 = Z_99, its base round fixed by the subgroup of
  order three), so difference classes are counted up to i -> i + 1, and the fixed player sits with the
  classes {j, j + 3, j + 6} in the three base rounds in turn. Three base rounds searched each on their
  own (step 3) are three times the slots: best 10 after 200 million moves, where step 1 found one at
  172 million.

The fixed players' tables are tables of one slot (their orbit): they cover the orbit's class and the
class "fixed player f meets the classes {j, j + c, j + 2c}", whose target is 1, so the search moves them
too. ``anneal`` is annealing as in ``rotation.build.bases`` (a move: in a random base round, swap two
slots' orbits or change a slot's label; cost: the sum of (count - target)^2), with ``XorShift``'s numbers;
``tools/multi_search.c`` is the same search step for step, fed ``instance_text``, and found the bases in
``FOUND`` (seeds and moves there).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rotation.build.table_search import XorShift

__all__ = [
    "FOUND",
    "STRUCTURES",
    "Instance",
    "Structure",
    "anneal",
    "base_rounds",
    "found_spec",
    "instance",
    "instance_text",
]

Slot = tuple[int, int]
"""(orbit, label): the turn-orbit j q + y (j < c) and which of its players sits at the slot."""


@dataclass(frozen=True)
class Structure:
    """How an evening is asked for: ``kind`` "2^u" or "RBIBD", Z_q, 3c classes, one shift s per base
    round, ``fixed`` fixed players."""

    kind: str
    q: int
    classes: int
    shifts: tuple[int, ...]
    fixed: int
    step: int = 0
    """The classes' step of a map taking each searched base round to the next (classes i -> i + step, its
    powers giving c / step base rounds from each); 0: none (each base round searched, step c)."""

    group: int = 0
    """2^u: the groups are {(x, i), (x + group, i + 3c / 2)} for i = 0, c, 2c, and the fixed players."""

    @property
    def c(self) -> int:
        return self.classes // 3

    @property
    def spread(self) -> int:
        return self.step or self.c

    @property
    def players(self) -> int:
        return self.classes * self.q + self.fixed


STRUCTURES: dict[int, Structure] = {
    92: Structure("2^u", 15, 6, (0, 5), 2, group=5),
    100: Structure("RBIBD", 11, 9, (0,), 1, step=1),
}


@dataclass(frozen=True)
class Instance:
    """What the search sees: each class's target and starting count (a class: an orbit of difference
    classes, or a fixed player's meeting), the *bundles* (the classes a pair of slots covers), and per
    base round its orbits, labels, tables (``fixed`` of one slot, the rest of four) and the bundle of
    each pair of (orbit, label) items (``keys``) and of each fixed player with each orbit (``solos``)."""

    targets: tuple[int, ...]
    counts: tuple[int, ...]
    bundles: tuple[tuple[int, ...], ...]
    orbits: tuple[int, ...]
    labels: tuple[int, ...]
    fixed: tuple[int, ...]
    keys: tuple[tuple[int, ...], ...]
    solos: tuple[tuple[int, ...], ...]


class _Bundles:
    """Bundle ids, one per distinct list of classes."""

    def __init__(self) -> None:
        self.ids: dict[tuple[int, ...], int] = {}

    def __call__(self, *classes: int) -> int:
        return self.ids.setdefault(classes, len(self.ids))

    def all(self) -> tuple[tuple[int, ...], ...]:
        return tuple(sorted(self.ids, key=self.ids.__getitem__))


def instance(structure: Structure) -> Instance:
    """The classes of ``structure``: difference classes up to the turn, groups' targets 0."""
    q, k, c, fixed, step = structure.q, structure.classes, structure.c, structure.fixed, structure.spread
    if k % 3 or c % step or len(structure.shifts) != step or any(3 * s % q for s in structure.shifts):
        raise ValueError(f"no turn of order three for {structure}")
    ids: dict[tuple[int, int, int], int] = {}

    def cls(i: int, j: int, d: int) -> int:
        forms = []
        for e in range(k // step):
            a, b = (i + e * step) % k, (j + e * step) % k
            forms += [(a, b, d % q), (b, a, -d % q)]
        return ids.setdefault(min(forms), len(ids))

    if fixed == c and len({cls(j, j + c, s) for s in structure.shifts for j in range(c)}) < c * step:
        raise ValueError(  # every cycle of classes sits with a fixed player in every base round
            f"{structure}: the fixed players' tables would cover a class (j, j + {c}, s) twice; the base "
            "rounds' shifts must differ (Z_q needs an element of order three)"
        )
    targets: dict[int, int] = {}
    for i in range(k):
        for j in range(i, k):
            for d in range(1 if i == j else 0, q):
                targets[cls(i, j, d)] = 1
    if structure.kind == "2^u":  # {(x, i), (x + g, i + 3c / 2)} for i = 0, c, 2c: one orbit of the turn
        targets.update({cls(e * c, e * c + k // 2, structure.group): 0 for e in range(3)})
    if len(ids) != len(targets):
        raise AssertionError("a class outside the counted ones")
    meets = {(f, j): len(ids) + f * step + j % step for f in range(fixed) for j in range(c)}
    bundle = _Bundles()
    for i in range(len(ids) + fixed * step):
        bundle(i)
    keys, solos = [], []
    for s in structure.shifts:
        n = q * c

        def player(o: int, label: int, s: int = s) -> tuple[int, int]:
            j, y = divmod(o, q)
            return (y + label * s) % q, j + label * c

        items = [player(o, label) for o in range(n) for label in range(3)]
        keys.append(tuple(cls(a[1], b[1], b[0] - a[0]) if a != b else 0 for a in items for b in items))
        solos.append(
            tuple(
                bundle(cls(o // q, o // q + c, s), meets[f, o // q]) for f in range(fixed) for o in range(n)
            )
        )
    full = [targets[i] for i in range(len(ids))] + [1] * (fixed * step)
    if sum(full) != step * (2 * fixed + 6 * (q * c - fixed) // 4):
        raise ValueError(f"{structure}: the base rounds' pairs cannot cover every class once")
    rounds = len(structure.shifts)
    return Instance(
        targets=tuple(full),
        counts=(0,) * len(full),
        bundles=bundle.all(),
        orbits=(q * c,) * rounds,
        labels=(3,) * rounds,
        fixed=(fixed,) * rounds,
        keys=tuple(keys),
        solos=tuple(solos),
    )


def instance_text(inst: Instance) -> str:
    """``inst`` as ``tools/multi_search.c`` reads it."""
    lines = [f"{len(inst.orbits)} {len(inst.targets)} {len(inst.bundles)}"]
    lines += [" ".join(map(str, inst.targets)), " ".join(map(str, inst.counts))]
    lines += [" ".join(map(str, (len(b), *b))) for b in inst.bundles]
    for r, n in enumerate(inst.orbits):
        lines += [f"{n} {inst.labels[r]} {inst.fixed[r]}", " ".join(map(str, inst.keys[r]))]
        lines += [" ".join(map(str, inst.solos[r]))]
    return "\n".join(lines) + "\n"


def anneal(
    inst: Instance, *, seed: int, moves: int, temperature: float = 0.5
) -> tuple[list[list[Slot]], int] | None:
    """Each base round's slots (the fixed players' first, then four to a representative table) and the
    move that found them, or None after ``moves`` moves."""
    rng = XorShift(seed)
    rounds, bundles, targets, counts = len(inst.orbits), inst.bundles, inst.targets, list(inst.counts)
    orb: list[list[int]] = []
    lab: list[list[int]] = []
    for r, n in enumerate(inst.orbits):
        order = list(range(n))
        for a in range(n - 1, 0, -1):
            b = rng.below(a + 1)
            order[a], order[b] = order[b], order[a]
        orb.append(order)
        lab.append([0 if s < inst.fixed[r] else rng.below(inst.labels[r]) for s in range(n)])

    def pairs(r: int, t: int) -> list[int]:
        n, f, o, lb = inst.orbits[r], inst.fixed[r], orb[r], lab[r]
        if t < f:
            return list(bundles[inst.solos[r][t * n + o[t]]])
        b, labels, key = f + 4 * (t - f), inst.labels[r], inst.keys[r]
        items = n * labels
        return [
            k
            for a in range(b, b + 4)
            for e in range(a + 1, b + 4)
            for k in bundles[key[(o[a] * labels + lb[a]) * items + o[e] * labels + lb[e]]]
        ]

    def table_of(r: int, s: int) -> int:
        f = inst.fixed[r]
        return s if s < f else f + (s - f) // 4

    for r in range(rounds):
        for t in range(table_of(r, inst.orbits[r] - 1) + 1):
            for k in pairs(r, t):
                counts[k] += 1
    cost = sum((n - g) ** 2 for n, g in zip(counts, targets, strict=True))
    for move in range(moves):
        r = rng.below(rounds)
        relabel = rng.below(3) == 0
        o = old = 0
        if relabel:
            s = inst.fixed[r] + rng.below(inst.orbits[r] - inst.fixed[r])
            old = lab[r][s]
            touched: tuple[int, ...] = (table_of(r, s),)
        else:
            s, o = rng.below(inst.orbits[r]), rng.below(inst.orbits[r])
            if s == o:
                continue
            ts, to = table_of(r, s), table_of(r, o)
            touched = (ts,) if ts == to else (ts, to)
        removed = [k for t in touched for k in pairs(r, t)]
        delta = 0
        for k in removed:
            delta += -2 * (counts[k] - targets[k]) + 1
            counts[k] -= 1
        if relabel:
            lab[r][s] = (old + 1 + rng.below(inst.labels[r] - 1)) % inst.labels[r]
        else:
            orb[r][s], orb[r][o] = orb[r][o], orb[r][s]
        added = [k for t in touched for k in pairs(r, t)]
        for k in added:
            delta += 2 * (counts[k] - targets[k]) + 1
            counts[k] += 1
        if delta <= 0 or rng.uniform() < math.exp(-delta / temperature):
            cost += delta
            if cost == 0:
                return [list(zip(orb[r], lab[r], strict=True)) for r in range(rounds)], move
        else:
            for k in added:
                counts[k] -= 1
            for k in removed:
                counts[k] += 1
            if relabel:
                lab[r][s] = old
            else:
                orb[r][s], orb[r][o] = orb[r][o], orb[r][s]
    return None


def base_rounds(structure: Structure, found: Sequence[Sequence[Slot]]) -> list[list[list[int]]]:
    """The base rounds (tables of player numbers, the fixed players' tables first) from the slots
    ``anneal`` found: each representative table and its two turns."""
    q, k, c, fixed = structure.q, structure.classes, structure.c, structure.fixed
    rounds = []
    for s, slots in zip(structure.shifts, found, strict=True):

        def player(slot: Slot, turn: int, s: int = s) -> int:
            (j, y), label = divmod(slot[0], q), slot[1] + turn
            return (j + label * c) % k * q + (y + label * s) % q

        tables = [[k * q + f, *(player(slots[f], t) for t in range(3))] for f in range(fixed)]
        for b in range(fixed, len(slots), 4):
            tables += [[player(slot, t) for slot in slots[b : b + 4]] for t in range(3)]
        rounds.append(tables)
    step = structure.spread
    return [
        [[p if p >= k * q else (p // q + e) % k * q + p % q for p in table] for table in tables]
        for tables in rounds
        for e in range(0, c, step)
    ]


FOUND: dict[int, tuple[int, float, int, tuple[str, ...]]] = {
    100: (
        2,
        0.5,
        172_237_804,
        (
            "10,0 19,0 27,1 23,1 24,2 8,1 2,2 17,2 3,1 5,2 32,1 7,2 14,2 22,2 30,2 0,2 "
            "1,2 18,0 28,2 16,1 6,0 15,1 21,2 12,0 31,2 4,0 20,0 26,1 13,2 25,2 29,0 11,2 9,2",
        ),
    ),
}
"""Players -> (seed, temperature, the move that found it, each searched base round's slots as ``anneal``
returns them, written "orbit,label ..."), found by ``tools/multi_search.c`` (the same search as
``anneal``) on ``STRUCTURES``' instance: 100's in about 170 million moves (a minute of C)."""


def found_spec(n_players: int) -> tuple[dict[str, Any], str] | None:
    """The book's spec for ``n_players`` from ``FOUND`` (``"bases"``: several base rounds developed over
    Z_q), and the source to print, or None."""
    if n_players not in FOUND:
        return None
    structure = STRUCTURES[n_players]
    seed, temperature, move, written = FOUND[n_players]
    slots = [[(int(o), int(label)) for o, label in (x.split(",") for x in w.split())] for w in written]
    bases = base_rounds(structure, slots)
    what = {
        "2^u": f"resolvable group divisible design with blocks of four, type 2^{n_players // 2} (pairs who "
        "never meet)",
        "RBIBD": f"resolvable design with blocks of four on {n_players} players (Hanani, Ray-Chaudhuri and "
        "Wilson 1972)",
    }[structure.kind]
    turns = [f"(x, i) -> (x{f' + {s}' if s else ''}, i + {structure.c})" for s in structure.shifts]
    how = f"each fixed by its turn ({', '.join(turns)})"
    if structure.step:
        how = f"one fixed by {turns[0]} and turned into the next by (x, i) -> (x, i + {structure.step})"
    source = (
        f"{what}, {len(bases)} base rounds over Z_{structure.q} with {structure.classes} classes of "
        f"{structure.q}, {how}, by annealing (seed {seed}, temperature {temperature}, found at move "
        f"{move:,})"
    )
    spec = {
        "moduli": [structure.q],
        "classes": structure.classes,
        "fixed": structure.fixed,
        "rounds": "translates",
        "bases": bases,
    }
    return spec, source


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rotation.build.bases_multi N``: print the instance for N players (for the C search)."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    sys.stdout.write(instance_text(instance(STRUCTURES[int(args[0])])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Spouse-avoiding mixed doubles by construction: for 2^k couples (four, eight, sixteen) over 2^k - 1
rounds, every first-named partners every other couple's second-named exactly once, and no couple ever
shares a table.

The construction (a spouse-avoiding mixed doubles round robin, SAMDRR, over the field GF(2^k)): number
the couples by the field's elements x; in round a (a nonzero) the first-named of couple x partners the
second-named of couple x + a, and the partnership of x plays that of x + w.a, where w is the field's
generator (w != 0, 1). At that table sit the first-named of x and x + w.a and the second-named of x + a and
x + a + w.a: none is the other's spouse because a != 0, w.a != 0 and w.a != a. As a runs over the nonzero
elements, x + a runs over every other couple once (the partners), and x + w.a too (each first-named
opposes each other first-named once, each second-named each other second-named once). Addition in
GF(2^k) is exclusive or; multiplying by w is a shift reduced by the field's polynomial.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rotation.model import Movement, Player, Round, Table, pair_key
from scoring.seat import Seat

__all__ = ["mixed_design", "mixed_design_rounds"]

_POLYNOMIALS = {4: 0b111, 8: 0b1011, 16: 0b10011}
"""For each field size q = 2^k the design is built for, a primitive polynomial of degree k (bits)."""


def mixed_design_rounds(couples: int) -> int | None:
    """Rounds of one pass of the design for ``couples`` couples (None: no design by this construction)."""
    return couples - 1 if couples in _POLYNOMIALS else None


def _times_w(value: int, q: int) -> int:
    """``value`` times the generator w = x in GF(q): a shift, reduced by the field's polynomial."""
    value <<= 1
    if value & q:
        value ^= _POLYNOMIALS[q]
    return value


def mixed_design(n_players: int, couples: Sequence[tuple[Player, Player]], rounds: int) -> Movement | None:
    """The first ``rounds`` rounds of passes of the design (a pass is ``couples - 1`` rounds, repeated as
    needed), the couples numbered in the order given, each (first-named, second-named); None where the
    construction has no design for that many couples or the couples do not cover every player."""
    q = len(couples)
    one_pass = mixed_design_rounds(q)
    if one_pass is None or 2 * q != n_players or {p for c in couples for p in c} != set(range(n_players)):
        return None
    firsts = [c[0] for c in couples]
    seconds = [c[1] for c in couples]
    made: list[Round] = []
    for r in range(rounds):
        a = r % one_pass + 1
        wa = _times_w(a, q)
        tables = []
        for x in range(q):
            y = x ^ wa
            if x > y:
                continue  # each table once, from its lower couple
            table = Table.from_seats(
                [firsts[x], firsts[y], seconds[x ^ a], seconds[y ^ a]], first_dealer=Seat.NORTH
            )
            tables.append(table)
        made.append(Round(tuple(tables), ()))
    return Movement(n_players, tuple(made), name="spouse-avoiding mixed doubles")


def cyclic_mixed(n_players: int, couples: Sequence[tuple[Player, Player]], rounds: int) -> Movement | None:
    """A start for mixed partnerships where no design is built: in round r the first-named of couple i
    partners the second-named of couple i + r (mod k), so k - 1 rounds partner every first-named with
    every other couple's second-named once; the partnerships of a round are paired into tables with no
    couple at one, each with the partnership its players have met least so far (with an odd number of
    couples one partnership, a different one each round, sits out). None when the couples do not cover
    every player or a round cannot be paired."""
    k = len(couples)
    if k < 4 or 2 * k != n_players or {p for c in couples for p in c} != set(range(n_players)):
        return None
    met: Counter[tuple[int, int]] = Counter()
    made: list[Round] = []
    for r in range(rounds):
        shift = r % (k - 1) + 1
        partnerships = [(i, (i + shift) % k) for i in range(k)]
        out = [r % k] if k % 2 else []
        playing = [pq for i, pq in enumerate(partnerships) if i not in out]
        tables = _paired(playing, lambda one, two: sum(met[pair_key(*xy)] for xy in _across(one, two)))
        if tables is None:
            return None
        seated = []
        for (a, b), (c, d) in tables:
            seated.append(Table.from_seats([couples[a][0], couples[c][0], couples[b][1], couples[d][1]]))
            for xy in _across((a, b), (c, d)):
                met[pair_key(*xy)] += 1
        sitting = tuple(
            p for i in out for p in (couples[partnerships[i][0]][0], couples[partnerships[i][1]][1])
        )
        made.append(Round(tuple(seated), sitting))
    return Movement(n_players, tuple(made), name="mixed partnerships")


def _across(one: tuple[int, int], two: tuple[int, int]) -> list[tuple[int, int]]:
    """The meetings across two partnerships, as pairs of (side, couple) numbers: 2 * couple for a
    first-named, 2 * couple + 1 for a second-named."""
    mine = (2 * one[0], 2 * one[1] + 1)
    theirs = (2 * two[0], 2 * two[1] + 1)
    return [(x, y) for x in mine for y in theirs]


def _paired(
    partnerships: list[tuple[int, int]], cost: Callable[[tuple[int, int], tuple[int, int]], int]
) -> list[tuple[tuple[int, int], tuple[int, int]]] | None:
    """Partnerships (first's couple, second's couple) paired two to a table, no couple twice at a table:
    the lowest left with the one it costs least to sit with (ties: the lowest), backing up where that
    leaves the rest unpaired."""
    if not partnerships:
        return []
    first, rest = partnerships[0], partnerships[1:]
    order = sorted(range(len(rest)), key=lambda i: (cost(first, rest[i]), i))
    for index in order:
        if set(first) & set(rest[index]):
            continue
        tail = _paired(rest[:index] + rest[index + 1 :], cost)
        if tail is not None:
            return [(first, rest[index]), *tail]
    return None

"""Depth-first search for the tables of a whist starter over Z_v with infinity (n = v + 1 = 4k players).

The two steps of ``rotation.build.whist.search_starter``: first the partner pairs, a random *starter* of Z_v
(pairs whose differences +-(y - x) cover every nonzero element once, infinity partnering 0), found by
annealing; then which two pairs share a table, so that every class {d, -d} of nonzero differences is an
opponent difference exactly twice. The second step is an exact cover with multiplicities, and a plain
depth-first search finds one far sooner than CP-SAT does: branch on the pair with the fewest tables still
open to it, or on the difference class with the fewest tables still able to cover it when that is fewer,
and give up on a pairing after ``limit`` nodes for a fresh random one (restarts beat long searches here:
for 48 players, 100,000 nodes per pairing found one in fewer nodes overall than 1,000,000). 44 players'
tables take 40 s here where CP-SAT took 8 minutes, and this found 60 players' (Z_59, whose units give no
multiplier to cut the search), which an hour of CP-SAT did not.

The sets of tables are Python integers used as bit sets (one bit per pair of pairs), so one search node
costs a few dozen integer operations. Random numbers come from Marsaglia's xorshift64 so that the search
is the same on every platform and in ``tools/table_search.c``, the same search in C (about ten times
faster), which found 60 first: seed 14, 35 random pairings of 4,000,000 nodes at most, a quarter of an hour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["XorShift", "find_tables", "random_pairs"]

_MASK = (1 << 64) - 1


class XorShift:
    """Marsaglia's xorshift64 (13, 7, 17): tiny, and the same stream in Python and C."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 2654435761 + 11) & _MASK
        for _ in range(20):
            self.next()

    def next(self) -> int:
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 7
        x ^= (x << 17) & _MASK
        self.state = x
        return x

    def below(self, n: int) -> int:
        """A number in range(n) (modulo bias is immaterial here and keeps the C twin simple)."""
        return self.next() % n

    def uniform(self) -> float:
        """A float in [0, 1) from the top 53 bits."""
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)


def _class(d: int, v: int) -> int:
    d %= v
    return min(d, v - d)


def random_pairs(v: int, rng: XorShift) -> list[tuple[int, int]]:
    """A random starter of Z_v: (v - 1) / 2 pairs of nonzero elements whose differences cover every class
    {d, -d} once. Annealing on the class counts; cheap (milliseconds)."""
    m = v - 1
    elements = list(range(1, v))
    for i in range(m - 1, 0, -1):
        j = rng.below(i + 1)
        elements[i], elements[j] = elements[j], elements[i]
    counts = [0] * (v // 2 + 1)
    cost = v // 2

    def move(k: int, sign: int) -> None:
        nonlocal cost
        c = _class(elements[2 * k] - elements[2 * k + 1], v)
        before = abs(counts[c] - 1)
        counts[c] += sign
        cost += abs(counts[c] - 1) - before

    def swap(a: int, b: int, i: int, j: int) -> None:
        move(a, -1)
        move(b, -1)
        elements[i], elements[j] = elements[j], elements[i]
        move(a, 1)
        move(b, 1)

    for k in range(m // 2):
        move(k, 1)
    while cost > 0:
        i, j = rng.below(m), rng.below(m)
        a, b = i // 2, j // 2
        if a == b:
            continue
        old = cost
        swap(a, b, i, j)
        delta = cost - old
        if not (delta <= 0 or rng.uniform() < math.exp(-delta / 0.8)):
            swap(a, b, i, j)
    return [(elements[2 * k], elements[2 * k + 1]) for k in range(m // 2)]


class _Search:
    """One depth-first search over which pairs share a table (see the module docstring)."""

    def __init__(self, v: int, pairs: Sequence[tuple[int | None, int]], limit: int, rng: XorShift) -> None:
        self.v, self.limit, self.rng = v, limit, rng
        self.half = v // 2
        k = len(pairs)
        self.edges: list[tuple[int, int]] = [(i, j) for i in range(k) for j in range(i + 1, k)]
        self.hits: list[list[int]] = []
        self.at_node = [0] * k
        """pair -> bit set of the tables (pairs of pairs) it is in."""
        self.covering = [[0, 0, 0, 0, 0] for _ in range(self.half + 1)]
        """class -> m -> bit set of the tables that are opponent difference of that class m times or more."""
        for e, (i, j) in enumerate(self.edges):
            hits = [_class(x - y, v) for x in pairs[i] for y in pairs[j] if x is not None and y is not None]
            self.hits.append(hits)
            self.at_node[i] |= 1 << e
            self.at_node[j] |= 1 << e
            for c in set(hits):
                for m in range(1, hits.count(c) + 1):
                    self.covering[c][m] |= 1 << e
        self.counts = [0] * (self.half + 1)
        self.mate = [-1] * k
        self.nodes = 0

    def open_tables(self, alive: int) -> int:
        """The tables among unseated pairs that would not push a class past two."""
        blocked = 0
        for c in range(1, self.half + 1):
            blocked |= self.covering[c][3 - self.counts[c]]
        return alive & ~blocked

    def seat(self, e: int, sign: int) -> None:
        i, j = self.edges[e]
        for c in self.hits[e]:
            self.counts[c] += sign
        self.mate[i], self.mate[j] = (j, i) if sign > 0 else (-1, -1)

    def run(self, alive: int, left: int) -> bool:
        if left == 0:
            return True
        self.nodes += 1
        if self.nodes > self.limit:
            return False
        feasible = self.open_tables(alive)
        best, best_count = -1, 1000
        for i, mate in enumerate(self.mate):
            if mate >= 0:
                continue
            count = (feasible & self.at_node[i]).bit_count()
            if count == 0:
                return False
            if count < best_count:
                best, best_count = i, count
        short, short_count = -1, 1000
        for c in range(1, self.half + 1):
            supply = sum((feasible & self.covering[c][m]).bit_count() for m in range(1, 5))
            if supply < 2 - self.counts[c]:
                return False
            if self.counts[c] < 2 and supply < short_count:
                short, short_count = c, supply
        by_class = short >= 0 and short_count < best_count
        branch = feasible & (self.covering[short][1] if by_class else self.at_node[best])
        options = []
        while branch:
            low = branch & -branch
            options.append(low.bit_length() - 1)
            branch ^= low
        for k in range(len(options) - 1, 0, -1):
            r = self.rng.below(k + 1)
            options[k], options[r] = options[r], options[k]
        for e in options:
            i, j = self.edges[e]
            self.seat(e, 1)
            if self.run(alive & ~(self.at_node[i] | self.at_node[j]), left - 2):
                return True
            self.seat(e, -1)
            if self.nodes > self.limit:
                return False
        return False


def find_tables(v: int, *, seed: int, limit: int, attempts: int) -> tuple[list[list[int]], int] | None:
    """Tables (a, c, b, d: partners a, b and c, d) of a whist starter over Z_v with infinity numbered v,
    and the attempt that found them; None after ``attempts`` random pairings without one."""
    rng = XorShift(seed)
    for attempt in range(attempts):
        pairs: list[tuple[int | None, int]] = [(None, 0), *random_pairs(v, rng)]
        search = _Search(v, pairs, limit, rng)
        if search.run((1 << len(search.edges)) - 1, len(pairs)):
            rows = []
            for i, j in enumerate(search.mate):
                if i < j:
                    (a, b), (c, d) = pairs[i], pairs[j]
                    assert c is not None  # infinity's pair is pair 0, so never the higher one
                    rows.append([v if a is None else a, c, b, d])
            return rows, attempt
    return None

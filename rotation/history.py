"""The season's history: who partnered whom and who shared a table with whom over past evenings.

A new evening is planned with the season in mind: the planner ranks last evening's partners and the
season's count among its own rules (``rotation.solver.problem.LAST_PARTNERS``), and then
``rotation.movements.season`` seats it, among seatings as good, to repeat the season least, table-mates
included. This module only counts:
pure functions over frozen values, names compared as the store compares them (``name_key``), so an
evening saved as "ann" and tonight's "Ann" are one player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import combinations

from rotation.model import Schedule
from rotation.names import name_key

NamePair = tuple[str, str]
"""Two players' name keys, the lower first."""


def name_pair(first: str, second: str) -> NamePair:
    """The key of two names, whichever way round and however spelt (case, spacing)."""
    a, b = name_key(first), name_key(second)
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class PastEvening:
    """One saved evening as the history counts it: how often each pair partnered and shared a table
    (as partners or opponents), by name key; pairs who never did are left out."""

    played_on: date
    partners: tuple[tuple[NamePair, int], ...]
    mates: tuple[tuple[NamePair, int], ...]
    names: tuple[str, ...] = ()
    """The players as the evening spells them (for reports; counts go by name key)."""


def past_evening(played_on: date, schedule: Schedule) -> PastEvening:
    """Count one evening's partnerships and table-mates from its seating alone."""
    keys = [name_key(name) for name in schedule.players]
    partners: Counter[NamePair] = Counter()
    mates: Counter[NamePair] = Counter()
    for rnd in schedule.rounds:
        for table in rnd.tables:
            for p, q in ((table.north, table.south), (table.east, table.west)):
                partners[_ordered(keys[p], keys[q])] += 1
            for p, q in combinations(table.players, 2):
                mates[_ordered(keys[p], keys[q])] += 1
    return PastEvening(
        played_on, tuple(sorted(partners.items())), tuple(sorted(mates.items())), schedule.players
    )


def _ordered(a: str, b: str) -> NamePair:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class History:
    """The season's past evenings, oldest first. Recency counts in evenings, not days: the evening
    before tonight is 1 evening ago whether it was last week or last month."""

    evenings: tuple[PastEvening, ...] = ()

    def __len__(self) -> int:
        return len(self.evenings)

    def partners(self) -> dict[NamePair, int]:
        """Times each pair partnered over the season."""
        return _summed(e.partners for e in self.evenings)

    def mates(self) -> dict[NamePair, int]:
        """Times each pair shared a table over the season (partners and opponents)."""
        return _summed(e.mates for e in self.evenings)

    def spelling(self) -> dict[str, str]:
        """Each player's name key -> the name as the latest evening spells it."""
        return {name_key(name): name for evening in self.evenings for name in evening.names}

    def partnered_within(self, last: int) -> frozenset[NamePair]:
        """Pairs who partnered in the ``last`` evenings."""
        recent = self.evenings[len(self.evenings) - last :] if last > 0 else ()
        return frozenset(pair for e in recent for pair, _ in e.partners)

    def among(self, names: Iterable[str]) -> History:
        """The history of these players only: pairs of whom both are named, evenings where any of them
        played. What tonight's seating depends on, and so what its seed is drawn from."""
        keys = frozenset(name_key(name) for name in names)
        kept = []
        for evening in self.evenings:
            partners = tuple((pq, c) for pq, c in evening.partners if pq[0] in keys and pq[1] in keys)
            mates = tuple((pq, c) for pq, c in evening.mates if pq[0] in keys and pq[1] in keys)
            if mates:
                names = tuple(name for name in evening.names if name_key(name) in keys)
                kept.append(PastEvening(evening.played_on, partners, mates, names))
        return History(tuple(kept))

    def describe(self) -> list[object]:
        """A plain, stable description (for the planner's seed)."""
        return [
            [e.played_on.isoformat(), [[*pq, c] for pq, c in e.partners], [[*pq, c] for pq, c in e.mates]]
            for e in self.evenings
        ]


def history_of(evenings: Iterable[tuple[date, Schedule]]) -> History:
    """The history of these evenings (any order in; oldest first out, ties kept in the order given)."""
    counted = [past_evening(played_on, schedule) for played_on, schedule in evenings]
    return History(tuple(sorted(counted, key=lambda e: e.played_on)))


def _summed(parts: Iterable[Sequence[tuple[NamePair, int]]]) -> dict[NamePair, int]:
    total: Counter[NamePair] = Counter()
    for part in parts:
        for pair, count in part:
            total[pair] += count
    return dict(total)


@dataclass(frozen=True, slots=True)
class PairWeights:
    """What seating two players together tonight costs, by the season, for players numbered as on
    tonight's score sheet: partnering (``partner_count``, ``partner_last``: in the last evening,
    ``partner_recent``) and sharing a table (``mate_count``, then ``mate_recent``), each a square
    matrix; the search compares the season's count first, then the last evening, then recency, then
    table-mates likewise.

    Counts cost c(c + 1) / 2 for a pair who met c times, so two pairs who partnered once each cost less
    than one pair who partnered twice ("least first"). Recency weighs the last evening most:
    ``RECENT_WEIGHTS`` by evenings ago, 1 beyond them."""

    partner_last: tuple[tuple[int, ...], ...]
    partner_count: tuple[tuple[int, ...], ...]
    partner_recent: tuple[tuple[int, ...], ...]
    mate_count: tuple[tuple[int, ...], ...]
    mate_recent: tuple[tuple[int, ...], ...]


RECENT_WEIGHTS = (8, 4, 2)
"""A past meeting's weight by evenings ago (the last evening first), after which every one weighs 1."""


def pair_weights(history: History, players: Sequence[str]) -> PairWeights:
    """The season's weights for tonight's players (score-sheet order)."""
    keys = [name_key(name) for name in players]
    index = {key: number for number, key in enumerate(keys)}
    n = len(keys)
    matrices = [[[0] * n for _ in range(n)] for _ in range(5)]
    partner_counts: Mapping[NamePair, int] = history.partners()
    mate_counts: Mapping[NamePair, int] = history.mates()
    for counts, matrix in ((partner_counts, matrices[1]), (mate_counts, matrices[3])):
        for (a, b), c in counts.items():
            if a in index and b in index:
                p, q = index[a], index[b]
                matrix[p][q] = matrix[q][p] = c * (c + 1) // 2
    for ago, evening in enumerate(reversed(history.evenings), 1):
        weight = RECENT_WEIGHTS[ago - 1] if ago <= len(RECENT_WEIGHTS) else 1
        if ago == 1:
            for (a, b), c in evening.partners:
                if a in index and b in index:
                    matrices[0][index[a]][index[b]] = matrices[0][index[b]][index[a]] = c
        for pairs, matrix in ((evening.partners, matrices[2]), (evening.mates, matrices[4])):
            for (a, b), c in pairs:
                if a in index and b in index:
                    p, q = index[a], index[b]
                    matrix[p][q] += weight * c
                    matrix[q][p] = matrix[p][q]
    frozen = [tuple(tuple(row) for row in matrix) for matrix in matrices]
    return PairWeights(*frozen)


def season_pairs(
    history: History, sheet: Sequence[str]
) -> tuple[frozenset[tuple[int, int]], dict[tuple[int, int], int]]:
    """The season as the planner ranks it, over score-sheet positions: the pairs who partnered in the last
    evening, and each pair's weight c(c + 1) / 2 for c partnerships this season (``rotation.history``)."""
    weights = pair_weights(history, sheet)
    n = len(sheet)
    pairs = [(p, q) for p in range(n) for q in range(p + 1, n)]
    last = frozenset(pq for pq in pairs if weights.partner_last[pq[0]][pq[1]])
    return last, {
        pq: weights.partner_count[pq[0]][pq[1]] for pq in pairs if weights.partner_count[pq[0]][pq[1]]
    }

"""The independent balance checker: counts what a movement gives each player and pair.

It reads only the seating, never the code or settings that built it, so it can judge the bulletin's
movements, the book of designs and the solver alike. Plain Python, no solver.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from rotation.model import Movement, Player

Pair = tuple[Player, Player]


def _pair(p: Player, q: Player) -> Pair:
    return (p, q) if p < q else (q, p)


@dataclass(frozen=True, slots=True)
class Bound:
    """The best an even spread can do: every count in [floor, ceil]."""

    floor: int
    ceil: int

    @classmethod
    def of(cls, slots: int, holders: int) -> Bound:
        if holders == 0:
            return cls(0, 0)
        return cls(slots // holders, -(-slots // holders))

    @property
    def spread(self) -> int:
        return self.ceil - self.floor


def spread(counts: Iterable[int]) -> int:
    values = list(counts)
    return max(values) - min(values) if values else 0


@dataclass(frozen=True, slots=True)
class Balance:
    """What a movement gives each player and pair, and how close that is to even."""

    n_players: int
    n_rounds: int
    partners: dict[Pair, int]
    opponents: dict[Pair, int]
    played: dict[Player, int]
    sat_out: dict[Player, int]
    away: dict[Player, int]
    longest_sit_out_run: dict[Player, int]
    first_deals: dict[Player, int]
    seat_moves: dict[Player, int]
    partner_bound: Bound
    opponent_bound: Bound

    @property
    def partner_spread(self) -> int:
        return spread(self.partners.values())

    @property
    def opponent_spread(self) -> int:
        return spread(self.opponents.values())

    @property
    def played_spread(self) -> int:
        """Spread of rounds played among players who were never away."""
        return spread(self.played[p] for p in self.played if self.away[p] == 0)

    @property
    def sit_out_spread(self) -> int:
        return spread(self.sat_out[p] for p in self.sat_out if self.away[p] == 0)

    @property
    def first_deal_spread(self) -> int:
        return spread(self.first_deals.values())

    @property
    def total_seat_moves(self) -> int:
        return sum(self.seat_moves.values())

    @property
    def max_sit_out_run(self) -> int:
        return max(self.longest_sit_out_run.values(), default=0)

    @property
    def partners_within_bound(self) -> bool:
        """Every pair partners between the floor and the ceiling of the average."""
        b = self.partner_bound
        return all(b.floor <= c <= b.ceil for c in self.partners.values())

    @property
    def is_whist(self) -> bool:
        """Every pair partners exactly once and opposes exactly twice."""
        return set(self.partners.values()) == {1} and set(self.opponents.values()) == {2}


def check(movement: Movement) -> Balance:
    """Count partners, opponents, sit-outs, first deals and seat moves of ``movement``."""
    players = movement.players
    partners: Counter[Pair] = Counter({pq: 0 for pq in combinations(players, 2)})
    opponents: Counter[Pair] = Counter({pq: 0 for pq in combinations(players, 2)})
    played: Counter[Player] = Counter({p: 0 for p in players})
    sat_out: Counter[Player] = Counter({p: 0 for p in players})
    away: Counter[Player] = Counter({p: 0 for p in players})
    first_deals: Counter[Player] = Counter({p: 0 for p in players})
    seat_moves: Counter[Player] = Counter({p: 0 for p in players})
    run: Counter[Player] = Counter()
    longest: Counter[Player] = Counter({p: 0 for p in players})
    where_before: dict[Player, tuple[int, int]] = {}
    seats = 0

    for rnd in movement.rounds:
        where_now: dict[Player, tuple[int, int]] = {}
        for number, table in enumerate(rnd.tables):
            seats += 4
            n, e, s, w = table.players
            partners[_pair(n, s)] += 1
            partners[_pair(e, w)] += 1
            for p, q in ((n, e), (n, w), (s, e), (s, w)):
                opponents[_pair(p, q)] += 1
            first_deals[table.dealer] += 1
            for seat_index, p in enumerate(table.players):
                played[p] += 1
                where_now[p] = (number, seat_index)
        for p in players:
            if p in rnd.sitting_out:
                sat_out[p] += 1
                run[p] += 1
                longest[p] = max(longest[p], run[p])
            else:
                run[p] = 0
                if p not in where_now:
                    away[p] += 1
        for p, place in where_now.items():
            if p in where_before and where_before[p] != place:
                seat_moves[p] += 1
        where_before = where_now

    n_pairs = len(partners)
    return Balance(
        n_players=movement.n_players,
        n_rounds=len(movement.rounds),
        partners=dict(partners),
        opponents=dict(opponents),
        played=dict(played),
        sat_out=dict(sat_out),
        away=dict(away),
        longest_sit_out_run=dict(longest),
        first_deals=dict(first_deals),
        seat_moves=dict(seat_moves),
        partner_bound=Bound.of(seats // 2, n_pairs),
        opponent_bound=Bound.of(seats, n_pairs),
    )

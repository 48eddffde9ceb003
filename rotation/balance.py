"""The independent balance checker: counts what a movement gives each player and pair.

It reads only the seating, never the code or settings that built it, so it can judge the bulletin's
movements, the book of designs and the solver alike. Plain Python, no solver.

Players away for some rounds (late arrivals, early leavers) are judged against their presence: spreads
take their minimum over the regular players (present every round) and their maximum over everyone, and
each player's sit-outs are compared with a fair share of the sit-outs of the rounds they were present for.
Pairs who must not partner (``avoid``) are left out of the partner counts' spread and bound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from math import ceil, floor

from rotation.model import Movement, Pair, Player, Round, pair_key


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


def _reach(highs: Iterable[int], lows: Iterable[int]) -> int:
    """Max over ``highs`` minus min over ``lows`` (an empty ``lows`` counts as 0): a spread that does
    not blame the schedule for a count held down by a player's own absence."""
    return max(highs, default=0) - min(lows, default=0)


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
    repeat_sit_outs: dict[Player, int] = field(default_factory=dict)
    fair_sit_outs: dict[Player, Fraction] = field(default_factory=dict)
    avoid: frozenset[Pair] = frozenset()
    seats: dict[Player, tuple[int, int, int, int]] = field(default_factory=dict)
    """player -> rounds played in North, East, South, West."""
    tables: tuple[int, ...] = ()
    """Each round's number of tables, for the floor of repeated meetings."""
    last_partners: frozenset[Pair] | None = None
    """Pairs who partnered in the season's last evening (None: no history given)."""
    season_weights: dict[Pair, int] = field(default_factory=dict)
    """Each pair's weight by the season, c(c + 1) / 2 for c past partnerships (``rotation.history``)."""
    apart: frozenset[Pair] = frozenset()
    """Pairs who may never share a table (couples): each player's meetings are counted among the others."""

    @property
    def partners_from_last(self) -> int:
        """Partnerships of the evening between pairs who partnered in the last evening."""
        return sum(self.partners.get(pq, 0) for pq in self.last_partners or ())

    @property
    def season_partner_weight(self) -> int:
        """The evening's partnerships weighed by the season (``season_weights``), summed."""
        return sum(c * self.season_weights.get(pq, 0) for pq, c in self.partners.items())

    @property
    def regular(self) -> frozenset[Player]:
        """Players present (seated or sitting out) in every round."""
        return frozenset(p for p, rounds in self.away.items() if rounds == 0)

    def _regular_pairs(self) -> list[Pair]:
        regular = self.regular
        return [(p, q) for p, q in self.partners if p in regular and q in regular]

    @property
    def partner_spread(self) -> int:
        """Most partnerships of any pair minus fewest of any pair of regular players; pairs in ``avoid``
        are left out. With everyone present and no avoid this is the plain spread over all pairs."""
        highs = [c for pq, c in self.partners.items() if pq not in self.avoid]
        lows = [self.partners[pq] for pq in self._regular_pairs() if pq not in self.avoid]
        return _reach(highs, lows)

    @property
    def opponent_spread(self) -> int:
        """Most meetings as opponents of any pair minus fewest of any pair of regular players."""
        return _reach(self.opponents.values(), [self.opponents[pq] for pq in self._regular_pairs()])

    @property
    def played_spread(self) -> int:
        """Spread of rounds played among players who were never away."""
        return spread(self.played[p] for p in self.played if self.away[p] == 0)

    @property
    def first_deal_spread(self) -> int:
        """Spread of first deals among players who were never away."""
        return spread(self.first_deals[p] for p in self.first_deals if self.away[p] == 0)

    @property
    def first_deals_off_share(self) -> int:
        """First deals beyond [floor, ceil] of each player's fair share, summed over players.

        Each table's first deal goes to one of its four players, so a player who plays r rounds deals a
        fair r / 4 of them: with part-timers this, not the raw range, is how even the first deals are
        (a late arrival who plays four rounds of six should deal about once, not as often as a regular).
        0 is always possible: dealing each table a quarter to each of its four is a fractional flow from
        tables to players, and a flow rounds to one within [floor, ceil] of every player's load."""
        excess = 0
        for p, dealt in self.first_deals.items():
            low, high = self.played[p] // 4, -(-self.played[p] // 4)
            excess += max(0, dealt - high) + max(0, low - dealt)
        return excess

    @property
    def seat_spread(self) -> int:
        """The most uneven player's seats: most rounds in one seat less fewest in another."""
        return max((max(counts) - min(counts) for counts in self.seats.values()), default=0)

    def best_range(self, per_round: int) -> Bound:
        """The most even range of counts counting allows for partners (``per_round`` 1) or opponents (2):
        the slots over the pairs, and per player: one who plays r rounds has ``per_round`` x r of them
        among the n - 1 others, so someone they meet at least ceil of that share and someone at most its
        floor. The planner's proven bounds start from the same two counts."""
        bound = self.partner_bound if per_round == 1 else self.opponent_bound
        regular = [self.played[p] for p in self.regular]
        others = self.n_players - 1
        if not regular or others < 1:
            return bound
        low = min(bound.floor, min(per_round * r // others for r in regular))
        high = max(bound.ceil, max(-(-per_round * r // others) for r in regular))
        return Bound(low, high)

    @property
    def total_repeat_sit_outs(self) -> int:
        """How many times anyone sat out two rounds running."""
        return sum(self.repeat_sit_outs.values())

    @property
    def sit_out_share_excess(self) -> int:
        """Sit-outs beyond [floor, ceil] of each player's fair share, summed over players.

        A player's fair share is the sum, over the rounds they were present for, of that round's
        sit-outs divided by the players present; 0 means every player's sit-outs are as even as their
        presence allows (for players always present: sit-outs, and so rounds played, within one)."""
        excess = 0
        for p, share in self.fair_sit_outs.items():
            count = self.sat_out[p]
            excess += max(0, count - ceil(share)) + max(0, floor(share) - count)
        return excess

    @property
    def sit_outs_within_share(self) -> bool:
        return self.sit_out_share_excess == 0

    @property
    def total_seat_moves(self) -> int:
        return sum(self.seat_moves.values())

    @property
    def max_sit_out_run(self) -> int:
        return max(self.longest_sit_out_run.values(), default=0)

    @property
    def partners_within_bound(self) -> bool:
        """Every pair (but those in ``avoid``) partners between the floor and the ceiling of the average."""
        b = self.partner_bound
        return all(b.floor <= c <= b.ceil for pq, c in self.partners.items() if pq not in self.avoid)

    @property
    def table_mates(self) -> dict[Pair, int]:
        """m(p, q): how often p and q share a table, as partners or as opponents."""
        return {pq: count + self.opponents[pq] for pq, count in self.partners.items()}

    @property
    def most_meetings(self) -> int:
        """The most times any two players share a table: 1 means nobody meets anyone twice."""
        return max(self.table_mates.values(), default=0)

    @property
    def repeated_meetings(self) -> int:
        """Meetings beyond the first, summed over pairs: sum of max(0, m(p, q) - 1)."""
        return sum(count - 1 for count in self.table_mates.values() if count > 1)

    @property
    def repeated_meetings_floor(self) -> int:
        """Repeated meetings no schedule with these rounds played can avoid (with no pair meeting more
        often than here): a player at a table meets three others, so one who plays r rounds among n - 1
        others repeats at least 3r - (n - 1) meetings, each repeat shared by two players; and
        ``coincidence_floor`` of the rounds' tables and sit-outs; and one where meeting nobody twice is
        impossible (``meet_once_possible``). A player kept ``apart`` from some meets the rest: 8 couples
        over 8 rounds, 24 meetings each among 14, so 16 x 10 / 2 = 80 (72 counted among all 15)."""
        others = {p: self.n_players - 1 - sum(p in pq for pq in self.apart) for p in self.played}
        counted = -(-sum(max(0, 3 * r - others[p]) for p, r in self.played.items()) // 2)
        impossible = 0 if meet_once_possible(self.n_players, self.tables, fair=self.fair_meet_once) else 1
        return max(counted, impossible, coincidence_floor(self.n_players, self.tables, self.most_meetings))

    @property
    def fair_meet_once(self) -> bool:
        """Everyone present throughout and nobody out twice: what ``MEET_ONCE_LONGEST`` presumes."""
        return not any(self.away.values()) and max(self.sat_out.values(), default=0) <= 1

    @property
    def is_whist(self) -> bool:
        """Every pair partners exactly once and opposes exactly twice."""
        return set(self.partners.values()) == {1} and set(self.opponents.values()) == {2}


def coincidence_floor(n_players: int, tables: Sequence[int], most: int) -> int:
    """The fewest repeated meetings any schedule of rounds with these numbers of tables has when no pair
    meets more than ``most`` times.

    Take two rounds of a and b tables: at least 4a + 4b - n players sit at a table in both, one to each
    pair of tables (the earlier one's and the later one's), and two who sit at the same pair of tables
    meet twice: a coincidence. With X players over a x b pairs of tables the fewest coincidences spread
    them evenly (``forced_coincidences``). A pair meeting m times makes m(m-1)/2 coincidences out of
    m - 1 repeats, so at most ``most`` meetings turn C coincidences into at least 2C / most repeats.
    With 12 players at 3 tables every pair of rounds has 3 coincidences: 4 rounds, 18 repeats; with 13
    (one out) 2 each: 12."""
    if most < 2:
        return 0
    return -(-2 * forced_coincidences(n_players, tables) // most)


MEET_ONCE_LONGEST: dict[int, int] = {17: 4}
"""Players -> the most rounds they can play at n // 4 tables, nobody sitting out twice, without anyone
meeting anyone twice, where that is fewer than counting shows (``forced_coincidences``): 17 players
x 5 rounds have no meet-once evening. Proven by CP-SAT over every case
(``rotation.build.meetonce.no_meet_once``), and re-proven by the tests."""


SOCIAL_GOLFER_LONGEST: dict[int, int] = {4: 1, 8: 1, 12: 1, 16: 5, 20: 5, 24: 7, 28: 9}
"""Golfers (4g, in g groups of 4) -> the most rounds they can play without two meeting twice: the social
golfer problem's known maxima, OEIS A107431 (T(g, 4) of the triangle T(n, k), n groups of k: T(4, 4) = 5,
T(5, 4) = 5, T(6, 4) = 7, T(7, 4) = 9; T(n, k) = 1 for k > n, so 4, 8 and 12 golfers play one round),
after W. Harvey's results page for the social golfer problem. The sequence assumes everyone plays
every round, so it applies only with n a multiple of 4, everyone present, at n // 4 tables. Counting
(3 others a round among n - 1) already gives all but 20: 20 players at five tables can play five rounds
meeting nobody twice (3 x 6 = 18 <= 19 others would allow six), so 20 x 6 repeats a meeting."""


def longest_meet_once(n_players: int) -> int | None:
    """The most rounds n players at n // 4 tables (everyone present, nobody out twice) can play meeting
    nobody twice, where a table above knows it (``MEET_ONCE_LONGEST``, ``SOCIAL_GOLFER_LONGEST``)."""
    if n_players % 4 == 0 and n_players in SOCIAL_GOLFER_LONGEST:
        return SOCIAL_GOLFER_LONGEST[n_players]
    return MEET_ONCE_LONGEST.get(n_players)


def meet_once_possible(n_players: int, tables: Sequence[int], *, fair: bool = True) -> bool:
    """False where these rounds' tables make someone meet someone twice: a forced coincidence, or more
    rounds than ``longest_meet_once`` when every round has n // 4 tables and (``fair``) everyone is
    present throughout and nobody sits out twice."""
    if forced_coincidences(n_players, tables) or not leave_possible(n_players, tables):
        return False
    longest = longest_meet_once(n_players)
    full = all(t == n_players // 4 for t in tables)
    return not (fair and full and longest is not None and len(tables) > longest)


LEAVE_STEPS = 20_000
"""Steps ``leave_possible`` may take: over a hundred times what the cases it settles take (19 x 7: 48,
55 x 19: 132); with them, every size to 200 players at every length takes under 0.05 s here."""


def leave_possible(n_players: int, tables: Sequence[int]) -> bool:
    """Whether the pairs that never meet could form a graph, meeting nobody twice. A player who plays r
    rounds meets 3r others, so never meets n - 1 - 3r: those are their degrees in the leave (the pairs who
    never meet), a simple graph with C(n, 2) - 6 x tables edges. Where no rounds played (each at most the
    rounds) give degrees some graph has (``multigraphic``), someone meets someone twice. 19 players at four
    tables over 7 rounds: 3 pairs left, every degree a multiple of 3, so two players of degree 3, or
    one of 6: no graph (Brouwer's packings of K4: 19 points take 27 blocks, not 28). Looked at only
    where the leave is small (a few edges a player), where such a case can arise, and over at most
    ``LEAVE_STEPS`` steps (degree sequences grow fast past 60 players); True beyond: never a claim
    that is not shown."""
    n, rounds = n_players, len(tables)
    left = n * (n - 1) - 12 * sum(tables)  # the leave's degrees summed
    if left < 0:
        return False
    if left > 2 * n:
        return True
    options = sorted({n - 1 - 3 * r for r in range(rounds + 1) if n - 1 - 3 * r >= 0}, reverse=True)

    steps = 0

    def fits(i: int, total: int, players: int, chosen: list[int]) -> bool:
        nonlocal steps
        steps += 1
        if steps > LEAVE_STEPS:
            return True  # not looked at to the end: no claim
        if players == 0:
            return total == 0 and multigraphic(chosen, 1)
        if i == len(options) or options[i] * players < total:
            return False
        most = players if options[i] == 0 else min(players, total // options[i])
        return any(
            fits(i + 1, total - c * options[i], players - c, chosen + [options[i]] * c)
            for c in range(most + 1)
        )

    return fits(0, left, n, [])


def multigraphic(degrees: Sequence[int], most: int) -> bool:
    """Whether some multigraph with at most ``most`` edges between two vertices has these degrees
    (Chungphaisan 1974; Erdős and Gallai where ``most`` is 1): the k largest degrees need no more than the
    edges among their k vertices and those to the rest allow."""
    d = sorted(degrees, reverse=True)
    if sum(d) % 2 or (d and d[-1] < 0):
        return False
    return all(
        sum(d[:k]) <= most * k * (k - 1) + sum(min(x, most * k) for x in d[k:]) for k in range(1, len(d) + 1)
    )


def forced_coincidences(n_players: int, tables: Sequence[int]) -> int:
    """Coincidences (a pair at one table in two rounds) no schedule of these rounds' tables avoids:
    over every two rounds, the players seated in both spread as evenly as can be over the pairs of
    tables. More than none means somebody meets someone twice."""

    def least(a: int, b: int) -> int:
        both, cells = max(0, 4 * (a + b) - n_players), a * b
        if cells == 0:
            return 0
        q, r = divmod(both, cells)
        return r * (q + 1) * q // 2 + (cells - r) * q * (q - 1) // 2

    # rounds with the same number of tables force the same: count pairs of rounds by their two sizes,
    # linear in the rounds where pairing every two rounds is quadratic (8,000 rounds took 47 s)
    sizes = sorted(Counter(tables).items())
    return sum(
        least(a, b) * (count_a * count_b if i != j else count_a * (count_a - 1) // 2)
        for i, (a, count_a) in enumerate(sizes)
        for j, (b, count_b) in enumerate(sizes[i:], i)
    )


def rule_values(balance: Balance) -> dict[str, int]:
    """Each rule the balanced planner ranks, under the name the planner gives it, as the checker counts it:
    what the planner's summary and ``plan --json``'s ``"planner"`` print, so that they describe the
    schedule printed even after a later stage (the season's seating) changed it."""
    return {
        "sit-outs off fair share": balance.sit_out_share_excess,
        "partner spread": balance.partner_spread,
        "played spread": balance.played_spread,
        "sit-out repeats": balance.total_repeat_sit_outs,
        "partners from the last evening": balance.partners_from_last,
        "season partner repeats": balance.season_partner_weight,
        "most meetings": balance.most_meetings,
        "repeated meetings": balance.repeated_meetings,
        "opponent spread": balance.opponent_spread,
        "first-deal spread": balance.first_deal_spread,
        "first deals off fair share": balance.first_deals_off_share,
        "seat moves": balance.total_seat_moves,
    }


def check(
    movement: Movement,
    *,
    avoid: Iterable[tuple[Player, Player]] = (),
    last_partners: Iterable[tuple[Player, Player]] | None = None,
    season_weights: Mapping[Pair, int] | None = None,
    apart: Iterable[tuple[Player, Player]] = (),
) -> Balance:
    """Count partners, opponents, sit-outs, first deals and seat moves of ``movement``.

    ``avoid`` names pairs who must not partner: they are left out of the partner spread and bound.
    ``last_partners`` (pairs who partnered in the season's last evening) and ``season_weights`` (a
    pair's weight by the season) count the evening's partnerships again by the season. ``apart``
    names pairs who may never share a table (couples), for the floor of repeated meetings."""
    counts = _Counts(movement, avoid)
    for rnd in movement.rounds:
        counts.add(rnd)
    balance = counts.balance()
    if apart:
        balance = replace(balance, apart=frozenset(pair_key(p, q) for p, q in apart))
    if last_partners is None and not season_weights:
        return balance
    return replace(
        balance,
        last_partners=frozenset(pair_key(p, q) for p, q in last_partners or ()),
        season_weights={pair_key(p, q): w for (p, q), w in (season_weights or {}).items()},
    )


def prefix_checks(movement: Movement, *, avoid: Iterable[tuple[Player, Player]] = ()) -> Iterator[Balance]:
    """``check`` of the first 1, 2, ... rounds of ``movement`` (the evening stopped after each round),
    counted in one pass: each round is added once to running counts, so the whole is linear in the
    rounds (times the pairs copied into each answer), where checking every prefix afresh is quadratic.
    Each answer equals ``check`` of that prefix."""
    counts = _Counts(movement, avoid)
    for rnd in movement.rounds:
        counts.add(rnd)
        yield counts.balance()


@dataclass(frozen=True, slots=True)
class Stop:
    """The evening stopped after ``n_rounds`` rounds, as `chicago check` shows it: the fewest and most
    partnerships of any pair (pairs to avoid left out) against the even ``partner_bound``, meetings as
    opponents, the sit-outs and fair shares of the players present so far in every round (None when
    there is none), and whether partners and sit-outs are as even as can be."""

    n_rounds: int
    partners: tuple[int, int]
    partner_bound: Bound
    opponents: tuple[int, int]
    sit_outs: tuple[int, int] | None
    fair_shares: tuple[Fraction, Fraction] | None
    even: bool

    @classmethod
    def of(cls, balance: Balance) -> Stop:
        """The stop a full `Balance` of the first rounds describes (what `stops` counts without one)."""
        b = balance
        partners = [c for pq, c in b.partners.items() if pq not in b.avoid]
        regular = [p for p in b.fair_sit_outs if b.away[p] == 0]
        shares = [b.fair_sit_outs[p] for p in regular]
        return cls(
            b.n_rounds,
            (min(partners, default=0), max(partners, default=0)),
            b.partner_bound,
            (min(b.opponents.values(), default=0), max(b.opponents.values(), default=0)),
            (min(b.sat_out[p] for p in regular), max(b.sat_out[p] for p in regular)) if regular else None,
            (min(shares), max(shares)) if shares else None,
            b.partners_within_bound and b.sit_outs_within_share,
        )


class _Spread:
    """How many pairs have each count, for the fewest and most in constant time a round: counts only
    grow, so the fewest moves up and the most is the largest seen."""

    def __init__(self, pairs: int) -> None:
        self.holding = Counter({0: pairs}) if pairs else Counter[int]()
        self.low = 0
        self.high = 0

    def grew(self, count: int) -> None:
        """One pair's count went from ``count - 1`` to ``count``."""
        self.holding[count - 1] -= 1
        self.holding[count] += 1
        self.high = max(self.high, count)
        while self.low < self.high and self.holding[self.low] == 0:
            self.low += 1


def stops(movement: Movement, *, avoid: Iterable[tuple[Player, Player]] = ()) -> Iterator[Stop]:
    """`Stop.of` each `prefix_checks` answer, counted without copying the counts of every pair at each
    round: a round costs its tables and the players, so memory stays that of one `check` however many
    rounds the movement has (a copy of every pair's counts for each of 20,000 rounds took 1.7 GB)."""
    counts = _Counts(movement, avoid)
    partners = _Spread(len(counts.partners) - counts.avoided_pairs)
    opponents = _Spread(len(counts.opponents))
    for rnd in movement.rounds:
        counts.add(rnd)
        for table in rnd.tables:
            n, e, s, w = table.players
            for pq in (pair_key(n, s), pair_key(e, w)):
                if pq not in counts.avoided:
                    partners.grew(counts.partners[pq])
            for p, q in ((n, e), (n, w), (s, e), (s, w)):
                opponents.grew(counts.opponents[pair_key(p, q)])
        yield counts.stop(partners, opponents)


class _Counts:
    """The checker's running counts, one round at a time."""

    def __init__(self, movement: Movement, avoid: Iterable[tuple[Player, Player]]) -> None:
        players = movement.players
        self.movement = movement
        self.players = players
        self.avoided = frozenset(pair_key(p, q) for p, q in avoid)
        self.repeats: Counter[Player] = Counter({p: 0 for p in players})
        self.fair: dict[Player, Fraction] = {p: Fraction(0) for p in players}
        self.partners: Counter[Pair] = Counter({pq: 0 for pq in combinations(players, 2)})
        self.opponents: Counter[Pair] = Counter({pq: 0 for pq in combinations(players, 2)})
        self.played: Counter[Player] = Counter({p: 0 for p in players})
        self.sat_out: Counter[Player] = Counter({p: 0 for p in players})
        self.away: Counter[Player] = Counter({p: 0 for p in players})
        self.first_deals: Counter[Player] = Counter({p: 0 for p in players})
        self.seat_moves: Counter[Player] = Counter({p: 0 for p in players})
        self.in_seat = {p: [0, 0, 0, 0] for p in players}
        self.run: Counter[Player] = Counter()
        self.longest: Counter[Player] = Counter({p: 0 for p in players})
        self.where_before: dict[Player, tuple[int, int]] = {}
        self.seats = 0
        self.rounds = 0
        self.tables: list[int] = []
        self.avoided_pairs = len(self.avoided & self.partners.keys())

    def add(self, rnd: Round) -> None:
        partners, opponents = self.partners, self.opponents
        where_now: dict[Player, tuple[int, int]] = {}
        self.rounds += 1
        self.tables.append(len(rnd.tables))
        for number, table in enumerate(rnd.tables):
            self.seats += 4
            n, e, s, w = table.players
            partners[pair_key(n, s)] += 1
            partners[pair_key(e, w)] += 1
            for p, q in ((n, e), (n, w), (s, e), (s, w)):
                opponents[pair_key(p, q)] += 1
            self.first_deals[table.dealer] += 1
            for seat_index, p in enumerate(table.players):
                self.played[p] += 1
                self.in_seat[p][seat_index] += 1
                where_now[p] = (number, seat_index)
        present = rnd.present
        for p in present:
            self.fair[p] += Fraction(len(rnd.sitting_out), len(present))
        run, longest = self.run, self.longest
        for p in self.players:
            if p in rnd.sitting_out:
                self.sat_out[p] += 1
                if run[p]:
                    self.repeats[p] += 1
                run[p] += 1
                longest[p] = max(longest[p], run[p])
            else:
                run[p] = 0
                if p not in where_now:
                    self.away[p] += 1
        for p, place in where_now.items():
            if p in self.where_before and self.where_before[p] != place:
                self.seat_moves[p] += 1
        self.where_before = where_now

    def stop(self, partners: _Spread, opponents: _Spread) -> Stop:
        """The counts so far as `check`'s table shows them (``partners`` and ``opponents``: the pairs'
        spreads, kept by the caller): a pass over the players, none over the pairs."""
        bound = Bound.of(self.seats // 2, len(self.partners) - self.avoided_pairs)
        regular = [p for p in self.players if self.away[p] == 0]
        shares = [self.fair[p] for p in regular]
        excess = sum(
            max(0, self.sat_out[p] - ceil(share)) + max(0, floor(share) - self.sat_out[p])
            for p, share in self.fair.items()
        )
        return Stop(
            self.rounds,
            (partners.low, partners.high),
            bound,
            (opponents.low, opponents.high),
            (min(self.sat_out[p] for p in regular), max(self.sat_out[p] for p in regular))
            if regular
            else None,
            (min(shares), max(shares)) if shares else None,
            bound.floor <= partners.low and partners.high <= bound.ceil and excess == 0,
        )

    def balance(self) -> Balance:
        """The counts so far as the checker's answer (copies: later rounds do not change it)."""
        n_pairs = len(self.partners)
        return Balance(
            n_players=self.movement.n_players,
            n_rounds=self.rounds,
            partners=dict(self.partners),
            opponents=dict(self.opponents),
            played=dict(self.played),
            sat_out=dict(self.sat_out),
            away=dict(self.away),
            longest_sit_out_run=dict(self.longest),
            first_deals=dict(self.first_deals),
            seat_moves=dict(self.seat_moves),
            partner_bound=Bound.of(self.seats // 2, n_pairs - self.avoided_pairs),
            opponent_bound=Bound.of(self.seats, n_pairs),
            repeat_sit_outs=dict(self.repeats),
            fair_sit_outs=dict(self.fair),
            avoid=self.avoided,
            seats={p: (north, east, south, west) for p, (north, east, south, west) in self.in_seat.items()},
            tables=tuple(self.tables),
        )


@dataclass(frozen=True, slots=True)
class CouplesBalance:
    """What a movement gives its couples (DESIGN.md, "couple", "mixed"), counted from the seating alone:
    ``partnered`` and ``shared`` are how often some couple partnered and sat at one table (0 when kept
    apart), ``unmixed`` how many partnerships did not join one couple's first-named with another's
    second-named (counted only when partnerships are to be ``mixed``), ``mixed_partners`` how often each
    first-named partnered each other couple's second-named (first, second) -> times."""

    couples: tuple[Pair, ...]
    mixed: bool
    partnered: int
    shared: int
    unmixed: int
    mixed_partners: dict[Pair, int] = field(default_factory=dict)

    @property
    def kept_apart(self) -> bool:
        return self.partnered == 0 and self.shared == 0

    @property
    def all_mixed(self) -> bool:
        return not self.mixed or self.unmixed == 0


def check_couples(movement: Movement, couples: Sequence[Pair], *, mixed: bool = False) -> CouplesBalance:
    """Count, round by round, the couples who partner or share a table and the partnerships not mixed."""
    couple_of = {p: c for c, couple in enumerate(couples) for p in couple}
    firsts = {a for a, _ in couples}
    seconds = {b for _, b in couples}
    partnered = shared = unmixed = 0
    mixed_partners = {(a, b): 0 for a, _ in couples for _, b in couples if couple_of[a] != couple_of[b]}
    for rnd in movement.rounds:
        for table in rnd.tables:
            at = [couple_of.get(p) for p in table.players]
            shared += sum(1 for c in set(at) if c is not None and at.count(c) > 1)
            for p, q in ((table.north, table.south), (table.east, table.west)):
                if p in couple_of and couple_of[p] == couple_of.get(q):
                    partnered += 1
                first, second = (p, q) if p in firsts else (q, p)
                if first in firsts and second in seconds and couple_of[first] != couple_of[second]:
                    mixed_partners[first, second] += 1
                elif mixed:
                    unmixed += 1
    return CouplesBalance(tuple(couples), mixed, partnered, shared, unmixed, mixed_partners)

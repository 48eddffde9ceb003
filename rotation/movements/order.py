"""Prefix order: rounds arranged so that an evening stopped after any round is as even as it can be.

A movement's balance is usually judged at the end, but evenings end early. Stopping after m rounds
leaves partner counts, sit-outs and opponent counts of the first m rounds; the best any m rounds can do is
every partner count within [floor, ceil] of that prefix's average (``Balance.partner_bound``) and every
player's sit-outs within one of their fair share (``Balance.sit_outs_within_share``). ``prefix_order``
permutes the rounds of any movement (the bulletin's, a whist design, the solver's) to come as close to that
at every prefix as the rounds allow; it never changes a round, only when it is played. Rounds with
different players present (late arrivals, early leavers) keep their places: only runs of consecutive
rounds with the same players present are reordered.

``prefix_balances`` reports each prefix with the independent checker, for ``chicago check``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from rotation.balance import Balance, Bound, prefix_checks
from rotation.model import Game, Movement, Player, Round, Table, pair_key

__all__ = [
    "PrefixScore",
    "is_prefix_balanced",
    "prefix_balances",
    "prefix_movement",
    "prefix_order",
    "prefix_score",
    "prefix_scores",
]

Pair = tuple[Player, Player]


def prefix_balances(movement: Movement, *, avoid: Iterable[Pair] = ()) -> list[Balance]:
    """The checker's ``Balance`` after each round: element m - 1 is the evening stopped after m rounds."""
    return list(prefix_checks(movement, avoid=avoid))


@dataclass(frozen=True, slots=True)
class PrefixScore:
    """How far the first ``rounds`` rounds are from the best that many rounds allow (0 is the best).

    partner_excess: over the pairs (but avoided ones), how far each partner count lies outside the
    prefix's [floor, ceil]. sit_out_excess: ``Balance.sit_out_share_excess``. opponent_excess: the same
    as partner_excess for opponent counts. repeat_sit_outs: players who sat out two rounds running."""

    rounds: int
    partner_excess: int
    sit_out_excess: int
    repeat_sit_outs: int
    opponent_excess: int

    @property
    def within_bound(self) -> bool:
        """Partners within [floor, ceil] and sit-outs within one of each player's fair share."""
        return self.partner_excess == 0 and self.sit_out_excess == 0


def _outside(count: int, bound: Bound) -> int:
    return max(0, bound.floor - count) + max(0, count - bound.ceil)


def prefix_score(balance: Balance) -> PrefixScore:
    """Score one prefix's ``Balance`` (from the checker)."""
    return PrefixScore(
        rounds=balance.n_rounds,
        partner_excess=sum(
            _outside(c, balance.partner_bound)
            for pq, c in balance.partners.items()
            if pq not in balance.avoid
        ),
        sit_out_excess=balance.sit_out_share_excess,
        repeat_sit_outs=balance.total_repeat_sit_outs,
        opponent_excess=sum(_outside(c, balance.opponent_bound) for c in balance.opponents.values()),
    )


def prefix_scores(movement: Movement, *, avoid: Iterable[Pair] = ()) -> list[PrefixScore]:
    """``prefix_score`` of every prefix, by the independent checker."""
    return [prefix_score(b) for b in prefix_balances(movement, avoid=avoid)]


def is_prefix_balanced(movement: Movement, *, avoid: Iterable[Pair] = ()) -> bool:
    """Every prefix has partners within its bound and sit-outs within one of the fair share."""
    return all(s.within_bound for s in prefix_scores(movement, avoid=avoid))


# --- ordering -------------------------------------------------------------------------------------------

Cost = tuple[int, int, int, int, int, int]
"""Sit-outs three rounds running (what a player remembers of an evening, ranked first in every game); then
sit-outs twice running (a whole-evening rule the planner ranks above opponents, so an order never adds
one); then, summed over prefixes, partner excess, sit-out excess and opponent excess; then seat moves
between consecutive rounds. Compared lexicographically. In a home game (``repeats_last``) sitting out twice
running comes after the partner and sit-out excess (an evening within its bounds at every stop) but still
before the opponent excess: the opponents' evenness at every stop cost 7 x 11 two more repeats."""


@dataclass(frozen=True, slots=True)
class _RoundFacts:
    partners: tuple[int, ...]
    opponents: tuple[int, ...]
    sitting_out: tuple[Player, ...]
    seats: dict[Player, tuple[int, int]]


class _Tally:
    """Running counts of a prefix, with histograms so each prefix is scored without scanning all pairs."""

    def __init__(self, n_pairs: int, n_players: int, horizon: int) -> None:
        self.partner = [0] * n_pairs
        self.opponent = [0] * n_pairs
        self.sat_out = [0] * n_players
        self.partner_hist = [0] * (horizon + 2)
        self.opponent_hist = [0] * (2 * horizon + 2)
        self.partner_slots = 0
        self.opponent_slots = 0
        self.last_out: tuple[Player, ...] = ()
        self.before_out: tuple[Player, ...] = ()

    def copy(self) -> _Tally:
        other = _Tally.__new__(_Tally)
        other.partner = self.partner[:]
        other.opponent = self.opponent[:]
        other.sat_out = self.sat_out[:]
        other.partner_hist = self.partner_hist[:]
        other.opponent_hist = self.opponent_hist[:]
        other.partner_slots = self.partner_slots
        other.opponent_slots = self.opponent_slots
        other.last_out = self.last_out
        other.before_out = self.before_out
        return other


class _Orderer:
    """Scores prefixes incrementally for one movement."""

    def __init__(self, movement: Movement, avoid: Iterable[Pair], *, repeats_last: bool = False) -> None:
        n = movement.n_players
        self.movement = movement
        self.repeats_last = repeats_last
        index = {pq: i for i, pq in enumerate(combinations(range(n), 2))}
        avoided = {(min(p, q), max(p, q)) for p, q in avoid}
        self.counted = [pq not in avoided for pq in index]
        self.n_counted = sum(self.counted)
        self.n_pairs = len(index)

        def key(p: Player, q: Player) -> int:
            return index[pair_key(p, q)]

        self.facts: list[_RoundFacts] = []
        for rnd in movement.rounds:
            partners, opponents = [], []
            seats: dict[Player, tuple[int, int]] = {}
            for number, table in enumerate(rnd.tables):
                north, east, south, west = table.players
                partners += [key(north, south), key(east, west)]
                opponents += [key(north, east), key(north, west), key(south, east), key(south, west)]
                for seat, p in enumerate(table.players):
                    seats[p] = (number, seat)
            self.facts.append(_RoundFacts(tuple(partners), tuple(opponents), rnd.sitting_out, seats))
        self.horizon = len(movement.rounds)
        # fair sit-out shares: presence is constant within a segment, so a player's share after the
        # first s sit-outs of the segment is base + s / present; [lo, hi] per player per s, in integers
        self.rounds = movement.rounds

    def segments(self, fixed: int) -> list[range]:
        """Runs of rounds with the same players present, split after the ``fixed`` rounds."""
        return [
            part
            for run in _segments(self.rounds)
            for part in (range(run.start, min(run.stop, fixed)), range(max(run.start, fixed), run.stop))
            if part
        ]

    def start(self) -> _Tally:
        tally = _Tally(self.n_pairs, self.movement.n_players, self.horizon)
        tally.partner_hist[0] = self.n_counted
        tally.opponent_hist[0] = self.n_pairs
        return tally

    def add(self, tally: _Tally, r: int, sign: int) -> None:
        facts = self.facts[r]
        counted = self.counted
        for i in facts.partners:
            if counted[i]:
                c = tally.partner[i]
                tally.partner_hist[c] -= 1
                tally.partner_hist[c + sign] += 1
            tally.partner[i] += sign
        for i in facts.opponents:
            c = tally.opponent[i]
            tally.opponent_hist[c] -= 1
            tally.opponent_hist[c + sign] += 1
            tally.opponent[i] = c + sign
        for p in facts.sitting_out:
            tally.sat_out[p] += sign
        tally.partner_slots += sign * len(facts.partners)
        tally.opponent_slots += sign * len(facts.opponents)

    @staticmethod
    def _hist_excess(hist: Sequence[int], bound: Bound) -> int:
        total = 0
        for c in range(min(bound.floor, len(hist))):
            total += hist[c] * (bound.floor - c)
        for c in range(bound.ceil + 1, len(hist)):
            total += hist[c] * (c - bound.ceil)
        return total

    def score(self, tally: _Tally, r: int, shares: _Shares, placed: int) -> tuple[int, int, int, int, int]:
        """The prefix ending with round r (already added): runs of three sit-outs, repeats, then partner,
        sit-out and opponent excess."""
        partner = self._hist_excess(tally.partner_hist, Bound.of(tally.partner_slots, self.n_counted))
        opponent = self._hist_excess(tally.opponent_hist, Bound.of(tally.opponent_slots, self.n_pairs))
        sit_out = shares.excess(tally.sat_out, placed)
        repeats = [p for p in self.facts[r].sitting_out if p in tally.last_out]
        threes = sum(1 for p in repeats if p in tally.before_out)
        if self.repeats_last:  # a home game: sitting out twice running ranks after the prefix bounds
            return threes, partner, sit_out, len(repeats), opponent
        return threes, len(repeats), partner, sit_out, opponent

    def moves(self, before: int | None, after: int) -> int:
        if before is None:
            return 0
        was, now = self.facts[before].seats, self.facts[after].seats
        return sum(1 for p, place in now.items() if p in was and was[p] != place)


class _Shares:
    """Fair sit-out shares inside one segment (same players present), as integer intervals."""

    def __init__(self, base: dict[Player, Fraction], present: Sequence[Player]) -> None:
        self.present = tuple(present)
        self.size = len(present)
        self.base = base
        self.cache: dict[tuple[Player, int], tuple[int, int]] = {}

    def interval(self, p: Player, total: int) -> tuple[int, int]:
        """[floor, ceil] of p's fair share once ``total`` players have sat out in this segment."""
        key = (p, total)
        found = self.cache.get(key)
        if found is None:
            share = self.base[p] + Fraction(total, self.size)
            found = (math.floor(share), math.ceil(share))
            self.cache[key] = found
        return found

    def excess(self, sat_out: Sequence[int], total: int) -> int:
        result = 0
        for p in self.present:
            lo, hi = self.interval(p, total)
            c = sat_out[p]
            if c < lo:
                result += lo - c
            elif c > hi:
                result += c - hi
        return result


def _segments(rounds: Sequence[Round]) -> list[range]:
    """Maximal runs of consecutive rounds with the same players present."""
    out: list[range] = []
    start = 0
    for i in range(1, len(rounds) + 1):
        if i == len(rounds) or rounds[i].present != rounds[start].present:
            out.append(range(start, i))
            start = i
    return out


def _add_costs(a: Cost, b: Sequence[int]) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def _sat_out(tally: _Tally, sitting_out: tuple[Player, ...]) -> None:
    """The round just played becomes the last; the last, the one before it."""
    tally.before_out, tally.last_out = tally.last_out, sitting_out


def prefix_order(
    movement: Movement,
    *,
    avoid: Iterable[Pair] = (),
    width: int | None = None,
    fixed: int = 0,
    repeats_last: bool = False,
) -> tuple[int, ...]:
    """The order (round indexes) that keeps every prefix as even as possible; the first ``fixed`` rounds
    (already played) stay where they are.

    A beam search builds the order round by round, scoring each prefix (sit-outs three running, then
    twice running, partner excess, sit-outs off the fair share, opponent excess, seat moves), and keeps
    the ``width`` best partial orders (default: as many as keeps the work near a second). The given order
    is kept unless the new one is strictly better, so an order that is already best (the bulletin's,
    say) stays.
    ``repeats_last``: sitting out twice running scored after the partner and sit-out excess, before the
    opponent excess (a home game, where it ranks after the opponents of the whole evening:
    ``solver.measure.ranked``, which no order changes)."""
    avoided = tuple(avoid)
    rounds = movement.rounds
    if len(rounds) - fixed < 2:
        return tuple(range(len(rounds)))
    orderer = _Orderer(movement, avoided, repeats_last=repeats_last)
    if width is None:
        work = len(rounds) ** 2 * max(1, orderer.n_pairs // 16 + len(rounds))
        width = max(1, min(64, 4_000_000 // max(1, work)))
    tally = orderer.start()
    fair: dict[Player, Fraction] = {p: Fraction(0) for p in movement.players}
    order: list[int] = []
    for segment in orderer.segments(fixed):
        present = sorted(rounds[segment.start].present)
        shares = _Shares(dict(fair), present)
        last = order[-1] if order else None
        best_cost, best_tally = _cost_of(orderer, tally.copy(), segment, shares, last)
        best_order = list(segment)
        if segment.start >= fixed:
            found, cost, after = _beam(orderer, tally, list(segment), shares, width, last)
            if cost < best_cost:
                best_order, best_tally = found, after
        order += best_order
        tally = best_tally
        for r in segment:
            for p in present:
                fair[p] += Fraction(len(rounds[r].sitting_out), len(present))
    return tuple(order)


def _cost_of(
    orderer: _Orderer, tally: _Tally, sequence: Sequence[int], shares: _Shares, before: int | None
) -> tuple[Cost, _Tally]:
    """Cost of playing ``sequence`` after ``tally``; the tally afterwards."""
    cost: Cost = (0, 0, 0, 0, 0, 0)
    placed = 0
    for r in sequence:
        orderer.add(tally, r, 1)
        placed += len(orderer.facts[r].sitting_out)
        cost = _add_costs(cost, (*orderer.score(tally, r, shares, placed), orderer.moves(before, r)))
        _sat_out(tally, orderer.facts[r].sitting_out)
        before = r
    return cost, tally


def _beam(
    orderer: _Orderer,
    tally: _Tally,
    segment: list[int],
    shares: _Shares,
    width: int,
    before: int | None,
) -> tuple[list[int], Cost, _Tally]:
    """Beam search over the orders of one segment."""
    Beam = list[tuple[Cost, list[int], _Tally, int]]
    beam: Beam = [((0, 0, 0, 0, 0, 0), [], tally.copy(), 0)]
    for _ in segment:
        candidates: list[tuple[Cost, list[int], int, int]] = []
        for index, (cost, seq, state, placed) in enumerate(beam):
            used = set(seq)
            last = seq[-1] if seq else before
            for r in segment:
                if r in used:
                    continue
                orderer.add(state, r, 1)
                now = placed + len(orderer.facts[r].sitting_out)
                step = (*orderer.score(state, r, shares, now), orderer.moves(last, r))
                orderer.add(state, r, -1)
                candidates.append((_add_costs(cost, step), [*seq, r], index, now))
        candidates.sort(key=lambda c: (c[0], c[1]))
        chosen: Beam = []
        seen: set[tuple[frozenset[int], tuple[int, ...]]] = set()
        for cost, seq, index, placed in candidates:
            signature = (frozenset(seq), tuple(seq[-2:]))
            if signature in seen:
                continue
            seen.add(signature)
            state = beam[index][2].copy()
            orderer.add(state, seq[-1], 1)
            _sat_out(state, orderer.facts[seq[-1]].sitting_out)
            chosen.append((cost, seq, state, placed))
            if len(chosen) == width:
                break
        beam = chosen
    cost, seq, state, _ = beam[0]
    return seq, cost, state


# --- building a movement prefix by prefix ------------------------------------------------------------


def prefix_movement(
    n_players: int,
    n_rounds: int,
    *,
    seed: int = 0,
    restarts: int = 12,
    node_limit: int = 400,
    deadline: float | None = None,
) -> Movement | None:
    """A movement for everyone present every round, built round by round so that every prefix is within
    its bounds: partners in [floor, ceil], sit-outs within one of the fair share, nobody sitting out twice
    running; and opponent counts never above the evening's ceiling (relaxed by one, then two, if the
    search does not find it). None when every restart runs out of nodes.

    Sit-outs are any that keep them within one of the fair share, or on every other restart a queue (an
    order of the players, taken ``n mod 4`` at a time, round after round); a depth-first search then
    chooses the tables of each round, least-repeated partnerships and opponents first, and restarts with
    another queue when ``node_limit`` rounds have been tried, until the ``deadline`` (``time.monotonic``)
    if one is given. Meant for small groups (one or two tables), where an early stop matters most. Seats
    are plain (the first partnership North-South, North deals): the planner chooses them afterwards."""
    if n_players < 4 or n_rounds < 1:
        raise ValueError(f"need at least four players and one round, got {n_players} and {n_rounds}")
    n_tables = n_players // 4
    pairs = list(combinations(range(n_players), 2))
    ceiling = Bound.of(4 * n_tables * n_rounds, len(pairs))
    rng = random.Random(seed)
    for slack in (0, 1, 2):
        for attempt in range(restarts):
            if deadline is not None and time.monotonic() > deadline:
                return None
            queue: list[Player] | None = None
            if attempt % 2:
                queue = list(range(n_players))
                rng.shuffle(queue)
            search = _PrefixSearch(
                n_players, n_rounds, queue, rng, node_limit, ceiling.ceil + slack, ceiling.floor - slack
            )
            games = search.run()
            if games is not None:
                rounds = tuple(
                    Round(tuple(Table(a, c, b, d) for (a, b), (c, d) in round_games), out)
                    for round_games, out in games
                )
                return Movement(n_players, rounds, name=f"prefix-balanced, {n_players} players")
    return None


class _OutOfNodes(Exception):
    """The search's node budget is spent."""


class _PrefixSearch:
    """Depth-first search over the tables of each round, every prefix's partner bound a hard rule."""

    def __init__(
        self,
        n: int,
        rounds: int,
        queue: Sequence[Player] | None,
        rng: random.Random,
        node_limit: int,
        opponent_cap: int,
        opponent_floor: int,
    ) -> None:
        self.n, self.rounds, self.tables, self.sit = n, rounds, n // 4, n % 4
        self.index = {pq: i for i, pq in enumerate(combinations(range(n), 2))}
        self.queue: list[tuple[Player, ...]] | None = None
        self.seated_together: list[set[int]] = []
        if queue is not None:
            self.queue = [
                tuple(sorted(queue[(self.sit * m + j) % n] for j in range(self.sit))) for m in range(rounds)
            ]
            self.seated_together = [
                {i for i, (p, q) in enumerate(self.index) if p not in out and q not in out}
                for out in self.queue
            ]
        self.rng = rng
        self.partner = [0] * len(self.index)
        self.opponent = [0] * len(self.index)
        self.sat_out = [0] * n
        self.nodes = 0
        self.node_limit = node_limit
        self.opponent_cap = opponent_cap
        self.opponent_floor = opponent_floor
        self.games: list[tuple[Game, ...]] = []
        self.outs: list[tuple[Player, ...]] = []

    def key(self, p: Player, q: Player) -> int:
        return self.index[pair_key(p, q)]

    def partner_bound(self, m: int) -> Bound:
        return Bound.of(2 * self.tables * m, len(self.index))

    def run(self) -> list[tuple[tuple[Game, ...], tuple[Player, ...]]] | None:
        try:
            if self.extend(0):
                return list(zip(self.games, self.outs, strict=True))
        except _OutOfNodes:
            pass
        return None

    def extend(self, m: int) -> bool:
        """Choose the sit-outs and tables of round m (0-based) and of every later round; True when done."""
        if m == self.rounds:
            return min(self.opponent) >= self.opponent_floor
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _OutOfNodes
        bound = self.partner_bound(m + 1)
        options: list[tuple[float, tuple[Player, ...], tuple[Game, ...]]] = []
        for out in self.sit_out_choices(m):
            seated = [p for p in range(self.n) if p not in out]
            options += [(cost, out, games) for cost, games in self.table_choices(seated, bound)]
        options.sort(key=lambda option: option[0])
        for _, out, games in options[:6]:
            self.play(games, out, 1)
            if self.floors_reachable(m + 1):
                self.games.append(games)
                self.outs.append(out)
                if self.extend(m + 1):
                    return True
                self.games.pop()
                self.outs.pop()
            self.play(games, out, -1)
        return False

    def sit_out_choices(self, m: int) -> list[tuple[Player, ...]]:
        """The queue's sit-outs, or every choice that keeps sit-outs within one of the fair share after
        round m without anyone sitting out twice running."""
        if self.queue is not None:
            return [self.queue[m]]
        if self.sit == 0:
            return [()]
        share = Bound.of(self.sit * (m + 1), self.n)
        last = self.outs[-1] if self.outs else ()
        must = [p for p in range(self.n) if self.sat_out[p] < share.floor]
        may = [
            p for p in range(self.n) if self.sat_out[p] + 1 <= share.ceil and p not in must and p not in last
        ]
        if len(must) > self.sit or any(p in last for p in must):
            return []
        return [tuple(sorted((*must, *extra))) for extra in combinations(may, self.sit - len(must))]

    def table_choices(self, seated: list[Player], bound: Bound) -> list[tuple[float, tuple[Game, ...]]]:
        """Ways to seat ``seated`` within the partner ceiling and the opponent cap, least repeated first."""
        found: list[tuple[float, tuple[Game, ...]]] = []

        def tables(rest: list[Player], built: list[Game], cost: int) -> None:
            if len(found) >= 200:
                return
            if not rest:
                found.append((cost + self.rng.random(), tuple(built)))
                return
            a, others = rest[0], rest[1:]
            for b in others:
                if self.partner[self.key(a, b)] + 1 > bound.ceil:
                    continue
                left = [p for p in others if p != b]
                for c, d in combinations(left, 2):
                    if self.partner[self.key(c, d)] + 1 > bound.ceil:
                        continue
                    meets = [self.key(a, c), self.key(a, d), self.key(b, c), self.key(b, d)]
                    if any(self.opponent[k] + 1 > self.opponent_cap for k in meets):
                        continue
                    repeats = self.partner[self.key(a, b)] + self.partner[self.key(c, d)]
                    extra = 16 * repeats + sum(self.opponent[k] for k in meets)
                    tables([p for p in left if p not in (c, d)], [*built, ((a, b), (c, d))], cost + extra)

        order = seated[:]
        self.rng.shuffle(order)
        tables(order, [], 0)
        found.sort(key=lambda item: item[0])
        return found[:6]

    def play(self, games: tuple[Game, ...], out: tuple[Player, ...], sign: int) -> None:
        for p in out:
            self.sat_out[p] += sign
        for (a, b), (c, d) in games:
            self.partner[self.key(a, b)] += sign
            self.partner[self.key(c, d)] += sign
            for p, q in ((a, c), (a, d), (b, c), (b, d)):
                self.opponent[self.key(p, q)] += sign

    def floors_reachable(self, m: int) -> bool:
        """Every pair at this prefix's floor, and every pair short of the next higher floor still seated
        together in some round before it, with enough partnerships left to lift them all."""
        bound = self.partner_bound(m)
        if min(self.partner) < bound.floor:
            return False
        for later in range(m + 1, self.rounds + 1):
            floor = self.partner_bound(later).floor
            if floor > bound.floor:
                short = [i for i, c in enumerate(self.partner) if c < floor]
                if len(short) > 2 * self.tables * (later - m):
                    return False
                if self.seated_together:
                    together = set().union(*(self.seated_together[r] for r in range(m, later)))
                    return all(i in together for i in short)
                return True
        return True

"""Seating an evening with the season in mind, after the evening's own rules are met.

The balanced planner ranks the season's partners among its own rules (last evening's partners, then the
season's count: ``rotation.solver.problem.LAST_PARTNERS``); this stage then chooses, among seatings
exactly as good by every rule the planner ranks, the one that repeats the season least: the last
evening's partners and the pairs who have partnered least (in the planner's order where it ranked them;
for an evening planned alone, the count first unless nobody meets anyone twice), then recency, then
table-mates likewise (the weights of ``rotation.history.pair_weights``). It also seats the book's first
rounds for the season before the planner plans the rest (``rotation.plan``). Two kinds of move keep the
evening as good as planned:

- relabelling: two players present in the same rounds swap every seat of the evening. Every evening rule
  (partner, opponent and meeting counts and their spreads, sit-outs, first deals, seat moves, how even
  each prefix is) counts the same after it, so any permutation within such a class is free;
- re-pairing: within one round's table, a North-South player swaps seats with an East-West player, so
  the table's four play another of their three pairings; the first dealer stays the same person. The
  table-mates do not change, but partners, opponents and seats do, so the move is taken only when every
  pair's partner and opponent count stays within the evening's planned range, no prefix of the evening
  gets less even (partners or opponents, summed over the prefixes) and seat moves do not grow.

A seeded local search over those moves, counted in moves (never timed), with restarts from random
relabellings; the best is checked afresh by the independent checker before it is returned.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from rotation.balance import Balance, Bound, check, prefix_checks
from rotation.history import History, PairWeights, pair_weights
from rotation.model import Movement, Pair, Player, Round, Schedule, Table, pair_key
from scoring.seat import Seat

MOVES_PER_RESTART = 10000
"""Moves tried from each start (relabellings and re-pairings, accepted when not worse)."""
RESTARTS = 12
KICK = 0.01
"""In the first half of a start, the chance of taking a move that repeats the season more: a kick out of a
local best (the second half only descends, and each start's end is what counts)."""
"""Starts: the planned labelling, then random relabellings within each class of presence."""


@dataclass(frozen=True, slots=True)
class SeasonSeating:
    """The evening seated for the season, and what the season changed.

    ``repeats``: tonight's partner pairs who partnered before (``planned_repeats``: as planned alone);
    ``last_repeats``: of them, who partnered in the last evening; ``mate_repeats``: pairs sharing a table
    tonight who shared one before; ``fewest``: the repeats are proven the fewest any evening as good by
    the evening's rules can have (only so many pairs have never partnered)."""

    schedule: Schedule
    evenings: int
    repeats: int
    planned_repeats: int
    last_repeats: int
    mate_repeats: int
    planned_mate_repeats: int
    fewest: bool
    fresh: int

    def note(self) -> str:
        """What the season changed, in a host's words."""
        span = "the last evening" if self.evenings == 1 else f"the last {self.evenings} evenings"
        alone = f"planned alone, {_pairs(self.planned_repeats)} would"
        if self.repeats == 0:
            said = f"Season: nobody partners anyone they partnered in {span}"
            if self.planned_repeats:
                said += f" ({alone})"
        else:
            why = (
                f"the fewest possible: only {_pairs(self.fresh)} {'has' if self.fresh == 1 else 'have'}"
                " never partnered"
                if self.fewest
                else f"the fewest found; {alone}"
            )
            last = (
                "none of them in the last evening"
                if self.last_repeats == 0
                else f"{self.last_repeats} of them in the last evening"
            )
            said = f"Season: {_pairs(self.repeats)} partner again from {span} ({why}; {last})"
            if self.evenings == 1:
                said = f"Season: {_pairs(self.repeats)} partner again from the last evening ({why})"
        mates = (
            f"{_pairs(self.mate_repeats)} share a table again (planned alone: {self.planned_mate_repeats})"
        )
        return f"{said}; {mates}"


def _pairs(count: int) -> str:
    return "1 pair" if count == 1 else f"{count} pairs"


def evening_terms(movement: Movement, avoid: Iterable[Pair] = ()) -> tuple[int, ...]:
    """The evening's ranked rules as the checker counts them (each: the lower, the better): sit-outs off
    the fair share, partner spread, rounds played spread, sit-outs twice running, most meetings, repeated
    meetings, partner and opponent counts outside each prefix's range (summed over prefixes), opponent
    spread, first deals (spread and off the fair share), seat moves."""
    whole = check(movement, avoid=avoid)
    prefixes = list(prefix_checks(movement, avoid=avoid))
    return (
        whole.sit_out_share_excess,
        whole.partner_spread,
        whole.played_spread,
        whole.total_repeat_sit_outs,
        whole.most_meetings,
        whole.repeated_meetings,
        sum(_partner_excess(b) for b in prefixes),
        sum(_opponent_excess(b) for b in prefixes),
        whole.opponent_spread,
        whole.first_deal_spread,
        whole.first_deals_off_share,
        whole.total_seat_moves,
    )


def _outside(count: int, bound: Bound) -> int:
    return max(0, bound.floor - count) + max(0, count - bound.ceil)


def _partner_excess(balance: Balance) -> int:
    bound = balance.partner_bound
    return sum(_outside(c, bound) for pq, c in balance.partners.items() if pq not in balance.avoid)


def _opponent_excess(balance: Balance) -> int:
    return sum(_outside(c, balance.opponent_bound) for c in balance.opponents.values())


def seat_for_history(
    schedule: Schedule,
    history: History,
    *,
    avoid: Iterable[Pair] = (),
    seed: int,
    moves: int = MOVES_PER_RESTART,
    restarts: int = RESTARTS,
    last_first: bool | None = None,
) -> SeasonSeating:
    """``schedule`` seated to repeat ``history`` least, as good as before by every evening rule.

    ``avoid``: pairs (score-sheet positions) who must not partner; they keep their places. ``seed`` draws
    the search's moves (the planner passes its own seed, drawn from the request and the history).
    ``last_first``: the last evening's partners rank above the season's count, as the planner ranks them
    when it planned with the season (``rotation.solver.problem.LAST_PARTNERS``); None: only where nobody
    meets anyone twice (else the count ranks first, as for an evening planned alone)."""
    avoided = frozenset(pair_key(p, q) for p, q in avoid)
    search = _Search(schedule.movement, pair_weights(history, schedule.players), avoided, last_first)
    rng = random.Random(seed)
    best_cost, best = search.cost, search.snapshot()
    for restart in range(restarts):
        search.restore(search.start)
        if restart:
            search.shuffle(rng)
        search.descend(rng, moves)
        if search.cost < best_cost:
            best_cost, best = search.cost, search.snapshot()
    search.restore(best)
    movement = search.movement()
    original = schedule.movement
    if any(
        a > b for a, b in zip(evening_terms(movement, avoided), evening_terms(original, avoided), strict=True)
    ):
        movement = original  # never reached: the moves keep every rule; the checker has the last word
    seated = Schedule(schedule.players, movement)
    return _report(schedule, seated, history, avoided)


def _report(planned: Schedule, seated: Schedule, history: History, avoided: frozenset[Pair]) -> SeasonSeating:
    from rotation.history import name_pair

    partnered = history.partners()
    last = history.partnered_within(1)
    mated = history.mates()

    def partner_pairs(schedule: Schedule) -> set[tuple[str, str]]:
        return {
            name_pair(schedule.players[p], schedule.players[q])
            for rnd in schedule.rounds
            for t in rnd.tables
            for p, q in ((t.north, t.south), (t.east, t.west))
        }

    def mate_pairs(schedule: Schedule) -> set[tuple[str, str]]:
        return {
            name_pair(schedule.players[p], schedule.players[q])
            for rnd in schedule.rounds
            for t in rnd.tables
            for i, p in enumerate(t.players)
            for q in t.players[i + 1 :]
        }

    now = partner_pairs(seated)
    repeats = {pq for pq in now if partnered.get(pq)}
    players = seated.players
    names = [(players[p], players[q]) for p in range(len(players)) for q in range(p + 1, len(players))]
    fresh = sum(
        1
        for a, b in names
        if not partnered.get(name_pair(a, b)) and pair_key(*_numbers(seated, a, b)) not in avoided
    )
    balance = check(seated.movement, avoid=avoided)
    slots = sum(2 * len(rnd.tables) for rnd in seated.rounds)
    regular_pairs = sum(1 for p, q in _pairs_of(balance.regular) if (p, q) not in avoided)
    distinct = balance.partner_spread <= 1 and slots < regular_pairs
    fewest = distinct and len(repeats) == max(0, slots - fresh)
    return SeasonSeating(
        seated,
        len(history),
        len(repeats),
        len({pq for pq in partner_pairs(planned) if partnered.get(pq)}),
        len(repeats & last),
        len({pq for pq in mate_pairs(seated) if mated.get(pq)}),
        len({pq for pq in mate_pairs(planned) if mated.get(pq)}),
        fewest,
        fresh,
    )


def _numbers(schedule: Schedule, a: str, b: str) -> tuple[Player, Player]:
    return schedule.player(a), schedule.player(b)


def _pairs_of(players: Iterable[Player]) -> list[Pair]:
    ordered = sorted(players)
    return [(p, q) for i, p in enumerate(ordered) for q in ordered[i + 1 :]]


_State = tuple[tuple[int, ...], tuple[tuple[tuple[int, int, int, int], ...], ...]]


class _Search:
    """The local search's state: each round's seating over the planned movement's numbers (``seats``)
    and who takes each number (``label``); the cost is over labels, the evening's rules over numbers."""

    def __init__(
        self, movement: Movement, weights: PairWeights, avoided: frozenset[Pair], last_first: bool | None
    ) -> None:
        self.n = n = movement.n_players
        self.rounds = movement.rounds
        self.avoided = avoided
        self.seats: list[list[list[int]]] = [[list(t.players) for t in rnd.tables] for rnd in movement.rounds]
        self.dealers = [[t.dealer for t in rnd.tables] for rnd in movement.rounds]
        self.label = list(range(n))
        # one weight a pair: partners above table-mates, counts above recency, compared lexicographically
        slots = sum(6 * len(rnd.tables) for rnd in movement.rounds)
        top = max(
            (
                max(row, default=0)
                for m in (
                    weights.partner_last,
                    weights.partner_count,
                    weights.partner_recent,
                    weights.mate_count,
                    weights.mate_recent,
                )
                for row in m
            ),
            default=0,
        )
        base = 1 + slots * top
        # In an evening where nobody shares a table twice, any pair's partnership is one of three per table
        # and costs the evening nothing: there the last evening's partners rank first (nobody partners
        # anyone two weeks running), else the season's count does (everyone partners before anyone twice)
        first, second = weights.partner_count, weights.partner_last
        if last_first or (last_first is None and _meets_once(movement)):
            first, second = second, first
        self.partner_w = [
            [
                ((first[a][b] * base + second[a][b]) * base + weights.partner_recent[a][b]) * base * base
                for b in range(n)
            ]
            for a in range(n)
        ]
        self.mate_w = [
            [weights.mate_count[a][b] * base + weights.mate_recent[a][b] for b in range(n)] for a in range(n)
        ]
        # classes of presence: players present in the same rounds (and not in an avoided pair) may swap
        presence: dict[tuple[int, ...], list[int]] = {}
        fixed = {p for pq in avoided for p in pq}
        for p in range(n):
            if p not in fixed:
                key = tuple(r for r, rnd in enumerate(movement.rounds) if p in rnd.present)
                presence.setdefault(key, []).append(p)
        self.classes = [members for members in presence.values() if len(members) > 1]
        self.movable = [p for members in self.classes for p in members]
        self.class_of = {p: members for members in self.classes for p in members}
        self.mates_of: list[list[int]] = [[] for _ in range(n)]
        for rnd in movement.rounds:
            for t in rnd.tables:
                for p in t.players:
                    self.mates_of[p].extend(q for q in t.players if q != p)
        self._count_evening(movement)
        self.cost = self._cost()
        self.start = self.snapshot()
        self.partners_only = False
        self.rng = random.Random(0)

    # -- the evening's counts over numbers ------------------------------------------------------------

    def _count_evening(self, movement: Movement) -> None:
        """Partner and opponent rounds of each pair, the ranges they must stay in, prefix bounds, seats."""
        self.partner_rounds: dict[Pair, list[int]] = {}
        self.opponent_rounds: dict[Pair, list[int]] = {}
        for r, rnd in enumerate(movement.rounds):
            for t in rnd.tables:
                north, east, south, west = t.players
                for pq in (pair_key(north, south), pair_key(east, west)):
                    self.partner_rounds.setdefault(pq, []).append(r)
                for p, q in ((north, east), (north, west), (south, east), (south, west)):
                    self.opponent_rounds.setdefault(pair_key(p, q), []).append(r)
        whole = check(movement, avoid=self.avoided)
        regular = whole.regular
        self.regular = regular
        allowed = [pq for pq in whole.partners if pq not in self.avoided]
        self.partner_high = max((whole.partners[pq] for pq in allowed), default=0)
        self.partner_low = min(
            (whole.partners[pq] for pq in allowed if pq[0] in regular and pq[1] in regular), default=0
        )
        self.opponent_high = max(whole.opponents.values(), default=0)
        self.opponent_low = min(
            (c for pq, c in whole.opponents.items() if pq[0] in regular and pq[1] in regular), default=0
        )
        prefixes = list(prefix_checks(movement, avoid=self.avoided))
        self.partner_bounds = [b.partner_bound for b in prefixes]
        self.opponent_bounds = [b.opponent_bound for b in prefixes]
        self.seated_at: list[dict[int, tuple[int, int]]] = [
            {p: (number, seat) for number, t in enumerate(rnd.tables) for seat, p in enumerate(t.players)}
            for rnd in movement.rounds
        ]

    def _cost(self) -> int:
        label, pw, mw = self.label, self.partner_w, self.mate_w
        total = 0
        for tables in self.seats:
            for north, east, south, west in tables:
                total += pw[label[north]][label[south]] + pw[label[east]][label[west]]
                four = (north, east, south, west)
                for i in range(4):
                    for j in range(i + 1, 4):
                        total += mw[label[four[i]]][label[four[j]]]
        return total

    # -- state ----------------------------------------------------------------------------------------

    def snapshot(self) -> _State:
        return tuple(self.label), tuple(
            tuple((t[0], t[1], t[2], t[3]) for t in tables) for tables in self.seats
        )

    def restore(self, state: _State) -> None:
        labels, seats = state
        movement = self._movement_of(tuple(range(self.n)), seats)
        self.label = list(labels)
        self.seats = [[list(t) for t in tables] for tables in seats]
        self._count_evening(movement)
        self.cost = self._cost()

    def shuffle(self, rng: random.Random) -> None:
        for members in self.classes:
            taken = [self.label[p] for p in members]
            rng.shuffle(taken)
            for p, who in zip(members, taken, strict=True):
                self.label[p] = who
        self.cost = self._cost()

    def movement(self) -> Movement:
        return self._movement_of(tuple(self.label), self.snapshot()[1])

    def _movement_of(self, label: Sequence[int], seats: Sequence[Sequence[Sequence[int]]]) -> Movement:
        rounds = []
        for r, tables in enumerate(seats):
            made = []
            for t, four in enumerate(tables):
                dealer = self.dealers[r][t]
                made.append(Table.from_seats([label[p] for p in four], _SEATS[list(four).index(dealer)]))
            rounds.append(Round(tuple(made), tuple(label[p] for p in self.rounds[r].sitting_out)))
        return Movement(self.n, tuple(rounds))

    # -- moves ----------------------------------------------------------------------------------------

    def descend(self, rng: random.Random, moves: int) -> None:
        """Try ``moves`` moves: in the first half each is taken when it does not make the partners'
        cost worse (the table-mates' cost may grow, which lets the search wander); in the second half
        when it does not make the whole cost worse."""
        can_relabel = bool(self.movable)
        self.rng = rng
        for step in range(moves):
            self.partners_only = step < moves // 2
            if can_relabel and rng.random() < 0.5:
                self._try_relabel(rng)
            else:
                self._try_repair(rng)

    def _accept(self, partner_delta: int, mate_delta: int) -> bool:
        if self.partners_only:
            return partner_delta <= 0 or self.rng.random() < KICK
        return partner_delta + mate_delta <= 0

    def _costly(self, rng: random.Random) -> int:
        """A player chosen to move: one of a partnership that repeats the season, when a few tries at
        random tables find one, else anyone who may move."""
        label, pw = self.label, self.partner_w
        for _ in range(4):
            tables = self.seats[rng.randrange(len(self.seats))]
            four = tables[rng.randrange(len(tables))]
            for a, b in ((four[0], four[2]), (four[1], four[3])):
                if pw[label[a]][label[b]]:
                    pick = a if rng.random() < 0.5 else b
                    if pick in self.class_of:
                        return pick
        return rng.choice(self.movable)

    def _try_relabel(self, rng: random.Random) -> None:
        u = self._costly(rng)
        members = self.class_of[u]
        v = members[rng.randrange(len(members) - 1)]
        if v == u:
            v = members[-1]
        label, pw, mw = self.label, self.partner_w, self.mate_w
        lu, lv = label[u], label[v]
        delta = mate_delta = 0
        for x in self.mates_of[u]:
            if x != v:
                lx = label[x]
                mate_delta += mw[lv][lx] - mw[lu][lx]
        for x in self.mates_of[v]:
            if x != u:
                lx = label[x]
                mate_delta += mw[lu][lx] - mw[lv][lx]
        for w, now in ((u, lv), (v, lu)):
            for r, seated in enumerate(self.seated_at):
                at = seated.get(w)
                if at is None:
                    continue
                partner = self.seats[r][at[0]][(at[1] + 2) % 4]
                if partner in (u, v):
                    continue
                lo = label[partner]
                delta += pw[now][lo] - pw[label[w]][lo]
        if self._accept(delta, mate_delta):
            label[u], label[v] = lv, lu
            self.cost += delta + mate_delta

    def _try_repair(self, rng: random.Random) -> None:
        r = rng.randrange(len(self.seats))
        tables = self.seats[r]
        t = rng.randrange(len(tables))
        four = tables[t]
        i = rng.choice((0, 2))  # the North-South player who moves
        j = rng.choice((1, 3))  # the East-West player who moves
        x, y = four[i], four[j]
        xp, yp = four[(i + 2) % 4], four[(j + 2) % 4]
        label, pw = self.label, self.partner_w
        delta = (
            pw[label[x]][label[yp]]
            + pw[label[y]][label[xp]]
            - pw[label[x]][label[xp]]
            - pw[label[y]][label[yp]]
        )
        if not self._accept(delta, 0):
            return
        lost, gained = (pair_key(x, xp), pair_key(y, yp)), (pair_key(x, yp), pair_key(y, xp))
        if any(pq in self.avoided for pq in gained):
            return
        if not self._counts_allow(r, lost, gained):
            return
        moves = self._seat_move_change(r, t, i, j)
        if moves > 0:
            return
        self._apply_repair(r, lost, gained)
        four[i], four[j] = y, x
        self.seated_at[r][x], self.seated_at[r][y] = (t, j), (t, i)
        self.cost += delta

    def _counts_allow(self, r: int, lost: Sequence[Pair], gained: Sequence[Pair]) -> bool:
        """Partners lost become opponents and the gained stop being opponents: every pair's count stays in
        the planned range and no prefix from round ``r`` on strays further from its own range."""
        changes = [(pq, -1, +1) for pq in lost] + [(pq, +1, -1) for pq in gained]
        regular = self.regular
        excess_p = excess_o = 0
        for pq, dp, do in changes:
            partners = self.partner_rounds.get(pq, [])
            opponents = self.opponent_rounds.get(pq, [])
            p_total, o_total = len(partners) + dp, len(opponents) + do
            both = pq[0] in regular and pq[1] in regular
            if p_total > self.partner_high or o_total > self.opponent_high:
                return False
            if both and (p_total < self.partner_low or o_total < self.opponent_low):
                return False
            for m in range(r, len(self.seats)):
                cp = sum(1 for x in partners if x <= m)
                co = sum(1 for x in opponents if x <= m)
                bp, bo = self.partner_bounds[m], self.opponent_bounds[m]
                excess_p += _outside(cp + dp, bp) - _outside(cp, bp)
                excess_o += _outside(co + do, bo) - _outside(co, bo)
        # a pair may be both lost and gained only across different pairs, so changes never double up
        return excess_p <= 0 and excess_o <= 0

    def _apply_repair(self, r: int, lost: Sequence[Pair], gained: Sequence[Pair]) -> None:
        for pq in lost:
            self.partner_rounds[pq].remove(r)
            self.opponent_rounds.setdefault(pq, []).append(r)
            self.opponent_rounds[pq].sort()
        for pq in gained:
            self.opponent_rounds[pq].remove(r)
            self.partner_rounds.setdefault(pq, []).append(r)
            self.partner_rounds[pq].sort()

    def _seat_move_change(self, r: int, t: int, i: int, j: int) -> int:
        """How many more seat moves (the checker's count) swapping seats ``i`` and ``j`` makes."""
        four = self.seats[r][t]
        change = 0
        for p, old, new in ((four[i], (t, i), (t, j)), (four[j], (t, j), (t, i))):
            for other in (r - 1, r + 1):
                if 0 <= other < len(self.seats):
                    there = self.seated_at[other].get(p)
                    if there is not None:
                        change += (there != new) - (there != old)
        return change


_SEATS = tuple(Seat)


def _meets_once(movement: Movement) -> bool:
    """Whether nobody shares a table with anyone twice in the evening."""
    met: set[frozenset[Player]] = set()
    for rnd in movement.rounds:
        for table in rnd.tables:
            for pair in map(frozenset, combinations(table.players, 2)):
                if pair in met:
                    return False
                met.add(pair)
    return True


SEASONED_RESTARTS = 4
"""Starts of the season's seating after a plan that ranked the season itself: it only evens recency and
table-mates among seatings as good, so a third of the starts of an evening planned alone."""

BOOK_SEASON_MOVES = 4000
BOOK_RESTARTS = 8
BOOK_TRIES = 3
"""The season's search over the book's first rounds: a few short starts, tried again from another seed
while a pair of the last evening partners there (a club of 20 at 8 rounds: about 0.4 s a try; one try in
four weeks needed a second)."""


def seat_book_for_season(movement: Movement, sheet: Sequence[str], history: History, seed: int) -> Movement:
    """The book's rounds (not yet played) with its places taken and its tables split for the season: who
    takes which place and which two of a table partner change nothing the book keeps (nobody meets anyone
    twice), so the last evening's partners are kept apart there before the planner plans the rest. A few
    searches from seeds drawn in turn, until one keeps every last evening's pair apart."""

    def tried(attempt: int) -> tuple[int, int, Movement]:
        seated = seat_for_history(
            Schedule(tuple(sheet), movement),
            history,
            seed=seed + attempt,
            moves=BOOK_SEASON_MOVES,
            restarts=BOOK_RESTARTS,
            last_first=True,
        )
        return seated.last_repeats, seated.repeats, seated.schedule.movement

    best = tried(0)
    for attempt in range(1, BOOK_TRIES):
        if best[0] == 0:
            break
        best = min(best, tried(attempt), key=lambda found: found[:2])
    return best[2]

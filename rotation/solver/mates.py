"""Stage 4, table-mates: nobody shares a table with the same player twice where that can be.

Players notice whom they sit with more than whether they partnered or opposed them, so after the
partnerships and tables are chosen a tabu search moves players between the tables of a round (and
re-pairs a table's four) to bring the most meetings of any two players down to the least it can be, then
the repeated meetings. Every player sits out as often as before (a seated player may trade places with one
sitting out only when that keeps the counts and nobody sits out twice running; with anyone away, never),
every partner count stays within the range the earlier stages reached, no partnership of the plan being
replaced is broken and no more of last evening's partners partner (with a season), so no rule ranked
above the table-mates gets worse; the season's count ranks between the most meetings and the repeated
meetings, and opponents are the tie-break. The
search is counted in moves and drawn from a seeded generator, so the same problem and seed give the same
schedule on any machine; the wall clock (``_Run.over``) is only a cap on the whole solve.

Each move looks at every swap of a player in conflict, so the search keeps what that needs up to date move
by move rather than recounting it: who is in conflict in each round, and for every pair the change of cost
if they met once more or once less (as partners or not). A swap's cost is then eight look-ups.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from rotation.balance import coincidence_floor
from rotation.model import Pair, Player, pair_key
from rotation.solver.bounds import most_meetings_floor, repeated_meetings_floor
from rotation.solver.measure import _rank
from rotation.solver.problem import _canonical, _Draft, _Problem, _Run

MOVE_WORK = 0.0004
"""The work charged for one move of the search: what a move took here for 20-odd players before the search
kept its conflicts and prices move by move (now about a fifth of that). Kept, so the work budget, and with
it every plan, stays as it was."""

MATE_MOVES = 12_000
"""The most moves the search makes in one solve."""

STALL = 150
"""Moves without a new best after which the search restarts from the best, shaken."""

GIVE_UP = 10 * STALL
"""Moves without a new best after which the search ends."""

_TABLE = list[Player]
"""A table while searching: [a, b, c, d], a-b and c-d the partnerships."""


@dataclass(frozen=True, slots=True)
class Mates:
    """The table-mate measure of drafts: the most meetings of two players and the repeated meetings."""

    most: int
    repeated: int

    @classmethod
    def of(cls, problem: _Problem, drafts: Sequence[_Draft]) -> Mates:
        counts = problem.kept_counts()
        for d in drafts:
            counts.add(d.games, d.sitting_out)
        mates = counts.mates.values()
        return cls(max(mates, default=0), sum(m - 1 for m in mates if m > 1))


RESTART = 4_000
"""The most moves one start of the search gets before the next start (a fresh grouping) is tried."""


def _spread_table_mates(
    problem: _Problem, drafts: list[_Draft], run: _Run, moves: int, *, even_stops: bool = False
) -> list[_Draft]:
    """The drafts with table-mates spread by at most ``moves`` moves of tabu search (see the module).

    The first start is the drafts themselves; later starts regroup each round's seated players greedily
    (who sits out stays), since a fresh grouping escapes what the partner-first stages settled into. The
    best of all starts by the search's own ranking is kept, so the result is never worse than the
    drafts. ``even_stops``: a sit-out traded only where everyone's sit-outs stay within one after every
    round."""
    if moves <= 0 or all(len(d.games) <= 1 for d in drafts):
        return drafts
    rng = random.Random(run.seed)
    search = _Search(problem, drafts, rng, even_stops=even_stops)
    best_cost, best = search.cost, drafts

    def key(found: Sequence[_Draft]) -> tuple[int, tuple[int, ...]]:
        """Couples at one table first (a hard rule: none is the only answer), then the ranked rules."""
        return _apart_meetings(problem, found), _rank(problem, found)

    left = moves
    start = 0
    while left > 0 and not search.at_floor(best_cost) and not run.over():
        if start:
            if any(search.kept_partners) or problem.seasoned:
                break  # a fresh grouping would break partnerships of the plan being replaced or chosen
                # for the season (the search mends only table-mates)
            search.load(_greedy(problem, drafts, rng))
        used, found, cost = search.run(min(left, RESTART), run)
        left -= used
        start += 1
        if cost < best_cost or key(found) < key(best):
            best_cost, best = min(cost, best_cost), found
    return best if key(best) <= key(drafts) else drafts


def _apart_meetings(problem: _Problem, drafts: Sequence[_Draft]) -> int:
    """How often a pair who must never share a table (a couple) shares one in ``drafts``."""
    apart = problem.spec.apart
    if not apart:
        return 0
    return sum(
        pair_key(p, q) in apart
        for d in drafts
        for game in d.games
        for p, q in combinations((*game[0], *game[1]), 2)
    )


def _greedy(problem: _Problem, drafts: Sequence[_Draft], rng: random.Random) -> list[_Draft]:
    """Each round's seated players regrouped at random, each table filled with whoever has met its
    players least so far (no couple at one table where the players left allow)."""
    met, apart = problem.kept_counts().mates, problem.spec.apart
    grouped = []
    for d in drafts:
        left = sorted(p for game in d.games for pq in game for p in pq)
        rng.shuffle(left)
        games = []
        while left:
            table = [left.pop()]
            while len(table) < 4:
                pick = min(
                    left,
                    key=lambda q: (
                        sum(pair_key(q, x) in apart for x in table),
                        sum(met[pair_key(q, x)] for x in table),
                    ),
                )
                left.remove(pick)
                table.append(pick)
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    met[pair_key(p, q)] += 1
            a, b, c, e = table
            games.append(_canonical(((a, b), (c, e))))
        grouped.append(_Draft(tuple(games), d.sitting_out))
    return grouped


class _Search:
    """The state of the tabu search: each free round's tables, the counts, and the cost by pair."""

    def __init__(
        self, problem: _Problem, drafts: Sequence[_Draft], rng: random.Random, *, even_stops: bool = False
    ) -> None:
        n = problem.n
        self.n = n
        self.rng = rng
        self.problem = problem
        self.sit_swaps = not problem.anyone_away and problem.spec.previous is None
        """Whether a seated player may trade places with one sitting out (both present throughout)."""
        self.even_stops = even_stops and not problem.kept
        """Whether trades must keep everyone's sit-outs within one after every round, in this order (a
        couples' party whose trades left no order so: ``apart``)."""
        self.load(drafts)
        counts = problem.kept_counts()
        for dr in drafts:
            counts.add(dr.games, dr.sitting_out)
        self.kept_partners: list[frozenset[Pair]] = []
        for r in problem.free:
            old = problem.previous[r]
            here_now = problem.present[r]
            self.kept_partners.append(
                frozenset(
                    pair_key(p, q)
                    for t in (old.tables if old is not None else ())
                    for p, q in ((t.north, t.south), (t.east, t.west))
                    if p in here_now and q in here_now and problem.allowed(p, q)
                )
            )
        played = [counts.played[p] for p in range(n)]
        self.most_floor = most_meetings_floor(problem.n, played, problem.tables)
        self.repeat_floor = max(
            repeated_meetings_floor(problem.n, played),
            coincidence_floor(n, problem.tables, self.most_floor),
            self.most_floor - 1,  # a pair meeting twice is a repeat
        )
        allowed = [pq for pq in problem.pairs() if pq not in problem.avoid]
        regular = problem.regular_pairs()
        self.high = max((self.c[p][q] for p, q in allowed), default=0)
        self.low = min((self.c[p][q] for p, q in allowed if (p, q) in regular), default=0)
        opponent_slots = problem.meetings()
        self.opponent_high = max(0, -(-opponent_slots // max(1, n * (n - 1) // 2)))
        self.opponent_low = opponent_slots // max(1, n * (n - 1) // 2) if not problem.anyone_away else 0
        self.avoid = problem.avoid
        self.apart = problem.spec.apart
        self.regular = regular
        pairs = n * (n - 1) // 2
        top = problem.rounds + 1
        level = pairs * top + 1
        """A pair one meeting above the least possible most meetings outweighs all pairs below that, and
        a pair one higher still outweighs all the pairs below it."""
        self.most_cost = [
            level ** min(m - self.most_floor, 4) * (1 + max(0, m - self.most_floor - 4))
            if m > self.most_floor
            else 0
            for m in range(top + 1)
        ]
        self.repeat_cost = [max(0, m - 1) for m in range(top + 1)]
        slots = 2 * sum(problem.tables)
        heaviest = max(problem.spec.season_partners.values(), default=0)
        # the ranked rules, each outweighing everything ranked below it (``measure.RANKED``): the partner
        # range, last evening's partners, the most meetings, the season's partners, repeated meetings,
        # opponents above their ceiling
        self.weight_mates = pairs * top + 1
        """A repeated meeting outweighs every opponent overflow."""
        self.weight_season = self.weight_mates * (pairs * top + 1)
        """A unit of the season's weight outweighs all repeated meetings."""
        self.weight_most = self.weight_season * (1 + slots * heaviest)
        """A unit of the most meetings outweighs the season's partners."""
        self.weight_last = self.weight_most * (pairs * level**5 + 1)
        """A partnership of last evening's outweighs the most meetings."""
        self.weight_partner = self.weight_last * (1 + slots)
        """The partner range outweighs everything but couples at one table."""
        self.weight_apart = self.weight_partner * (pairs * top + 1)
        """A couple at one table outweighs everything (``PlanSpec.apart``: a hard rule the search mends)."""
        self.limit = [[1] * n for _ in range(n)]
        """limit[p][q]: the meetings past which p and q are in conflict: once, or never for a couple."""
        for p, q in self.apart:
            self.limit[p][q] = self.limit[q][p] = 0
        kinds = [[0] * n for _ in range(n)]
        kind_of: dict[tuple[int, int, int], int] = {}
        for p, q in problem.pairs():
            base = 3 if (p, q) in self.apart else 2 if (p, q) in self.avoid else 0 if (p, q) in regular else 1
            last, weight = problem.past((p, q))
            key = (base, last, weight)
            kinds[p][q] = kinds[q][p] = kind_of.setdefault(key, len(kind_of))
        self.kinds = kinds
        self.table = [
            [[self._pair_cost(base, last, weight, c, m) for m in range(top + 1)] for c in range(top + 1)]
            for (base, last, weight) in kind_of
        ]
        """(kind, partner count, meetings) -> cost; a kind is the pair's place (regular, not always here,
        avoided) and what partnering costs by the season."""
        self.cost = self.recount()
        self._index()

    def load(self, drafts: Sequence[_Draft]) -> None:
        """Start from ``drafts``: their tables, the counts with the kept rounds', no move tabu."""
        n = self.n
        self.tables: list[list[_TABLE]] = [[[a, b, c, d] for (a, b), (c, d) in dr.games] for dr in drafts]
        self.where: list[list[int]] = []
        for tables in self.tables:
            here = [-1] * n
            for t, table in enumerate(tables):
                for p in table:
                    here[p] = t
            self.where.append(here)
        counts = self.problem.kept_counts()
        for dr in drafts:
            counts.add(dr.games, dr.sitting_out)
        self.c = [[0] * n for _ in range(n)]
        self.m = [[0] * n for _ in range(n)]
        for (p, q), k in counts.partners.items():
            self.c[p][q] = self.c[q][p] = k
        for (p, q), k in counts.mates.items():
            self.m[p][q] = self.m[q][p] = k
        self.tabu: list[list[int]] = [[0] * n for _ in self.tables]
        self.kept = len(self.problem.kept)
        self.outs_all: list[set[Player]] = [set(rnd.sitting_out) for rnd in self.problem.kept]
        self.outs_all += [set(dr.sitting_out) for dr in drafts]
        self.sat = [counts.sat_out[p] for p in range(n)]
        if hasattr(self, "table"):
            self.cost = self.recount()
            self._index()

    def _index(self) -> None:
        """Build what the search keeps up to date move by move instead of recounting: each pair's change
        of cost if it met once more or once less (as partners or not), and who is at a table with someone
        they meet more than once, by round."""
        n = self.n
        self.gain = [[0] * n for _ in range(n)]
        """gain[p][q]: the change of cost if p and q met once more, not as partners."""
        self.gain_partner = [[0] * n for _ in range(n)]
        """gain_partner[p][q]: the same, as partners."""
        self.loss = [[0] * n for _ in range(n)]
        """loss[p][q]: the change of cost if p and q met once less, not as partners."""
        self.loss_partner = [[0] * n for _ in range(n)]
        """loss_partner[p][q]: the same, as partners."""
        for p, q in self.problem.pairs():
            self._reprice(p, q)
        self.conflict = [[False] * n for _ in self.tables]
        """conflict[r][p]: p sits in round r with someone they meet more than once."""
        self.conflicts = [0] * len(self.tables)
        """How many players of each round are in conflict."""
        for r, tables in enumerate(self.tables):
            for table in tables:
                for x in table:
                    self._recheck(r, x)
        self._crossed: list[Pair] = []

    def _reprice(self, p: Player, q: Player) -> None:
        """The four changes of cost of pair (p, q) at its counts now."""
        c, m = self.c[p][q], self.m[p][q]
        t = self.table[self.kinds[p][q]]
        now = t[c][m]
        self.gain[p][q] = self.gain[q][p] = t[c][m + 1] - now
        self.gain_partner[p][q] = self.gain_partner[q][p] = t[c + 1][m + 1] - now
        self.loss[p][q] = self.loss[q][p] = t[c][m - 1] - now if m else 0
        self.loss_partner[p][q] = self.loss_partner[q][p] = t[c - 1][m - 1] - now if c and m else 0

    def _recheck(self, r: int, x: Player) -> None:
        """Whether x is in conflict in round r, the round's count kept with it."""
        t = self.where[r][x]
        row, limit = self.m[x], self.limit[x]
        now = t >= 0 and any(y != x and row[y] > limit[y] for y in self.tables[r][t])
        if now != self.conflict[r][x]:
            self.conflict[r][x] = now
            self.conflicts[r] += 1 if now else -1

    def recount(self) -> int:
        return sum(self.pair_cost(p, q, self.c[p][q], self.m[p][q]) for p, q in self.problem.pairs())

    def snapshot(self) -> list[_Draft]:
        """The tables now, as drafts."""
        return [
            _Draft(
                tuple(_canonical(((t[0], t[1]), (t[2], t[3]))) for t in tables),
                frozenset(self.outs_all[r + self.kept]),
            )
            for r, tables in enumerate(self.tables)
        ]

    def _pair_cost(self, kind: int, last: int, weight: int, c: int, m: int) -> int:
        """One pair's share of the cost, rule by rule as ranked: the partner range, each partnership of
        last evening's (``last``), the most meetings, the season's ``weight`` of each partnership, the
        repeated meetings, then opponents beyond their range."""
        partner = c if kind >= 2 else max(0, c - self.high) + (max(0, self.low - c) if kind == 0 else 0)
        opponents = max(0, m - c - self.opponent_high) + (
            max(0, self.opponent_low - m + c) if kind == 0 else 0
        )
        return (
            (m * self.weight_apart if kind == 3 else 0)
            + partner * self.weight_partner
            + c * last * self.weight_last
            + self.most_cost[m] * self.weight_most
            + c * weight * self.weight_season
            + self.repeat_cost[m] * self.weight_mates
            + opponents
        )

    def pair_cost(self, p: Player, q: Player, c: int, m: int) -> int:
        return self.table[self.kinds[p][q]][c][m]

    def at_floor(self, cost: int | None = None) -> bool:
        """Whether the table-mates are at their counting floor: no fresh start can do better by them (a
        start itself goes on while it evens the opponents, the tie-break)."""
        cost = self.cost if cost is None else cost
        mates = self.mates_part(cost)
        apart_ok = cost < self.weight_apart
        return apart_ok and mates < self.weight_most and mates // self.weight_mates <= self.repeat_floor

    def mates_part(self, cost: int) -> int:
        """The table-mates' and opponents' share of a cost: without the partner range, last evening's
        partners and the season's (whole multiples of their weights)."""
        rest = cost % self.weight_last
        return rest - (rest % self.weight_most) // self.weight_season * self.weight_season

    def _delta(self, changes: Sequence[tuple[Player, Player, int, int]]) -> int:
        """The change of cost when each (p, q) changes its partner count by dc and its meetings by dm."""
        c, m, cost = self.c, self.m, self.pair_cost
        return sum(
            cost(p, q, c[p][q] + dc, m[p][q] + dm) - cost(p, q, c[p][q], m[p][q]) for p, q, dc, dm in changes
        )

    def _swap_delta(self, r: int, x: Player, y: Player) -> int:
        """``_delta(_swap_changes(r, x, y))``, without building the changes, from the counts (what the inner
        loop of ``_best_move`` prices from the kept changes of cost; the tests hold the two together)."""
        a_table, px = self._seat_of(r, x)
        b_table, py = self._seat_of(r, y)
        table, kinds, c, m = self.table, self.kinds, self.c, self.m
        kx, ky, cx, cy, mx, my = kinds[x], kinds[y], c[x], c[y], m[x], m[y]
        delta = 0
        for a in a_table:
            if a != x:
                dc = a == px
                t = table[kx[a]]
                delta += t[cx[a] - dc][mx[a] - 1] - t[cx[a]][mx[a]]
                t = table[ky[a]]
                delta += t[cy[a] + dc][my[a] + 1] - t[cy[a]][my[a]]
        for b in b_table:
            if b != y:
                dc = b == py
                t = table[ky[b]]
                delta += t[cy[b] - dc][my[b] - 1] - t[cy[b]][my[b]]
                t = table[kx[b]]
                delta += t[cx[b] + dc][mx[b] + 1] - t[cx[b]][mx[b]]
        return delta

    def _swap_changes(self, r: int, x: Player, y: Player) -> list[tuple[Player, Player, int, int]]:
        """x and y, at different tables of round r (or y sitting out), change places (and so partners)."""
        a_table, px = self._seat_of(r, x)
        b_table, py = self._seat_of(r, y)
        changes = []
        for a in a_table:
            if a != x:
                changes.append((x, a, -(a == px), -1))
                changes.append((y, a, int(a == px), 1))
        for b in b_table:
            if b != y:
                changes.append((y, b, -(b == py), -1))
                changes.append((x, b, int(b == py), 1))
        return changes

    def _split_changes(self, r: int, t: int, split: int) -> list[tuple[Player, Player, int, int]]:
        """Table t of round r re-paired as its ``split``-th way of forming two partnerships."""
        a, b, c, d = self.tables[r][t]
        new = _SPLITS[split](a, b, c, d)
        return [(a, b, -1, 0), (c, d, -1, 0), (new[0], new[1], 1, 0), (new[2], new[3], 1, 0)]

    def _lost(self, r: int, x: Player, y: Player) -> list[Pair]:
        """The partnerships a swap of x and y in round r breaks."""
        return [(p, partner) for p in (x, y) for _, partner in [self._seat_of(r, p)] if partner >= 0]

    def _seat_of(self, r: int, p: Player) -> tuple[Sequence[Player], Player]:
        """The table p sits at in round r and their partner; no table and -1 when sitting out."""
        t = self.where[r][p]
        if t < 0:
            return (), -1
        table = self.tables[r][t]
        return table, table[table.index(p) ^ 1]

    def _may_sit_out(self, r: int, x: Player, y: Player) -> bool:
        """Whether seated x may sit out round r in place of y: it leaves every count of sit-outs as it
        was (x sat out once less than y) and x does not sit out twice running."""
        if not self.sit_swaps or self.sat[y] != self.sat[x] + 1:
            return False
        outs = self.outs_all
        at = r + self.kept
        if (at > 0 and x in outs[at - 1]) or (at + 1 < len(outs) and x in outs[at + 1]):
            return False
        return not self.even_stops or self._stays_even(at, x, y)

    def _stays_even(self, at: int, x: Player, y: Player) -> bool:
        """Whether x sitting out round ``at`` in place of y keeps both within one of the fair share after
        every round from there on."""
        total = mine = theirs = 0
        for k, out in enumerate(self.outs_all):
            total += len(out)
            mine += x in out
            theirs += y in out
            if k >= at and (mine + 1 > -(-total // self.n) or theirs - 1 < total // self.n):
                return False
        return True

    def _breaks_kept(self, r: int, pairs: Sequence[Pair]) -> bool:
        kept = self.kept_partners[r]
        return bool(kept) and any(pair_key(*pq) in kept for pq in pairs)

    def _apply(self, changes: Sequence[tuple[Player, Player, int, int]], delta: int) -> None:
        c, m = self.c, self.m
        for p, q, dc, dm in changes:
            before = m[p][q]
            c[p][q] += dc
            c[q][p] += dc
            m[p][q] += dm
            m[q][p] += dm
            self._reprice(p, q)
            if (before > self.limit[p][q]) != (m[p][q] > self.limit[p][q]):
                self._crossed.append((p, q))
        self.cost += delta

    def _swap(self, r: int, x: Player, y: Player) -> None:
        ta, tb = self.where[r][x], self.where[r][y]
        a_table = self.tables[r][ta]
        a_table[a_table.index(x)] = y
        if tb >= 0:
            b_table = self.tables[r][tb]
            b_table[b_table.index(y)] = x
        else:  # y was sitting out and now plays; x sits out
            out = self.outs_all[r + self.kept]
            out.discard(y)
            out.add(x)
            self.sat[x] += 1
            self.sat[y] -= 1
        self.where[r][x], self.where[r][y] = tb, ta
        self._rechecks(r, x, y)

    def _rechecks(self, r: int, x: Player, y: Player) -> None:
        """After x and y changed places in round r: recheck everyone at their tables there, and, for each
        pair that now meets twice where it met once (or back), the two wherever they share a table."""
        seen = set()
        for p in (x, y):
            t = self.where[r][p]
            for z in self.tables[r][t] if t >= 0 else (p,):
                seen.add((r, z))
        for p, q in self._crossed:
            for s, here in enumerate(self.where):
                if here[p] >= 0 and here[p] == here[q]:
                    seen.add((s, p))
                    seen.add((s, q))
        self._crossed.clear()
        for s, z in seen:
            self._recheck(s, z)

    def _conflicted(self) -> list[tuple[int, Player]]:
        """(round, player) at a table with someone they meet more than once."""
        m, limit = self.m, self.limit
        found = []
        for r, tables in enumerate(self.tables):
            for table in tables:
                for x in table:
                    if any(y != x and m[x][y] > limit[x][y] for y in table):
                        found.append((r, x))
        return found

    def _round_of(self, i: int) -> int:
        """The round of the i-th entry of ``_conflicted()``."""
        for r, k in enumerate(self.conflicts):
            if i < k:
                return r
            i -= k
        raise IndexError(i)

    def _conflicted_in(self, r: int) -> list[Player]:
        """The players of round r in conflict, in the order of ``_conflicted()``."""
        bad = self.conflict[r]
        return [x for table in self.tables[r] for x in table if bad[x]]

    def run(self, moves: int, run: _Run) -> tuple[int, list[_Draft], int]:
        """Tabu search: each move takes the best swap (or re-pairing) in a round with a conflict, not
        tabu unless it beats the best; after ``STALL`` moves without a new best, restart from the best
        with a few random swaps."""
        rng = self.rng
        best_cost = self.cost
        best = self.snapshot()
        since = last_best = step = 0
        for step in range(moves):
            if step - last_best >= GIVE_UP:
                break
            if step % 64 == 0 and run.over():
                break
            run.charge(MOVE_WORK)
            total = sum(self.conflicts)
            if not total:
                break
            r = self._round_of(rng.choice(range(total)))  # the draw rng.choice(self._conflicted()) makes
            chosen = self._best_move(r, self._conflicted_in(r), step, best_cost)
            if chosen is not None:
                delta, changes, move = chosen
                self._apply(changes, delta)
                if move[0] == "swap":
                    self._swap(r, move[1], move[2])
                    tenure = 4 + rng.randrange(8)
                    self.tabu[r][move[1]] = self.tabu[r][move[2]] = step + tenure
                else:
                    t, split = move[1], move[2]
                    self.tables[r][t] = list(_SPLITS[split](*self.tables[r][t]))
            if self.cost < best_cost:
                best_cost, since, last_best = self.cost, 0, step
                best = self.snapshot()
                at_floor = self.mates_part(self.cost) <= self.repeat_floor * self.weight_mates  # opponents
                if at_floor and self.cost < self.weight_apart:
                    break
            else:
                since += 1
            if since >= STALL:
                self._restore(best, best_cost)
                self._shake(max(2, self.n // 8))
                since = 0
        return step + 1, best, best_cost

    def _best_move(
        self, r: int, players: Sequence[Player], step: int, best_cost: int
    ) -> tuple[int, list[tuple[Player, Player, int, int]], tuple[str, int, int]] | None:
        """The best move of round r among swaps of its conflicted players and re-pairings of their
        tables; ties drawn at random."""
        where, tabu = self.where[r], self.tabu[r]
        kept = bool(self.kept_partners[r])
        found: list[tuple[int, tuple[str, int, int]]] = []
        best = None
        seats = self._seats(r)
        gain, gain_partner = self.gain, self.gain_partner
        for x in players:
            wx = where[x]
            leave_x, px, xa, xb = seats[x]
            gx, gpx = gain[x], gain_partner[x]
            for y in range(self.n):
                wy = where[y]
                if wy == wx:
                    continue
                gy = gain[y]
                if wy < 0:  # y comes in for x, who sits out
                    if not self._may_sit_out(r, x, y):
                        continue
                    delta = leave_x + gy[xa] + gy[xb] + gain_partner[y][px]
                else:  # _swap_delta(r, x, y), from the prices kept move by move
                    leave_y, py, ya, yb = seats[y]
                    delta = (
                        leave_x + leave_y + gy[xa] + gy[xb] + gain_partner[y][px] + gx[ya] + gx[yb] + gpx[py]
                    )
                if best is not None and delta > best:
                    continue
                if (tabu[x] > step or tabu[y] > step) and self.cost + delta >= best_cost:
                    continue
                if kept and self._breaks_kept(r, self._lost(r, x, y)):
                    continue
                if best is None or delta < best:
                    best, found = delta, [(delta, ("swap", x, y))]
                else:
                    found.append((delta, ("swap", x, y)))
        for t in sorted({where[x] for x in players}):
            for split in (1, 2):
                changes = self._split_changes(r, t, split)
                if self._breaks_kept(r, [(p, q) for p, q, dc, _ in changes if dc < 0]):
                    continue
                delta = self._delta(changes)
                if best is None or delta < best:
                    best, found = delta, [(delta, ("split", t, split))]
                elif delta == best:
                    found.append((delta, ("split", t, split)))
        if not found:
            return None
        delta, move = self.rng.choice(found)
        changes = (
            self._swap_changes(r, move[1], move[2])
            if move[0] == "swap"
            else self._split_changes(r, *move[1:])
        )
        return delta, changes, move

    def _seats(self, r: int) -> list[tuple[int, Player, Player, Player]]:
        """For each player seated in round r: the change of cost if they left their table (meeting its
        three once less), their partner and their two opponents."""
        seats = [(0, 0, 0, 0)] * self.n
        loss, loss_partner = self.loss, self.loss_partner
        for a, b, c, d in self.tables[r]:
            la, lb, lc, ld = loss[a], loss[b], loss[c], loss[d]
            seats[a] = (loss_partner[a][b] + la[c] + la[d], b, c, d)
            seats[b] = (loss_partner[b][a] + lb[c] + lb[d], a, c, d)
            seats[c] = (loss_partner[c][d] + lc[a] + lc[b], d, a, b)
            seats[d] = (loss_partner[d][c] + ld[a] + ld[b], c, a, b)
        return seats

    def _restore(self, best: list[_Draft], best_cost: int) -> None:
        """Go back to the best found (its tables and sit-outs), recounting."""
        self.load(best)
        self.cost = best_cost

    def _shake(self, swaps: int) -> None:
        """A few random swaps that keep the partner range and the kept partnerships."""
        for _ in range(swaps):
            r = self.rng.randrange(len(self.tables))
            if len(self.tables[r]) < 2:
                continue
            ta, tb = self.rng.sample(range(len(self.tables[r])), 2)
            x, y = self.rng.choice(self.tables[r][ta]), self.rng.choice(self.tables[r][tb])
            changes = self._swap_changes(r, x, y)
            if self._breaks_kept(r, [(p, q) for p, q, dc, _ in changes if dc < 0]):
                continue
            delta = self._delta(changes)
            if delta >= self.weight_last:
                continue
            self._apply(changes, delta)
            self._swap(r, x, y)


_SPLITS = (
    lambda a, b, c, d: (a, b, c, d),
    lambda a, b, c, d: (a, c, b, d),
    lambda a, b, c, d: (a, d, b, c),
)
"""The three ways four players form two partnerships, as table orders (first two partner, last two)."""

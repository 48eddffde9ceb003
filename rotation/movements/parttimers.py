"""Part-timers with the meet-once book: where the players away sit in the book's evening, and in which order
its rounds are played, so that the evening keeps meeting nobody twice.

A player away for some rounds takes one of the book's places for the whole evening; in a round they are
away, their table is dropped and its other players sit out (they never meet anyone there, so no meeting
is repeated: every table played is one of the book's). What the book leaves free is which place each
part-timer takes and which of its rounds is played when; that decides who sits out when, and how many:

- two players away in the same round who share a table of that round in the book cost one table, not two
  (the 48 x 15 evening with one player arriving for round 2, another for round 3 and a third leaving
  after round 13 drops one table in round 1, not two);
- a player away in a round where their place sits out in the book (a book for a number of players not a
  multiple of four) costs no table at all;
- the sit-outs must stay within one of each player's fair share (as ``rotation.balance`` measures it: the
  sum, over the rounds a player is present for, of that round's sit-outs over the players present) and
  nobody may sit out two rounds running: the table-mates of one absent player in different rounds are
  different players (they met them once at most), but those of two absent players can coincide, and a
  reordering of the rounds moves them apart.

``place_part_timers`` searches places and an order of rounds (a local search counted in moves, seeded by
the request, so the same request gives the same evening): first nobody off their fair share and nobody out
twice running, then the fewest sit-outs. It returns None where it finds no evening that fair; the planner
then plans the evening itself (and may have to repeat meetings). Where the book cannot absorb an absence
this is no failure of the search: 16 x 5 with two late arrivals and a leaver (tried exhaustively), or
the whole evening for 43, 67, 91 or 99 players (the evening for one more, built over GF(q), without its
last player): everyone who met that player sits out once already, and every table of the design seats one
player of each of its four groups, so a table dropped for a player away two rounds seats two who sit out
in another round as well.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from math import lcm

from rotation.model import Movement, Player, Round

__all__ = ["Placing", "book_with_part_timers", "place_part_timers", "without_absent"]

MOVES = 20000
"""The search's budget of moves (each a change of one part-timer's place or of one round's place in the
order, tried and kept or undone). Of the benchmark's grid (eight absence patterns at every size from 15,
``tests/benchmarks/bench_book.py --grid 1``) most end at the first placing tried; where the book cannot
absorb the absence the whole budget is spent, one to three seconds past 60 players."""

ATTEMPTS = 4
"""The search starts afresh this many times at most (its moves shared among them), the first from the
book's own order: a fresh start leaves a dead end that no single move gets out of."""

STALL = 3000
"""Once a fair placing is found, the search stops after this many moves without fewer sit-outs."""

REPAIR = 0.5
"""How often a move is aimed at an unfair sit-out rather than made at random."""

WALK = 0.01
"""How often a move that makes the placing worse is kept anyway, so the search leaves a dead end."""

_UNFAIR = 1000
"""The weight of a round left without a table: worse than any number of sit-outs off their share."""


@dataclass(frozen=True, slots=True)
class Placing:
    """Where the part-timers sit in the book's evening and which of its rounds is played when.

    ``order[t]`` is the book's round played as round t (0-based); ``places[p]`` the book's place of player
    p (a permutation of the players: part-timers where the search put them, the players there all evening
    in the other places in order); ``unfair`` the sit-outs off their fair share plus the times someone
    sits out two rounds running (0: as fair as the rules ask); ``sit_outs`` the sit-outs of the evening."""

    order: tuple[int, ...]
    places: tuple[int, ...]
    unfair: int
    sit_outs: int


class _Evening:
    """The book's rounds as the search reads them: each round's tables (sets of places) and sit-outs."""

    def __init__(self, book: Movement, rounds: int, away: Mapping[Player, frozenset[int]]) -> None:
        self.n = book.n_players
        self.rounds = rounds
        self.table_of: list[list[int]] = []  # [book round][place]: its table's index, -1 sitting out
        self.tables: list[list[tuple[int, ...]]] = []
        self.out: list[frozenset[int]] = []
        for rnd in book.rounds:
            seat = [-1] * self.n
            for i, table in enumerate(rnd.tables):
                for q in table.players:
                    seat[q] = i
            self.table_of.append(seat)
            self.tables.append([tuple(t.players) for t in rnd.tables])
            self.out.append(frozenset(rnd.sitting_out))
        self.part_timers = tuple(sorted(p for p, rs in away.items() if rs))
        self.away = {p: frozenset(away[p]) for p in self.part_timers}
        self.absent_in = [tuple(p for p in self.part_timers if t in self.away[p]) for t in range(rounds)]
        present = [max(1, self.n - len(gone)) for gone in self.absent_in]  # a round of nobody: no table
        self.scale = lcm(*present)
        self.weight = [self.scale // c for c in present]  # a sit-out's share of a round, over ``scale``
        self.most_tables = max(len(ts) for ts in self.tables)

    def floor(self) -> int:
        """Fewest sit-outs any placing could leave: each round's players present beyond its tables."""
        return sum(
            (self.n - len(gone)) - 4 * min(self.most_tables, (self.n - len(gone)) // 4)
            for gone in self.absent_in
        )

    def sitters(self, b: int, gone: Sequence[int]) -> set[int]:
        """The places sitting out in book round b when the places ``gone`` are away."""
        seat = self.table_of[b]
        out = set(self.out[b])
        for x in gone:
            if seat[x] >= 0:
                out.update(self.tables[b][seat[x]])
        out.difference_update(gone)
        return out

    def cost(self, order: Sequence[int], place: Mapping[Player, int]) -> _Cost:
        """What a placing costs: sit-outs off their share, twice running and rounds without a table
        (unfair), sit-outs, and where each unfairness falls (to repair it)."""
        unfair = 0
        sitting: list[set[int]] = []
        for t, b in enumerate(order):
            gone = [place[p] for p in self.absent_in[t]]
            seat = self.table_of[b]
            if len({seat[x] for x in gone if seat[x] >= 0}) == len(self.tables[b]):
                unfair += _UNFAIR
            sitting.append(self.sitters(b, gone))
        bad: list[tuple[int, int]] = []  # (round, place) of a sit-out that breaks a rule
        for t, (a, c) in enumerate(pairwise(sitting)):
            unfair += len(a & c)
            bad.extend((t + d, x) for x in a & c for d in (0, 1))
        counts = [0] * self.n
        for out in sitting:
            for x in out:
                counts[x] += 1
        shares = [len(out) * w for out, w in zip(sitting, self.weight, strict=True)]
        whole = sum(shares)
        low, high = whole // self.scale, -(-whole // self.scale)
        mine = {place[p]: p for p in self.part_timers}
        for x in range(self.n):
            p = mine.get(x)
            if p is None:
                lo, hi = low, high
            else:
                share = whole - sum(shares[t] for t in self.away[p])
                lo, hi = share // self.scale, -(-share // self.scale)
            if counts[x] > hi:
                unfair += counts[x] - hi
                bad.extend((t, x) for t, out in enumerate(sitting) if x in out)
            unfair += max(0, lo - counts[x])
        return _Cost((unfair, sum(len(out) for out in sitting)), bad)


@dataclass(slots=True)
class _Cost:
    value: tuple[int, int]
    bad: list[tuple[int, int]]


def place_part_timers(
    book: Movement, rounds: int, away: Mapping[Player, frozenset[int]], *, seed: int = 0, moves: int = MOVES
) -> Placing:
    """The best placing found of the players ``away`` (0-based rounds of the evening asked, of ``rounds``)
    in the book's evening ``book`` (at least ``rounds`` rounds, everyone playing but the book's own
    sit-outs): see the module. Deterministic for a given ``seed``."""
    if not 1 <= rounds <= len(book.rounds):
        raise ValueError(f"{rounds} rounds asked of a book evening of {len(book.rounds)}")
    evening = _Evening(book, rounds, away)
    rng = random.Random(f"part-timers {book.n_players} {rounds} {seed}")
    best: tuple[tuple[int, int], list[int], dict[Player, int]] | None = None
    for attempt in range(ATTEMPTS):
        if attempt == 0:  # the book's first rounds in its order, the part-timers placed greedily
            order = list(range(rounds))
            place = _greedy(book, evening, order)
        else:  # a fresh start: the book's rounds shuffled, the part-timers anywhere
            order = rng.sample(range(len(book.rounds)), rounds)
            place = dict(
                zip(evening.part_timers, rng.sample(range(evening.n), len(evening.part_timers)), strict=True)
            )
        found = _climb(evening, rng, order, place, moves // ATTEMPTS)
        if best is None or found[0] < best[0]:
            best = found
        if best[0][0] == 0:
            break
    assert best is not None
    value, order, place = best
    return Placing(tuple(order), _permutation(evening.n, place), *value)


def _greedy(book: Movement, evening: _Evening, order: Sequence[int]) -> dict[Player, int]:
    """The part-timers most away first, each where the evening so far costs least."""
    place: dict[Player, int] = {}
    for p in sorted(evening.part_timers, key=lambda p: (-len(evening.away[p]), p)):
        placed = _Evening(book, evening.rounds, {q: evening.away[q] for q in (*place, p)})
        taken = set(place.values())
        costs = {x: placed.cost(order, {**place, p: x}).value for x in range(evening.n) if x not in taken}
        place[p] = min(costs, key=lambda x: (costs[x], x))
    return place


def _climb(
    evening: _Evening, rng: random.Random, order: list[int], place: dict[Player, int], moves: int
) -> tuple[tuple[int, int], list[int], dict[Player, int]]:
    """Local search from a placing: the best (cost, order, places) within ``moves`` moves."""
    current = evening.cost(order, place)
    best_order, best_place, best = list(order), dict(place), current.value
    floor = evening.floor()
    spare = [b for b in range(len(evening.table_of)) if b not in order]
    stall = 0
    for _ in range(moves if evening.part_timers else 0):
        if best == (0, floor) or (best[0] == 0 and stall >= STALL):
            break
        if current.bad and rng.random() < REPAIR:
            undo = _repair(evening, rng, order, place, spare, rng.choice(current.bad))
        else:
            undo = _move(evening, rng, order, place, spare)
        tried = evening.cost(order, place)
        stall += 1
        if _no_worse(tried.value, current.value) or rng.random() < WALK:
            current = tried
            if tried.value < best:
                best_order, best_place, best, stall = list(order), dict(place), tried.value, 0
        else:
            undo()
    return best, best_order, best_place


Undo = Callable[[], None]


def _no_worse(tried: tuple[int, int], current: tuple[int, int]) -> bool:
    """Whether the search keeps a move: while unfair, any move as fair (more sit-outs may raise the fair
    shares enough to be fair); once fair, any move as fair with no more sit-outs."""
    if tried[0] != current[0]:
        return tried[0] < current[0]
    return current[0] > 0 or tried[1] <= current[1]


def _relocate(place: dict[Player, int], p: Player, options: Sequence[int], rng: random.Random) -> Undo:
    """Part-timer p moves to one of ``options`` (not another part-timer's place)."""
    old = place[p]
    taken = {x for q, x in place.items() if q != p}
    free = [x for x in options if x not in taken]
    if not free:
        return lambda: None
    place[p] = rng.choice(free)

    def back() -> None:
        place[p] = old

    return back


def _swap(order: list[int], t: int, u: int) -> Undo:
    """Rounds t and u of the evening trade their rounds of the book."""
    order[t], order[u] = order[u], order[t]

    def back() -> None:
        order[t], order[u] = order[u], order[t]

    return back


def _replace(order: list[int], spare: list[int], t: int, i: int) -> Undo:
    """Round t of the evening plays the book's unplayed round ``spare[i]`` instead."""
    order[t], spare[i] = spare[i], order[t]

    def back() -> None:
        order[t], spare[i] = spare[i], order[t]

    return back


def _move(
    evening: _Evening, rng: random.Random, order: list[int], place: dict[Player, int], spare: list[int]
) -> Undo:
    """Change the placing at random, in place: a part-timer moves (beside another one away in the same
    round, onto a place the book sits out, or anywhere), two rounds trade places, or an unplayed round
    of the book comes in."""
    kind = rng.random()
    if kind < 0.55:
        p = rng.choice(evening.part_timers)
        t = rng.choice(sorted(evening.away[p]))
        b = order[t]
        beside = [place[q] for q in evening.absent_in[t] if q != p]
        if beside and rng.random() < 0.6:
            seat = evening.table_of[b][rng.choice(beside)]
            options: Sequence[int] = evening.tables[b][seat] if seat >= 0 else sorted(evening.out[b])
        elif evening.out[b] and rng.random() < 0.5:
            options = sorted(evening.out[b])
        else:
            options = range(evening.n)
        return _relocate(place, p, options, rng)
    if spare and kind < 0.75:
        return _replace(order, spare, rng.randrange(len(order)), rng.randrange(len(spare)))
    if len(order) < 2:
        return lambda: None
    t, u = rng.sample(range(len(order)), 2)
    return _swap(order, t, u)


def _repair(
    evening: _Evening,
    rng: random.Random,
    order: list[int],
    place: dict[Player, int],
    spare: list[int],
    fault: tuple[int, int],
) -> Undo:
    """A move aimed at one unfair sit-out (round t, place x): the part-timer whose absence sits x out
    there moves, or round t trades places with another (or with an unplayed round of the book)."""
    t, x = fault
    b = order[t]
    seat = evening.table_of[b]
    causes = [p for p in evening.absent_in[t] if seat[place[p]] >= 0 and seat[place[p]] == seat[x]]
    if causes and rng.random() < 0.5:
        return _relocate(place, rng.choice(causes), range(evening.n), rng)
    if spare and rng.random() < 0.3:
        return _replace(order, spare, t, rng.randrange(len(spare)))
    if len(order) < 2:
        return lambda: None
    return _swap(order, t, rng.choice([u for u in range(len(order)) if u != t]))


def _permutation(n: int, place: Mapping[Player, int]) -> tuple[int, ...]:
    """Every player's place: the part-timers' as found, everyone else's the free places in order."""
    taken = set(place.values())
    free = iter(x for x in range(n) if x not in taken)
    return tuple(place[p] if p in place else next(free) for p in range(n))


def without_absent(movement: Movement, away: Mapping[Player, frozenset[int]]) -> Movement | None:
    """``movement`` with, in each round, the tables of the players away then dropped and their
    table-mates sitting out (None when a round is left without a table)."""
    result = []
    for r, rnd in enumerate(movement.rounds):
        gone = {p for p, rs in away.items() if r in rs}
        tables = tuple(t for t in rnd.tables if not gone & set(t.players))
        mates = {p for t in rnd.tables if gone & set(t.players) for p in t.players}
        if not tables:
            return None
        result.append(Round(tables, tuple(sorted((set(rnd.sitting_out) | mates) - gone))))
    return Movement(movement.n_players, tuple(result), name=movement.name)


def book_with_part_timers(
    book: Movement, rounds: int, away: Mapping[Player, frozenset[int]], *, seed: int = 0, moves: int = MOVES
) -> tuple[Movement, Placing] | None:
    """The book's evening ``book`` played by players some of whom are ``away`` (0-based rounds), placed
    and its rounds ordered by ``place_part_timers``; None where no placing found is fair (see the
    module)."""
    placing = place_part_timers(book, rounds, away, seed=seed, moves=moves)
    if placing.unfair:
        return None
    player_at = {x: p for p, x in enumerate(placing.places)}
    played = Movement(book.n_players, tuple(book.rounds[b] for b in placing.order), name=book.name)
    movement = without_absent(played.mapped(player_at), away)
    return None if movement is None else (movement, placing)

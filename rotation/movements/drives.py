"""Movements by results: round 1 seated by the cut, each later round from the results of the round before.

Two drives, as party books and clubs run them:

- progressive (the Auckland Star's "Party systems", 29 April 1938; Marvin French, "Party Bridge"): at each
  table the winning pair moves up one table and the losing pair stays; at table 1 the winners stay and the
  losers go to the last table. Those who stay become opponents and the two who arrive split, so each player
  who moves partners one who stayed.
- swiss: players seated by running total, the leaders at table 1 and so on down, nobody partnering anyone
  twice and opponents repeated as little as the standings allow.

Pure: players are score-sheet positions, results are each rubber's N-S tally (what N-S were credited), and
every choice is deterministic (ties by the score sheet's order).

Players may come and go: a round is seated among those ``present`` (by default, last round's players). Those
gone leave their seats; newcomers, and last round's sit-outs, take the seats left; a table closes at the
foot when the players present fill one fewer, and one opens at the foot when they fill one more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence, Set
from enum import StrEnum
from itertools import combinations
from typing import Final

from rotation.model import Pair, Player, Round, Table, pair_key
from scoring.seat import Seat, Side

__all__ = [
    "Drive",
    "first_round",
    "next_round",
    "progressive_round",
    "swiss_round",
    "winners_and_losers",
]


class Drive(StrEnum):
    """A movement by results (the planned, balanced movements are seated before play)."""

    PROGRESSIVE = "progressive"
    SWISS = "swiss"


_NS, _EW = Side.NS, Side.EW

Tallies = Sequence[Sequence[int]]
"""Each round's rubbers' N-S tallies, by round then table (0-based), as credited to N-S."""

SWISS_WINDOW: Final = 7
"""How far down the standings a Swiss table looks for its other three players (past the player at its
head): far enough to avoid a repeated partner, near enough that a table stays a band of the standings."""
SWISS_SEARCH: Final = 20_000
"""Tables tried before a Swiss round gives up avoiding every repeated partner (then: the fewest, greedily)."""


def first_round(n_players: int, present: Set[Player] | None = None) -> Round:
    """Round 1 by the cut: table k takes score-sheet places 4k+1 to 4k+4, the two highest partners and the
    highest dealing (the bulletin's four players: 1 South and first dealer, 2 North, 3 East, 4 West); the
    lowest on the score sheet sit out. ``present``: the players here (default: all), in score-sheet order."""
    here = sorted(range(n_players) if present is None else present)
    tables = len(here) // 4
    seated = tuple(
        Table(here[4 * k + 1], here[4 * k + 2], here[4 * k], here[4 * k + 3], first_dealer=Seat.SOUTH)
        for k in range(tables)
    )
    return Round(seated, tuple(here[4 * tables :]))


def winners_and_losers(table: Table, ns_tally: int) -> tuple[Pair, Pair]:
    """The pair that won the rubber and the pair that lost it. A rubber credited 0 has no winner: N-S
    move as if they had won (no source found gives a rule; this one is the project's, in the README)."""
    ns, ew = table.pair(_NS), table.pair(_EW)
    return (ns, ew) if ns_tally >= 0 else (ew, ns)


def next_round(
    drive: Drive,
    n_players: int,
    rounds: Sequence[Round],
    tallies: Tallies,
    present: Set[Player] | None = None,
) -> Round:
    """The round after ``rounds`` (every rubber of the last one recorded, its tallies in ``tallies``),
    among the players ``present`` (default: last round's; at least four)."""
    if len(tallies) < len(rounds) or any(len(tallies[r]) != len(rnd.tables) for r, rnd in enumerate(rounds)):
        raise ValueError("every rubber of the rounds seated needs its tally")
    if present is not None and len(present) < 4:
        raise ValueError("a round needs at least four players present")
    if drive is Drive.PROGRESSIVE:
        return progressive_round(n_players, rounds, tallies, present)
    return swiss_round(n_players, rounds, tallies, present)


Slot = tuple[int, int, int]
"""A seat of the next round before it is seated: (table, 0 arrivals or 1 stayers, 0 or 1)."""


def progressive_round(
    n_players: int, rounds: Sequence[Round], tallies: Tallies, present: Set[Player] | None = None
) -> Round:
    """The progressive rule on the last round: stayers and arrivals per table, sit-outs rotated in, then
    each table seated with its stayers North and East (opponents) and its arrivals South and West. The
    seats of players gone, of those who sit out next and of a new foot table are taken, in the order a
    returning sit-out takes a seat, by last round's sit-outs, newcomers and the players of a foot table that
    closes, in score-sheet order."""
    last, results = rounds[-1], tallies[len(rounds) - 1]
    here = last.present if present is None else frozenset(present)
    moved = [winners_and_losers(table, tally) for table, tally in zip(last.tables, results, strict=True)]
    count, tables = len(last.tables), len(here) // 4
    stayers = [moved[0][0] if t == 0 else moved[t][1] for t in range(count)]
    arrivals = [moved[t + 1][0] if t < count - 1 else moved[0][1] for t in range(count)]
    seat: dict[Slot, Player] = {}
    for t in range(count):
        for g, pair in enumerate((arrivals[t], stayers[t])):
            seat.update({(t, g, i): p for i, p in enumerate(pair)})
    # where a returning sit-out may go: from the foot table up; there arrivals before stayers, lowest first
    slots = [
        (t, g, i)
        for t in reversed(range(count))
        for g in (0, 1)
        for i in sorted(range(2), key=lambda i: -seat[t, g, i])
    ]
    newcomers = sorted(here - last.present)
    candidates = [seat[s] for s in slots if seat[s] in here] + newcomers
    resting = _sit_outs(rounds, candidates, len(here) - 4 * tables)
    opened = [(t, g, i) for t in reversed(range(count, tables)) for g in (0, 1) for i in (0, 1)]
    kept = [s for s in slots if s[0] < tables and seat[s] in here and seat[s] not in resting]
    holes = opened + [s for s in slots if s[0] < tables and s not in kept]
    staying = {seat[s] for s in kept}
    coming = sorted(p for p in here if p not in staying and p not in resting)
    seat.update(zip(holes, coming, strict=True))
    seated = []
    for t in range(tables):
        north, east = sorted((seat[t, 1, 0], seat[t, 1, 1]))
        south, west = sorted((seat[t, 0, 0], seat[t, 0, 1]))
        seated.append(_dealt(Table(north, east, south, west)))
    return Round(tuple(seated), tuple(resting))


def swiss_round(
    n_players: int, rounds: Sequence[Round], tallies: Tallies, present: Set[Player] | None = None
) -> Round:
    """Players by running total (ties: the score sheet's order; a newcomer's total is 0); sit-outs
    rotated; tables filled from the top of the standings, each with partners never met as partners and the
    fewest repeated opponents."""
    totals = Counter[Player]()
    for rnd, results in zip(rounds, tallies, strict=False):
        for table, tally in zip(rnd.tables, results, strict=True):
            for p in table.pair(_NS):
                totals[p] += tally
            for p in table.pair(_EW):
                totals[p] -= tally
    here = rounds[-1].present if present is None else present
    standing = sorted(here, key=lambda p: (-totals[p], p))
    resting = _sit_outs(rounds, standing[::-1], len(standing) % 4)
    playing = [p for p in standing if p not in resting]
    partners, opponents = _met(rounds)
    games = _swiss_tables(playing, partners, opponents)
    place = {p: i for i, p in enumerate(playing)}
    tables = []
    for (a, b), (c, d) in games:
        east, west = sorted((c, d), key=place.__getitem__)
        tables.append(_dealt(Table(a, east, b, west)))
    return Round(tuple(tables), tuple(resting))


Game = tuple[tuple[Player, Player], tuple[Player, Player]]


def _swiss_tables(playing: list[Player], partners: set[Pair], opponents: Counter[Pair]) -> list[Game]:
    """Tables from the top of ``playing`` down, each headed by the highest player left: a depth-first
    search over each table's choices (fewest repeated opponents, then nearest in the standings first) for
    tables where nobody partners anyone twice; when the search runs out, greedily the fewest repeats."""
    budget = [SWISS_SEARCH]

    def choices(left: list[Player]) -> list[tuple[tuple[int, int, tuple[int, ...]], Game]]:
        head, rest = left[0], left[1 : 1 + SWISS_WINDOW]
        found: list[tuple[tuple[int, int, tuple[int, ...]], Game]] = []
        for trio in combinations(range(len(rest)), 3):
            chosen = [rest[i] for i in trio]
            for k in range(3):
                mate = chosen[k]
                other = tuple(chosen[j] for j in range(3) if j != k)
                game: Game = ((head, mate), (other[0], other[1]))
                again = int(pair_key(head, mate) in partners) + int(pair_key(*other) in partners)
                faced = sum(opponents[pair_key(p, q)] for p in game[0] for q in game[1])
                found.append(((again, faced, trio), game))
        found.sort(key=lambda choice: choice[0])
        return found

    def search(left: list[Player]) -> list[Game] | None:
        if not left:
            return []
        for (again, _, _), game in choices(left):
            if again or budget[0] <= 0:
                return None
            budget[0] -= 1
            taken = {*game[0], *game[1]}
            after = search([p for p in left if p not in taken])
            if after is not None:
                return [game, *after]
        return None

    found = search(playing)
    if found is not None:
        return found
    games, left = [], list(playing)
    while left:
        game = choices(left)[0][1]
        games.append(game)
        left = [p for p in left if p not in {*game[0], *game[1]}]
    return games


def _sit_outs(rounds: Sequence[Round], candidates: Sequence[Player], count: int) -> list[Player]:
    """Who sits out next: ``count`` of the ``candidates`` (never last round's sit-outs, so nobody sits out
    twice running), those who sat out fewest times first, then in the candidates' order."""
    if count == 0:
        return []
    rested = Counter(p for rnd in rounds for p in rnd.sitting_out)
    last = set(rounds[-1].sitting_out)
    order = {p: i for i, p in enumerate(candidates)}
    eligible = sorted((p for p in candidates if p not in last), key=lambda p: (rested[p], order[p]))
    return sorted(eligible[:count])


def _met(rounds: Sequence[Round]) -> tuple[set[Pair], Counter[Pair]]:
    """Every pair who have partnered, and how often each pair have been opponents."""
    partners: set[Pair] = set()
    opponents = Counter[Pair]()
    for rnd in rounds:
        for table in rnd.tables:
            ns, ew = table.pair(_NS), table.pair(_EW)
            partners.update((pair_key(*ns), pair_key(*ew)))
            opponents.update(pair_key(p, q) for p in ns for q in ew)
    return partners, opponents


def _dealt(table: Table) -> Table:
    """The table with its first deal dealt by the player highest on the score sheet there (the bulletin's
    rule for six players: the highest player at the table deals first)."""
    return Table(*table.players, first_dealer=table.seat_of(min(table.players)))

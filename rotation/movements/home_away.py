"""Part-timers at one table and at two, from the books of home and two-table evenings (issue 26).

The books (``movements.home``, ``movements.twotables``) hold evenings searched offline for a group where
everyone plays throughout. A player away for some rounds can still play one of them: they take one of the
book's places for the whole evening, and the rounds are ordered so that in every round they are away their
place sits out in the book. No one takes their seat, so every table played is one of the book's: the
meetings, the most meetings and the repeated meetings are the book's own, and the partner and opponent
spreads (their minimum over the players there throughout) no worse. What is left to choose is which place
each part-timer takes and which of the book's rounds is played when; that decides

- each player's sit-outs while present against their fair share (``rotation.balance``: the sum, over the
  rounds they are present for, of that round's sit-outs over the players present): a part-timer's place
  sits out its book count less their absences, which may leave them short (7 x 8 with a player leaving
  after round 5: a place of the book sits out at most 4 rounds, so the leaver would sit out at most once in
  five rounds, where their share is 2.14), and then no placing fits and the planner searches as before;
- the rounds played and the partner and opponent spreads over the players there throughout;
- who sits out twice (or three times) running, which the order decides.

``place_in_book`` tries every placing of the part-timers (the places that sit out often enough), each with
the first order that fits, ranks them by what the placing alone decides, and orders the rounds of the best
few by a local search counted in moves and seeded, so the same request gives the same evening.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise, product

from rotation.balance import check
from rotation.model import Movement, Player, Round

__all__ = ["MOVES", "AwayPlacing", "place_in_book"]

MOVES = 4000
"""The order search's budget of moves (each a swap of two rounds, kept or undone), shared among the
placings it orders. A book evening has at most 14 rounds; most end at the first order or well within."""

PLACINGS = 6
"""The most placings, of those tied best by what the placing alone decides, whose rounds are ordered."""

TRIED = 3000
"""The most placings tried (every one, for up to three part-timers among eleven players)."""

WALK = 0.02
"""How often a swap that makes the order worse is kept anyway, so the search leaves a dead end."""


@dataclass(frozen=True, slots=True)
class AwayPlacing:
    """The book's evening played by a group with part-timers: ``movement`` in the players' numbers (those
    away left out of the rounds they miss), ``places[p]`` the book's place each part-timer took,
    ``order[t]`` the book's round played as round t, and ``rank`` what it reaches in the rules the
    placing decides, in the planner's order (sitting out three running, sit-outs off the fair share,
    partner spread, played spread, then sitting out twice running and the opponent spread, in the order
    the planner ranks them for this evening)."""

    movement: Movement
    places: tuple[tuple[Player, int], ...]
    order: tuple[int, ...]
    rank: tuple[int, ...]

    @property
    def fair(self) -> bool:
        """Nobody's sit-outs off their fair share while present."""
        return self.rank[1] == 0


def place_in_book(
    book: Movement, away: Mapping[Player, frozenset[int]], *, seed: int = 0, moves: int = MOVES
) -> AwayPlacing | None:
    """The best placing found of the players ``away`` (0-based rounds) in ``book``, an evening of as many
    rounds as asked for everyone: see the module. None when no placing fits (no place sits out in enough
    rounds, or no order puts each part-timer's absences on rounds their place sits out)."""
    rounds = len(book.rounds)
    away = {p: frozenset(rs) for p, rs in away.items() if rs}
    if not away or any(max(rs) >= rounds or p >= book.n_players for p, rs in away.items()):
        return None
    outs = [frozenset(rnd.sitting_out) for rnd in book.rounds]
    part = sorted(away)
    options = [[x for x in range(book.n_players) if sum(x in o for o in outs) >= len(away[p])] for p in part]
    tried: list[tuple[tuple[int, ...], int, tuple[int, ...], list[int]]] = []
    for count, places in enumerate(product(*options)):
        if count >= TRIED:
            break
        if len(set(places)) < len(places):
            continue
        player_at = _player_at(book.n_players, dict(zip(part, places, strict=True)))
        order = _fitting_order(_outs_of(outs, player_at), _absent(away, rounds))
        if order is not None:
            _, share, partner, played, _, opponent, low = _measure(_played(book, order, player_at, away))
            tried.append(((share, partner, played, opponent if low else 0), opponent, places, order))
    if not tried:
        return None
    best_key = min(key for key, _, _, _ in tried)
    tied = sorted((opponent, i) for i, (key, opponent, _, _) in enumerate(tried) if key == best_key)
    chosen = [tried[i][2:] for _, i in tied[:PLACINGS]]
    rng = random.Random(f"home away {book.n_players} {rounds} {seed}")
    found: AwayPlacing | None = None
    for places, order in chosen:
        player_at = _player_at(book.n_players, dict(zip(part, places, strict=True)))
        better = _ordered(_outs_of(outs, player_at), _absent(away, rounds), order, rng, moves // len(chosen))
        movement = _played(book, better, player_at, away)
        rank = _rank(_measure(movement))
        if found is None or rank < found.rank:
            found = AwayPlacing(movement, tuple(zip(part, places, strict=True)), tuple(better), rank)
    return found


def _player_at(n: int, place: Mapping[Player, int]) -> list[Player]:
    """The player at each place of the book: the part-timers where placed, everyone else in the free
    places in order."""
    taken = set(place.values())
    others = iter(p for p in range(n) if p not in place)
    at = {x: p for p, x in place.items()}
    return [at[x] if x in taken else next(others) for x in range(n)]


def _outs_of(outs: Sequence[frozenset[int]], player_at: Sequence[Player]) -> list[frozenset[Player]]:
    """Each book round's sit-outs as players."""
    return [frozenset(player_at[x] for x in out) for out in outs]


def _absent(away: Mapping[Player, frozenset[int]], rounds: int) -> list[frozenset[Player]]:
    """The players away in each round of the evening."""
    return [frozenset(p for p, rs in away.items() if t in rs) for t in range(rounds)]


def _fitting_order(
    outs: Sequence[frozenset[Player]], absent: Sequence[frozenset[Player]]
) -> list[int] | None:
    """An order of the book's rounds in which every player away sits out in the book (the rounds with the
    most away placed first, each on the earliest book round that fits, backtracking), the other rounds in
    the book's order; None if there is none."""
    rounds = len(outs)
    order = [-1] * rounds
    used = [False] * rounds
    hard = sorted((t for t in range(rounds) if absent[t]), key=lambda t: (-len(absent[t]), t))

    def assign(i: int) -> bool:
        if i == len(hard):
            return True
        t = hard[i]
        for b in range(rounds):
            if not used[b] and absent[t] <= outs[b]:
                order[t], used[b] = b, True
                if assign(i + 1):
                    return True
                used[b] = False
        order[t] = -1
        return False

    if not assign(0):
        return None
    rest = iter(b for b in range(rounds) if not used[b])
    return [b if b >= 0 else next(rest) for b in order]


def _runs(
    outs: Sequence[frozenset[Player]], absent: Sequence[frozenset[Player]], order: Sequence[int]
) -> tuple[int, int]:
    """(sitting out three running, twice running) of the rounds played in ``order``."""
    out = [outs[b] - gone for b, gone in zip(order, absent, strict=True)]
    threes = sum(len(a & b & c) for a, b, c in zip(out, out[1:], out[2:], strict=False))
    return threes, sum(len(a & b) for a, b in pairwise(out))


def _ordered(
    outs: Sequence[frozenset[Player]],
    absent: Sequence[frozenset[Player]],
    order: list[int],
    rng: random.Random,
    moves: int,
) -> list[int]:
    """The order with the fewest sit-outs three running, then twice running, found within ``moves`` swaps
    that keep every player away on a round their place sits out."""
    order = list(order)
    current = best = _runs(outs, absent, order)
    best_order = list(order)
    rounds = len(order)
    for _ in range(moves if rounds > 1 else 0):
        if best == (0, 0):
            break
        t, u = rng.sample(range(rounds), 2)
        if not (absent[t] <= outs[order[u]] and absent[u] <= outs[order[t]]):
            continue
        order[t], order[u] = order[u], order[t]
        tried = _runs(outs, absent, order)
        if tried <= current or rng.random() < WALK:
            current = tried
            if tried < best:
                best, best_order = tried, list(order)
        else:
            order[t], order[u] = order[u], order[t]
    return best_order


def _played(
    book: Movement, order: Sequence[int], player_at: Sequence[Player], away: Mapping[Player, frozenset[int]]
) -> Movement:
    """The book's rounds in ``order`` with its places taken by ``player_at``, those away left out."""
    rounds = []
    for t, b in enumerate(order):
        rnd = book.rounds[b].mapped(list(player_at))
        gone = {p for p, rs in away.items() if t in rs}
        rounds.append(Round(rnd.tables, tuple(sorted(set(rnd.sitting_out) - gone))))
    return Movement(book.n_players, tuple(rounds), name=book.name)


def _measure(movement: Movement) -> tuple[int, ...]:
    """(three running, off the fair share, partner spread, played spread, twice running, opponent spread,
    twice running ranked last), as the checker counts them; twice running ranks last in a home game (one
    table, three or more sitting out every round: ``solver.problem._Problem.repeats_rank_low``)."""
    balance = check(movement)
    out = [set(rnd.sitting_out) for rnd in movement.rounds]
    threes = sum(len(a & b & c) for a, b, c in zip(out, out[1:], out[2:], strict=False))
    low = all(len(rnd.tables) == 1 and len(rnd.sitting_out) >= 3 for rnd in movement.rounds)
    return (
        threes,
        balance.sit_out_share_excess,
        balance.partner_spread,
        balance.played_spread,
        balance.total_repeat_sit_outs,
        balance.opponent_spread,
        int(low),
    )


def _rank(measured: tuple[int, ...]) -> tuple[int, ...]:
    """The measured rules in the planner's order for this evening."""
    threes, share, partner, played, repeats, opponent, low = measured
    if low:
        return (threes, share, partner, played, opponent, repeats)
    return (threes, share, partner, played, repeats, opponent)

"""Meet-once evenings: nobody shares a table with the same player twice.

A meet-once evening with everyone playing is a partial resolvable design with blocks of four (the social
golfer problem with groups of four): each round is a parallel class, and no two players are in two blocks
together. Complete ones, (v - 1) / 3 rounds with every pair meeting exactly once, exist for every
v = 4 (mod 12) (resolvable designs with blocks of four: Hanani, Ray-Chaudhuri and Wilson 1972); the book
has them for 16 (the affine plane AG(2, 4), its parallel classes as rounds), 28, 40 and 52 (1-rotational
designs over Z_q with a fixed player). For 4q players with q a prime power it has the transversal-design
construction over GF(q) where that is longer (q rounds, 9 for q = 8); for v - 1 players the evening for v
without its last player (whose three table-mates sit out); and searches elsewhere. When the number of
players is not a multiple of four, n mod 4 sit out each round, fairly: after any number of rounds
everyone's sit-outs are within one of everyone else's, and nobody sits out twice running.

A player who plays r rounds meets 3r others, so a meet-once evening needs 3r <= n - 1 (the counting
bound). The first rounds of a meet-once evening are a meet-once evening too, so the book keeps only the
longest evening it has for each size, and ``meet_once_movement`` cuts it short.

The book (``schedules/meetonce.json``) is built offline by ``rotation.build.meetonce``; this module only
reads it (no solver).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from rotation.model import Movement, Player, Round, Table
from scoring.seat import Seat

__all__ = [
    "BOOK_FORMAT",
    "BOOK_NAME",
    "Evening",
    "book",
    "evening_movement",
    "meet_once_movement",
    "meet_once_rounds",
    "meet_once_sizes",
]

BOOK_FORMAT = "chicago-meetonce/1"
BOOK_NAME = "meetonce"

_SEATS = tuple(Seat)

Evening = tuple[tuple[tuple[tuple[Player, Player, Player, Player], ...], tuple[Player, ...]], ...]
"""Rounds as (tables, sitting out); a table is [a, b, c, d], a-b and c-d partners."""


def seat_round(number: int, tables: Sequence[Sequence[Player]], sitting_out: Sequence[Player]) -> Round:
    """A round of the book seated: a and b North-South, c and d East-West; the first dealer moves one
    seat on from table to table and from round to round (the planner re-seats the evening anyway)."""
    seated = []
    for t, (a, b, c, d) in enumerate(tables):
        seated.append(Table(north=a, south=b, east=c, west=d, first_dealer=_SEATS[(number + t) % 4]))
    return Round(tuple(seated), tuple(sitting_out))


def evening_movement(n_players: int, evening: Evening, name: str = "") -> Movement:
    """Seat every round of an evening."""
    return Movement(
        n_players,
        tuple(seat_round(r, tables, out) for r, (tables, out) in enumerate(evening)),
        name=name,
    )


def _parse(entry: dict[str, Any]) -> Evening:
    rounds = []
    for rnd in entry["rounds"]:
        tables = tuple((int(a), int(b), int(c), int(d)) for a, b, c, d in rnd["tables"])
        rounds.append((tables, tuple(int(p) for p in rnd.get("sitting_out", ()))))
    return tuple(rounds)


@cache
def book() -> dict[int, tuple[str, Evening]]:
    """Every evening in ``schedules/meetonce.json`` by number of players, with its source (read once)."""
    import schedules

    data = schedules.load(BOOK_NAME)
    if data.get("format") != BOOK_FORMAT:
        raise ValueError(f"schedules/{BOOK_NAME}.json is not a {BOOK_FORMAT} book")
    return {int(entry["players"]): (str(entry["source"]), _parse(entry)) for entry in data["evenings"]}


def meet_once_sizes() -> tuple[int, ...]:
    """The player counts the book has an evening for."""
    return tuple(sorted(book()))


def meet_once_rounds(n_players: int) -> int:
    """The most rounds the book can seat ``n_players`` without anyone meeting anyone twice (0: none)."""
    found = book().get(n_players)
    return 0 if found is None else len(found[1])


def meet_once_movement(n_players: int, rounds: int) -> Movement | None:
    """The first ``rounds`` rounds of the book's meet-once evening for ``n_players``, or None when the
    book has no evening that long (or none at all) for them."""
    found = book().get(n_players)
    if found is None or not 1 <= rounds <= len(found[1]):
        return None
    source, evening = found
    return evening_movement(n_players, evening[:rounds], name=f"meet-once evening ({source})")

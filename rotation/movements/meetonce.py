"""Meet-once evenings: nobody shares a table with the same player twice.

A meet-once evening with everyone playing is a partial resolvable design with blocks of four (the social
golfer problem with groups of four): each round is a parallel class, and no two players are in two blocks
together. Complete ones, (v - 1) / 3 rounds with every pair meeting exactly once, exist for every
v = 4 (mod 12) (resolvable designs with blocks of four: Hanani, Ray-Chaudhuri and Wilson 1972); the book
has them for 16 (the affine plane AG(2, 4), its parallel classes as rounds), 28, 40 and 52 (1-rotational
designs over Z_q with a fixed player), and past 52 players 64 (AG(3, 4): 21 rounds), 76 and 88. For
v = 0 (mod 12) it has (v - 3) / 3 rounds in which everyone meets all but a group of three once, the
counting bound (resolvable group divisible designs of type 3^(v/3): Ge, Lam, Ling and Shen, "Resolvable
maximum packings with quadruples", Des. Codes Cryptogr. 2005): 24, 36, 48, 60 by CP-SAT, 72, 84 and 96
from base rounds found by annealing (``rotation.build.bases``). For 4q
players with q a prime power it has the transversal-design construction over GF(q) where that is longer
(q rounds, 9 for q = 8); for v - 1 players the evening for v without its last player (whose three
table-mates sit out); for v + 1 .. v + 3 the evening for v with newcomers standing in; and searches
elsewhere. It covers every size from 8 to 100. When the number of
players is not a multiple of four, n mod 4 sit out each round, fairly: after any number of rounds
everyone's sit-outs are within one of everyone else's, and nobody sits out twice running.

A player who plays r rounds meets 3r others, so a meet-once evening needs 3r <= n - 1 (the counting
bound). The first rounds of a meet-once evening are a meet-once evening too, so the book keeps only the
longest evening it has for each size, and ``meet_once_movement`` cuts it short.

The book (``schedules/meetonce.json``) is built offline by ``rotation.build.meetonce``; this module only
reads it (no solver). An entry lists its rounds, or, to keep the book small past 52 players, says how to
make them, developed here when first asked for (``develop``):

- ``"develop"``: players ``i |G| + g`` for class i and element g of an abelian group G (``"moduli"``,
  numbered as ``rotation.movements.whist.Group`` numbers them), then ``"fixed"`` players ``k |G| + s``
  whom the group leaves in place. ``"translates"``: one base round, and a round for each element g of G
  (in their order), the base round with g added to every player of a class; ``"orbits"``: a base table
  or two per round, and each round the distinct translates of its base tables (in the order of the g
  that first gives each). ``"translates"`` with ``"bases"`` instead of ``"base"``: several base
  rounds, each developed so, one after the other.
- ``"without_last"``: the evening for one player more (``"from"``) without its last player, whose three
  table-mates sit out each round (``without_last``).
- ``"stand_ins"``: the first rounds of the evening for ``"from"`` players (everyone playing) with the
  newcomers ``from``, ``from + 1`` .. standing in each round for the players listed for it, who sit out
  (``with_stand_ins``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    "with_stand_ins",
    "without_last",
]

BOOK_FORMAT = "chicago-meetonce/2"
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


def without_last(n_players: int, evening: Evening) -> Evening:
    """The evening for n - 1 players from one for n with everyone playing: the last player leaves, and
    in each round the three who would have sat with them sit out instead. They met the leaver once at
    most, so everyone sits out at most once: within one of everyone else after every round, and never
    twice running."""
    gone = n_players - 1
    rounds = []
    for tables, _ in evening:
        kept = tuple(t for t in tables if gone not in t)
        out = tuple(sorted(p for t in tables if gone in t for p in t if p != gone))
        rounds.append((kept, out))
    return tuple(rounds)


def with_stand_ins(smaller: int, evening: Evening, stand_ins: Sequence[Sequence[Player]]) -> Evening:
    """The first ``len(stand_ins)`` rounds of an evening for ``smaller`` players (everyone playing) with
    newcomers ``smaller``, ``smaller + 1`` .. taking, round by round, the seats of the players listed for
    that round, who sit out (``rotation.build.meetonce.with_newcomers`` chooses them)."""
    rounds = []
    for (tables, _), ys in zip(evening, stand_ins, strict=False):
        stand_in = {y: smaller + j for j, y in enumerate(ys)}
        seated = tuple(
            (stand_in.get(a, a), stand_in.get(b, b), stand_in.get(c, c), stand_in.get(d, d))
            for a, b, c, d in tables
        )
        rounds.append((seated, tuple(sorted(ys))))
    if len(rounds) != len(stand_ins):
        raise ValueError(f"stand-ins for {len(stand_ins)} rounds of an evening of {len(evening)}")
    return tuple(rounds)


def develop(spec: dict[str, Any]) -> Evening:
    """The rounds of a ``"develop"`` entry (see the module)."""
    from rotation.movements.whist import Group

    group = Group(tuple(int(m) for m in spec["moduli"]))
    order, classes = group.order, int(spec["classes"])
    add = group.table("add")
    finite = classes * order

    def moved(p: int, g: int) -> Player:
        if p >= finite:
            return p
        i, x = divmod(p, order)
        return i * order + add[x][g]

    def four(table: Sequence[int], g: int) -> tuple[Player, Player, Player, Player]:
        a, b, c, d = (moved(int(p), g) for p in table)
        return a, b, c, d

    rounds: list[tuple[tuple[tuple[Player, Player, Player, Player], ...], tuple[Player, ...]]] = []
    if spec["rounds"] == "translates":
        for base in spec["bases"] if "bases" in spec else [spec["base"]]:
            for g in range(order):
                rounds.append((tuple(four(t, g) for t in base), ()))
    elif spec["rounds"] == "orbits":
        for base in spec["base"]:
            seen: set[frozenset[Player]] = set()
            tables = []
            for g in range(order):
                for t in base:
                    table = four(t, g)
                    if frozenset(table) not in seen:
                        seen.add(frozenset(table))
                        tables.append(table)
            rounds.append((tuple(tables), ()))
    else:
        raise ValueError(f"no way to develop {spec['rounds']!r}")
    return tuple(rounds)


def _parse(entry: dict[str, Any], evening_of: Callable[[int], Evening]) -> Evening:
    if "develop" in entry:
        return develop(entry["develop"])
    if "without_last" in entry:
        larger = int(entry["without_last"]["from"])
        return without_last(larger, evening_of(larger))
    if "stand_ins" in entry:
        smaller = int(entry["stand_ins"]["from"])
        return with_stand_ins(smaller, evening_of(smaller), entry["stand_ins"]["rounds"])
    rounds = []
    for rnd in entry["rounds"]:
        tables = tuple((int(a), int(b), int(c), int(d)) for a, b, c, d in rnd["tables"])
        rounds.append((tables, tuple(int(p) for p in rnd.get("sitting_out", ()))))
    return tuple(rounds)


@cache
def _entries() -> dict[int, dict[str, Any]]:
    """The book's entries by number of players, as read (once)."""
    import schedules

    data = schedules.load(BOOK_NAME)
    if data.get("format") != BOOK_FORMAT:
        raise ValueError(f"schedules/{BOOK_NAME}.json is not a {BOOK_FORMAT} book")
    return {int(entry["players"]): entry for entry in data["evenings"]}


@cache
def _evening(n_players: int) -> tuple[str, Evening] | None:
    """The book's evening for ``n_players`` and its source, made from its entry when first asked for."""
    entry = _entries().get(n_players)
    if entry is None:
        return None

    def evening_of(n: int) -> Evening:
        found = _evening(n)
        if found is None:
            raise ValueError(f"the book's evening for {n_players} players needs the one for {n}: none")
        return found[1]

    return str(entry["source"]), _parse(entry, evening_of)


def book() -> dict[int, tuple[str, Evening]]:
    """Every evening in ``schedules/meetonce.json`` by number of players, with its source."""
    return {n: found for n in _entries() if (found := _evening(n)) is not None}


def meet_once_sizes() -> tuple[int, ...]:
    """The player counts the book has an evening for."""
    return tuple(sorted(_entries()))


def meet_once_rounds(n_players: int) -> int:
    """The most rounds the book can seat ``n_players`` without anyone meeting anyone twice (0: none)."""
    found = _evening(n_players)
    return 0 if found is None else len(found[1])


def meet_once_movement(n_players: int, rounds: int) -> Movement | None:
    """The first ``rounds`` rounds of the book's meet-once evening for ``n_players``, or None when the
    book has no evening that long (or none at all) for them."""
    found = _evening(n_players)
    if found is None or not 1 <= rounds <= len(found[1]):
        return None
    source, evening = found
    return evening_movement(n_players, evening[:rounds], name=f"meet-once evening ({source})")

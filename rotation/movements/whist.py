"""Whist designs: every pair of players partners exactly once and opposes exactly twice.

A whist design Wh(n) exists for every n = 0 or 1 (mod 4) (Baker 1975; see I. Anderson, *Combinatorial
Designs and Tournaments*, Oxford 1997, and the Handbook of Combinatorial Designs, 2nd ed., "Whist
tournaments"). The book (``schedules/whist.json``) keeps each one as a single *starter* round over an
abelian group G, written in player numbers: player p is the group element whose mixed-radix digits, first
modulus most significant, spell p. Developing the starter adds each element of G to every player:

- n = 4k + 1: G has order n; the starter has k tables and player 0 (the group's zero) sits out, so round g
  sits out player g and there are n rounds;
- n = 4k: G has order n - 1 and a fixed player "infinity" (player n - 1) is never moved, so there are
  n - 1 rounds with k tables each.

The starter's differences decide everything: every nonzero element of G is a partner difference exactly
once and an opponent difference exactly twice. Because every player runs through every starter position
once, the development gives each player each seat equally often (n = 4k + 1) and each player deals first
once per starter table. Infinity alone would keep its seat, so its table is turned round by round
(``infinity_turns``) and it deals first in the rounds listed in ``infinity_deals``.

Directed (each other player once on your left, once on your right): the left differences of the starter
(East - North, South - East, West - South, North - West) must cover the nonzero elements once. For
n = 4k that is impossible with a fixed infinity: those differences sum to zero at an ordinary table and
to West - East at infinity's, while the nonzero elements of a group of odd order sum to zero, so West and
East would coincide. There the search makes left and right as even as it can (one difference twice,
its negative never).

The book is built by ``rotation.build.whist`` (constructions and searches, minutes, not part of
planning); this module only reads and develops it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from rotation.model import Movement, Player, Round, Table
from scoring.seat import Seat

if TYPE_CHECKING:
    pass

__all__ = [
    "BOOK_FORMAT",
    "Group",
    "Starter",
    "book",
    "design_movement",
    "design_rounds",
    "develop",
    "is_whist_size",
    "left_right_excess",
    "whist_design",
    "whist_sizes",
    "whist_starter",
]

BOOK_FORMAT = "chicago-whist-book/1"
BOOK_NAME = "whist"
BOOK_SIZES = tuple(n for n in range(5, 66) if n % 4 in (0, 1))
"""Every whist size from 5 to 65 (so every size up to 64 and the next one). Four players are left to the
bulletin's rule and the planner: no cyclic design seats them within one, and one table needs no book."""

_SEATS = tuple(Seat)


def is_whist_size(n_players: int) -> bool:
    """A whist design exists exactly when n = 0 or 1 (mod 4) (Baker 1975)."""
    return n_players >= 4 and n_players % 4 in (0, 1)


def design_rounds(n_players: int) -> int:
    """Rounds in a whist design: n - 1 when n = 0 (mod 4) (nobody sits out), else n (one sits out)."""
    if not is_whist_size(n_players):
        raise ValueError(f"no whist design for {n_players} players: n must be 0 or 1 (mod 4), at least 4")
    return n_players - 1 if n_players % 4 == 0 else n_players


@dataclass(frozen=True, slots=True)
class Group:
    """A finite abelian group Z_m1 x Z_m2 x ..., elements numbered in mixed radix (m1 most significant)."""

    moduli: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.moduli or min(self.moduli) < 1:
            raise ValueError(f"a group needs positive moduli, got {self.moduli}")

    @property
    def order(self) -> int:
        return math.prod(self.moduli)

    @property
    def name(self) -> str:
        return " x ".join(f"Z_{m}" for m in self.moduli)

    def digits(self, x: int) -> tuple[int, ...]:
        out = []
        for m in reversed(self.moduli):
            x, digit = divmod(x, m)
            out.append(digit)
        return tuple(reversed(out))

    def number(self, digits: Iterable[int]) -> int:
        x = 0
        for m, digit in zip(self.moduli, digits, strict=True):
            x = x * m + digit % m
        return x

    def add(self, x: int, y: int) -> int:
        return self.number(a + b for a, b in zip(self.digits(x), self.digits(y), strict=True))

    def neg(self, x: int) -> int:
        return self.number(-a for a in self.digits(x))

    def sub(self, x: int, y: int) -> int:
        return self.add(x, self.neg(y))

    def table(self, op: str) -> list[list[int]]:
        """The whole ``add`` or ``sub`` table, for the searches' inner loops."""
        f = self.add if op == "add" else self.sub
        return [[f(x, y) for y in range(self.order)] for x in range(self.order)]


@dataclass(frozen=True, slots=True)
class Starter:
    """One round of a whist design and how the others follow from it (see the module docstring).

    tables: the starter round in player numbers; sitting_out: player 0 when n = 4k + 1.
    infinity_turns: per developed round, how infinity's table is placed: turned t seats clockwise (t < 4),
    or reflected (East and West exchanged) and then turned t - 4 (t >= 4).
    infinity_deals: the developed rounds (0-based) in which infinity deals first at its table.
    order: the developed rounds in the order they are played (``rotation.movements.order.prefix_order``,
    so that an evening stopped after any round is as even as it can be); empty means as developed.
    """

    n_players: int
    moduli: tuple[int, ...]
    tables: tuple[Table, ...]
    sitting_out: tuple[Player, ...] = ()
    infinity_turns: tuple[int, ...] = ()
    infinity_deals: tuple[int, ...] = ()
    construction: str = ""
    source: str = ""
    directed: bool = False
    order: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        order = Group(self.moduli).order
        if self.order and sorted(self.order) != list(range(order)):
            raise ValueError(f"the order of play must list each of the {order} rounds once")
        if not is_whist_size(self.n_players):
            raise ValueError(f"no whist design for {self.n_players} players")
        expected = self.n_players - 1 if self.n_players % 4 == 0 else self.n_players
        if order != expected:
            raise ValueError(f"{self.n_players} players need a group of order {expected}, got {order}")
        if len(self.tables) != self.n_players // 4:
            raise ValueError(f"{self.n_players} players need {self.n_players // 4} starter tables")
        if self.has_infinity and len(self.infinity_turns) != order:
            raise ValueError(
                f"infinity's table needs one turn per round ({order}), got {len(self.infinity_turns)}"
            )

    @property
    def group(self) -> Group:
        return Group(self.moduli)

    @property
    def has_infinity(self) -> bool:
        return self.n_players % 4 == 0

    @property
    def infinity(self) -> Player | None:
        """The fixed player (n = 4k), numbered n - 1; None when n = 4k + 1."""
        return self.n_players - 1 if self.has_infinity else None

    @property
    def rounds(self) -> int:
        return self.group.order

    def to_data(self) -> dict[str, Any]:
        """The book's JSON entry."""
        data: dict[str, Any] = {
            "players": self.n_players,
            "group": self.group.name,
            "moduli": list(self.moduli),
            "infinity": self.infinity,
            "construction": self.construction,
            "source": self.source,
            "directed": self.directed,
            "tables": [[*t.players, t.first_dealer.value] for t in self.tables],
            "sitting_out": list(self.sitting_out),
        }
        if self.has_infinity:
            data["infinity_turns"] = "".join(str(t) for t in self.infinity_turns)
            data["infinity_deals"] = list(self.infinity_deals)
        if self.order:
            data["order"] = list(self.order)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Starter:
        tables = tuple(Table(n, e, s, w, Seat.parse(dealer)) for n, e, s, w, dealer in data["tables"])
        return cls(
            n_players=data["players"],
            moduli=tuple(data["moduli"]),
            tables=tables,
            sitting_out=tuple(data["sitting_out"]),
            infinity_turns=tuple(int(t) for t in data.get("infinity_turns", "")),
            infinity_deals=tuple(data.get("infinity_deals", ())),
            construction=data["construction"],
            source=data["source"],
            directed=data["directed"],
            order=tuple(data.get("order", ())),
        )


def round_shift(order: int, round_index: int) -> int:
    """The group element added in developed round ``round_index``: the elements in descending order, so
    that (n = 4k + 1) the lowest on the score sheet sits out round 1, as in the bulletin's movements."""
    return order - 1 - round_index


def develop(starter: Starter) -> Movement:
    """Every round of the design: the starter plus each element of the group, infinity fixed."""
    group = starter.group
    order = group.order
    infinity = starter.infinity
    add = [group.digits(x) for x in range(order)]
    rounds = []
    for index in range(order):
        shift = add[round_shift(order, index)]
        to = [group.number(a + b for a, b in zip(add[p], shift, strict=True)) for p in range(order)]
        if infinity is not None:
            to.append(infinity)
        tables = []
        for table in starter.tables:
            moved = table.mapped(to)
            if infinity is not None and infinity in table:
                moved = _turn_infinity_table(
                    moved, infinity, starter.infinity_turns[index], index in starter.infinity_deals
                )
            tables.append(moved)
        rounds.append(Round(tuple(tables), tuple(to[p] for p in starter.sitting_out)))
    if starter.order:
        rounds = [rounds[index] for index in starter.order]
    kind = "directed whist design" if starter.directed else "whist design"
    return Movement(
        starter.n_players,
        tuple(rounds),
        name=f"{kind} Wh({starter.n_players}) over {group.name} ({starter.construction})",
    )


def _turn_infinity_table(table: Table, infinity: Player, turns: int, infinity_deals: bool) -> Table:
    if turns >= 4:  # reflected: East and West change places, and so does the first dealer if one of them
        table = Table.from_seats(
            [table.north, table.west, table.south, table.east], _SEATS[-table.first_dealer.index % 4]
        )
    turned = table.turned(turns % 4)
    if infinity_deals:
        return Table.from_seats(turned.players, turned.seat_of(infinity))
    return turned


# --- the book ---------------------------------------------------------------------------------------


@cache
def book() -> dict[int, Starter]:
    """Every starter in ``schedules/whist.json``, by number of players (read once)."""
    import schedules

    data = schedules.load(BOOK_NAME)
    if data.get("format") != BOOK_FORMAT:
        raise ValueError(f"schedules/{BOOK_NAME}.json is not a {BOOK_FORMAT} book")
    return {int(n): Starter.from_data(entry) for n, entry in data["designs"].items()}


def whist_sizes() -> tuple[int, ...]:
    """The sizes the book has a design for."""
    return tuple(sorted(book()))


def whist_starter(n_players: int) -> Starter:
    """The book's starter for ``n_players``; KeyError when the book has none."""
    try:
        return book()[n_players]
    except KeyError:
        sizes = whist_sizes()
        raise KeyError(
            f"no whist design for {n_players} players in the book "
            f"(it has n = 0 or 1 mod 4 from {sizes[0]} to {sizes[-1]})"
        ) from None


def whist_design(n_players: int) -> Movement:
    """The whist design for ``n_players`` from the book: every pair partners once, opposes twice."""
    return develop(whist_starter(n_players))


def design_movement(n_players: int, rounds: int) -> Movement | None:
    """The book's whist design played over and over for ``rounds`` rounds (the last pass cut short), or
    None when the book has no design for ``n_players``. Whole passes are perfect: every pair partners
    equally often and opposes twice as often; a cut-short pass is the planner's starting point."""
    if not is_whist_size(n_players) or n_players not in book():
        return None
    design = whist_design(n_players)
    passes = -(-rounds // len(design))
    return Movement(n_players, (design.rounds * passes)[:rounds], design.name)


# --- measuring a movement -------------------------------------------------------------------------


def left_right_excess(movement: Movement) -> int:
    """Ordered pairs (p, q) with q on p's left more than once: 0 exactly when every two players who meet
    twice as opponents sit once each way round (a directed design)."""
    left: Counter[tuple[Player, Player]] = Counter()
    for rnd in movement.rounds:
        for table in rnd.tables:
            seats = table.players
            for i in range(4):
                left[(seats[i], seats[(i + 1) % 4])] += 1
    return sum(count - 1 for count in left.values() if count > 1)

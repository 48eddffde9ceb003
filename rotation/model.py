"""Seating value types: a table, a round, a movement, and a schedule (a movement plus its players).

Players inside a movement are score-sheet positions (0 = the highest card on the cut), so the same
movement serves any group of names, and the balance checker never needs to know who anyone is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from rotation.errors import UserError
from rotation.names import InvalidNameError, clean_name, name_key, shown
from scoring.seat import Seat, Side

_SEATS = tuple(Seat)

Player = int
"""A score-sheet position: 0 is the highest card on the cut (the bulletin's "player 1")."""


Pair = tuple[Player, Player]
"""Two players as a key for counts: the lower score-sheet position first."""


def pair_key(p: Player, q: Player) -> Pair:
    """The key of the pair {p, q}, whichever way round they are given."""
    return (p, q) if p < q else (q, p)


Game = tuple[Pair, Pair]
"""One table before seats: two partnerships."""
Seating = tuple[Player, Player, Player, Player]
"""Four players in seat order North, East, South, West."""


def seatings(game: Game) -> list[Seating]:
    """The eight ways to seat two partnerships at one table, as (N, E, S, W)."""
    options = []
    for ns, ew in (game, game[::-1]):
        for north, south in (ns, ns[::-1]):
            for east, west in (ew, ew[::-1]):
                options.append((north, east, south, west))
    return options


class InvalidScheduleError(UserError, ValueError):
    """A seating that breaks the rules of the game: a player in two seats, a table short of four.
    ``twice``: a name given twice, as shown (for a face to word in its language)."""

    twice: str | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """Four players in seats North, East, South, West, and who deals the round's first deal."""

    north: Player
    east: Player
    south: Player
    west: Player
    first_dealer: Seat = Seat.NORTH

    def __post_init__(self) -> None:
        if len(set(self.players)) != 4:
            raise InvalidScheduleError(f"a table needs four different players, got {self.players}")
        if min(self.players) < 0:
            raise InvalidScheduleError(f"player numbers start at 0, got {self.players}")

    @classmethod
    def from_seats(cls, seats: Sequence[Player], first_dealer: Seat = Seat.NORTH) -> Table:
        """Build from players in seat order North, East, South, West."""
        north, east, south, west = seats
        return cls(north, east, south, west, first_dealer)

    @property
    def players(self) -> tuple[Player, Player, Player, Player]:
        """The players in seat order North, East, South, West."""
        return (self.north, self.east, self.south, self.west)

    def at(self, seat: Seat) -> Player:
        return self.players[seat.index]

    def seat_of(self, player: Player) -> Seat:
        try:
            return _SEATS[self.players.index(player)]
        except ValueError:
            raise KeyError(f"player {player} is not at this table") from None

    def __contains__(self, player: object) -> bool:
        return player in self.players

    def pair(self, side: Side) -> tuple[Player, Player]:
        """The partnership sitting ``side``: (North, South) or (East, West)."""
        if side is Side.NS:
            return (self.north, self.south)
        return (self.east, self.west)

    def partner_of(self, player: Player) -> Player:
        return self.at(self.seat_of(player).partner)

    def opponents_of(self, player: Player) -> tuple[Player, Player]:
        seat = self.seat_of(player)
        return (self.at(seat.left), self.at(seat.right))

    @property
    def dealer(self) -> Player:
        """The player who deals the round's first deal."""
        return self.at(self.first_dealer)

    def with_seats(self, seats: dict[Seat, Player], first_dealer: Seat | None = None) -> Table:
        """A copy with some seats given to other players."""
        order = [seats.get(seat, self.at(seat)) for seat in Seat]
        return Table.from_seats(order, self.first_dealer if first_dealer is None else first_dealer)

    def turned(self, n: int = 1) -> Table:
        """The same table with everyone, first dealer included, moved ``n`` seats clockwise."""
        return Table.from_seats([self.at(seat.next(-n)) for seat in Seat], self.first_dealer.next(n))

    def mapped(self, to: Sequence[Player] | dict[Player, Player]) -> Table:
        """The same seating with every player renumbered through ``to``."""
        return Table.from_seats([to[p] for p in self.players], self.first_dealer)


@dataclass(frozen=True, slots=True)
class Round:
    """One round: the tables in play and the players who sit out.

    A player at no table and not sitting out is away (arrived late, left early, on a break).
    """

    tables: tuple[Table, ...]
    sitting_out: tuple[Player, ...] = ()

    def __post_init__(self) -> None:
        if not self.tables:
            raise InvalidScheduleError("a round needs at least one table")
        seated = [p for table in self.tables for p in table.players]
        everyone = seated + list(self.sitting_out)
        if len(set(everyone)) != len(everyone):
            twice = sorted({p for p in everyone if everyone.count(p) > 1})
            raise InvalidScheduleError(f"players {twice} are placed twice in one round")
        object.__setattr__(self, "sitting_out", tuple(sorted(self.sitting_out)))

    @property
    def seated(self) -> frozenset[Player]:
        return frozenset(p for table in self.tables for p in table.players)

    @property
    def present(self) -> frozenset[Player]:
        """Everyone at the club this round: seated or sitting out."""
        return self.seated | frozenset(self.sitting_out)

    def table_of(self, player: Player) -> tuple[int, Table] | None:
        """The (0-based table number, table) where ``player`` sits, or None if not seated."""
        for number, table in enumerate(self.tables):
            if player in table:
                return number, table
        return None

    def mapped(self, to: Sequence[Player] | dict[Player, Player]) -> Round:
        return Round(tuple(t.mapped(to) for t in self.tables), tuple(to[p] for p in self.sitting_out))


@dataclass(frozen=True, slots=True)
class Movement:
    """The seating of every round for players 0 .. n_players - 1."""

    n_players: int
    rounds: tuple[Round, ...]
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.n_players < 4:
            raise InvalidScheduleError(f"Chicago needs at least four players, got {self.n_players}")
        for number, rnd in enumerate(self.rounds, 1):
            stray = sorted(p for p in rnd.present if not 0 <= p < self.n_players)
            if stray:
                raise InvalidScheduleError(
                    f"round {number} names players {stray} outside 0..{self.n_players - 1}"
                )

    def __iter__(self) -> Iterator[Round]:
        return iter(self.rounds)

    def __len__(self) -> int:
        return len(self.rounds)

    @property
    def players(self) -> range:
        return range(self.n_players)

    def away(self, round_index: int) -> frozenset[Player]:
        """Players absent from round ``round_index`` (0-based): neither seated nor sitting out."""
        return frozenset(self.players) - self.rounds[round_index].present

    def mapped(self, to: Sequence[Player] | dict[Player, Player], n_players: int | None = None) -> Movement:
        """Renumber every player through ``to`` (for instance from cut order to score-sheet order)."""
        return Movement(
            self.n_players if n_players is None else n_players,
            tuple(r.mapped(to) for r in self.rounds),
            self.name,
        )

    def then(self, other: Movement) -> Movement:
        """This movement's rounds followed by ``other``'s, over the larger group."""
        return Movement(
            max(self.n_players, other.n_players), self.rounds + other.rounds, self.name or other.name
        )


@dataclass(frozen=True, slots=True)
class Schedule:
    """A movement plus its players, named in score-sheet order (highest on the cut first)."""

    players: tuple[str, ...]
    movement: Movement
    couples: tuple[tuple[Player, Player], ...] = ()
    """Couples who never partner nor share a table, each (first-named, second-named) as the host named
    them (DESIGN.md, "couple"); kept with the schedule so that the checker reports them."""
    mixed: bool = False
    """Every partnership joins the first-named of one couple with the second-named of another."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", check_names(self.players))
        if len(self.players) != self.movement.n_players:
            raise InvalidScheduleError(
                f"{len(self.players)} names for a movement of {self.movement.n_players} players"
            )
        coupled = [p for couple in self.couples for p in couple]
        if any(not 0 <= p < len(self.players) for p in coupled):
            raise InvalidScheduleError(f"a couple names a player outside 0..{len(self.players) - 1}")
        if len(set(coupled)) != len(coupled):
            twice = sorted({self.players[p] for p in coupled if coupled.count(p) > 1})
            raise InvalidScheduleError(f"{twice[0]} is named in two couples (or twice in one)")
        if self.mixed and len(coupled) != len(self.players):
            single = next(name for p, name in enumerate(self.players) if p not in coupled)
            raise InvalidScheduleError(f"mixed partnerships need every player in a couple, but not {single}")

    @property
    def rounds(self) -> tuple[Round, ...]:
        return self.movement.rounds

    def name(self, player: Player) -> str:
        return self.players[player]

    def player(self, name: str) -> Player:
        """The score-sheet position of ``name``, matched ignoring case and surrounding spaces."""
        key = name_key(name)
        for number, candidate in enumerate(self.players):
            if name_key(candidate) == key:
                return number
        raise KeyError(f"{name!r} is not one of the players ({', '.join(self.players)})")


def check_names(names: Iterable[str]) -> tuple[str, ...]:
    """The names in their one normal form (``names.clean_name``); refuse an empty or hidden-character
    name, and two names that differ only in case, spacing or composition."""
    seen: dict[str, str] = {}
    cleaned = []
    for name in names:
        try:
            clean = clean_name(name)
        except InvalidNameError as error:
            raise InvalidScheduleError(str(error)) from None
        key = name_key(clean)
        if key in seen:
            twice = InvalidScheduleError(f"the name {shown(clean)!r} is given twice")
            twice.twice = shown(clean)
            raise twice
        seen[key] = clean
        cleaned.append(clean)
    return tuple(cleaned)

"""From a rubber's net to each player's tally, and from tallies to a ranking.

A rubber's N-S net is rounded once (to hundreds by default) and credited + to the winners and - to the
losers; sit-outs get nothing, so a tally always sums to zero. Rounding uses `decimal` with an explicit rule
because Python's own tools round an exact 50 three different ways: ``round(2.5) == 2``,
``-250 // 100 == -3``, ``int(-2.5) == -2``.
"""

from __future__ import annotations

import decimal
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final, Generic, TypeVar

from scoring._enums import ChoiceEnum
from scoring._text import Refused, quoted
from scoring.seat import Side

MAX_RUBBER_POINTS: Final = 4 * (7600 + 150) + 100
"""The most one side can win in a rubber: four deals of 7NT redoubled, vulnerable, down 13 (7,600) with 150
for honors, and 100 for a part score after deal 4. A net beyond it is a typing slip, not a result."""
MAX_RUBBER_HUNDREDS: Final = MAX_RUBBER_POINTS // 100
"""The same bound for a net written in hundreds (or IMPs under Russian scoring)."""


def signed(value: int) -> str:
    """A tally as the sheet writes it: ``+3``, ``-5``, ``0``."""
    return f"{value:+d}" if value else "0"


class InvalidNetError(Refused):
    """A recorded rubber net that cannot be read."""


class Unit(ChoiceEnum):
    """What one point of tally is worth."""

    HUNDREDS = "hundreds"
    POINTS = "points"


class Rounding(ChoiceEnum):
    """How an exact 50 rounds when a net goes to hundreds."""

    HALF_UP = "half-up"
    """Away from zero: 250 is 3, -250 is -3."""
    HALF_DOWN = "half-down"
    """Toward zero: 250 is 2, -250 is -2."""
    HALF_EVEN = "half-even"
    """To the even hundred: 250 is 2, 350 is 4."""

    @property
    def phrase(self) -> str:
        return _ROUNDING_PHRASES[self]


_ROUNDING_MODES: Final[Mapping[Rounding, str]] = MappingProxyType(
    {
        Rounding.HALF_UP: decimal.ROUND_HALF_UP,
        Rounding.HALF_DOWN: decimal.ROUND_HALF_DOWN,
        Rounding.HALF_EVEN: decimal.ROUND_HALF_EVEN,
    }
)
_ROUNDING_PHRASES: Final[Mapping[Rounding, str]] = MappingProxyType(
    {
        Rounding.HALF_UP: "50s round away from zero",
        Rounding.HALF_DOWN: "50s round toward zero",
        Rounding.HALF_EVEN: "50s round to the even hundred",
    }
)


def tally_net(net_points: int, unit: Unit = Unit.HUNDREDS, rounding: Rounding = Rounding.HALF_UP) -> int:
    """A rubber's N-S net in tally units: +1030 is +10 in hundreds, and stays 1030 in points."""
    if type(net_points) is not int:
        raise TypeError(f"a net is a whole number of points, not {net_points!r}")
    if unit is Unit.POINTS:
        return net_points
    hundreds = decimal.Decimal(net_points).scaleb(-2)
    return int(hundreds.quantize(decimal.Decimal(1), rounding=_ROUNDING_MODES[rounding]))


@dataclass(frozen=True, slots=True)
class RecordedNet:
    """A rubber's result written as one number instead of its deals, from N-S's viewpoint.

    A signed number (``E-W +3``) is already in tally units (hundreds, or IMPs under Russian scoring);
    an unsigned one (``N-S 1030``) is in points and is rounded like a scored rubber.
    """

    ns: int
    unit: Unit

    def __post_init__(self) -> None:
        if type(self.ns) is not int or not isinstance(self.unit, Unit):
            raise InvalidNetError(f"a net is a whole number and a Unit, not {self.ns!r}, {self.unit!r}")
        side = "N-S" if self.ns >= 0 else "E-W"
        if self.unit is Unit.POINTS:
            if abs(self.ns) > MAX_RUBBER_POINTS:
                raise InvalidNetError(
                    f"a net of {abs(self.ns)} points is more than a rubber can score ({MAX_RUBBER_POINTS})"
                )
            if self.ns % 10:
                raise InvalidNetError(
                    f"a net in points is a multiple of 10, not {abs(self.ns)} "
                    f"(in hundreds, write a sign: '{side} +{abs(self.ns)}')"
                )
        elif abs(self.ns) > MAX_RUBBER_HUNDREDS:
            raise InvalidNetError(
                f"a net of {abs(self.ns)} hundreds is more than a rubber can score ({MAX_RUBBER_HUNDREDS})"
            )

    @classmethod
    def parse(cls, text: str) -> RecordedNet:
        """Read ``E-W +3``, ``N-S -2`` (signed: hundreds) or ``N-S 1030``, ``E-W 450`` (unsigned: points)."""
        match = _NET.fullmatch(text.strip().upper())
        if match is None:
            raise InvalidNetError(
                f"cannot read net {quoted(text)}: expected a side and a number, e.g. 'E-W +3' (hundreds)"
                " or 'N-S 1030' (points)",
                "net",
                text=text,
            )
        side = Side.parse(match["side"])
        sign = match["sign"]
        digits = match["number"].lstrip("0") or "0"
        if len(digits) > len(str(MAX_RUBBER_POINTS)):
            raise InvalidNetError(
                f"a net of {len(digits)} digits is more than a rubber can score "
                f"(at most {MAX_RUBBER_POINTS} points, {MAX_RUBBER_HUNDREDS} hundreds)"
            )
        number = int(digits)
        if sign == "-":
            number = -number
        ns = number if side is Side.NS else -number
        return cls(ns, Unit.HUNDREDS if sign else Unit.POINTS)

    def tally(self, unit: Unit = Unit.HUNDREDS, rounding: Rounding = Rounding.HALF_UP) -> int:
        """The N-S tally in ``unit``: points are rounded once; a signed net is already a tally."""
        if self.unit is Unit.POINTS:
            return tally_net(self.ns, unit, rounding)
        return self.ns if unit is Unit.HUNDREDS else self.ns * 100

    def __str__(self) -> str:
        side = Side.NS if self.ns >= 0 else Side.EW
        if self.unit is Unit.POINTS:
            return f"{side.value} {abs(self.ns)}"
        return f"{side.value} +{abs(self.ns)}"


_NET: Final = re.compile(r"(?P<side>N\s*[-/]?\s*S|E\s*[-/]?\s*W)\s*(?P<sign>[+-])?\s*(?P<number>\d+)")

Player = TypeVar("Player", bound=Hashable)


def credit_rubber(
    north_south: Iterable[Player], east_west: Iterable[Player], ns_tally: int
) -> dict[Player, int]:
    """Each seated player's share of one rubber: the N-S tally to N-S, its negation to E-W."""
    credit = {player: ns_tally for player in north_south}
    for player in east_west:
        if player in credit:
            raise ValueError(f"{player!r} cannot sit on both sides")
        credit[player] = -ns_tally
    return credit


@dataclass(frozen=True, slots=True)
class Standing(Generic[Player]):
    """One player's line in the ranking."""

    player: Player
    total: int
    rubbers: int
    """Rubbers played; a sit-out does not count."""
    rank: int
    """1 for the best total; players with equal totals share the better rank (1, 2, 2, 4)."""
    tied: bool
    """Whether another player has the same rank (a printer shows ``=2``)."""

    @property
    def average(self) -> Fraction | None:
        """Tally per rubber played; None for a player who has not played."""
        return Fraction(self.total, self.rubbers) if self.rubbers else None


def standings(
    rubbers: Iterable[Mapping[Player, int]], players: Iterable[Player] = ()
) -> tuple[Standing[Player], ...]:
    """Rank players by total tally from each rubber's ``{player: tally}`` (sit-outs absent).

    ``players`` lists players in score-sheet order, including any who never played; others are added in
    the order they first appear. Equal totals keep that order. Players with no rubber played are not
    ranked among those who have (a 0 from no rubber would put them above everyone on a minus): they come
    last, in score-sheet order, all sharing the rank after the last player ranked.
    """
    totals: dict[Player, int] = dict.fromkeys(players, 0)
    played: dict[Player, int] = dict.fromkeys(totals, 0)
    for rubber in rubbers:
        for player, tally in rubber.items():
            totals[player] = totals.get(player, 0) + tally
            played[player] = played.get(player, 0) + 1
    order = sorted((p for p in totals if played[p]), key=lambda player: -totals[player])
    places = competition_ranks([totals[player] for player in order])
    waiting = [p for p in totals if not played[p]]  # a total of 0 from no rubber is no result
    return tuple(
        Standing(player, totals[player], played[player], rank, tied)
        for player, (rank, tied) in zip(order, places, strict=True)
    ) + tuple(Standing(p, 0, 0, len(order) + 1, len(waiting) > 1) for p in waiting)


Ranked = TypeVar("Ranked", int, Fraction)


def competition_ranks(values: Sequence[Ranked]) -> tuple[tuple[int, bool], ...]:
    """For values sorted best first, each one's rank and whether it is tied: equal values share the
    better rank and the next rank skips (1, 2, 2, 4), as a sheet ranks equal totals."""
    counts = Counter(values)
    places: list[tuple[int, bool]] = []
    for index, value in enumerate(values):
        rank = places[-1][0] if index and values[index - 1] == value else index + 1
        places.append((rank, counts[value] > 1))
    return tuple(places)

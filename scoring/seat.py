"""Seats and sides: the one place that knows the table is a clockwise circle."""

from __future__ import annotations

from enum import Enum


class Side(Enum):
    """A partnership at a table."""

    NS = "N-S"
    EW = "E-W"

    @classmethod
    def parse(cls, text: str) -> Side:
        """Accept ``NS``, ``N-S``, ``N/S`` (and E-W alike) in any case, as score sheets write them."""
        key = "".join(text.split()).upper().replace("-", "").replace("/", "")
        for side in cls:
            if key == side.name:
                return side
        raise ValueError(f"unknown side {text!r}: expected N-S or E-W")

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(Enum):
    """A seat, in clockwise order: the player on your left is the next seat."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Accept a letter or a whole name in any case: ``n``, ``North``."""
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.value, seat.name):
                return seat
        raise ValueError(f"unknown seat {text!r}: expected N, E, S or W")

    @property
    def index(self) -> int:
        return _ORDER.index(self)

    def next(self, n: int = 1) -> Seat:
        """The seat ``n`` places clockwise (to the left); negative goes to the right."""
        return _ORDER[(self.index + n) % 4]

    @property
    def left(self) -> Seat:
        return self.next(1)

    @property
    def right(self) -> Seat:
        return self.next(-1)

    @property
    def partner(self) -> Seat:
        return self.next(2)

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_ORDER = tuple(Seat)

"""The seating value types: seats, tables, rounds, movements and schedules are frozen and validated."""

from __future__ import annotations

import dataclasses

import pytest

from rotation.model import InvalidScheduleError, Movement, Round, Schedule, Table
from scoring.seat import Seat, Side


def test_seats_go_clockwise() -> None:
    """DESIGN.md, Vocabulary: North, East, South, West clockwise; your left is the next seat clockwise."""
    assert list(Seat) == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert [seat.left for seat in Seat] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]
    assert [seat.right for seat in Seat] == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert [seat.partner for seat in Seat] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert [seat.side for seat in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]


def test_table_knows_partners_and_opponents() -> None:
    """DESIGN.md, Vocabulary: North-South and East-West are the two partnerships at a table."""
    table = Table(north=1, east=2, south=0, west=3, first_dealer=Seat.SOUTH)
    assert table.players == (1, 2, 0, 3)
    assert table.dealer == 0 and table.seat_of(0) is Seat.SOUTH
    assert table.partner_of(0) == 1 and table.partner_of(2) == 3
    assert table.opponents_of(0) == (3, 2)  # left (West), right (East)
    assert table.pair(Side.NS) == (1, 0) and table.pair(Side.EW) == (2, 3)
    with pytest.raises(KeyError):
        table.seat_of(4)


@pytest.mark.parametrize("seats", [(0, 1, 2, 0), (0, 0, 0, 0), (-1, 0, 1, 2)])
def test_table_needs_four_different_players(seats: tuple[int, int, int, int]) -> None:
    """A table is four different players."""
    with pytest.raises(InvalidScheduleError):
        Table.from_seats(seats)


def test_round_refuses_a_player_placed_twice() -> None:
    """Nobody sits at two tables, or at a table and out, in one round; a round has a table."""
    first, second = Table(0, 1, 2, 3), Table(4, 5, 6, 7)
    with pytest.raises(InvalidScheduleError, match="placed twice"):
        Round((first, Table(3, 4, 5, 6)))
    with pytest.raises(InvalidScheduleError, match="placed twice"):
        Round((first,), (2,))
    with pytest.raises(InvalidScheduleError, match="at least one table"):
        Round(())
    assert Round((first, second), (9, 8)).sitting_out == (8, 9)


def test_movement_needs_four_players_and_numbers_in_range() -> None:
    """Chicago needs four players; every player in a round is one of the movement's."""
    with pytest.raises(InvalidScheduleError, match="at least four"):
        Movement(3, ())
    with pytest.raises(InvalidScheduleError, match="outside"):
        Movement(4, (Round((Table(0, 1, 2, 3),), (4,)),))


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("Ann", "Bob", "Cy"), "3 names"),
        (("Ann", "Bob", "Cy", " ann "), "given twice"),
        (("Ann", "Bob", "Cy", " "), "empty"),
    ],
)
def test_schedule_checks_its_names(names: tuple[str, ...], message: str) -> None:
    """A schedule names every player of its movement once; names differing only in case or spaces clash."""
    with pytest.raises(InvalidScheduleError, match=message):
        Schedule(names, Movement(4, (Round((Table(0, 1, 2, 3),)),)))


def test_schedule_finds_players_ignoring_case_and_spaces() -> None:
    """Names match ignoring case and surrounding spaces; an unknown name is a KeyError naming the players."""
    schedule = Schedule(("Ann", "Bob", "Cy", "Di"), Movement(4, (Round((Table(0, 1, 2, 3),)),)))
    assert schedule.player("  ANN ") == 0 and schedule.name(3) == "Di"
    with pytest.raises(KeyError, match="Ann, Bob, Cy, Di"):
        schedule.player("Zed")


def test_values_are_frozen_and_repr_rebuilds_them() -> None:
    """STYLE.md: frozen value types whose repr is a constructor call."""
    table = Table(1, 2, 0, 3, Seat.SOUTH)
    rnd = Round((table,), (4,))
    movement = Movement(5, (rnd,))
    schedule = Schedule(("Ann", "Helen", "Doris", "Jean", "Shirley"), movement)
    namespace = {"Table": Table, "Round": Round, "Movement": Movement, "Schedule": Schedule, "Seat": Seat}
    for value in (table, rnd, movement, schedule):
        assert eval(repr(value), namespace) == value
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, dataclasses.fields(value)[0].name, None)

"""Seats and sides as the scoring library reads them."""

from __future__ import annotations

import pytest

from scoring import Seat, Side


@pytest.mark.parametrize(
    ("text", "side"), [("NS", Side.NS), ("n-s", Side.NS), ("E/W", Side.EW), (" e w ", Side.EW)]
)
def test_side_parse(text: str, side: Side) -> None:
    """Score sheets write a partnership as NS, N-S or N/S."""
    assert Side.parse(text) is side


@pytest.mark.parametrize("text", ["NE", "north", "", "S-N"])
def test_side_parse_rejects_other_words(text: str) -> None:
    """Only the two partnerships are sides."""
    with pytest.raises(ValueError, match="expected N-S or E-W"):
        Side.parse(text)


def test_a_quarter_turn_swaps_the_sides() -> None:
    """DESIGN.md, Vocabulary: the next seat clockwise is on your left, and on the other side."""
    assert [seat.next().side for seat in Seat] == [seat.side.other for seat in Seat]
    assert Seat.NORTH.left is Seat.EAST and Seat.NORTH.right is Seat.WEST

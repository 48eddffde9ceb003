"""A deal scored alone, as in duplicate bridge (Law 77): what the duplicate and russian methods use."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from scoring.contract import Result
from scoring.points import GAME_TRICK_POINTS, Item, deal_points

GAME_PREMIUM: Final = (300, 500)
"""For trick points of 100 or more on the deal, by the declarer's vulnerability."""

PART_SCORE_PREMIUM: Final = 50
"""For a made contract worth less than game: duplicate's part score premium."""


def duplicate_items(result: Result, *, vulnerable: bool) -> Iterator[tuple[Item, int]]:
    """The deal's entries, in pad order; positive points to the declarer, undertricks to the defenders."""
    points = deal_points(result, vulnerable=vulnerable)
    if not result.made:
        yield Item.UNDERTRICKS, points.undertricks
        return
    yield from points.declarer_items()
    if points.trick_points >= GAME_TRICK_POINTS:
        yield Item.GAME, GAME_PREMIUM[vulnerable]
    else:
        yield Item.PART_SCORE_PREMIUM, PART_SCORE_PREMIUM


def duplicate_score(result: Result | str, *, vulnerable: bool, language: str = "en") -> int:
    """The declarer's score, negative when the contract fails: ``duplicate_score("4H=", vulnerable=True)``;
    a string is read in ``language``'s pad words too (``3SA=`` in Dutch)."""
    if isinstance(result, str):
        result = Result.parse(result, language)
    total = sum(points for _, points in duplicate_items(result, vulnerable=vulnerable))
    return total if result.made else -total

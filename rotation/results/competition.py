"""Competition rules clubs use over a season: placing points per evening and the best N evenings.

Pure: each function takes one evening's (or one player's) numbers and returns numbers, exactly (Fraction),
so equal scores stay equal and ties can be seen as ties.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

Key = TypeVar("Key", bound=Hashable)
Score = TypeVar("Score", int, Fraction)


def placing_points(totals: Mapping[Key, int]) -> dict[Key, Fraction]:
    """An evening's placing points from its totals: of N players, the first gets N, the last 1, and
    players tied share the average of the places they cover (two tied for first of 4: 3.5 each).

    Points reward placing, not margin: one big rubber cannot win a season, and every evening weighs
    by its number of players, as clubs score an individual movement.
    """
    order = sorted(totals.values(), reverse=True)
    n = len(order)
    points: dict[int, Fraction] = {}
    start = 0
    while start < n:
        end = start
        while end + 1 < n and order[end + 1] == order[start]:
            end += 1
        # places start..end (0-based) give n - start down to n - end points; their average:
        points[order[start]] = Fraction((n - start) + (n - end), 2)
        start = end + 1
    return {player: points[total] for player, total in totals.items()}


def best_of(scores: Sequence[Score], best: int | None) -> tuple[Score, ...]:
    """The ``best`` highest of a player's evening scores (all of them when None or fewer were played)."""
    if best is None:
        return tuple(scores)
    if best < 1:
        raise ValueError(f"the best evenings counted are at least 1, not {best}")
    return tuple(sorted(scores, reverse=True)[:best])

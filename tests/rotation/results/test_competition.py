"""The competition rules clubs use, each checked against values worked by hand: placing points per
evening, the best N evenings, a minimum attendance."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation.results.competition import best_of, placing_points
from rotation.results.season import season_standings
from rotation.results.units import RankBy
from tests.rotation.results.test_rating import _one_table


def test_placing_points_by_hand() -> None:
    """Four players: 4, 3, 2, 1; two tied for first share (4 + 3) / 2; all four tied get 2.5 each."""
    assert placing_points({"a": 5, "b": 3, "c": -1, "d": -7}) == {"a": 4, "b": 3, "c": 2, "d": 1}
    assert placing_points({"a": 7, "b": 7, "c": 0}) == {"a": Fraction(5, 2), "b": Fraction(5, 2), "c": 1}
    assert placing_points({"a": 0, "b": 0, "c": 0, "d": 0}) == dict.fromkeys("abcd", Fraction(5, 2))
    assert placing_points({}) == {}


@given(st.dictionaries(st.text(max_size=3), st.integers(-5, 5), max_size=12))
def test_placing_points_share_out_every_place(totals: dict[str, int]) -> None:
    """N players always share 1 + 2 + ... + N points, and a higher total never gets fewer points."""
    points = placing_points(totals)
    n = len(totals)
    assert sum(points.values()) == n * (n + 1) // 2
    for p in totals:
        for q in totals:
            if totals[p] > totals[q]:
                assert points[p] > points[q]
            if totals[p] == totals[q]:
                assert points[p] == points[q]


def test_best_of() -> None:
    assert best_of([3, 7, 10], 2) == (10, 7)
    assert best_of([3, -7], 5) == (3, -7)
    assert best_of([3, -7], None) == (3, -7)
    with pytest.raises(ValueError, match="at least 1"):
        best_of([3], 0)


# Three evenings of one table each; the first and third names sit N-S.
#   s1  a & c v b & d  N-S +3:  a +3  c +3  b -3  d -3    points a, c 3.5 (tied first of 4); b, d 1.5
#   s2  a & c v e & f  E-W +2:  e +2  f +2  a -2  c -2    points e, f 3.5; a, c 1.5
#   s3  b & d v e & a  N-S +1:  b +1  d +1  e -1  a -1    points b, d 3.5; e, a 1.5
# Totals: a 0, c 1, b -2, d -2, e 1, f 2.  Points: a 6.5, b 5, c 5, d 5, e 5, f 3.5.
# Sessions: a 3, b 2, c 2, d 2, e 2, f 1.
# Best evening total: a 3, c 3, e 2, f 2, b 1, d 1.  Best evening's points: 3.5 each.
SESSIONS = [
    _one_table(("a", "b", "c", "d"), "N-S +3"),
    _one_table(("e", "a", "f", "c"), "N-S +2"),
    _one_table(("b", "e", "d", "a"), "N-S +1"),
]


def _places(**options: Any) -> list[tuple[str, int, bool]]:
    return [(x.name, x.rank, x.tied) for x in season_standings(SESSIONS, **options)]


def test_points_by_hand() -> None:
    lines = season_standings(SESSIONS, by=RankBy.POINTS)
    assert [(x.name, x.points, x.rank, x.tied) for x in lines] == [
        ("a", Fraction(13, 2), 1, False),
        ("b", 5, 2, True),
        ("c", 5, 2, True),
        ("d", 5, 2, True),
        ("e", 5, 2, True),
        ("f", Fraction(7, 2), 6, False),
    ]
    assert [x.points_text() for x in lines] == ["6.5", "5", "5", "5", "5", "3.5"]
    assert {x.name: x.total for x in lines} == {"a": 0, "b": -2, "c": 1, "d": -2, "e": 1, "f": 2}


def test_best_evenings_by_hand() -> None:
    """Only each player's best evening counts: by total, a and c tie first on +3; by points all tie."""
    lines = season_standings(SESSIONS, best=1)
    assert [(x.name, x.best_total, x.total, x.counted, x.rank, x.tied) for x in lines] == [
        ("a", 3, 0, 1, 1, True),
        ("c", 3, 1, 1, 1, True),
        ("e", 2, 1, 1, 3, True),
        ("f", 2, 2, 1, 3, True),
        ("b", 1, -2, 1, 5, True),
        ("d", 1, -2, 1, 5, True),
    ]
    assert _places(best=1, by=RankBy.POINTS) == [(name, 1, True) for name in "abcdef"]
    # best two: a 3 - 1, f's one evening 2, then c 3 - 2, e 2 - 1, b and d 1 - 3
    best_two = season_standings(SESSIONS, best=2)
    assert [(x.name, x.best_total, x.rank) for x in best_two] == [
        ("a", 2, 1),
        ("f", 2, 1),
        ("c", 1, 3),
        ("e", 1, 3),
        ("b", -2, 5),
        ("d", -2, 5),
    ]
    with pytest.raises(ValueError, match="totals or points, not the average"):
        season_standings(SESSIONS, best=1, by=RankBy.AVERAGE)


def test_minimum_evenings_by_hand() -> None:
    """Only a played all three evenings; with two, f (one evening) is left out, and the ranks close up."""
    assert _places(min_evenings=3) == [("a", 1, False)]
    assert _places(min_evenings=2) == [
        ("c", 1, True),
        ("e", 1, True),
        ("a", 3, False),
        ("b", 4, True),
        ("d", 4, True),
    ]
    with pytest.raises(ValueError, match="evenings is at least 1"):
        season_standings(SESSIONS, min_evenings=0)

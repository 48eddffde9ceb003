"""A small weekly club at the terminal, through the installed `chicago --db` (issue 26, "the weekly club" of
6 to 11 players): the evening after a saved and recorded one starts from the book of home evenings, its
places taken for the season, partners last week's pairs again no more than counting forces, and says so."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

from tests.rotation.web.real import chicago

CLUB = [f"P{i}" for i in range(7)]


def _tables(db: Path, evening: str) -> list[dict[str, str]]:
    """Every table of every round of a saved evening, from `chicago export`."""
    done = chicago(db, "export", evening)
    assert done.returncode == 0, done.stderr
    return [table for rnd in json.loads(done.stdout)["rounds"] for table in rnd["tables"]]


def _partnerships(tables: list[dict[str, str]]) -> list[frozenset[str]]:
    """Every partnership (twice if a pair partners twice)."""
    return [frozenset((t[a], t[b])) for t in tables for a, b in (("north", "south"), ("east", "west"))]


def _opponent_spread(tables: list[dict[str, str]]) -> int:
    """The most any pair opposes less the fewest (over every pair of the club)."""
    opposed = Counter(
        frozenset((t[a], t[b])) for t in tables for a in ("north", "south") for b in ("east", "west")
    )
    counts = [opposed[frozenset(pq)] for pq in combinations(CLUB, 2)]
    return max(counts) - min(counts)


def test_seven_after_a_short_evening_take_the_home_book_seated_for_the_season(tmp_path: Path) -> None:
    """Week 1: three rounds, saved and its first round recorded; week 2 at the default 8 rounds (one
    table: 16 partnerships over 21 pairs, so each pair at most once) puts on last week's pairs no more
    partnerships than the pairs who did not partner last week leave over, opposes within the book's
    spread, and its notes say the book's evening was taken with its places chosen for the season."""
    db = tmp_path / "club.db"
    first = chicago(
        db, "plan", *CLUB, "--order", "given", "--rounds", "3", "--save", "w1", "--date", "2025-01-07"
    )
    assert first.returncode == 0, first.stderr
    recorded = chicago(db, "record", "w1", "-r", "1", "--net", "N-S +3")
    assert recorded.returncode == 0, recorded.stderr
    second = chicago(db, "plan", *CLUB, "--save", "w2", "--date", "2025-01-14")
    assert second.returncode == 0, second.stderr
    before, week2 = set(_partnerships(_tables(db, "w1"))), _tables(db, "w2")
    tonight = _partnerships(week2)
    assert len(tonight) == 16
    most = max(Counter(tonight).values())
    fresh = sum(1 for pq in combinations(CLUB, 2) if frozenset(pq) not in before)
    assert sum(1 for pq in tonight if pq in before) <= max(0, len(tonight) - most * fresh)
    assert (
        _opponent_spread(week2) == 1
    )  # the book's 7 x 8 (schedules/home.json): every pair opposes 1 or 2 times
    said = " ".join(second.stdout.split())
    assert "from the book of home evenings" in said, said
    assert "its places taken for the season" in said, said

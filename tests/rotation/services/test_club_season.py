"""A weekly club of 20 planned from the club's page at its default rounds (8), week after week, with the
season read from the store as the page reads it (issue 26, "the weekly club"): the second week partners
nobody from the first, and nobody partners anyone a third time while a pair has never partnered.

Every count here is made afresh from the saved schedules (names and seats), never from the planner's
report. The planner runs on a smaller work budget than the page's (the rules and their order are the
same; only how long the searches may run differs), so the season plays in seconds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta
from itertools import combinations
from pathlib import Path

import pytest

from rotation.model import Movement, Round, Schedule, Table
from rotation.plan import Plan, PlanRequest, plan
from rotation.results.session import Session
from rotation.services import club
from rotation.services.database import Store, open_store
from scoring.rules import ScoringRules

CLUB = tuple(f"M{i:02d}" for i in range(20))
FIRST = date(2025, 1, 7)
WORK = 1.0
"""The planner's budget here (the page's is ``rotation.solver.WORK``)."""


def lighter(request: PlanRequest) -> Plan:
    return plan(replace(request, work=WORK))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        yield opened


def _week(store: Store, key: str, week: int) -> None:
    asked = club.EveningAsked(CLUB, f"week {week}", FIRST + timedelta(weeks=week - 1), seed=week)
    club.plan_new_evening(store, key, asked, start=True, base="http://x", planner=lighter)


def _partners(store: Store, week: int) -> Counter[frozenset[str]]:
    """Each pair's partnerships in a saved evening, read from its seats."""
    schedule = store.load(f"week {week}").session.schedule
    counted: Counter[frozenset[str]] = Counter()
    for rnd in schedule.rounds:
        for table in rnd.tables:
            for p, q in ((table.north, table.south), (table.east, table.west)):
                counted[frozenset((schedule.players[p], schedule.players[q]))] += 1
    return counted


def _key(store: Store) -> str:
    return club.club_links(store, "http://x").host.rsplit("k=", 1)[1]


def _circle(players: tuple[str, ...], rounds: int) -> Schedule:
    """An evening the club might have played: the circle method (round r partners the last player with
    player r and r + j with r - j, modulo n - 1), each round's partnerships two to a table in turn."""
    n = len(players)
    made = []
    for r in range(rounds):
        pairs = [(n - 1, r)] + [((r + j) % (n - 1), (r - j) % (n - 1)) for j in range(1, n // 2)]
        tables = tuple(Table(a, c, b, d) for (a, b), (c, d) in zip(pairs[::2], pairs[1::2], strict=True))
        made.append(Round(tables, ()))
    return Schedule(players, Movement(n, tuple(made)))


def test_week_two_partners_nobody_from_week_one(store: Store) -> None:
    """Two weeks of 20 at the page's default rounds: 80 partnerships a week over 190 pairs, so the 110
    pairs who did not partner in week 1 leave room for week 2's 80: nobody partners last week's partner."""
    key = _key(store)
    for week in (1, 2):
        _week(store, key, week)
        assert len(store.load(f"week {week}").session.schedule.rounds) == 8  # the page's default
    first, second = _partners(store, 1), _partners(store, 2)
    assert sum(second.values()) == 80 and max(second.values()) == 1
    assert not first.keys() & second.keys()


def test_nobody_partners_a_third_time_while_a_pair_never_has(store: Store) -> None:
    """The same evening played two weeks running (its 80 pairs have partnered twice, 110 never), then a
    table of four of them (last week: two pairs): the next evening's 80 partnerships fit among the pairs
    who never partnered, so nobody partners a third time, nor last week's partner."""
    again = _circle(CLUB, 8)
    four = Schedule(CLUB[:4], Movement(4, (Round((Table(0, 2, 1, 3),), ()),)))  # M00+M01, M02+M03
    for week, schedule in enumerate((again, again, four), 1):
        store.save(f"week {week}", FIRST + timedelta(weeks=week - 1), Session(schedule, ScoringRules()))
    season: Counter[frozenset[str]] = sum((_partners(store, week) for week in (1, 2, 3)), Counter())
    assert sorted(Counter(season.values()).items()) == [(1, 2), (2, 80)]  # so 108 pairs never partnered
    _week(store, _key(store), 4)
    tonight = _partners(store, 4)
    assert sum(tonight.values()) == 80 and max(tonight.values()) == 1
    assert all(season[pq] == 0 for pq in tonight)
    assert not tonight.keys() & _partners(store, 3).keys()


@pytest.mark.slow
def test_a_season_of_four_weeks(store: Store) -> None:
    """Four weeks of 20 at the default 8 rounds: nobody partners last week's partner, no pair partners a
    third time while any pair never has, and by the fourth week every pair has partnered."""
    key = _key(store)
    everyone = {frozenset(pq) for pq in combinations(CLUB, 2)}
    season: Counter[frozenset[str]] = Counter()
    for week in range(1, 5):
        _week(store, key, week)
        tonight = _partners(store, week)
        assert sum(tonight.values()) == 80 and max(tonight.values()) == 1
        if week > 1:
            assert not tonight.keys() & _partners(store, week - 1).keys(), f"week {week}"
        if everyone - season.keys():  # a pair has never partnered: nobody may partner a third time
            assert all(season[pq] < 2 for pq in tonight), f"week {week}"
        season.update(tonight)
    assert not everyone - season.keys()

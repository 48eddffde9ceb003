"""Part-timers with the meet-once book: the book's evening with the table-mates of a player away sitting
out that round, where that is as fair as the planner's own, repeats no meetings.

Expected values here are counted by hand from the schedule, never by the functions under test."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, pairwise
from math import ceil, floor

import pytest

from rotation.cut import Order
from rotation.model import Schedule
from rotation.plan import Away, PlanRequest, plan

BOOK_NOTE = "the table-mates of players away sitting out"


def _names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(1, n + 1))


def _repeated_meetings(schedule: Schedule) -> int:
    """For each pair, the rounds they share a table; meetings beyond the first, summed."""
    shared: Counter[frozenset[int]] = Counter()
    for rnd in schedule.rounds:
        for table in rnd.tables:
            for p, q in combinations(table.players, 2):
                shared[frozenset((p, q))] += 1
    return sum(count - 1 for count in shared.values() if count > 1)


def _off_fair_share(schedule: Schedule) -> list[str]:
    """Players whose sit-outs are not within one of their fair share: over the rounds they are present
    (seated or sitting out), the round's sit-outs over the players present."""
    share = {p: Fraction(0) for p in range(len(schedule.players))}
    sat_out: Counter[int] = Counter()
    for rnd in schedule.rounds:
        seated = {p for table in rnd.tables for p in table.players}
        present = seated | set(rnd.sitting_out)
        for p in present:
            share[p] += Fraction(len(rnd.sitting_out), len(present))
        sat_out.update(rnd.sitting_out)
    return [schedule.players[p] for p, fair in share.items() if not floor(fair) <= sat_out[p] <= ceil(fair)]


def _twice_running(schedule: Schedule) -> int:
    rounds = schedule.rounds
    return sum(len(set(a.sitting_out) & set(b.sitting_out)) for a, b in pairwise(rounds))


CASES = [
    pytest.param(24, 6, (Away("P24", frozenset({1})),), id="24x6-late"),
    pytest.param(24, 6, (Away("P24", from_round=6),), id="24x6-leaves"),
    pytest.param(32, 8, (Away("P32", frozenset({1})), Away("P5", from_round=6)), id="32x8-late-and-leaves"),
]


@pytest.mark.parametrize(("n", "rounds", "away"), CASES)
def test_book_with_part_timers_repeats_no_meetings(n: int, rounds: int, away: tuple[Away, ...]) -> None:
    request = PlanRequest(_names(n), rounds=rounds, away=away)
    made = plan(request)
    schedule = made.schedule
    assert len(schedule.rounds) == rounds
    assert any(BOOK_NOTE in str(note) for note in made.notes)
    assert _repeated_meetings(schedule) == 0
    assert _off_fair_share(schedule) == []
    assert _twice_running(schedule) == 0
    for absent in away:
        p = schedule.player(absent.name)
        gone = absent.resolve(rounds)
        for number, rnd in enumerate(schedule.rounds, 1):
            seated = {q for table in rnd.tables for q in table.players}
            if number in gone:
                assert p not in seated and p not in rnd.sitting_out
            else:
                assert p in seated | set(rnd.sitting_out)
    again = plan(request)
    assert again.schedule == schedule
    assert again.schedule.players == schedule.players


def test_the_issues_48_by_15_with_three_part_timers_repeats_no_meeting() -> None:
    """Issue 26: 48 x 15 in the order given, P47 away in round 1, P48 in rounds 1-2, P46 leaving after
    round 13 repeated 54 meetings and partnered a pair twice; the book's evening with the part-timers placed
    and its rounds ordered repeats none, and P47 and P48 share the one table dropped in round 1 (46
    players: 11 tables, 2 sitting out)."""
    away = (Away("P47", frozenset({1})), Away("P48", frozenset({1, 2})), Away("P46", from_round=14))
    made = plan(PlanRequest(_names(48), order=Order.GIVEN, rounds=15, away=away))
    schedule = made.schedule
    assert any(BOOK_NOTE in str(note) for note in made.notes)
    assert _repeated_meetings(schedule) == 0
    assert _off_fair_share(schedule) == []
    assert _twice_running(schedule) == 0
    assert len(schedule.rounds[0].tables) == 11
    assert len(schedule.rounds[0].sitting_out) == 2


def test_players_present_every_round_play_at_least_all_but_one() -> None:
    schedule = plan(PlanRequest(_names(24), rounds=6, away=(Away("P24", frozenset({1})),))).schedule
    out = Counter(p for rnd in schedule.rounds for p in rnd.sitting_out)
    assert sorted(out.values()) == [1, 1, 1]  # the late arrival's three table-mates, once each
    assert len(schedule.rounds[0].tables) == 5
    assert all(len(rnd.tables) == 6 for rnd in schedule.rounds[1:])


def test_book_with_away_only_without_other_constraints() -> None:
    away = (Away("P24", frozenset({1})),)
    avoided = plan(PlanRequest(_names(24), rounds=6, away=away, avoid=(("P1", "P2"),)))
    assert not any(BOOK_NOTE in str(note) for note in avoided.notes)


def test_longer_than_the_book_falls_back() -> None:
    away = (Away("P16", frozenset({1})),)
    longer = plan(PlanRequest(_names(16), rounds=6, away=away))  # the book has 5 rounds for 16
    assert not any(BOOK_NOTE in str(note) for note in longer.notes)

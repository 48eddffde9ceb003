"""Part-timers with the meet-once book: placed in the book's evening and its rounds ordered, the players
away cost no meeting, and every sit-out stays within one of its fair share with nobody out twice running.

Meetings and tables are counted here from the seating; fairness is judged by the independent checker
(``rotation.balance.check``); expected numbers are derived by hand in each test, never by the search."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rotation.balance import check
from rotation.model import Movement
from rotation.movements.meetonce import meet_once_movement, meet_once_rounds
from rotation.movements.parttimers import book_with_part_timers, place_part_timers


def _meetings(movement: Movement) -> Counter[frozenset[int]]:
    """How often each pair shares a table, counted from the seating."""
    shared: Counter[frozenset[int]] = Counter()
    for rnd in movement.rounds:
        for table in rnd.tables:
            shared.update(frozenset(pq) for pq in combinations(table.players, 2))
    return shared


def _assert_absorbed(movement: Movement, rounds: int, away: dict[int, frozenset[int]]) -> None:
    """Nobody meets anyone twice, every player is there exactly when not away, and the checker finds
    every sit-out within one of its fair share and nobody out twice running."""
    assert len(movement.rounds) == rounds
    assert max(_meetings(movement).values()) == 1
    for r, rnd in enumerate(movement.rounds):
        gone = {p for p, rs in away.items() if r in rs}
        assert rnd.present == frozenset(range(movement.n_players)) - gone
    balance = check(movement)
    assert balance.sit_out_share_excess == 0
    assert balance.total_repeat_sit_outs == 0


def test_the_issues_48_by_15_costs_no_meeting_and_one_table_for_two_late_arrivals() -> None:
    """48 x 15, P47 away in round 1, P48 in rounds 1-2, P46 from round 14 (issue 26): the book absorbs it.
    By hand: 46 players in round 1 fill 11 tables and 2 sit out only if P47 and P48 share a table of the
    book there; 47 players fill 11 tables with 3 out (rounds 2, 14 and 15); all 48 fill 12 tables (rounds
    3-13): 2 + 3 x 3 = 11 sit-outs."""
    away = {46: frozenset({0}), 47: frozenset({0, 1}), 45: frozenset({13, 14})}
    book = meet_once_movement(48, 15)
    assert book is not None
    found = book_with_part_timers(book, 15, away)
    assert found is not None
    movement, placing = found
    _assert_absorbed(movement, 15, away)
    assert [len(rnd.tables) for rnd in movement.rounds] == [11, 11] + [12] * 11 + [11, 11]
    assert sum(len(rnd.sitting_out) for rnd in movement.rounds) == 11 == placing.sit_outs
    assert placing.unfair == 0


def test_a_player_away_takes_a_place_the_book_sits_out() -> None:
    """47 players (the 48-player evening without its last): 3 sit out every round, so a player away in one
    round who takes one of those places costs no table: 46 present, 11 tables, 2 sitting out."""
    away = {0: frozenset({0})}
    book = meet_once_movement(47, 15)
    assert book is not None
    found = book_with_part_timers(book, 15, away)
    assert found is not None
    movement, _ = found
    _assert_absorbed(movement, 15, away)
    assert len(movement.rounds[0].tables) == 11
    assert len(movement.rounds[0].sitting_out) == 2


def test_the_same_request_places_the_same_way() -> None:
    """The search is seeded: asked twice, it answers the same."""
    book = meet_once_movement(32, 10)
    assert book is not None
    away = {3: frozenset({0, 1}), 7: frozenset({8, 9}), 11: frozenset({4})}
    assert place_part_timers(book, 10, away) == place_part_timers(book, 10, away)


def test_a_round_with_too_few_players_for_a_table_is_refused() -> None:
    """13 of 16 away in round 2 leave three players: no table of the book can be played, so no evening."""
    book = meet_once_movement(16, 5)
    assert book is not None
    away = {p: frozenset({1}) for p in range(13)}
    assert book_with_part_timers(book, 5, away, moves=200) is None


SIZES = (20, 24, 28, 32, 36, 47, 50)


@st.composite
def requests(draw: st.DrawFn) -> tuple[int, int, dict[int, frozenset[int]]]:
    """A size with a book, a length within it, and one to three part-timers arriving late, leaving early
    or away for a stretch in the middle."""
    n = draw(st.sampled_from(SIZES))
    rounds = draw(st.integers(min_value=3, max_value=meet_once_rounds(n)))
    who = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3, unique=True))
    away: dict[int, frozenset[int]] = {}
    for p in who:
        kind = draw(st.sampled_from(("late", "leaves", "break")))
        length = draw(st.integers(1, 2))
        if kind == "late":
            away[p] = frozenset(range(length))
        elif kind == "leaves":
            away[p] = frozenset(range(rounds - length, rounds))
        else:
            start = draw(st.integers(1, rounds - 2))
            away[p] = frozenset(range(start, min(start + length, rounds - 1)))
    return n, rounds, away


@settings(max_examples=12, deadline=None)
@given(requests())
def test_every_evening_emitted_costs_no_meeting_and_is_fair(
    request: tuple[int, int, dict[int, frozenset[int]]],
) -> None:
    """Whatever the search answers passes the checker and repeats no meeting; a single player away for one
    round is always absorbed (the book's evening has a table for every four players, and one table's
    three table-mates sitting out once each is within one of anyone's share)."""
    n, rounds, away = request
    book = meet_once_movement(n, meet_once_rounds(n))
    assert book is not None
    found = book_with_part_timers(book, rounds, away, moves=3000)
    if len(away) == 1 and sum(len(rs) for rs in away.values()) == 1:
        assert found is not None
    if found is not None:
        _assert_absorbed(found[0], rounds, away)

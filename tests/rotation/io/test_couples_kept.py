"""Couples travel with a schedule (issue 27): written in chicago-schedule/1 as "couples" (names, the
first-named first) and "mixed", read back, kept by the store beside the movement; files and evenings from
before couples read as before, with none. The checker counts couples from the seating alone."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from rotation.balance import check_couples
from rotation.io.formats import FormatError, schedule_from_data, schedule_to_data
from rotation.io.store import Store
from rotation.model import Movement, Round, Schedule, Table
from rotation.results.session import Session
from scoring.rules import ScoringRules

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def _schedule(couples: tuple[tuple[int, int], ...] = (), mixed: bool = False) -> Schedule:
    """Two rounds of two tables (couples 0+1, 2+3, 4+5, 6+7 where asked): round 1 keeps every couple
    apart in mixed partnerships; round 2 seats Ann with Bob, Cat with Gus, Dan with Fay, Eve with Hal."""
    one = Round((Table(0, 2, 5, 7), Table(1, 3, 4, 6)))
    two = Round((Table(0, 2, 1, 6), Table(3, 4, 5, 7)))
    return Schedule(NAMES, Movement(8, (one, two)), couples, mixed)


def test_couples_are_written_and_read_back_by_name() -> None:
    """The JSON names each couple (first-named first) and says mixed; reading it gives the same schedule."""
    schedule = _schedule(((0, 1), (2, 3)), mixed=False)
    data = schedule_to_data(schedule)
    assert data["couples"] == [["Ann", "Bob"], ["Cat", "Dan"]] and "mixed" not in data
    assert schedule_from_data(data) == schedule
    mixed = Schedule(NAMES, schedule.movement, ((0, 1), (2, 3), (4, 5), (6, 7)), True)
    assert schedule_from_data(schedule_to_data(mixed)) == mixed


def test_a_file_without_couples_reads_as_before() -> None:
    """A chicago-schedule/1 file from before couples: no couples, not mixed."""
    data = schedule_to_data(_schedule())
    assert "couples" not in data
    read = schedule_from_data(data)
    assert read.couples == () and read.mixed is False


@pytest.mark.parametrize(
    ("couples", "words"),
    [
        ([["Ann", "Zed"]], "'Zed' is not one of the players"),
        ([["Ann"]], "two players' names"),
        ("Ann+Bob", "a list of couples"),
        ([["Ann", "Bob"], ["Bob", "Cat"]], "Bob is named in two couples"),
    ],
)
def test_couples_that_cannot_be_read_are_said(couples: object, words: str) -> None:
    """A couple naming a stranger, a couple of one, not a list, a player in two couples: FormatError."""
    data = schedule_to_data(_schedule())
    data["couples"] = couples
    with pytest.raises(FormatError, match=words):
        schedule_from_data(data)


def test_mixed_needs_every_player_in_a_couple_in_a_file_too() -> None:
    data = schedule_to_data(_schedule(((0, 1),)))
    data["mixed"] = True
    with pytest.raises(FormatError, match="every player in a couple"):
        schedule_from_data(data)


def test_the_store_keeps_an_evenings_couples(tmp_path: Path) -> None:
    """Saved and loaded again: the couples and the mixed tick are still there (kept in the schedule's
    JSON beside the movement: no new column, no migration); an evening without couples loads without."""
    mixed = Schedule(NAMES, _schedule().movement, ((0, 1), (2, 3), (4, 5), (6, 7)), True)
    with Store.open(tmp_path / "club.db") as store:
        store.save("party", date(2026, 11, 27), Session(mixed, ScoringRules()))
        store.save("plain", date(2026, 11, 27), Session(_schedule(), ScoringRules()))
        assert store.load("party").session.schedule == mixed
        assert store.load("plain").session.schedule.couples == ()


def test_the_checker_counts_couples_from_the_seating() -> None:
    """Round 1 (Ann+Fay v Cat+Hal, Bob+Eve v Dan+Gus): every couple apart, every partnership mixed.
    Round 2: Ann partners Bob (a couple partnering, at one table), Eve and Fay share the other table,
    and Ann+Bob, Cat+Gus (two first-named), Dan+Fay (two second-named) are not mixed; Eve+Hal is."""
    couples = ((0, 1), (2, 3), (4, 5), (6, 7))
    found = check_couples(_schedule().movement, couples, mixed=True)
    assert (found.partnered, found.shared, found.unmixed) == (1, 2, 3)
    assert not found.kept_apart and not found.all_mixed
    expected = {(0, 5): 1, (2, 7): 1, (4, 1): 1, (6, 3): 1, (4, 7): 1}
    assert {pq: c for pq, c in found.mixed_partners.items() if c} == expected
    first_round = Movement(8, _schedule().movement.rounds[:1])
    apart = check_couples(first_round, couples, mixed=True)
    assert apart.kept_apart and apart.all_mixed and apart.unmixed == 0

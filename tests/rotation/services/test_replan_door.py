"""One replan door under both faces: the host page's replan (`evenings.replan_evening`) and `chicago plan
--keep NAME --save NAME` (`plans.plan`) build the planner's request one way, with the same defaults, so
the same evening replanned either way is the same plan, a fully played evening included."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.cut import Order
from rotation.plan import PlanRequest
from rotation.services import evenings, plans, rubbers
from rotation.services.database import Store, open_store
from rotation.services.errors import RefusedError
from scoring.rules import ScoringRules
from scoring.tally import RecordedNet

SIX = ("Ann", "Helen", "Doris", "Jean", "Shirley", "Kim")
FIVE = SIX[:5]
DAY = date(2026, 11, 24)


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    """Two databases holding the same evening: one replanned from the host page, one from the terminal."""
    with open_store(tmp_path / "page.db") as page, open_store(tmp_path / "terminal.db") as terminal:
        yield page, terminal


def save(store: Store, players: tuple[str, ...], rounds: int) -> None:
    request = PlanRequest(players, Order.GIVEN, rounds=rounds)
    evenings.plan_evening(request, store=store, save=evenings.SaveAs("tue", DAY, ScoringRules()))


def play(store: Store, rounds: int) -> None:
    for number in range(1, rounds + 1):
        for table in range(1, len(store.load("tue").session.schedule.rounds[number - 1].tables) + 1):
            rubbers.record_rubber(store, "tue", number, table, net=RecordedNet.parse("N-S +1"))


def seating(store: Store) -> tuple[tuple[str, ...], object]:
    schedule = store.load("tue").session.schedule
    return schedule.players, schedule.movement.rounds


def both(page: Store, terminal: Store, names: tuple[str, ...], gone: tuple[str, ...] = ()) -> None:
    evenings.replan_evening(page, "tue", names, gone=gone)
    keep = plans.KeepAsked("tue")
    plans.plan(terminal, plans.PlanAsked(names, keep=keep, gone=gone, save="tue", played_on=DAY))


def test_an_arrival_mid_evening_is_the_same_plan_from_either_face(two: tuple[Store, Store]) -> None:
    page, terminal = two
    for store in two:
        save(store, SIX[:5], rounds=6)
        play(store, 2)
    both(page, terminal, SIX)
    assert seating(page) == seating(terminal)
    schedule = page.load("tue").session.schedule
    # the plan replaced had six rounds, and a replan keeps its length
    assert len(schedule.rounds) == 6
    seated = [{schedule.name(p) for t in r.tables for p in t.players} for r in schedule.rounds]
    assert not any("Kim" in names for names in seated[:2]) and any("Kim" in names for names in seated[2:])


def test_a_leaver_is_the_same_plan_from_either_face(two: tuple[Store, Store]) -> None:
    page, terminal = two
    for store in two:
        save(store, SIX, rounds=6)
        play(store, 1)
    both(page, terminal, SIX[:5], gone=("Kim",))
    assert seating(page) == seating(terminal)


def test_a_fully_played_evening_goes_on_by_the_same_default(two: tuple[Store, Store]) -> None:
    """Every round played, Kim arrives: both faces give the planner's length, an evening's rounds past
    those kept (six players at one table: 15 pairs, two partnerships a round, 8 rounds, the longest
    default evening), not one round more on the page and eight at the terminal."""
    page, terminal = two
    for store in two:
        save(store, FIVE, rounds=5)
        play(store, 5)
    both(page, terminal, SIX)
    assert seating(page) == seating(terminal)
    assert len(page.load("tue").session.schedule.rounds) == 5 + 8


def test_the_page_replan_checks_its_link_first(two: tuple[Store, Store]) -> None:
    page, _ = two
    save(page, FIVE, rounds=5)
    evenings.live_links(page, "tue", "http://127.0.0.1:1")
    with pytest.raises(RefusedError):
        evenings.replan_evening(page, "tue", SIX, key="not the host's")
    assert page.load("tue").session.schedule.players == FIVE

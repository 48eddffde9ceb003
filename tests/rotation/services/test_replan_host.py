"""The host's replans as both faces call them: a player who left stays gone at later replans without
being named again, a misspelled player gone home gets a "did you mean", Playing now is in the order a
host looks for names, and the deal form follows the evening's scoring."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.cut import Order
from rotation.plan import PlanRequest, plan
from rotation.services import evenings, rubbers
from rotation.services.database import Store, open_store
from rotation.services.errors import ForgottenPlayersError, PlanError, SessionError
from scoring.deal import InvalidDealError, RecordedDeal
from scoring.methods import METHODS, find_method
from scoring.rules import ScoringRules
from scoring.tally import RecordedNet

SEVEN = ("Ann", "Helen", "Doris", "Jean", "Shirley", "Kim", "Lou")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        yield opened


def save(store: Store, players: tuple[str, ...], method: str = "chicago", rounds: int = 6) -> None:
    rules = ScoringRules(method=find_method(method))
    request = PlanRequest(players, Order.GIVEN, rounds=rounds)
    evenings.plan_evening(request, store=store, save=evenings.SaveAs("tue", date(2026, 11, 24), rules))


def finish_round(store: Store, number: int) -> None:
    for table in range(1, len(store.load("tue").session.schedule.rounds[number - 1].tables) + 1):
        rubbers.record_rubber(store, "tue", number, table, net=RecordedNet.parse("N-S +1"))


def playing(store: Store, round_number: int) -> set[str]:
    schedule = store.load("tue").session.schedule
    rnd = schedule.rounds[round_number - 1]
    return {schedule.name(p) for p in (*rnd.sitting_out, *(p for t in rnd.tables for p in t.players))}


def test_a_player_who_left_stays_gone_at_every_later_replan(store: Store) -> None:
    save(store, SEVEN)
    finish_round(store, 1)
    here = tuple(name for name in SEVEN if name != "Kim")
    evenings.replan_evening(store, "tue", here, gone=("Kim",), planner=plan)
    assert all("Kim" not in playing(store, n) for n in range(2, 7))
    finish_round(store, 2)
    # an arrival alone: Kim, gone already, is not named again
    done = evenings.replan_evening(store, "tue", (*here, "Max"), planner=plan)
    assert done.kept == 2
    assert all("Kim" not in playing(store, n) and "Max" in playing(store, n) for n in range(3, 7))
    finish_round(store, 3)
    # nobody came or went: the same names again, Kim still not named
    assert evenings.replan_evening(store, "tue", (*here, "Max"), planner=plan).kept == 3
    # a player still playing who is left off is still refused: a name forgotten never changes an evening
    with pytest.raises(ForgottenPlayersError) as forgotten:
        evenings.replan_evening(store, "tue", tuple(n for n in (*here, "Max") if n != "Lou"), planner=plan)
    assert forgotten.value.names == ("Lou",)


def test_one_who_left_comes_back_by_being_named(store: Store) -> None:
    save(store, SEVEN)
    finish_round(store, 1)
    here = tuple(name for name in SEVEN if name != "Kim")
    evenings.replan_evening(store, "tue", here, gone=("Kim",), planner=plan)
    finish_round(store, 2)
    evenings.replan_evening(store, "tue", SEVEN, planner=plan)
    assert any("Kim" in playing(store, n) for n in range(3, 7))


def test_a_misspelled_player_gone_home_gets_a_did_you_mean(store: Store) -> None:
    save(store, SEVEN)
    here = tuple(name for name in SEVEN if name != "Helen")
    with pytest.raises(PlanError) as refused:
        evenings.replan_evening(store, "tue", here, gone=("Hellen",), planner=plan)
    assert str(refused.value) == (
        "'Hellen' went home, but is not one of the evening's players; did you mean 'Helen'?"
    )
    with pytest.raises(PlanError) as far:
        evenings.replan_evening(store, "tue", here, gone=("Zebedee",), planner=plan)
    assert "did you mean" not in str(far.value)


def test_playing_now_is_alphabetical_and_says_who_plays(store: Store) -> None:
    players = ("zoë", "Bob", "ann", "Dee", "Cy", "eve")
    save(store, players)
    finish_round(store, 1)
    evenings.replan_evening(store, "tue", tuple(p for p in players if p != "Cy"), gone=("Cy",), planner=plan)
    now = evenings.playing_now(store.load("tue").session)
    assert [name for name, _ in now] == ["ann", "Bob", "Cy", "Dee", "eve", "zoë"]
    assert [name for name, here in now if not here] == ["Cy"]


def test_the_deal_form_follows_each_method() -> None:
    forms = {method.name: rubbers.deal_form(ScoringRules(method=method)) for method in METHODS}
    assert {name: (form.honors, form.hcp) for name, form in forms.items()} == {
        "chicago": (True, False),
        "duplicate": (False, False),
        "russian": (False, True),
    }


def test_a_russian_deal_needs_its_high_card_points_and_a_duplicate_deal_no_honors(store: Store) -> None:
    save(store, SEVEN[:5], "russian")
    fields = {"level": "4", "strain": "S", "declarer": "N", "result": "="}
    with pytest.raises(rubbers.IncompleteDealError) as missing:
        rubbers.add_entered_deal(store, "tue", 1, 1, ("", fields))
    assert "N-S's high-card points" in str(missing.value)
    with pytest.raises(rubbers.IncompleteDealError):
        rubbers.add_entered_deal(store, "tue", 1, 1, ("4S N =", {}))
    done = rubbers.add_entered_deal(store, "tue", 1, 1, ("", {**fields, "hcp": "023"}))
    assert done.edit.record is not None
    assert done.edit.record.deals == (rubbers.parse_deal("4S N = hcp 23"),)
    passed = rubbers.add_entered_deal(store, "tue", 1, 1, ("pass", {}), seen=1)
    assert passed.edit.record is not None and passed.edit.record.deals is not None
    assert passed.edit.record.deals[-1] == RecordedDeal.parse("pass")


def test_honors_are_refused_where_the_method_does_not_count_them(store: Store) -> None:
    save(store, SEVEN[:5], "duplicate")
    fields = {"level": "4", "strain": "S", "declarer": "N", "result": "=", "honors": "NS 100"}
    with pytest.raises(InvalidDealError) as refused:
        rubbers.add_entered_deal(store, "tue", 1, 1, ("", fields))
    assert str(refused.value) == "honors count only in chicago scoring, not duplicate"
    with pytest.raises(InvalidDealError):
        rubbers.add_entered_deal(store, "tue", 1, 1, ("4S N = honors NS 100", {}))
    assert store.load("tue").session.results == ()
    with pytest.raises(SessionError):  # the host's fix box: refused by the evening's scoring too
        rubbers.record_rubber(store, "tue", 1, 1, deals=rubbers.parse_deals("4S N = honors NS 100"))

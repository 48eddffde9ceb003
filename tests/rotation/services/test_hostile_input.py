"""What either face hands the services, bounded where it is read: a new player's name no player may
have is the typed PlanError both faces word (never a crash in the roster), and a rubber holds at most
`MAX_PASSED_OUT` passed-out deals however it arrives: deal by deal from a phone, whole at the terminal,
from a session file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.cut import Order
from rotation.io.formats import session_from_data, session_to_data
from rotation.plan import PlanError, PlanRequest
from rotation.results.session import SessionError
from rotation.services import evenings, rubbers
from rotation.services.database import Store, open_store
from scoring.rubber import MAX_PASSED_OUT, RubberError, score_rubber
from scoring.seat import Seat
from scoring.vulnerability import UnknownCycleError, find_cycle
from tests.conftest import BULLETIN_FIVE

HIDDEN = ("Ed\u200bna", "Ed\u202ena", "Ed\x07na", "E" * 41)
"""A zero-width space, a right-to-left override, a control character, one character too many."""

PASSES_REFUSED = (
    f"round 1, table 1: {MAX_PASSED_OUT + 1} passed-out deals in one rubber; at most {MAX_PASSED_OUT}"
    " (a passed-out deal is redealt by the same dealer until a contract is reached)"
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        yield opened


def _save(store: Store, name: str = "tue") -> evenings.Planned:
    from scoring.rules import ScoringRules

    request = PlanRequest(BULLETIN_FIVE, Order.GIVEN)
    return evenings.plan_evening(
        request, store=store, save=evenings.SaveAs(name, date(2026, 11, 24), ScoringRules())
    )


@pytest.mark.parametrize("name", HIDDEN, ids=["zero-width", "bidi override", "control", "41 characters"])
def test_a_new_players_unusable_name_is_a_plan_error(store: Store, name: str) -> None:
    """Declared new against a roster (the comparison once crashed on it), or said to have gone home at a
    replan: PlanError, the error both faces answer with a sentence, and nothing saved."""
    _save(store)
    request = PlanRequest((*BULLETIN_FIVE, name), Order.GIVEN)
    with pytest.raises(PlanError, match="a player's name"):
        evenings.plan_evening(request, store=store, new=(name,))
    with pytest.raises(PlanError, match="a player's name"):
        evenings.replan_evening(store, "tue", BULLETIN_FIVE[:4], gone=(name,))
    assert [s.name for s in evenings.list_evenings(store)] == ["tue"]


def test_passes_past_the_bound_are_refused_deal_by_deal_and_whole(store: Store) -> None:
    """Seed 001: "Passed Out Hand: Dealer redeals until a contract is reached" (DESIGN: a passed-out deal
    is redealt by the same dealer and is not counted). The rules set no limit, so the bound is ours:
    twenty passes in one rubber are kept, the twenty-first refused as a phone adds it (what the table page
    posts) and as a rubber recorded whole, and the rubber stored is left as it was."""
    _save(store)
    passed = rubbers.parse_deal("pass")
    for seen in range(MAX_PASSED_OUT):
        rubbers.add_deals(store, "tue", 1, None, [passed], seen=seen)
    with pytest.raises(SessionError) as refused:
        rubbers.add_deals(store, "tue", 1, None, [passed], seen=MAX_PASSED_OUT)
    assert str(refused.value) == PASSES_REFUSED
    played = tuple(rubbers.parse_deal(text) for text in ("2S E =", "3NT S +1", "4H W -1", "1C N ="))
    with pytest.raises(SessionError, match="21 passed-out deals in one rubber"):
        rubbers.record_rubber(store, "tue", 1, None, deals=(passed,) * 21 + played, replace=True)
    record = evenings.load_evening(store, "tue").session.result(1, 1)
    assert record is not None and record.deals == (passed,) * MAX_PASSED_OUT
    done = rubbers.add_deals(store, "tue", 1, None, played, seen=MAX_PASSED_OUT)
    finished = done.edit.record
    assert finished is not None and done.evening.session.is_complete(finished)


def test_a_session_file_with_passes_past_the_bound_is_refused_before_each_is_read(store: Store) -> None:
    """A session file's rubber of 21 passes and four deals is refused; one listing 100,000 entries is
    refused by its length, before a deal of it is read; the scorer itself refuses 21 passes."""
    session = _save(store).saved
    assert session is not None
    data = session_to_data(session.session)
    played = ["2S E =", "3NT S +1", "4H W -1", "1C N ="]
    data["results"] = [{"round": 1, "table": 1, "deals": ["pass"] * 21 + played}]
    with pytest.raises(SessionError) as refused:
        session_from_data(data)
    assert str(refused.value) == PASSES_REFUSED
    data["results"] = [{"round": 1, "table": 1, "deals": [{"no": "deal"}] * 100_000}]
    with pytest.raises(SessionError, match="100,000 deals in one rubber; at most 32"):
        session_from_data(data)
    with pytest.raises(RubberError, match="21 passed-out deals"):
        score_rubber(["pass"] * 21 + played, Seat.NORTH)
    assert score_rubber(["pass"] * 20 + played, Seat.NORTH).complete


def test_a_custom_vulnerability_cycle_is_at_most_twelve_deals() -> None:
    """A cycle is a rubber's length: seed 002's six deals read, thirteen are refused (a cycle of
    thousands once made a rubber of thousands of deals)."""
    assert len(find_cycle("none,nondealer,nondealer,both,none,both")) == 6
    assert len(find_cycle(",".join(["none", "both"] * 6))) == 12
    with pytest.raises(UnknownCycleError, match=r"at most 12 deals \(seed 002.s has six\), not 13"):
        find_cycle(",".join(["none"] * 13))


def test_more_names_than_any_evening_seats_are_refused_before_the_roster_compares_them(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request naming more players than the planner seats (200), or a roster addition of more names at
    once than a club's whole roster (1,000), is refused before the near-miss comparison of every name
    with every member runs."""
    from rotation import roster
    from rotation.services import club

    _save(store)

    def compared(*args: object, **kwargs: object) -> object:
        raise AssertionError("the roster compared names past the bound")

    monkeypatch.setattr(roster, "match_roster", compared)
    names = tuple(f"P{i}" for i in range(1, 202))
    with pytest.raises(PlanError, match="at most 200 players, got 201"):
        evenings.plan_evening(PlanRequest(names, Order.GIVEN), store=store)
    with pytest.raises(PlanError, match="at most 1000 names at once, got 1001"):
        club.add_players(store, tuple(f"P{i}" for i in range(1, 1002)))

"""The services both faces call: each use case in one transaction, typed errors carrying facts, a link's
token checked with the work it allows, a replan that holds no lock while it plans."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.cut import Order
from rotation.plan import Plan, PlanRequest, plan
from rotation.results.session import Session
from rotation.services import evenings, rubbers
from rotation.services.access import Role, token
from rotation.services.database import EveningId, Store, open_store
from rotation.services.errors import (
    AlreadyRecordedError,
    ChangedMeanwhileError,
    MovedOnError,
    NoSuchSessionError,
    NothingRecordedError,
    RecordedAsNetError,
    RefusedError,
    ResultBeyondKeptError,
    TableNeededError,
)
from scoring.deal import RecordedDeal
from scoring.tally import RecordedNet
from tests.conftest import BULLETIN_FIVE

NINE = (*BULLETIN_FIVE, "Kim", "Lou", "Max", "Ned")


def deal(text: str) -> RecordedDeal:
    return rubbers.parse_deal(text)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        yield opened


def saved(store: Store, name: str, players: tuple[str, ...] = BULLETIN_FIVE) -> evenings.Planned:
    request = PlanRequest(players, Order.GIVEN)
    from scoring.rules import ScoringRules

    return evenings.plan_evening(
        request, store=store, save=evenings.SaveAs(name, date(2026, 11, 24), ScoringRules())
    )


def test_deal_by_deal_then_undo_each_one_transaction(store: Store) -> None:
    """Deals added one at a time grow the rubber; undo takes the last back, and the last undo removes it."""
    saved(store, "tue")
    first = rubbers.add_deals(store, "tue", 1, None, [deal("2S E +1")])
    assert first.edit.previous is None and first.edit.record is not None
    assert first.edit.record.deals == (deal("2S E +1"),)
    second = rubbers.add_deals(store, "tue", 1, 1, [deal("pass")], seen=1)
    assert second.edit.record is not None and len(second.edit.record.deals or ()) == 2
    assert store.load("tue").session.results == (second.edit.record,)
    back = rubbers.undo_deal(store, "tue", 1, 1, seen=2)
    assert back.edit.record == first.edit.record and back.edit.previous == second.edit.record
    gone = rubbers.undo_deal(store, "tue", 1, 1)
    assert gone.edit.record is None and store.load("tue").session.results == ()
    with pytest.raises(NothingRecordedError) as nothing:
        rubbers.undo_deal(store, "tue", 1, 1)
    assert (nothing.value.round, nothing.value.table) == (1, 1)


def test_a_second_phone_is_told_what_the_table_holds_and_nothing_is_stored(store: Store) -> None:
    """The page showed 0 deals but another phone added one: MovedOnError carries what is there now."""
    saved(store, "tue")
    rubbers.add_deals(store, "tue", 1, 1, [deal("4H S =")], seen=0)
    with pytest.raises(MovedOnError) as moved:
        rubbers.add_deals(store, "tue", 1, 1, [deal("3NT N -1")], seen=0)
    assert moved.value.seen == 0 and moved.value.current is not None
    assert moved.value.current.deals == (
        deal(
            "4H S =",
        ),
    )
    assert store.load("tue").session.results[0].deals == (deal("4H S ="),)


def test_recorded_rubbers_refuse_what_would_overwrite_them(store: Store) -> None:
    """A net or a complete rubber is replaced only when asked; a net has no last deal to take back."""
    saved(store, "tue")
    rubbers.record_rubber(store, "tue", 1, None, net=RecordedNet.parse("E-W +3"))
    with pytest.raises(AlreadyRecordedError) as taken:
        rubbers.record_rubber(store, "tue", 1, 1, net=RecordedNet.parse("N-S +1"))
    assert taken.value.previous.net == RecordedNet.parse("E-W +3")
    with pytest.raises(AlreadyRecordedError):
        rubbers.add_deals(store, "tue", 1, 1, [deal("pass")])
    with pytest.raises(RecordedAsNetError):
        rubbers.undo_deal(store, "tue", 1, 1)
    replaced = rubbers.record_rubber(store, "tue", 1, 1, net=RecordedNet.parse("N-S +1"), replace=True)
    assert replaced.edit.previous is not None and replaced.edit.previous.net == RecordedNet.parse("E-W +3")
    assert store.load("tue").session.results[0].net == RecordedNet.parse("N-S +1")
    assert rubbers.delete_rubber(store, "tue", 1, 1).evening.session.results == ()


def test_a_round_of_two_tables_needs_its_table_named(store: Store) -> None:
    """TableNeededError lists who sits at each table, for the face to word."""
    saved(store, "club", NINE)
    with pytest.raises(TableNeededError) as needed:
        rubbers.add_deals(store, "club", 1, None, [deal("pass")])
    schedule = store.load("club").session.schedule
    expected = tuple(tuple(schedule.name(p) for p in t.players) for t in schedule.rounds[0].tables)
    assert needed.value.tables == expected and len(expected) == 2


def test_a_links_token_allows_only_what_it_says(store: Store) -> None:
    """A table's link writes its own table only; the standings' link writes nothing; the host's writes
    anything; a wrong token nothing. The terminal (no key) is the host."""
    saved(store, "club", NINE)
    links = dict(evenings.live_links(store, "club", "").links)
    key = {label: url.split("k=")[1] for label, url in links.items()}
    rubbers.add_deals(store, "club", 1, 2, [deal("pass")], key=key["table 2"])
    for wrong in (key["table 1"], key["standings"], "0" * 32, "\uff4b" * 32, ""):
        with pytest.raises(RefusedError):
            rubbers.add_deals(store, "club", 1, 2, [deal("pass")], key=wrong)
    with pytest.raises(RefusedError):
        rubbers.delete_rubber(store, "club", 1, 2, key=key["table 2"])  # the host's alone
    rubbers.delete_rubber(store, "club", 1, 2, key=key["host"])
    assert store.load("club").session.results == ()
    opened = evenings.open_evening(store, "club", key["standings"])
    assert opened.access.role is Role.VIEW and dict(opened.links()) == {
        label: url.split("?")[0] + "?k=" + url.split("k=")[1] for label, url in links.items()
    }


def test_renewed_or_deleted_evenings_refuse_old_links(store: Store) -> None:
    """New links refuse the old; an evening deleted and saved again under its name is another evening."""
    first = saved(store, "tue").saved
    assert first is not None
    old = dict(evenings.live_links(store, "tue", "").links)["table 1"].split("k=")[1]
    evenings.live_links(store, "tue", "", renew=True)
    with pytest.raises(RefusedError):
        evenings.open_evening(store, first.id, old)
    new = dict(evenings.live_links(store, "tue", "").links)["table 1"].split("k=")[1]
    assert evenings.open_evening(store, first.id, new).evening.id == first.id
    evenings.delete_evening(store, "tue")
    again = saved(store, "tue").saved
    assert again is not None and again.id != first.id
    with pytest.raises(NoSuchSessionError):
        evenings.open_evening(store, first.id, new)
    with pytest.raises(NoSuchSessionError):
        rubbers.add_deals(store, first.id, 1, 1, [deal("pass")], key=new)
    assert store.load("tue").session.results == ()


def test_a_replan_keeps_the_rounds_played_and_adds_the_newcomer(store: Store) -> None:
    """The rounds fully recorded stay; the score sheet keeps its players in place, newcomers after."""
    saved(store, "tue")
    for number in range(1, 3):
        rubbers.record_rubber(store, "tue", number, 1, net=RecordedNet.parse("N-S +1"))
    before = store.load("tue").session.schedule
    done = evenings.replan_evening(store, "tue", [*BULLETIN_FIVE, "Kim"], planner=plan)
    assert done.replaced and done.kept == 2 and done.saved is not None
    after = done.saved.session.schedule
    assert after.players == (*BULLETIN_FIVE, "Kim") and after.rounds[:2] == before.rounds[:2]
    assert any(after.name(p) == "Kim" for t in after.rounds[2].tables for p in t.players) or any(
        after.name(p) == "Kim" for p in after.rounds[2].sitting_out
    )
    assert len(done.saved.session.results) == 2


def test_a_replan_plans_outside_any_transaction_and_refuses_a_plan_changed_meanwhile(
    store: Store, tmp_path: Path
) -> None:
    """While the planner runs, another process can write (no lock is held); if the evening's plan changed
    meanwhile, nothing is stored."""

    def planner_while_others_write(request: PlanRequest) -> Plan:
        with open_store(tmp_path / "club.db") as other:  # would wait on a held write lock, and time out
            rubbers.record_rubber(other, "tue", 1, 1, net=RecordedNet.parse("E-W +2"))
            kept = other.load("tue")
            turned = kept.session.schedule.movement.rounds[::-1]
            with other.writing() as tx:
                from rotation.model import Movement, Schedule
                from rotation.results.changes import TERMINAL

                changed = Schedule(kept.session.schedule.players, Movement(5, turned))
                tx.replace_schedule(tx.load("tue"), changed, kept=0, source=TERMINAL)
        return plan(request)

    saved(store, "tue")
    with pytest.raises(ChangedMeanwhileError):
        evenings.replan_evening(store, "tue", BULLETIN_FIVE, planner=planner_while_others_write)
    assert store.load("tue").session.results[0].net == RecordedNet.parse("E-W +2")


def test_a_replan_refuses_a_round_with_a_result_past_the_rounds_kept(store: Store) -> None:
    """A rubber in play in the first round not complete: it would be replanned away, so nothing changes,
    and the host is told before any planning."""
    saved(store, "tue")
    rubbers.add_deals(store, "tue", 1, 1, [deal("2S E +1")])
    rubbers.record_rubber(store, "tue", 2, 1, net=RecordedNet.parse("N-S +1"))
    asked: list[PlanRequest] = []

    def planner(request: PlanRequest) -> Plan:
        asked.append(request)
        return plan(request)

    with pytest.raises(ResultBeyondKeptError) as beyond:
        evenings.replan_evening(store, "tue", BULLETIN_FIVE, planner=planner)
    assert (beyond.value.round, beyond.value.table) == (1, 1)
    assert asked == []  # refused before planning: the host is told at once


def test_the_preview_is_the_plan_saved(store: Store) -> None:
    """Planning the same request twice, once to show and once to save, gives the same schedule."""
    from scoring.rules import ScoringRules

    request = PlanRequest(NINE, Order.CUT, seed=7, rounds=4)
    preview = evenings.plan_evening(request)
    kept = evenings.plan_evening(
        request, store=store, save=evenings.SaveAs("fri", date(2026, 11, 27), ScoringRules())
    )
    assert kept.saved is not None and kept.saved.session.schedule == preview.plan.schedule


def test_importing_the_same_evening_twice_is_refused_unless_asked(store: Store) -> None:
    saved(store, "tue")
    rubbers.record_rubber(store, "tue", 1, 1, net=RecordedNet.parse("E-W +3"))
    session: Session = store.load("tue").session
    from rotation.services.errors import SameEveningError

    with pytest.raises(SameEveningError) as twin:
        evenings.import_evening(store, session, "tue again", date(2026, 11, 24))
    assert twin.value.twin == "tue"
    other = evenings.import_evening(store, session, "tue again", date(2026, 11, 24), again=True)
    assert other.name == "tue again" and other.session.results == session.results


def test_a_missing_evening_names_the_recent_ones(store: Store) -> None:
    saved(store, "tue")
    with pytest.raises(NoSuchSessionError) as missing:
        evenings.load_evening(store, "wed")
    assert missing.value.name == "wed" and missing.value.recent == ("tue",)
    with pytest.raises(NoSuchSessionError):
        evenings.load_evening(store, EveningId("no such evening"))


def test_tokens_are_hex_of_fixed_length() -> None:
    secret = "s" * 43
    made = token(secret, Role.HOST)
    assert len(made) == 32 and int(made, 16) >= 0 and token(secret, Role.TABLE, 2) != made


def test_the_clubs_links_open_its_pages_until_renewed(store: Store) -> None:
    """The host's club link may do everything, the season's only read; new links refuse the old."""
    from rotation.services.club import club_links, open_club

    with pytest.raises(RefusedError):
        open_club(store, "0" * 32)  # no club link handed out yet: every key is wrong
    links = club_links(store, "http://club")
    host, season = links.host.split("k=")[1], links.season.split("k=")[1]
    assert links.host.startswith("http://club/club?") and club_links(store, "http://club") == links
    assert open_club(store, host, host=True).role is Role.HOST
    assert open_club(store, season).role is Role.VIEW
    with pytest.raises(RefusedError):
        open_club(store, season, host=True)
    club_links(store, "http://club", renew=True)
    for old in (host, season):
        with pytest.raises(RefusedError):
            open_club(store, old)


def test_a_club_page_preview_takes_the_season_into_account_and_is_the_plan_started(store: Store) -> None:
    """Planning from the club's page sees the season as `chicago plan` does, and "Start the evening" saves
    the plan the preview showed."""
    from datetime import timedelta

    from rotation.services.club import club_links, plan_club_evening
    from scoring.rules import ScoringRules

    first = saved(store, "mon", NINE).saved
    assert first is not None
    host = club_links(store, "").host.split("k=")[1]
    request = PlanRequest(NINE, Order.GIVEN, rounds=4)
    save = evenings.SaveAs("tue", first.played_on + timedelta(days=7), ScoringRules())
    preview = plan_club_evening(store, host, request, save, start=False, base="", planner=plan)
    assert preview.planned.saved is None
    assert any(str(note).startswith("Season:") for note in preview.planned.plan.notes)
    started = plan_club_evening(store, host, request, save, start=True, base="", planner=plan)
    assert started.planned.saved is not None and started.links is not None
    assert started.planned.saved.session.schedule == preview.planned.plan.schedule
    alone = evenings.plan_evening(request)  # no season: the evening as planned alone
    assert alone.plan.schedule != preview.planned.plan.schedule  # the season changed who partners whom

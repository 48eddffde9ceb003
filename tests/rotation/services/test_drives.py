"""An evening seated by results through the services: saved with round 1 only, the next round seated in the
transaction that records the last rubber of the round before (whichever recording service), seated again
when a result of that round changes before the next round begins, and refused after."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.model import Round, Table
from rotation.request import Order, Seating
from rotation.services import plans, rubbers
from rotation.services.database import Store, open_store
from rotation.services.drives import ReseatRefusedError, drive_of, read_seating
from rotation.services.errors import AskedError, FormatError
from scoring.deal import RecordedDeal
from scoring.seat import Seat
from scoring.tally import RecordedNet

EIGHT = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
N, S = Seat.NORTH, Seat.SOUTH


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "c.db") as opened:
        yield opened


def plan(store: Store, seating: Seating = Seating.PROGRESSIVE, rounds: int | None = 3) -> None:
    asked = plans.PlanAsked(
        EIGHT, Order.GIVEN, rounds=rounds, save="drive", played_on=date(2026, 11, 27), seating=seating
    )
    plans.plan(store, asked)


def net(store: Store, round_number: int, table: int, text: str, *, replace: bool = False) -> None:
    rubbers.record_rubber(store, "drive", round_number, table, net=RecordedNet.parse(text), replace=replace)


def test_saved_with_round_one_by_the_cut_and_seated_as_results_come(store: Store) -> None:
    """Round 1 as the cut ranks (the names given in order); round 2 appears with the last rubber of
    round 1: 8 players, table 1 won by E-W (Cy & Di), table 2 by N-S (Flo & Ed)."""
    plan(store)
    state = drive_of(store, "drive")
    assert state is not None and (state.drive.value, state.rounds, state.seated) == ("progressive", 3, 1)
    first = store.load("drive").session.schedule.rounds
    assert first == (Round((Table(1, 2, 0, 3, S), Table(5, 6, 4, 7, S))),)
    net(store, 1, 1, "E-W +4")
    assert len(store.load("drive").session.schedule.rounds) == 1  # a table still playing
    net(store, 1, 2, "N-S +2")
    # stay at table 1: Cy & Di (won); arrive: Ed & Flo (won table 2). Table 2: Gus & Hal stay, Ann & Bea
    rounds = store.load("drive").session.schedule.rounds
    assert rounds[1] == Round((Table(2, 3, 4, 5, N), Table(6, 7, 0, 1, S)))


def test_deal_by_deal_seats_the_next_round_with_the_last_deal(store: Store) -> None:
    """A phone's deals (`add_deals`) seat the next round when the fourth deal completes the rubber."""
    plan(store)
    net(store, 1, 1, "N-S +3")
    deals = [RecordedDeal.parse(text) for text in ("1NT N =", "2S E =", "pass", "3H S =")]
    rubbers.add_deals(store, "drive", 1, 2, deals[:3])
    assert len(store.load("drive").session.schedule.rounds) == 1  # two deals counted and a pass
    change = rubbers.add_deals(store, "drive", 1, 2, deals[3:])
    assert len(change.evening.session.schedule.rounds) == 1  # three counted
    change = rubbers.add_deals(store, "drive", 1, 2, [RecordedDeal.parse("1C W =")])
    assert len(change.evening.session.schedule.rounds) == 2


def test_a_correction_reseats_until_the_next_round_begins_then_is_refused(store: Store) -> None:
    """Table 1 of round 1 corrected from E-W to N-S: round 2 seated again (Ann & Bea now stay at table 1);
    once a deal of round 2 is entered, a change that would seat it otherwise is refused, nothing written."""
    plan(store)
    net(store, 1, 1, "E-W +4")
    net(store, 1, 2, "N-S +2")
    net(store, 1, 1, "N-S +1", replace=True)
    rounds = store.load("drive").session.schedule.rounds
    assert rounds[1] == Round((Table(0, 1, 4, 5, N), Table(6, 7, 2, 3, S)))
    net(store, 1, 1, "N-S +6", replace=True)  # the same winners: the same seating, nothing to refuse
    rubbers.add_deals(store, "drive", 2, 1, [RecordedDeal.parse("4H S =")])
    net(store, 1, 1, "N-S +2", replace=True)  # still the same winners: allowed while round 2 is played
    with pytest.raises(ReseatRefusedError) as refused:
        net(store, 1, 1, "E-W +2", replace=True)
    assert (refused.value.changed, refused.value.round, refused.value.entered) == (1, 2, ((2, 1),))
    kept = store.load("drive").session
    assert kept.result(1, 1) is not None and str(kept.result(1, 1).net) == "N-S +2"  # type: ignore[union-attr]
    with pytest.raises(ReseatRefusedError):
        rubbers.delete_rubber(store, "drive", 1, 2)  # would leave round 2, begun, unseated


def test_an_undo_before_the_next_round_unseats_it(store: Store) -> None:
    """The last deal of round 1 taken back: round 1 is not complete, so round 2 is not seated."""
    plan(store)
    net(store, 1, 1, "N-S +3")
    deals = [RecordedDeal.parse(text) for text in ("1NT N =", "2S E =", "3H S =", "1C W =")]
    rubbers.add_deals(store, "drive", 1, 2, deals)
    assert len(store.load("drive").session.schedule.rounds) == 2
    rubbers.undo_deal(store, "drive", 1, 2)
    assert len(store.load("drive").session.schedule.rounds) == 1


def test_the_last_round_seats_nothing_more(store: Store) -> None:
    """Two rounds asked: round 2's results seat no round 3."""
    plan(store, Seating.SWISS, rounds=2)
    for table in (1, 2):
        net(store, 1, table, "N-S +1")
    for table in (1, 2):
        net(store, 2, table, "N-S +1")
    assert len(store.load("drive").session.schedule.rounds) == 2


def test_a_drive_must_be_saved_and_have_its_rounds(store: Store) -> None:
    with pytest.raises(AskedError, match="how many rounds"):
        plan(store, rounds=None)
    asked = plans.PlanAsked(EIGHT, Order.GIVEN, rounds=3, seating=Seating.SWISS)
    with pytest.raises(AskedError, match="saved"):
        plans.plan(None, asked)


def test_an_evening_exported_and_imported_goes_on_seated_by_results(store: Store) -> None:
    """The file keeps the movement (``"seating"``); imported with round 1 recorded and round 2 left out,
    round 2 is seated on import as the results give it (table 1 won by E-W: Cy & Di stay)."""
    from rotation.services.evenings import export_evening, import_evening
    from rotation.services.sheets import read_session

    plan(store)
    net(store, 1, 1, "E-W +4")
    net(store, 1, 2, "N-S +2")
    data = export_evening(store, "drive")
    assert data["seating"] == {"movement": "progressive", "rounds": 3}
    data["rounds"] = data["rounds"][:1]
    seating = read_seating(data)
    imported = import_evening(store, read_session(data), "again", date(2026, 11, 28), seating=seating)
    assert imported.session.schedule.rounds[1] == Round((Table(2, 3, 4, 5, N), Table(6, 7, 0, 1, S)))
    with pytest.raises(FormatError):
        read_seating({"seating": {"movement": "ladder", "rounds": 3}})


def test_an_evening_seated_by_results_changes_its_players_only_in_place(store: Store) -> None:
    """The host page's replan and `chicago plan --keep NAME --save NAME` share one door; for a drive it
    changes who plays (tests/rotation/services/test_drive_players.py), in place only, and takes no
    planner's options: refused, nothing written."""
    plan(store)
    for asked in (
        plans.PlanAsked(EIGHT, keep=plans.KeepAsked("drive"), history_days=0),
        plans.PlanAsked(EIGHT, keep=plans.KeepAsked("drive"), save="other", history_days=0),
        plans.PlanAsked(EIGHT, keep=plans.KeepAsked("drive"), save="drive", away=("Ann:2",)),
    ):
        with pytest.raises(AskedError, match="seated by results"):
            plans.plan(store, asked)
    assert len(store.load("drive").session.schedule.rounds) == 1
    assert store.sessions()[0].name == "drive" and len(store.sessions()) == 1


def test_the_log_says_a_round_was_seated_from_the_results(store: Store) -> None:
    """Each seating is logged as such, from where the rubber that caused it came (not as a replan)."""
    from rotation.render.changes import change_lines
    from rotation.services.changes import evening_log

    plan(store)
    net(store, 1, 1, "N-S +1")
    net(store, 1, 2, "N-S +2")
    rubbers.delete_rubber(store, "drive", 1, 2)
    said = [line.text for line in change_lines(evening_log(store, "drive").changes)]
    assert said[-3].startswith("round 2 seated from the results")
    assert said[-1].startswith("round 2 unseated")


def test_couples_are_refused_for_an_evening_seated_by_results(store: Store) -> None:
    """Seating by results moves pairs by who won: it cannot also keep a couple apart, and says so."""
    asked = plans.PlanAsked(
        EIGHT, Order.GIVEN, rounds=3, save="drive", seating=Seating.SWISS, couples=("Ann+Bea",)
    )
    with pytest.raises(AskedError, match="couples"):
        plans.plan(store, asked)
    assert store.sessions() == []

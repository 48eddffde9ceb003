"""Someone came or went at a drive (`rotation.services.drives.players_from`, the door of the host page's form
and of `chicago plan NAMES --keep EVENING --save EVENING`): from the first round with no rubber entered, the
rounds are seated by the drive's own rule among the players named; the rounds before and every result stay.
Each expected round is worked out by hand below from the progressive rule (the Auckland Star, 29 April
1938: at each table the winners move up, the losers stay; at table 1 the winners stay and the losers go to
the foot; stayers North and East, arrivals South and West, the highest at the table deals first)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest

from rotation.model import Round, Table
from rotation.request import Order, Seating
from rotation.services import plans, rubbers
from rotation.services.changes import HOST_PAGE, TERMINAL
from rotation.services.database import Store, open_store
from rotation.services.drives import DrivePlayersError, players_from, playing_from
from rotation.services.errors import ForgottenPlayersError
from scoring.seat import Seat
from scoring.tally import RecordedNet

NINE = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")
N, S, W = Seat.NORTH, Seat.SOUTH, Seat.WEST
# round 1 by the cut, the names given in order: table 1 N Bea, E Cy, S Ann, W Di; table 2 N Flo, E Gus,
# S Ed, W Hal; with nine, Ivy (lowest on the score sheet) sits out


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "c.db") as opened:
        yield opened


def plan(store: Store, names: tuple[str, ...], seating: Seating = Seating.PROGRESSIVE) -> None:
    asked = plans.PlanAsked(
        names, Order.GIVEN, rounds=3, save="drive", played_on=date(2026, 11, 27), seating=seating
    )
    plans.plan(store, asked)


def net(store: Store, round_number: int, table: int, text: str, *, replace: bool = False) -> None:
    rubbers.record_rubber(store, "drive", round_number, table, net=RecordedNet.parse(text), replace=replace)


def rounds(store: Store) -> tuple[Round, ...]:
    return store.load("drive").session.schedule.rounds


def without(*gone: str, names: tuple[str, ...] = NINE) -> tuple[str, ...]:
    return tuple(name for name in names if name not in gone)


def test_a_player_gone_before_round_two_begins_is_seated_no_more(store: Store) -> None:
    """Round 1: Ann & Bea win table 1 (stay), Gus & Hal win table 2 (move up), so round 2 is table 1 Ann,
    Bea stay, Gus, Hal arrive; table 2 Ed, Flo stay, Cy, Di arrive; Ivy comes back into the seat of the one
    who sits out (Di: the foot table's arrivals first, the lower on the score sheet first). Cy goes home:
    eight play, two tables, nobody sits out, and Ivy takes Cy's seat."""
    plan(store, NINE)
    net(store, 1, 1, "N-S +3")
    net(store, 1, 2, "E-W +3")
    assert rounds(store)[1] == Round((Table(0, 1, 6, 7, N), Table(4, 5, 2, 8, S)), (3,))
    changed = players_from(store, "drive", without("Cy"), gone=("Cy",), source=TERMINAL)
    assert (changed.kept, changed.replaced) == (1, True)
    assert changed.drive is not None and changed.drive.seated == 2
    assert rounds(store)[0] == Round((Table(1, 2, 0, 3, S), Table(5, 6, 4, 7, S)), (8,))  # round 1 stays
    assert rounds(store)[1] == Round((Table(0, 1, 6, 7, N), Table(4, 5, 3, 8, S)))  # Di S deals: highest
    assert len(store.load("drive").session.results) == 2
    start, present = playing_from(store, store.load("drive"))
    assert start == 2 and dict(present) == {name: name != "Cy" for name in NINE}


def test_said_while_round_one_is_played_it_holds_when_round_two_is_seated(store: Store) -> None:
    """Cy leaves while table 2 still plays round 1: nothing is seated yet; round 2 is seated without Cy
    when the last rubber comes in, and again without Cy when a result of round 1 is corrected (table 1 to
    E-W: Cy & Di would stay at table 1; Ivy takes Cy's seat there, Ann & Bea go to the foot)."""
    plan(store, NINE)
    net(store, 1, 1, "N-S +3")
    changed = players_from(store, "drive", without("Cy"), gone=("Cy",), source=TERMINAL)
    assert changed.kept == 1 and len(rounds(store)) == 1
    net(store, 1, 2, "E-W +3")
    assert rounds(store)[1] == Round((Table(0, 1, 6, 7, N), Table(4, 5, 3, 8, S)))
    net(store, 1, 1, "E-W +2", replace=True)
    assert rounds(store)[1] == Round((Table(3, 8, 6, 7, N), Table(4, 5, 0, 1, S)))


def test_two_changes_said_ahead_each_hold_from_its_round(store: Store) -> None:
    """While round 1 is played the host says Cy goes after it, and Hal after round 2 (``rounds_kept=2``):
    round 2 is seated without Cy (as above), round 3 without Cy or Hal (seven: one table, three sit out)."""
    plan(store, NINE)
    net(store, 1, 1, "N-S +3")
    players_from(store, "drive", without("Cy"), gone=("Cy",), source=_TERMINAL)
    players_from(store, "drive", without("Cy", "Hal"), gone=("Hal",), rounds_kept=2, source=_TERMINAL)
    net(store, 1, 2, "E-W +3")
    assert rounds(store)[1] == Round((Table(0, 1, 6, 7, N), Table(4, 5, 3, 8, S)))
    net(store, 2, 1, "N-S +1")
    net(store, 2, 2, "N-S +1")
    third = rounds(store)[2]
    assert third.present == frozenset(range(9)) - {2, 7}
    assert (len(third.tables), len(third.sitting_out)) == (1, 3)


def test_a_table_closes_at_the_foot_when_two_go(store: Store) -> None:
    """Eight, round 1 won by N-S at both tables: round 2 would be table 1 Ann, Bea stay, Ed, Flo arrive;
    table 2 Gus, Hal stay, Cy, Di arrive. Ann and Gus go: six is one table and two sit out, the foot
    table's first (Di and Cy, the arrivals, the lower first); Hal takes Ann's seat at table 1."""
    eight = NINE[:8]
    plan(store, eight)
    net(store, 1, 1, "N-S +3")
    net(store, 1, 2, "N-S +2")
    players_from(store, "drive", without("Ann", "Gus", names=eight), gone=("Ann", "Gus"), source=_TERMINAL)
    assert rounds(store)[1] == Round((Table(1, 7, 4, 5, N),), (2, 3))


def test_a_newcomer_opens_a_table_at_the_foot(store: Store) -> None:
    """Seven: one table, three sit out (Ed, Flo, Gus). Zed arrives for round 2: eight, two tables. With one
    table the losers stay too (Cy, Di arrive); the new foot table takes the players coming in, in
    score-sheet order, arrivals first: Ed, Flo arrive, Gus and Zed (the score sheet's new last) stay."""
    seven = NINE[:7]
    plan(store, seven)
    net(store, 1, 1, "N-S +1")
    changed = players_from(store, "drive", (*seven, "Zed"), new=("Zed",), source=_TERMINAL)
    assert changed.saved is not None and changed.saved.session.schedule.players == (*seven, "Zed")
    assert rounds(store)[1] == Round((Table(0, 1, 2, 3, N), Table(6, 7, 4, 5, S)))


def test_what_cannot_be_is_refused_and_nothing_written(store: Store) -> None:
    """A round with a rubber entered is under way (its players stay); fewer than four cannot play; a round
    past the evening's last has nothing to seat; a player neither named nor gone is refused as for any
    replan. Each refusal leaves the evening as it was."""
    plan(store, NINE)
    net(store, 1, 1, "N-S +3")
    before = store.load("drive")
    cases = (
        ({"rounds_kept": 0}, without("Cy"), ("Cy",), ("under way", 1, 2)),
        ({}, NINE[:3], NINE[3:], ("too few", 2, 3)),
        ({"rounds_kept": 3}, NINE, (), ("past", 4, 3)),
    )
    for options, names, gone, facts in cases:
        with pytest.raises(DrivePlayersError) as refused:
            players_from(store, "drive", names, gone=gone, source=_TERMINAL, **options)
        assert (refused.value.reason, refused.value.round, refused.value.count) == facts
    with pytest.raises(ForgottenPlayersError):
        players_from(store, "drive", without("Cy"), source=_TERMINAL)
    assert store.load("drive") == before
    with store.reading() as tx:
        assert tx.drive_present(tx.load("drive")) == ()


def test_refusals_are_said_in_the_language_spoken(store: Store) -> None:
    """The refusal's words come from the catalogue (German here), its facts filled in."""
    from rotation.language import speaking

    plan(store, NINE)
    net(store, 1, 1, "N-S +3")
    with speaking("de"), pytest.raises(DrivePlayersError) as refused:
        players_from(store, "drive", NINE, rounds_kept=0, source=_TERMINAL)
    assert "Runde 1" in str(refused.value) and "Runde 2" in str(refused.value)


def test_the_change_is_logged_from_where_it_came(store: Store) -> None:
    """The host page's change is in the evening's log, from the host page, from round 2, Cy gone."""
    from rotation.render.changes import change_lines
    from rotation.services.changes import evening_log

    plan(store, NINE)
    net(store, 1, 1, "N-S +3")
    net(store, 1, 2, "E-W +3")
    players_from(store, "drive", without("Cy"), gone=("Cy",), source=HOST_PAGE)
    last = change_lines(evening_log(store, "drive").changes)[-1]
    assert (last.source, last.what) == ("the host page", "replanned from round 2 (Cy left)")


def test_a_change_to_a_round_not_yet_seated_names_who_left_and_came_back(store: Store) -> None:
    """Said while round 1 is played, round 2 not seated: the rounds cannot show who left, so the log says it
    (Cy left; then Cy back and Hal left), and `chicago log --json` carries it."""
    from rotation.render.changes import change_lines
    from rotation.services.changes import evening_log, log_data

    plan(store, NINE)
    net(store, 1, 1, "N-S +3")
    players_from(store, "drive", without("Cy"), gone=("Cy",), source=HOST_PAGE)
    players_from(store, "drive", without("Hal"), gone=("Hal",), source=HOST_PAGE)
    log = evening_log(store, "drive")
    lines = [line.what for line in change_lines(log.changes)[-2:]]
    assert lines == ["replanned from round 2 (Cy left)", "replanned from round 2 (Hal left; Cy back)"]
    assert log_data(log)["changes"][-1]["left"] == ["Hal"]
    assert log_data(log)["changes"][-1]["back"] == ["Cy"]
    assert len(rounds(store)) == 1  # round 2 still waits for table 2's rubber


def test_a_change_said_ahead_goes_with_the_evening_exported_and_imported(store: Store) -> None:
    """Cy leaves while table 2 still plays round 1; the evening is exported then and imported: the file's
    seating carries who plays from round 2, so round 2 is seated without Cy when table 2's rubber comes in
    on the imported evening too (Ivy in Cy's seat, as in the test above). A file naming a player not on
    the score sheet, or a round out of order, is refused."""
    from rotation.services.drives import read_seating
    from rotation.services.errors import FormatError
    from rotation.services.evenings import export_evening, import_evening
    from rotation.services.sheets import read_session

    plan(store, NINE)
    net(store, 1, 1, "N-S +3")
    players_from(store, "drive", without("Cy"), gone=("Cy",), source=TERMINAL)
    data = export_evening(store, "drive")
    assert data["seating"]["present"] == [{"from": 2, "players": list(without("Cy"))}]
    seating = read_seating(data)
    import_evening(store, read_session(data), "again", date(2026, 11, 28), seating=seating)
    rubbers.record_rubber(store, "again", 1, 2, net=RecordedNet.parse("E-W +3"))
    second = store.load("again").session.schedule.rounds[1]
    assert second == Round((Table(0, 1, 6, 7, N), Table(4, 5, 3, 8, S)))
    for present in (
        [{"from": 2, "players": [*without("Cy"), "Zed"]}],
        [{"from": 3, "players": list(NINE)}, {"from": 2, "players": list(NINE)}],
        [{"from": 2, "players": ["Ann", "Bea", "Cy"]}],
    ):
        data["seating"]["present"] = present
        with pytest.raises(FormatError):
            seating = read_seating(data)
            import_evening(store, read_session(data), "bad", date(2026, 11, 29), seating=seating, again=True)
    assert [s.name for s in store.season()].count("bad") == 0


def test_a_version_8_database_gains_who_plays(tmp_path: Path) -> None:
    """Schema 9 keeps who plays at a drive: a version 8 file is upgraded in place, its drive kept."""
    path = tmp_path / "v8.db"
    with open_store(path) as store:
        plan(store, NINE)
    with closing(sqlite3.connect(path)) as db:
        db.executescript("ALTER TABLE drives DROP COLUMN present; PRAGMA user_version = 8;")
    with open_store(path) as store:
        net(store, 1, 1, "N-S +3")
        players_from(store, "drive", without("Cy"), gone=("Cy",), source=_TERMINAL)
        with store.reading() as tx:
            assert tx.drive_present(tx.load("drive")) == ((2, frozenset(range(9)) - {2}),)
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (9,)


_TERMINAL = TERMINAL

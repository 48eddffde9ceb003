"""The record of every change (schema 5): each change to an evening logged by the store in the transaction
that makes it, with its time (the store's clock), its source and what it was before; nothing logged for a
change refused or rolled back; a deleted or replaced rubber brought back as it was; the log replayed from
empty gives the evening's rubbers; only deleting the evening forgets its log."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import date
from itertools import count
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rotation.cut import Order
from rotation.io.database import MIGRATIONS, SCHEMA_VERSION
from rotation.model import Movement, Schedule
from rotation.plan import Kept, Plan, PlanRequest, plan
from rotation.results.session import RubberRecord, Session
from rotation.services import changes, club, evenings, rubbers
from rotation.services.changes import HOST_PAGE, TERMINAL, Kind, evening_log, replay, table_link
from rotation.services.database import Store, open_store
from rotation.services.errors import (
    AlreadyRecordedError,
    DamagedError,
    NothingRecordedError,
    RefusedError,
    SessionError,
)
from rotation.services.season import rename_player
from scoring.deal import RecordedDeal
from scoring.tally import RecordedNet
from tests.conftest import BULLETIN_FIVE

RUBBER = ("2S E +1", "pass", "3NT N -2", "6S W =", "2D N =")
CHANGES_SCHEMA = next(
    v for v, step in enumerate(MIGRATIONS, 1) if any("TABLE changes" in sql for sql in step)
)
"""The schema version that adds the log (5 on this branch; whatever it becomes among others' migrations)."""


def deals(*typed: str) -> tuple[RecordedDeal, ...]:
    return tuple(rubbers.parse_deal(text) for text in typed)


def ticking() -> object:
    """A clock that says a new second at each change, from a fixed morning: no wall clock."""
    seconds = count()
    return lambda: f"2026-01-02T09:00:{next(seconds):02d}+00:00"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        opened.clock = ticking()  # type: ignore[assignment]
        opened.save("fri", date(2026, 1, 2), Session(plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule))
        yield opened


def turned_after_first(old: Schedule) -> Plan:
    """A new plan keeping round 1: the rounds after it in reverse order (round 2 seats others)."""
    return Plan(Schedule(old.players, Movement(5, (old.rounds[0], *old.rounds[:0:-1]))), "test")


def host_key(store: Store) -> str:
    links = evenings.live_links(store, "fri", "http://x")
    return parse_qs(urlsplit(dict(links.links)["host"]).query)["k"][0]


def table_key(store: Store, table: int) -> str:
    links = evenings.live_links(store, "fri", "http://x")
    return parse_qs(urlsplit(dict(links.links)[f"table {table}"]).query)["k"][0]


def test_each_change_is_logged_with_its_time_source_and_what_it_was(store: Store) -> None:
    """Add, undo, record (replace), delete and restore: each one entry, in order, at the store's clock,
    from the source the face named (or the one its link's token says), with the rubber before and after."""
    table = table_key(store, 1)
    rubbers.add_deals(store, "fri", 1, 1, deals(*RUBBER[:2]), key=table, source=table_link(1))
    rubbers.undo_deal(store, "fri", 1, 1, key=table)  # no source named: the token's table
    rubbers.record_rubber(store, "fri", 1, 1, deals=deals(*RUBBER), replace=True, key=host_key(store))
    rubbers.record_rubber(store, "fri", 1, 1, net=RecordedNet.parse("E-W +3"), replace=True)
    rubbers.delete_rubber(store, "fri", 1, 1, source=HOST_PAGE)
    rubbers.restore_rubber(store, "fri", 1, 1)
    log = evening_log(store, "fri").changes
    assert [(c.kind, str(c.source)) for c in log] == [
        (Kind.SAVE, "terminal"),
        (Kind.ADD, "table 1"),
        (Kind.UNDO, "table 1"),
        (Kind.REPLACE, "host"),
        (Kind.REPLACE, "terminal"),
        (Kind.DELETE, "host"),
        (Kind.RESTORE, "terminal"),
    ]
    assert [c.at for c in log] == [f"2026-01-02T09:00:{n:02d}+00:00" for n in range(7)]
    assert [c.number for c in log] == list(range(1, 8))
    whole = RubberRecord(1, 1, deals=deals(*RUBBER))
    net = RubberRecord(1, 1, net=RecordedNet.parse("E-W +3"))
    edits = [(c.what.before, c.what.after) for c in log[1:]]  # type: ignore[union-attr]
    assert edits == [
        (None, RubberRecord(1, 1, deals=deals(*RUBBER[:2]))),
        (RubberRecord(1, 1, deals=deals(*RUBBER[:2])), RubberRecord(1, 1, deals=deals(RUBBER[0]))),
        (RubberRecord(1, 1, deals=deals(RUBBER[0])), whole),
        (whole, net),
        (net, None),
        (None, net),
    ]
    assert store.load("fri").session.results == (net,)


def test_a_change_refused_or_rolled_back_is_not_logged(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused change writes nothing and logs nothing; a log that cannot be written undoes the write."""
    rubbers.add_deals(store, "fri", 1, 1, deals(*RUBBER))
    before = evening_log(store, "fri").changes
    with pytest.raises(AlreadyRecordedError):
        rubbers.add_deals(store, "fri", 1, 1, deals("pass"))
    with pytest.raises(NothingRecordedError):
        rubbers.delete_rubber(store, "fri", 2, 1)
    with pytest.raises(RefusedError):
        rubbers.delete_rubber(store, "fri", 1, 1, key=table_key(store, 1))  # a table may not delete
    assert evening_log(store, "fri").changes == before

    import rotation.io.store as module

    def broken(*args: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(module, "write_change", broken)
    with pytest.raises(DamagedError):
        rubbers.delete_rubber(store, "fri", 1, 1)
    monkeypatch.undo()
    assert store.load("fri").session.results == (RubberRecord(1, 1, deals=deals(*RUBBER)),)
    assert evening_log(store, "fri").changes == before


def test_a_deleted_or_replaced_rubber_comes_back_as_it_was(store: Store) -> None:
    """Restore brings back the rubber deleted or replaced last; refused while the rubber was recorded
    again since (unless replace), when it holds it already, where nothing was lost, or once its round was
    planned again."""
    whole = RubberRecord(1, 1, deals=deals(*RUBBER))
    rubbers.add_deals(store, "fri", 1, 1, deals(*RUBBER))
    with pytest.raises(changes.NothingToRestoreError, match="no rubber was deleted or replaced"):
        rubbers.restore_rubber(store, "fri", 1, 1)
    rubbers.delete_rubber(store, "fri", 1, 1)
    rubbers.add_deals(store, "fri", 1, 1, deals("1C N ="), source=table_link(1))
    with pytest.raises(changes.RecordedSinceError, match="changed after its rubber was deleted") as why:
        rubbers.restore_rubber(store, "fri", 1, 1)
    assert "from table 1's link" in str(why.value) and "--replace" in str(why.value)
    assert store.load("fri").session.result(1, 1) == RubberRecord(1, 1, deals=deals("1C N ="))
    back = rubbers.restore_rubber(store, "fri", 1, 1, replace=True)
    assert back.edit.record == whole and store.load("fri").session.result(1, 1) == whole
    again = rubbers.restore_rubber(store, "fri", 1, 1)  # the one that restore replaced, back in turn
    assert again.edit.record == RubberRecord(1, 1, deals=deals("1C N ="))
    rubbers.add_deals(store, "fri", 3, 1, deals("pass"))
    rubbers.delete_rubber(store, "fri", 3, 1)
    rubbers.restore_rubber(store, "fri", 3, 1)
    with pytest.raises(changes.NothingToRestoreError, match="holds that rubber already"):
        rubbers.restore_rubber(store, "fri", 3, 1)
    rubbers.delete_rubber(store, "fri", 3, 1)

    # a rubber of round 2 deleted, then round 2 planned again: other players sit there now
    rubbers.add_deals(store, "fri", 2, 1, deals(*RUBBER))
    rubbers.delete_rubber(store, "fri", 2, 1)
    old = store.load("fri").session.schedule
    turned = turned_after_first(old)
    request = PlanRequest(BULLETIN_FIVE, keep=Kept(old, 1))
    evenings.replan_saved(store, "fri", request, how=evenings.Planning(planner=lambda _: turned))
    with pytest.raises(SessionError, match="planned again since"):
        rubbers.restore_rubber(store, "fri", 2, 1)


def test_replans_saves_and_renames_are_logged(store: Store) -> None:
    """A replan keeps the plan before and after and the rounds kept; a rename is logged in every evening
    of the player, a merge too; an evening started from the club's page says so."""
    old = store.load("fri").session.schedule
    turned = turned_after_first(old)
    request = PlanRequest(BULLETIN_FIVE, keep=Kept(old, 1))
    how = evenings.Planning(planner=lambda _: turned, source=HOST_PAGE)
    evenings.replan_saved(store, "fri", request, how=how)
    store.save(
        "sat", date(2026, 1, 3), Session(plan(PlanRequest(("Ann", "Bo", "Cy", "Di"), Order.GIVEN)).schedule)
    )
    rename_player(store, "Ann", "Anne")
    rename_player(store, "Helen", "Helen")  # nothing changed: nothing logged
    last = evening_log(store, "fri").changes[-2:]
    assert [(c.kind, c.source) for c in last] == [(Kind.REPLAN, HOST_PAGE), (Kind.RENAME, TERMINAL)]
    replan, renamed = last[0].what, last[1].what
    assert isinstance(replan, changes.PlanEdit) and replan.kept == 1
    assert replan.before == old and replan.after == turned.schedule
    assert isinstance(renamed, changes.NameEdit) and (renamed.before, renamed.after) == ("Ann", "Anne")
    assert [c.kind for c in evening_log(store, "sat").changes] == [Kind.SAVE, Kind.RENAME]

    store.add_players(["Zed"])
    rename_player(store, "Bo", "Zed", merge=True)
    assert [c.kind for c in evening_log(store, "sat").changes][-1] is Kind.MERGE
    assert [c.kind for c in evening_log(store, "fri").changes][-1] is Kind.RENAME  # Bo never played fri

    key = club.club_links(store, "http://x").host.split("k=")[1]
    request = PlanRequest(("Anne", "Helen", "Doris", "Jean"), Order.GIVEN)
    save = evenings.SaveAs("sun", date(2026, 1, 4), store.load("fri").session.rules)
    club.plan_club_evening(store, key, request, save, start=True, base="http://x", planner=plan)
    assert [str(c.source) for c in evening_log(store, "sun").changes] == ["club"]


def test_only_the_host_link_reads_the_log(store: Store) -> None:
    assert evening_log(store, "fri", host_key(store)).changes
    with pytest.raises(RefusedError):
        evening_log(store, "fri", table_key(store, 1))


def test_deleting_the_evening_forgets_its_log_and_nothing_else_does(store: Store, tmp_path: Path) -> None:
    rubbers.add_deals(store, "fri", 1, 1, deals(*RUBBER))
    store.save("sat", date(2026, 1, 3), Session(plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule))
    rubbers.delete_rubber(store, "fri", 1, 1)
    evenings.delete_evening(store, "fri")
    with closing(sqlite3.connect(tmp_path / "club.db")) as db:
        kept = db.execute(
            "SELECT s.name, c.kind FROM changes c JOIN sessions s ON s.id = c.session_id"
        ).fetchall()
        assert db.execute("SELECT count(*) FROM changes").fetchone()[0] == len(kept) == 1
    assert kept == [("sat", "save")]
    store.save("fri", date(2026, 1, 2), Session(plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule))
    assert [c.kind for c in evening_log(store, "fri").changes] == [Kind.SAVE]  # a new evening, a new log


def test_an_evening_saved_before_the_log_is_kept_whole(tmp_path: Path) -> None:
    """A database of the schema before the log (made by this code, then taken back as the version before
    left it: no changes table) opens with every evening and result as it was and an empty log, and logs
    from its next change on."""
    path = tmp_path / "old.db"
    with open_store(path) as store:
        for name in ("fri", "sat"):
            store.save(
                name, date(2026, 1, 2), Session(plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule)
            )
            rubbers.add_deals(store, name, 1, 1, deals(*RUBBER))
        rubbers.add_deals(store, "sat", 2, 1, deals("pass"))
        exported = {name: evenings.export_evening(store, name) for name in ("fri", "sat")}
    with closing(sqlite3.connect(path)) as db:
        db.executescript(
            "DROP TABLE evening_languages; DROP TABLE drives; DROP TABLE changes;"
            f" PRAGMA user_version = {CHANGES_SCHEMA - 1};"
        )
    with open_store(path) as store:
        assert {name: evenings.export_evening(store, name) for name in ("fri", "sat")} == exported
        assert evening_log(store, "fri").changes == ()
        rubbers.delete_rubber(store, "fri", 1, 1)
        assert [c.kind for c in evening_log(store, "fri").changes] == [Kind.DELETE]
        rubbers.restore_rubber(store, "fri", 1, 1)
        assert evenings.export_evening(store, "fri") == exported["fri"]
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(("add", "undo", "record", "net", "delete", "restore", "restore!")),
        st.integers(1, 3),
        st.sampled_from(RUBBER),
    ),
    max_size=25,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_the_log_replayed_from_empty_gives_the_rubbers(
    tmp_path_factory: pytest.TempPathFactory, operations: list[tuple[str, int, str]]
) -> None:
    """Whatever is done (refusals included), replaying the log from its first entry gives the rubbers
    the evening holds."""
    path = tmp_path_factory.mktemp("replay") / "r.db"
    with open_store(path) as store:
        store.save("fri", date(2026, 1, 2), Session(plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule))
        for what, rnd, typed in operations:
            try:
                if what == "add":
                    rubbers.add_deals(store, "fri", rnd, 1, deals(typed))
                elif what == "undo":
                    rubbers.undo_deal(store, "fri", rnd, 1)
                elif what in ("record", "net"):
                    whole = (
                        {"deals": deals(*RUBBER)}
                        if what == "record"
                        else {"net": RecordedNet.parse("N-S +2")}
                    )
                    rubbers.record_rubber(store, "fri", rnd, 1, replace=True, **whole)  # type: ignore[arg-type]
                elif what == "delete":
                    rubbers.delete_rubber(store, "fri", rnd, 1)
                else:
                    rubbers.restore_rubber(store, "fri", rnd, 1, replace=what == "restore!")
            except SessionError:
                pass
        log = evening_log(store, "fri")
        assert replay(log.changes) == log.evening.session.results


def test_a_log_entry_another_program_wrote_is_the_databases_fault(store: Store, tmp_path: Path) -> None:
    """An entry this version cannot read (an unknown kind, JSON that is not a rubber) is DamagedError
    naming the change, not a crash or a silently shorter log."""
    with closing(sqlite3.connect(tmp_path / "club.db")) as db, db:
        db.execute(
            "INSERT INTO changes (session_id, at, source, kind, round, table_number, after)"
            " SELECT id, 'now', 'terminal', 'add', 1, 1, '{\"deals\": 7}' FROM sessions"
        )
    with pytest.raises(DamagedError, match="change 2 of 'fri' cannot be read"):
        evening_log(store, "fri")


def test_the_latest_changes_keep_their_numbers(store: Store) -> None:
    """A page asks only the latest changes: the same entries as the whole log's end, numbered alike."""
    for typed in RUBBER:
        rubbers.add_deals(store, "fri", 1, 1, deals(typed))
    whole = evening_log(store, "fri").changes
    assert evening_log(store, "fri", latest=2).changes == whole[-2:]
    assert [c.number for c in whole[-2:]] == [5, 6]
    assert evening_log(store, "fri", latest=100).changes == whole


def test_an_imported_evening_starts_its_log_with_its_rubbers(store: Store) -> None:
    """`chicago import` saves an evening with its results: its log starts with the plan and each rubber,
    so the log replayed gives them all."""
    rubbers.add_deals(store, "fri", 1, 1, deals(*RUBBER))
    rubbers.record_rubber(store, "fri", 2, 1, net=RecordedNet.parse("N-S +4"))
    session = store.load("fri").session
    evenings.import_evening(store, session, "copy", date(2026, 1, 9), again=True)
    log = evening_log(store, "copy")
    assert [c.kind for c in log.changes] == [Kind.SAVE, Kind.RECORD, Kind.RECORD]
    assert replay(log.changes) == log.evening.session.results == session.results

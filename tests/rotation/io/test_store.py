"""The SQLite store: its schema and version, refusing files that are not ours or are newer, players kept
by name across sessions, and the pure pieces beside it (season ranking, stored movements, typed deals)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import rotation.io.database as store_module
from rotation.cli import app
from rotation.cli.words import renamed_text
from rotation.cut import Order
from rotation.io.database import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    DiskFullError,
    LockedError,
    NewerSchemaError,
    NoDatabaseError,
    NotOurDatabaseError,
    ReadOnlyError,
    StoreError,
    resolve_path,
    storage_error,
)
from rotation.io.formats import movement_from_data, movement_to_data
from rotation.io.store import Renamed, Store
from rotation.model import Movement, Round, Schedule, Table
from rotation.plan import PlanRequest, plan
from rotation.results.recording import parse_deal_argument
from rotation.results.season import season_standings
from rotation.results.session import RubberRecord, Session, SessionError
from rotation.results.units import RankBy
from scoring.deal import Honors, InvalidDealError
from scoring.seat import Seat, Side
from scoring.tally import RecordedNet
from tests.conftest import BULLETIN_FIVE


def five() -> Session:
    return Session(plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule)


def net(round_number: int, text: str, table: int = 1) -> RubberRecord:
    return RubberRecord(round_number, table, net=RecordedNet.parse(text))


def pragma(path: Path, name: str) -> object:
    with closing(sqlite3.connect(path)) as db:
        return db.execute(f"PRAGMA {name}").fetchone()[0]


def test_a_new_database_has_the_schema_version_and_wal(tmp_path: Path) -> None:
    """A new file gets the schema version, the application id, WAL mode and the ten tables; each open
    connection uses synchronous=FULL, foreign keys and a busy timeout."""
    path = tmp_path / "new.db"
    with Store.open(path) as store:
        settings = {
            name: store._db.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("synchronous", "foreign_keys", "busy_timeout")
        }
        assert settings == {"synchronous": 2, "foreign_keys": 1, "busy_timeout": 30_000}
    assert pragma(path, "user_version") == SCHEMA_VERSION
    assert pragma(path, "application_id") == APPLICATION_ID
    assert pragma(path, "journal_mode") == "wal"
    with closing(sqlite3.connect(path)) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {
        "players",
        "sessions",
        "session_players",
        "results",
        "web_secrets",
        "club_secrets",
        "stakes",
        "changes",
        "drives",
        "evening_languages",
    }


def test_the_default_path_and_its_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--db wins, then CHICAGO_DB, then chicago.db in the user data folder (made on first use)."""
    monkeypatch.delenv("CHICAGO_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    default = resolve_path()
    assert default.name == "chicago.db" and default.parent.name == "chicago"
    monkeypatch.setenv("CHICAGO_DB", str(tmp_path / "env.db"))
    assert resolve_path() == tmp_path / "env.db"
    assert resolve_path(tmp_path / "flag.db") == tmp_path / "flag.db"
    monkeypatch.delenv("CHICAGO_DB")
    if default.is_relative_to(tmp_path):  # platformdirs follows XDG_DATA_HOME on Linux
        with Store.open(default) as store:
            store.save("first", date(2024, 1, 1), five())
        assert default.is_file()


def test_reading_never_creates_a_database(tmp_path: Path) -> None:
    """Opening for reading a file that does not exist is NoDatabaseError and leaves no file behind."""
    path = tmp_path / "missing.db"
    with pytest.raises(NoDatabaseError):
        Store.open(path, create=False)
    assert not path.exists()


def test_a_newer_database_is_refused_and_never_altered(tmp_path: Path) -> None:
    """A database whose schema version is newer than this tool's is refused by every command, with a clear
    message, and its bytes stay exactly as they were."""
    path = tmp_path / "newer.db"
    runner = CliRunner()
    env = {"CHICAGO_DB": str(path)}
    result = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--save", "tue"], env=env)
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["record", "tue", "-r", "1", "--net", "E-W +3"], env=env).exit_code == 0
    export = tmp_path / "tue.json"  # a good session file, so `import` fails on the database alone
    assert runner.invoke(app, ["export", "tue", "--out", str(export)], env=env).exit_code == 0
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        db.commit()
    before = path.read_bytes()
    commands = [
        ["record", "tue", "-r", "2", "--net", "N-S +5"],
        ["record", "tue", "-r", "1", "--net", "N-S +5", "--replace"],
        ["plan", "A", "B", "C", "D", "--save", "wed"],
        ["sessions"],
        ["show", "tue"],
        ["tally", "tue"],
        ["cards", "tue"],
        ["rank"],
        ["export", "tue"],
        ["import", str(export), "--name", "thu"],
        ["rename", "Ann", "Anne"],
        ["players"],
        ["delete", "tue", "--yes"],
    ]
    for args in commands:
        result = runner.invoke(app, args, env=env)
        assert result.exit_code == 1, (args, result.output)
        assert f"written by a newer version of chicago (schema version {SCHEMA_VERSION + 1}" in result.output
        assert "upgrade chicago" in result.output
    with pytest.raises(NewerSchemaError):
        Store.open(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda db: db.execute("CREATE TABLE accounts (id INTEGER)"), "holds other tables"),
        (lambda db: db.execute("PRAGMA application_id = 1234"), "application id 0x4d2"),
    ],
)
def test_another_programs_database_is_refused(tmp_path: Path, make: object, message: str) -> None:
    """An SQLite file of another program (its own tables, or another application id) is not taken over."""
    path = tmp_path / "other.db"
    with closing(sqlite3.connect(path)) as db:
        make(db)  # type: ignore[operator]
        db.commit()
    before = path.read_bytes()
    with pytest.raises(StoreError, match=message):
        Store.open(path)
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    """A text file given as the database is refused with its name, not a traceback, and left alone."""
    path = tmp_path / "notes.txt"
    path.write_text("not a database, just notes " * 100)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="is not a chicago database"):
        Store.open(path)
    runner = CliRunner()
    result = runner.invoke(app, ["--db", str(path), "sessions"])
    assert result.exit_code == 1 and "is not a chicago database" in result.output
    assert path.read_bytes() == before


def test_an_empty_sqlite_file_is_upgraded(tmp_path: Path) -> None:
    """A database at version 0 with nothing in it (e.g. made by `sqlite3 FILE`) gets the schema."""
    path = tmp_path / "empty.db"
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA user_version = 0")
    with Store.open(path) as store:
        store.save("first", date(2024, 1, 1), five())
    assert pragma(path, "user_version") == SCHEMA_VERSION


def test_an_older_database_is_migrated_forward(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When a later version adds a migration, an existing file is brought up to it in one transaction on
    first open, its sessions and results kept."""
    path = tmp_path / "old.db"
    with Store.open(path) as store:
        store.save("x", date(2024, 1, 1), five())
        store.record("x", net(1, "E-W +3"))
    import rotation.io.database as module

    step = ("ALTER TABLE sessions ADD COLUMN venue TEXT",)
    monkeypatch.setattr(module, "MIGRATIONS", (*module.MIGRATIONS, step))
    monkeypatch.setattr(module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with Store.open(path) as store:
        assert store.load("x").session.results == (net(1, "E-W +3"),)
    assert pragma(path, "user_version") == SCHEMA_VERSION + 1
    with closing(sqlite3.connect(path)) as db:
        assert "venue" in {row[1] for row in db.execute("PRAGMA table_info(sessions)")}


@pytest.mark.parametrize("name", ["a/b", "night.json", "back\\slash", "   "])
def test_session_names_that_would_read_as_files_are_refused(tmp_path: Path, name: str) -> None:
    """`chicago tally NAME|FILE` must be able to tell a name from a file, so a name is never a path."""
    with Store.open(tmp_path / "names.db") as store, pytest.raises(StoreError):
        store.save(name, date(2024, 1, 1), five())


def test_sessions_are_normalized_rows(tmp_path: Path) -> None:
    """Players are one row each across sessions (matched ignoring case and spaces); a session's schedule
    holds score-sheet positions, not names; each result is one row per (session, round, table)."""
    path = tmp_path / "rows.db"
    with Store.open(path) as store:
        store.save("one", date(2024, 1, 1), five())
        again = Session(plan(PlanRequest(("ann", "  HELEN ", "Zoe", "Jean"), Order.GIVEN)).schedule)
        stored = store.save("two", date(2024, 1, 8), again)
        store.record("one", net(1, "E-W +3"))
        store.record("ONE", net(2, "N-S 450"))
    assert stored.session.schedule.players == ("Ann", "Helen", "Zoe", "Jean")
    with closing(sqlite3.connect(path)) as db:
        players = db.execute("SELECT name, name_key FROM players ORDER BY id").fetchall()
        assert players == [
            ("Ann", "ann"),
            ("Helen", "helen"),
            ("Doris", "doris"),
            ("Jean", "jean"),
            ("Shirley", "shirley"),
            ("Zoe", "zoe"),
        ]
        (schedule,) = db.execute("SELECT schedule FROM sessions WHERE name = 'one'").fetchone()
        assert "Ann" not in schedule and '"north": 1' in schedule
        results = db.execute("SELECT round, table_number, deals, net FROM results ORDER BY round").fetchall()
        assert results == [(1, 1, None, "E-W +3"), (2, 1, None, "N-S 450")]


def test_a_stored_session_reads_back_equal(tmp_path: Path) -> None:
    """What is saved is what is loaded: schedule, scoring rules and results."""
    session = (
        five()
        .with_result(net(1, "E-W +3"))
        .with_result(
            RubberRecord(
                2,
                1,
                deals=tuple(
                    parse_deal_argument(d) for d in ("1C N =", "pass", "4S E =", "3NT W -1", "2H N +1")
                ),
            )
        )
    )
    with Store.open(tmp_path / "same.db") as store:
        store.save("x", date(2024, 2, 29), session)
        stored = store.load("  X ")
    assert stored.session == session
    assert (stored.name, stored.played_on) == ("x", date(2024, 2, 29))


def test_record_checks_before_it_writes(tmp_path: Path) -> None:
    """A result that does not fit the schedule, or is already there without replace, changes nothing."""
    path = tmp_path / "check.db"
    with Store.open(path) as store:
        store.save("x", date(2024, 1, 1), five())
        store.record("x", net(1, "E-W +3"))
        for bad, replace in (
            (net(9, "N-S +1"), False),
            (net(1, "N-S +1"), False),
            (net(1, "N-S +1", 2), True),
        ):
            with pytest.raises(SessionError):
                store.record("x", bad, replace=replace)
        assert store.load("x").session.results == (net(1, "E-W +3"),)
        done = store.record("x", net(1, "N-S +1"), replace=True)
        assert done.session.results == (net(1, "N-S +1"),) == store.load("x").session.results


def test_rename_keeps_one_player_row(tmp_path: Path) -> None:
    """Renaming to a different case is allowed; renaming onto another player needs merge, and merging two
    players who sat in the same session is refused."""
    with Store.open(tmp_path / "rename.db") as store:
        store.save("x", date(2024, 1, 1), five())
        assert store.rename_player("ann", "ANN") == Renamed("Ann", "ANN", 1, merged=False)
        assert renamed_text(Renamed("Ann", "ANN", 1, merged=False)) == "Renamed Ann to ANN in 1 session."
        with pytest.raises(StoreError, match="Helen is already a player"):
            store.rename_player("ANN", "helen")
        with pytest.raises(StoreError, match="both played in x"):
            store.rename_player("ANN", "helen", merge=True)
        with pytest.raises(StoreError, match="is empty"):
            store.rename_player("ANN", "   ")
        assert [name for name, _ in store.players()] == ["ANN", "Doris", "Helen", "Jean", "Shirley"]


def test_movements_round_trip() -> None:
    """A movement stored as positions reads back the same, sit-outs and first dealers included."""
    for names in (BULLETIN_FIVE, ("A", "B", "C", "D", "E", "F"), ("A", "B", "C", "D")):
        movement = plan(PlanRequest(names, Order.GIVEN)).schedule.movement
        assert movement_from_data(movement_to_data(movement)) == movement


# -- season ranking, pure ----------------------------------------------------------------------------


def _one_round(names: tuple[str, str, str, str], ns_net: str) -> Session:
    """One table, North/East/South/West as named, one rubber recorded."""
    schedule = Schedule(names, Movement(4, (Round((Table(0, 1, 2, 3, Seat.NORTH),)),)))
    return Session(schedule, results=(net(1, ns_net),))


def test_season_ties_share_the_better_rank() -> None:
    """Equal totals share a rank and the next rank skips (1, 2, 3, =4, =4, =6, =6); ties are listed by
    name."""
    # N-S are the first and third names: a & c +3, b & d -3; then a & f +1, e & g -1.
    sessions = [_one_round(("a", "b", "c", "d"), "N-S +3"), _one_round(("a", "e", "f", "g"), "N-S +1")]
    assert [(x.name, x.total, x.rank, x.tied) for x in season_standings(sessions)] == [
        ("a", 4, 1, False),
        ("c", 3, 2, False),
        ("f", 1, 3, False),
        ("e", -1, 4, True),
        ("g", -1, 4, True),
        ("b", -3, 6, True),
        ("d", -3, 6, True),
    ]
    tied = season_standings(
        [_one_round(("a", "b", "c", "d"), "N-S +3"), _one_round(("e", "f", "g", "h"), "N-S +3")]
    )
    assert [(x.name, x.rank, x.tied) for x in tied] == [
        ("a", 1, True),
        ("c", 1, True),
        ("e", 1, True),
        ("g", 1, True),
        ("b", 5, True),
        ("d", 5, True),
        ("f", 5, True),
        ("h", 5, True),
    ]


def test_season_matches_names_ignoring_case_and_spaces() -> None:
    """The same name typed differently in two files is one player; the last spelling is shown, tidied."""
    lines = season_standings(
        [_one_round(("Ann", "b", "c", "d"), "N-S +3"), _one_round((" ANN ", "b", "c", "d"), "N-S +2")]
    )
    assert (lines[0].name, lines[0].total, lines[0].played, lines[0].sessions) == ("ANN", 5, 2, 2)


def test_season_by_average_and_minimum() -> None:
    """By average, fewer rubbers can rank higher; the minimum leaves players out before ranking."""
    sessions = [_one_round(("a", "b", "c", "d"), "N-S +4"), _one_round(("a", "e", "f", "g"), "E-W +1")]
    by_total = season_standings(sessions)
    assert by_total[0].name == "c" and by_total[0].total == 4
    by_average = season_standings(sessions, by=RankBy.AVERAGE)
    assert [(x.name, x.average) for x in by_average[:2]] == [("c", 4), ("a", pytest.approx(1.5))]
    assert [x.name for x in season_standings(sessions, min_rubbers=2)] == ["a"]
    with pytest.raises(ValueError, match="at least 1"):
        season_standings(sessions, min_rubbers=0)


@settings(max_examples=40, deadline=None)
@given(nets=st.lists(st.integers(-20, 20), min_size=1, max_size=6), n=st.sampled_from([4, 5, 6]))
def test_season_totals_sum_to_zero_and_equal_the_session_tallies(nets: list[int], n: int) -> None:
    """A season of one session is that session's tally; any season sums to zero."""
    schedule = plan(PlanRequest(("A", "B", "C", "D", "E", "F")[:n], Order.GIVEN, rounds=len(nets))).schedule
    records = tuple(net(r, f"{'N-S' if v >= 0 else 'E-W'} +{abs(v)}") for r, v in enumerate(nets, 1))
    session = Session(schedule, results=records)
    lines = season_standings([session, session])
    assert sum(x.total for x in lines) == 0
    assert {x.name: x.total for x in lines} == {x.name: 2 * x.total for x in season_standings([session])}


# -- deals as typed at the table ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2S E +1", "2S E +1"),
        ("pass", "pass"),
        ("6S W = honors EW 100", {"result": "6S W =", "honors": "EW 100"}),
        ("4H S -1 hcp 22 honours ns 100", {"result": "4H S -1", "honors": "NS 100", "hcp_ns": 22}),
        ("3NT N = HCP: 26", {"result": "3NT N =", "hcp_ns": 26}),
        ('{"result": "6S W =", "honors": "EW 150"}', {"result": "6S W =", "honors": "EW 150"}),
    ],
)
def test_typed_deals(text: str, value: object) -> None:
    """A deal typed after `chicago record` reads as the session file would write it."""
    assert parse_deal_argument(text).to_value() == value


def test_typed_deal_honors_are_parsed() -> None:
    assert parse_deal_argument("6S W = honors EW 100").honors == Honors(Side.EW, 100)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pass hcp 20", "passed-out deal"),
        ("8NT N =", "impossible"),
        ("2S E +1 hcp lots", "0 to 40"),
        ("2S E +1 hcp 41", "0 to 40"),
        ("2S E +1 hcp 3 hcp 4", "twice"),
        ("3NT N = honors NS 100", "only all four aces"),
        ("{not json", "cannot read deal"),
        ("", "cannot read result"),
    ],
)
def test_typed_deals_that_cannot_be(text: str, message: str) -> None:
    with pytest.raises(InvalidDealError, match=message):
        parse_deal_argument(text)


def _sqlite_error(connect: str, statement: str) -> sqlite3.Error:
    """The error SQLite itself raises for ``statement`` on a connection opened as ``connect`` says."""
    with closing(sqlite3.connect(connect, uri=True)) as db:
        try:
            for part in statement.split(";"):
                db.execute(part)
        except sqlite3.Error as error:
            return error
    raise AssertionError(f"{statement} did not fail")


def test_storage_errors_say_what_happened(tmp_path: Path) -> None:
    """A full disk, a read-only file and another program's lock are told apart by SQLite's own error
    codes, each with its own type and words, none of them 'not a chicago database'."""
    path = tmp_path / "x.db"
    with Store.open(path) as store:
        store.save("x", date(2024, 1, 1), five())
    full = _sqlite_error(f"file:{path}", "PRAGMA max_page_count = 1; CREATE TABLE big (x)")
    error = storage_error(path, full)
    assert isinstance(error, DiskFullError) and "disk is full" in str(error)
    read_only = _sqlite_error(f"file:{path}?mode=ro", "CREATE TABLE t (x)")
    error = storage_error(path, read_only)
    assert isinstance(error, ReadOnlyError) and "cannot be written" in str(error)
    for error in (storage_error(path, full), storage_error(path, read_only)):
        assert "not a chicago database" not in str(error) and str(path) in str(error)


def test_a_locked_database_names_the_file_and_waits_no_longer_than_its_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While another program holds the write lock, a write fails with LockedError naming the file, and
    the database is left as it was."""
    path = tmp_path / "locked.db"
    with Store.open(path) as store:
        store.save("x", date(2024, 1, 1), five())
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_SECONDS", 0.05)
    with closing(sqlite3.connect(path, isolation_level=None)) as holder:
        holder.execute("BEGIN IMMEDIATE")
        with Store.open(path) as store, pytest.raises(LockedError, match=f"{path}.*locked by another"):
            store.record("x", RubberRecord(1, 1, net=RecordedNet.parse("E-W +3")))
        holder.execute("ROLLBACK")
    with Store.open(path) as store:
        assert store.load("x").session.results == ()


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    """A text file given as the database is 'not a chicago database', and its bytes are not changed."""
    path = tmp_path / "notes.db"
    path.write_bytes(b"shopping list\n" * 200)
    with pytest.raises(NotOurDatabaseError, match="not a chicago database"):
        Store.open(path)
    assert path.read_bytes() == b"shopping list\n" * 200


def test_a_version_1_database_gains_web_secrets_and_uids(tmp_path: Path) -> None:
    """Schema 2 adds the key of `chicago serve`'s links, schema 3 each evening's identity that is never
    reused: a file written at version 1 is upgraded in place, its results kept; the secret is made once,
    kept, and renewed only when asked."""
    path = tmp_path / "v1.db"
    with Store.open(path) as store:
        store.save("x", date(2024, 1, 1), five())
        store.record("x", net(1, "E-W +3"))
    with closing(sqlite3.connect(path)) as db:  # back to version 1, as an older chicago wrote it
        db.executescript(
            "DROP INDEX sessions_uid; ALTER TABLE sessions DROP COLUMN uid; DROP TABLE web_secrets;"
            " DROP TABLE club_secrets; DROP TABLE stakes; DROP TABLE changes; DROP TABLE drives;"
            " DROP TABLE evening_languages;"
            " PRAGMA user_version = 1;"
        )
    assert pragma(path, "user_version") == 1
    with Store.open(path) as store:
        loaded = store.load("x")
        assert loaded.session.results == (net(1, "E-W +3"),)
        assert len(loaded.id.uid) == 32 and store.load(loaded.id) == loaded
        secret = store.web_secret("x")
        assert len(secret) >= 32 and store.web_secret("x") == secret
        assert store.web_secret("x", renew=True) != secret
    assert pragma(path, "user_version") == SCHEMA_VERSION == 9


def test_a_version_4_database_gains_stakes(tmp_path: Path) -> None:
    """Schema 5 adds what an evening is played for: a version 4 file is upgraded in place, its evenings
    kept and none of them played for money; a stake kept goes with its evening when it is deleted."""
    path = tmp_path / "v4.db"
    with Store.open(path) as store:
        store.save("x", date(2024, 1, 1), five())
        store.record("x", net(1, "E-W +3"))
    with closing(sqlite3.connect(path)) as db:  # back to version 4, as the chicago before stakes wrote it
        db.executescript(
            "DROP TABLE evening_languages; DROP TABLE drives; DROP TABLE changes; DROP TABLE stakes;"
            " PRAGMA user_version = 4;"
        )
    with Store.open(path) as store:
        assert store.load("x").session.results == (net(1, "E-W +3"),)
        with store.writing() as tx:
            assert tx.stake(tx.load("x")) is None
            tx.keep_stake(tx.load("x"), {"stake": "0.50", "currency": "GBP"})
        with store.reading() as tx:
            assert tx.stake(tx.load("x")) == {"stake": "0.50", "currency": "GBP"}
        store.delete("x")
    assert pragma(path, "user_version") == SCHEMA_VERSION
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT count(*) FROM stakes").fetchone() == (0,)


def test_a_replan_keeps_what_was_played(tmp_path: Path) -> None:
    """A new plan must seat the kept rounds as before, keep the score sheet's players in place and leave no
    result outside the kept rounds; otherwise nothing changes."""
    from rotation.plan import Kept, Plan, PlanRequest
    from rotation.services.evenings import SaveAs, plan_evening

    def replace(store: Store, new: Schedule, kept: int) -> object:
        old = store.load("x")
        request = PlanRequest(old.session.schedule.players, keep=Kept(old.session.schedule, kept))
        save = SaveAs("x", old.played_on, old.session.rules)
        return plan_evening(
            request, store=store, save=save, replacing="x", planner=lambda _: Plan(new, "test")
        )

    with Store.open(tmp_path / "x.db") as store:
        store.save("x", date(2024, 1, 1), five())
        store.record("x", net(1, "E-W +3"))
        old = store.load("x").session.schedule
        turned = Schedule(old.players, Movement(5, tuple(reversed(old.movement.rounds))))
        with pytest.raises(SessionError, match="keep the first 1 rounds"):
            replace(store, turned, 1)
        with pytest.raises(SessionError, match="round 1, table 1 has a result already"):
            replace(store, old, 0)
        renamed = Schedule(("Zed", *old.players[1:]), old.movement)
        with pytest.raises(SessionError, match="score sheet's players"):
            replace(store, renamed, 1)
        assert store.load("x").session.schedule == old
        assert replace(store, old, 1).saved.session.schedule == old  # type: ignore[attr-defined]

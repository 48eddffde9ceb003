"""A database this user cannot write is still read, leaves no -wal or -shm behind, and a write to it says
what happened; a refused file is left as it was.

What is real and what is simulated: the tests run as root on the CI machine, where a chmod does not stop
a write. `_writable` is therefore patched to say "no" (what `os.access` answers on a read-only file
system, a read-only file or folder), and the real SQLite read-only paths (``immutable``, ``mode=ro``) run
behind it. Where `chattr +i` is allowed, one test makes the file truly immutable (even root cannot write
it) and runs the command line against it.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rotation.io.database as store_module
from rotation.cli import app
from rotation.io.database import (
    SCHEMA_VERSION,
    NewerSchemaError,
    ReadOnlyError,
    storage_error,
)
from rotation.io.store import Store
from rotation.results.session import RubberRecord
from scoring.tally import RecordedNet
from tests.rotation.io.test_store import five


def _saved(tmp_path: Path) -> Path:
    path = tmp_path / "club.db"
    with Store.open(path) as store:
        store.save("tuesday", date(2024, 1, 9), five())
        store.record("tuesday", RubberRecord(1, 1, net=RecordedNet.parse("E-W +3")))
    return path


def _beside(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated: the store is told it cannot write the file (as on a read-only file system)."""
    monkeypatch.setattr(store_module, "_writable", lambda path: False)


def test_reading_a_writable_database_leaves_no_side_files(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    with Store.open(path, create=False) as store:
        assert store.load("tuesday").session.results
    assert _beside(path) == ["club.db"]


def test_a_read_only_database_is_read_and_left_as_it_was(tmp_path: Path, read_only: None) -> None:
    path = _saved(tmp_path)
    before = path.read_bytes()
    with Store.open(path, create=False) as store:
        assert [s.name for s in store.sessions()] == ["tuesday"]
        assert len(store.load("tuesday").session.results) == 1
        assert _beside(path) == ["club.db"]  # read as immutable: no -wal, no -shm
        with pytest.raises(ReadOnlyError, match=f"{path} cannot be written"):
            store.record("tuesday", RubberRecord(2, 1, net=RecordedNet.parse("N-S +5")))
    assert _beside(path) == ["club.db"] and path.read_bytes() == before


def test_changes_still_in_the_wal_are_read_through_it(tmp_path: Path, read_only: None) -> None:
    """Another program has the file open and its last change is still in the -wal: a read-only reader
    goes through the WAL (``mode=ro``) and sees it."""
    path = _saved(tmp_path)
    with closing(sqlite3.connect(path, isolation_level=None)) as writer:
        writer.execute("PRAGMA wal_autocheckpoint = 0")
        writer.execute("UPDATE sessions SET name = 'Tuesday club'")
        assert path.with_name("club.db-wal").stat().st_size > 0
        with Store.open(path, create=False) as store:
            assert [s.name for s in store.sessions()] == ["Tuesday club"]


def test_the_cli_reads_a_read_only_database_and_says_why_it_cannot_record(
    tmp_path: Path, read_only: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(tmp_path)
    monkeypatch.setenv("CHICAGO_DB", str(path))
    runner = CliRunner()
    for args in (["sessions"], ["show", "tuesday"], ["tally", "tuesday"], ["rank"], ["export", "tuesday"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
    result = runner.invoke(app, ["record", "tuesday", "-r", "2", "--net", "N-S +5"])
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"chicago: error: {path} cannot be written (a read-only file, folder or file system)"
    )
    assert _beside(path) == ["club.db"]


def test_a_newer_database_is_refused_without_side_files(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(NewerSchemaError, match="newer version"):
        Store.open(path, create=False)
    assert path.read_bytes() == before and _beside(path) == ["club.db"]


def test_a_folder_that_cannot_be_opened_says_so(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    try:
        sqlite3.connect(f"file:{tmp_path / 'missing' / 'x.db'}?mode=ro", uri=True)
    except sqlite3.Error as error:
        message = str(storage_error(path, error))
    assert f"{path} cannot be opened" in message


def test_an_immutable_file_is_read_for_real(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not simulated: `chattr +i` makes the file unwritable even for root (skipped where not allowed)."""
    path = _saved(tmp_path)
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)]).returncode:
        pytest.skip("chattr +i is not allowed here")
    try:
        monkeypatch.setenv("CHICAGO_DB", str(path))
        runner = CliRunner()
        assert runner.invoke(app, ["show", "tuesday"]).exit_code == 0
        result = runner.invoke(app, ["record", "tuesday", "-r", "2", "--net", "N-S +5"])
        assert result.exit_code == 1 and "cannot be written" in result.output
        assert _beside(path) == ["club.db"]
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)

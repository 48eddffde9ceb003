"""Shared fixtures: the bulletin's five players, a CLI runner, and what a fresh interpreter loads."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator, Sequence

import pytest
from typer.testing import CliRunner

BULLETIN_FIVE = ("Ann", "Helen", "Doris", "Jean", "Shirley")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(autouse=True)
def _english_terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test chooses its language itself: no CHICAGO_LANG or locale of the machine running the suite
    reaches `chicago` (in this process or the installed one it starts), so English stays English anywhere."""
    for variable in ("CHICAGO_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    yield


@pytest.fixture(autouse=True)
def _own_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """No test reads or writes the database of whoever runs the suite: CHICAGO_DB unset and the user's data
    folder (platformdirs follows XDG_DATA_HOME) a fresh one, so a roster saved there by hand (a "Cy" that
    makes "C" a typo) cannot change what `chicago plan A B C D` says. A test wanting a file sets its own."""
    monkeypatch.delenv("CHICAGO_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    yield


def modules_loaded(imports: Sequence[str] = (), commands: Sequence[Sequence[str]] = ()) -> set[str]:
    """The modules a fresh interpreter holds after importing ``imports`` and running each CLI command
    (each must exit 0): what start-up really costs, unseen by this test process's own imports."""
    code = "\n".join(
        [
            "import sys",
            *(f"import {module}" for module in imports),
            "from typer.testing import CliRunner",
            "from rotation.cli import app",
            f"for args in {[list(c) for c in commands]!r}:",
            "    result = CliRunner().invoke(app, args)",
            "    assert result.exit_code == 0, (args, result.output)",
            "print('\\n'.join(sorted(sys.modules)))",
        ]
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def packages(modules: set[str]) -> set[str]:
    """The top-level packages of ``modules``: 'fpdf' for 'fpdf.fpdf'."""
    return {m.split(".")[0] for m in modules}

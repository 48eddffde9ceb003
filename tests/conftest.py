"""Shared fixtures: the bulletin's five players and a CLI runner."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

BULLETIN_FIVE = ("Ann", "Helen", "Doris", "Jean", "Shirley")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()

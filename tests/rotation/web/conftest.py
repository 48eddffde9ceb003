"""A saved evening, its links and an in-process client for the live page."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from tests.conftest import BULLETIN_FIVE


class Evening:
    """A saved session served in process: its database, links by label, and the client."""

    def __init__(self, db: Path, name: str) -> None:
        from starlette.testclient import TestClient

        from rotation.plan import plan
        from rotation.services.database import open_store
        from rotation.services.evenings import live_links
        from rotation.web.app import create_app

        self.db, self.name = db, name
        with open_store(db, create=False) as store:
            links = live_links(store, name, "http://testserver")
        self.links = dict(links.links)
        self.uid = links.evening.id.uid
        # the evening's pages are under /e/{uid}: the tests' relative paths are to them
        self.client = TestClient(
            create_app(db, name, planner=plan), base_url=f"http://testserver/e/{self.uid}/"
        )

    def key(self, label: str) -> str:
        return parse_qs(urlsplit(self.links[label]).query)["k"][0]

    def get(self, label: str, **query: Any) -> Any:
        url = self.links[label] + "".join(f"&{k}={v}" for k, v in query.items())
        return self.client.get(url)

    def add(self, table: int, deal: str, *, seen: int, round_number: int = 1, key: str | None = None) -> Any:
        data = {
            "k": key or self.key(f"table {table}"),
            "r": str(round_number),
            "seen": str(seen),
            "deal": deal,
        }
        return self.client.post(f"/t/{table}/add", data=data)


def save(db: Path, name: str, *players: str) -> None:
    result = CliRunner().invoke(app, ["--db", str(db), "plan", *players, "--order", "given", "--save", name])
    assert result.exit_code == 0, result.output


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "evenings.db"
    monkeypatch.setenv("CHICAGO_DB", str(path))
    return path


@pytest.fixture
def evening(db: Path) -> Evening:
    """The bulletin's five players, saved as ``ev``."""
    save(db, "ev", *BULLETIN_FIVE)
    return Evening(db, "ev")

"""The season's rules live in its service (`RankAsked`), so `chicago rank`, `chicago check --season` and the
season page refuse the same mistake alike: the same sentence, exit 2 with one line at the terminal, a 400
on the page (with the form kept)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from rotation.results.units import RankBy
from rotation.services import season
from rotation.services.database import open_store
from rotation.services.season import (
    MAX_COUNT,
    BestNotRankedError,
    CountOutOfRangeError,
    PeriodReversedError,
    RankAsked,
    RankAskedError,
)
from tests.rotation.cli.test_evening import refused

MARCH, FEBRUARY = date(2024, 3, 1), date(2024, 2, 1)


def test_a_period_that_ends_before_it_starts_is_refused() -> None:
    with pytest.raises(PeriodReversedError) as caught:
        RankAsked(since=MARCH, until=FEBRUARY)
    assert str(caught.value) == "since (2024-03-01) is after until (2024-02-01)"
    assert (caught.value.since, caught.value.until) == (MARCH, FEBRUARY)
    assert isinstance(caught.value, RankAskedError)
    RankAsked(since=MARCH, until=MARCH)  # one day is a period
    assert RankAsked(since=MARCH).until is None and RankAsked(until=FEBRUARY).since is None  # open ends


@pytest.mark.parametrize("by", [RankBy.AVERAGE, RankBy.RATING])
def test_best_only_by_total_or_points(by: RankBy) -> None:
    with pytest.raises(BestNotRankedError) as caught:
        RankAsked(by=by, best=2)
    assert str(caught.value).endswith(f"by total or by points, not by {by.value}")
    for allowed in (RankBy.TOTAL, RankBy.POINTS):
        assert RankAsked(by=allowed, best=2).best == 2
    assert RankAsked(by=by).best is None


@pytest.mark.parametrize(
    ("option", "value"),
    [("min_rubbers", 0), ("min_evenings", -1), ("best", 0), ("best", MAX_COUNT + 1), ("min_rubbers", 10**40)],
)
def test_counts_are_bounded(option: str, value: int) -> None:
    with pytest.raises(CountOutOfRangeError) as caught:
        RankAsked(**{option: value})  # type: ignore[arg-type]
    assert str(caught.value) == f"{option} is a whole number from 1 to {MAX_COUNT}, not {value}"
    RankAsked(**{option: MAX_COUNT})  # type: ignore[arg-type]


def test_the_services_refuse_before_reading(tmp_path: Path) -> None:
    with open_store(tmp_path / "club.db") as store:
        with pytest.raises(PeriodReversedError):
            season.pairs(store, since=MARCH, until=FEBRUARY)
        with pytest.raises(PeriodReversedError):
            season.pairs(None, since=MARCH, until=FEBRUARY)
        assert season.rank(store, RankAsked(since=FEBRUARY, until=MARCH)).sessions == ()


def test_every_face_refuses_a_reversed_period_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: `chicago rank` answered exit 0 with an empty season where the others refused."""
    from starlette.testclient import TestClient

    from rotation.services.club import club_links
    from rotation.web.app import create_app

    db = tmp_path / "club.db"
    monkeypatch.setenv("CHICAGO_DB", str(db))
    runner = CliRunner()
    assert runner.invoke(app, ["plan", "Ann", "Bob", "Cy", "Di", "--save", "jan"]).exit_code == 0
    sentence = "since (2024-03-01) is after until (2024-02-01)"
    period = ("--since", "2024-03-01", "--until", "2024-02-01")
    assert refused(runner, "rank", *period) == f"chicago: error: {sentence}"
    assert refused(runner, "check", "--season", *period) == f"chicago: error: {sentence}"
    best = "best counts each player's best sessions by total or by points, not by rating"
    assert refused(runner, "rank", "--by", "rating", "--best", "2") == f"chicago: error: {best}"
    with open_store(db, create=False) as store:
        link = club_links(store, "http://testserver").season
    client = TestClient(create_app(db))
    for query, said in (("&since=2024-03-01&until=2024-02-01", sentence), ("&by=rating&best=2", best)):
        page = client.get(link + query)
        assert page.status_code == 400
        text = " ".join(re.sub(r"<[^>]+>", " ", page.text).split()).replace("&#39;", "'")
        assert f"Not shown: {said}." in text
        assert 'name="by"' in page.text  # the form, kept as it was sent
    page = client.get(link + "&by=rating&best=2&since=2024-01-01")
    assert '<option value="rating" selected>' in page.text and 'name="best" value="2"' in page.text
    assert 'name="since" value="2024-01-01"' in page.text

"""The club's New evening offers the movement: balanced (the default), progressive or swiss; a movement by
results previews and starts round 1 by the cut, saved to be seated as it is played."""

from __future__ import annotations

from pathlib import Path

from rotation.services.database import open_store
from rotation.services.drives import drive_of
from tests.rotation.web.test_club import Club, club  # noqa: F401  (the fixture)
from tests.rotation.web.test_pages import text

EIGHT = ["Ann", "Helen", "Doris", "Jean", "Shirley", "Kim", "Lou", "Max"]


def test_the_form_offers_the_movement(club: Club) -> None:  # noqa: F811
    form = club.client.get("/club/new", params={"k": club.host})
    assert form.status_code == 200
    for value in ("balanced", "progressive", "swiss"):
        assert f'<option value="{value}"' in form.text
    assert '<select id="movement" name="movement"' in form.text


def test_a_progressive_evening_previewed_then_started(club: Club, db: Path) -> None:  # noqa: F811
    preview = club.plan(
        play=EIGHT[:5], new="\n".join(EIGHT[5:]), sure="on", rounds="4", movement="progressive"
    )
    said = text(preview.text)
    assert preview.status_code == 200 and "Round 1" in said and "Round 2" not in said, said
    assert 'name="movement" value="progressive"' in preview.text  # kept for the start button
    started = club.plan(
        "start", play=EIGHT[:5], new="\n".join(EIGHT[5:]), sure="on", rounds="4", movement="progressive"
    )
    assert started.status_code == 303, text(started.text)
    with open_store(db) as store:
        state = drive_of(store, "Friday")
    assert state is not None and (state.drive.value, state.rounds, state.seated) == ("progressive", 4, 1)


def test_a_movement_by_results_needs_its_rounds_and_a_known_movement(club: Club) -> None:  # noqa: F811
    unrounded = club.plan(play=EIGHT[:5], new="\n".join(EIGHT[5:]), sure="on", movement="swiss")
    assert unrounded.status_code == 400 and "how many rounds" in text(unrounded.text)
    unknown = club.plan(play=EIGHT[:5], new="\n".join(EIGHT[5:]), sure="on", rounds="3", movement="ladder")
    assert unknown.status_code == 400 and "Movement: 'ladder' is not one offered" in text(unknown.text)

"""The roster: a near miss of a known player is refused with the suggestion, other accents or case are the
known player, and a player left out of a replan must be said to have gone home."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation.roster import ForgottenPlayersError, NearMissError, distance, fold, forgotten, match_roster

ROSTER = ("Helen", "Zoë", "Ann", "Marguerite", "Jean-Luc")


def test_the_same_name_in_another_case_or_accents_is_the_known_player() -> None:
    matched = match_roster(["helen", "ZOE", "Ann", "jean-luc"], ROSTER)
    assert matched.names == ("Helen", "Zoë", "Ann", "Jean-Luc")
    assert matched.known_as == (("helen", "Helen"), ("ZOE", "Zoë"), ("jean-luc", "Jean-Luc"))


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [("Hellen", "Helen"), ("Helne", "Helen"), ("Margerite", "Marguerite"), ("Margueritte", "Marguerite"),
     ("Marguerit", "Marguerite"), ("Ana", "Ann"), ("Zoe Smith", None)],
)  # fmt: skip
def test_a_name_a_letter_or_two_off_a_known_one_is_refused_with_the_suggestion(
    typed: str, suggested: str | None
) -> None:
    if suggested is None:
        assert match_roster([typed], ROSTER).names == (typed,)
        return
    with pytest.raises(NearMissError) as near:
        match_roster([typed], ROSTER)
    assert near.value.typed == typed and near.value.suggestions[0] == suggested
    assert f"did you mean {suggested!r}" in str(near.value)


def test_a_near_miss_declared_new_is_a_new_player() -> None:
    assert match_roster(["Hellen", "Helen"], ROSTER, new=["hellen"]).names == ("Hellen", "Helen")


def test_two_letters_off_a_short_name_is_another_name() -> None:
    """Short names differ by a letter or two all the time: Ann and Jan, Bob and Rob are other people."""
    assert match_roster(["Jon", "Bea"], ("Ann", "Bob")).names == ("Jon", "Bea")


def test_a_player_left_out_of_a_replan_must_be_said_to_have_gone() -> None:
    assert forgotten(("Ann", "Bob", "Cy"), ["ann", "Cy"], ()) == ("Bob",)
    assert forgotten(("Ann", "Bob", "Cy"), ["ann", "Cy"], ["BOB"]) == ()
    assert "Bob" in str(ForgottenPlayersError(("Bob",)))


def test_distance_counts_edits_and_swaps() -> None:
    assert distance("helen", "hellen", 2) == 1
    assert distance("helen", "hlene", 2) == 2  # two swaps apart: he-le-n -> hl-en-e
    assert distance("helen", "ehlen", 2) == 1  # one swap
    assert distance("ann", "marguerite", 2) == 3  # past the limit: reported as limit + 1


@given(st.text(max_size=12), st.text(max_size=12))
def test_distance_is_symmetric_and_zero_only_for_the_same(one: str, other: str) -> None:
    assert distance(one, other, 3) == distance(other, one, 3)
    assert (distance(one, other, 3) == 0) == (one == other)


def test_fold_drops_accents_and_case() -> None:
    assert fold("Zoë") == fold("ZOE") == "zoe" and fold("José  Núñez") == "jose nunez"

"""The club's services, called directly with a store in a temporary folder: the scoring chosen for a new
evening (refused as the terminal refuses it), everything typed checked before any planning, the preview's
plan reused by the start, members added without an evening, and New evening's ticked players."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.plan import Plan, PlanRequest
from rotation.services import club
from rotation.services.database import Store, open_store
from rotation.services.errors import NearMissError, PlanError
from rotation.services.evenings import plan_evening
from scoring.methods import DUPLICATE_METHOD, RUSSIAN_METHOD
from scoring.rules import PartscorePremium, ScoringRules
from scoring.tally import Rounding, Unit
from scoring.vulnerability import NONDEALER_CYCLE

FIVE = ("Ann", "Helen", "Doris", "Jean", "Shirley")
DAY = date(2025, 3, 14)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        yield opened


@pytest.fixture
def key(store: Store) -> str:
    """The club host's token."""
    links = club.club_links(store, "http://x")
    return links.host.rsplit("k=", 1)[1]


class Counting:
    """A planner that counts the plans it makes (the real planner, in this process)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, request: PlanRequest) -> Plan:
        self.calls += 1
        return plan_evening(request).plan


def asked(name: str = "Friday", **changes: object) -> club.EveningAsked:
    values: dict[str, object] = {"players": FIVE, "name": name, "played_on": DAY, "seed": 7, "rounds": 3}
    values.update(changes)
    return club.EveningAsked(**values)  # type: ignore[arg-type]


def test_no_choice_is_the_terminals_default() -> None:
    assert club.scoring_rules(club.ScoringAsked()) == ScoringRules()
    assert ScoringRules() == ScoringRules.from_mapping({"vulnerability": "dealer"})  # `chicago plan --save`


def test_each_choice_is_kept() -> None:
    chosen = club.scoring_rules(
        club.ScoringAsked("duplicate", "nondealer", "outstanding", "points", "half-even")
    )
    assert chosen.method is DUPLICATE_METHOD and chosen.vulnerability is NONDEALER_CYCLE
    assert chosen.partscore_premium is PartscorePremium.OUTSTANDING
    assert (chosen.unit, chosen.rounding) == (Unit.POINTS, Rounding.HALF_EVEN)
    russian = club.scoring_rules(club.ScoringAsked("Russian", "none,both"))
    assert russian.method is RUSSIAN_METHOD and russian.vulnerability.name == "none,both"


@pytest.mark.parametrize(
    ("choice", "setting", "words"),
    [
        (club.ScoringAsked(method="rubber"), "method", "unknown method 'rubber'"),
        (club.ScoringAsked(vulnerability="sometimes"), "vulnerability", "unknown vulnerability cycle"),
        (club.ScoringAsked(premium="never"), "premium", "unknown partscore_premium 'never'"),
        (club.ScoringAsked(unit="imps"), "unit", "unknown unit 'imps'"),
        (club.ScoringAsked("russian", unit="points"), "unit", "tallies in IMPs"),
        (club.ScoringAsked("russian", rounding="half-up"), "rounding", "tallies in IMPs"),
        (club.ScoringAsked(vulnerability="none," * 100), "vulnerability", "500 characters long"),
    ],
)
def test_a_choice_the_terminal_refuses_is_refused(
    choice: club.ScoringAsked, setting: str, words: str
) -> None:
    with pytest.raises(club.ScoringChoiceError) as refused:
        club.scoring_rules(choice)
    assert refused.value.setting == setting and words in str(refused.value)
    assert isinstance(refused.value, PlanError)


def test_the_evening_is_saved_with_the_scoring_chosen(store: Store, key: str) -> None:
    choice = club.ScoringAsked("russian", "nondealer")
    made = club.plan_new_evening(store, key, asked(scoring=choice), start=True, base="http://x")
    assert made.links is not None
    saved = store.load("Friday").session.rules
    assert saved.method is RUSSIAN_METHOD and saved.vulnerability is NONDEALER_CYCLE


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"name": "a/b"}, "hold a /"),
        ({"name": "Fri\x07day"}, "control character"),
        ({"name": "x" * 2000}, "2000 characters long; at most 40"),
        ({"name": "  "}, "the evening's name is empty"),
        ({"players": (*FIVE[:4], "Kim\u200b")}, "invisible formatting character"),
        ({"players": (*FIVE[:4], "Bad\u202eName")}, "invisible formatting character"),
        ({"players": (*FIVE[:4], "K" * 41), "new": ("K" * 41,)}, "41 characters long"),
        ({"players": (*FIVE[:4], "Kim\u200b"), "new": ("Kim\u200b",)}, "invisible formatting character"),
        ({"players": FIVE[:3]}, "at least four players, not 3"),
        ({"scoring": club.ScoringAsked("russian", unit="points")}, "tallies in IMPs"),
        ({"away": (("Ann", "x"),)}, "cannot read"),
    ],
)
def test_a_mistake_is_told_before_any_planning(
    store: Store, key: str, change: dict[str, object], words: str
) -> None:
    planner = Counting()
    with pytest.raises(PlanError) as refused:
        club.plan_new_evening(store, key, asked(**change), start=True, base="http://x", planner=planner)
    assert words in str(refused.value)
    assert planner.calls == 0 and store.sessions() == []


def test_the_start_saves_the_previewed_plan_without_planning_again(store: Store, key: str) -> None:
    counting = Counting()
    memo = club.PlanMemo(counting)
    many = ("Ann", "Helen", "Doris", "Jean", "Kim", "Lou", "Max", "Ned", "Pat")
    preview = club.plan_new_evening(
        store, key, asked(players=many, rounds=4), start=False, base="http://x", planner=memo
    )
    assert counting.calls == 1 and preview.links is None and preview.balance is not None
    started = club.plan_new_evening(
        store, key, asked(players=many, rounds=4), start=True, base="http://x", planner=memo
    )
    assert counting.calls == 1 and memo.made == 1
    assert started.links is not None
    saved = store.load("Friday").session.schedule
    assert saved.movement == preview.planned.plan.schedule.movement
    assert saved.players == preview.planned.plan.schedule.players


def test_a_changed_form_plans_anew_and_the_memory_is_bounded(store: Store, key: str) -> None:
    counting = Counting()
    memo = club.PlanMemo(counting, size=2)
    for seed in (1, 2, 3, 1):
        club.plan_new_evening(store, key, asked(seed=seed), start=False, base="http://x", planner=memo)
    assert counting.calls == 4  # seed 1 was forgotten when seed 3 came: two plans kept at most
    club.plan_new_evening(store, key, asked(seed=3), start=False, base="http://x", planner=memo)
    assert counting.calls == 4
    club.plan_new_evening(store, key, asked(seed=3, rounds=4), start=False, base="http://x", planner=memo)
    assert counting.calls == 5


def test_the_season_read_into_the_request_is_part_of_what_is_remembered(store: Store, key: str) -> None:
    """An evening saved between the preview and the start changes the season the plan takes into
    account: the start plans again rather than save a plan made for another season."""
    counting = Counting()
    memo = club.PlanMemo(counting)
    club.plan_new_evening(store, key, asked(rounds=5), start=False, base="http://x", planner=memo)
    club.plan_new_evening(
        store, key, asked("Before", played_on=date(2025, 3, 7), rounds=5), start=True, base="http://x"
    )
    club.plan_new_evening(store, key, asked(rounds=5), start=True, base="http://x", planner=memo)
    assert counting.calls == 2


def test_members_are_added_without_an_evening_and_stay(store: Store, key: str) -> None:
    added = club.add_members(store, key, ["Ann", "Helen", "ann ", "Zoë"])
    assert added.added == ("Ann", "Helen", "Zoë") and added.known == ()
    again = club.add_players(store, ["HELEN", "zoe", "Kim"])
    assert again.added == ("Kim",) and again.known == ("Helen", "Zoë")
    assert [name for name, _ in store.players()] == ["Ann", "Helen", "Kim", "Zoë"]
    club.plan_new_evening(store, key, asked(players=("Ann", "Helen", "Kim", "Jean")), start=True, base="x")
    club.add_players(store, ["Pat"])
    store.delete("Friday")  # the members who did not play it stay; its players left in no evening go
    assert [name for name, _ in store.players()] == ["Pat", "Zoë"]


def test_a_member_a_letter_off_a_known_one_is_refused_unless_declared(store: Store, key: str) -> None:
    club.add_players(store, ["Helen"])
    with pytest.raises(NearMissError) as near:
        club.add_members(store, key, ["Kim", "Hellen"])
    assert near.value.suggestions == ("Helen",)
    assert [name for name, _ in store.players()] == ["Helen"]  # nothing added: Kim neither
    assert club.add_members(store, key, ["Hellen"], new=["Hellen"]).added == ("Hellen",)
    with pytest.raises(PlanError, match="declared new but is not one of the names"):
        club.add_players(store, ["Kim"], new=["Lou"])
    for bad in ("Bad\u200bName", "x" * 41, "\x1b[31mRed"):
        with pytest.raises(PlanError):
            club.add_players(store, [bad])
    assert [name for name, _ in store.players()] == ["Helen", "Hellen"]


def test_new_evening_ticks_the_last_evenings_players(store: Store, key: str) -> None:
    assert club.new_evening_form(store, key) == club.NewEveningForm(())
    club.add_players(store, ["Pat"])
    club.plan_new_evening(store, key, asked("Late", played_on=date(2025, 3, 21)), start=True, base="x")
    four = ("Ann", "Helen", "Doris", "Kim")
    club.plan_new_evening(store, key, asked("Early", players=four), start=True, base="x")
    form = club.new_evening_form(store, key)
    assert form.roster == ("Ann", "Doris", "Helen", "Jean", "Kim", "Pat", "Shirley")
    assert form.last is not None and form.last.name == "Late"  # the latest date, not the last saved
    assert sorted(form.ticked) == sorted(FIVE)


def test_the_clubs_services_refuse_a_wrong_key(store: Store, key: str) -> None:
    from rotation.services.errors import RefusedError

    for call in (
        lambda: club.add_members(store, "nope", ["Kim"]),
        lambda: club.new_evening_form(store, "nope"),
        lambda: club.plan_new_evening(store, "nope", asked(), start=False, base="x"),
    ):
        with pytest.raises(RefusedError):
            call()
    assert store.players() == []


@pytest.mark.parametrize(
    ("players", "rounds"), [(4, 3), (5, 5), (6, 8), (8, 7), (9, club.DEFAULT_ROUNDS_AT_MOST)]
)
def test_the_default_rounds_are_what_new_evening_says(
    store: Store, key: str, players: int, rounds: int
) -> None:
    """New evening's hint: every pair partners once, at most 8 rounds; 4, 5 and 6 players the bulletin's
    3, 5 and 8 (8 players: 28 pairs, 4 partnerships a round, 7 rounds; 9: 36 pairs would take 9)."""
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")[:players]
    made = club.plan_new_evening(store, key, asked(players=names, rounds=None), start=False, base="x")
    assert len(made.planned.plan.schedule.rounds) == rounds
    assert club.DEFAULT_ROUNDS_AT_MOST == 8


@pytest.mark.parametrize("name", ["x" * 2000, "a\x07b", "Fri\u202eday", "nosuch", "a/b"])
def test_opening_an_evening_by_a_name_none_can_have_is_no_such_evening(
    store: Store, key: str, name: str
) -> None:
    from rotation.services.errors import NoSuchSessionError

    with pytest.raises(NoSuchSessionError):
        club.evening_links(store, key, name, "http://x")

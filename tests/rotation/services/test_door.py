"""The services as the faces' only door, called directly with a store in a temporary folder: a plan asked
in plain values (preview, saved, replanned in place), the option rules kept below the faces, tally, the
balance check and the season's pair counts, and the error tree that says whose fault each error is."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.balance import Stop
from rotation.errors import ChicagoError, MachineError, UserError, is_users
from rotation.request import Method, Order
from rotation.services import errors, evenings, plans, rubbers, sheets
from rotation.services.database import Store, open_store
from rotation.services.season import RankAsked, rank
from scoring.methods import MethodName
from scoring.tally import RecordedNet, Unit
from tests.conftest import BULLETIN_FIVE

EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
DAY = date(2026, 11, 24)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        yield opened


def asked(names: tuple[str, ...] = EIGHT, **options: object) -> plans.PlanAsked:
    """A plan asked as the command line asks it, the score sheet in the order given."""
    return plans.PlanAsked(names, Order.GIVEN, **{"played_on": DAY, **options})  # type: ignore[arg-type]


# -- the error tree -----------------------------------------------------------------------------------


def test_every_error_a_service_raises_is_on_one_branch() -> None:
    """Each typed error the services name is the user's or the machine's, never both, never neither (the
    roots and StoreError, the store's own root, aside)."""
    roots = {ChicagoError, UserError, MachineError, errors.StoreError}
    kinds = [
        value
        for name in errors.__all__
        if inspect.isclass(value := getattr(errors, name)) and issubclass(value, BaseException)
    ]
    assert len(kinds) >= 26
    for kind in kinds:
        assert issubclass(kind, ChicagoError), kind
        if kind not in roots:
            assert issubclass(kind, UserError) != issubclass(kind, MachineError), kind


@pytest.mark.parametrize(
    ("kind", "users"),
    [
        (errors.NoSuchSessionError, True),
        (errors.SessionNameTakenError, True),
        (errors.PlayerExistsError, True),
        (errors.NoDatabaseError, True),
        (errors.StoreRefusedError, True),
        (errors.FormatError, True),
        (errors.PlanError, True),
        (errors.SessionError, True),
        (errors.ChangedMeanwhileError, True),
        (errors.MixedUnitsError, True),
        (errors.NearMissError, True),
        (errors.ForgottenPlayersError, True),
        (errors.RefusedError, True),
        (errors.SameEveningError, True),
        (errors.AskedError, True),
        (errors.LockedError, False),
        (errors.DiskFullError, False),
        (errors.ReadOnlyError, False),
        (errors.DamagedError, False),
        (errors.NewerSchemaError, False),
        (errors.NotOurDatabaseError, False),
    ],
)
def test_whose_fault(kind: type[Exception], users: bool) -> None:
    assert issubclass(kind, UserError) is users
    assert issubclass(kind, MachineError) is not users


@pytest.mark.parametrize("name", ["a/b", "tue\x01", "x" * 2000, "  ", "--json"])
def test_a_bad_evening_name_is_the_users(store: Store, name: str) -> None:
    """An evening's name the store cannot keep is the user's mistake (a 4xx, exit 2), and nothing is saved."""
    with pytest.raises(UserError) as caught:
        plans.plan(store, asked(save=name))
    assert isinstance(caught.value, errors.StoreRefusedError)
    assert evenings.list_evenings(store) == []


def test_a_damaged_database_is_the_machines(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    path.write_bytes(b"not a database at all, " * 100)
    with pytest.raises(ChicagoError) as caught, open_store(path) as store:
        evenings.list_evenings(store)
    assert not is_users(caught.value)
    assert isinstance(caught.value, MachineError)


def test_the_web_status_follows_the_tree() -> None:
    """The live page answers by the branch: 4xx for the user's, 503 for the store and the machine."""
    from rotation.web.http import status_of

    assert status_of(errors.StoreRefusedError("a session name cannot hold a /")) == 400
    assert status_of(errors.RefusedError("no")) == 403
    assert status_of(errors.NoSuchSessionError("gone")) == 404
    assert status_of(errors.ChangedMeanwhileError("changed")) == 409
    assert status_of(errors.LockedError("locked")) == 503
    assert status_of(errors.DamagedError("damaged")) == 503


# -- the option rules, below the faces ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "rule"),
    [
        ({"scoring": MethodName.DUPLICATE}, plans.Rule.SCORING_UNKEPT),
        ({"scoring": MethodName.RUSSIAN, "unit": Unit.POINTS, "save": "tue"}, plans.Rule.IMPS_UNIT),
        ({"vulnerability": "sometimes"}, plans.Rule.CYCLE),
    ],
)
def test_options_that_do_not_go_together(store: Store, options: dict[str, object], rule: plans.Rule) -> None:
    with pytest.raises(errors.AskedError) as caught:
        plans.plan(store, asked(**options))
    assert caught.value.rule is rule
    assert is_users(caught.value)
    assert evenings.list_evenings(store) == []


def test_scoring_written_with_the_data_is_allowed(store: Store) -> None:
    made = plans.plan(None, asked(scoring=MethodName.DUPLICATE, as_data=True))
    assert made.data is not None
    assert made.data["scoring"]["method"] == "duplicate"  # type: ignore[index]
    assert made.planned.saved is None


def test_away_text_is_read_below_the_face(store: Store) -> None:
    """``NAME:ROUNDS`` as typed: Ann is at no table in rounds 1 and 2."""
    made = plans.plan(None, asked(away=("Ann:1-2",), method=Method.BALANCED, rounds=4))
    schedule = made.planned.plan.schedule
    ann = schedule.players.index("Ann")
    for number, played in enumerate(schedule.rounds, 1):
        seated = {p for table in played.tables for p in table.players}
        assert (ann in seated) is (number > 2), number


# -- plan, save, replan ----------------------------------------------------------------------------------


def test_a_preview_saves_nothing_and_a_save_is_the_preview(store: Store) -> None:
    preview = plans.plan(store, asked())
    assert preview.planned.saved is None and evenings.list_evenings(store) == []
    made = plans.plan(store, asked(save="tue"))
    assert made.planned.saved is not None
    assert made.planned.saved.session.schedule == preview.planned.plan.schedule
    assert [s.name for s in evenings.list_evenings(store)] == ["tue"]


def test_a_cut_draws_a_seed_and_the_seed_draws_it_again(store: Store) -> None:
    first = plans.plan(None, plans.PlanAsked(EIGHT))
    assert first.seed is not None
    again = plans.plan(None, plans.PlanAsked(EIGHT, seed=first.seed))
    assert again.planned.plan.schedule.players == first.planned.plan.schedule.players


def test_replan_in_place_keeps_the_rounds_played_and_their_results(store: Store) -> None:
    """Saved, round 1 recorded, Hal goes home: replanned under its own name, round 1 and its results kept,
    Hal at no table after it."""
    made = plans.plan(store, asked(save="tue", method=Method.BALANCED, rounds=4))
    assert made.planned.saved is not None
    tables = len(made.planned.saved.session.schedule.rounds[0].tables)
    for table in range(1, tables + 1):
        rubbers.record_rubber(store, "tue", 1, table, net=RecordedNet.parse("N-S 300"))
    again = plans.plan(
        store,
        asked(EIGHT[:-1], keep=plans.KeepAsked(evening="tue"), save="tue", gone=("Hal",)),
    )
    assert again.planned.replaced and again.planned.kept == 1
    saved = again.planned.saved
    assert saved is not None and saved.name == "tue"
    assert saved.session.schedule.rounds[0] == made.planned.saved.session.schedule.rounds[0]
    assert len(saved.session.results) == tables
    hal = saved.session.schedule.players.index("Hal")
    for later in saved.session.schedule.rounds[1:]:
        assert all(hal not in table.players for table in later.tables)
    assert [s.name for s in evenings.list_evenings(store)] == ["tue"]


def test_replan_without_naming_a_player_is_refused(store: Store) -> None:
    plans.plan(store, asked(save="tue"))
    with pytest.raises(errors.ForgottenPlayersError) as caught:
        plans.plan(store, asked(EIGHT[:-1], keep=plans.KeepAsked(evening="tue"), save="tue"))
    assert caught.value.names == ("Hal",)


def test_plan_evening_keywords_still_route_to_the_use_cases(store: Store) -> None:
    """The old ten keywords: no save is a preview; a save a new evening; a replacing save a replan."""
    from rotation.plan import PlanRequest
    from scoring.rules import ScoringRules

    request = PlanRequest(BULLETIN_FIVE, Order.GIVEN)
    preview = evenings.plan_evening(request, store=store)
    assert preview.saved is None
    saved = evenings.plan_evening(request, store=store, save=evenings.SaveAs("wed", DAY, ScoringRules()))
    assert saved.saved is not None and saved.saved.session.schedule == preview.plan.schedule
    with pytest.raises(TypeError):
        evenings.plan_evening(request, save=evenings.SaveAs("thu", DAY, ScoringRules()))


# -- tally, check, season ---------------------------------------------------------------------------------


def _partner_counts(schedule: sheets.Schedule) -> Counter[frozenset[int]]:
    """Who partnered whom, counted straight from the seating."""
    counted: Counter[frozenset[int]] = Counter()
    for played in schedule.rounds:
        for table in played.tables:
            counted[frozenset((table.north, table.south))] += 1
            counted[frozenset((table.east, table.west))] += 1
    return counted


def test_tally_and_rank_of_a_recorded_evening(store: Store) -> None:
    """Every rubber's plus equals its minus: the tally's totals and the season's sum to zero, and a player
    plays one rubber per round at a table."""
    made = plans.plan(store, asked(BULLETIN_FIVE, save="tue"))
    assert made.planned.saved is not None
    schedule = made.planned.saved.session.schedule
    for number in range(1, len(schedule.rounds) + 1):
        rubbers.record_rubber(store, "tue", number, None, net=RecordedNet.parse("N-S 300"))
    session = evenings.load_evening(store, "tue").session
    sheet = sheets.tally_evening(session)
    assert sum(s.total for s in sheet.standings) == 0
    played = Counter(p for r in schedule.rounds for t in r.tables for p in t.players)
    assert {schedule.players[s.player]: s.rubbers for s in sheet.standings} == {
        schedule.players[p]: n for p, n in played.items()
    }
    season = rank(store, RankAsked())
    assert sum(line.total for line in season.lines) == 0
    assert {line.name: line.played for line in season.lines} == {
        schedule.players[p]: n for p, n in played.items()
    }


def test_check_of_a_schedule(store: Store) -> None:
    """The balance check counts partners as the seating says, and stopping after the last round is the
    whole evening."""
    made = plans.plan(None, asked())
    schedule = made.planned.plan.schedule
    checked = sheets.check_schedule(schedule)
    stops = list(checked.stops())
    assert [stop.n_rounds for stop in stops] == list(range(1, len(schedule.rounds) + 1))
    assert stops[-1] == Stop.of(checked.balance)  # stopping after the last round is the whole evening
    assert checked.balance == made.balance
    pairs = _partner_counts(schedule)
    assert sum(pairs.values()) == 2 * sum(len(r.tables) for r in schedule.rounds)


def test_pair_counts_over_the_season(store: Store) -> None:
    first = plans.plan(store, asked(save="mon"))
    second = plans.plan(store, asked(save="tue", played_on=date(2026, 11, 25)))
    assert first.planned.saved is not None and second.planned.saved is not None
    counted: Counter[frozenset[str]] = Counter()
    for made in (first, second):
        schedule = made.planned.plan.schedule
        for pair, n in _partner_counts(schedule).items():
            counted[frozenset(schedule.players[p] for p in pair)] += n
    counts = sheets.pair_counts(store)
    assert counts.evenings == 2 and counts.first == DAY and counts.last == date(2026, 11, 25)
    assert counts.players == 8 and counts.pairs == 28
    spread = dict(counts.partnered.spread)
    assert sum(spread.values()) == 28
    assert spread.get(0, 0) == 28 - len(counted)
    most = {frozenset((a, b)): c for a, b, c in counts.partnered.most}
    assert most == {pair: n for pair, n in counted.items() if n > 1} or len(most) == sheets.PAIRS_LISTED
    assert sheets.pair_counts(store, since=date(2026, 11, 25)).evenings == 1
    assert sheets.pair_counts(None).evenings == 0


def test_a_file_read_below_the_face() -> None:
    schedule = plans.plan(None, asked()).planned.plan.schedule
    from rotation.render.reports import tally_data  # noqa: F401  (the printers stay importable)

    data = plans.plan(None, asked(as_data=True)).data
    assert sheets.read_schedule(data) == schedule
    with pytest.raises(errors.FormatError):
        sheets.read_schedule({"format": "nonsense"})
    with pytest.raises(errors.JsonTextError):
        sheets.json_value("[" * 10_000)
    assert sheets.known_as(["ann", "Bob"], ["Ann", "Bob"]) == (("ann", "Ann"),)


@pytest.mark.parametrize(
    "error",
    [
        errors.AskedError("Russian scoring tallies in IMPs", plans.Rule.IMPS_UNIT),
        errors.StoreRefusedError("a session needs a name"),
        errors.StoreFailedError("the plan must keep its players"),
        errors.JsonTextError("nested too deep"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_the_new_errors_pickle_as_made(error: Exception) -> None:
    """A planner process's error comes back as raised: type, message and facts."""
    import pickle

    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error) and str(back) == str(error) and vars(back) == vars(error)

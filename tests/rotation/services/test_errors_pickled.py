"""Every typed error a service raises comes back from a planner process as it was raised: pickled and
unpickled, the same type, the same message and the same facts (once, a forgotten player's names came back
joined letter by letter, "n, o, t, , n, a, m, e, d", because the error was rebuilt from its message)."""

from __future__ import annotations

import pickle
from datetime import date

import pytest

from rotation.request import Fault, Part
from rotation.results.session import RubberRecord, refused_at
from rotation.services import errors
from rotation.services.club import ScoringChoiceError
from scoring.deal import RecordedDeal
from scoring.rubber import RubberError
from scoring.tally import RecordedNet, Unit

RUBBER = RubberRecord(1, 2, deals=(RecordedDeal.parse("3NT N -2"),))
NET = RubberRecord(1, 2, net=RecordedNet(-5, Unit.HUNDREDS))

MADE = (
    errors.ForgottenPlayersError(("Ann", "Bob")),
    errors.NearMissError("Hellen", ("Helen", "Ellen")),
    errors.SameEveningError("monday", date(2026, 11, 2)),
    errors.NoSuchSessionError("no evening 'x'", name="x", recent=("monday", "tuesday")),
    errors.SessionNameTakenError("taken", "Monday"),
    errors.PlayerExistsError("exists", "Ann", "Anne"),
    errors.PlanError("bad away", part=Part.AWAY, fault=Fault.UNREADABLE, text="Ann:9", form="NAME:ROUNDS"),
    errors.AlreadyRecordedError(1, 2, NET, complete=False),
    errors.RecordedAsNetError(1, 2, NET),
    errors.NothingRecordedError(3, 1),
    errors.TableNeededError(2, (("Ann", "Bob", "Cy", "Di"), ("Ed", "Flo", "Gus", "Hal"))),
    errors.MovedOnError(1, 2, 0, RUBBER),
    errors.ResultBeyondKeptError(1, 1),
    refused_at(
        1, 2, RubberError("deal 1: 3NT = needs its declarer's seat", "no declarer", number=1, result="3NT =")
    ),
    errors.ReseatRefusedError(1, 2, ((2, 1), (2, 3))),
    errors.DrivePlayersError("under way", 2, 3),
    errors.ChangedMeanwhileError("the plan changed"),
    errors.RefusedError("this link is not valid"),
    errors.MixedUnitsError("mixed"),
    errors.FormatError("bad file"),
    errors.LockedError("locked"),
    errors.AskedError("Russian scoring tallies in IMPs: no unit or rounding applies", errors.Rule.IMPS_UNIT),
    errors.AskedError("replanned in place", errors.Rule.HOUSE_REPLANNED),
    errors.HouseError("no house rules 'casual'"),
    errors.PlannerStoppedError(),
    errors.PlannerStoppedError("The plan needs more memory than the planner may use (3.0 GB)"),
    errors.PlanAbandonedError("the plan's asker left"),
    errors.JsonTextError("the JSON nests deeper than 100 levels"),
    ScoringChoiceError("no such method", "method"),
    errors.StoreRefusedError("no name"),
    errors.StoreFailedError("the store failed"),
)


def facts(error: Exception) -> dict[str, object]:
    return {key: value for key, value in vars(error).items() if not key.startswith("__")}


@pytest.mark.parametrize("error", MADE, ids=lambda error: type(error).__name__)
def test_a_typed_error_is_pickled_as_made(error: Exception) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == str(error)
    assert facts(back) == facts(error)


def test_every_typed_error_of_the_door_is_tried() -> None:
    """Every error class the door offers (values such as `Rule` are not errors) is in MADE, but the
    roots and the store's errors that carry nothing but their message."""
    tried = {type(error).__name__ for error in MADE}
    offered = {
        name
        for name in errors.__all__
        if isinstance(getattr(errors, name), type) and issubclass(getattr(errors, name), BaseException)
    }
    untried = offered - tried - {"ChicagoError", "UserError", "MachineError"}
    untried -= {"StoreError", "SessionError", "DamagedError", "DiskFullError"}
    untried -= {"NewerSchemaError", "NoDatabaseError", "NotOurDatabaseError", "ReadOnlyError"}
    assert not untried, f"add these to MADE: {sorted(untried)}"


def test_the_planners_faults_are_the_machines() -> None:
    assert not errors.is_users(errors.PlannerStoppedError())
    assert not errors.is_users(errors.PlanAbandonedError("gone"))
    assert "a new one has started" in str(errors.PlannerStoppedError())


def test_the_names_of_players_forgotten_come_back_whole() -> None:
    back = pickle.loads(pickle.dumps(errors.ForgottenPlayersError(("Ann", "Bob"))))
    assert back.names == ("Ann", "Bob")
    assert str(back) == "not named and not said to have gone home: Ann, Bob"

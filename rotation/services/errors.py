"""Every typed error a service may raise, in one place for the faces to catch and word. Each carries
facts (round, table, names, what a rubber held); none words what to type or press next. Every one is a
`UserError` (what the user gave: exit 2, a 4xx) or a `MachineError` (the store and the machine: exit 1,
a 5xx), both under `ChicagoError`, so a face answers any of them by its branch alone."""

from __future__ import annotations

from rotation.errors import ChicagoError, MachineError, UserError, is_users
from rotation.io.database import (
    DamagedError,
    DiskFullError,
    LockedError,
    NewerSchemaError,
    NoDatabaseError,
    NoSuchSessionError,
    NotOurDatabaseError,
    ReadOnlyError,
    StoreError,
    StoreFailedError,
    StoreRefusedError,
)
from rotation.io.formats import FormatError
from rotation.io.store import PlayerExistsError, SessionNameTakenError
from rotation.jsontext import JsonTextError
from rotation.plan import PlanError
from rotation.results.recording import (
    AlreadyRecordedError,
    ChangedMeanwhileError,
    MovedOnError,
    NothingRecordedError,
    RecordedAsNetError,
    ResultBeyondKeptError,
    TableNeededError,
)
from rotation.results.season import MixedUnitsError
from rotation.results.session import RubberRefusedError, SessionError
from rotation.roster import ForgottenPlayersError, NearMissError
from rotation.services.access import RefusedError
from rotation.services.drives import DrivePlayersError, ReseatRefusedError
from rotation.services.evenings import SameEveningError
from rotation.services.houses import HouseError
from rotation.services.plans import AskedError, Rule


class PlannerStoppedError(MachineError, RuntimeError):
    """The planner's process ended before answering (the system killed it, most likely for memory, or the
    plan needed more memory than a planner may use): a fault of the machine, not of the request; the next
    plan starts a fresh process."""

    def __init__(self, words: str = "") -> None:
        super().__init__(
            words
            or "The planner's process stopped before the plan was made (the computer may be short of"
            " memory); a new one has started: go back and try again."
        )


class PlanAbandonedError(MachineError, RuntimeError):
    """The plan was stopped because whoever asked for it left (nobody reads the answer), or the server is
    stopping: nothing the request did wrong."""


__all__ = [
    "AlreadyRecordedError",
    "AskedError",
    "ChangedMeanwhileError",
    "ChicagoError",
    "DamagedError",
    "DiskFullError",
    "DrivePlayersError",
    "ForgottenPlayersError",
    "FormatError",
    "HouseError",
    "JsonTextError",
    "LockedError",
    "MachineError",
    "MixedUnitsError",
    "MovedOnError",
    "NearMissError",
    "NewerSchemaError",
    "NoDatabaseError",
    "NoSuchSessionError",
    "NotOurDatabaseError",
    "NothingRecordedError",
    "PlanAbandonedError",
    "PlanError",
    "PlannerStoppedError",
    "PlayerExistsError",
    "ReadOnlyError",
    "RecordedAsNetError",
    "RefusedError",
    "ReseatRefusedError",
    "ResultBeyondKeptError",
    "RubberRefusedError",
    "Rule",
    "SameEveningError",
    "SessionError",
    "SessionNameTakenError",
    "StoreError",
    "StoreFailedError",
    "StoreRefusedError",
    "TableNeededError",
    "UserError",
    "is_users",
]

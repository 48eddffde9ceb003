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
from rotation.results.session import SessionError
from rotation.roster import ForgottenPlayersError, NearMissError
from rotation.services.access import RefusedError
from rotation.services.evenings import SameEveningError
from rotation.services.plans import AskedError, Rule

__all__ = [
    "AlreadyRecordedError",
    "AskedError",
    "ChangedMeanwhileError",
    "ChicagoError",
    "DamagedError",
    "DiskFullError",
    "ForgottenPlayersError",
    "FormatError",
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
    "PlanError",
    "PlayerExistsError",
    "ReadOnlyError",
    "RecordedAsNetError",
    "RefusedError",
    "ResultBeyondKeptError",
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

"""Every typed error a service may raise, in one place for the faces to catch and word. Each carries
facts (round, table, names, what a rubber held); none words what to type or press next."""

from __future__ import annotations

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
)
from rotation.io.formats import FormatError
from rotation.io.store import PlayerExistsError, SessionNameTakenError
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

__all__ = [
    "AlreadyRecordedError",
    "ChangedMeanwhileError",
    "DamagedError",
    "DiskFullError",
    "ForgottenPlayersError",
    "FormatError",
    "LockedError",
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
    "SameEveningError",
    "SessionError",
    "SessionNameTakenError",
    "StoreError",
    "TableNeededError",
]

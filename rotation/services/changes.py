"""The record of every change to an evening, as the faces ask for it: who they are (`Source`, passed with
each change they make) and an evening's log (`evening_log`), read in one transaction with the evening.
A deleted or replaced rubber is brought back by `rotation.services.rubbers.restore_rubber`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rotation.io.changelog import schedule_data
from rotation.io.formats import record_to_data
from rotation.io.store import Evening, Store, StoredSession
from rotation.results.changes import (
    CLUB_PAGE,
    HOST_PAGE,
    TERMINAL,
    Change,
    Face,
    Kind,
    NameEdit,
    NothingToRestoreError,
    PlanEdit,
    RecordedSinceError,
    RubberEdit,
    Source,
    replay,
    table_link,
)
from rotation.services.access import check_access

__all__ = [
    "CLUB_PAGE",
    "HOST_PAGE",
    "TERMINAL",
    "Change",
    "EveningLog",
    "Face",
    "Kind",
    "NameEdit",
    "NothingToRestoreError",
    "PlanEdit",
    "RecordedSinceError",
    "RubberEdit",
    "Source",
    "evening_log",
    "log_data",
    "replay",
    "table_link",
]


@dataclass(frozen=True, slots=True)
class EveningLog:
    """An evening as stored and its log, oldest change first, read in the same transaction."""

    evening: StoredSession
    changes: tuple[Change, ...]


def evening_log(
    store: Store, evening: Evening, key: str | None = None, *, latest: int | None = None
) -> EveningLog:
    """The evening's log (``latest``: only its last changes, as a page shows them): for the terminal
    (no ``key``) or the holder of its host link (RefusedError for any other link: a table's or the
    standings' link does not show who changed what)."""
    with store.reading() as tx:
        stored = tx.load(evening)
        check_access(tx, stored, key, None)  # the host's link alone, or none at the terminal
        return EveningLog(stored, tx.changes(stored, latest))


def log_data(log: EveningLog) -> dict[str, Any]:
    """The log as `chicago log --json` prints it: the evening's name and date, and each change with its
    time (UTC), source, kind, and what it held before and after, as a session file writes them."""
    return {
        "name": log.evening.name,
        "date": log.evening.played_on.isoformat(),
        "changes": [change.data(record_to_data, schedule_data) for change in log.changes],
    }

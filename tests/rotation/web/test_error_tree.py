"""The web face answers by the error tree: the planner's faults are the machine's (503, in their own
words, never called the database's), the store's the database's, and the page's own refusals the user's."""

from __future__ import annotations

import pytest

from rotation.errors import MachineError, UserError
from rotation.services import errors, rubbers
from rotation.web import workers
from rotation.web.http import machine_words, status_of
from rotation.web.season_views import BadQueryError


@pytest.mark.parametrize(
    "error", [errors.PlannerStoppedError(), errors.PlanAbandonedError("the plan's asker left")]
)
def test_the_planners_faults_are_a_503_in_their_own_words(error: Exception) -> None:
    assert isinstance(error, MachineError) and status_of(error) == 503
    assert machine_words(error) == str(error) and "database" not in machine_words(error)


def test_the_stores_fault_is_the_databases() -> None:
    locked = errors.LockedError("the database is locked")
    assert status_of(locked) == 503
    assert machine_words(locked) == "The session database cannot be used: the database is locked"


def test_the_planners_errors_are_still_named_where_they_were() -> None:
    assert workers.PlannerStoppedError is errors.PlannerStoppedError
    assert workers.PlanAbandonedError is errors.PlanAbandonedError


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (BadQueryError("best: give a number"), 400),
        (rubbers.IncompleteDealError("give the honors"), 400),
        (errors.ChangedMeanwhileError("the plan changed"), 409),
        (errors.RefusedError("not this link"), 403),
    ],
)
def test_the_pages_refusals_are_the_users(error: Exception, status: int) -> None:
    assert isinstance(error, UserError) and status_of(error) == status

"""What either face hands the services, bounded where it is read: a new player's name no player may
have is the typed PlanError both faces word (never a crash in the roster), and a rubber holds at most
`MAX_PASSED_OUT` passed-out deals however it arrives: deal by deal from a phone, whole at the terminal,
from a session file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.cut import Order
from rotation.plan import PlanError, PlanRequest
from rotation.services import evenings
from rotation.services.database import Store, open_store
from scoring.rubber import MAX_PASSED_OUT
from tests.conftest import BULLETIN_FIVE

HIDDEN = ("Ed\u200bna", "Ed\u202ena", "Ed\x07na", "E" * 41)
"""A zero-width space, a right-to-left override, a control character, one character too many."""

PASSES_REFUSED = (
    f"round 1, table 1: {MAX_PASSED_OUT + 1} passed-out deals in one rubber; at most {MAX_PASSED_OUT}"
    " (a passed-out deal is redealt by the same dealer until a contract is reached)"
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        yield opened


def _save(store: Store, name: str = "tue") -> evenings.Planned:
    from scoring.rules import ScoringRules

    request = PlanRequest(BULLETIN_FIVE, Order.GIVEN)
    return evenings.plan_evening(
        request, store=store, save=evenings.SaveAs(name, date(2026, 11, 24), ScoringRules())
    )


@pytest.mark.parametrize("name", HIDDEN, ids=["zero-width", "bidi override", "control", "41 characters"])
def test_a_new_players_unusable_name_is_a_plan_error(store: Store, name: str) -> None:
    """Declared new against a roster (the comparison once crashed on it), or said to have gone home at a
    replan: PlanError, the error both faces answer with a sentence, and nothing saved."""
    _save(store)
    request = PlanRequest((*BULLETIN_FIVE, name), Order.GIVEN)
    with pytest.raises(PlanError, match="a player's name"):
        evenings.plan_evening(request, store=store, new=(name,))
    with pytest.raises(PlanError, match="a player's name"):
        evenings.replan_evening(store, "tue", BULLETIN_FIVE[:4], gone=(name,))
    assert [s.name for s in evenings.list_evenings(store)] == ["tue"]

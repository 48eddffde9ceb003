"""The seating core of a Chicago evening: who sits where in every round, and how even that is.

The packages around it each do one thing (README, "How it is built"): `movements` (the bulletin's
movements and the whist book), `solver` (balanced schedules with CP-SAT), `plan` (a request in, a plan out),
`results` (sessions, recording, seasons), `io` (JSON and the SQLite store), `render` (cards, sheets,
terminal tables), `cli` (the `chicago` command) and `build` (regenerates the book; never at run time).
"""

from typing import TYPE_CHECKING

# The submodule and the function share a name: bind the function over the submodule (cut.py is tiny).
from rotation.cut import Order, cut

if TYPE_CHECKING:  # at run time each name loads when first used, so `chicago score` loads none of them
    from rotation.balance import Balance, Bound, check
    from rotation.deals import DealPlan, deal_plans
    from rotation.model import InvalidScheduleError, Movement, Player, Round, Schedule, Table

_LAZY = {
    "Balance": "rotation.balance",
    "Bound": "rotation.balance",
    "check": "rotation.balance",
    "DealPlan": "rotation.deals",
    "deal_plans": "rotation.deals",
    "InvalidScheduleError": "rotation.model",
    "Movement": "rotation.model",
    "Player": "rotation.model",
    "Round": "rotation.model",
    "Schedule": "rotation.model",
    "Table": "rotation.model",
}

__all__ = [
    "Balance",
    "Bound",
    "DealPlan",
    "InvalidScheduleError",
    "Movement",
    "Order",
    "Player",
    "Round",
    "Schedule",
    "Table",
    "check",
    "cut",
    "deal_plans",
]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rotation' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)

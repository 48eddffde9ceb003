"""The root of every typed error the services raise, split by whose fault it is, so that each face
answers a mistake alike without listing error types: what the user gave (`UserError`: exit 2 at the
terminal, a 4xx on a page, the form kept) or the store and the machine (`MachineError`: exit 1, a 5xx).
Each error still carries its own facts; each face words them."""

from __future__ import annotations

__all__ = ["ChicagoError", "MachineError", "UserError", "is_users"]


class ChicagoError(Exception):
    """A typed error of this project: its message says what happened in the host's words."""


class UserError(ChicagoError):
    """What the user gave cannot be done as given: a name unknown, taken or unreadable, a request the
    planner refuses, a result that does not fit. Telling them is the whole answer."""


class MachineError(ChicagoError):
    """The store or the machine failed a request that was fine: the database locked, full, read-only,
    damaged or newer, a file or a process not to be had."""


def is_users(error: BaseException) -> bool:
    """Whether ``error`` is the user's to put right (anything else that fails is the machine's)."""
    return isinstance(error, UserError)

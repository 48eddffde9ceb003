"""Balanced schedules for any group, behind one function: ``solve(spec) -> SolveResult``."""

from rotation.solver.engine import (
    WORK,
    InvalidSpecError,
    PlanSpec,
    PrefixOrder,
    Progress,
    SolveResult,
    Status,
    Term,
    solve,
)

__all__ = [
    "WORK",
    "InvalidSpecError",
    "PlanSpec",
    "PrefixOrder",
    "Progress",
    "SolveResult",
    "Status",
    "Term",
    "solve",
]

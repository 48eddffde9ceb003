"""Balanced schedules for any group, behind one function: ``solve(spec) -> SolveResult``."""

from rotation.solver.engine import InvalidSpecError, PlanSpec, Progress, SolveResult, Status, Term, solve

__all__ = ["InvalidSpecError", "PlanSpec", "Progress", "SolveResult", "Status", "Term", "solve"]

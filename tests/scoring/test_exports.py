"""The public API of `scoring` is pinned, and the package stays pure."""

from __future__ import annotations

import ast
from pathlib import Path

import scoring

PUBLIC = {
    "CHICAGO_METHOD", "CYCLES", "DEALER_CYCLE", "DUPLICATE_METHOD", "METHODS", "NONDEALER_CYCLE", "PASS",
    "RUSSIAN_METHOD",
    "Contract", "DealPoints", "DealScore", "Doubling", "Entry", "Honors",
    "InvalidContractError", "InvalidDealError", "InvalidNetError", "InvalidResultError", "InvalidRulesError",
    "Item", "Line", "PartscorePremium", "PassedOut", "RecordedDeal", "RecordedNet", "Result",
    "Rounding", "RubberError", "RubberScore", "RussianScore", "ScoringMethod", "ScoringRules", "Seat", "Side",
    "Standing", "Step", "Strain", "TallyUnit", "Unit", "UnknownCycleError", "UnknownMethodError",
    "Vulnerability", "VulnerabilityCycle", "credit_rubber", "deal_points", "duplicate_score", "find_cycle",
    "find_method", "hcp_target", "imps", "parse_deal",
    "russian_imps", "russian_score", "score_rubber", "standings", "tally_net",
}  # fmt: skip

SOURCES = sorted(Path(scoring.__file__).parent.glob("*.py"))
IMPURE_MODULES = {
    "rotation",
    "os",
    "sys",
    "io",
    "time",
    "datetime",
    "random",
    "pathlib",
    "sqlite3",
    "logging",
}
IMPURE_CALLS = {"print", "open", "input"}


def test_all_is_pinned() -> None:
    """Adding or removing a public name is a deliberate change to this list."""
    assert set(scoring.__all__) == PUBLIC
    assert len(scoring.__all__) == len(PUBLIC)


def test_every_export_exists_and_is_ours() -> None:
    """Each exported name resolves, and classes and functions come from the scoring package."""
    for name in scoring.__all__:
        member = getattr(scoring, name)
        module = getattr(member, "__module__", None)
        if callable(member) and module is not None:
            assert module.startswith("scoring."), name


def test_value_errors_are_named() -> None:
    """Every error a user can cause is a named ValueError subclass."""
    errors = [name for name in scoring.__all__ if name.endswith("Error")]
    assert errors
    for name in errors:
        assert issubclass(getattr(scoring, name), ValueError), name


def test_scoring_is_pure() -> None:
    """DESIGN.md: scoring imports nothing of rotation and touches no files, clock, terminal or randomness."""
    assert len(SOURCES) >= 10
    for path in SOURCES:
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                roots = set()
            assert not roots & IMPURE_MODULES, f"{path.name} imports {roots & IMPURE_MODULES}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in IMPURE_CALLS, f"{path.name} calls {node.func.id}"

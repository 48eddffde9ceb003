"""The public API of the seating core is pinned."""

from __future__ import annotations

import rotation

PUBLIC = {
    "Balance", "Bound", "DealPlan", "InvalidScheduleError", "Movement", "Order", "Player", "Round",
    "Schedule", "Table", "check", "cut", "deal_plans",
}  # fmt: skip


def test_all_is_pinned() -> None:
    """Adding or removing a public name of the core is a deliberate change to this list."""
    assert set(rotation.__all__) == PUBLIC
    assert len(rotation.__all__) == len(PUBLIC)


def test_every_public_name_is_defined_where_it_is_documented() -> None:
    """Each name in ``__all__`` resolves, and comes from one of the core modules (``Order``: the value
    types a request is made of, in ``rotation.request``)."""
    for name in rotation.__all__:
        value = getattr(rotation, name)
        if value is int:  # Player: a score-sheet position
            continue
        module = value.__module__
        assert module in {
            "rotation.model",
            "rotation.deals",
            "rotation.cut",
            "rotation.balance",
            "rotation.request",
        }, name


def test_the_command_lines_method_choices_are_the_planners() -> None:
    """`chicago plan --method` offers exactly the planner's methods (mirrored so the CLI starts fast)."""
    from rotation.cli.choices import Method as Choice
    from rotation.plan import Method

    assert [m.value for m in Choice] == [m.value for m in Method]

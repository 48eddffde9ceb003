"""What a check says of a schedule's couples, in words both faces print: kept apart or not, partnerships
mixed or not, and with mixed partnerships how evenly each first-named met the other couples' second-named."""

from __future__ import annotations

from rotation.balance import CouplesBalance
from rotation.model import Schedule


def couples_lines(couples: CouplesBalance, schedule: Schedule) -> list[str]:
    """One line on the couples kept apart, one on mixed partnerships where they are asked for, one on how
    often each first-named partnered each other couple's second-named."""
    names = "; ".join(f"{schedule.name(a)}+{schedule.name(b)}" for a, b in couples.couples)
    if couples.kept_apart:
        lines = [f"Couples ({names}): kept apart, never partners and never at one table."]
    else:
        lines = [
            f"Couples ({names}): NOT kept apart: a couple partners {_times(couples.partnered)}"
            f" and shares a table {_times(couples.shared)}."
        ]
    if couples.mixed:
        if couples.all_mixed:
            lines.append("Partnerships: all mixed, one couple's first-named with another's second-named.")
        else:
            lines.append(f"Partnerships: {couples.unmixed} NOT mixed.")
        counts = list(couples.mixed_partners.values())
        if counts:
            low, high = min(counts), max(counts)
            each = _times(low) if low == high else f"from {_times(low)} to {_times(high)}"
            lines.append(f"Each first-named partners each other couple's second-named {each}.")
    return lines


def _times(count: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(count, f"{count} times")

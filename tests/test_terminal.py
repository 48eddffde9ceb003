"""Terminal tables at 80 columns: every column kept, no name cut short, nothing read as markup."""

from __future__ import annotations

import re
from collections import Counter

from rich.console import Console

from rotation.model import Schedule
from rotation.movements.bulletin import bulletin_movement
from rotation.render.terminal import seating_table
from scoring.vulnerability import DEALER_CYCLE

LONG = ("Anne-Marie Fitzgerald", "Bartholomew-Christophe", "Cat", "Dan", "[b]Zoë[/b]")


def _render(schedule: Schedule, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(seating_table(schedule, DEALER_CYCLE))
    console.file.close()
    return console.export_text()


def test_a_narrow_terminal_folds_names_and_keeps_every_column() -> None:
    """At 80 columns the bulletin's five with long names keep Round, the four seats, Deals and Sits out;
    no name is cut to an ellipsis, and every round still marks its first dealer."""
    schedule = Schedule(LONG, bulletin_movement(5))
    text = _render(schedule, 80)
    assert all(len(line) <= 80 for line in text.splitlines())
    header = text.splitlines()[1]
    for column in ("Round", "North", "East", "South", "West", "Deals", "Sits out"):
        assert column in header
    assert "…" not in text
    assert text.count("*") == len(schedule.rounds)
    assert "[b]Zoë[/b]" in text
    printed = Counter(re.sub(r"\s+", "", text))
    expected: Counter[str] = Counter()
    for rnd in schedule.rounds:  # every seat and every sit-out, letter for letter
        for player in [*(p for table in rnd.tables for p in table.players), *rnd.sitting_out]:
            expected.update(re.sub(r"\s+", "", schedule.players[player]))
    assert not expected - printed

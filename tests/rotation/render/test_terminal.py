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


def test_show_at_80_columns_keeps_each_deal_whole() -> None:
    """`chicago show` lists a rubber's deals one a line, so no contract splits across lines at 80 columns,
    and the result column stays."""
    from rotation.io.formats import session_from_data
    from rotation.render.terminal import results_table
    from tests.rotation.results.test_session import regular_example_session

    data = regular_example_session()
    data["results"][0]["deals"][2] = {"result": "6S W =", "honors": "EW 100"}
    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(results_table(session_from_data(data)))
    console.file.close()
    lines = console.export_text().splitlines()
    assert "result" in lines[2]
    for deal in ("2S E +1", "3NT N -2", "6S W = honors EW 100", "2D N ="):
        assert any(deal in line for line in lines), deal
    assert any("E-W +11" in line for line in lines)  # the bulletin's E-W +10, and 100 for honors

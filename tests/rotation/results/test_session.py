"""Sessions: recorded rubbers scored at their tables, and the players' plus/minus tally."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rotation.cli import app
from rotation.cut import Order
from rotation.io.formats import FormatError, schedule_to_data, session_from_data, session_to_data
from rotation.model import Movement, Round, Schedule, Table
from rotation.plan import PlanRequest, plan
from rotation.results.session import RubberRecord, Session, SessionError, tally
from scoring import RecordedNet, ScoringRules
from scoring.seat import Seat
from tests.conftest import BULLETIN_FIVE
from tests.strategies import rotate_deal, rubbers, rules

BULLETIN_RESULTS = ["E-W +3", "N-S +5", "N-S +9", "N-S +6", "E-W +4"]
# The bulletin's five-player score sheet: each player's running total after rubbers 1..5.
BULLETIN_SHEET = {
    "Ann": [-3, -8, 1, -5, -5],
    "Helen": [-3, 2, -7, -7, -3],
    "Doris": [3, 8, 8, 2, -2],
    "Jean": [3, 3, 12, 18, 22],
    "Shirley": [0, -5, -14, -8, -12],
}


def five_player_session() -> dict[str, Any]:
    schedule = plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule
    data = schedule_to_data(schedule)
    data["results"] = [{"round": r, "table": 1, "net": net} for r, net in enumerate(BULLETIN_RESULTS, 1)]
    return data


def regular_example_session() -> dict[str, Any]:
    """One table, first dealer North, as in the bulletin's "Example: Regular Scoring"."""
    return {
        "players": ["Nora", "Ed", "Sue", "Will"],
        "rounds": [
            {
                "tables": [
                    {"north": "Nora", "east": "Ed", "south": "Sue", "west": "Will", "first_dealer": "north"}
                ]
            }
        ],
        "results": [{"round": 1, "table": 1, "deals": ["2S E +1", "3NT N -2", "6S W =", "2D N ="]}],
    }


def test_bulletin_five_player_tally() -> None:
    """Bulletin, the five-player example: E-W +3, N-S +5, N-S +9, N-S +6, E-W +4 on its chart end at Ann -5,
    Helen -3, Doris -2, Jean +22, Shirley -12, with the sheet's running totals after every rubber."""
    sheet = tally(session_from_data(five_player_session()))
    names = sheet.session.schedule.players
    assert {names[s.player]: s.total for s in sheet.standings} == {
        "Ann": -5,
        "Helen": -3,
        "Doris": -2,
        "Jean": 22,
        "Shirley": -12,
    }
    for player, name in enumerate(names):
        assert sheet.running(player) == BULLETIN_SHEET[name]
    assert [s.rubbers for s in sheet.standings] == [4] * 5  # each sits out once


def test_regular_scoring_example() -> None:
    """Bulletin, Example: Regular Scoring: 2S E +1, 3NT N -2, 6S W =, 2D N = gives N-S 140, E-W 1170, and a
    tally of E-W +10 (1030 rounded to hundreds)."""
    sheet = tally(session_from_data(regular_example_session()))
    (rubber,) = sheet.rubbers
    assert rubber.points == (140, 1170)
    assert rubber.ns_tally == -10
    totals = {sheet.session.schedule.name(s.player): s.total for s in sheet.standings}
    assert totals == {"Nora": -10, "Sue": -10, "Ed": 10, "Will": 10}


def test_tally_in_points_and_rounding_options() -> None:
    """DESIGN.md: unit points keeps 1030; in hundreds an exact 50 rounds by the chosen rule."""
    data = regular_example_session()
    data["scoring"] = {"unit": "points"}
    assert tally(session_from_data(data)).rubbers[0].ns_tally == -1030
    data["results"] = [{"round": 1, "table": 1, "net": "N-S 1050"}]
    for rounding, expected in (("half-up", 11), ("half-down", 10), ("half-even", 10)):
        data["scoring"] = {"rounding": rounding}
        assert tally(session_from_data(data)).rubbers[0].ns_tally == expected


def test_russian_tally_is_in_imps() -> None:
    """Seed 000, Russian scoring: the tally is the IMPs against the HCP target, summed over the rubber."""
    data = regular_example_session()
    data["scoring"] = {"method": "russian"}
    data["results"][0]["deals"] = [
        {"result": deal, "hcp_ns": hcp}
        for deal, hcp in zip(["2S E +1", "3NT N -2", "6S W =", "2D N ="], [18, 26, 8, 21], strict=True)
    ]
    (rubber,) = tally(session_from_data(data)).rubbers
    assert rubber.score is not None and rubber.ns_tally == rubber.score.ns_imps


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["results"].append({"round": 9, "table": 1, "net": "N-S +1"}),
            "round 9 is not in the schedule",
        ),
        (lambda d: d["results"].append({"round": 1, "table": 2, "net": "N-S +1"}), "no table 2"),
        (lambda d: d["results"].append({"round": 1, "table": 1, "net": "N-S +1"}), "recorded twice"),
        (lambda d: d["results"].__setitem__(0, {"round": 1, "net": "N-S +1"}), "needs its table number"),
        (lambda d: d["results"].__setitem__(0, {"round": 1, "table": 1, "deals": ["8NT N ="]}), "impossible"),
        (
            lambda d: d["results"].__setitem__(0, {"round": 1, "table": 1, "deals": ["4H N ="] * 5}),
            "4 deals",
        ),
        (lambda d: d["results"].__setitem__(0, {"round": 1, "table": 1, "net": "lots"}), "cannot read net"),
        (lambda d: d["rounds"][0]["tables"][0].__setitem__("west", "Zed"), "'Zed' is not one of the players"),
        (lambda d: d.__setitem__("scoring", {"method": "bingo"}), "unknown method"),
    ],
)
def test_bad_sessions_say_where(change: Any, message: str) -> None:
    """A result for a round or table the schedule lacks, a player not in it, an impossible contract, a bad
    net or setting: each is refused with the place and the reason."""
    data = five_player_session()
    change(data)
    with pytest.raises((SessionError, FormatError), match=message):
        tally(session_from_data(data))


def test_session_json_round_trip() -> None:
    """Export then import gives the same session."""
    session = session_from_data(regular_example_session())
    again = session_from_data(json.loads(json.dumps(session_to_data(session))))
    assert again == session


def test_with_result_needs_replace_to_change_a_rubber() -> None:
    """Re-recording a rubber is refused unless asked for; replacing changes the tally."""
    session = session_from_data(five_player_session())
    record = RubberRecord(1, 1, net=RecordedNet.parse("N-S +7"))
    with pytest.raises(SessionError, match="already recorded"):
        session.with_result(record)
    assert tally(session.with_result(record, replace=True)).rubbers[0].ns_tally == 7


def test_missing_rubbers_are_listed() -> None:
    """A partial evening lists the rubbers still to record."""
    data = five_player_session()
    data["results"] = data["results"][:3]
    assert session_from_data(data).missing() == ((4, 1), (5, 1))


def _one_table(first_dealer: Seat) -> Schedule:
    return Schedule(
        ("P0", "P1", "P2", "P3", "P4"), Movement(5, (Round((Table(0, 1, 2, 3, first_dealer),), (4,)),))
    )


@settings(max_examples=80, deadline=None)
@given(data=st.data(), scoring=rules, dealer=st.sampled_from(Seat))
def test_tally_sums_to_zero_and_sides_are_symmetric(
    data: st.DataObject, scoring: ScoringRules, dealer: Seat
) -> None:
    """Every tally sums to zero; turning the table one seat (N-S and E-W trade places, declarers and the
    first dealer with them) gives every player the same plus/minus."""
    deals = data.draw(rubbers(scoring))
    session = Session(_one_table(dealer), scoring, (RubberRecord(1, 1, deals=tuple(deals)),))
    sheet = tally(session)
    assert sheet.check_sum() == 0
    assert next(s for s in sheet.standings if s.player == 4).total == 0  # the sit-out scores 0
    turned = Schedule(
        session.schedule.players,
        Movement(5, (Round((session.schedule.rounds[0].tables[0].turned(1),), (4,)),)),
    )
    rotated = Session(turned, scoring, (RubberRecord(1, 1, deals=tuple(rotate_deal(d) for d in deals)),))
    totals = {s.player: s.total for s in sheet.standings}
    assert {s.player: s.total for s in tally(rotated).standings} == totals


@settings(max_examples=40, deadline=None)
@given(nets=st.lists(st.integers(-40, 40), min_size=1, max_size=8), n=st.sampled_from([4, 5, 6]))
def test_tally_of_any_evening_sums_to_zero(nets: list[int], n: int) -> None:
    """Whatever the results of an evening, the players' totals sum to zero."""
    schedule = plan(PlanRequest(("A", "B", "C", "D", "E", "F")[:n], Order.GIVEN, rounds=len(nets))).schedule
    records = tuple(
        RubberRecord(r, 1, net=RecordedNet.parse(f"{'N-S' if v >= 0 else 'E-W'} +{abs(v)}"))
        for r, v in enumerate(nets, 1)
    )
    sheet = tally(Session(schedule, ScoringRules(), records))
    assert sheet.check_sum() == 0
    assert sum(s.rubbers for s in sheet.standings) == 4 * len(nets)


def test_cli_tally_text_and_json(runner: CliRunner, tmp_path: Path) -> None:
    """`chicago tally FILE` prints the running sheet; `--json` gives players and rubbers as documented."""
    path = tmp_path / "five.json"
    path.write_text(json.dumps(five_player_session()))
    result = runner.invoke(app, ["tally", str(path)])
    assert result.exit_code == 0, result.output
    jean = next(line for line in result.output.splitlines() if line.split()[1:2] == ["Jean"])
    assert jean.split()[2:] == ["+3", "+3", "+12", "+18", "+22"]
    result = runner.invoke(app, ["tally", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [(p["name"], p["total"], p["played"]) for p in data["players"]] == [
        ("Ann", -5, 4),
        ("Helen", -3, 4),
        ("Doris", -2, 4),
        ("Jean", 22, 4),
        ("Shirley", -12, 4),
    ]
    assert [r["ns_tally"] for r in data["rubbers"]] == [-3, 5, 9, 6, -4]
    assert set(data["rubbers"][0]) == {"round", "table", "ns_points", "ew_points", "ns_tally"}


def test_cli_tally_regular_example_points(runner: CliRunner, tmp_path: Path) -> None:
    """The bulletin's Regular example through the CLI: N-S 140, E-W 1170, N-S tally -10."""
    path = tmp_path / "regular.json"
    path.write_text(json.dumps(regular_example_session()))
    data = json.loads(runner.invoke(app, ["tally", str(path), "--json"]).output)
    assert data["rubbers"] == [{"round": 1, "table": 1, "ns_points": 140, "ew_points": 1170, "ns_tally": -10}]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{", "not valid JSON"),
        (json.dumps({"players": ["A", "B", "C", "D"]}), "missing 'rounds'"),
    ],
)
def test_cli_tally_bad_files(runner: CliRunner, tmp_path: Path, content: str | None, message: str) -> None:
    """A missing or malformed file is one line and exit code 2."""
    path = tmp_path / "session.json"
    if content is not None:
        path.write_text(content)
    result = runner.invoke(app, ["tally", str(path)])
    assert result.exit_code == 2 and message in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["4H=", "--vul"], "620"),
        (["3NTX-2", "--vul"], "-500"),
        (["2S+1"], "140"),
        (["7NTXX=", "--vul"], "2980"),
    ],
)
def test_cli_score(runner: CliRunner, args: list[str], expected: str) -> None:
    """`chicago score RESULT [--vul]` prints the declarer's duplicate score (Law 77)."""
    result = runner.invoke(app, ["score", *args])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == expected


@pytest.mark.parametrize("bad", ["8NT=", "4H+4", "1C-8", "4Q="])
def test_cli_score_refuses_impossible_results(runner: CliRunner, bad: str) -> None:
    """Impossible results are errors, not scores: one line, exit code 2."""
    result = runner.invoke(app, ["score", bad])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1


def test_score_starts_without_heavy_imports() -> None:
    """`chicago score` must start fast: it imports no ortools, networkx, rich table or PDF library, and
    none of the planner, sessions, rubber scoring, store, codecs or card modules it does not use."""
    forbidden = {
        "ortools", "networkx", "fpdf", "pypdf", "sqlite3", "rich.table",
        "rotation.plan", "rotation.solver", "rotation.movements.bulletin", "rotation.results.session",
        "rotation.results.season", "rotation.render.cards", "rotation.io.store", "rotation.io.formats",
        "scoring.rubber", "scoring.russian", "rotation.web", "starlette", "jinja2", "uvicorn", "segno",
    }  # fmt: skip
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from rotation.cli import app\n"
        "result = CliRunner().invoke(app, ['score', '4H=', '--vul'])\n"
        "assert result.output.strip() == '620', result.output\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(out.stdout.split())
    assert "rotation.cli.planning" in loaded  # the guard sees the command's own modules
    assert not forbidden & loaded

"""`chicago plan` and `chicago check` through the command line, as a host would use them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rotation.balance import check
from rotation.cli import app
from rotation.cut import Order
from rotation.io.formats import SCHEDULE_FORMAT, FormatError, schedule_from_data, schedule_to_data
from rotation.plan import PlanRequest, plan
from scoring.vulnerability import find_cycle
from tests.conftest import BULLETIN_FIVE


def test_plan_prints_the_bulletin_evening(runner: CliRunner) -> None:
    """The README's first command: five players in score-sheet order give the bulletin's chart."""
    result = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    first = next(line for line in lines if line.strip().startswith("1 "))
    assert first.split()[:6] == ["1", "Helen", "Doris", "Ann*", "Jean", "S:-"]
    assert first.split()[-1] == "Shirley"
    summary = " ".join(result.output.split())
    assert "each pair partners 1 time (best possible 1); opposes 2; each player plays 4 rounds" in summary
    assert "repeated meeting" not in summary  # five at one table: everyone meets everyone, it is noise


def test_one_table_speaks_of_partners_and_opponents_not_meetings(runner: CliRunner) -> None:
    """Seven players at one table, balanced: the Balance and Planner lines name partners and opponents;
    meetings (everyone at a table meets everyone) are left unsaid. Two tables still hear of them."""
    seven = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
    result = runner.invoke(app, ["plan", *seven, "--order", "given", "--rounds", "7"])
    assert result.exit_code == 0, result.output
    summary = " ".join(result.output.split())
    assert "opposes" in summary and "partners" in summary
    assert "meet" not in summary.split("Balance:")[1]
    eight = [*seven, "Hal", "Ivy"]
    result = runner.invoke(app, ["plan", *eight, "--order", "given", "--rounds", "3"])
    assert result.exit_code == 0, result.output
    assert "meet" in " ".join(result.output.split()).split("Balance:")[1]


def test_plan_json_is_the_documented_format(runner: CliRunner) -> None:
    """`--json` prints chicago-schedule/1 with named seats and the first dealer, and reads back the same."""
    result = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["format"] == SCHEDULE_FORMAT
    assert data["players"] == list(BULLETIN_FIVE)
    assert data["rounds"][0]["tables"][0] | {"deals": None} == {
        "north": "Helen",
        "east": "Doris",
        "south": "Ann",
        "west": "Jean",
        "first_dealer": "south",
        "deals": None,
    }
    assert data["rounds"][0]["sitting_out"] == ["Shirley"]
    deals = data["rounds"][0]["tables"][0]["deals"]
    assert [d["dealer"] for d in deals] == ["south", "west", "north", "east"]
    assert [d["vulnerable"] for d in deals] == ["none", "E-W", "N-S", "both"]
    schedule = schedule_from_data(data)
    assert schedule == plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule


def test_plan_shows_each_deal_under_the_chosen_cycle(runner: CliRunner) -> None:
    """Bulletin, Cavendish: the dealer's opponents are vulnerable on deals 2 and 3; seed 002's six-deal
    cycle adds deal 5 none and deal 6 both. Each round lists every deal's dealer and vulnerability."""
    result = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--vulnerability", "nondealer"])
    assert result.exit_code == 0, result.output
    first = next(line for line in result.output.splitlines() if line.strip().startswith("1 "))
    assert first.split()[5:9] == ["S:-", "W:NS", "N:EW", "E:all"]
    assert "dealer's opponents vulnerable on deals 2-3" in " ".join(result.output.split())
    six = "none,nondealer,nondealer,both,none,both"
    result = runner.invoke(
        app, ["plan", *BULLETIN_FIVE, "--order", "given", "--vulnerability", six, "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["vulnerability"] == six
    deals = data["rounds"][0]["tables"][0]["deals"]
    assert [(d["deal"], d["dealer"], d["vulnerable"]) for d in deals] == [
        (1, "south", "none"),
        (2, "west", "N-S"),
        (3, "north", "E-W"),
        (4, "east", "both"),
        (5, "south", "none"),
        (6, "west", "both"),
    ]


def test_plan_rounds_beyond_the_cycle(runner: CliRunner) -> None:
    """`--rounds R` past the bulletin's cycle: `--method bulletin` repeats the movement (four players: round
    r + 3 has round r's partnerships), and every round lists its deals."""
    args = ["plan", "A", "B", "C", "D", "--order", "given", "--rounds", "7", "--method", "bulletin", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["rounds"]) == 7
    schedule = schedule_from_data(data)

    def pairs(r: int) -> set[frozenset[int]]:
        table = schedule.rounds[r].tables[0]
        return {frozenset((table.north, table.south)), frozenset((table.east, table.west))}

    assert all(pairs(r) == pairs(r + 3) for r in range(4))
    assert all(len(rnd["tables"][0]["deals"]) == 4 for rnd in data["rounds"])
    assert check(schedule.movement).partners_within_bound


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["plan", "A", "B", "C"], "at least four players"),
        (["plan", "A", "B", "C", "b"], "given twice"),
        (["plan", "A", "B", "C", "D", "--rounds", "0"], "greater than or equal to 1"),
        (["plan", "A", "B", "C", "D", "--rounds", "-2"], "greater than or equal to 1"),
        (["plan", "A", "B", "C", "D", "--order", "alphabetical"], "--order"),
        (["plan", "A", "B", "C", "D", "--vulnerability", "sometimes"], "vulnerability cycle"),
        (["plan", "A", "B", "C", "D", "--vulnerability", "none,sometimes"], "unknown vulnerability step"),
        (["plan", "A", "B", "C", "D", "--rounds", "two"], "--rounds"),
        (["plan", "A", "B", "C", "D", "--method", "fancy"], "--method"),
        (["plan", "A", "B", "C", "D", "--seed", "x"], "--seed"),
        (["plan", "A", "B", "C", "D", "E", "F", "G", "--time-limit", "0"], "--time-limit"),
        (["plan"], "Missing argument"),
        (["plan", "Ann", "Bob", "Cy", " ann "], "given twice"),
        (["plan", "A", "B", "C", "D", "--away", "Zed:1"], "not one of the players"),
        (["plan", "A", "B", "C", "D", "--frobnicate"], "No such option"),
        (["plan", "A", "B", "C", "-0"], "a name that starts with - goes after --"),
        (["check", "/no/such/file.json"], "no such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(runner: CliRunner, args: list[str], message: str) -> None:
    """Bad input gets one clear line and exit code 2, never a traceback."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_check_reports_balance(runner: CliRunner, tmp_path: Path) -> None:
    """`chicago check FILE` prints the balance of a schedule written by `chicago plan --json`."""
    schedule = plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule
    path = tmp_path / "five.json"
    path.write_text(json.dumps(schedule_to_data(schedule, find_cycle("dealer"))))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    rows = {
        measure: re.findall(r"\d+", line.split(measure)[1])[:3]  # min, max, spread
        for line in result.output.splitlines()
        for measure in (
            "partners (per pair)",
            "opponents (per pair)",
            "rounds played",
            "sit-outs",
            "first deals",
            "seat moves",
        )
        if line.strip().startswith(measure)
    }
    # The bulletin's chart: a whist design for five; seat moves counted by hand from DESIGN.md's chart
    # (Ann S-E-N-W: 3; Helen N-N-E, out, W: 1; Doris E-S, out, E-S: 2; Jean W, out, S-S-E: 1; Shirley 1).
    assert rows == {
        "partners (per pair)": ["1", "1", "0"],
        "opponents (per pair)": ["2", "2", "0"],
        "rounds played": ["4", "4", "0"],
        "sit-outs": ["1", "1", "0"],
        "first deals": ["1", "1", "0"],
        "seat moves": ["1", "3", "2"],
    }
    ann = next(line for line in result.output.splitlines() if line.split()[1:2] == ["Ann"])
    assert ann.split()[2:] == ["4", "1", "1", "0", "1", "3"]  # played, sat out, run, away, first deals, moves
    assert "Shirley" in result.output


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        ({"players": ["A", "B", "C", "D"]}, "missing 'rounds'"),
        ({"format": "other/2", "players": [], "rounds": []}, "unknown format"),
        (
            {
                "players": ["A", "B", "C", "D"],
                "rounds": [{"tables": [{"north": "A", "east": "B", "south": "C", "west": "Q"}]}],
            },
            "'Q' is not one of",
        ),
        (
            {
                "players": ["A", "B", "C", "D"],
                "rounds": [{"tables": [{"north": "A", "east": "B", "south": "C", "west": "A"}]}],
            },
            "table 1: A sits in two seats",
        ),
        (
            {
                "players": ["A", "B", "C", "D", "E"],
                "rounds": [
                    {
                        "tables": [{"north": "A", "east": "B", "south": "C", "west": "D"}],
                        "sitting_out": ["a"],
                    }
                ],
            },
            "round 1: A is placed twice",
        ),
        (
            {
                "players": ["A", "B", "C", "D", "E"],
                "rounds": [
                    {"tables": [{"north": "A", "east": "B", "south": "C", "west": "D"}], "sitting_out": "E"}
                ],
            },
            "sitting_out: expected a list of names",
        ),
        (
            {
                "players": ["A", "B", "C", "D", "E"],
                "rounds": [
                    {"tables": [{"north": "A", "east": "B", "south": "C", "west": "D"}], "sitting_out": 5}
                ],
            },
            "sitting_out: expected a list of names",
        ),
        ({"players": ["A", "B", "C", "D"], "rounds": []}, "at least one round"),
        (
            {
                "players": ["A", "B", "C", "D"],
                "rounds": [
                    {"tables": [{"north": "A", "east": "B", "south": "C", "west": "D", "first_dealer": "up"}]}
                ],
            },
            "unknown seat",
        ),
    ],
)
def test_malformed_schedules_are_refused(data: object, message: str) -> None:
    """A schedule file that breaks the format or the rules is refused, saying where."""
    with pytest.raises(FormatError, match=message):
        schedule_from_data(data)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        ('{"players": ["A", "B", "C", "D"], "rounds": []}', "at least one round"),
        (
            '{"players": ["A", "B", "C", "D", "E"], "rounds": [{"tables": [{"north": "A", "east": "B",'
            ' "south": "C", "west": "D"}], "sitting_out": 5}]}',
            "expected a list of names",
        ),
        (
            '{"players": ["A", "B", "C", "D"], "rounds": [{"tables": [{"north": "A", "east": "B",'
            ' "south": "C", "west": "b"}]}]}',
            "B sits in two seats",
        ),
    ],
)
def test_check_refuses_a_malformed_file(
    runner: CliRunner, tmp_path: Path, content: str, message: str
) -> None:
    """A file that is not JSON or not a schedule is one line naming the problem (players by name) and
    exit 2, never a traceback."""
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_json_round_trip_for_every_size() -> None:
    """The JSON format reproduces any bulletin schedule exactly, and the checker agrees on both."""
    for names in (BULLETIN_FIVE[:4], BULLETIN_FIVE, (*BULLETIN_FIVE, "Zoë")):
        schedule = plan(PlanRequest(names, Order.CUT, seed=3)).schedule
        again = schedule_from_data(json.loads(json.dumps(schedule_to_data(schedule))))
        assert again == schedule
        assert check(again.movement) == check(schedule.movement)


def test_plan_refusals_name_the_option(runner: CliRunner) -> None:
    """The planner's neutral refusals, worded by the command line with the option that gives each part."""
    cases = [
        (["--away", "Ann"], "cannot read --away 'Ann': write NAME:ROUNDS, e.g. Shirley:1-2"),
        (["--avoid", "Ann"], "cannot read --avoid 'Ann': write NAME+NAME, e.g. Ann+Bob"),
        (["--avoid", "Ann+Zed"], "--avoid names 'Zed', who is not one of the players"),
        (["--away", "Zed:2"], "--away names 'Zed', who is not one of the players"),
        (
            ["--avoid", "Ann+Helen", "--method", "bulletin"],
            "--avoid, --tables and --keep need the balanced planner (--method balanced)",
        ),
    ]
    for extra, message in cases:
        result = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", *extra])
        assert result.exit_code == 2, result.output
        assert result.output.strip() == f"chicago: error: {message}"


def test_a_note_that_suggests_rounds_names_the_option() -> None:
    """A note suggesting more rounds is typed (the part and the number); the command line words it."""
    from rotation.cli.words import plan_note
    from rotation.plan import Note
    from rotation.request import Part

    note = Note("8 rounds of four deals (every pair partnering once would take 16)", Part.ROUNDS, 16)
    assert plan_note(note) == (
        "8 rounds of four deals (every pair partnering once would take 16): ask for it with --rounds 16"
    )
    assert plan_note(Note("from the book")) == "from the book"

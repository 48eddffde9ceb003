"""A season of several sessions ranked through the command line, checked against totals worked by hand."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.rotation.cli.test_evening import ok, refused

# Three sessions. Every rubber below is written with who sat N-S and E-W, so the totals can be checked by
# hand. Units are hundreds, 50s rounded away from zero.
#
# jan, 2024-01-10, `chicago plan Ann Bob Cy Di --order given` (Bulletin #16, four players):
#   round 1  N-S Bob & Ann  v  E-W Cy & Di    N-S +4   Ann +4  Bob +4  Cy -4  Di -4
#   round 2  N-S Bob & Cy   v  E-W Ann & Di   E-W +2   Ann +2  Di +2   Bob -2 Cy -2
#   round 3  N-S Bob & Di   v  E-W Ann & Cy   N-S +1   Bob +1  Di +1   Ann -1 Cy -1
#   jan: Ann +5, Bob +3, Cy -7, Di -1; three rubbers each.
# feb, 2024-02-14, imported from a file that spells Ann "ann" (the same player):
#   round 1  N-S ann & Ed   v  E-W Bob & Flo  E-W +2        Bob +2 Flo +2  Ann -2 Ed -2   (Cy sits out)
#   round 2  N-S Cy & Bob   v  E-W ann & Ed   N-S 450 pts   450 is +5: Cy +5 Bob +5  Ann -5 Ed -5  (Flo out)
#   feb: Ann -7, Bob +7, Cy +5, Ed -7, Flo +2.
# mar, 2024-03-13, imported schedule (N Di, E Ed, S Flo, W Bob, North deals first), the deals of the
# bulletin's Regular example recorded: N-S 140, E-W 1170, so E-W +10: Ed +10 Bob +10  Di -10 Flo -10.
#
# Season:  player  total           played  sessions
#          Bob     3 + 7 + 10 = 20   6       3
#          Ed      -7 + 10    =  3   3       2
#          Ann     5 - 7      = -2   5       2     tied with Cy
#          Cy      -7 + 5     = -2   4       2
#          Flo     2 - 10     = -8   2       2
#          Di      -1 - 10    = -11  4       2
SEASON = [
    ("Bob", 20, 6, 3),
    ("Ed", 3, 3, 2),
    ("Ann", -2, 5, 2),
    ("Cy", -2, 4, 2),
    ("Flo", -8, 2, 2),
    ("Di", -11, 4, 2),
]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every command of these tests uses this database file (through CHICAGO_DB)."""
    path = tmp_path / "season.db"
    monkeypatch.setenv("CHICAGO_DB", str(path))
    return path


def _table(north: str, east: str, south: str, west: str, first_dealer: str = "north") -> dict[str, str]:
    return {"north": north, "east": east, "south": south, "west": west, "first_dealer": first_dealer}


@pytest.fixture
def season(runner: CliRunner, db: Path, tmp_path: Path) -> None:
    ok(runner, "plan", "Ann", "Bob", "Cy", "Di", "--order", "given", "--save", "jan", "--date", "2024-01-10")
    for number, net in [(1, "N-S +4"), (2, "E-W +2"), (3, "N-S +1")]:
        ok(runner, "record", "jan", "--round", str(number), "--net", net)
    feb: dict[str, Any] = {
        "name": "feb",
        "date": "2024-02-14",
        "players": ["ann", "Bob", "Cy", "Ed", "Flo"],
        "rounds": [
            {"tables": [_table("ann", "Bob", "Ed", "Flo")], "sitting_out": ["Cy"]},
            {"tables": [_table("Cy", "ann", "Bob", "Ed")], "sitting_out": ["Flo"]},
        ],
        "results": [{"round": 1, "table": 1, "net": "E-W +2"}, {"round": 2, "table": 1, "net": "N-S 450"}],
    }
    (tmp_path / "feb.json").write_text(json.dumps(feb))
    assert "'ann' is the known player 'Ann'" in ok(runner, "import", str(tmp_path / "feb.json")).output
    mar = {"players": ["Di", "Ed", "Flo", "Bob"], "rounds": [{"tables": [_table("Di", "Ed", "Flo", "Bob")]}]}
    (tmp_path / "mar.json").write_text(json.dumps(mar))
    ok(runner, "import", str(tmp_path / "mar.json"), "--name", "mar", "--date", "2024-03-13")
    ok(runner, "record", "mar", "-r", "1", "2S E +1", "3NT N -2", "6S W =", "2D N =")


def ranked(runner: CliRunner, *args: str) -> list[tuple[str, int, int, int]]:
    data = json.loads(ok(runner, "rank", "--json", *args).output)
    return [(p["name"], p["total"], p["played"], p["sessions"]) for p in data["players"]]


def ranks(runner: CliRunner, *args: str) -> list[tuple[str, int, bool]]:
    data = json.loads(ok(runner, "rank", "--json", *args).output)
    return [(p["name"], p["rank"], p["tied"]) for p in data["players"]]


@pytest.mark.usefixtures("season")
def test_the_season_ranks_as_worked_by_hand(runner: CliRunner) -> None:
    """Totals, rubbers played and sessions per player add up across sessions as worked out by hand; Ann
    and Cy tie for third and are shown as =3; the averages are total over played."""
    assert ranked(runner) == SEASON
    assert ranks(runner)[2:4] == [("Ann", 3, True), ("Cy", 3, True)]
    assert ranks(runner)[4] == ("Flo", 5, False)
    data = json.loads(ok(runner, "rank", "--json").output)
    assert [p["average"] for p in data["players"]] == [3.33, 1.0, -0.4, -0.5, -4.0, -2.75]
    assert data["unit"] == "hundreds" and data["session_names"] == ["jan", "feb", "mar"]
    text = ok(runner, "rank").output
    heading = "Season standings: 3 sessions, 2024-01-10 to 2024-03-13, in hundreds, ranked by total"
    assert heading in " ".join(text.split())  # folded at the terminal's width
    rows = [line.split() for line in text.splitlines() if re.match(r"\s+=?\d+\s", line)]
    assert rows[2][:6] == ["=3", "Ann", "-2", "5", "-0.40", "2"]
    assert rows[3][:6] == ["=3", "Cy", "-2", "4", "-0.50", "2"]
    rating = next(p for p in data["players"] if p["name"] == "Ann")
    assert rows[2][6:] == [f"{rating['rating']:+.2f}", f"±{rating['rating_error']:.2f}"]


@pytest.mark.usefixtures("season")
def test_min_rubbers_since_and_until(runner: CliRunner) -> None:
    """--min-rubbers leaves out who played less (ranks close up, the tie stays); --since and --until keep
    only the sessions in the period, both days included."""
    assert ranked(runner, "--min-rubbers", "4") == [SEASON[0], SEASON[2], SEASON[3], SEASON[5]]
    assert ranks(runner, "--min-rubbers", "4") == [
        ("Bob", 1, False),
        ("Ann", 2, True),
        ("Cy", 2, True),
        ("Di", 4, False),
    ]
    text = ok(runner, "rank", "--min-rubbers", "4").output
    assert "Fewer than 4 rubbers, not ranked: Ed (3), Flo (2)" in text
    assert ranked(runner, "--min-rubbers", "7") == []
    assert "Nobody has played 7 rubbers yet." in ok(runner, "rank", "--min-rubbers", "7").output
    # feb and mar: Bob 7 + 10, Cy 5, Ed -7 + 10, Ann -7, Flo 2 - 10, Di -10.
    assert ranked(runner, "--since", "2024-02-14") == [
        ("Bob", 17, 3, 2),
        ("Cy", 5, 1, 1),
        ("Ed", 3, 3, 2),
        ("Ann", -7, 2, 1),
        ("Flo", -8, 2, 2),
        ("Di", -10, 1, 1),
    ]
    # jan and feb: Bob 3 + 7, Flo 2, Di -1, Ann 5 - 7 and Cy -7 + 5 tie at -2, Ed -7.
    assert ranks(runner, "--until", "2024-02-14") == [
        ("Bob", 1, False),
        ("Flo", 2, False),
        ("Di", 3, False),
        ("Ann", 4, True),
        ("Cy", 4, True),
        ("Ed", 6, False),
    ]
    assert ranked(runner, "--since", "2024-03-14") == []
    assert "No saved sessions in that period." in ok(runner, "rank", "--since", "2024-03-14").output


@pytest.mark.usefixtures("season")
def test_rank_by_average_and_csv(runner: CliRunner) -> None:
    """--by average ranks on total per rubber played; --csv gives the same standings as rows."""
    assert [name for name, *_ in ranked(runner, "--by", "average")] == ["Bob", "Ed", "Ann", "Cy", "Di", "Flo"]
    result = ok(runner, "rank", "--csv")
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [(r["rank"], r["tied"], r["name"], r["total"], r["played"], r["sessions"]) for r in rows] == [
        (str(rank), tied, name, str(total), str(played), str(sessions))
        for (name, total, played, sessions), rank, tied in zip(
            SEASON, [1, 2, 3, 3, 5, 6], ["0", "0", "1", "1", "0", "0"], strict=True
        )
    ]
    assert rows[0]["average"] == "3.33" and rows[4]["average"] == "-4.00"


# Placing points, by hand from the evenings above (N players: N for first down to 1, ties share):
#   jan (4): Ann +5 4, Bob +3 3, Di -1 2, Cy -7 1
#   feb (5): Bob +7 5, Cy +5 4, Flo +2 3, Ann and Ed -7 share places 4 and 5: 1.5 each
#   mar (4): Ed and Bob +10 share 4 and 3: 3.5 each; Di and Flo -10: 1.5 each
#   season:  Bob 11.5, Ann 5.5, Cy 5, Ed 5, Flo 4.5, Di 3.5
#   best evening's points: Bob 5, Ann 4, Cy 4, Ed 3.5, Flo 3, Di 2
# Best evening's total: Bob 10, Ed 10, Ann 5, Cy 5, Flo 2, Di -1.


def points(runner: CliRunner, *args: str) -> list[tuple[str, float, int, bool]]:
    data = json.loads(ok(runner, "rank", "--json", *args).output)
    return [(p["name"], p["points"], p["rank"], p["tied"]) for p in data["players"]]


@pytest.mark.usefixtures("season")
def test_competition_rules_as_worked_by_hand(runner: CliRunner) -> None:
    """--by points, --best N and --min-evenings rank as worked out by hand, in JSON, CSV and text."""
    assert points(runner, "--by", "points") == [
        ("Bob", 11.5, 1, False),
        ("Ann", 5.5, 2, False),
        ("Cy", 5.0, 3, True),
        ("Ed", 5.0, 3, True),
        ("Flo", 4.5, 5, False),
        ("Di", 3.5, 6, False),
    ]
    assert points(runner, "--by", "points", "--best", "1") == [
        ("Bob", 5.0, 1, False),
        ("Ann", 4.0, 2, True),
        ("Cy", 4.0, 2, True),
        ("Ed", 3.5, 4, False),
        ("Flo", 3.0, 5, False),
        ("Di", 2.0, 6, False),
    ]
    data = json.loads(ok(runner, "rank", "--json", "--best", "1").output)
    assert (data["best"], data["min_evenings"]) == (1, 1)
    assert [(p["name"], p["best_total"], p["total"], p["counted"], p["rank"]) for p in data["players"]] == [
        ("Bob", 10, 20, 1, 1),
        ("Ed", 10, 3, 1, 1),
        ("Ann", 5, -2, 1, 3),
        ("Cy", 5, -2, 1, 3),
        ("Flo", 2, -8, 1, 5),
        ("Di", -1, -11, 1, 6),
    ]
    text = ok(runner, "rank", "--best", "1").output
    assert "ranked by total, each player's best 1 session counted" in " ".join(text.split())
    assert "best 1" in text
    rows = list(csv.DictReader(io.StringIO(ok(runner, "rank", "--csv", "--by", "points").output)))
    assert [(r["name"], r["points"], r["best_total"]) for r in rows][:2] == [
        ("Bob", "11.5", "20"),
        ("Ann", "5.5", "-2"),
    ]

    assert [name for name, *_ in ranked(runner, "--min-evenings", "3")] == ["Bob"]
    text = ok(runner, "rank", "--min-evenings", "3").output
    assert "Fewer than 3 sessions, not ranked: Ed (3 rubbers, 2 sessions)," in " ".join(text.split())
    both = ranked(runner, "--min-evenings", "2", "--min-rubbers", "4")
    assert [name for name, *_ in both] == ["Bob", "Ann", "Cy", "Di"]
    assert (
        "Nobody has played 7 rubbers in 3 sessions yet."
        in ok(runner, "rank", "--min-evenings", "3", "--min-rubbers", "7").output
    )
    assert "best counts each player's best sessions by total or by points, not by average" in refused(
        runner, "rank", "--best", "2", "--by", "average"
    )


@pytest.mark.usefixtures("season")
def test_rank_by_rating(runner: CliRunner) -> None:
    """--by rating orders on the rating (each with its error), and says what the rating is."""
    data = json.loads(ok(runner, "rank", "--json", "--by", "rating").output)
    assert data["ranked_by"] == "rating"
    values = [p["rating"] for p in data["players"]]
    assert values == sorted(values, reverse=True) and values[0] > 0 > values[-1]
    assert all(p["rating_error"] > 0 for p in data["players"])
    assert sum(values) == pytest.approx(0, abs=0.03)  # centred, up to rounding to two places
    text = ok(runner, "rank", "--by", "rating").output
    assert "allowing for partners and opponents" in " ".join(text.split())


@pytest.mark.usefixtures("season")
def test_rename_and_merge_carry_into_the_season(runner: CliRunner, tmp_path: Path) -> None:
    """A rename shows in the season standings; a player typed another way in a new session is a new
    player until merged, and merging adds their rubbers to the real one."""
    ok(runner, "rename", "cy", "Cyrus")
    assert ("Cyrus", -2, 4, 2) in ranked(runner)
    late = ("Edd", "Ann", "Bob", "Di")  # a typo of Ed the roster would refuse, declared new to merge later
    ok(runner, "plan", *late, "--order", "given", "--save", "apr", "--date", "2024-04-02", "--new", "Edd")
    ok(runner, "record", "apr", "-r", "1", "--net", "N-S +6")  # N-S Ann & Edd: Edd +6, Ann +6, Bob -6, Di -6
    assert ("Edd", 6, 1, 1) in ranked(runner)
    assert "Ed is already a player" in refused(runner, "rename", "Edd", "Ed")
    assert "Merged Edd into Ed: 1 session moved." in ok(runner, "rename", "Edd", "Ed", "--merge").output
    season = ranked(runner)
    assert ("Ed", 3 + 6, 4, 3) in season and all(name != "Edd" for name, *_ in season)
    assert ("Ann", -2 + 6, 6, 3) in season


@pytest.mark.usefixtures("season")
def test_sessions_in_other_units_are_ranked_apart(runner: CliRunner) -> None:
    """A season never adds hundreds to IMPs or points: mixed units are refused, --unit picks one kind."""
    names = ("Ann", "Bob", "Cy", "Di")
    ok(
        runner,
        "plan",
        *names,
        "--order",
        "given",
        "--save",
        "russian",
        "--date",
        "2024-03-20",
        "--scoring",
        "russian",
    )
    ok(runner, "record", "russian", "-r", "1", "--net", "N-S +7")
    message = refused(runner, "rank")
    assert "different units (hundreds: jan, feb, mar; IMPs: russian)" in message
    assert ranked(runner, "--unit", "hundreds") == SEASON
    assert ranked(runner, "--unit", "imps") == [
        ("Ann", 7, 1, 1),
        ("Bob", 7, 1, 1),
        ("Cy", -7, 1, 1),
        ("Di", -7, 1, 1),
    ]
    assert json.loads(ok(runner, "rank", "--json", "--unit", "imps").output)["unit"] == "imps"

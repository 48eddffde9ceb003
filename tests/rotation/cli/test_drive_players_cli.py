"""A late arrival at a Swiss drive, through the installed `chicago`: `plan NAMES --keep EVENING --save
EVENING` (the balanced evening's replan, read for a drive as who plays from the first round with no rubber
entered) seats round 2 again by the standings with the newcomer at 0; a round under way is refused with
exit 2 and one line, in the language spoken."""

from __future__ import annotations

import json
from pathlib import Path

from tests.rotation.web.real import chicago

EIGHT = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
# round 1 by the cut, names given in order: table 1 N Bea, E Cy, S Ann, W Di; table 2 N Flo, E Gus, S Ed,
# W Hal. Table 1 N-S +5, table 2 E-W +3: Ann, Bea 5; Gus, Hal 3; Zed (new) 0; Ed, Flo -3; Cy, Di -5.
ROUND_TWO = [  # North, East, South, West, first dealer
    # Di, the lowest in the standings (then on the score sheet), sits out; table 1 is headed by Ann with
    # Bea, Gus and Hal (the next three: nobody partners a partner of round 1, nobody met as opponents)
    ["Ann", "Bea", "Gus", "Hal", "north"],  # Ann partners Gus, Bea Hal; East the higher in the standings
    ["Zed", "Flo", "Ed", "Cy", "west"],  # Zed heads the rest; Cy, first on the score sheet here, deals
]


def test_a_late_arrival_at_a_swiss_drive_plays_from_round_two(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    made = chicago(db, "plan", *EIGHT, "--order", "given", "--movement", "swiss", "--rounds", "3",
                   "--save", "swiss")  # fmt: skip
    assert made.returncode == 0, made.stderr
    for table, result in (("1", "N-S +5"), ("2", "E-W +3")):
        done = chicago(db, "record", "swiss", "--round", "1", "--table", table, "--net", result)
        assert done.returncode == 0, done.stderr
    typo = chicago(db, "plan", *EIGHT, "Zed", "--keep", "swiss", "--save", "swiss")
    assert typo.returncode == 2 and "did you mean 'Ed'?" in typo.stderr  # checked as every name is
    came = chicago(db, "plan", *EIGHT, "Zed", "--new", "Zed", "--keep", "swiss", "--save", "swiss")
    assert came.returncode == 0, came.stderr
    assert "'swiss': from round 2 the players named play" in " ".join(came.stdout.split())
    exported = json.loads(chicago(db, "export", "swiss").stdout)
    assert exported["players"] == [*EIGHT, "Zed"]
    second = exported["rounds"][1]
    keys = ("north", "east", "south", "west", "first_dealer")
    tables = [[t[key] for key in keys] for t in second["tables"]]
    assert tables == ROUND_TWO and second["sitting_out"] == ["Di"]
    logged = chicago(db, "log", "swiss").stdout.strip().splitlines()[-1]
    assert "the terminal: replanned from round 2 (Zed joined)" in logged

    begun = chicago(db, "record", "swiss", "--round", "2", "--table", "1", "1NT N =")
    assert begun.returncode == 0, begun.stderr
    late = chicago(db, "--lang", "de", "plan", *EIGHT, "--gone", "Zed", "--keep", "swiss:1",
                   "--save", "swiss")  # fmt: skip
    assert late.returncode == 2
    assert late.stderr.strip() == (
        "chicago: error: Runde 2 läuft (Robber davon sind eingetragen): die Spieler können sich ab Runde 3"
        " ändern"
    )
    after = json.loads(chicago(db, "export", "swiss").stdout)
    assert after["players"] == [*EIGHT, "Zed"] and after["rounds"][1]["sitting_out"] == ["Di"]
    kept = [[t[key] for key in ("north", "east", "south", "west")] for t in after["rounds"][1]["tables"]]
    assert kept == [t[:4] for t in ROUND_TWO]  # nothing written: Zed still seated in round 2


def test_plan_help_says_how_a_drive_takes_a_change_of_players(tmp_path: Path) -> None:
    shown = chicago(tmp_path / "c.db", "plan", "--help")
    assert shown.returncode == 0
    said = " ".join(shown.stdout.replace("\u2502", " ").split())  # the help's box drawn with │
    assert "At an evening seated by results, `plan NAME... --keep EVENING --gone NAME --save EVENING`" in said


def test_a_change_said_ahead_is_logged_by_name_and_goes_with_the_file(tmp_path: Path) -> None:
    """Cy goes home while table 2 still plays round 1: `chicago log` names him though round 2 is not seated
    yet, and `export` then `import` into another database carries it, so round 2 is seated there without
    Cy once table 2's rubber comes in. A file whose "present" names someone not on its score sheet is
    refused with one line naming the file, nothing saved."""
    home, away, file = tmp_path / "home.db", tmp_path / "away.db", tmp_path / "drive.json"
    nine = [*EIGHT, "Ivy"]
    made = chicago(home, "plan", *nine, "--order", "given", "--movement", "progressive", "--rounds", "3",
                   "--save", "drive")  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert chicago(home, "record", "drive", "--round", "1", "--table", "1", "--net", "N-S +3").returncode == 0
    gone = [name for name in nine if name != "Cy"]
    said = chicago(home, "plan", *gone, "--gone", "Cy", "--keep", "drive", "--save", "drive")
    assert said.returncode == 0, said.stderr
    assert (
        chicago(home, "log", "drive")
        .stdout.strip()
        .splitlines()[-1]
        .endswith("replanned from round 2 (Cy left): 9 players, 1 round -> 9 players, 1 round")
    )
    assert chicago(home, "export", "drive", "--out", str(file)).returncode == 0
    assert json.loads(file.read_text())["seating"]["present"] == [{"from": 2, "players": gone}]
    imported = chicago(away, "import", str(file))
    assert imported.returncode == 0, imported.stderr
    assert chicago(away, "record", "drive", "--round", "1", "--table", "2", "--net", "E-W +3").returncode == 0
    second = json.loads(chicago(away, "export", "drive").stdout)["rounds"][1]
    seated = {t[key] for t in second["tables"] for key in ("north", "east", "south", "west")}
    assert seated == set(gone) and second.get("sitting_out", []) == []
    data = json.loads(file.read_text())
    data["seating"]["present"][0]["players"].append("Zed")
    file.write_text(json.dumps(data | {"name": "bad"}))
    refused = chicago(away, "import", str(file), "--again")
    assert refused.returncode == 2 and refused.stderr.startswith(f'chicago: error: {file}: "seating"')
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "bad" not in chicago(away, "sessions").stdout

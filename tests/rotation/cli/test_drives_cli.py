"""A progressive evening at the terminal, through the installed `chicago`: planned with round 1 only, round
2 seated by `chicago record` of round 1's last rubber, as the Auckland Star's rule (29 April 1938) gives it,
worked out by hand below; a correction once round 2 has begun is refused with exit 2 and one line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.rotation.web.real import chicago

PLAYERS = [f"P{n:02}" for n in range(1, 17)]
ROUND_ONE = [("1", "N-S +3"), ("2", "E-W +2"), ("3", "E-W +1"), ("4", "N-S +5")]
ROUND_TWO = [  # North, East, South, West, first dealer; N and E stayed, S and W arrived
    ("P01", "P02", "P07", "P08", "north"),  # P01 & P02 won table 1 and stay; P07 & P08 won table 2
    ("P05", "P06", "P11", "P12", "north"),  # P05 & P06 lost table 2 and stay; P11 & P12 won table 3
    ("P09", "P10", "P13", "P14", "north"),  # P09 & P10 lost table 3; P13 & P14 won table 4
    ("P15", "P16", "P03", "P04", "south"),  # P15 & P16 lost table 4; P03 & P04 lost table 1: to the foot
]


def test_progressive_round_two_is_seated_by_recording_round_one(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    made = chicago(db, "plan", *PLAYERS, "--order", "given", "--movement", "progressive", "--rounds", "3",
                   "--save", "drive")  # fmt: skip
    assert made.returncode == 0, made.stderr
    for table, result in ROUND_ONE:
        done = chicago(db, "record", "drive", "--round", "1", "--table", table, "--net", result)
        assert done.returncode == 0, done.stderr
    shown = chicago(db, "show", "drive")
    assert shown.returncode == 0, shown.stderr
    assert "Movement: progressive movement, seated by results: round 2 of 3 seated." in shown.stdout
    rows = [line.split() for line in shown.stdout.splitlines()]
    start = next(i for i, row in enumerate(rows) if row[:2] == ["2", "1"] and row[2].startswith("P"))
    seated = [rows[start][2:6], *(row[1:5] for row in rows[start + 1 : start + 4])]
    marked = [
        [name + ("*" if seat == t[4][0] else "") for name, seat in zip(t[:4], "nesw", strict=True)]
        for t in ROUND_TWO
    ]
    assert seated == marked  # * marks the first dealer
    exported = json.loads(chicago(db, "export", "drive").stdout)
    tables = [tuple(t[key] for key in ("north", "east", "south", "west", "first_dealer"))
              for t in exported["rounds"][1]["tables"]]  # fmt: skip
    assert tables == ROUND_TWO
    assert len(exported["rounds"]) == 2  # round 3 waits for round 2's results

    begun = chicago(db, "record", "drive", "--round", "2", "--table", "1", "1NT N =")
    assert begun.returncode == 0, begun.stderr
    refused = chicago(db, "record", "drive", "--round", "1", "--table", "1", "--net", "E-W +3", "--replace")
    assert refused.returncode == 2
    assert refused.stderr.startswith("chicago: error: round 1's results seated round 2, which has begun")
    assert len(refused.stderr.strip().splitlines()) == 1

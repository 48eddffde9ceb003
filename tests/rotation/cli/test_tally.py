"""`chicago tally FILE` as a host uses it: session files in the documented format, and bad files refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rotation.cli import app


def one_table(results: list[dict[str, Any]], scoring: dict[str, str] | None = None) -> dict[str, Any]:
    """The bulletin's "Example: Regular Scoring" table: first dealer North."""
    data: dict[str, Any] = {
        "format": "chicago-schedule/1",
        "players": ["Nora", "Ed", "Sue", "Will", "Otto"],
        "rounds": [
            {
                "tables": [
                    {"north": "Nora", "east": "Ed", "south": "Sue", "west": "Will", "first_dealer": "north"}
                ],
                "sitting_out": ["Otto"],
            }
        ],
        "results": results,
    }
    if scoring is not None:
        data["scoring"] = scoring
    return data


def tally_json(runner: CliRunner, tmp_path: Path, data: dict[str, Any]) -> dict[str, Any]:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["tally", str(path), "--json"])
    assert result.exit_code == 0, result.output
    parsed: dict[str, Any] = json.loads(result.output)
    return parsed


def test_design_deal_list_with_a_pass_and_honors(runner: CliRunner, tmp_path: Path) -> None:
    """DESIGN.md, Formats: the example deal list (a passed-out deal, honors EW 100) is the bulletin's
    Regular example plus 100 to E-W: N-S 140, E-W 1270, so E-W +11; the sit-out scores 0."""
    deals = ["2S E +1", "3NT N -2", "pass", {"result": "6S W =", "honors": "EW 100"}, "2D N ="]
    data = tally_json(runner, tmp_path, one_table([{"round": 1, "table": 1, "deals": deals}]))
    assert data["rubbers"] == [{"round": 1, "table": 1, "ns_points": 140, "ew_points": 1270, "ns_tally": -11}]
    totals = {p["name"]: (p["total"], p["played"]) for p in data["players"]}
    assert totals == {"Nora": (-11, 1), "Ed": (11, 1), "Sue": (-11, 1), "Will": (11, 1), "Otto": (0, 0)}
    assert [p["name"] for p in data["players"]] == ["Nora", "Ed", "Sue", "Will", "Otto"]  # score-sheet order


def test_scoring_defaults_when_absent(runner: CliRunner, tmp_path: Path) -> None:
    """DESIGN.md, Scoring variants: a session without "scoring" (or with some keys) takes the defaults."""
    net = [{"round": 1, "table": 1, "net": "N-S 1050"}]
    data = tally_json(runner, tmp_path, one_table(net))
    assert data["scoring"] == {
        "method": "chicago",
        "vulnerability": "dealer",
        "partscore_premium": "deal4",
        "unit": "hundreds",
        "rounding": "half-up",
    }
    assert data["rubbers"][0]["ns_tally"] == 11  # an exact 50 rounds away from zero by default
    data = tally_json(runner, tmp_path, one_table(net, {"rounding": "half-even"}))
    assert data["scoring"]["method"] == "chicago" and data["rubbers"][0]["ns_tally"] == 10
    data = tally_json(runner, tmp_path, one_table(net, {"unit": "points"}))
    assert data["rubbers"][0]["ns_tally"] == 1050


def test_seed_000_russian_example_in_a_session(runner: CliRunner, tmp_path: Path) -> None:
    """Seed 000's Russian example as deal 2 of a rubber dealt first by North (so East deals it): under the
    dealer cycle E-W are vulnerable, 3H making 10 with 24 HCP is 170 against 290, -3 IMPs to E-W."""
    deals = [
        {"result": "1NT N =", "hcp_ns": 20},  # 90 against a target of 0 at 20-20: N-S +3 IMPs
        {"result": "3H E +1", "hcp_ns": 16},  # the example: E-W -3, so N-S +3
        {"result": "1NT S =", "hcp_ns": 20},  # N-S +3 again
        {"result": "1NT W =", "hcp_ns": 20},  # E-W +3 (both vulnerable, still 90)
    ]
    results = [{"round": 1, "table": 1, "deals": deals}]
    data = tally_json(runner, tmp_path, one_table(results, {"method": "russian"}))
    assert data["rubbers"][0]["ns_tally"] == 3 + 3 + 3 - 3
    assert data["unit"] == "imps"


def _broken(change: str) -> dict[str, Any]:
    data = one_table([{"round": 1, "table": 1, "deals": ["2S E +1", "3NT N -2", "6S W =", "2D N ="]}])
    entry = data["results"][0]
    match change:
        case "round":
            data["results"].append({"round": 2, "table": 1, "net": "N-S +1"})
        case "table":
            data["results"].append({"round": 1, "table": 2, "net": "N-S +1"})
        case "player":
            data["rounds"][0]["tables"][0]["west"] = "Zed"
        case "sitting out":
            data["rounds"][0]["sitting_out"] = ["Zed"]
        case "8NT":
            entry["deals"][0] = "8NT N ="
        case "4H+4":
            entry["deals"][0] = {"result": "4H S +4"}
        case "1C-8":
            entry["deals"][0] = "1C W -8"
        case "long":  # a short list is a rubber still in play, so a long one is the mistake
            entry["deals"] = [*entry["deals"], "1C N ="]
        case "net":
            data["results"][0] = {"round": 1, "table": 1, "net": "lots"}
        case "scoring":
            data["scoring"] = {"method": "bingo"}
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("round", "round 2 is not in the schedule"),
        ("table", "round 1 has no table 2"),
        ("player", "'Zed' is not one of the players"),
        ("sitting out", "'Zed' is not one of the players"),
        ("8NT", "level 8 is impossible"),
        ("4H+4", "+4 is impossible"),
        ("1C-8", "down at most 7"),
        ("long", "4 deals"),
        ("net", "cannot read net"),
        ("scoring", "unknown method 'bingo'"),
    ],
)
def test_bad_sessions_are_one_line_and_exit_2(
    runner: CliRunner, tmp_path: Path, change: str, message: str
) -> None:
    """A result for a round or table the schedule lacks, a player not in the schedule, an impossible
    contract, a bad net or setting: one line naming the file and the problem, exit code 2."""
    path = tmp_path / "session.json"
    path.write_text(json.dumps(_broken(change)))
    for args in (["tally", str(path)], ["tally", str(path), "--json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert message in result.output and str(path) in result.output
        assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "no such file"), ("", "not valid JSON"), ("[1, 2]", "JSON object"), (b"\xff\xfe", "cannot read")],
)
def test_unreadable_files_are_one_line_and_exit_2(
    runner: CliRunner, tmp_path: Path, content: str | bytes | None, message: str
) -> None:
    """A missing, empty, non-object or undecodable file: one line, exit code 2."""
    path = tmp_path / "session.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    result = runner.invoke(app, ["tally", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1

"""`chicago settle` as a host types it, through the installed command: the table a person reads, the JSON,
a period, and every mistake as one `chicago: error:` line with exit 2."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from tests.rotation.cli.test_installed_errors import one_error_line
from tests.rotation.web.real import chicago

EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """'tue' of eight players: round 1, table 1 N-S 1030 (+10 hundreds), table 2 E-W 250 (+3)."""
    db = tmp_path_factory.mktemp("club") / "club.db"
    made = chicago(db, "plan", *EIGHT, "--order", "given", "--save", "tue", "--date", "2026-11-24")
    assert made.returncode == 0, made.stderr
    for table, net in (("1", "N-S 1030"), ("2", "E-W 250")):
        recorded = chicago(db, "record", "tue", "--round", "1", "--table", table, "--net", net)
        assert recorded.returncode == 0, recorded.stderr
    return db


def winners(db: Path) -> dict[str, int]:
    """Each player's tally as `chicago tally --json` gives it (the tally, not the settlement)."""
    tallied = chicago(db, "tally", "tue", "--json")
    assert tallied.returncode == 0, tallied.stderr
    return {p["name"]: p["total"] for p in json.loads(tallied.stdout)["players"]}


def test_the_json_is_the_tally_times_the_stake(club: Path) -> None:
    tallies = winners(club)
    assert sorted(tallies.values()) == [-10, -10, -3, -3, 3, 3, 10, 10]
    result = chicago(club, "settle", "tue", "--stake", "0.50", "--currency", "gbp", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["evening"], data["date"], data["currency"], data["per"]) == (
        "tue",
        "2026-11-24",
        "GBP",
        "100",
    )
    # by hand: +10 hundreds at 0.50 is 5.00, +3 is 1.50
    by_hand = {10: "5.00", 3: "1.50", -3: "-1.50", -10: "-5.00"}
    assert {p["name"]: p["amount"] for p in data["players"]} == {n: by_hand[t] for n, t in tallies.items()}
    paid = {n: 0 for n in tallies}
    for transfer in data["transfers"]:
        cents = round(float(transfer["amount"]) * 100)  # the test's own reading of "5.00"
        paid[transfer["from"]] -= cents
        paid[transfer["to"]] += cents
    assert paid == {n: t * 50 for n, t in tallies.items()}
    assert len(data["transfers"]) == 4


def test_the_table_a_person_reads(club: Path) -> None:
    tallies = winners(club)
    result = chicago(club, "settle", "tue", "--stake", "2", "--currency", "EUR", "--table-money", "3.50")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Settling tue (2026-11-24)."
    assert lines[1] == "At 2 EUR per 100, tally in hundreds."
    header = next(line for line in lines if "Player" in line)
    assert header.split() == ["Player", "Tally", "Amount", "(EUR)", "Table", "money", "(EUR)"]
    rows = {line.split()[0]: line.split()[1:] for line in lines if " pays " not in line and line.strip()}
    for name, tally in tallies.items():
        assert rows[name] == [f"{tally:+d}", f"{tally * 2:+d}.00", "3.50"]
    pays = [line.split() for line in lines if " pays " in line and "whom" not in line]
    assert len(pays) == 4
    for payer, _, payee, amount in pays:
        assert tallies[payer] == -tallies[payee] and amount == f"{tallies[payee] * 2}.00"
    assert lines[-1] == "Table money to the club: 28.00 in all."


def test_per_point_and_yen(club: Path) -> None:
    """Per point on a tally in hundreds: +3 hundreds is 300 points; at 0.005 yen a point 1.5 yen, which
    no coin pays: two of the four +-1.5 go up, two down, and the amounts still sum to zero."""
    result = chicago(
        club, "settle", "tue", "--stake", "0.005", "--per", "point", "--currency", "JPY", "--json"
    )
    assert result.returncode == 0, result.stderr
    amounts = [int(p["amount"]) for p in json.loads(result.stdout)["players"]]
    assert sum(amounts) == 0
    assert sorted(amounts) == [-5, -5, -2, -1, 1, 2, 5, 5]


def test_a_season(club: Path) -> None:
    result = chicago(club, "settle", "--season", "--since", "2026-11-01", "--stake", "1", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["season"] == {"since": "2026-11-01", "until": None, "evenings": 1}
    assert sorted(float(p["amount"]) for p in data["players"]) == [-10, -10, -3, -3, 3, 3, 10, 10]
    empty = chicago(club, "settle", "--season", "--until", "2020-01-01", "--stake", "1")
    assert empty.returncode == 0, empty.stderr
    assert "Settling the season to 2020-01-01: 0 evenings." in empty.stdout
    assert "nothing to settle" in empty.stdout


MISTAKES = {
    "no stake": (("tue",), "needs a stake"),
    "a negative stake": (("tue", "--stake", "-1"), "cannot be negative"),
    "a zero stake": (("tue", "--stake", "0"), "settles nothing"),
    "an absurd stake": (("tue", "--stake", "5000000"), "more than 1000000"),
    "a stake of 400 digits": (("tue", "--stake", "9" * 400), "400 digits"),
    "too many decimals": (("tue", "--stake", "0.123456"), "at most 4 decimals"),
    "not a number": (("tue", "--stake", "lots"), "an amount such as"),
    "an unknown currency": (("tue", "--stake", "1", "--currency", "XYZ"), "unknown currency 'XYZ'"),
    "a bad --per": (("tue", "--stake", "1", "--per", "trick"), "not per 'trick'"),
    "IMPs on hundreds": (("tue", "--stake", "1", "--per", "imp"), "settle it per 100"),
    "table money finer than a yen": (
        ("tue", "--stake", "1", "--currency", "JPY", "--table-money", "2.5"),
        "at most 0 decimals",
    ),
    "no such evening": (("wed", "--stake", "1"), "wed"),
    "an evening and --season": (("tue", "--season", "--stake", "1"), "not both"),
    "neither": (("--stake", "1"), "--season"),
    "--since without --season": (("tue", "--since", "2026-01-01", "--stake", "1"), "go with --season"),
    "a period reversed": (
        ("--season", "--since", "2026-12-01", "--until", "2026-01-01", "--stake", "1"),
        "is after until",
    ),
}


@pytest.mark.parametrize("mistake", MISTAKES, ids=list(MISTAKES))
def test_a_mistake_is_one_line_and_exit_2(club: Path, mistake: str) -> None:
    args, said = MISTAKES[mistake]
    result = chicago(club, "settle", *args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert said in one_error_line(result.stderr)
    assert result.stdout == ""


def test_the_readme_example_is_what_it_prints(club: Path) -> None:
    """README's `chicago settle` example is this club's evening: the same lines, word for word."""
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    command = "    $ chicago settle tue --stake 0.50 --currency GBP --table-money 2\n"
    block = readme.split(command, 1)[1].split("\n\n- ", 1)[0]
    shown = [line.removeprefix("    ").rstrip() for line in block.splitlines()]
    result = chicago(club, "settle", *command.split()[3:])
    assert result.returncode == 0, result.stderr
    assert [line.rstrip() for line in result.stdout.rstrip("\n").splitlines()] == shown


def test_a_session_file_settles_as_its_saved_evening(club: Path, tmp_path: Path) -> None:
    exported = tmp_path / "tue.json"
    assert chicago(club, "export", "tue", "--out", str(exported)).returncode == 0
    by_file = chicago(club, "settle", str(exported), "--stake", "0.10", "--json")
    by_name = chicago(club, "settle", "tue", "--stake", "0.10", "--json")
    assert by_file.returncode == 0, by_file.stderr
    from_file, from_name = json.loads(by_file.stdout), json.loads(by_name.stdout)
    assert from_file["evening"] == str(exported) and from_file["date"] is None
    assert from_file["players"] == from_name["players"] and from_file["transfers"] == from_name["transfers"]
    assert {p["amount"] for p in from_file["players"]} == {"1.00", "0.30", "-0.30", "-1.00"}


def test_plan_keeps_the_stake_and_settle_takes_it(tmp_path: Path) -> None:
    """`plan --stake` refuses a bad stake (or one with nothing saved) before planning, saving nothing;
    a good one is kept, and `settle NAME` then needs no --stake; an option typed overrides its part."""
    db = tmp_path / "club.db"
    unsaved = chicago(db, "plan", *EIGHT, "--stake", "1")
    assert unsaved.returncode == 2 and "add --save NAME" in one_error_line(unsaved.stderr)
    bad = chicago(db, "plan", *EIGHT, "--save", "tue", "--stake", "1", "--currency", "XYZ")
    assert bad.returncode == 2 and "unknown currency" in one_error_line(bad.stderr)
    assert not db.exists()  # refused before anything was made
    made = chicago(
        db, "plan", *EIGHT, "--order", "given", "--save", "tue", "--stake", "0.10", "--per", "point"
    )
    assert made.returncode == 0, made.stderr
    for table, net in (("1", "N-S 1030"), ("2", "E-W 250")):  # round 1 finished: it can be kept
        recorded = chicago(db, "record", "tue", "--round", "1", "--table", table, "--net", net)
        assert recorded.returncode == 0, recorded.stderr
    kept = json.loads(chicago(db, "settle", "tue", "--json").stdout)
    assert (kept["stake"], kept["per"], kept["currency"]) == ("0.10", "point", None)
    # +10 hundreds is 1000 points, at 0.10 a point 100.00; +3 hundreds 300 points, 30.00
    assert sorted(Decimal(p["amount"]) for p in kept["players"]) == [-100, -100, -30, -30, 30, 30, 100, 100]
    typed = json.loads(chicago(db, "settle", "tue", "--stake", "0.01", "--currency", "usd", "--json").stdout)
    assert (typed["stake"], typed["per"], typed["currency"]) == ("0.01", "point", "USD")
    assert sorted(Decimal(p["amount"]) for p in typed["players"]) == [-10, -10, -3, -3, 3, 3, 10, 10]
    replanned = chicago(db, "plan", *EIGHT, "--keep", "tue", "--save", "tue")  # no --stake: the stake stays
    assert replanned.returncode == 0, replanned.stderr
    assert json.loads(chicago(db, "settle", "tue", "--json").stdout)["stake"] == "0.10"


def test_an_evening_exported_and_imported_keeps_its_stake_and_language(tmp_path: Path) -> None:
    """`chicago export` carries what the evening is played for and the language it speaks (`"stake"`,
    `"language"`): imported into another club's database, `settle` needs no --stake and gives the same
    amounts, and `show` speaks the evening's language (German here) as at home. A file whose stake or
    language cannot be read is refused with one line, saving nothing."""
    home, away = tmp_path / "home.db", tmp_path / "away.db"
    made = chicago(home, "plan", *EIGHT, "--order", "given", "--save", "tue", "--date", "2026-11-24",
                   "--stake", "0.50", "--currency", "EUR", "--lang", "de")  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert chicago(home, "record", "tue", "--round", "1", "--table", "1", "--net", "N-S 1030").returncode == 0
    file = tmp_path / "tue.json"
    assert chicago(home, "export", "tue", "--out", str(file)).returncode == 0
    data = json.loads(file.read_text())
    assert (data["stake"]["stake"], data["stake"]["currency"], data["language"]) == ("0.50", "EUR", "de")
    imported = chicago(away, "import", str(file))
    assert imported.returncode == 0, imported.stderr
    settled = [json.loads(chicago(db, "settle", "tue", "--json").stdout) for db in (home, away)]
    assert settled[0] == settled[1]
    owed = {line["name"]: Decimal(line["amount"]) for line in settled[1]["players"]}
    by_tally = {name: total * Decimal("0.50") for name, total in winners(away).items() if total}
    assert owed == by_tally  # those with a tally of 0 owe nothing and are not listed
    assert settled[1]["currency"] == "EUR" and max(owed.values()) == Decimal("5.00")  # +10 hundreds
    shown = chicago(away, "show", "tue")
    assert "Runde" in shown.stdout, shown.stdout
    for bad in ({"stake": "-1"}, {"stake": "1", "currency": "XYZ"}, ["1"]):
        spoiled = tmp_path / "bad.json"
        spoiled.write_text(json.dumps(data | {"stake": bad, "name": "bad"}))
        refused = chicago(away, "import", str(spoiled))
        assert refused.returncode == 2 and '"stake"' in one_error_line(refused.stderr)
    spoiled.write_text(json.dumps(data | {"language": "klingon", "name": "bad"}))
    refused = chicago(away, "import", str(spoiled))
    assert refused.returncode == 2 and '"language" must be one of' in one_error_line(refused.stderr)
    assert "bad" not in chicago(away, "sessions").stdout

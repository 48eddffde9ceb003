"""`chicago plan --couple A+B --mixed` as a host types it, through the installed command (issue 27): the
schedule written with its couples, `check` saying they were kept apart and the partnerships mixed, a saved
evening keeping its couples through a replan, and each mistake one `chicago: error:` line with exit 2."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from tests.rotation.web.real import chicago

COUPLES = ("Ann+Bob", "Cat+Dan", "Eve+Fay", "Gus+Hal")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def _couple_options(*couples: str) -> list[str]:
    return [arg for couple in couples for arg in ("--couple", couple)]


def test_a_mixed_party_of_four_couples_is_planned_written_and_checked(tmp_path: Path) -> None:
    """Four couples, mixed: three rounds, each first-named partnering each other couple's second-named
    once (counted from the JSON's seats), no couple at one table; the file records the couples, and
    `check` on it says they were kept apart and the partnerships mixed."""
    db = tmp_path / "club.db"
    made = chicago(db, "plan", *NAMES, *_couple_options(*COUPLES), "--mixed", "--seed", "9", "--json")
    assert made.returncode == 0, made.stderr
    data = json.loads(made.stdout)
    assert data["couples"] == [c.split("+") for c in COUPLES] and data["mixed"] is True
    couple_of = {name: i for i, c in enumerate(COUPLES) for name in c.split("+")}
    partners: Counter[tuple[str, str]] = Counter()
    assert len(data["rounds"]) == 3
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            seated = [table[seat] for seat in ("north", "east", "south", "west")]
            assert len({couple_of[n] for n in seated}) == 4, seated
            for p, q in ((table["north"], table["south"]), (table["east"], table["west"])):
                first, second = (p, q) if NAMES.index(p) % 2 == 0 else (q, p)  # the first-named of a couple
                assert NAMES.index(first) % 2 == 0 and NAMES.index(second) % 2 == 1, (p, q)
                partners[first, second] += 1
    assert len(partners) == 12 and set(partners.values()) == {1}
    file = tmp_path / "party.json"
    file.write_text(made.stdout, encoding="utf-8")
    checked = chicago(db, "check", str(file))
    assert checked.returncode == 0, checked.stderr
    said = " ".join(checked.stdout.split())
    assert "kept apart, never partners and never at one table" in said
    assert "Partnerships: all mixed" in said
    assert "partners each other couple's second-named once" in said


def test_a_saved_evening_keeps_its_couples_through_a_replan(tmp_path: Path) -> None:
    """Saved with two couples among singles (the plan says they are kept apart), then replanned from
    round 2 with a newcomer: `check` of the saved evening still names the couples and finds them apart."""
    db = tmp_path / "club.db"
    names = (*NAMES[:6], "Ivy", "Jo")
    saved = chicago(
        db, "plan", *names, *_couple_options("Ann+Bob", "Cat+Dan"), "--rounds", "4", "--save", "fri"
    )
    assert saved.returncode == 0, saved.stderr
    assert "Couples (Ann+Bob; Cat+Dan): kept apart" in " ".join(saved.stdout.split())
    again = chicago(db, "plan", *names, "Kim", "--new", "Kim", "--keep", "fri:1", "--save", "fri")
    assert again.returncode == 0, again.stderr
    checked = chicago(db, "check", "fri")
    said = " ".join(checked.stdout.split())
    assert "Couples (Ann+Bob; Cat+Dan): kept apart" in said, said
    exported = chicago(db, "export", "fri")
    assert json.loads(exported.stdout)["couples"] == [["Ann", "Bob"], ["Cat", "Dan"]]


def test_couples_named_wrongly_are_one_line_and_exit_2(tmp_path: Path) -> None:
    """An unknown player (with the near miss), a player in two couples, a player twice, a couple that
    cannot be read and --mixed with a player in no couple: each one `chicago: error:` line, exit 2."""
    db = tmp_path / "club.db"
    cases = {
        ("--couple", "Ann+Bbo"): "did you mean 'Bob'?",
        ("--couple", "Ann+Bob", "--couple", "Bob+Cat"): "Bob in two couples",
        ("--couple", "Ann+ann"): "two different players",
        ("--couple", "Ann"): "write NAME+NAME",
        ("--couple", "Ann+Bob", "--mixed"): "but Cat is in none",
    }
    for args, words in cases.items():
        result = chicago(db, "plan", *NAMES, *args)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2, (args, result.stderr)
        assert len(lines) == 1 and lines[0].startswith("chicago: error: ") and words in lines[0], lines
    assert not db.exists()

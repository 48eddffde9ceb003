"""A weekly club at the terminal, through the installed `chicago --db` (issue 26, "the weekly club"): the
evening after a saved one, planned at the default rounds, partners nobody from it, and says so."""

from __future__ import annotations

import json
from pathlib import Path

from tests.rotation.web.real import chicago

CLUB = [f"M{i:02d}" for i in range(20)]


def _partners(db: Path, evening: str) -> set[frozenset[str]]:
    """The pairs who partnered in a saved evening, read from `chicago export`'s seats."""
    done = chicago(db, "export", evening)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    return {
        frozenset((table[a], table[b]))
        for rnd in data["rounds"]
        for table in rnd["tables"]
        for a, b in (("north", "south"), ("east", "west"))
    }


def test_the_next_evening_at_the_default_rounds_partners_nobody_from_the_last(tmp_path: Path) -> None:
    """Week 1 saved (the book's five rounds: 50 partnerships); week 2 at the default rounds (8: 80
    partnerships over the 140 pairs left) partners none of week 1's pairs, its Balance line counts
    them (0) and its Planner line calls that proven."""
    db = tmp_path / "club.db"
    week = ("plan", *CLUB, "--order", "given")
    first = chicago(db, *week, "--rounds", "5", "--save", "w1", "--date", "2025-01-07")
    assert first.returncode == 0, first.stderr
    second = chicago(db, *week, "--save", "w2", "--date", "2025-01-14")
    assert second.returncode == 0, second.stderr
    said = " ".join(second.stdout.split())
    before, after = _partners(db, "w1"), _partners(db, "w2")
    assert len(before) == 50 and len(after) == 80  # week 2 at the default 8 rounds, each pair once
    assert not before & after
    assert "partners from the last evening 0;" in said, said
    planner = said[said.index("Planner:") :]
    assert "proven as even as can be in" in planner and "partners from the last evening" in planner
    assert "partners from the last evening (" not in planner  # not among the rules left unproven

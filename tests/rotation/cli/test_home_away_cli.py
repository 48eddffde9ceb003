"""`chicago plan --away` at two tables through the installed command (issue 26): ten players, one leaving
before the last round, get the book's two-table evening with the leaver's place sitting out the last round,
and the opponents within one, where the planner's own search left them 3 apart (0-3 times)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

from tests.rotation.web.real import chicago

NAMES = tuple(f"P{i}" for i in range(1, 11))


def test_a_leaver_at_two_tables_plays_the_books_evening(tmp_path: Path) -> None:
    """Counted from the JSON's seats: P10 away (not seated, not sitting out) in round 8 only; every pair
    of the nine there all evening opposes 1 or 2 times and P10 opposes nobody more than twice (the
    spread 1 counted as a floor in tests/rotation/test_plan_home_away.py); the planner's JSON says the
    opponent spread is 1 and proven, and the text's note says the book was taken."""
    db = tmp_path / "club.db"
    made = chicago(db, "plan", *NAMES, "--rounds", "8", "--away", "P10:8-", "--seed", "2", "--json")
    assert made.returncode == 0, made.stderr
    data = json.loads(made.stdout)
    opposed: Counter[frozenset[str]] = Counter()
    for number, rnd in enumerate(data["rounds"], 1):
        seated = {t[seat] for t in rnd["tables"] for seat in ("north", "east", "south", "west")}
        assert ("P10" in rnd.get("away", [])) == (number == 8)
        assert ("P10" in seated | set(rnd["sitting_out"])) == (number != 8)
        for t in rnd["tables"]:
            for a in (t["north"], t["south"]):
                for b in (t["east"], t["west"]):
                    opposed[frozenset((a, b))] += 1
    regulars = [frozenset(pq) for pq in combinations(NAMES[:9], 2)]
    assert {opposed[pq] for pq in regulars} == {1, 2}
    assert max(opposed.values()) == 2
    rule = {r["rule"]: r for r in data["planner"]["rules"]}["opponent spread"]
    assert rule["value"] == 1 and rule["proven"] is True
    text = chicago(db, "plan", *NAMES, "--rounds", "8", "--away", "P10:8-", "--seed", "2")
    assert text.returncode == 0, text.stderr
    assert "from the book of two-table evenings, the players away placed" in " ".join(text.stdout.split())

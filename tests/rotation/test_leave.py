"""Issue 26, honest floors: meeting nobody twice leaves the pairs who never meet, a graph whose degrees
the rounds each one plays fix (n - 1 - 3r); where no such graph exists someone meets someone twice, and
the planner says so (``balance.leave_possible``)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from rotation.balance import leave_possible, meet_once_possible
from tests.rotation.web.real import chicago


def _meet_once_exists(n: int, tables: int, rounds: int) -> bool:
    """Whether ``rounds`` rounds of ``tables`` tables of four among ``n`` players can meet nobody twice,
    by trying every round in turn (independent of the leave)."""
    fours = list(combinations(range(n), 4))

    def rounds_of(
        seated: tuple[frozenset[int], ...], start: int, left: int
    ) -> list[tuple[frozenset[int], ...]]:
        if left == 0:
            return [seated]
        found = []
        for i in range(start, len(fours)):
            four = frozenset(fours[i])
            if all(not (four & other) for other in seated):
                found += rounds_of((*seated, four), i + 1, left - 1)
        return found

    one_round = rounds_of((), 0, tables)
    met: set[frozenset[int]] = set()

    def extend(done: int, start: int) -> bool:
        """Rounds taken in the order listed (their order does not matter), the first the first listed
        (any evening relabels to one that opens so)."""
        if done == rounds:
            return True
        for i in range(start, 1 if done == 0 else len(one_round)):
            pairs = {frozenset(pq) for four in one_round[i] for pq in combinations(sorted(four), 2)}
            if not pairs & met:
                met.update(pairs)
                if extend(done + 1, i + 1):
                    return True
                met.difference_update(pairs)
        return False

    return extend(0, 0)


@pytest.mark.parametrize(("n", "tables"), [(n, 1) for n in range(5, 11)] + [(8, 2), (9, 2)])
def test_the_leave_never_rules_out_an_evening_that_exists(n: int, tables: int) -> None:
    """Sound: wherever some evening meets nobody twice the leave allows it, and where the leave rules it
    out no such evening exists (every small case tried by enumeration)."""
    for rounds in range(1, 6):
        exists = _meet_once_exists(n, tables, rounds)
        if exists:
            assert leave_possible(n, [tables] * rounds), (n, tables, rounds)
        if not leave_possible(n, [tables] * rounds):
            assert not exists


def test_seven_at_one_table_over_three_rounds_and_nineteen_at_four_over_seven_meet_someone_twice() -> None:
    """By hand: two foursomes of 7 meeting nobody twice share one player and so seat all seven; a third
    foursome has at least two players in one of them. 19 at four tables over 7 rounds leave 171 - 168 = 3
    pairs unmet, each player's unmet count 18 - 3r a multiple of 3: two players missing 3 each, or one
    missing 6, and 3 pairs cannot do either. Counting each player's meetings alone allows both."""
    assert not leave_possible(7, [1] * 3) and leave_possible(7, [1] * 2)
    assert not leave_possible(19, [4] * 7) and leave_possible(19, [4] * 6)
    assert not meet_once_possible(19, [4] * 7, fair=False)


def test_the_installed_chicago_says_seven_over_three_rounds_meet_someone_twice(tmp_path: Path) -> None:
    """The planner's claim, through the installed `chicago`: most meetings 2 proven and the repeated
    meetings at least 1, each value counted from the seating printed."""
    names = [f"P{i}" for i in range(1, 8)]
    done = chicago(tmp_path / "club.db", "plan", *names, "--rounds", "3", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    met: Counter[frozenset[str]] = Counter()
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            seated = [table[s] for s in ("north", "east", "south", "west")]
            met.update(frozenset(pq) for pq in combinations(seated, 2))
    rules = {rule["rule"]: rule for rule in data["planner"]["rules"]}
    assert rules["most meetings"]["value"] == max(met.values()) == 2
    assert rules["most meetings"]["best_possible"] == 2 and rules["most meetings"]["proven"]
    assert rules["repeated meetings"]["value"] == sum(c - 1 for c in met.values())
    assert rules["repeated meetings"]["best_possible"] >= 1


def test_a_leave_not_looked_at_to_the_end_claims_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its steps the leave allows meeting once (no claim it has not shown): 19 x 7 settles in 48."""
    import rotation.balance as balance

    monkeypatch.setattr(balance, "LEAVE_STEPS", 47)
    assert leave_possible(19, [4] * 7)
    monkeypatch.setattr(balance, "LEAVE_STEPS", 48)
    assert not leave_possible(19, [4] * 7)

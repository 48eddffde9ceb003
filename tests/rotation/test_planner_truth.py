"""Every rule value the planner prints is the count of the schedule it prints, even when the season's
seating changed that schedule after the solver had valued it."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from datetime import date
from itertools import combinations, pairwise
from typing import Any

import pytest

from rotation.cut import Order
from rotation.history import history_of
from rotation.model import Movement, Round, Schedule
from rotation.movements import season
from rotation.plan import PlanRequest, plan
from rotation.render.terminal import RULE_WORDS, balance_summary, solve_details, solve_summary
from rotation.services.plans import planner_data

NINE = tuple(f"Q{i}" for i in range(9))


def _partnered(schedule: Schedule) -> Counter[frozenset[str]]:
    """Each pair's partnerships in an evening, by name."""
    return Counter(
        frozenset((schedule.players[p], schedule.players[q]))
        for rnd in schedule.rounds
        for t in rnd.tables
        for p, q in ((t.north, t.south), (t.east, t.west))
    )


def _season_counted(schedule: Schedule, before: Schedule) -> dict[str, int]:
    """The season's rules after one evening ``before``: tonight's partnerships of its partners, and of
    each pair weighed c(c + 1) / 2 for its c partnerships then."""
    past = _partnered(before)
    tonight = _partnered(schedule)
    return {
        "partners from the last evening": sum(k for pq, k in tonight.items() if past[pq]),
        "season partner repeats": sum(k * past[pq] * (past[pq] + 1) // 2 for pq, k in tonight.items()),
    }


def _counted(movement: Movement) -> dict[str, int]:
    """The rules counted here from the seating alone (everyone present: every pair and player counts)."""
    players = range(movement.n_players)
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    played: Counter[int] = Counter()
    dealt: Counter[int] = Counter()
    moves = 0
    where: dict[int, tuple[int, int]] = {}  # the round before's places: a sit-out breaks a run of seats
    for rnd in movement.rounds:
        before, where = where, {}
        for number, t in enumerate(rnd.tables):
            dealt[t.dealer] += 1
            for seat, p in enumerate(t.players):
                played[p] += 1
                moves += p in before and before[p] != (number, seat)
                where[p] = (number, seat)
            partners.update([frozenset((t.north, t.south)), frozenset((t.east, t.west))])
            opponents.update(frozenset((p, q)) for p in (t.north, t.south) for q in (t.east, t.west))
    pairs = [frozenset(pq) for pq in combinations(players, 2)]
    meetings = [partners[pq] + opponents[pq] for pq in pairs]
    outs = [set(rnd.sitting_out) for rnd in movement.rounds]

    def spread(values: list[int]) -> int:
        return max(values) - min(values)

    return {
        "partner spread": spread([partners[pq] for pq in pairs]),
        "played spread": spread([played[p] for p in players]),
        "sit-out repeats": sum(len(a & b) for a, b in pairwise(outs)),
        "most meetings": max(meetings),
        "repeated meetings": sum(m - 1 for m in meetings if m > 1),
        "opponent spread": spread([opponents[pq] for pq in pairs]),
        "first-deal spread": spread([dealt[p] for p in players]),
        "seat moves": moves,
    }


def _turned(schedule: Schedule, planned: Schedule) -> Schedule:
    """North and South change places at the first table where that makes the seat moves other than the
    solver's ``planned``: the same partners, opponents and meetings, other seat moves (and first
    dealers)."""
    movement = schedule.movement
    for r, rnd in enumerate(movement.rounds):
        for t, table in enumerate(rnd.tables):
            tables = list(rnd.tables)
            tables[t] = replace(table, north=table.south, south=table.north)
            rounds = list(movement.rounds)
            rounds[r] = Round(tuple(tables), rnd.sitting_out)
            turned = Movement(movement.n_players, tuple(rounds))
            if _counted(turned)["seat moves"] != _counted(planned.movement)["seat moves"]:
                return Schedule(schedule.players, turned)
    raise AssertionError("no table turns the seat moves")


def test_printed_rules_are_the_schedules_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The season stage hands back an evening whose seat moves differ from the solver's plan: the
    summary, ``--verbose``'s rules, the Balance line and ``--json``'s "planner" all give the counts of
    the evening returned, each compared with a count made here from its seating."""
    real = season.seat_for_history
    changed: list[tuple[Schedule, Schedule]] = []

    def seat_and_turn(schedule: Schedule, history: Any, **options: Any) -> season.SeasonSeating:
        seated = real(schedule, history, **options)
        turned = _turned(seated.schedule, schedule)
        changed.append((schedule, turned))
        return replace(seated, schedule=turned)

    monkeypatch.setattr(season, "seat_for_history", seat_and_turn)
    first = plan(PlanRequest(NINE, Order.GIVEN, rounds=4)).schedule
    made = plan(PlanRequest(NINE, Order.GIVEN, rounds=4, history=history_of([(date(2024, 1, 1), first)])))
    assert made.solved is not None
    ((planned, emitted),) = changed
    assert made.schedule == emitted
    counted = _counted(emitted.movement) | _season_counted(emitted, first)
    assert counted["seat moves"] != _counted(planned.movement)["seat moves"]  # the stage changed a rule
    names = [t.name for t in made.solved.terms]
    assert set(names) <= set(counted), names

    details = solve_details(made.solved)
    for name in names:  # each rule in the host's words (RULE_WORDS), then its value
        found = re.search(rf"{re.escape(RULE_WORDS[name])} (\d+)", details)
        assert found is not None, (name, details)
        assert int(found.group(1)) == counted[name], (name, details)
    data = planner_data(made)
    assert data is not None
    rules = data["rules"]
    assert isinstance(rules, list)
    assert {r["rule"]: r["value"] for r in rules} == {name: counted[name] for name in names}
    from rotation.balance import check

    assert f"seat moves {counted['seat moves']}." in balance_summary(check(emitted.movement))
    last = counted["partners from the last evening"]
    assert f"partners from the last evening {last};" in balance_summary(made.checked())
    summary = solve_summary(made.solved)
    for term in made.solved.terms:
        if term.bound is not None and not term.met:
            assert f"({counted[term.name]}; {term.bound} may be possible)" in summary, summary

"""Table-mates (issue 12, DESIGN.md "Balance"): nobody shares a table with the same player twice where that
can be; where it cannot, first the most meetings of a pair as low as it can be, then the fewest repeated
meetings, never at the cost of a rule ranked above them."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation.balance import check
from rotation.model import Movement
from rotation.solver import PlanSpec, solve
from rotation.solver.mates import Mates, _spread_table_mates
from rotation.solver.measure import RANKED, _draft_round, _measure, _rank
from rotation.solver.pairings import _construct
from rotation.solver.problem import _Draft, _Problem, _Run


def _run(seed: int = 0) -> _Run:
    return _Run(work=1000.0, time_limit=3600.0, workers=1, seed=seed, on_progress=None)


@pytest.mark.parametrize(("n", "rounds"), [(16, 5), (20, 5), (26, 6)])
def test_club_evenings_where_nobody_need_meet_twice_meet_once(n: int, rounds: int) -> None:
    """16 x 5 (the affine plane of order 4), 20 x 5 (four groups over GF(5)) and 26 x 6 (two sit out):
    evenings where every pair can meet at most once, and the planner finds one, as the checker counts."""
    result = solve(PlanSpec(n, rounds), work=2)
    assert result.movement is not None
    balance = check(result.movement)
    assert balance.most_meetings == 1
    assert balance.repeated_meetings == 0
    assert result.term("repeated meetings").value == 0
    assert result.term("most meetings").met


def test_twelve_players_four_rounds_reach_the_proven_fewest_repeats() -> None:
    """12 x 4: nobody meets anyone three times and 18 repeated meetings, the fewest any schedule has (proven
    by exhaustive search, issue 12)."""
    result = solve(PlanSpec(12, 4), work=2)
    assert result.movement is not None
    balance = check(result.movement)
    assert balance.most_meetings == 2
    assert balance.repeated_meetings == 18


@pytest.mark.parametrize(("n", "rounds", "fewest"), [(13, 4, 12), (9, 4, 18), (17, 5, 1)])
def test_where_nobody_can_meet_once_the_plan_proves_its_fewest(n: int, rounds: int, fewest: int) -> None:
    """Issue 12, "the proven fewest elsewhere": 13 x 4 and 9 x 4 by coincidences (every two rounds seat
    two of one table together again twice or three times), 17 x 5 by the proof that no meet-once evening
    has five rounds; each plan reaches its floor and reports both table-mate terms as proven."""
    result = solve(PlanSpec(n, rounds), work=2)
    assert result.movement is not None
    balance = check(result.movement)
    assert balance.most_meetings == 2
    assert balance.repeated_meetings == fewest == balance.repeated_meetings_floor
    assert result.term("most meetings").met and result.term("repeated meetings").met


def test_the_rule_lowers_repeats_against_the_planner_without_it() -> None:
    """The same request with the search switched off (the benchmark's baseline) repeats far more."""
    spec = PlanSpec(16, 5)
    without = solve(spec, work=2, mate_moves=0)
    with_ = solve(spec, work=2)
    assert without.movement is not None and with_.movement is not None
    assert check(with_.movement).repeated_meetings < check(without.movement).repeated_meetings


@settings(max_examples=12, deadline=None)
@given(
    n=st.integers(min_value=8, max_value=22),
    rounds=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**16),
    away=st.lists(st.tuples(st.integers(0, 21), st.integers(0, 5)), max_size=3),
)
def test_the_search_never_costs_a_rule_ranked_above_it(
    n: int, rounds: int, seed: int, away: list[tuple[int, int]]
) -> None:
    """Whatever the drafts, the search's result ranks no worse by every rule, none of the rules above the
    table-mates (fair share, partners, plays, sit-out repeats, kept plan) gets worse, and every player
    sits out as often as before (with someone away, in the same rounds)."""
    absent: dict[int, frozenset[int]] = {}
    for p, r in away:
        if p < n and r < rounds:
            absent[p] = absent.get(p, frozenset()) | {r}
    spec = PlanSpec(n, rounds, away=absent)
    problem = _Problem.of(spec)
    if any(len(here) < 4 for here in problem.present):
        return
    drafts = _construct(problem, random.Random(seed))
    found = _spread_table_mates(problem, drafts, _run(seed), moves=3000)
    assert _rank(problem, found) <= _rank(problem, drafts)
    before, after = _measure(problem, drafts), _measure(problem, found)
    for name in RANKED[: RANKED.index("most meetings")]:
        assert after[name] <= before[name], name

    def sit_outs(ds: list[_Draft]) -> list[int]:
        return [sum(p in d.sitting_out for d in ds) for p in range(n)]

    assert sit_outs(found) == sit_outs(drafts) or not absent  # without absences they may trade places
    assert sorted(sit_outs(found)) == sorted(sit_outs(drafts))
    assert [len(d.sitting_out) for d in found] == [len(d.sitting_out) for d in drafts]
    for d in found:
        assert all(problem.allowed(*pq) for game in d.games for pq in game)


def test_the_search_is_counted_in_moves_so_it_repeats_exactly() -> None:
    """One plan per request: the same drafts and seed give the same tables, move for move."""
    problem = _Problem.of(PlanSpec(18, 5))
    drafts = _construct(problem, random.Random(3))
    first = _spread_table_mates(problem, drafts, _run(3), moves=5000)
    again = _spread_table_mates(problem, drafts, _run(3), moves=5000)
    assert first == again


def test_a_plan_requested_twice_is_identical() -> None:
    """The whole planner, table-mates included, gives the same schedule for the same request."""
    spec = PlanSpec(13, 4, away={12: frozenset({0})})
    first, again = solve(spec, work=1, seed=5), solve(spec, work=1, seed=5)
    assert first.movement == again.movement
    assert first.terms == again.terms


def test_the_search_keeps_the_partnerships_of_the_plan_being_replaced() -> None:
    """Replanning (--keep): no partnership of the old plan in a replanned round is broken for table-mates."""
    old = solve(PlanSpec(16, 5), work=1, mate_moves=0).movement
    assert old is not None
    spec = PlanSpec(16, 5, keep=type(old)(16, old.rounds[:2]), previous=old)
    result = solve(spec, work=1)
    assert result.movement is not None
    assert result.term("changes from the previous plan").value == 0


def test_mates_measure_agrees_with_the_independent_checker() -> None:
    """The solver's table-mate measure of drafts is the checker's of the seated schedule."""
    result = solve(PlanSpec(14, 4), work=1)
    assert result.movement is not None
    balance = check(result.movement)
    assert (result.term("most meetings").value, result.term("repeated meetings").value) == (
        balance.most_meetings,
        balance.repeated_meetings,
    )
    problem = _Problem.of(PlanSpec(14, 4))
    drafts = _construct(problem, random.Random(0))
    seated = check(Movement(14, tuple(_draft_round(d) for d in drafts)))
    assert Mates.of(problem, drafts) == Mates(seated.most_meetings, seated.repeated_meetings)


@pytest.mark.parametrize(
    ("n", "rounds", "partners", "opponents"), [(8, 14, 1, 2), (9, 18, 1, 2), (7, 21, 2, 4)]
)
def test_the_one_table_series_reaches_its_designs(n: int, rounds: int, partners: int, opponents: int) -> None:
    """One table: 8 players x 14 rounds and 9 x 18 (every pair partners once and opposes exactly twice),
    7 x 21 (partners twice, opposes four times): the game-counting model proves these designs, and the
    table-mates (partners plus opponents) are then the same for every pair."""
    result = solve(PlanSpec(n, rounds, tables=1))
    assert result.movement is not None
    balance = check(result.movement)
    assert set(balance.partners.values()) == {partners}
    assert set(balance.opponents.values()) == {opponents}
    assert balance.most_meetings == partners + opponents
    assert result.term("most meetings").met and result.term("opponent spread").met


@pytest.mark.parametrize(("n", "rounds", "seed"), [(18, 5, 1), (21, 6, 2), (32, 8, 0)])
def test_what_the_search_keeps_move_by_move_matches_a_recount(n: int, rounds: int, seed: int) -> None:
    """The conflicts by round and the prices of meeting once more or less, kept up to date move by move,
    are what counting afresh gives after a run (restarts and shakes included); and the best move, priced
    from them, is the best by the cost of every swap and re-pairing counted from the meetings."""
    from rotation.solver.mates import _Search

    problem = _Problem.of(PlanSpec(n, rounds))
    search = _Search(problem, _construct(problem, random.Random(seed)), random.Random(seed))
    search.run(400, _run(seed))

    def state() -> tuple[object, ...]:
        s = search
        return copy.deepcopy((s.conflicts, s.conflict, s.gain, s.gain_partner, s.loss, s.loss_partner))

    kept = state()
    search._index()
    assert kept == state()
    assert sum(search.conflicts) == len(search._conflicted())
    assert search.cost == search.recount()
    for r in range(rounds):
        players = search._conflicted_in(r) or [t[0] for t in search.tables[r]]
        chosen = search._best_move(r, players, step=10**9, best_cost=0)
        assert chosen is not None
        where = search.where[r]
        deltas = [
            search._swap_delta(r, x, y)
            for x in players
            for y in range(n)
            if where[y] != where[x] and (where[y] >= 0 or search._may_sit_out(r, x, y))
        ]
        deltas += [
            search._delta(search._split_changes(r, t, split))
            for t in {where[x] for x in players}
            for split in (1, 2)
        ]
        assert chosen[0] == min(deltas)
        assert chosen[0] == search._delta(chosen[1])

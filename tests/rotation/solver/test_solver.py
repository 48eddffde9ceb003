"""The CP-SAT planner: every schedule it emits obeys the hard rules and passes the independent checker."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rotation.balance import Bound, check
from rotation.model import Movement, Player
from rotation.solver import InvalidSpecError, PlanSpec, SolveResult, Status, solve

FAST = 1.0
"""Seconds per solve in the property tests: enough for a schedule, not for proofs."""


def partnerships(movement: Movement, round_index: int) -> set[frozenset[Player]]:
    return {
        frozenset(pair)
        for table in movement.rounds[round_index].tables
        for pair in ((table.north, table.south), (table.east, table.west))
    }


def assert_obeys(spec: PlanSpec, result: SolveResult) -> None:
    """The hard rules and honest reporting, judged from the schedule alone."""
    assert result.status in (Status.OPTIMAL, Status.FEASIBLE), result.reason
    movement = result.movement
    assert movement is not None
    assert movement.n_players == spec.n_players
    assert len(movement) == spec.rounds
    kept = len(spec.keep) if spec.keep is not None else 0
    for r, rnd in enumerate(movement.rounds):
        away = {p for p, rounds in spec.away.items() if r in rounds}
        assert not (rnd.present & away), f"round {r + 1} places players who are away"
        if r >= kept:
            assert rnd.present == set(range(spec.n_players)) - away
            present = len(rnd.present)
            wanted = (
                present // 4
                if spec.tables is None
                else (spec.tables if isinstance(spec.tables, int) else spec.tables[r])
            )
            assert len(rnd.tables) == wanted
            for p, q in spec.avoid:
                assert frozenset((p, q)) not in partnerships(movement, r)
    balance = check(movement, avoid=spec.avoid)
    measured = {
        "partner spread": balance.partner_spread,
        "played spread": balance.played_spread,
        "sit-outs off fair share": balance.sit_out_share_excess,
        "sit-out repeats": balance.total_repeat_sit_outs,
        "opponent spread": balance.opponent_spread,
        "first-deal spread": balance.first_deal_spread,
        "seat moves": balance.total_seat_moves,
    }
    for term in result.terms:
        if term.name in measured:
            assert term.value == measured[term.name], term
        if term.bound is not None:
            assert 0 <= term.bound <= term.value, term
    if result.status is Status.OPTIMAL:
        assert result.gap == 0
        assert all(t.met for t in result.terms if t.bound is not None)


@st.composite
def specs(draw: st.DrawFn) -> PlanSpec:
    """Small plans with pairs to avoid and players away, some of them impossible."""
    n = draw(st.integers(4, 11))
    rounds = draw(st.integers(1, 6))
    pairs = list(combinations(range(n), 2))
    avoid = draw(st.lists(st.sampled_from(pairs), max_size=3, unique=True))
    away_players = draw(st.lists(st.integers(0, n - 1), max_size=2, unique=True))
    away = {p: frozenset(draw(st.sets(st.integers(0, rounds - 1), min_size=1))) for p in away_players}
    return PlanSpec(n, rounds, avoid=frozenset(avoid), away=away)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs())
def test_every_schedule_obeys_the_rules_and_passes_the_checker(spec: PlanSpec) -> None:
    """Whatever the group, the solver's schedule keeps away players out and avoided pairs apart, seats
    floor(present / 4) tables, and reports exactly what the independent checker measures."""
    result = solve(spec, work=FAST)
    assert (result.status is Status.INFEASIBLE) == (not _playable(spec))
    if result.status is Status.INFEASIBLE:
        assert result.movement is None and result.reason
        return
    assert_obeys(spec, result)


def _playable(spec: PlanSpec) -> bool:
    """Decided independently of the solver (networkx's maximum matching): a plan exists exactly when
    every round has four players present and its floor(present / 4) tables can be filled with
    partnerships that avoid the pairs who must not partner (the hard rules bind one round at a time)."""
    import networkx as nx

    for r in range(spec.rounds):
        present = [p for p in range(spec.n_players) if r not in spec.away.get(p, frozenset())]
        if len(present) < 4:
            return False
        allowed = nx.Graph()
        allowed.add_edges_from(pq for pq in combinations(present, 2) if pq not in spec.avoid)
        if len(nx.max_weight_matching(allowed, maxcardinality=True)) < 2 * (len(present) // 4):
            return False
    return True


@settings(max_examples=5, deadline=None)
@given(st.integers(8, 40), st.integers(1, 6))
def test_larger_groups_stay_within_the_partner_bound(n: int, rounds: int) -> None:
    """Without constraints, partner counts stay within [floor, ceil] of the average and rounds played
    within one, for groups up to forty."""
    spec = PlanSpec(n, rounds)
    result = solve(spec)
    assert_obeys(spec, result)
    assert result.movement is not None
    balance = check(result.movement)
    assert balance.partners_within_bound
    assert balance.played_spread <= 1


def test_four_players_partner_each_other_once_in_three_rounds() -> None:
    """Four players, three rounds: every pair partners exactly once; opponents exactly twice."""
    result = solve(PlanSpec(4, 3), work=2)
    assert result.status is Status.OPTIMAL
    assert result.movement is not None
    assert set(check(result.movement).partners.values()) == {1}


def test_five_players_get_the_bulletins_balance() -> None:
    """Five players, five rounds: a whist design, as the bulletin's chart (each partners each once)."""
    result = solve(PlanSpec(5, 5), work=10)
    assert result.status is Status.OPTIMAL
    assert result.movement is not None
    balance = check(result.movement)
    assert balance.is_whist
    assert balance.total_repeat_sit_outs == 0
    assert balance.first_deal_spread == 0


@pytest.mark.slow
def test_a_hundred_players_get_a_schedule() -> None:
    """A hundred players: no pair partners twice, everyone plays every round (looser quality is fine)."""
    spec = PlanSpec(100, 4)
    result = solve(spec, work=10)
    assert_obeys(spec, result)
    assert result.movement is not None
    assert max(check(result.movement).partners.values()) == 1


# ------------------------------------------------------------------------------------ hard constraints


def test_avoided_pairs_never_partner() -> None:
    """Ann and Bob must not partner, and avoiding them costs nobody their share of play (issue 12): with
    5 players over 5 rounds everyone plays 4, and the partner spread is the best any such schedule has,
    found by trying every one."""
    spec = PlanSpec(5, 5, avoid=frozenset({(0, 1)}))
    result = solve(spec, work=2)
    assert_obeys(spec, result)
    assert result.movement is not None
    balance = check(result.movement, avoid=spec.avoid)
    assert balance.partners[(0, 1)] == 0
    assert set(balance.played.values()) == {4}
    assert balance.partner_spread == _best_partner_spread_playing_four(spec.avoid)


def _best_partner_spread_playing_four(avoid: frozenset[tuple[int, int]]) -> int:
    """Brute force over every five rounds of five players in which each sits out once: the least partner
    spread over the pairs not avoided."""
    games = []
    for out in range(5):
        a, *others = [p for p in range(5) if p != out]
        for b in others:
            rest = tuple(x for x in others if x != b)
            if (a, b) not in avoid and rest not in avoid:
                games.append((out, ((a, b), rest)))
    allowed = [pq for pq in combinations(range(5), 2) if pq not in avoid]
    best = 99
    for choice in combinations(games, 5):
        if sorted(out for out, _ in choice) != list(range(5)):
            continue
        counts = [sum(pq in pairs for _, pairs in choice) for pq in allowed]
        best = min(best, max(counts) - min(counts))
    return best


def test_a_player_who_may_partner_nobody_sits_out_every_round() -> None:
    """Looks impossible, is not: nine players, two tables, one who must partner no one sits out always."""
    spec = PlanSpec(9, 4, avoid=frozenset((0, q) for q in range(1, 9)))
    result = solve(spec, work=2)
    assert_obeys(spec, result)
    assert result.movement is not None
    assert all(0 in rnd.sitting_out for rnd in result.movement)


def test_late_arrival_and_early_leaver_are_never_placed_while_away() -> None:
    """A late arrival misses rounds 1-2 and an early leaver rounds 5-6; the rest is fair to presence."""
    spec = PlanSpec(9, 6, away={0: frozenset({0, 1}), 8: frozenset({4, 5})})
    result = solve(spec, work=2)
    assert_obeys(spec, result)
    assert result.movement is not None
    for r in (0, 1):
        assert 0 not in result.movement.rounds[r].present
    for r in (4, 5):
        assert 8 not in result.movement.rounds[r].present
    assert check(result.movement).sit_outs_within_share


def test_kept_rounds_are_unchanged_and_the_rest_changes_little() -> None:
    """Replanning after two rounds with the same players keeps those rounds and the old plan's pairs."""
    first = solve(PlanSpec(6, 6), work=2)
    assert first.movement is not None
    kept = Movement(6, first.movement.rounds[:2])
    spec = PlanSpec(6, 6, keep=kept, previous=first.movement)
    again = solve(spec, work=2)
    assert_obeys(spec, again)
    assert again.movement is not None
    assert again.movement.rounds[:2] == first.movement.rounds[:2]
    assert again.term("changes from the previous plan").value == 0


def test_replanning_when_a_player_leaves_keeps_the_played_rounds() -> None:
    """Player 7 leaves after round 3 of eight: rounds 1-3 stand, the rest go on without them."""
    first = solve(PlanSpec(8, 7), work=2)
    assert first.movement is not None
    kept = Movement(8, first.movement.rounds[:3])
    spec = PlanSpec(8, 7, keep=kept, previous=first.movement, away={7: frozenset(range(3, 7))})
    again = solve(spec, work=2)
    assert_obeys(spec, again)
    assert again.movement is not None
    assert again.movement.rounds[:3] == first.movement.rounds[:3]
    assert all(7 not in rnd.present for rnd in again.movement.rounds[3:])


def test_a_newcomer_joins_after_kept_rounds() -> None:
    """A ninth player joins a kept eight-player round: the movement grows to nine."""
    first = solve(PlanSpec(8, 2), work=2)
    assert first.movement is not None
    spec = PlanSpec(9, 5, keep=Movement(8, first.movement.rounds[:1]))
    result = solve(spec, work=2)
    assert_obeys(spec, result)
    assert result.movement is not None
    assert 8 in result.movement.rounds[1].present


# --------------------------------------------------------------------------------------------- infeasible


def test_a_round_with_three_players_present_is_infeasible() -> None:
    """Two of five away in round 3 leaves three: no table, and the reason says so."""
    spec = PlanSpec(5, 4, away={0: frozenset({2}), 1: frozenset({2})}, names=("Ann", "Bob", "Cy", "Di", "Ed"))
    result = solve(spec, work=2)
    assert result.status is Status.INFEASIBLE
    assert result.movement is None
    assert "round 3" in result.reason and "only 3 players" in result.reason


def test_too_many_tables_for_the_players_present_is_infeasible() -> None:
    spec = PlanSpec(8, 3, tables=2, away={5: frozenset({1})})
    result = solve(spec, work=2)
    assert result.status is Status.INFEASIBLE
    assert "round 2 has 7 players present, too few for 2 tables" in result.reason


def test_a_player_who_may_partner_nobody_when_all_must_play_is_infeasible() -> None:
    names = ("Ann", "Bob", "Cy", "Di")
    spec = PlanSpec(4, 3, avoid=frozenset({(0, 1), (0, 2), (0, 3)}), names=names)
    result = solve(spec, work=2)
    assert result.status is Status.INFEASIBLE
    assert result.reason.startswith("Ann must not partner any of the others present in round 1")


def test_feasible_looking_but_infeasible_avoids_are_caught() -> None:
    """Each of Ann, Bob and Cy may partner Di (so everyone has a partner), but not all three at once."""
    avoid = {(p, q) for p in (0, 1, 2) for q in range(8) if q not in (p, 3)}
    spec = PlanSpec(8, 2, avoid=frozenset(_sorted(avoid)))
    result = solve(spec, work=2)
    assert result.status is Status.INFEASIBLE
    assert "leave room for only 3 partnerships" in result.reason


def _sorted(pairs: set[tuple[int, int]]) -> set[tuple[int, int]]:
    return {(min(p, q), max(p, q)) for p, q in pairs if p != q}


def test_invalid_specs_are_refused() -> None:
    with pytest.raises(InvalidSpecError):
        PlanSpec(3, 2)
    with pytest.raises(InvalidSpecError):
        PlanSpec(6, 2, avoid=frozenset({(0, 6)}))
    with pytest.raises(InvalidSpecError):
        PlanSpec(6, 2, away={0: frozenset({2})})
    with pytest.raises(InvalidSpecError):
        PlanSpec(6, 2, tables=(1,))


# --------------------------------------------------------------------------------- proven optima, one table


def _best_for_five(rounds: int) -> tuple[int, int, int]:
    """Brute force for five players at one table: the least (partner, played, opponent) spreads over every
    multiset of games, for a multiset that can also be ordered with nobody sitting out twice running."""
    games = []
    for quad in combinations(range(5), 4):
        a, b, c, d = quad
        games += [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]
    best: tuple[int, int, int] | None = None
    for chosen in _multisets(len(games), rounds):
        movement = Movement(5, tuple(_round(games[i]) for i in chosen))
        balance = check(movement)
        key = (balance.partner_spread, balance.played_spread, balance.opponent_spread)
        if best is not None and key >= best:
            continue
        if any(
            check(Movement(5, tuple(_round(games[i]) for i in order))).total_repeat_sit_outs == 0
            for order in permutations(chosen)
        ):
            best = key
    assert best is not None
    return best


def _multisets(size: int, k: int, start: int = 0) -> list[tuple[int, ...]]:
    if k == 0:
        return [()]
    return [(i, *rest) for i in range(start, size) for rest in _multisets(size, k - 1, i)]


def _round(game: tuple[tuple[int, int], tuple[int, int]]):  # type: ignore[no-untyped-def]
    from rotation.model import Round, Table

    (a, b), (c, d) = game
    return Round((Table(a, c, b, d),), tuple(sorted(set(range(5)) - {a, b, c, d})))


@pytest.mark.parametrize("rounds", [3, 4, 5])
def test_five_players_at_one_table_reach_the_brute_force_optimum(rounds: int) -> None:
    """The solver proves what exhaustive search finds for five players at one table."""
    result = solve(PlanSpec(5, rounds), work=20)
    assert result.status is Status.OPTIMAL
    got = tuple(result.term(name).value for name in ("partner spread", "played spread", "opponent spread"))
    assert got == _best_for_five(rounds)
    assert result.term("sit-out repeats").value == 0


@pytest.mark.parametrize(
    ("n", "rounds", "partner", "opponent"),
    [(6, 5, 1, 1), (7, 5, 1, 2), (8, 5, 1, 1), (9, 3, 1, 1)],
)
def test_one_table_of_six_to_nine_reaches_its_proven_optimum(
    n: int, rounds: int, partner: int, opponent: int
) -> None:
    """One table of six to nine players: partners, rounds played and opponents at their proven best. For
    eight players over five rounds (20 opponent meetings over 28 pairs) and nine over three (12 over 36)
    counting allows an opponent spread of 1, and it is reached: sitting out twice running ranks after the
    opponents at one table, so the order of the rounds no longer costs it."""
    result = solve(PlanSpec(n, rounds, tables=1), work=30)
    assert result.term("partner spread").value == partner
    assert result.term("opponent spread").value == opponent
    assert result.term("played spread").value == Bound.of(4 * rounds, n).spread
    for name in ("partner spread", "played spread", "most meetings", "opponent spread"):
        assert result.term(name).met, result.term(name)


def test_a_given_design_is_the_starting_point() -> None:
    """The bulletin's five-player chart, given as a hint, is already optimal: the solver keeps its balance."""
    from rotation.movements.bulletin import bulletin_movement

    result = solve(PlanSpec(5, 5), work=2, hint=bulletin_movement(5))
    assert result.status is Status.OPTIMAL
    assert result.movement is not None
    assert check(result.movement).is_whist


def test_a_hint_that_breaks_the_rules_is_ignored() -> None:
    """A hint in which an avoided pair partners cannot leak into the schedule."""
    from rotation.movements.bulletin import bulletin_movement

    spec = PlanSpec(5, 5, avoid=frozenset({(0, 1)}))
    result = solve(spec, work=2, hint=bulletin_movement(5))
    assert_obeys(spec, result)


@pytest.mark.parametrize(("rounds", "opponent"), [(8, 1), pytest.param(11, 2, marks=pytest.mark.slow)])
def test_seven_players_at_one_table_prove_their_opponent_optimum(rounds: int, opponent: int) -> None:
    """Seven players at one table: the opponent spread is proven optimal, 1 over eight rounds (32
    opponent meetings over 21 pairs: the counting bound; sitting out twice running, ranked after the
    opponents at one table, no longer costs one more) and 2 over eleven (the bound that counting the
    games proves). The plan as a whole is not called optimal: its sit-outs twice running are above their
    counting floor (0), and no search here proves that floor out of reach."""
    result = solve(PlanSpec(7, rounds), work=20)
    assert result.term("opponent spread").met
    assert result.term("opponent spread").value == opponent
    assert result.term("partner spread").value == 1


# ----------------------------------------------------------------------------------- several tables


@pytest.mark.parametrize(("n", "rounds"), [(9, 11), pytest.param(10, 15, marks=pytest.mark.slow)])
def test_two_tables_meet_at_the_counting_bound(n: int, rounds: int) -> None:
    """Nine and ten players at two tables: partners within [floor, ceil], rounds played within one, nobody
    sitting out twice running, and table-mates (ranked next) at their counting floors: no pair meets more
    than the counting bound allows, with no more repeated meetings than counting forces. Opponents, ranked
    after table-mates, stay within one of their counting bound."""
    spec = PlanSpec(n, rounds)
    result = solve(spec, work=20)
    assert_obeys(spec, result)
    for name in ("partner spread", "played spread", "sit-out repeats", "most meetings", "repeated meetings"):
        assert result.term(name).met, result.term(name)
    opponents = result.term("opponent spread")
    assert opponents.bound is not None and opponents.value <= opponents.bound + 1
    assert result.term("sit-out repeats").value == 0
    assert result.movement is not None
    assert check(result.movement).partners_within_bound


def test_nine_players_at_two_tables_meet_within_two_in_seconds() -> None:
    """Nine players, two tables, eight rounds: within four seconds the opponent spread is at most 2 (the
    issue's target), with partners, rounds played and sitting out twice running at their bounds."""
    spec = PlanSpec(9, 8)
    result = solve(spec, work=4)
    assert_obeys(spec, result)
    assert result.term("opponent spread").value <= 2
    for name in ("partner spread", "played spread", "sit-out repeats"):
        assert result.term(name).met, result.term(name)


@st.composite
def several_tables(draw: st.DrawFn) -> PlanSpec:
    """Plans of two or three tables, some with pairs to avoid or a player away."""
    n = draw(st.integers(8, 14))
    rounds = draw(st.integers(2, 7))
    pairs = list(combinations(range(n), 2))
    avoid = draw(st.lists(st.sampled_from(pairs), max_size=2, unique=True))
    away = draw(st.dictionaries(st.integers(0, n - 1), st.frozensets(st.integers(0, rounds - 1)), max_size=1))
    return PlanSpec(n, rounds, avoid=frozenset(avoid), away=away)


@settings(max_examples=8, deadline=None)
@given(several_tables())
def test_the_opponent_search_never_costs_a_higher_term(spec: PlanSpec) -> None:
    """Evening out opponents by local search keeps every round's sit-outs, keeps every partner count within
    the range it started in, and never widens the opponent range."""
    import random

    from rotation.solver.bounds import _why_infeasible
    from rotation.solver.pairings import _construct
    from rotation.solver.problem import _Draft, _Problem, _Run
    from rotation.solver.tables import _improve_opponents

    problem = _Problem.of(spec)
    run = _Run(1.0, 60.0, 2, 0, None)
    if _why_infeasible(problem, run) is not None:
        return
    before = _construct(problem, random.Random(0))
    after = _improve_opponents(problem, before, run, run.until(0.4))
    assert [d.sitting_out for d in after] == [d.sitting_out for d in before]
    for drafts in (before, after):
        for r, d in zip(problem.free, drafts, strict=True):
            seated = [p for game in d.games for pq in game for p in pq]
            assert sorted(seated) == sorted(problem.present[r] - d.sitting_out)
            assert all(problem.allowed(*pq) for game in d.games for pq in game)

    def ranges(drafts: list[_Draft]) -> tuple[int, int, int, int]:
        counts = problem.kept_counts()
        for d in drafts:
            counts.add(d.games, d.sitting_out)
        regular = problem.regular_pairs()
        allowed = [pq for pq in problem.pairs() if pq not in problem.avoid]
        meets = {pq: counts.opponents(pq) for pq in problem.pairs()}
        return (
            min((counts.partners[pq] for pq in allowed if pq in regular), default=0),
            max((counts.partners[pq] for pq in allowed), default=0),
            min((meets[pq] for pq in regular), default=0),
            max(meets.values()),
        )

    least, most, low, high = ranges(before)
    least_after, most_after, low_after, high_after = ranges(after)
    assert least <= least_after and most_after <= most
    assert high_after - low_after <= high - low


@pytest.mark.parametrize(
    "spec",
    [
        PlanSpec(7, 7),
        PlanSpec(10, 5),
        PlanSpec(9, 6, avoid=frozenset({(0, 1)}), away={8: frozenset({0, 1})}),
    ],
    ids=["one table", "two tables with sit-outs", "avoid and a late arrival"],
)
def test_the_same_request_gives_the_same_schedule(spec: PlanSpec) -> None:
    """One plan per request: the search is counted in deterministic work, never in seconds, so the same
    spec and seed give the same movement, whatever wall-clock cap (if it is not reached) and whatever
    else the machine is doing."""
    first = solve(spec, work=1.0, seed=3)
    again = solve(spec, work=1.0, seed=3, time_limit=3600)
    assert first.movement is not None and not first.cut_short and not again.cut_short
    assert first.movement == again.movement
    assert first.terms == again.terms


@st.composite
def presence(draw: st.DrawFn) -> PlanSpec:
    """Groups of 5 to 13 with late arrivals and early leavers, never fewer than four present."""
    n = draw(st.integers(5, 13))
    rounds = draw(st.integers(2, 7))
    away: dict[Player, frozenset[int]] = {}
    for p in draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True)):
        cut = draw(st.integers(1, rounds - 1))
        away[p] = frozenset(range(cut)) if draw(st.booleans()) else frozenset(range(cut, rounds))
    if any(n - sum(1 for rs in away.values() if r in rs) < 4 for r in range(rounds)):
        away = {}
    return PlanSpec(n, rounds, away=away)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(presence())
def test_every_player_plays_their_fair_share_while_present(spec: PlanSpec) -> None:
    """Fair play to presence (issue 12): a late arrival or early leaver sits out within one of their fair
    share of the sit-outs of the rounds they are there for, as everyone else does, and is never seated
    while away; the checker counts it independently."""
    result = solve(spec, work=0.5)
    assert result.movement is not None
    balance = check(result.movement)
    assert balance.sit_outs_within_share, {
        p: (balance.sat_out[p], balance.fair_sit_outs[p]) for p in spec.away
    }
    assert_obeys(spec, result)

"""The pipeline: ``solve(spec) -> SolveResult``, the stages in priority order, and the report."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rotation.balance import check
from rotation.model import Movement, Round, pair_key
from rotation.solver.bounds import (
    _floors,
    _why_infeasible,
    most_meetings_floor,
    opponent_floor,
    played_floor_at_shares,
)
from rotation.solver.games import _by_games, _fits_games_model
from rotation.solver.mates import MATE_MOVES, _spread_table_mates
from rotation.solver.measure import (
    _at_floors,
    _built_prefix_by_prefix,
    _drafts_of,
    _in_prefix_order,
    _measure,
    _rank,
)
from rotation.solver.pairings import _construct, _pairings
from rotation.solver.problem import (
    CHANGES,
    FIRST_DEALS,
    FIRST_DEALS_SHARE,
    LAST_PARTNERS,
    MOST_MEETINGS,
    OPPONENT,
    PARTNER,
    PLAYED,
    REPEATED_MEETINGS,
    REPEATS,
    SEASON_PARTNERS,
    SEAT_MOVES,
    SHARE,
    WORK,
    InvalidSpecError,
    PlanSpec,
    PrefixOrder,
    Progress,
    SolveResult,
    Status,
    Term,
    _canonical,
    _Draft,
    _Outcome,
    _Problem,
    _Run,
)
from rotation.solver.seats import _choose_dealers, _seat
from rotation.solver.tables import _group_tables, _improve_opponents
from rotation.solver.threes import _spread_sit_outs

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


def solve(
    spec: PlanSpec,
    *,
    work: float = WORK,
    time_limit: float = 600.0,
    workers: int = 1,
    seed: int = 0,
    on_progress: Callable[[Progress], None] | None = None,
    hint: Movement | None = None,
    prefix: PrefixOrder | None = None,
    mate_moves: int | None = None,
    proven: Mapping[str, int] | None = None,
) -> SolveResult:
    """Plan ``spec`` as evenly as the rules allow with ``work`` units of search (deterministic: the
    same arguments give the same schedule anywhere), stopping sooner if ``time_limit`` seconds pass.

    One CP-SAT worker by default: deterministic by construction, and on this project's grid it plans as
    well as or better than two interleaved workers for the same work. Nothing is printed; ``on_progress``
    hears of each stage and each better schedule found. ``hint`` is a schedule to start from (a published
    design, say); it is used only if it obeys the spec's rules. ``prefix`` orders the rounds so that an
    evening stopped early is as even as it can be (the caller supplies it: ``rotation.plan`` passes
    ``movements.order``); without it the rounds stay as planned. ``mate_moves`` bounds the table-mate
    search (default ``mates.MATE_MOVES``; 0 switches that rule off, as the benchmark's baseline does).
    ``proven``: the hint is a finished evening from a book (``movements.home``), ranked as a home game
    (issue 26: the opponents, then sitting out twice running, then the table-mates) with these bounds
    proven offline (at two tables, ``movements.twotables``, ranked as ever); it is taken as it is, its rounds
    in its order, and only dealt and seated."""
    if time_limit <= 0:
        raise InvalidSpecError(f"the time limit must be positive, got {time_limit}")
    if work <= 0:
        raise InvalidSpecError(f"the work budget must be positive, got {work}")
    run = _Run(work, time_limit, max(1, workers), seed, on_progress)
    problem = _Problem.of(spec)
    reason = _why_infeasible(problem, run)
    if reason is not None:
        return SolveResult(Status.INFEASIBLE, None, (), reason, run.elapsed(), run.cut_short)
    if spec.apart:  # couples kept apart: the stages holding them apart, or one model (``solver.apart``)
        from rotation.solver.apart import couples_drafts

        given = _drafts_of(problem, hint) if hint is not None else None
        drafts, outcomes, reason = couples_drafts(problem, run, given, mate_moves)
        if reason:
            return SolveResult(Status.INFEASIBLE, None, (), reason, run.elapsed(), run.cut_short)
        if drafts is None:
            return SolveResult(Status.TIMED_OUT, None, (), "", run.elapsed(), run.cut_short)
        if prefix is not None:  # "apart" holds round by round: any order of the rounds keeps it
            drafts = _in_prefix_order(problem, drafts, None, prefix)
        return _seated(problem, drafts, outcomes, run)
    if proven is not None and hint is not None and (book := _drafts_of(problem, hint)) is not None:
        values = _measure(problem, book)
        found = [_Outcome(name, values[name], bound, True) for name, bound in proven.items()]
        return _seated(problem, book, found, run, mates_last=problem.repeats_rank_low)
    one_table = all(problem.tables[r] == 1 for r in problem.free)
    by_games = _fits_games_model(problem) and (one_table or problem.spec.previous is not None)
    built = _built_prefix_by_prefix(problem, run, prefix) if prefix is not None else None
    given = _drafts_of(problem, hint) if hint is not None else None
    first = given if given is not None else _construct(problem, random.Random(seed))
    drafts, outcomes = _pairings(problem, first, run, share=0.2 if by_games else 0.5)
    drafts, more = _group_tables(problem, drafts, run, share=0.2 if by_games else 0.3)
    outcomes += more
    if by_games and not _at_floors(problem, drafts):
        better, more = _by_games(problem, drafts, run)
        drafts = _spread_sit_outs(problem, drafts, run)  # runs of three repaired in both, then compared
        if better is not None:
            better = _spread_sit_outs(problem, better, run)
        if better is not None and _rank(problem, better) <= _rank(problem, drafts):
            drafts, outcomes = better, more
    elif not by_games and problem.spec.previous is None and problem.free:
        drafts = _improve_opponents(problem, drafts, run, run.until(0.85))
    if not drafts and problem.free:
        return SolveResult(Status.TIMED_OUT, None, (), "", run.elapsed(), run.cut_short)
    drafts = _spread_sit_outs(problem, drafts, run)
    drafts = _spread_table_mates(problem, drafts, run, MATE_MOVES if mate_moves is None else mate_moves)
    if prefix is not None:
        drafts = _in_prefix_order(problem, drafts, built, prefix)
    return _seated(problem, drafts, outcomes, run)


def _seated(
    problem: _Problem, drafts: list[_Draft], outcomes: list[_Outcome], run: _Run, *, mates_last: bool = False
) -> SolveResult:
    """The last stage: first dealers and seats for the planned rounds, and the report (``mates_last``: the
    table-mates reported after sitting out twice running, as the home book ranks them)."""
    if problem.kept and problem.spec.reseat_kept:  # deal and seat the kept rounds' tables afresh too
        whole = _Problem.of(replace(problem.spec, keep=None, reseat_kept=False))
        drafts = [*(_draft_of(rnd) for rnd in problem.kept), *drafts]
        dealers, more = _choose_dealers(whole, drafts, run)
        rounds = _seat(whole, drafts, dealers)
    else:
        dealers, more = _choose_dealers(problem, drafts, run)
        rounds = problem.kept + _seat(problem, drafts, dealers)
    outcomes += more
    movement = Movement(problem.n, rounds, name="balanced")
    terms = _terms(problem, movement, outcomes, mates_last=mates_last)
    ok = all(t.met for t in terms if t.bound is not None)
    status = Status.OPTIMAL if ok else Status.FEASIBLE
    return SolveResult(status, movement, terms, "", run.elapsed(), run.cut_short)


def _terms(
    problem: _Problem, movement: Movement, outcomes: Sequence[_Outcome], *, mates_last: bool = False
) -> tuple[Term, ...]:
    """Each term as the independent checker measures it, with the best lower bound proven for it.

    A bound from a model counts only while every earlier term is proven optimal (the terms are minimised
    in order) and only if that model held every rule bearing on the term; bounds by counting always count,
    save two of the opponents': by each one's opposing places (``opponent_floor``), which holds for plans
    whose rounds played are within one, so counts once the rules down to the rounds played are proven; and
    by the pairs that meet (``_unmet_floor``), which counts once every rule above the opponents is."""
    balance = check(movement, avoid=problem.avoid)
    floors = _floors(problem)
    played = list(balance.played.values())  # with players away, the counting bounds of the rounds played
    floors[MOST_MEETINGS] = max(
        floors.get(MOST_MEETINGS, 0),
        most_meetings_floor(problem.n, played, problem.tables, fair=balance.fair_meet_once),
    )
    floors[REPEATED_MEETINGS] = max(
        floors.get(REPEATED_MEETINGS, 0),
        balance.repeated_meetings_floor,
        int(floors[MOST_MEETINGS] > 1),  # a pair meeting twice is a repeat
    )
    by_places = 0  # each one's opposing places, where rounds played within one fix how many play each count
    if not problem.anyone_away and not problem.spec.apart and balance.played_spread <= 1:
        by_places = opponent_floor(problem.n, played)
    if problem.spec.apart and not problem.kept:  # couples never meet (kept rounds are history: they may)
        from rotation.solver.apart import meeting_floors

        for name, floor in meeting_floors(problem, balance.played).items():
            floors[name] = max(floors.get(name, 0), floor)
    if problem.anyone_away and balance.sit_out_share_excess == 0:  # at the fair shares ranked above it
        floors[PLAYED] = max(floors.get(PLAYED, 0), played_floor_at_shares(problem))
    found = {o.name: o for o in outcomes}
    values: list[tuple[str, int, bool]] = []
    if problem.share_first:
        values.append((SHARE, balance.sit_out_share_excess, True))
    values.append((PARTNER, balance.partner_spread, True))
    values.append((PLAYED, balance.played_spread, True))
    repeats = (REPEATS, balance.total_repeat_sit_outs, True)
    if not problem.repeats_rank_low:  # at one table, after the opponents (``measure.ranked``)
        values.append(repeats)
    if problem.spec.previous is not None:
        values.append((CHANGES, _changes(problem, movement), False))
    last, season = _past(problem, movement) if problem.seasoned else (0, 0)
    if problem.seasoned:
        # rounds kept from a book are a choice, not played: a model around them bounds nothing
        if problem.spec.reseat_kept:
            found = {name: o for name, o in found.items() if name not in (LAST_PARTNERS, SEASON_PARTNERS)}
        at_floor = PARTNER in floors and balance.partner_spread <= floors[PARTNER]
        floors.update(_season_floors(problem, floors[PARTNER]) if at_floor else {})
        values.append((LAST_PARTNERS, last, True))
    mates = [(MOST_MEETINGS, balance.most_meetings, True)]
    if problem.seasoned:
        mates.append((SEASON_PARTNERS, season, True))
    mates.append((REPEATED_MEETINGS, balance.repeated_meetings, True))
    values += [
        *([] if mates_last else mates),
        (OPPONENT, balance.opponent_spread, True),
        *([repeats] if problem.repeats_rank_low else []),
        *(mates if mates_last else []),
        (FIRST_DEALS_SHARE, balance.first_deals_off_share, True)
        if problem.anyone_away
        else (FIRST_DEALS, balance.first_deal_spread, True),
        (SEAT_MOVES, balance.total_seat_moves, False),
    ]
    terms = []
    chain = True
    even_played = False
    for name, value, bounded in values:
        outcome = found.get(name)
        if not bounded:
            terms.append(Term(name, value, None))
            chain = chain and (name != CHANGES or (outcome is not None and outcome.value == outcome.bound))
            continue
        bound = floors.get(name, 0)
        if name == OPPONENT and even_played:  # every plan as good in the rules above plays as evenly
            bound = max(bound, by_places)
        if name == OPPONENT and chain and not mates_last and not problem.anyone_away:
            bound = max(bound, _unmet_floor(problem, movement, balance.repeated_meetings))
        if chain and outcome is not None and outcome.exact and outcome.value == value:
            bound = max(bound, outcome.bound)
        chain = chain and value == bound
        even_played = even_played or (name == PLAYED and chain)
        terms.append(Term(name, value, bound))
    return tuple(terms)


def _unmet_floor(problem: _Problem, movement: Movement, repeated: int) -> int:
    """The opponents' floor where the repeated meetings, ranked above them, are proven the fewest: every
    table seats six pairs, so T tables with R repeats meet T x 6 - R pairs; where that is fewer than all,
    some pair never meets (so never opposes) and the 4T opposing places fall on the pairs that meet. 12
    players over 6 rounds: 108 meetings, 45 repeats, so 63 of 66 pairs meet and 72 places give some
    pair two: 2, where the average alone allowed 1."""
    if problem.spec.apart:
        return 0
    tables = sum(len(rnd.tables) for rnd in movement.rounds)
    met, pairs = 6 * tables - repeated, problem.n * (problem.n - 1) // 2
    return -(-4 * tables // met) if 0 < met < pairs else 0


def _season_floors(problem: _Problem, spread: int) -> dict[str, int]:
    """Counting floors of the season's two rules, with everyone present throughout and the partner spread
    at its floor ``spread``: the pair partnering least does so at most the average a of the slots over
    the pairs, so none partners more than a + spread; tonight's partnerships fall on the lightest pairs
    at best, that many each."""
    if problem.anyone_away or (problem.kept and not problem.spec.reseat_kept):
        return {}
    allowed = [pq for pq in problem.pairs() if problem.allowed(*pq)]
    slots = 2 * sum(problem.tables)
    ceiling = slots // max(1, len(allowed)) + spread
    floors = {}
    for name, part in ((LAST_PARTNERS, 0), (SEASON_PARTNERS, 1)):
        left, total = slots, 0
        for weight in sorted(problem.past(pq)[part] for pq in allowed):
            taken = min(left, ceiling)
            total, left = total + taken * weight, left - taken
        floors[name] = total
    return floors


def _past(problem: _Problem, movement: Movement) -> tuple[int, int]:
    """The season's two counts over the schedule's partnerships: last evening's partners again, and the
    season's weight of tonight's partnerships."""
    return problem.past_over(movement.rounds)


def _changes(problem: _Problem, movement: Movement) -> int:
    """Partnerships of the previous plan (replanned rounds, both players present) that no longer stand."""
    lost = 0
    for r in problem.free:
        old = problem.previous[r]
        if old is None:
            continue
        now = {pair_key(t.north, t.south) for t in movement.rounds[r].tables} | {
            pair_key(t.east, t.west) for t in movement.rounds[r].tables
        }
        for t in old.tables:
            for p, q in ((t.north, t.south), (t.east, t.west)):
                if (
                    p in problem.present[r]
                    and q in problem.present[r]
                    and problem.allowed(p, q)
                    and pair_key(p, q) not in now
                ):
                    lost += 1
    return lost


def _draft_of(rnd: Round) -> _Draft:
    """A seated round as the planner's draft: its two games' partnerships and who sits out."""
    return _Draft(
        tuple(_canonical(((t.north, t.south), (t.east, t.west))) for t in rnd.tables),
        frozenset(rnd.sitting_out),
    )

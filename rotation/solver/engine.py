"""Balanced schedules for any group, with CP-SAT, behind one function: ``solve(spec) -> SolveResult``.

The rules come in priority order (DESIGN.md, "Balance"): partner counts as even as the numbers allow; rounds
played within one (relative to presence) and nobody sitting out twice running; fewest changes from a plan
being replaced; opponent counts as even as possible; first deals spread; fewest seat moves.

The straightforward model (every player's seat in every round as booleans) stalls beyond about eight
players, so the work is split the way the rules are:

1. who partners whom and who sits out (one CP-SAT model over partnerships; for a single table, a model that
   counts how often each game is played, proved there, then orders the games, and if that order must sit
   someone out twice running, a model of whole games round by round);
2. which two partnerships share a table (a second model over pairs of partnerships), and then, with several
   tables, a local search that re-pairs and re-tables a few tables of a few rounds at a time so that the
   opponent counts even out, never at the cost of a term ranked above them;
3. who deals first at each table (a small model), where each table and player sits (fewest moves).

Each model minimises its terms one at a time in priority order, fixing each at its best before the next,
and starts from a construction (a round-robin of partnerships, the design for n + 1 players with one empty
seat when n is odd). Opponent and first-deal spreads are found by asking whether every count fits a window
[low, low + s], which CP-SAT decides far faster than it minimises a max-less-min. Every hard rule (tables
per round, players away, pairs who must not partner, rounds already played) binds one round at a time, so
whether any plan exists is decided round by round by counting and matching, and an "infeasible" answer is
cross-checked by a second, CP-SAT, model.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations, pairwise
from typing import TYPE_CHECKING, TypeVar

from rotation.balance import Bound, check
from rotation.model import Movement, Player, Round, Table
from scoring.seat import Seat

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""

__all__ = [
    "WORK",
    "InvalidSpecError",
    "PlanSpec",
    "PrefixOrder",
    "Progress",
    "SolveResult",
    "Status",
    "Term",
    "solve",
]

Pair = tuple[Player, Player]
Game = tuple[Pair, Pair]
"""One table before seats: two partnerships."""
K = TypeVar("K", Pair, Player)
"""What a count is kept for: a pair or a player."""


class InvalidSpecError(ValueError):
    """A plan request that makes no sense as asked: a player out of range, a kept round past the end."""


class Status(StrEnum):
    """How a solve ended."""

    OPTIMAL = "optimal"
    """Every balance term is proven the best possible, in priority order (seat moves are minimised for the
    chosen pairings, not proven)."""
    FEASIBLE = "feasible"
    """A schedule; some term is above its proven lower bound (see ``SolveResult.gap``)."""
    INFEASIBLE = "infeasible"
    """No schedule satisfies the hard rules; ``SolveResult.reason`` says which cannot hold."""
    TIMED_OUT = "timed_out"
    """No schedule was found within the time limit."""


def _pair(p: Player, q: Player) -> Pair:
    return (p, q) if p < q else (q, p)


@dataclass(frozen=True)
class PlanSpec:
    """What to plan: players 0 .. n_players - 1 (score-sheet positions) over ``rounds`` rounds.

    tables: tables per round, one number for every round or one per round; None plays floor(present / 4).
    avoid: pairs who must never partner (in the rounds planned; kept rounds are history).
    away: player -> 0-based rounds they are absent (neither seated nor sitting out).
    keep: rounds already played; they are fixed and the plan continues after them.
    previous: the plan being replaced; later rounds change as little from it as the rules allow.
    names: the players' names, used only to word an infeasibility reason.
    """

    n_players: int
    rounds: int
    tables: int | tuple[int, ...] | None = None
    avoid: frozenset[Pair] = frozenset()
    away: Mapping[Player, frozenset[int]] = field(default_factory=dict, hash=False)
    keep: Movement | None = None
    previous: Movement | None = None
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        n = self.n_players
        if n < 4:
            raise InvalidSpecError(f"Chicago needs at least four players, got {n}")
        if self.rounds < 1:
            raise InvalidSpecError(f"the number of rounds must be at least 1, got {self.rounds}")
        if isinstance(self.tables, tuple | list):
            tables = tuple(self.tables)
            if len(tables) != self.rounds:
                raise InvalidSpecError(f"{len(tables)} table counts for {self.rounds} rounds")
            object.__setattr__(self, "tables", tables)
        tables = (self.tables,) * self.rounds if isinstance(self.tables, int) else (self.tables or ())
        if any(t < 1 for t in tables):
            raise InvalidSpecError(f"every round needs at least one table, got {self.tables}")
        avoid = frozenset(_pair(p, q) for p, q in self.avoid)
        for p, q in avoid:
            if p == q or not (0 <= p < n and 0 <= q < n):
                raise InvalidSpecError(f"cannot avoid the pair {p}+{q} among players 0..{n - 1}")
        object.__setattr__(self, "avoid", avoid)
        away = {p: frozenset(rounds) for p, rounds in self.away.items() if rounds}
        for p, rounds in away.items():
            if not 0 <= p < n:
                raise InvalidSpecError(f"player {p} is away but players are 0..{n - 1}")
            if not all(0 <= r < self.rounds for r in rounds):
                raise InvalidSpecError(
                    f"player {p} is away in rounds {sorted(rounds)}, outside 0..{self.rounds - 1}"
                )
        object.__setattr__(self, "away", away)
        for label, plan in (("kept", self.keep), ("previous", self.previous)):
            if plan is not None and plan.n_players > n:
                raise InvalidSpecError(f"the {label} plan has {plan.n_players} players, more than {n}")
        if self.keep is not None and len(self.keep) > self.rounds:
            raise InvalidSpecError(f"{len(self.keep)} rounds kept but only {self.rounds} planned")
        object.__setattr__(self, "names", tuple(self.names))
        if self.names and len(self.names) != n:
            raise InvalidSpecError(f"{len(self.names)} names for {n} players")

    def name(self, player: Player) -> str:
        return self.names[player] if self.names else f"player {player + 1}"


@dataclass(frozen=True, slots=True)
class Term:
    """One objective term: what the schedule reaches and a proven lower bound (None: no claim)."""

    name: str
    value: int
    bound: int | None

    @property
    def met(self) -> bool:
        return self.bound is not None and self.value <= self.bound


@dataclass(frozen=True, slots=True)
class PrefixOrder:
    """How to play planned rounds so that an evening stopped after any round is as even as it can be:
    supplied by the caller (``rotation.plan`` passes ``rotation.movements.order``), so the solver knows
    the rule's shape but not its home."""

    order: Callable[..., tuple[int, ...]]
    """``order(movement, avoid=..., fixed=k) -> round indexes``, the first ``k`` rounds left in place."""
    balanced: Callable[..., bool]
    """``balanced(movement, avoid=...)``: every prefix within its bounds."""
    build: Callable[..., Movement | None]
    """``build(n, rounds, seed=..., deadline=...)``: rounds built prefix by prefix, or None."""


@dataclass(frozen=True, slots=True)
class Progress:
    """A step of a solve, for a progress line: which model and term, the best value so far and its bound."""

    stage: str
    term: str
    value: int | None
    bound: int | None
    elapsed: float


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What ``solve`` found: the status, the schedule (None unless optimal or feasible), every objective
    term with its bound in priority order, the reason when infeasible, and the wall time in seconds."""

    status: Status
    movement: Movement | None
    terms: tuple[Term, ...] = ()
    reason: str = ""
    wall_time: float = 0.0
    cut_short: bool = False
    """The ``time_limit`` stopped the search before its work budget was spent: the schedule is the best
    found by then, and another run (or machine) may find another."""

    def term(self, name: str) -> Term:
        for term in self.terms:
            if term.name == name:
                return term
        raise KeyError(f"no term {name!r}; there are {[t.name for t in self.terms]}")

    @property
    def gap(self) -> int:
        """How far the balance terms are, in total, above their proven lower bounds: 0 when optimal."""
        return sum(t.value - t.bound for t in self.terms if t.bound is not None)


PARTNER = "partner spread"
PLAYED = "played spread"
SHARE = "sit-outs off fair share"
REPEATS = "sit-out repeats"
CHANGES = "changes from the previous plan"
OPPONENT = "opponent spread"
FIRST_DEALS = "first-deal spread"
SEAT_MOVES = "seat moves"


# --------------------------------------------------------------------------------------------- the problem


@dataclass(frozen=True, slots=True)
class _Draft:
    """One round before seats: its games and who sits out."""

    games: tuple[Game, ...]
    sitting_out: frozenset[Player]

    @property
    def partnerships(self) -> tuple[Pair, ...]:
        return tuple(pq for game in self.games for pq in game)


@dataclass(frozen=True)
class _Problem:
    """The spec unfolded round by round, with what the kept rounds already count."""

    spec: PlanSpec
    n: int
    kept: tuple[Round, ...]
    present: tuple[frozenset[Player], ...]
    tables: tuple[int, ...]
    avoid: frozenset[Pair]
    previous: tuple[Round | None, ...]

    @classmethod
    def of(cls, spec: PlanSpec) -> _Problem:
        kept = spec.keep.rounds if spec.keep is not None else ()
        everyone = frozenset(range(spec.n_players))
        present = [rnd.present for rnd in kept]
        present += [
            everyone - {p for p, rs in spec.away.items() if r in rs} for r in range(len(kept), spec.rounds)
        ]
        if isinstance(spec.tables, int):
            wanted = [spec.tables] * spec.rounds
        elif isinstance(spec.tables, tuple):
            wanted = list(spec.tables)
        else:
            wanted = [len(here) // 4 for here in present]
        tables = [len(rnd.tables) for rnd in kept] + wanted[len(kept) :]
        old = spec.previous.rounds if spec.previous is not None else ()
        previous = tuple(old[r] if r < len(old) else None for r in range(spec.rounds))
        return cls(spec, spec.n_players, kept, tuple(present), tuple(tables), spec.avoid, previous)

    @property
    def rounds(self) -> int:
        return len(self.present)

    @property
    def free(self) -> range:
        return range(len(self.kept), self.rounds)

    @property
    def regular(self) -> frozenset[Player]:
        """Players present in every round."""
        return frozenset.intersection(*self.present)

    @property
    def anyone_away(self) -> bool:
        return len(self.regular) < self.n

    @property
    def plain(self) -> bool:
        """Every player interchangeable: nothing kept, avoided, away or to be kept alike."""
        return not (self.kept or self.avoid or self.anyone_away or self.spec.previous is not None)

    def out(self, r: int) -> int:
        """How many sit out round ``r``."""
        return len(self.present[r]) - 4 * self.tables[r]

    def allowed(self, p: Player, q: Player) -> bool:
        return _pair(p, q) not in self.avoid

    def pairs(self) -> list[Pair]:
        return list(combinations(range(self.n), 2))

    def regular_pairs(self) -> frozenset[Pair]:
        """Pairs of players present in every round: spreads take their fewest over these, as the checker."""
        return frozenset(combinations(sorted(self.regular), 2))

    def meetings(self) -> int:
        """Opponent meetings in all the rounds, kept and planned: four at every table."""
        return 4 * sum(self.tables)

    def kept_counts(self) -> _Counts:
        counts = _Counts.empty(self.n)
        for rnd in self.kept:
            counts.add(tuple(((t.north, t.south), (t.east, t.west)) for t in rnd.tables), rnd.sitting_out)
            for t in rnd.tables:
                counts.dealt[t.dealer] += 1
        return counts


@dataclass
class _Counts:
    """Running counts while building or scoring drafts."""

    partners: Counter[Pair]
    mates: Counter[Pair]
    sat_out: Counter[Player]
    played: Counter[Player]
    dealt: Counter[Player]

    @classmethod
    def empty(cls, n: int) -> _Counts:
        return cls(
            Counter(),
            Counter(),
            Counter({p: 0 for p in range(n)}),
            Counter({p: 0 for p in range(n)}),
            Counter(),
        )

    def add(self, games: Iterable[Game], sitting_out: Iterable[Player]) -> None:
        for game in games:
            players = [p for pq in game for p in pq]
            for p, q in combinations(players, 2):
                self.mates[_pair(p, q)] += 1
            for p, q in game:
                self.partners[_pair(p, q)] += 1
            for p in players:
                self.played[p] += 1
        for p in sitting_out:
            self.sat_out[p] += 1

    def opponents(self, pq: Pair) -> int:
        return self.mates[pq] - self.partners[pq]


# ------------------------------------------------------------------------------------------- the knobs


WORK = 4.0
"""The default budget of a solve, in CP-SAT's deterministic time units (about a second each here)."""


@dataclass
class _Run:
    """The knobs and the budget of one solve.

    Work is counted, never timed: CP-SAT's deterministic time for every model, and a fixed charge for
    each local-search step, so the same spec and seed give the same schedule on any machine under any
    load. ``time_limit`` (wall seconds) only caps the whole; when it cuts the search, ``cut_short`` says
    so and the schedule is the best found by then."""

    work: float
    time_limit: float
    workers: int
    seed: int
    on_progress: Callable[[Progress], None] | None
    start: float = field(default_factory=time.monotonic)
    spent: float = 0.0
    cut_short: bool = False

    def elapsed(self) -> float:
        """Wall seconds since the solve began (for reports and the cap only)."""
        return time.monotonic() - self.start

    def now(self) -> float:
        """The work spent so far: the clock every deadline of the search is read on."""
        return self.spent

    def left(self) -> float:
        return max(0.0, self.work - self.spent)

    def until(self, share: float) -> float:
        """A deadline (in work) ``share`` of the work left from now."""
        return self.spent + self.left() * share

    def charge(self, amount: float) -> None:
        self.spent += amount

    def over(self) -> bool:
        """Whether the wall-clock cap has been reached (and so cut the search short)."""
        if self.elapsed() >= self.time_limit:
            self.cut_short = True
        return self.cut_short

    def deadline(self) -> float:
        """The wall-clock cap as a ``time.monotonic`` instant, for searches counted in nodes."""
        return self.start + self.time_limit

    def solver(self, budget: float, *, seed: int = 0, symmetry: int | None = None) -> cp_model.CpSolver:
        """The one CP-SAT solver every model uses: ``budget`` deterministic units, a fixed worker count and
        seed (with several workers, interleaved search keeps it deterministic), the wall cap left."""
        from ortools.sat.python import cp_model

        solver = cp_model.CpSolver()
        solver.parameters.num_workers = self.workers
        solver.parameters.interleave_search = self.workers > 1
        solver.parameters.random_seed = self.seed + seed
        solver.parameters.max_deterministic_time = max(0.01, budget)
        solver.parameters.max_time_in_seconds = max(0.01, self.time_limit - self.elapsed())
        if symmetry is not None:
            solver.parameters.symmetry_level = symmetry
        return solver

    def solved(self, solver: cp_model.CpSolver) -> None:
        """Charge a finished solve's deterministic time, and note if the wall cap stopped it."""
        self.charge(solver.deterministic_time)
        self.over()

    def report(self, stage: str, term: str, value: int | None, bound: int | None) -> None:
        if self.on_progress is not None:
            self.on_progress(Progress(stage, term, value, bound, self.elapsed()))


@dataclass(frozen=True, slots=True)
class _Outcome:
    """One term as a model left it: the value reached and the bound proved (valid for the whole problem
    only if ``exact``: the model held every rule that bears on the term, and earlier terms were proven)."""

    name: str
    value: int
    bound: int
    exact: bool


# ---------------------------------------------------------------------------------------------- solve


def solve(
    spec: PlanSpec,
    *,
    work: float = WORK,
    time_limit: float = 60.0,
    workers: int = 2,
    seed: int = 0,
    on_progress: Callable[[Progress], None] | None = None,
    hint: Movement | None = None,
    prefix: PrefixOrder | None = None,
) -> SolveResult:
    """Plan ``spec`` as evenly as the rules allow with ``work`` units of search (deterministic: the
    same arguments give the same schedule anywhere), stopping sooner if ``time_limit`` seconds pass.

    Nothing is printed; ``on_progress`` hears of each stage and each better schedule found. ``hint`` is
    a schedule to start from (a published design, say); it is used only if it obeys the spec's rules.
    ``prefix`` orders the rounds so that an evening stopped early is as even as it can be (the caller
    supplies it: ``rotation.plan`` passes ``movements.order``); without it the rounds stay as planned."""
    if time_limit <= 0:
        raise InvalidSpecError(f"the time limit must be positive, got {time_limit}")
    if work <= 0:
        raise InvalidSpecError(f"the work budget must be positive, got {work}")
    run = _Run(work, time_limit, max(1, workers), seed, on_progress)
    problem = _Problem.of(spec)
    reason = _why_infeasible(problem, run)
    if reason is not None:
        return SolveResult(Status.INFEASIBLE, None, (), reason, run.elapsed(), run.cut_short)
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
        if better is not None and _rank(problem, better) <= _rank(problem, drafts):
            drafts, outcomes = better, more
    elif not by_games and problem.spec.previous is None and problem.free:
        drafts = _improve_opponents(problem, drafts, run, run.until(0.85))
    if not drafts and problem.free:
        return SolveResult(Status.TIMED_OUT, None, (), "", run.elapsed(), run.cut_short)
    if prefix is not None:
        drafts = _in_prefix_order(problem, drafts, built, prefix)
    dealers, more = _choose_dealers(problem, drafts, run)
    outcomes += more
    rounds = problem.kept + _seat(problem, drafts, dealers)
    movement = Movement(problem.n, rounds, name="balanced")
    terms = _terms(problem, movement, outcomes)
    ok = all(t.met for t in terms if t.bound is not None)
    status = Status.OPTIMAL if ok else Status.FEASIBLE
    return SolveResult(status, movement, terms, "", run.elapsed(), run.cut_short)


# ------------------------------------------------------------------------------------------ infeasible


def _why_infeasible(problem: _Problem, run: _Run) -> str | None:
    """The first hard rule that cannot hold, in the user's words, or None if a plan exists.

    The hard rules bind one round at a time: a round is possible exactly when its present players can form
    two partnerships per table without a pair who must not partner. Whether they can is a maximum matching
    (networkx); a claim that they cannot is confirmed by a second model (CP-SAT) before it is reported."""
    spec = problem.spec
    for r, rnd in enumerate(problem.kept):
        for p, rounds in spec.away.items():
            if r in rounds and p in rnd.present:
                where = "seats" if p in rnd.seated else "sits out"
                return (
                    f"round {r + 1} is kept as played and {where} {spec.name(p)}, who is listed as away then"
                )
    for r in problem.free:
        here = problem.present[r]
        wanted = problem.tables[r]
        if len(here) < 4:
            return f"round {r + 1} has only {len(here)} players present, too few for a table"
        if 4 * wanted > len(here):
            return f"round {r + 1} has {len(here)} players present, too few for {wanted} tables"
    checked: dict[tuple[frozenset[Player], int], str | None] = {}
    for r in problem.free:
        key = (problem.present[r], problem.tables[r])
        if key not in checked:
            checked[key] = _why_round_impossible(problem, r, run)
        if checked[key] is not None:
            return checked[key]
    return None


def _why_round_impossible(problem: _Problem, r: int, run: _Run) -> str | None:
    here = sorted(problem.present[r])
    wanted = 2 * problem.tables[r]
    avoided = [pq for pq in problem.avoid if pq[0] in problem.present[r] and pq[1] in problem.present[r]]
    if not avoided:
        return None
    if len(_greedy_matching(here, problem.allowed)) >= wanted:
        return None
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(here)
    graph.add_edges_from((p, q) for p, q in combinations(here, 2) if problem.allowed(p, q))
    most = len(nx.max_weight_matching(graph, maxcardinality=True))
    if most >= wanted:
        return None
    if not _round_feasible_by_cpsat(problem, r, run):
        spec = problem.spec
        for p in here:
            if len(here) == 2 * wanted and not any(problem.allowed(p, q) for q in here if q != p):
                return (
                    f"{spec.name(p)} must not partner any of the others present in round {r + 1}, "
                    f"but all {len(here)} players present must play"
                )
        rules = ", ".join(f"{spec.name(p)}+{spec.name(q)}" for p, q in sorted(avoided))
        return (
            f"in round {r + 1} the pairs who must not partner ({rules}) leave room for only {most} "
            f"partnerships among the {len(here)} players present, but {wanted // 2} tables need {wanted}"
        )
    raise RuntimeError(f"round {r + 1}: matching and CP-SAT disagree on whether the round can be played")


def _greedy_matching(players: Sequence[Player], allowed: Callable[[Player, Player], bool]) -> list[Pair]:
    """A maximal matching, most constrained player first: usually maximum, and quick."""
    free = set(players)
    degree = {p: sum(1 for q in players if q != p and allowed(p, q)) for p in players}
    pairs: list[Pair] = []
    for p in sorted(players, key=lambda p: degree[p]):
        if p not in free:
            continue
        options = [q for q in free if q != p and allowed(p, q)]
        if options:
            q = min(options, key=lambda q: (degree[q], q))
            free -= {p, q}
            pairs.append(_pair(p, q))
    return pairs


def _round_feasible_by_cpsat(problem: _Problem, r: int, run: _Run) -> bool:
    """The second opinion: can round ``r`` seat its tables without an avoided partnership?"""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    here = sorted(problem.present[r])
    partners = {
        pq: model.new_bool_var(f"partners_{pq}") for pq in combinations(here, 2) if problem.allowed(*pq)
    }
    for p in here:
        model.add_at_most_one(v for pq, v in partners.items() if p in pq)
    model.add(sum(partners.values()) == 2 * problem.tables[r])
    solver = run.solver(max(1.0, run.left()))
    status = solver.solve(model)
    run.solved(solver)
    if status == cp_model.UNKNOWN:
        raise RuntimeError(f"round {r + 1}: could not decide in time whether the round can be played")
    return bool(status in (cp_model.OPTIMAL, cp_model.FEASIBLE))


# ------------------------------------------------------------------------------------ counting bounds


def _floors(problem: _Problem) -> dict[str, int]:
    """Lower bounds that hold for every schedule of this shape, by counting alone.

    Partners: 2 slots per table over the pairs; and a player who plays P rounds has P partners among the
    n - 1 others, so the most-played player repeats someone when P > n - 1. Opponents alike, with 2P."""
    floors = {REPEATS: _repeat_floor(problem)}
    if problem.anyone_away:
        return floors
    n = problem.n
    seats = 4 * sum(problem.tables)
    most, least = -(-seats // n), seats // n
    floors[PLAYED] = Bound.of(seats, n).spread
    floors[FIRST_DEALS] = Bound.of(sum(problem.tables), n).spread
    floors[OPPONENT] = max(
        Bound.of(seats, n * (n - 1) // 2).spread, -(-2 * most // (n - 1)) - 2 * least // (n - 1)
    )
    if not problem.avoid:
        floors[PARTNER] = max(
            Bound.of(seats // 2, n * (n - 1) // 2).spread, -(-most // (n - 1)) - least // (n - 1)
        )
    return floors


def _repeat_floor(problem: _Problem) -> int:
    """Sitting out twice running is forced when two rounds' sit-outs cannot avoid each other."""
    total = 0
    for r in range(1, problem.rounds):
        before, now = problem.present[r - 1], problem.present[r]
        if r - 1 < len(problem.kept) and r < len(problem.kept):
            total += len(set(problem.kept[r - 1].sitting_out) & set(problem.kept[r].sitting_out))
        elif r - 1 < len(problem.kept):
            total += max(0, problem.out(r) - len(now - set(problem.kept[r - 1].sitting_out)))
        else:
            total += max(
                0,
                problem.out(r - 1)
                - len(before - now)
                + problem.out(r)
                - len(now - before)
                - len(before & now),
            )
    return total


# --------------------------------------------------------------------------------- the construction


def _construct(problem: _Problem, rng: random.Random) -> list[_Draft]:
    """A good plan quickly, used as the models' starting point (and as the answer if they find nothing)."""
    if problem.plain:
        return _round_robin(problem, rng)
    return _greedy(problem, rng)


def _drafts_of(problem: _Problem, movement: Movement) -> list[_Draft] | None:
    """A given schedule's rounds to plan, if they obey the rules: the players present, the tables, the
    pairs who must not partner; else None."""
    if movement.n_players > problem.n or len(movement) < problem.rounds:
        return None
    drafts = []
    for r in problem.free:
        rnd = movement.rounds[r]
        games = tuple(((t.north, t.south), (t.east, t.west)) for t in rnd.tables)
        if rnd.present != problem.present[r] or len(games) != problem.tables[r]:
            return None
        if any(not problem.allowed(*pq) for game in games for pq in game):
            return None
        drafts.append(_Draft(tuple(_canonical(g) for g in games), frozenset(rnd.sitting_out)))
    return drafts


def _round_robin(problem: _Problem, rng: random.Random) -> list[_Draft]:
    """The circle method: round i pairs player i with the fixed player and i + j with i - j. For odd n the
    fixed seat is empty (the design for n + 1 players): its partner sits out. Further sit-outs are whole
    partnerships, chosen so sit-outs stay even and nobody sits out twice running."""
    n = problem.n
    m = n + n % 2
    counts = _Counts.empty(n)
    last_out: frozenset[Player] = frozenset()
    drafts = []
    for index, r in enumerate(problem.free):
        i = index % (m - 1)
        pairs = [(m - 1, i)] + [((i + j) % (m - 1), (i - j) % (m - 1)) for j in range(1, m // 2)]
        out = {p for pq in pairs for p in pq if m - 1 in pq and p != m - 1} if n % 2 else set()
        pairs = [_pair(p, q) for p, q in pairs if n % 2 == 0 or m - 1 not in (p, q)]
        while len(out) < problem.out(r):
            best = min(
                pairs,
                key=lambda pq: (
                    sum(p in last_out for p in pq),
                    sum(counts.sat_out[p] for p in pq),
                    rng.random(),
                ),
            )
            pairs.remove(best)
            out |= set(best)
        games = _pair_up(pairs, counts, rng)
        counts.add(games, out)
        last_out = frozenset(out)
        drafts.append(_Draft(games, last_out))
    return drafts


def _greedy(problem: _Problem, rng: random.Random) -> list[_Draft]:
    """Round by round: sit out whoever is furthest below their fair share of sit-outs (not twice running),
    keep the previous plan's partnerships where they still stand, pair the rest with their least-met
    allowed partner, and put together the partnerships that have met least."""
    counts = problem.kept_counts()
    share: dict[Player, float] = {p: 0.0 for p in range(problem.n)}
    last_out: frozenset[Player] = frozenset(problem.kept[-1].sitting_out) if problem.kept else frozenset()
    for r in range(len(problem.kept)):
        for p in problem.present[r]:
            share[p] += len(problem.kept[r].sitting_out) / len(problem.present[r])
    drafts = []
    for r in problem.free:
        here = sorted(problem.present[r])
        for p in here:
            share[p] += problem.out(r) / len(here)
        order = sorted(here, key=lambda p: (p in last_out, counts.sat_out[p] - share[p], rng.random()))
        out = set(order[: problem.out(r)])
        seated = [p for p in here if p not in out]
        old = problem.previous[r]
        keep = (
            []
            if old is None
            else [_pair(t.north, t.south) for t in old.tables] + [_pair(t.east, t.west) for t in old.tables]
        )
        pairs = _match(seated, problem, counts, rng, keep)
        if pairs is None:
            pairs = _match_anyone(here, problem, counts, share, 2 * problem.tables[r])
            seated = [p for pq in pairs for p in pq]
            out = set(here) - set(seated)
        games = _pair_up(pairs, counts, rng)
        counts.add(games, out)
        last_out = frozenset(out)
        drafts.append(_Draft(games, last_out))
    return drafts


def _match(
    seated: Sequence[Player],
    problem: _Problem,
    counts: _Counts,
    rng: random.Random,
    keep: Sequence[Pair] = (),
) -> list[Pair] | None:
    """Partner everyone in ``seated``: kept partnerships first, then most constrained player first with
    their least-met allowed partner; a perfect matching (networkx) if that gets stuck; None if none."""
    free = set(seated)
    pairs = []
    for p, q in keep:
        if p in free and q in free and problem.allowed(p, q):
            pairs.append(_pair(p, q))
            free -= {p, q}
    while free:
        options = {p: [q for q in free if q != p and problem.allowed(p, q)] for p in free}
        p = min(free, key=lambda p: (len(options[p]), rng.random()))
        if not options[p]:
            break
        q = min(options[p], key=lambda q: (counts.partners[_pair(p, q)], rng.random()))
        pairs.append(_pair(p, q))
        free -= {p, q}
    if not free:
        return pairs
    import networkx as nx

    graph = nx.Graph()
    for p, q in combinations(seated, 2):
        if problem.allowed(p, q):
            graph.add_edge(p, q, weight=1000 - counts.partners[_pair(p, q)])
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(seated):
        return None
    return [_pair(p, q) for p, q in matching]


def _match_anyone(
    here: Sequence[Player], problem: _Problem, counts: _Counts, share: Mapping[Player, float], wanted: int
) -> list[Pair]:
    """``wanted`` allowed partnerships among ``here``, favouring players owed a game (for rounds where the
    fair sit-outs leave no allowed pairing)."""
    import networkx as nx

    owed = {p: share[p] - counts.sat_out[p] for p in here}
    graph = nx.Graph()
    for p, q in combinations(here, 2):
        if problem.allowed(p, q):
            graph.add_edge(p, q, weight=100 + owed[p] + owed[q])
    matching = sorted(
        nx.max_weight_matching(graph, maxcardinality=True), key=lambda pq: -(owed[pq[0]] + owed[pq[1]])
    )
    return [_pair(p, q) for p, q in matching[:wanted]]


def _pair_up(pairs: Sequence[Pair], counts: _Counts, rng: random.Random) -> tuple[Game, ...]:
    """Two partnerships per table, each with the partnership it has met least as opponents."""
    left = list(pairs)
    rng.shuffle(left)
    games = []
    while left:
        first = left.pop(0)
        other = min(
            left, key=lambda pq: (sum(counts.opponents(_pair(p, q)) for p in first for q in pq), rng.random())
        )
        left.remove(other)
        games.append((first, other))
    return tuple(games)


# ---------------------------------------------------------------------------------- CP-SAT helpers


def _minimize_in_order(
    model: cp_model.CpModel,
    terms: Sequence[tuple[str, Expr, int]],
    decisions: Sequence[cp_model.IntVar],
    run: _Run,
    deadline: float,
    stage: str,
    *,
    symmetry: int = 2,
    hinted: Mapping[str, int] | None = None,
) -> tuple[list[int] | None, list[_Outcome]]:
    """Minimise each term in turn and fix it at its best before the next (a lexicographic objective).

    ``terms`` are (name, expression, floor), the floor a lower bound known by counting, which lets the
    solver stop as soon as it reaches it. The decisions are hinted from one term's answer into the next.
    A term the hint already holds at its floor (``hinted``: the hint's value of each term) is simply
    fixed there, sparing a solve, as long as no solve has yet moved away from the hint. Returns the
    decisions' last values (None if nothing was solved) and each term's value and bound."""
    from ortools.sat.python import cp_model

    class Watch(cp_model.CpSolverSolutionCallback):
        def __init__(self, term: str) -> None:
            super().__init__()
            self.term = term

        def on_solution_callback(self) -> None:
            run.report(
                stage, self.term, round(self.objective_value), math.ceil(self.best_objective_bound - 1e-6)
            )

    values: list[int] | None = None
    outcomes: list[_Outcome] = []
    for index, (name, expr, floor) in enumerate(terms):
        if values is None and hinted is not None and name in hinted and hinted[name] <= floor:
            model.add(expr <= floor)
            outcomes.append(_Outcome(name, floor, floor, exact=True))
            continue
        left = max(0.0, deadline - run.now())
        if (left <= 0.05 or run.over()) and values is not None:
            break
        model.add(expr >= floor)
        model.minimize(expr)
        solver = run.solver(
            max(0.1, left * 1.5 / (len(terms) - index) if index < len(terms) - 1 else left),
            symmetry=symmetry,
        )
        run.report(stage, name, None, None)
        status = solver.solve(model, Watch(name))
        run.solved(solver)
        if status == cp_model.INFEASIBLE or status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"{stage}: the model for {name!r} is {solver.status_name(status)}")
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        value = round(solver.value(expr))
        bound = (
            value if status == cp_model.OPTIMAL else max(floor, math.ceil(solver.best_objective_bound - 1e-6))
        )
        outcomes.append(_Outcome(name, value, bound, exact=True))
        values = [solver.value(v) for v in decisions]
        model.add(expr <= value)
        model.clear_hints()  # type: ignore[no-untyped-call]
        for var, val in zip(decisions, values, strict=True):
            model.add_hint(var, val)
    model.clear_objective()  # type: ignore[no-untyped-call]
    return values, outcomes


def _least_spread(
    model: cp_model.CpModel,
    counts: Mapping[K, Count],
    lows: frozenset[K],
    decisions: Sequence[cp_model.IntVar],
    values: Sequence[int],
    value: int,
    floor: int,
    total: int,
    run: _Run,
    deadline: float,
    stage: str,
    name: str,
    *,
    symmetry: int = 2,
    hinted: bool = True,
) -> tuple[list[int], _Outcome]:
    """The least spread of ``counts`` (the most of any pair less the fewest of a pair in ``lows``), from a
    schedule (``values`` of the decisions) whose spread is ``value``, and never below ``floor``; the counts
    always sum to ``total``.

    Asked as yes-or-no questions rather than as an objective: is there a schedule with every count in a
    window [low, low + s]? A window fixes the counts' domains, which CP-SAT propagates and reasons with by
    counting far better than a max-less-min objective (seconds rather than minutes for seven players at
    one table). A spread is possible if any of its windows is and proven impossible only if all are;
    it implies every smaller spread impossible too. Spreads are asked from ``value - 1`` down while the
    answer is yes; if one cannot be decided in time, from ``floor`` up to raise the proven bound. Each
    question starts from the best schedule so far if ``hinted`` (where symmetry is broken in presolve, a
    hint can cost more than it saves). Returns the best decisions found and the term's outcome."""
    from ortools.sat.python import cp_model

    everyone = len(counts)
    best, bound = list(values), min(floor, value)

    def windows(s: int) -> list[int]:
        """Where a window of spread s can start: its top reaches the average count, and its low is no
        more than the average over ``lows`` can be (nearest the middle first)."""
        if not lows:
            return [0]
        first = max(0, -(-total // everyone) - s)
        last = total // len(lows)
        middle = total / everyone - s / 2
        return sorted(range(first, last + 1), key=lambda low: (abs(low - middle), low))

    def ask(s: int) -> tuple[str, int]:
        """'yes' (best updated, its spread returned), 'no', or 'unknown' for spread s. The time to
        decide a window varies wildly with the search's luck, so windows are asked in rounds of
        doubling time, each round with another random seed, until each is decided or time is up."""
        nonlocal best
        pending, attempt = windows(s), 0
        while pending:
            undecided = []
            for index, low in enumerate(pending):
                left = deadline - run.now()
                if left <= 0.05 or run.over():
                    return "unknown", s
                copy = model.clone()
                copy.clear_hints()  # type: ignore[no-untyped-call]
                for var, val in zip(decisions, best if hinted else (), strict=False):
                    copy.add_hint(copy.get_int_var_from_proto_index(var.index), val)
                if not _narrow(copy, counts, lows, low, low + s):
                    continue
                solver = run.solver(
                    min(left / (len(pending) - index), 0.5 * 2**attempt), seed=attempt, symmetry=symmetry
                )
                status = solver.solve(copy)
                run.solved(solver)
                if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                    best = [solver.value(copy.get_int_var_from_proto_index(v.index)) for v in decisions]
                    found = [
                        c if isinstance(c, int) else solver.value(copy.get_int_var_from_proto_index(c.index))
                        for c in counts.values()
                    ]
                    highest = max(found)
                    lowest = min((c for pq, c in zip(counts, found, strict=True) if pq in lows), default=0)
                    return "yes", highest - lowest
                if status != cp_model.INFEASIBLE:
                    undecided.append(low)
            pending, attempt = undecided, attempt + 1
        return "no", s

    run.report(stage, name, value, bound)
    while value > bound:
        answer, spread = ask(value - 1)
        if answer == "yes":
            value = spread
        elif answer == "no":
            bound = value
        else:
            while bound < value - 1:
                answer, spread = ask(bound)
                if answer == "no":
                    bound += 1
                else:
                    if answer == "yes":
                        value = bound = spread
                    break
            break
        run.report(stage, name, value, bound)
    return best, _Outcome(name, value, max(bound, min(floor, value)), exact=True)


def _narrow(
    model: cp_model.CpModel, counts: Mapping[K, Count], lows: frozenset[K], low: int, high: int
) -> bool:
    """Hold every count at most ``high`` and those of ``lows`` at least ``low`` (in a copy of the model
    the counts were made in); False if a constant count already falls outside."""
    for pq, count in counts.items():
        floor = low if pq in lows else 0
        if isinstance(count, int):
            if not floor <= count <= high:
                return False
            continue
        var = model.get_int_var_from_proto_index(count.index)
        model.add(var <= high)
        if floor:
            model.add(var >= floor)
    return True


def _hold_window(model: cp_model.CpModel, counts: Collection[Count], spread: int, total: int) -> bool:
    """Hold a spread already proven as domains, if only one window of it fits counts summing to
    ``total`` (as at the counting bound: every count the floor or the ceiling of the average), which
    CP-SAT propagates far better than a max-less-min. Returns whether it did."""
    first, last = max(0, -(-total // len(counts)) - spread), total // len(counts)
    if first != last:
        return False
    for count in counts:
        if not isinstance(count, int):
            model.add(count >= first)
            model.add(count <= first + spread)
    return True


def _hold_proven(
    model: cp_model.CpModel, problem: _Problem, counts: _GameCounts, proven: Mapping[str, int]
) -> set[str]:
    """Partners and rounds played held at their proven spreads as windows, where they fit one (and
    everyone is present throughout, so that the spreads' fewest are over the same counts as their most).
    Returns the terms so held."""
    held: set[str] = set()
    if problem.anyone_away:
        return held
    allowed = [c for pq, c in counts.partners.items() if pq not in problem.avoid]
    if PARTNER in proven and _hold_window(model, allowed, proven[PARTNER], 2 * sum(problem.tables)):
        held.add(PARTNER)
    played = list(counts.played.values())
    if PLAYED in proven and _hold_window(model, played, proven[PLAYED], 4 * sum(problem.tables)):
        held.add(PLAYED)
    return held


def _spread(
    model: cp_model.CpModel, highs: Iterable[Expr], lows: Iterable[Expr], top: int, name: str
) -> Expr:
    """Max of ``highs`` minus min of ``lows`` (an empty ``lows`` counts as 0), as the checker measures."""
    high = model.new_int_var(0, top, f"{name}_high")
    for expr in highs:
        model.add(expr <= high)
    lows = list(lows)
    if not lows:
        return high
    low = model.new_int_var(0, top, f"{name}_low")
    for expr in lows:
        model.add(expr >= low)
    return high - low


def _excess(model: cp_model.CpModel, expr: Expr, low: int, high: int, top: int) -> Expr:
    """How far ``expr`` falls outside [low, high]."""
    above = model.new_int_var(0, top, "above")
    below = model.new_int_var(0, top, "below")
    model.add(above >= expr - high)
    model.add(below >= low - expr)
    return above + below


def _fair_shares(problem: _Problem) -> dict[Player, tuple[int, int]]:
    """Each player's fair number of sit-outs, [floor, ceil] of the rounds' sit-outs shared over the players
    present, over the rounds they are present for."""
    from fractions import Fraction

    share = {p: Fraction(0) for p in range(problem.n)}
    for r in range(problem.rounds):
        out = len(problem.kept[r].sitting_out) if r < len(problem.kept) else problem.out(r)
        for p in problem.present[r]:
            share[p] += Fraction(out, len(problem.present[r]))
    return {p: (math.floor(s), math.ceil(s)) for p, s in share.items()}


# ------------------------------------------------------------------------ stage 1: who partners whom


def _pairings(
    problem: _Problem, hint: list[_Draft], run: _Run, *, share: float
) -> tuple[list[_Draft], list[_Outcome]]:
    """Choose every round's partnerships and sit-outs; the grouping into tables comes later.

    Skipped when the construction already meets the counting bounds of its terms."""
    floors = _floors(problem)
    measured = _measure(problem, hint)
    if (
        all(name in floors and measured[name] <= floors[name] for name in (PARTNER, PLAYED, REPEATS))
        and not problem.anyone_away
        and problem.spec.previous is None
    ):
        return hint, [
            _Outcome(name, measured[name], floors[name], exact=True) for name in (PARTNER, PLAYED, REPEATS)
        ]

    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    seated: dict[tuple[int, Player], cp_model.IntVar] = {}
    """(round, player) -> the player is at a table that round; present players only."""
    partners: dict[tuple[int, Pair], cp_model.IntVar] = {}
    """(round, pair) -> the pair partners that round; pairs both present and allowed to partner."""
    for r in problem.free:
        for p in problem.present[r]:
            seated[r, p] = model.new_bool_var(f"seated_{r}_{p}")
        for pq in combinations(sorted(problem.present[r]), 2):
            if problem.allowed(*pq):
                partners[r, pq] = model.new_bool_var(f"partners_{r}_{pq}")

    _each_seated_player_has_one_partner(model, problem, seated, partners)
    _tables_are_full(model, problem, seated)

    kept = problem.kept_counts()
    count: dict[Pair, Expr] = {}
    for pq in problem.pairs():
        mine = [partners[r, pq] for r in problem.free if (r, pq) in partners]
        count[pq] = kept.partners[pq]
        if mine:
            count[pq] = model.new_int_var(0, problem.rounds, f"partners_{pq}")
            model.add(count[pq] == kept.partners[pq] + sum(mine))
    played = {
        p: kept.played[p] + sum(seated[r, p] for r in problem.free if (r, p) in seated)
        for p in range(problem.n)
    }
    terms: list[tuple[str, Expr, int]] = [
        (PARTNER, _partner_spread(model, problem, count), floors.get(PARTNER, 0)),
        (PLAYED, _played_spread(model, problem, played), floors.get(PLAYED, 0)),
    ]
    if problem.anyone_away:
        terms.append((SHARE, _sit_outs_off_share(model, problem, played), 0))
    terms.append((REPEATS, _sit_out_repeats(model, problem, seated), floors[REPEATS]))
    if problem.spec.previous is not None:
        terms.append((CHANGES, _lost_partnerships(problem, partners), 0))

    decisions = list(seated.values()) + list(partners.values())
    lookup = {(r, pq) for r, d in zip(problem.free, hint, strict=True) for pq in d.partnerships}
    for (r, p), var in seated.items():
        model.add_hint(var, p not in hint[r - len(problem.kept)].sitting_out)
    for key, var in partners.items():
        model.add_hint(var, key in lookup)
    if problem.plain:
        _first_round_as_hinted(model, problem, hint[0], seated, partners)

    values, outcomes = _minimize_in_order(model, terms, decisions, run, run.until(share), "partnerships")
    if values is None:
        return hint, []
    chosen = dict(zip(decisions, values, strict=True))
    rng = random.Random(run.seed)
    counts = problem.kept_counts()
    drafts = []
    for r in problem.free:
        pairs = [
            pq
            for pq in combinations(sorted(problem.present[r]), 2)
            if (r, pq) in partners and chosen[partners[r, pq]]
        ]
        out = frozenset(p for p in problem.present[r] if not chosen[seated[r, p]])
        drafts.append(_Draft(_pair_up(pairs, counts, rng), out))
        counts.add(drafts[-1].games, out)
    return drafts, outcomes


def _each_seated_player_has_one_partner(
    model: cp_model.CpModel,
    problem: _Problem,
    seated: Mapping[tuple[int, Player], cp_model.IntVar],
    partners: Mapping[tuple[int, Pair], cp_model.IntVar],
) -> None:
    """A player at a table has exactly one partner; a player who sits out has none."""
    mine: dict[tuple[int, Player], list[cp_model.IntVar]] = {key: [] for key in seated}
    for (r, (p, q)), var in partners.items():
        mine[r, p].append(var)
        mine[r, q].append(var)
    for key, var in seated.items():
        model.add(sum(mine[key]) == var)


def _tables_are_full(
    model: cp_model.CpModel, problem: _Problem, seated: Mapping[tuple[int, Player], cp_model.IntVar]
) -> None:
    """Each round seats exactly four players at each of its tables."""
    for r in problem.free:
        model.add(sum(seated[r, p] for p in problem.present[r]) == 4 * problem.tables[r])


def _first_round_as_hinted(
    model: cp_model.CpModel,
    problem: _Problem,
    first: _Draft,
    seated: Mapping[tuple[int, Player], cp_model.IntVar],
    partners: Mapping[tuple[int, Pair], cp_model.IntVar],
) -> None:
    """Players are interchangeable, so any first round is as good as another: fix it (symmetry breaking)."""
    r = problem.free[0]
    for p in problem.present[r]:
        model.add(seated[r, p] == (p not in first.sitting_out))
    for pq in first.partnerships:
        model.add(partners[r, pq] == 1)


def _partner_spread(model: cp_model.CpModel, problem: _Problem, count: Mapping[Pair, Expr]) -> Expr:
    """Soft: no pair partners more often than the numbers force, none less (pairs who must not partner
    left out; the fewest taken over regular players, as the checker does)."""
    regular = problem.regular
    allowed = [pq for pq in count if pq not in problem.avoid]
    lows = [count[pq] for pq in allowed if pq[0] in regular and pq[1] in regular]
    return _spread(model, [count[pq] for pq in allowed], lows, problem.rounds, "partners")


def _played_spread(model: cp_model.CpModel, problem: _Problem, played: Mapping[Player, Expr]) -> Expr:
    """Soft: regular players play within one round of each other."""
    regular = [played[p] for p in sorted(problem.regular)]
    return _spread(model, regular, regular, problem.rounds, "played")


def _sit_outs_off_share(model: cp_model.CpModel, problem: _Problem, played: Mapping[Player, Expr]) -> Expr:
    """Soft: each player sits out their fair share of the rounds they are present for."""
    shares = _fair_shares(problem)
    excess = []
    for p, (low, high) in shares.items():
        present = sum(1 for here in problem.present if p in here)
        excess.append(_excess(model, present - played[p], low, high, problem.rounds))
    return sum(excess)


def _sit_out_repeats(
    model: cp_model.CpModel, problem: _Problem, seated: Mapping[tuple[int, Player], Expr]
) -> Expr:
    """Soft: nobody sits out two rounds running."""

    def out(r: int, p: Player) -> Expr | None:
        if r < len(problem.kept):
            return 1 if p in problem.kept[r].sitting_out else 0
        return 1 - seated[r, p] if (r, p) in seated else None

    repeats = []
    for r in range(max(1, problem.free.start), problem.rounds):
        for p in problem.present[r] & problem.present[r - 1]:
            before, now = out(r - 1, p), out(r, p)
            if before is None or now is None:
                continue
            twice = model.new_bool_var(f"twice_{r}_{p}")
            model.add(twice >= before + now - 1)
            repeats.append(twice)
    return sum(repeats)


def _lost_partnerships(problem: _Problem, partners: Mapping[tuple[int, Pair], cp_model.IntVar]) -> Expr:
    """Soft: the previous plan's partnerships stand where they still can."""
    lost = []
    for r in problem.free:
        old = problem.previous[r]
        if old is None:
            continue
        for table in old.tables:
            for p, q in ((table.north, table.south), (table.east, table.west)):
                if (r, _pair(p, q)) in partners:
                    lost.append(1 - partners[r, _pair(p, q)])
    return sum(lost)


def _measure(problem: _Problem, drafts: Sequence[_Draft]) -> dict[str, int]:
    """The pairing terms of drafts, counted directly (the checker's definitions, before seats)."""
    counts = problem.kept_counts()
    for d in drafts:
        counts.add(d.games, d.sitting_out)
    regular = problem.regular
    allowed = [pq for pq in problem.pairs() if pq not in problem.avoid]
    both = [pq for pq in problem.pairs() if pq[0] in regular and pq[1] in regular]
    partner = max((counts.partners[pq] for pq in allowed), default=0) - min(
        (counts.partners[pq] for pq in both if pq not in problem.avoid), default=0
    )
    opponent = max((counts.opponents(pq) for pq in problem.pairs()), default=0) - min(
        (counts.opponents(pq) for pq in both), default=0
    )
    played = [counts.played[p] for p in regular]
    shares = _fair_shares(problem)
    share = sum(
        max(0, counts.sat_out[p] - high) + max(0, low - counts.sat_out[p])
        for p, (low, high) in shares.items()
    )
    outs = [set(r.sitting_out) for r in problem.kept] + [set(d.sitting_out) for d in drafts]
    repeats = sum(len(a & b) for a, b in pairwise(outs))
    changes = 0
    for r, d in zip(problem.free, drafts, strict=True):
        old = problem.previous[r]
        if old is not None:
            now = set(d.partnerships)
            for t in old.tables:
                for p, q in ((t.north, t.south), (t.east, t.west)):
                    here = problem.present[r]
                    changes += p in here and q in here and problem.allowed(p, q) and _pair(p, q) not in now
    return {
        PARTNER: partner,
        PLAYED: max(played, default=0) - min(played, default=0),
        SHARE: share,
        REPEATS: repeats,
        CHANGES: changes,
        OPPONENT: opponent,
    }


def _at_floors(problem: _Problem, drafts: Sequence[_Draft]) -> bool:
    """Whether drafts already meet every counting bound of the pairing terms (nothing left to search)."""
    floors = _floors(problem)
    measured = _measure(problem, drafts)
    names = (PARTNER, PLAYED, SHARE, REPEATS, CHANGES, OPPONENT)
    return all(measured[name] <= floors.get(name, 0) for name in names)


def _rank(problem: _Problem, drafts: Sequence[_Draft]) -> tuple[int, ...]:
    """Drafts compared in priority order: smaller is better."""
    measured = _measure(problem, drafts)
    return tuple(measured[name] for name in (PARTNER, PLAYED, SHARE, REPEATS, CHANGES, OPPONENT))


PREFIX_BUILD_TABLES = 2
"""The most tables a round for which rounds are also built prefix by prefix (``_built_prefix_by_prefix``)."""


def _built_prefix_by_prefix(problem: _Problem, run: _Run, prefix: PrefixOrder) -> list[_Draft] | None:
    """For a small group with everyone present throughout, rounds built so that every prefix is within
    its bounds (``prefix.build``, a search counted in nodes), in case no order of the planner's own
    rounds manages that; else None."""
    small = all(problem.tables[r] <= PREFIX_BUILD_TABLES for r in problem.free)
    if not (problem.plain and small and problem.free):
        return None
    built = prefix.build(problem.n, problem.rounds, seed=run.seed, deadline=run.deadline())
    return _drafts_of(problem, built) if built is not None else None


def _in_prefix_order(
    problem: _Problem, drafts: list[_Draft], built: list[_Draft] | None, prefix: PrefixOrder
) -> list[_Draft]:
    """The planned rounds in the order that leaves an evening stopped after any round as even as that
    many rounds allow (``movements.order``), never at the cost of a sit-out twice running or a change from
    the previous plan. If no order of them keeps every prefix within its bounds, the rounds ``built``
    prefix by prefix are taken instead when they are as good at the end in every rule ranked above the
    opponent spread: an evening that stops early is common, and a pair partnering twice before another
    has partnered at all is what players notice."""
    prefix_order, is_prefix_balanced = prefix.order, prefix.balanced
    kept = len(problem.kept)

    def movement(rounds: Sequence[_Draft]) -> Movement:
        return Movement(problem.n, problem.kept + tuple(_draft_round(d) for d in rounds))

    order = prefix_order(movement(drafts), avoid=problem.avoid, fixed=kept)
    ordered = [drafts[r - kept] for r in order[kept:]]
    if _rank(problem, ordered) > _rank(problem, drafts):
        ordered = drafts
    if built is None or is_prefix_balanced(movement(ordered), avoid=problem.avoid):
        return ordered
    above = [PARTNER, PLAYED, SHARE, REPEATS]
    ours, theirs = _measure(problem, built), _measure(problem, ordered)
    if is_prefix_balanced(movement(built)) and [ours[n] for n in above] <= [theirs[n] for n in above]:
        return built
    return ordered


def _draft_round(draft: _Draft) -> Round:
    """A round of a draft with plain seats (the first partnership North-South), for counting only."""
    return Round(tuple(Table(a, c, b, d) for (a, b), (c, d) in draft.games), tuple(draft.sitting_out))


# ------------------------------------------------------------------------ stage 2: who meets whom


def _group_tables(
    problem: _Problem, drafts: list[_Draft], run: _Run, *, share: float
) -> tuple[list[_Draft], list[_Outcome]]:
    """Put the partnerships of each round two to a table, meeting as evenly as possible as opponents.

    The drafts' own grouping is the starting point."""
    hinted = list(drafts)
    counts = problem.kept_counts()
    for d in drafts:
        counts.add(d.games, d.sitting_out)
    floors = _floors(problem)
    opponents = {pq: counts.opponents(pq) for pq in problem.pairs()}
    regular = problem.regular
    lows = [opponents[pq] for pq in problem.pairs() if pq[0] in regular and pq[1] in regular]
    spread = max(opponents.values(), default=0) - min(lows, default=0)
    if OPPONENT in floors and spread <= floors[OPPONENT] and problem.spec.previous is None:
        return hinted, [_Outcome(OPPONENT, spread, floors[OPPONENT], exact=True)]

    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    together: dict[tuple[int, int, int], cp_model.IntVar] = {}
    """(round, i, j) -> partnerships i < j of that round (indexes into its partnership list) share a table."""
    partnerships = {
        r: [pq for game in d.games for pq in game] for r, d in zip(problem.free, hinted, strict=True)
    }
    for r, pairs in partnerships.items():
        for i, j in combinations(range(len(pairs)), 2):
            together[r, i, j] = model.new_bool_var(f"together_{r}_{i}_{j}")

    _each_partnership_meets_one_other(model, partnerships, together)
    meetings = _opponent_meetings(problem, partnerships, together)
    terms: list[tuple[str, Expr, int]] = []
    if problem.spec.previous is not None:
        terms.append((CHANGES + " (tables)", _lost_table_mates(problem, partnerships, together), 0))
    terms.append((OPPONENT, _opponent_spread(model, problem, meetings), floors.get(OPPONENT, 0)))

    for (_, i, j), var in together.items():
        model.add_hint(var, j == i + 1 and i % 2 == 0)
    decisions = list(together.values())
    values, outcomes = _minimize_in_order(model, terms, decisions, run, run.until(share), "tables")
    if values is None:
        return hinted, []
    chosen = dict(zip(together, values, strict=True))
    grouped = []
    for r, d in zip(problem.free, hinted, strict=True):
        pairs = partnerships[r]
        games = tuple((pairs[i], pairs[j]) for i, j in combinations(range(len(pairs)), 2) if chosen[r, i, j])
        grouped.append(_Draft(games, d.sitting_out))
    return grouped, [
        o if o.name != OPPONENT else _Outcome(o.name, o.value, o.bound, exact=False) for o in outcomes
    ]


def _each_partnership_meets_one_other(
    model: cp_model.CpModel,
    partnerships: Mapping[int, Sequence[Pair]],
    together: Mapping[tuple[int, int, int], cp_model.IntVar],
) -> None:
    """Each partnership shares its table with exactly one other."""
    for r, pairs in partnerships.items():
        for i in range(len(pairs)):
            model.add_exactly_one(together[r, min(i, j), max(i, j)] for j in range(len(pairs)) if j != i)


def _opponent_meetings(
    problem: _Problem,
    partnerships: Mapping[int, Sequence[Pair]],
    together: Mapping[tuple[int, int, int], cp_model.IntVar],
) -> dict[Pair, Expr]:
    """How often each pair meets as opponents: the kept rounds plus each table they share unpartnered."""
    kept = problem.kept_counts()
    terms: dict[Pair, list[cp_model.IntVar]] = {pq: [] for pq in problem.pairs()}
    for (r, i, j), var in together.items():
        pairs = partnerships[r]
        for p in pairs[i]:
            for q in pairs[j]:
                terms[_pair(p, q)].append(var)
    return {pq: kept.opponents(pq) + sum(vs) for pq, vs in terms.items()}


def _opponent_spread(model: cp_model.CpModel, problem: _Problem, meetings: Mapping[Pair, Expr]) -> Expr:
    """Soft: every pair meets as opponents about equally often."""
    regular = problem.regular
    lows = [e for pq, e in meetings.items() if pq[0] in regular and pq[1] in regular]
    return _spread(model, meetings.values(), lows, 2 * problem.rounds, "opponents")


def _lost_table_mates(
    problem: _Problem,
    partnerships: Mapping[int, Sequence[Pair]],
    together: Mapping[tuple[int, int, int], cp_model.IntVar],
) -> Expr:
    """Soft: partnerships that met in the previous plan's round still meet there."""
    lost = []
    for r, pairs in partnerships.items():
        old = problem.previous[r]
        if old is None:
            continue
        index = {pq: i for i, pq in enumerate(pairs)}
        for t in old.tables:
            a, b = _pair(t.north, t.south), _pair(t.east, t.west)
            if a in index and b in index:
                i, j = sorted((index[a], index[b]))
                lost.append(1 - together[r, i, j])
    return sum(lost)


# ------------------------------------------------------------------ stage 3: opponents by local search


LOCAL_TABLES = 4
"""The most tables of one round the local search re-pairs and re-tables at once."""

LOCAL_ROUNDS = 3
LOCAL_STEP = 0.01
"""The work charged for one local-search step on top of its solve, so that the search always ends."""
"""The rounds it frees tables in at once."""


@dataclass(frozen=True, slots=True)
class _Ends:
    """Where the opponent counts stand: the range [low, high] and the pairs at each end."""

    low: int
    high: int
    at_low: tuple[Pair, ...]
    at_high: tuple[Pair, ...]


def _improve_opponents(problem: _Problem, drafts: list[_Draft], run: _Run, deadline: float) -> list[_Draft]:
    """Even out how often pairs meet as opponents, by large-neighbourhood search.

    The partnerships were chosen for partner balance alone and the tables could only group them; here
    both change together, a few tables of a few rounds at a time: CP-SAT re-pairs and re-tables the
    players of those tables among themselves so that fewer pairs meet as opponents the most (or the
    fewest) times of all, with every opponent count kept within the current range. Who sits out never
    changes and every partner count stays within the current range, so no term ranked above the
    opponent spread can get worse. Stops at the counting bound or the deadline."""
    rng = random.Random(run.seed)
    floor = _floors(problem).get(OPPONENT, 0)
    drafts = list(drafts)
    regular = problem.regular_pairs()
    while run.now() < deadline - 0.1 and not run.over():
        run.charge(LOCAL_STEP)
        counts = problem.kept_counts()
        for d in drafts:
            counts.add(d.games, d.sitting_out)
        ends = _opponent_ends(problem, counts, regular)
        if ends.high - ends.low <= floor:
            break
        run.report("local search", OPPONENT, ends.high - ends.low, floor)
        fewer_high = len(ends.at_high) <= len(ends.at_low)
        high_side = not ends.at_low or fewer_high != (rng.random() < 0.3)
        target = rng.choice(ends.at_high if high_side else ends.at_low)
        chosen = _neighbourhood(drafts, target, high_side, rng)
        if not chosen:
            break
        better = _regroup(problem, drafts, chosen, counts, ends, high_side, run, deadline)
        for index, draft in better.items():
            drafts[index] = draft
    return drafts


def _opponent_ends(problem: _Problem, counts: _Counts, regular: frozenset[Pair]) -> _Ends:
    """The opponent counts' range (the fewest over pairs of regular players, as the checker takes it)
    and the pairs at each end."""
    meets = {pq: counts.opponents(pq) for pq in problem.pairs()}
    high = max(meets.values(), default=0)
    low = min((meets[pq] for pq in regular), default=0)
    return _Ends(
        low,
        high,
        tuple(pq for pq in sorted(regular) if meets[pq] == low),
        tuple(pq for pq, c in meets.items() if c == high),
    )


def _neighbourhood(
    drafts: Sequence[_Draft], target: Pair, high_side: bool, rng: random.Random
) -> dict[int, list[int]]:
    """Which tables of which rounds to free (draft index -> table indexes): a table where the target
    pair meet as opponents (if they meet too often) or the tables of a round where both play (if too
    rarely), filled up with random tables of that round, and random tables of random other rounds."""
    p, q = target

    def table_of(d: _Draft, player: Player) -> int | None:
        return next((t for t, game in enumerate(d.games) if any(player in pq for pq in game)), None)

    def meet(d: _Draft) -> bool:
        t = table_of(d, p)
        return t is not None and t == table_of(d, q) and _pair(p, q) not in d.games[t]

    if high_side:
        places = [i for i, d in enumerate(drafts) if meet(d)]
    else:
        places = [
            i for i, d in enumerate(drafts) if table_of(d, p) is not None and table_of(d, q) is not None
        ]
    chosen: dict[int, list[int]] = {}
    if places:
        first = rng.choice(places)
        chosen[first] = sorted(
            {t for t in (table_of(drafts[first], p), table_of(drafts[first], q)) if t is not None}
        )
    others = [i for i in range(len(drafts)) if i not in chosen and drafts[i].games]
    rng.shuffle(others)
    for i in others[: max(0, LOCAL_ROUNDS - len(chosen))]:
        chosen[i] = []
    for i, tables in chosen.items():
        spare = [t for t in range(len(drafts[i].games)) if t not in tables]
        rng.shuffle(spare)
        tables += spare[: max(0, LOCAL_TABLES - len(tables))]
    return chosen


def _regroup(
    problem: _Problem,
    drafts: Sequence[_Draft],
    chosen: Mapping[int, Sequence[int]],
    counts: _Counts,
    ends: _Ends,
    high_side: bool,
    run: _Run,
    deadline: float,
) -> dict[int, _Draft]:
    """Re-pair and re-table the players of the chosen tables among themselves, with no more pairs at the
    chosen end of the opponent range than now and as few as can be (CP-SAT). Returns the changed drafts
    (none if no such regrouping was found in time)."""
    from ortools.sat.python import cp_model

    from rotation.solver.grouping import group_into_tables

    regular = problem.regular_pairs()
    allowed = [pq for pq in problem.pairs() if pq not in problem.avoid]
    most_partners = max((counts.partners[pq] for pq in allowed), default=0)
    least_partners = min((counts.partners[pq] for pq in allowed if pq in regular), default=0)
    partners = Counter(counts.partners)
    meets = Counter({pq: counts.opponents(pq) for pq in problem.pairs()})
    model = cp_model.CpModel()
    partner_terms: dict[Pair, list[Expr]] = {}
    meet_terms: dict[Pair, list[Expr]] = {}
    freed: dict[int, tuple[list[Player], dict[Pair, cp_model.IntVar], dict[Pair, cp_model.IntVar]]] = {}
    for i, tables in chosen.items():
        players: list[Player] = []
        for t in tables:
            (a, b), (c, d) = drafts[i].games[t]
            players += [a, b, c, d]
            partners[_pair(a, b)] -= 1
            partners[_pair(c, d)] -= 1
            for x in (a, b):
                for y in (c, d):
                    meets[_pair(x, y)] -= 1
        players.sort()
        same, mates = group_into_tables(model, players, problem.allowed, prefix=f"r{i}_")
        now = [drafts[i].games[t] for t in tables]
        for pq, var in same.items():
            model.add_hint(var, any(pq[0] in g[0] + g[1] and pq[1] in g[0] + g[1] for g in now))
            meet_terms.setdefault(pq, []).append(var - mates[pq] if pq in mates else var)
        for pq, var in mates.items():
            model.add_hint(var, any(pq in g for g in now))
            partner_terms.setdefault(pq, []).append(var)
        freed[i] = (players, same, mates)
    at_end: list[cp_model.IntVar] = []
    """Pairs at the chosen end of the range: fewer, or at least no more."""
    at_other: list[cp_model.IntVar] = []
    """Pairs at the other end: as few as can be, second (so that the range does not drift)."""
    for pq, terms in meet_terms.items():
        meet = meets[pq] + sum(terms)
        model.add(meet <= ends.high)
        if pq in regular:
            model.add(meet >= ends.low)
        high = model.new_bool_var(f"at_high_{pq}")
        model.add(meet <= ends.high - 1).only_enforce_if(~high)
        (at_end if high_side else at_other).append(high)
        if pq in regular:
            low = model.new_bool_var(f"at_low_{pq}")
            model.add(meet >= ends.low + 1).only_enforce_if(~low)
            (at_other if high_side else at_end).append(low)
    for pq, terms in partner_terms.items():
        count = partners[pq] + sum(terms)
        model.add(count <= most_partners)
        if pq in regular:
            model.add(count >= least_partners)
    now_at_end = sum(1 for pq in meet_terms if pq in (ends.at_high if high_side else ends.at_low))
    model.add(sum(at_end) <= now_at_end)
    model.minimize((len(at_other) + 1) * sum(at_end) + sum(at_other))
    solver = run.solver(max(0.05, min(1.0, deadline - run.now())))
    status = solver.solve(model)
    run.solved(solver)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {}
    changed = {}
    for i, (players, same, mates) in freed.items():
        games = [g for t, g in enumerate(drafts[i].games) if t not in chosen[i]]
        left = list(players)
        while left:
            table = [left[0]] + [x for x in left[1:] if solver.value(same[_pair(left[0], x)])]
            a = table[0]
            b = next(x for x in table[1:] if _pair(a, x) in mates and solver.value(mates[_pair(a, x)]))
            c, d = (x for x in table if x not in (a, b))
            games.append(_canonical(((a, b), (c, d))))
            left = [x for x in left if x not in table]
        changed[i] = _Draft(tuple(games), drafts[i].sitting_out)
    return changed


# ------------------------------------------------------------------------ small groups: whole games


GAMES_MODEL_LIMIT = 40_000
"""The most (round, game) choices for which the games model is built (a game: four players in two
partnerships). 13 players over 13 rounds have about 28,000."""


def _fits_games_model(problem: _Problem) -> bool:
    """Few enough possible games to list them all, round by round."""
    return bool(problem.free) and sum(3 * math.comb(len(problem.present[r]), 4) for r in problem.free) <= (
        GAMES_MODEL_LIMIT
    )


def _splits(quad: tuple[Player, ...]) -> tuple[Game, Game, Game]:
    """The three ways four players (in increasing order) form two partnerships, each in canonical form."""
    a, b, c, d = quad
    return (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))


def _canonical(game: Game) -> Game:
    """A game as ``_splits`` writes it: each partnership in order, the one holding the lowest player first."""
    first, second = sorted((_pair(*game[0]), _pair(*game[1])))
    return (first, second)


def _by_games(
    problem: _Problem, hint: Sequence[_Draft] | None, run: _Run
) -> tuple[list[_Draft] | None, list[_Outcome]]:
    """Small groups: each round chooses whole games, so partners and opponents are decided together.

    With one table a round and the same players present throughout, first count how often each game is
    played (the order of the rounds does not matter to partners, rounds played or opponents, and leaving
    it out removes the rounds' symmetry, so their optima are proved quickly, the opponent spread's as a
    lower bound); then order those games, which is where sitting out twice running is decided. If that
    order reaches the counting bound on sitting out twice running, every term is settled; otherwise
    games and their order are searched together, holding partners and rounds played at their proven
    best, from that order."""
    games = {r: _games_of(problem, r) for r in problem.free}
    one_table = all(problem.tables[r] == 1 for r in problem.free)
    same = len({problem.present[r] for r in problem.free}) == 1
    if not (one_table and same):
        return _games_model(problem, games, hint, {}, run, run.until(0.95))
    multiset, outcomes, proven = _count_games(problem, games[problem.free[0]], run)
    if multiset is None:
        return _games_model(problem, games, hint, {}, run, run.until(0.95))
    order = _order_for_few_repeats(problem, multiset, run, run.until(0.1))
    everyone = problem.present[problem.free[0]]
    drafts = [_Draft((g,), everyone - {p for pq in g for p in pq}) for g in order]
    measured = _measure(problem, drafts)
    if measured[REPEATS] <= _floors(problem)[REPEATS] and problem.spec.previous is None:
        done = [_Outcome(REPEATS, measured[REPEATS], measured[REPEATS], exact=True)]
        done.append(_Outcome(OPPONENT, measured[OPPONENT], proven.get(OPPONENT, 0), exact=True))
        return drafts, outcomes + done
    again, more = _games_model(problem, games, drafts, proven, run, run.until(0.95))
    if again is None or _rank(problem, drafts) < _rank(problem, again):
        return drafts, outcomes
    return again, outcomes + more


def _games_of(problem: _Problem, r: int) -> list[Game]:
    """Every game round ``r`` could have: four present players, two allowed partnerships."""
    found = []
    for quad in combinations(sorted(problem.present[r]), 4):
        for game in _splits(quad):
            if all(problem.allowed(*pq) for pq in game):
                found.append(game)
    return found


def _count_games(
    problem: _Problem, games: Sequence[Game], run: _Run
) -> tuple[list[Game] | None, list[_Outcome], dict[str, int]]:
    """How many times each game is played: partners and rounds played proved optimal, then the least
    opponent spread those allow (a lower bound whatever the order of the games).

    Players who are interchangeable are first counted with the rounds each plays fixed (the players who
    play one round more than the rest taken to be the first ones): that breaks the players' symmetry far
    better than ordering them, and CP-SAT then proves the opponent bound by counting in well under a
    second. The pattern is kept only if partners still reach their counting bound with it (then nothing
    is lost); otherwise the games are counted again without it."""
    pattern = _played_pattern(problem)
    if pattern is not None:
        found = _count_games_given(problem, games, run, pattern)
        if found[0] is not None:
            return found
    return _count_games_given(problem, games, run, None)


def _played_pattern(problem: _Problem) -> dict[Player, int] | None:
    """Rounds played within one: the first players play the extra rounds (None unless all are alike)."""
    if not problem.plain:
        return None
    seats = 4 * sum(problem.tables[r] for r in problem.free)
    least, extra = divmod(seats, problem.n)
    return {p: least + (p < extra) for p in range(problem.n)}


def _count_games_given(
    problem: _Problem, games: Sequence[Game], run: _Run, pattern: Mapping[Player, int] | None
) -> tuple[list[Game] | None, list[_Outcome], dict[str, int]]:
    """The counting model, with the rounds each player plays fixed to ``pattern`` if given. Returns the
    games played (as a list with repeats), the partner and played outcomes, and the proven values (the
    opponent spread's as a lower bound); no games if the pattern costs partner balance."""
    from ortools.sat.python import cp_model

    rounds = len(problem.free)
    floors = _floors(problem)
    model = cp_model.CpModel()
    times = {g: model.new_int_var(0, rounds, f"times_{g}") for g in games}
    """game -> how many rounds play it."""
    model.add(sum(times.values()) == rounds)
    counts = _game_counts(model, problem, times)
    if pattern is not None:
        _each_plays_as_patterned(model, counts, pattern)
    elif problem.plain:
        _break_symmetry_by_count(model, problem, times[games[0]], counts)
    _every_player_meets_by_count(model, problem, counts)
    decisions = list(times.values())
    terms = [
        (PARTNER, _partner_spread(model, problem, counts.partners), floors.get(PARTNER, 0)),
        (PLAYED, _played_spread(model, problem, counts.played), floors.get(PLAYED, 0)),
    ]
    values, outcomes = _minimize_in_order(model, terms, decisions, run, run.until(0.15), "game counts")
    if values is None or len(outcomes) < 2:
        return None, [], {}
    if pattern is not None and any(o.value > floors.get(o.name, 0) for o in outcomes):
        return None, [], {}
    proven = {o.name: o.value for o in outcomes if o.value == o.bound}
    multiset = [g for g, k in zip(times, values, strict=True) for _ in range(k)]
    if len(proven) == 2:
        _hold_proven(model, problem, counts, proven)
        everyone = problem.present[problem.free[0]]
        drafts = [_Draft((g,), everyone - {p for pq in g for p in pq}) for g in multiset]
        best, outcome = _least_spread(
            model,
            counts.opponents,
            problem.regular_pairs(),
            decisions,
            values,
            _measure(problem, drafts)[OPPONENT],
            floors.get(OPPONENT, 0),
            problem.meetings(),
            run,
            run.until(0.3),
            "game counts",
            OPPONENT,
        )
        multiset = [g for g, k in zip(times, best, strict=True) for _ in range(k)]
        proven[OPPONENT] = outcome.bound
    return multiset, outcomes, proven


def _each_plays_as_patterned(
    model: cp_model.CpModel, counts: _GameCounts, pattern: Mapping[Player, int]
) -> None:
    """Each player plays the rounds the pattern gives them (symmetry breaking; see ``_count_games``)."""
    for p, rounds in pattern.items():
        model.add(counts.played[p] == rounds)


def _break_symmetry_by_count(
    model: cp_model.CpModel, problem: _Problem, first: cp_model.IntVar, counts: _GameCounts
) -> None:
    """Players are interchangeable: name the players of some game played 0-3, as that game is written;
    the others are then interchangeable still, so number them by rounds played, most first."""
    model.add(first >= 1)
    for p in range(4, problem.n - 1):
        model.add(counts.played[p] >= counts.played[p + 1])


def _every_player_meets_by_count(model: cp_model.CpModel, problem: _Problem, counts: _GameCounts) -> None:
    """Redundant, to help the proofs: a player has one partner and two opponents in every round played."""
    for p in range(problem.n):
        others = [_pair(p, q) for q in range(problem.n) if q != p]
        model.add(sum(counts.partners[pq] for pq in others) == counts.played[p])
        model.add(sum(counts.opponents[pq] for pq in others) == 2 * counts.played[p])


@dataclass
class _GameCounts:
    partners: dict[Pair, Count]
    opponents: dict[Pair, Count]
    played: dict[Player, Count]


def _game_counts(model: cp_model.CpModel, problem: _Problem, times: Mapping[Game, Expr]) -> _GameCounts:
    """Partner, opponent and played counts as sums of how often each game is played, plus the kept rounds;
    each count its own variable, so the long sums are written once."""
    kept = problem.kept_counts()
    partners: dict[Pair, list[Expr]] = {pq: [] for pq in problem.pairs()}
    opponents: dict[Pair, list[Expr]] = {pq: [] for pq in problem.pairs()}
    played: dict[Player, list[Expr]] = {p: [] for p in range(problem.n)}
    for game, k in times.items():
        (a, b), (c, d) = game
        partners[_pair(a, b)].append(k)
        partners[_pair(c, d)].append(k)
        for p in (a, b):
            for q in (c, d):
                opponents[_pair(p, q)].append(k)
        for p in (a, b, c, d):
            played[p].append(k)
    top = problem.rounds

    def counted(name: str, constant: int, terms: list[Expr]) -> Count:
        if not terms:
            return constant
        var = model.new_int_var(0, 2 * top, name)
        model.add(var == constant + sum(terms))
        return var

    return _GameCounts(
        {pq: counted(f"partners_{pq}", kept.partners[pq], v) for pq, v in partners.items()},
        {pq: counted(f"opponents_{pq}", kept.opponents(pq), v) for pq, v in opponents.items()},
        {p: counted(f"played_{p}", kept.played[p], v) for p, v in played.items()},
    )


def _games_model(
    problem: _Problem,
    games: Mapping[int, Sequence[Game]],
    hint: Sequence[_Draft] | None,
    proven: Mapping[str, int],
    run: _Run,
    deadline: float,
) -> tuple[list[_Draft] | None, list[_Outcome]]:
    """Which games each round plays. Terms proven elsewhere (``proven``; for the opponent spread, a lower
    bound) are held at their best; the opponent spread is then asked window by window (``_least_spread``).

    With one table a round the model is small and the players interchangeable in it, and CP-SAT's own
    symmetry detection breaks that symmetry far better than fixing a first round does (it proves seven
    players' opponent spreads in seconds); with several tables the detection can run past any time
    limit, so there the first round is fixed instead."""
    from ortools.sat.python import cp_model

    floors = _floors(problem)
    one_table = all(problem.tables[r] == 1 for r in problem.free)
    model = cp_model.CpModel()
    plays: dict[tuple[int, Game], cp_model.IntVar] = {}
    """(round, game) -> the round plays that game at one of its tables."""
    for r, options in games.items():
        for g in options:
            plays[r, g] = model.new_bool_var(f"plays_{r}_{g}")
    seated = _each_round_plays_its_tables(model, problem, games, plays)
    played_times: dict[Game, list[cp_model.IntVar]] = {}
    for (_, g), var in plays.items():
        played_times.setdefault(g, []).append(var)
    counts = _game_counts(model, problem, {g: sum(vs) for g, vs in played_times.items()})

    terms: list[tuple[str, Expr, int]] = []
    held = _hold_proven(model, problem, counts, proven)
    spreads: dict[str, Callable[[], Expr]] = {
        PARTNER: lambda: _partner_spread(model, problem, counts.partners),
        PLAYED: lambda: _played_spread(model, problem, counts.played),
    }
    for name, spread in spreads.items():
        if name in held:  # as windows only: a max-less-min beside them hides much from CP-SAT's presolve
            continue
        if name in proven:
            model.add(spread() <= proven[name])
        else:
            terms.append((name, spread(), floors.get(name, 0)))
    if problem.anyone_away:
        terms.append((SHARE, _sit_outs_off_share(model, problem, counts.played), 0))
    terms.append((REPEATS, _sit_out_repeats(model, problem, seated), floors[REPEATS]))
    if problem.spec.previous is not None:
        terms.append((CHANGES, _lost_games(problem, plays), 0))

    if hint:
        wanted = {(r, _canonical(g)) for r, d in zip(problem.free, hint, strict=True) for g in d.games}
        for key, var in plays.items():
            model.add_hint(var, key in wanted)
        if problem.plain and not one_table:
            first = problem.free[0]
            for g in hint[0].games:  # players are interchangeable: any first round will do
                model.add(plays[first, _canonical(g)] == 1)
    decisions = list(plays.values())
    symmetry = 2 if one_table else 0
    hinted = _measure(problem, hint) if hint else None
    halfway = run.now() + max(0.0, deadline - run.now()) / 2
    values, outcomes = _minimize_in_order(
        model, terms, decisions, run, halfway, "games", symmetry=symmetry, hinted=hinted
    )
    if values is None or len(outcomes) < len(terms):
        return None, []

    def drafts_of(values: Sequence[int]) -> list[_Draft]:
        chosen: dict[int, list[Game]] = {r: [] for r in problem.free}
        for (r, g), v in zip(plays, values, strict=True):
            if v:
                chosen[r].append(g)
        return [
            _Draft(
                tuple(chosen[r]),
                frozenset(problem.present[r] - {p for g in chosen[r] for pq in g for p in pq}),
            )
            for r in problem.free
        ]

    values, outcome = _least_spread(
        model,
        counts.opponents,
        problem.regular_pairs(),
        decisions,
        values,
        _measure(problem, drafts_of(values))[OPPONENT],
        max(floors.get(OPPONENT, 0), proven.get(OPPONENT, 0)),
        problem.meetings(),
        run,
        deadline,
        "games",
        OPPONENT,
        symmetry=symmetry,
        hinted=not one_table,
    )
    return drafts_of(values), [*outcomes, outcome]


def _each_round_plays_its_tables(
    model: cp_model.CpModel,
    problem: _Problem,
    games: Mapping[int, Sequence[Game]],
    plays: Mapping[tuple[int, Game], cp_model.IntVar],
) -> dict[tuple[int, Player], Expr]:
    """Each round plays one game per table, and nobody plays two games at once. Returns who is seated,
    each as a variable of its own: CP-SAT finds the players' symmetry through it, and proves far more."""
    seated: dict[tuple[int, Player], Expr] = {}
    for r in problem.free:
        model.add(sum(plays[r, g] for g in games[r]) == problem.tables[r])
        mine: dict[Player, list[cp_model.IntVar]] = {p: [] for p in problem.present[r]}
        for g in games[r]:
            for pq in g:
                for p in pq:
                    mine[p].append(plays[r, g])
        for p, vs in mine.items():
            model.add_at_most_one(vs)
            seated[r, p] = model.new_bool_var(f"seated_{r}_{p}")
            model.add(seated[r, p] == sum(vs))
    return seated


def _lost_games(problem: _Problem, plays: Mapping[tuple[int, Game], cp_model.IntVar]) -> Expr:
    """Soft: each round plays the previous plan's games where they still can be."""
    lost = []
    for r in problem.free:
        old = problem.previous[r]
        if old is None:
            continue
        for t in old.tables:
            g = _canonical(((t.north, t.south), (t.east, t.west)))
            if (r, g) in plays:
                lost.append(1 - plays[r, g])
    return sum(lost)


def _order_for_few_repeats(
    problem: _Problem, multiset: Sequence[Game], run: _Run, deadline: float
) -> list[Game]:
    """Order one table's games so that as few players as possible sit out two rounds running.

    Players sitting out after game g and again after game h: n - 8 + |g and h's players in common|, so the
    best order is a shortest path through the games (a circuit through a dummy start, CP-SAT's
    ``add_circuit``); from the last kept round, if any."""
    from ortools.sat.python import cp_model

    everyone = problem.present[problem.free[0]]
    outs = [everyone - {p for pq in g for p in pq} for g in multiset]
    before = frozenset(problem.kept[-1].sitting_out) if problem.kept else frozenset()
    model = cp_model.CpModel()
    arcs: list[tuple[int, int, cp_model.IntVar]] = []
    cost: list[Expr] = []
    start = len(multiset)
    for i, out in enumerate(outs):
        first = model.new_bool_var(f"first_{i}")
        arcs += [(start, i, first), (i, start, model.new_bool_var(f"last_{i}"))]
        cost.append(len(before & out) * first)
        for j, other in enumerate(outs):
            if i != j:
                follows = model.new_bool_var(f"follows_{i}_{j}")
                arcs.append((i, j, follows))
                cost.append(len(out & other) * follows)
    model.add_circuit(arcs)
    model.minimize(sum(cost))
    solver = run.solver(max(0.1, deadline - run.now()))
    run.report("game order", REPEATS, None, None)
    status = solver.solve(model)
    run.solved(solver)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return list(multiset)
    after = {i: j for i, j, var in arcs if solver.value(var)}
    order = []
    at = after[start]
    while at != start:
        order.append(multiset[at])
        at = after[at]
    return order


# ------------------------------------------------------------------------------ first dealers and seats


def _choose_dealers(
    problem: _Problem, drafts: Sequence[_Draft], run: _Run
) -> tuple[dict[tuple[int, int], Player], list[_Outcome]]:
    """Who deals first at each table: first deals spread evenly over the regular players, and each part-time
    player dealing about a quarter of the rounds they play."""
    from ortools.sat.python import cp_model

    kept = problem.kept_counts()
    model = cp_model.CpModel()
    deals: dict[tuple[int, int, Player], cp_model.IntVar] = {}
    """(round, table, player) -> the player deals that table's first deal."""
    for r, d in zip(problem.free, drafts, strict=True):
        for t, game in enumerate(d.games):
            players = [p for pq in game for p in pq]
            for p in players:
                deals[r, t, p] = model.new_bool_var(f"deals_{r}_{t}_{p}")
            model.add_exactly_one(deals[r, t, p] for p in players)
    dealt: dict[Player, list[cp_model.IntVar]] = {p: [] for p in range(problem.n)}
    for (_, _, p), var in deals.items():
        dealt[p].append(var)
    floors = _floors(problem)
    greedy = _deal_greedily(problem, drafts)
    for (r, t, p), var in deals.items():
        model.add_hint(var, greedy[r, t] == p)
    decisions = list(deals.values())
    if not problem.anyone_away:
        return _deal_by_windows(problem, model, deals, dealt, greedy, run)
    count = {p: kept.dealt[p] + sum(vs) for p, vs in dealt.items()}
    regular = [count[p] for p in sorted(problem.regular)]
    terms: list[tuple[str, Expr, int]] = [
        (FIRST_DEALS, _spread(model, regular, regular, problem.rounds, "deals"), floors.get(FIRST_DEALS, 0))
    ]
    played = Counter(kept.played)  # someone is away: part-time players deal a quarter of their rounds
    for d in drafts:
        for p in (p for game in d.games for pq in game for p in pq):
            played[p] += 1
    share = [
        _excess(model, count[p], played[p] // 4, -(-played[p] // 4), problem.rounds) for p in range(problem.n)
    ]
    terms.append(("first deals off share", sum(share), 0))
    values, outcomes = _minimize_in_order(model, terms, decisions, run, run.until(0.5), "first dealers")
    if values is None:
        return greedy, []
    chosen: dict[tuple[int, int], Player] = {}
    for (r, t, p), v in zip(deals, values, strict=True):
        if v:
            chosen[r, t] = p
    return chosen, [
        _Outcome(o.name, o.value, o.bound, exact=False) for o in outcomes if o.name == FIRST_DEALS
    ]


def _deal_by_windows(
    problem: _Problem,
    model: cp_model.CpModel,
    deals: Mapping[tuple[int, int, Player], cp_model.IntVar],
    dealt: Mapping[Player, Sequence[cp_model.IntVar]],
    greedy: Mapping[tuple[int, int], Player],
    run: _Run,
) -> tuple[dict[tuple[int, int], Player], list[_Outcome]]:
    """Everyone present throughout: the first-deal spread found window by window (``_least_spread``),
    from the greedy dealers; at the counting bound that is a single quick yes."""
    kept = problem.kept_counts()
    count: dict[Player, Count] = {}
    for p, vs in dealt.items():
        count[p] = var = model.new_int_var(0, problem.rounds, f"dealt_{p}")
        model.add(var == kept.dealt[p] + sum(vs))
    decisions = list(deals.values())
    values = [int(greedy[r, t] == p) for r, t, p in deals]
    so_far = Counter(kept.dealt) + Counter(greedy.values())
    value = max(so_far[p] for p in range(problem.n)) - min(so_far[p] for p in range(problem.n))
    best, outcome = _least_spread(
        model,
        count,
        frozenset(count),
        decisions,
        values,
        value,
        _floors(problem).get(FIRST_DEALS, 0),
        sum(problem.tables),
        run,
        run.until(0.5),
        "first dealers",
        FIRST_DEALS,
    )
    chosen = {(r, t): p for (r, t, p), v in zip(deals, best, strict=True) if v}
    return chosen, [_Outcome(outcome.name, outcome.value, outcome.bound, exact=False)]


def _deal_greedily(problem: _Problem, drafts: Sequence[_Draft]) -> dict[tuple[int, int], Player]:
    """Each table's first deal to whoever at it has dealt least so far (the hint, and the answer if the
    model finds nothing in time)."""
    dealt = Counter(problem.kept_counts().dealt)
    chosen = {}
    for r, d in zip(problem.free, drafts, strict=True):
        for t, game in enumerate(d.games):
            p = min((p for pq in game for p in pq), key=lambda p: (dealt[p], p))
            dealt[p] += 1
            chosen[r, t] = p
    return chosen


Seating = tuple[Player, Player, Player, Player]


def _seatings(game: Game) -> list[Seating]:
    """The eight ways to seat two partnerships at one table, as (N, E, S, W)."""
    options = []
    for ns, ew in (game, game[::-1]):
        for north, south in (ns, ns[::-1]):
            for east, west in (ew, ew[::-1]):
                options.append((north, east, south, west))
    return options


def _seat(
    problem: _Problem, drafts: Sequence[_Draft], dealers: Mapping[tuple[int, int], Player]
) -> tuple[Round, ...]:
    """Place each round's tables and seats so the fewest players move from the round before: an
    assignment of tables to table numbers, each at its best of eight seatings; ties go to the previous
    plan's seats."""
    where: dict[Player, tuple[int, int]] = {}
    if problem.kept:
        for number, t in enumerate(problem.kept[-1].tables):
            for seat, p in enumerate(t.players):
                where[p] = (number, seat)
    rounds = []
    for r, d in zip(problem.free, drafts, strict=True):
        old: dict[Player, tuple[int, int]] = {}
        if problem.previous[r] is not None:
            for number, t in enumerate(problem.previous[r].tables):  # type: ignore[union-attr]
                for seat, p in enumerate(t.players):
                    old[p] = (number, seat)
        size = len(d.games)
        best = {
            (k, number): min(_seatings(game), key=lambda s: (_seat_cost(s, number, where, old), s))
            for k, game in enumerate(d.games)
            for number in range(size)
        }
        costs = {key: _seat_cost(seating, key[1], where, old) for key, seating in best.items()}
        placement = _assign(size, costs)
        tables: list[Table | None] = [None] * size
        for k, number in enumerate(placement):
            seating = best[k, number]
            dealer = dealers[r, k]
            tables[number] = Table.from_seats(seating, tuple(Seat)[seating.index(dealer)])
        seated = tuple(t for t in tables if t is not None)
        rounds.append(Round(seated, tuple(sorted(d.sitting_out))))
        where = {p: (number, seat) for number, t in enumerate(seated) for seat, p in enumerate(t.players)}
    return tuple(rounds)


def _seat_cost(
    seating: Seating,
    number: int,
    where: Mapping[Player, tuple[int, int]],
    old: Mapping[Player, tuple[int, int]],
) -> int:
    """Players who move from the round before (weighed first), then players off their previous-plan seat."""
    moves = sum(1 for seat, p in enumerate(seating) if p in where and where[p] != (number, seat))
    unlike = sum(1 for seat, p in enumerate(seating) if p in old and old[p] != (number, seat))
    return 10 * moves + unlike


def _assign(size: int, cost: Mapping[tuple[int, int], int]) -> list[int]:
    """Table k goes to number placement[k], at least total cost (a linear assignment)."""
    if size == 1:
        return [0]
    from ortools.graph.python import linear_sum_assignment

    solver = linear_sum_assignment.SimpleLinearSumAssignment()
    for k in range(size):
        for number in range(size):
            solver.add_arc_with_cost(k, number, cost[k, number])
    if solver.solve() != solver.OPTIMAL:
        return list(range(size))
    return [solver.right_mate(k) for k in range(size)]


# ------------------------------------------------------------------------------------------ reporting


def _terms(problem: _Problem, movement: Movement, outcomes: Sequence[_Outcome]) -> tuple[Term, ...]:
    """Each term as the independent checker measures it, with the best lower bound proven for it.

    A bound from a model counts only while every earlier term is proven optimal (the terms are minimised
    in order) and only if that model held every rule bearing on the term; bounds by counting always count."""
    balance = check(movement, avoid=problem.avoid)
    floors = _floors(problem)
    found = {o.name: o for o in outcomes}
    values: list[tuple[str, int, bool]] = [
        (PARTNER, balance.partner_spread, True),
        (PLAYED, balance.played_spread, True),
    ]
    if problem.anyone_away:
        values.append((SHARE, balance.sit_out_share_excess, True))
    values.append((REPEATS, balance.total_repeat_sit_outs, True))
    if problem.spec.previous is not None:
        values.append((CHANGES, _changes(problem, movement), False))
    values += [
        (OPPONENT, balance.opponent_spread, True),
        (FIRST_DEALS, balance.first_deal_spread, True),
        (SEAT_MOVES, balance.total_seat_moves, False),
    ]
    terms = []
    chain = True
    for name, value, bounded in values:
        outcome = found.get(name)
        if not bounded:
            terms.append(Term(name, value, None))
            chain = chain and (name != CHANGES or (outcome is not None and outcome.value == outcome.bound))
            continue
        bound = floors.get(name, 0)
        if chain and outcome is not None and outcome.exact and outcome.value == value:
            bound = max(bound, outcome.bound)
        chain = chain and value == bound
        terms.append(Term(name, value, bound))
    return tuple(terms)


def _changes(problem: _Problem, movement: Movement) -> int:
    """Partnerships of the previous plan (replanned rounds, both players present) that no longer stand."""
    lost = 0
    for r in problem.free:
        old = problem.previous[r]
        if old is None:
            continue
        now = {_pair(t.north, t.south) for t in movement.rounds[r].tables} | {
            _pair(t.east, t.west) for t in movement.rounds[r].tables
        }
        for t in old.tables:
            for p, q in ((t.north, t.south), (t.east, t.west)):
                if (
                    p in problem.present[r]
                    and q in problem.present[r]
                    and problem.allowed(p, q)
                    and _pair(p, q) not in now
                ):
                    lost += 1
    return lost

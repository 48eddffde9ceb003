"""The problem as the stages see it: the spec, its counts, the budget of a solve, the results."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING, TypeVar

from rotation.model import Game, Movement, Pair, Player, Round, pair_key

if TYPE_CHECKING:
    from typing import TypeAlias

    from ortools.sat.python import cp_model

    Expr: TypeAlias = cp_model.LinearExpr | int
    Count: TypeAlias = cp_model.IntVar | int
    """A count in a model: its own variable, or a constant where no choice bears on it."""


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


@dataclass(frozen=True)
class PlanSpec:
    """What to plan: players 0 .. n_players - 1 (score-sheet positions) over ``rounds`` rounds.

    tables: tables per round, one number for every round or one per round; None plays floor(present / 4).
    avoid: pairs who must never partner (in the rounds planned; kept rounds are history).
    away: player -> 0-based rounds they are absent (neither seated nor sitting out).
    keep: rounds already played; they are fixed and the plan continues after them.
    reseat_kept: the kept rounds keep their partnerships and sit-outs, but their first dealers and seats
        are chosen with the rest (rounds taken from a book, not yet played).
    previous: the plan being replaced; later rounds change as little from it as the rules allow.
    names: the players' names, used only to word an infeasibility reason.
    apart: pairs who must never share a table (couples; they must not partner either, so they are in
        ``avoid`` too): planned by the stages, each holding them apart (``solver.apart``).
    last_partners: pairs who partnered in the season's last evening: partnering again ranks as
        ``LAST_PARTNERS``, right after the evening's own partner and sit-out rules.
    season_partners: pair -> the weight of partnering again, c(c + 1) / 2 for a pair who partnered c
        times this season (``rotation.history``), ranked next as ``SEASON_PARTNERS``.
    """

    n_players: int
    rounds: int
    tables: int | tuple[int, ...] | None = None
    avoid: frozenset[Pair] = frozenset()
    away: Mapping[Player, frozenset[int]] = field(default_factory=dict, hash=False)
    keep: Movement | None = None
    previous: Movement | None = None
    names: tuple[str, ...] = ()
    reseat_kept: bool = False
    apart: frozenset[Pair] = frozenset()
    last_partners: frozenset[Pair] = frozenset()
    season_partners: Mapping[Pair, int] = field(default_factory=dict, hash=False)

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
        avoid = frozenset(pair_key(p, q) for p, q in self.avoid)
        for p, q in avoid:
            if p == q or not (0 <= p < n and 0 <= q < n):
                raise InvalidSpecError(f"cannot avoid the pair {p}+{q} among players 0..{n - 1}")
        apart = frozenset(pair_key(p, q) for p, q in self.apart)
        for p, q in apart:
            if p == q or not (0 <= p < n and 0 <= q < n):
                raise InvalidSpecError(f"cannot keep apart the pair {p}+{q} among players 0..{n - 1}")
        object.__setattr__(self, "apart", apart)
        avoid |= apart  # a couple never at one table never partners either
        object.__setattr__(self, "avoid", avoid)
        season = {pair_key(p, q): w for (p, q), w in self.season_partners.items() if w > 0}
        last = frozenset(pair_key(p, q) for p, q in self.last_partners)
        for p, q in [*season, *last]:
            if p == q or not (0 <= p < n and 0 <= q < n):
                raise InvalidSpecError(f"a past partnership {p}+{q} among players 0..{n - 1}")
        object.__setattr__(self, "season_partners", season)
        object.__setattr__(self, "last_partners", last)
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


THREES = "sit-outs three running"
"""Players sitting out a round and the two before it, counted once for each such round: what a player
remembers of an evening, ranked above every other rule wherever counting lets it be 0 (one table of
four among seven to twelve players can always spread the sit-outs so)."""


CHANGES = "changes from the previous plan"


LAST_PARTNERS = "partners from the last evening"
"""Partnerships tonight of pairs who partnered in the season's last evening (a weekly club: last week)."""


SEASON_PARTNERS = "season partner repeats"
"""Tonight's partnerships weighed by the season: c(c + 1) / 2 for a pair who partnered c times before, so a
pair partnering a third time costs more than two partnering a second (everyone partners before anyone
again, and nobody a third time while a pair has never partnered)."""


MOST_MEETINGS = "most meetings"
"""The most times any two players share a table (as partners or opponents): 1 when nobody meets twice."""


REPEATED_MEETINGS = "repeated meetings"
"""Meetings beyond the first, summed over pairs."""


OPPONENT = "opponent spread"


FIRST_DEALS = "first-deal spread"
"""Most first deals of a player less the fewest, with everyone present throughout."""


FIRST_DEALS_SHARE = "first deals off fair share"
"""With someone away, in place of ``FIRST_DEALS``: first deals beyond [floor, ceil] of a quarter of each
player's rounds played, summed (the checker's ``first_deals_off_share``); 0 is always possible."""


SEAT_MOVES = "seat moves"


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

    @cached_property
    def shares(self) -> dict[Player, tuple[int, int]]:
        """Each player's fair sit-outs (``bounds._fair_shares``), worked out once: drafts are measured
        thousands of times in a search."""
        from rotation.solver.bounds import _fair_shares

        return _fair_shares(self)

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
    def share_first(self) -> bool:
        """Whether the fair share of play is a rule of its own, ranked first: when someone is away, or
        pairs are avoided (either can make the partner rule prefer to leave a player out)."""
        return self.anyone_away or bool(self.avoid)

    @property
    def repeats_rank_low(self) -> bool:
        """One table in every round planned, with three or more sitting out each round (seven players or
        more: half of them, or nearly, out every round): a home game. There, sitting out twice running
        ranks after partners, table-mates and opponents (``measure.ranked``): avoiding it would cost the
        designs every pair notices (8 players over 14 rounds partnering once and opposing twice). With
        one or two out (five or six players) it costs little and stays ranked above them."""
        return bool(self.free) and all(self.tables[r] == 1 and self.out(r) >= 3 for r in self.free)

    @property
    def plain(self) -> bool:
        """Every player interchangeable: nothing kept, avoided, away, to be kept alike or partnered before."""
        return not (
            self.kept or self.avoid or self.anyone_away or self.spec.previous is not None or self.seasoned
        )

    @property
    def seasoned(self) -> bool:
        """Whether past evenings' partners count (``LAST_PARTNERS``, ``SEASON_PARTNERS``)."""
        return bool(self.spec.last_partners or self.spec.season_partners)

    def past(self, pq: Pair) -> tuple[int, int]:
        """What partnering ``pq`` once more costs by the season: (partnered in the last evening, the
        season's weight)."""
        return int(pq in self.spec.last_partners), self.spec.season_partners.get(pq, 0)

    def kept_past(self) -> tuple[int, int]:
        """The season's two counts over the kept rounds' partnerships (fixed, so a floor of both)."""
        return self.past_over(self.kept)

    def past_over(self, rounds: Iterable[Round]) -> tuple[int, int]:
        """The season's two counts over these rounds' partnerships: last evening's partners again, and the
        season's weight of them."""
        last = season = 0
        for rnd in rounds:
            for t in rnd.tables:
                for pq in (pair_key(t.north, t.south), pair_key(t.east, t.west)):
                    a, b = self.past(pq)
                    last, season = last + a, season + b
        return last, season

    def out(self, r: int) -> int:
        """How many sit out round ``r``."""
        return len(self.present[r]) - 4 * self.tables[r]

    def allowed(self, p: Player, q: Player) -> bool:
        return pair_key(p, q) not in self.avoid

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
                self.mates[pair_key(p, q)] += 1
            for p, q in game:
                self.partners[pair_key(p, q)] += 1
            for p in players:
                self.played[p] += 1
        for p in sitting_out:
            self.sat_out[p] += 1

    def opponents(self, pq: Pair) -> int:
        return self.mates[pq] - self.partners[pq]


SEARCH_SHARE = 0.7
"""The share of ``--time-limit`` the searches may take before the cap cuts them."""


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

    @property
    def search_limit(self) -> float:
        """Wall seconds the searches may take: most of the cap, leaving the rest to the stages after
        them (ordering the rounds, seating), which do not search and always finish."""
        return SEARCH_SHARE * self.time_limit

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
        if self.elapsed() >= self.search_limit:
            self.cut_short = True
        return self.cut_short

    def deadline(self) -> float:
        """The wall-clock cap as a ``time.monotonic`` instant, for searches counted in nodes."""
        return self.start + self.search_limit

    def solver(self, budget: float, *, seed: int = 0, symmetry: int | None = None) -> cp_model.CpSolver:
        """The one CP-SAT solver every model uses: ``budget`` deterministic units, a fixed worker count and
        seed (with several workers, interleaved search keeps it deterministic), the wall cap left."""
        from ortools.sat.python import cp_model

        solver = cp_model.CpSolver()
        solver.parameters.num_workers = self.workers
        solver.parameters.interleave_search = self.workers > 1
        solver.parameters.random_seed = self.seed + seed
        solver.parameters.max_deterministic_time = max(0.01, budget)
        solver.parameters.max_time_in_seconds = max(0.01, self.search_limit - self.elapsed())
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


def _splits(quad: tuple[Player, ...]) -> tuple[Game, Game, Game]:
    """The three ways four players (in increasing order) form two partnerships, each in canonical form."""
    a, b, c, d = quad
    return (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))


def _canonical(game: Game) -> Game:
    """A game as ``_splits`` writes it: each partnership in order, the one holding the lowest player first."""
    first, second = sorted((pair_key(*game[0]), pair_key(*game[1])))
    return (first, second)


@dataclass
class _GameCounts:
    partners: dict[Pair, Count]
    opponents: dict[Pair, Count]
    played: dict[Player, Count]

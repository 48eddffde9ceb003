"""Build the meet-once book: for each player count from 8 to 100, the longest evening found in which
nobody shares a table with the same player twice (minutes, not part of planning).
``rotation.movements.meetonce`` reads what this writes.

Sources for each n (the longest is kept):

- the constructions of ``rotation.build.designs``: AG(2, 4) for 16, GF(q) for 4q, Aguado's 32 x 10, the
  1-rotational resolvable designs for 28, 40, 52 and group divisible designs for 24, 36, 48; for 44 the
  design of type 2^22 whose base round was found by annealing (``rotation.build.bases.FOUND``).
- ``without its last player``, n = 3 (mod 4): the evening for n + 1 (everyone playing) without player n;
  the three who would have sat with them sit out. Each met the leaver once at most, so sits out once at
  most: fair after every round.
- ``newcomers``, n = m + s (s = 1..3, m = 0 mod 4): the first rounds of the evening for m (everyone
  playing) with s newcomers standing in each round for s old players, who sit out; the stand-ins are
  chosen by a depth-first search so that each newcomer meets new people every round
  (``with_newcomers``); everyone sits out once at most.
- past 52 players (``big_construction``): AG(3, 4) for 64, the complete 1-rotational designs for 76 and
  88 (and 100 if CP-SAT finds one), group divisible designs for 60 (CP-SAT) and for 72, 84 and 96 (type
  3^u) and for 56 and 80 (type 2^28, 2^40), base rounds found by annealing
  (``rotation.build.bases.FOUND``), GF(q) for 4q (68, 92, 100); newcomers and leavers as below. These
  are written as how to make them (``Found.spec``), and no search follows a construction there.
- ``tabu search``: the table-mates search of the solver (``rotation.solver.mates``) over drafts whose
  sit-outs are fixed and fair (round r sits out the next n mod 4 players in cyclic order, so after any
  number of rounds everyone's sit-outs are within one and nobody sits out twice running), for more and
  more rounds until it fails; also after a construction's rounds, to add a round to it.

Regenerate the book::

    python -m rotation.build.meetonce schedules/meetonce.json                 # every size (minutes)
    python -m rotation.build.meetonce schedules/meetonce.json --sizes 17 21   # only these sizes
    python -m rotation.build.meetonce schedules/meetonce.json --sizes 22 --seeds 8 --moves 200000 \
        --seconds 400                                                          # a longer search

An entry already in the book is kept unless the rebuild finds one at least as long. The searches stop
on the wall clock (``--seconds`` per size), so how far a tabu search climbs depends on the machine; the
book's tabu entries came from runs with 30 to 60 seconds a size. The whole book
took about 25 minutes of one core, in several passes on two.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from rotation.balance import prefix_checks
from rotation.build import bases_multi
from rotation.build.bases import found_spec
from rotation.build.designs import (
    affine_plane_16,
    affine_space_64,
    aguado_32,
    cyclic_spec,
    field_construction,
    field_spec,
    one_rotational,
    one_rotational_rgdd,
    one_rotational_spec,
    prime_power,
    rgdd_spec,
)
from rotation.model import Player
from rotation.movements.meetonce import (
    BOOK_FORMAT,
    Evening,
    _parse,
    develop,
    evening_movement,
    with_stand_ins,
    without_last,
)

__all__ = [
    "BOOK_SIZES",
    "build_book",
    "construction",
    "is_meet_once",
    "no_meet_once",
    "tabu_evening",
    "with_newcomers",
    "without_last",
    "write_book",
]

BOOK_SIZES = tuple(range(8, 101))

BIG = 52
"""Past this many players the book keeps how to make an evening (a construction's base, the stand-ins),
not its rounds, and the constructions are the only source (no search)."""

CYCLIC: dict[int, tuple[int, int, bool]] = {}
"""Players -> (q, fixed, turn) of ``cyclic_spec``: 1-rotational evenings of q rounds over Z_q with
fixed players where no design above gives as many. (72 was (21, 9, True), 21 rounds, before the annealed
design of type 3^24 (``rotation.build.bases``) gave 23; 56 as (17, 5) and 80 as (25, 5), without the
turn, and 84 as (25, 9) were not found in a minute.)"""

Tables = tuple[tuple[Player, Player, Player, Player], ...]


def with_newcomers(n_players: int, smaller: int, evening: Evening, *, seed: int = 0) -> Evening | None:
    """``stand_ins`` chosen and applied (``rotation.movements.meetonce.with_stand_ins``)."""
    chosen = stand_ins(n_players, smaller, evening, seed=seed)
    return None if chosen is None else with_stand_ins(smaller, evening, chosen)


def stand_ins(
    n_players: int, smaller: int, evening: Evening, *, seed: int = 0, nodes: int = 200_000
) -> list[tuple[Player, ...]] | None:
    """For the evening for ``n_players`` = ``smaller`` + s (s = 1, 2, 3) from one for ``smaller`` players
    with everyone playing, the old players who sit out round by round: each round s of them sit out and
    the newcomers n_players - s .. take their seats. A newcomer meets the table-mates of the player they
    stand in for, so the stand-ins are chosen (by depth-first search, in a seeded random order) so that
    each newcomer's table-mates are new to them every round, never two newcomers at one table, and nobody
    sits out twice: every player sits out once at most, which is fair after every round. None if the
    search finds none in ``nodes`` nodes (or the evening has more rounds than players to sit out)."""
    s = n_players - smaller
    if not 1 <= s <= 3 or len(evening) * s > smaller:
        return None
    rng = random.Random(seed)
    met: list[set[Player]] = [set() for _ in range(smaller, n_players)]
    out: set[Player] = set()
    chosen: list[tuple[Player, ...]] = []
    limit, nodes = nodes, 0

    def mates(r: int, y: Player) -> tuple[int, set[Player]]:
        for t, table in enumerate(evening[r][0]):
            if y in table:
                return t, set(table) - {y}
        raise AssertionError(f"player {y} is not seated in round {r}")

    def place(r: int, j: int, picked: list[Player], tables: set[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            return False
        if r == len(evening):
            return True
        if j == s:
            chosen.append(tuple(picked))
            if place(r + 1, 0, [], set()):
                return True
            chosen.pop()
            return False
        candidates = [p for p in range(smaller) if p not in out]
        rng.shuffle(candidates)
        for y in candidates:
            t, them = mates(r, y)
            if t in tables or them & met[j]:
                continue
            out.add(y)
            met[j].update(them)
            if place(r, j + 1, [*picked, y], tables | {t}):
                return True
            met[j].difference_update(them)
            out.discard(y)
        return False

    if not place(0, 0, [], set()):
        return None
    return chosen


# --- checking ------------------------------------------------------------------------------------------


def is_meet_once(n_players: int, evening: Evening) -> bool:
    """Judged by the independent checker after every round: nobody meets anyone twice, every round has
    floor(n / 4) tables, sit-outs within one of everyone's fair share, nobody out twice running."""
    movement = evening_movement(n_players, evening)
    if any(len(tables) != n_players // 4 for tables, _ in evening):
        return False
    if any(len(tables) * 4 + len(out) != n_players for tables, out in evening):
        return False
    return all(
        b.most_meetings <= 1 and b.sit_outs_within_share and b.max_sit_out_run <= 1
        for b in prefix_checks(movement)
    )


# --- search --------------------------------------------------------------------------------------------


def sit_outs(n_players: int, rounds: int) -> list[frozenset[Player]]:
    """Round r sits out the next n mod 4 players in cyclic order: fair after every round, and nobody
    sits out twice running (n >= 2 (n mod 4))."""
    s = n_players % 4
    return [frozenset((r * s + j) % n_players for j in range(s)) for r in range(rounds)]


def tabu_evening(
    n_players: int,
    rounds: int,
    *,
    seed: int,
    moves: int,
    keep: Evening = (),
    time_limit: float = 600.0,
) -> Evening | None:
    """A meet-once evening of ``rounds`` rounds by the solver's table-mates search (continuing ``keep``,
    whose rounds stay as they are), or None if the search ends with someone meeting twice."""
    from rotation.solver.mates import Mates, _spread_table_mates
    from rotation.solver.problem import PlanSpec, _canonical, _Draft, _Problem, _Run

    kept = evening_movement(n_players, keep) if keep else None
    problem = _Problem.of(PlanSpec(n_players, rounds, keep=kept))
    rng = random.Random(seed)
    outs = sit_outs(n_players, rounds)
    drafts = []
    for r in problem.free:
        seated = [p for p in range(n_players) if p not in outs[r]]
        rng.shuffle(seated)
        games = tuple(
            _canonical(((seated[i], seated[i + 1]), (seated[i + 2], seated[i + 3])))
            for i in range(0, len(seated) - len(seated) % 4, 4)
        )
        drafts.append(_Draft(games, outs[r]))
    run = _Run(work=1e9, time_limit=time_limit, workers=1, seed=seed, on_progress=None)
    found = _spread_table_mates(problem, drafts, run, moves)
    if Mates.of(problem, found).most > 1:
        return None
    evening = list(keep)
    for d in found:
        evening.append((tuple((a, b, c, e) for (a, b), (c, e) in d.games), tuple(sorted(d.sitting_out))))
    return tuple(evening)


def counting_bound(n_players: int) -> int:
    """The most rounds the counting bound allows: with the fair sit-outs, everyone's 3 x rounds played is
    at most n - 1."""
    rounds = 0
    while True:
        outs = sit_outs(n_players, rounds + 1)
        played = max(rounds + 1 - sum(p in o for o in outs) for p in range(n_players))
        if 3 * played > n_players - 1:
            return rounds
        rounds += 1


def no_meet_once(n_players: int, rounds: int, *, work: float = 600.0) -> bool | None:
    """Whether ``rounds`` rounds of n // 4 tables, nobody sitting out twice, must make someone meet
    someone twice: True proven (CP-SAT found every case infeasible), False when a meet-once evening was
    found, None when ``work`` deterministic seconds per case did not decide.

    Symmetry is broken without loss: who sits out when is fixed (rounds are interchangeable, and so are
    the players who sit out), the first round's tables are fixed up to how the later rounds' sit-outs lie
    at them (a partition of those players over the tables: one model each), and each later round's
    tables are ordered by their lowest player. 17 players x 5 rounds: five cases, about 15 seconds."""
    from ortools.sat.python import cp_model

    n, tables, s = n_players, n_players // 4, n_players % 4
    if s * rounds > n:
        raise ValueError(f"{rounds} rounds of {n} players: someone sits out twice")
    outs = [frozenset(range(r * s, (r + 1) * s)) for r in range(rounds)]
    later = list(range(s, s * rounds))

    def parts(k: int, most: int, room: int) -> Iterable[tuple[int, ...]]:
        """k players over at most ``room`` tables, at most ``most`` (and four) at each, largest first."""
        if k == 0:
            yield ()
            return
        for first in range(min(k, most, 4), 0, -1):
            if room:
                for rest in parts(k - first, first, room - 1):
                    yield (first, *rest)

    undecided = False
    for split in parts(len(later), 4, tables):
        model = cp_model.CpModel()
        at: dict[tuple[int, Player, int], cp_model.IntVar] = {}
        for r in range(rounds):
            seated = [p for p in range(n) if p not in outs[r]]
            for p in seated:
                choices = [model.new_bool_var(f"at_{r}_{p}_{t}") for t in range(tables)]
                model.add_exactly_one(choices)
                at.update({(r, p, t): v for t, v in enumerate(choices)})
            for t in range(tables):
                model.add(sum(at[r, p, t] for p in seated) == 4)
            if r:  # a later round's tables in order of their lowest player
                for k, p in enumerate(seated):
                    for t in range(k + 1, tables):
                        model.add(at[r, p, t] == 0)
        first: list[list[Player]] = []
        rest = iter(p for p in range(n) if p not in outs[0] and p not in later)
        taken = iter(later)
        for t in range(tables):
            table = [next(taken) for _ in range(split[t] if t < len(split) else 0)]
            first.append(table + [next(rest) for _ in range(4 - len(table))])
        for t, table in enumerate(first):
            for p in table:
                model.add(at[0, p, t] == 1)
        for p, q in combinations(range(n), 2):
            together = []
            for r in range(rounds):
                if p in outs[r] or q in outs[r]:
                    continue
                for t in range(tables):
                    both = model.new_bool_var(f"both_{r}_{p}_{q}_{t}")
                    model.add_implication(both, at[r, p, t])
                    model.add_implication(both, at[r, q, t])
                    model.add_bool_or([at[r, p, t].Not(), at[r, q, t].Not(), both])
                    together.append(both)
            model.add(sum(together) <= 1)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = work
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return False
        undecided |= status != cp_model.INFEASIBLE
    return None if undecided else True


# --- building the book ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    evening: Evening
    source: str
    spec: dict[str, Any] | None = None
    """How the book makes the evening instead of listing its rounds (see ``rotation.movements.meetonce``):
    ``{"develop": ...}``, ``{"without_last": ...}`` or ``{"stand_ins": ...}``; None: the rounds."""

    @classmethod
    def made(cls, spec: dict[str, Any], source: str, book: dict[int, Found] | None = None) -> Found:
        """The evening a spec makes, as the book's reader makes it (``book``: the evenings it refers to)."""
        known = book or {}
        return cls(_parse(spec, lambda n: known[n].evening), source, spec)


def construction(n_players: int) -> Found | None:
    """The longest construction for ``n_players`` (with everyone playing), if one applies: AG(2, 4) for
    16, the 1-rotational resolvable design for 3q + 1 (28, 40, 52: every pair meets once), the GF(q)
    construction for 4q. Milliseconds (the resolvable designs' CP-SAT: under a second each)."""
    if n_players == 16:
        return Found(affine_plane_16(), "AG(2,4): the parallel classes of the affine plane of order 4")
    if n_players > BIG:
        return big_construction(n_players)
    found: list[Found] = []
    annealed = found_spec(n_players)
    if annealed is not None:
        found.append(Found(develop(annealed[0]), annealed[1]))
    q, rest = divmod(n_players - 1, 3)
    if rest == 0 and n_players % 4 == 0 and q >= 5:
        evening = one_rotational(q)
        if evening is not None:
            found.append(
                Found(
                    evening,
                    f"resolvable design with blocks of four on {n_players} players, 1-rotational over Z_{q} "
                    "with a fixed player, base round by CP-SAT (seed 0)",
                )
            )
    if n_players == 32:
        found.append(Found(aguado_32(), "Aguado's evening for 32 players (2004)"))
    q, rest = divmod(n_players, 3)
    if rest == 0 and n_players % 12 == 0 and n_players >= 24:
        evening = one_rotational_rgdd(q - 1)
        if evening is not None:
            found.append(
                Found(
                    evening,
                    f"resolvable group divisible design with blocks of four, type 3^{q} (groups of three who "
                    f"never meet), 1-rotational over Z_{q - 1}, base round by CP-SAT",
                )
            )
    q, rest = divmod(n_players, 4)
    if rest == 0 and q >= 5 and prime_power(q) is not None:
        extra = " plus a round splitting the four groups" if q % 4 == 0 else ""
        found.append(Found(field_construction(q), f"GF(q) construction, q = {q}{extra}"))
    return max(found, key=lambda f: len(f.evening), default=None)


def big_construction(n_players: int) -> Found | None:
    """The longest construction for ``n_players`` > 52 with everyone playing, as the book's spec."""
    found: list[Found] = []
    if n_players == 64:
        found.append(
            Found.made(
                {"develop": affine_space_64()},
                "AG(3,4): the 21 parallel classes of the affine space of dimension 3 over GF(4), every pair "
                "meeting once",
            )
        )
    q, rest = divmod(n_players - 1, 3)
    if rest == 0 and n_players % 4 == 0 and n_players not in (64, 100):  # 64: AG(3,4); 100: not in 3 x 20 s
        spec = one_rotational_spec(q, work=20.0)
        if spec is not None:
            found.append(
                Found.made(
                    {"develop": spec},
                    f"resolvable design with blocks of four on {n_players} players, 1-rotational over Z_{q} "
                    "with a fixed player, base round by CP-SAT (seed 0)",
                )
            )
    annealed = found_spec(n_players)
    if annealed is not None:
        found.append(Found.made({"develop": annealed[0]}, annealed[1]))
    several = bases_multi.found_spec(n_players)
    if several is not None:
        found.append(Found.made({"develop": several[0]}, several[1]))
    q, rest = divmod(n_players, 3)
    if rest == 0 and n_players % 12 == 0 and n_players >= 24 and n_players not in CYCLIC and not annealed:
        spec = rgdd_spec(q - 1, work=20.0)
        if spec is not None:
            found.append(
                Found.made(
                    {"develop": spec},
                    f"resolvable group divisible design with blocks of four, type 3^{q} (groups of three who "
                    f"never meet), 1-rotational over Z_{q - 1}, base round by CP-SAT",
                )
            )
    if n_players in CYCLIC:
        q, fixed, turn = CYCLIC[n_players]
        spec = cyclic_spec(q, fixed, turn=turn, work=60.0)
        if spec is not None:
            found.append(
                Found.made(
                    {"develop": spec},
                    f"1-rotational evening over Z_{q}: 3 classes of {q} and {fixed} fixed players, base "
                    f"round by CP-SAT{' (fixed by turning the classes)' if turn else ''}",
                )
            )
    q, rest = divmod(n_players, 4)
    if rest == 0 and q % 4 and prime_power(q) is not None:
        found.append(
            Found.made({"develop": field_spec(q)}, f"GF(q) construction, q = {q}: four groups who never meet")
        )
    return max(found, key=lambda f: len(f.evening), default=None)


def search(
    n_players: int,
    start: Found | None,
    *,
    seeds: int,
    moves: int,
    deadline: float,
    keep: bool = True,
    log: Any = None,
) -> Found | None:
    """More rounds than ``start`` by the tabu search: after its rounds (``keep``), or from scratch."""
    best = start
    bound = counting_bound(n_players)
    rounds = len(start.evening) + 1 if start is not None else 1
    while rounds <= bound and time.monotonic() < deadline:
        won = None
        for seed in range(seeds):
            if time.monotonic() >= deadline:
                break
            kept = start.evening if start is not None and keep else ()
            evening = tabu_evening(
                n_players,
                rounds,
                seed=seed,
                moves=moves,
                keep=kept,
                time_limit=max(1.0, deadline - time.monotonic()),
            )
            if evening is not None and is_meet_once(n_players, evening):
                after = f" after the {start.source}" if kept and start is not None else ""
                won = Found(evening, f"tabu search, seed {seed}{after}")
                break
        if log is not None:
            log(f"{n_players:3} players, {rounds:2} rounds: {'found' if won else 'not found'}")
        if won is None:
            break
        best = won
        rounds += 1
    return best


def build_entry(
    n_players: int,
    known: dict[int, Found] | None = None,
    *,
    seeds: int = 3,
    moves: int = 30_000,
    seconds: float = 30.0,
    log: Any = None,
) -> Found:
    """The longest meet-once evening found for ``n_players``: a construction, extended by the search;
    when n is not a multiple of four, the longest of ``known``'s evening for n + 1 without its last
    player (n = 3 mod 4), ``known``'s evening for n - (n mod 4) with newcomers (longest prefix that
    takes them) and the search from scratch."""
    known = known or {}
    big = n_players > BIG
    start = construction(n_players)
    deadline = time.monotonic() + seconds  # the search's own time, after the constructions' CP-SAT
    if n_players % 4 == 0:
        if big and start is not None:
            found: Found | None = start
        else:
            found = search(n_players, start, seeds=seeds, moves=moves, deadline=deadline, log=log)
    else:
        candidates: list[Found] = []
        larger = known.get(n_players + 1)
        if n_players % 4 == 3 and larger is not None:
            source = f"the {n_players + 1}-player evening without its last player ({larger.source})"
            if big:
                candidates.append(Found.made({"without_last": {"from": n_players + 1}}, source, known))
            else:
                candidates.append(Found(without_last(n_players + 1, larger.evening), source))
        smaller = n_players - n_players % 4
        base = known.get(smaller)
        if base is not None:
            longest = max((len(c.evening) for c in candidates), default=0)
            for rounds in range(len(base.evening), longest, -1):
                chosen = next(
                    (
                        c
                        for seed in range(3)
                        if (
                            c := stand_ins(
                                n_players,
                                smaller,
                                base.evening[:rounds],
                                seed=seed,
                                nodes=20_000 if big else 200_000,
                            )
                        )
                    ),
                    None,
                )
                if chosen is not None:
                    source = (
                        f"the first {rounds} rounds of the {smaller}-player evening with "
                        f"{n_players - smaller} newcomer(s) standing in ({base.source})"
                    )
                    spec = {"stand_ins": {"from": smaller, "rounds": [list(ys) for ys in chosen]}}
                    candidates.append(
                        Found.made(spec, source, known)
                        if big
                        else Found(with_stand_ins(smaller, base.evening, chosen), source)
                    )
                    break
        start = max(candidates, key=lambda c: len(c.evening), default=None)
        if big and start is not None:
            found = start
        else:
            found = search(n_players, start, seeds=seeds, moves=moves, deadline=deadline, keep=False, log=log)
    if found is None:
        raise RuntimeError(f"no meet-once round for {n_players} players")
    if not is_meet_once(n_players, found.evening):
        raise AssertionError(f"the evening built for {n_players} players is not meet-once")
    return found


def entry_data(n_players: int, found: Found) -> dict[str, Any]:
    if found.spec is not None:
        return {"players": n_players, "source": found.source, **found.spec}
    return {
        "players": n_players,
        "source": found.source,
        "rounds": [
            {"tables": [list(t) for t in tables], "sitting_out": list(out)} for tables, out in found.evening
        ],
    }


def dump(book: dict[str, Any]) -> str:
    """The book as JSON, one round a line."""
    import json

    lines = ["{", f' "format": {json.dumps(book["format"])},', f' "about": {json.dumps(book["about"])},']
    lines.append(' "evenings": [')
    for i, entry in enumerate(book["evenings"]):
        if "rounds" not in entry:  # how to make it: one line
            lines.append(
                "  "
                + json.dumps(entry, separators=(", ", ":"))
                + ("," if i < len(book["evenings"]) - 1 else "")
            )
            continue
        head = {k: v for k, v in entry.items() if k != "rounds"}
        lines.append("  " + json.dumps(head)[:-1] + ', "rounds": [')
        for j, rnd in enumerate(entry["rounds"]):
            comma = "," if j < len(entry["rounds"]) - 1 else ""
            lines.append("   " + json.dumps(rnd, separators=(",", ":")) + comma)
        lines.append("  ]}" + ("," if i < len(book["evenings"]) - 1 else ""))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


ABOUT = (
    "Meet-once evenings: nobody shares a table with anyone twice. Players 0-based; a table [a, b, c, d] "
    "seats a-b against c-d. Regenerate with: python -m rotation.build.meetonce schedules/meetonce.json"
)


def build_book(entries: dict[int, Found]) -> dict[str, Any]:
    return {
        "format": BOOK_FORMAT,
        "about": ABOUT,
        "evenings": [entry_data(n, entries[n]) for n in sorted(entries)],
    }


def write_book(path: Path, sizes: Iterable[int], **knobs: Any) -> None:
    """Rebuild ``sizes`` into the book at ``path``; other sizes are kept unless the new one is longer."""
    import json
    import sys

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    old: dict[int, Found] = {}
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
        entries = {int(entry["players"]): entry for entry in data.get("evenings", [])}

        def read(n: int) -> Evening:
            if n not in old:
                entry = entries[n]
                spec = {k: v for k, v in entry.items() if k not in ("players", "source", "rounds")} or None
                old[n] = Found(_parse(entry, read), entry["source"], spec)
            return old[n].evening

        for n in entries:
            read(n)
    for n in sorted(sizes, key=lambda n: (n + 1, 1) if n % 4 == 3 else (n, 0)):  # n + 1 before n
        start = time.monotonic()
        found = build_entry(n, old, log=log, **knobs)
        kept = old.get(n)
        if kept is None or len(found.evening) >= len(kept.evening):
            old[n] = found
        log(
            f"{n:3} players: {len(old[n].evening):2} rounds ({old[n].source}), "
            f"{time.monotonic() - start:.1f} s"
        )
        path.write_text(dump(build_book(old)), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rotation.build.meetonce BOOK [--sizes N ...]``: rebuild the book (minutes)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m rotation.build.meetonce", description=main.__doc__)
    parser.add_argument("book", type=Path, help="the book to rebuild: schedules/meetonce.json in a checkout")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(BOOK_SIZES))
    parser.add_argument("--seeds", type=int, default=3, help="searches per number of rounds before giving up")
    parser.add_argument("--moves", type=int, default=30_000, help="tabu moves per search")
    parser.add_argument("--seconds", type=float, default=30.0, help="wall seconds of search per size")
    args = parser.parse_args(argv)
    write_book(args.book, args.sizes, seeds=args.seeds, moves=args.moves, seconds=args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

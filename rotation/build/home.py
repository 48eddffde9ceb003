"""Build the book of home evenings: one table, 7 to 11 players, 1 to 14 rounds (minutes, not part of
planning). ``rotation.movements.home`` reads what this writes.

Each entry is found by CP-SAT (one worker, deterministic time) over every round's choice of four players
and their two partnerships, with the rules ranked above (``rotation.solver.bounds._floors``) held at their
counting floors: nobody out three running, sit-outs within one of the fair share and partners within
[floor, ceil] after EVERY round (an evening stopped early is even), rounds played within one. Then, in the
order a home game ranks them (issue 26), the opponent spread, sitting out twice running and the
table-mates are minimised in turn (``TERMS``), and the rounds are played in the even order with the fewest
sit-outs twice running (``fewest_order``). A second model without the after-every-round rule bounds the
opponents and sitting out twice running from below: where the entry reaches those bounds it is the best
any schedule as even can be. Round 1 is fixed to 0-1 against 2-3 (any evening relabels so). An entry is
kept only if ``accepted``. For 7, 9 and 11 players ``rotation.build.home_starts`` searches round by round
instead (where this found no evening at the opponents' floor even after every round) and keeps the better.

Regenerate (each entry a few seconds to a minute)::

    python -m rotation.build.home schedules/home.json                       # every size and length
    python -m rotation.build.home schedules/home.json --players 7 --rounds 8 --proof 400  # 7 x 8: 2 proven
    python -m rotation.build.home schedules/home.json --players 10 --rounds 12 --start    # from the planner's
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rotation.movements.home import BOOK_FORMAT

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["WORK", "build_entry", "floors", "main"]

WORK = 60.0
"""Deterministic seconds each model may take (``max_deterministic_time``)."""

Game = tuple[tuple[int, int], tuple[int, int]]


def floors(n: int, rounds: int) -> dict[str, int]:
    """The planner's counting floors for one table of ``n`` over ``rounds`` rounds, everyone present."""
    from rotation.solver.bounds import _floors
    from rotation.solver.problem import PlanSpec, _Problem

    return _floors(_Problem.of(PlanSpec(n, rounds, tables=1)))


def _games(n: int) -> list[Game]:
    games: list[Game] = []
    for a, b, c, d in combinations(range(n), 4):
        games += [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]
    return games


TERMS = ("opponent spread", "sit-out repeats", "most meetings", "repeated meetings")
"""The rules searched here, in the order a home game ranks them (issue 26): the opponents' evenness, then
sitting out twice running, then the table-mates (who shares the table how often); those ranked above
them (runs of three, fair share, partners, rounds played) are held at their floors."""


def _model(
    n: int, rounds: int, floor: dict[str, int], caps: dict[str, int], *, prefix: bool
) -> tuple[cp_model.CpModel, dict[tuple[int, int], Any], list[Game], dict[str, Any]]:
    """The model of one evening: x[r, g] plays game g in round r; each term of ``TERMS`` as an
    expression, those in ``caps`` held at most there."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    games = _games(n)
    x = {(r, g): model.new_bool_var(f"x{r}_{g}") for r in range(rounds) for g in range(len(games))}
    for r in range(rounds):
        model.add_exactly_one(x[r, g] for g in range(len(games)))
    model.add(x[0, 0] == 1)  # round 1: 0-1 against 2-3 (any evening relabels so)
    pairs = list(combinations(range(n), 2))
    partner: dict[tuple[int, int], list[list[Any]]] = {pq: [[] for _ in range(rounds)] for pq in pairs}
    opponent: dict[tuple[int, int], list[Any]] = {pq: [] for pq in pairs}
    play: dict[int, list[list[Any]]] = {p: [[] for _ in range(rounds)] for p in range(n)}
    for r in range(rounds):
        for g, (ab, cd) in enumerate(games):
            v = x[r, g]
            partner[ab][r].append(v)
            partner[cd][r].append(v)
            opponent.update(
                {(min(p, q), max(p, q)): [*opponent[min(p, q), max(p, q)], v] for p in ab for q in cd}
            )
            for p in (*ab, *cd):
                play[p][r].append(v)
    out = {(p, r): 1 - sum(play[p][r]) for p in range(n) for r in range(rounds)}
    k, n_pairs = n - 4, len(pairs)
    for m in range(1, rounds + 1) if prefix else (rounds,):
        for pq in pairs:
            low, high = 2 * m // n_pairs, -(-2 * m // n_pairs)
            model.add_linear_constraint(sum(v for r in range(m) for v in partner[pq][r]), low, high)
        for p in range(n):
            low, high = k * m // n, -(-k * m // n)
            model.add_linear_constraint(sum(out[p, r] for r in range(m)), low, high)
    for p in range(n):
        for r in range(rounds - 2):
            model.add(out[p, r] + out[p, r + 1] + out[p, r + 2] <= 2)
    lowest = model.new_int_var(0, 2 * rounds, "lowest")
    highest = model.new_int_var(0, 2 * rounds, "highest")
    most = model.new_int_var(0, rounds, "most")
    excess = []
    for p, q in pairs:
        opp = sum(opponent[p, q])
        model.add(opp >= lowest)
        model.add(opp <= highest)
        both = [model.new_bool_var(f"b{p}_{q}_{r}") for r in range(rounds)]
        for r, b in enumerate(both):  # both play round r: b = play_p AND play_q
            model.add(b <= sum(play[p][r]))
            model.add(b <= sum(play[q][r]))
            model.add(b >= sum(play[p][r]) + sum(play[q][r]) - 1)
        model.add(sum(both) <= most)
        over = model.new_int_var(0, rounds, f"e{p}_{q}")
        model.add(over >= sum(both) - 1)
        excess.append(over)
    twice = []
    for p in range(n):
        for r in range(rounds - 1):
            y = model.new_bool_var(f"y{p}_{r}")
            model.add(y >= out[p, r] + out[p, r + 1] - 1)
            twice.append(y)
    terms = {
        "opponent spread": highest - lowest,
        "sit-out repeats": sum(twice),
        "most meetings": most,
        "repeated meetings": sum(excess),
    }
    for name, cap in caps.items():
        model.add(terms[name] <= cap)
    return model, x, games, terms


def solve_once(model: cp_model.CpModel, work: float, seed: int) -> tuple[Any, Any]:
    """One CP-SAT run the book rebuilds the same anywhere: one worker, ``work`` deterministic seconds,
    ``seed``; the solver (for its values) and the status."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = work
    solver.parameters.random_seed = seed
    status = solver.solve(model)
    return solver, status


def _ranked(
    n: int,
    rounds: int,
    floor: dict[str, int],
    names: tuple[str, ...],
    *,
    prefix: bool,
    work: float,
    seed: int,
    start: list[Game] | None = None,
) -> tuple[dict[str, int], list[Game] | None]:
    """Each term of ``names`` minimised in turn, the earlier held at their best (each stage starts from
    the last one's evening): the bounds proven (a bound only while every earlier stage was proven
    optimal) and the last evening found (None: none at all); ``start``: an evening to begin from."""
    from ortools.sat.python import cp_model

    bounds: dict[str, int] = {}
    caps: dict[str, int] = {}
    chosen: list[Game] | None = start
    proven = True
    for name in names:
        model, x, games, terms = _model(n, rounds, floor, caps, prefix=prefix)
        if chosen is not None:
            for (r, g), v in x.items():
                model.add_hint(v, games[g] == chosen[r])
        model.minimize(terms[name])
        solver, status = solve_once(model, work, seed)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        if proven:
            bounds[name] = math.ceil(solver.best_objective_bound - 1e-6)
        proven = proven and status == cp_model.OPTIMAL
        caps[name] = round(solver.objective_value)
        chosen = [games[next(g for g in range(len(games)) if solver.value(x[r, g]))] for r in range(rounds)]
    return bounds, chosen


def counted(n: int, chosen: list[Game]) -> dict[str, int]:
    """The terms of an evening, counted from its games."""
    from collections import Counter

    opponents: Counter[tuple[int, int]] = Counter()
    mates: Counter[tuple[int, int]] = Counter()
    outs = []
    for ab, cd in chosen:
        opponents.update((min(p, q), max(p, q)) for p in ab for q in cd)
        mates.update(combinations(sorted((*ab, *cd)), 2))
        outs.append(set(range(n)) - {*ab, *cd})
    pairs = list(combinations(range(n), 2))
    return {
        "opponent spread": max(opponents[pq] for pq in pairs) - min(opponents[pq] for pq in pairs),
        "sit-out repeats": sum(len(a & b) for a, b in pairwise(outs)),
        "most meetings": max(mates[pq] for pq in pairs),
        "repeated meetings": sum(max(0, mates[pq] - 1) for pq in pairs),
    }


def planned_start(n: int, rounds: int) -> list[Game]:
    """The planner's own search's evening (one table, without the book), relabelled so that round 1 is 0-1
    against 2-3: a start where CP-SAT alone finds no evening in its time (10 x 12)."""
    from rotation.movements.order import is_prefix_balanced, prefix_movement, prefix_order
    from rotation.solver import PlanSpec, PrefixOrder, solve

    prefix = PrefixOrder(order=prefix_order, balanced=is_prefix_balanced, build=prefix_movement)
    movement = solve(PlanSpec(n, rounds, tables=1), prefix=prefix).movement  # as plan() without the book
    assert movement is not None
    rounds_ = movement.rounds
    first = rounds_[0].tables[0]
    order = [first.north, first.south, first.east, first.west]
    order += [p for p in range(n) if p not in order]
    to = {p: i for i, p in enumerate(order)}
    games: list[Game] = []
    for rnd in rounds_:
        t = rnd.tables[0]
        ab = tuple(sorted((to[t.north], to[t.south])))
        cd = tuple(sorted((to[t.east], to[t.west])))
        games.append((min(ab, cd), max(ab, cd)))  # type: ignore[arg-type]
    return games


def _even_order(n: int, games: list[Game] | None) -> list[Game] | None:
    """``games`` reordered by the planner's order of play (``movements.order.prefix_order``) and relabelled
    so that round 1 is 0-1 against 2-3, if that order is even after every round; else None."""
    from rotation.model import Movement, Round, Table
    from rotation.movements.order import is_prefix_balanced, prefix_order

    if games is None:
        return None
    rounds = tuple(
        Round((Table(a, c, b, d),), tuple(p for p in range(n) if p not in (a, b, c, d)))
        for (a, b), (c, d) in games
    )
    order = prefix_order(Movement(n, rounds), repeats_last=True)
    ordered = [games[r] for r in order]
    if not is_prefix_balanced(Movement(n, tuple(rounds[r] for r in order))):
        return None
    return _relabelled(n, ordered)


def even_order(outs: Sequence[frozenset[int]], is_even: Callable[[int], bool]) -> tuple[int, ...] | None:
    """The order of rounds (each given by who sits it out, ``outs``) with the fewest sit-outs twice running
    among the orders even after every round: a shortest path over the sets of rounds played, since
    whether a stop is even (``is_even`` of the set's bit mask) depends only on which rounds came before it.
    None where no order is even, or where the fewest puts someone out three running (that ranks first)."""
    size = len(outs)
    best: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {
        (1 << r, r): (0, (r,)) for r in range(size) if is_even(1 << r)
    }
    for mask in range(1, 1 << size):  # every set is reached from smaller ones: ascending order suffices
        for last in range(size):
            here = best.get((mask, last))
            if here is None:
                continue
            for r in range(size):
                after = mask | 1 << r
                if after != mask and is_even(after):
                    cost = here[0] + len(outs[last] & outs[r])
                    if (after, r) not in best or cost < best[after, r][0]:
                        best[after, r] = (cost, (*here[1], r))
    ends = [v for (mask, _), v in best.items() if mask == (1 << size) - 1]
    if not ends:
        return None
    order = min(ends)[1]
    ordered = [outs[r] for r in order]
    if any(a & b & c for a, b, c in zip(ordered, ordered[1:], ordered[2:], strict=False)):
        return None
    return order


def fewest_order(n: int, games: list[Game]) -> list[Game]:
    """The order of ``games`` with the fewest sit-outs twice running among the orders even after every
    round (exactly: a shortest path over the sets of rounds played, since whether a stop is even depends
    only on which rounds came before it), relabelled so that round 1 is 0-1 against 2-3; ``games`` as
    given when no order is even or the fewest puts someone out three running."""
    from rotation.model import Round, Table

    rounds = [
        Round((Table(a, c, b, d),), tuple(p for p in range(n) if p not in (a, b, c, d)))
        for (a, b), (c, d) in games
    ]
    outs = [frozenset(r.sitting_out) for r in rounds]
    size = len(rounds)
    even: dict[int, bool] = {}

    def is_even(mask: int) -> bool:
        if mask not in even:  # the last stop of these rounds in any order: its counts do not depend on it
            chosen = tuple(rounds[r] for r in range(size) if mask >> r & 1)
            even[mask] = _even_stop(n, chosen)
        return even[mask]

    order = even_order(outs, is_even)
    return games if order is None else _relabelled(n, [games[r] for r in order])


def _relabelled(n: int, ordered: list[Game]) -> list[Game]:
    """The games renumbered so that round 1 is 0-1 against 2-3 (the book's own form)."""
    (a, b), (c, d) = ordered[0]
    to = {p: i for i, p in enumerate([a, b, c, d, *(p for p in range(n) if p not in (a, b, c, d))])}
    relabelled: list[Game] = []
    for ab, cd in ordered:
        x = tuple(sorted((to[ab[0]], to[ab[1]])))
        y = tuple(sorted((to[cd[0]], to[cd[1]])))
        relabelled.append((min(x, y), max(x, y)))  # type: ignore[arg-type]
    return relabelled


def _even_stop(n: int, rounds: tuple[Any, ...]) -> bool:
    """Whether these rounds, played in any order, end within the bounds: partners within [floor, ceil]
    of their average and sit-outs within one of the fair share, by the checker."""
    from rotation.balance import check
    from rotation.model import Movement

    balance = check(Movement(n, rounds))
    bound = balance.partner_bound
    return balance.sit_out_share_excess == 0 and all(
        bound.floor <= c <= bound.ceil for c in balance.partners.values()
    )


def build_entry(
    n: int, rounds: int, *, work: float = WORK, proof: float = WORK, seed: int = 0, start: bool = False
) -> dict[str, Any] | None:
    """One evening as even as the ranking allows, even after every round where it can be (else as even at
    the end), or None where none was found within ``work``. The bounds of the opponents and of sitting out
    twice running are proven without the after-every-round rule, which no ranked rule holds."""
    floor = floors(n, rounds)
    begin = planned_start(n, rounds) if start else None
    proven, loose = _ranked(n, rounds, floor, TERMS[:2], prefix=False, work=proof, seed=seed, start=begin)
    begin = _even_order(n, loose) or begin  # the loose evening played in an order even at every stop
    _, chosen = _ranked(n, rounds, floor, TERMS, prefix=True, work=work, seed=seed, start=begin)
    even = chosen is not None
    if chosen is None:
        _, chosen = _ranked(n, rounds, floor, TERMS, prefix=False, work=work, seed=seed)
    if chosen is None:
        return None
    if even:
        chosen = fewest_order(n, chosen)
    values = counted(n, chosen)
    bounds = {name: max(floor.get(name, 0), proven.get(name, 0)) for name in TERMS[:2]}
    if values[TERMS[0]] > bounds[TERMS[0]]:
        bounds[TERMS[1]] = floor[TERMS[1]]  # proven only at the opponents' best, not reached here
    return {
        "rounds": [[a, b, c, d] for (a, b), (c, d) in chosen],
        "even_after_every_round": even,
        "values": values,
        "bounds": {name: min(bound, values[name]) for name, bound in bounds.items()},
    }


def span(text: str) -> range:
    """A builder's ``--players`` or ``--rounds``: ``7-11`` or ``9``."""
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main(argv: list[str] | None = None) -> None:
    """Build the entries asked for into the book at ``path`` (kept entries stay)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=span, default=span("7-11"))
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--work", type=float, default=WORK)
    parser.add_argument("--proof", type=float, default=WORK, help="deterministic seconds for the bounds")
    parser.add_argument("--start", action="store_true", help="begin from the planner's own evening")
    args = parser.parse_args(argv)
    book: dict[str, Any] = {"format": BOOK_FORMAT, "evenings": {}}
    if args.path.exists():
        book = json.loads(args.path.read_text(encoding="utf-8"))
    for n in args.players:
        if n in (8, 10):  # built by ``home_eight`` and ``home_ten``, which prove what this cannot
            print(f"{n}: see python -m rotation.build.home_{'eight' if n == 8 else 'ten'}", flush=True)
            continue
        for rounds in args.rounds:
            entry = build_entry(n, rounds, work=args.work, proof=args.proof, start=args.start)
            said = "none found" if entry is None else f"{entry['values']} proven {entry['bounds']}"
            print(f"{n} x {rounds}: {said}", flush=True)
            if entry is not None and accepted(n, rounds, entry):
                book["evenings"].setdefault(str(n), {})[str(rounds)] = entry
                args.path.write_text(_dumped(book), encoding="utf-8")


def accepted(n: int, rounds: int, entry: dict[str, Any]) -> bool:
    """Whether the book keeps the entry: even after every round, and either at the opponents' proven best
    or (where no evening at that best was found even at every stop) no worse than the planner's own
    evening in the opponents and then sitting out twice running."""
    if not entry["even_after_every_round"]:
        return False
    if entry["values"][TERMS[0]] <= entry["bounds"][TERMS[0]]:
        return True
    theirs = counted(n, planned_start(n, rounds))
    ours = entry["values"]
    return bool((ours[TERMS[0]], ours[TERMS[1]]) <= (theirs[TERMS[0]], theirs[TERMS[1]]))


def settle(
    path: Path,
    n: int,
    lengths: Sequence[int],
    build: Callable[[int], dict[str, Any] | None],
    keep: Callable[[dict[str, Any] | None, dict[str, Any]], dict[str, Any] | None],
) -> None:
    """Build ``n`` players' entry for each length and write into the book at ``path`` what ``keep`` makes
    of the book's entry and the new one (None: leave the book as it is), saying each on the way. The book
    is read again before each write, so what another builder wrote meanwhile stays."""
    for rounds in lengths:
        made = build(rounds)
        if made is None:
            print(f"{n} x {rounds}: none found", flush=True)
            continue
        book = json.loads(path.read_text(encoding="utf-8"))
        by = book["evenings"].setdefault(str(n), {})
        kept = keep(by.get(str(rounds)), made)
        shown = made if kept is None else kept
        proof = f" ({shown['proof']})" if "proof" in shown else ""
        print(f"{n} x {rounds}: {shown['values']} proven {shown['bounds']}{proof}", flush=True)
        if kept is not None:
            by[str(rounds)] = kept
            path.write_text(_dumped(book), encoding="utf-8")


def _dumped(book: dict[str, Any]) -> str:
    """One evening a line, its rounds on it, sizes and lengths in numeric order: small diffs when an entry
    changes, whichever builder wrote it."""
    lines = ["{", f' "format": {json.dumps(book["format"])},', ' "evenings": {']
    sizes = sorted(book["evenings"].items(), key=lambda kv: int(kv[0]))
    for i, (size, by) in enumerate(sizes):
        lines.append(f'  "{size}": {{')
        items = sorted(by.items(), key=lambda kv: int(kv[0]))
        for j, (rounds, entry) in enumerate(items):
            comma = "," if j < len(items) - 1 else ""
            lines.append(f'   "{rounds}": {json.dumps(entry, separators=(",", ": "))}{comma}')
        lines.append("  }" + ("," if i < len(sizes) - 1 else ""))
    lines += [" }", "}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()

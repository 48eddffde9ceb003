"""Spreading the sit-outs: nobody sitting out three rounds running, where counting allows it.

At one table among nine to twelve players, more than half sit out every round, and the games that are the
most even in partners and opponents can leave no order of them without someone out three running (eleven
players: any three rounds running must seat all eleven). Whole-game models find a schedule without such
runs only slowly, so the schedule found is repaired instead: a player sitting out the third round running
trades places, in one of those rounds, with a player at the table, the trade that costs least by the
ranked rules kept, until no run is left or no trade shortens them; then single trades and re-pairings that
improve the rules in their order are taken while the budget of moves lasts. Counted in moves, seeded.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rotation.model import Game, Player
from rotation.solver.bounds import _floors
from rotation.solver.measure import _measure, _rank, ranked
from rotation.solver.problem import (
    PARTNER,
    PLAYED,
    SHARE,
    THREES,
    _canonical,
    _Draft,
    _Problem,
    _Run,
    _splits,
)

SPREAD_MOVES = 10_000
"""Schedules the repair may measure in each of its searches (a third of a millisecond each for a dozen
players): the first holding partners and play, the second not, the last polishing."""

TABU = 4
"""Steps for which a player's place in a round, once traded, is not traded back."""

MOVE_COST = 0.0002
"""Work charged for each schedule measured (``_Run.charge``): the repair is counted, never timed."""


def _spread_sit_outs(
    problem: _Problem, drafts: list[_Draft], run: _Run, moves: int | None = None
) -> list[_Draft]:
    """``drafts`` with nobody sitting out three running where the counting floor allows, every rule ranked
    after it kept as low as the trades manage; the drafts as given when they have no run to spare."""
    moves = SPREAD_MOVES if moves is None else moves
    floor = _floors(problem).get(THREES, 0)
    if not drafts or _measure(problem, drafts)[THREES] <= floor:
        return drafts
    best, rank = list(drafts), _rank(problem, drafts)
    rules = ranked(problem)
    held = [rules.index(name) for name in (SHARE, PARTNER, PLAYED)]
    spent = 0
    for holding in (True, False):  # first keeping partners and play as even as they were, then at any cost
        limit = tuple(rank[i] for i in held) if holding else None
        best, rank, spent = _tabu(problem, best, rank, floor, held, limit, spent, spent + moves // 2)
        if rank[0] <= floor:
            break
    improved, until = True, spent + moves // 2
    while improved and spent < until:  # then whatever single trade or re-pairing ranks better
        improved = False
        for candidate in _every_trade(problem, best):
            spent += 1
            value = _rank(problem, candidate)
            if value < rank:
                rank, best, improved = value, candidate, True
                break
            if spent >= until:
                break
    run.charge(spent * MOVE_COST)
    return best


def _tabu(
    problem: _Problem,
    drafts: list[_Draft],
    rank: tuple[int, ...],
    floor: int,
    held: Sequence[int],
    limit: tuple[int, ...] | None,
    spent: int,
    moves: int,
) -> tuple[list[_Draft], tuple[int, ...], int]:
    """A tabu search over trades that end a run, each step to the best trade not lately made, never past
    ``limit`` in the rules at ``held``: the best drafts met, their rank and the moves spent."""
    best, now = drafts, drafts
    tabu: dict[Place, int] = {}
    step = misses = 0
    while rank[0] > floor and spent < moves and misses < MISSES:
        step += 1
        found = None
        for touched, candidate in _trades_ending_runs(problem, now, step):
            spent += 1
            if any(tabu.get(key, 0) > step for key in touched):
                continue
            value = _rank(problem, candidate)
            if limit is not None and any(value[i] > most for i, most in zip(held, limit, strict=True)):
                continue
            if found is None or value < found[0]:
                found = (value, touched, candidate)
        if found is None:  # no trade for this run: the next step tries the next run
            misses += 1
            continue
        misses = 0
        value, touched, now = found
        for key in touched:
            tabu[key] = step + TABU
        if value < rank:
            rank, best = value, now
    return best, rank, spent


def _outs(problem: _Problem, drafts: Sequence[_Draft]) -> list[frozenset[Player]]:
    return [frozenset(r.sitting_out) for r in problem.kept] + [d.sitting_out for d in drafts]


Place = tuple[int, Player]
"""A round (0-based, kept rounds counted) and a player whose place in it a trade changes."""


def _trades_ending_runs(
    problem: _Problem, drafts: list[_Draft], step: int
) -> Iterator[tuple[tuple[Place, ...], list[_Draft]]]:
    """Each trade that seats the player of one run of three (the runs taken in turn, step by step) in one
    of its rounds (planned ones only), alone or with the player it displaces taking that player's place in
    another round (so both play as often as before); with the places it changes."""
    outs = _outs(problem, drafts)
    kept = len(problem.kept)
    runs = [(r, p) for r in range(2, len(outs)) for p in sorted(outs[r - 2] & outs[r - 1] & outs[r])]
    tried: set[Place] = set()
    for r, p in runs[step % len(runs) :] + runs[: step % len(runs)] if runs else ():
        if tried:
            return
        for s in (r - 2, r - 1, r):
            if s < kept:
                continue
            tried.add((s, p))
            yield from _relabelled(problem, drafts, p, s, len(outs))
            for q, once in _seat_instead(problem, drafts, s - kept, p):
                yield ((s, p), (s, q)), once
                for t in range(kept, len(outs)):
                    if t != s and p not in outs[t] and q in outs[t] and p in problem.present[t]:
                        for other, twice in _seat_instead(problem, once, t - kept, q):
                            if other == p:
                                yield ((s, p), (s, q), (t, p), (t, q)), twice


MISSES = 12
"""Steps running without an admissible trade (each tries another run) before a search gives up."""

WINDOW = 4
"""The most rounds running in which a trade relabels two players (``_relabelled``)."""


def _relabelled(
    problem: _Problem, drafts: list[_Draft], p: Player, s: int, rounds: int
) -> Iterator[tuple[tuple[Place, ...], list[_Draft]]]:
    """``p`` and another player trading every place, seat or sit-out, in a few rounds running that hold
    round ``s`` (planned ones only; both there in each)."""
    kept = len(problem.kept)
    for start in range(max(kept, s - WINDOW + 1), s + 1):
        for stop in range(s + 1, min(rounds, start + WINDOW) + 1):
            span = range(start, stop)
            for q in sorted(problem.present[s] - {p}):
                if any(not {p, q} <= problem.present[t] for t in span):
                    continue
                swapped = list(drafts)
                for t in span:
                    d = drafts[t - kept]
                    games = tuple(_canonical(_swap(_swap(_swap(g, p, -1), q, p), -1, q)) for g in d.games)
                    out = d.sitting_out
                    if (p in out) != (q in out):
                        out = out ^ {p, q}
                    swapped[t - kept] = _Draft(games, out)
                if swapped == drafts:
                    continue
                if not all(problem.allowed(*pq) for t in span for g in swapped[t - kept].games for pq in g):
                    continue
                yield tuple((t, x) for t in span for x in (p, q)), swapped


def _seat_instead(
    problem: _Problem, drafts: list[_Draft], i: int, p: Player
) -> Iterator[tuple[Player, list[_Draft]]]:
    """Player ``p`` (sitting out round ``i`` of the drafts) in the place of each player at its tables
    whose partner ``p`` may partner: the player displaced and the drafts."""
    draft = drafts[i]
    seated = [q for game in draft.games for pq in game for q in pq]
    for q in seated:
        games = tuple(_canonical(_swap(game, q, p)) for game in draft.games)
        if not all(problem.allowed(*pq) for game in games for pq in game):
            continue
        yield q, [*drafts[:i], _Draft(games, (draft.sitting_out - {p}) | {q}), *drafts[i + 1 :]]


def _every_trade(problem: _Problem, drafts: list[_Draft]) -> Iterator[list[_Draft]]:
    """Every re-pairing of a table's four and every trade of a seated player for one sitting out."""
    for i, draft in enumerate(drafts):
        for t, game in enumerate(draft.games):
            four = tuple(sorted(q for pq in game for q in pq))
            for split in _splits(four):
                if split != game and all(problem.allowed(*pq) for pq in split):
                    games = (*draft.games[:t], split, *draft.games[t + 1 :])
                    yield [*drafts[:i], _Draft(games, draft.sitting_out), *drafts[i + 1 :]]
        for p in sorted(draft.sitting_out):
            for _, traded in _seat_instead(problem, drafts, i, p):
                yield traded


def _swap(game: Game, q: Player, p: Player) -> Game:
    (a, b), (c, d) = game
    first, second = [tuple(p if x == q else x for x in pq) for pq in ((a, b), (c, d))]
    return ((first[0], first[1]), (second[0], second[1]))

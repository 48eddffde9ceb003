"""Evenings of 9 players over 11 to 13 rounds at one table for the book of home evenings (issue 26).

``rotation.build.home_starts``'s round-by-round search found none there with the opponents within one
(counting's floor) and even after every round, so the planner searched each cut itself (seconds) and
could miss the floor. Here CP-SAT (``rotation.build.home._model``, one worker, deterministic time) first
finds an evening even after every round with every pair opposing within one of every other, then lowers
sitting out twice running with the opponents held there (from that evening), and the rounds are played in
the even order with the fewest (``rotation.build.home.fewest_order``). The opponents' bound is counting's;
sitting out twice running's is counting's (two rounds share at least one of their five sit-outs) unless
the second model proves more. The book's entries for 9 x 11 to 14 are now
``rotation.build.home_nine_proofs``'s (fewer sit-outs twice running, proven the fewest); this module's
``main`` keeps the better of the book's entry and its own, so rerunning it leaves them.

Regenerate (about half an hour on a shared core)::

    python -m rotation.build.home_nine schedules/home.json
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from rotation.build.home import TERMS, Game, _dumped, _model, _solve, counted, fewest_order, floors
from rotation.build.home_starts import _kept, opponent_floor, repeats_floor

__all__ = ["FIND", "ROUNDS", "WORK", "N", "build_entries", "build_entry", "main"]

N = 9
ROUNDS = (11, 12, 13)
FIND = 300.0
"""Deterministic seconds for the first model (an evening of 11 rounds at the opponents' floor)."""
WORK = 120.0
"""Deterministic seconds for the second (sitting out twice running lowered)."""


def _evening(rounds: int, caps: dict[str, int], work: float, start: list[Game] | None) -> tuple[Any, Any]:
    """CP-SAT over the evening even after every round within ``caps``, lowering sitting out twice running
    when ``start`` is given (from it): (the evening or None, the proven least of sitting out twice
    running or None)."""
    from ortools.sat.python import cp_model

    model, x, games, terms = _model(N, rounds, floors(N, rounds), caps, prefix=True)
    if start is not None:
        for (r, g), v in x.items():
            model.add_hint(v, games[g] == start[r])
        model.minimize(terms[TERMS[1]])
    solver, status = _solve(model, work, 0)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, None
    chosen = [games[next(g for g in range(len(games)) if solver.value(x[r, g]))] for r in range(rounds)]
    proven = math.ceil(solver.best_objective_bound - 1e-6) if start is not None else None
    return chosen, proven


def _extended(games: list[Game]) -> list[Game] | None:
    """``games`` and one more round, still even after every round with the opponents within their
    spread and nobody out three running: the round whose fewest-repeats order repeats least (the first
    such in the order of ``rotation.build.home._games``), played in that order; None where none fits."""
    from rotation.balance import check
    from rotation.build.home import _games
    from rotation.movements.order import is_prefix_balanced

    spread = opponent_floor(N, len(games) + 1)
    best: tuple[int, list[Game]] | None = None
    for game in _games(N):
        longer = [*games, game]
        if counted(N, longer)[TERMS[0]] > spread:
            continue
        movement = _movement(longer)
        if not is_prefix_balanced(movement) or check(movement).max_sit_out_run > 2:
            continue
        ordered = fewest_order(N, longer)
        repeats = counted(N, ordered)[TERMS[1]]
        if best is None or repeats < best[0]:
            best = (repeats, ordered)
    return None if best is None else best[1]


def _movement(games: list[Game]) -> Any:
    from rotation.model import Movement, Round, Table

    return Movement(
        N,
        tuple(
            Round((Table(a, c, b, d),), tuple(p for p in range(N) if p not in (a, b, c, d)))
            for (a, b), (c, d) in games
        ),
    )


def build_entries(*, find: float = FIND, work: float = WORK) -> dict[int, dict[str, Any]]:
    """The book's entries for 9 x 11 to 13 (those found): the first evening of 11 rounds is CP-SAT's;
    12 and 13 begin from the one round shorter's entry and one more round."""
    entries: dict[int, dict[str, Any]] = {}
    found = _evening(ROUNDS[0], {TERMS[0]: opponent_floor(N, ROUNDS[0])}, find, None)[0]
    for rounds in ROUNDS:
        if rounds > ROUNDS[0] and rounds - 1 in entries:
            found = _extended([_game(r) for r in entries[rounds - 1]["rounds"]])
        entry = None if found is None else build_entry(rounds, found, work=work)
        if entry is None:
            break
        entries[rounds] = entry
    return entries


def build_entry(rounds: int, found: list[Game], *, work: float = WORK) -> dict[str, Any] | None:
    """The book's entry for 9 x ``rounds`` from ``found`` (an evening even after every round with the
    opponents at counting's floor): sitting out twice running as low as the second model brings it, played
    in the even order with the fewest."""
    spread = opponent_floor(N, rounds)
    caps = {TERMS[0]: spread}
    if counted(N, found)[TERMS[0]] > spread:
        return None
    fewer, proven = _evening(rounds, caps, work, found)
    chosen = fewest_order(N, fewer if fewer is not None else found)
    if counted(N, chosen)[TERMS[1]] > counted(N, found)[TERMS[1]]:
        chosen = found
    values = counted(N, chosen)
    assert values[TERMS[0]] == spread
    repeats = max(repeats_floor(N, rounds), proven or 0)
    proof = []
    if repeats > repeats_floor(N, rounds):
        proof.append(f"sit-out repeats {repeats}: CP-SAT")
    return {
        "rounds": [[a, b, c, d] for (a, b), (c, d) in chosen],
        "even_after_every_round": True,
        "values": values,
        "bounds": {TERMS[0]: spread, TERMS[1]: min(repeats, values[TERMS[1]])},
        "proof": "; ".join(proof) or "counting",
    }


def _game(row: list[int]) -> Game:
    a, b, c, d = row
    return (a, b), (c, d)


def main(argv: list[str] | None = None) -> None:
    """Build 9 x 11-13 into the book at ``path``, keeping the better of the book's entry and the new."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--find", type=float, default=FIND)
    parser.add_argument("--work", type=float, default=WORK)
    args = parser.parse_args(argv)
    book = json.loads(args.path.read_text(encoding="utf-8"))
    entries = build_entries(find=args.find, work=args.work)
    for rounds in ROUNDS:
        entry = entries.get(rounds)
        if entry is None:
            print(f"9 x {rounds}: none found", flush=True)
            continue
        by = book["evenings"].setdefault(str(N), {})
        kept = _kept(by.get(str(rounds)), entry)
        by[str(rounds)] = kept
        print(f"9 x {rounds}: {kept['values']} proven {kept['bounds']}", flush=True)
        args.path.write_text(_dumped(book), encoding="utf-8")


if __name__ == "__main__":
    main()

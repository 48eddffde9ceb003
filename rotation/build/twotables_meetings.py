"""Two-table evenings with the most meetings at counting's floor (issue 26).

The book's builder (``rotation.build.twotables``) models a round by who partners and who shares a table
pair by pair, with transitivity; at 10 x 10, 10 x 11, 10 x 14, 9 x 14 and 11 x 13 it left the most meetings
one above counting's floor, ceil(3p / (n - 1)) for a player who plays p rounds. Here a round is modelled by
who sits at which table (``a``, ``b``: a bit per player and round, the first player seated at table A, so
swapping the tables is no second solution), a pair sharing a table as the product of two bits, round 1
fixed; sit-outs within one of the fair share after every round, nobody out twice running, the meetings
within the floor, and what that implies: a player who plays p rounds meets each other player at least
3p - most (n - 2) times. CP-SAT (one worker, deterministic time, seeded) finds such an evening with the
partners in the model (each seated player one partner among the table-mates, every pair within [floor,
ceil] of its average after every round), first with chosen players playing the most rounds (at 11 x 13
five who then meet everyone exactly three times: a choice that finds, never proves), or the tables alone,
then given partners by ``twotables_better.partnered``. ``lowered`` then steps the repeated meetings and the
opponents down one at a time with the rules above held; a step CP-SAT proves impossible (searched with no
choice made) proves the value the least among evenings even after every round, and the entry's ``proof``
says so. An entry is replaced only where the result is even after every round and better in the ranked
order (``twotables.accepted``, by the independent checker); a rule at counting's floor is settled by
``twotables_proofs.settle``::

    python -m rotation.build.twotables_meetings schedules/twotables.json --players 10 --rounds 10-14
    python -m rotation.build.twotables_meetings schedules/twotables.json --players 10 --rounds 14 --lower
"""

from __future__ import annotations

import argparse
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from rotation.build.home import solve_once, span
from rotation.movements.twotables import TERMS

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = [
    "WORK",
    "Held",
    "Searched",
    "at_floor",
    "by_counting",
    "lowered",
    "main",
    "meetings_entry",
    "repeated_least",
    "tables_within",
]

WORK = 60.0
"""Deterministic seconds each CP-SAT search may take."""

Evening = list[list[int]]


class Held(NamedTuple):
    """The rules a search holds: every pair's meetings within ``most``, the repeated meetings within
    ``repeated`` and every pair's opponents within ``opponents`` (None: free)."""

    most: int
    repeated: int | None = None
    opponents: tuple[int, int] | None = None
    fewest_out: tuple[int, ...] = ()
    """Players chosen to sit out the fewest times (those who play most): a choice that helps CP-SAT find an
    evening (at 11 x 13 such players meet everyone exactly three times), not one every evening relabels to,
    so a search with it proves nothing."""


class Searched(NamedTuple):
    """What a search found (an evening, or the tables alone), whether CP-SAT proved there is none
    (``none``), and the deterministic seconds it took."""

    found: Any
    none: bool
    spent: float


class _Tables:
    """Who sits where, round by round: ``a[p, r]`` at table A, ``b[p, r]`` at table B, ``u[(p, q), r]``
    partners (only with ``partners``)."""

    def __init__(self, n: int, rounds: int, held: Held, *, partners: bool) -> None:
        from ortools.sat.python import cp_model

        self.model = model = cp_model.CpModel()
        self.n, self.rounds = n, rounds
        k, pairs = n - 8, list(combinations(range(n), 2))
        self.a = a = {(p, r): model.new_bool_var(f"a{p}_{r}") for p in range(n) for r in range(rounds)}
        self.b = b = {(p, r): model.new_bool_var(f"b{p}_{r}") for p in range(n) for r in range(rounds)}
        seated = {(p, r): a[p, r] + b[p, r] for p in range(n) for r in range(rounds)}
        for r in range(rounds):
            model.add(sum(a[p, r] for p in range(n)) == 4)
            model.add(sum(b[p, r] for p in range(n)) == 4)
            for p in range(n):
                model.add(seated[p, r] <= 1)
                # the first player seated sits at table A: the tables are not named
                model.add(a[p, r] >= seated[p, r] - sum(seated[q, r] for q in range(p)))
        for p in range(n):  # round 1: 0-3 at table A, 4-7 at table B
            model.add(a[p, 0] == int(p < 4))
            model.add(b[p, 0] == int(4 <= p < 8))
        self.mate: dict[tuple[tuple[int, int], int], Any] = {}
        mate = self.mate
        met: dict[tuple[int, int], Any] = {}
        for p, q in pairs:
            for r in range(rounds):
                both = []
                for side in (a, b):
                    x = model.new_bool_var(f"m{p}_{q}_{r}")
                    model.add_bool_and([side[p, r], side[q, r]]).only_enforce_if(x)
                    model.add_bool_or([side[p, r].Not(), side[q, r].Not(), x])
                    both.append(x)
                mate[(p, q), r] = both[0] + both[1]
            met[p, q] = sum(mate[(p, q), r] for r in range(rounds))
            model.add(met[p, q] <= held.most)
            for stop in range(1, rounds + 1):  # partners need a table: as often as the partners' floor
                if 4 * stop // len(pairs):
                    model.add(sum(mate[(p, q), r] for r in range(stop)) >= 4 * stop // len(pairs))
        for p, q in pairs:  # implied: 3 table-mates a round played, at most ``most`` with each other player
            for who in (p, q):
                played = sum(seated[who, r] for r in range(rounds))
                model.add(met[p, q] >= 3 * played - held.most * (n - 2))
        for p in held.fewest_out:
            model.add(sum(seated[p, r] for r in range(rounds)) == rounds - k * rounds // n)
        if held.repeated is not None:  # 12 table-mate places a round: all but one a pair met repeat
            ever = {pq: model.new_bool_var(f"e{pq}") for pq in pairs}
            for pq in pairs:
                model.add(ever[pq] <= met[pq])
            model.add(12 * rounds - sum(ever.values()) <= held.repeated)
        for stop in range(1, rounds + 1):  # sit-outs within one of the fair share after every round
            for p in range(n):
                played = sum(seated[p, r] for r in range(stop))
                model.add_linear_constraint(stop - played, k * stop // n, -(-k * stop // n))
        for p in range(n):  # nobody out twice running
            for r in range(rounds - 1):
                model.add(seated[p, r] + seated[p, r + 1] >= 1)
        self.u: dict[tuple[tuple[int, int], int], Any] = {}
        if partners:
            for pq in pairs:
                for r in range(rounds):
                    self.u[pq, r] = model.new_bool_var(f"u{pq}{r}")
                    model.add(self.u[pq, r] <= mate[pq, r])
            for p in range(n):
                for r in range(rounds):
                    mine = sum(self.u[(min(p, q), max(p, q)), r] for q in range(n) if q != p)
                    model.add(mine == seated[p, r])
            for stop in range(1, rounds + 1):
                low, high = 4 * stop // len(pairs), -(-4 * stop // len(pairs))
                for pq in pairs:
                    model.add_linear_constraint(sum(self.u[pq, r] for r in range(stop)), low, high)
            if held.opponents is not None:
                for pq in pairs:
                    opposed = met[pq] - sum(self.u[pq, r] for r in range(rounds))
                    model.add_linear_constraint(opposed, *held.opponents)

    def hint(self, evening: Evening) -> None:
        """Start from ``evening`` (round 1 0-3 against 4-7, as every evening here is relabelled)."""
        for r, games in enumerate(evening):
            one = set(games[:4]) if min(games[:4]) < min(games[4:]) else set(games[4:])
            for p in range(self.n):
                self.model.add_hint(self.a[p, r], p in one)
                self.model.add_hint(self.b[p, r], p in games and p not in one)
            partners = {frozenset(games[i : i + 2]) for i in (0, 2, 4, 6)}
            for (pq, rr), v in self.u.items():
                if rr == r:
                    self.model.add_hint(v, frozenset(pq) in partners)

    def tables(self, solver: cp_model.CpSolver) -> list[tuple[list[int], list[int]]]:
        """Each round's two tables, in player order."""
        return [
            (
                [p for p in range(self.n) if solver.value(self.a[p, r])],
                [p for p in range(self.n) if solver.value(self.b[p, r])],
            )
            for r in range(self.rounds)
        ]

    def evening(self, solver: cp_model.CpSolver) -> Evening:
        """The rounds with their partners (a-b against c-d, e-f against g-h)."""
        found: Evening = []
        for table_a, table_b in self.tables(solver):
            games: list[int] = []
            for table in (table_a, table_b):
                for p, q in combinations(table, 2):
                    if solver.value(self.u[(p, q), len(found)]):
                        games += [p, q]
            found.append(games)
        return found


def tables_within(
    n: int,
    rounds: int,
    held: Held,
    *,
    partners: bool,
    work: float = WORK,
    seed: int = 0,
    hint: Evening | None = None,
) -> Searched:
    """An evening (``partners``) or its tables alone with the rules ``held``, sit-outs even after every
    round, nobody out twice running and (``partners``) every pair partnering within [floor, ceil] of its
    average after every round; CP-SAT, one worker, ``work`` deterministic seconds, ``seed``."""
    from ortools.sat.python import cp_model

    built = _Tables(n, rounds, held, partners=partners)
    if hint is not None:
        built.hint(hint)
    solver, status = solve_once(built.model, work, seed)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Searched(None, status == cp_model.INFEASIBLE, solver.deterministic_time)
    found = built.evening(solver) if partners else built.tables(solver)
    return Searched(found, False, solver.deterministic_time)


def _given_partners(
    n: int, tables: list[tuple[list[int], list[int]]], *, work: float, seed: int
) -> Evening | None:
    """The tables given partners (``twotables_better.partnered``: even after every round, the opponents'
    spread as low as CP-SAT finds), or None."""
    from rotation.build.twotables_better import partnered
    from rotation.build.twotables_proofs import _layout

    layouts = [
        _layout(n, tuple(p for p in range(n) if p not in (*one, *two)), (tuple(one), tuple(two)))
        for one, two in tables
    ]
    return partnered(n, layouts, work=work, seed=seed)


def at_floor(n: int, rounds: int, *, work: float = WORK, seeds: int = 2) -> tuple[Evening | None, str]:
    """An evening even after every round with the most meetings at counting's floor (every pair met, so
    the repeated meetings at theirs, tried first): partners in the model first, then the tables alone
    given partners (``twotables_better.partnered``), seed by seed; and how."""
    from rotation.build.twotables import floors

    floor = floors(n, rounds)
    most, k = floor["most meetings"], n - 8
    fewest = tuple(range(n - k * rounds % n)) if k * rounds % n else ()
    for seed in range(seeds):
        for chosen in (fewest, ()):
            for repeated in (floor["repeated meetings"], None):
                held = Held(most, repeated, fewest_out=chosen)
                got = tables_within(n, rounds, held, partners=True, work=work, seed=seed)
                if got.found is not None:
                    said = f", {len(chosen)} chosen to play most" if chosen else ""
                    return (
                        got.found,
                        f"CP-SAT with partners{said}, seed {seed}: {got.spent:.1f} deterministic s",
                    )
    for seed in range(seeds):
        got = tables_within(n, rounds, Held(most, fewest_out=fewest), partners=False, work=work, seed=seed)
        if got.found is None:
            continue
        evening = _given_partners(n, got.found, work=work, seed=seed)
        if evening is not None:
            return evening, f"CP-SAT tables, seed {seed}: {got.spent:.1f} deterministic s, then partnered"
    return None, "none found"


def _windows(n: int, rounds: int, spread: int) -> list[tuple[int, int]]:
    """The ranges of opponents ``spread`` wide that hold their average (8 places a round over the pairs)."""
    pairs = n * (n - 1) // 2
    low, high = 8 * rounds // pairs, -(-8 * rounds // pairs)
    return [(x, x + spread) for x in range(max(0, high - spread), low + 1)]


def repeated_least(n: int, rounds: int, most: int) -> tuple[int, str]:
    """The fewest repeated meetings counting allows with nobody meeting anyone more than ``most`` times and
    the sit-outs within one of the fair share, and why: a player who plays p rounds with 3p = most (n - 1)
    meets everyone exactly ``most`` times, so each of the others meets them ``most`` times and has only the
    rest of its 3p' places for the others like it; a pair met takes a place from each, so those others
    meet at most half their places' worth of pairs among themselves. Every table-mate place past the first
    meeting of a pair repeats (12 a round)."""
    k, pairs = n - 8, n * (n - 1) // 2
    high = (k * rounds) % n  # who sit out once more than the rest and play one round fewer
    played = [rounds - -(-k * rounds // n)] * high + [rounds - k * rounds // n] * (n - high)
    full = [p for p in played if 3 * p == most * (n - 1)]
    rest = [p for p in played if 3 * p != most * (n - 1)]
    among = len(rest) * (len(rest) - 1) // 2
    places = sum(3 * p - most * len(full) for p in rest)
    met = pairs - among + min(among, places // 2)
    why = (
        f"{len(full)} who play {full[0]} rounds meet everyone {most} times, so the {len(rest)} others meet"
        f" at most {min(among, places // 2)} of their {among} pairs"
        if full and rest
        else f"12 table-mate places a round over {pairs} pairs"
    )
    return 12 * rounds - met, why


def by_counting(n: int, rounds: int, entry: dict[str, Any]) -> list[str]:
    """Settle ``entry``'s repeated meetings by ``repeated_least`` where every rule above is settled and
    the value is that bound (recorded in its bounds and proof), and then its opponents where a pair
    counting keeps apart opposes 0 times and the value is the average's ceiling; the words said."""
    name, values = "repeated meetings", entry["values"]
    least, why = repeated_least(n, rounds, values["most meetings"])
    settled = all(entry["bounds"].get(t) == values[t] for t in TERMS[: TERMS.index(name)])
    if not settled or values[name] != least or entry["bounds"].get(name) == least:
        return []
    entry["bounds"][name] = least
    said = [f"{name} {least}: counting with the most meetings {values['most meetings']} ({why})"]
    pairs = n * (n - 1) // 2
    apart, spread = least - (12 * rounds - pairs), -(-8 * rounds // pairs)
    if apart and values[TERMS[-1]] == spread:  # a pair that never meets never opposes
        entry["bounds"][TERMS[-1]] = spread
        said.append(
            f"{TERMS[-1]} {spread}: counting, {apart} pair(s) never meeting oppose 0 times and"
            f" {8 * rounds} opposing places over {pairs} pairs put some pair at {spread}"
        )
    entry["proof"] = "; ".join(filter(None, (entry.get("proof"), *said)))
    return said


def _playing_most(n: int, evening: Evening) -> tuple[int, ...]:
    """The players who play the most rounds of ``evening`` (none where everyone plays as many)."""
    played = [sum(p in games for games in evening) for p in range(n)]
    return () if min(played) == max(played) else tuple(p for p in range(n) if played[p] == max(played))


REPARTNER = 4
"""Seeds of fresh tables ``lowered`` gives partners before it searches the opponents with CP-SAT."""


def _repartnered(n: int, rounds: int, held: Held, spread: int, work: float = 30.0) -> Evening | None:
    """Tables with the rules ``held`` (CP-SAT, seed by seed over ``REPARTNER``) given partners, the first
    whose opponents are within ``spread``; None where none is."""
    from rotation.build.twotables import counted

    for seed in range(REPARTNER):
        got = tables_within(n, rounds, held, partners=False, work=2 * work, seed=seed)
        evening = None if got.found is None else _given_partners(n, got.found, work=work, seed=seed)
        if evening is not None and counted(n, evening)["opponent spread"] <= spread:
            return evening
    return None


def lowered(n: int, rounds: int, evening: Evening, *, work: float = WORK) -> tuple[Evening, dict[str, str]]:
    """``evening`` with its repeated meetings, then its opponents, lowered where CP-SAT finds better with
    the rules above held (each searched from its value down: the first found is taken, a step CP-SAT proves
    impossible proves the value the least); the proofs' words by rule."""
    from rotation.build.twotables import counted, floors

    floor, proofs = floors(n, rounds), {}
    values = counted(n, evening)
    most = values["most meetings"]
    for name in ("repeated meetings", "opponent spread"):
        while values[name] > floor[name]:
            target, spent, found = values[name] - 1, 0.0, None
            if name == "repeated meetings":
                tries = [Held(most, target)]
            else:
                tries = [Held(most, values["repeated meetings"], w) for w in _windows(n, rounds, target)]
            most_play = _playing_most(n, evening)
            if name == "opponent spread":  # fresh tables, the rules above held, given partners: cheap
                found = _repartnered(
                    n, rounds, Held(most, values["repeated meetings"], None, most_play), target
                )
                if found is not None:
                    evening, values = found, counted(n, found)
                    continue
            if most_play:  # those who play most kept (a choice: it finds, never proves), then any
                tries = [held._replace(fewest_out=most_play) for held in tries] + tries
            proven = True
            for held in tries:
                got = tables_within(n, rounds, held, partners=True, work=work, hint=evening)
                if got.found is not None:
                    found = got.found
                    break
                if not held.fewest_out:
                    spent += got.spent
                    proven = proven and got.none
            if found is not None:
                evening, values = found, counted(n, found)
                continue
            if proven:
                proofs[name] = (
                    f"{name} {values[name]}: CP-SAT, none within {target} with the rules above held, among"
                    f" evenings even after every round ({spent:.1f} deterministic s)"
                )
            break
    return evening, proofs


def meetings_entry(
    n: int, rounds: int, entry: dict[str, Any], *, work: float = WORK, seeds: int = 2
) -> tuple[dict[str, Any] | None, str]:
    """An entry better than ``entry``: the most meetings at counting's floor (where ``entry`` is above it),
    then the repeated meetings and the opponents lowered (``lowered``); None where none is found or it is
    no better (with why)."""
    from rotation.build.twotables import _relabelled, accepted, counted, floors, ranked
    from rotation.build.twotables_proofs import settle

    how = "from the entry"
    found: Evening | None = entry["rounds"]
    if entry["values"]["most meetings"] > floors(n, rounds)["most meetings"]:
        found, how = at_floor(n, rounds, work=work, seeds=seeds)
    if found is None:
        return None, how
    chosen, proofs = lowered(n, rounds, _relabelled(n, found), work=work)
    chosen = _relabelled(n, chosen)
    got = counted(n, chosen)
    above = TERMS[: TERMS.index("most meetings")]
    better: dict[str, Any] = {
        "rounds": chosen,
        "values": {t: got[t] for t in TERMS},
        "bounds": {t: entry["bounds"][t] for t in above if t in entry["bounds"]},
        "planner": ranked(got),
    }
    if not accepted(n, better) or ranked(got) >= ranked(counted(n, entry["rounds"])):
        return None, f"{how}; not better than the entry ({got})"
    del better["planner"]
    said = settle(n, rounds, better, searches=False)
    said += by_counting(n, rounds, better)
    said += settle(n, rounds, better, searches=False)  # what counting settles below it
    for name in TERMS[TERMS.index("repeated meetings") :]:
        settled = all(better["bounds"].get(t) == got[t] for t in TERMS[: TERMS.index(name)])
        if settled and name in proofs and better["bounds"].get(name) != got[name]:
            better["bounds"][name] = got[name]
            better["proof"] = "; ".join(filter(None, (better.get("proof"), proofs[name])))
            said.append(proofs[name])
    return better, f"{how}; {'; '.join(said)}"


def main(argv: list[str] | None = None) -> None:
    """Replace the book's entries asked for where ``meetings_entry`` finds better."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=span, default=span("8-11"))
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--work", type=float, default=WORK)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--lower", action="store_true", help="also entries at the floor: lower the rest")
    parser.add_argument("--counting", action="store_true", help="only settle by counting (``by_counting``)")
    args = parser.parse_args(argv)
    from rotation.build.twotables import floors
    from rotation.build.twotables_proofs import rework, settle

    def lowered(n: int, rounds: int, entry: dict[str, Any]) -> tuple[dict[str, Any] | None, str] | None:
        if args.counting:
            said = by_counting(n, rounds, entry) + settle(n, rounds, entry, searches=False)
            return entry, "; ".join(said) or "nothing settled"
        if not args.lower and entry["values"]["most meetings"] <= floors(n, rounds)["most meetings"]:
            return None
        better, how = meetings_entry(n, rounds, entry, work=args.work, seeds=args.seeds)
        if better is None:
            return None, how
        return better, f"{how}\n  {better['values']} proven {better['bounds']}"

    rework(args.path, args.players, args.rounds, lowered)


if __name__ == "__main__":
    main()

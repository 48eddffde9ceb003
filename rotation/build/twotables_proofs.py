"""Settle the two-table book's bounds (issue 26): by counting, and by exhaustive search over the tables.

CP-SAT proves little about the table-mates at two tables (its bound on the repeated meetings at 10 x 4 stays
at 2 where the best is 12), but the table-mates depend only on who shares a table each round, which is
small enough to enumerate. Both searches here keep only the rules a proof needs and drop the partners (and
so the opponents): dropping a rule leaves more evenings, so what none of them reaches no evening reaches.

- ``least_repeated``: the fewest repeated meetings below ``below`` (or, ``first``, whether there is any
  evening at all) among evenings with the meetings within ``most``, sitting out twice running at most
  ``repeats`` times, nobody three running, and the sit-outs within one of the fair share after EVERY round
  (as the book's evenings are), round by round: round 1 fixed, round 2 one of its kinds up to the
  relabellings that keep round 1 (``_second``), round 3 least in its orbit under those that keep rounds 1
  and 2 (``_third``), a branch cut where the meetings it already repeats and those its players must still
  repeat (3 a round played, one new pair each at most) reach ``below``; the last round's layouts are only
  counted (no node each), which takes 11 x 5's proof from 3,002,811 nodes to 30,715.
- ``meets_within``: whether any evening keeps every pair's meetings within ``most``, the rounds in any
  order, only the sit-outs within one of the fair share at the end (a looser question than the book's: no
  order, no sitting out twice running). One round is fixed (any evening relabels so) and the others are
  taken in ascending order (an evening's rounds as a multiset). Where the rounds in order take long (8 x 9:
  no sit-outs to cut branches), this can be quicker.

Each counts its nodes (deterministic) and stops past a limit (``Unfinished``: nothing proven). ``settle``
walks an entry's rules in the ranked order: a rule is settled when every rule above it is and its value is
counting's floor (``twotables.floors``), or a search proves nothing better with the rules above held at the
entry's values (the most meetings: in order, then in any order); a settled rule's value becomes its bound,
and the search's words go into the entry's ``proof``. The tests check the searches against every evening
enumerated plainly where that is small (8 x 3, 8 x 4, 9 x 3).

Run after ``rotation.build.twotables`` (which writes entries without these proofs)::

    python -m rotation.build.twotables_proofs schedules/twotables.json --nodes 5000000   # 8-11 x 1-14
    python -m rotation.build.twotables_proofs schedules/twotables.json --players 11 --rounds 5
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import cache
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from rotation.build.home import _dumped, span
from rotation.movements.twotables import TERMS

__all__ = [
    "Search",
    "Unfinished",
    "counted_entry",
    "least_repeated",
    "main",
    "meets_within",
    "rework",
    "settle",
]

Layout = tuple[int, int, tuple[int, ...], int]
"""A round's tables without partners: who sits out (a bit per player), who shares a table (a bit per pair),
those pairs' indices, and who sits at the first player's table (a bit per player)."""


class Search:
    """A search's count of nodes (the branches it entered), for the proof's words, and its limit: past
    ``limit`` nodes it stops (``Unfinished``), proving nothing."""

    def __init__(self, limit: int | None = None) -> None:
        self.nodes, self.limit = 0, limit
        self.evening: list[Layout] = []
        """The rounds of the best evening found (``least_repeated``)."""

    def enter(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise Unfinished(self.nodes)


class Unfinished(Exception):
    """A search stopped at its limit of nodes."""


@cache
def _pairs(n: int) -> dict[tuple[int, int], int]:
    index: dict[tuple[int, int], int] = {}
    for i, (a, b) in enumerate(combinations(range(n), 2)):
        index[a, b] = index[b, a] = i
    return index


def _layout(n: int, out: tuple[int, ...], tables: tuple[tuple[int, ...], ...]) -> Layout:
    pair = _pairs(n)
    mates = tuple(pair[a, b] for t in tables for a, b in combinations(t, 2))
    return sum(1 << p for p in out), sum(1 << x for x in mates), mates, sum(1 << p for p in tables[0])


def _splits(seated: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The 35 ways to seat eight at two tables of four (the tables unnamed)."""
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for mates in combinations(seated[1:], 3):
        one = (seated[0], *mates)
        found.append((one, tuple(p for p in seated if p not in one)))
    return found


@cache
def _layouts(n: int) -> tuple[tuple[int, tuple[Layout, ...]], ...]:
    """Every round of ``n`` players at two tables, by who sits out (as a bit per player)."""
    found = []
    for out in combinations(range(n), n - 8):
        seated = [p for p in range(n) if p not in out]
        found.append((sum(1 << p for p in out), tuple(_layout(n, out, t) for t in _splits(seated))))
    return tuple(found)


def _first(n: int) -> Layout:
    """Round 1 of every search: 0-3 at one table, 4-7 at the other, the rest out."""
    return _layout(n, tuple(range(8, n)), ((0, 1, 2, 3), (4, 5, 6, 7)))


class _Tally:
    """The meetings and sit-outs of the rounds taken so far, kept as counts and bit sets."""

    def __init__(self, n: int, most: int) -> None:
        self.n, self.most = n, most
        self.count = [0] * (n * (n - 1) // 2)
        self.out = [0] * n
        self.met = self.full = self.repeated = 0
        pair = _pairs(n)
        self.others = [sum(1 << pair[p, q] for q in range(n) if q != p) for p in range(n)]

    def add(self, layout: Layout) -> tuple[int, int, int]:
        """Take a round; what ``remove`` needs to undo it."""
        saved = (self.met, self.full, self.repeated)
        self.repeated += (layout[1] & self.met).bit_count()
        self.met |= layout[1]
        for x in layout[2]:
            self.count[x] += 1
            if self.count[x] == self.most:
                self.full |= 1 << x
        for p in range(self.n):
            self.out[p] += layout[0] >> p & 1
        return saved

    def remove(self, layout: Layout, saved: tuple[int, int, int]) -> None:
        self.met, self.full, self.repeated = saved
        for x in layout[2]:
            self.count[x] -= 1
        for p in range(self.n):
            self.out[p] -= layout[0] >> p & 1

    def mask(self, test: Any) -> int:
        """The players for whom ``test(sit-outs so far)`` holds, as bits."""
        return sum(1 << p for p in range(self.n) if test(self.out[p]))


def meets_within(n: int, rounds: int, most: int, search: Search | None = None) -> bool:
    """Whether any ``rounds`` rounds of ``n`` players at two tables, in any order, with the sit-outs within
    one of the fair share at the end, keep every pair's meetings within ``most`` (partners free)."""
    search = search or Search()
    k = n - 8
    high, low = -(-k * rounds // n), k * rounds // n
    every = [(out, layout) for out, layouts in _layouts(n) for layout in layouts]
    tally = _Tally(n, most)

    def go(start: int, left: int) -> bool:
        search.enter()
        if left == 0:
            return all(low <= o <= high for o in tally.out)
        done = tally.mask(lambda o: o >= high)
        owing = sum(max(0, low - o) for o in tally.out)
        if owing > k * left:
            return False
        for i in range(start, len(every)):
            out, layout = every[i]
            if out & done or layout[1] & tally.full:
                continue
            saved = tally.add(layout)
            if go(i, left - 1):
                return True
            tally.remove(layout, saved)
        return False

    tally.add(_first(n))
    return go(0, rounds - 1)


@cache
def _second(n: int) -> tuple[Layout, ...]:
    """Round 2's layouts up to the relabellings that keep round 1's (tables swapped, players permuted
    within a table or among those out): a layout's kind is how many of each of round 1's groups (each
    table, those out) sit out or at each table in round 2, the least over swapping either's tables."""
    groups = ((0, 1, 2, 3), (4, 5, 6, 7), tuple(range(8, n)))
    kinds: dict[tuple[Any, ...], Layout] = {}
    for out in combinations(range(n), n - 8):
        for one, two in _splits([p for p in range(n) if p not in out]):
            places = (set(out), set(one), set(two))
            rows = [tuple(len(places[i] & set(g)) for i in range(3)) for g in groups]
            orders = ((rows[0], rows[1], rows[2]), (rows[1], rows[0], rows[2]))
            key = min(tuple((r[0], r[1 + s], r[2 - s]) for r in order) for order in orders for s in (0, 1))
            kinds.setdefault(key, _layout(n, out, (one, two)))
    return tuple(kinds.values())


@cache
def _keeping_first(n: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The relabellings that keep round 1's layout (tables swapped, players permuted within a table or
    among those out), each as two lookup tables taking a set of players (bits) to its image: the low six
    players' bits, then the rest's."""
    found = []
    for a in permutations(range(4)):
        for b in permutations(range(4, 8)):
            for rest in permutations(range(8, n)):
                for g in ((*a, *b, *rest), (*b, *a, *rest)):
                    low = tuple(sum(1 << g[p] for p in range(6) if m >> p & 1) for m in range(64))
                    high = tuple(
                        sum(1 << g[p + 6] for p in range(n - 6) if m >> p & 1) for m in range(1 << (n - 6))
                    )
                    found.append((low, high))
    return tuple(found)


def _key(n: int, layout: Layout, g: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> tuple[int, int]:
    """A layout as who sits out and the lesser of its tables (bits), relabelled by ``g``."""
    out, table = layout[0], layout[3]
    if g is not None:
        out, table = g[0][out & 63] | g[1][out >> 6], g[0][table & 63] | g[1][table >> 6]
    other = ((1 << n) - 1) & ~out & ~table
    return out, min(table, other)


@cache
def _third(n: int, second: int) -> tuple[tuple[int, tuple[Layout, ...]], ...]:
    """Round 3's layouts up to the relabellings that keep rounds 1 and 2 (the ``second`` kind of
    ``_second``): those least in their orbit, by who sits out."""
    kind = _key(n, _second(n)[second])
    keep = [g for g in _keeping_first(n) if _key(n, _second(n)[second], g) == kind]
    found = []
    for out, layouts in _layouts(n):
        least = tuple(lay for lay in layouts if all(_key(n, lay) <= _key(n, lay, g) for g in keep))
        if least:
            found.append((out, least))
    return tuple(found)


def least_repeated(
    n: int,
    rounds: int,
    most: int,
    repeats: int,
    below: int,
    search: Search | None = None,
    *,
    first: bool = False,
) -> int | None:
    """The fewest repeated meetings under ``below`` among evenings of ``n`` players at two tables with the
    meetings within ``most``, sitting out twice running at most ``repeats`` times, nobody three running and
    the sit-outs within one of the fair share after every round (partners free); None where there is none.
    ``first``: the first such evening's instead of the fewest."""
    search = search or Search()
    k = n - 8
    high_end = -(-k * rounds // n)
    tally = _Tally(n, most)
    best = [below]

    def owed(done: int) -> int:
        """Repeats still to come: each player's remaining meetings past the pairs it has not met."""
        total = 0
        for p in range(n):
            plays = (rounds - done) - (high_end - tally.out[p])
            if plays > 0:
                total += max(0, 3 * plays - (tally.others[p] & ~tally.met).bit_count())
        return -(-total // 2)

    def go(done: int, last: int, before: int, twice: int, second: int) -> None:
        search.enter()
        if done == rounds:
            if tally.repeated < best[0]:
                best[0], search.evening = tally.repeated, list(path)
            return
        if tally.repeated + owed(done) >= best[0] or (first and best[0] < below):
            return
        low, high = k * (done + 1) // n, -(-k * (done + 1) // n)
        barred = tally.mask(lambda o: o >= high)
        owing = tally.mask(lambda o: o < low)
        if done == 1:
            for i, layout in enumerate(_second(n)):
                ok = not (
                    layout[0] & barred or owing & ~layout[0] or (layout[0] & last).bit_count() > repeats
                )
                if ok and not layout[1] & tally.full:
                    saved = tally.add(layout)
                    path.append(layout)
                    go(2, layout[0], last, (layout[0] & last).bit_count(), i)
                    path.pop()
                    tally.remove(layout, saved)
            return
        for out, layouts in _third(n, second) if done == 2 else _layouts(n):
            more = twice + (out & last).bit_count()
            if out & barred or owing & ~out or more > repeats or out & last & before:
                continue
            if done == rounds - 1:  # the last round: its repeats, without a node each
                met, full = tally.met, tally.full
                for layout in layouts:
                    if not layout[1] & full and tally.repeated + (layout[1] & met).bit_count() < best[0]:
                        best[0] = tally.repeated + (layout[1] & met).bit_count()
                        search.evening = [*path, layout]
                continue
            for layout in layouts:
                if layout[1] & tally.full:
                    continue
                saved = tally.add(layout)
                path.append(layout)
                go(done + 1, out, last, more, second)
                path.pop()
                tally.remove(layout, saved)

    opening = _first(n)
    tally.add(opening)
    path = [opening]
    go(1, opening[0], 0, 0, -1)
    return best[0] if best[0] < below else None


def _floor_reached(entry: dict[str, Any], name: str, floor: dict[str, int]) -> bool:
    return bool(entry["values"][name] <= floor.get(name, 0))


def _searched(n: int, rounds: int, values: dict[str, int], name: str, limit: int | None) -> str | None:
    """A search's proof that ``name`` cannot be below its value with the rules above held (None: it can,
    or the search cannot tell); ``Unfinished`` past ``limit`` nodes."""
    value, most, repeats = values[name], values["most meetings"], values["sit-out repeats"]
    if name == "most meetings":
        search = Search(limit)
        with suppress(Unfinished):
            if least_repeated(n, rounds, value - 1, repeats, 10**6, search, first=True) is None:
                return (
                    f"{name} {value}: none within {value - 1} with sitting out twice running {repeats} and"
                    f" the sit-outs even after every round (exhaustive over the tables, partners free:"
                    f" {search.nodes} nodes)"
                )
        search = Search(limit)
        if not meets_within(n, rounds, value - 1, search):
            return (
                f"{name} {value}: no {rounds} rounds of tables keep every pair within {value - 1} meetings"
                f" (exhaustive over the tables, rounds in any order, partners free: {search.nodes} nodes)"
            )
        return None
    search = Search(limit)
    if name == "repeated meetings" and least_repeated(n, rounds, most, repeats, value, search) is None:
        return (
            f"{name} {value}: none fewer with the most meetings {most}, sitting out twice running {repeats}"
            f" and the sit-outs even after every round (exhaustive over the tables, partners free:"
            f" {search.nodes} nodes)"
        )
    return None


def counted_entry(n: int, rounds: int, evening: list[list[int]]) -> dict[str, Any]:
    """``evening`` as a book entry: relabelled (round 1 0-1 against 2-3, 4-5 against 6-7), its values by
    the checker and each bound counting's floor where the value reaches it (``settle``, no search)."""
    from rotation.build.twotables import _relabelled, counted

    evening = _relabelled(n, evening)
    got = counted(n, evening)
    entry: dict[str, Any] = {"rounds": evening, "values": {t: got[t] for t in TERMS}, "bounds": {}}
    settle(n, rounds, entry, searches=False)
    return entry


def settle(
    n: int, rounds: int, entry: dict[str, Any], *, searches: bool = True, limit: int | None = None
) -> list[str]:
    """Walk ``entry``'s rules in the ranked order while each is settled (its value the bound), by counting
    or by a search with the rules above held at the entry's values; record each settled rule's bound and
    each search's proof in the entry. The words said, one per rule settled here."""
    from rotation.build.twotables import floors

    floor = floors(n, rounds)
    values, bounds = entry["values"], entry["bounds"]
    proofs = [entry["proof"]] if entry.get("proof") else []
    said = []
    for name in TERMS:
        value = values[name]
        if bounds.get(name) == value:
            continue
        if _floor_reached(entry, name, floor):
            bounds[name] = value
            said.append(f"{name} {value}: counting")
            continue
        if not searches:
            break
        try:
            proof = _searched(n, rounds, values, name, limit)
        except Unfinished:
            proof = None
        if proof is None:
            break
        bounds[name] = value
        proofs.append(proof)
        said.append(proof)
    if proofs:
        entry["proof"] = "; ".join(proofs)
    return said


Entry = dict[str, Any]
Rework = Callable[[int, int, Entry], tuple[Entry | None, str] | None]


def rework(path: Path, players: Iterable[int], lengths: Iterable[int], work: Rework) -> None:
    """Run ``work`` over the book's entries asked for (those it has), in order: what it returns is the
    entry to keep (None: the book's as it stands) and a line to say (nothing at all: skipped). The book is
    written after each entry kept, so a long run stopped keeps what it did."""
    book = json.loads(path.read_text(encoding="utf-8"))
    for n in players:
        for rounds in lengths:
            entry = book["evenings"].get(str(n), {}).get(str(rounds))
            done = None if entry is None else work(n, rounds, entry)
            if done is None:
                continue
            kept, said = done
            print(f"{n} x {rounds}: {said}", flush=True)
            if kept is not None:
                book["evenings"][str(n)][str(rounds)] = kept
                path.write_text(_dumped(book), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    """Settle the bounds of the book's entries asked for (``settle``), writing the book after each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=span, default=span("8-11"))
    parser.add_argument("--rounds", type=span, default=span("1-14"))
    parser.add_argument("--counting", action="store_true", help="counting only, no search")
    parser.add_argument("--nodes", type=int, default=None, help="each search's limit of nodes")
    args = parser.parse_args(argv)

    def settled(n: int, rounds: int, entry: Entry) -> tuple[Entry, str]:
        said = settle(n, rounds, entry, searches=not args.counting, limit=args.nodes)
        return entry, "; ".join(said) or "nothing settled"

    rework(args.path, args.players, args.rounds, settled)


if __name__ == "__main__":
    main()

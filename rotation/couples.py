"""The couples' part of a plan request (DESIGN.md, "couple" and "mixed"): ``A+B`` read, the couples
checked against the players, and the pairs they keep from partnering. The planner holds the rest: couples
never at one table (``rotation.solver.couples``), a design by construction where one fits
(``rotation.movements.couples``). ``rotation.plan`` imports this module only inside its functions."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rotation.balance import check_couples as counted_couples
from rotation.model import Movement, Schedule, pair_key
from rotation.names import name_key
from rotation.plan import PlanError, _real, parse_pair
from rotation.plan_words import refused
from rotation.request import Fault, Part
from rotation.roster import near_misses

if TYPE_CHECKING:
    from rotation.plan import PlanRequest

__all__ = [
    "check_couples",
    "couples_book_start",
    "kept_apart",
    "never_partners",
    "parse_couple",
    "sheet_couples",
]


def parse_couple(text: str) -> tuple[str, str]:
    """``A+B``: a couple, who never partner nor share a table (A is the first-named)."""
    return parse_pair(text, Part.COUPLE)


def check_couples(request: PlanRequest) -> None:
    """Couples name players, each once; mixed partnerships need every player in a couple."""
    names = request.names
    keys = {name_key(name) for name in names}
    seen: set[str] = set()
    for first, second in request.couples:
        for name in (first, second):
            if name_key(name) not in keys:
                near = near_misses(name, names)
                raise PlanError(
                    f"{name!r} is named in a couple, but is not one of the players"
                    + (f"; did you mean {near[0]!r}?" if near else ""),
                    part=Part.COUPLE,
                    fault=Fault.NOT_A_PLAYER,
                    name=name,
                    near=near[0] if near else "",
                )
        if name_key(first) == name_key(second):
            raise PlanError(
                refused("couple self", first=first, second=second),
                part=Part.COUPLE,
                fault=Fault.SAME_PLAYER,
                first=first,
                second=second,
            )
        for name in (first, second):
            if name_key(name) in seen:
                raise PlanError(
                    f"{_real(names, name)} is named in two couples: a player is in one couple at most",
                    part=Part.COUPLE,
                    fault=Fault.IN_TWO_COUPLES,
                    name=_real(names, name),
                )
            seen.add(name_key(name))
    if request.mixed:
        single = [name for name in names if name_key(name) not in seen]
        if single:
            raise PlanError(
                f"mixed partnerships need every player in a couple, but {single[0]} is in none",
                part=Part.MIXED,
                fault=Fault.NOT_IN_A_COUPLE,
                name=single[0],
            )


def never_partners(couples: Sequence[tuple[int, int]], mixed: bool) -> frozenset[tuple[int, int]]:
    """The pairs couples and mixed partnerships forbid as partners: each couple, and with mixed
    partnerships every two first-named and every two second-named."""
    pairs = {(min(a, b), max(a, b)) for a, b in couples}
    if mixed:
        for side in ([a for a, _ in couples], [b for _, b in couples]):
            pairs |= {(min(p, q), max(p, q)) for p, q in combinations(side, 2)}
    return frozenset(pairs)


def sheet_couples(schedule: Schedule, request: PlanRequest) -> tuple[tuple[int, int], ...]:
    """The request's couples as score-sheet positions of ``schedule``."""
    sheet = schedule.players
    return tuple((sheet.index(_real(sheet, a)), sheet.index(_real(sheet, b))) for a, b in request.couples)


def kept_apart(schedule: Schedule, request: PlanRequest) -> bool:
    """Whether ``schedule`` keeps the request's couples apart and its partnerships mixed where asked, as
    the checker counts them from the seating."""
    found = counted_couples(schedule.movement, sheet_couples(schedule, request), mixed=request.mixed)
    return found.kept_apart and found.all_mixed


BOOK_MATCHING_NODES = 20_000
"""The most choices the search for couples' places in the book tries (counted, so it always ends)."""


def couples_book_start(n_players: int, couples: Sequence[tuple[int, int]], rounds: int) -> Movement | None:
    """The meet-once book's first rounds with the couples apart, for the planner to start from: the most
    rounds (two at least, ``rounds`` at most) in which some pairs who never meet can take the couples'
    places (a matching of the book's never-met pairs), the players renumbered so. None for eight couples
    alone (their affine construction, ``solver.affine``, does better) or where no such rounds are found.
    A start for plain couples' parties: 12 couples over 8 rounds repeat 26 meetings from the book's six
    rounds, 37 without."""
    from rotation.movements.meetonce import meet_once_movement, meet_once_rounds

    if not couples or (n_players == 16 and len(couples) == 8):
        return None
    for k in range(min(meet_once_rounds(n_players), rounds), 1, -1):
        book = meet_once_movement(n_players, k)
        if book is None:
            continue
        met = {
            pair_key(p, q) for rnd in book.rounds for t in rnd.tables for p, q in combinations(t.players, 2)
        }
        places = _disjoint_pairs(n_players, met, len(couples))
        if places is None:
            continue
        number: dict[int, int] = {}
        for (u, v), (a, b) in zip(places, couples, strict=True):
            number[u], number[v] = a, b
        rest = iter(sorted(set(range(n_players)) - set(number.values())))
        number |= {p: next(rest) for p in range(n_players) if p not in number}
        return book.mapped(number)
    return None


def _disjoint_pairs(n: int, met: set[tuple[int, int]], wanted: int) -> list[tuple[int, int]] | None:
    """``wanted`` disjoint pairs of players who never met (depth first, the player with the fewest such
    partners first), or None if a search of ``BOOK_MATCHING_NODES`` finds none."""
    free = {p: [q for q in range(n) if q != p and pair_key(p, q) not in met] for p in range(n)}
    taken: set[int] = set()
    chosen: list[tuple[int, int]] = []
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        if len(chosen) == wanted:
            return True
        left = [p for p in range(n) if p not in taken and any(q not in taken for q in free[p])]
        if len(left) < 2 * (wanted - len(chosen)):
            return False
        p = min(left, key=lambda x: (sum(q not in taken for q in free[x]), x))
        for q in free[p]:
            nodes += 1
            if q in taken or nodes > BOOK_MATCHING_NODES:
                continue
            taken.update((p, q))
            chosen.append(pair_key(p, q))
            if search():
                return True
            chosen.pop()
            taken.difference_update((p, q))
        if len(left) - 1 >= 2 * (wanted - len(chosen)) and nodes <= BOOK_MATCHING_NODES:
            taken.add(p)  # or p in no pair (singles among the couples)
            found = search()
            taken.discard(p)
            return found
        return False

    return sorted(chosen) if search() else None

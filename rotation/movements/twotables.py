"""The book of two-table evenings: 8 to 11 players at their default two tables (issue 26).

The planner's staged search ranks the opponents last at two tables, after partners, sitting out, and the
table-mates; on its own it states the opponents' counting floor where the table-mates ranked above force more
(8 x 4, 9 x 4), stops short of it where it need not (11 x 6) and takes seconds at most lengths. The book
(``schedules/twotables.json``, built offline by ``rotation.build.twotables``) keeps for each size and length
an evening even after every round with every ranked rule minimised in turn, each held at its best before the
next, and ``bounds``: for each rule the best any evening even after every round and as good in the rules
ranked above it can reach (by counting; by CP-SAT without the after-every-round rule, which no ranked rule
holds, so a bound among all evenings and a fortiori among those even after every round; or, where an entry's
``proof`` says so, by CP-SAT with that rule, ``rotation.build.twotables.prove_opponents``, or by exhaustive
search over the tables with the partners free, ``rotation.build.twotables_proofs``; 11 x 8's over the ways
of sitting out, CP-SAT over each one's tables, ``rotation.build.twotables_eleven``). The planner says
"best possible" only where those hold, and says they hold among evenings even after every round. Entries
are in player numbers; the cut relabels them, and the planner deals and seats them. The whist designs
(8 x 7, 8 x 14, 9 x 9) are taken before the book and are not in it.

Where an entry's opponents stand above the bound it states, the bound is not yet proven among evenings
even after every round. 9 x 5 has opponents 1 with the table-mates at their best, but none even after every
round (CP-SAT proved it in 58 deterministic seconds), so the book has 2 and states 2 as the best possible
among evenings that are.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rotation.model import Movement, Round, Table

__all__ = ["BOOK_FORMAT", "TERMS", "TwoTableEvening", "as_movement", "book_evening", "two_table_evening"]

BOOK_FORMAT = "chicago-two-tables-book/1"
BOOK_NAME = "twotables"

TERMS = ("partner spread", "sit-out repeats", "most meetings", "repeated meetings", "opponent spread")
"""The rules the book searches, in the planner's order at two tables without a history
(``rotation.solver.measure.RANKED``): sitting out three running and off the fair share (held at 0, their
floor) and the rounds played (even with the fair share) rank above them."""


@dataclass(frozen=True, slots=True)
class TwoTableEvening:
    """One evening of the book: its rounds, what it reaches in ``TERMS`` and the bounds proven for them."""

    movement: Movement
    values: dict[str, int]
    bounds: dict[str, int]


def as_movement(n: int, rounds: list[list[int]]) -> Movement:
    """Rounds written [a, b, c, d, e, f, g, h] (a-b against c-d, e-f against g-h) as a movement with
    plain seats: the first partnership North-South."""
    found = []
    for games in rounds:
        tables = tuple(Table(t[0], t[2], t[1], t[3]) for t in (games[:4], games[4:]))
        found.append(Round(tables, tuple(p for p in range(n) if p not in games)))
    return Movement(n, tuple(found), name=f"two-table evening for {n} from the book")


@cache
def _book() -> dict[tuple[int, int], TwoTableEvening]:
    import schedules

    data = schedules.load(BOOK_NAME)
    if data.get("format") != BOOK_FORMAT:
        raise ValueError(f"schedules/{BOOK_NAME}.json is not a {BOOK_FORMAT} book")
    return {
        (int(size), int(length)): TwoTableEvening(
            as_movement(int(size), entry["rounds"]), entry["values"], entry["bounds"]
        )
        for size, by in data["evenings"].items()
        for length, entry in by.items()
    }


def two_table_evening(n_players: int, rounds: int) -> TwoTableEvening | None:
    """The book's evening of ``rounds`` rounds for ``n_players`` at two tables, or None."""
    return _book().get((n_players, rounds))


def book_evening(n_players: int, rounds: int, tables: int | None, plain: bool) -> TwoTableEvening | None:
    """The book's evening where the planner should take it: two tables as the group's default (asked for or
    not), every player interchangeable (``plain``: nobody away, no pair kept apart, nothing kept; a
    season's club takes it seated for the season). The builder keeps only evenings even after every round
    and no worse than the planner's own search in the ranked order
    (``rotation.build.twotables.accepted``)."""
    if not plain or n_players // 4 != 2 or (tables if tables is not None else 2) != 2:
        return None
    return two_table_evening(n_players, rounds)

"""The book of home evenings: one table, 7 to 11 players at 1 to 14 rounds.

At one table most of the group sits out each round, and a player remembers sitting out twice running;
the planner ranks that rule last at one table (after partners, table-mates and opponents), where its
search cannot see far enough to keep it low. The book (``schedules/home.json``, built offline by
``rotation.build.home``; for 7, 9 and 11 players by ``rotation.build.home_starts``, for 9 over 11 to 14
rounds by ``rotation.build.home_nine_proofs``, for 8 by ``rotation.build.home_eight``, for 10 by
``rotation.build.home_ten``) keeps for each size and length an evening even after every round, with the
opponents and then sitting out twice running as low as the searches found them; its ``bounds`` are the
fewest any evening as even after every round can have (by counting, by CP-SAT, or by a search run to
exhaustion: 9 players over 8 to 10 rounds, 10 over 5 to 10, 13 or 14 and 11 over 4 or more cannot keep
the opponents within one and stay even after every round, nor 11 over 12 to 14 within two; 9 over 11
to 14 rounds with the opponents within one sit out twice running 15, 16, 17 and 19 times at the least;
8 players, four out a round, sit out twice running exactly as often as their entries do at every length
searched to the end), so the planner says "proven" only where the entry reaches them, and says the bounds
hold among evenings even after every round. Entries are in player numbers; the cut relabels them, and
the planner deals and seats them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rotation.model import Movement, Round, Table

__all__ = ["BOOK_FORMAT", "HomeEvening", "book_evening", "home_evening"]

BOOK_FORMAT = "chicago-home-book/1"
BOOK_NAME = "home"


@dataclass(frozen=True, slots=True)
class HomeEvening:
    """One evening of the book: its rounds (North-South partners against East-West, plain seats), what
    it reaches in the rules searched (``rotation.build.home.TERMS``) and the bounds proven for the
    opponents and sitting out twice running (by counting or by CP-SAT); ``even`` when it is within its
    bounds after every round."""

    movement: Movement
    values: dict[str, int]
    bounds: dict[str, int]
    even: bool


@cache
def _book() -> dict[tuple[int, int], HomeEvening]:
    import schedules

    data = schedules.load(BOOK_NAME)
    if data.get("format") != BOOK_FORMAT:
        raise ValueError(f"schedules/{BOOK_NAME}.json is not a {BOOK_FORMAT} book")
    found = {}
    for size, by in data["evenings"].items():
        n = int(size)
        for length, entry in by.items():
            rounds = tuple(
                Round((Table(a, c, b, d),), tuple(p for p in range(n) if p not in (a, b, c, d)))
                for a, b, c, d in entry["rounds"]
            )
            movement = Movement(n, rounds, name=f"home evening for {n} from the book")
            found[n, int(length)] = HomeEvening(
                movement, entry["values"], entry["bounds"], entry["even_after_every_round"]
            )
    return found


def home_evening(n_players: int, rounds: int) -> HomeEvening | None:
    """The book's evening of ``rounds`` rounds for ``n_players`` at one table, or None."""
    return _book().get((n_players, rounds))


def book_evening(n_players: int, rounds: int, tables: int | None, plain: bool) -> HomeEvening | None:
    """The book's evening where the planner should take it: one table (asked for, or the default for the
    group), every player interchangeable (``plain``: nobody away, no pair kept apart, nothing kept; a
    season's club takes it seated for the season) and even after every round (the builder keeps only
    evenings at the opponents' proven best or, where none such was found even at every stop, no worse than
    the planner's own search's: ``rotation.build.home.accepted``)."""
    if not plain or (tables if tables is not None else n_players // 4) != 1:
        return None
    found = home_evening(n_players, rounds)
    return found if found is not None and found.even else None

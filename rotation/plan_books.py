"""What the books give the balanced planner of ``rotation.plan``: a plain evening's whist design or
meet-once evening (whole, its first rounds, or a start one round short), the home and two-table books'
evenings (for part-timers too: placed where the book sits their place out, the plan then the best of that
evening and the planner's searches with and without it), and the meet-once book for evenings that are not
plain: players away placed in it, and a couples' party seated in it with the couples apart."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final, Literal

from rotation.language import N_, _
from rotation.model import Movement
from rotation.plan_words import book_start_text, times

if TYPE_CHECKING:
    from rotation.history import History
    from rotation.movements.home import HomeEvening
    from rotation.movements.twotables import TwoTableEvening
    from rotation.solver import PlanSpec, SolveResult

__all__ = [
    "BOOK_START_LEAVES",
    "Booked",
    "best_with_placed",
    "book_with_away",
    "couples_book",
    "small_book",
    "small_book_for_season",
    "small_book_in_season",
    "small_book_with_away",
    "whist_or_meet_once",
]

BOOK_START_LEAVES = 2
"""A longer evening plays the meet-once book's rounds first only when at least this many rounds are left
to plan after them: one round after a meet-once evening must repeat many meetings (24 x 6 from the book's
five rounds repeats 5 where planning all six repeats 1 or 2), two or more spread them (16, 20 and 24
players x 8 rounds repeat no more with the book's start than without)."""


def couples_book(
    n: int, couples: tuple[tuple[int, int], ...], rounds: int, tables: int | None
) -> tuple[Movement | None, Movement | None, tuple[str, ...]]:
    """A couples' party starting from the meet-once book's rounds with the couples apart
    (``couples.couples_book_start``), as an evening without couples starts from the book: the whole
    evening, its first rounds when two or more are left to plan, or both ways when one is left. Returns
    (rounds to keep, rounds to try keeping, the notes to say)."""
    from rotation.couples import couples_book_start

    start = couples_book_start(n, couples, rounds) if tables in (None, n // 4) else None
    if start is None:
        return None, None, ()
    if len(start) == rounds:
        return start, None, (_("from the book of evenings where nobody meets anyone twice"),)
    if len(start) <= rounds - BOOK_START_LEAVES:
        return start, None, (book_start_text(len(start)),)
    return None, start, ()


def book_with_away(n_players: int, rounds: int, away: dict[int, frozenset[int]]) -> Movement | None:
    """The book's meet-once evening for all ``n_players`` with the players ``away`` (0-based rounds)
    placed in it and its rounds ordered (``rotation.movements.parttimers``), the tables of the players
    away dropped in the rounds they are away, their table-mates sitting out: None when the book has no
    evening that long, or when no placing found keeps every player's sit-outs within one of their fair
    share and nobody out twice running, as the checker measures them."""
    from rotation.balance import check
    from rotation.movements.meetonce import meet_once_movement, meet_once_rounds
    from rotation.movements.parttimers import book_with_part_timers

    book = meet_once_movement(n_players, max(rounds, meet_once_rounds(n_players)))
    if book is None or not away:
        return None
    found = book_with_part_timers(book, rounds, away)
    if found is None:
        return None
    balance = check(found[0])
    if balance.sit_out_share_excess or balance.total_repeat_sit_outs or balance.most_meetings > 1:
        return None
    return found[0]


@dataclass(frozen=True, slots=True)
class Booked:
    """What the whist and meet-once books give a plain evening at the group's default tables: the whole
    evening (``whole`` says which book) or a whist design cut short as the planner's hint (``design``);
    the meet-once rounds to play first (``first``); or, one round short of the request, the meet-once
    evening to plan from as well as without (``start``). ``notes`` say what was taken."""

    design: Movement | None = None
    whole: Literal["whist", "meet-once", ""] = ""
    first: Movement | None = None
    start: Movement | None = None
    notes: tuple[str, ...] = ()


def whist_or_meet_once(n: int, rounds: int) -> Booked:
    """A whist design played in whole passes; else the meet-once book's evening (meeting nobody twice
    ranks above what a whist design evens), its rounds first when two or more are left to plan, or both
    ways when one is; a whist design cut short stays the planner's hint where the meet-once book gives
    no whole evening."""
    from rotation.movements.meetonce import meet_once_movement, meet_once_rounds
    from rotation.movements.whist import design_movement, design_rounds

    design = design_movement(n, rounds)
    if design is not None and rounds % design_rounds(n) == 0:
        passes = rounds // design_rounds(n)
        said = (
            _(
                "a whist design from the book, played {count} times: every pair partners {partners} and"
                " opposes {opposes}"
            )
            if passes > 1
            else _("a whist design from the book: every pair partners {partners} and opposes {opposes}")
        )
        text = said.format(count=passes, partners=times(passes), opposes=times(2 * passes))
        return Booked(design, "whist", notes=(text,))
    meet_once = meet_once_movement(n, rounds)
    first = meet_once_rounds(n)
    if meet_once is not None:
        return Booked(
            meet_once, "meet-once", notes=(_("from the book of evenings where nobody meets anyone twice"),)
        )
    if 1 < first <= rounds - BOOK_START_LEAVES:
        return Booked(first=meet_once_movement(n, first), notes=(book_start_text(first),))
    if 1 < first == rounds - 1:
        return Booked(design, start=meet_once_movement(n, first))
    return Booked(design)


def small_book(
    n: int, rounds: int, tables: int | None, plain: bool
) -> tuple[HomeEvening | TwoTableEvening | None, tuple[str, ...]]:
    """The book of home evenings' (one table) or two-table evenings' entry for a ``plain`` request
    (nobody away, no pair kept apart, nothing kept; a season's club takes it seated for the season:
    ``small_book_for_season``), and the note saying so."""
    from rotation.movements.home import book_evening
    from rotation.movements.twotables import book_evening as two_tables

    home = book_evening(n, rounds, tables, plain)
    if home is not None:
        return home, (
            _(
                "from the book of home evenings, searched ahead of time: even after every round, and the best"
                " possible among evenings that are"
            ),
        )
    two = two_tables(n, rounds, tables, plain)
    if two is not None:
        return two, (
            _(
                "from the book of two-table evenings, searched ahead of time: even after every round, and the"
                " best possible among evenings that are"
            ),
        )
    return None, ()


def small_book_for_season(
    evening: HomeEvening | TwoTableEvening, sheet: Sequence[str], history: History, seed: int
) -> HomeEvening | TwoTableEvening:
    """A club with a season (issue 26, 6 to 11 players): the small book's ``evening`` with its places taken
    so that the last evening's partners, then the season's, repeat least (``movements.season_book``): who
    takes which place changes none of the evening's own rules, so they stay the book's."""
    from rotation.movements.season_book import place_book_for_season

    placed = place_book_for_season(evening.movement, sheet, history, seed)
    return replace(evening, movement=placed.movement)


def small_book_in_season(
    book: SolveResult, search: Callable[[], SolveResult], said: tuple[str, ...]
) -> tuple[SolveResult, tuple[str, ...]]:
    """The small book's evening seated for the season (``book``, dealt and seated by the planner) or the
    planner's search from it (``search``), and the notes saying which (``said``: the book's own note).

    The search runs only where the season's two rules are above the floors counting proves
    (``solve._season_floors``): at them, nothing could rank a search above the book but the evening's own
    rules, where the book was kept only when no worse than the planner's own search
    (``build.home.accepted``, ``build.twotables.accepted``). The search is taken only when strictly better
    in the order the book's evening states its rules (at one table the home game's: the opponents and
    sitting out twice running before the table-mates), the stops that are not even ranked just before the
    opponents (``_ranked``); a tie keeps the book, even after every round."""
    from rotation.solver import LAST_PARTNERS, SEASON_PARTNERS

    if all(t.met for t in book.terms if t.name in (LAST_PARTNERS, SEASON_PARTNERS)):
        return book, (
            *said,
            _(
                "its places taken for the season, so that partners from the last evening and then the"
                " season's partners repeat least: as little as counting allows"
            ),
        )
    searched = search()
    cut_short = book.cut_short or searched.cut_short
    both = {t.name for t in book.terms} & {t.name for t in searched.terms}
    theirs, ours = _ranked(searched, book, both), _ranked(book, book, both)
    if searched.movement is not None and [v for _r, v in theirs] < [v for _r, v in ours]:
        rule, value, was = next((r, v, w) for (r, v), (_r, w) in zip(theirs, ours, strict=True) if v != w)
        return replace(searched, cut_short=cut_short), (
            _(
                "planned from a book's evening with its places taken for the season: the planner's search"
                " from it did better by the ranked rules ({rule}: {value} where the book's evening has"
                " {book})"
            ).format(rule=rule, value=value, book=was),
        )
    return replace(book, cut_short=cut_short), (
        *said,
        _(
            "its places taken for the season, so that partners from the last evening and then the season's"
            " partners repeat least; the planner's search from it found no evening better by the ranked rules"
        ),
    )


def _ranked(result: SolveResult, book: SolveResult, names: set[str]) -> list[tuple[str, int]]:
    """``result``'s rules among ``names`` (named in the language spoken) in the order ``book`` states
    them, with the stops that are not even (partners or rounds played off their bounds after that round,
    as `chicago check` marks them: ``rotation.balance.stops``; none in a book's evening) just before the
    opponents, where the planner ranks an evening even at every stop."""
    from rotation.balance import stops
    from rotation.solver.problem import OPPONENT

    uneven = sum(not stop.even for stop in stops(result.movement)) if result.movement is not None else 0
    value = {t.name: t.value for t in result.terms}
    ranked: list[tuple[str, int]] = []
    for term in book.terms:
        if term.name == OPPONENT:
            ranked.append((_("Stopping after each round"), uneven))
        if term.name in names:
            ranked.append((_(term.name), value[term.name]))
    return ranked


def small_book_with_away(
    n: int, rounds: int, tables: int | None, away: Mapping[int, frozenset[int]], seed: int
) -> tuple[Movement, str] | None:
    """The home or two-table book's evening for ``n`` (``small_book``, taken as for a plain request) with
    the players ``away`` (0-based rounds) placed where the book sits their place out and its rounds
    ordered (``movements.home_away``), and the note saying so: None when the books have no such evening
    or no placing keeps everyone's sit-outs within their fair share."""
    from rotation.movements.home import HomeEvening
    from rotation.movements.home_away import place_in_book

    evening = small_book(n, rounds, tables, True)[0]
    if evening is None or not away:
        return None
    found = place_in_book(evening.movement, away, seed=seed)
    if found is None or not found.fair:
        return None
    return found.movement, _(AWAY_PLACED["home" if isinstance(evening, HomeEvening) else "two-table"])


Planned = Callable[["Movement | None", "Mapping[str, int] | None"], "tuple[PlanSpec, SolveResult]"]
"""Plans the request with a hint (None: as ever) and, given ``proven``, takes the hint as it is."""


def best_with_placed(
    planned: Planned, placed: Movement, said: str
) -> tuple[PlanSpec, SolveResult, tuple[str, ...]]:
    """The best in the planner's ranked order of: the book's evening with the part-timers placed
    (``small_book_with_away``, which says so in ``said``) as it is, dealt and seated; the planner's search
    from it; and the planner's search as without it. The first alone when it meets every bound the planner
    states (nothing can rank better), and the search as without it only when the search from the book's
    evening falls short of a bound; on a tie the book's evening as it is, then the search as without it
    (the note says what was taken only where the book made the difference). The result states the best
    bounds proven by any of the searches that hold for it (``_proven_by``). Returns the plan, its result
    and the note saying what was taken."""
    from dataclasses import replace

    from rotation.solver import Status

    as_is = planned(placed, {})
    if as_is[1].status is Status.OPTIMAL:
        return (*as_is, (said,))
    hinted = planned(placed, None)
    runs = [(as_is, said), (hinted, _("planned from the book's evening: {note}").format(note=said))]
    if _proven_by(hinted[1], [as_is[1]]).status is not Status.OPTIMAL:  # else nothing ranks better
        runs.insert(1, (planned(None, None), ""))
    tried = [(run, text) for run, text in runs if run[1].movement is not None]
    if not tried:
        return (*runs[1][0], ())
    order = [t.name for t in runs[1][0][1].terms]  # the planner's ranking (the book's as-is may list another)

    def ranked(candidate: tuple[tuple[PlanSpec, SolveResult], str]) -> tuple[int, ...]:
        values = {t.name: t.value for t in candidate[0][1].terms}
        return tuple(values.get(name, 0) for name in order)

    (spec, result), text = min(tried, key=ranked)
    result = _proven_by(result, [run[1] for run, _ in tried])
    cut_short = any(run[1].cut_short for run, _ in runs)
    return spec, replace(result, cut_short=cut_short), (text,) if text else ()


def _proven_by(result: SolveResult, others: list[SolveResult]) -> SolveResult:
    """``result`` with each term's bound raised to another search's where that holds for it: another's
    bound on a rule holds for ``result`` when ``result`` has that search's values in every rule ranked
    above it (the solver states a bound from a model only while every rule above is at its proven best,
    and counting floors hold for every plan)."""
    from dataclasses import replace

    from rotation.solver import Status

    terms = {t.name: t for t in result.terms}
    for other in others:
        same = True
        for theirs in other.terms:
            ours = terms.get(theirs.name)
            if ours is None:
                break
            if same and ours.bound is not None and theirs.bound is not None and theirs.bound > ours.bound:
                terms[ours.name] = replace(ours, bound=min(theirs.bound, ours.value))
            same = same and ours.value == theirs.value
    raised = tuple(terms[t.name] for t in result.terms)
    status = Status.OPTIMAL if all(t.met for t in raised if t.bound is not None) else Status.FEASIBLE
    return replace(result, terms=raised, status=status)


AWAY_PLACED: Final = {
    "home": N_(
        "from the book of home evenings, the players away placed where the book sits their place out and"
        " its rounds ordered for it (nobody takes their seat: every table is the book's)"
    ),
    "two-table": N_(
        "from the book of two-table evenings, the players away placed where the book sits their place out"
        " and its rounds ordered for it (nobody takes their seat: every table is the book's)"
    ),
}
"""The note of part-timers placed in a small book's evening, by book."""

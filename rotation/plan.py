"""From names to a schedule: the cut, the choice of movement, late arrivals and early leavers.

This is the one place that turns what a host asks for into a schedule; the movements themselves (the
bulletin's rules, the book of designs, the solver) know nothing of names.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from rotation.cut import Order, cut
from rotation.errors import UserError
from rotation.language import _
from rotation.model import InvalidScheduleError, Movement, Round, Schedule, check_names
from rotation.movements.bulletin import BULLETIN_SIZES, bulletin_movement, cycle_length
from rotation.names import name_key
from rotation.plan_books import (
    best_with_placed,
    book_with_away,
    couples_book,
    small_book,
    small_book_for_season,
    small_book_in_season,
    small_book_with_away,
    whist_or_meet_once,
)
from rotation.plan_words import ENOUGH, WOULD_TAKE, book_start_text, bulletin_rounds_note, refused, times
from rotation.request import Fault, Method, Part

if TYPE_CHECKING:
    from rotation.balance import Balance
    from rotation.history import History
    from rotation.solver import Progress, SolveResult


__all__ = ["Away", "Fault", "Kept", "Method", "Note", "Part", "Plan", "PlanError", "PlanRequest", "plan"]


class PlanError(UserError, ValueError):
    """A request that cannot be planned. The message says why in neutral words; ``part`` names the part
    of the request at fault (None: none in particular), ``fault`` what is wrong with it and ``facts``
    what was given, so that each face can word it its own way (the command line names its option,
    ``rotation.cli.words.plan_message``)."""

    def __init__(
        self, message: str, *, part: Part | None = None, fault: Fault | None = None, **facts: object
    ) -> None:
        super().__init__(message)
        self.part = part
        self.fault = fault
        self.facts: dict[str, object] = facts

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (partial(type(self), str(self), part=self.part, fault=self.fault, **self.facts), ())


@dataclass(frozen=True, slots=True)
class Note:
    """What the host should be told about how the plan was made, in neutral words; where it suggests
    asking for something else, ``part`` names that part of the request and ``value`` what to ask."""

    text: str
    part: Part | None = None
    value: int | None = None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Away:
    """A player absent for some rounds (counted from 1); ``from_round`` leaves for the rest of the evening."""

    name: str
    rounds: frozenset[int] = frozenset()
    from_round: int | None = None

    def resolve(self, last: int) -> frozenset[int]:
        """The rounds absent in an evening of ``last`` rounds."""
        tail = range(self.from_round, last + 1) if self.from_round is not None else range(0)
        return frozenset(r for r in self.rounds | set(tail) if r <= last)


@dataclass(frozen=True, slots=True)
class Kept:
    """Rounds already played: the first ``rounds`` of ``schedule`` stay as they were."""

    schedule: Schedule
    rounds: int


@dataclass(frozen=True, slots=True)
class PlanRequest:
    """What the host asks for."""

    names: tuple[str, ...]
    order: Order = Order.CUT
    seed: int = 0
    """Draws the cut; the balanced planner's own seed is ``request_seed`` of the whole request."""
    rounds: int | None = None
    method: Method = Method.AUTO
    away: tuple[Away, ...] = ()
    tables: int | None = None
    avoid: tuple[tuple[str, str], ...] = ()
    keep: Kept | None = None
    time_limit: float = 600.0
    """Wall seconds the balanced planner may take at most: a cap, not a budget. The default work ends well
    within it even on a busy machine (measured on two shared cores under a load of about 4: 20 x 6, one
    round past the book and so planned twice, 43 s; 18 x 6 with three part-timers 20 s; 120 x 10 15 s;
    and with both cores kept spinning as well about three times the unloaded seconds), so only a lower
    cap can cut a plan short, and the plan says so (``SolveResult.cut_short``)."""
    work: float | None = None
    """The balanced planner's budget in deterministic units (None: the solver's default, ``WORK``)."""
    history: History | None = None
    """The season's past evenings: a balanced plan then repeats them least (``rotation.movements.season``)."""
    couples: tuple[tuple[str, str], ...] = ()
    """Couples (first-named, second-named) who never partner nor share a table."""
    mixed: bool = False
    """Every partnership joins the first-named of one couple with the second-named of another."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The schedule and what the host should be told about how it was made."""

    schedule: Schedule
    method: str
    cut: tuple[tuple[str, str], ...] = ()
    """The cut drawn: each player's name and card (empty when the order was given or kept)."""
    notes: tuple[Note, ...] = field(default=())
    solved: SolveResult | None = None
    avoid: frozenset[tuple[int, int]] = frozenset()
    """Pairs (score-sheet positions) who must not partner, for the balance report."""
    last_partners: frozenset[tuple[int, int]] | None = None
    """With a history: pairs (score-sheet positions) who partnered in its last evening, for the report."""
    season_weights: tuple[tuple[tuple[int, int], int], ...] = ()
    """With a history: each pair's weight by the season (``rotation.history.pair_weights``)."""

    def checked(self) -> Balance:
        """The schedule as the independent checker counts it, the season's partners included."""
        from rotation.balance import check

        return check(
            self.schedule.movement,
            avoid=self.avoid,
            last_partners=self.last_partners,
            season_weights=dict(self.season_weights),
            apart=self.schedule.couples,
        )


LONGEST_DEFAULT_EVENING = 8
"""Default rounds stop here: eight rounds of four deals fill an evening (about three hours); every pair
partnering once can take far longer, and the note says how long."""


MAX_ROUNDS = 100
"""The most rounds one plan may have: an evening is a few hours, a long one twenty-odd rounds."""
MAX_PLAYERS = 200
"""The most players one plan may seat (fifty tables)."""

_ROUNDS = re.compile(r"^\s*(\d+)?\s*(-)?\s*(\d+)?\s*$")


def parse_rounds(text: str) -> tuple[frozenset[int], int | None]:
    """Rounds written as ``3``, ``1-2``, ``5-`` (from round 5 to the end) or a comma list of those:
    the listed rounds and the round an open range starts from."""
    found: set[int] = set()
    open_from: int | None = None
    for part in text.split(","):
        match = _ROUNDS.match(part)
        if not match or not match[1]:
            raise PlanError(refused("rounds form", text=text))
        if any(number and len(number) > len(str(MAX_ROUNDS)) for number in (match[1], match[3])):
            raise PlanError(refused("rounds most", text=text, most=MAX_ROUNDS))
        start = int(match[1])
        end = int(match[3]) if match[3] else start
        if start < 1 or end < start:
            raise PlanError(refused("rounds order", text=text))
        if end > MAX_ROUNDS:
            raise PlanError(refused("rounds most", text=text, most=MAX_ROUNDS))
        if match[2] and not match[3]:
            open_from = start if open_from is None else min(open_from, start)
        else:
            found.update(range(start, end + 1))
    return frozenset(found), open_from


def parse_away(text: str) -> Away:
    """``NAME:ROUNDS``, e.g. ``Shirley:1-2`` for a late arrival or ``Bob:6-`` for an early leaver."""
    name, colon, rounds = text.rpartition(":")
    if not colon or not name.strip():
        raise PlanError(
            f"cannot read the absence {text!r}: write NAME:ROUNDS, e.g. Shirley:1-2",
            part=Part.AWAY,
            fault=Fault.UNREADABLE,
            text=text,
            form="NAME:ROUNDS, e.g. Shirley:1-2",
        )
    listed, open_from = parse_rounds(rounds)
    return Away(name.strip(), listed, open_from)


def parse_avoid(text: str) -> tuple[str, str]:
    """``A+B``: two players who must never partner."""
    return parse_pair(text, Part.AVOID)


def parse_pair(text: str, part: Part) -> tuple[str, str]:
    """``A+B``: two players named together, for ``part`` (a pair to avoid, a couple: the error names it)."""
    first, plus, second = text.partition("+")
    if not plus or not first.strip() or not second.strip():
        what = "couple" if part is Part.COUPLE else "pair"
        raise PlanError(
            f"cannot read the {what} {text!r}: write NAME+NAME, e.g. Ann+Bob",
            part=part,
            fault=Fault.UNREADABLE,
            text=text,
            form="NAME+NAME, e.g. Ann+Bob",
        )
    return first.strip(), second.strip()


def request_seed(request: PlanRequest) -> int:
    """The balanced planner's random seed, drawn from the request itself: a stable hash (SHA-256, never
    ``hash()``, which changes between runs) of the players, the rounds, who is away when, who must not
    partner, the tables, the work, the rounds kept and the schedule they are kept from. The seed asked
    for counts only where it draws the cut (and so the score sheet); with ``--keep`` the sheet is the kept
    one and the seed draws nothing, so the preview, ``--keep ... --save`` and the host page's replan,
    whatever seed or order each passes, plan the same evening. Pure: the same request, the same seed."""
    try:
        names = check_names(request.names)
    except InvalidScheduleError:
        names = tuple(request.names)
    request = replace(request, names=names)
    kept = request.keep
    rounds = request.rounds
    if rounds is None:
        try:
            rounds = _balanced_rounds(request, kept)[0]
        except PlanError:
            rounds = 0
    absent: dict[str, set[int]] = {}
    for away in request.away:
        absent.setdefault(name_key(away.name), set()).update(away.resolve(rounds))
    described: dict[str, object] = {
        "players": sorted(name_key(n) for n in names) if kept is not None else [name_key(n) for n in names],
        "rounds": rounds,
        "away": sorted((n, tuple(sorted(rs))) for n, rs in absent.items() if rs),
        "avoid": sorted(tuple(sorted((name_key(a), name_key(b)))) for a, b in request.avoid),
        "tables": request.tables,
        "work": request.work,
    }
    if request.couples:  # only where asked, so that every other request draws the seed it always drew
        described["couples"] = [[name_key(a), name_key(b)] for a, b in request.couples]
        described["mixed"] = request.mixed
    if request.history and (season := request.history.among(names)):
        described["history"] = season.describe()
    if kept is None:
        described["order"] = request.order.value
        if request.order is Order.CUT:
            described["seed"] = request.seed
    else:
        described["keep"] = kept.rounds
        described["kept players"] = [name_key(n) for n in kept.schedule.players]
        described["kept schedule"] = [
            [
                [[t.north, t.east, t.south, t.west, t.first_dealer.value] for t in rnd.tables],
                sorted(rnd.sitting_out),
            ]
            for rnd in kept.schedule.movement.rounds
        ]
    text = json.dumps(described, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") % 1_000_000_000


def plan(request: PlanRequest, on_progress: Callable[[Progress], None] | None = None) -> Plan:
    """Plan the evening the host asked for: the bulletin's movement where it applies, a perfect design
    from the book where one fits, the balanced planner everywhere else."""
    try:
        names = check_names(request.names)
    except InvalidScheduleError as error:
        raise PlanError(str(error) if error.twice is None else refused("twice", text=error.twice)) from None
    request = replace(request, names=names)
    if len(names) < 4 and request.keep is None:
        raise PlanError(refused("too few", count=len(names)))
    if len(names) > MAX_PLAYERS:
        raise PlanError(refused("too many", most=MAX_PLAYERS, count=len(names)))
    if request.rounds is not None and not 1 <= request.rounds <= MAX_ROUNDS:
        raise PlanError(refused("rounds", most=MAX_ROUNDS, rounds=request.rounds))
    if request.keep is not None and not 0 <= request.keep.rounds <= len(request.keep.schedule.rounds):
        kept, has = request.keep.rounds, len(request.keep.schedule.rounds)
        raise PlanError(
            f"{kept} rounds kept, but the plan kept has {has}",
            part=Part.KEEP,
            fault=Fault.KEPT_BEYOND_PLAN,
            kept=kept,
            has=has,
        )
    if request.tables is not None and request.tables < 1:
        raise PlanError(refused("tables", tables=request.tables))
    _known(names, [a.name for a in request.away], Part.AWAY)
    _known(names, [n for pair in request.avoid for n in pair], Part.AVOID)
    for first, second in request.avoid:
        if name_key(first) == name_key(second):
            raise PlanError(
                refused("avoid self", first=first, second=second, name=_real(names, first)),
                part=Part.AVOID,
                fault=Fault.SAME_PLAYER,
                first=first,
                second=second,
            )
    from rotation.couples import check_couples

    check_couples(request)
    method = request.method
    if method is Method.AUTO:
        method = Method.BULLETIN if _bulletin_fits(request) else Method.BALANCED
    if method is Method.BULLETIN:
        if request.avoid or request.couples or request.tables is not None or request.keep is not None:
            raise PlanError(
                "pairs who must not partner, couples, a number of tables and kept rounds need the balanced"
                " planner",
                part=Part.METHOD,
                fault=Fault.NEEDS_BALANCED,
                couples=bool(request.couples),
            )
        return _bulletin_plan(request)
    made = _balanced_plan(request, on_progress)
    if request.history and request.keep is None:  # then seated for the season among seatings as good
        from rotation.movements.season import RESTARTS, SEASONED_RESTARTS, seat_for_history
        from rotation.solver import LAST_PARTNERS

        seasoned = made.solved is not None and any(t.name == LAST_PARTNERS for t in made.solved.terms)
        seated = seat_for_history(
            made.schedule,
            request.history,
            avoid=made.avoid,
            seed=request_seed(request),
            restarts=SEASONED_RESTARTS if seasoned else RESTARTS,
            last_first=seasoned or None,
        )
        from rotation.couples import kept_apart

        if not request.couples or kept_apart(seated.schedule, request):  # never at a couple's cost
            made = replace(made, schedule=seated.schedule, notes=(*made.notes, Note(seated.note())))
        from rotation.history import season_pairs

        last, weights = season_pairs(request.history, made.schedule.players)
        made = replace(made, last_partners=last, season_weights=tuple(sorted(weights.items())))
    if request.couples:
        from rotation.couples import sheet_couples

        couples = sheet_couples(made.schedule, request)
        made = replace(made, schedule=replace(made.schedule, couples=couples, mixed=request.mixed))
    return measured(made)


def _known(names: Sequence[str], mentioned: Sequence[str], part: Part) -> None:
    keys = {name_key(name) for name in names}
    what = {Part.AWAY: "as away", Part.AVOID: "in a pair who must not partner"}.get(part, "")
    for name in mentioned:
        if name_key(name) not in keys:
            raise PlanError(
                f"{name!r} is named {what}, but is not one of the players",
                part=part,
                fault=Fault.NOT_A_PLAYER,
                name=name,
            )


def _real(names: Sequence[str], name: str) -> str:
    """The name as given on the command line for a mention in any case or spacing."""
    return next(n for n in names if name_key(n) == name_key(name))


def _absences(request: PlanRequest, rounds: int) -> dict[str, frozenset[int]]:
    """Away rounds (from 1) by the name as given in ``names``."""
    absent: dict[str, frozenset[int]] = {}
    for away in request.away:
        real = _real(request.names, away.name)
        absent[real] = absent.get(real, frozenset()) | away.resolve(rounds)
    return absent


def _bulletin_fits(request: PlanRequest) -> bool:
    """The bulletin's movements are the default for 4 to 6 players within their cycle, when no constraint
    needs the balanced planner."""
    if request.avoid or request.couples or request.tables is not None or request.keep is not None:
        return False
    if request.away and request.rounds is None:
        return False  # the bulletin's new cut at each change would lengthen the evening (_balanced_rounds)
    if request.away:
        last = (
            request.rounds or max((max(a.rounds | {a.from_round or 0}) for a in request.away), default=0) + 1
        )
        absent = _absences(request, last)
        sizes = {
            sum(1 for n in request.names if r not in absent.get(n, frozenset())) for r in range(1, last + 1)
        }
        comes_or_goes = all(_arrives_or_leaves(rounds, last) for rounds in absent.values())
        return sizes <= set(BULLETIN_SIZES) and comes_or_goes
    n = len(request.names)
    return n in BULLETIN_SIZES and (request.rounds is None or request.rounds <= cycle_length(n))


def _arrives_or_leaves(absent: frozenset[int], last: int) -> bool:
    """Whether rounds away are one stretch from the start (a late arrival: the bulletin's outsider who
    enters the game) or to the end (an early leaver); a break in the middle is neither."""
    if not absent:
        return True
    stretch = set(range(min(absent), max(absent) + 1))
    return absent == stretch and (min(absent) == 1 or max(absent) >= last)


def _score_sheet(
    request: PlanRequest, first_present: Sequence[str]
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Score-sheet order: the first cut among those present for round 1, then late arrivals as given."""
    drawn_cut: tuple[tuple[str, str], ...] = ()
    if request.order is Order.GIVEN:
        ranked = tuple(first_present)
    else:
        ranked, drawn = cut(first_present, request.seed)
        drawn_cut = tuple(zip(ranked, drawn, strict=True))
    late = tuple(name for name in request.names if name not in first_present)
    return ranked + late, drawn_cut


def _bulletin_plan(request: PlanRequest) -> Plan:
    """The bulletin's movement; when the group changes, a new cut and the movement for the new size."""
    names = request.names
    rounds = request.rounds
    notes: list[Note] = []
    if rounds is None:
        horizon = 1000
        absent = _absences(request, horizon)
        starts = [r for rs in absent.values() for r in (min(rs), max(rs) + 1) if 1 < r <= horizon]
        last_change = max(starts, default=1) - 1  # rounds before the group stops changing
        leaving = [a for a in request.away if a.from_round is not None]
        group_after = [n for n in names if last_change + 1 not in absent.get(n, frozenset())]
        size = len(group_after)
        if size not in BULLETIN_SIZES:
            raise PlanError(refused("bulletin size", size=size))
        rounds = last_change + cycle_length(size)
        if leaving:
            rounds = max(rounds, max(a.from_round or 0 for a in leaving))
        notes.append(Note(bulletin_rounds_note(rounds, size < 6, bool(last_change))))
    absent = _absences(request, rounds)
    present_in = [[n for n in names if r not in absent.get(n, frozenset())] for r in range(1, rounds + 1)]
    sheet, drawn_cut = _score_sheet(request, present_in[0])
    number = {name: p for p, name in enumerate(sheet)}
    result: list[Round] = []
    for index, (start, length) in enumerate(_segments(present_in)):
        group = present_in[start]
        if len(group) not in BULLETIN_SIZES:
            raise PlanError(refused("bulletin round", round=start + 1, count=len(group)))
        if index == 0:
            ranked = [n for n in sheet if n in group]
        elif request.order is Order.GIVEN:
            ranked = [n for n in names if n in group]
        else:
            ranked = list(cut(group, request.seed + index)[0])
            notes.append(
                Note(
                    _("round {round}: a new cut for {count} players: {names}").format(
                        round=start + 1, count=len(group), names=", ".join(ranked)
                    )
                )
            )
        to_sheet = [number[name] for name in ranked]
        segment = bulletin_movement(len(group), length)
        result.extend(rnd.mapped(to_sheet) for rnd in segment.rounds)
    movement = Movement(len(sheet), tuple(result), name="Bulletin #16")
    return Plan(Schedule(sheet, movement), "bulletin", drawn_cut, tuple(notes))


def _segments(present_in: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """(first round index, length) of each stretch of rounds with the same players present."""
    starts = [r for r in range(len(present_in)) if r == 0 or set(present_in[r]) != set(present_in[r - 1])]
    bounds = [*starts, len(present_in)]
    return [(a, b - a) for a, b in pairwise(bounds)]


def default_rounds(n_players: int, tables: int) -> int:
    """Enough rounds for every pair to partner once: 2 x tables partnerships a round over n(n-1)/2 pairs."""
    return -(-n_players * (n_players - 1) // (4 * tables))


def _balanced_plan(request: PlanRequest, on_progress: Callable[[Progress], None] | None) -> Plan:
    """The book's whist design when whole passes of it fit the request; else the CP-SAT planner, starting
    from the design (cut short) where the book has one for the group."""
    from rotation.movements.order import is_prefix_balanced, prefix_movement, prefix_order
    from rotation.solver import WORK, InvalidSpecError, PlanSpec, PrefixOrder, Status, solve

    notes: list[Note] = []
    kept = request.keep
    if kept is not None:
        sheet, drawn_cut = _kept_sheet(request, kept)
    else:
        sheet, drawn_cut = (), ()
    rounds = request.rounds
    if rounds is None:
        rounds, note = _balanced_rounds(request, kept)
        notes.append(note)
    _away_within(request, rounds)
    absent = _absences(request, rounds)
    if kept is None:
        first_present = [n for n in request.names if 1 not in absent.get(n, frozenset())]
        if not first_present:
            raise PlanError(refused("nobody"))
        sheet, drawn_cut = _score_sheet(request, first_present)
    number = {name: p for p, name in enumerate(sheet)}
    away: dict[int, frozenset[int]] = {
        number[name]: frozenset(r - 1 for r in rs) for name, rs in absent.items()
    }
    keep_movement = previous = None
    if kept is not None:
        if kept.rounds > rounds:
            raise PlanError(
                f"{kept.rounds} rounds kept but the evening has only {rounds}",
                part=Part.KEEP,
                fault=Fault.KEPT_BEYOND_EVENING,
                kept=kept.rounds,
                has=rounds,
            )
        old = kept.schedule
        to_new = [number[name] for name in old.players]
        keep_movement = Movement(len(sheet), tuple(r.mapped(to_new) for r in old.rounds[: kept.rounds]))
        previous = Movement(len(sheet), tuple(r.mapped(to_new) for r in old.rounds))
        here = {name_key(n) for n in request.names}
        for name in sheet:
            p = number[name]
            if name_key(name) not in here:  # left: away from the first replanned round on
                away[p] = away.get(p, frozenset()) | frozenset(range(kept.rounds, rounds))
            if name not in old.players:  # new: was not there for the kept rounds
                away[p] = away.get(p, frozenset()) | frozenset(range(kept.rounds))
        away = {p: rs for p, rs in away.items() if rs}
    avoid = frozenset((number[_real(sheet, a)], number[_real(sheet, b)]) for a, b in request.avoid)
    couples = tuple((number[_real(sheet, a)], number[_real(sheet, b)]) for a, b in request.couples)
    if couples:
        from rotation.couples import never_partners

        avoid |= never_partners(couples, request.mixed)
    design = book_start = None
    if request.mixed and kept is None and not away and request.tables in (None, len(sheet) // 4):
        from rotation.movements.couples import cyclic_mixed, mixed_design, mixed_design_rounds

        design = mixed_design(len(sheet), couples, rounds)
        if design is not None and rounds % (mixed_design_rounds(len(couples)) or 1) == 0:
            notes.append(
                Note(
                    "from a spouse-avoiding mixed doubles design: every first-named partners every other"
                    f" couple's second-named {times(rounds // (len(couples) - 1))}"
                )
            )
        design = design or cyclic_mixed(len(sheet), couples, rounds)  # a start for the planner
    elif (
        couples
        and not request.mixed
        and kept is None
        and not away
        and not request.avoid
        and not request.history
    ):
        keep_movement, book_start, said = couples_book(len(sheet), couples, rounds, request.tables)
        notes.extend(Note(text) for text in said)
    meet_once_whole = False
    tables: int | tuple[int, ...] | None = request.tables
    if kept is None and away and not avoid and request.tables is None:
        booked = book_with_away(len(sheet), rounds, away)
        if booked is not None:  # the book's evening, the absent players' table-mates sitting out
            keep_movement, tables = booked, tuple(len(rnd.tables) for rnd in booked)
            notes.append(
                Note(
                    _(
                        "from the book of evenings where nobody meets anyone twice, the table-mates of"
                        " players away sitting out those rounds, the players away placed and the book's"
                        " rounds ordered for it"
                    )
                )
            )
    if kept is None and not away and not avoid and request.tables in (None, len(sheet) // 4):
        books = whist_or_meet_once(len(sheet), rounds)
        notes.extend(Note(text) for text in books.notes)
        if books.whole == "whist" and books.design is not None:
            return Plan(Schedule(sheet, books.design), "whist design", drawn_cut, tuple(notes), None, avoid)
        design, meet_once_whole = books.design, books.whole == "meet-once"
        keep_movement, book_start = books.first, books.start
    seed = request_seed(request)
    evening, said = small_book(len(sheet), rounds, request.tables, not (kept or away or avoid))
    if evening is not None and request.history:  # seated for the season, then planned both ways below
        evening = small_book_for_season(evening, sheet, request.history, seed)
    else:
        notes.extend(Note(text) for text in said)
    placed = None  # part-timers at one or two tables: the book's evening with them placed (issue 26)
    if (
        evening is None
        and away
        and not (kept or avoid or request.history or couples)
        and keep_movement is None
    ):
        placed = small_book_with_away(len(sheet), rounds, request.tables, away, seed)
    last_partners: frozenset[tuple[int, int]] = frozenset()
    season: dict[tuple[int, int], int] = {}
    if request.history and kept is None:
        from rotation.history import season_pairs
        from rotation.movements.season import seat_book_for_season

        last_partners, season = season_pairs(request.history, sheet)
        if keep_movement is not None and tables is None:  # the book's rounds, chosen for the season too
            keep_movement = seat_book_for_season(keep_movement, sheet, request.history, seed)
        if book_start is not None:
            book_start = seat_book_for_season(book_start, sheet, request.history, seed)
        if design is not None and meet_once_whole:  # the season's seating relabels it after (plan())
            last_partners, season = frozenset(), {}
    started = time.monotonic()

    def planned(
        keep: Movement | None,
        hint: Movement | None = None,
        proven: Mapping[str, int] | None = None,
        *,
        book: bool = True,
    ) -> tuple[PlanSpec, SolveResult]:
        spec = PlanSpec(
            len(sheet),
            rounds,
            tables=tables,
            avoid=avoid,
            away=away,
            keep=keep,
            previous=previous,
            names=tuple(sheet),
            reseat_kept=kept is None and keep is not None,  # the book's rounds, not yet played
            apart=frozenset(couples),
            last_partners=last_partners,
            season_partners=season,
        )
        left = request.time_limit - (time.monotonic() - started)  # one cap for the whole request
        return spec, solve(
            spec,
            work=request.work or WORK,
            time_limit=max(0.01, left),
            seed=seed,
            on_progress=on_progress,
            hint=hint if hint is not None else evening.movement if evening else design,
            proven=proven if hint is not None else evening.bounds if evening and book else None,
            prefix=PrefixOrder(order=prefix_order, balanced=is_prefix_balanced, build=prefix_movement),
        )

    try:
        if placed is not None:
            spec, result, said = best_with_placed(lambda hint, proven: planned(None, hint, proven), *placed)
            notes.extend(Note(text) for text in said)
        else:
            spec, result = planned(keep_movement)
        if evening is not None and request.history:  # the book's evening as it is, or a search from it
            result, said = small_book_in_season(result, lambda: planned(keep_movement, book=False)[1], said)
            notes.extend(Note(text) for text in said)
        if book_start is not None:  # each plan has the whole work budget; the cap is shared
            with_book = planned(book_start)
            cut_short = result.cut_short or with_book[1].cut_short
            if with_book[1].movement is not None and (
                result.movement is None or _ranked(with_book[1]) <= _ranked(result)
            ):
                spec, result = with_book
                notes.append(Note(book_start_text(len(book_start))))
            result = replace(result, cut_short=cut_short)
    except InvalidSpecError as error:
        raise PlanError(str(error)) from None
    if result.status is Status.INFEASIBLE:
        raise PlanError(refused("infeasible", reason=result.reason))
    if result.movement is None:
        raise PlanError(
            f"no schedule found within {request.time_limit:g} s",
            part=Part.TIME_LIMIT,
            fault=Fault.NOT_FOUND_IN_TIME,
            seconds=request.time_limit,
        )
    return Plan(Schedule(sheet, result.movement), "balanced", drawn_cut, tuple(notes), result, spec.avoid)


def _away_within(request: PlanRequest, rounds: int) -> None:
    """Rounds away past the evening's last are a mistake to say, not to drop (an open stretch, from a
    round on, simply ends with the evening)."""
    for away in request.away:
        beyond = sorted(r for r in away.rounds if r > rounds)
        if beyond:
            raise PlanError(
                f"{_real(request.names, away.name)} is away in round {beyond[0]}, but the evening has"
                f" {rounds} rounds",
                part=Part.AWAY,
                fault=Fault.AFTER_THE_EVENING,
                name=_real(request.names, away.name),
                round=beyond[0],
                rounds=rounds,
            )


def _ranked(result: SolveResult) -> tuple[int, ...]:
    """A plan's terms in order of priority: the lower, the better (ties to the later rules)."""
    return tuple(term.value for term in result.terms)


def _balanced_rounds(request: PlanRequest, kept: Kept | None) -> tuple[int, Note]:
    """The default length of a balanced evening, and a note saying how it was chosen."""
    if kept is not None and len(kept.schedule.rounds) > kept.rounds:
        total = len(kept.schedule.rounds)
        return total, Note(_("{rounds} rounds, as in the plan being replaced").format(rounds=total))
    n = len(request.names)
    if kept is None and request.away and not request.avoid and n in BULLETIN_SIZES and request.tables is None:
        rounds = cycle_length(n)
        return rounds, Note(
            _(
                "{rounds} rounds: the bulletin's evening for {count} players, balanced for those away"
                " (the bulletin's new cut at each arrival or departure would make it longer)"
            ).format(rounds=rounds, count=n)
        )
    tables = request.tables or n // 4
    if tables < 1:
        raise PlanError(refused("no table", count=n))
    wanted = default_rounds(n, tables)
    start = kept.rounds if kept is not None else 0
    which = "avoid" if request.avoid else "all"
    if request.couples:  # the pairs allowed to partner, two partnerships a table each round
        pairs, which = n * (n - 1) // 2 - len(request.couples), "couples"
        if request.mixed:
            pairs, which = len(request.couples) * (len(request.couples) - 1), "mixed"
        wanted = -(-pairs // (2 * tables))
    if wanted <= LONGEST_DEFAULT_EVENING:
        said = _(ENOUGH[which])
        return start + wanted, Note(said.format(rounds=start + wanted, avoided=_avoided(request)))
    said = _(WOULD_TAKE[which])
    return (
        start + LONGEST_DEFAULT_EVENING,
        Note(
            said.format(
                rounds=start + LONGEST_DEFAULT_EVENING, avoided=_avoided(request), wanted=start + wanted
            ),
            Part.ROUNDS,
            start + wanted,
        ),
    )


def _avoided(request: PlanRequest) -> str:
    """The pairs who must not partner, as a note names them: ``Ann and Helen``."""
    return "; ".join(
        _("{first} and {second}").format(first=_real(request.names, a), second=_real(request.names, b))
        for a, b in request.avoid
    )


def _kept_sheet(request: PlanRequest, kept: Kept) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Keeping played rounds keeps the score sheet: its players in order, newcomers after them."""
    old = {name_key(n) for n in kept.schedule.players}
    newcomers = tuple(n for n in request.names if name_key(n) not in old)
    return kept.schedule.players + newcomers, ()


def measured(result: Plan) -> Plan:
    """``result`` with each of the balanced planner's rules valued as the checker counts it on the plan's
    schedule (``rotation.balance.rule_values``), not as the solver left it: the season's seating runs after
    the solver and may change a value (a re-pairing that saves seat moves). Only the bounds are the
    solver's; "changes from the previous plan" stays the solver's count (no later stage runs with --keep)."""
    if result.solved is None:
        return result
    from rotation.balance import rule_values

    values = rule_values(result.checked())
    terms = tuple(replace(t, value=values.get(t.name, t.value)) for t in result.solved.terms)
    return replace(result, solved=replace(result.solved, terms=terms))

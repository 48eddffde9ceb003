"""What a face reads and reports without saving anything: a schedule or session file's text read, a
schedule's balance checked, an evening tallied, the season's pairs counted, a typed name matched to its
stored spelling. The faces hand in what the user gave (a file's text, a saved evening) and print what
comes back; none of them reaches the readers, the balance check or the history below.

The value types these answers carry (`Schedule`, `Session`, `RubberRecord`, `TallySheet`, `Balance`)
are named here so a face can declare them; the functions that make or change them stay below."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from rotation.balance import Balance, CouplesBalance, Stop, check, check_couples, stops
from rotation.io.formats import schedule_from_data, session_from_data
from rotation.jsontext import loads
from rotation.model import Schedule
from rotation.names import clean_name
from rotation.results.session import RubberRecord, Session, TallySheet, tally

if TYPE_CHECKING:
    from rotation.io.store import Store

__all__ = [
    "Balance",
    "CouplesBalance",
    "PairCounts",
    "PairSpread",
    "RubberRecord",
    "Schedule",
    "ScheduleCheck",
    "Session",
    "TallySheet",
    "check_schedule",
    "json_value",
    "known_as",
    "pair_counts",
    "read_schedule",
    "read_session",
    "tally_evening",
]

PAIRS_LISTED = 10
"""`pair_counts` names the pairs who partnered (and who shared a table) most, this many at most."""


def json_value(text: str) -> object:
    """A file's text as JSON, its nesting and numbers bounded (JsonTextError, the user's, else)."""
    value: object = loads(text)
    return value


def read_schedule(data: object) -> Schedule:
    """A chicago-schedule/1 (or a session file's schedule) read from its JSON (FormatError else)."""
    return schedule_from_data(data)


def read_session(data: object) -> Session:
    """A session file (schedule, scoring, results) read from its JSON (FormatError, SessionError)."""
    return session_from_data(data)


@dataclass(frozen=True, slots=True)
class ScheduleCheck:
    """A schedule's balance as a whole, and as if the evening stopped after each round."""

    schedule: Schedule
    balance: Balance
    couples: CouplesBalance | None = None
    """With couples in the schedule: whether they were kept apart and partnerships mixed."""

    def stops(self) -> Iterator[Stop]:
        """The evening stopped after each round, counted as the rows are wanted (`balance.stops`): one
        pass, never a copy of every pair's counts a round, so memory stays that of one check."""
        return stops(self.schedule.movement)


def check_schedule(schedule: Schedule) -> ScheduleCheck:
    """`chicago check`: partners, opponents, sit-outs, first deals and seat moves for the whole evening,
    and (`ScheduleCheck.stops`) as if it stopped after each round; with couples, whether they were kept
    apart and partnerships mixed (the partner spread then leaves out the pairs who may not partner)."""
    if not schedule.couples:
        return ScheduleCheck(schedule, check(schedule.movement))
    from rotation.couples import never_partners

    avoid = never_partners(schedule.couples, schedule.mixed)
    couples = check_couples(schedule.movement, schedule.couples, mixed=schedule.mixed)
    return ScheduleCheck(schedule, check(schedule.movement, avoid=avoid, apart=schedule.couples), couples)


def tally_evening(session: Session) -> TallySheet:
    """The bulletin's score sheet of an evening: each player's running plus/minus and the standings
    (SessionError for a result that does not fit the schedule)."""
    return tally(session)


@dataclass(frozen=True, slots=True)
class PairSpread:
    """How many pairs did something (partnered, shared a table) 0, 1, 2... times, and who did it most
    (``(name, name, times)``, more than once, most first)."""

    spread: tuple[tuple[int, int], ...]
    most: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True, slots=True)
class PairCounts:
    """`chicago check --season`: the evenings counted (first and last day), the players and pairs, and
    the spread of partnering and of sharing a table."""

    evenings: int
    first: date | None
    last: date | None
    players: int
    pairs: int
    partnered: PairSpread
    shared: PairSpread


def pair_counts(store: Store | None, *, since: date | None = None, until: date | None = None) -> PairCounts:
    """Over the evenings saved from ``since`` to ``until`` (none: a database with nothing saved yet),
    how often each pair of players partnered and shared a table."""
    from rotation.services.season import pairs

    history = pairs(store, since=since, until=until)
    names = history.spelling()
    players = sorted(names)
    every = [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]
    first = history.evenings[0].played_on if history.evenings else None
    last = history.evenings[-1].played_on if history.evenings else None

    def spread_of(counts: dict[tuple[str, str], int]) -> PairSpread:
        spread: dict[int, int] = {}
        for pair in every:
            spread[counts.get(pair, 0)] = spread.get(counts.get(pair, 0), 0) + 1
        most = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:PAIRS_LISTED]
        listed = tuple((names[a], names[b], c) for (a, b), c in most if c > 1)
        return PairSpread(tuple(sorted(spread.items())), listed)

    return PairCounts(
        len(history),
        first,
        last,
        len(players),
        len(every),
        spread_of(history.partners()),
        spread_of(history.mates()),
    )


def known_as(given: Sequence[str], kept: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """``(typed, known)`` for each name saved as a player the database already knew under another
    spelling (spacing and composition alone are tidied without a word)."""
    return tuple(
        (typed, known) for typed, known in zip(given, kept, strict=True) if clean_name(typed) != known
    )

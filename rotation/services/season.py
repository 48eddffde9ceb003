"""The season's use cases: rank the saved evenings of a period (for the command line, or for a club link's
holder), one player's season evening by evening, list the players the database knows, and rename (or
merge) a player in every evening."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Final

from rotation.errors import UserError
from rotation.history import History, history_of
from rotation.io.store import Renamed, Store
from rotation.names import name_key
from rotation.results.changes import TERMINAL, Source
from rotation.results.season import Played, PlayerEvening, Season, SeasonLine, player_evenings, season
from rotation.results.units import RankBy, TallyUnit
from rotation.services.club import open_club

__all__ = [
    "MAX_COUNT",
    "BestNotRankedError",
    "CountOutOfRangeError",
    "History",
    "PeriodReversedError",
    "PlayerEvening",
    "PlayerSeason",
    "RankAsked",
    "RankAskedError",
    "Renamed",
    "Season",
    "SeasonLine",
    "check_period",
    "club_rank",
    "list_players",
    "pairs",
    "player_key",
    "player_season",
    "rank",
    "rename_player",
]


MAX_COUNT: Final = 999
"""The largest minimum of rubbers or evenings, or best N, the standings may be asked for."""


class RankAskedError(UserError, ValueError):
    """Standings asked with options that cannot go together or are out of bounds: the user's mistake,
    said in one sentence the same on every face (exit 2 at the terminal, a 400 on a page)."""


class PeriodReversedError(RankAskedError):
    """The period starts after it ends: it could hold no evening."""

    def __init__(self, since: date, until: date) -> None:
        super().__init__(f"since ({since.isoformat()}) is after until ({until.isoformat()})")
        self.since, self.until = since, until


class BestNotRankedError(RankAskedError):
    """Only each player's best evenings count when ranking by total or by points (an average or a
    rating of some evenings only would mean nothing)."""

    def __init__(self, by: RankBy) -> None:
        super().__init__(f"best counts each player's best sessions by total or by points, not by {by.value}")
        self.by = by


class CountOutOfRangeError(RankAskedError):
    """A minimum of rubbers or evenings, or a best N, below 1 or over `MAX_COUNT`."""

    def __init__(self, option: str, value: int) -> None:
        super().__init__(f"{option} is a whole number from 1 to {MAX_COUNT}, not {value}")
        self.option, self.value = option, value


def check_period(since: date | None, until: date | None) -> None:
    """PeriodReversedError when ``since`` is after ``until`` (either may be open)."""
    if since is not None and until is not None and since > until:
        raise PeriodReversedError(since, until)


@dataclass(frozen=True, slots=True)
class RankAsked:
    """What a season's standings are asked for, as `chicago rank`'s options and the season page's query
    say it: the period (both days included), the unit (needed when evenings tally in different units),
    what to rank on, and the club's rules: a minimum of rubbers and of evenings to qualify, only each
    player's ``best`` evenings counting.

    Made only as the season can answer it: the season's rules are checked here, once for every face
    (RankAskedError: PeriodReversedError, BestNotRankedError, CountOutOfRangeError)."""

    since: date | None = None
    until: date | None = None
    unit: TallyUnit | None = None
    by: RankBy = RankBy.TOTAL
    min_rubbers: int = 1
    min_evenings: int = 1
    best: int | None = None

    def __post_init__(self) -> None:
        check_period(self.since, self.until)
        for option, value in (
            ("min_rubbers", self.min_rubbers),
            ("min_evenings", self.min_evenings),
            ("best", self.best),
        ):
            if value is not None and not 1 <= value <= MAX_COUNT:
                raise CountOutOfRangeError(option, value)
        if self.best is not None and self.by not in (RankBy.TOTAL, RankBy.POINTS):
            raise BestNotRankedError(self.by)


def rank(store: Store | None, asked: RankAsked = RankAsked()) -> Season:
    """The standings asked for (``store`` None: a database with nothing saved yet). MixedUnitsError when
    the evenings tally in different units and no ``unit`` picks one; a RankAsked breaking the season's
    rules is refused as it is made."""
    stored = store.season(asked.since, asked.until) if store is not None else []
    played = [Played(s.name, s.played_on, s.session) for s in stored]
    return season(
        played,
        unit=asked.unit,
        min_rubbers=asked.min_rubbers,
        by=asked.by,
        min_evenings=asked.min_evenings,
        best=asked.best,
    )


def club_rank(store: Store, key: str | None, asked: RankAsked = RankAsked()) -> Season:
    """`rank`, for the holder of a club link (the season's or the host's): RefusedError for any other."""
    open_club(store, key)
    return rank(store, asked)


@dataclass(frozen=True, slots=True)
class PlayerSeason:
    """One player's season: their line in the standings (unranked, rank 0, when they did not qualify) and
    every evening they played."""

    season: Season
    line: SeasonLine
    evenings: tuple[PlayerEvening, ...]


def player_key(name: str) -> str:
    """How a player's season page is addressed: the name as every evening matches it (case, spacing
    and composition aside), which stays the same however the standings move."""
    return name_key(name)


def player_season(
    store: Store,
    key: str | None,
    player: str,
    *,
    since: date | None = None,
    until: date | None = None,
    unit: TallyUnit | None = None,
) -> PlayerSeason | None:
    """The season of ``player`` (a name, compared as `name_key`) for a club link's holder, by the same
    `rank`; None when they played no rubber in the period. RefusedError for a wrong link."""
    open_club(store, key)
    result = rank(store, RankAsked(since=since, until=until, unit=unit))
    wanted = name_key(player)
    line = next((x for x in (*result.lines, *result.left_out) if name_key(x.name) == wanted), None)
    if line is None:
        return None
    return PlayerSeason(result, line, player_evenings(result.sessions, wanted))


def list_players(store: Store | None) -> list[tuple[str, int]]:
    """Every known player with the number of evenings they are in, by name."""
    return store.players() if store is not None else []


def rename_player(
    store: Store, old: str, new: str, *, merge: bool = False, source: Source = TERMINAL
) -> Renamed:
    """Rename a player in every evening; with ``merge``, make them one with a player already known. Each
    evening's log keeps the name it had, from ``source``."""
    return store.rename_player(old, new, merge=merge, source=source)


def pairs(store: Store | None, *, since: date | None = None, until: date | None = None) -> History:
    """Who partnered and who shared a table with whom in the evenings played from ``since`` to ``until``
    (an empty history for a database with nothing saved yet). PeriodReversedError for a period that
    ends before it starts, as for the standings."""
    check_period(since, until)
    stored = store.season(since, until) if store is not None else []
    return history_of((s.played_on, s.session.schedule) for s in stored)

"""The season's use cases: rank the saved evenings of a period, list the players the database knows, and
rename (or merge) a player in every evening."""

from __future__ import annotations

from datetime import date

from rotation.history import History, history_of
from rotation.io.store import Renamed, Store
from rotation.results.season import Played, Season, season
from rotation.results.units import RankBy, TallyUnit

__all__ = ["History", "Renamed", "Season", "list_players", "pairs", "rank", "rename_player"]


def rank(
    store: Store | None,
    *,
    since: date | None = None,
    until: date | None = None,
    unit: TallyUnit | None = None,
    min_rubbers: int = 1,
    by: RankBy = RankBy.TOTAL,
    min_evenings: int = 1,
    best: int | None = None,
) -> Season:
    """The standings of the evenings played from ``since`` to ``until`` (None: a database with nothing
    saved yet), ranked on ``by``, with the club's rules: a minimum of rubbers and of evenings to qualify,
    only the ``best`` evenings counting. MixedUnitsError when they tally in different units and no
    ``unit`` picks one."""
    stored = store.season(since, until) if store is not None else []
    played = [Played(s.name, s.played_on, s.session) for s in stored]
    return season(played, unit=unit, min_rubbers=min_rubbers, by=by, min_evenings=min_evenings, best=best)


def list_players(store: Store | None) -> list[tuple[str, int]]:
    """Every known player with the number of evenings they are in, by name."""
    return store.players() if store is not None else []


def rename_player(store: Store, old: str, new: str, *, merge: bool = False) -> Renamed:
    """Rename a player in every evening; with ``merge``, make them one with a player already known."""
    return store.rename_player(old, new, merge=merge)


def pairs(store: Store | None, *, since: date | None = None, until: date | None = None) -> History:
    """Who partnered and who shared a table with whom in the evenings played from ``since`` to ``until``
    (an empty history for a database with nothing saved yet)."""
    stored = store.season(since, until) if store is not None else []
    return history_of((s.played_on, s.session.schedule) for s in stored)

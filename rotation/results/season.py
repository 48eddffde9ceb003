"""Season standings: the tallies of many sessions added up per player, and ranked with ties as ties.

Pure: the store picks the sessions (by date) and names each player the same way in every session; here a
player is a name compared ignoring case and surrounding spaces (`name_key`), so files and stored sessions
rank alike. Each session is tallied by its own scoring rules, by the same code as `chicago tally`, so a
season total is always the sum of the session tallies.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from rotation.names import name_key
from rotation.results.session import Session, tally
from rotation.results.units import RankBy, TallyUnit, tally_unit
from scoring.tally import competition_ranks


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """One player's line in the season standings."""

    name: str
    total: int
    played: int
    """Rubbers played (a sit-out is not a rubber played)."""
    sessions: int
    """Sessions in which the player played at least one recorded rubber."""
    rank: int
    """1 for the best; equal players share the better rank (1, 2, 2, 4)."""
    tied: bool

    @property
    def average(self) -> Fraction:
        """Plus/minus per rubber played, exact."""
        return Fraction(self.total, self.played)

    def rounded_average(self, places: int = 2) -> Decimal:
        """The average rounded half away from zero: ``Decimal('1.25')``, ``Decimal('-0.33')``."""
        value = Decimal(self.average.numerator) / Decimal(self.average.denominator)
        return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) + 0

    def average_text(self, places: int = 2) -> str:
        """The average as printed, signed: ``+1.25``, ``-0.33``, ``0.00``."""
        rounded = self.rounded_average(places)
        return f"{rounded:+}" if rounded else f"{abs(rounded)}"


def season_standings(
    sessions: Iterable[Session], *, min_rubbers: int = 1, by: RankBy = RankBy.TOTAL
) -> tuple[SeasonLine, ...]:
    """Every player with at least ``min_rubbers`` rubbers played, best first.

    Ranking is on the total (or the average), highest first; equal values are ties and share the better
    rank, listed by name. A player's name is taken from the last session given.
    """
    if min_rubbers < 1:
        raise ValueError(f"the minimum number of rubbers is at least 1, not {min_rubbers}")
    names: dict[str, str] = {}
    totals: dict[str, int] = {}
    played: dict[str, int] = {}
    attended: dict[str, int] = {}
    for session in sessions:
        sheet = tally(session)
        for standing in sheet.standings:
            if not standing.rubbers:
                continue
            name = session.schedule.name(standing.player)
            key = name_key(name)
            names[key] = name
            totals[key] = totals.get(key, 0) + standing.total
            played[key] = played.get(key, 0) + standing.rubbers
            attended[key] = attended.get(key, 0) + 1
    eligible = [key for key in names if played[key] >= min_rubbers]

    def value(key: str) -> Fraction:
        return Fraction(totals[key]) if by is RankBy.TOTAL else Fraction(totals[key], played[key])

    order = sorted(eligible, key=lambda key: (-value(key), key))
    places = competition_ranks([value(key) for key in order])
    return tuple(
        SeasonLine(names[key], totals[key], played[key], attended[key], rank, tied)
        for key, (rank, tied) in zip(order, places, strict=True)
    )


class MixedUnitsError(ValueError):
    """Sessions whose tallies count in different units cannot be added up."""


@dataclass(frozen=True, slots=True)
class Played:
    """A session as the season sees it: its name, date and contents (the store's, or a file's)."""

    name: str
    played_on: date
    session: Session


@dataclass(frozen=True, slots=True)
class Season:
    """The standings of the sessions chosen, and who played too few rubbers to be ranked."""

    sessions: tuple[Played, ...]
    unit: TallyUnit
    by: RankBy
    min_rubbers: int
    lines: tuple[SeasonLine, ...]
    left_out: tuple[SeasonLine, ...]
    not_played: tuple[str, ...] = ()
    """Players in a session chosen who have played no rubber in any of them: not ranked, listed apart."""


def season(
    played: Sequence[Played],
    *,
    unit: TallyUnit | None = None,
    min_rubbers: int = 1,
    by: RankBy = RankBy.TOTAL,
) -> Season:
    """The season over ``played`` (only those tallied in ``unit`` when given). MixedUnitsError when the
    sessions count in different units: totals in hundreds and in IMPs do not add up."""
    chosen = tuple(p for p in played if unit is None or tally_unit(p.session.rules) is unit)
    units: dict[TallyUnit, list[str]] = {}
    for p in chosen:
        units.setdefault(tally_unit(p.session.rules), []).append(p.name)
    if len(units) > 1:
        kinds = "; ".join(f"{kind.label}: {', '.join(names)}" for kind, names in units.items())
        raise MixedUnitsError(f"the sessions count in different units ({kinds})")
    sessions = [p.session for p in chosen]
    everyone = season_standings(sessions, by=by)
    return Season(
        chosen,
        next(iter(units), unit or TallyUnit.HUNDREDS),
        by,
        min_rubbers,
        season_standings(sessions, min_rubbers=min_rubbers, by=by),
        tuple(line for line in everyone if line.played < min_rubbers),
        _not_played(sessions, {name_key(line.name) for line in everyone}),
    )


def _not_played(sessions: Sequence[Session], ranked: set[str]) -> tuple[str, ...]:
    """The players of ``sessions`` with no rubber in any of them, by name as last given, in order."""
    names: dict[str, str] = {}
    for session in sessions:
        for name in session.schedule.players:
            if name_key(name) not in ranked:
                names[name_key(name)] = name
    return tuple(names.values())

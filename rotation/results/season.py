"""Season standings: the tallies of many sessions added up per player, and ranked with ties as ties.

A season also rates each player (`rotation.results.rating`) and applies the competition rules clubs use
(`rotation.results.competition`): a minimum attendance, the best N evenings, placing points per evening.

Pure: the store picks the sessions (by date) and names each player the same way in every session; here a
player is a name compared ignoring case and surrounding spaces (`name_key`), so files and stored sessions
rank alike. Each session is tallied by its own scoring rules, by the same code as `chicago tally`, so a
season total is always the sum of the session tallies.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from rotation.errors import UserError
from rotation.names import name_key
from rotation.results.competition import best_of, placing_points
from rotation.results.rating import RatedRubber, ratings
from rotation.results.session import Session, tally
from rotation.results.units import RankBy, TallyUnit, tally_unit
from scoring.seat import Side
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
    rating: float = 0.0
    """Strength in tally units per rubber, allowing for partners and opponents (`rating.ratings`)."""
    rating_error: float = 0.0
    """The rating's standard error."""
    evening_totals: tuple[int, ...] = ()
    """The player's total of each session played, oldest first."""
    evening_points: tuple[Fraction, ...] = ()
    """The placing points of each session played (`competition.placing_points`), oldest first."""
    best: int | None = None
    """Only the ``best`` highest evening totals (or points) count, when given."""

    @property
    def average(self) -> Fraction:
        """Plus/minus per rubber played, exact."""
        return Fraction(self.total, self.played)

    def rounded_average(self, places: int = 2) -> Decimal:
        """The average rounded half away from zero: ``Decimal('1.25')``, ``Decimal('-0.33')``."""
        return _rounded(self.average, places)

    def average_text(self, places: int = 2) -> str:
        """The average as printed, signed: ``+1.25``, ``-0.33``, ``0.00``."""
        return _signed(self.rounded_average(places))

    @property
    def best_total(self) -> int:
        """The total of the counted evenings: the ``best`` highest evening totals, else the total."""
        return self.total if self.best is None else sum(best_of(self.evening_totals, self.best))

    @property
    def points(self) -> Fraction:
        """Placing points of the counted evenings: the ``best`` highest, else every evening's."""
        return sum(best_of(self.evening_points, self.best), Fraction(0))

    @property
    def counted(self) -> int:
        """Evenings that count: ``best`` of them at most."""
        return self.sessions if self.best is None else min(self.best, self.sessions)

    def rounded_rating(self, places: int = 2) -> Decimal:
        """The rating as printed and ranked: two players shown equal are tied."""
        return _rounded(Fraction(self.rating), places)

    def rounded_rating_error(self, places: int = 2) -> Decimal:
        return _rounded(Fraction(self.rating_error), places)

    def rating_text(self, places: int = 2) -> str:
        """The rating with its error as printed: ``+1.25 ±0.40``."""
        return f"{_signed(self.rounded_rating(places))} ±{self.rounded_rating_error(places)}"

    def points_text(self) -> str:
        """Points as printed: whole, or with a half (ties share), e.g. ``17.5``."""
        return _plain(self.points)


def _rounded(value: Fraction, places: int) -> Decimal:
    """Half away from zero, as a sheet rounds; never ``-0.00``."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) + 0


def _signed(value: Decimal) -> str:
    return f"{value:+}" if value else f"{abs(value)}"


def _plain(value: Fraction) -> str:
    """A whole number as such, else with its decimals: players tied share points in halves (``17.5``)."""
    if value.denominator == 1:
        return str(value.numerator)
    return str(_rounded(value, 2).normalize())


def season_standings(
    sessions: Iterable[Session],
    *,
    min_rubbers: int = 1,
    by: RankBy = RankBy.TOTAL,
    min_evenings: int = 1,
    best: int | None = None,
) -> tuple[SeasonLine, ...]:
    """Every player with at least ``min_rubbers`` rubbers played in at least ``min_evenings`` sessions,
    best first.

    Ranking is on the total (or the average, the rating, the placing points), highest first; with
    ``best``, the total and the points count only each player's ``best`` highest evenings. Equal values
    are ties and share the better rank, listed by name. A player's name is taken from the last session.
    """
    everyone = _season_lines(sessions, best)
    return _ranked(everyone, by, min_rubbers=min_rubbers, min_evenings=min_evenings, best=best)


def _season_lines(sessions: Iterable[Session], best: int | None) -> list[SeasonLine]:
    """Every player who played a rubber, unranked (rank 0), with the rating fitted on every rubber."""
    names: dict[str, str] = {}
    totals: dict[str, list[int]] = {}
    points: dict[str, list[Fraction]] = {}
    played: dict[str, int] = {}
    rubbers: list[RatedRubber[str]] = []
    for session in sessions:
        sheet = tally(session)
        keys = {p: name_key(name) for p, name in enumerate(session.schedule.players)}
        evening: dict[str, int] = {}
        for standing in sheet.standings:
            if not standing.rubbers:
                continue
            name = session.schedule.name(standing.player)
            key = keys[standing.player]
            names[key] = name
            evening[key] = standing.total
            played[key] = played.get(key, 0) + standing.rubbers
        for key, value in placing_points(evening).items():
            totals.setdefault(key, []).append(evening[key])
            points.setdefault(key, []).append(value)
        for rubber in sheet.rubbers:
            north, east, south, west = (keys[p] for p in rubber.seating.players)
            rubbers.append(RatedRubber(north, east, south, west, rubber.ns_tally))
    rated = ratings(rubbers)
    return [
        SeasonLine(
            names[key],
            sum(totals[key]),
            played[key],
            len(totals[key]),
            0,
            False,
            rated[key].value,
            rated[key].error,
            tuple(totals[key]),
            tuple(points[key]),
            best,
        )
        for key in names
    ]


def _ranked(
    lines: Iterable[SeasonLine], by: RankBy, *, min_rubbers: int, min_evenings: int, best: int | None
) -> tuple[SeasonLine, ...]:
    """The lines that qualify, ranked on ``by`` with ties as ties (equal as printed is equal)."""
    if min_rubbers < 1:
        raise ValueError(f"the minimum number of rubbers is at least 1, not {min_rubbers}")
    if min_evenings < 1:
        raise ValueError(f"the minimum number of evenings is at least 1, not {min_evenings}")
    if best is not None and by not in (RankBy.TOTAL, RankBy.POINTS):
        raise ValueError(f"the best evenings count evening totals or points, not the {by.value}")

    def value(line: SeasonLine) -> Fraction:
        if by is RankBy.AVERAGE:
            return line.average
        if by is RankBy.RATING:
            return Fraction(line.rounded_rating())
        if by is RankBy.POINTS:
            return line.points
        return Fraction(line.best_total)

    eligible = [x for x in lines if x.played >= min_rubbers and x.sessions >= min_evenings]
    order = sorted(eligible, key=lambda line: (-value(line), name_key(line.name)))
    places = competition_ranks([value(line) for line in order])
    return tuple(
        replace(line, rank=rank, tied=tied) for line, (rank, tied) in zip(order, places, strict=True)
    )


class MixedUnitsError(UserError, ValueError):
    """Sessions whose tallies count in different units cannot be added up."""


@dataclass(frozen=True, slots=True)
class Played:
    """A session as the season sees it: its name, date and contents (the store's, or a file's)."""

    name: str
    played_on: date
    session: Session


@dataclass(frozen=True, slots=True)
class Season:
    """The standings of the sessions chosen, and who played too few rubbers (or evenings) to be ranked."""

    sessions: tuple[Played, ...]
    unit: TallyUnit
    by: RankBy
    min_rubbers: int
    lines: tuple[SeasonLine, ...]
    left_out: tuple[SeasonLine, ...]
    min_evenings: int = 1
    best: int | None = None
    """Only each player's ``best`` highest evening totals (or points) count, when given."""
    not_played: tuple[str, ...] = ()
    """Players in a session chosen who have played no rubber in any of them: not ranked, listed apart."""


def season(
    played: Sequence[Played],
    *,
    unit: TallyUnit | None = None,
    min_rubbers: int = 1,
    by: RankBy = RankBy.TOTAL,
    min_evenings: int = 1,
    best: int | None = None,
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
    everyone = _season_lines([p.session for p in chosen], best)
    ranked = _ranked(everyone, by, min_rubbers=min_rubbers, min_evenings=min_evenings, best=best)
    qualified = {line.name for line in ranked}
    return Season(
        chosen,
        next(iter(units), unit or TallyUnit.HUNDREDS),
        by,
        min_rubbers,
        ranked,
        tuple(
            line
            for line in _ranked(everyone, by, min_rubbers=1, min_evenings=1, best=best)
            if line.name not in qualified
        ),
        min_evenings,
        best,
        _not_played([p.session for p in chosen], {name_key(line.name) for line in everyone}),
    )


def _not_played(sessions: Sequence[Session], ranked: set[str]) -> tuple[str, ...]:
    """The players of ``sessions`` with no rubber in any of them, by name as last given, in order."""
    names: dict[str, str] = {}
    for session in sessions:
        for name in session.schedule.players:
            if name_key(name) not in ranked:
                names[name_key(name)] = name
    return tuple(names.values())


@dataclass(frozen=True, slots=True)
class PlayerEvening:
    """One evening a player played in: its date and name, their total and rubbers, and their partners
    (in the order first partnered)."""

    played_on: date
    name: str
    total: int
    rubbers: int
    partners: tuple[str, ...]


def player_evenings(played: Iterable[Played], key: str) -> tuple[PlayerEvening, ...]:
    """The evenings of ``played`` in which the player ``key`` (a `name_key`) played a rubber, in order:
    each tallied by the same code as the season, so their totals add up to the season's total."""
    out: list[PlayerEvening] = []
    for evening in played:
        session = evening.session
        names = session.schedule.players
        me = next((p for p, name in enumerate(names) if name_key(name) == key), None)
        if me is None:
            continue
        sheet = tally(session)
        standing = next(s for s in sheet.standings if s.player == me)
        if not standing.rubbers:
            continue
        partners: dict[int, None] = {}
        for rubber in sheet.rubbers:
            for side in (Side.NS, Side.EW):
                pair = rubber.seating.pair(side)
                if me in pair:
                    partners[next(p for p in pair if p != me)] = None
        out.append(
            PlayerEvening(
                evening.played_on,
                evening.name,
                standing.total,
                standing.rubbers,
                tuple(names[p] for p in partners),
            )
        )
    return tuple(out)

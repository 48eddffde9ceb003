"""The season's standings in words, the same on every face: `chicago rank`'s heading and notes, the season
page's and the season sheet's (PDF). The columns and each line's cells are here too, so a table in the
terminal, on a page and on paper shows the same figures printed the same way.

Pure and light: only the season's values, no printer."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Final

from rotation.language import N_, _, day_text, ngettext
from rotation.render.bridge_words import unit_label
from rotation.render.cards import rank_text
from rotation.results.units import POINTS_SCHEME, RankBy
from scoring.tally import signed

if TYPE_CHECKING:
    from rotation.results.season import Season, SeasonLine

__all__ = [
    "POINTS_SCHEME",
    "SeasonWords",
    "counted",
    "options_words",
    "season_words",
    "standings_cells",
    "standings_columns",
]

NO_SESSIONS: Final = N_("No saved sessions in that period.")
"""Marked, not translated: `_` it where it is said."""

COLUMN_WORDS: Final = {
    "rank": N_("rank"),
    "player": N_("player"),
    "total": N_("total"),
    "played": N_("played"),
    "average": N_("average"),
    "sessions": N_("sessions"),
    "rating": N_("rating"),
    "points": N_("points"),
}
"""The standings' columns as a reader reads them (`standings_columns` gives their keys)."""

POINTS_WORDS: Final = N_(
    "placing points: each evening, its N players ranked by their total get N points for first down to 1"
    " for last, players tied sharing the average of their places; summed over the season"
)
"""`POINTS_SCHEME` marked for translation (the request's words, which the command line's help keeps)."""

_BY: Final = {
    RankBy.TOTAL: N_("total"),
    RankBy.AVERAGE: N_("average"),
    RankBy.RATING: N_("rating"),
    RankBy.POINTS: N_("points"),
}


def counted(count: int, word: str, plural: str = "") -> str:
    """``1 round``, ``3 rounds``, ``0 rubbers``: a count with its noun in the number it takes."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


@dataclass(frozen=True, slots=True)
class SeasonWords:
    """What is said around the standings table: the heading above it, the line in its place when nobody
    qualifies (else empty), and the notes below it (who is not ranked and why, what the figure means)."""

    heading: str
    empty: str
    notes: tuple[str, ...]


def season_words(result: Season) -> SeasonWords:
    """`chicago rank`'s words for ``result`` (with no session in the period, only the heading saying so)."""
    if not result.sessions:
        return SeasonWords(_(NO_SESSIONS), "", ())
    first, last = result.sessions[0].played_on, result.sessions[-1].played_on
    best = (
        ""
        if result.best is None
        else ngettext(
            ", each player's best {count} session counted",
            ", each player's best {count} sessions counted",
            result.best,
        ).format(count=result.best)
    )
    by = _(_BY[result.by]) if result.by in _BY else result.by.value
    heading = _("Season standings: {sessions}, {first} to {last}, in {unit}, ranked by {by}{best}").format(
        sessions=_sessions(len(result.sessions)),
        first=day_text(first),
        last=day_text(last),
        unit=unit_label(result.unit),
        by=by,
        best=best,
    )
    empty = (
        ""
        if result.lines
        else _("Nobody has played {qualifying} yet.").format(qualifying=_qualifying(result))
    )
    notes: list[str] = []
    if result.left_out:
        if result.min_evenings == 1:
            names = ", ".join(f"{line.name} ({line.played})" for line in result.left_out)
            notes.append(
                _("Fewer than {rubbers}, not ranked: {names}").format(
                    rubbers=_rubbers(result.min_rubbers), names=names
                )
            )
        else:
            names = ", ".join(
                f"{line.name} ({_rubbers(line.played)}, {_sessions(line.sessions)})"
                for line in result.left_out
            )
            notes.append(
                _("Fewer than {qualifying}, not ranked: {names}").format(
                    qualifying=_qualifying(result, "or"), names=names
                )
            )
    if result.not_played:
        notes.append(_("Not yet played: {names}").format(names=", ".join(result.not_played)))
    if result.by is RankBy.RATING:
        notes.append(_("Rating: tally units a rubber, allowing for partners and opponents; ± its error."))
    elif result.by is RankBy.POINTS:
        notes.append(_("Points: {scheme}.").format(scheme=_(POINTS_WORDS)))
    return SeasonWords(heading, empty, tuple(notes))


def _rubbers(count: int) -> str:
    return ngettext("{count} rubber", "{count} rubbers", count).format(count=count)


def _sessions(count: int) -> str:
    return ngettext("{count} session", "{count} sessions", count).format(count=count)


def column_words(column: str) -> str:
    """A standings column's heading in the language spoken (``best 3`` too)."""
    if column.startswith("best "):
        return _("best {count}").format(count=column.removeprefix("best "))
    return _(COLUMN_WORDS[column]) if column in COLUMN_WORDS else column


def _qualifying(result: Season, joint: str = "in") -> str:
    """What qualifies: ``4 rubbers``, ``in 3 sessions``, ``4 rubbers in 3 sessions`` (with ``joint="or"``,
    the shortfall's words: ``4 rubbers or 3 sessions``)."""
    rubbers = _rubbers(result.min_rubbers)
    if result.min_evenings == 1:
        return rubbers
    sessions = _sessions(result.min_evenings)
    if result.min_rubbers == 1:
        return sessions if joint == "or" else _("in {sessions}").format(sessions=sessions)
    if joint == "or":
        return _("{rubbers} or {sessions}").format(rubbers=rubbers, sessions=sessions)
    return _("{rubbers} in {sessions}").format(rubbers=rubbers, sessions=sessions)


def options_words(result: Season, since: date | None, until: date | None) -> str:
    """The choices that made the season, for a printed sheet's heading: ``Period: from 2024-09-01 to
    2025-06-30; at least 6 rubbers in 4 sessions``."""
    period = _("every saved session")
    if since is not None and until is not None:
        period = _("from {since} to {until}").format(since=day_text(since), until=day_text(until))
    elif since is not None:
        period = _("from {since}").format(since=day_text(since))
    elif until is not None:
        period = _("up to {until}").format(until=day_text(until))
    if result.min_evenings > 1:
        minimum = _("at least {rubbers} in {sessions}").format(
            rubbers=_rubbers(result.min_rubbers), sessions=_sessions(result.min_evenings)
        )
    else:
        minimum = _("at least {rubbers}").format(rubbers=_rubbers(result.min_rubbers))
    return _("Period: {period}; ranked: {minimum}").format(period=period, minimum=minimum)


def _best_column(result_best: int | None, by: RankBy) -> int | None:
    return None if by is RankBy.POINTS else result_best


def standings_columns(by: RankBy, best: int | None) -> tuple[str, ...]:
    """The standings' columns as `chicago rank` prints them: the placing points when they rank, the best
    evenings' total when only those count."""
    columns = ["rank", "player", "total", "played", "average", "sessions", "rating"]
    if _best_column(best, by) is not None:
        columns.append(f"best {best}")
    if by is RankBy.POINTS:
        columns.append("points")
    return tuple(columns)


def standings_cells(line: SeasonLine, by: RankBy, best: int | None) -> tuple[str, ...]:
    """One player's cells, in `standings_columns` order: ``=2``, the name, ``+12``, ``9``, ``+1.33``..."""
    cells = [
        rank_text(line.rank, line.tied),
        line.name,
        signed(line.total),
        str(line.played),
        line.average_text(),
        str(line.sessions),
        line.rating_text(),
    ]
    if _best_column(best, by) is not None:
        cells.append(signed(line.best_total))
    if by is RankBy.POINTS:
        cells.append(line.points_text())
    return tuple(cells)

"""The season's standings in words, the same on every face: `chicago rank`'s heading and notes, the season
page's and the season sheet's (PDF). The columns and each line's cells are here too, so a table in the
terminal, on a page and on paper shows the same figures printed the same way.

Pure and light: only the season's values, no printer."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Final

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

NO_SESSIONS: Final = "No saved sessions in that period."


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
        return SeasonWords(NO_SESSIONS, "", ())
    first, last = result.sessions[0].played_on, result.sessions[-1].played_on
    best = "" if result.best is None else f", each player's best {counted(result.best, 'session')} counted"
    heading = (
        f"Season standings: {counted(len(result.sessions), 'session')}, {first.isoformat()} to"
        f" {last.isoformat()}, in {result.unit.label}, ranked by {result.by.value}{best}"
    )
    empty = "" if result.lines else f"Nobody has played {_qualifying(result)} yet."
    notes: list[str] = []
    if result.left_out:
        if result.min_evenings == 1:
            names = ", ".join(f"{line.name} ({line.played})" for line in result.left_out)
            notes.append(f"Fewer than {counted(result.min_rubbers, 'rubber')}, not ranked: {names}")
        else:
            names = ", ".join(
                f"{line.name} ({counted(line.played, 'rubber')}, {counted(line.sessions, 'session')})"
                for line in result.left_out
            )
            notes.append(f"Fewer than {_qualifying(result, 'or')}, not ranked: {names}")
    if result.not_played:
        notes.append(f"Not yet played: {', '.join(result.not_played)}")
    if result.by is RankBy.RATING:
        notes.append("Rating: tally units a rubber, allowing for partners and opponents; ± its error.")
    elif result.by is RankBy.POINTS:
        notes.append(f"Points: {POINTS_SCHEME}.")
    return SeasonWords(heading, empty, tuple(notes))


def _qualifying(result: Season, joint: str = "in") -> str:
    """What qualifies: ``4 rubbers``, ``in 3 sessions``, ``4 rubbers in 3 sessions`` (with ``joint="or"``,
    the shortfall's words: ``4 rubbers or 3 sessions``)."""
    rubbers = counted(result.min_rubbers, "rubber")
    if result.min_evenings == 1:
        return rubbers
    sessions = counted(result.min_evenings, "session")
    if result.min_rubbers == 1:
        return sessions if joint == "or" else f"in {sessions}"
    return f"{rubbers} {joint} {sessions}"


def options_words(result: Season, since: date | None, until: date | None) -> str:
    """The choices that made the season, for a printed sheet's heading: ``Period: from 2024-09-01 to
    2025-06-30; at least 6 rubbers in 4 sessions``."""
    period = "every saved session"
    if since is not None and until is not None:
        period = f"from {since.isoformat()} to {until.isoformat()}"
    elif since is not None:
        period = f"from {since.isoformat()}"
    elif until is not None:
        period = f"up to {until.isoformat()}"
    minimum = f"at least {counted(result.min_rubbers, 'rubber')}"
    if result.min_evenings > 1:
        minimum += f" in {counted(result.min_evenings, 'session')}"
    return f"Period: {period}; ranked: {minimum}"


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

"""Standings as CSV for a spreadsheet, with every text cell safe to open.

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read by spreadsheets as a
formula (``=HYPERLINK(...)`` in a player's name runs when the file is opened). As OWASP recommends for CSV
injection, such a text cell is written with a leading single quote, which spreadsheets show as text.
Numbers are written as numbers, and names as plain text (`names.shown`: no control character).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from rotation.names import shown
from rotation.results.season import SeasonLine

__all__ = ["neutralised", "standings_csv"]

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(text: str) -> str:
    """A text cell a spreadsheet will not run: a leading quote before a formula's first character."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def standings_csv(lines: Iterable[SeasonLine]) -> str:
    """`chicago rank --csv`: rank, tied, name, total, played, average, sessions, then rating,
    rating_error, points, best_total, counted (as in the JSON); one player a row."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        [
            "rank",
            "tied",
            "name",
            "total",
            "played",
            "average",
            "sessions",
            "rating",
            "rating_error",
            "points",
            "best_total",
            "counted",
        ]
    )
    for line in lines:
        writer.writerow(
            [
                line.rank,
                int(line.tied),
                neutralised(shown(line.name)),
                line.total,
                line.played,
                line.rounded_average(),
                line.sessions,
                line.rounded_rating(),
                line.rounded_rating_error(),
                line.points_text(),
                line.best_total,
                line.counted,
            ]
        )
    return buffer.getvalue()

"""The JSON of what the tool reports, as `--json` prints it: an evening's tally, the season's standings,
the list of saved evenings. Stable: keys are added, never renamed."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from pathlib import Path

from rotation.io.store import SessionSummary
from rotation.results.season import Season, SeasonLine
from rotation.results.session import TallySheet
from rotation.results.units import tally_unit


def tally_data(sheet: TallySheet) -> dict[str, object]:
    """The tally as JSON: players with total and rubbers played, and each rubber's points and N-S tally."""
    schedule = sheet.session.schedule
    by_player = {s.player: s for s in sheet.standings}
    return {
        "unit": tally_unit(sheet.session.rules).value,
        "scoring": sheet.session.rules.to_mapping(),
        "players": [
            {
                "name": name,
                "total": by_player[p].total,
                "played": by_player[p].rubbers,
                "rank": by_player[p].rank,
                "tied": by_player[p].tied,
            }
            for p, name in enumerate(schedule.players)
        ],
        "rubbers": [
            {
                "round": r.record.round,
                "table": r.record.table,
                "ns_points": None if r.points is None else r.points[0],
                "ew_points": None if r.points is None else r.points[1],
                "ns_tally": r.ns_tally,
            }
            for r in sheet.rubbers
        ],
    }


def season_data(lines: Iterable[SeasonLine]) -> dict[str, object]:
    """The standings as JSON: ``{"players": [{"name", "total", "played", "average", "sessions", ...}]}``.

    ``average``, ``rating`` and ``rating_error`` are rounded to two places (as printed); ``rank`` and
    ``tied`` say where ties are; ``points`` are the placing points and ``best_total`` the total of the
    ``counted`` evenings (every evening unless only the best count).
    """
    return {
        "players": [
            {
                "name": line.name,
                "total": line.total,
                "played": line.played,
                "average": float(line.rounded_average()),
                "sessions": line.sessions,
                "rank": line.rank,
                "tied": line.tied,
                "rating": float(line.rounded_rating()),
                "rating_error": float(line.rounded_rating_error()),
                "points": float(line.points),
                "best_total": line.best_total,
                "counted": line.counted,
            }
            for line in lines
        ]
    }


def season_json(result: Season, *, since: date | None, until: date | None) -> dict[str, object]:
    """`chicago rank --json`: the choices that made the season, then the standings (``season_data``)."""
    return {
        "unit": result.unit.value,
        "ranked_by": result.by.value,
        "min_rubbers": result.min_rubbers,
        "since": since and since.isoformat(),
        "until": until and until.isoformat(),
        "session_names": [p.name for p in result.sessions],
        "min_evenings": result.min_evenings,
        "best": result.best,
        **season_data(result.lines),
    }


def sessions_data(database: Path, summaries: Iterable[SessionSummary]) -> dict[str, object]:
    """`chicago sessions --json`: the database and each saved evening."""
    listing = [
        {
            "name": s.name,
            "date": s.played_on.isoformat(),
            "players": s.players,
            "rubbers": s.rubbers,
            "recorded": s.recorded,
            "scoring": s.rules.to_mapping(),
        }
        for s in summaries
    ]
    return {"database": str(database), "sessions": listing}

"""Recording at the table: reading a deal typed on the command line, finding the rubber in the schedule,
and the plain lines `chicago record` prints back (who sat where, the rubber's score, the running tally).

Pure: the CLI reads the arguments and prints the lines; the store keeps the result.
"""

from __future__ import annotations

import json
import re
from typing import Final

from rotation.model import Schedule, Table
from rotation.results.session import RubberRecord, ScoredRubber, Session, SessionError, tally
from rotation.results.units import tally_unit
from scoring.contract import InvalidResultError
from scoring.deal import InvalidDealError, RecordedDeal
from scoring.seat import Seat, Side
from scoring.tally import signed

_EXTRA: Final = re.compile(r"\s+(?P<key>honou?rs|hcp)\b\s*[:=]?\s*", re.IGNORECASE)


def parse_deal_argument(text: str) -> RecordedDeal:
    """One deal as typed: ``2S E +1``, ``pass``, with ``honors EW 100`` and ``hcp 22`` (N-S's high-card
    points, for Russian scoring) after the result in either order, or a session file's JSON object
    ``{"result": "6S W =", "honors": "EW 100"}``. InvalidDealError says what is wrong."""
    stripped = text.strip()
    try:
        if stripped.startswith("{"):
            try:
                value = json.loads(stripped)
            except json.JSONDecodeError as error:
                raise InvalidDealError(f"cannot read deal {text!r}: {error.msg}") from None
            return RecordedDeal.from_value(value)
        result, *rest = _EXTRA.split(stripped)
        extra: dict[str, str] = {}
        for key, value in zip(rest[::2], rest[1::2], strict=True):
            field = "honors" if key.lower().startswith("hon") else "hcp_ns"
            if field in extra:
                raise InvalidDealError(f"deal {text!r} gives {key.lower()} twice")
            extra[field] = value.strip()
        data: dict[str, object] = {"result": result}
        if "honors" in extra:
            data["honors"] = extra["honors"]
        if "hcp_ns" in extra:
            if not extra["hcp_ns"].isdigit():
                raise InvalidDealError(f"deal {text!r}: hcp is N-S's high-card points, 0 to 40")
            data["hcp_ns"] = int(extra["hcp_ns"])
        return RecordedDeal.from_value(data)
    except InvalidResultError as error:
        raise InvalidDealError(str(error)) from None


def resolve_table(session: Session, round_number: int, table: int | None) -> int:
    """The table to record at: as given, or the only table of the round. SessionError names the tables
    and who sits at each when the round has several and none was given."""
    rounds = session.schedule.rounds
    if not 1 <= round_number <= len(rounds):
        raise SessionError(f"round {round_number} is not in the schedule (rounds 1 to {len(rounds)})")
    tables = rounds[round_number - 1].tables
    if table is not None:
        return table
    if len(tables) == 1:
        return 1
    listing = "; ".join(
        f"{t}: {', '.join(session.schedule.name(p) for p in seating.players)}"
        for t, seating in enumerate(tables, 1)
    )
    raise SessionError(f"round {round_number} has {len(tables)} tables: give --table ({listing})")


def seating_line(schedule: Schedule, table: Table) -> str:
    """``North Helen, East Doris, South Ann (deals first), West Jean``."""
    return ", ".join(
        f"{seat.name.title()} {schedule.name(table.at(seat))}"
        + (" (deals first)" if seat is table.first_dealer else "")
        for seat in Seat
    )


def rubber_line(schedule: Schedule, rubber: ScoredRubber, unit: str) -> str:
    """``N-S 140, E-W 1170: E-W +10 (Ed, Will +10; Nora, Sue -10)``; ``even`` when nobody won."""
    parts = []
    points = rubber.points
    if points is not None:
        parts.append(f"N-S {points[0]}, E-W {points[1]}: ")
    tally = rubber.ns_tally
    if not tally:
        return "".join(parts) + "even (everyone 0)"
    winners = Side.NS if tally > 0 else Side.EW
    won = ", ".join(schedule.name(p) for p in rubber.seating.pair(winners))
    lost = ", ".join(schedule.name(p) for p in rubber.seating.pair(winners.other))
    size = abs(tally)
    parts.append(f"{winners.value} +{size} {unit} ({won} +{size}; {lost} -{size})")
    return "".join(parts)


def record_report(
    name: str, session: Session, record: RubberRecord, previous: RubberRecord | None
) -> list[str]:
    """What `chicago record` prints once the rubber is stored: the seating, the rubber's score, the
    acknowledgement (the line starting ``Recorded``), and the running tally in ranking order."""
    schedule = session.schedule
    scored = session.score(record)
    rnd = schedule.rounds[record.round - 1]
    out = [f"{name}, round {record.round}, table {record.table}: {seating_line(schedule, scored.seating)}"]
    if rnd.sitting_out and record.table == 1:
        out[-1] += f"; sitting out: {', '.join(schedule.name(p) for p in rnd.sitting_out)}"
    out.append(f"Rubber: {rubber_line(schedule, scored, tally_unit(session.rules).label)}")
    replaced = f" (was {_entry(previous)})" if previous is not None else ""
    done = len(session.results)
    total = done + len(session.missing())
    out.append(
        f"Recorded {name} round {record.round}, table {record.table}: {_entry(record)}{replaced}."
        f" {done} of {total} rubbers recorded."
    )
    sheet = tally(session)
    out.append(f"Tally after {done} rubber{'s' if done != 1 else ''}:")
    width = max(len(player) for player in schedule.players)
    for standing in sheet.standings:
        rank = f"={standing.rank}" if standing.tied else str(standing.rank)
        out.append(
            f"  {rank:>3}  {schedule.name(standing.player):<{width}}  {signed(standing.total):>5}"
            f"  ({standing.rubbers} played)"
        )
    return out


def _entry(record: RubberRecord) -> str:
    """A recorded rubber in a few words: its net, or its deals."""
    if record.net is not None:
        return str(record.net)
    assert record.deals is not None
    return "; ".join(deal_text(deal) for deal in record.deals)


def deal_text(deal: RecordedDeal) -> str:
    """A deal as typed after `chicago record`: ``6S W = honors EW 100``, ``3NT N -2 hcp 26``, ``pass``."""
    text = str(deal.result)
    if deal.honors is not None:
        text += f" honors {deal.honors}"
    if deal.hcp_ns is not None:
        text += f" hcp {deal.hcp_ns}"
    return text

"""Recording at the table: reading a deal typed on the command line, finding the rubber in the schedule,
and the plain lines `chicago record` prints back (who sat where, the rubber's score, the running tally).

Pure: the CLI reads the arguments and prints the lines; the store keeps the result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from rotation.jsontext import JsonTextError, loads
from rotation.model import Schedule, Table
from rotation.results.session import RubberRecord, ScoredRubber, Session, SessionError, tally
from rotation.results.units import tally_unit
from scoring.contract import InvalidResultError
from scoring.deal import InvalidDealError, RecordedDeal
from scoring.rubber import next_deal
from scoring.seat import Seat, Side
from scoring.tally import signed
from scoring.vulnerability import Vulnerability

MAX_DEAL_LENGTH: Final = 200
"""Characters in one deal as typed: the longest real one, a JSON object with honors and high-card points,
has about 70."""

_EXTRA: Final = re.compile(r"\s+(?P<key>honou?rs|hcp)\b\s*[:=]?\s*", re.IGNORECASE)


def parse_deal_argument(text: str) -> RecordedDeal:
    """One deal as typed: ``2S E +1``, ``pass``, with ``honors EW 100`` and ``hcp 22`` (N-S's high-card
    points, for Russian scoring) after the result in either order, or a session file's JSON object
    ``{"result": "6S W =", "honors": "EW 100"}``. InvalidDealError says what is wrong."""
    stripped = text.strip()
    if len(stripped) > MAX_DEAL_LENGTH:
        raise InvalidDealError(
            f"a deal is at most {MAX_DEAL_LENGTH} characters, such as '6S W = honors EW 100';"
            f" this one has {len(stripped):,}"
        )
    try:
        if stripped.startswith("{"):
            try:
                value = loads(stripped)
            except JsonTextError as error:
                raise InvalidDealError(f"cannot read deal {text!r}: it {error}") from None
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
            hcp = extra["hcp_ns"].lstrip("0") or "0"
            if not (hcp.isascii() and hcp.isdigit() and len(hcp) <= 2):  # 5,000 digits are not points
                raise InvalidDealError(f"deal {text!r}: hcp is N-S's high-card points, 0 to 40")
            data["hcp_ns"] = int(hcp)
        return RecordedDeal.from_value(data)
    except InvalidResultError as error:
        raise InvalidDealError(str(error)) from None


class MovedOnError(SessionError):
    """Deals were added at the table since the form was shown: nothing is stored, so a result entered on
    two phones is never added twice or lost silently; ``current`` is what the table holds now."""

    def __init__(self, message: str, current: RubberRecord | None) -> None:
        super().__init__(message)
        self.current = current


Edit = tuple[int, int, RubberRecord | None]
"""A change to one rubber: its round, its table, and what it holds afterwards (None: nothing)."""


def add_deals(
    session: Session,
    round_number: int,
    table: int,
    deals: Sequence[RecordedDeal],
    *,
    seen: int | None = None,
) -> Edit:
    """The rubber with ``deals`` played after those already entered; the first deals start it. ``seen``
    (the deals the phone showed) must still be what is stored, else MovedOnError."""
    session.seating(round_number, table)
    existing = session.result(round_number, table)
    where = f"round {round_number}, table {table}"
    if existing is not None and existing.net is not None:
        raise SessionError(
            f"{where} is already recorded as a net ({existing.net}): use --replace to change it"
        )
    before = existing.deals or () if existing is not None else ()
    if seen is not None and seen != len(before):
        raise MovedOnError(_moved_on(session, existing, before, seen), existing)
    if existing is not None and session.is_complete(existing):
        raise SessionError(
            f"{where} is already recorded and complete: use --replace to change it"
            " (or --undo to take back its last deal)"
        )
    record = RubberRecord(round_number, table, deals=(*before, *deals))
    session.with_result(record, replace=True)
    return round_number, table, record


def _moved_on(
    session: Session, existing: RubberRecord | None, before: Sequence[RecordedDeal], seen: int
) -> str:
    """What the second phone is told: the deal the other phone entered, and what its own will be."""
    if len(before) < seen:
        return f"A deal was taken back at this table: {len(before)} entered now; check and add again"
    number = sum(1 for deal in before if not deal.passed_out)
    last = before[-1]
    said = (
        f"Another phone entered a passed-out deal (deal {number + 1} is redealt)"
        if last.passed_out
        else f"Another phone entered deal {number}: {deal_text(last)}"
    )
    if existing is not None and session.is_complete(existing):
        return f"{said}; the rubber is complete"
    following = number + 1
    return f"{said}; press Add deal again to add yours as deal {following}"


def undo_last(session: Session, round_number: int, table: int, *, seen: int | None = None) -> Edit:
    """The rubber without its last deal entered (a pass included); none left removes it."""
    existing = _existing(session, round_number, table)
    if existing.deals is None:
        raise SessionError(
            f"round {round_number}, table {table} was recorded as a net ({existing.net}): use --delete"
        )
    if seen is not None and seen != len(existing.deals):
        raise MovedOnError(
            f"The table has {len(existing.deals)} deals entered now (you saw {seen}): check before undoing",
            existing,
        )
    rest = existing.deals[:-1]
    return round_number, table, RubberRecord(round_number, table, deals=rest) if rest else None


def delete_rubber(session: Session, round_number: int, table: int) -> Edit:
    """The rubber removed, deals or net."""
    _existing(session, round_number, table)
    return round_number, table, None


def _existing(session: Session, round_number: int, table: int) -> RubberRecord:
    session.seating(round_number, table)
    existing = session.result(round_number, table)
    if existing is None:
        raise SessionError(f"round {round_number}, table {table} has nothing recorded")
    return existing


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
    seating = session.seating(record.round, record.table)
    rnd = schedule.rounds[record.round - 1]
    out = [f"{name}, round {record.round}, table {record.table}: {seating_line(schedule, seating)}"]
    if rnd.sitting_out and record.table == 1:
        out[-1] += f"; sitting out: {', '.join(schedule.name(p) for p in rnd.sitting_out)}"
    complete = session.is_complete(record)
    if complete:
        scored = session.score(record)
        out.append(f"Rubber: {rubber_line(schedule, scored, tally_unit(session.rules).label)}")
    else:
        out.append(f"Rubber in play: {progress_line(session, record)}")
    replaced = f" (was {_entry(previous)})" if previous is not None else ""
    done = len(session.complete_results)
    out.append(
        f"Recorded {name} round {record.round}, table {record.table}: {_entry(record)}{replaced}."
        f" {done} of {session.rubber_count} rubbers recorded."
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


def progress_line(session: Session, record: RubberRecord) -> str:
    """``N-S 0, E-W 110 after 1 deal; deal 2 next: West deals, E-W vulnerable`` for a rubber in play."""
    assert record.deals is not None
    score = session.running(record)
    seating = session.seating(record.round, record.table)
    counted = score.counted
    text = f"N-S {score.ns_points}, E-W {score.ew_points} after {counted} deal{'s' if counted != 1 else ''}"
    coming = next_deal(record.deals, seating.first_dealer, session.rules)
    if coming is not None:
        number, dealer, vulnerable = coming
        who = session.schedule.name(seating.at(dealer))
        text += (
            f"; deal {number} next: {who} ({dealer.name.title()}) deals, {vulnerability_words(vulnerable)}"
        )
    return text


def vulnerability_words(vulnerability: Vulnerability) -> str:
    """``nobody vulnerable``, ``E-W vulnerable``, ``both vulnerable``."""
    text = str(vulnerability)
    return {"none": "nobody vulnerable", "both": "both vulnerable"}.get(text, f"{text} vulnerable")


def edit_report(name: str, session: Session, edit: Edit, previous: RubberRecord | None) -> list[str]:
    """What `chicago record --undo / --delete` prints: what the rubber held and holds now."""
    round_number, table, record = edit
    was = _entry(previous) if previous is not None else "nothing"
    if record is None:
        return [f"Removed {name} round {round_number}, table {table} (was {was})."]
    return [
        f"Took back the last deal of {name} round {round_number}, table {table} (was {was}).",
        f"Now: {_entry(record)}; {progress_line(session, record)}",
    ]


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

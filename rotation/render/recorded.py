"""The words for a rubber recorded: who sat where, its score, its progress, the running tally.

Pure text from a session; the command line prints these lines and the live page shows some of them.
"""

from __future__ import annotations

from rotation.model import Schedule, Table
from rotation.results.recording import Edit
from rotation.results.session import RubberRecord, ScoredRubber, Session, tally
from rotation.results.units import tally_unit
from scoring.deal import RecordedDeal
from scoring.rubber import next_deal
from scoring.seat import Seat, Side
from scoring.tally import signed
from scoring.vulnerability import Vulnerability


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


def edit_report(name: str, edit: Edit) -> list[str]:
    """What `chicago record --undo / --delete` prints: what the rubber held and holds now."""
    session, round_number, table, record = edit.session, edit.round, edit.table, edit.record
    was = _entry(edit.previous) if edit.previous is not None else "nothing"
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

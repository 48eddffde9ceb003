"""The words for a rubber recorded: who sat where, its score, its progress, the running tally.

Pure text from a session; the command line prints these lines and the live page shows some of them.
"""

from __future__ import annotations

from rotation.language import _, ngettext, number_text
from rotation.model import Schedule, Table
from rotation.render import bridge_words
from rotation.render.bridge_words import seat_name, side_text
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
        (_("{seat} {name} (deals first)") if seat is table.first_dealer else _("{seat} {name}")).format(
            seat=seat_name(seat), name=schedule.name(table.at(seat))
        )
        for seat in Seat
    )


def rubber_line(schedule: Schedule, rubber: ScoredRubber, unit: str) -> str:
    """``N-S 140, E-W 1170: E-W +10 (Ed, Will +10; Nora, Sue -10)``; ``even`` when nobody won."""
    parts = []
    points = rubber.points
    if points is not None:
        ns, ew = number_text(points[0]), number_text(points[1])
        parts.append(f"{side_text(Side.NS)} {ns}, {side_text(Side.EW)} {ew}: ")
    tally = rubber.ns_tally
    if not tally:
        return "".join(parts) + _("even (everyone 0)")
    winners = Side.NS if tally > 0 else Side.EW
    won = ", ".join(schedule.name(p) for p in rubber.seating.pair(winners))
    lost = ", ".join(schedule.name(p) for p in rubber.seating.pair(winners.other))
    size = abs(tally)
    parts.append(f"{side_text(winners)} +{size} {unit} ({won} +{size}; {lost} -{size})")
    return "".join(parts)


def record_report(
    name: str, session: Session, record: RubberRecord, previous: RubberRecord | None
) -> list[str]:
    """What `chicago record` prints once the rubber is stored: the seating, the rubber's score, the
    acknowledgement (the line starting ``Recorded``), and the running tally in ranking order."""
    schedule = session.schedule
    seating = session.seating(record.round, record.table)
    rnd = schedule.rounds[record.round - 1]
    out = [
        _("{name}, round {round}, table {table}: {seating}").format(
            name=name, round=record.round, table=record.table, seating=seating_line(schedule, seating)
        )
    ]
    if rnd.sitting_out and record.table == 1:
        out[-1] += "; " + _("sitting out: {names}").format(
            names=", ".join(schedule.name(p) for p in rnd.sitting_out)
        )
    complete = session.is_complete(record)
    if complete:
        scored = session.score(record)
        unit = bridge_words.unit_label(tally_unit(session.rules))
        out.append(_("Rubber: {score}").format(score=rubber_line(schedule, scored, unit)))
    else:
        out.append(_("Rubber in play: {score}").format(score=progress_line(session, record)))
    replaced = " " + _("(was {entry})").format(entry=_entry(previous)) if previous is not None else ""
    done = len(session.complete_results)
    out.append(
        _("Recorded {name} round {round}, table {table}: {entry}{replaced}.").format(
            name=name, round=record.round, table=record.table, entry=_entry(record), replaced=replaced
        )
        + " "
        + ngettext(
            "{done} of {count} rubber recorded.", "{done} of {count} rubbers recorded.", session.rubber_count
        ).format(done=done, count=session.rubber_count)
    )
    sheet = tally(session)
    out.append(
        ngettext("Tally after {count} rubber:", "Tally after {count} rubbers:", done).format(count=done)
    )
    width = max(len(player) for player in schedule.players)
    for standing in sheet.standings:
        rank = f"={standing.rank}" if standing.tied else str(standing.rank)
        out.append(
            f"  {rank:>3}  {schedule.name(standing.player):<{width}}  {signed(standing.total):>5}"
            f"  ({_played(standing.rubbers)})"
        )
    return out


def _played(count: int) -> str:
    """``3 played``: how many rubbers a player has played, in the tally after a rubber."""
    return _("{count} played").format(count=count)


def progress_line(session: Session, record: RubberRecord) -> str:
    """``N-S 0, E-W 110 after 1 deal; deal 2 next: West deals, E-W vulnerable`` for a rubber in play."""
    assert record.deals is not None
    score = session.running(record)
    seating = session.seating(record.round, record.table)
    counted = score.counted
    text = ngettext(
        "{ns} {ns_points}, {ew} {ew_points} after {count} deal",
        "{ns} {ns_points}, {ew} {ew_points} after {count} deals",
        counted,
    ).format(
        ns=side_text(Side.NS),
        ns_points=number_text(score.ns_points),
        ew=side_text(Side.EW),
        ew_points=number_text(score.ew_points),
        count=counted,
    )
    coming = next_deal(record.deals, seating.first_dealer, session.rules)
    if coming is not None:
        number, dealer, vulnerable = coming
        who = session.schedule.name(seating.at(dealer))
        text += "; " + _("deal {number} next: {name} ({seat}) deals, {vulnerable}").format(
            number=number, name=who, seat=seat_name(dealer), vulnerable=vulnerability_words(vulnerable)
        )
    return text


def vulnerability_words(vulnerability: Vulnerability) -> str:
    """``nobody vulnerable``, ``E-W vulnerable``, ``both vulnerable``."""
    return bridge_words.vulnerable_words(vulnerability)


def edit_report(name: str, edit: Edit) -> list[str]:
    """What `chicago record --undo / --delete` prints: what the rubber held and holds now."""
    session, round_number, table, record = edit.session, edit.round, edit.table, edit.record
    was = _entry(edit.previous) if edit.previous is not None else _("nothing")
    if record is None:
        return [
            _("Removed {name} round {round}, table {table} (was {was}).").format(
                name=name, round=round_number, table=table, was=was
            )
        ]
    return [
        _("Took back the last deal of {name} round {round}, table {table} (was {was}).").format(
            name=name, round=round_number, table=table, was=was
        ),
        _("Now: {entry}; {progress}").format(entry=_entry(record), progress=progress_line(session, record)),
    ]


def _entry(record: RubberRecord) -> str:
    """A recorded rubber in a few words: its net, or its deals."""
    if record.net is not None:
        return bridge_words.net_text(record.net)
    assert record.deals is not None
    return "; ".join(deal_text(deal) for deal in record.deals)


def deal_text(deal: RecordedDeal) -> str:
    """A deal as typed after `chicago record`: ``6S W = honors EW 100``, ``3NT N -2 hcp 26``, ``pass``."""
    return bridge_words.deal_text(deal)

"""What each page shows, as plain values built from a session: pure, so the pages' facts are tested without
a server, and the templates only lay them out.

The numbers come from the same functions as the command line (`Session.running`,
`sheets.tally_evening`), so a phone and `chicago tally` never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rotation.language import ENGLISH, N_, _, current, ngettext
from rotation.model import Player
from rotation.render.bridge_words import rules_text
from rotation.render.cards import rank_text, rubber_result
from rotation.render.recorded import deal_text, vulnerability_words
from rotation.services import evenings, rubbers
from rotation.services.errors import MovedOnError, SessionError
from rotation.services.sheets import RubberRecord, Session, tally_evening
from scoring.deal import RecordedDeal
from scoring.rubber import Line, RubberScore, next_deal
from scoring.seat import Seat, Side
from scoring.tally import signed

UNIT_WORDS = (N_("hundreds"), N_("points"), N_("IMPs"))
"""What a tally counts in, as `TallyUnit.label` prints it; a page shows ``_(unit)``."""
SEATS = {Seat.NORTH: N_("North"), Seat.EAST: N_("East"), Seat.SOUTH: N_("South"), Seat.WEST: N_("West")}
"""Each seat's name, translated when shown (`seat_name`)."""


def seat_name(seat: Seat) -> str:
    """The seat's name in the page's language (``North``, ``Noord``, ``Nord``)."""
    return _(SEATS[seat])


def seat_letters() -> dict[Seat, str]:
    """Each seat's letter as the page's language writes a contract (Dutch N O Z W, Swedish N Ö S V)."""
    # TRANSLATORS: the letters of North, East, South and West as a contract is written, one space between
    letters = _("N E S W").split()
    return dict(zip(Seat, letters if len(letters) == 4 else "NESW", strict=True))


def no_trump() -> str:
    """No-trump as the page's language writes a contract (SA, BA, БК; NT in English)."""
    # TRANSLATORS: no-trump as written in a contract (3NT), the language's own letters
    return _("NT")


def typed_examples() -> tuple[str, str, str, str]:
    """Deals as a player may type them in the page's language: a made game, a contract down, an overtrick
    doubled, and the box's placeholder (English with suit letters, as ever; another language with the suit
    symbols, its no-trump word and its seat letters, which every language reads)."""
    if current() == ENGLISH:
        return ("4H S =", "3NT N -2", "2SX E +1", "2S E +1")
    letter = seat_letters()
    south, north, east = letter[Seat.SOUTH], letter[Seat.NORTH], letter[Seat.EAST]
    return (f"4♥ {south} =", f"3{no_trump()} {north} -2", f"2♠X {east} +1", f"2♠ {east} +1")


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: str
    name: str
    deals_next: bool
    vulnerable: bool
    area: str = ""
    """The seat's place on the compass (``n``, ``e``, ``s``, ``w``), whatever the language."""


@dataclass(frozen=True, slots=True)
class DealLine:
    number: str
    """``1`` .. ``4``, or ``redeal`` for a deal passed out."""
    text: str
    ns: int
    ew: int
    detail: str = ""
    """Under Russian scoring: the score of the side with more points and the target it had."""


@dataclass(frozen=True, slots=True)
class SideTotals:
    side: str
    names: str
    above: int
    below: int
    part_score: int
    total: int


@dataclass(frozen=True, slots=True)
class TableView:
    """The table page: one round at one table."""

    round: int
    rounds: int
    table: int
    tables: int
    seats: tuple[SeatView, ...]
    sitting_out: str
    entered: int
    """Deals entered so far, passes included: the form's ``seen``."""
    deals: tuple[DealLine, ...]
    sides: tuple[SideTotals, ...]
    chicago: bool
    unit: str
    """What the pad's numbers count: ``points``, or ``IMPs`` under a method in IMPs."""
    next_number: int | None
    next_dealer: str
    next_vulnerability: str
    complete: bool
    result: str
    moves: tuple[str, ...]
    by_net: str = ""
    """The net, when the rubber was recorded as a net rather than deal by deal."""
    planned: int = 0
    """The rounds the evening will have where more are still to be seated (a movement by results); 0:
    ``rounds``, every round seated before play."""


def round_in_play(session: Session, table: int) -> int:
    """The first round whose rubber at this table is not complete (the last round once all are)."""
    rounds = session.schedule.rounds
    last = 1
    for number, rnd in enumerate(rounds, 1):
        if table <= len(rnd.tables):
            last = number
            record = session.result(number, table)
            if record is None or not session.is_complete(record):
                return number
    return last


def table_view(session: Session, round_number: int, table: int) -> TableView:
    """Who sits where, who deals next and who is vulnerable, the deals so far, the pad, and once the rubber
    is complete its result and where each of the four goes next round."""
    schedule, rules = session.schedule, session.rules
    seating = session.seating(round_number, table)
    rnd = schedule.rounds[round_number - 1]
    record = session.result(round_number, table)
    recorded = record.deals if record is not None and record.deals is not None else ()
    coming = next_deal(recorded, seating.first_dealer, rules)
    score = session.running(RubberRecord(round_number, table, deals=recorded)) if recorded else None
    complete = record is not None and session.is_complete(record)
    seats = tuple(
        SeatView(
            seat_name(seat),
            schedule.name(seating.at(seat)),
            coming is not None and coming[1] is seat,
            coming is not None and coming[2].is_vulnerable(seat.side),
            seat.name[0].lower(),
        )
        for seat in Seat
    )
    result = ""
    if complete and record is not None:
        result = rubber_result(session.score(record).ns_tally)
    names = {side: " & ".join(schedule.name(p) for p in seating.pair(side)) for side in Side}
    return TableView(
        round=round_number,
        rounds=len(schedule.rounds),
        table=table,
        tables=len(rnd.tables),
        seats=seats,
        sitting_out=", ".join(schedule.name(p) for p in rnd.sitting_out) if table == 1 else "",
        entered=len(recorded),
        deals=_deal_lines(score, recorded),
        sides=tuple(_totals(score, side, names[side]) for side in Side),
        chicago=rules.method.carries_partscores,
        unit="IMPs" if rules.method.in_imps else "points",
        next_number=None if coming is None else coming[0],
        next_dealer=""
        if coming is None
        else f"{schedule.name(seating.at(coming[1]))} ({seat_name(coming[1])})",
        next_vulnerability="" if coming is None else vulnerability_words(coming[2]),
        complete=complete,
        result=result,
        moves=next_moves(session, round_number, seating.players + (rnd.sitting_out if table == 1 else ()))
        if complete
        else (),
        by_net=str(record.net) if record is not None and record.net is not None else "",
    )


def _deal_lines(score: RubberScore | None, recorded: tuple[object, ...]) -> tuple[DealLine, ...]:
    if score is None:
        return ()
    lines: list[DealLine] = []
    for deal in score.deals:
        lines.extend(DealLine("redeal", _("passed out"), 0, 0) for _skip in range(deal.passed_out))
        points = {
            side: sum(e.points for e in score.entries if e.deal == deal.number and e.side is side)
            for side in Side
        }
        detail = ""
        if deal.russian is not None:  # the deal's IMPs against the target its points set
            russian = deal.russian
            detail = _("{side} {score}, target {target}").format(
                side=side_name(russian.side), score=russian.score, target=russian.target
            )
            points = {Side.NS: max(russian.ns_imps, 0), Side.EW: max(-russian.ns_imps, 0)}
        text = deal_text(deal.deal)
        lines.append(DealLine(str(deal.number), text, points[Side.NS], points[Side.EW], detail))
    trailing = len(recorded) - len(lines)
    lines.extend(DealLine("redeal", _("passed out"), 0, 0) for _skip in range(trailing))
    return tuple(lines)


def _totals(score: RubberScore | None, side: Side, names: str) -> SideTotals:
    if score is None:
        return SideTotals(side.value, names, 0, 0, 0, 0)
    imps = score.ns_imps
    if imps is not None:
        return SideTotals(side.value, names, 0, 0, 0, max(imps if side is Side.NS else -imps, 0))
    return SideTotals(
        side.value,
        names,
        score.line_totals(side, Line.ABOVE),
        score.line_totals(side, Line.BELOW),
        score.part_scores()[side],
        score.points(side),
    )


def next_moves(session: Session, round_number: int, players: tuple[Player, ...]) -> tuple[str, ...]:
    """Where each of these players goes in the next round: ``Ann: table 2, South``, ``sits out``."""
    schedule = session.schedule
    if round_number >= len(schedule.rounds):
        return tuple(_("{name}: the evening is over").format(name=schedule.name(p)) for p in players)
    following = schedule.rounds[round_number]
    moves = []
    for player in players:
        found = following.table_of(player)
        if found is not None:
            number, seating = found
            where = _("table {table}, {seat}").format(
                table=number + 1, seat=seat_name(seating.seat_of(player))
            )
        elif player in following.sitting_out:
            where = _("sits out")
        else:
            where = _("away")
        moves.append(
            _("{name}: round {round}, {where}").format(
                name=schedule.name(player), round=round_number + 1, where=where
            )
        )
    return tuple(moves)


@dataclass(frozen=True, slots=True)
class PlayerRound:
    round: int
    where: str
    partner: str
    opponents: str
    result: str
    running: str


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: str
    position: int
    rounds: tuple[PlayerRound, ...]
    total: str
    unit: str


def player_view(session: Session, position: int) -> PlayerView:
    """One player's evening: seat, partner and opponents each round, and their running tally."""
    schedule = session.schedule
    sheet = tally_evening(session)
    shares: dict[int, int] = {}
    for rubber in sheet.rubbers:
        share = rubber.credit().get(position)
        if share is not None:
            shares[rubber.record.round] = share
    running, rows = 0, []
    for number, rnd in enumerate(schedule.rounds, 1):
        found = rnd.table_of(position)
        if found is None:
            where = _("sits out") if position in rnd.sitting_out else _("away")
            rows.append(PlayerRound(number, where, "", "", "", signed(running) if running else "0"))
            continue
        table_index, seating = found
        seat = seating.seat_of(position)
        where = (
            _("table {table}, {seat}").format(table=table_index + 1, seat=seat_name(seat))
            if len(rnd.tables) > 1
            else seat_name(seat)
        )
        left, right = seating.opponents_of(position)
        result = ""
        if number in shares:
            running += shares[number]
            result = signed(shares[number]) if shares[number] else "0"
        else:
            record = session.result(number, table_index + 1)
            result = _("in play") if record is not None else ""
        rows.append(
            PlayerRound(
                number,
                where,
                schedule.name(seating.partner_of(position)),
                _("{left} (left), {right} (right)").format(
                    left=schedule.name(left), right=schedule.name(right)
                ),
                result,
                signed(running) if running else "0",
            )
        )
    return PlayerView(
        schedule.name(position),
        position,
        tuple(rows),
        signed(running) if running else "0",
        session.rules.tally_unit.label,
    )


@dataclass(frozen=True, slots=True)
class StandingLine:
    rank: str
    name: str
    position: int
    total: str
    played: int


@dataclass(frozen=True, slots=True)
class StandingsView:
    lines: tuple[StandingLine, ...]
    rubbers: tuple[str, ...]
    unit: str
    scoring: str
    complete: int
    total: int
    in_play: tuple[str, ...] = field(default=())


def standings_view(session: Session) -> StandingsView:
    """The evening's tally, the same numbers as `chicago tally`."""
    schedule = session.schedule
    sheet = tally_evening(session)
    lines = tuple(
        StandingLine(
            rank_text(s.rank, s.tied),
            schedule.name(s.player),
            s.player,
            signed(s.total) if s.total else "0",
            s.rubbers,
        )
        for s in sheet.standings
    )
    rubbers = tuple(
        (
            _("Round {round}, table {table}: {result}")
            if len(schedule.rounds[r.record.round - 1].tables) > 1
            else _("Round {round}: {result}")
        ).format(round=r.record.round, table=r.record.table, result=rubber_result(r.ns_tally))
        for r in sheet.rubbers
    )
    in_play = tuple(_in_play(r.round, r.table, r.deals) for r in session.in_progress())
    return StandingsView(
        lines,
        rubbers,
        session.rules.tally_unit.label,
        rules_text(session.rules),
        len(session.complete_results),
        session.rubber_count,
        in_play,
    )


@dataclass(frozen=True, slots=True)
class HostRubber:
    round: int
    table: int
    players: str
    status: str
    complete: bool
    entered: tuple[str, ...]


def host_view(session: Session) -> tuple[HostRubber, ...]:
    """Every table's progress per round: nothing yet, deals entered, or complete with its result."""
    schedule, letters = session.schedule, seat_letters()
    out = []
    for number, rnd in enumerate(schedule.rounds, 1):
        for t, seating in enumerate(rnd.tables, 1):
            record = session.result(number, t)
            players = ", ".join(f"{letters[s]} {schedule.name(seating.at(s))}" for s in Seat)
            entered: tuple[str, ...] = ()
            if record is None:
                status, complete = _("not started"), False
            elif record.net is not None:
                result = rubber_result(session.score(record).ns_tally)
                status, complete = _("net {net}: {result}").format(net=record.net, result=result), True
            else:
                entered = tuple(deal_text(d) for d in record.deals or ())
                complete = session.is_complete(record)
                try:
                    status = (
                        _("complete: {result}").format(result=rubber_result(session.score(record).ns_tally))
                        if complete
                        else _deals_of(record, len(session.rules.vulnerability))
                    )
                except SessionError as error:
                    status = str(error)
            out.append(HostRubber(number, t, players, status, complete, entered))
    return tuple(out)


def _deals_of(record: RubberRecord, deals: int) -> str:
    played = sum(1 for d in record.deals or () if not d.passed_out)
    return ngettext("{played} of {deals} deal", "{played} of {deals} deals", deals).format(
        played=played, deals=deals
    )


def _in_play(round_number: int, table: int, deals: Sequence[RecordedDeal] | None) -> str:
    played = sum(1 for d in deals or () if not d.passed_out)
    return ngettext(
        "Round {round}, table {table}: {count} deal", "Round {round}, table {table}: {count} deals", played
    ).format(round=round_number, table=table, count=played)


def side_name(side: Side) -> str:
    """A side as the page's language writes it (``N-S``, ``E-W``)."""
    return _("N-S") if side is Side.NS else _("E-W")


# -- the deal's buttons -----------------------------------------------------------------------------------

BUTTON_FIELDS = rubbers.DEAL_FIELDS
"""The fields of the table page's form, in the order a deal is said."""

LEVELS = tuple(str(n) for n in range(1, 8))
STRAINS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT"))
DOUBLED = (("", "none"), ("X", "X"), ("XX", "XX"))
DECLARERS = ("N", "E", "S", "W")
MADE = ("=", *(f"+{n}" for n in range(1, 7)))
DOWN = tuple(f"-{n}" for n in range(1, 14))
HONORS = (
    ("", "none"),
    ("NS 100", "NS 100"),
    ("NS 150", "NS 150"),
    ("EW 100", "EW 100"),
    ("EW 150", "EW 150"),
)


def chosen_buttons(form: Mapping[str, str], deal: rubbers.DealForm | None = None) -> dict[str, str]:
    """The buttons' values as posted, only the known ones kept (so the page can check them again)."""
    return rubbers.known_fields(form, deal)


@dataclass(frozen=True, slots=True)
class ButtonGroup:
    """One row (or a few) of radio buttons on the table page."""

    field: str
    legend: str
    options: tuple[tuple[str, str], ...]
    """``(value, label)``"""
    columns: int
    default: str | None = None
    """The value checked before anything is chosen (``none`` for doubled and honors)."""


def button_groups(deal: rubbers.DealForm) -> tuple[ButtonGroup, ...]:
    """The table page's buttons: level, strain, doubled, declarer, result, and honors where the evening's
    scoring counts them (N-S's high-card points, where it needs them, are a number typed)."""
    letters, sides = seat_letters(), {"NS": side_name(Side.NS), "EW": side_name(Side.EW)}
    strains = tuple((value, no_trump() if value == "NT" else label) for value, label in STRAINS)
    doubled = tuple((value, _("none") if label == "none" else label) for value, label in DOUBLED)
    declarers = tuple((v, letters[seat]) for v, seat in zip(DECLARERS, Seat, strict=True))
    honors = tuple(
        (value, _("none") if label == "none" else f"{sides[label[:2]]} {label[3:]}")
        for value, label in HONORS
    )
    groups = (
        ButtonGroup("level", _("Level"), tuple((v, v) for v in LEVELS), 7),
        ButtonGroup("strain", _("Strain"), strains, 5),
        ButtonGroup("doubled", _("Doubled"), doubled, 3, ""),
        ButtonGroup("declarer", _("Declarer"), declarers, 4),
        ButtonGroup(
            "result", _("Result (made =, +overtricks; down -)"), tuple((v, v) for v in (*MADE, *DOWN)), 7
        ),
    )
    return (*groups, ButtonGroup("honors", _("Honors"), honors, 5, "")) if deal.honors else groups


def impossible_results() -> dict[str, tuple[str, ...]]:
    """For each level, the results it cannot have (``+2`` at the six level, ``-8`` at the one level): the
    page greys their buttons once the level is chosen (CSS only; the server checks the deal anyway)."""
    return {
        level: tuple(f"+{k}" for k in range(8 - int(level), 7))
        + tuple(f"-{k}" for k in range(int(level) + 7, 14))
        for level in LEVELS
    }


def moved_on_message(session: Session, error: MovedOnError) -> str:
    """What the second phone at a table is told when the other entered or took back a deal first."""
    current = error.current
    before = current.deals or () if current is not None else ()
    if len(before) < error.seen:
        return _("A deal was taken back at this table: {count} entered now; check and add again").format(
            count=len(before)
        )
    number = sum(1 for deal in before if not deal.passed_out)
    last = before[-1]
    said = (
        _("Another phone entered a passed-out deal (deal {number} is redealt)").format(number=number + 1)
        if last.passed_out
        else _("Another phone entered deal {number}: {deal}").format(number=number, deal=deal_text(last))
    )
    if current is not None and session.is_complete(current):
        return _("{said}; the rubber is complete").format(said=said)
    return _("{said}; press Add deal again to add yours as deal {number}").format(
        said=said, number=number + 1
    )


# -- what a page says after its form, and the host's page's extras ------------------------------------------


def said_after(added: str | None, undone: str | None) -> Callable[[TableView], str]:
    """What the table's page says after the redirect from its form (the query carries only numbers):
    ``Deal 2 added: 3NT N -2``, ``Deal 2 taken back``; nothing when the deal shown is not the one added
    (another phone moved on meanwhile, or the page was reloaded later)."""
    added_count, undone_number = _number(added), _number(undone)

    def said(view: TableView) -> str:
        if added_count is not None and added_count == view.entered and view.deals:
            last = view.deals[-1]
            if last.number == "redeal":
                return _("Passed out added: the deal is redealt")
            return _("Deal {number} added: {deal}").format(number=last.number, deal=last.text)
        if undone_number is not None:
            if undone_number:
                return _("Deal {number} taken back").format(number=undone_number)
            return _("The passed-out deal taken back")
        return ""

    return said


def _number(text: str | None) -> int | None:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    return int(text)


def undone_number(previous: RubberRecord | None) -> int:
    """The number of the deal an undo took back from ``previous`` (0: a passed-out deal)."""
    deals = previous.deals or () if previous is not None else ()
    if not deals or deals[-1].passed_out:
        return 0
    return sum(1 for deal in deals if not deal.passed_out)


def qr_data_uri(url: str) -> str:
    """The URL's QR code as an SVG ``data:`` URI (the pages' CSP allows images only so)."""
    import segno

    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2))


def present_now(session: Session) -> tuple[tuple[str, bool], ...]:
    """Each player of the evening, as a host looks for them (`evenings.playing_now`), and whether they
    play now."""
    return evenings.playing_now(session)


def cards_pdf(session: Session, name: str, tables: Mapping[int, str], *, party: bool = False) -> bytes:
    """The evening's four documents as `chicago cards NAME --live` prints them, as PDF (``party``: the
    player cards as party tally cards, for an evening seated by results)."""
    from datetime import datetime

    from rotation.render.cards import build_cards
    from rotation.render.pdf import render_pdf

    cards = build_cards(session, event=name, links=tables, party=party)
    return render_pdf(cards, created=datetime.now().astimezone())


def file_name(name: str) -> str:
    """An evening's name as a download's file name: letters, digits, ``-`` and ``_`` only."""
    kept = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in name).strip("-")
    return kept or "cards"


@dataclass(frozen=True, slots=True)
class ReplanAsked:
    """The host's "Someone came or went" form: the players ticked as here now, and new ones typed."""

    ticked: tuple[str, ...]
    new: tuple[str, ...]
    new_text: str = ""
    typed: str = ""
    """The older form's one textarea of the players here now (no one gone but those left off)."""
    sure: bool = False
    """The host says the new players are new, not typos of known players (asked after a near miss)."""

    @property
    def declared_new(self) -> tuple[str, ...]:
        """The new players the roster takes as new even where one is a letter or two off a known name."""
        return self.new if self.sure else ()

    @classmethod
    def from_form(cls, form: Mapping[str, str], lists: Mapping[str, list[str]]) -> ReplanAsked:
        if "players" in form:
            names = tuple(line.strip() for line in form["players"].splitlines() if line.strip())
            return cls(names, (), typed=form["players"])
        new_text = form.get("new", "")
        new = tuple(line.strip() for line in new_text.splitlines() if line.strip())
        return cls(tuple(lists.get("play", ())), new, new_text, sure=form.get("sure") == "on")

    @property
    def names(self) -> tuple[str, ...]:
        return self.ticked + self.new

    def gone(self, present: Sequence[tuple[str, bool]]) -> tuple[str, ...]:
        """The evening's players not ticked (none with the older form)."""
        if self.typed:
            return ()
        return tuple(name for name, _ in present if name not in self.ticked)

    def changed(self, kept: int, present: Sequence[tuple[str, bool]], *, drive: bool = False) -> str:
        """What the host's page says after the replan (``drive``: who plays at a drive changed): from
        which round, who joined, who left."""
        back = [name for name, here in present if not here and name in self.ticked]
        left = [name for name, here in present if here and name not in self.ticked] if not self.typed else []
        joined = self.new + tuple(back)
        parts = [_("{names} joined").format(names=_listed(joined)) if joined else ""]
        parts.append(_("{names} left").format(names=_listed(left)) if left else "")
        said = "; ".join(part for part in parts if part) or _("nobody came or went")
        if drive:
            return _("From round {round}: {said}.").format(round=kept + 1, said=said)
        return _("Replanned from round {round}: {said}.").format(round=kept + 1, said=said)


def _listed(names: Sequence[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])

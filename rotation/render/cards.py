"""The evening on paper: a card per player, a card per table, the score pads and the tally sheet.

`build_cards` turns a session into these documents as plain frozen values, names already looked up and
recorded results already scored; it reads no file and imports no PDF library. `rotation.render.text` writes
the documents as text or Markdown and `rotation.render.pdf` as a PDF to print; printers only arrange.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from rotation.deals import DealPlan, deal_plans
from rotation.language import N_, _, ngettext
from rotation.model import Player, Schedule, Table
from rotation.render.bridge_words import (
    net_text,
    result_text,
    seat_letter,
    seat_name,
    side_text,
    vulnerability_text,
)
from rotation.render.cards_words import cycle_words, number, rules_words, signed_number
from rotation.render.options import Document
from rotation.results.session import ScoredRubber, Session, TallySheet, tally
from rotation.results.units import tally_unit
from scoring.contract import Result
from scoring.points import Item
from scoring.rubber import Entry, Line, RubberScore
from scoring.seat import Seat, Side
from scoring.vulnerability import Vulnerability, VulnerabilityCycle


class Presence(StrEnum):
    """Where a player is in a round: at a table, sitting out, or away (not at the club)."""

    PLAYS = "plays"
    SITS_OUT = "sits out"
    AWAY = "away"

    @property
    def words(self) -> str:
        """As a card writes it, in the language: ``sits out``."""
        return _(_PRESENCE[self])


_PRESENCE: Final = {Presence.PLAYS: N_("plays"), Presence.SITS_OUT: N_("sits out"), Presence.AWAY: N_("away")}


ABOVE_THE_LINE_ORDER: Final = (
    Item.GAME,
    Item.PART_SCORE_PREMIUM,
    Item.SLAM,
    Item.INSULT,
    Item.OVERTRICKS,
    Item.UNDERTRICKS,
    Item.HONORS,
)
"""Within one deal, the order entries go above the line, nearest the line first: the bulletin's sheet
writes the game premium (300 (3)) under the slam premium (500 (3))."""


PENDING: Final = "\u2026"
"""Written in a tally cell whose table is still to record (the running total there is not known yet)."""


def contract_text(result: Result) -> str:
    """A result as a pad writes it, with the suit symbol: ``2♠ E +1``, ``3NTX N -2``, ``6♠ W =`` (in the
    language: ``3SA N -2`` in Dutch)."""
    return result_text(result, pad=True)


def numbers(values: Sequence[int]) -> str:
    """Deal numbers for a card: ``2, 3, 4``; a dash when there are none."""
    return ", ".join(number(v) for v in values) if values else "-"


def rubber_result(ns_tally: int) -> str:
    """A rubber's tally as the sheet records it: ``E-W +3``; ``even`` for a tie."""
    if not ns_tally:
        return _("even")
    side = Side.NS if ns_tally > 0 else Side.EW
    return f"{side_text(side)} +{number(abs(ns_tally))}"


def rank_text(rank: int, tied: bool) -> str:
    """A place in the standings, a tie shown as a tie: ``1``, ``=2``."""
    return f"={number(rank)}" if tied else number(rank)


@dataclass(frozen=True, slots=True)
class Heading:
    """What every card and sheet repeats: the evening, the scoring variant and the vulnerability cycle."""

    title: str
    scoring: str
    """`ScoringRules.describe()`: printed on every card and sheet."""
    vulnerability: str
    """Each deal's vulnerability in words: ``deal 1 none, deal 2 dealer's side, ...``."""
    deals: int
    """Counted deals in a round (the cycle's length)."""


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One line of a player's card."""

    round: int
    """From 1."""
    presence: Presence
    table: int = 0
    """From 1; 0 when not at a table."""
    seat: Seat | None = None
    partner: str = ""
    left: str = ""
    """The opponent on the player's left (who plays after them)."""
    right: str = ""
    first_dealer: str = ""
    deals_first: bool = False
    """Whether this player deals the round's first deal."""
    deals: tuple[int, ...] = ()
    """The deals this player deals."""
    vulnerable: tuple[int, ...] = ()
    """The deals on which this player's side is vulnerable."""
    running: int | None = None
    """The player's running tally after this round, when the round has results."""
    pending: bool = False
    """Whether the player's table is still to record while other tables of the round are recorded."""
    score: int | None = None
    """The player's plus/minus in this round's rubber, once it is recorded (a party tally card's score)."""


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """Where one player sits every round."""

    number: int
    """The player's line on the score sheet, from 1."""
    name: str
    rounds: tuple[PlayerRound, ...]


def player_row(
    line: PlayerRound, *, multi_table: bool, running: bool, you: str | None = None
) -> tuple[str, ...]:
    """One row of a player card as both printers lay it out: round, table (with several tables), seat,
    partner, opponents (left, right), first dealer (``you`` when the player deals first), the deals they
    deal, the deals they are vulnerable on, and the running tally when the card has one. A round not
    played keeps only its number and tally: the printer writes "sits out" or "away" across the blanks."""
    shown = PENDING if line.pending else "" if line.running is None else signed_number(line.running)
    tally = (shown,) if running else ()
    if line.presence is not Presence.PLAYS:
        return (number(line.round), *[""] * (6 + multi_table), *tally)
    assert line.seat is not None
    return (
        number(line.round),
        *((number(line.table),) if multi_table else ()),
        seat_name(line.seat),
        line.partner,
        f"{line.left}, {line.right}",
        (_("you") if you is None else you) if line.deals_first else line.first_dealer,
        numbers(line.deals),
        numbers(line.vulnerable),
        *tally,
    )


PARTY_TITLE: Final = N_("Party tally cards")
"""The player cards' title when they are party tally cards."""
PARTY_HEADERS: Final = (N_("Round"), N_("Table"), N_("Partner"), N_("Opponents"), N_("Score"), N_("Total"))
"""A party tally card's columns, as hosts of progressive parties print them: each round's table, partner,
opponents and score, and the running total."""


def party_row(line: PlayerRound) -> tuple[str, ...]:
    """One row of a party tally card; a round not played keeps its number and total only (the printer
    writes "sits out" across the blanks)."""
    total = PENDING if line.pending else "" if line.running is None else signed_number(line.running)
    if line.presence is not Presence.PLAYS:
        return (str(line.round), "", "", "", "", total)
    score = "" if line.score is None else signed_number(line.score)
    return (str(line.round), str(line.table), line.partner, f"{line.left} & {line.right}", score, total)


@dataclass(frozen=True, slots=True)
class DealLine:
    """One deal of a round at a table: its dealer, its vulnerability and, once recorded, its result."""

    number: int
    dealer: Seat
    dealer_name: str
    vulnerability: Vulnerability
    result: str = ""
    """The recorded contract and result (``2♠ E +1``); empty until recorded."""
    passed_out: int = 0
    """Passed-out deals redealt before this one."""
    honors: str = ""
    """Honors recorded with the deal (``E-W 100``); empty when none."""

    @property
    def entered(self) -> str:
        """The result as it was entered: ``6♠ W =, honors E-W 100``, after ``passed out, `` for each
        passed-out deal the same dealer redealt first; empty until recorded."""
        if not self.result:
            return ""
        entered = self.result
        if self.honors:
            entered = _("{result}, honors {honors}").format(result=entered, honors=self.honors)
        return (_("passed out") + ", ") * self.passed_out + entered

    def cells(self, gap: str = " ", *, entered: bool = False) -> tuple[str, str, str, str]:
        """The deal as a row of a deal list: number, dealer (seat and name, ``gap`` apart), who is
        vulnerable, the result (``entered``: with the passed-out deals and honors, as a pad shows it)."""
        dealer = f"{seat_letter(self.dealer)}{gap}{self.dealer_name}"
        result = self.entered if entered else self.result
        return (number(self.number), dealer, vulnerability_text(self.vulnerability), result)


@dataclass(frozen=True, slots=True)
class TableRound:
    """One round at one table: the four seats, the first dealer and the deals."""

    round: int
    table: int
    seats: tuple[str, str, str, str]
    """Names at North, East, South, West."""
    first_dealer: Seat
    deals: tuple[DealLine, ...]
    sitting_out: tuple[str, ...] = ()
    away: tuple[str, ...] = ()
    net: str = ""
    """The rubber's net as entered (``E-W +3``) when it was recorded without its deals."""

    def at(self, seat: Seat) -> str:
        return self.seats[seat.index]

    @property
    def recorded(self) -> bool:
        """Whether any deal has its result: the deal lists then add a result column."""
        return any(deal.result for deal in self.deals)

    def pair(self, side: Side) -> str:
        """The partnership's names: ``Helen & Ann``."""
        first = Seat.NORTH if side is Side.NS else Seat.EAST
        return f"{self.at(first)} & {self.at(first.partner)}"

    def absent(self, sitting_out: str | None = None) -> str:
        """Who is not at a table this round, ``sits out: Jean; away: Zoë``; empty when nobody.
        ``sitting_out`` is the words for a sit-out (a narrow PDF block says ``out``)."""
        parts = []
        if self.sitting_out:
            label = _("sits out") if sitting_out is None else sitting_out
            parts.append(_("{label}: {names}").format(label=label, names=", ".join(self.sitting_out)))
        if self.away:
            parts.append(_("away: {names}").format(names=", ".join(self.away)))
        return "; ".join(parts)


LOCAL_ONLY: Final = N_("Phones cannot open this link: serve without --local, on the Wi-Fi")
"""Printed under a table card's QR code when its link is for the serving computer only."""


def local_only(url: str) -> bool:
    """A link only the computer serving it can open (a loopback address such as 127.0.0.1 or
    localhost): a phone scanning its QR code reaches nothing, or itself."""
    from urllib.parse import urlsplit

    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return False
    return host == "localhost" or host == "::1" or host.startswith("127.")


@dataclass(frozen=True, slots=True)
class TableCard:
    """Every round played at one table."""

    table: int
    rounds: tuple[TableRound, ...]
    link: str = ""
    """The table's page on the live server (`chicago cards --live`), token included; empty without."""


@dataclass(frozen=True, slots=True)
class PadEntry:
    """One number on a score pad: ``500 (3)`` is 500 points scored on deal 3."""

    side: Side
    points: int
    deal: int
    item: Item

    def __str__(self) -> str:
        return f"{number(self.points)} ({number(self.deal)})"


@dataclass(frozen=True, slots=True)
class PadScore:
    """A recorded rubber as its pad shows it."""

    above: tuple[tuple[PadEntry, ...], tuple[PadEntry, ...]]
    """N-S's and E-W's entries above the line, nearest the line first."""
    below: tuple[tuple[PadEntry, ...], ...]
    """Trick points below the line in the order scored, one group per game: a line is drawn under
    each game, after which every part score of both sides is dead."""
    points: tuple[int, int] | None
    """(N-S, E-W) totals; None when the rubber was recorded as a net in hundreds."""
    ns_tally: int
    """The N-S tally of the rubber, in the session's unit."""
    unit: str
    """``hundreds``, ``points`` or ``IMPs``."""
    net: str = ""
    """The net as written when the rubber was recorded without its deals (``E-W +3``)."""
    by_difference: bool = True
    """Whether the tally is the difference of the two totals; not under Russian scoring, where each deal is
    compared with its high-card-point target, so the pad prints no Net row that could contradict it."""

    def column(self, side: Side, line: Line) -> tuple[PadEntry, ...]:
        """One side's entries on one part of the pad: above (nearest the line first) or below."""
        if line is Line.ABOVE:
            return self.above[0 if side is Side.NS else 1]
        return tuple(entry for group in self.below for entry in group if entry.side is side)

    @property
    def winner(self) -> Side | None:
        if self.ns_tally == 0:
            return None
        return Side.NS if self.ns_tally > 0 else Side.EW

    @property
    def result(self) -> str:
        """The rubber's tally as the sheet records it: ``E-W +10``; ``even`` for a tie."""
        return rubber_result(self.ns_tally)


@dataclass(frozen=True, slots=True)
class ScorePad:
    """The Chicago score pad for one round at one table, with its score when recorded."""

    seating: TableRound
    score: PadScore | None = None

    @property
    def round(self) -> int:
        return self.seating.round

    @property
    def table(self) -> int:
        return self.seating.table

    def dealer_box(self) -> dict[Seat, tuple[int, ...]]:
        """The X box: the deal numbers written in each seat's corner (dealer of deal 1 gets 1, ...)."""
        box: dict[Seat, list[int]] = {seat: [] for seat in Seat}
        for deal in self.seating.deals:
            box[deal.dealer].append(deal.number)
        return {seat: tuple(found) for seat, found in box.items()}


@dataclass(frozen=True, slots=True)
class TallyRow:
    """One player's line on the tally sheet: the running total after each round."""

    number: int
    name: str
    running: tuple[int | None, ...]
    """After each round of the schedule; None for a round with no result yet."""
    out: tuple[bool, ...]
    """Whether the player sat out (or was away) in each round."""
    total: int | None
    rank: str
    """``1``, ``=2``; empty when nothing is recorded."""
    pending: tuple[bool, ...] = ()
    """Whether the player's table in each round is still to record while other tables of that round are
    recorded (the running total there is not known yet)."""

    def cell(self, round_index: int) -> tuple[str, str]:
        """The (+, -) cells for a round (0-based), as the bulletin writes them: the running total in one
        column, nothing for zero, and `PENDING` in the + column while the player's table is still to
        record."""
        if round_index < len(self.pending) and self.pending[round_index]:
            return (PENDING, "")
        value = self.running[round_index]
        if not value:
            return ("", "")
        return (number(value), "") if value > 0 else ("", number(-value))


@dataclass(frozen=True, slots=True)
class RubberLine:
    """One recorded rubber on the tally sheet's results list."""

    round: int
    table: int
    north_south: str
    east_west: str
    result: str
    """``E-W +3``, ``even``."""
    points: tuple[int, int] | None

    def describe(self, gap: str = " ") -> str:
        """``Round 2, table 1: Helen & Doris v Ann & Shirley: N-S +5 (140 to 1820)``, with ``gap`` between
        its parts (the PDF's proportional type reads better with two spaces)."""
        points = ""
        if self.points is not None:
            ns, ew = (number(p) for p in self.points)
            points = gap + _("({north_south} to {east_west})").format(north_south=ns, east_west=ew)
        text = _("Round {round}, table {table}:{gap}{north_south} v {east_west}:{gap}{result}")
        return (
            text.format(
                round=number(self.round),
                table=number(self.table),
                gap=gap,
                north_south=self.north_south,
                east_west=self.east_west,
                result=self.result,
            )
            + points
        )


@dataclass(frozen=True, slots=True)
class TallyGrid:
    """The bulletin's score sheet: players in score-sheet order, + and - columns for each rubber."""

    column_label: str
    """``Rubber No.`` with one table (the bulletin's heading), ``Round`` with several."""
    rounds: int
    rows: tuple[TallyRow, ...]
    results: tuple[RubberLine, ...]
    unit: str
    pending: tuple[tuple[int, int], ...] = ()
    """(round, table) still to record in rounds where another table is recorded."""

    def pending_note(self) -> str:
        """The legend for `PENDING`, naming the tables; empty when there are none."""
        if not self.pending:
            return ""
        where = ", ".join(
            _("round {round} table {table}").format(round=number(r), table=number(t)) for r, t in self.pending
        )
        return _("{pending} not recorded yet: {tables}").format(pending=PENDING, tables=where)


@dataclass(frozen=True, slots=True)
class Cards:
    """Everything to print for an evening; the documents not asked for are empty."""

    heading: Heading
    documents: tuple[Document, ...]
    players: tuple[PlayerCard, ...] = ()
    tables: tuple[TableCard, ...] = ()
    pads: tuple[ScorePad, ...] = ()
    tally: TallyGrid | None = None
    multi_table: bool = False
    """Whether any round has more than one table (cards then print table numbers)."""
    party: bool = False
    """Player cards printed as party tally cards (an evening seated by results: `PARTY_HEADERS`)."""


def build_cards(
    session: Session,
    *,
    event: str = "",
    documents: Sequence[Document] = tuple(Document),
    links: Mapping[int, str] | None = None,
    party: bool = False,
) -> Cards:
    """The documents asked for, for ``session``, filled from its recorded results (SessionError on a bad
    one); ``event`` names the evening in every page's heading; ``links`` (table number to URL) puts each
    table's live page on its card; ``party``: player cards as party tally cards."""
    schedule = session.schedule
    cycle = session.rules.vulnerability
    sheet = tally(session)
    wanted = tuple(document for document in Document if document in documents)
    n, r = len(schedule.players), len(schedule.rounds)
    heading = Heading(
        title=_("{event}: {players}, {rounds}").format(
            event=event or _("Chicago bridge"),
            players=ngettext("{count} player", "{count} players", n).format(count=number(n)),
            rounds=ngettext("{count} round", "{count} rounds", r).format(count=number(r)),
        ),
        scoring=rules_words(session.rules),
        vulnerability=cycle_words(cycle),
        deals=len(cycle),
    )
    seatings = _table_rounds(schedule, cycle, sheet)
    return Cards(
        heading=heading,
        documents=wanted,
        players=_player_cards(schedule, cycle, sheet) if Document.PLAYERS in wanted else (),
        tables=_table_cards(seatings, links or {}) if Document.TABLES in wanted else (),
        pads=_pads(seatings, sheet) if Document.PADS in wanted else (),
        tally=_tally_grid(sheet, seatings) if Document.TALLY in wanted else None,
        multi_table=any(len(rnd.tables) > 1 for rnd in schedule.rounds),
        party=party,
    )


def _running_by_round(sheet: TallySheet, player: Player) -> dict[int, int]:
    return dict(zip(sheet.rounds_recorded, sheet.running(player), strict=True))


def _player_cards(schedule: Schedule, cycle: VulnerabilityCycle, sheet: TallySheet) -> tuple[PlayerCard, ...]:
    waiting = pending_tables(sheet)
    cards = []
    for player, name in enumerate(schedule.players):
        running = _running_by_round(sheet, player)
        credits = ((r.record.round, r.credit().get(player)) for r in sheet.rubbers)
        scores = {number: share for number, share in credits if share is not None}
        lines = []
        for round_number, rnd in enumerate(schedule.rounds, 1):
            found = rnd.table_of(player)
            if found is None:
                presence = Presence.SITS_OUT if player in rnd.sitting_out else Presence.AWAY
                lines.append(PlayerRound(round_number, presence, running=running.get(round_number)))
                continue
            index, table = found
            line = _player_round(schedule, cycle, player, round_number, index + 1, table, running)
            line = replace(line, score=scores.get(round_number))
            if (round_number, index + 1) in waiting:
                line = replace(line, pending=True)
            lines.append(line)
        cards.append(PlayerCard(player + 1, name, tuple(lines)))
    return tuple(cards)


def _player_round(
    schedule: Schedule,
    cycle: VulnerabilityCycle,
    player: Player,
    number: int,
    table_number: int,
    table: Table,
    running: dict[int, int],
) -> PlayerRound:
    seat = table.seat_of(player)
    left, right = table.opponents_of(player)
    plans = deal_plans(table, cycle)
    return PlayerRound(
        round=number,
        presence=Presence.PLAYS,
        table=table_number,
        seat=seat,
        partner=schedule.name(table.partner_of(player)),
        left=schedule.name(left),
        right=schedule.name(right),
        first_dealer=schedule.name(table.dealer),
        deals_first=table.dealer == player,
        deals=tuple(p.number for p in plans if p.dealer is seat),
        vulnerable=tuple(p.number for p in plans if p.vulnerability.is_vulnerable(seat.side)),
        running=running.get(number),
    )


def _table_rounds(schedule: Schedule, cycle: VulnerabilityCycle, sheet: TallySheet) -> tuple[TableRound, ...]:
    """Every (round, table) of the schedule, with the recorded results written into its deals."""
    scored = {(r.record.round, r.record.table): r for r in sheet.rubbers}
    seatings = []
    for round_number, rnd in enumerate(schedule.rounds, 1):
        out = tuple(schedule.name(p) for p in rnd.sitting_out)
        away = tuple(schedule.name(p) for p in sorted(schedule.movement.away(round_number - 1)))
        for t, table in enumerate(rnd.tables, 1):
            rubber = scored.get((round_number, t))
            score = rubber.score if rubber is not None else None
            seatings.append(
                TableRound(
                    round=round_number,
                    table=t,
                    seats=(
                        schedule.name(table.north),
                        schedule.name(table.east),
                        schedule.name(table.south),
                        schedule.name(table.west),
                    ),
                    first_dealer=table.first_dealer,
                    deals=tuple(
                        _deal_line(schedule, table, plan, score) for plan in deal_plans(table, cycle)
                    ),
                    sitting_out=out,
                    away=away,
                    net="" if rubber is None or rubber.record.net is None else net_text(rubber.record.net),
                )
            )
    return tuple(seatings)


def _deal_line(schedule: Schedule, table: Table, plan: DealPlan, score: RubberScore | None) -> DealLine:
    result, passes, honors = "", 0, ""
    if score is not None:
        played = next((d for d in score.deals if d.number == plan.number), None)
        if played is not None:
            result, passes = contract_text(played.result), played.passed_out
            held = played.deal.honors
            honors = "" if held is None else f"{side_text(held.side)} {number(held.points)}"
    return DealLine(
        plan.number,
        plan.dealer,
        schedule.name(table.at(plan.dealer)),
        plan.vulnerability,
        result,
        passes,
        honors,
    )


def _table_cards(seatings: Sequence[TableRound], links: Mapping[int, str]) -> tuple[TableCard, ...]:
    count = max((s.table for s in seatings), default=0)
    return tuple(
        TableCard(t, tuple(s for s in seatings if s.table == t), links.get(t, ""))
        for t in range(1, count + 1)
    )


def _pads(seatings: Sequence[TableRound], sheet: TallySheet) -> tuple[ScorePad, ...]:
    scored = {(r.record.round, r.record.table): r for r in sheet.rubbers}
    unit = tally_unit(sheet.session.rules).label
    pads = []
    for seating in seatings:
        rubber = scored.get((seating.round, seating.table))
        pads.append(ScorePad(seating, None if rubber is None else pad_score(rubber, unit)))
    return tuple(pads)


def pad_score(rubber: ScoredRubber, unit: str = "hundreds") -> PadScore:
    """A scored rubber as its pad shows it: above-the-line columns built up from the line, trick points
    below it with a line under each game."""
    score = rubber.score
    if score is None:
        net = "" if rubber.record.net is None else net_text(rubber.record.net)
        return PadScore(((), ()), (), rubber.points, rubber.ns_tally, unit, net)
    above = tuple(_above(score.entries, side) for side in (Side.NS, Side.EW))
    assert len(above) == 2
    return PadScore(
        (above[0], above[1]),
        _below(score),
        (score.ns_points, score.ew_points),
        rubber.ns_tally,
        unit,
        by_difference=not score.rules.method.in_imps,
    )


def _pad_entry(entry: Entry) -> PadEntry:
    return PadEntry(entry.side, entry.points, entry.deal, entry.item)


def _above(entries: Sequence[Entry], side: Side) -> tuple[PadEntry, ...]:
    mine = [e for e in entries if e.side is side and e.line is Line.ABOVE]
    mine.sort(key=lambda e: (e.deal, ABOVE_THE_LINE_ORDER.index(e.item)))
    return tuple(_pad_entry(e) for e in mine)


def _below(score: RubberScore) -> tuple[tuple[PadEntry, ...], ...]:
    """Trick points in the order scored; under Chicago scoring a game closes its group."""
    groups: list[tuple[PadEntry, ...]] = []
    current: list[PadEntry] = []
    for deal in score.deals:
        entries = [e for e in score.entries if e.deal == deal.number]
        current.extend(_pad_entry(e) for e in entries if e.line is Line.BELOW)
        game = any(e.item is Item.GAME for e in entries)
        if game and current and score.rules.method.carries_partscores:
            groups.append(tuple(current))
            current = []
    if current:
        groups.append(tuple(current))
    return tuple(groups)


def pending_tables(sheet: TallySheet) -> set[tuple[int, int]]:
    """(round, table), both from 1, of the tables still to record in rounds where another table is
    recorded: the running totals of their players are not known yet."""
    recorded = {(r.record.round, r.record.table) for r in sheet.rubbers}
    rounds = {rnd for rnd, _ in recorded}
    schedule = sheet.session.schedule
    return {
        (rnd, t)
        for rnd in rounds
        for t in range(1, len(schedule.rounds[rnd - 1].tables) + 1)
        if (rnd, t) not in recorded
    }


def _tally_grid(sheet: TallySheet, seatings: Sequence[TableRound]) -> TallyGrid:
    session = sheet.session
    schedule = session.schedule
    rounds = len(schedule.rounds)
    by_player = {s.player: s for s in sheet.standings}
    recorded = bool(sheet.rubbers)
    waiting = pending_tables(sheet)
    rows = []
    for player, name in enumerate(schedule.players):
        running = _running_by_round(sheet, player)
        cells = tuple(running.get(r) for r in range(1, rounds + 1))
        seated = [schedule.rounds[r].table_of(player) for r in range(rounds)]
        out = tuple(found is None for found in seated)
        pending = tuple(
            found is not None and (r + 1, found[0] + 1) in waiting for r, found in enumerate(seated)
        )
        standing = by_player[player]
        rank = rank_text(standing.rank, standing.tied) if recorded else ""
        rows.append(
            TallyRow(player + 1, name, cells, out, standing.total if recorded else None, rank, pending)
        )
    where = {(s.round, s.table): s for s in seatings}
    results = []
    for rubber in sheet.rubbers:
        seating = where[(rubber.record.round, rubber.record.table)]
        results.append(
            RubberLine(
                rubber.record.round,
                rubber.record.table,
                seating.pair(Side.NS),
                seating.pair(Side.EW),
                rubber_result(rubber.ns_tally),
                rubber.points,
            )
        )
    multi = any(len(rnd.tables) > 1 for rnd in schedule.rounds)
    return TallyGrid(
        _("Round") if multi else _("Rubber No."),
        rounds,
        tuple(rows),
        tuple(results),
        tally_unit(session.rules).label,
        tuple(sorted(waiting)),
    )

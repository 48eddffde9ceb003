"""Rich renderings for the terminal: the evening's seating, a balance report.

Printers only arrange what the pure layers computed; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from rotation.balance import Balance, Stop
from rotation.deals import deal_plans
from rotation.language import N_, _, day_text, ngettext
from rotation.model import Schedule, Table
from rotation.names import shown
from rotation.render.bridge_words import (
    net_text,
    rubber_result,
    rules_text,
    seat_letter,
    seat_name,
    side_text,
    unit_label,
    vulnerable_short,
)
from rotation.render.cards import PENDING, pending_tables, rank_text
from rotation.render.season_words import column_words, standings_cells, standings_columns
from rotation.results.season import SeasonLine
from rotation.results.session import Session, TallySheet
from rotation.results.units import RankBy, tally_unit
from scoring.seat import Seat, Side
from scoring.tally import signed
from scoring.vulnerability import Vulnerability, VulnerabilityCycle

if TYPE_CHECKING:
    from rotation.io.store import SessionSummary
    from rotation.solver import SolveResult

VUL_SHORT = {
    Vulnerability.NONE: "-",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "all",
}
DEALS_LEGEND = N_("Deals: each deal's dealer:vulnerable side (- none, all both)")
"""Marked, not translated: `_` it where it is printed (the language is chosen per command)."""


def plain(text: str, style: str = "") -> Text:
    """Text from outside (a name, a session) as a cell: never read as markup, nothing hidden or steering."""
    return Text(shown(text), style=style)


def _add_row(table: RichTable, *cells: str | Text, end_section: bool = False) -> None:
    """Add a row whose plain strings are text, not Rich markup: ``[b]Zoë[/b]`` prints as typed."""
    table.add_row(*(plain(c) if isinstance(c, str) else c for c in cells), end_section=end_section)


def seating_table(
    schedule: Schedule, cycle: VulnerabilityCycle, title: str = "", width: int = 0
) -> RichTable:
    """Every round's tables, first dealer starred, with each deal's dealer and vulnerability: a grid of
    seats, or, when a name's longest word would not fit its column in ``width`` (0: any width), a list
    with a line per seat, so that no name is broken in the middle of a word."""
    grid = _seating_grid(schedule, cycle, title)
    if width:
        from rich.console import Console
        from rich.measure import Measurement

        wide = Console(width=10 * width)  # a measurement is capped at the console's width
        if Measurement.get(wide, wide.options, grid).minimum > width:
            return _seating_list(schedule, cycle, title)
    return grid


def _seating_frame(title: str, multi: bool) -> RichTable:
    """The seating's table with its round column, and a table column when a round has more than one."""
    out = RichTable(
        title=plain(title) if title else None,
        title_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    out.add_column(_("Round"), justify="right", no_wrap=True, min_width=5)
    if multi:
        out.add_column(_("Table"), justify="right", no_wrap=True, min_width=5)
    return out


def _seating_list(schedule: Schedule, cycle: VulnerabilityCycle, title: str) -> RichTable:
    """The seating a seat a line: North, East, South, West, each with one deal's dealer and
    vulnerability, then who sits out or is away; a long name gets most of the line."""
    multi = max(len(r.tables) for r in schedule.rounds) > 1
    out = _seating_frame(title, multi)
    out.add_column(_("Seat"), no_wrap=True)
    out.add_column(_("Player"), overflow="fold", ratio=1)
    out.add_column(_("Deal"), no_wrap=True)
    for number, rnd in enumerate(schedule.rounds, 1):
        lines: list[list[str | Text]] = []
        for t, table in enumerate(rnd.tables, 1):
            deals = [
                f"{p.number} {seat_letter(p.dealer)}:{vulnerable_short(p.vulnerability)}"
                for p in deal_plans(table, cycle)
            ]
            for i, seat in enumerate(Seat):
                name = schedule.name(table.at(seat))
                who = plain(f"{name}*", "bold") if seat is table.first_dealer else plain(name)
                lines.append(
                    [
                        *([str(t) if i == 0 else ""] if multi else []),
                        seat_name(seat),
                        who,
                        deals[i] if i < len(deals) else "",
                    ]
                )
            lines.extend([*([""] if multi else []), "", "", deals[i]] for i in range(len(Seat), len(deals)))
        absent = [(_("Sits out"), rnd.sitting_out), (_("Away"), sorted(schedule.movement.away(number - 1)))]
        for words, players in absent:
            if players:
                lines.append(
                    [*([""] if multi else []), words, ", ".join(schedule.name(p) for p in players), ""]
                )
        for i, line in enumerate(lines):
            _add_row(out, str(number) if i == 0 else "", *line, end_section=i == len(lines) - 1)
    return out


def _seating_grid(schedule: Schedule, cycle: VulnerabilityCycle, title: str) -> RichTable:
    multi = max(len(r.tables) for r in schedule.rounds) > 1
    out = _seating_frame(title, multi)
    for seat in Seat:  # on a narrow terminal a long name folds onto a second line, never cut short
        out.add_column(seat_name(seat), overflow="fold")
    out.add_column(_("Deals"), min_width=8)
    absent = any(r.sitting_out for r in schedule.rounds) or any(
        schedule.movement.away(n) for n in range(len(schedule.rounds))
    )
    if absent:  # an evening where everyone always plays gives the names the column's room
        out.add_column(_("Sits out"), overflow="fold")
    for number, rnd in enumerate(schedule.rounds, 1):
        away = schedule.movement.away(number - 1)
        for t, table in enumerate(rnd.tables, 1):
            row: list[str | Text] = [str(number) if t == 1 else ""]
            if multi:
                row.append(str(t))
            for seat in Seat:
                name = schedule.name(table.at(seat))
                row.append(plain(f"{name}*", "bold") if seat is table.first_dealer else plain(name))
            row.append(
                " ".join(
                    f"{seat_letter(p.dealer)}:{vulnerable_short(p.vulnerability)}"
                    for p in deal_plans(table, cycle)
                )
            )
            extra = ", ".join(schedule.name(p) for p in rnd.sitting_out) if t == 1 else ""
            if t == 1 and away:
                extra = "; ".join(
                    filter(
                        None,
                        [
                            extra,
                            _("away: {names}").format(
                                names=", ".join(schedule.name(p) for p in sorted(away))
                            ),
                        ],
                    )
                )
            if absent:
                row.append(extra)
            _add_row(out, *row, end_section=multi and t == len(rnd.tables))
    return out


def balance_summary(balance: Balance) -> str:
    """One paragraph a host can read: how even the evening is, against the best possible."""
    b = balance
    played = _range(b.played.values())
    parts = [
        _partners_said(b),
        _("opposes {count}").format(count=_range(b.opponents.values())),
        *([] if _one_table(b.tables) else [table_mates(b)]),
        (
            _("each player plays {count} round") if played == "1" else _("each player plays {count} rounds")
        ).format(count=played),
        _("first deals {count}").format(count=_range(b.first_deals.values())) + _first_deals_share(b),
        _("seat moves {count}").format(count=b.total_seat_moves),
    ]
    if b.last_partners is not None:  # planned with the season: last evening's partners again, counted
        parts.insert(1, _("partners from the last evening {count}").format(count=b.partners_from_last))
    if b.max_sit_out_run > 1:
        parts.append(_("longest run of sit-outs {count}").format(count=b.max_sit_out_run))
    return _("Balance: {parts}.").format(parts="; ".join(parts))


def _partners_said(b: Balance) -> str:
    """Partnerships against the best possible. With players away the best is counted over the pairs
    there all evening (a part-timer may rightly never partner someone), so those pairs are said first and
    the pairs with someone away after, each range true of the pairs it names."""
    best = _bound(b.best_range(1).floor, b.best_range(1).ceil)
    counted = {pq: c for pq, c in b.partners.items() if pq not in b.avoid}
    regular = b.regular
    if len(regular) == b.n_players or len(regular) < 2:
        partners = _range(counted.values())
        return (
            _("each pair partners {count} time (best possible {best})")
            if partners == "1"
            else _("each pair partners {count} times (best possible {best})")
        ).format(count=partners, best=best)
    there = _range(c for (p, q), c in counted.items() if p in regular and q in regular)
    partly = _range(c for (p, q), c in counted.items() if p not in regular or q not in regular)
    return _(
        "each pair there all evening partners {count} times (best possible {best}), a pair with"
        " someone away {partly}"
    ).format(count=there, best=best, partly=partly)


def _one_table(tables: Sequence[int]) -> bool:
    """One table every round: everyone there meets everyone, so a host hears of partners and opponents,
    not of repeated meetings (five at one table "repeat" 20 meetings by the nature of the game)."""
    return bool(tables) and max(tables) <= 1


ONE_TABLE_SILENT = frozenset({"most meetings", "repeated meetings"})
"""Rules the summary leaves unsaid at one table (``_one_table``): partners and opponents say it all. Where
one is not proven (``--json`` says so), the summary names the rules proven rather than "every rule"."""


def _first_deals_share(balance: Balance) -> str:
    """With someone away, first deals against a quarter of each one's rounds played (the planner's rule),
    since a part-timer's raw count is rightly lower."""
    if not any(balance.away.values()):
        return ""
    off = balance.first_deals_off_share
    if off == 0:
        return " " + _("(each a quarter of their rounds played, to within one)")
    return " " + _("({off} off a quarter of rounds played)").format(off=off)


def table_mates(balance: Balance) -> str:
    """How often players share a table, in a host's words: "nobody meets anyone twice", or the repeated
    meetings against the fewest these rounds played allow."""
    repeats, floor = balance.repeated_meetings, balance.repeated_meetings_floor
    if repeats == 0:
        return _("nobody meets anyone twice")
    needed = _("none needed") if floor == 0 else _("at least {floor} needed").format(floor=floor)
    most = balance.most_meetings
    return ngettext(
        "{count} repeated meeting ({needed}; a pair meets at most {most} times)",
        "{count} repeated meetings ({needed}; a pair meets at most {most} times)",
        repeats,
    ).format(count=repeats, needed=needed, most=most)


RULE_WORDS = {
    "sit-outs off fair share": N_("everyone's fair share of play while present"),
    "partner spread": N_("partners"),
    "played spread": N_("rounds played"),
    "sit-out repeats": N_("sitting out twice running"),
    "changes from the previous plan": N_("changes from the plan replaced"),
    "partners from the last evening": N_("partners from the last evening"),
    "season partner repeats": N_("the season's partners (least partnered first)"),
    "most meetings": N_("the most times two players meet"),
    "repeated meetings": N_("repeated meetings"),
    "opponent spread": N_("opponents"),
    "first-deal spread": N_("first deals"),
    "first deals off fair share": N_("first deals (a quarter of each one's rounds played)"),
    "seat moves": N_("seat moves"),
}
"""The planner's rules as a host says them."""


def solve_summary(result: SolveResult) -> str:
    """The balanced planner's verdict in a host's words: which rules are proven as even as they can be,
    which might be better, and whether the time limit cut the search."""
    rounds = result.movement.rounds if result.movement is not None else ()
    silent = ONE_TABLE_SILENT if _one_table([len(r.tables) for r in rounds]) else frozenset()
    terms = [t for t in result.terms if t.name not in silent]
    quiet = any(t.name in silent and t.bound is not None and not t.met for t in result.terms)
    proven = [_rule(t.name) for t in terms if t.bound is not None and t.met]
    open_ = [
        _("{rule} ({value}; {bound} may be possible)").format(
            rule=_rule(t.name), value=t.value, bound=t.bound
        )
        for t in terms
        if t.bound is not None and not t.met
    ]
    unknown = [_rule(t.name) for t in terms if t.bound is None]
    if not open_ and quiet:  # a rule left unsaid is not proven: no "every rule"
        verdict = _("proven as even as can be in {rules}").format(rules=_listed(proven))
    elif not open_ and not unknown:
        verdict = _("as even as can be in every rule (proven)")
    elif not open_:
        verdict = _("as even as can be in every rule but {rules} (proven; no bound is known there)").format(
            rules=_listed(unknown)
        )
    else:
        verdict = _("not proven as even as can be in {rules}").format(rules=_listed(open_))
        if proven:
            verdict = _("proven as even as can be in {rules}; {rest}").format(
                rules=_listed(proven), rest=verdict
            )
    cut = (
        " " + _("The --time-limit cut the search short: another run may plan differently.")
        if result.cut_short
        else ""
    )
    return _("Planner: {verdict}.").format(verdict=verdict) + cut


def _rule(name: str) -> str:
    """A planner's rule as a host says it, in the language spoken."""
    return _(RULE_WORDS[name]) if name in RULE_WORDS else name


def solve_details(result: SolveResult) -> str:
    """Every rule's value against its proven bound, in priority order (``chicago plan --verbose``), in
    the language spoken."""
    parts = []
    for term in result.terms:
        if term.bound is None:
            said = _("{rule} {value}")
        elif term.met:
            said = _("{rule} {value} (best possible)")
        else:
            said = _("{rule} {value} (best possible {bound})")
        parts.append(said.format(rule=_rule(term.name), value=term.value, bound=term.bound))
    if result.status.value == "optimal":
        verdict = _("proven best in every rule")
    elif result.status.value == "feasible":
        verdict = _("{gap} above the proven bounds in all").format(gap=result.gap)
    else:
        verdict = result.status.value
    return _("Rules, in priority order: {verdict}. {rules}.").format(verdict=verdict, rules="; ".join(parts))


def _listed(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _range(values: object) -> str:
    items = list(values)  # type: ignore[call-overload]
    low, high = min(items), max(items)
    return _bound(low, high)


def _bound(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def prefix_table(stopped: Iterable[Stop]) -> RichTable:
    """The evening stopped after each round: partner, sit-out and opponent counts against the best that
    many rounds allow, for `chicago check` (an evening often ends before the plan does). Each row is
    made as its stop comes (`balance.stops`), so nothing per round is kept but the row."""
    table = RichTable(
        title=_("Stopping after each round"), title_justify="left", header_style="bold", box=box.SIMPLE_HEAD
    )
    columns = (
        _("after round"),
        _("partners"),
        _("best"),
        _("sit-outs"),
        _("fair share"),
        _("opponents"),
        _("as even as can be"),
    )
    for column in columns:
        table.add_column(column, justify="right")
    for stop in stopped:
        _add_row(
            table,
            str(stop.n_rounds),
            _bound(*stop.partners),
            _bound(stop.partner_bound.floor, stop.partner_bound.ceil),
            _bound(*stop.sit_outs) if stop.sit_outs is not None else "-",
            _share(list(stop.fair_shares)) if stop.fair_shares is not None else "-",
            _bound(*stop.opponents),
            _("yes") if stop.even else Text(_("no"), style="bold"),
        )
    return table


def _share(shares: list[Fraction]) -> str:
    """The fair number of sit-outs so far, as a whole number or a decimal."""

    def show(share: Fraction) -> str:
        return str(share.numerator) if share.denominator == 1 else f"{float(share):.1f}"

    low, high = min(shares), max(shares)
    return show(low) if low == high else f"{show(low)}-{show(high)}"


def balance_report(balance: Balance, schedule: Schedule, width: int = 0) -> Group:
    """Per-player counts and the pair counts as a grid, for `chicago check`. Names are never broken: in
    ``width`` (0: any width) the number columns' headings wrap first, and where a name still does not
    fit, the rows carry the players' numbers and a list gives their names."""
    b = balance
    spreads = RichTable(title=_("Balance"), title_justify="left", header_style="bold", box=box.SIMPLE_HEAD)
    for column in (N_("measure"), N_("min"), N_("max"), N_("spread"), N_("best possible")):
        spreads.add_column(_(column), justify="left" if column == "measure" else "right")

    def line(measure: str, values: list[int], best: str = "") -> None:
        _add_row(spreads, measure, str(min(values)), str(max(values)), str(max(values) - min(values)), best)

    partners, opponents = b.best_range(1), b.best_range(2)
    spread = _("{bound} (spread {spread})")
    line(
        _("partners (per pair)"),
        list(b.partners.values()),
        spread.format(bound=_bound(partners.floor, partners.ceil), spread=partners.spread),
    )
    line(
        _("opponents (per pair)"),
        list(b.opponents.values()),
        spread.format(bound=_bound(opponents.floor, opponents.ceil), spread=opponents.spread),
    )
    line(
        _("table-mates (per pair)"),
        list(b.table_mates.values()),
        _("{repeated} repeated, at least {floor} needed").format(
            repeated=b.repeated_meetings, floor=b.repeated_meetings_floor
        ),
    )
    line(_("rounds played"), list(b.played.values()))
    line(_("sit-outs"), list(b.sat_out.values()))
    line(_("first deals"), list(b.first_deals.values()))
    line(_("seat moves"), list(b.seat_moves.values()))

    parts: list[RichTable | Text] = [spreads, *_players_table(balance, schedule, width)]
    if schedule.movement.n_players <= 16:
        parts.append(_pair_grid(balance, schedule, width))
    return Group(*parts)


_PLAYER_COUNTS = (
    N_("played"),
    N_("sat out"),
    N_("out in a row"),
    N_("away"),
    N_("first deals"),
    N_("seat moves"),
)


def _too_wide(table: RichTable, width: int) -> bool:
    """Whether ``table`` cannot be drawn in ``width`` columns without breaking a cell that must not be."""
    if not width:
        return False
    from rich.console import Console
    from rich.measure import Measurement

    wide = Console(width=10 * width)  # a measurement is capped at the console's width
    return Measurement.get(wide, wide.options, table).minimum > width


def _players_table(balance: Balance, schedule: Schedule, width: int) -> list[RichTable | Text]:
    """Each player's counts: a row per player, named, or numbered with a list of names after it when
    the longest name does not fit beside the numbers."""
    b = balance
    for named in (True, False):
        players = RichTable(
            title=_("Players"), title_justify="left", header_style="bold", box=box.SIMPLE_HEAD
        )
        players.add_column("#", justify="right", no_wrap=True)
        if named:  # the longest name's full width: Rich would measure only its longest word
            players.add_column(_("player"), no_wrap=True, min_width=max(map(cell_len, schedule.players)))
        for column in _PLAYER_COUNTS:
            players.add_column(_(column), justify="right", overflow="fold")
        for p, name in enumerate(schedule.players):
            counts = (b.played, b.sat_out, b.longest_sit_out_run, b.away, b.first_deals, b.seat_moves)
            _add_row(players, str(p + 1), *((name,) if named else ()), *(str(c[p]) for c in counts))
        if named and not _too_wide(players, width):
            return [players]
    digits = len(str(len(schedule.players)))
    key = Text("\n").join(plain(f"  {p:>{digits}}  {name}") for p, name in enumerate(schedule.players, 1))
    return [players, key]


def _pair_grid(balance: Balance, schedule: Schedule, width: int) -> RichTable:
    """Partners above the diagonal, opponents below: rows named by number and name, or by number alone
    where a name would not fit."""
    b = balance
    n = schedule.movement.n_players
    for named in (True, False):
        grid = RichTable(
            title=_("Partners (above the diagonal) and opponents (below)"),
            title_justify="left",
            header_style="bold",
            box=box.SIMPLE_HEAD,
        )
        labels = [f"{p + 1} {name}" if named else str(p + 1) for p, name in enumerate(schedule.players)]
        grid.add_column("", no_wrap=True, min_width=max(map(cell_len, labels)))
        for p in range(n):
            grid.add_column(str(p + 1), justify="right", no_wrap=True)
        for p in range(n):
            cells: list[str | Text] = []
            for q in range(n):
                if p == q:
                    cells.append("·")
                elif p < q:
                    cells.append(str(b.partners[(p, q)]))
                else:
                    cells.append(Text(str(b.opponents[(q, p)]), style="dim"))
            _add_row(grid, labels[p], *cells)
        if named and not _too_wide(grid, width):
            break
    return grid


def _pair(schedule: Schedule, table: Table, side: Side) -> str:
    """A partnership's names: ``Helen & Ann``."""
    return " & ".join(schedule.name(p) for p in table.pair(side))


def tally_tables(sheet: TallySheet) -> Group:
    """The running score sheet (players in score-sheet order, running +/- after each round), the rubbers'
    results, and the standings with ties shown as ties."""
    session = sheet.session
    schedule = session.schedule
    rounds = sheet.rounds_recorded
    running = RichTable(
        title=_("Score sheet"), title_justify="left", header_style="bold", box=box.SIMPLE_HEAD
    )
    running.add_column("#", justify="right")
    running.add_column(_("player"))
    for rnd in rounds:
        running.add_column(_("R{round}").format(round=rnd), justify="right")
    seated: dict[int, set[int]] = {rnd: set() for rnd in rounds}
    for rubber in sheet.rubbers:
        seated[rubber.record.round].update(rubber.seating.players)
    waiting: dict[int, set[int]] = {rnd: set() for rnd in rounds}  # at a table still to record
    for rnd, t in pending_tables(sheet):
        waiting[rnd].update(schedule.rounds[rnd - 1].tables[t - 1].players)
    for p, name in enumerate(schedule.players):
        cells = [
            Text(PENDING)
            if p in waiting[rnd]
            else Text(signed(total), style="" if p in seated[rnd] else "dim")
            for rnd, total in zip(rounds, sheet.running(p), strict=True)
        ]
        _add_row(running, str(p + 1), name, *cells)

    with_points = any(rubber.points is not None for rubber in sheet.rubbers)
    results = RichTable(title=_("Rubbers"), title_justify="left", header_style="bold", box=box.SIMPLE_HEAD)
    ns, ew = side_text(Side.NS), side_text(Side.EW)
    points_columns = (_("{side} pts").format(side=ns), _("{side} pts").format(side=ew)) if with_points else ()
    for column in (_("round"), _("table"), ns, ew, *points_columns, _("result")):
        results.add_column(column, justify="left" if column in (ns, ew, _("result")) else "right")
    for rubber in sheet.rubbers:
        points = rubber.points
        row = [
            str(rubber.record.round),
            str(rubber.record.table),
            _pair(schedule, rubber.seating, Side.NS),
            _pair(schedule, rubber.seating, Side.EW),
        ]
        if with_points:
            row += ["" if points is None else str(points[0]), "" if points is None else str(points[1])]
        row.append(rubber_result(rubber.ns_tally))
        _add_row(results, *row)

    ranking = RichTable(title=_("Standings"), title_justify="left", header_style="bold", box=box.SIMPLE_HEAD)
    for column in (_("rank"), _("player"), _("total"), _("played"), _("average")):
        ranking.add_column(column, justify="left" if column == _("player") else "right", overflow="fold")
    for standing in sheet.standings:
        if not standing.rubbers:  # listed apart below: a 0 from no rubber ranks nobody
            continue
        average = standing.average
        _add_row(
            ranking,
            rank_text(standing.rank, standing.tied),
            schedule.name(standing.player),
            signed(standing.total),
            str(standing.rubbers),
            "" if average is None else _signed_decimal(float(average)),
        )
    parts: list[RichTable | Text] = [
        plain(_("Scoring: {rules}.").format(rules=rules_text(session.rules))),
        running,
        results,
        ranking,
    ]
    unplayed = [schedule.name(s.player) for s in sheet.standings if not s.rubbers]
    if unplayed:
        parts.append(plain(_("Not yet played: {names}").format(names=", ".join(unplayed))))
    missing = session.missing()
    if missing:
        marked = " " + _("({mark} on the score sheet)").format(mark=PENDING) if any(waiting.values()) else ""
        where = ", ".join(_("round {round} table {table}").format(round=r, table=t) for r, t in missing)
        parts.append(
            Text(
                _("Not recorded yet ({count}){marked}: {where}").format(
                    count=len(missing), marked=marked, where=where
                )
            )
        )
    return Group(*parts)


def _signed_decimal(value: float) -> str:
    """An average with its sign and two decimals, in the language's number format (``+1.00``, ``+1,00``)."""
    from rotation.language import number_text

    return ("-" if value < 0 else "+") + number_text(abs(value), "0.00")


def sessions_table(summaries: list[SessionSummary]) -> RichTable:
    """`chicago sessions`: each saved session with its date, players, rubbers recorded and scoring (house
    rules when named, method, vulnerability cycle, tally unit)."""
    out = RichTable(header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False)
    for column in (N_("session"), N_("date"), N_("players"), N_("recorded"), N_("scoring")):
        out.add_column(_(column), justify="right" if column in ("players", "recorded") else "left")
    for s in summaries:
        done = f"{s.recorded}/{s.rubbers}"
        rules = s.rules
        scoring = f"{rules.method.name}, {rules.vulnerability.name}, {unit_label(tally_unit(rules))}"
        scoring = f"{rules.house}: {scoring}" if rules.house else scoring
        _add_row(out, s.name, day_text(s.played_on), str(s.players), done, scoring)
    return out


def results_table(session: Session) -> RichTable:
    """`chicago show`: each rubber recorded so far, as entered, with who sat N-S and E-W and its result."""
    from rotation.render.recorded import deal_text

    schedule = session.schedule
    out = RichTable(title=_("Results"), title_justify="left", header_style="bold", box=box.SIMPLE_HEAD)
    rows = []
    for rubber in session.scored():
        record = rubber.record
        entries = (
            [net_text(record.net)] if record.net is not None else [deal_text(d) for d in record.deals or ()]
        )
        rows.append((rubber, entries))
    widest = max((len(entry) for _, entries in rows for entry in entries), default=8)
    columns = ("round", "table", "N-S", "E-W", "recorded", "result")
    shown_as = (_("round"), _("table"), side_text(Side.NS), side_text(Side.EW), _("recorded"), _("result"))
    for column, heading in zip(columns, shown_as, strict=True):
        out.add_column(
            heading,
            justify="right" if column in ("round", "table") else "left",
            min_width={"recorded": min(widest, 20), "result": 7}.get(column, len(heading)),
            no_wrap=column == "result",
            overflow="fold",  # a long pair of names folds onto more lines, never cut short
        )
    for rubber, entries in rows:  # one deal a line, so a contract never splits across lines
        _add_row(
            out,
            str(rubber.record.round),
            str(rubber.record.table),
            _pair(schedule, rubber.seating, Side.NS),
            _pair(schedule, rubber.seating, Side.EW),
            Text("\n").join(plain(entry) for entry in entries),
            rubber_result(rubber.ns_tally),
        )
    return out


def season_table(lines: tuple[SeasonLine, ...], by: RankBy, best: int | None = None) -> RichTable:
    """`chicago rank`: the season standings, ties shown as ``=2``, the rating with its error (``±``);
    the placing points and the best evenings' total when they are what counts (`season_words`)."""
    out = RichTable(header_style="bold", box=box.SIMPLE_HEAD)
    for column in standings_columns(by, best):
        out.add_column(
            column_words(column), justify="left" if column == "player" else "right", overflow="fold"
        )
    for line in lines:
        _add_row(out, *standings_cells(line, by, best))
    return out

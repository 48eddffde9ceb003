"""`chicago record`, `show`, `tally` and `cards`: an evening as it is played and printed."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rotation.cli.app import app
from rotation.cli.choices import CARD_SUFFIXES, DEALS_HELP, CardFormat, Document, Paper
from rotation.cli.common import (
    fail,
    is_file_source,
    load_session,
    load_stored,
    open_store,
    rich_console,
    write_out,
)
from rotation.language import N_

if TYPE_CHECKING:
    from rotation.services.drives import DriveState
    from scoring.deal import RecordedDeal
    from scoring.tally import RecordedNet


@app.command("tally")
def tally_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="NAME|FILE",
            help=N_("A saved session, or a session JSON file (schedule, scoring, results)."),
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the tally as JSON."))] = False,
) -> None:
    """The bulletin's score sheet: each player's running plus/minus after every round, and the standings."""
    from rotation.render.reports import tally_data
    from rotation.render.terminal import tally_tables
    from rotation.services.errors import SessionError
    from rotation.services.sheets import tally_evening

    session = load_session(source)
    try:
        sheet = tally_evening(session)
    except SessionError as error:
        fail(f"{source}: {error}")
    if as_json:
        typer.echo(json.dumps(tally_data(sheet), indent=2, ensure_ascii=False))
        return
    rich_console().print(tally_tables(sheet))


_CardsSourceOption = Annotated[
    str,
    typer.Argument(
        metavar="NAME|FILE",
        help=N_("A saved session, or a schedule or session JSON file (from `chicago plan --json`)."),
    ),
]

_CardsCardFormatOption = Annotated[
    CardFormat | None,
    typer.Option(
        "--format",
        help=N_(
            "pdf, text or markdown. Default: text on the terminal without --out; with --out, markdown"
            " for .md, text for .txt, else pdf."
        ),
        show_default=False,
    ),
]

_CardsOutOption = Annotated[
    Path | None,
    typer.Option("--out", help=N_("Write to this file instead of the terminal."), dir_okay=False),
]

_CardsOnlyOption = Annotated[
    list[Document] | None,
    typer.Option(help=N_("Print only this document (repeatable); default: all four."), show_default=False),
]

_CardsLiveOption = Annotated[
    str | None,
    typer.Option(
        "--live",
        metavar="URL",
        help=N_(
            "The address `chicago serve` listens on (e.g. http://192.168.1.20:8013): each table card"
            " then carries its table's link, token included, as a QR code in the PDF and a line in text."
            " Only for a saved session."
        ),
        show_default=False,
    ),
]


@app.command("cards")
def cards_command(
    source: _CardsSourceOption,
    card_format: _CardsCardFormatOption = None,
    out: _CardsOutOption = None,
    paper: Annotated[Paper, typer.Option(help=N_("Paper size of the PDF."))] = Paper.A4,
    only: _CardsOnlyOption = None,
    live: _CardsLiveOption = None,
) -> None:
    """Cards to print: one per player, one per table, a score pad per rubber and the tally sheet; with
    --live, each table card carries the link to its table's live page (`chicago serve`)."""
    from datetime import datetime

    from rotation.language import _
    from rotation.render.cards import build_cards
    from rotation.services.errors import SessionError

    chosen = card_format or CardFormat.TEXT
    if card_format is None and out is not None:
        chosen = CARD_SUFFIXES.get(out.suffix.lower(), CardFormat.PDF)
    if chosen is CardFormat.PDF and out is None and sys.stdout.isatty():
        fail(_("a PDF does not print on the terminal: add --out FILE.pdf (or --format text)"))
    if live is not None and is_file_source(source):
        fail(
            _(
                "--live needs a saved session (its links' secret is in the store), not the file {source}"
            ).format(source=repr(source))
        )
    base = live_base(live) if live is not None else None
    session = load_session(source)
    event = Path(source).stem if is_file_source(source) else source
    links = table_links(source, base) if base is not None else None
    try:
        party = not is_file_source(source) and _drive_state(source) is not None
        cards = build_cards(session, event=event, documents=only or tuple(Document), links=links, party=party)
    except SessionError as error:
        fail(f"{source}: {error}")
    if chosen is CardFormat.PDF:
        from rotation.render.pdf import render_pdf

        data: bytes | str = render_pdf(
            cards,
            paper,
            created=datetime.now().astimezone(),
            note=lambda text: typer.echo(f"Note: {text}.", err=True),
        )
    else:
        from rotation.render.text import render_markdown, render_text

        data = render_markdown(cards) if chosen is CardFormat.MARKDOWN else render_text(cards)
    if write_out(data, out):
        typer.echo(f"Wrote {', '.join(d.label.lower() for d in cards.documents)} to {out}.")


def _drive_state(name: str) -> DriveState | None:
    """How far the saved evening seated by results has gone (None: planned before play)."""
    from rotation.services.drives import drive_of

    with open_store(create=False) as store:
        return drive_of(store, name)


def live_base(url: str) -> str:
    """The server's base address from --live: http(s)://host[:port], without a trailing slash."""
    from rotation.cli.inputs import live_address

    return live_address(url)


def table_links(name: str, base: str) -> dict[int, str]:
    """Each table's link on the live page of the saved session ``name``, as `chicago serve` prints it."""
    from rotation.services import evenings

    with open_store(create=False) as store:
        return evenings.live_links(store, name, base).tables()


_UndoOption = Annotated[
    bool, typer.Option("--undo", help=N_("Take back the last deal entered (a pass included)."))
]
_DeleteOption = Annotated[
    bool, typer.Option("--delete", help=N_("Remove the rubber's result, deals or net."))
]
_RestoreOption = Annotated[
    bool,
    typer.Option(
        "--restore",
        help=N_(
            "Bring back the rubber deleted or replaced last, as it was (see `chicago log`); with"
            " --replace, in place of one recorded since."
        ),
    ),
]


_TableOption = Annotated[
    int | None,
    typer.Option(
        "--table", "-t", min=1, metavar="T", help=N_("The table, from 1 (needed when the round has several).")
    ),
]
_NetOption = Annotated[
    str | None,
    typer.Option(
        help=N_("The rubber's net instead of its deals: 'E-W +3' (hundreds) or 'N-S 1030' (points).")
    ),
]


@app.command("record")
def record_command(
    name: Annotated[str, typer.Argument(help=N_("The saved session (`chicago plan ... --save NAME`)."))],
    round_number: Annotated[
        int,
        typer.Option("--round", "-r", min=1, metavar="R", help=N_("The round, from 1."), show_default=False),
    ],
    deals: Annotated[
        list[str] | None,
        typer.Argument(metavar="[DEAL]...", help=DEALS_HELP, show_default=False),
    ] = None,
    table: _TableOption = None,
    net: _NetOption = None,
    replace: Annotated[
        bool,
        typer.Option("--replace", help=N_("Change a rubber already recorded (its deals or net, whole).")),
    ] = False,
    undo: _UndoOption = False,
    delete: _DeleteOption = False,
    restore: _RestoreOption = False,
) -> None:
    """Record a rubber of a saved session, checked against its schedule: all its deals at once, or deal by
    deal (fewer than four deals start or continue a rubber in play; only complete rubbers count in the
    tally). Prints the rubber's score and the running tally."""
    from rotation.cli.speech import follow_named
    from rotation.language import _
    from rotation.services import rubbers

    follow_named(name)  # the evening's pad words read its deals
    if restore:
        if deals or net is not None or undo or delete:
            fail(_("--restore takes no deals, --net, --undo or --delete (only --replace)"))
        _restore(name, round_number, table, replace=replace)
        return
    deals_given, net_given = _record_input(deals or [], net, replace=replace, undo=undo, delete=delete)
    from rotation.render.recorded import edit_report, record_report

    with open_store(create=False) as store:
        if undo or delete:
            change = (rubbers.undo_deal if undo else rubbers.delete_rubber)(store, name, round_number, table)
            lines = edit_report(change.evening.name, change.edit)
        else:
            if deals_given is not None and not replace:
                change = rubbers.add_deals(store, name, round_number, table, deals_given)
            else:
                change = rubbers.record_rubber(
                    store, name, round_number, table, deals=deals_given, net=net_given, replace=replace
                )
            edit = change.edit
            assert edit.record is not None
            shown = edit.previous if replace or net_given is not None else None
            lines = record_report(change.evening.name, edit.session, edit.record, shown)
    for line in lines:
        typer.echo(line)


def _restore(name: str, round_number: int, table: int | None, *, replace: bool) -> None:
    """`chicago record NAME --round R --restore`: the rubber brought back, and what it replaced."""
    from rotation.render.changes import rubber_words
    from rotation.render.recorded import record_report
    from rotation.services import rubbers

    with open_store(create=False) as store:
        change = rubbers.restore_rubber(store, name, round_number, table, replace=replace)
    edit = change.edit
    assert edit.record is not None
    from rotation.language import _

    restored = _("Restored {name} round {round}, table {table} as it was (it held {held}).")
    held = rubber_words(edit.previous)
    typer.echo(restored.format(name=change.evening.name, round=edit.round, table=edit.table, held=held))
    for line in record_report(change.evening.name, edit.session, edit.record, None):
        typer.echo(line)


@app.command("log")
def log_command(
    name: Annotated[str, typer.Argument(help=N_("A saved session."))],
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the changes as JSON."))] = False,
) -> None:
    """Every change to a saved session, oldest first: when, from where (the terminal, the host page, a
    table's link), what changed, and what it held before and after."""
    from rotation.cli.speech import follow
    from rotation.render.changes import change_lines
    from rotation.services.changes import evening_log, log_data

    with open_store(create=False) as store:
        log = evening_log(store, name)
        follow(store, name)
    if as_json:
        typer.echo(json.dumps(log_data(log), indent=2, ensure_ascii=False))
        return
    lines = change_lines(log.changes)
    if not lines:
        from rotation.language import _

        typer.echo(
            _("{name}: no change logged (saved before chicago kept a log).").format(name=log.evening.name)
        )
    for line in lines:
        typer.echo(f"{line.at}  {line.source}: {line.text}")


def _record_input(
    deals: list[str], net: str | None, *, replace: bool, undo: bool, delete: bool
) -> tuple[tuple[RecordedDeal, ...] | None, RecordedNet | None]:
    """The deals or net `chicago record` was given, read; one line and exit 2 for a combination that
    makes no sense."""
    from rotation.language import _
    from rotation.services.rubbers import parse_deal
    from scoring.deal import InvalidDealError
    from scoring.tally import InvalidNetError, RecordedNet

    if undo or delete:
        if undo and delete:
            fail(_("give --undo (take back the last deal) or --delete (remove the rubber), not both"))
        if deals or net is not None or replace:
            fail(
                _("{option} takes no deals, --net or --replace").format(
                    option="--undo" if undo else "--delete"
                )
            )
    elif deals and net is not None:
        fail(_("give the rubber's deals or its --net, not both"))
    elif not deals and net is None:
        fail(
            _("give the rubber's deals (e.g. {deals}) or --net {net}").format(
                deals="'2S E +1' pass '4H S =' '3NT W -1' '1C N +2'", net="'E-W +3'"
            )
        )
    try:
        return (
            tuple(parse_deal(text) for text in deals) if deals else None,
            RecordedNet.parse(net) if net is not None else None,
        )
    except (InvalidDealError, InvalidNetError) as error:
        fail(deal_error(deals, error))


def deal_error(typed: list[str], error: Exception) -> str:
    """A deal refused, as one line: in a language other than English, a deal not written in that
    language's pad words is said to be unreadable in it (other faults keep their English words)."""
    from rotation.language import ENGLISH, current
    from scoring import words

    language = current()
    if language != ENGLISH:
        from rotation.cli.words_spoken import unreadable_deal
        from rotation.render.refusals import spoken_result_error

        for text in typed:
            if not words.readable(text, language) and not text.strip().startswith("{"):
                return unreadable_deal(text, words.example(language))
        spoken = spoken_result_error(error.__cause__ or error)  # a deal's result, as the reader refused it
        if spoken is not None:
            return spoken
    return str(error)


@app.command("show")
def show_command(name: Annotated[str, typer.Argument(help=N_("A saved session."))]) -> None:
    """A saved session: its schedule, the results recorded so far, and the rubbers still to record."""
    from rich.text import Text

    from rotation.language import _, day_text, ngettext
    from rotation.render.bridge_words import rules_text
    from rotation.render.terminal import DEALS_LEGEND, results_table, seating_table
    from rotation.services.errors import SessionError

    stored = load_stored(name)
    session = stored.session
    schedule, rules = session.schedule, session.rules
    console = rich_console()
    n, r = len(schedule.players), len(schedule.rounds)
    heading = _("{name}, {date}: {players}, {rounds}").format(
        name=stored.name,
        date=day_text(stored.played_on),
        players=ngettext("{count} player", "{count} players", n).format(count=n),
        rounds=ngettext("{count} round", "{count} rounds", r).format(count=r),
    )
    console.print(Text(heading, style="bold"))
    sheet = ", ".join(f"{p}. {n}" for p, n in enumerate(schedule.players, 1))
    console.print(Text(_("Score sheet: {players}").format(players=sheet)))
    console.print(Text(_("Scoring: {rules}.").format(rules=rules_text(rules))))
    if (state := _drive_state(name)) is not None:
        console.print(Text(_("Movement: {movement}.").format(movement=state.describe())))
    console.print(seating_table(schedule, rules.vulnerability, width=console.width))
    console.print(_("* deals the round's first deal. {legend}.").format(legend=_(DEALS_LEGEND)))
    try:
        if session.results:
            console.print(results_table(session))
    except SessionError as error:
        fail(f"{stored.name}: {error}")
    from rotation.render.recorded import progress_line

    for record in session.in_progress():
        where = _("round {round} table {table}").format(round=record.round, table=record.table)
        typer.echo(
            _("In progress, {where}: {progress}").format(where=where, progress=progress_line(session, record))
        )
    missing = session.missing()
    if missing:
        where = ", ".join(_("round {round} table {table}").format(round=r, table=t) for r, t in missing)
        # folds at the terminal's width
        console.print(Text(_("Still to record ({count}): {where}").format(count=len(missing), where=where)))
    else:
        count = len(session.results)
        typer.echo(
            _("The rubber is recorded.")
            if count == 1
            else ngettext("All {count} rubber recorded.", "All {count} rubbers recorded.", count).format(
                count=count
            )
        )

"""`chicago rank`, `sessions`, `export`, `import`, `rename`, `players` and `delete`: the saved evenings."""

from __future__ import annotations

import json
from contextlib import nullcontext
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rotation.cli.app import app
from rotation.cli.choices import Paper, RankBy, TallyUnit
from rotation.cli.common import (
    counted,
    db_path,
    fail,
    load_stored,
    note_matched_names,
    open_store,
    parse_day,
    read_json,
    rich_console,
    write_out,
)
from rotation.language import N_
from rotation.request import POINTS_SCHEME

if TYPE_CHECKING:
    from rotation.services.money import SeasonMoney
    from rotation.services.season import Season


@app.command("sessions")
def sessions_command(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the list as JSON."))] = False,
) -> None:
    """List the saved sessions: date, players, rubbers recorded, scoring."""
    from rotation.services.evenings import list_evenings

    path = db_path()
    summaries = []
    if path.exists():
        with open_store() as store:
            summaries = list_evenings(store)
    if as_json:
        from rotation.render.reports import sessions_data

        typer.echo(json.dumps(sessions_data(path, summaries), indent=2, ensure_ascii=False))
        return
    from rotation.language import _

    if not summaries:
        typer.echo(_("No sessions saved yet in {path}.").format(path=path))
        return
    from rotation.render.terminal import sessions_table

    rich_console().print(sessions_table(summaries))
    typer.echo(_("Database: {path}").format(path=path))


_RankSinceOption = Annotated[
    str | None,
    typer.Option(metavar="YYYY-MM-DD", help=N_("Only sessions played on or after this date.")),
]

_RankUntilOption = Annotated[
    str | None,
    typer.Option(metavar="YYYY-MM-DD", help=N_("Only sessions played on or before this date.")),
]

_RankMinRubbersOption = Annotated[
    int,
    typer.Option(
        "--min-rubbers", min=1, metavar="K", help=N_("Rank only players with at least this many rubbers.")
    ),
]

_RankMinEveningsOption = Annotated[
    int,
    typer.Option(
        "--min-evenings", min=1, metavar="N", help=N_("Rank only players who played in at least N sessions.")
    ),
]

_RankBestOption = Annotated[
    int | None,
    typer.Option(
        "--best",
        min=1,
        metavar="N",
        help=N_("Count only each player's N best sessions (by total, or by points with --by points)."),
    ),
]

_RankByOption = Annotated[
    RankBy,
    typer.Option(
        help="Rank on the total, the average per rubber, the rating (strength from every rubber's"
        " net, allowing for partners, opponents and attendance) or the points (" + POINTS_SCHEME + ")."
    ),
]

_RankUnitOption = Annotated[
    TallyUnit | None,
    typer.Option(help=N_("Only sessions whose tally is in this unit (needed when they differ).")),
]

_RankPdfOption = Annotated[
    Path | None,
    typer.Option(
        "--pdf",
        dir_okay=False,
        metavar="FILE",
        help=N_("Also write the season sheet (the standings with the period and options) as a PDF."),
    ),
]


@app.command("rank")
def rank_command(
    since: _RankSinceOption = None,
    until: _RankUntilOption = None,
    min_rubbers: _RankMinRubbersOption = 1,
    min_evenings: _RankMinEveningsOption = 1,
    best: _RankBestOption = None,
    by: _RankByOption = RankBy.TOTAL,
    unit: _RankUnitOption = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the standings as JSON."))] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=N_("Print the standings as CSV."))] = False,
    pdf: _RankPdfOption = None,
    paper: Annotated[Paper, typer.Option(help=N_("Paper size of the --pdf sheet."))] = Paper.A4,
) -> None:
    """Season standings across the saved sessions: total, rubbers played, average, sessions, rating; ties
    as ties."""
    from rotation.language import _
    from rotation.render.reports import season_json
    from rotation.services.money import season_money
    from rotation.services.season import RankAsked, rank

    if as_json and as_csv:
        fail(_("choose --json or --csv, not both"))
    start = None if since is None else parse_day(since, "--since")
    end = None if until is None else parse_day(until, "--until")
    # the season's rules are the service's, the same as on the season page (RankAsked); a refusal is
    # worded by the command line's one handler (words.error_line)
    asked = RankAsked(start, end, unit, by, min_rubbers, min_evenings, best)
    with open_store() if db_path().exists() else nullcontext() as store:
        result = rank(store, asked)
        paid = season_money(store, asked) if pdf is not None else None
    if pdf is not None:
        _write_sheet(result, pdf, paper, (start, end), paid)
    if as_json:
        typer.echo(json.dumps(season_json(result, since=start, until=end), indent=2, ensure_ascii=False))
        return
    if as_csv:
        from rotation.render.exports import standings_csv

        typer.echo(standings_csv(result.lines), nl=False)
        return
    _print_season(result)


def _write_sheet(
    result: Season, out: Path, paper: Paper, period: tuple[date | None, date | None], paid: SeasonMoney | None
) -> None:
    """The season sheet to ``out`` (the period's money under the standings when it was played for
    money), said on standard error so --json and --csv stay clean."""
    from datetime import datetime

    from rotation.render.pdf_season import render_season_pdf

    data = render_season_pdf(
        result,
        since=period[0],
        until=period[1],
        money=paid.settled.settlement if paid and paid.settled else None,
        money_note=paid.why_not if paid else "",
        paper=paper,
        created=datetime.now().astimezone(),
        note=lambda text: typer.echo(f"Note: {text}.", err=True),
    )
    write_out(data, out)
    from rotation.language import _

    typer.echo(_("Wrote the season sheet to {path}.").format(path=out), err=True)


def _print_season(result: Season) -> None:
    """The season as a host reads it: which sessions, the standings, who played too few rubbers."""
    from rich.text import Text

    from rotation.render.season_words import season_words
    from rotation.render.terminal import season_table

    words = season_words(result)
    if not result.sessions:
        typer.echo(words.heading)
        return
    console = rich_console()  # the lines fold at the terminal's width (80 columns in a pipe)
    console.print(Text(words.heading))
    if result.lines:
        console.print(season_table(result.lines, result.by, result.best))
    else:
        typer.echo(words.empty)
    for note in words.notes:
        console.print(Text(note))


@app.command("export")
def export_command(
    name: Annotated[str, typer.Argument(help=N_("A saved session."))],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", dir_okay=False, help=N_("Write to this file instead of printing.")),
    ] = None,
) -> None:
    """Write a saved session as a session JSON file (the format `chicago tally FILE` reads)."""
    from rotation.services.evenings import export_evening

    with open_store(create=False) as store:
        data = export_evening(store, name)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if write_out(text, out):
        from rotation.language import _

        typer.echo(_("Wrote {name} to {path}.").format(name=data["name"], path=out))


@app.command("import")
def import_command(
    file: Annotated[Path, typer.Argument(help=N_("A session JSON file (e.g. from `chicago export`)."))],
    name: Annotated[
        str | None,
        typer.Option(help=N_('Save it under this name (default: the file\'s "name", else its file name).')),
    ] = None,
    played_on: Annotated[
        str | None,
        typer.Option(
            "--date", metavar="YYYY-MM-DD", help=N_('Its date (default: the file\'s "date", else today).')
        ),
    ] = None,
    again: Annotated[
        bool,
        typer.Option(
            "--again",
            help=N_("Import it even if the same evening (date, players, results) is saved already."),
        ),
    ] = False,
) -> None:
    """Save a session file in the session database, results and all."""
    from rotation.services.drives import read_seating
    from rotation.services.errors import FormatError, SessionError
    from rotation.services.evenings import read_carried
    from rotation.services.sheets import read_session

    data = read_json(file)
    try:
        session = read_session(data)
        seating = read_seating(data)
        carried = read_carried(data)
    except (FormatError, SessionError) as error:
        fail(f"{file}: {error}")
    title = name
    if title is None:
        title = data.get("name") if isinstance(data.get("name"), str) and data["name"].strip() else file.stem
    where = "--date"
    if played_on is None and isinstance(data.get("date"), str):
        played_on, where = data["date"], f'{file}: "date"'
    day = parse_day(played_on, where)
    from rotation.services.errors import SameEveningError
    from rotation.services.evenings import import_evening

    try:
        with open_store() as store:
            stored = import_evening(store, session, title, day, again=again, seating=seating, carried=carried)
    except FormatError as error:  # the file's seating against its own score sheet and rounds
        fail(f"{file}: {error}")
    except SameEveningError as error:
        fail(
            f"{file} is {error}: importing it again would count its rubbers twice in the season"
            " (add --again if it is another evening)"
        )
    note_matched_names(session.schedule.players, stored.session.schedule.players)
    typer.echo(
        f"Imported {file} as {stored.name!r} ({day.isoformat()}):"
        f" {counted(len(session.schedule.players), 'player')},"
        f" {len(session.complete_results)} of {counted(session.rubber_count, 'rubber')} recorded."
    )


@app.command("rename")
def rename_command(
    old: Annotated[str, typer.Argument(help=N_("The player's name now (case and spaces do not matter)."))],
    new: Annotated[str, typer.Argument(help=N_("The new name."))],
    merge: Annotated[
        bool,
        typer.Option("--merge", help=N_("NEW is already a player: make the two one (a name typed twice).")),
    ] = False,
) -> None:
    """Rename a player in every saved session (players are matched across sessions by name)."""
    from rotation.cli.words import renamed_text
    from rotation.services.season import rename_player

    with open_store(create=False) as store:
        renamed = rename_player(store, old, new, merge=merge)
    typer.echo(renamed_text(renamed))


@app.command("players")
def players_command(
    names: Annotated[
        list[str] | None,
        typer.Argument(metavar="[NAME]...", help=N_("With --add: the players to add."), show_default=False),
    ] = None,
    add: Annotated[
        bool,
        typer.Option(
            "--add",
            help=N_("Add the players NAMEs to the roster (a club's members) without saving an evening."),
        ),
    ] = False,
    new: Annotated[
        list[str] | None,
        typer.Option(
            "--new",
            metavar="NAME",
            help=N_(
                "With --add: NAME is another player, not a typo of a known one (a name a letter or two off"
                " a player the database knows is refused without it); repeatable."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    """List the players the session database knows, with the number of sessions each is in; with --add,
    add players to it first."""
    from rotation.language import _, ngettext
    from rotation.services.season import list_players

    if names and not add:
        fail(_("to add players to the roster, write --add before their names"))
    if add:
        _add_players(names or [], new or [])
        return
    path = db_path()
    players = []
    if path.exists():
        with open_store() as store:
            players = list_players(store)
    if not players:
        typer.echo(_("No players saved yet in {path}.").format(path=path))
    for player, count in players:
        sessions = ngettext("{count} session", "{count} sessions", count).format(count=count)
        typer.echo(f"{player}  ({sessions})")


def _add_players(names: list[str], new: list[str]) -> None:
    """`chicago players --add NAME...`: the roster's new members, refused as `chicago plan` refuses a
    near miss of a known player (unless --new) or a name that cannot be one."""
    from rotation.language import _
    from rotation.services.club import add_players

    if not names:
        fail(_("name the players to add, e.g. chicago players --add Kim 'Anne-Marie'"))
    with open_store() as store:  # a near miss or a bad name: worded by words.plan_message, as at plan
        added = add_players(store, names, new=new)
    if added.added:
        typer.echo(_("Added to the roster: {names}.").format(names=", ".join(added.added)))
    if added.known:
        typer.echo(_("Already on the roster: {names}.").format(names=", ".join(added.known)))


@app.command("delete")
def delete_command(
    name: Annotated[str, typer.Argument(help=N_("A saved session."))],
    yes: Annotated[bool, typer.Option("--yes", help=N_("Really delete it (it cannot be undone)."))] = False,
) -> None:
    """Delete a saved session and its results (export it first to keep a copy)."""
    if not yes:
        from rotation.language import ngettext

        stored = load_stored(name)
        count = len(stored.session.results)
        said = ngettext(  # English says "rubbers" for one too, as it always has; other languages count
            "deleting {name} removes its schedule and {count} recorded rubbers for good: add --yes (or keep a"
            " copy first with `chicago export`)",
            "deleting {name} removes its schedule and {count} recorded rubbers for good: add --yes (or keep a"
            " copy first with `chicago export`)",
            count,
        )
        fail(said.format(name=repr(stored.name), count=count))
    from rotation.services.evenings import delete_evening

    with open_store(create=False) as store:
        stored = delete_evening(store, name)
    from rotation.language import _

    typer.echo(_("Deleted {name} ({date}).").format(name=stored.name, date=stored.played_on.isoformat()))

"""The `chicago` command: plan an evening, check a schedule, score results.

Only this module (with the store and the printers) touches files and the terminal. Heavy libraries
(ortools, networkx, PDF) are imported inside the commands that need them, so `chicago score` starts fast.
"""

from __future__ import annotations

import json
import secrets
import shlex
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional

import typer
from typer.core import TyperGroup

from rotation.cut import Order
from rotation.plan import Kept, Method, PlanError, PlanRequest, parse_avoid, parse_away, plan
from rotation.render.cards import CardFormat, Document, Paper
from rotation.results.season import RankBy, TallyUnit
from scoring.rules import Method as ScoringMethod
from scoring.rules import PartscorePremium
from scoring.tally import Rounding, Unit

if TYPE_CHECKING:
    from rotation.io.store import Store, StoredSession
    from rotation.results.session import Session


class _OneLineErrors(TyperGroup):
    """Report a usage error (unknown option, bad value) as one line and exit 2, as for every user error."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except Exception as error:
            if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
                raise
            hint = ""
            context = getattr(error, "ctx", None)
            if context is not None and getattr(error, "exit_code", 1) == 2:
                hint = f" (see '{context.command_path} --help')"
            typer.echo(f"chicago: error: {error.format_message()}{hint}", err=True)
            code = error.exit_code
        except typer.Abort:
            typer.echo("chicago: aborted", err=True)
            code = 1
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_OneLineErrors,
    name="chicago",
    help="Plan and score Chicago (four-deal) bridge: seating for every round, rubber scores, player tallies.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> NoReturn:
    """A user error: one clear line on stderr and exit code 2, never a traceback."""
    typer.echo(f"chicago: error: {message}", err=True)
    raise typer.Exit(2)


@app.callback()
def _options(
    db: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--db",
            metavar="PATH",
            dir_okay=False,
            show_default=False,
            help="The session database (default: $CHICAGO_DB, else chicago.db in your user data folder).",
        ),
    ] = None,
) -> None:
    """Options for every command (the callback runs on every invocation, so nothing stays from the last)."""
    _global_options["db"] = db


_global_options: dict[str, Path | None] = {"db": None}


def _db_path() -> Path:
    """The session database: `chicago --db PATH`, else $CHICAGO_DB, else the per-user default."""
    from rotation.io.store import resolve_path

    return resolve_path(_global_options["db"])


@contextmanager
def _store(*, create: bool = True, reraise: tuple[type[Exception], ...] = ()) -> Iterator[Store]:
    """The open session store for one command; its errors (but ``reraise``) become one line and exit 2."""
    from rotation.io.store import Store, StoreError
    from rotation.results.session import SessionError

    path = _db_path()
    try:
        with Store.open(path, create=create) as store:
            yield store
    except reraise:
        raise
    except StoreError as error:
        fail(_store_message(error))
    except SessionError as error:
        fail(str(error))


def _store_message(error: Exception) -> str:
    """The store's typed error, with the command that gets the host past it."""
    import shlex

    from rotation.io.store import PlayerExistsError, SessionNameTakenError

    if isinstance(error, SessionNameTakenError):
        return (
            f"{error}: choose another name"
            f" (or remove it with `chicago delete {shlex.quote(error.taken)} --yes`)"
        )
    if isinstance(error, PlayerExistsError):
        return f"{error}: add --merge to make {error.old}'s results {error.other}'s"
    return str(error)


def _stored(name: str) -> StoredSession:
    """The saved session ``name``."""
    with _store(create=False) as store:
        return store.load(name)


def _day(text: str | None, option: str) -> date:
    """A date option (YYYY-MM-DD); today when not given."""
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        fail(f"cannot read {option} {text!r}: write a date as YYYY-MM-DD")


def _matched_names(given: Sequence[str], kept: Sequence[str], *, err: bool = False) -> None:
    """Say when a name was matched to a player the database already knows under another spelling."""
    for typed, known in zip(given, kept, strict=True):
        if " ".join(typed.split()) != known:  # spacing alone is tidied without a word
            typer.echo(f"Note: {typed!r} is the known player {known!r} (see `chicago rename`).", err=err)


def _console() -> Any:
    from rich.console import Console

    return Console(highlight=False)


def _cycle(name: str) -> Any:
    from scoring.vulnerability import find_cycle

    try:
        return find_cycle(name)
    except ValueError as error:
        fail(str(error))


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"no such file: {path}")
    except (OSError, UnicodeDecodeError) as error:
        fail(f"cannot read {path}: {error}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        fail(f"{path} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}")


SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
VULNERABILITY_HELP = (
    "Vulnerability cycle: 'dealer' (deals 2-3 the dealer's side; the bulletin's Regular), 'nondealer' "
    "(the bulletin's Cavendish), or a comma list of none/dealer/nondealer/both, one per deal."
)


@app.command("plan")
def plan_command(
    names: Annotated[
        list[str], typer.Argument(help="The players' names (at least four).", show_default=False)
    ],
    order: Annotated[
        Order,
        typer.Option(help="'cut': draw cards for the score-sheet order; 'given': names are already ranked."),
    ] = Order.CUT,
    seed: Annotated[Optional[int], typer.Option(help="Make the drawn cut reproducible.")] = None,  # noqa: UP045
    rounds: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(help="Rounds to play (default: every partnership once, or the bulletin's chart)."),
    ] = None,
    method: Annotated[
        Method, typer.Option(help="How to seat: the bulletin's movements or the balanced planner.")
    ] = (Method.AUTO),
    away: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(help="NAME:ROUNDS a player is absent, e.g. Shirley:1-2 (arrives for round 3), Bob:6-."),
    ] = None,
    tables: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(help="Tables in play each round (default: as many as the players fill)."),
    ] = None,
    avoid: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(help="A+B: two players who must never partner; repeatable."),
    ] = None,
    keep: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            metavar="FILE:K",
            help="Keep the first K rounds of a schedule already played (a schedule or session file) and "
            "replan the rest for the players named now, changing as little as possible.",
        ),
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="Seconds the balanced planner may search (it stops sooner when it proves the best).",
        ),
    ] = 10.0,
    vulnerability: Annotated[str, typer.Option(help=VULNERABILITY_HELP)] = "dealer",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the chicago-schedule/1 JSON instead.")
    ] = False,
    save: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--save",
            metavar="NAME",
            help="Save the evening in the session database as NAME; record with `chicago record NAME`.",
        ),
    ] = None,
    played_on: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--date", metavar="YYYY-MM-DD", help="The evening's date for --save (default: today)."),
    ] = None,
    scoring: Annotated[
        Optional[ScoringMethod],  # noqa: UP045
        typer.Option(
            "--scoring",
            help="How rubbers score: chicago (default), duplicate (each deal alone) or russian (IMPs).",
        ),
    ] = None,
    premium: Annotated[
        Optional[PartscorePremium],  # noqa: UP045
        typer.Option(
            help="Chicago's 100 for a part score: on the last deal (deal4) or outstanding at the end."
        ),
    ] = None,
    unit: Annotated[
        Optional[Unit],  # noqa: UP045
        typer.Option(help="Tally in hundreds (default; +1030 is +10) or points."),
    ] = None,
    rounding: Annotated[
        Optional[Rounding],  # noqa: UP045
        typer.Option(
            help="An exact 50 in hundreds: half-up (default, away from zero), half-down, half-even."
        ),
    ] = None,
) -> None:
    """Plan the seating of every round: partners, seats, first dealer, sit-outs, each deal's vulnerability."""
    cycle = _cycle(vulnerability)
    chosen = {"method": scoring, "partscore_premium": premium, "unit": unit, "rounding": rounding}
    given = {key: value.value for key, value in chosen.items() if value is not None}
    if given and save is None and not as_json:
        fail("--scoring, --premium, --unit and --rounding are kept with --save (or written by --json)")
    if played_on is not None and save is None:
        fail("--date is the date kept with --save")
    day = _day(played_on, "--date")
    from scoring.rules import ScoringRules

    rules = ScoringRules.from_mapping({"vulnerability": vulnerability, **given})
    if seed is None and order is Order.CUT:
        seed = secrets.randbelow(1_000_000)
    try:
        request = PlanRequest(
            tuple(names),
            order,
            seed or 0,
            rounds,
            method,
            away=tuple(parse_away(text) for text in away or ()),
            tables=tables,
            avoid=tuple(parse_avoid(text) for text in avoid or ()),
            keep=_kept(keep) if keep else None,
            time_limit=time_limit,
        )
        with _progress(err=as_json) as on_progress:
            result = plan(request, on_progress)
    except PlanError as error:
        fail(str(error))
    schedule = result.schedule
    saved = None
    if save is not None:
        from rotation.results.session import Session

        with _store() as store:
            saved = store.save(save, day, Session(schedule, rules))
        _matched_names(schedule.players, saved.session.schedule.players, err=as_json)
        schedule = saved.session.schedule
    if as_json:
        from rotation.io.formats import schedule_to_data

        data = schedule_to_data(schedule, cycle)
        if given:
            data["scoring"] = rules.to_mapping()
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from rotation.balance import check
    from rotation.render.terminal import DEALS_LEGEND, balance_summary, seating_table, solve_summary

    console = _console()
    n, r = len(schedule.players), len(schedule.rounds)
    console.print(
        f"[bold]Chicago for {n} players, {r} rounds[/bold] ({result.schedule.movement.name or result.method})"
    )
    if result.cards:
        drawn = ", ".join(f"{name} {card[0]}{SUIT_SYMBOLS[card[1]]}" for name, card in result.cards)
        console.print(f"Cut (--seed {seed} draws it again): {drawn}")
    console.print("Score sheet: " + ", ".join(f"{p}. {name}" for p, name in enumerate(schedule.players, 1)))
    for note in result.notes:
        console.print(f"Note: {note}")
    console.print(seating_table(schedule, cycle))
    console.print(f"* deals the round's first deal. {DEALS_LEGEND}; {cycle.describe()}.")
    console.print(balance_summary(check(schedule.movement, avoid=result.avoid)))
    if result.solved is not None:
        console.print(solve_summary(result.solved))
    if saved is not None:
        typer.echo(f"Scoring: {rules.describe()}.")
        typer.echo(
            f"Saved as {saved.name!r} ({saved.played_on.isoformat()}) in {_db_path()}:"
            f" record each rubber with `chicago record {shlex.quote(saved.name)} --round R ...`."
        )


def _kept(text: str) -> Kept:
    """``FILE:K`` for --keep: the schedule (or session) file and how many of its rounds were played."""
    from rotation.io.formats import FormatError, schedule_from_data

    path, colon, count = text.rpartition(":")
    if not colon or not count.strip().isdigit():
        fail(f"cannot read --keep {text!r}: write FILE:K, e.g. tonight.json:3")
    try:
        schedule = schedule_from_data(_read_json(Path(path)))
    except FormatError as error:
        fail(f"{path}: {error}")
    return Kept(schedule, int(count))


@contextmanager
def _progress(*, err: bool = False) -> Iterator[Any]:
    """A progress line for a solve that takes more than a second (only on a terminal)."""
    from rich.console import Console

    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        yield None
        return
    with console.status("Planning...") as status:

        def show(progress: Any) -> None:
            if progress.elapsed < 1:
                return
            best = "" if progress.value is None else f" {progress.value}"
            bound = "" if progress.bound is None else f" (best possible {progress.bound})"
            status.update(
                f"Planning: {progress.stage}, {progress.term}{best}{bound}, {progress.elapsed:.0f} s"
            )

        yield show


@app.command("check")
def check_command(
    file: Annotated[
        Path, typer.Argument(help="A chicago-schedule/1 JSON file (from `chicago plan --json`).")
    ],
) -> None:
    """Report how balanced a schedule is: partners, opponents, sit-outs, first deals and seat moves, and
    how even the evening would be if it stopped after each round."""
    from rotation.balance import check
    from rotation.io.formats import FormatError, schedule_from_data
    from rotation.movements.order import prefix_balances
    from rotation.render.terminal import balance_report, prefix_table

    try:
        schedule = schedule_from_data(_read_json(file))
    except FormatError as error:
        fail(f"{file}: {error}")
    console = _console()
    console.print(balance_report(check(schedule.movement), schedule))
    console.print(prefix_table(prefix_balances(schedule.movement)))


@app.command("score")
def score_command(
    result: Annotated[str, typer.Argument(help="A contract and result, e.g. 4H=, 3NTX-2, '6S W +1'.")],
    vul: Annotated[bool, typer.Option("--vul/--nonvul", help="Is the declarer's side vulnerable?")] = False,
) -> None:
    """Print the declarer's duplicate score (Law 77): `chicago score 4H= --vul` prints 620."""
    from scoring.contract import InvalidResultError
    from scoring.duplicate import duplicate_score

    try:
        typer.echo(duplicate_score(result, vulnerable=vul))
    except InvalidResultError as error:
        fail(str(error))


def _load_session(source: str) -> Any:
    """A session from a JSON file, or else the session saved under that name (`chicago plan --save`).

    A file of that name wins; a source that looks like a path (a folder in it, or ending in .json) is
    only ever a file."""
    from rotation.io.formats import FormatError, session_from_data
    from rotation.results.session import SessionError

    path = Path(source)
    if not path.is_file() and "/" not in source and "\\" not in source and path.suffix.lower() != ".json":
        from rotation.io.store import NoDatabaseError, NoSuchSessionError

        try:
            with _store(create=False, reraise=(NoDatabaseError, NoSuchSessionError)) as store:
                return store.load(source).session
        except NoDatabaseError:
            fail(f"no such file or saved session: {source!r}")
        except NoSuchSessionError as error:
            fail(f"no such file: {source!r}; and {error}")
    try:
        return session_from_data(_read_json(path))
    except (FormatError, SessionError) as error:
        fail(f"{path}: {error}")


@app.command("tally")
def tally_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="NAME|FILE", help="A saved session, or a session JSON file (schedule, scoring, results)."
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the tally as JSON.")] = False,
) -> None:
    """The bulletin's score sheet: each player's running plus/minus after every round, and the standings."""
    from rotation.render.terminal import tally_data, tally_tables
    from rotation.results.session import SessionError, tally

    session = _load_session(source)
    try:
        sheet = tally(session)
    except SessionError as error:
        fail(f"{source}: {error}")
    if as_json:
        typer.echo(json.dumps(tally_data(sheet), indent=2, ensure_ascii=False))
        return
    _console().print(tally_tables(sheet))


CARD_SUFFIXES = {".md": CardFormat.MARKDOWN, ".markdown": CardFormat.MARKDOWN, ".txt": CardFormat.TEXT}


@app.command("cards")
def cards_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="NAME|FILE",
            help="A saved session, or a schedule or session JSON file (from `chicago plan --json`).",
        ),
    ],
    card_format: Annotated[
        Optional[CardFormat],  # noqa: UP045
        typer.Option(
            "--format",
            help="pdf, text or markdown. Default: text on the terminal without --out; with --out, markdown"
            " for .md, text for .txt, else pdf.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--out", help="Write to this file instead of the terminal.", dir_okay=False),
    ] = None,
    paper: Annotated[Paper, typer.Option(help="Paper size of the PDF.")] = Paper.A4,
    only: Annotated[
        Optional[list[Document]],  # noqa: UP045
        typer.Option(help="Print only this document (repeatable); default: all four.", show_default=False),
    ] = None,
) -> None:
    """Cards to print: one per player, one per table, a score pad per rubber and the tally sheet."""
    from datetime import datetime

    from rotation.render.cards import build_cards
    from rotation.results.session import SessionError

    chosen = card_format or CardFormat.TEXT
    if card_format is None and out is not None:
        chosen = CARD_SUFFIXES.get(out.suffix.lower(), CardFormat.PDF)
    if chosen is CardFormat.PDF and out is None and sys.stdout.isatty():
        fail("a PDF does not print on the terminal: add --out FILE.pdf (or --format text)")
    session = _load_session(source)
    event = Path(source).stem if Path(source).is_file() else source
    try:
        cards = build_cards(session, event=event, documents=only or tuple(Document))
    except SessionError as error:
        fail(f"{source}: {error}")
    if chosen is CardFormat.PDF:
        from rotation.render.pdf import render_pdf

        data: bytes | str = render_pdf(cards, paper, created=datetime.now().astimezone())
    else:
        from rotation.render.text import render_markdown, render_text

        data = render_markdown(cards) if chosen is CardFormat.MARKDOWN else render_text(cards)
    if out is None:
        typer.echo(data, nl=False)
        return
    try:
        if isinstance(data, bytes):
            out.write_bytes(data)
        else:
            out.write_text(data, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {out}: {error.strerror or error}")
    typer.echo(f"Wrote {', '.join(d.label.lower() for d in cards.documents)} to {out}.")


DEALS_HELP = (
    "The rubber's deals in the order played, each one argument: '2S E +1', '3NT N -2', pass, "
    "'6S W = honors EW 100', '4H S -1 hcp 22' (N-S's high-card points, for russian)."
)


@app.command("record")
def record_command(
    name: Annotated[str, typer.Argument(help="The saved session (`chicago plan ... --save NAME`).")],
    round_number: Annotated[
        int, typer.Option("--round", "-r", min=1, help="The round, from 1.", show_default=False)
    ],
    deals: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Argument(metavar="[DEAL]...", help=DEALS_HELP, show_default=False),
    ] = None,
    table: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--table", "-t", min=1, help="The table, from 1 (needed when the round has several)."),
    ] = None,
    net: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            help="The rubber's net instead of its deals: 'E-W +3' (hundreds) or 'N-S 1030' (points)."
        ),
    ] = None,
    replace: Annotated[bool, typer.Option("--replace", help="Change a rubber already recorded.")] = False,
) -> None:
    """Record one rubber of a saved session, checked against its schedule; prints the rubber's score and
    the running tally."""
    from rotation.results.recording import parse_deal_argument, record_report, resolve_table
    from rotation.results.session import RubberRecord
    from scoring.deal import InvalidDealError
    from scoring.tally import InvalidNetError, RecordedNet

    if deals and net is not None:
        fail("give the rubber's deals or its --net, not both")
    if not deals and net is None:
        fail("give the rubber's deals (e.g. '2S E +1' pass '4H S =' '3NT W -1' '1C N +2') or --net 'E-W +3'")
    try:
        recorded_deals = tuple(parse_deal_argument(text) for text in deals) if deals else None
        recorded_net = RecordedNet.parse(net) if net is not None else None
    except (InvalidDealError, InvalidNetError) as error:
        fail(str(error))

    def build(session: Session) -> RubberRecord:
        number = resolve_table(session, round_number, table)
        return RubberRecord(round_number, number, deals=recorded_deals, net=recorded_net)

    with _store(create=False) as store:
        done = store.record(name, build, replace=replace)
    session = done.stored.session
    for line in record_report(done.stored.name, session, done.record, done.previous):
        typer.echo(line)


@app.command("sessions")
def sessions_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List the saved sessions: date, players, rubbers recorded, scoring."""
    path = _db_path()
    summaries = []
    if path.exists():
        with _store() as store:
            summaries = store.sessions()
    if as_json:
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
        typer.echo(json.dumps({"database": str(path), "sessions": listing}, indent=2, ensure_ascii=False))
        return
    if not summaries:
        typer.echo(f"No sessions saved yet in {path}.")
        return
    from rotation.render.terminal import sessions_table

    _console().print(sessions_table(summaries))
    typer.echo(f"Database: {path}")


@app.command("show")
def show_command(name: Annotated[str, typer.Argument(help="A saved session.")]) -> None:
    """A saved session: its schedule, the results recorded so far, and the rubbers still to record."""
    from rich.text import Text

    from rotation.render.terminal import DEALS_LEGEND, results_table, seating_table
    from rotation.results.session import SessionError

    stored = _stored(name)
    session = stored.session
    schedule, rules = session.schedule, session.rules
    console = _console()
    heading = f"{stored.name}, {stored.played_on.isoformat()}: {len(schedule.players)} players,"
    console.print(Text(f"{heading} {len(schedule.rounds)} rounds", style="bold"))
    console.print(Text("Score sheet: " + ", ".join(f"{p}. {n}" for p, n in enumerate(schedule.players, 1))))
    console.print(Text(f"Scoring: {rules.describe()}."))
    console.print(seating_table(schedule, rules.vulnerability))
    console.print(f"* deals the round's first deal. {DEALS_LEGEND}.")
    try:
        if session.results:
            console.print(results_table(session))
    except SessionError as error:
        fail(f"{stored.name}: {error}")
    missing = session.missing()
    if missing:
        where = ", ".join(f"round {r} table {t}" for r, t in missing)
        typer.echo(f"Still to record ({len(missing)}): {where}")
    else:
        typer.echo(f"All {len(session.results)} rubbers recorded.")


@app.command("rank")
def rank_command(
    since: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(metavar="YYYY-MM-DD", help="Only sessions played on or after this date."),
    ] = None,
    until: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(metavar="YYYY-MM-DD", help="Only sessions played on or before this date."),
    ] = None,
    min_rubbers: Annotated[
        int, typer.Option("--min-rubbers", min=1, help="Rank only players with at least this many rubbers.")
    ] = 1,
    by: Annotated[RankBy, typer.Option(help="Rank on the total or on the average per rubber.")] = (
        RankBy.TOTAL
    ),
    unit: Annotated[
        Optional[TallyUnit],  # noqa: UP045
        typer.Option(help="Only sessions whose tally is in this unit (needed when they differ)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the standings as CSV.")] = False,
) -> None:
    """Season standings across the saved sessions: total, rubbers played, average, sessions; ties as ties."""
    from rotation.results.season import season_data, season_standings, tally_unit

    if as_json and as_csv:
        fail("choose --json or --csv, not both")
    start = None if since is None else _day(since, "--since")
    end = None if until is None else _day(until, "--until")
    stored: list[StoredSession] = []
    if _db_path().exists():
        with _store() as store:
            stored = store.season(start, end)
    if unit is not None:
        stored = [s for s in stored if tally_unit(s.session.rules) is unit]
    units: dict[TallyUnit, list[str]] = {}
    for s in stored:
        units.setdefault(tally_unit(s.session.rules), []).append(s.name)
    if len(units) > 1:
        kinds = "; ".join(f"{kind.label}: {', '.join(names)}" for kind, names in units.items())
        fail(f"the sessions count in different units ({kinds}): rank one unit at a time with --unit")
    sessions = [s.session for s in stored]
    lines = season_standings(sessions, min_rubbers=min_rubbers, by=by)
    kind = next(iter(units), unit or TallyUnit.HUNDREDS)
    if as_json:
        data = season_data(lines)
        data = {
            "unit": kind.value,
            "ranked_by": by.value,
            "min_rubbers": min_rubbers,
            "since": start and start.isoformat(),
            "until": end and end.isoformat(),
            "session_names": [s.name for s in stored],
            **data,
        }
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    if as_csv:
        import csv
        import io

        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["rank", "tied", "name", "total", "played", "average", "sessions"])
        for line in lines:
            writer.writerow(
                [
                    line.rank,
                    int(line.tied),
                    line.name,
                    line.total,
                    line.played,
                    line.rounded_average(),
                    line.sessions,
                ]
            )
        typer.echo(buffer.getvalue(), nl=False)
        return
    if not stored:
        typer.echo("No saved sessions in that period.")
        return
    from rotation.render.terminal import season_table

    dates = f"{stored[0].played_on.isoformat()} to {stored[-1].played_on.isoformat()}"
    count = f"{len(stored)} session{'s' if len(stored) != 1 else ''}"
    typer.echo(f"Season standings: {count}, {dates}, in {kind.label}, ranked by {by.value}")
    if lines:
        _console().print(season_table(lines))
    else:
        typer.echo(f"Nobody has played {min_rubbers} rubber{'s' if min_rubbers != 1 else ''} yet.")
    everyone = season_standings(sessions, by=by)
    left_out = [line for line in everyone if line.played < min_rubbers]
    if left_out:
        names = ", ".join(f"{line.name} ({line.played})" for line in left_out)
        typer.echo(f"Fewer than {min_rubbers} rubbers, not ranked: {names}")


@app.command("export")
def export_command(
    name: Annotated[str, typer.Argument(help="A saved session.")],
    out: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--out", "-o", dir_okay=False, help="Write to this file instead of printing."),
    ] = None,
) -> None:
    """Write a saved session as a session JSON file (the format `chicago tally FILE` reads)."""
    from rotation.io.formats import session_to_data

    stored = _stored(name)
    extra = {"name": stored.name, "date": stored.played_on.isoformat()}
    text = json.dumps(session_to_data(stored.session, extra), indent=2, ensure_ascii=False) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {out}: {error}")
    typer.echo(f"Wrote {stored.name} to {out}.")


@app.command("import")
def import_command(
    file: Annotated[Path, typer.Argument(help="A session JSON file (e.g. from `chicago export`).")],
    name: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(help='Save it under this name (default: the file\'s "name", else its file name).'),
    ] = None,
    played_on: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--date", metavar="YYYY-MM-DD", help='Its date (default: the file\'s "date", else today).'
        ),
    ] = None,
) -> None:
    """Save a session file in the session database, results and all."""
    from rotation.io.formats import FormatError, session_from_data
    from rotation.results.session import SessionError

    data = _read_json(file)
    try:
        session = session_from_data(data)
    except (FormatError, SessionError) as error:
        fail(f"{file}: {error}")
    title = name
    if title is None:
        title = data.get("name") if isinstance(data.get("name"), str) and data["name"].strip() else file.stem
    where = "--date"
    if played_on is None and isinstance(data.get("date"), str):
        played_on, where = data["date"], f'{file}: "date"'
    day = _day(played_on, where)
    with _store() as store:
        stored = store.save(title, day, session)
    _matched_names(session.schedule.players, stored.session.schedule.players)
    total = len(session.results) + len(session.missing())
    typer.echo(
        f"Imported {file} as {stored.name!r} ({day.isoformat()}): {len(session.schedule.players)} players,"
        f" {len(session.results)} of {total} rubbers recorded."
    )


@app.command("rename")
def rename_command(
    old: Annotated[str, typer.Argument(help="The player's name now (case and spaces do not matter).")],
    new: Annotated[str, typer.Argument(help="The new name.")],
    merge: Annotated[
        bool, typer.Option("--merge", help="NEW is already a player: make the two one (a name typed twice).")
    ] = False,
) -> None:
    """Rename a player in every saved session (players are matched across sessions by name)."""
    with _store(create=False) as store:
        renamed = store.rename_player(old, new, merge=merge)
    typer.echo(str(renamed))


@app.command("players")
def players_command() -> None:
    """List the players the session database knows, with the number of sessions each is in."""
    path = _db_path()
    players = []
    if path.exists():
        with _store() as store:
            players = store.players()
    if not players:
        typer.echo(f"No players saved yet in {path}.")
    for player, count in players:
        typer.echo(f"{player}  ({count} session{'s' if count != 1 else ''})")


@app.command("delete")
def delete_command(
    name: Annotated[str, typer.Argument(help="A saved session.")],
    yes: Annotated[bool, typer.Option("--yes", help="Really delete it (it cannot be undone).")] = False,
) -> None:
    """Delete a saved session and its results (export it first to keep a copy)."""
    if not yes:
        stored = _stored(name)
        fail(
            f"deleting {stored.name!r} removes its schedule and {len(stored.session.results)} recorded"
            " rubbers for good: add --yes (or keep a copy first with `chicago export`)"
        )
    with _store(create=False) as store:
        stored = store.delete(name)
    typer.echo(f"Deleted {stored.name} ({stored.played_on.isoformat()}).")


if __name__ == "__main__":  # pragma: no cover
    app(prog_name="chicago")

"""The `chicago` command: plan an evening, check a schedule, score results.

Only this module (with the store and the printers) touches files and the terminal. Heavy libraries
(ortools, networkx, PDF) are imported inside the commands that need them, so `chicago score` starts fast.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer
from typer.core import TyperGroup

from rotation.cards import CardFormat, Document, Paper
from rotation.cut import Order
from rotation.plan import Method, PlanError, PlanRequest, parse_away, plan


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
    vulnerability: Annotated[str, typer.Option(help=VULNERABILITY_HELP)] = "dealer",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the chicago-schedule/1 JSON instead.")
    ] = False,
) -> None:
    """Plan the seating of every round: partners, seats, first dealer, sit-outs, each deal's vulnerability."""
    cycle = _cycle(vulnerability)
    if seed is None and order is Order.CUT:
        seed = secrets.randbelow(1_000_000)
    try:
        away_specs = tuple(parse_away(text, rounds) for text in away or ())
        result = plan(PlanRequest(tuple(names), order, seed or 0, rounds, method, away_specs))
    except PlanError as error:
        fail(str(error))
    schedule = result.schedule
    if as_json:
        from rotation.formats import schedule_to_data

        typer.echo(json.dumps(schedule_to_data(schedule, cycle), indent=2, ensure_ascii=False))
        return
    from rotation.balance import check
    from rotation.text import DEALS_LEGEND, balance_summary, seating_table

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
    console.print(balance_summary(check(schedule.movement)))


@app.command("check")
def check_command(
    file: Annotated[
        Path, typer.Argument(help="A chicago-schedule/1 JSON file (from `chicago plan --json`).")
    ],
) -> None:
    """Report how balanced a schedule is: partners, opponents, sit-outs, first deals and seat moves."""
    from rotation.balance import check
    from rotation.formats import FormatError, schedule_from_data
    from rotation.text import balance_report

    try:
        schedule = schedule_from_data(_read_json(file))
    except FormatError as error:
        fail(f"{file}: {error}")
    _console().print(balance_report(check(schedule.movement), schedule))


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
    """A session from a JSON file (or, once the store has it, a saved session's name)."""
    from rotation.formats import FormatError
    from rotation.session import SessionError, session_from_data

    path = Path(source)
    try:
        return session_from_data(_read_json(path))
    except (FormatError, SessionError) as error:
        fail(f"{path}: {error}")


@app.command("tally")
def tally_command(
    source: Annotated[str, typer.Argument(help="A session JSON file: a schedule plus scoring and results.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the tally as JSON.")] = False,
) -> None:
    """The bulletin's score sheet: each player's running plus/minus after every round, and the standings."""
    from rotation.session import SessionError, tally
    from rotation.text import tally_data, tally_tables

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

    from rotation.cards import build_cards
    from rotation.session import SessionError

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
        from rotation.cards_pdf import render_pdf

        data: bytes | str = render_pdf(cards, paper, created=datetime.now().astimezone())
    else:
        from rotation.cards_text import render_markdown, render_text

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


if __name__ == "__main__":  # pragma: no cover
    app(prog_name="chicago")

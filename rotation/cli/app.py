"""The `chicago` command: the Typer app, its one-line errors and the options of every command.

The commands live in one module per group (`planning`, `evening`, `season`, `money`); each parses its options,
calls one function below the command line and renders the answer. Only the command line (with the store
and the printers) touches files and the terminal; heavy libraries are imported inside the commands that
need them, so `chicago score` starts fast.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from rotation.cli.common import DATABASE, FAILURE, USAGE
from rotation.cli.help_words import speak_help
from rotation.errors import ChicagoError, is_users
from rotation.language import ENGLISH, N_

COMMANDS = (
    "plan", "check", "score", "tally", "settle", "cards", "record", "serve", "sessions", "show", "log",
    "rank", "export", "import", "rename", "players", "delete",
)  # fmt: skip
"""The order `chicago --help` lists the commands in: an evening's, from planning to the season."""


class _OneLineErrors(TyperGroup):
    """Report a usage error (unknown option, bad value) as one line and exit 2, as for every user error."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return sorted(names, key=lambda name: COMMANDS.index(name) if name in COMMANDS else len(COMMANDS))

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        from rotation.cli import speech

        try:
            given, asked = speech.taken_out(sys.argv[1:] if args is None else args)
        except speech.UnknownLanguageError as error:
            typer.echo(f"chicago: error: {error}", err=True)
            if standalone_mode:
                sys.exit(USAGE)
            return USAGE
        with speech.speaking_for(asked, os.environ) as language:
            if language != ENGLISH or "--help" in given or not given:  # only where help may be printed:
                speak_help()  # it loads Rich's tables
            return self._run(given, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)

    def _run(
        self,
        args: list[str],
        prog_name: str | None,
        complete_var: str | None,
        standalone_mode: bool,
        windows_expand_args: bool,
        **extra: Any,
    ) -> Any:
        """Run the command, its errors one line each (in the language chosen)."""
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except ChicagoError as error:
            code = _answer(error)
        except Exception as error:
            if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
                raise
            from rotation.cli.usage_words import usage_line

            if error.format_message().strip():  # `chicago` alone: Typer printed the help, nothing is wrong
                typer.echo(f"chicago: error: {usage_line(error)}", err=True)
            code = error.exit_code
        except typer.Abort:
            typer.echo("chicago: aborted", err=True)
            code = 1
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


def _answer(error: ChicagoError) -> int:
    """Any typed error a service raised, as one line; its branch of the tree gives the exit code:
    `USAGE` for what the user gave, `FAILURE` for the store and the machine."""
    from rotation.cli.words import error_line

    typer.echo(f"chicago: error: {error_line(error)}", err=True)
    return USAGE if is_users(error) else FAILURE


def _no_type_after_flags() -> None:
    """Typer's Rich help writes the type after every option and argument: ``--json <bool>``,
    ``NAME|FILE <str>``. A flag takes no value, an argument with a metavar is already named and ``<str>``
    says nothing the help does not, so none of them shows a type (the help stays readable at 80 columns).
    Typer has no setting for this, so the one method that supplies the type is wrapped; a Typer without
    that method is left as it is."""
    from typer import core

    for kind in (getattr(core, "TyperOption", None), getattr(core, "TyperArgument", None)):
        method = getattr(kind, "display_type_rich", None)
        if kind is None or method is None or getattr(method, "_chicago", False):
            continue

        def shown(self: Any, ctx: Any, _method: Any = method) -> str | None:
            if getattr(self, "is_flag", False) or (
                getattr(self, "param_type_name", "") == "argument" and self.metavar is not None
            ):
                return None
            result: str | None = _method(self, ctx)
            return None if result in ("<str>", "<list[str]>", "<str>...") else result

        shown._chicago = True  # type: ignore[attr-defined]
        kind.display_type_rich = shown


_no_type_after_flags()

app = typer.Typer(
    cls=_OneLineErrors,
    name="chicago",
    help=N_(
        "Plan and score Chicago (four-deal) bridge: seating for every round, rubber scores, player tallies."
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)


def _show_version(asked: bool) -> None:
    """``chicago --version``: the installed distribution's version, read from its metadata (no import
    of the planner or anything heavy)."""
    if asked:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"chicago {version('chicago')}")
        except PackageNotFoundError:  # run from a source tree that was never installed
            typer.echo("chicago (version unknown: not installed)")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_show_version,
            help=N_("Print chicago's version and exit."),
        ),
    ] = False,
    db: Annotated[
        Path | None,
        typer.Option(
            "--db",
            metavar="PATH",
            dir_okay=False,
            show_default=False,
            help=N_("The session database (default: $CHICAGO_DB, else chicago.db in your user data folder)."),
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="CODE",
            show_default=False,
            help=N_(
                "The language chicago speaks: en, nl, fr, de, pl, ru, sv, da or nb; also after a command"
                " (default: $CHICAGO_LANG, else the locale; a saved evening's own language where it has one)."
            ),
        ),
    ] = None,
) -> None:
    """Options for every command (the callback runs on every invocation, so nothing stays from the last)."""
    DATABASE.set(db)


from rotation.cli import evening, money, planning, season, serving  # noqa: E402  (each registers its commands)

__all__ = ["app", "evening", "money", "planning", "season", "serving"]

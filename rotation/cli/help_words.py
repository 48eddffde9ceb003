"""``--help`` in the language spoken. Typer reads each option's ``help=`` (marked with ``N_``, so English
is exactly as written) and each command's docstring when the app is built; the language is known before
Typer parses (`rotation.cli.speech` takes --lang out first), so the help is translated where Typer prints
it: its one help printer is wrapped to show the command's, its options' and its subcommands' texts and
Typer's panel titles in the language spoken, restoring them afterwards. A text without a translation
(and everything in English) prints as written."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any, Final

from rotation.language import N_, _

COMMANDS: Final = {
    "plan": N_(
        "Plan the seating of every round: partners, seats, first dealer, sit-outs, each deal's vulnerability."
    ),
    "check": N_(
        "Report a schedule's balance (partners, opponents, sit-outs, first deals, seat moves) and how even\n"
        "the evening is if it stops after each round; with --season, the season's partners and table-mates."
    ),
    "score": N_("Print the declarer's duplicate score (Law 77): `chicago score 4H= --vul` prints 620."),
    "tally": N_(
        "The bulletin's score sheet: each player's running plus/minus after every round, and the standings."
    ),
    "settle": N_(
        "Settle up: each player's tally times the stake, rounded once to the currency's smallest coin\n"
        "(the amounts sum to exactly zero), table money apart, and who pays whom in the fewest transfers."
    ),
    "cards": N_(
        "Cards to print: one per player, one per table, a score pad per rubber and the tally sheet; with\n"
        "--live, each table card carries the link to its table's live page (`chicago serve`)."
    ),
    "record": N_(
        "Record a rubber of a saved session, checked against its schedule: all its deals"
        " at once, or deal by\n"
        "deal (fewer than four deals start or continue a rubber in play; only complete rubbers count in the\n"
        "tally). Prints the rubber's score and the running tally."
    ),
    "serve": N_(
        "Serve a saved evening to phones: a page per table to enter deals as played, the standings, each\n"
        "player's evening, and a host page. Prints one link a line and a QR code of the"
        " host's link; results\n"
        "entered on a phone are what `chicago tally NAME` shows. `chicago cards NAME"
        " --live URL` prints each\n"
        "table's link on its table card (a QR code in the PDF). Without a network (or"
        " with --local) the links\n"
        "are for this computer only, and it says so."
    ),
    "sessions": N_("List the saved sessions: date, players, rubbers recorded, scoring."),
    "show": N_(
        "A saved session: its schedule, the results recorded so far, and the rubbers still to record."
    ),
    "log": N_(
        "Every change to a saved session, oldest first: when, from where (the terminal, the host page, a\n"
        "table's link), what changed, and what it held before and after."
    ),
    "rank": N_(
        "Season standings across the saved sessions: total, rubbers played, average, sessions, rating; ties\n"
        "as ties."
    ),
    "export": N_("Write a saved session as a session JSON file (the format `chicago tally FILE` reads)."),
    "import": N_("Save a session file in the session database, results and all."),
    "rename": N_("Rename a player in every saved session (players are matched across sessions by name)."),
    "players": N_(
        "List the players the session database knows, with the number of sessions each is in; with --add,\n"
        "add players to it first."
    ),
    "delete": N_("Delete a saved session and its results (export it first to keep a copy)."),
}
"""Each command's help (its docstring, as Typer keeps it), marked here to be translated: a test checks
that every command's docstring is one of these, word for word."""

TYPER: Final = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEFAULT_STRING": N_("[default: {}]"),
}
"""Typer's own words in its help printer (`typer.rich_utils`), by the name it keeps them under."""

BUILT_IN: Final = (
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
"""The help of the options Typer adds itself (--help, --install-completion, --show-completion)."""


def speak_help() -> None:
    """Wrap Typer's help printer (once) so that --help reads in the language spoken (English as written)
    and lists each command's help as one paragraph; a Typer without it is left as it is."""
    try:
        from typer import rich_utils
    except ImportError:  # pragma: no cover - Typer without Rich prints click's plain help
        return
    printer = getattr(rich_utils, "rich_format_help", None)
    if printer is None or getattr(printer, "_chicago", False):
        return

    def spoken(*, obj: Any, ctx: Any, markup_mode: Any) -> Any:
        with _translated(obj, ctx, rich_utils):
            return printer(obj=obj, ctx=ctx, markup_mode=markup_mode)

    spoken._chicago = True  # type: ignore[attr-defined]
    rich_utils.rich_format_help = spoken


@contextmanager
def _translated(command: Any, ctx: Any, rich_utils: Any) -> Iterator[None]:
    """The help texts ``command`` prints (its own, its parameters', its subcommands') and Typer's panel
    titles in the language spoken for the body, as they were after it."""
    with ExitStack() as stack:
        stack.enter_context(_usage(command))
        stack.enter_context(_said(command, ("help", "short_help")))
        for param in command.get_params(ctx):
            stack.enter_context(_said(param, ("help",)))
        listed = getattr(command, "list_commands", None)
        for name in listed(ctx) if listed is not None else ():
            sub = command.get_command(ctx, name)
            if sub is not None:
                stack.enter_context(_said(sub, ("help", "short_help")))
                stack.enter_context(_listed(sub))
        for name, text in TYPER.items():
            if hasattr(rich_utils, name):
                stack.enter_context(_set(rich_utils, name, _(text)))
        yield


USAGE: Final = N_("Usage: ")
"""The usage line's opening word (click's ``write_usage`` prefix)."""


@contextmanager
def _usage(command: Any) -> Iterator[None]:
    """``command``'s usage line opening with `USAGE` in the language spoken for the body."""
    usage = command.get_usage

    def spoken(ctx: Any) -> str:
        return str(usage(ctx)).replace(USAGE, _(USAGE), 1)

    command.get_usage = spoken
    try:
        yield
    finally:
        del command.get_usage


@contextmanager
def _listed(command: Any) -> Iterator[None]:
    """``command`` in its group's list as one flowing paragraph: Typer's Rich mode keeps the line breaks
    of a docstring's first paragraph there, which broke sentences mid-line in ``chicago --help``."""
    text = command.short_help or command.help or ""
    with _set(command, "short_help", " ".join(text.split("\n\n")[0].split())):
        yield


@contextmanager
def _said(thing: Any, names: tuple[str, ...]) -> Iterator[None]:
    """``thing``'s texts ``names`` translated for the body."""
    with ExitStack() as stack:
        for name in names:
            text = getattr(thing, name, None)
            if isinstance(text, str) and text:
                stack.enter_context(_set(thing, name, _(text)))
        yield


@contextmanager
def _set(thing: Any, name: str, value: object) -> Iterator[None]:
    before = getattr(thing, name)
    setattr(thing, name, value)
    try:
        yield
    finally:
        setattr(thing, name, before)

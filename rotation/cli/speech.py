"""The language the terminal speaks: ``--lang CODE`` anywhere on the command line (before the command, as
``chicago --lang nl plan ...``, or after it, as ``chicago score 3SA= --lang nl``), else ``CHICAGO_LANG``,
else the locale, else English; and a saved evening's own language (``plan --save NAME --lang CODE``) for
the commands that read it, unless the reader chose one with --lang or CHICAGO_LANG.

``--lang`` is taken out of the arguments before Typer parses them (so every command accepts it in any
place, with one check), up to a ``--`` (after which everything is a player's name)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from rotation.language import LANGUAGES, choose, known, speaking

if TYPE_CHECKING:
    from rotation.services.database import Store

ASKED: ContextVar[str | None] = ContextVar("chicago_lang_asked", default=None)
"""The language --lang named (None: not given)."""

CHOSEN_BY_READER: ContextVar[bool] = ContextVar("chicago_lang_chosen", default=False)
"""Whether the reader chose the language (--lang or CHICAGO_LANG): a saved evening's then gives way."""

LATER: ContextVar[ExitStack | None] = ContextVar("chicago_lang_later", default=None)
"""The command's stack of languages: a saved evening's language is entered on it when the evening is read."""

OPTION = "--lang"


class UnknownLanguageError(ValueError):
    """--lang names no language chicago speaks (or has no value)."""


def taken_out(args: Sequence[str]) -> tuple[list[str], str | None]:
    """The arguments without --lang (``--lang nl`` or ``--lang=nl``, the last one wins), and the language
    it named, checked; UnknownLanguageError when it names none we speak."""
    rest: list[str] = []
    asked: str | None = None
    items = iter(args)
    for arg in items:
        if arg == "--":
            rest.append(arg)
            rest.extend(items)
            break
        if arg == OPTION:
            value = next(items, None)
            if value is None:
                raise UnknownLanguageError(f"{OPTION} needs a language: {listed()}")
            asked = value
        elif arg.startswith(OPTION + "="):
            asked = arg[len(OPTION) + 1 :]
        else:
            rest.append(arg)
    if asked is not None and known(asked) is None:
        shown = asked if len(asked) <= 20 else asked[:17] + "..."
        raise UnknownLanguageError(f"unknown language {shown!r} for {OPTION}: choose {listed()}")
    return rest, asked


def listed() -> str:
    """The languages chicago speaks, as an error lists them."""
    return ", ".join(LANGUAGES[:-1]) + " or " + LANGUAGES[-1]


@contextmanager
def speaking_for(asked: str | None, environ: Mapping[str, str]) -> Iterator[str]:
    """Speak the language chosen for this command (--lang, else the environment) until it ends, a saved
    evening's language entered on the way (`follow`); everything set here is reset afterwards, so nothing
    stays from one command to the next in one process."""
    with ExitStack() as stack:
        tokens = (
            ASKED.set(known(asked) if asked is not None else None),
            CHOSEN_BY_READER.set(asked is not None or known(environ.get("CHICAGO_LANG")) is not None),
            LATER.set(stack),
        )
        try:
            yield stack.enter_context(speaking(choose(asked, environ)))
        finally:
            ASKED.reset(tokens[0])
            CHOSEN_BY_READER.reset(tokens[1])
            LATER.reset(tokens[2])


def follow(store: Store, evening: str) -> None:
    """Speak the saved ``evening``'s language for the rest of the command, unless the reader chose one."""
    stack = LATER.get()
    if stack is None or CHOSEN_BY_READER.get():
        return
    from rotation.services.languages import evening_language

    code = evening_language(store, evening)
    if code is not None:
        stack.enter_context(speaking(code))


def follow_named(evening: str) -> None:
    """`follow` for a command that has not opened the store yet (``record`` reads its deals in the
    evening's pad words); nothing when there is no store or no such evening (the command says so)."""
    if LATER.get() is None or CHOSEN_BY_READER.get():
        return
    from rotation.cli.common import open_store
    from rotation.errors import ChicagoError

    try:
        with open_store(create=False) as store:
            follow(store, evening)
    except ChicagoError:
        return

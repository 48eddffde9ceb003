"""What every command shares: one-line errors, the store for one command, reading JSON, writing out."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from rotation.services.database import Store, StoredSession
    from rotation.services.sheets import Session


_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_JSON_BYTES = 10_000_000
"""The largest schedule or session file read: a season's longest evening is a few hundred kilobytes."""

DATABASE: ContextVar[Path | None] = ContextVar("chicago_database", default=None)
"""`chicago --db PATH`, set by the app's callback on every invocation (Typer runs commands without a
current click context, so the option travels in a context variable rather than a module global)."""


USAGE: Final = 2
"""Exit code for what the host typed or gave: bad input, an unknown name, a bad option (as click's own)."""

FAILURE: Final = 1
"""Exit code for what went wrong running a good command: the database locked, damaged, newer, not ours or
read-only, the disk full, the output file or a port not to be had."""


def fail(message: str, code: int = USAGE) -> NoReturn:
    """One clear line on stderr and exit ``code`` (`USAGE` unless said), never a traceback."""
    typer.echo(f"chicago: error: {message}", err=True)
    raise typer.Exit(code)


def db_path() -> Path:
    """The session database: `chicago --db PATH`, else $CHICAGO_DB, else the per-user default."""
    from rotation.cli.inputs import check_path, refuse_non_file
    from rotation.services.database import resolve_path

    given = DATABASE.get()
    path = resolve_path(given)
    option = "--db" if given is not None else "the database"
    check_path(path, option)  # a FIFO would block SQLite's open for ever
    refuse_non_file(path, option)
    return path


@contextmanager
def open_store(*, create: bool = True) -> Iterator[Store]:
    """The open session store for one command (its typed errors, as every service's, reach the app's
    one handler: one line, and the exit code of their branch of the error tree)."""
    from rotation.services.database import open_store as opened

    with opened(db_path(), create=create) as store:
        yield store


def load_stored(name: str) -> StoredSession:
    """The saved session ``name``."""
    from rotation.cli.speech import follow
    from rotation.services.evenings import load_evening

    with open_store(create=False) as store:
        stored = load_evening(store, name)
        follow(store, name)
        return stored


def counted(count: int, word: str, plural: str = "") -> str:
    """``1 round``, ``3 rounds``, ``0 rubbers``: a count with its noun in the number it takes."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def parse_day(text: str | None, option: str) -> date:
    """A date option (YYYY-MM-DD); today when not given."""
    if text is None:
        return date.today()
    try:
        if not _DAY.fullmatch(text.strip()):  # fromisoformat also takes 20240101, a number, not a date
            raise ValueError(text)
        return date.fromisoformat(text.strip())
    except ValueError:
        from rotation.language import _

        fail(
            _("cannot read {option} {text}: write a date as YYYY-MM-DD").format(
                option=option, text=repr(text)
            )
        )


def note_matched_names(given: Sequence[str], kept: Sequence[str], *, err: bool = False) -> None:
    """Say when a name was matched to a player the database already knows under another spelling."""
    from rotation.services.sheets import known_as

    for typed, known in known_as(given, kept):  # spacing and composition alone are tidied without a word
        typer.echo(known_player(typed, known), err=err)


def known_player(typed: str, known: str) -> str:
    """``Note: 'hellen' is the known player 'Helen' (see `chicago rename`).``"""
    from rotation.language import _

    return _("Note: {typed} is the known player {known} (see `chicago rename`).").format(
        typed=repr(typed), known=repr(known)
    )


def rich_console() -> Console:
    """The terminal, with Rich's markup and emoji codes off: what is printed is text, so a name such as
    ``[link=file:///etc/passwd]Di[/link]`` prints as typed (styles come from `rich.text.Text`)."""
    from rich.console import Console

    return Console(highlight=False, markup=False, emoji=False)


def read_json(path: Path) -> Any:
    """A JSON file a host gave, read with limits: only a regular file (or standard input as
    ``/dev/stdin``), opened without waiting (a FIFO with no writer is refused, not waited on), at most
    `MAX_JSON_BYTES` of it, its nesting and its numbers bounded; anything wrong is one line."""
    from rotation.cli.inputs import read_capped
    from rotation.language import _
    from rotation.services.errors import JsonTextError
    from rotation.services.sheets import json_value

    data = read_capped(path, MAX_JSON_BYTES, "a schedule or session file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        fail(
            _("cannot read {path}: it is not UTF-8 text (byte {byte})").format(
                path=path, byte=error.start + 1
            )
        )
    try:
        return json_value(text)
    except JsonTextError as error:
        fail(_("{path} {refusal}").format(path=path, refusal=error))


def is_file_source(source: str) -> bool:
    """Whether NAME|FILE names a file: a file of that name wins; a source that looks like a path (a folder
    in it, or ending in .json) is only ever a file."""
    from rotation.cli.inputs import is_file

    return is_file(Path(source)) or "/" in source or "\\" in source or Path(source).suffix.lower() == ".json"


def load_session(source: str) -> Session:
    """A session from a JSON file, or else the session saved under that name (`chicago plan --save`).

    A file of that name wins; a source that looks like a path (a folder in it, or ending in .json) is
    only ever a file."""
    from rotation.services.errors import FormatError, SessionError
    from rotation.services.sheets import read_session

    path = Path(source)
    if not is_file_source(source):
        from rotation.services.errors import NoDatabaseError, NoSuchSessionError

        try:
            with open_store(create=False) as store:
                from rotation.cli.speech import follow
                from rotation.services.evenings import load_evening

                session = load_evening(store, source).session
                follow(store, source)
                return session
        except NoDatabaseError:
            from rotation.language import _

            fail(_("no such file or saved session: {source}").format(source=repr(source)))
        except NoSuchSessionError as error:
            from rotation.cli.words import error_line
            from rotation.language import _

            fail(
                _("no such file: {source}; and {error}").format(source=repr(source), error=error_line(error))
            )
    try:
        return read_session(read_json(path))
    except (FormatError, SessionError) as error:
        fail(f"{path}: {error}")


def write_out(data: str | bytes, out: Path | None) -> bool:
    """Write ``data`` to ``out``, or print it when there is no --out; True when it went to a file."""
    if out is None:
        typer.echo(data, nl=False)
        return False
    from rotation.cli.inputs import check_path

    check_path(out, "--out")
    try:
        if isinstance(data, bytes):
            out.write_bytes(data)
        else:
            out.write_text(data, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {out}: {error.strerror or error}", FAILURE)
    return True

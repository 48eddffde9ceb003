"""Players' names as typed and as shown: one normal form in, plain text out.

A name reaches the planner from the command line, a file, the database or (later) a phone, so it is hostile
until cleaned: composed (NFC, so ``José`` typed two ways is one player), its spaces folded, and refused when
it holds a character nobody can see or that steers a terminal (controls, zero-width and bidi marks, line
separators, lone surrogates). Text shown that did not pass through here (a message quoting a file) goes
through ``shown``, which writes such characters as visible escapes (``\\x1b``), never raw.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from rotation.errors import UserError
from rotation.language import N_, _

__all__ = ["MAX_NAME_LENGTH", "InvalidNameError", "clean_name", "name_key", "shown"]

MAX_NAME_LENGTH: Final = 40
"""Characters in a name: room for "Anne-Marie Fitzgerald-Smith" and more, and still a column on a card."""

_HIDDEN: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""Unicode categories that print nothing a reader can see, or move the cursor: controls, format marks
(zero-width space, bidi overrides), surrogates, private use, line and paragraph separators."""

_KINDS: Final = {
    "Cc": N_("a control character"),
    "Cf": N_("an invisible formatting character"),
    "Cs": N_("a lone surrogate"),
    "Co": N_("a private-use character"),
    "Zl": N_("a line separator"),
    "Zp": N_("a paragraph separator"),
}

_JOINER: Final = "\u200d"
"""The zero-width joiner is a format mark, but it glues emoji sequences (a family, a flag) together."""


class InvalidNameError(UserError, ValueError):
    """A name that is empty, too long, or holds a character that would hide or steer what is printed."""


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in _HIDDEN


def clean_name(text: str, *, what: str = N_("a player's name")) -> str:
    """The name in its one normal form: NFC, spaces folded to one, no hidden characters; else a clear error
    in the language spoken.

    ``what`` says whose name it is in the message (``N_("an evening's name")``: marked for translation)."""
    what = _(what)
    if not isinstance(text, str):
        said = _("{what} must be text, not {kind}")
        raise InvalidNameError(said.format(what=what, kind=type(text).__name__))
    try:
        composed = unicodedata.normalize("NFC", text)
    except UnicodeError:  # pragma: no cover - NFC of a str does not fail; kept for lone surrogates' sake
        said = _("{what} is not valid text: {text}")
        raise InvalidNameError(said.format(what=what, text=repr(shown(text)))) from None
    name = " ".join(composed.split())
    if not name:
        raise InvalidNameError(_("{what} is empty").format(what=what))
    for index, char in enumerate(name):
        if not _hidden(char):
            continue
        inside = 0 < index < len(name) - 1 and not name[index - 1].isspace() and not name[index + 1].isspace()
        if char == _JOINER and inside:
            continue
        said = _("{what} '{name}' holds {kind} ({code}): type it without")
        kind = _(_KINDS[unicodedata.category(char)])
        raise InvalidNameError(said.format(what=what, name=shown(name), kind=kind, code=_escape(char)))
    if len(name) > MAX_NAME_LENGTH:
        said = _("{what} '{name}...' is {length} characters long; at most {most}")
        raise InvalidNameError(
            said.format(what=what, name=shown(name[:MAX_NAME_LENGTH]), length=len(name), most=MAX_NAME_LENGTH)
        )
    return name


def reads_as_other(name: str) -> bool:
    """An evening's name the command line would take for something else: an option (a leading -) or a
    file (a / or \\, or .json at the end), so `chicago record NAME` could never reach it."""
    return name.startswith("-") or "/" in name or "\\" in name or name.lower().endswith(".json")


def name_key(name: str) -> str:
    """How names are compared: composed the same way, case and spacing ignored."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown(text: str) -> str:
    """``text`` as plain visible characters: every hidden or steering character written as its escape."""
    if not any(_hidden(char) for char in text):
        return text
    return "".join(_escape(char) if _hidden(char) and char != _JOINER else char for char in text)

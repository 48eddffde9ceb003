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

__all__ = ["MAX_NAME_LENGTH", "InvalidNameError", "clean_name", "name_key", "shown"]

MAX_NAME_LENGTH: Final = 40
"""Characters in a name: room for "Anne-Marie Fitzgerald-Smith" and more, and still a column on a card."""

_HIDDEN: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""Unicode categories that print nothing a reader can see, or move the cursor: controls, format marks
(zero-width space, bidi overrides), surrogates, private use, line and paragraph separators."""

_KINDS: Final = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}

_JOINER: Final = "\u200d"
"""The zero-width joiner is a format mark, but it glues emoji sequences (a family, a flag) together."""


class InvalidNameError(UserError, ValueError):
    """A name that is empty, too long, or holds a character that would hide or steer what is printed."""


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in _HIDDEN


def clean_name(text: str, *, what: str = "a player's name") -> str:
    """The name in its one normal form: NFC, spaces folded to one, no hidden characters; else a clear error.

    ``what`` says whose name it is in the message (``"a session's name"``)."""
    if not isinstance(text, str):
        raise InvalidNameError(f"{what} must be text, not {type(text).__name__}")
    try:
        composed = unicodedata.normalize("NFC", text)
    except UnicodeError:  # pragma: no cover - NFC of a str does not fail; kept for lone surrogates' sake
        raise InvalidNameError(f"{what} is not valid text: {shown(text)!r}") from None
    name = " ".join(composed.split())
    if not name:
        raise InvalidNameError(f"{what} is empty")
    for index, char in enumerate(name):
        if not _hidden(char):
            continue
        inside = 0 < index < len(name) - 1 and not name[index - 1].isspace() and not name[index + 1].isspace()
        if char == _JOINER and inside:
            continue
        kind = _KINDS[unicodedata.category(char)]
        raise InvalidNameError(f"{what} '{shown(name)}' holds {kind} ({_escape(char)}): type it without")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidNameError(
            f"{what} '{shown(name[:MAX_NAME_LENGTH])}...' is {len(name)} characters long; "
            f"at most {MAX_NAME_LENGTH}"
        )
    return name


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

"""Reading numbers and quoting text typed by a host: both bounded, so 5,000 digits are an error that
quotes a few of them, never Python's int-string limit or a message as long as the input."""

from __future__ import annotations

from typing import Final


class Refused(ValueError):
    """What scoring refuses to read or score. The message is the English pad's; ``fault`` names what is
    wrong and ``facts`` what was given, so that a face may word it in the language it speaks (scoring
    speaks only English). Pickled with both (an exception keeps its ``__dict__``)."""

    def __init__(self, message: str, fault: str | None = None, **facts: object) -> None:
        super().__init__(message)
        self.fault = fault
        self.facts: dict[str, object] = facts


QUOTED_LENGTH: Final = 40
"""Characters of a host's text quoted back in a message; longer text is cut with an ellipsis."""


def quoted(text: str) -> str:
    """``text`` as a message quotes it: its repr, cut to `QUOTED_LENGTH` characters."""
    if len(text) <= QUOTED_LENGTH:
        return repr(text)
    return repr(text[: QUOTED_LENGTH - 3] + "...")


def brief(value: object) -> str:
    """A value from a file as a message shows it: its repr, cut to `QUOTED_LENGTH` characters."""
    shown = repr(value)
    return shown if len(shown) <= QUOTED_LENGTH else shown[: QUOTED_LENGTH - 3] + "..."


def small_int(digits: str, most: int) -> int | None:
    """The number written in ASCII ``digits`` (leading zeros allowed), or None when it has more than
    ``most`` significant digits (or is not ASCII digits): nothing this long is read as a number."""
    significant = digits.lstrip("0")
    if len(significant) > most or not (digits.isascii() and digits.isdigit()):
        return None
    return int(significant or "0")

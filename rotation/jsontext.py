"""JSON text from outside, decoded with limits: every schedule, session, deal argument and stored column
goes through `loads`, so no input can exhaust the stack or the int-string limit and end in a traceback.

A schedule nests seven deep (the file, its rounds, a round, its tables, a table, its deals, a deal) and
its largest number is a round or a high-card count, so the limits below leave room and still stop a file
of ``[[[[...`` or a 5,000-digit number with one `JsonTextError` that says which.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any, Final

from rotation.errors import UserError
from rotation.language import _

__all__ = ["MAX_JSON_DEPTH", "MAX_NUMBER_LENGTH", "JsonTextError", "loads", "nesting"]

MAX_JSON_DEPTH: Final = 64
"""Arrays and objects inside each other: a schedule uses seven."""

MAX_NUMBER_LENGTH: Final = 40
"""Characters in one JSON number: a round, a table, high-card points or a net have a few digits."""

_STRING: Final = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
"""A JSON string, or an unterminated one up to the end: matching never backtracks, so stripping strings
is linear in the text whatever it holds."""

_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonTextError(UserError, ValueError):
    """Text that is not JSON this tool reads: not JSON at all, nested deeper than `MAX_JSON_DEPTH`, or
    holding a number longer than `MAX_NUMBER_LENGTH`. The message says which, without quoting the text."""


def nesting(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (brackets inside strings do not count), counted
    at C speed: strings and everything but brackets are removed by regular expressions first."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


def _number(text: str) -> None:
    if len(text) > MAX_NUMBER_LENGTH:
        said = _("holds a number of {length} characters (at most {most})")
        raise JsonTextError(said.format(length=f"{len(text):,}", most=MAX_NUMBER_LENGTH))


def _int(text: str) -> int:
    _number(text)
    return int(text)


def _float(text: str) -> float:
    _number(text)
    value = float(text)
    if not math.isfinite(value):
        raise JsonTextError(_("holds a number too large to use: {text}").format(text=text))
    return value


def _constant(text: str) -> Any:
    raise JsonTextError(_("holds {text}, which is not a number JSON allows").format(text=text))


def loads(text: str) -> Any:
    """The value of ``text``; JsonTextError when it is not JSON, nests deeper than `MAX_JSON_DEPTH` or
    holds a number longer than `MAX_NUMBER_LENGTH` (the nesting is measured before anything is decoded)."""
    depth = nesting(text)
    if depth > MAX_JSON_DEPTH:
        said = _("is nested too deeply ({depth} levels; at most {most})")
        raise JsonTextError(said.format(depth=f"{depth:,}", most=MAX_JSON_DEPTH))
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as error:
        said = _("is not valid JSON (line {line}, column {column})")  # json's own words are English
        raise JsonTextError(said.format(line=error.lineno, column=error.colno)) from None
    except RecursionError:  # unbalanced brackets that the count above cannot see past; a failsafe
        said = _("is nested too deeply (at most {most} levels)")
        raise JsonTextError(said.format(most=MAX_JSON_DEPTH)) from None

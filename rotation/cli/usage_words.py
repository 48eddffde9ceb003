"""Click's own usage errors (a missing option, an unknown one, a value that is not a number) in the
language spoken. Typer words them in English inside its copy of click, with no catalogue to hook into,
so they are worded here again from what the English says (the option, the value typed) and what the
error carries (pydantic's reason for a bad value): a message not recognised keeps its English words,
and English keeps click's own, exactly."""

from __future__ import annotations

import re
from typing import Any, Final

from rotation.language import ENGLISH, N_, _, current

SAID: Final = (
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (
        r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
        N_("No such option: {name} (possible options: {options})"),
    ),
    (r"No such command (?P<name>.+)\.", N_("No such command {name}.")),
    (r"Option (?P<name>'.+') requires an argument\.", N_("Option {name} requires an argument.")),
    (r"Option (?P<name>'.+') does not take a value\.", N_("Option {name} does not take a value.")),
    (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", N_("Got unexpected extra argument(s) ({args})")),
    (
        r"Invalid value for (?P<name>.+?): Value error, (?P<value>.+) is not one of (?P<choices>.+)\.",
        N_("Invalid value for {name}: {value} is not one of {choices}."),
    ),
)
"""Click's English messages (matched whole) and the sentence each is said in."""

REASONS: Final = {
    "int_parsing": N_("Invalid value for {name}: {value} is not a whole number."),
    "float_parsing": N_("Invalid value for {name}: {value} is not a number."),
    "greater_than_equal": N_("Invalid value for {name}: {value} is less than {limit}."),
    "less_than_equal": N_("Invalid value for {name}: {value} is more than {limit}."),
}
"""A value typed for an option that pydantic refused, by its reason (``errors()[0]['type']``)."""


def usage_line(error: Any) -> str:
    """A click usage error as the one line after ``chicago: error:``, with the help to see (and, for a
    player's name that reads as an option, where to put it)."""
    hint = ""
    context = getattr(error, "ctx", None)
    if context is not None and getattr(error, "exit_code", 1) == 2:
        hint = " " + _("(see {command})").format(command=f"'{context.command_path} --help'")
        unknown = getattr(error, "option_name", None)  # a player named "-0" or "-Jo" reads as one
        if context.info_name == "plan" and isinstance(unknown, str) and not unknown.startswith("--"):
            hint = " " + _("(a name that starts with - goes after --: chicago plan Ann Bob -- -Jo Di)")
    return f"{spoken(error)}{hint}"


def spoken(error: Any) -> str:
    """Click's message for ``error`` in the language spoken (its English where not recognised)."""
    english = str(error.format_message())
    if current() == ENGLISH:
        return english
    reason = _reason(error, english)
    if reason is not None:
        return reason
    for pattern, message in SAID:
        match = re.fullmatch(pattern, english, flags=re.DOTALL)
        if match is not None:
            return _(message).format(**match.groupdict())
    return english


def _reason(error: Any, english: str) -> str | None:
    """A bad value pydantic refused, from the reason it gives (None: not one of those)."""
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    named = re.match(r"Invalid value for (?P<name>.+?): ", english)
    if errors is None or named is None:
        return None
    first = errors()[0] if errors() else {}
    message = REASONS.get(str(first.get("type")))
    if message is None:
        return None
    limits = first.get("ctx") or {}
    limit = limits.get("ge", limits.get("le", ""))
    typed = first.get("input")
    value = repr(typed) if limit == "" else str(typed)  # a number out of range as typed, unquoted
    return _(message).format(name=named["name"], value=value, limit=limit)

"""The command line's words for the errors a player meets most on an evening (no such evening, a rubber
already recorded, a table to name, a deal that cannot be read), in the language spoken, from the facts the
errors carry. English keeps `rotation.cli.words`' own wording, exactly; an error not worded here keeps the
English sentence of the layer that raised it."""

from __future__ import annotations

import shlex
from typing import Final

from rotation.language import N_, _, current, ngettext
from rotation.services import errors
from scoring import words
from scoring.seat import Seat


def spoken_error(error: Exception) -> str | None:
    """The error in the language spoken, or None to keep the English wording."""
    if isinstance(error, errors.NoSuchSessionError):
        if error.name is None:
            return _("that evening is no longer saved")
        if error.recent:
            return _("no saved session named {name} (recent: {recent})").format(
                name=repr(error.name), recent=", ".join(error.recent)
            )
        return _("no saved session named {name} (none saved yet)").format(name=repr(error.name))
    if isinstance(error, errors.NoDatabaseError | errors.ResultBeyondKeptError | errors.RubberRefusedError):
        return _spoken_store_or_rubber(error)
    if isinstance(error, errors.SessionNameTakenError):
        return _(
            "a session named {name} already exists: choose another name (or remove it with {command})"
        ).format(name=repr(error.taken), command=f"`chicago delete {shlex.quote(error.taken)} --yes`")
    if isinstance(error, errors.AlreadyRecordedError):
        if error.previous.net is not None:
            return _(
                "round {round}, table {table} is already recorded as a net ({net}):"
                " use --replace to change it"
            ).format(round=error.round, table=error.table, net=error.previous.net)
        return _(
            "round {round}, table {table} is already recorded and complete: use --replace to change it"
            " (or --undo to take back its last deal)"
        ).format(round=error.round, table=error.table)
    if isinstance(error, errors.RecordedAsNetError):
        return _("round {round}, table {table} was recorded as a net ({net}): use --delete").format(
            round=error.round, table=error.table, net=error.previous.net
        )
    if isinstance(error, errors.NothingRecordedError):
        return _("round {round}, table {table} has nothing recorded").format(
            round=error.round, table=error.table
        )
    if isinstance(error, errors.TableNeededError):
        listing = "; ".join(f"{t}: {', '.join(names)}" for t, names in enumerate(error.tables, 1))
        count = len(error.tables)
        return ngettext(
            "round {round} has {count} table: give --table ({listing})",
            "round {round} has {count} tables: give --table ({listing})",
            count,
        ).format(round=error.round, count=count, listing=listing)
    if isinstance(error, errors.NearMissError):
        return _(
            "{typed} is not a known player; did you mean {known}? (add --new {option} if it is a new player)"
        ).format(typed=repr(error.typed), known=repr(error.suggestions[0]), option=shlex.quote(error.typed))
    if isinstance(error, errors.ForgottenPlayersError):
        gone = " ".join(f"--gone {shlex.quote(name)}" for name in error.names)
        return _("not named and not said to have gone home: {names}: name them, or add {options}").format(
            names=", ".join(error.names), options=gone
        )
    return None


def _spoken_store_or_rubber(error: Exception) -> str | None:
    """No database yet, a replan over a result, a rubber scoring refused (None: keep the English)."""
    if isinstance(error, errors.NoDatabaseError) and error.path is not None:
        return _("no database at {path} yet: nothing has been saved").format(path=error.path)
    if isinstance(error, errors.ResultBeyondKeptError):
        return _(
            "round {round}, table {table} has a result already: finish the round or delete it first"
        ).format(round=error.round, table=error.table)
    if isinstance(error, errors.RubberRefusedError) and error.__cause__ is not None:
        said = spoken_result_error(error.__cause__)
        if said is not None:
            return _("round {round}, table {table}: {error}").format(
                round=error.round, table=error.table, error=said
            )
    return None


def unreadable_deal(typed: str, example: str) -> str:
    """A deal that is not a contract and result in the language's pad words (nor pass)."""
    return _(
        "cannot read deal {typed}: write a contract, a declarer and =, +k or -k, as in {example}"
    ).format(typed=repr(typed), example=repr(example))


RESULT_FAULTS = {
    "contract": N_("cannot read contract {contract}: expected e.g. 4H, 3NT or 2SX"),
    "under": N_("{contract} can go down at most {target}, not {down}"),
    "tricks": N_("a deal has 13 tricks, so {outcome} is impossible"),
    "made": N_("write '=' for a contract made exactly"),
    "passed": N_("{text} is a passed-out deal, not a played contract"),
    "unreadable": N_(
        "cannot read result {text}: expected a contract, an optional declarer and =, +k or -k, e.g. {example}"
    ),
    "after last": N_(
        "a rubber has {deals} deals under the {cycle} cycle; a deal was recorded after the last one"
    ),
    "no declarer": N_("deal {number}: {result} needs its declarer's seat, e.g. {example}"),
    "hcp needed": N_("deal {number}: {method} scoring needs the N-S high-card points (hcp_ns, 0 to 40)"),
    "honors": N_("honors are worth 100 or 150, not {points}"),
    "honors unreadable": N_("cannot read honors {text}: expected a side and 100 or 150, e.g. 'EW 100'"),
    "hcp range": N_("N-S high-card points are 0 to 40, not {hcp}"),
    "net": N_(
        "cannot read net {text}: expected a side and a number, e.g. 'E-W +3' (hundreds) or 'N-S 1030'"
        " (points)"
    ),
}
"""Scoring's refusals (`scoring._text.Refused.fault`: the contract reader's, a rubber's, a deal's, a
net's) as whole sentences."""

WHOLE: Final = ("passed", "unreadable", "honors unreadable", "net")
"""Refusals that quote what was typed themselves (the others are said after it, as English does)."""


def spoken_result_error(error: BaseException) -> str | None:
    """A contract, deal, rubber or net scoring refused, worded from the fault and facts it carries
    (scoring speaks only English), or None for one that carries none (it keeps its English words)."""
    from scoring._text import Refused, quoted

    if not isinstance(error, Refused) or error.fault is None:
        return None
    facts = dict(error.facts)
    language = current()
    for name in ("text", "outcome", "declarer", "points"):
        if isinstance(facts.get(name), str):
            facts[name] = quoted(str(facts[name]))
    for name in ("contract", "result"):
        if isinstance(facts.get(name), str):
            facts[name] = _contract(str(facts[name]))
    said = _said(error.fault, facts, language)
    if said is None:
        return None
    if error.fault in WHOLE or "text" not in facts:
        return said
    return f"{facts['text']}: {said}"


def _said(fault: str, facts: dict[str, object], language: str) -> str | None:
    """The sentence for ``fault``, its facts filled in (None: a fault not worded here)."""
    if fault == "level":
        level = facts["level"]
        return _("level {level} is impossible: a contract is 1 to 7").format(
            level=quoted_text(level) if isinstance(level, str) else level
        )
    if fault == "over":
        facts["outcome"] = f"+{facts['outcome']}"
        if facts["most"]:
            return _(
                "{contract} needs {target} tricks, so {outcome} is impossible (at most +{most} in 13 tricks)"
            ).format(**facts)
        return _(
            "{contract} needs {target} tricks, so {outcome} is impossible (no overtricks in 13 tricks)"
        ).format(**facts)
    if fault == "declarer":
        letters = [words.seat_letter(seat, language) for seat in Seat]
        return _("unknown declarer {declarer}; expected {north}, {east}, {south} or {west}").format(
            declarer=facts["declarer"], north=letters[0], east=letters[1], south=letters[2], west=letters[3]
        )
    if fault in RESULT_FAULTS:
        return _(RESULT_FAULTS[fault]).format(example=repr(words.example(language)), **facts)
    return None


def quoted_text(text: str) -> str:
    """Typed text as scoring quotes it (cut to a few characters)."""
    from scoring._text import quoted

    return quoted(text)


def _contract(text: str) -> str:
    """A contract as the language's pad writes it (its no-trump word)."""
    return text.replace("NT", words.notrump(current()))

"""The command line's words for the errors a player meets most on an evening (no such evening, a rubber
already recorded, a table to name, a deal that cannot be read), in the language spoken, from the facts the
errors carry. English keeps `rotation.cli.words`' own wording, exactly; an error not worded here keeps the
English sentence of the layer that raised it."""

from __future__ import annotations

import shlex

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
    if isinstance(error, errors.NoDatabaseError) and error.path is not None:
        return _("no database at {path} yet: nothing has been saved").format(path=error.path)
    if isinstance(error, errors.ResultBeyondKeptError):
        return _(
            "round {round}, table {table} has a result already: finish the round or delete it first"
        ).format(round=error.round, table=error.table)
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
}
"""The contract reader's refusals (`scoring.contract.InvalidResultError.fault`) as whole sentences."""


def spoken_result_error(error: BaseException) -> str | None:
    """A contract or result the reader refused, worded from the fault and facts it carries (scoring speaks
    only English), or None for one that carries none (it keeps its English words)."""
    from scoring._text import quoted
    from scoring.contract import InvalidResultError

    if not isinstance(error, InvalidResultError) or error.fault is None:
        return None
    facts = dict(error.facts)
    language = current()
    for name in ("text", "contract", "outcome", "declarer"):
        if isinstance(facts.get(name), str):
            facts[name] = quoted(str(facts[name])) if name != "contract" else _contract(str(facts[name]))
    if error.fault == "level":
        level = facts["level"]
        said = _("level {level} is impossible: a contract is 1 to 7").format(
            level=quoted(level) if isinstance(level, str) else level
        )
    elif error.fault == "over":
        facts["outcome"] = f"+{facts['outcome']}"
        if facts["most"]:
            said = _(
                "{contract} needs {target} tricks, so {outcome} is impossible (at most +{most} in 13 tricks)"
            ).format(**facts)
        else:
            said = _(
                "{contract} needs {target} tricks, so {outcome} is impossible (no overtricks in 13 tricks)"
            ).format(**facts)
    elif error.fault == "declarer":
        letters = [words.seat_letter(seat, language) for seat in Seat]
        said = _("unknown declarer {declarer}; expected {north}, {east}, {south} or {west}").format(
            declarer=facts["declarer"], north=letters[0], east=letters[1], south=letters[2], west=letters[3]
        )
    elif error.fault in RESULT_FAULTS:
        said = _(RESULT_FAULTS[error.fault]).format(example=repr(words.example(language)), **facts)
    else:
        return None
    if error.fault in ("passed", "unreadable") or "text" not in facts:
        return said
    return f"{facts['text']}: {said}"


def _contract(text: str) -> str:
    """A contract as the language's pad writes it (its no-trump word)."""
    return text.replace("NT", words.notrump(current()))

"""The command line's words for the errors a player meets most on an evening (no such evening, a rubber
already recorded, a table to name, a deal that cannot be read), in the language spoken, from the facts the
errors carry. English keeps `rotation.cli.words`' own wording, exactly; an error not worded here keeps the
English sentence of the layer that raised it."""

from __future__ import annotations

import shlex

from rotation.language import _, ngettext
from rotation.render.refusals import spoken_result_error
from rotation.services import errors


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

"""How the command line words the typed errors and results of the services: the facts they carry, and
the option that gets the host past them (the live page words the same facts its own way)."""

from __future__ import annotations

import shlex

from rotation.cli.common import counted
from rotation.services import errors
from rotation.services.season import Renamed


def session_message(error: Exception) -> str:
    """A recording or planning error as one line, with the option to use next."""
    if isinstance(error, errors.TableNeededError):
        listing = "; ".join(f"{t}: {', '.join(names)}" for t, names in enumerate(error.tables, 1))
        return f"round {error.round} has {len(error.tables)} tables: give --table ({listing})"
    if isinstance(error, errors.AlreadyRecordedError):
        if error.previous.net is not None:
            return f"{error}: use --replace to change it"
        return f"{error}: use --replace to change it (or --undo to take back its last deal)"
    if isinstance(error, errors.RecordedAsNetError):
        return f"{error}: use --delete"
    if isinstance(error, errors.ResultBeyondKeptError):
        return f"{error}: finish the round or delete it first"
    if isinstance(error, errors.ChangedMeanwhileError):
        return f"{error}; nothing was saved: plan again"
    return str(error)


def plan_message(error: Exception) -> str:
    """A plan refused, as one line with the option that gets past it."""
    if isinstance(error, errors.NearMissError):
        return f"{error} (add --new {shlex.quote(error.typed)} if it is a new player)"
    if isinstance(error, errors.ForgottenPlayersError):
        gone = " ".join(f"--gone {shlex.quote(name)}" for name in error.names)
        return f"{error}: name them, or add {gone}"
    return str(error)


def renamed_text(renamed: Renamed) -> str:
    """``Renamed Ann to Anne in 3 sessions.`` or ``Merged Ann into Anne: 2 sessions moved.``"""
    if renamed.merged:
        return f"Merged {renamed.old} into {renamed.new}: {counted(renamed.sessions, 'session')} moved."
    return f"Renamed {renamed.old} to {renamed.new} in {counted(renamed.sessions, 'session')}."

"""How the command line words the typed errors and results of the services: the facts they carry, and
the option that gets the host past them (the live page words the same facts its own way)."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from rotation.language import N_, _
from rotation.request import Fault, Part
from rotation.services import errors
from rotation.services.season import Renamed

if TYPE_CHECKING:
    from rotation.services.plans import Note

OPTIONS = {
    Part.AWAY: "--away",
    Part.AVOID: "--avoid",
    Part.KEEP: "--keep",
    Part.COUPLE: "--couple",
    Part.MIXED: "--mixed",
    Part.ROUNDS: "--rounds",
    Part.TABLES: "--tables",
    Part.METHOD: "--method",
    Part.TIME_LIMIT: "--time-limit",
}
"""The option that gives each part of a plan request."""


def error_line(error: errors.ChicagoError) -> str:
    """Any typed error of the services, as the command line words it: its facts, and the option or
    command that gets the host past it (in the language spoken, for the errors `words_spoken` words)."""
    from rotation.language import ENGLISH, current

    if current() != ENGLISH:
        from rotation.cli.words_spoken import spoken_error

        spoken = spoken_error(error)
        if spoken is not None:
            return spoken
    if isinstance(error, errors.StoreError):
        return store_message(error)
    if isinstance(error, errors.SessionError):
        return session_message(error)
    if isinstance(error, errors.PlanError | errors.NearMissError | errors.ForgottenPlayersError):
        return plan_message(error)
    if isinstance(error, errors.MixedUnitsError):
        return f"{error}: rank one unit at a time with --unit"
    if isinstance(error, errors.AskedError):
        return _(ASKED[error.rule]) if error.rule in ASKED else str(error)
    return str(error)


ASKED = {
    errors.Rule.SCORING_UNKEPT: N_(
        "--scoring, --premium, --unit and --rounding are kept with --save (or written by --json)"
    ),
    errors.Rule.IMPS_UNIT: N_("Russian scoring tallies in IMPs: --unit and --rounding do not apply to it"),
}
"""The options' rules of `chicago plan` as the command line words them (others: the error's words)."""


def store_message(error: errors.StoreError) -> str:
    """The store's typed error, with the command that gets the host past it."""
    if isinstance(error, errors.SessionNameTakenError):
        return (
            f"{error}: choose another name"
            f" (or remove it with `chicago delete {shlex.quote(error.taken)} --yes`)"
        )
    if isinstance(error, errors.PlayerExistsError):
        return f"{error}: add --merge to make {error.old}'s results {error.other}'s"
    return str(error)


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
    if isinstance(error, errors.PlanError) and error.part is not None:
        return _plan_refused(error, OPTIONS[error.part])
    return str(error)


FORMS = (N_("NAME:ROUNDS, e.g. Shirley:1-2"), N_("NAME+NAME, e.g. Ann+Bob"))
"""How a part of a request is written (the ``form`` a PlanError carries), marked to be translated."""


def _plan_refused(error: errors.PlanError, option: str) -> str:
    """A plan refused for a part of the request, worded with the option that gives that part."""
    facts = error.facts
    if error.fault is Fault.UNREADABLE:
        return _("cannot read {option} {text}: write {form}").format(
            option=option, text=repr(facts["text"]), form=_(str(facts["form"]))
        )
    if error.fault is Fault.NOT_A_PLAYER:
        if facts.get("near"):
            return _("{option} names {name}, who is not one of the players; did you mean {near}?").format(
                option=option, name=repr(facts["name"]), near=repr(facts["near"])
            )
        return _("{option} names {name}, who is not one of the players").format(
            option=option, name=repr(facts["name"])
        )
    if error.fault is Fault.NOT_IN_A_COUPLE:
        return _("{option} needs every player in a couple, but {name} is in none: add --couple").format(
            option=option, name=facts["name"]
        )
    if error.fault is Fault.IN_TWO_COUPLES:
        return _("{option} names {name} in two couples: a player is in one couple at most").format(
            option=option, name=facts["name"]
        )
    if error.fault is Fault.KEPT_BEYOND_PLAN:
        return _("{option} keeps {kept} rounds, but the plan kept has {has}").format(
            option=option, kept=facts["kept"], has=facts["has"]
        )
    if error.fault is Fault.KEPT_BEYOND_EVENING:
        return _("{option} keeps {kept} rounds but the evening has only {has}").format(
            option=option, kept=facts["kept"], has=facts["has"]
        )
    if error.fault is Fault.NEEDS_BALANCED:
        if facts.get("couples"):
            return _("--avoid, --couple, --tables and --keep need the balanced planner (--method balanced)")
        return _("--avoid, --tables and --keep need the balanced planner (--method balanced)")
    if error.fault is Fault.AFTER_THE_EVENING:
        return _(
            "{option} {name}:{round}: the evening has {rounds} rounds (ask for more with --rounds)"
        ).format(option=option, name=facts["name"], round=facts["round"], rounds=facts["rounds"])
    if error.fault is Fault.NOT_FOUND_IN_TIME:
        return _("no schedule found within {seconds} s: allow more with {option}").format(
            seconds=f"{facts['seconds']:g}", option=option
        )
    return f"{option} {error}"


def plan_note(note: Note) -> str:
    """A note on a plan, with the option to ask for what it suggests."""
    if note.part is not None and note.value is not None:
        from rotation.language import _

        return _("{note}: ask for it with {option} {value}").format(
            note=note.text, option=OPTIONS[note.part], value=note.value
        )
    return note.text


def renamed_text(renamed: Renamed) -> str:
    """``Renamed Ann to Anne in 3 sessions.`` or ``Merged Ann into Anne: 2 sessions moved.``"""
    from rotation.language import _, ngettext

    sessions = ngettext("{count} session", "{count} sessions", renamed.sessions).format(
        count=renamed.sessions
    )
    if renamed.merged:
        return _("Merged {old} into {new}: {sessions} moved.").format(
            old=renamed.old, new=renamed.new, sessions=sessions
        )
    return _("Renamed {old} to {new} in {sessions}.").format(
        old=renamed.old, new=renamed.new, sessions=sessions
    )

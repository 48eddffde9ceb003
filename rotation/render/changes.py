"""An evening's log in a host's words: when (the machine's local time), from where, what changed, and what
it held before and after; the same lines at the terminal (`chicago log`) and on the host page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from rotation.language import _, ngettext
from rotation.model import Schedule
from rotation.render.recorded import deal_text
from rotation.results.changes import Change, Face, Kind, NameEdit, PlanEdit, RubberEdit, Source
from rotation.results.session import RubberRecord


@dataclass(frozen=True, slots=True)
class ChangeLine:
    """One change as a host reads it."""

    at: str
    source: str
    what: str
    before: str
    after: str
    number: int = 0
    """Its place in the whole log, from 1."""

    @property
    def text(self) -> str:
        """``what: before -> after`` on one line."""
        return f"{self.what}: {self.before} -> {self.after}"


def change_lines(changes: Sequence[Change], zone: tzinfo | None = None) -> tuple[ChangeLine, ...]:
    """Each change in words, oldest first; times in ``zone`` (None: this machine's)."""
    return tuple(change_line(change, zone) for change in changes)


def change_line(change: Change, zone: tzinfo | None = None) -> ChangeLine:
    """One change in words."""
    what = change.what
    if isinstance(what, RubberEdit):
        said = _rubber_what(change.kind, what)
        before, after = rubber_words(what.before), rubber_words(what.after)
    elif isinstance(what, PlanEdit):
        said, before, after = _plan_words(change.kind, what)
    else:
        assert isinstance(what, NameEdit)
        said = _("player merged into another") if change.kind is Kind.MERGE else _("player renamed")
        before, after = what.before, what.after
    return ChangeLine(_time(change.at, zone), source_words(change.source), said, before, after, change.number)


def source_words(source: Source) -> str:
    """Where a change came from, as a host reads it, in the language spoken: ``the terminal``."""
    if source.face is Face.TABLE:
        return _("table {table}'s link").format(table=source.table)
    said = {Face.TERMINAL: _("the terminal"), Face.HOST: _("the host page"), Face.CLUB: _("the club page")}
    return said.get(source.face, source.words)


def _time(at: str, zone: tzinfo | None) -> str:
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return at
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S")


def rubber_words(record: RubberRecord | None) -> str:
    """A rubber's state in a few words: nothing, its net, or its deals."""
    if record is None:
        return _("nothing")
    if record.net is not None:
        from rotation.render.bridge_words import net_text

        return _("net {net}").format(net=net_text(record.net))
    deals = record.deals or ()
    return ", ".join(deal_text(deal) for deal in deals) if deals else _("nothing")


def _rubber_what(kind: Kind, edit: RubberEdit) -> str:
    where = _("round {round}, table {table}").format(round=edit.round, table=edit.table)
    before = len(edit.before.deals or ()) if edit.before is not None else 0
    after = len(edit.after.deals or ()) if edit.after is not None else 0
    if kind is Kind.ADD:
        added = after - before
        return ngettext("{count} deal added at {where}", "{count} deals added at {where}", added).format(
            count=added, where=where
        )
    if kind is Kind.UNDO:
        return _("last deal taken back at {where}").format(where=where)
    said = {
        Kind.RECORD: _("{where} recorded"),
        Kind.REPLACE: _("{where} replaced"),
        Kind.DELETE: _("{where} deleted"),
        Kind.RESTORE: _("{where} restored"),
    }.get(kind)
    return said.format(where=where) if said is not None else f"{where}: {kind.value}"


def _plan_words(kind: Kind, edit: PlanEdit) -> tuple[str, str, str]:
    after = _plan_size(edit.after)
    if edit.before is None:
        return _("evening saved"), _("nothing"), after
    if kind is Kind.SEAT:  # an evening seated by results: the round after the one changed
        seated = len(edit.after.rounds)
        words = (
            _("round {round} seated from the results").format(round=seated)
            if seated > edit.kept
            else _("round {round} unseated").format(round=edit.kept + 1)
        )
        return words, _plan_size(edit.before), after
    old, new = set(edit.before.players), set(edit.after.players)
    gone = (_away(edit.before, edit.kept) - _away(edit.after, edit.kept)) | set(edit.back)
    left = sorted((_away(edit.after, edit.kept) - _away(edit.before, edit.kept)) | set(edit.left))
    came = sorted(new - old)
    said = [
        *(_("{name} joined").format(name=name) for name in came),
        *(_("{name} left").format(name=name) for name in left),
    ]
    said += [_("{name} back").format(name=name) for name in sorted(gone - (new - old))]
    tail = f" ({'; '.join(said)})" if said else ""
    replanned = _("replanned from round {round}").format(round=edit.kept + 1)
    return replanned + tail, _plan_size(edit.before), after


def _away(schedule: Schedule, kept: int) -> set[str]:
    """The players in none of the rounds after the first ``kept``."""
    coming = schedule.rounds[kept:]
    seen = {p for rnd in coming for p in (*rnd.sitting_out, *(p for s in rnd.tables for p in s.players))}
    return {name for p, name in enumerate(schedule.players) if p not in seen} if coming else set()


def _plan_size(schedule: Schedule) -> str:
    players, rounds = len(schedule.players), len(schedule.rounds)
    return "{players}, {rounds}".format(
        players=ngettext("{count} player", "{count} players", players).format(count=players),
        rounds=ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
    )

"""Recording rubbers: add a deal as played, take the last one back, record or replace a rubber whole, delete
one. Each is one write transaction: the evening is loaded as stored, the change is checked and scored once
(`rotation.results.recording`), and written before the lock is let go, so two phones at one table never
add a deal twice or lose one.

A live page's link passes its token as ``key``: it is checked against the evening's key in the same
transaction (a table link writes only its own table; the host link any). The command line passes none.
Each change goes into the evening's log in that transaction, from the ``source`` the face names (the
terminal, the host page, table N's link; when none is named, the one the link's token says).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from rotation.errors import UserError
from rotation.io.store import Evening, Store, StoredSession, Transaction
from rotation.results import recording
from rotation.results.changes import TERMINAL, Kind, Source, to_restore
from rotation.results.recording import Edit
from rotation.results.session import RubberRecord
from rotation.services.access import Access, Role, check_access
from scoring.contract import Contract, Doubling, InvalidResultError, Result, Strain
from scoring.deal import Honors, InvalidDealError, RecordedDeal
from scoring.methods import METHODS
from scoring.rules import ScoringRules
from scoring.seat import Seat
from scoring.tally import RecordedNet

__all__ = [
    "DEAL_FIELDS",
    "DealForm",
    "IncompleteDealError",
    "RubberChange",
    "add_deals",
    "add_entered_deal",
    "deal_form",
    "deal_from_fields",
    "delete_rubber",
    "parse_deal",
    "parse_deals",
    "read_deal",
    "record_rubber",
    "restore_rubber",
    "undo_deal",
]

DEAL_FIELDS = ("level", "strain", "doubled", "declarer", "result", "honors", "hcp")
"""A deal's fields as a page's form sends them, in the order a deal is said."""

_VALUES: dict[str, frozenset[str]] = {
    "level": frozenset(str(n) for n in range(1, 8)),
    "strain": frozenset(("C", "D", "H", "S", "NT")),
    "doubled": frozenset(("", "X", "XX")),
    "declarer": frozenset(("N", "E", "S", "W")),
    "result": frozenset(("=", *(f"+{n}" for n in range(1, 7)), *(f"-{n}" for n in range(1, 14)))),
    "honors": frozenset(("", "NS 100", "NS 150", "EW 100", "EW 150")),
    "hcp": frozenset(str(n) for n in range(41)),
}
_NEEDED = {"level": "the level", "strain": "the strain", "declarer": "the declarer", "result": "the result"}


class IncompleteDealError(UserError, ValueError):
    """Some of a deal's fields are given but not all that a deal needs under the evening's scoring."""


@dataclass(frozen=True, slots=True)
class DealForm:
    """What a deal is entered with under an evening's scoring: honors only where the method counts them,
    N-S's high-card points where it needs them (Russian: the target they set); a pass everywhere."""

    method: str
    honors: bool
    hcp: bool

    @property
    def example(self) -> str:
        """A deal typed with what this scoring takes after the result, as the terminal takes it."""
        if self.hcp:
            return "3NT N -2 hcp 24"
        return "6S W = honors EW 100" if self.honors else "4H S ="


def deal_form(rules: ScoringRules) -> DealForm:
    """The deal form of an evening scored under ``rules``."""
    return DealForm(rules.method.name, honors=rules.method.honors, hcp=rules.method.hcp_target)


def known_fields(fields: Mapping[str, str], form: DealForm | None = None) -> dict[str, str]:
    """The fields as posted, only the values a deal's form offers kept (under ``form``: only the fields
    it has), so a page can show them chosen again; points typed as ``024`` kept as ``24``."""
    left_out: set[str] = set()
    if form is not None:
        left_out.update(name for name, has in (("honors", form.honors), ("hcp", form.hcp)) if not has)
    kept: dict[str, str] = {}
    for name in DEAL_FIELDS:
        value = fields.get(name)
        if value is None or name in left_out:
            continue
        if name == "hcp" and len(value) <= 8:
            value = value.strip().lstrip("0") or ("0" if value.strip() else "")
        if value in _VALUES[name]:
            kept[name] = value
    return kept


def deal_from_fields(fields: Mapping[str, str], form: DealForm) -> RecordedDeal | None:
    """The deal a form's fields say (``3NTX N -2``, ``6S W = honors EW 100``, ``4S N = hcp 23``), built as
    a value: None when no field of the contract is given; IncompleteDealError naming what is missing;
    InvalidDealError (or InvalidResultError) for a deal that cannot be, such as 7NT +1, or honors where
    the evening's scoring does not count them."""
    chosen = known_fields(fields)
    if not any(chosen.get(key) for key in _NEEDED):
        return None
    needed = {**_NEEDED, **({"hcp": "N-S's high-card points"} if form.hcp else {})}
    missing = [words for key, words in needed.items() if not chosen.get(key)]
    if missing:
        listed = ", ".join(missing[:-1]) + (" and " if len(missing) > 1 else "") + missing[-1]
        raise IncompleteDealError(f"the deal is not complete: choose {listed}, or type the deal")
    contract = Contract(
        int(chosen["level"]), Strain.parse(chosen["strain"]), Doubling(chosen.get("doubled", ""))
    )
    outcome = 0 if chosen["result"] == "=" else int(chosen["result"])
    result = Result.from_outcome(contract, Seat.parse(chosen["declarer"]), outcome)
    honors = chosen.get("honors", "")
    hcp = int(chosen["hcp"]) if form.hcp else None
    return checked_deal(RecordedDeal(result, Honors.parse(honors) if honors else None, hcp), form)


def checked_deal(deal: RecordedDeal, form: DealForm) -> RecordedDeal:
    """The deal, refused as the evening's scoring would refuse it: honors where they do not count,
    a played deal without N-S's high-card points where they set the target."""
    if deal.honors is not None and not form.honors:
        counting = " or ".join(method.name for method in METHODS if method.honors)
        raise InvalidDealError(f"honors count only in {counting} scoring, not {form.method}")
    if form.hcp and not deal.passed_out and deal.hcp_ns is None:
        raise IncompleteDealError(
            f"{form.method} scoring needs N-S's high-card points, 0 to 40: type them after the result,"
            f" as in {form.example!r}"
        )
    return deal


def read_deal(
    typed: str, fields: Mapping[str, str], form: DealForm, language: str | None = None
) -> RecordedDeal:
    """The deal a table's form gives: the Deal box when anything is typed in it (``pass`` included; it
    wins over the fields), else the deal the fields make; IncompleteDealError when neither gives one."""
    if typed.strip():
        return checked_deal(_parse_one(typed, language), form)
    deal = deal_from_fields(fields, form)
    if deal is None:
        raise IncompleteDealError("no deal given: choose its buttons or type it in the Deal box")
    return deal


def parse_deals(
    text: str, form: DealForm | None = None, language: str | None = None
) -> tuple[RecordedDeal, ...]:
    """A rubber's deals typed one a line (blank lines skipped), each read as the terminal reads it (in
    ``language``'s pad words, default the language spoken) and, under ``form``, checked as the evening's
    scoring would check it."""
    deals = tuple(_parse_one(line, language) for line in text.splitlines() if line.strip())
    return deals if form is None else tuple(checked_deal(deal, form) for deal in deals)


def _parse_one(typed: str, language: str | None = None) -> RecordedDeal:
    """A typed deal; InvalidDealError for whatever cannot be read, such as a number too long to convert
    or JSON nested too deep (a ValueError or RecursionError from the parsers below)."""
    try:
        return parse_deal(typed, language)
    except (InvalidDealError, InvalidResultError):
        raise
    except (ValueError, RecursionError) as error:
        shown = typed if len(typed) <= 40 else typed[:40] + "…"
        reason = "nested too deep" if isinstance(error, RecursionError) else "not a deal"
        raise InvalidDealError(f"cannot read deal {shown!r}: {reason}") from None


def parse_deal(text: str, language: str | None = None) -> RecordedDeal:
    """A deal as typed (``'2S E +1'``, ``pass``, ``'6S W = honors EW 100'``, ``'4H S -1 hcp 22'``), read
    as both faces read it, in ``language``'s pad words beside the English ones (``'3SA Z ='`` in Dutch;
    default: the language being spoken, `rotation.language.current`); InvalidDealError says what is
    wrong."""
    return recording.parse_deal_argument(text, language)


@dataclass(frozen=True, slots=True)
class RubberChange:
    """What a recording service did: the evening afterwards and the change to its one rubber."""

    evening: StoredSession
    edit: Edit


def add_deals(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    deals: Sequence[RecordedDeal],
    *,
    seen: int | None = None,
    key: str | None = None,
    source: Source | None = None,
) -> RubberChange:
    """Deals played at a table, after those already entered (the first start the rubber). ``seen``: the
    deals the page showed, which must still be what is stored (else MovedOnError, nothing stored)."""
    with _at_table(store, evening, round_number, table, key, source) as (tx, stored, number, by):
        edit = recording.add_deals(stored.session, round_number, number, deals, seen=seen)
        return _write(tx, stored, edit, Kind.ADD, by)


def add_entered_deal(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    entered: tuple[str, Mapping[str, str]],
    *,
    seen: int | None = None,
    key: str | None = None,
    source: Source | None = None,
) -> RubberChange:
    """A deal as a table's form gives it, ``(typed, fields)`` (`read_deal`), read under the evening's own
    scoring and added as `add_deals` adds one, in the same transaction."""
    typed, fields = entered
    with _at_table(store, evening, round_number, table, key, source) as (tx, stored, number, by):
        deal = read_deal(typed, fields, deal_form(stored.session.rules))
        edit = recording.add_deals(stored.session, round_number, number, [deal], seen=seen)
        return _write(tx, stored, edit, Kind.ADD, by)


def undo_deal(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    *,
    seen: int | None = None,
    key: str | None = None,
    source: Source | None = None,
) -> RubberChange:
    """Take back the last deal entered at a table (a pass included); the rubber goes when none is left."""
    with _at_table(store, evening, round_number, table, key, source) as (tx, stored, number, by):
        edit = recording.undo_last(stored.session, round_number, number, seen=seen)
        return _write(tx, stored, edit, Kind.UNDO, by)


def record_rubber(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    *,
    deals: Sequence[RecordedDeal] | None = None,
    net: RecordedNet | None = None,
    replace: bool = False,
    key: str | None = None,
    source: Source | None = None,
) -> RubberChange:
    """A rubber recorded whole, by its deals or its net (``replace``: in place of what it holds)."""
    with _at_table(store, evening, round_number, table, key, source, host_only=True) as (
        tx,
        stored,
        number,
        by,
    ):
        record = RubberRecord(
            round_number, number, deals=tuple(deals) if deals is not None else None, net=net
        )
        edit = recording.put_rubber(stored.session, record, replace=replace)
        return _write(tx, stored, edit, Kind.RECORD if edit.previous is None else Kind.REPLACE, by)


def delete_rubber(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    *,
    key: str | None = None,
    source: Source | None = None,
) -> RubberChange:
    """Remove a rubber's result, deals or net (kept in the evening's log, whence `restore_rubber`)."""
    with _at_table(store, evening, round_number, table, key, source, host_only=True) as (
        tx,
        stored,
        number,
        by,
    ):
        edit = recording.delete_rubber(stored.session, round_number, number)
        return _write(tx, stored, edit, Kind.DELETE, by)


def restore_rubber(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    *,
    replace: bool = False,
    key: str | None = None,
    source: Source | None = None,
) -> RubberChange:
    """Bring back the rubber deleted or replaced last at a round and table, as the log kept it: refused
    (RecordedSinceError) when the rubber was recorded again since, unless ``replace``; NothingToRestoreError
    when the log holds none or it is there already."""
    with _at_table(store, evening, round_number, table, key, source, host_only=True) as (
        tx,
        stored,
        number,
        by,
    ):
        old = to_restore(stored.session, tx.changes(stored), round_number, number, replace=replace)
        edit = recording.put_rubber(stored.session, old, replace=True)
        return _write(tx, stored, edit, Kind.RESTORE, by)


@contextmanager
def _at_table(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    key: str | None,
    source: Source | None,
    *,
    host_only: bool = False,
) -> Iterator[tuple[Transaction, StoredSession, int, Source]]:
    """One write transaction at a rubber: the evening as stored, the table (the round's only one when
    none is given), the link's token checked for that table (or for the host's alone), and who is
    writing (the face's ``source``, else the one the token says)."""
    with store.writing() as tx:
        stored = tx.load(evening)
        number = recording.resolve_table(stored.session, round_number, table)
        grant = check_access(tx, stored, key, None if host_only else number)
        yield tx, stored, number, source or source_of(grant, key)


def source_of(grant: Access, key: str | None) -> Source:
    """Where a change came from when the face did not say: the terminal (no link), the host page, or
    the table whose link it is."""
    from rotation.results.changes import HOST_PAGE, table_link

    if key is None:
        return TERMINAL
    if grant.role is Role.TABLE and grant.table is not None:
        return table_link(grant.table)
    return HOST_PAGE


def _write(tx: Transaction, stored: StoredSession, edit: Edit, kind: Kind, source: Source) -> RubberChange:
    """The edit written and logged in the caller's transaction, and the next round of an evening seated
    by results seated (or seated again) there too."""
    from rotation.services.drives import reseat

    if edit.record is None:
        tx.remove_result(stored, edit.round, edit.table, kind=kind, source=source)
    else:
        tx.put_result(stored, edit.record, kind=kind, source=source)
    reseated = reseat(tx, stored, edit.session, edit.round, source)  # an evening seated by results
    after = reseated or StoredSession(stored.name, stored.played_on, edit.session, stored.id)
    return RubberChange(after, edit)

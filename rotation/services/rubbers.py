"""Recording rubbers: add a deal as played, take the last one back, record or replace a rubber whole, delete
one. Each is one write transaction: the evening is loaded as stored, the change is checked and scored once
(`rotation.results.recording`), and written before the lock is let go, so two phones at one table never
add a deal twice or lose one.

A live page's link passes its token as ``key``: it is checked against the evening's key in the same
transaction (a table link writes only its own table; the host link any). The command line passes none.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from rotation.io.store import Evening, Store, StoredSession, Transaction
from rotation.results import recording
from rotation.results.recording import Edit
from rotation.results.session import RubberRecord
from rotation.services.access import check_access
from scoring.deal import RecordedDeal
from scoring.tally import RecordedNet

__all__ = [
    "RubberChange",
    "add_deals",
    "delete_rubber",
    "parse_deal",
    "record_rubber",
    "undo_deal",
]


def parse_deal(text: str) -> RecordedDeal:
    """A deal as typed (``'2S E +1'``, ``pass``, ``'6S W = honors EW 100'``, ``'4H S -1 hcp 22'``), read
    as both faces read it; InvalidDealError says what is wrong."""
    return recording.parse_deal_argument(text)


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
) -> RubberChange:
    """Deals played at a table, after those already entered (the first start the rubber). ``seen``: the
    deals the page showed, which must still be what is stored (else MovedOnError, nothing stored)."""
    with _at_table(store, evening, round_number, table, key) as (tx, stored, number):
        edit = recording.add_deals(stored.session, round_number, number, deals, seen=seen)
        return _write(tx, stored, edit)


def undo_deal(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    *,
    seen: int | None = None,
    key: str | None = None,
) -> RubberChange:
    """Take back the last deal entered at a table (a pass included); the rubber goes when none is left."""
    with _at_table(store, evening, round_number, table, key) as (tx, stored, number):
        edit = recording.undo_last(stored.session, round_number, number, seen=seen)
        return _write(tx, stored, edit)


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
) -> RubberChange:
    """A rubber recorded whole, by its deals or its net (``replace``: in place of what it holds)."""
    with _at_table(store, evening, round_number, table, key, host_only=True) as (tx, stored, number):
        record = RubberRecord(
            round_number, number, deals=tuple(deals) if deals is not None else None, net=net
        )
        edit = recording.put_rubber(stored.session, record, replace=replace)
        return _write(tx, stored, edit)


def delete_rubber(
    store: Store, evening: Evening, round_number: int, table: int | None, *, key: str | None = None
) -> RubberChange:
    """Remove a rubber's result, deals or net."""
    with _at_table(store, evening, round_number, table, key, host_only=True) as (tx, stored, number):
        return _write(tx, stored, recording.delete_rubber(stored.session, round_number, number))


@contextmanager
def _at_table(
    store: Store,
    evening: Evening,
    round_number: int,
    table: int | None,
    key: str | None,
    *,
    host_only: bool = False,
) -> Iterator[tuple[Transaction, StoredSession, int]]:
    """One write transaction at a rubber: the evening as stored, the table (the round's only one when
    none is given), and the link's token checked for that table (or for the host's alone)."""
    with store.writing() as tx:
        stored = tx.load(evening)
        number = recording.resolve_table(stored.session, round_number, table)
        check_access(tx, stored, key, None if host_only else number)
        yield tx, stored, number


def _write(tx: Transaction, stored: StoredSession, edit: Edit) -> RubberChange:
    if edit.record is None:
        tx.remove_result(stored, edit.round, edit.table)
    else:
        tx.put_result(stored, edit.record)
    return RubberChange(StoredSession(stored.name, stored.played_on, edit.session, stored.id), edit)

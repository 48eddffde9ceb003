"""The settling service with a store in tmp_path: an evening and a period settled from what was recorded,
the expected money worked out from the seats (not from the tally), and the terms' mistakes refused as
user errors (exit 2, a 4xx)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from rotation.cut import Order
from rotation.errors import UserError
from rotation.plan import PlanRequest
from rotation.services import evenings, rubbers
from rotation.services.database import Store, open_store
from rotation.services.errors import MixedUnitsError, NoSuchSessionError
from rotation.services.money import (
    Per,
    SettleAskedError,
    UnitMismatchError,
    settle_evening,
    settle_season,
    settle_terms,
)
from rotation.services.season import PeriodReversedError
from scoring.rules import ScoringRules
from scoring.seat import Side
from scoring.tally import RecordedNet, Unit

EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "club.db") as opened:
        yield opened


def saved(store: Store, name: str, day: date, rules: ScoringRules | None = None) -> None:
    save = evenings.SaveAs(name, day, rules or ScoringRules())
    evenings.plan_evening(PlanRequest(EIGHT, Order.GIVEN), store=store, save=save)


def sides(store: Store, name: str, table: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Round 1's N-S and E-W names at ``table``, read from the saved schedule."""
    schedule = store.load(name).session.schedule
    seated = schedule.rounds[0].tables[table - 1]
    return tuple(schedule.name(p) for p in seated.pair(Side.NS)), tuple(
        schedule.name(p) for p in seated.pair(Side.EW)
    )


def test_an_evening_settles_to_the_penny(store: Store) -> None:
    """Round 1: table 1 N-S +10 hundreds, table 2 E-W +3. At 0.25 GBP a hundred: the winners of table 1
    +2.50 each, their opponents -2.50; table 2's winners +0.75, their opponents -0.75; 4 transfers."""
    saved(store, "tue", date(2026, 11, 24))
    rubbers.record_rubber(store, "tue", 1, 1, net=RecordedNet(10, Unit.HUNDREDS))
    rubbers.record_rubber(store, "tue", 1, 2, net=RecordedNet(-3, Unit.HUNDREDS))
    (ns1, ew1), (ns2, ew2) = sides(store, "tue", 1), sides(store, "tue", 2)
    expected = {
        **dict.fromkeys(ns1, 250),
        **dict.fromkeys(ew1, -250),
        **dict.fromkeys(ns2, -75),
        **dict.fromkeys(ew2, 75),
    }
    settled = settle_evening(store, "TUE", settle_terms("0.25", None, "GBP", "1.50"))
    money = settled.settlement
    assert (settled.name, settled.played_on, settled.evenings) == ("tue", date(2026, 11, 24), 1)
    assert {line.name: line.amount for line in money.lines} == expected
    assert money.per is Per.HUNDRED and money.currency.code == "GBP"
    assert money.table_money_total == 8 * 150
    assert len(money.transfers) == 4
    for transfer in money.transfers:
        assert expected[transfer.payer] == -transfer.amount and expected[transfer.payee] == transfer.amount


def test_a_period_settles_the_evenings_in_it_as_one(store: Store) -> None:
    """Two evenings; the same N-S pair of round 1, table 1 wins +4 on both. Settled from the second
    alone: +4 each; over both: +8 each at 1.00 a hundred, table money for two evenings each."""
    for name, day in (("one", date(2026, 11, 3)), ("two", date(2026, 11, 10))):
        saved(store, name, day)
        rubbers.record_rubber(store, name, 1, 1, net=RecordedNet(4, Unit.HUNDREDS))
    assert sides(store, "one", 1) == sides(store, "two", 1)  # the same seats: the plan is the same
    ns, ew = sides(store, "one", 1)
    terms = settle_terms("1", "100", "EUR", "2")
    both = settle_season(store, terms)
    assert both.is_season and both.evenings == 2
    assert {x.name: x.amount for x in both.settlement.lines} == {
        **dict.fromkeys(ns, 800),
        **dict.fromkeys(ew, -800),
    }
    assert {x.name: x.table_money for x in both.settlement.lines} == dict.fromkeys(ns + ew, 400)
    second = settle_season(store, terms, since=date(2026, 11, 4))
    assert second.evenings == 1
    assert {x.name: x.amount for x in second.settlement.lines} == {
        **dict.fromkeys(ns, 400),
        **dict.fromkeys(ew, -400),
    }
    with pytest.raises(PeriodReversedError):
        settle_season(store, terms, since=date(2026, 12, 1), until=date(2026, 11, 1))
    assert settle_season(None, terms).settlement.lines == ()  # nothing saved yet: nothing to settle


def test_evenings_in_different_units_are_settled_one_unit_at_a_time(store: Store) -> None:
    from rotation.results.units import TallyUnit

    saved(store, "hundreds", date(2026, 11, 3))
    saved(store, "points", date(2026, 11, 10), ScoringRules(unit=Unit.POINTS))
    rubbers.record_rubber(store, "points", 1, 1, net=RecordedNet(450, Unit.POINTS))
    terms = settle_terms("0.01", "point")
    with pytest.raises(MixedUnitsError):
        settle_season(store, terms)
    ns, _ = sides(store, "points", 1)
    only = settle_season(store, terms, unit=TallyUnit.POINTS)
    assert {x.name: x.amount for x in only.settlement.lines if x.name in ns} == dict.fromkeys(ns, 450)


def test_the_terms_mistakes_are_the_users(store: Store) -> None:
    saved(store, "tue", date(2026, 11, 24))
    for typed in [(None,), ("",), ("-2",), ("2", "furlong"), ("2", None, "ZZZ"), ("2", None, "EUR", "0.005")]:
        with pytest.raises(SettleAskedError) as caught:
            settle_terms(*typed)
        assert isinstance(caught.value, UserError)
    with pytest.raises(UnitMismatchError) as mismatch:
        settle_evening(store, "tue", settle_terms("1", "imp"))
    assert isinstance(mismatch.value, UserError)
    with pytest.raises(NoSuchSessionError):
        settle_evening(store, "wed", settle_terms("1"))


def test_a_stake_kept_with_the_evening_settles_it(store: Store) -> None:
    """What `plan --stake` keeps: read back as typed, each option typed later overriding its part; the
    evening's pages settle at it (none when not played for money, or nothing recorded)."""
    from rotation.services.money import evening_money, keep_terms, kept_terms

    saved(store, "tue", date(2026, 11, 24))
    assert kept_terms(store, "tue") is None
    assert evening_money(store, store.load("tue")) is None  # not played for money
    keep_terms(store, "tue", settle_terms("0.50", None, "gbp", "2"))
    kept = kept_terms(store, "Tue")
    assert kept == settle_terms("0.50", None, "GBP", "2.0")
    assert evening_money(store, store.load("tue")) is None  # nothing recorded yet
    rubbers.record_rubber(store, "tue", 1, 1, net=RecordedNet(6, Unit.HUNDREDS))
    ns, ew = sides(store, "tue", 1)
    shown = evening_money(store, store.load("tue"))
    assert shown is not None
    assert {x.name: x.amount for x in shown.lines} == {**dict.fromkeys(ns, 300), **dict.fromkeys(ew, -300)}
    over = settle_terms("1", None, None, None, kept=kept)  # a new stake, the kept currency and table money
    assert (over.stake, over.currency.code, over.table_money) == (1, "GBP", 2)
    with pytest.raises(SettleAskedError, match="at most 0 decimals"):
        settle_terms(None, None, "JPY", "0.5", kept=kept)
    keep_terms(store, "tue", None)
    assert kept_terms(store, "tue") is None

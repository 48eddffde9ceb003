"""Settling up, exactly: the amounts sum to zero after the one rounding, each is within one smallest coin of
its exact value, and the transfers (at most n - 1) reproduce every amount. Worked examples by hand."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation.results.settle import (
    MINOR_UNITS,
    Currency,
    Per,
    SettleAskedError,
    Share,
    Terms,
    UnitMismatchError,
    currency,
    money_text,
    pay_off,
    per,
    round_to_sum,
    settle,
    stake,
    table_money,
)
from scoring.methods import TallyUnit


@st.composite
def zero_sum_tallies(draw: st.DrawFn) -> list[int]:
    """Tallies of 1 to 20 players that sum to zero (the last one balances the others)."""
    others = draw(st.lists(st.integers(-400, 400), min_size=0, max_size=19))
    return [*others, -sum(others)]


stakes = st.decimals(min_value=Decimal("0.0001"), max_value=Decimal(1000), places=4)
currencies = st.sampled_from(sorted(MINOR_UNITS)).map(currency)


@given(zero_sum_tallies(), stakes, currencies, st.sampled_from([TallyUnit.HUNDREDS, TallyUnit.POINTS]))
def test_amounts_sum_to_zero_each_within_one_coin_and_transfers_reproduce_them(
    tallies: list[int], value: Decimal, money: Currency, unit: TallyUnit
) -> None:
    shares = [Share(f"P{i}", t, 1) for i, t in enumerate(tallies)]
    settled = settle(shares, unit, Terms(value, Per.HUNDRED, money))
    lines = {line.name: line for line in settled.lines}
    assert sum(line.amount for line in settled.lines) == 0
    for share in shares:
        exact = (
            Fraction(share.tally) * Fraction(value) * (1 if unit is TallyUnit.HUNDREDS else Fraction(1, 100))
        )
        line = lines[share.name]
        assert line.exact == exact
        assert abs(line.amount - exact * money.scale) < 1  # within one smallest coin
        if (exact * money.scale).denominator == 1:
            assert line.amount == exact * money.scale  # an exact amount is never moved
    paid = dict.fromkeys(lines, 0)
    for transfer in settled.transfers:
        assert transfer.amount > 0 and transfer.payer != transfer.payee
        paid[transfer.payer] -= transfer.amount
        paid[transfer.payee] += transfer.amount
    assert paid == {name: line.amount for name, line in lines.items()}  # every amount reproduced
    owing = sum(1 for line in settled.lines if line.amount)
    assert len(settled.transfers) <= max(owing - 1, 0) <= len(shares) - 1


@given(st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=30))
def test_pay_off_makes_at_most_n_minus_1_transfers(values: list[int]) -> None:
    amounts = [*values, -sum(values)]
    done = pay_off(amounts)
    left = list(amounts)
    for payer, payee, paid in done:
        assert amounts[payer] < 0 < amounts[payee]  # only debtors pay, only creditors receive
        left[payer] += paid
        left[payee] -= paid
    assert left == [0] * len(amounts)
    assert len(done) <= len(amounts) - 1
    assert len(done) <= max(sum(1 for a in amounts if a) - 1, 0)


@given(st.lists(st.fractions(min_value=-1000, max_value=1000, max_denominator=1000), max_size=20))
def test_round_to_sum_keeps_the_sum_and_moves_each_less_than_one(values: list[Fraction]) -> None:
    total = sum(values, Fraction(0))
    values = [*values, Fraction(round(total)) - total]  # make the sum whole
    rounded = round_to_sum(values)
    assert sum(rounded) == sum(values)
    assert all(abs(r - x) < 1 for r, x in zip(rounded, values, strict=True))


def test_worked_example_half_cents_round_once_to_a_zero_sum() -> None:
    """Tallies +1, +1, -2 points at half a cent a point: exactly +0.5, +0.5, -1 cent. Each rounded on its
    own (half up) would be +1, +1, -1: a cent paid out that nobody lost. Once, by largest remainder: down
    to 0, 0, -1 (a cent short), the remainders 1/2, 1/2, 0, the tie to the first: A +1, B 0, C -1."""
    terms = Terms(Decimal("0.005"), Per.POINT, currency("EUR"))
    settled = settle([Share("A", 1, 1), Share("B", 1, 1), Share("C", -2, 1)], TallyUnit.POINTS, terms)
    assert [(line.name, line.amount) for line in settled.lines] == [("A", 1), ("B", 0), ("C", -1)]
    assert [(t.payer, t.payee, t.amount) for t in settled.transfers] == [("C", "A", 1)]


def test_worked_example_london_at_fifty_pence_a_hundred() -> None:
    """Tallies +12, +5, -3, -14 hundreds at 0.50 GBP a hundred, table money 2.00: by hand +6.00, +2.50,
    -1.50, -7.00 (sum 0). Transfers, the largest debtor to the largest creditor: D pays A 6.00 (A square,
    D owes 1.00 more), then C (-1.50, now the largest debt) pays B 1.50, then D pays B 1.00: 3 = n - 1.
    The club collects 4 x 2.00 = 8.00."""
    shares = [Share("A", 12, 4), Share("B", 5, 4), Share("C", -3, 4), Share("D", -14, 4)]
    terms = Terms(Decimal("0.50"), None, currency("gbp"), Decimal("2.00"))
    settled = settle(shares, TallyUnit.HUNDREDS, terms)
    assert settled.per is Per.HUNDRED
    assert [(x.name, settled.text(x.amount, signed=True)) for x in settled.lines] == [
        ("A", "+6.00"),
        ("B", "+2.50"),
        ("C", "-1.50"),
        ("D", "-7.00"),
    ]
    assert [(t.payer, t.payee, settled.text(t.amount)) for t in settled.transfers] == [
        ("D", "A", "6.00"),
        ("C", "B", "1.50"),
        ("D", "B", "1.00"),
    ]
    assert [x.table_money for x in settled.lines] == [200] * 4
    assert settled.text(settled.table_money_total) == "8.00"


def test_worked_example_yen_rounds_the_halves_by_largest_remainder() -> None:
    """+3, +3, -3, -3 hundreds at 0.5 yen a hundred (yen have no decimals): exactly +1.5, +1.5, -1.5,
    -1.5 yen. Rounded down: +1, +1, -2, -2 (two yen short), every remainder 1/2, so the first two in
    order get one more: A +2, B +1, C -1, D -2, which sums to 0, each within a yen."""
    shares = [Share("A", 3, 1), Share("C", -3, 1), Share("B", 3, 1), Share("D", -3, 1)]
    settled = settle(shares, TallyUnit.HUNDREDS, Terms(Decimal("0.5"), Per.HUNDRED, currency("JPY")))
    assert {x.name: x.amount for x in settled.lines} == {"A": 2, "C": -1, "B": 1, "D": -2}
    assert settled.text(-2) == "-2"


def test_worked_example_cavendish_cents_a_point_on_a_tally_in_hundreds() -> None:
    """Per point on an evening tallied in hundreds: +7 hundreds is 700 points, at 0.01 USD 7.00."""
    settled = settle(
        [Share("A", 7, 2), Share("B", -7, 2)], TallyUnit.HUNDREDS, Terms(Decimal("0.01"), Per.POINT)
    )
    assert [(x.name, x.amount) for x in settled.lines] == [("A", 700), ("B", -700)]
    assert [(t.payer, t.payee, t.amount) for t in settled.transfers] == [("B", "A", 700)]


def test_worked_example_kuwaiti_dinar_three_decimals_per_100_on_points() -> None:
    """Per 100 on a tally in points: 1030 points is 10.3 hundreds, at 0.125 KWD 1.2875 KWD, which is
    1287.5 fils: A gets 1288 (remainder 1/2, the first), B pays 1288."""
    settled = settle(
        [Share("A", 1030, 1), Share("B", -1030, 1)],
        TallyUnit.POINTS,
        Terms(Decimal("0.125"), Per.HUNDRED, currency("KWD")),
    )
    assert [(x.name, x.exact, x.amount) for x in settled.lines] == [
        ("A", Fraction(12875, 10000), 1288),
        ("B", Fraction(-12875, 10000), -1288),
    ]
    assert settled.text(1288, signed=True) == "+1.288"


def test_imps_convert_to_nothing() -> None:
    for asked in (Per.HUNDRED, Per.POINT):
        with pytest.raises(UnitMismatchError) as caught:
            settle([Share("A", 1, 1), Share("B", -1, 1)], TallyUnit.IMPS, Terms(Decimal(1), asked))
        assert str(caught.value).endswith("settle it per imp")
    for unit in (TallyUnit.HUNDREDS, TallyUnit.POINTS):
        with pytest.raises(UnitMismatchError, match="in " + unit.label):
            settle([Share("A", 1, 1), Share("B", -1, 1)], unit, Terms(Decimal(1), Per.IMP))
    imps = settle([Share("A", 4, 1), Share("B", -4, 1)], TallyUnit.IMPS, Terms(Decimal("0.25")))
    assert [x.amount for x in imps.lines] == [100, -100]


def test_tallies_that_do_not_sum_to_zero_are_a_bug() -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        settle([Share("A", 1, 1)], TallyUnit.HUNDREDS, Terms(Decimal(1)))


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("-1", "cannot be negative"),
        ("0", "a stake of 0 settles nothing"),
        ("0.00000", "at most 4 decimals"),
        ("0.00001", "at most 4 decimals"),
        ("1e3", "an amount such as"),
        ("nan", "an amount such as"),
        ("1,5", "an amount such as"),
        ("", "an amount such as"),
        ("1000000.01", "more than 1000000"),
        ("9" * 5000, "5000 digits"),
    ],
)
def test_a_stake_is_bounded(typed: str, said: str) -> None:
    with pytest.raises(SettleAskedError, match=said):
        stake(typed)


def test_stakes_and_table_money_that_are_fine() -> None:
    assert stake(" 0.5 ") == Decimal("0.5")
    assert stake("1000000") == Decimal(1000000)
    assert stake("0.0001") == Decimal("0.0001")
    assert table_money(None) == 0
    assert table_money("2.50", currency("EUR")) == Decimal("2.50")
    with pytest.raises(SettleAskedError, match=r"table money \(JPY\) has at most 0 decimals"):
        table_money("2.5", currency("JPY"))
    assert table_money("15000", currency("KRW")) == 15000
    with pytest.raises(SettleAskedError, match="more than 1000000"):
        table_money("1000001")


def test_currencies_and_units() -> None:
    assert currency("sek") == Currency("SEK", 2)
    assert currency("JPY").minor == 0 and currency("KWD").minor == 3
    assert currency(None) == Currency("", 2)
    with pytest.raises(SettleAskedError, match="unknown currency 'XYZ'"):
        currency("XYZ")
    assert per("100") is Per.HUNDRED and per("Points") is Per.POINT and per("IMPs") is Per.IMP
    assert per(None) is None
    with pytest.raises(SettleAskedError, match="not per 'furlong'"):
        per("furlong")
    assert money_text(-5, Currency("EUR", 2)) == "-0.05"
    assert money_text(123456, Currency("KWD", 3), signed=True) == "+123.456"

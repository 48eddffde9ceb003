"""Settling up: each player's tally times the stake, in money, and who pays whom.

Pure and exact: amounts are `Fraction`s until the one rounding at the end, to the currency's smallest
unit, by largest remainder, so the rounded amounts sum to exactly zero as the tallies do (rounding each
amount on its own can leave the table a cent short or over). Table money (what the club charges each
player for the evening) is shown apart and never mixed into the zero-sum amounts.

The minor units of a currency come from a small table of ISO 4217 codes (`MINOR_UNITS`) rather than a
locale library: the project has none, and the settlement needs only the number of decimals."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from math import floor
from types import MappingProxyType
from typing import Final

from rotation.errors import UserError
from rotation.results.settle_words import (
    amount_refused,
    per_refused,
    places_refused,
    unknown_currency,
    zero_stake,
)
from scoring.methods import TallyUnit

__all__ = [
    "MAX_STAKE",
    "MAX_TABLE_MONEY",
    "MINOR_UNITS",
    "STAKE_PLACES",
    "Currency",
    "Owed",
    "Per",
    "SettleAskedError",
    "Settled",
    "Settlement",
    "Share",
    "Terms",
    "Transfer",
    "UnitMismatchError",
    "currency",
    "money_text",
    "pay_off",
    "per",
    "round_to_sum",
    "settle",
    "stake",
    "table_money",
]

MINOR_UNITS: Final[Mapping[str, int]] = MappingProxyType(
    {
        "AUD": 2, "BGN": 2, "BHD": 3, "BRL": 2, "CAD": 2, "CHF": 2, "CLP": 0, "CNY": 2, "CZK": 2,
        "DKK": 2, "EUR": 2, "GBP": 2, "HKD": 2, "HUF": 2, "ILS": 2, "INR": 2, "ISK": 0, "JOD": 3,
        "JPY": 0, "KRW": 0, "KWD": 3, "MXN": 2, "NOK": 2, "NZD": 2, "OMR": 3, "PLN": 2, "RON": 2,
        "RUB": 2, "SEK": 2, "SGD": 2, "THB": 2, "TND": 3, "TRY": 2, "TWD": 2, "UAH": 2, "USD": 2,
        "ZAR": 2,
    }
)  # fmt: skip
"""ISO 4217's minor units (decimals of the smallest coin) of the currencies a club is likely to play in."""

STAKE_PLACES: Final = 4
"""A stake has at most this many decimals (a hundredth of a cent a point is the smallest stake known)."""
MAX_STAKE: Final = Decimal(1_000_000)
"""The largest stake per unit: anything over is a slip of the keyboard, not a stake."""
MAX_TABLE_MONEY: Final = Decimal(1_000_000)
"""The largest table money per player and evening (15,000 won is an ordinary fee: the bound is the
stake's, whatever the currency)."""
_AMOUNT: Final = re.compile(r"(\d+)(?:\.(\d+))?")
_TYPED: Final = 24
"""A typed amount or code longer than this is not echoed whole in a refusal."""


class SettleAskedError(UserError, ValueError):
    """A stake, currency, unit or table money that cannot settle an evening: the user's mistake, said in
    one sentence the same on every face."""


class UnitMismatchError(SettleAskedError):
    """The stake is per a unit the tally does not count in and cannot be converted to exactly (IMPs
    against hundreds or points)."""

    def __init__(self, unit: TallyUnit, asked: Per) -> None:
        super().__init__(
            f"the stake is per {asked.value} but the tally is in {unit.label}, which do not convert:"
            f" settle it per {Per.of(unit).value}"
        )
        self.unit, self.asked = unit, asked


class Per(Enum):
    """What the stake is paid on: each hundred of tally (London), each point (Cavendish), each IMP."""

    HUNDRED = "100"
    POINT = "point"
    IMP = "imp"

    @staticmethod
    def of(unit: TallyUnit) -> Per:
        """The stake's unit that matches a tally's."""
        return {TallyUnit.HUNDREDS: Per.HUNDRED, TallyUnit.POINTS: Per.POINT, TallyUnit.IMPS: Per.IMP}[unit]


_PER_UNIT: Final[Mapping[tuple[TallyUnit, Per], Fraction]] = MappingProxyType(
    {
        (TallyUnit.HUNDREDS, Per.HUNDRED): Fraction(1),
        (TallyUnit.HUNDREDS, Per.POINT): Fraction(100),  # +3 hundreds is 300 points
        (TallyUnit.POINTS, Per.POINT): Fraction(1),
        (TallyUnit.POINTS, Per.HUNDRED): Fraction(1, 100),  # 1030 points is 10.3 hundreds
        (TallyUnit.IMPS, Per.IMP): Fraction(1),
    }
)
"""Stake units per tally unit: the only conversions that are exact (IMPs convert to nothing)."""


@dataclass(frozen=True, slots=True)
class Currency:
    """An ISO 4217 code and its minor units; the empty code is "no currency named": two decimals."""

    code: str
    minor: int

    @property
    def scale(self) -> int:
        """Minor units in one unit: 100 cents in a euro, 1 in a yen, 1000 fils in a dinar."""
        return int(10**self.minor)


NO_CURRENCY: Final = Currency("", 2)


@dataclass(frozen=True, slots=True)
class Terms:
    """What an evening is played for: the stake per unit (`per` None: the tally's own unit), in a
    currency, and the table money each player pays the club for each evening played."""

    stake: Decimal
    per: Per | None = None
    currency: Currency = NO_CURRENCY
    table_money: Decimal = Decimal(0)


@dataclass(frozen=True, slots=True)
class Share:
    """One player's part in what is settled: their tally, rubbers and evenings played."""

    name: str
    tally: int
    rubbers: int
    evenings: int = 1


@dataclass(frozen=True, slots=True)
class Owed:
    """One player's line: the tally, the exact amount (currency units), the amount rounded (minor units,
    + to receive, - to pay) and the table money they owe the club (minor units)."""

    name: str
    tally: int
    rubbers: int
    exact: Fraction
    amount: int
    table_money: int


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` minor units (always more than 0)."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """The money of an evening or a period: the terms (``per`` resolved), each player's line (the largest
    winner first) and the transfers that reproduce every amount."""

    unit: TallyUnit
    terms: Terms
    per: Per
    lines: tuple[Owed, ...]
    transfers: tuple[Transfer, ...]

    @property
    def currency(self) -> Currency:
        return self.terms.currency

    @property
    def table_money_total(self) -> int:
        """What the club collects, in minor units."""
        return sum(line.table_money for line in self.lines)

    def text(self, minor: int, *, signed: bool = False) -> str:
        """``minor`` units as the currency writes them: ``12.50``, ``+12.50``, ``1200`` (yen)."""
        return money_text(minor, self.currency, signed=signed)


@dataclass(frozen=True, slots=True)
class Settled:
    """What was settled: an evening (its name and date) or a period (``since`` and ``until``, either
    open), the evenings counted and the settlement."""

    settlement: Settlement
    evenings: int
    name: str | None = None
    played_on: date | None = None
    since: date | None = None
    until: date | None = None

    @property
    def is_season(self) -> bool:
        return self.name is None


def money_text(minor: int, money: Currency, *, signed: bool = False) -> str:
    """An amount in minor units, written with the currency's decimals (and a sign when ``signed``)."""
    sign = "-" if minor < 0 else "+" if signed and minor > 0 else ""
    whole, cents = divmod(abs(minor), money.scale)
    return f"{sign}{whole}.{cents:0{money.minor}d}" if money.minor else f"{sign}{whole}"


def _shown(text: str) -> str:
    """A typed value as a refusal echoes it: quoted, cut when long."""
    return repr(text if len(text) <= _TYPED else text[:_TYPED] + "...")


def currency(code: str | None) -> Currency:
    """The currency of an ISO 4217 code (any case); None or blank: no currency named, two decimals."""
    if code is None or not code.strip():
        return NO_CURRENCY
    key = code.strip().upper()
    if key not in MINOR_UNITS:
        raise SettleAskedError(unknown_currency(_shown(code), ", ".join(MINOR_UNITS)))
    return Currency(key, MINOR_UNITS[key])


def per(text: str | None) -> Per | None:
    """``100``, ``point`` or ``imp`` (any case; plurals too); None or blank: the tally's own unit."""
    if text is None or not text.strip():
        return None
    key = text.strip().lower().removesuffix("s")
    for choice in Per:
        if key == choice.value:
            return choice
    raise SettleAskedError(per_refused(_shown(text)))


def _amount(text: str, what: str, places: int, most: Decimal, code: str = "") -> Decimal:
    """A typed amount: digits with an optional point, at most ``places`` decimals, at most ``most``
    (``what``: ``stake`` or ``table money``, ``code``: its currency as `` (EUR)``, or nothing)."""
    written = text.strip()
    match = _AMOUNT.fullmatch(written.removeprefix("-"))
    shown = _shown(text)
    if match is None:
        raise SettleAskedError(amount_refused(what, "form", text=shown, code=code))
    if written.startswith("-"):
        raise SettleAskedError(amount_refused(what, "negative", text=shown, code=code))
    whole, decimals = match[1].lstrip("0"), match[2] or ""
    if len(whole) > len(str(most)):
        raise SettleAskedError(amount_refused(what, "digits", count=len(whole), most=most, code=code))
    if len(decimals) > places:
        raise SettleAskedError(places_refused(what, places, len(decimals), shown, code))
    value = Decimal(written)
    if value > most:
        raise SettleAskedError(amount_refused(what, "most", text=shown, most=most, code=code))
    return value


def stake(text: str) -> Decimal:
    """A stake as typed: more than 0, at most `MAX_STAKE`, at most `STAKE_PLACES` decimals."""
    value = _amount(text, "stake", STAKE_PLACES, MAX_STAKE)
    if not value:
        raise SettleAskedError(zero_stake())
    return value


def table_money(text: str | None, money: Currency = NO_CURRENCY) -> Decimal:
    """Table money as typed: 0 or more, in the currency's smallest unit, at most `MAX_TABLE_MONEY`."""
    if text is None or not text.strip():
        return Decimal(0)
    named = f" ({money.code})" if money.code else ""
    return _amount(text, "table money", money.minor, MAX_TABLE_MONEY, named)


def round_to_sum(exact: Sequence[Fraction]) -> tuple[int, ...]:
    """Each value rounded down or up to a whole number so that they sum to exactly their sum (a whole
    number: ValueError else): every value starts rounded down and the shortfall goes one each to the
    largest remainders (on a tie, the earlier value). Each result is within 1 of its value, and a
    whole value is never moved."""
    total = sum(exact, Fraction(0))
    if total.denominator != 1:
        raise ValueError(f"the values sum to {total}, not a whole number")
    floors = [floor(x) for x in exact]
    short = int(total) - sum(floors)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[:short]:
        floors[i] += 1
    return tuple(floors)


def pay_off(amounts: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    """Transfers ``(payer, payee, amount)`` (indexes) that bring every amount to zero (+ receives, - pays;
    they must sum to zero): the largest debtor pays the largest creditor as much as either is owed, and
    again. Each transfer settles at least one of the two, and the last both, so there are at most one
    fewer than the amounts that are not zero."""
    if sum(amounts):
        raise ValueError(f"the amounts sum to {sum(amounts)}, not zero")
    left = list(amounts)
    done: list[tuple[int, int, int]] = []
    while any(left):
        payer = min(range(len(left)), key=lambda i: (left[i], i))
        payee = max(range(len(left)), key=lambda i: (left[i], -i))
        paid = min(-left[payer], left[payee])
        left[payer] += paid
        left[payee] -= paid
        done.append((payer, payee, paid))
    return tuple(done)


def settle(shares: Sequence[Share], unit: TallyUnit, terms: Terms) -> Settlement:
    """Each player's tally times the stake (per the tally's unit, or one that converts exactly:
    UnitMismatchError else), rounded once to the currency's smallest unit by `round_to_sum`; the table
    money of each evening played apart; and who pays whom (`pay_off`). ValueError when the tallies do
    not sum to zero (they always do: a rubber credits its winners what it debits its losers)."""
    asked = terms.per or Per.of(unit)
    factor = _PER_UNIT.get((unit, asked))
    if factor is None:
        raise UnitMismatchError(unit, asked)
    if sum(s.tally for s in shares):
        raise ValueError("the tallies do not sum to zero")
    scale = terms.currency.scale
    exact = [s.tally * factor * Fraction(terms.stake) for s in shares]
    rounded = round_to_sum([x * scale for x in exact])
    fee = Fraction(terms.table_money) * scale
    if fee.denominator != 1:
        raise ValueError(f"table money {terms.table_money} is finer than the currency's smallest unit")
    lines = sorted(
        (
            Owed(s.name, s.tally, s.rubbers, x, amount, int(fee) * s.evenings)
            for s, x, amount in zip(shares, exact, rounded, strict=True)
        ),
        key=lambda line: -line.exact,
    )
    paid = pay_off([line.amount for line in lines])
    transfers = tuple(Transfer(lines[a].name, lines[b].name, sum_) for a, b, sum_ in paid)
    return Settlement(unit, terms, asked, tuple(lines), transfers)

"""A settlement as `chicago settle --json` prints it, and its words: amounts as exact decimal strings
(a JSON number would be read as a float), in the currency's decimals. Stable: keys are added, never
renamed."""

from __future__ import annotations

from dataclasses import dataclass

from rotation.results.settle import Per, Settled, Settlement, Terms


def settlement_data(settled: Settled) -> dict[str, object]:
    """The settlement as JSON: what was settled, the terms, each player's line, the transfers."""
    money = settled.settlement
    what: dict[str, object]
    if settled.is_season:
        what = {
            "season": {
                "since": settled.since and settled.since.isoformat(),
                "until": settled.until and settled.until.isoformat(),
                "evenings": settled.evenings,
            }
        }
    else:
        what = {"evening": settled.name, "date": settled.played_on and settled.played_on.isoformat()}
    return {
        **what,
        "unit": money.unit.value,
        "stake": str(money.terms.stake),
        "per": money.per.value,
        "currency": money.currency.code or None,
        "minor_units": money.currency.minor,
        "table_money": money.text(int(money.terms.table_money * money.currency.scale)),
        "players": [
            {
                "name": line.name,
                "tally": line.tally,
                "rubbers": line.rubbers,
                "amount": money.text(line.amount),
                "table_money": money.text(line.table_money),
            }
            for line in money.lines
        ],
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": money.text(t.amount)} for t in money.transfers
        ],
        "table_money_total": money.text(money.table_money_total),
    }


def terms_words(settled: Settled) -> str:
    """``At 0.50 GBP per 100, tally in hundreds.``: the terms in one line."""
    money = settled.settlement
    return f"At {_stake_text(money.terms, money.per)}, tally in {money.unit.label}."


def _stake_text(terms: Terms, per: Per | None) -> str:
    """``0.50 GBP per 100``, ``0.01 USD a point``, ``1 per the tally's unit``."""
    code = f" {terms.currency.code}" if terms.currency.code else ""
    said = "per the tally's unit" if per is None else "per 100" if per is Per.HUNDRED else f"a {per.value}"
    return f"{terms.stake}{code} {said}"


def terms_text(terms: Terms) -> str:
    """What an evening is played for, as kept: ``0.50 GBP per 100, table money 2.00``."""
    fee = f", table money {terms.table_money}" if terms.table_money else ""
    return _stake_text(terms, terms.per) + fee


def heading(settled: Settled) -> str:
    """What was settled: ``tue (2026-11-24)`` or the period and its evenings."""
    if not settled.is_season:
        day = settled.played_on.isoformat() if settled.played_on else ""
        return f"Settling {settled.name} ({day})." if day else f"Settling {settled.name}."
    since = f" from {settled.since.isoformat()}" if settled.since else ""
    until = f" to {settled.until.isoformat()}" if settled.until else ""
    count = f"{settled.evenings} evening{'s' if settled.evenings != 1 else ''}"
    return f"Settling the season{since}{until}: {count}."


def is_empty(money: Settlement) -> bool:
    """Nothing to settle: no rubber recorded."""
    return not money.lines


@dataclass(frozen=True, slots=True)
class MoneyView:
    """A settlement as the evening's pages show it: the terms in words, each player's line (name, tally,
    amount, table money) as text, who pays whom, and the club's table money."""

    terms: str
    lines: tuple[tuple[str, str, str, str], ...]
    transfers: tuple[str, ...]
    table_money: str


def money_view(money: Settlement) -> MoneyView:
    """The settlement's words and rows for a page (the same numbers as `chicago settle`)."""
    code = f" {money.currency.code}" if money.currency.code else ""
    fee = money.text(money.table_money_total) + code if money.terms.table_money else ""
    return MoneyView(
        f"Played at {_stake_text(money.terms, money.per)}.",
        tuple(
            (
                line.name,
                f"{line.tally:+d}" if line.tally else "0",
                money.text(line.amount, signed=True),
                money.text(line.table_money) if money.terms.table_money else "",
            )
            for line in money.lines
        ),
        tuple(f"{t.payer} pays {t.payee} {money.text(t.amount)}{code}" for t in money.transfers),
        fee,
    )

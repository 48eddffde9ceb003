"""A settlement as `chicago settle --json` prints it, and its words: amounts as exact decimal strings
(a JSON number would be read as a float), in the currency's decimals. Stable: keys are added, never
renamed."""

from __future__ import annotations

from dataclasses import dataclass

from rotation.language import _, ngettext
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
    from rotation.render.bridge_words import unit_label

    return _("At {stake}, tally in {unit}.").format(
        stake=_stake_text(money.terms, money.per), unit=unit_label(money.unit)
    )


def _stake_text(terms: Terms, per: Per | None) -> str:
    """``0.50 GBP per 100``, ``0.01 USD a point``, ``1 per the tally's unit``."""
    code = f" {terms.currency.code}" if terms.currency.code else ""
    if per is None:
        said = _("per the tally's unit")
    elif per is Per.HUNDRED:
        said = _("per 100")
    else:
        said = {Per.POINT: _("a point"), Per.IMP: _("a imp")}.get(per, f"a {per.value}")
    return f"{terms.stake}{code} {said}"


def terms_text(terms: Terms) -> str:
    """What an evening is played for, as kept: ``0.50 GBP per 100, table money 2.00``."""
    fee = ", " + _("table money {amount}").format(amount=terms.table_money) if terms.table_money else ""
    return _stake_text(terms, terms.per) + fee


def heading(settled: Settled) -> str:
    """What was settled: ``tue (2026-11-24)`` or the period and its evenings."""
    from rotation.language import day_text

    if not settled.is_season:
        day = day_text(settled.played_on) if settled.played_on else ""
        if day:
            return _("Settling {name} ({date}).").format(name=settled.name, date=day)
        return _("Settling {name}.").format(name=settled.name)
    since = " " + _("from {since}").format(since=day_text(settled.since)) if settled.since else ""
    until = " " + _("to {until}").format(until=day_text(settled.until)) if settled.until else ""
    count = ngettext("{count} evening", "{count} evenings", settled.evenings).format(count=settled.evenings)
    return _("Settling the season{since}{until}: {count}.").format(since=since, until=until, count=count)


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
        _("Played at {stake}.").format(stake=_stake_text(money.terms, money.per)),
        tuple(
            (
                line.name,
                f"{line.tally:+d}" if line.tally else "0",
                money.text(line.amount, signed=True),
                money.text(line.table_money) if money.terms.table_money else "",
            )
            for line in money.lines
        ),
        tuple(
            _("{payer} pays {payee} {amount}").format(
                payer=t.payer, payee=t.payee, amount=money.text(t.amount) + code
            )
            for t in money.transfers
        ),
        fee,
    )

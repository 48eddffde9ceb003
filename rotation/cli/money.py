"""`chicago settle`: an evening's (or a period's) tally in money at a stake, and who pays whom."""

from __future__ import annotations

import json
from contextlib import nullcontext
from typing import TYPE_CHECKING, Annotated

import typer

from rotation.cli.app import app
from rotation.cli.choices import TallyUnit
from rotation.cli.common import (
    db_path,
    fail,
    is_file_source,
    load_session,
    open_store,
    parse_day,
    rich_console,
)
from rotation.language import N_

if TYPE_CHECKING:
    from rotation.services.money import Settled, Terms

Typed = tuple[str | None, str | None, str | None, str | None]
"""The stake, per, currency and table money as typed."""

_StakeOption = Annotated[
    str | None,
    typer.Option(
        "--stake",
        metavar="AMOUNT",
        help=N_(
            "What one unit of tally is worth, e.g. 0.50 (at most 4 decimals); default: the stake kept"
            " with the evening (`chicago plan --stake`), or with --season the one the period's evenings keep."
        ),
        show_default=False,
    ),
]
PerOption = Annotated[
    str | None,
    typer.Option(
        "--per",
        metavar="100|point|imp",
        help=N_(
            "The stake is per 100 of tally, per point or per IMP (default: the tally's own unit; 100 and"
            " point convert to each other, IMPs to neither)."
        ),
        show_default=False,
    ),
]
CurrencyOption = Annotated[
    str | None,
    typer.Option(
        "--currency",
        metavar="CODE",
        help=N_(
            "An ISO 4217 code (EUR, GBP, USD, JPY...): amounts round to its smallest coin (default: two"
            " decimals, no code)."
        ),
        show_default=False,
    ),
]
TableMoneyOption = Annotated[
    str | None,
    typer.Option(
        "--table-money",
        metavar="AMOUNT",
        help=N_("What each player pays the club for each evening played, shown apart from the winnings."),
        show_default=False,
    ),
]
_SeasonOption = Annotated[
    bool, typer.Option("--season", help=N_("Settle every evening of a period as one (see --since, --until)."))
]
_SinceOption = Annotated[
    str | None, typer.Option(metavar="YYYY-MM-DD", help=N_("With --season: evenings on or after this date."))
]
_UntilOption = Annotated[
    str | None, typer.Option(metavar="YYYY-MM-DD", help=N_("With --season: evenings on or before this date."))
]
_UnitOption = Annotated[
    TallyUnit | None,
    typer.Option(help=N_("With --season: only evenings tallied in this unit (needed when they differ).")),
]


@app.command("settle")
def settle_command(
    source: Annotated[
        str | None,
        typer.Argument(
            metavar="[NAME|FILE]",
            help=N_("A saved session or a session JSON file (none with --season)."),
            show_default=False,
        ),
    ] = None,
    stake: _StakeOption = None,
    per: PerOption = None,
    currency: CurrencyOption = None,
    table_money: TableMoneyOption = None,
    season: _SeasonOption = False,
    since: _SinceOption = None,
    until: _UntilOption = None,
    unit: _UnitOption = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the settlement as JSON."))] = False,
) -> None:
    """Settle up: each player's tally times the stake, rounded once to the currency's smallest coin
    (the amounts sum to exactly zero), table money apart, and who pays whom in the fewest transfers."""

    from rotation.language import _

    if season == (source is not None):
        fail(_("name an evening to settle, or give --season for a period (not both)"))
    if not season and (since or until or unit):
        fail(_("--since, --until and --unit go with --season"))
    typed = (stake, per, currency, table_money)
    if season:
        settled = _season(typed, since, until, unit)
    else:
        assert source is not None
        settled = _evening(source, typed)
    if as_json:
        from rotation.render.money import settlement_data

        typer.echo(json.dumps(settlement_data(settled), indent=2, ensure_ascii=False))
        return
    _print(settled)


def _evening(source: str, typed: Typed) -> Settled:
    """A saved evening's settlement (at the terms kept with it, each option typed overriding), or a
    session file's (named by the file)."""
    from rotation.services.money import Settled, kept_terms, settle_evening, settle_session, settle_terms

    if is_file_source(source):
        return Settled(settle_session(load_session(source), settle_terms(*typed)), 1, source)
    from rotation.cli.speech import follow

    with open_store(create=False) as store:
        terms = settle_terms(*typed, kept=kept_terms(store, source))
        settled = settle_evening(store, source, terms)
        follow(store, source)
        return settled


def _season(typed: Typed, since: str | None, until: str | None, unit: TallyUnit | None) -> Settled:
    """The period's settlement (nothing saved yet: nothing to settle): at the terms typed, or with no
    --stake at the stake the period's evenings all keep, each option typed overriding its part."""
    from rotation.services.money import season_terms, settle_season, settle_terms

    start = None if since is None else parse_day(since, "--since")
    end = None if until is None else parse_day(until, "--until")
    with open_store() if db_path().exists() else nullcontext() as store:
        kept = None if typed[0] is not None else season_terms(store, since=start, until=end, unit=unit)
        terms = settle_terms(*typed, kept=kept)
        return settle_season(store, terms, since=start, until=end, unit=unit)


def stake_words(terms: Terms) -> str:
    """``0.50 GBP per 100, table money 2.00``: what an evening is played for, as typed."""
    from rotation.render.money import terms_text

    return terms_text(terms)


def _print(settled: Settled) -> None:
    """The settlement as a person reads it: the terms, a table of players (tally, amount, table money),
    then who pays whom."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from rotation.language import _
    from rotation.render.money import heading, terms_words

    money = settled.settlement
    typer.echo(heading(settled))
    typer.echo(terms_words(settled))
    if not money.lines:
        typer.echo(_("No rubber recorded: nothing to settle."))
        return
    fee = bool(money.terms.table_money)
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column(_("Player"))
    table.add_column(_("Tally"), justify="right")
    code = f" ({money.currency.code})" if money.currency.code else ""
    table.add_column(_("Amount") + code, justify="right")
    if fee:
        table.add_column(_("Table money") + code, justify="right")
    for line in money.lines:
        tally = f"{line.tally:+d}" if line.tally else "0"
        cells: list[Text | str] = [Text(line.name), tally, money.text(line.amount, signed=True)]
        table.add_row(*cells, *([money.text(line.table_money)] if fee else []))
    rich_console().print(table)
    if money.transfers:
        typer.echo(_("Who pays whom:"))
        for t in money.transfers:
            said = _("{payer} pays {payee} {amount}").format(
                payer=t.payer, payee=t.payee, amount=money.text(t.amount)
            )
            rich_console().print(Text(f"  {said}"))
    else:
        typer.echo(_("All square: nobody pays anybody."))
    if fee:
        typer.echo(
            _("Table money to the club: {amount} in all.").format(amount=money.text(money.table_money_total))
        )

"""Settling up, for both faces: an evening's (saved, or a session file's) or a period's tallies in money
at a stake, with the table money apart and who pays whom. The stake's terms are read here from what the
user typed, so every face refuses the same mistakes in the same words."""

from __future__ import annotations

from datetime import date

from rotation.io.store import Evening, Store
from rotation.results.session import Session, tally
from rotation.results.settle import (
    Currency,
    Owed,
    Per,
    SettleAskedError,
    Settled,
    Settlement,
    Share,
    Terms,
    Transfer,
    UnitMismatchError,
    currency,
    money_text,
    per,
    settle,
    stake,
    table_money,
)
from rotation.results.units import TallyUnit, tally_unit
from rotation.services.season import RankAsked, rank

__all__ = [
    "Currency",
    "Owed",
    "Per",
    "SettleAskedError",
    "Settled",
    "Settlement",
    "Terms",
    "Transfer",
    "UnitMismatchError",
    "money_text",
    "settle_evening",
    "settle_season",
    "settle_session",
    "settle_terms",
]


def settle_terms(
    stake_text: str | None,
    per_text: str | None = None,
    currency_code: str | None = None,
    table_money_text: str | None = None,
) -> Terms:
    """The terms as typed (SettleAskedError for a missing, negative, absurd or over-precise stake, an
    unknown currency, a unit that is none of 100, point and imp, or table money finer than a cent)."""
    if stake_text is None or not stake_text.strip():
        raise SettleAskedError("settling up needs a stake: the amount won or lost per 100, point or imp")
    money = currency(currency_code)
    return Terms(stake(stake_text), per(per_text), money, table_money(table_money_text, money))


def _shares(session: Session) -> list[Share]:
    """Each player of an evening who played a rubber, with their tally (in score-sheet order)."""
    names = session.schedule.players
    standings = sorted(tally(session).standings, key=lambda s: s.player)
    return [Share(names[s.player], s.total, s.rubbers) for s in standings if s.rubbers]


def settle_session(session: Session, terms: Terms) -> Settlement:
    """An evening's settlement (SessionError for a result that does not fit its schedule)."""
    return settle(_shares(session), tally_unit(session.rules), terms)


def settle_evening(store: Store, name: Evening, terms: Terms) -> Settled:
    """The saved evening ``name`` settled at ``terms`` (NoSuchSessionError for a name not saved)."""
    stored = store.load(name)
    return Settled(settle_session(stored.session, terms), 1, stored.name, stored.played_on)


def settle_season(
    store: Store | None,
    terms: Terms,
    *,
    since: date | None = None,
    until: date | None = None,
    unit: TallyUnit | None = None,
) -> Settled:
    """Every evening played from ``since`` to ``until`` settled as one: each player's total over the
    period at ``terms``, table money for each evening they played. The period's rules are the season's
    (PeriodReversedError); MixedUnitsError when the evenings tally in different units and no ``unit``
    picks one."""
    season = rank(store, RankAsked(since=since, until=until, unit=unit))
    shares = [Share(x.name, x.total, x.played, x.sessions) for x in (*season.lines, *season.left_out)]
    settled = settle(shares, season.unit, terms)
    return Settled(settled, len(season.sessions), since=since, until=until)

"""Settling up, for both faces: an evening's (saved, or a session file's) or a period's tallies in money
at a stake, with the table money apart and who pays whom. The stake's terms are read here from what the
user typed, so every face refuses the same mistakes in the same words."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from rotation.io.store import Evening, Store, StoredSession
from rotation.results.season import Played, Season, season
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
    "MixedStakesError",
    "Owed",
    "Per",
    "SeasonMoney",
    "SettleAskedError",
    "Settled",
    "Settlement",
    "Terms",
    "Transfer",
    "UnitMismatchError",
    "evening_money",
    "keep_terms",
    "kept_terms",
    "money_text",
    "season_money",
    "season_terms",
    "settle_evening",
    "settle_season",
    "settle_session",
    "settle_terms",
    "stake_texts",
    "terms_of_texts",
]


def settle_terms(
    stake_text: str | None,
    per_text: str | None = None,
    currency_code: str | None = None,
    table_money_text: str | None = None,
    *,
    kept: Terms | None = None,
) -> Terms:
    """The terms as typed, each one not typed taken from ``kept`` (the evening's, `kept_terms`):
    SettleAskedError for no stake at all, a negative, absurd or over-precise one, an unknown currency, a
    unit that is none of 100, point and imp, or table money finer than the currency's smallest coin."""
    if kept is not None:
        typed = stake_text, per_text, currency_code, table_money_text
        stake_text, per_text, currency_code, table_money_text = (
            mine if mine is not None else theirs for mine, theirs in zip(typed, _texts(kept), strict=True)
        )
    if stake_text is None or not stake_text.strip():
        from rotation.language import _

        raise SettleAskedError(_("settling up needs a stake: the amount won or lost per 100, point or imp"))
    money = currency(currency_code)
    return Terms(stake(stake_text), per(per_text), money, table_money(table_money_text, money))


def _texts(terms: Terms) -> tuple[str, str, str, str]:
    """Terms as typed back: the stake, per, the currency's code and the table money."""
    return (
        str(terms.stake),
        terms.per.value if terms.per is not None else "",
        terms.currency.code,
        str(terms.table_money),
    )


_KEYS = ("stake", "per", "currency", "table_money")


def keep_terms(store: Store, evening: Evening, terms: Terms | None) -> None:
    """Keep what the saved evening is played for (None: not for money any more)."""
    with store.writing() as tx:
        kept = None if terms is None else stake_texts(terms)
        tx.keep_stake(tx.load(evening), kept)


def stake_texts(terms: Terms) -> dict[str, str]:
    """Terms as the store keeps them and a session file carries them (``"stake"``): each as typed."""
    return dict(zip(_KEYS, _texts(terms), strict=True))


def terms_of_texts(kept: dict[str, str]) -> Terms:
    """Terms kept as texts (`stake_texts`), read as typed ones are: SettleAskedError for a mistake."""
    return settle_terms(*(kept.get(key) for key in _KEYS))


def kept_terms(store: Store, evening: Evening) -> Terms | None:
    """What the saved evening is played for, as kept with it; None when it is not played for money."""
    with store.reading() as tx:
        return _terms(tx.stake(tx.load(evening)))


def _terms(kept: dict[str, str] | None) -> Terms | None:
    """Terms as the store keeps them, read as typed ones are."""
    return None if kept is None else terms_of_texts(kept)


def evening_money(store: Store, stored: StoredSession) -> Settlement | None:
    """The evening settled at the terms kept with it, for its pages; None when it is not played for
    money (or nothing is recorded yet, or the tally's unit is not the stake's)."""
    with store.reading() as tx:
        terms = _terms(tx.stake(stored))
    if terms is None:
        return None
    try:
        settled = settle_session(stored.session, terms)
    except UnitMismatchError:
        return None
    return settled if settled.lines else None


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
    return _settled(_period(store, since, until, unit), terms)


def _settled(period: _Period, terms: Terms) -> Settled:
    season = period.season
    shares = [Share(x.name, x.total, x.played, x.sessions) for x in (*season.lines, *season.left_out)]
    settled = settle(shares, season.unit, terms)
    return Settled(settled, len(season.sessions), since=period.since, until=period.until)


@dataclass(frozen=True, slots=True)
class _Period:
    """A period's season (every evening, ranked by total) and the stake each evening with a rubber
    played keeps, read in one transaction: what both the stake's rule and the settlement need."""

    season: Season
    stakes: tuple[tuple[str, Terms | None], ...]
    since: date | None
    until: date | None


def _period(store: Store | None, since: date | None, until: date | None, unit: TallyUnit | None) -> _Period:
    asked = RankAsked(since=since, until=until, unit=unit)  # the season's rules for a period
    if store is None:
        return _Period(rank(None, asked), (), since, until)
    with store.reading() as tx:
        stored = tx.season(since, until)
        ranked = season([Played(s.name, s.played_on, s.session) for s in stored], unit=unit)
        counted = {p.name for p in ranked.sessions}  # those of the unit asked
        stakes = tuple(
            (s.name, _terms(tx.stake(s)))
            for s in stored
            if s.name in counted and any(line.rubbers for line in tally(s.session).standings)
        )
    return _Period(ranked, stakes, since, until)


class MixedStakesError(SettleAskedError):
    """The evenings of a period were not all played for the same stake (or some not for money): their
    money is not one settlement."""


def season_terms(
    store: Store | None,
    *,
    since: date | None = None,
    until: date | None = None,
    unit: TallyUnit | None = None,
) -> Terms | None:
    """The stake kept with every evening of the period that has a rubber played (the season's evenings:
    `settle_season`'s); None when none keeps one; MixedStakesError when they differ, or some evenings
    keep one and others none."""
    return _one_stake(_period(store, since, until, unit))


def _one_stake(period: _Period) -> Terms | None:
    found = {terms for _, terms in period.stakes}
    if not found or found == {None}:
        return None
    if len(found) > 1:
        said = "; ".join(f"{name}: {_words(t)}" for name, t in period.stakes)
        raise MixedStakesError(f"the evenings of the period were not all played for the same stake ({said})")
    return next(iter(found))


@dataclass(frozen=True, slots=True)
class SeasonMoney:
    """A period's money for its pages and sheet: the settlement (as `chicago settle --season` gives it,
    at the stake its evenings keep), or the sentence saying why it is not settled."""

    settled: Settled | None
    why_not: str = ""


def season_money(store: Store | None, asked: RankAsked) -> SeasonMoney | None:
    """The period's money when its evenings were played for money (None when none was): settled by
    `settle_season` at the one stake they all keep (`season_terms`); when their stakes differ, or the
    stake's unit is not the tally's, not settled, with a sentence saying why."""
    try:
        period = _period(store, asked.since, asked.until, asked.unit)  # read once for the rule and the money
        terms = _one_stake(period)
        if terms is None:
            return None
        settled = _settled(period, terms)
    except SettleAskedError as error:
        return SeasonMoney(None, f"Not settled: {error}. Settle each evening with chicago settle NAME.")
    return SeasonMoney(settled)


def _words(terms: Terms | None) -> str:
    """``0.50 GBP per 100`` (and its table money), or ``not for money``."""
    if terms is None:
        return "not for money"
    stake, per_, code, fee = _texts(terms)
    said = f"{stake}{' ' + code if code else ''} per {per_ or 'unit'}"
    return said + (f", table money {fee}" if terms.table_money else "")

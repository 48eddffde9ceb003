"""The language a saved evening speaks: kept with it (`chicago plan --save NAME --lang CODE`), so its cards,
pads, tally sheet and pages come out in it unless the reader asked for another; and a typed deal read in
that language's pad words (``3SA Z =`` for a Dutch evening)."""

from __future__ import annotations

from rotation.io.store import Evening, Store
from rotation.language import LANGUAGES, known
from rotation.results.recording import parse_deal_argument
from scoring.deal import RecordedDeal

__all__ = ["evening_language", "keep_evening_language", "parse_evening_deal"]


def evening_language(store: Store, evening: Evening) -> str | None:
    """The language ``evening`` was saved to speak, or None when it was saved without one (the reader's
    own language then applies: --lang, CHICAGO_LANG, the locale, the browser's)."""
    with store.reading() as tx:
        kept = tx.language(tx.load(evening))
    return kept if kept in LANGUAGES else None


def keep_evening_language(store: Store, evening: Evening, language: str | None) -> None:
    """Keep the language ``evening`` speaks (a code of `rotation.language.LANGUAGES`; None forgets it)."""
    code = known(language) if language is not None else None
    if language is not None and code not in LANGUAGES:
        raise ValueError(f"not a language chicago speaks: {language!r}")
    with store.writing() as tx:
        tx.keep_language(tx.load(evening), code)


def parse_evening_deal(text: str, language: str | None) -> RecordedDeal:
    """A deal typed at a table of an evening that speaks ``language`` (None: the language spoken now), read
    in that language's pad words beside the English ones; InvalidDealError says what is wrong."""
    return parse_deal_argument(text, language)

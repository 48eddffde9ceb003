"""The language every word a player or host reads is in: gettext catalogues under Babel, read at run time.

Each face chooses the language once (the terminal: ``--lang``, ``CHICAGO_LANG``, the locale; a page:
``?lang=``, the evening's, ``Accept-Language``) and runs its work inside ``speaking(code)``; everything
below marks its words with ``_()`` / ``ngettext()`` and so speaks the chosen language without being handed
it. The catalogues
are ``rotation/locale/<code>/LC_MESSAGES/<area>.po`` (areas: terminal, pages, printed), parsed with Babel on
first use, so there is no compile step for a user. ``xx`` is a pseudo-language (long, accented words) for
finding text that overflows; it is never offered to a user.

Messages keep their placeholders named (``_("{name} sits out").format(name=name)``) so a translation may
move them; the pages' templates use Jinja2's i18n extension with the same catalogues (``%(name)s``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date
from functools import cache
from gettext import GNUTranslations
from io import BytesIO
from pathlib import Path
from typing import Final

ENGLISH: Final = "en"
PSEUDO: Final = "xx"
LANGUAGES: Final = ("en", "nl", "fr", "de", "pl", "ru", "sv", "da", "nb")
"""Every language offered, English first; the order a language menu lists them in."""

NAMES: Final = {
    "en": "English",
    "nl": "Nederlands",
    "fr": "Français",
    "de": "Deutsch",
    "pl": "Polski",
    "ru": "Русский",
    "sv": "Svenska",
    "da": "Dansk",
    "nb": "Norsk bokmål",
}
"""Each language in its own words, as a menu shows it."""

_ALIASES: Final = {"no": "nb", "nn": "nb", "se": "sv", "dk": "da"}
"""Codes people type for a language we speak under another code (Norwegian is written Bokmål here)."""

LOCALE: Final = Path(__file__).parent / "locale"

_speaking: ContextVar[str] = ContextVar("chicago_language", default=ENGLISH)
AREAS: Final = ("terminal", "pages", "printed")
_area: ContextVar[str] = ContextVar("chicago_area", default="terminal")


def current() -> str:
    """The language of the work in progress (English unless a face chose another)."""
    return _speaking.get()


def area() -> str:
    """The area translated for in the work in progress (the terminal unless a face chose another)."""
    return _area.get()


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Run the body in language ``code`` (already chosen by `choose`), restoring the one before after it."""
    token = _speaking.set(code if code in LANGUAGES or code == PSEUDO else ENGLISH)
    try:
        yield _speaking.get()
    finally:
        _speaking.reset(token)


@contextmanager
def written_for(area: str) -> Iterator[None]:
    """Translate for ``area`` (the terminal, the pages, the printed pages) in the body: a word its catalogue
    translates reads as there (a card's shorter "Dealer", the page's "none" of vulnerability), any other as
    the other catalogues have it. Also a decorator, for a printer."""
    token = _area.set(area if area in AREAS else "terminal")
    try:
        yield
    finally:
        _area.reset(token)


def known(code: str | None) -> str | None:
    """The language ``code`` names (``de``, ``de_DE.UTF-8``, ``nb-NO``, ``NO``), or None where we do not
    speak it."""
    if not code:
        return None
    base = re.split(r"[_.@-]", code.strip().lower(), maxsplit=1)[0]
    base = _ALIASES.get(base, base)
    return base if base in LANGUAGES or base == PSEUDO else None


def choose(asked: str | None, environ: Mapping[str, str]) -> str:
    """The terminal's language: ``--lang``, else ``CHICAGO_LANG``, else the locale, else English.

    ``asked`` must be a language we speak (the caller has checked it, so a typo is the user's error, not a
    silent English); the environment's values are hints, and one we do not speak falls through."""
    if asked is not None:
        return known(asked) or ENGLISH
    for variable in ("CHICAGO_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value in ("", "C", "POSIX") or value.startswith(("C.", "POSIX.")):
            continue
        return known(value) or ENGLISH
    return ENGLISH


def from_accept_language(header: str | None) -> str | None:
    """The first language of a browser's ``Accept-Language`` we speak, by its q-values (bounded: a header is
    read only to its first 32 entries)."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header[:1024].split(",")[:32]):
        code, _, weight = part.strip().partition(";")
        quality = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", weight) if weight else None
        if weight and match is None:
            continue
        if match is not None:
            quality = float(match.group(1))
        language = known(code)
        if language is not None and language != PSEUDO and quality > 0:
            ranked.append((-quality, index, language))
    return min(ranked)[2] if ranked else None


def plain() -> bool:
    """Whether numbers, dates and bridge letters are written as English writes them: in English, and in the
    pseudo-language (which only lengthens sentences; Babel knows no locale ``xx``)."""
    return _speaking.get() in (ENGLISH, PSEUDO)


def day_text(day: date, length: str = "medium") -> str:
    """A date as the language writes it (Babel's ``medium``: ``27 nov. 2026``; ``short``: ``27.11.26``),
    ISO (``2026-11-27``) where plain."""
    if plain():
        return day.isoformat()
    from babel.dates import format_date

    return str(format_date(day, format=length, locale=_speaking.get()))


def number_text(value: float, pattern: str | None = None) -> str:
    """A number as the language groups its digits and writes its decimal sign (``1 170``, ``1.170``,
    ``0,50``), optionally to Babel's ``pattern`` (``0.00``); plain: as Python writes it."""
    if plain():
        return f"{value:.2f}" if pattern == "0.00" else str(value)
    from babel.numbers import format_decimal

    return str(format_decimal(value, format=pattern, locale=_speaking.get()))


def gettext(message: str) -> str:
    """``message`` in the current language (itself where no translation exists, as gettext does)."""
    language = _speaking.get()
    if language == ENGLISH:
        return message
    if language == PSEUDO:
        return pseudo(message)
    return _translations(language, _area.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the current language (Polish and Russian have three), by the
    plural rule Babel writes for the language from CLDR."""
    language = _speaking.get()
    if language == ENGLISH:
        return singular if count == 1 else plural
    if language == PSEUDO:
        return pseudo(singular if count == 1 else plural)
    return _translations(language, _area.get()).ngettext(singular, plural, count)


_ = gettext


def N_(message: str) -> str:
    """Mark a message for extraction where it is defined (a table of words); `_` translates it when shown."""
    return message


@cache
def _translations(language: str, area: str) -> GNUTranslations:
    """Every message of ``language``'s catalogues, ``area``'s first and the others' after it (the terminal's,
    which holds the bridge words every printer shares, before the rest), compiled in
    memory once per process and area (Babel reads the ``.po`` files and writes the ``.mo`` that the
    standard library's gettext reads)."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged = Catalog(locale=language)
    order = [area, *(other for other in AREAS if other != area)]  # then the terminal's, the shared words
    paths = sorted(
        (LOCALE / language / "LC_MESSAGES").glob("*.po"),
        key=lambda p: order.index(p.stem) if p.stem in order else len(order),
    )
    for path in paths:
        with path.open("rb") as file:
            for message in read_po(file, locale=language):
                if message.id and not message.fuzzy and message.id not in merged:
                    merged[message.id] = message
    compiled = BytesIO()
    write_mo(compiled, merged)
    compiled.seek(0)
    return GNUTranslations(compiled)


_PLACEHOLDER: Final = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[sd]|%[sd]|<[^>]*>|\[[^\]]*\]\([^)]*\))")
_LONG_WORD: Final = re.compile(r"[A-Za-z]{3,}")
_ACCENTED: Final = str.maketrans("aeiouAEIOUcnyCNY", "àéîõüÀÉÎÕÜçñýÇÑÝ")


def pseudo(message: str) -> str:
    """English made longer (by about 40%, as German and Finnish run) and accented, placeholders and markup
    kept, so a page or a card that cuts or overflows a translation shows it in a test."""
    parts = _PLACEHOLDER.split(message)
    out = []
    for index, part in enumerate(parts):
        if index % 2:
            out.append(part)
        else:
            out.append(_LONG_WORD.sub(_longer, part).translate(_ACCENTED))
    return "".join(out)


def _longer(word: re.Match[str]) -> str:
    text = word.group(0)
    return text + text[-(len(text) * 2) // 5 :].lower()

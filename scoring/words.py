# ruff: noqa: RUF001, RUF002, RUF003  (the pads of Russian are written in Cyrillic letters)
"""A score pad's words in each language the club speaks: the no-trump word, the seat letters, pass.

A player writes a deal as the pad of their language does (``3SA Z =`` in Dutch, ``3BA S -1`` in Polish,
``3БК С =`` in Russian); `english` rewrites it into the English pad's notation that `scoring.contract`
reads, so every language scores exactly as its English twin. The English words keep working in every
language, except where a letter names another seat in that language (``O`` is East in Dutch and German,
West in French): there the language's meaning wins. Suit symbols ♣ ♦ ♥ ♠ are read everywhere.

Sources: each language's translation of the Laws of Bridge and its federation's material, listed in
``rotation/locale/<code>/glossary.md``. Pure: the language is an argument (scoring never asks a face).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from scoring.seat import Seat, Side

LANGUAGES: Final = ("en", "nl", "fr", "de", "pl", "ru", "sv", "da", "nb")

NOTRUMP: Final[dict[str, tuple[str, ...]]] = {
    "en": ("NT",),
    "nl": ("SA",),
    "fr": ("SA",),
    "de": ("SA",),
    "pl": ("BA",),
    "ru": ("БК",),
    "sv": ("NT", "SANG"),
    "da": ("NT", "SANS", "UT"),
    "nb": ("NT", "GRAND", "GR"),
}
"""Each language's no-trump words as typed (upper case), the one its pads write first."""

_N, _E, _S, _W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

SEATS: Final[dict[str, dict[str, Seat]]] = {
    "en": {"N": _N, "E": _E, "S": _S, "W": _W},
    "nl": {"N": _N, "O": _E, "Z": _S, "W": _W, "NOORD": _N, "OOST": _E, "ZUID": _S, "WEST": _W},
    "de": {"N": _N, "O": _E, "S": _S, "W": _W, "NORD": _N, "OST": _E, "SÜD": _S, "SUED": _S, "WEST": _W},
    "fr": {"N": _N, "E": _E, "S": _S, "O": _W, "NORD": _N, "EST": _E, "SUD": _S, "OUEST": _W},
    "pl": {"N": _N, "E": _E, "S": _S, "W": _W, "PÓŁNOC": _N, "WSCHÓD": _E, "POŁUDNIE": _S, "ZACHÓD": _W},
    "ru": {
        "С": _N, "В": _E, "Ю": _S, "З": _W, "СЕВЕР": _N, "ВОСТОК": _E, "ЮГ": _S, "ЗАПАД": _W,
        "C": _N, "B": _E,  # Latin C and B, typed for С and В on a Latin keyboard: no English seat
    },
    "sv": {"N": _N, "Ö": _E, "S": _S, "V": _W, "NORD": _N, "ÖST": _E, "SYD": _S, "VÄST": _W},
    "da": {"N": _N, "Ø": _E, "S": _S, "V": _W, "NORD": _N, "ØST": _E, "SYD": _S, "VEST": _W},
    "nb": {"N": _N, "Ø": _E, "S": _S, "V": _W, "NORD": _N, "ØST": _E, "SØR": _S, "VEST": _W},
}  # fmt: skip
"""Each language's seat letters and names (upper case); the first of a seat is how its pads write it."""

_ENGLISH_SEATS: Final = {"N": _N, "E": _E, "S": _S, "W": _W, "NORTH": _N, "EAST": _E, "SOUTH": _S, "WEST": _W}

PASS: Final[dict[str, tuple[str, ...]]] = {
    "en": ("pass",),
    "nl": ("pas",),
    "fr": ("passe",),
    "de": ("passe",),
    "pl": ("pas",),
    "ru": ("пас",),
    "sv": ("pass",),
    "da": ("pas",),
    "nb": ("pass",),
}
"""A passed-out deal in each language, as written (the English ``pass`` is read everywhere)."""

_SUITS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


def _language(language: str) -> str:
    return language if language in LANGUAGES else "en"


def seats(language: str) -> dict[str, Seat]:
    """Every seat word read in ``language``: the English ones, then the language's, which win a clash."""
    return {**_ENGLISH_SEATS, **SEATS[_language(language)]}


def seat_of(text: str, language: str = "en") -> Seat | None:
    """The seat ``text`` names in ``language`` (``O`` is East in Dutch, West in French), or None."""
    return seats(language).get(text.strip().upper())


def is_pass(text: str, language: str = "en") -> bool:
    """Whether ``text`` is the language's word for a passed-out deal (English's counts everywhere)."""
    word = " ".join(text.split()).lower()
    return word in PASS[_language(language)] or word in ("pass", "passed", "passed out", "passed-out")


@cache
def _result_pattern(language: str) -> re.Pattern[str]:
    words = sorted({*NOTRUMP[language], "NT", "N", "C", "D", "H", "S", *_SUITS}, key=len, reverse=True)
    strain = "|".join(re.escape(word) for word in words)
    double = "[XХ]" if language == "ru" else "X"
    return re.compile(
        rf"(?P<level>\d+)\s*(?P<strain>{strain})\s*(?P<doubling>{double}(?:\s*{double})?)?"
        r"(?:(?:\s+|\s*-\s*)(?P<declarer>[^\W\d_]+))?\s*(?P<outcome>=|[+-]\s*\d+)"
    )


def english(text: str, language: str = "en") -> str:
    """A result typed in ``language`` (``3SA Z =``, ``3♥ O -1``, ``3БК С +1``) as the English pad writes
    it (``3NT S =``); text that is not a result in that language comes back as it was, for the English
    parser to refuse in its own words."""
    language = _language(language)
    match = _result_pattern(language).fullmatch(text.strip().upper())
    if match is None:
        return text
    strain = match["strain"]
    strain = _SUITS.get(strain, "NT" if strain in NOTRUMP[language] else strain)
    doubling = "".join(match["doubling"].split()).replace("Х", "X") if match["doubling"] else ""
    declarer = ""
    if match["declarer"] is not None:
        seat = seat_of(match["declarer"], language)
        declarer = " " + (seat.value if seat is not None else match["declarer"])
    outcome = "".join(match["outcome"].split())
    return f"{match['level']}{strain}{doubling}{declarer} {outcome}"


def english_side(text: str, language: str = "en") -> str:
    """A side typed in ``language`` (``O-W``, ``ØV``, ``ВЗ``) as English writes it (``E-W``); other text
    comes back as it was."""
    letters = [char for char in text.strip().upper() if char not in " -/"]
    if len(letters) != 2:
        return text
    pair = {seat_of(letter, language) for letter in letters}
    if pair == {_N, _S}:
        return "N-S"
    if pair == {_E, _W}:
        return "E-W"
    return text


def seat_letter(seat: Seat, language: str = "en") -> str:
    """How ``language``'s pads write ``seat``: ``Z`` for South in Dutch, ``З`` for West in Russian."""
    for word, named in SEATS[_language(language)].items():
        if named is seat:
            return word
    return seat.value


def side_letters(side: Side, language: str = "en") -> str:
    """``N-S`` / ``E-W`` as ``language`` writes them: ``O-W`` in Dutch, ``E-O`` in French, ``В-З``."""
    first, second = (_N, _S) if side is Side.NS else (_E, _W)
    return f"{seat_letter(first, language)}-{seat_letter(second, language)}"


def notrump(language: str = "en") -> str:
    """The no-trump word ``language``'s pads write: ``SA``, ``BA``, ``БК``, ``NT``."""
    return NOTRUMP[_language(language)][0]


def pass_word(language: str = "en") -> str:
    """A passed-out deal as ``language`` writes it."""
    return PASS[_language(language)][0]


def readable(text: str, language: str = "en") -> bool:
    """Whether ``text`` is written as a result (or a pass) in ``language``'s pad words, whether or not the
    result can happen (``7NT +1`` is readable, and impossible)."""
    language = _language(language)
    head = re.split(r"\s+(?:honou?rs|hcp)\b", text.strip(), maxsplit=1, flags=re.IGNORECASE)[0]
    return is_pass(head, language) or _result_pattern(language).fullmatch(head.strip().upper()) is not None


def example(language: str = "en") -> str:
    """A result as ``language``'s pad writes it, for a message: ``3SA Z -2``."""
    return f"3{notrump(language)} {seat_letter(Seat.SOUTH, language)} -2"

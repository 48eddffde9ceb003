"""Issue 28, the cards' PDF in every language: the bulletin's five-player evening, saved, prints entirely in
the language asked for (its bridge words, seat letters and no-trump from the glossaries); a pseudo-language
of long accented words overflows and cuts nothing on any page; the shipped font prints every letter."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from importlib.resources import files
from pathlib import Path
from typing import ClassVar

import pypdf
import pytest

import rotation.render.pdf as pdf_module
from rotation.io.formats import session_from_data
from rotation.language import LANGUAGES, LOCALE, pseudo, speaking
from rotation.render.cards import Cards, build_cards
from rotation.render.cards_words import number, signed_number
from rotation.render.options import Paper
from rotation.render.pdf import render_pdf
from rotation.render.pdf_canvas import Canvas
from rotation.results.session import Session
from rotation.services import evenings
from rotation.services.database import open_store
from tests.rotation.render.test_cards import SESSIONS
from tests.rotation.results.test_session import five_player_session, regular_example_session

SPOKEN = LANGUAGES[1:]
EVENING = "tuesday"
PLAYERS = ("Ann", "Helen", "Doris", "Jean", "Shirley", "Nora", "Ed", "Sue", "Will")

SAME_WORD: dict[str, set[str]] = {
    "nl": {"n", "w", "partner", "west", "in", "contract", "chicago"},
    "fr": {"n", "e", "s", "table", "total", "chicago"},
    "de": {"n", "s", "w", "partner", "west", "in", "chicago"},
    "pl": {"n", "e", "s", "w", "partner", "chicago"},
    "ru": set(),
    "sv": {"n", "s", "v", "partner", "under", "nt", "chicago"},
    "da": {"n", "s", "v", "under", "over", "for", "side", "nt", "chicago"},
    "nb": {"n", "s", "v", "under", "over", "for", "side", "nt", "chicago"},
}
"""Words an English card shares with each language's own card: the seat letters the language writes as
English does (Polish keeps N E S W, French N E S O; V is West in Swedish, Danish and Norwegian, v is
"versus" in English), words spelt alike (German and Dutch "Partner", "West" and "in", Dutch "contract",
French "table", Scandinavian "under" for below the line, "over" in Danish and Norwegian for above it and
sitting out, their "for" and "side" as in "giverens side"), NT where Scandinavian players write it, and
the name of the game."""

EVERYWHERE: frozenset[str] = frozenset({"bulletin"})
"""Bulletin #16, the source the tally sheet names, is a title."""


def _words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[^\W\d_]+", text)}


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def _saved(tmp: Path) -> tuple[Session, Session]:
    """The bulletin's five-player evening (results as its nets) and its "Example: Regular Scoring" (deals
    with contracts), saved in a store and read back as `chicago cards NAME` reads them."""
    with open_store(tmp / "club.db") as store:
        evenings.import_evening(store, session_from_data(five_player_session()), EVENING, date(2026, 11, 24))
        evenings.import_evening(
            store, session_from_data(regular_example_session()), "regular", date(2026, 11, 25)
        )
        return evenings.load_evening(store, EVENING).session, evenings.load_evening(store, "regular").session


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("printed")


@pytest.fixture(scope="module")
def saved(club: Path) -> tuple[Session, Session]:
    return _saved(club)


def _season_sheet(club: Path, code: str) -> Printed:
    """The season sheet of the saved evenings (each player's best evening counted, so that column prints
    too), printed in ``code``."""
    from rotation.render.pdf_season import render_season_pdf
    from rotation.results.units import RankBy
    from rotation.services.season import RankAsked, rank

    with open_store(club / "club.db") as store:
        season = rank(store, RankAsked(by=RankBy.TOTAL, best=1))
    _Watched.made = []
    with pytest.MonkeyPatch.context() as patch, speaking(code):
        patch.setattr(pdf_module, "Canvas", _Watched)
        data = render_season_pdf(season)
    (canvas,) = _Watched.made
    return Printed(_text(data), tuple(canvas.cut), tuple(canvas.outside))


@dataclass(frozen=True)
class Printed:
    """A PDF as printed in one language: its text, and what its canvas cut short or put off the page."""

    text: str
    cut: tuple[str, ...]
    outside: tuple[str, ...]


_PRINTED: dict[tuple[str, str], Printed] = {}


class _Watched(Canvas):
    """The canvas, kept for the test to read what it had to cut short or put off the page."""

    made: ClassVar[list[Canvas]] = []

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        _Watched.made.append(self)


def _print(cards: Callable[[], Cards], code: str, paper: Paper = Paper.A4) -> Printed:
    """``cards`` built and printed inside ``code``, on a canvas the test watches."""
    _Watched.made = []
    with pytest.MonkeyPatch.context() as patch, speaking(code):
        patch.setattr(pdf_module, "Canvas", _Watched)
        data = render_pdf(cards(), paper)
    (canvas,) = _Watched.made
    return Printed(_text(data), tuple(canvas.cut), tuple(canvas.outside))


def _cards_pdf(session: Session, code: str) -> Printed:
    """The evening's cards printed in ``code``, once for the module."""
    key = (session.schedule.players[0], code)
    if key not in _PRINTED:
        _PRINTED[key] = _print(lambda: build_cards(session, event=EVENING), code)
    return _PRINTED[key]


@pytest.fixture(scope="module")
def english(saved: tuple[Session, Session]) -> set[str]:
    """Every English word of both evenings' cards, derived by printing them in English (player names and
    the evening's name taken out)."""
    words = set().union(*(_words(_cards_pdf(session, "en").text) for session in saved))
    assert {"partner", "vulnerable", "dealer", "tally", "rubber", "sits", "honors"} - words == {"honors"}
    return words - {name.lower() for name in PLAYERS} - {EVENING}


@pytest.mark.parametrize("code", SPOKEN)
def test_the_saved_evenings_cards_read_entirely_in_the_language(
    code: str, saved: tuple[Session, Session], english: set[str]
) -> None:
    """Issue 28, done when: the cards' PDF (player cards, table cards, score pads, tally sheet) of the
    bulletin's five-player evening has no English word left but player names and symbols."""
    for session in saved:
        words = _words(_cards_pdf(session, code).text)
        left = (words & english) - SAME_WORD[code] - EVERYWHERE
        assert not left, f"{code}: English left on the cards: {sorted(left)}"
        assert words - english, f"{code}: nothing printed in the language"


GLOSSARY = {
    # language: (the contract 3NT by North, two down, as the pad writes it; the seat letters N E S W)
    "nl": ("3SA N -2", "NOZW"),
    "fr": ("3SA N -2", "NESO"),
    "de": ("3SA N -2", "NOSW"),
    "pl": ("3BA N -2", "NESW"),
    "ru": ("3\u0411\u041a \u0421 -2", "\u0421\u0412\u042e\u0417"),  # 3BK (no-trump) by North; N E S W
    "sv": ("3NT N -2", "NÖSV"),
    "da": ("3NT N -2", "NØSV"),
    "nb": ("3NT N -2", "NØSV"),
}


@pytest.mark.parametrize("code", SPOKEN)
def test_contracts_and_seats_are_written_with_the_languages_letters(
    code: str, saved: tuple[Session, Session]
) -> None:
    """Issue 28: the no-trump word (SA in Dutch, French and German; BA in Polish; BK in Cyrillic in
    Russian) and seat letters (Dutch N O Z W, German N O S W, French N E S O, Swedish N Ö S V, Danish and
    Norwegian N Ø S V, Russian Es Ve Yu Ze) on the pad and the table card, as the regular example's
    3NT N -2 and its dealers N, E, S, W write them."""
    contract, letters = GLOSSARY[code]
    regular = saved[1]
    with speaking(code):
        deals = build_cards(regular, event=EVENING).tables[0].rounds[0].deals
        assert "".join(deal.cells("")[1][0] for deal in deals) == letters  # dealers N, E, S, W in turn
        assert deals[1].result == contract
    text = _cards_pdf(regular, code).text
    assert contract in text
    assert all(letter in text.split() for letter in letters)  # the compass and the dealer box


def test_numbers_are_written_as_each_language_writes_them() -> None:
    """Issue 28: numbers in the language's format (CLDR): German groups thousands with a dot, French with a
    narrow no-break space, Russian with a no-break space, Swedish and Norwegian write minus as U+2212;
    English stays as it was (no grouping)."""
    expected = {"en": ("1170", "-5"), "de": ("1.170", "-5"), "fr": ("1\u202f170", "-5")}
    expected |= {"ru": ("1\xa0170", "-5"), "sv": ("1\xa0170", "\u22125"), "nb": ("1\xa0170", "\u22125")}
    for code, (thousands, minus) in expected.items():
        with speaking(code):
            assert (number(1170), signed_number(-5), signed_number(3)) == (thousands, minus, "+3")


def test_a_russian_pad_counts_hundreds_in_russian_forms(saved: tuple[Session, Session]) -> None:
    """Plurals by CLDR: Russian says 1 сотня, 3 сотни, 10 сотен; the bulletin's rubbers are +3, +5, +9, +6,
    +4 and the regular example's +10."""
    texts = "\n".join(_cards_pdf(session, "ru").text for session in saved)
    for shown in ("+3 сотни", "+5 сотен", "+9 сотен", "+6 сотен", "+4 сотни", "+10 сотен"):
        assert shown in texts


def test_the_season_sheet_heads_its_columns_and_dates_in_the_language(
    club: Path, saved: tuple[Session, Session]
) -> None:
    """Issue 28: the season sheet's title, dates (Babel's medium date: 24.11.2026 in German, the month
    abbreviated in Russian) and column headers in the language; English keeps ISO dates."""
    german = _season_sheet(club, "de").text
    assert "Saisonrangliste, 24.11.2026 bis 25.11.2026" in german
    assert all(word in german.split() for word in ("Platz", "Spieler", "Summe", "gespielt", "beste"))
    assert "Season standings, 2026-11-24 to 2026-11-25" in _season_sheet(club, "en").text
    assert "24 \u043d\u043e\u044f\u0431. 2026" in _season_sheet(club, "ru").text  # 24 nojab. 2026


# ---- nothing overflows or is cut ----


def _every_document(saved: tuple[Session, Session]) -> Iterator[tuple[str, Callable[[], Cards], Paper]]:
    """Every page kind: player cards two across and one across, table cards with a QR code (and the
    warning of a link only this computer opens), pads with and without deals, tally sheets portrait and
    landscape (thirteen rounds)."""
    links = {1: "http://127.0.0.1:8013/evening/tuesday/table/1?key=abcdef"}
    yield "five", lambda: build_cards(saved[0], event=EVENING, links=links), Paper.A4
    yield "regular", lambda: build_cards(saved[1], event=EVENING), Paper.A4
    yield "thirteen", lambda: build_cards(SESSIONS[13](), event="A long evening's name"), Paper.LETTER


@pytest.mark.parametrize("code", ["xx", *SPOKEN])
def test_no_text_overflows_or_is_cut_on_any_page(
    code: str, club: Path, saved: tuple[Session, Session]
) -> None:
    """Issue 28: a pseudo-language run (long, accented words) over every PDF page finds nothing
    overflowing or cut, and every language's own words fit: each text fits the width it was given (shrunk
    or wrapped, never cut short with an ellipsis) and every box is on the page."""
    if code == "xx":
        printed = [(name, _print(cards, code, paper)) for name, cards, paper in _every_document(saved)]
        assert all(pseudo("Tally sheet") in found.text for _, found in printed)  # the pseudo-language
    else:
        printed = [(f"saved {n}", _cards_pdf(session, code)) for n, session in enumerate(saved)]
    printed.append(("season sheet", _season_sheet(club, code)))
    for name, found in printed:
        assert found.cut == (), f"{code} {name}: cut short: {found.cut}"
        assert found.outside == (), f"{code} {name}: off the page: {found.outside}"


def test_the_shipped_font_prints_every_letter_of_every_language() -> None:
    """Polish, Russian (Cyrillic) and Scandinavian letters, and the spaces and minus Babel writes
    in numbers: every character of every printed translation is in both DejaVu faces the PDF uses."""
    from babel.messages.pofile import read_po
    from babel.numbers import format_decimal
    from fontTools.ttLib import TTFont

    wanted: set[str] = set()
    for code in SPOKEN:
        for area in ("printed", "terminal"):  # the cards' own words, and the bridge words they share
            with (LOCALE / code / "LC_MESSAGES" / f"{area}.po").open("rb") as file:
                for message in read_po(file, locale=code):
                    found = message.string
                    strings = found if isinstance(found, (tuple, list)) else [found]
                    if message.id:
                        wanted |= {char for string in strings for char in string}
        wanted |= set(format_decimal(-12345, locale=code))
    wanted -= {"\n"}
    assert {"ł", "ż", "Ю", "ё", "Ø", "å", "Ö", "\u202f"} <= wanted
    for face in ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"):
        font = TTFont(str(files("rotation.render") / "fonts" / face))
        cmap = font.getBestCmap()
        missing = sorted(char for char in wanted if ord(char) not in cmap)
        assert not missing, f"{face} lacks {missing}"

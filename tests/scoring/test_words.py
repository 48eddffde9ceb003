"""Contract entry in every language (issue 28): each pad's no-trump word and seat letters beside the English
ones, suit symbols everywhere, and a letter's own meaning in its language where it would clash.

Expected values are the English pad's own (``Result.parse`` of the English twin), written out here from the
issue's list of seat letters, never from `scoring.words`' tables."""

# ruff: noqa: RUF001, RUF003  (the Russian pad's letters are Cyrillic)

from __future__ import annotations

import pytest

from scoring.contract import PASS, InvalidResultError, Result, parse_deal
from scoring.deal import Honors, RecordedDeal
from scoring.seat import Seat, Side
from scoring.words import english

SEAT_LETTERS = {  # the issue: North, East, South, West
    "nl": "NOZW",
    "de": "NOSW",
    "fr": "NESO",
    "sv": "NÖSV",
    "da": "NØSV",
    "nb": "NØSV",
    "ru": "СВЮЗ",
    "pl": "NESW",
}
NOTRUMP = {
    "nl": "SA",
    "fr": "SA",
    "de": "SA",
    "pl": "BA",
    "ru": "БК",
    "sv": "SANG",
    "da": "SANS",
    "nb": "GRAND",
}
ENGLISH = "NESW"


@pytest.mark.parametrize("language", sorted(SEAT_LETTERS))
def test_each_languages_no_trump_word_and_seat_letters_read_as_the_english_twin(language: str) -> None:
    """``3SA Z -2`` in Dutch is ``3NT S -2``: every seat letter of the language, its no-trump word, in any
    case, with doubling, overtricks and undertricks."""
    for letter, twin in zip(SEAT_LETTERS[language], ENGLISH, strict=True):
        nt = NOTRUMP[language]
        for typed, english_twin in (
            (f"3{nt} {letter} -2", f"3NT {twin} -2"),
            (f"4{nt.lower()}X {letter.lower()} =", f"4NTX {twin} ="),
            (f"1{nt}XX-{letter} +1", f"1NTXX-{twin} +1"),
        ):
            assert Result.parse(typed, language) == Result.parse(english_twin), typed


@pytest.mark.parametrize("language", sorted(SEAT_LETTERS))
def test_the_english_words_keep_working_in_every_language(language: str) -> None:
    """The English pad is read everywhere, except a letter the language gives another seat (none of N E S
    W is another seat in these languages: O is East or West, never an English letter)."""
    for twin in ENGLISH:
        assert Result.parse(f"3NT {twin} =", language).declarer is Seat(twin)
        assert Result.parse(f"4H {twin} +1", language) == Result.parse(f"4H {twin} +1")


def test_the_letter_o_is_east_in_dutch_and_german_and_west_in_french() -> None:
    """The one letter whose seat differs by language: Oost/Ost is East, Ouest is West; English has no O."""
    assert Result.parse("3SA O =", "nl").declarer is Seat.EAST
    assert Result.parse("3SA O =", "de").declarer is Seat.EAST
    assert Result.parse("3SA O =", "fr").declarer is Seat.WEST
    with pytest.raises(InvalidResultError, match="unknown declarer 'O'"):
        Result.parse("3NT O =")


def test_suit_symbols_are_read_in_every_language() -> None:
    """♣ ♦ ♥ ♠ are the suits in English too, and the language's seat letters beside them."""
    assert Result.parse("4♠ S +1") == Result.parse("4S S +1")
    assert Result.parse("2♥ W -1", "en") == Result.parse("2H W -1")
    assert Result.parse("3♦ Z =", "nl") == Result.parse("3D S =")
    assert Result.parse("1♣ Ø =", "da") == Result.parse("1C E =")
    assert Result.parse("5♣Х З -1", "ru") == Result.parse("5CX W -1")  # Cyrillic Х doubles in Russian


def test_each_languages_pass_and_honours_side() -> None:
    """A passed-out deal in the language's word; honours with the side as the language writes it."""
    for language, word in {"nl": "pas", "fr": "passe", "de": "passe", "pl": "pas", "ru": "пас"}.items():
        assert parse_deal(word, language) is PASS
        assert parse_deal("pass", language) is PASS
    assert Honors.parse("OW 100", "nl") == Honors(Side.EW, 100)
    assert Honors.parse("NZ 150", "nl") == Honors(Side.NS, 150)
    assert Honors.parse("ВЗ 100", "ru") == Honors(Side.EW, 100)
    assert RecordedDeal.parse("3SA S =", "fr") == RecordedDeal.parse("3NT S =")


def test_what_is_not_a_result_is_left_to_the_english_parser() -> None:
    """Text that is not a result in the language comes back unchanged, so the English parser refuses it in
    its own words; and English is never rewritten into anything else."""
    assert english("3SA", "nl") == "3SA"
    assert english("3NT S =", "en") == "3NT S ="
    with pytest.raises(InvalidResultError):
        Result.parse("3SA Q =", "nl")
    with pytest.raises(InvalidResultError):
        Result.parse("3SA=")  # SA is not English

"""Names: one normal form in (NFC, spaces folded, nothing hidden), plain visible text out."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation.names import MAX_NAME_LENGTH, InvalidNameError, clean_name, name_key, shown

HIDDEN = {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"}


def test_look_alikes_are_one_player() -> None:
    """NFC and NFD José, and extra spaces, clean to the same name and the same key."""
    nfc, nfd = "Jos\u00e9", "Jose\u0301"
    assert nfc != nfd
    assert clean_name(nfd) == clean_name(nfc) == nfc
    assert name_key(nfd) == name_key(" JOSÉ ") == name_key(nfc)
    assert clean_name("  Anne-Marie \u00a0 Fitz ") == "Anne-Marie Fitz"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ann\x1b]0;pwned\x07", r"\\x1b"),
        ("Bob\x1b[2J", r"\\x1b"),
        ("Di\u200bana", r"\\u200b"),
        ("\u200b", r"\\u200b"),
        ("Eve\u202eevil", r"\\u202e"),
        ("Ann\ud800", r"\\ud800"),
        ("", "empty"),
        ("   ", "empty"),
        ("x" * (MAX_NAME_LENGTH + 1), f"at most {MAX_NAME_LENGTH}"),
    ],
)
def test_hidden_characters_empty_and_long_names_are_refused(text: str, words: str) -> None:
    """A name holding a control, zero-width, bidi or surrogate character, an empty one or one longer than
    MAX_NAME_LENGTH is refused with a message that shows the offending character as an escape."""
    with pytest.raises(InvalidNameError, match=words) as caught:
        clean_name(text)
    assert not any(unicodedata.category(c) in {"Cc", "Cs"} for c in str(caught.value))


def test_markup_and_emoji_are_ordinary_text() -> None:
    """Brackets are not hidden: markup is kept as typed (printers must show it as text); emoji sequences
    glued by a zero-width joiner are names too."""
    assert clean_name("[link=file:///etc/passwd]Di[/link]") == "[link=file:///etc/passwd]Di[/link]"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_name(family) == family
    with pytest.raises(InvalidNameError):
        clean_name("\u200dAnn")


@given(st.text(max_size=60))
def test_a_cleaned_name_is_stable_and_visible(text: str) -> None:
    """Whatever the text, cleaning gives a name with nothing hidden that cleans to itself, or refuses it."""
    try:
        name = clean_name(text)
    except InvalidNameError as error:
        assert not any(unicodedata.category(c) in {"Cc", "Cs"} for c in str(error))
        return
    assert clean_name(name) == name
    assert name == unicodedata.normalize("NFC", name) and name == name.strip()
    assert 0 < len(name) <= MAX_NAME_LENGTH
    assert shown(name) == name


@given(st.text(max_size=60))
def test_shown_text_holds_nothing_hidden(text: str) -> None:
    """Any text, shown, has no control, format or surrogate character left but the emoji joiner."""
    assert not any(unicodedata.category(c) in HIDDEN and c != "\u200d" for c in shown(text))

"""The language a player reads: choosing it, plural forms, and catalogues that translate every message."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from rotation import language
from rotation.language import LANGUAGES, choose, from_accept_language, known, ngettext, pseudo, speaking

ROOT = Path(__file__).resolve().parents[2]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_terminal_chooses_asked_then_chicago_lang_then_the_locale_then_english() -> None:
    assert choose("de", {"CHICAGO_LANG": "fr", "LANG": "nl_NL.UTF-8"}) == "de"
    assert choose(None, {"CHICAGO_LANG": "fr", "LANG": "nl_NL.UTF-8"}) == "fr"
    assert choose(None, {"LC_ALL": "", "LC_MESSAGES": "sv_SE.UTF-8", "LANG": "nl_NL.UTF-8"}) == "sv"
    assert choose(None, {"LANG": "nl_NL.UTF-8"}) == "nl"
    assert choose(None, {"LANG": "C.UTF-8"}) == "en"
    assert choose(None, {"LANG": "ja_JP.UTF-8"}) == "en"
    assert choose(None, {}) == "en"


def test_norwegian_is_read_as_bokmal_and_unknown_codes_are_none() -> None:
    assert known("no") == "nb" and known("nb-NO") == "nb" and known("NB_no.utf8") == "nb"
    assert known("ja") is None and known("") is None and known(None) is None


def test_a_browser_gets_its_first_spoken_language_by_quality() -> None:
    assert from_accept_language("ja, de;q=0.3, fr;q=0.9") == "fr"
    assert from_accept_language("fr-CH, fr;q=0.9, en;q=0.8") == "fr"
    assert from_accept_language("ja, zh;q=0.5") is None
    assert from_accept_language("de;q=0, nl;q=0.1") == "nl"
    assert from_accept_language("xx") is None  # the pseudo-language is for tests, never a browser
    assert from_accept_language("," * 100_000 + "de") is None  # bounded: only the first entries are read


def test_speaking_sets_and_restores_the_language() -> None:
    assert language.current() == "en"
    with speaking("pl"):
        assert language.current() == "pl"
        with speaking("ru"):
            assert language.current() == "ru"
        assert language.current() == "pl"
    assert language.current() == "en"


def test_english_plurals_need_no_catalogue() -> None:
    assert ngettext("{n} round", "{n} rounds", 1) == "{n} round"
    assert ngettext("{n} round", "{n} rounds", 2) == "{n} rounds"


def test_the_pseudo_language_is_longer_and_keeps_placeholders_and_markup() -> None:
    text = pseudo("Table {table}: %(name)s sits out <b>round</b> 3")
    assert "{table}" in text and "%(name)s" in text and "<b>" in text and "</b>" in text
    assert len(text) > len("Table {table}: %(name)s sits out <b>round</b> 3")


_PLACEHOLDERS = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sd]")


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[object, object]]:
    from babel.messages.pofile import read_po

    merged: dict[str, dict[object, object]] = {}
    for code in LANGUAGES[1:]:
        entries: dict[object, object] = {}
        for path in sorted((language.LOCALE / code / "LC_MESSAGES").glob("*.po")):
            with path.open("rb") as file:
                for message in read_po(file, locale=code):
                    if message.id and not message.fuzzy:
                        entries.setdefault(message.id, message.string)
        merged[code] = entries
    return merged


def test_every_message_is_translated_in_every_language(catalogues: dict[str, dict[object, object]]) -> None:
    """Issue 28: a test fails on any message without a translation in any language."""
    missing = []
    for _area, message, filename, line in _tool().extracted():
        for code, entries in catalogues.items():
            found = entries.get(message)
            strings = found if isinstance(found, (tuple, list)) else [found]
            if not found or not all(strings):
                missing.append(f"{code}: {filename}:{line} {message!r}")
    assert not missing, f"{len(missing)} untranslated, first: " + "\n".join(missing[:20])


def test_translations_keep_every_placeholder(catalogues: dict[str, dict[object, object]]) -> None:
    wrong = []
    for code, entries in catalogues.items():
        for message, found in entries.items():
            ids = message if isinstance(message, tuple) else (message,)
            expected = {p for m in ids for p in _PLACEHOLDERS.findall(str(m))}
            for string in found if isinstance(found, (tuple, list)) else [found]:
                if string and set(_PLACEHOLDERS.findall(str(string))) - expected:
                    wrong.append(f"{code}: {message!r} -> {string!r}")
                single = not isinstance(message, tuple)
                if string and single and set(_PLACEHOLDERS.findall(str(string))) != expected:
                    wrong.append(f"{code}: {message!r} -> {string!r}")
    assert not wrong, "\n".join(wrong[:20])


def test_each_area_reads_its_own_catalogue_first(catalogues: dict[str, dict[object, object]]) -> None:
    """The same English word may read otherwise on a card than on a page ("none" of vulnerability, a
    shorter word that fits a card's cell): inside `written_for(area)` that area's translation wins."""
    from babel.messages.pofile import read_po

    def own(code: str, area: str) -> dict[object, object]:
        with (language.LOCALE / code / "LC_MESSAGES" / f"{area}.po").open("rb") as file:
            return {m.id: m.string for m in read_po(file, locale=code) if m.id}

    differ = 0
    for code in LANGUAGES[1:]:
        pages, printed = own(code, "pages"), own(code, "printed")
        for message in set(pages) & set(printed):
            if not isinstance(message, str) or pages[message] == printed[message]:
                continue
            differ += 1
            with speaking(code):
                with language.written_for("pages"):
                    assert language.gettext(message) == pages[message]
                with language.written_for("printed"):
                    assert language.gettext(message) == printed[message]
    assert differ  # the catalogues do word some messages differently (else this test proves nothing)


def test_russian_names_the_host_one_way_everywhere() -> None:
    """The glossary's хозяин on the pages, the terminal and the cards alike: a host who reads
    "страница ведущего" at the terminal and "хозяин" on the page would look for two people."""
    from babel.messages.pofile import read_po

    for path in sorted((language.LOCALE / "ru" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as file:
            said = [str(m.string) for m in read_po(file, locale="ru") if m.id]
        assert not [text for text in said if "ведущ" in text], path.name
    assert "хозяин" in (language.LOCALE / "ru" / "glossary.md").read_text(encoding="utf-8")

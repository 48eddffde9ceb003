"""PDF cards print names in scripts the shipped font lacks (CJK) from a font found on the machine, glyph
by glyph; when none is found, one note names what prints blank, and nothing else is logged."""

from __future__ import annotations

import io
import logging
from importlib.resources import as_file, files
from pathlib import Path

import pypdf
import pytest

import rotation.render.pdf_fonts as pdf_fonts
from rotation.render.cards import Cards, build_cards
from rotation.render.pdf import render_pdf
from rotation.render.pdf_fonts import plan_fonts, printable, texts
from tests.rotation.render.test_cards import bulletin_session

CJK = ("王秀英", "山田太郎", "김민준", "Ann", "Zoë")
NEEDED = set("王秀英山田太郎김민준")


def _cards() -> Cards:
    return build_cards(bulletin_session(CJK))


def _no_fonts_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf_fonts, "KNOWN_FONTS", ())
    monkeypatch.setattr(pdf_fonts, "_fontconfig", lambda chars: [])
    monkeypatch.delenv(pdf_fonts.ENV_VAR, raising=False)


def test_every_string_of_the_cards_is_searched() -> None:
    assert NEEDED | set("Zoë") <= printable(texts(_cards()))
    assert not printable(["a b\u200b\u0301\n"]) - set("ab")


def test_the_search_takes_fonts_in_order_while_something_is_missing() -> None:
    with as_file(files("rotation.render") / "fonts" / "DejaVuSansCondensed.ttf") as dejavu:
        plan = plan_fonts({"Ж", "王"}, search=[Path("/no/such/font.ttf"), dejavu, dejavu])
        assert [f.covers for f in plan.fallbacks] == [frozenset("Ж")]
        assert plan.uncovered == frozenset("王")
    note = plan.note()
    assert note is not None and "王" in note and "fonts-wqy-zenhei" in note and "\n" not in note


def test_cards_in_covered_scripts_search_no_font(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(missing: object) -> object:
        raise AssertionError("searched for a font")

    monkeypatch.setattr(pdf_fonts, "candidates", never)
    notes: list[str] = []
    render_pdf(build_cards(bulletin_session(("Ann", "Zoë", "Łukasz", "Søren", "Ярослав"))), note=notes.append)
    assert notes == []


def test_without_a_font_one_note_and_no_log(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _no_fonts_found(monkeypatch)
    notes: list[str] = []
    with caplog.at_level(logging.DEBUG):
        render_pdf(_cards(), note=notes.append)
    assert len(notes) == 1 and all(char in notes[0] for char in NEEDED)
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_cjk_names_print_from_a_font_found_here(caplog: pytest.LogCaptureFixture) -> None:
    """Needs a CJK font on the machine (.ci/run installs fonts-wqy-zenhei on Debian)."""
    if plan_fonts(NEEDED).uncovered:
        pytest.skip("no font covering CJK on this machine")
    notes: list[str] = []
    with caplog.at_level(logging.DEBUG):
        data = render_pdf(_cards(), note=notes.append)
    assert notes == [] and [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)
    for name in CJK:
        assert name in text
    assert len(data) < 200_000  # the fallback font is embedded as a subset

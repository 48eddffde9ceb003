"""Fonts for names the shipped font cannot print: Chinese, Japanese, Korean and other scripts.

DejaVu Sans (shipped) covers Latin, Greek, Cyrillic, Hebrew, Arabic and the suit symbols, but no CJK. A
font covering CJK is 7 to 90 MB and a subset cannot be shipped (names are arbitrary), so one is found on
the machine when a card needs it: first the files named in ``CHICAGO_PDF_FONT`` (a path list), then the
usual places of Debian's fonts-wqy-zenhei, fonts-noto-cjk, fonts-droid-fallback and of macOS and Windows
fonts, then whatever fontconfig (``fc-list``) says covers the characters. Fonts are taken, in that order,
while some character is still missing, and fpdf2 falls back to them glyph by glyph. What no font on the
machine covers is named in one note (the card prints it blank), never a warning per glyph.

Only cards that need a fallback pay for the search: a card in scripts DejaVu covers reads no other font.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

ENV_VAR: Final = "CHICAGO_PDF_FONT"
KNOWN_FONTS: Final = (
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/unfonts-core/UnDotum.ttf",
    "/usr/share/fonts/truetype/nanum/NanumGothic.ttf",
    "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/AppleSDGothicNeo.ttc",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/malgun.ttf",
    "C:/Windows/Fonts/YuGothR.ttc",
)
"""Where CJK fonts usually are (Debian, Fedora and Arch, macOS, Windows), best coverage first."""
MAX_FALLBACKS: Final = 4


@dataclass(frozen=True, slots=True)
class Fallback:
    """A font file (and its number inside a .ttc collection) and the missing characters it covers."""

    path: Path
    number: int
    covers: frozenset[str]


@dataclass(frozen=True, slots=True)
class FontPlan:
    """The fallback fonts a document needs, and the characters no font here covers."""

    fallbacks: tuple[Fallback, ...]
    uncovered: frozenset[str]

    def note(self) -> str | None:
        """One line for the host when some characters print blank; None when everything prints."""
        if not self.uncovered:
            return None
        from rotation.language import _, ngettext

        shown = sorted(self.uncovered)
        listed = " ".join(shown[:12])
        if len(shown) > 12:
            more = len(shown) - 12
            listed = ngettext("{listed} and {count} more", "{listed} and {count} more", more).format(
                listed=listed, count=more
            )
        return _(
            "no font on this machine prints {listed}; they are blank on the cards. Install a font that"
            " covers them (on Debian: apt install fonts-wqy-zenhei) or name its file in {variable}"
        ).format(listed=listed, variable=ENV_VAR)


def texts(value: Any) -> Iterator[str]:
    """Every string inside ``value``: dataclasses, tuples, lists and dicts are walked."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from texts(getattr(value, field.name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from texts(key)
            yield from texts(item)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from texts(item)


def printable(strings: Iterable[str]) -> set[str]:
    """The characters that draw a glyph: not spaces, controls, format or combining characters."""
    return {
        char
        for text in strings
        for char in text
        if not char.isspace() and unicodedata.category(char)[0] not in ("C", "M", "Z")
    }


def _cmap(path: Path, number: int) -> set[int] | None:
    """The code points a font file maps, or None if it cannot be read as a font."""
    from fontTools.ttLib import TTFont

    try:
        font = TTFont(str(path), fontNumber=number, lazy=True)
        try:
            return set(font.getBestCmap() or ())
        finally:
            font.close()
    except Exception:  # a broken or unsupported file is passed over, as fontconfig would
        return None


def _fontconfig(chars: Iterable[str]) -> list[Path]:
    """Fonts fontconfig lists as covering each of ``chars`` (a few characters asked about at most)."""
    if shutil.which("fc-list") is None:
        return []
    found: list[Path] = []
    for char in sorted(chars)[:8]:
        try:
            out = subprocess.run(
                ["fc-list", "-f", "%{file}\n", f":charset={ord(char):x}"],
                capture_output=True,
                text=True,
                timeout=10,
                check=False,
            ).stdout
        except (OSError, subprocess.SubprocessError):
            return found
        found += [Path(line) for line in sorted(out.splitlines()) if line.strip()]
    return found


def candidates(missing: Iterable[str]) -> Iterator[Path]:
    """Font files to try, in order: ``CHICAGO_PDF_FONT``, the usual places, then fontconfig's answer."""
    seen: set[Path] = set()
    named = [Path(p) for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p.strip()]
    for path in (*named, *(Path(p) for p in KNOWN_FONTS)):
        if path not in seen and path.is_file():
            seen.add(path)
            yield path
    for path in _fontconfig(missing):
        if path not in seen and path.is_file() and path.suffix.lower() in (".ttf", ".otf", ".ttc"):
            seen.add(path)
            yield path


def plan_fonts(missing: set[str], search: Iterable[Path] | None = None) -> FontPlan:
    """The fonts, taken in ``search`` order (default: `candidates`), that print ``missing``."""
    left = set(missing)
    chosen: list[Fallback] = []
    for path in candidates(left) if search is None else search:
        if not left or len(chosen) == MAX_FALLBACKS:
            break
        cmap = _cmap(path, 0)
        if cmap is None:
            continue
        covers = frozenset(c for c in left if ord(c) in cmap)
        if covers:
            chosen.append(Fallback(path, 0, covers))
            left -= covers
    return FontPlan(tuple(chosen), frozenset(left))

"""Keep the translation catalogues in step with the code: ``python tools/catalogues.py``.

Extracts every marked message (``_()``, ``N_()``, ``ngettext()`` in Python, ``{% trans %}`` and ``_()`` in the
pages' templates) with Babel, sorts each into its area by the file it comes from, and brings every language's
``rotation/locale/<code>/LC_MESSAGES/<area>.po`` up to date: new messages are added untranslated (a test
fails until a translator fills them), messages no longer in the code are dropped, translations kept. The
catalogues are read at run time (rotation.language), so nothing is compiled.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rotation"
LOCALE = PACKAGE / "locale"
LANGUAGES = ("nl", "fr", "de", "pl", "ru", "sv", "da", "nb")
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2)}
METHODS = [("**/locale/**", "ignore"), ("**.py", "python"), ("web/templates/**.html", "jinja2")]
OPTIONS = {"web/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}


def area(path: str) -> str:
    """Which catalogue a message belongs to, by the file it is written in."""
    if path.startswith("web/"):
        return "pages"
    if path.startswith("render/pdf") or path.startswith("render/cards"):
        return "printed"
    return "terminal"


def extracted() -> Iterator[tuple[str, str | tuple[str, str], str, int]]:
    """(area, message, file, line) for every marked message in the package."""
    found = extract_from_dir(
        str(PACKAGE),
        method_map=METHODS,
        options_map=OPTIONS,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    )
    for filename, line, message, _comments, _context in found:
        yield area(filename), message, filename, line


def templates() -> dict[str, Catalog]:
    """One template catalogue per area, as the code has them now."""
    catalogues: dict[str, Catalog] = {}
    for name, message, filename, line in extracted():
        catalogue = catalogues.setdefault(name, Catalog(project="chicago", charset="utf-8"))
        catalogue.add(message, None, [(filename, line)])
    return catalogues


def _strings(string: str | tuple[str, ...]) -> tuple[str, ...]:
    return string if isinstance(string, tuple) else (string,)


def update() -> None:
    for name, template in templates().items():
        for language in LANGUAGES:
            path = LOCALE / language / "LC_MESSAGES" / f"{name}.po"
            if path.exists():
                with path.open("rb") as file:
                    catalogue = read_po(file, locale=language)
            else:
                catalogue = Catalog(locale=language, project="chicago", charset="utf-8")
            catalogue.update(template, no_fuzzy_matching=True)
            catalogue.obsolete.clear()
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as file:
                write_po(file, catalogue, width=120, omit_header=False, sort_output=False)
            missing = sum(1 for m in catalogue if m.id and not all(_strings(m.string)))
            print(f"{path.relative_to(ROOT)}: {len(template)} messages, {missing} untranslated")


if __name__ == "__main__":
    sys.exit(update())

"""The printed documents' own words in the current language (`rotation.language`): each deal's
vulnerability down a card, the scoring line as it begins a card, tally units and counts, and numbers with
the language's digits and signs (Babel). Seats, sides, contracts and the scoring's description are the
bridge words every printer shares (`rotation.render.bridge_words`); in English each function returns
exactly what the scoring package writes, so an English card is unchanged.
"""

from __future__ import annotations

from typing import Final

from rotation.language import ENGLISH, N_, PSEUDO, _, current, ngettext, number_text
from rotation.render.bridge_words import rules_text, step_text
from scoring.rules import ScoringRules
from scoring.vulnerability import VulnerabilityCycle

UNITS: Final = {"hundreds": N_("hundreds"), "points": N_("points"), "IMPs": N_("IMPs")}
"""A tally unit's label (`TallyUnit.label`) as a heading says it."""


def unit_word(label: str) -> str:
    """``hundreds``, ``points``, ``IMPs`` in the language."""
    return _(UNITS[label]) if label in UNITS else label


def _babel_locale() -> str | None:
    """The language Babel formats numbers for; None in English and the pseudo-language (plain digits)."""
    code = current()
    return None if code in (ENGLISH, PSEUDO) else code


def number(value: int) -> str:
    """A whole number as the language writes it (``1170``; ``1.170`` in German, ``1 170`` in French)."""
    return number_text(value)


def signed_number(value: int) -> str:
    """A tally with its sign, as `scoring.tally.signed` writes it (``+3``, ``-5``, ``0``), with the
    language's digits and signs (a Swedish minus is U+2212)."""
    locale = _babel_locale()
    if locale is None or not value:
        return f"{value:+d}" if value else number(0)
    from babel.numbers import get_minus_sign_symbol, get_plus_sign_symbol

    sign = get_plus_sign_symbol(locale) if value > 0 else get_minus_sign_symbol(locale)
    return f"{sign}{number(abs(value))}"


def cycle_words(cycle: VulnerabilityCycle) -> str:
    """Each deal's vulnerability: ``Vulnerable: deal 1 none, deal 2 dealer's side, ...``."""
    deals = ", ".join(
        _("deal {number} {who}").format(number=number(n), who=step_text(cycle.step(n)))
        for n in range(1, len(cycle) + 1)
    )
    return _("Vulnerable: {deals}").format(deals=deals)


def rules_words(rules: ScoringRules) -> str:
    """The scoring's one line (`bridge_words.rules_text`) as it begins a line on every card."""
    described = rules_text(rules)
    return described[:1].upper() + described[1:]


def tally_words(tally: int, label: str) -> str:
    """A rubber's tally on its pad, ``+3 hundreds``, with the count's form of the unit."""
    count = abs(tally)
    shown = f"+{number(count)}"
    if label == "points":
        # TRANSLATORS: the same word in both forms in English; your language's forms for the count.
        return ngettext("{tally} points", "{tally} points", count).format(tally=shown)
    if label == "IMPs":
        return ngettext("{tally} IMPs", "{tally} IMPs", count).format(tally=shown)
    return ngettext("{tally} hundreds", "{tally} hundreds", count).format(tally=shown)

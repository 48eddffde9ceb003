"""The printed documents' words in the current language (`rotation.language`): seats, sides, vulnerability,
the scoring rules' line on every card, tally units, and numbers in the language's format (Babel).

The scoring package stays free of the program's languages, so its English words (``ScoringRules.describe``,
``Seat.value``, ``Side.value``) are said again here, message by message; in English each function returns
exactly what the scoring package writes, so an English card is unchanged.
"""

from __future__ import annotations

from typing import Final

from rotation.language import ENGLISH, N_, PSEUDO, _, current, ngettext, number_text
from scoring.contract import Doubling, Result, Strain
from scoring.methods import TallyUnit
from scoring.rules import PartscorePremium, ScoringRules
from scoring.seat import Seat, Side
from scoring.tally import RecordedNet, Rounding, Unit
from scoring.vulnerability import DEALER_CYCLE, NONDEALER_CYCLE, Step, Vulnerability, VulnerabilityCycle

# TRANSLATORS: the letter of a seat (North, East, South, West) as a score pad and a card write it.
SEAT_LETTERS: Final = {Seat.NORTH: N_("N"), Seat.EAST: N_("E"), Seat.SOUTH: N_("S"), Seat.WEST: N_("W")}
SEAT_NAMES: Final = {
    Seat.NORTH: N_("North"),
    Seat.EAST: N_("East"),
    Seat.SOUTH: N_("South"),
    Seat.WEST: N_("West"),
}
# TRANSLATORS: a partnership, by its seats' letters: North-South, East-West.
SIDES: Final = {Side.NS: N_("N-S"), Side.EW: N_("E-W")}
VULNERABLE: Final = {
    Vulnerability.NONE: N_("none"),
    Vulnerability.NS: N_("N-S"),
    Vulnerability.EW: N_("E-W"),
    Vulnerability.BOTH: N_("both"),
}
"""Who is vulnerable on a deal, as a deal list writes it."""
STEPS: Final = {
    Step.NONE: N_("none"),
    Step.DEALER: N_("dealer's side"),
    Step.NONDEALER: N_("dealer's opponents"),
    Step.BOTH: N_("both"),
}
CYCLE_SUMMARIES: Final = {
    DEALER_CYCLE.summary: N_("dealer's side vulnerable on deals 2-3"),
    NONDEALER_CYCLE.summary: N_("dealer's opponents vulnerable on deals 2-3"),
}
METHODS: Final = {
    "chicago": N_("Chicago scoring"),
    "duplicate": N_("Duplicate scoring (each deal alone)"),
    "russian": N_("Russian scoring (IMPs against a high-card-point target)"),
}
TALLY_IN: Final = {
    Rounding.HALF_UP: N_("tally in hundreds (50s round away from zero)"),
    Rounding.HALF_DOWN: N_("tally in hundreds (50s round toward zero)"),
    Rounding.HALF_EVEN: N_("tally in hundreds (50s round to the even hundred)"),
}
UNITS: Final = {"hundreds": N_("hundreds"), "points": N_("points"), "IMPs": N_("IMPs")}
"""A tally unit's label (`TallyUnit.label`) as a heading says it."""


def seat_letter(seat: Seat) -> str:
    """``N``; the Russian letter for North (Es), ``O`` for East in German."""
    return _(SEAT_LETTERS[seat])


def seat_name(seat: Seat) -> str:
    return _(SEAT_NAMES[seat])


def side_letters(side: Side) -> str:
    """``N-S``; ``O-W`` in German for East-West."""
    return _(SIDES[side])


def vulnerable(vulnerability: Vulnerability) -> str:
    return _(VULNERABLE[vulnerability])


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


def net_words(net: RecordedNet) -> str:
    """A net written instead of deals, as `RecordedNet` writes it (``E-W +3``), in the language."""
    side = Side.NS if net.ns >= 0 else Side.EW
    if net.unit is Unit.POINTS:
        return f"{side_letters(side)} {number(abs(net.ns))}"
    return f"{side_letters(side)} +{number(abs(net.ns))}"


def strain_text(strain: Strain) -> str:
    """A strain as a pad writes it: the suit's symbol, or the language's no-trump (``SA``, ``BA``, ``БК``)."""
    # TRANSLATORS: no-trump in a written contract (3NT): the language's letters (SA, BA, БК).
    return _("NT") if strain is Strain.NOTRUMP else strain.symbol


def contract_words(result: Result) -> str:
    """A result as a pad writes it: ``2♠ E +1``, ``3NTX N -2``, ``6♠ W =``; ``3SA N -2`` in Dutch."""
    contract = result.contract
    outcome = "=" if result.outcome == 0 else f"{result.outcome:+d}"
    doubled = "" if contract.doubling is Doubling.UNDOUBLED else contract.doubling.value
    seat = "" if result.declarer is None else f" {seat_letter(result.declarer)}"
    return f"{contract.level}{strain_text(contract.strain)}{doubled}{seat} {outcome}"


def cycle_words(cycle: VulnerabilityCycle) -> str:
    """Each deal's vulnerability: ``Vulnerable: deal 1 none, deal 2 dealer's side, ...``."""
    deals = ", ".join(
        _("deal {number} {who}").format(number=number(n), who=_(STEPS[cycle.step(n)]))
        for n in range(1, len(cycle) + 1)
    )
    return _("Vulnerable: {deals}").format(deals=deals)


def _cycle_described(cycle: VulnerabilityCycle) -> str:
    if cycle.summary:
        return _(CYCLE_SUMMARIES[cycle.summary]) if cycle.summary in CYCLE_SUMMARIES else cycle.summary
    steps = ", ".join(_(STEPS[step]) for step in cycle.steps)
    return _("vulnerability by deal: {steps}").format(steps=steps)


def rules_words(rules: ScoringRules) -> str:
    """`ScoringRules.describe` in the language: one line for every card and sheet."""
    if current() == ENGLISH:
        return rules.describe()
    method = rules.method
    parts = [_(METHODS[method.name]) if method.name in METHODS else method.phrase]
    parts.append(_cycle_described(rules.vulnerability))
    if method.carries_partscores:
        if rules.partscore_premium is PartscorePremium.DEAL4:
            parts.append(
                _("100 for a part score on deal {number}").format(number=number(len(rules.vulnerability)))
            )
        else:
            parts.append(_("100 for each part score outstanding after the last deal"))
    unit = rules.tally_unit
    if unit is TallyUnit.HUNDREDS:
        parts.append(_(TALLY_IN[rules.rounding]))
    elif unit is TallyUnit.POINTS:
        parts.append(_("tally in points"))
    else:
        parts.append(_("tally in IMPs"))
    described = ", ".join(parts)
    if rules.house:
        return _("House rules {house}: {rules}").format(house=rules.house, rules=described)
    return described[:1].upper() + described[1:]  # it begins a line on every card


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

"""The bridge words every printer shares, in the language being spoken: seats, sides, vulnerability, a
contract as the language's pad writes it (``3SA Z =``), and the scoring's one-line description.

English comes out exactly as ``scoring``'s own words (``str(result)``, ``rules.describe()``); another
language takes its pad words from `scoring.words` and its sentences from the catalogues (the glossary in
``rotation/locale/<code>/glossary.md`` names the sources)."""

from __future__ import annotations

from typing import Final

from rotation.language import N_, _, current, plain
from scoring import words
from scoring.contract import PassedOut, Result, Strain
from scoring.deal import RecordedDeal
from scoring.methods import TallyUnit
from scoring.rules import PartscorePremium, ScoringRules
from scoring.seat import Seat, Side
from scoring.tally import RecordedNet, Rounding
from scoring.vulnerability import Step, Vulnerability, VulnerabilityCycle

SEAT_NAMES: Final = {
    Seat.NORTH: N_("North"),
    Seat.EAST: N_("East"),
    Seat.SOUTH: N_("South"),
    Seat.WEST: N_("West"),
}

METHOD_NAMES: Final = {
    "bulletin": N_("bulletin"),
    "balanced": N_("balanced"),
    "whist design": N_("whist design"),
    "kept": N_("kept"),
    "progressive movement, seated by results": N_("progressive movement, seated by results"),
    "swiss movement, seated by results": N_("swiss movement, seated by results"),
}
"""How a plan was made, as the plan's heading names it (others print as they are)."""

_METHOD_PHRASES: Final = {
    "chicago": N_("Chicago scoring"),
    "duplicate": N_("Duplicate scoring (each deal alone)"),
    "russian": N_("Russian scoring (IMPs against a high-card-point target)"),
}
_ROUNDING: Final = {
    Rounding.HALF_UP: N_("50s round away from zero"),
    Rounding.HALF_DOWN: N_("50s round toward zero"),
    Rounding.HALF_EVEN: N_("50s round to the even hundred"),
}
_CYCLES: Final = {
    "dealer": N_("dealer's side vulnerable on deals 2-3"),
    "nondealer": N_("dealer's opponents vulnerable on deals 2-3"),
}
_STEPS: Final = {
    Step.NONE: N_("none"),
    Step.DEALER: N_("dealer's side"),
    Step.NONDEALER: N_("dealer's opponents"),
    Step.BOTH: N_("both"),
}


def english() -> bool:
    """Bridge words as English writes them (in English, and in the pseudo-language's tests)."""
    return plain()


def seat_name(seat: Seat) -> str:
    """``North``, ``Noord``, ``Север``."""
    return _(SEAT_NAMES[seat])


def seat_letter(seat: Seat) -> str:
    """``N E S W`` as the language's pads write them (``Z`` for South in Dutch)."""
    return seat.value if english() else words.seat_letter(seat, current())


def side_text(side: Side) -> str:
    """``N-S`` / ``E-W`` as the language writes them (``O-W`` in Dutch, ``E-O`` in French)."""
    return side.value if english() else words.side_letters(side, current())


def vulnerable_short(vulnerability: Vulnerability) -> str:
    """A deal's vulnerable side in a seating grid's few letters: ``-``, ``NS``, ``EW``, ``all``."""
    if vulnerability is Vulnerability.NONE:
        return "-"
    if vulnerability is Vulnerability.BOTH:
        return _("all")
    side = Side.NS if vulnerability is Vulnerability.NS else Side.EW
    return side_text(side).replace("-", "")


def vulnerability_text(vulnerability: Vulnerability) -> str:
    """``N-S`` / ``E-W`` / ``none`` / ``both`` as a card names a deal's vulnerability."""
    if vulnerability is Vulnerability.NONE:
        return _("none")
    if vulnerability is Vulnerability.BOTH:
        return _("both")
    return side_text(Side.NS if vulnerability is Vulnerability.NS else Side.EW)


def vulnerable_words(vulnerability: Vulnerability) -> str:
    """``nobody vulnerable``, ``E-W vulnerable``, ``both vulnerable``."""
    if vulnerability is Vulnerability.NONE:
        return _("nobody vulnerable")
    if vulnerability is Vulnerability.BOTH:
        return _("both vulnerable")
    return _("{side} vulnerable").format(side=vulnerability_text(vulnerability))


def strain_text(strain: Strain) -> str:
    """A strain as the language's pad writes it: the suit's symbol, or its no-trump word."""
    if strain is not Strain.NOTRUMP:
        return strain.symbol
    return "NT" if english() else words.notrump(current())


def step_text(step: Step) -> str:
    """Who is vulnerable on one deal of a cycle: ``none``, ``dealer's side``, ``dealer's opponents``."""
    return _(_STEPS[step])


def result_text(result: Result | PassedOut, *, pad: bool = False) -> str:
    """A deal's result as typed in this language: ``3NT S =`` in English (exactly `str`), ``3SA Z =`` in
    Dutch, ``4♠ Ø +1`` in Danish; ``pass`` in the language's word. ``pad``: as a printed score pad writes
    it, with the suit's symbol in English too (``2♠ E +1``)."""
    if english() and not pad:
        return str(result)
    if isinstance(result, PassedOut):
        return words.pass_word(current())
    contract = result.contract
    outcome = "=" if result.outcome == 0 else f"{result.outcome:+d}"
    seat = "" if result.declarer is None else f" {seat_letter(result.declarer)}"
    return f"{contract.level}{strain_text(contract.strain)}{contract.doubling.value}{seat} {outcome}"


def deal_text(deal: RecordedDeal) -> str:
    """A deal as entered: ``6S W = honors EW 100``, ``3NT N -2 hcp 26``, ``pass`` (in the language)."""
    if english():
        text = str(deal.result)
        if deal.honors is not None:
            text += f" honors {deal.honors}"
        if deal.hcp_ns is not None:
            text += f" hcp {deal.hcp_ns}"
        return text
    text = result_text(deal.result)
    if deal.honors is not None:
        text += " " + _("honors {side} {points}").format(
            side=side_text(deal.honors.side).replace("-", ""), points=deal.honors.points
        )
    if deal.hcp_ns is not None:
        text += " " + _("hcp {points}").format(points=deal.hcp_ns)
    return text


def net_text(net: RecordedNet) -> str:
    """A net recorded instead of deals (``E-W +3``), its side as the language writes it."""
    text = str(net)
    if english():
        return text
    for side in Side:
        text = text.replace(side.value, side_text(side))
    return text


def rubber_result(ns_tally: int) -> str:
    """A rubber's tally as the sheet records it: ``E-W +3``; ``even`` for a tie."""
    if not ns_tally:
        return _("even")
    side = Side.NS if ns_tally > 0 else Side.EW
    return f"{side_text(side)} +{abs(ns_tally)}"


def method_name(method: str) -> str:
    """How a plan was made (``bulletin``, ``balanced``), in the language."""
    return _(METHOD_NAMES[method]) if method in METHOD_NAMES else method


def unit_label(unit: TallyUnit) -> str:
    """``hundreds``, ``points``, ``IMPs`` in the language."""
    return {TallyUnit.HUNDREDS: _("hundreds"), TallyUnit.POINTS: _("points"), TallyUnit.IMPS: _("IMPs")}[unit]


def cycle_text(cycle: VulnerabilityCycle) -> str:
    """`VulnerabilityCycle.describe` in the language."""
    if english():
        return cycle.describe()
    if cycle.summary and cycle.name in _CYCLES:
        return _(_CYCLES[cycle.name])
    steps = ", ".join(step_text(step) for step in cycle.steps)
    return _("vulnerability by deal: {steps}").format(steps=steps)


def rules_text(rules: ScoringRules) -> str:
    """`ScoringRules.describe` (``Chicago scoring, dealer's side vulnerable on deals 2-3, ...``) in the
    language: every card, sheet and summary's one line about the scoring."""
    if english():
        return rules.describe()
    method = rules.method
    parts = [_(_METHOD_PHRASES[method.name]) if method.name in _METHOD_PHRASES else method.phrase]
    parts.append(cycle_text(rules.vulnerability))
    if method.carries_partscores:
        if rules.partscore_premium is PartscorePremium.DEAL4:
            parts.append(_("100 for a part score on deal {deal}").format(deal=len(rules.vulnerability)))
        else:
            parts.append(_("100 for each part score outstanding after the last deal"))
    unit = rules.tally_unit
    if unit is TallyUnit.HUNDREDS:
        parts.append(_("tally in hundreds ({rounding})").format(rounding=_(_ROUNDING[rules.rounding])))
    else:
        parts.append(_("tally in {unit}").format(unit=unit_label(unit)))
    described = ", ".join(parts)
    return (
        _("House rules {house}: {rules}").format(house=rules.house, rules=described)
        if rules.house
        else described
    )

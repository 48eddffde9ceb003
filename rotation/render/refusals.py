"""Scoring's refusals (a contract, deal, rubber or net it cannot take) in the language spoken, worded from
the fault and facts they carry (`scoring._text.Refused`: scoring speaks only English): the same sentences
at the terminal and on the table's and host's pages."""

from __future__ import annotations

from typing import Final

from rotation.language import N_, _, current
from scoring import words
from scoring.seat import Seat

__all__ = ["RESULT_FAULTS", "spoken_result_error"]


RESULT_FAULTS = {
    "contract": N_("cannot read contract {contract}: expected e.g. 4H, 3NT or 2SX"),
    "under": N_("{contract} can go down at most {target}, not {down}"),
    "tricks": N_("a deal has 13 tricks, so {outcome} is impossible"),
    "made": N_("write '=' for a contract made exactly"),
    "passed": N_("{text} is a passed-out deal, not a played contract"),
    "unreadable": N_(
        "cannot read result {text}: expected a contract, an optional declarer and =, +k or -k, e.g. {example}"
    ),
    "after last": N_(
        "a rubber has {deals} deals under the {cycle} cycle; a deal was recorded after the last one"
    ),
    "no declarer": N_("deal {number}: {result} needs its declarer's seat, e.g. {example}"),
    "hcp needed": N_("deal {number}: {method} scoring needs the N-S high-card points (hcp_ns, 0 to 40)"),
    "honors": N_("honors are worth 100 or 150, not {points}"),
    "honors unreadable": N_("cannot read honors {text}: expected a side and 100 or 150, e.g. 'EW 100'"),
    "hcp range": N_("N-S high-card points are 0 to 40, not {hcp}"),
    "net": N_(
        "cannot read net {text}: expected a side and a number, e.g. 'E-W +3' (hundreds) or 'N-S 1030'"
        " (points)"
    ),
}
"""Scoring's refusals (`scoring._text.Refused.fault`: the contract reader's, a rubber's, a deal's, a
net's) as whole sentences."""

WHOLE: Final = ("passed", "unreadable", "honors unreadable", "net")
"""Refusals that quote what was typed themselves (the others are said after it, as English does)."""


def spoken_result_error(error: BaseException) -> str | None:
    """A contract, deal, rubber or net scoring refused, worded from the fault and facts it carries
    (scoring speaks only English), or None for one that carries none (it keeps its English words)."""
    from scoring._text import Refused, quoted

    if not isinstance(error, Refused) or error.fault is None:
        return None
    facts = dict(error.facts)
    language = current()
    for name in ("text", "outcome", "declarer", "points"):
        if isinstance(facts.get(name), str):
            facts[name] = quoted(str(facts[name]))
    for name in ("contract", "result"):
        if isinstance(facts.get(name), str):
            facts[name] = _contract(str(facts[name]))
    said = _said(error.fault, facts, language)
    if said is None:
        return None
    if error.fault in WHOLE or "text" not in facts:
        return said
    return f"{facts['text']}: {said}"


def _said(fault: str, facts: dict[str, object], language: str) -> str | None:
    """The sentence for ``fault``, its facts filled in (None: a fault not worded here)."""
    if fault == "level":
        level = facts["level"]
        return _("level {level} is impossible: a contract is 1 to 7").format(
            level=quoted_text(level) if isinstance(level, str) else level
        )
    if fault == "over":
        facts["outcome"] = f"+{facts['outcome']}"
        if facts["most"]:
            return _(
                "{contract} needs {target} tricks, so {outcome} is impossible (at most +{most} in 13 tricks)"
            ).format(**facts)
        return _(
            "{contract} needs {target} tricks, so {outcome} is impossible (no overtricks in 13 tricks)"
        ).format(**facts)
    if fault == "declarer":
        letters = [words.seat_letter(seat, language) for seat in Seat]
        return _("unknown declarer {declarer}; expected {north}, {east}, {south} or {west}").format(
            declarer=facts["declarer"], north=letters[0], east=letters[1], south=letters[2], west=letters[3]
        )
    if fault in RESULT_FAULTS:
        return _(RESULT_FAULTS[fault]).format(example=repr(words.example(language)), **facts)
    return None


def quoted_text(text: str) -> str:
    """Typed text as scoring quotes it (cut to a few characters)."""
    from scoring._text import quoted

    return quoted(text)


def _contract(text: str) -> str:
    """A contract as the language's pad writes it (its no-trump word)."""
    return text.replace("NT", words.notrump(current()))

"""The planner's notes on an evening's length as a host reads them, in the language spoken: tables of
whole sentences, so each language may word them its own way (``rotation.plan`` fills in the numbers)."""

from __future__ import annotations

from typing import Final

from rotation.language import N_, _

ENOUGH: Final = {
    "all": N_("{rounds} rounds: enough for every pair to partner once"),
    "avoid": N_("{rounds} rounds: enough for every pair (but {avoided}, who must not) to partner once"),
    "couples": N_("{rounds} rounds: enough for every pair but the couples to partner once"),
    "mixed": N_("{rounds} rounds: enough for every mixed pair to partner once"),
}
"""The default length's note, by which pairs may partner: all, all but those to avoid, all but the
couples, or the mixed pairs alone."""
WOULD_TAKE: Final = {
    "all": N_("{rounds} rounds of four deals (every pair partnering once would take {wanted})"),
    "avoid": N_(
        "{rounds} rounds of four deals (every pair (but {avoided}, who must not) partnering once would"
        " take {wanted})"
    ),
    "couples": N_(
        "{rounds} rounds of four deals (every pair but the couples partnering once would take {wanted})"
    ),
    "mixed": N_("{rounds} rounds of four deals (every mixed pair partnering once would take {wanted})"),
}
"""The note when that length is longer than an evening: the rounds given, and what it would take."""


def bulletin_rounds_note(rounds: int, partnerships: bool, changed: bool) -> str:
    """How many rounds the bulletin's movement takes, as a whole sentence in the language spoken."""
    if partnerships:
        text = (
            _("{rounds} rounds: every partnership once after the last change of players")
            if changed
            else _("{rounds} rounds: every partnership once")
        )
    else:
        text = (
            _("{rounds} rounds: the bulletin chart after the last change of players")
            if changed
            else _("{rounds} rounds: the bulletin chart")
        )
    return text.format(rounds=rounds)


def book_start_text(first: int) -> str:
    """The note on an evening that starts from the book's rounds."""
    return _(
        "rounds 1-{first} from the book of evenings where nobody meets anyone twice,"
        " so an evening that stops early has no repeated meetings"
    ).format(first=first)

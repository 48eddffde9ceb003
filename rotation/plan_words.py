"""The planner's notes on an evening's length as a host reads them, in the language spoken: tables of
whole sentences, so each language may word them its own way (``rotation.plan`` fills in the numbers)."""

from __future__ import annotations

from typing import Final

from rotation.language import N_, _, ngettext

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


REFUSED: Final = {
    "rounds form": N_("cannot read rounds {text}: write them as 3, 1-2, 5- or 1,4-5"),
    "rounds most": N_("cannot read rounds {text}: a plan has at most {most} rounds"),
    "rounds order": N_("cannot read rounds {text}: rounds count from 1, low to high"),
    "too few": N_("Chicago needs at least four players, got {count}"),
    "too many": N_("the planner seats at most {most} players, got {count}"),
    "rounds": N_("the number of rounds must be from 1 to {most}, got {rounds}"),
    "tables": N_("the number of tables must be at least 1, got {tables}"),
    "avoid self": N_(
        "{first}+{second}: a player cannot be kept from partnering themself ({name}); name two different"
        " players"
    ),
    "couple self": N_("{first}+{second}: a couple is two different players"),
    "bulletin size": N_("Bulletin #16 has movements for 4, 5 or 6 players, not {size}"),
    "bulletin round": N_("round {round} has {count} players: Bulletin #16 has movements for 4, 5 or 6"),
    "nobody": N_("nobody is present in round 1"),
    "infeasible": N_("no schedule can satisfy this: {reason}"),
    "no table": N_("{count} players are too few for a table"),
    "twice": N_("the name {text} is given twice"),
    "stray new": N_("{text} is declared new but is not one of the players named"),
}
"""The planner's refusals that a face shows as they are (no part of the request to point at, or the
same words for every face), as whole sentences in the language spoken (`refused` fills them in)."""


def refused(key: str, **facts: object) -> str:
    """A refusal of `REFUSED` in the language spoken, its facts filled in (a typed text quoted as
    Python quotes it, as the English always has)."""
    shown = {name: repr(value) if name == "text" else value for name, value in facts.items()}
    return _(REFUSED[key]).format(**shown)


def times(count: int) -> str:
    """``once``, ``twice``, ``3 times``: how often every pair partners or opposes in a design."""
    said = {1: _("once"), 2: _("twice")}.get(count)
    return said if said is not None else ngettext("{count} time", "{count} times", count).format(count=count)

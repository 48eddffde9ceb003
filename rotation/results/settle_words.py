"""The refusals of what a host types to settle up (a stake, table money, its unit), as whole sentences
in the language spoken: one per amount, since each language words "a stake" and "table money" its own
way (`rotation.results.settle` fills in what was typed)."""

from __future__ import annotations

from typing import Final

from rotation.language import N_, _, ngettext

AMOUNT: Final = {
    "stake": {
        "form": N_("a stake is an amount such as 0.50 or 2, not {text}"),
        "negative": N_("a stake cannot be negative ({text})"),
        "digits": N_("a stake of {count} digits is more than {most}"),
        "most": N_("a stake of {text} is more than {most}"),
    },
    "table money": {
        "form": N_("table money{code} is an amount such as 0.50 or 2, not {text}"),
        "negative": N_("table money{code} cannot be negative ({text})"),
        "digits": N_("table money{code} of {count} digits is more than {most}"),
        "most": N_("table money{code} of {text} is more than {most}"),
    },
}
"""Each amount's refusals (``{code}``: the currency named, as `` (EUR)``, or nothing)."""


def amount_refused(what: str, fault: str, **facts: object) -> str:
    """The refusal ``fault`` of the amount ``what`` (``stake``, ``table money``), its facts filled in."""
    return _(AMOUNT[what][fault]).format(**facts)


def places_refused(what: str, places: int, count: int, text: str, code: str) -> str:
    """An amount with more decimals than its currency (or a stake) has."""
    if what == "stake":
        said = ngettext(
            "a stake has at most {places} decimal, not {count} ({text})",
            "a stake has at most {places} decimals, not {count} ({text})",
            places,
        )
    else:
        said = ngettext(
            "table money{code} has at most {places} decimal, not {count} ({text})",
            "table money{code} has at most {places} decimals, not {count} ({text})",
            places,
        )
    return said.format(places=places, count=count, text=text, code=code)


def per_refused(text: str) -> str:
    return _("the stake is per 100, per point or per imp, not per {text}").format(text=text)


def zero_stake() -> str:
    return _("a stake of 0 settles nothing: give an amount above 0")


def unknown_currency(code: str, known: str) -> str:
    return _(
        "unknown currency {code}: give an ISO 4217 code such as EUR, USD, GBP or JPY (known: {known})"
    ).format(code=code, known=known)

"""The command line's choices (option values and help texts), importing nothing heavy: every command
is defined at start-up, so what its options need must load in milliseconds."""

from __future__ import annotations

from rotation.language import N_
from rotation.render.options import CardFormat, Document, Paper
from rotation.request import Method, Order, RankBy, Seating
from scoring.methods import MethodName as ScoringMethod
from scoring.methods import TallyUnit
from scoring.rules import PartscorePremium
from scoring.tally import Rounding, Unit

__all__ = [
    "CARD_SUFFIXES",
    "DEALS_HELP",
    "VULNERABILITY_HELP",
    "CardFormat",
    "Document",
    "Method",
    "Order",
    "Paper",
    "PartscorePremium",
    "RankBy",
    "Rounding",
    "ScoringMethod",
    "Seating",
    "TallyUnit",
    "Unit",
]

VULNERABILITY_HELP = (
    "Vulnerability cycle: 'dealer' (deals 2-3 the dealer's side; the bulletin's Regular), 'nondealer' "
    "(the bulletin's Cavendish), or a comma list of none, dealer, nondealer and both, one per deal."
)
DEALS_HELP = N_(
    "The rubber's deals in the order played, each one argument: '2S E +1', '3NT N -2', pass, "
    "'6S W = honors EW 100', '4H S -1 hcp 22' (N-S's high-card points, for russian)."
)
CARD_SUFFIXES = {".md": CardFormat.MARKDOWN, ".markdown": CardFormat.MARKDOWN, ".txt": CardFormat.TEXT}
"""The format ``chicago cards --out FILE`` writes when ``--format`` is not given (else PDF)."""

"""Pure scoring for Chicago (four-deal) bridge: contracts, vulnerability, rubbers, IMPs, tallies, rankings.

Nothing here reads files, the clock or the terminal; every function maps frozen values to frozen values.
"""

from typing import TYPE_CHECKING

# The submodule and the function share a name: bind the function over the submodule, as before.
from scoring.imps import imps

if TYPE_CHECKING:  # the names as the type checker sees them; at run time each loads when first used
    from scoring.contract import (
        PASS,
        Contract,
        Doubling,
        InvalidContractError,
        InvalidResultError,
        PassedOut,
        Result,
        Strain,
        parse_deal,
    )
    from scoring.deal import Honors, InvalidDealError, RecordedDeal
    from scoring.duplicate import duplicate_score
    from scoring.methods import (
        CHICAGO_METHOD,
        DUPLICATE_METHOD,
        METHODS,
        RUSSIAN_METHOD,
        ScoringMethod,
        TallyUnit,
        UnknownMethodError,
        find_method,
    )
    from scoring.points import DealPoints, Item, deal_points
    from scoring.rubber import DealScore, Entry, Line, RubberError, RubberScore, score_rubber
    from scoring.rules import InvalidRulesError, PartscorePremium, ScoringRules
    from scoring.russian import RussianScore, hcp_target, russian_imps, russian_score
    from scoring.seat import Seat, Side
    from scoring.tally import (
        InvalidNetError,
        RecordedNet,
        Rounding,
        Standing,
        Unit,
        credit_rubber,
        standings,
        tally_net,
    )
    from scoring.vulnerability import (
        CYCLES,
        DEALER_CYCLE,
        NONDEALER_CYCLE,
        Step,
        UnknownCycleError,
        Vulnerability,
        VulnerabilityCycle,
        find_cycle,
    )

_LAZY: dict[str, str] = {
    "PASS": "scoring.contract",
    "Contract": "scoring.contract",
    "Doubling": "scoring.contract",
    "InvalidContractError": "scoring.contract",
    "InvalidResultError": "scoring.contract",
    "PassedOut": "scoring.contract",
    "Result": "scoring.contract",
    "Strain": "scoring.contract",
    "parse_deal": "scoring.contract",
    "Honors": "scoring.deal",
    "InvalidDealError": "scoring.deal",
    "RecordedDeal": "scoring.deal",
    "duplicate_score": "scoring.duplicate",
    "CHICAGO_METHOD": "scoring.methods",
    "DUPLICATE_METHOD": "scoring.methods",
    "METHODS": "scoring.methods",
    "RUSSIAN_METHOD": "scoring.methods",
    "ScoringMethod": "scoring.methods",
    "TallyUnit": "scoring.methods",
    "UnknownMethodError": "scoring.methods",
    "find_method": "scoring.methods",
    "DealPoints": "scoring.points",
    "Item": "scoring.points",
    "deal_points": "scoring.points",
    "DealScore": "scoring.rubber",
    "Entry": "scoring.rubber",
    "Line": "scoring.rubber",
    "RubberError": "scoring.rubber",
    "RubberScore": "scoring.rubber",
    "score_rubber": "scoring.rubber",
    "InvalidRulesError": "scoring.rules",
    "PartscorePremium": "scoring.rules",
    "ScoringRules": "scoring.rules",
    "RussianScore": "scoring.russian",
    "hcp_target": "scoring.russian",
    "russian_imps": "scoring.russian",
    "russian_score": "scoring.russian",
    "Seat": "scoring.seat",
    "Side": "scoring.seat",
    "InvalidNetError": "scoring.tally",
    "RecordedNet": "scoring.tally",
    "Rounding": "scoring.tally",
    "Standing": "scoring.tally",
    "Unit": "scoring.tally",
    "credit_rubber": "scoring.tally",
    "standings": "scoring.tally",
    "tally_net": "scoring.tally",
    "CYCLES": "scoring.vulnerability",
    "DEALER_CYCLE": "scoring.vulnerability",
    "NONDEALER_CYCLE": "scoring.vulnerability",
    "Step": "scoring.vulnerability",
    "UnknownCycleError": "scoring.vulnerability",
    "Vulnerability": "scoring.vulnerability",
    "VulnerabilityCycle": "scoring.vulnerability",
    "find_cycle": "scoring.vulnerability",
}
"""Where each public name lives: a command that needs one scoring rule does not load them all."""


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'scoring' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "CHICAGO_METHOD",
    "CYCLES",
    "DEALER_CYCLE",
    "DUPLICATE_METHOD",
    "METHODS",
    "NONDEALER_CYCLE",
    "PASS",
    "RUSSIAN_METHOD",
    "Contract",
    "DealPoints",
    "DealScore",
    "Doubling",
    "Entry",
    "Honors",
    "InvalidContractError",
    "InvalidDealError",
    "InvalidNetError",
    "InvalidResultError",
    "InvalidRulesError",
    "Item",
    "Line",
    "PartscorePremium",
    "PassedOut",
    "RecordedDeal",
    "RecordedNet",
    "Result",
    "Rounding",
    "RubberError",
    "RubberScore",
    "RussianScore",
    "ScoringMethod",
    "ScoringRules",
    "Seat",
    "Side",
    "Standing",
    "Step",
    "Strain",
    "TallyUnit",
    "Unit",
    "UnknownCycleError",
    "UnknownMethodError",
    "Vulnerability",
    "VulnerabilityCycle",
    "credit_rubber",
    "deal_points",
    "duplicate_score",
    "find_cycle",
    "find_method",
    "hcp_target",
    "imps",
    "parse_deal",
    "russian_imps",
    "russian_score",
    "score_rubber",
    "standings",
    "tally_net",
]

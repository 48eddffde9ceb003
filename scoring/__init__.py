"""Pure scoring for Chicago (four-deal) bridge: contracts, vulnerability, rubbers, IMPs, tallies, rankings.

Nothing here reads files, the clock or the terminal; every function maps frozen values to frozen values.
"""

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
from scoring.imps import imps
from scoring.points import DealPoints, Item, deal_points
from scoring.rubber import DealScore, Entry, Line, RubberError, RubberScore, score_rubber
from scoring.rules import InvalidRulesError, Method, PartscorePremium, ScoringRules
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

__all__ = [
    "CYCLES",
    "DEALER_CYCLE",
    "NONDEALER_CYCLE",
    "PASS",
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
    "Method",
    "PartscorePremium",
    "PassedOut",
    "RecordedDeal",
    "RecordedNet",
    "Result",
    "Rounding",
    "RubberError",
    "RubberScore",
    "RussianScore",
    "ScoringRules",
    "Seat",
    "Side",
    "Standing",
    "Step",
    "Strain",
    "Unit",
    "UnknownCycleError",
    "Vulnerability",
    "VulnerabilityCycle",
    "credit_rubber",
    "deal_points",
    "duplicate_score",
    "find_cycle",
    "hcp_target",
    "imps",
    "parse_deal",
    "russian_imps",
    "russian_score",
    "score_rubber",
    "standings",
    "tally_net",
]

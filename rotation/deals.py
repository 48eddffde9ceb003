"""Each round's deals: who deals each one and who is vulnerable, from the first dealer and the cycle.

The deal passes to the left after every counted deal; a passed-out deal is redealt by the same dealer at
the same vulnerability and is not counted, so the plan never changes when a hand is thrown in. After a
deal out of turn there is no redeal and the vulnerability is "as if the correct person had dealt": the
planned deal stands, which is why a deal's vulnerability comes from the plan, never from who dealt.
"""

from __future__ import annotations

from dataclasses import dataclass

from rotation.model import Table
from scoring.seat import Seat
from scoring.vulnerability import Vulnerability, VulnerabilityCycle


@dataclass(frozen=True, slots=True)
class DealPlan:
    """One counted deal of a round: its number (from 1), its dealer's seat and its vulnerability."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability


def deal_plans(table: Table, cycle: VulnerabilityCycle) -> tuple[DealPlan, ...]:
    """The round's deals at ``table``: as many as the cycle has steps, the deal passing left each time."""
    plans = []
    for number in range(1, len(cycle) + 1):
        dealer = table.first_dealer.next(number - 1)
        plans.append(DealPlan(number, dealer, cycle.vulnerability(number, dealer)))
    return tuple(plans)

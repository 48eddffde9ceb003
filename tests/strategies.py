"""Hypothesis strategies for the scoring library: contracts, results, recorded deals, rubbers, rules."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from scoring import (
    CYCLES,
    METHODS,
    PASS,
    Contract,
    Doubling,
    Honors,
    PartscorePremium,
    RecordedDeal,
    Result,
    Rounding,
    ScoringRules,
    Seat,
    Side,
    Strain,
    Unit,
    Vulnerability,
    VulnerabilityCycle,
)
from scoring.vulnerability import Step

seats = st.sampled_from(Seat)
sides = st.sampled_from(Side)
strains = st.sampled_from(Strain)
doublings = st.sampled_from(Doubling)
vulnerabilities = st.sampled_from(Vulnerability)
contracts = st.builds(Contract, st.integers(1, 7), strains, doublings)


@st.composite
def results(draw: st.DrawFn, *, made: bool | None = None, declarer: bool = True) -> Result:
    """Any possible result; ``made`` forces a made (True) or failed (False) contract."""
    contract = draw(contracts)
    low, high = 0, 13
    if made is True:
        low = contract.target
    elif made is False:
        high = contract.target - 1
    seat = draw(seats) if declarer else None
    return Result(contract, seat, draw(st.integers(low, high)))


@st.composite
def played_deals(draw: st.DrawFn, *, honors: bool = True) -> RecordedDeal:
    """A played deal with its N-S high-card points, and (if allowed) sometimes honors."""
    result = draw(results())
    held = None
    if honors and draw(st.booleans()):
        notrump = result.contract.strain is Strain.NOTRUMP
        held = Honors(draw(sides), 150 if notrump else draw(st.sampled_from((100, 150))))
    return RecordedDeal(result, held, draw(st.integers(0, 40)))


custom_cycles = st.lists(st.sampled_from(Step), min_size=2, max_size=8).map(
    lambda steps: VulnerabilityCycle.from_steps([step.value for step in steps])
)
cycles = st.one_of(st.sampled_from(CYCLES), custom_cycles)

rules = st.builds(
    ScoringRules,
    method=st.sampled_from(METHODS),
    vulnerability=cycles,
    partscore_premium=st.sampled_from(PartscorePremium),
    unit=st.sampled_from(Unit),
    rounding=st.sampled_from(Rounding),
)


@st.composite
def rubbers(draw: st.DrawFn, rules: ScoringRules) -> list[RecordedDeal]:
    """The deals of one complete rubber under ``rules``, with passed-out deals scattered before any deal."""
    deals: list[RecordedDeal] = []
    for _ in range(len(rules.vulnerability)):
        deals.extend(RecordedDeal(PASS) for _ in range(draw(st.integers(0, 2))))
        deals.append(draw(played_deals(honors=rules.method.honors)))
    return deals


def rotate_deal(deal: RecordedDeal) -> RecordedDeal:
    """The same deal with every player moved one seat clockwise: N-S and E-W trade places."""
    if not isinstance(deal.result, Result):
        return deal
    declarer = deal.result.declarer
    result = replace(deal.result, declarer=None if declarer is None else declarer.next())
    honors = None if deal.honors is None else Honors(deal.honors.side.other, deal.honors.points)
    hcp_ns = None if deal.hcp_ns is None else 40 - deal.hcp_ns
    return RecordedDeal(result, honors, hcp_ns)

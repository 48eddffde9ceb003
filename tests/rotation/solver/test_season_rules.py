"""The season's partners as rules of the planner (issue 26, "the weekly club"): last evening's partners
kept apart wherever the counts allow, the season's weight as low as it can be, each counted afresh from
the schedule, and "proven" only where counting proves it."""

from __future__ import annotations

from itertools import combinations

from rotation.balance import check, rule_values
from rotation.model import Movement, Round, Table, pair_key
from rotation.solver import LAST_PARTNERS, SEASON_PARTNERS, PlanSpec, solve


def _partners(movement: Movement) -> list[tuple[int, int]]:
    return [
        pair_key(p, q)
        for rnd in movement.rounds
        for t in rnd.tables
        for p, q in ((t.north, t.south), (t.east, t.west))
    ]


def test_last_evenings_partners_stay_apart_and_the_claim_is_proven() -> None:
    """Twelve players, four rounds (24 partnerships over 66 pairs): last evening's 24 pairs leave 42, so
    nobody need partner a partner of last evening, and nobody does; the season's pairs who partnered twice
    before (weight 3) are left alone too, as 42 pairs weigh nothing."""
    last = frozenset(pair_key(p, (p + k) % 12) for p in range(12) for k in (1, 2))
    twice = {pair_key(p, (p + 6) % 12): 3 for p in range(6)}
    spec = PlanSpec(12, 4, last_partners=last, season_partners={**dict.fromkeys(last, 1), **twice})
    result = solve(spec, seed=3)
    assert result.movement is not None
    partners = _partners(result.movement)
    assert len(partners) == 24 and not set(partners) & last and not set(partners) & twice.keys()
    terms = {t.name: t for t in result.terms}
    assert (terms[LAST_PARTNERS].value, terms[LAST_PARTNERS].bound) == (0, 0)
    assert (terms[SEASON_PARTNERS].value, terms[SEASON_PARTNERS].bound) == (0, 0)
    names = [t.name for t in result.terms]  # ranked: last evening before the table-mates, the season
    assert names.index(LAST_PARTNERS) < names.index("most meetings") < names.index(SEASON_PARTNERS)
    assert names.index(SEASON_PARTNERS) < names.index("repeated meetings")


def test_a_forced_season_is_counted_and_proven_by_counting() -> None:
    """Eight players, seven rounds: 28 partnerships over 28 pairs, so with the partner spread at 0 every
    pair partners once and the season's weight of all of them, and every last evening's pair, is forced:
    the planner reaches it and proves it."""
    last = frozenset({(0, 1), (2, 3), (4, 5), (6, 7)})
    weights = {pq: 1 for pq in last} | {(0, 2): 3, (1, 3): 6}
    result = solve(PlanSpec(8, 7, last_partners=last, season_partners=weights), seed=1)
    assert result.movement is not None
    partners = _partners(result.movement)
    assert sorted(partners) == list(combinations(range(8), 2))  # every pair once
    terms = {t.name: t for t in result.terms}
    assert terms["partner spread"].value == 0
    assert (terms[LAST_PARTNERS].value, terms[LAST_PARTNERS].bound) == (4, 4)
    assert (terms[SEASON_PARTNERS].value, terms[SEASON_PARTNERS].bound) == (4 + 3 + 6, 13)


def test_without_a_season_the_rules_are_not_there() -> None:
    result = solve(PlanSpec(8, 3), seed=1)
    assert not {LAST_PARTNERS, SEASON_PARTNERS} & {t.name for t in result.terms}


def test_the_checker_counts_the_seasons_partners() -> None:
    """Two rounds of one table: 0+2 and 1+3 partner, then 0+1 and 2+3. Last evening's pair 0+2 partners
    once tonight; the season's weights 5 (0+1) and 2 (1+3) count once each."""
    movement = Movement(4, (Round((Table(0, 1, 2, 3),), ()), Round((Table(0, 2, 1, 3),), ())))
    balance = check(movement, last_partners=[(2, 0)], season_weights={(0, 1): 5, (1, 3): 2, (0, 3): 9})
    assert balance.partners_from_last == 1 and balance.season_partner_weight == 7
    values = rule_values(balance)
    assert (values[LAST_PARTNERS], values[SEASON_PARTNERS]) == (1, 7)
    assert check(movement).last_partners is None  # no history given: nothing to report

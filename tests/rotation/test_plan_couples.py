"""Couples and mixed partnerships (issue 27; DESIGN.md, "couple" and "mixed"): a couple never partners and
never shares a table; with mixed partnerships every partnership joins one couple's first-named with another
couple's second-named. Every count below is taken from the seating by names, never from the planner."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rotation.balance import check
from rotation.cut import Order
from rotation.model import Schedule
from rotation.plan import Away, Kept, Method, PlanError, PlanRequest, plan
from rotation.request import Fault, Part
from rotation.services.sheets import check_schedule

FOUR = (("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal"))
EIGHT = tuple((f"F{i}", f"S{i}") for i in range(1, 9))


def _names(couples: tuple[tuple[str, str], ...], *singles: str) -> tuple[str, ...]:
    return (*(n for c in couples for n in c), *singles)


def _tables(schedule: Schedule) -> list[list[tuple[str, str, str, str]]]:
    """Each round's tables as (north, east, south, west) names."""
    return [[tuple(schedule.name(p) for p in t.players) for t in rnd.tables] for rnd in schedule.rounds]  # type: ignore[misc]


def _apart(schedule: Schedule, couples: tuple[tuple[str, str], ...]) -> None:
    """No couple at one table (so never partners) in any round."""
    for number, tables in enumerate(_tables(schedule), 1):
        for table in tables:
            for a, b in couples:
                assert not {a, b} <= set(table), f"round {number}: {a} and {b} at one table {table}"


def _mixed_partners(schedule: Schedule, couples: tuple[tuple[str, str], ...]) -> Counter[tuple[str, str]]:
    """How often each first-named partners each second-named; fails on a partnership that is not mixed."""
    firsts = {a for a, _ in couples}
    seconds = {b for _, b in couples}
    counts: Counter[tuple[str, str]] = Counter()
    for tables in _tables(schedule):
        for north, east, south, west in tables:
            for p, q in ((north, south), (east, west)):
                first, second = (p, q) if p in firsts else (q, p)
                assert first in firsts and second in seconds, f"{p}+{q} is not mixed"
                counts[first, second] += 1
    return counts


@pytest.mark.parametrize(("couples", "rounds"), [(FOUR, 3), (EIGHT, 7)])
def test_the_resolvable_designs_partner_every_first_with_every_other_second_once(
    couples: tuple[tuple[str, str], ...], rounds: int
) -> None:
    """Issue 27, done when: 4 couples over 3 rounds and 8 couples over 7, every partnership mixed, no couple
    at one table, every first-named partnering every other second-named exactly once (and the default
    length is that one pass)."""
    made = plan(PlanRequest(_names(couples), seed=3, couples=couples, mixed=True, work=0.5))
    assert len(made.schedule.rounds) == rounds
    _apart(made.schedule, couples)
    counts = _mixed_partners(made.schedule, couples)
    expected = {(a, d) for a, b in couples for c, d in couples if a != c}
    assert set(counts) == expected and set(counts.values()) == {1}
    assert all(not rnd.sitting_out for rnd in made.schedule.rounds)


def test_couples_among_singles_with_sit_outs_stay_apart_and_sit_out_fairly() -> None:
    """Ten players, two couples, two sit out each round: the couples never at one table, the sit-outs
    within one of a fair share and nobody out twice running; the plan is the same when asked again."""
    couples = (("Ann", "Bob"), ("Cat", "Dan"))
    request = PlanRequest(
        _names(couples, "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"), seed=5, rounds=5, couples=couples, work=0.5
    )
    made = plan(request)
    _apart(made.schedule, couples)
    balance = check(made.schedule.movement)
    assert balance.sit_out_share_excess == 0 and balance.total_repeat_sit_outs == 0
    assert sorted(balance.sat_out.values()) == [1] * 10
    assert plan(request).schedule == made.schedule


def test_couples_hold_with_players_away_and_pairs_to_avoid() -> None:
    """A part-timer (away rounds 1-2) and a pair to avoid beside the couples: each rule holds."""
    couples = (("Ann", "Bob"), ("Cat", "Dan"))
    names = _names(couples, "Eve", "Fay", "Gus", "Hal", "Ivy")
    made = plan(
        PlanRequest(
            names,
            seed=1,
            rounds=4,
            couples=couples,
            avoid=(("Eve", "Fay"),),
            away=(Away("Ivy", frozenset({1, 2})),),
            work=0.5,
        )
    )
    _apart(made.schedule, couples)
    for number, tables in enumerate(_tables(made.schedule), 1):
        seated = {n for t in tables for n in t}
        sitting = {made.schedule.name(p) for p in made.schedule.rounds[number - 1].sitting_out}
        assert ("Ivy" in seated | sitting) == (number > 2)
        for north, east, south, west in tables:
            assert {north, south} != {"Eve", "Fay"} and {east, west} != {"Eve", "Fay"}


def test_mixed_with_an_odd_number_of_tables_sits_out_one_of_each_side() -> None:
    """Five couples, mixed: two tables a round, so a first-named and a second-named sit out each round;
    every partnership mixed, no couple at a table, partners spread within one (each of the 20 mixed
    pairs of different couples partners at most once over five rounds)."""
    couples = tuple((f"F{i}", f"S{i}") for i in range(1, 6))
    made = plan(PlanRequest(_names(couples), seed=2, rounds=5, couples=couples, mixed=True, work=0.5))
    _apart(made.schedule, couples)
    counts = _mixed_partners(made.schedule, couples)
    assert max(counts.values()) == 1 and sum(counts.values()) == 20
    for rnd in made.schedule.rounds:
        out = sorted(made.schedule.name(p)[0] for p in rnd.sitting_out)
        assert out == ["F", "S"]


def test_a_replan_keeps_the_couples_apart_after_the_rounds_kept() -> None:
    """--keep: the rounds played stay, the rest is planned again with the couples still apart."""
    couples = (("Ann", "Bob"), ("Cat", "Dan"))
    names = _names(couples, "Eve", "Fay", "Gus", "Hal")
    first = plan(PlanRequest(names, seed=4, rounds=4, couples=couples, work=0.5))
    again = plan(
        PlanRequest((*names, "Ivy"), rounds=4, couples=couples, keep=Kept(first.schedule, 2), work=0.5)
    )
    assert again.schedule.rounds[:2] == first.schedule.rounds[:2]
    _apart(again.schedule, couples)
    assert again.schedule.couples and len(again.schedule.couples) == 2


def test_couples_that_cannot_be_kept_apart_are_refused_in_words() -> None:
    """Four players in two couples at one table: no seating keeps them apart, and the refusal says so."""
    couples = (("Ann", "Bob"), ("Cat", "Dan"))
    with pytest.raises(PlanError, match="cannot be kept apart"):
        plan(PlanRequest(_names(couples), rounds=2, couples=couples, work=0.5))


@pytest.mark.parametrize(
    ("couples", "mixed", "fault", "words"),
    [
        ((("Ann", "Bbo"),), False, Fault.NOT_A_PLAYER, "did you mean 'Bob'"),
        ((("Ann", "ann"),), False, Fault.SAME_PLAYER, "two different players"),
        ((("Ann", "Bob"), ("Bob", "Cat")), False, Fault.IN_TWO_COUPLES, "Bob is named in two couples"),
        ((("Ann", "Bob"),), True, Fault.NOT_IN_A_COUPLE, "Cat is in none"),
    ],
)
def test_couples_naming_wrongly_are_refused(
    couples: tuple[tuple[str, str], ...], mixed: bool, fault: Fault, words: str
) -> None:
    """A couple naming an unknown player (with the near miss), one player twice, a player in two couples,
    and mixed partnerships with a player in no couple: each refused with its fault and a sentence."""
    with pytest.raises(PlanError, match=words) as raised:
        plan(PlanRequest(("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"), couples=couples, mixed=mixed))
    assert raised.value.fault is fault
    assert raised.value.part in (Part.COUPLE, Part.MIXED)


def test_the_bulletin_cannot_keep_couples_apart() -> None:
    """The bulletin's movements know no couples: asked for by name with couples, a refusal; by default the
    balanced planner takes five players with a couple."""
    names = ("Ann", "Bob", "Cat", "Dan", "Eve")
    with pytest.raises(PlanError) as raised:
        plan(PlanRequest(names, couples=(("Ann", "Bob"),), method=Method.BULLETIN))
    assert raised.value.fault is Fault.NEEDS_BALANCED
    made = plan(PlanRequest(names, Order.GIVEN, rounds=5, couples=(("Ann", "Bob"),), work=0.5))
    assert made.method == "balanced"
    _apart(made.schedule, (("Ann", "Bob"),))


@st.composite
def parties(draw: st.DrawFn) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...], bool, int]:
    """8 to 10 players, 2 to 5 couples (all of them coupled when mixed), 1 to 3 rounds."""
    n = draw(st.integers(8, 10))
    mixed = draw(st.booleans()) and n % 2 == 0
    k = n // 2 if mixed else draw(st.integers(2, n // 2))
    couples = tuple((f"A{i}", f"B{i}") for i in range(k))
    singles = tuple(f"C{i}" for i in range(n - 2 * k))
    return couples, singles, mixed, draw(st.integers(1, 3))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parties())
def test_any_small_party_keeps_its_couples_apart_and_the_checker_agrees(
    party: tuple[tuple[tuple[str, str], ...], tuple[str, ...], bool, int],
) -> None:
    """Property: whatever the couples, no couple partners or shares a table, mixed partnerships hold, and
    the independent checker (`check_schedule`) reports them kept apart and mixed."""
    couples, singles, mixed, rounds = party
    made = plan(
        PlanRequest(_names(couples, *singles), seed=0, rounds=rounds, couples=couples, mixed=mixed, work=0.3)
    )
    _apart(made.schedule, couples)
    if mixed:
        _mixed_partners(made.schedule, couples)
    checked = check_schedule(made.schedule)
    assert checked.couples is not None
    assert checked.couples.kept_apart and checked.couples.all_mixed
    assert checked.couples.shared == 0 and checked.couples.partnered == 0


def test_a_replan_keeps_the_couples_still_playing() -> None:
    """A replan (``planner_request`` with rounds kept) takes the couples from the schedule kept: both of a
    couple still named stay a couple; one gone home leaves the other single, and mixed partnerships then
    lapse (a single player is in no couple); couples typed anew win over the kept ones."""
    from rotation.services.plans import PlanAsked, planner_request

    made = plan(PlanRequest(_names(FOUR), seed=3, couples=FOUR, mixed=True, work=0.5))
    kept = Kept(made.schedule, 1)
    everyone = planner_request(PlanAsked(_names(FOUR)), kept, 0)
    assert sorted(everyone.couples) == sorted(FOUR) and everyone.mixed
    without_bob = planner_request(PlanAsked(tuple(n for n in _names(FOUR) if n != "Bob")), kept, 0)
    assert sorted(without_bob.couples) == sorted(FOUR[1:]) and not without_bob.mixed
    typed = planner_request(PlanAsked(_names(FOUR), couples=("Ann+Cat",)), kept, 0)
    assert typed.couples == (("Ann", "Cat"),) and not typed.mixed

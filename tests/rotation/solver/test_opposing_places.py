"""Issue 26, honest floors: the opponents' floors by counting. By each player's opposing places: within a
spread s every pair opposes k to k + s times, so the oppositions above k form a multigraph whose degrees
the rounds each one plays fix; where no such multigraph exists the spread is wider. By the pairs that
meet: with the repeated meetings (ranked above) proven the fewest, a pair that never meets never
opposes, and the opposing places fall on the pairs that do."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations, product
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rotation.balance import multigraphic
from rotation.solver.bounds import opponent_floor
from tests.rotation.web.real import chicago


def _degrees_made(n: int, most: int) -> set[tuple[int, ...]]:
    """Every degree sequence of a multigraph on ``n`` vertices with at most ``most`` edges a pair, by
    listing every multigraph (independent of Chungphaisan's condition)."""
    pairs = list(combinations(range(n), 2))
    made = set()
    for counts in product(range(most + 1), repeat=len(pairs)):
        degrees = [0] * n
        for (p, q), c in zip(pairs, counts, strict=True):
            degrees[p] += c
            degrees[q] += c
        made.add(tuple(degrees))
    return made


def test_the_condition_agrees_with_every_multigraph_listed() -> None:
    """Chungphaisan's condition (Erdős and Gallai at one edge a pair) against every multigraph on four
    and five vertices, one and two edges a pair: every degree sequence up to the most is asked."""
    for n, most in ((4, 1), (4, 2), (5, 1), (5, 2)):
        made = _degrees_made(n, most)
        for degrees in product(range(most * (n - 1) + 1), repeat=n):
            assert multigraphic(degrees, most) == (degrees in made), (n, most, degrees)


def _least_spread(n: int, played: tuple[int, ...]) -> int | None:
    """The least spread of pair counts with each player's 2r opposing places, by listing every way to
    share them out among pairs (small cases only; independent of ``opponent_floor``); None if none can."""
    pairs = list(combinations(range(n), 2))
    best = None
    for counts in product(range(2 * max(played) + 1), repeat=len(pairs)):
        places = [0] * n
        for (p, q), c in zip(pairs, counts, strict=True):
            places[p] += c
            places[q] += c
        if places == [2 * r for r in played]:
            spread = max(counts) - min(counts)
            best = spread if best is None else min(best, spread)
    return best


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=4, max_size=4))
def test_the_floor_is_the_least_any_sharing_of_places_allows(played: list[int]) -> None:
    """Four players: the floor equals the least spread over every sharing of their opposing places
    (a floor, not yet a schedule: it must never exceed what some sharing reaches, nor fall below it)."""
    least = _least_spread(4, tuple(played))
    assume(least is not None)  # places no pairs can take (one player alone with any) are no evening
    assert opponent_floor(4, played) == least


def test_eleven_players_over_seven_rounds_at_two_tables_oppose_within_two_at_best() -> None:
    """Counted by hand: 56 seats, one plays 6 rounds and ten play 5. Within one with 64 opposing places
    over 55 pairs every pair opposes once or twice; a player of 5 rounds has 10 places for 10 others, so
    opposes each exactly once, leaving the one of 6 rounds nobody to oppose twice. The average alone
    (64 over 55) allows 1."""
    assert opponent_floor(11, [6] + [5] * 10) == 2
    assert opponent_floor(11, [5] * 11) == 0  # ten each: everyone opposes everyone once


def test_the_planner_says_so_through_the_installed_chicago(tmp_path: Path) -> None:
    """10 players at two tables over 11 rounds, two who must not partner (so not from the book): 88 seats,
    eight play 9 rounds and two play 8. Within one, those of 9 rounds have 18 places for 9 others and those
    of 8 have 16, so every pair opposes once or twice and each of 9 rounds opposes all nine others twice,
    the two of 8 rounds included, who then have at least 8 x 2 + 1 = 17 places, not 16. So 2 is the least
    (the model alone left "1 may be possible"); the test counts the spread and the rounds from the seating
    printed. (The text says what ``--json`` says: ``test_plan_home``.)"""
    names = [f"P{i}" for i in range(1, 11)]
    args = ("plan", *names, "--rounds", "11", "--tables", "2", "--avoid", "P1+P2", "--seed", "1", "--json")
    done = chicago(tmp_path / "club.db", *args)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    met, opposed = _seating(data)
    played = {name: sum(c for pq, c in met.items() if name in pq) // 3 for name in names}  # 3 a round
    assert sorted(Counter(played.values()).items()) == [(8, 2), (9, 8)]
    spread = max(opposed.values()) - min(opposed[frozenset(pq)] for pq in combinations(names, 2))
    rules = {rule["rule"]: rule for rule in data["planner"]["rules"]}
    assert rules["opponent spread"]["value"] == spread == 2
    assert rules["opponent spread"]["best_possible"] == 2 and rules["opponent spread"]["proven"]


def _seating(data: dict[str, object]) -> tuple[Counter[frozenset[str]], Counter[frozenset[str]]]:
    """Each pair's meetings and oppositions, counted from the rounds ``--json`` printed."""
    met: Counter[frozenset[str]] = Counter()
    opposed: Counter[frozenset[str]] = Counter()
    rounds = data["rounds"]
    assert isinstance(rounds, list)
    for rnd in rounds:
        for table in rnd["tables"]:
            seat = {s: table[s] for s in ("north", "south", "east", "west")}
            met.update(frozenset(pq) for pq in combinations(seat.values(), 2))
            opposed.update(
                frozenset((seat[p], seat[q])) for p in ("north", "south") for q in ("east", "west")
            )
    return met, opposed


def test_a_pair_that_never_meets_widens_the_opponents_through_the_installed_chicago(tmp_path: Path) -> None:
    """8 players over 4 rounds, two who must not partner: the repeated meetings are proven the fewest, so
    every plan as good meets only as many pairs as this one; one pair never meets, so opposes 0 times,
    and the 32 opposing places over the pairs that meet give some pair two: 2 is the least."""
    names = [f"P{i}" for i in range(1, 9)]
    args = ("plan", *names, "--rounds", "4", "--avoid", "P1+P2", "--seed", "1", "--json")
    done = chicago(tmp_path / "club.db", *args)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    met, opposed = _seating(data)
    rules = {rule["rule"]: rule for rule in data["planner"]["rules"]}
    assert rules["repeated meetings"]["proven"]
    assert rules["repeated meetings"]["value"] == sum(met.values()) - len(met)  # as the seating has it
    assert len(met) < 28  # some pair never meets
    least = -(-sum(opposed.values()) // len(met))  # places over the pairs that meet, less 0
    assert least == 2
    assert rules["opponent spread"]["best_possible"] == 2 and rules["opponent spread"]["proven"]

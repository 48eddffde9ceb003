"""The book of home evenings for 8 players at one table (issue 26): four play and four sit out each round.

Counting: with sit-outs within one of the fair share after every round, after round 2j everyone has sat
out exactly j rounds, so round 2j seats exactly the four who sat out round 2j - 1; two rounds running
then share no sit-out within such a pair, nobody sits out three running, and partners within [floor,
ceil] of 2m / 28 is (up to 14 rounds) no partnership twice. Alternating the same two fours would sit
nobody out twice running, but its pairs across the fours never meet: the opponents, ranked above, decide.
The bounds the book states above counting's (0 sit-outs twice running) are enumerated here where small;
the rest are the exact search's (``rotation.build.home_eight``) run to exhaustion.
"""

from __future__ import annotations

from itertools import combinations

import pytest

import schedules
from rotation.balance import check
from rotation.model import Movement
from rotation.movements.home import home_evening
from tests.rotation.movements.books import relabelled
from tests.rotation.movements.test_home_book_odd import _even_stop, _fewest_repeats, _opponent_floor

N = 8
EIGHT = sorted(int(r) for r in schedules.load("home")["evenings"]["8"])


def test_the_book_has_eight_players_at_every_length_searched() -> None:
    assert list(range(1, 15)) == EIGHT


@pytest.mark.parametrize("rounds", EIGHT)
def test_every_entry_is_even_after_every_round_by_the_checker(rounds: int) -> None:
    evening = home_evening(N, rounds)
    assert evening is not None and evening.even
    for seed in (1, 2):
        movement = relabelled(evening.movement, seed)
        assert all(_even_stop(Movement(N, movement.rounds[:m])) for m in range(1, rounds + 1))
        for first, second in zip(movement.rounds[::2], movement.rounds[1::2], strict=False):
            assert set(first.sitting_out) == set(second.tables[0].players)  # the halves, by counting
        balance = check(movement)
        assert balance.opponent_spread == evening.values["opponent spread"]
        assert balance.total_repeat_sit_outs == evening.values["sit-out repeats"]
        assert balance.max_sit_out_run <= 2
        partnered = [balance.partners.get(pq, 0) for pq in combinations(range(N), 2)]
        assert max(partnered) == 1  # no partnership twice, up to 14 rounds
    assert (
        evening.values["opponent spread"] >= evening.bounds["opponent spread"] >= _opponent_floor(N, rounds)
    )
    assert evening.values["sit-out repeats"] >= evening.bounds["sit-out repeats"] >= 0


@pytest.mark.parametrize(("rounds", "fewest"), [(3, 2), (4, 2), (5, 4), (6, 4)])
def test_the_fewest_sit_outs_twice_running_with_the_opponents_within_one_by_enumeration(
    rounds: int, fewest: int
) -> None:
    """Up to 6 rounds 4R places over 28 pairs leave some pair never opposing, so within one is at most
    once. By hand for 3 rounds: round 3 seats two of round 1's four and two of round 2's (three of one
    earlier game would oppose a pair twice: their new partnership was an opposition, and two of their
    three pairs oppose in each game), so two of round 2's sit-outs sit out round 3."""
    assert _fewest_repeats(N, rounds, most_opposed=1) == fewest
    evening = home_evening(N, rounds)
    assert evening is not None
    assert evening.values["opponent spread"] == evening.bounds["opponent spread"] == 1
    assert evening.values["sit-out repeats"] == evening.bounds["sit-out repeats"] == fewest


def test_eight_over_seven_rounds_cannot_oppose_within_one() -> None:
    """28 places over 28 pairs: within one means every pair exactly once, so each player's places, twice
    the rounds played (even), would be the 7 others once (odd): the spread is 2, as the book states."""
    assert _opponent_floor(N, 7) == 2
    evening = home_evening(N, 7)
    assert evening is not None
    assert evening.values["opponent spread"] == evening.bounds["opponent spread"] == 2

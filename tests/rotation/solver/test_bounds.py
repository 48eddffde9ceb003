"""The counting floors the planner states as "best possible", each derived here by hand from the numbers of
the evening (issue 26: "a floor of 0 only where counting allows it")."""

from __future__ import annotations

import pytest

from rotation.solver.bounds import _floors
from rotation.solver.problem import OPPONENT, PARTNER, PLAYED, THREES, PlanSpec, _Problem


def _floors_of(spec: PlanSpec) -> dict[str, int]:
    return _floors(_Problem.of(spec))


def test_thirteen_over_four_rounds_cannot_have_every_pair_oppose_alike() -> None:
    """13 players, 3 tables, 4 rounds: 48 opposing places for 78 pairs, so some pair never opposes and
    some pair does: the opponent spread is at least 1, never "0 may be possible"."""
    assert 4 * 3 * 4 == 48 < 13 * 12 // 2 == 78
    assert _floors_of(PlanSpec(13, 4))[OPPONENT] == 1


@pytest.mark.parametrize(
    ("players", "rounds", "tables", "partner", "opponent", "played"),
    [
        # 30 players, one away in round 1: 7 tables every round, 84 partnerships and 168 opposing places
        # for 435 pairs, 406 of them between the 29 there all evening (some pair 1, another 0 of each);
        # the 29 take 28 seats in round 1 and 27 or 28 in each later round (the part-timer plays or not):
        # 163 to 168 rounds in all, no multiple of 29 (145, 174), so they cannot all play alike
        (30, 6, 7, 1, 1, 1),
        # 44 players, one arriving for round 2: 10 tables then 11; 240 partnerships and 480 places for 946
        # pairs (903 of the 43 there all evening); the 43 play 40 + 10 x 43 = 470 rounds, not 430 or 473
        (44, 11, None, 1, 1, 1),
    ],
)
def test_one_late_arrival_in_a_big_evening_leaves_no_floor_at_zero(
    players: int, rounds: int, tables: int | None, partner: int, opponent: int, played: int
) -> None:
    """Issue 26: with anyone away the floors fell to 0, and the summary said "0 may be possible" where the
    places cannot go round (30 x 6 said partners "0 may be possible" beside a balance of "best possible
    0-1"; 44 x 11 had 476 opposing places for 946 pairs)."""
    floors = _floors_of(PlanSpec(players, rounds, tables=tables, away={players - 1: frozenset({0})}))
    assert (floors[PARTNER], floors[OPPONENT], floors[PLAYED]) == (partner, opponent, played)


def test_six_with_a_late_arrival_counts_each_players_rounds_there() -> None:
    """Six players over eight rounds, F away for rounds 1-2: the five there all evening take the four
    seats of rounds 1-2 and three or four of each later one, 26 to 32 rounds between them; 30 is five
    times 6, so they can all play alike (played floor 0). Someone plays at least ceil(26 / 5) = 6 rounds
    with six partners among the five others, so some pair partners twice; someone there all evening plays
    at most floor(32 / 5) = 6, with at most six partnerships among the four others there all evening, so
    some such pair partners at most once: partners at least 2 - 1 = 1."""
    floors = _floors_of(PlanSpec(6, 8, away={5: frozenset({0, 1})}))
    assert floors[PLAYED] == 0
    assert floors[PARTNER] == 1


@pytest.mark.parametrize(("players", "floor"), [(7, 0), (11, 0), (12, 0), (13, 1), (14, 2)])
def test_three_running_is_forced_only_past_twelve_at_one_table(players: int, floor: int) -> None:
    """One table over three rounds seats twelve: from thirteen players up someone in every window of three
    rounds sits out all three (13: one per window, one window in three rounds; 14: two)."""
    assert _floors_of(PlanSpec(players, 3, tables=1))[THREES] == floor

"""The two-table book's evenings where the most meetings reach counting's floor (issue 26,
``rotation.build.twotables_meetings``): a player who plays p rounds at two tables meets 3p table-mates among
n - 1 others, so someone meets someone ceil(3p / (n - 1)) times; the entries below were one above it.

Each is checked from its seats, counted here, and by the independent checker: the most meetings at that
floor, even after every round (sit-outs within one of the fair share, partners within [floor, ceil] of
their average), nobody out twice running, and the bounds it states no higher than counting's.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

import schedules
from rotation.balance import check
from rotation.model import Movement
from rotation.movements.order import is_prefix_balanced
from rotation.movements.twotables import as_movement, two_table_evening

BOOK = schedules.load("twotables")

AT_FLOOR = [(10, 10), (10, 11), (10, 14), (11, 13), (9, 14)]
"""Entries whose most meetings were one above counting's floor and now reach it."""


def _most_floor(movement: Movement) -> int:
    """Counting's floor of the most meetings: ceil(3p / (n - 1)) for the most rounds anyone plays."""
    n = movement.n_players
    played = Counter(p for rnd in movement.rounds for t in rnd.tables for p in t.players)
    return -(-3 * max(played.values()) // (n - 1))


def _meetings(movement: Movement) -> Counter[tuple[int, int]]:
    met: Counter[tuple[int, int]] = Counter()
    for rnd in movement.rounds:
        for t in rnd.tables:
            met.update(combinations(sorted(t.players), 2))
    return met


def _evenly_seated(movement: Movement) -> None:
    """Even after every round, by counting from the seats: sit-outs within one of k r / n, partners within
    [floor, ceil] of 4 r / P, nobody out twice running."""
    n = movement.n_players
    k, pairs = n - 8, n * (n - 1) // 2
    out: Counter[int] = Counter()
    partners: Counter[tuple[int, int]] = Counter()
    before: set[int] = set()
    for r, rnd in enumerate(movement.rounds, start=1):
        now = set(rnd.sitting_out)
        assert not now & before  # nobody out twice running
        before = now
        out.update(now)
        assert all(k * r // n <= out[p] <= -(-k * r // n) for p in range(n))
        for t in rnd.tables:
            for a, b in ((t.north, t.south), (t.east, t.west)):
                partners[min(a, b), max(a, b)] += 1
        assert all(4 * r // pairs <= partners[pq] <= -(-4 * r // pairs) for pq in combinations(range(n), 2))


@pytest.mark.parametrize(("n", "rounds"), AT_FLOOR)
def test_the_most_meetings_reach_countings_floor(n: int, rounds: int) -> None:
    evening = two_table_evening(n, rounds)
    assert evening is not None
    movement = evening.movement
    floor = _most_floor(movement)
    met = _meetings(movement)
    assert max(met.values()) == floor == evening.values["most meetings"] == evening.bounds["most meetings"]
    _evenly_seated(movement)
    balance = check(movement)  # the independent checker agrees
    assert balance.most_meetings == floor
    assert balance.sit_out_share_excess == 0
    assert is_prefix_balanced(movement)
    # every table-mate place past the first meeting of a pair repeats: 12 places a round
    pairs = n * (n - 1) // 2
    assert balance.repeated_meetings == evening.values["repeated meetings"] == 12 * rounds - len(met)
    if "repeated meetings" in evening.bounds:  # stated where counting settles it: every pair met, or
        value = evening.values["repeated meetings"]  # a pair that cannot meet (10 x 11, below)
        assert evening.bounds["repeated meetings"] == value >= 12 * rounds - pairs
        if value > 12 * rounds - pairs:
            assert "counting with the most meetings" in BOOK["evenings"][str(n)][str(rounds)]["proof"]


def test_tables_within_the_floor_are_found_and_even_after_every_round() -> None:
    """``tables_within`` at 10 x 8, the most meetings at 3 (counting's floor: four players play 7 rounds,
    21 table-mates among 9 others) and every pair met (repeated meetings 96 - 45): what it returns is
    checked from the seats."""
    from rotation.build.twotables_meetings import Held, tables_within

    got = tables_within(10, 8, Held(most=3, repeated=96 - 45), partners=True, work=20.0)
    assert got.found is not None and got.spent < 20.0 and not got.none
    movement = as_movement(10, got.found)
    assert _most_floor(movement) == 3
    met = _meetings(movement)
    assert len(met) == 45 and max(met.values()) == 3
    _evenly_seated(movement)


def test_tables_within_less_than_the_floor_are_not_found() -> None:
    """9 x 3 with nobody meeting twice: five players play all three rounds and meet 9 table-mates among 8
    others, so CP-SAT proves there is none."""
    from rotation.build.twotables_meetings import Held, tables_within

    got = tables_within(9, 3, Held(most=1), partners=False, work=20.0)
    assert got.found is None and got.none and got.spent < 20.0


EVERY_FLOOR = {
    (10, 10): {"partner spread": 1, "most meetings": 3, "repeated meetings": 75, "opponent spread": 1},
    (10, 14): {"partner spread": 1, "most meetings": 4, "repeated meetings": 123, "opponent spread": 1},
    (11, 13): {"partner spread": 1, "most meetings": 3, "repeated meetings": 101, "opponent spread": 1},
}
"""Counting's floors, by hand. 10 x 10: 8 rounds each; 40 partner places over 45 pairs (spread 1), most
meetings ceil(24 / 9) = 3, repeated 120 - 45 (every pair met once), 80 opposing places over 45 pairs (1).
10 x 14: 11 or 12 rounds each; 56 partner places over 45 pairs (1), ceil(36 / 9) = 4, 168 - 45,
112 opposing places over 45 pairs (1). 11 x 13: 9 or 10 rounds each; 52 partner places over 55 pairs (1),
ceil(30 / 10) = 3, 156 - 55, 104 opposing places over 55 pairs (1)."""


@pytest.mark.parametrize(("n", "rounds"), list(EVERY_FLOOR))
def test_the_evenings_at_every_counting_floor(n: int, rounds: int) -> None:
    """The entry reaches each floor (by the independent checker), so the planner states each proven."""
    evening = two_table_evening(n, rounds)
    assert evening is not None
    floors = EVERY_FLOOR[n, rounds]
    balance = check(evening.movement)
    assert balance.partner_spread == floors["partner spread"]
    assert balance.most_meetings == floors["most meetings"] == _most_floor(evening.movement)
    assert balance.repeated_meetings == floors["repeated meetings"]
    assert balance.opponent_spread == floors["opponent spread"]
    assert evening.bounds == evening.values == {**floors, "sit-out repeats": 0}


def test_lowering_proves_what_the_book_states_at_eight_players_over_four_rounds() -> None:
    """``lowered`` on the book's 8 x 4 (repeated meetings 24, opponents 2, both stated proven by the book's
    builders): CP-SAT finds no step down with the rules above held, so it keeps the evening and proves
    both, as the book does by other means."""
    from rotation.build.twotables_meetings import lowered

    entry = BOOK["evenings"]["8"]["4"]
    assert entry["bounds"]["repeated meetings"] == entry["values"]["repeated meetings"] == 24
    assert entry["bounds"]["opponent spread"] == entry["values"]["opponent spread"] == 2
    evening, proofs = lowered(8, 4, entry["rounds"], work=10.0)
    assert evening == entry["rounds"]
    assert proofs["repeated meetings"].startswith("repeated meetings 24: CP-SAT, none within 23")
    assert proofs["opponent spread"].startswith("opponent spread 2: CP-SAT, none within 1")


def test_the_opponent_windows_hold_the_average() -> None:
    """The ranges of opponents a spread allows: 10 x 10 fills 80 opposing places over 45 pairs (1.78 on
    average), so within one means 1 to 2, within two 0 to 2 or 1 to 3."""
    from rotation.build.twotables_meetings import _windows

    assert _windows(10, 10, 1) == [(1, 2)]
    assert _windows(10, 10, 2) == [(0, 2), (1, 3)]
    assert _windows(8, 7, 0) == [(2, 2)]  # 56 places over 28 pairs: exactly 2 each


def test_ten_players_over_eleven_rounds_repeat_eighty_eight_meetings_at_least() -> None:
    """10 x 11, nobody meeting anyone more than 3 times: 22 sit-outs leave 8 players 9 rounds (27
    table-mate places among 9 others, at most 3 each: exactly 3 with everyone) and 2 players 8 rounds; each
    of those two meets the 8 three times, 24 places, all it has, so the two never meet: at most 44 pairs
    met over 132 places, 88 repeats, where counting alone (every pair met) allows 87. The entry states 88
    with that proof, and its two 8-round players indeed never meet. A pair that never meets never opposes,
    and 88 opposing places over 45 pairs put some pair at 2: opponents 2, stated proven too."""
    from rotation.build.twotables_meetings import repeated_least

    assert repeated_least(10, 11, 3)[0] == 132 - 44 == 88
    evening = two_table_evening(10, 11)
    assert evening is not None
    assert evening.values["most meetings"] == 3
    assert evening.bounds["repeated meetings"] == evening.values["repeated meetings"] == 88
    entry = BOOK["evenings"]["10"]["11"]
    assert "repeated meetings 88: counting with the most meetings 3" in entry["proof"]
    played = Counter(p for rnd in evening.movement.rounds for t in rnd.tables for p in t.players)
    fewer = [p for p in range(10) if played[p] == 8]
    assert len(fewer) == 2 and sorted(played.values()) == [8, 8] + [9] * 8
    assert _meetings(evening.movement)[tuple(sorted(fewer))] == 0  # type: ignore[index]
    assert check(evening.movement).opponent_spread == 2 == -(-88 // 45)
    assert evening.bounds["opponent spread"] == evening.values["opponent spread"] == 2
    assert "opponent spread 2: counting" in entry["proof"]

"""The book of home evenings (issue 26): every entry, relabelled by a few cuts, meets its bounds as the
independent checker counts them, and the bounds are derived here by counting, never read from the planner.

Counting, for n players at one table over R rounds (k = n - 4 out a round, P = n(n - 1) / 2 pairs):
partners fill 2R places over P pairs, so every pair within [floor, ceil] of 2R / P is the best; opponents
fill 4R places over P pairs, and a player who plays r rounds has 2r opponent places among n - 1 others;
sit-outs within one of the fair share kR / n; two rounds running share at least 2k - n sit-outs; three
rounds seat 12 >= n, so nobody need sit out three running.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest

import schedules
from rotation.balance import check
from rotation.model import Movement
from rotation.movements.home import BOOK_FORMAT, home_evening
from rotation.movements.order import is_prefix_balanced
from tests.rotation.movements.books import relabelled

BOOK = schedules.load("home")
ENTRIES = [(int(n), int(r)) for n, by in BOOK["evenings"].items() for r in by]


def _counted(movement: Movement) -> dict[str, int]:
    """Spreads, runs and repeats from the seats alone (not from the checker)."""
    n = movement.n_players
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    outs: list[set[int]] = []
    for rnd in movement.rounds:
        (t,) = rnd.tables
        for a, b in ((t.north, t.south), (t.east, t.west)):
            partners[min(a, b), max(a, b)] += 1
        for a in (t.north, t.south):
            for b in (t.east, t.west):
                opponents[min(a, b), max(a, b)] += 1
        outs.append(set(range(n)) - set(t.players))
    pairs = list(combinations(range(n), 2))
    played = [sum(p not in out for out in outs) for p in range(n)]
    return {
        "partner low": min(partners[pq] for pq in pairs),
        "partner high": max(partners[pq] for pq in pairs),
        "opponent spread": max(opponents[pq] for pq in pairs) - min(opponents[pq] for pq in pairs),
        "played spread": max(played) - min(played),
        "threes": sum(len(a & b & c) for a, b, c in zip(outs, outs[1:], outs[2:], strict=False)),
        "repeats": sum(len(a & b) for a, b in pairwise(outs)),
    }


def _opponent_floor(n: int, rounds: int) -> int:
    """The opponent spread's counting floor: places over pairs, and the most and least played players'
    places among the n - 1 others."""
    places, pairs = 4 * rounds, n * (n - 1) // 2
    most, least = -(-4 * rounds // n), 4 * rounds // n
    by_pairs = -(-places // pairs) - places // pairs
    return max(by_pairs, -(-2 * most // (n - 1)) - 2 * least // (n - 1))


def test_the_book_covers_every_evening_of_seven_to_fourteen_rounds() -> None:
    assert BOOK["format"] == BOOK_FORMAT
    assert {(7, r) for r in range(1, 15)} <= set(ENTRIES)


@pytest.mark.parametrize(("n", "rounds"), ENTRIES)
def test_every_home_evening_meets_its_counting_bounds_for_any_cut(n: int, rounds: int) -> None:
    evening = home_evening(n, rounds)
    assert evening is not None
    pairs, k = n * (n - 1) // 2, n - 4
    for seed in (1, 2, 3):
        movement = relabelled(evening.movement, seed)
        got = _counted(movement)
        assert len(movement.rounds) == rounds
        assert all(len(rnd.sitting_out) == k for rnd in movement.rounds)
        assert got["threes"] == 0
        assert got["partner low"] >= 2 * rounds // pairs
        assert got["partner high"] <= -(-2 * rounds // pairs)
        assert got["played spread"] == (0 if k * rounds % n == 0 else 1)
        assert got["opponent spread"] == evening.values["opponent spread"]
        assert got["opponent spread"] >= evening.bounds["opponent spread"] >= _opponent_floor(n, rounds)
        assert got["repeats"] == evening.values["sit-out repeats"]
        assert got["repeats"] >= evening.bounds["sit-out repeats"] >= (rounds - 1) * max(0, 2 * k - n)
        balance = check(movement)  # the independent checker agrees with the count here
        assert balance.opponent_spread == got["opponent spread"]
        assert balance.total_repeat_sit_outs == got["repeats"]
        assert balance.sit_out_share_excess == 0
        assert balance.max_sit_out_run <= 2
        assert is_prefix_balanced(movement) == evening.even


@pytest.mark.parametrize("rounds", range(1, 15))
def test_every_seven_player_evening_is_even_after_every_round_at_the_opponents_floor(rounds: int) -> None:
    """Seven players: an evening stopped after any round is within its bounds, and the opponents reach
    the counting floor but at 7 x 5, 7 x 10 and 7 x 11, where the players' places cannot be shared out
    with every pair within one (``test_home_book_odd``): 2, and the book says that is the best."""
    evening = home_evening(7, rounds)
    assert evening is not None and evening.even
    expected = _opponent_floor(7, rounds) + (rounds in (5, 10, 11))
    assert evening.values["opponent spread"] == expected
    assert evening.bounds["opponent spread"] == expected


def _fewest_by_hand(n: int, rounds: int) -> tuple[int, int]:
    """The least opponent spread, then the fewest sit-outs twice running with it, over every evening of
    seven players at one table with partners within [floor, ceil] of their average, sit-outs within one
    of the fair share and nobody out three running: every evening, round 1 fixed (a cut relabels any
    evening so), enumerated depth first."""
    games = []
    for a, b, c, d in combinations(range(n), 4):
        games += [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]
    pairs = n * (n - 1) // 2
    most_partners, most_out = -(-2 * rounds // pairs), -(-(n - 4) * rounds // n)
    least_out = (n - 4) * rounds // n
    best = (99, 99)
    chosen = [games[0]]

    def go() -> None:
        nonlocal best
        outs = [set(range(n)) - {*ab, *cd} for ab, cd in chosen]
        if len(chosen) == rounds:
            if any(sum(p in out for out in outs) < least_out for p in range(n)):
                return
            opponents: Counter[tuple[int, int]] = Counter()
            for ab, cd in chosen:
                opponents.update((min(p, q), max(p, q)) for p in ab for q in cd)
            counts = [opponents[pq] for pq in combinations(range(n), 2)]
            best = min(best, (max(counts) - min(counts), sum(len(x & y) for x, y in pairwise(outs))))
            return
        partnered = Counter(pq for game in chosen for pq in game)
        for game in games:
            if any(partnered[pq] >= most_partners for pq in game):
                continue
            out = set(range(n)) - {*game[0], *game[1]}
            if len(outs) >= 2 and out & outs[-1] & outs[-2]:
                continue
            if any(sum(p in o for o in outs) + 1 > most_out for p in out):
                continue
            chosen.append(game)
            go()
            chosen.pop()

    go()
    return best


@pytest.mark.parametrize("rounds", [3, 4])
def test_the_books_proven_bounds_hold_by_hand_for_short_evenings_of_seven(rounds: int) -> None:
    """The book's bounds above counting's floor (0 sit-outs twice running) checked by enumeration."""
    evening = home_evening(7, rounds)
    assert evening is not None
    fewest = _fewest_by_hand(7, rounds)
    assert fewest == (evening.bounds["opponent spread"], evening.bounds["sit-out repeats"])
    assert fewest == (evening.values["opponent spread"], evening.values["sit-out repeats"])

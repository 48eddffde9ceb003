"""Movements by results: round 1 by the cut, progressive and swiss rounds from the results, checked against
tables worked out by hand from the rules (the expected seatings below are written out, not computed)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rotation.model import Movement, Round, Table, pair_key
from rotation.movements.drives import (
    Drive,
    first_round,
    next_round,
    progressive_round,
    swiss_round,
    winners_and_losers,
)
from scoring.seat import Seat, Side

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_round_one_is_the_bulletins_four_players_at_each_table() -> None:
    """The bulletin's round 1 for four (N 2, E 3, S 1 deals, W 4; players counted from 1) at every table,
    the lowest on the score sheet sitting out."""
    assert first_round(4) == Round((Table(1, 2, 0, 3, S),))
    assert first_round(10) == Round((Table(1, 2, 0, 3, S), Table(5, 6, 4, 7, S)), (8, 9))


def test_progressive_winners_move_up_losers_stay_partners_split() -> None:
    """Auckland Star, 29 April 1938 ("Party systems", The Four Aces): "At table No. 1 the winning pair
    remain and the losing pair move to the highest numbered table. At all other tables the losers remain,
    the winning pair move up one table toward table No. 1"; one who remains shifts to play against his
    former partner and the new players pair off so each has a new partner."""
    r1 = first_round(12)  # T1: 0&1 v 2&3, T2: 4&5 v 6&7, T3: 8&9 v 10&11 (N-S first)
    tallies = [[-2, 4, -1]]  # T1 won by E-W 2&3, T2 by N-S 4&5, T3 by E-W 10&11
    r2 = progressive_round(12, [r1], tallies)
    assert r2 == Round(
        (
            Table(2, 3, 4, 5, N),  # stay: 2&3 (won table 1); arrive: 4&5 (won table 2)
            Table(6, 7, 10, 11, N),  # stay: 6&7 (lost table 2); arrive: 10&11 (won table 3)
            Table(8, 9, 0, 1, S),  # stay: 8&9 (lost table 3); arrive: 0&1 (lost table 1, to the foot)
        )
    )
    for table in r2.tables:  # each mover partners one who stayed; those who stayed now oppose each other
        assert table.partner_of(table.north) == table.south and table.partner_of(table.east) == table.west


def test_a_rubber_of_net_zero_moves_north_south_as_winners() -> None:
    """The project's rule for a rubber with no winner (README): N-S move as if they had won."""
    table = Table(1, 2, 0, 3, S)
    assert winners_and_losers(table, 0) == ((1, 0), (2, 3))
    r2 = progressive_round(8, [first_round(8)], [[0, 0]])
    # T1: N-S 1&0 "won" and stay; T2: N-S 5&4 "won" and move up; 6&7 stay; 2&3 go to the foot
    assert r2 == Round((Table(0, 1, 4, 5, N), Table(6, 7, 2, 3, S)))


def test_one_table_the_winners_stay_and_the_losers_split_them() -> None:
    """With one table the head table is also the foot: the winners stay (now opponents), the losers
    "move" to the same table and split them."""
    assert progressive_round(4, [first_round(4)], [[-3]]) == Round((Table(2, 3, 0, 1, S),))


def test_progressive_sit_outs_rotate_and_never_twice_running() -> None:
    """Six players at one table: the two who sat out come back; those who sit out next have sat out
    least, and among them the arrivals' seats nearest the foot, lowest on the score sheet, go first."""
    r1 = first_round(6)
    assert r1 == Round((Table(1, 2, 0, 3, S),), (4, 5))
    r2 = progressive_round(6, [r1], [[3]])  # N-S 1&0 win and stay; 2&3 would split them: they rest
    assert r2 == Round((Table(0, 1, 4, 5, N),), (2, 3))
    r3 = progressive_round(6, [r1, r2], [[3], [-1]])  # E-W 1&5 win and stay; 0 and 1 have not rested
    assert r3 == Round((Table(3, 5, 2, 4, S),), (0, 1))


def test_swiss_seats_by_running_total_with_new_partners() -> None:
    """Standings after round 1: 0&1 +5, 6&7 +3, 4&5 -3, 2&3 -5. Table 1 takes the top four, 0 partnering 6
    (not 1, his partner already); table 2 the rest, 4 partnering 2 (not 5)."""
    r2 = swiss_round(8, [first_round(8)], [[5, -3]])
    assert r2 == Round((Table(0, 1, 6, 7, N), Table(4, 5, 2, 3, S)))


def test_swiss_ties_go_by_the_score_sheet_then_opponents_not_met() -> None:
    """All square after a round of net 0: the standings are the score sheet. Player 1 (0) heads table 1;
    of the next seven, 1&2&3 would set someone against a round-1 opponent, so the nearest three that do
    not are 1, 4, 5 (0 with 4 against 1 with 5); table 2 takes the rest, 2 with 6 against 3 with 7."""
    r2 = swiss_round(8, [first_round(8)], [[0, 0]])
    assert r2 == Round((Table(0, 1, 4, 5, N), Table(2, 3, 6, 7, N)))


def _play(drive: Drive, n: int, rounds: int, seed: int) -> Movement:
    rng = random.Random(seed)
    seated = [first_round(n)]
    tallies: list[list[int]] = []
    while len(seated) < rounds:
        tallies.append([rng.randint(-12, 12) for _ in seated[-1].tables])
        seated.append(next_round(drive, n, seated, tallies))
    return Movement(n, tuple(seated))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(Drive), st.integers(4, 30), st.integers(1, 6), st.integers(0, 10**6))
def test_every_round_seated_by_results_is_a_seating(drive: Drive, n: int, rounds: int, seed: int) -> None:
    """Whatever the results: every player in each round once (seated or sitting out), tables of four, as
    many tables as fit, and nobody sits out twice running."""
    movement = _play(drive, n, rounds, seed)
    for before, rnd in zip((None, *movement.rounds), movement.rounds, strict=False):
        seated = [p for table in rnd.tables for p in table.players]
        assert len(seated) == len(set(seated)) == 4 * (n // 4)
        assert sorted(seated + list(rnd.sitting_out)) == list(range(n))
        if before is not None:
            assert not set(before.sitting_out) & set(rnd.sitting_out)
    rested = Counter(p for rnd in movement.rounds for p in rnd.sitting_out)
    if n % 4:
        assert max(rested[p] for p in range(n)) - min(rested[p] for p in range(n)) <= 1


def test_swiss_never_repeats_a_partner_at_a_club_evening() -> None:
    """16 and 44 players over five rounds, any results: nobody partners anyone twice (counted here)."""
    for n in (16, 44):
        for seed in range(5):
            movement = _play(Drive.SWISS, n, 5, seed)
            partners = Counter(
                pair_key(*table.pair(side))
                for rnd in movement.rounds
                for table in rnd.tables
                for side in Side
            )
            assert max(partners.values()) == 1, (n, seed)

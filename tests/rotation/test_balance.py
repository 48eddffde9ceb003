"""The checker's table-mate counts: who shares a table with whom, and how often beyond the first time."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation.balance import check, coincidence_floor, forced_coincidences
from rotation.model import Movement, Round, Table
from rotation.movements.bulletin import bulletin_movement
from rotation.movements.whist import whist_design
from scoring.seat import Seat


def test_the_bulletins_five_meet_three_times_each() -> None:
    """Seed 001, five players: every pair partners once in the five rounds and opposes twice, so every
    pair shares a table three times: 10 pairs, 2 repeats each."""
    balance = check(bulletin_movement(5))
    assert set(balance.table_mates.values()) == {3}
    assert balance.most_meetings == 3
    assert balance.repeated_meetings == 20


def test_a_whist_design_meets_every_pair_three_times() -> None:
    """DESIGN.md, Balance: a whist design has every c = 1 and o = 2, so m = c + o = 3."""
    balance = check(whist_design(13))
    assert balance.is_whist
    assert set(balance.table_mates.values()) == {3}
    assert balance.repeated_meetings == 2 * len(balance.table_mates)


def test_rows_then_columns_meet_nobody_twice() -> None:
    """Sixteen players as a 4 x 4 grid, seated by rows and then by columns, meet nobody twice; eight
    players in two rounds cannot (two tables of four from two groups of four share a pair), and the
    checker counts exactly those repeats."""
    grid = [[4 * r + c for c in range(4)] for r in range(4)]
    rows = Round(tuple(Table(*row) for row in grid))
    columns = Round(tuple(Table(*(grid[r][c] for r in range(4))) for c in range(4)))
    balance = check(Movement(16, (rows, columns)))
    assert balance.most_meetings == 1 and balance.repeated_meetings == 0
    first = Round((Table(0, 1, 2, 3), Table(4, 5, 6, 7)))
    second = Round((Table(0, 4, 1, 5), Table(2, 6, 3, 7)))
    balance = check(Movement(8, (first, second)))
    assert balance.most_meetings == 2
    again = {pq for pq, m in balance.table_mates.items() if m == 2}
    assert again == {(0, 1), (4, 5), (2, 3), (6, 7)}
    assert balance.repeated_meetings == 4
    assert all(m <= 2 for m in balance.table_mates.values())
    assert len(balance.table_mates) == len(list(combinations(range(8), 2)))


def test_the_repeated_meetings_floor_holds_and_is_reached() -> None:
    """A player who plays r rounds meets 3r others' seats among n - 1 players: the bulletin's five each
    play 4 rounds, 12 meetings among 4 others, 8 repeats each, 20 in all, and the chart has exactly
    that; a meet-once 4 x 4 grid needs none and has none."""
    five = check(bulletin_movement(5))
    assert five.repeated_meetings_floor == 20 == five.repeated_meetings
    grid = [[4 * r + c for c in range(4)] for r in range(4)]
    rows = Round(tuple(Table(*row) for row in grid))
    columns = Round(tuple(Table(*(grid[r][c] for r in range(4))) for c in range(4)))
    two = check(Movement(16, (rows, columns)))
    assert two.repeated_meetings_floor == 0 == two.repeated_meetings


def test_a_host_reads_the_table_mates_in_words() -> None:
    """`plan` and `check` say "nobody meets anyone twice", or the repeats against the fewest possible,
    from the checker's one measure."""
    from rotation.render.terminal import table_mates

    assert "20 repeated meetings (at least 20 needed" in table_mates(check(bulletin_movement(5)))
    grid = [[4 * r + c for c in range(4)] for r in range(4)]
    rows = Round(tuple(Table(*row) for row in grid))
    columns = Round(tuple(Table(*(grid[r][c] for r in range(4))) for c in range(4)))
    assert table_mates(check(Movement(16, (rows, columns)))) == "nobody meets anyone twice"


def test_prefix_checks_equal_checking_each_prefix_afresh() -> None:
    """`prefix_checks` counts in one pass what `check` of every prefix counts afresh: the same answers,
    with sit-outs, players away for some rounds and a pair to avoid."""
    from rotation.balance import prefix_checks

    away = Movement(
        6,
        (
            Round((Table.from_seats([0, 1, 2, 3], Seat.EAST),), (4,)),
            Round((Table.from_seats([4, 0, 1, 2]),), (3,)),
            Round((Table.from_seats([3, 4, 5, 0], Seat.WEST),), (1, 2)),
            Round((Table.from_seats([5, 1, 3, 2], Seat.SOUTH),), (0, 4)),
        ),
    )
    for movement, avoid in ((bulletin_movement(5), ()), (whist_design(13), ((0, 1),)), (away, ((2, 5),))):
        expected = [
            check(Movement(movement.n_players, movement.rounds[:m], movement.name), avoid=avoid)
            for m in range(1, len(movement.rounds) + 1)
        ]
        assert list(prefix_checks(movement, avoid=avoid)) == expected


def test_the_coincidence_floor_proves_twelve_players_four_rounds() -> None:
    """Issue 12: 12 players at 3 tables for 4 rounds repeat at least 18 meetings when nobody meets three
    times: every table of a later round holds two of some earlier table (four players, three tables), so
    6 pairs of rounds x 3 tables coincide, each coincidence a repeat when a pair meets at most twice."""
    assert coincidence_floor(12, [3] * 4, most=2) == 18
    assert coincidence_floor(12, [3] * 4, most=3) == 12  # a pair meeting 3 times: 3 coincidences, 2 repeats
    assert coincidence_floor(16, [4] * 5, most=2) == 0  # 16 players: four tables hold any four apart
    assert coincidence_floor(8, [2] * 3, most=2) == 12  # 8 players: each table splits 2 + 2 before
    assert coincidence_floor(5, [1] * 5, most=3) == 20  # the bulletin's five: 3 of 4 were at the table
    assert coincidence_floor(17, [4] * 5, most=2) == 0  # 17 players: 15 seated twice over 16 pairs of tables


def test_the_coincidence_floor_counts_every_table_of_a_round_at_once() -> None:
    """13 players at 3 tables: 11 players sit at a table in both of two rounds, over 3 x 3 pairs of
    tables, so two pairs of tables hold two each (the one who sat out can break up one table only):
    2 coincidences a pair of rounds, 12 over 4 rounds; 9 players at 2 tables, 7 over 2 x 2: 3 each,
    18 over 4 rounds. Nobody can meet only once then, and the planner's 12 and 18 are the fewest."""
    assert forced_coincidences(13, [3, 3]) == 2
    assert coincidence_floor(13, [3] * 4, most=2) == 12
    assert coincidence_floor(9, [2] * 4, most=2) == 18
    assert forced_coincidences(18, [4] * 5) == 0
    from rotation.solver.bounds import most_meetings_floor

    assert most_meetings_floor(13, [4] * 9 + [3] * 4, [3] * 4) == 2  # by counting alone: 1
    assert most_meetings_floor(13, [4] * 9 + [3] * 4) == 1


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_no_schedule_beats_the_coincidence_floor(data: st.DataObject) -> None:
    """The floor is a floor: any rounds of any tables repeat at least that many meetings, and two rounds
    that force a coincidence make someone meet twice."""
    n = data.draw(st.integers(4, 14), label="players")
    rounds = data.draw(st.integers(1, 5), label="rounds")
    made = []
    for _ in range(rounds):
        order = data.draw(st.permutations(range(n)))
        tables = data.draw(st.integers(1, n // 4))
        made.append(
            Round(
                tuple(Table(*order[4 * t : 4 * t + 4]) for t in range(tables)),
                tuple(sorted(order[4 * tables :])),
            )
        )
    balance = check(Movement(n, tuple(made)))
    assert balance.repeated_meetings >= coincidence_floor(n, balance.tables, balance.most_meetings)
    if forced_coincidences(n, balance.tables):
        assert balance.most_meetings >= 2


def test_the_checker_floor_of_repeats_is_the_coincidence_floor_where_higher() -> None:
    """The checker reports the higher of its two floors: 12 x 4 at most two meetings needs 18."""
    from rotation.solver import PlanSpec, solve

    result = solve(PlanSpec(12, 4), work=1)
    assert result.movement is not None
    balance = check(result.movement)
    assert balance.most_meetings == 2
    assert balance.repeated_meetings_floor == 18 == balance.repeated_meetings
    assert result.term("repeated meetings").met


def _coincidences_pair_by_pair(n: int, tables: list[int]) -> int:
    """The definition: over every two rounds, the players seated in both spread evenly over the pairs of
    tables (quadratic in the rounds; the checker counts pairs of rounds by their sizes instead)."""
    total = 0
    for a, b in combinations(tables, 2):
        both, cells = max(0, 4 * (a + b) - n), a * b
        if cells:
            q, r = divmod(both, cells)
            total += r * (q + 1) * q // 2 + (cells - r) * q * (q - 1) // 2
    return total


@given(
    st.integers(4, 60).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n // 4), max_size=30)))
)
def test_forced_coincidences_counted_by_sizes_equal_the_pairwise_definition(
    case: tuple[int, list[int]],
) -> None:
    """Counting pairs of rounds by their numbers of tables (linear in the rounds: `chicago check` of
    8,000 rounds once took 47 s pairing every two) gives the pairwise definition's count."""
    n, tables = case
    assert forced_coincidences(n, tables) == _coincidences_pair_by_pair(n, tables)


def test_stops_equal_the_prefix_checks_without_copying_every_pairs_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`stops` gives for each round what `Stop.of` reads from `prefix_checks` (sit-outs, players away,
    a pair to avoid), and never builds a full `Balance` a round: that copy of every pair's counts per
    round made `chicago check` of 20,000 rounds peak at 1.77 GB. The copy is forbidden here, so a
    `stops` that went back to it fails."""
    from rotation import balance
    from rotation.balance import Stop, prefix_checks, stops

    away = Movement(
        6,
        (
            Round((Table.from_seats([0, 1, 2, 3], Seat.EAST),), (4,)),
            Round((Table.from_seats([4, 0, 1, 2]),), (3,)),
            Round((Table.from_seats([3, 4, 5, 0], Seat.WEST),), (1, 2)),
            Round((Table.from_seats([5, 1, 3, 2], Seat.SOUTH),), (0, 4)),
        ),
    )
    everyone_away_once = Movement(  # each of five misses one round: nobody is present throughout
        5, tuple(Round((Table.from_seats([p for p in range(5) if p != gone]),)) for gone in (4, 0, 1, 2, 3))
    )
    cases = (
        (bulletin_movement(5), ()),
        (whist_design(13), ((0, 1),)),
        (away, ((2, 5),)),
        (away, ()),
        (everyone_away_once, ()),
    )
    expected = [[Stop.of(b) for b in prefix_checks(m, avoid=avoid)] for m, avoid in cases]
    assert any(not stop.even for stops_ in expected for stop in stops_)  # the cases tell even from not
    assert any(stop.sit_outs is None for stops_ in expected for stop in stops_)  # and someone away

    def copied(self: object) -> None:
        raise AssertionError("a full Balance (every pair's counts) copied for a round")

    monkeypatch.setattr(balance._Counts, "balance", copied)
    assert [list(stops(m, avoid=avoid)) for m, avoid in cases] == expected


def test_the_floor_of_repeated_meetings_counts_couples_apart() -> None:
    """Couples never share a table, so each player meets the others but their spouse: 16 players (8
    couples) over 8 rounds meet 3 x 8 = 24 times each, among 14 rather than 15, so each repeats at least
    10 meetings, each repeat shared by two: 16 x 10 / 2 = 80 (72 counted among all 15). The floor is a
    count, so any seating of those rounds has it."""
    same = Round(tuple(Table(4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3) for t in range(4)), ())
    movement = Movement(16, (same,) * 8)
    couples = [(2 * c, 2 * c + 1) for c in range(8)]
    assert check(movement).repeated_meetings_floor == 16 * (24 - 15) // 2 == 72
    assert check(movement, apart=couples).repeated_meetings_floor == 16 * (24 - 14) // 2 == 80

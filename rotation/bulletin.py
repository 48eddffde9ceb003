"""The movements of Bulletin #16 for four, five and six players, built by the bulletin's own rules.

Players are cut ranks: 0 is the highest card (the bulletin's player 1). Round 1 puts the highest at South
and the second highest opposite, as the bulletin's five-player chart does.
"""

from __future__ import annotations

from collections.abc import Sequence
from rotation.model import Movement, Player, Round, Table
from scoring.seat import Seat

BULLETIN_SIZES = (4, 5, 6)


def cycle_length(n_players: int) -> int:
    """Rounds in the bulletin's movement: every partnership once (4, 5), or its eight rubbers (6)."""
    return {4: 3, 5: 5, 6: len(six_player_rubbers())}[n_players]


def bulletin_movement(n_players: int, rounds: int | None = None) -> Movement:
    """The bulletin's movement for 4, 5 or 6 players; past its cycle the rule simply continues."""
    if n_players not in BULLETIN_SIZES:
        raise ValueError(f"Bulletin #16 has movements for 4, 5 or 6 players, not {n_players}")
    rounds = cycle_length(n_players) if rounds is None else rounds
    if rounds < 1:
        raise ValueError(f"the number of rounds must be at least 1, got {rounds}")
    build = {4: four_player, 5: five_player, 6: six_player}[n_players]
    return Movement(n_players, build(rounds), name=f"Bulletin #16, {n_players} players")


def _change_places(table: Table, dealer: Seat) -> Table:
    """The bulletin's hand-off: "the two players to the new dealer's right change places"."""
    rho, beyond = dealer.right, dealer.right.right
    return table.with_seats({rho: table.at(beyond), beyond: table.at(rho)}, first_dealer=dealer)


_FIRST_TABLE = Table(north=1, east=2, south=0, west=3, first_dealer=Seat.SOUTH)


def four_player(rounds: int) -> tuple[Round, ...]:
    """The highest deals round 1 and partners the second; then the deal passes to the left of the last
    round's first dealer and the two players on the new dealer's right change places."""
    table = _FIRST_TABLE
    result = [Round((table,))]
    while len(result) < rounds:
        table = _change_places(table, table.first_dealer.left)
        result.append(Round((table,)))
    return tuple(result)


def five_player(rounds: int) -> tuple[Round, ...]:
    """The lowest sits out round 1; then whoever sat out takes the seat of the player listed directly
    above them (who sits out next), the two players on their right change places, and they deal."""
    table, out = _FIRST_TABLE, 4
    result = [Round((table,), (out,))]
    while len(result) < rounds:
        above = (out - 1) % 5
        seat = table.seat_of(above)
        table = _change_places(table.with_seats({seat: out}), seat)
        out = above
        result.append(Round((table,), (out,)))
    return tuple(result)


def six_player_rubbers() -> tuple[tuple[tuple[Player, Player], tuple[Player, Player]], ...]:
    """The bulletin's eight partnerships-per-rubber chart, as 0-based cut ranks."""
    import schedules

    data = schedules.load("bulletin-six")
    return tuple(
        ((a - 1, b - 1), (c - 1, d - 1)) for (a, b), (c, d) in data["rubbers"]
    )


def six_player(rounds: int) -> tuple[Round, ...]:
    """The two highest sit out round 1 and the highest at the table deals; each later round the deal
    passes to the left of the last round's first dealer. The bulletin gives no seats: choose them so the
    fewest players move, and among those seatings spread the first deals most evenly. Past the chart's
    eight rubbers the same seating repeats."""
    chart = six_player_rubbers()
    cycle = _seat_six(chart[: min(rounds, len(chart))])
    result = []
    for number in range(rounds):
        seats = cycle[number % len(cycle)]
        table = Table.from_seats(seats, Seat.SOUTH.next(number))
        result.append(Round((table,), tuple(sorted(set(range(6)) - set(seats)))))
    return tuple(result)


Seating = tuple[Player, Player, Player, Player]
Pairing = tuple[tuple[Player, Player], tuple[Player, Player]]


def _seatings(pairing: Pairing) -> list[Seating]:
    """The eight ways to seat two partnerships at one table, as (N, E, S, W)."""
    options = []
    for ns, ew in (pairing, pairing[::-1]):
        for north, south in (ns, ns[::-1]):
            for east, west in (ew, ew[::-1]):
                options.append((north, east, south, west))
    return options


def _moves(before: Seating, after: Seating) -> int:
    """Players at the table both rounds whose seat changes."""
    return sum(1 for seat, p in enumerate(before) if p in after and after[seat] != p)


def _seat_six(pairings: Sequence[Pairing]) -> list[Seating]:
    """Seats for each rubber: fewest seat changes in all, then the most even first deals.

    Dynamic programming over (seating, first deals so far); round 1 is fixed by the bulletin (the
    highest at the table at South, dealing)."""
    (a, b), (c, d) = pairings[0]
    first: Seating = (b, c, a, d)
    deals = [0] * 6
    deals[a] += 1
    states: dict[tuple[Seating, tuple[int, ...]], tuple[int, list[Seating]]] = {
        (first, tuple(deals)): (0, [first])
    }
    for number, pairing in enumerate(pairings[1:], 1):
        dealer_seat = Seat.SOUTH.next(number).index
        step: dict[tuple[Seating, tuple[int, ...]], tuple[int, list[Seating]]] = {}
        for (before, counts), (cost, path) in states.items():
            for option in _seatings(pairing):
                after_counts = list(counts)
                after_counts[option[dealer_seat]] += 1
                key = (option, tuple(after_counts))
                total = cost + _moves(before, option)
                if key not in step or total < step[key][0]:
                    step[key] = (total, [*path, option])
        states = step
    _, (_, path) = min(
        states.items(), key=lambda item: (item[1][0], max(item[0][1]) - min(item[0][1]))
    )
    return path

"""The movements of Bulletin #16 for four, five and six players, built by the bulletin's own rules.

Players are cut ranks: 0 is the highest card (the bulletin's player 1). Round 1 puts the highest at South
and the second highest opposite, as the bulletin's five-player chart does.
"""

from __future__ import annotations

from collections.abc import Sequence

from rotation.model import Game, Movement, Player, Round, Seating, Table, seatings
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
    return tuple(((a - 1, b - 1), (c - 1, d - 1)) for (a, b), (c, d) in data["rubbers"])


def six_player(rounds: int) -> tuple[Round, ...]:
    """The two highest sit out round 1 and the highest at the table deals; each later round the deal
    passes to the left of the last round's first dealer. The bulletin gives no seats: choose them so the
    fewest players move, and among those seatings spread the first deals most evenly.

    The chart's eight rubbers sit pairs {1,2} and {3,4} out three times and {5,6} twice, so past rubber 8
    the chart repeats with the pairs' places rotated (players 5 and 6 take the chart's places 1 and 2,
    players 1 and 2 take 3 and 4, players 3 and 4 take 5 and 6): sit-outs then stay within one of each
    other after every round, however long the evening."""
    chart = six_player_rubbers()
    rotate = (4, 5, 0, 1, 2, 3)  # who takes the chart's place 1, 2, ... at each repeat of the chart
    pairings: list[Game] = []
    for number in range(rounds):
        (a, b), (c, d) = chart[number % len(chart)]
        for _ in range(number // len(chart)):
            a, b, c, d = rotate[a], rotate[b], rotate[c], rotate[d]
        pairings.append(((a, b), (c, d)))
    seats: list[Seating] = []
    deals: tuple[int, ...] = (0,) * 6
    for start in range(0, rounds, len(chart)):
        block, deals = _seat_six(
            pairings[start : start + len(chart)], start, seats[-1] if seats else None, deals
        )
        seats.extend(block)
    result = []
    for number, seating in enumerate(seats):
        table = Table.from_seats(seating, Seat.SOUTH.next(number))
        result.append(Round((table,), tuple(sorted(set(range(6)) - set(seating)))))
    return tuple(result)


def _moves(before: Seating, after: Seating) -> int:
    """Players at the table both rounds whose seat changes."""
    return sum(1 for seat, p in enumerate(before) if p in after and after[seat] != p)


def _seat_six(
    pairings: Sequence[Game], offset: int, before: Seating | None, deals: tuple[int, ...]
) -> tuple[list[Seating], tuple[int, ...]]:
    """Seats for each rubber of one pass through the chart: fewest seat changes, then the most even
    first deals. Dynamic programming over (seating, first deals so far). Round 1 of the evening is fixed
    by the bulletin (the highest at the table at South, dealing); a later pass starts from ``before``."""
    if before is None:
        (a, b), (c, d) = pairings[0]
        firsts: list[Seating] = [(b, c, a, d)]
    else:
        firsts = seatings(pairings[0])
    states: dict[tuple[Seating, tuple[int, ...]], tuple[int, list[Seating]]] = {}
    dealer_seat = Seat.SOUTH.next(offset).index
    for first in firsts:
        counts = list(deals)
        counts[first[dealer_seat]] += 1
        key = (first, tuple(counts))
        cost = 0 if before is None else _moves(before, first)
        if key not in states or cost < states[key][0]:
            states[key] = (cost, [first])
    for number, pairing in enumerate(pairings[1:], offset + 1):
        dealer_seat = Seat.SOUTH.next(number).index
        step: dict[tuple[Seating, tuple[int, ...]], tuple[int, list[Seating]]] = {}
        for (seating, counts_so_far), (cost, path) in states.items():
            for option in seatings(pairing):
                after_counts = list(counts_so_far)
                after_counts[option[dealer_seat]] += 1
                key = (option, tuple(after_counts))
                total = cost + _moves(seating, option)
                if key not in step or total < step[key][0]:
                    step[key] = (total, [*path, option])
        states = step
    (_, final), (_, path) = min(
        states.items(), key=lambda item: (item[1][0], max(item[0][1]) - min(item[0][1]), item[0])
    )
    return path, final

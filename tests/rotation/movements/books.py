"""What the tests of the planner's books share: an evening relabelled as a cut would relabel it, and the
counting floors of an evening at two tables."""

from __future__ import annotations

import random

from rotation.model import Movement


def relabelled(movement: Movement, seed: int) -> Movement:
    """The evening with its players renumbered as a cut would (seeded)."""
    to = list(range(movement.n_players))
    random.Random(seed).shuffle(to)
    return Movement(movement.n_players, tuple(rnd.mapped(to) for rnd in movement.rounds))


def two_table_floors(n: int, rounds: int) -> dict[str, int]:
    """Counting's floors for ``n`` players at two tables over ``rounds``, the sit-outs within one of the
    fair share: 4 partnerships and 8 opposing places a round over the pairs; a player of r rounds meets 3r
    times among n - 1 others, each repeat shared by two (10 x 13: 52 partnerships over 45 pairs, six play
    10 rounds and four 11, meeting 30 and 33 times among 9, 104 opposing places)."""
    pairs, k = n * (n - 1) // 2, n - 8
    more = k * rounds % n  # sitting out once more than the rest
    played = [rounds - -(-k * rounds // n)] * more + [rounds - k * rounds // n] * (n - more)
    return {
        "partner spread": int(4 * rounds % pairs != 0),
        "sit-out repeats": 0,
        "most meetings": -(-3 * max(played) // (n - 1)),
        "repeated meetings": sum(3 * r - (n - 1) for r in played) // 2,
        "opponent spread": int(8 * rounds % pairs != 0),
    }

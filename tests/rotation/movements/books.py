"""What the tests of the planner's books share: an evening relabelled as a cut would relabel it."""

from __future__ import annotations

import random

from rotation.model import Movement


def relabelled(movement: Movement, seed: int) -> Movement:
    """The evening with its players renumbered as a cut would (seeded)."""
    to = list(range(movement.n_players))
    random.Random(seed).shuffle(to)
    return Movement(movement.n_players, tuple(rnd.mapped(to) for rnd in movement.rounds))

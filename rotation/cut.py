"""The cut for partners: the order of the score sheet, highest card first.

With `--order given` the names are already in that order; otherwise every player draws a card from a
shuffled pack, and a seed makes the draw reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rotation.request import Order

__all__ = ["Order", "cut", "draw"]


RANKS = "23456789TJQKA"
SUITS = "CDHS"  # clubs lowest, spades highest: "counting suits"


def draw(n: int, seed: int) -> list[str]:
    """``n`` different cards drawn from shuffled packs (a second pack when more than 52 draw)."""
    pack = [rank + suit for rank in RANKS for suit in SUITS]
    packs = pack * (-(-n // len(pack)))
    return random.Random(seed).sample(packs, n)


def card_value(card: str) -> tuple[int, int]:
    """Rank first, suit to break a tie: the bulletin's "counting suits"."""
    return RANKS.index(card[0]), SUITS.index(card[1])


def cut(names: Sequence[str], seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names in score-sheet order after a drawn cut, and the card each of them drew."""
    cards = draw(len(names), seed)
    drawn = sorted(zip(names, cards, strict=True), key=lambda nc: (card_value(nc[1]), nc[0]), reverse=True)
    return tuple(name for name, _ in drawn), tuple(card for _, card in drawn)

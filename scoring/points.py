"""The points of one played contract that rubber and duplicate bridge share (Law 77 and its rubber twin).

Trick points, overtricks, the insult, slam premiums and undertricks are the same in every method; only the
game and part-score premiums differ, so those live with each method (`scoring.duplicate`,
`scoring.rubber`). Every rule is a table indexed by vulnerability (``False`` = 0, ``True`` = 1).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from scoring._enums import DomainEnum
from scoring.contract import Contract, Doubling, Result, Strain


class Item(DomainEnum):
    """What a number on the score pad is for, in the order a pad lists one deal."""

    TRICK_POINTS = "trick points"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    SLAM = "slam"
    GAME = "game"
    PART_SCORE_PREMIUM = "part score premium"
    UNDERTRICKS = "undertricks"
    HONORS = "honors"


FIRST_TRICK: Final[Mapping[Strain, int]] = MappingProxyType(
    {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30, Strain.NOTRUMP: 40}
)
"""Undoubled trick points for the first trick over book."""

LATER_TRICK: Final[Mapping[Strain, int]] = MappingProxyType(
    {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30, Strain.NOTRUMP: 30}
)
"""Undoubled trick points for each later trick; also an undoubled overtrick's value."""

DOUBLING_FACTOR: Final[Mapping[Doubling, int]] = MappingProxyType(
    {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}
)
"""Doubling doubles the contract's trick points, redoubling quadruples them."""

OVERTRICK_DOUBLED: Final = (100, 200)
"""Each overtrick of a doubled contract, by vulnerability; redoubled is twice this."""

PENALTY_FACTOR: Final[Mapping[Doubling, int]] = MappingProxyType(
    {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 1, Doubling.REDOUBLED: 2}
)
"""Redoubled overtricks and undertricks are twice the doubled ones."""

INSULT: Final[Mapping[Doubling, int]] = MappingProxyType(
    {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
)
"""For making a doubled or redoubled contract."""

SMALL_SLAM: Final = (500, 750)
GRAND_SLAM: Final = (1000, 1500)
SLAM_PREMIUM: Final[Mapping[int, tuple[int, int]]] = MappingProxyType({6: SMALL_SLAM, 7: GRAND_SLAM})
"""Slam premiums by level, then by vulnerability."""

UNDERTRICKS_UNDOUBLED_NONVUL: Final = (50,)
UNDERTRICKS_UNDOUBLED_VUL: Final = (100,)
UNDERTRICKS_DOUBLED_NONVUL: Final = (100, 200, 200, 300)
UNDERTRICKS_DOUBLED_VUL: Final = (200, 300)

UNDERTRICKS: Final[Mapping[tuple[Doubling, bool], tuple[int, ...]]] = MappingProxyType(
    {
        (Doubling.UNDOUBLED, False): UNDERTRICKS_UNDOUBLED_NONVUL,
        (Doubling.UNDOUBLED, True): UNDERTRICKS_UNDOUBLED_VUL,
        (Doubling.DOUBLED, False): UNDERTRICKS_DOUBLED_NONVUL,
        (Doubling.DOUBLED, True): UNDERTRICKS_DOUBLED_VUL,
        (Doubling.REDOUBLED, False): UNDERTRICKS_DOUBLED_NONVUL,
        (Doubling.REDOUBLED, True): UNDERTRICKS_DOUBLED_VUL,
    }
)
"""Penalty for the 1st, 2nd, ... undertrick; the last value repeats for every later one.

Redoubled rows are the doubled ones, multiplied by `PENALTY_FACTOR`.
"""

GAME_TRICK_POINTS: Final = 100
"""Trick points that make a game, whether in one deal (duplicate) or accumulated (rubber)."""


def trick_points(contract: Contract) -> int:
    """Points for the contracted tricks of a made contract: what goes below the line."""
    base = FIRST_TRICK[contract.strain] + (contract.level - 1) * LATER_TRICK[contract.strain]
    return base * DOUBLING_FACTOR[contract.doubling]


def overtrick_value(contract: Contract, *, vulnerable: bool) -> int:
    """One overtrick: trick value undoubled, else 100/200 (doubled) or 200/400 (redoubled)."""
    if contract.doubling is Doubling.UNDOUBLED:
        return LATER_TRICK[contract.strain]
    return OVERTRICK_DOUBLED[vulnerable] * PENALTY_FACTOR[contract.doubling]


def slam_premium(contract: Contract, *, vulnerable: bool) -> int:
    """Bid and made at the six or seven level."""
    premiums = SLAM_PREMIUM.get(contract.level, (0, 0))
    return premiums[vulnerable]


def undertrick_penalty(contract: Contract, undertricks: int, *, vulnerable: bool) -> int:
    """The defenders' points for ``undertricks`` tricks short, counted trick by trick."""
    per_trick = UNDERTRICKS[contract.doubling, vulnerable]
    each = (per_trick[min(index, len(per_trick) - 1)] for index in range(undertricks))
    return sum(each) * PENALTY_FACTOR[contract.doubling]


@dataclass(frozen=True, slots=True)
class DealPoints:
    """One contract's points before any game or part-score premium, split as a pad writes them.

    All but `undertricks` go to the declarer's side; `undertricks` go to the defenders.
    """

    trick_points: int = 0
    overtricks: int = 0
    insult: int = 0
    slam: int = 0
    undertricks: int = 0

    def __post_init__(self) -> None:
        if min(self.trick_points, self.overtricks, self.insult, self.slam, self.undertricks) < 0:
            raise ValueError(f"points cannot be negative: {self!r}")

    def declarer_items(self) -> Iterator[tuple[Item, int]]:
        """The declarer's side's non-zero entries, in pad order."""
        for item, points in (
            (Item.TRICK_POINTS, self.trick_points),
            (Item.OVERTRICKS, self.overtricks),
            (Item.INSULT, self.insult),
            (Item.SLAM, self.slam),
        ):
            if points:
                yield item, points


def deal_points(result: Result, *, vulnerable: bool) -> DealPoints:
    """Split a result's points; ``vulnerable`` is the declarer's side's vulnerability on the deal."""
    contract = result.contract
    if not result.made:
        return DealPoints(undertricks=undertrick_penalty(contract, result.undertricks, vulnerable=vulnerable))
    return DealPoints(
        trick_points=trick_points(contract),
        overtricks=result.overtricks * overtrick_value(contract, vulnerable=vulnerable),
        insult=INSULT[contract.doubling],
        slam=slam_premium(contract, vulnerable=vulnerable),
    )

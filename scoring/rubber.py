"""Score one rubber (a round of four deals, or as many as the vulnerability cycle has) under a method.

The deals come in the order played, passed-out deals included: a passed-out deal is redealt by the same
dealer at the same vulnerability and is not counted. The result is a `RubberScore` whose entries are the
lines of a score pad, each tagged with its deal, side, line and purpose.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from scoring._enums import DomainEnum
from scoring._text import Refused
from scoring.contract import PassedOut, Result
from scoring.deal import RecordedDeal
from scoring.duplicate import duplicate_items
from scoring.methods import METHODS, ScoringMethod
from scoring.points import GAME_TRICK_POINTS, Item, deal_points
from scoring.rules import PartscorePremium, ScoringRules
from scoring.russian import RussianScore, russian_score
from scoring.seat import Seat, Side
from scoring.vulnerability import Vulnerability


class RubberError(Refused):
    """A rubber that cannot be scored as recorded: wrong number of deals, missing declarer, and so on."""


class Line(DomainEnum):
    """Where a rubber-bridge pad writes an entry: trick points below the line, everything else above."""

    ABOVE = "above"
    BELOW = "below"


CHICAGO_GAME_PREMIUM: Final = (300, 500)
"""For completing a game, by the vulnerability on that deal of the side completing it (seed 001)."""

CHICAGO_PART_SCORE_PREMIUM: Final = 100
"""For a part score at the end of the rubber (which ones: `PartscorePremium`)."""


MAX_PASSED_OUT: Final = 20
"""Passed-out deals one rubber may hold. The rules set no limit (seed 001: "Passed Out Hand: Dealer
redeals until a contract is reached"; a passed-out deal is not one of the rubber's deals), but four
players pass a deal out a few times in a hundred, so twenty in one rubber are a button pressed again
and again, not a game; refusing more keeps every rubber, and each page and sheet that shows it, small."""


def check_passed_out(deals: Iterable[RecordedDeal]) -> None:
    """RubberError when ``deals`` hold more than `MAX_PASSED_OUT` passed-out deals."""
    passes = sum(1 for deal in deals if deal.passed_out)
    if passes > MAX_PASSED_OUT:
        raise RubberError(
            f"{passes:,} passed-out deals in one rubber; at most {MAX_PASSED_OUT} (a passed-out deal is"
            " redealt by the same dealer until a contract is reached)"
        )


@dataclass(frozen=True, slots=True)
class Entry:
    """One number on the score pad."""

    deal: int
    """The counted deal it was scored on, from 1."""
    dealer: Seat
    vulnerability: Vulnerability
    side: Side
    points: int
    line: Line
    item: Item

    def __post_init__(self) -> None:
        if self.deal < 1 or self.points <= 0:
            raise ValueError(f"an entry needs a deal from 1 and positive points: {self!r}")


@dataclass(frozen=True, slots=True)
class DealScore:
    """One counted deal of the rubber: who dealt, who was vulnerable, what was recorded."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: RecordedDeal
    passed_out: int = 0
    """Passed-out deals the same dealer redealt before this one."""
    russian: RussianScore | None = None
    """The comparison with the high-card-point target, under a method with one (russian) only."""

    @property
    def result(self) -> Result:
        assert isinstance(self.deal.result, Result)
        return self.deal.result


@dataclass(frozen=True, slots=True)
class RubberScore:
    """A scored rubber: its deals, its pad entries and the totals printers and tallies need."""

    rules: ScoringRules
    first_dealer: Seat
    deals: tuple[DealScore, ...]
    entries: tuple[Entry, ...]
    complete: bool = True
    """False for a rubber still being played (`score_rubber(..., partial=True)`): no end-of-rubber premium."""

    def points(self, side: Side) -> int:
        return sum(entry.points for entry in self.entries if entry.side is side)

    @property
    def ns_points(self) -> int:
        return self.points(Side.NS)

    @property
    def ew_points(self) -> int:
        return self.points(Side.EW)

    @property
    def net(self) -> int:
        """N-S points minus E-W points."""
        return self.ns_points - self.ew_points

    @property
    def ns_imps(self) -> int | None:
        """Under a method in IMPs (russian), N-S's IMPs over the rubber (E-W have the negation); else None."""
        if not self.rules.method.in_imps:
            return None
        return sum(deal.russian.ns_imps for deal in self.deals if deal.russian is not None)

    def line_totals(self, side: Side, line: Line) -> int:
        """A side's points above or below the line, as the pad adds them up."""
        return sum(e.points for e in self.entries if e.side is side and e.line is line)

    def part_scores(self) -> dict[Side, int]:
        """Each side's live part score ("60 on"): trick points toward game since the last game (Chicago)."""
        live = dict.fromkeys(Side, 0)
        for entry in self.entries:
            if entry.item is Item.TRICK_POINTS:
                live[entry.side] += entry.points
            elif entry.item is Item.GAME:
                live = dict.fromkeys(Side, 0)
        return live

    @property
    def counted(self) -> int:
        """Counted deals so far (passed-out deals are redealt and do not count)."""
        return len(self.deals)

    @property
    def tally(self) -> int:
        """The N-S tally for this rubber: the net rounded once, or IMPs under Russian scoring."""
        ns_imps = self.ns_imps
        return ns_imps if ns_imps is not None else self.rules.tally(self.net)


def score_rubber(
    deals: Iterable[RecordedDeal | Result | PassedOut | str],
    first_dealer: Seat,
    rules: ScoringRules | None = None,
    *,
    partial: bool = False,
) -> RubberScore:
    """Score a rubber's deals, in the order played, dealt first by ``first_dealer``. With ``partial``
    fewer deals than the cycle are a rubber still in play (scored so far, as at the table), not an error."""
    rules = ScoringRules() if rules is None else rules
    counted = _count_deals([RecordedDeal.of(deal) for deal in deals], first_dealer, rules, partial=partial)
    complete = len(counted) == len(rules.vulnerability)
    entries: list[Entry] = []
    if rules.method.carries_partscores:
        entries.extend(_chicago_entries(counted, rules.partscore_premium, complete=complete))
    else:
        for deal in counted:
            entries.extend(_duplicate_entries(deal))
    if rules.method.hcp_target:
        counted = [_with_russian(deal) for deal in counted]
    return RubberScore(rules, first_dealer, tuple(counted), tuple(entries), complete)


def next_deal(
    deals: Iterable[RecordedDeal], first_dealer: Seat, rules: ScoringRules
) -> tuple[int, Seat, Vulnerability] | None:
    """The deal to play next in a rubber in play: its number, dealer and vulnerability (what the table
    needs before bidding), or None when the rubber is complete."""
    cycle = rules.vulnerability
    counted = sum(1 for deal in deals if not deal.passed_out)
    if counted >= len(cycle):
        return None
    dealer = first_dealer
    for _ in range(counted):
        dealer = dealer.left
    number = counted + 1
    return number, dealer, cycle.vulnerability(number, dealer)


def _count_deals(
    deals: list[RecordedDeal], first_dealer: Seat, rules: ScoringRules, *, partial: bool = False
) -> list[DealScore]:
    """Number the counted deals, give each its dealer and vulnerability, and check each is scorable."""
    check_passed_out(deals)
    cycle = rules.vulnerability
    counted: list[DealScore] = []
    dealer = first_dealer
    passes = 0
    for deal in deals:
        number = len(counted) + 1
        if number > len(cycle):
            raise RubberError(
                f"a rubber has {len(cycle)} deals under the {cycle.name} cycle;"
                " a deal was recorded after the last one",
                "after last",
                deals=len(cycle),
                cycle=cycle.name,
            )
        if deal.passed_out:
            passes += 1
            continue
        _check_deal(number, deal, rules.method)
        counted.append(DealScore(number, dealer, cycle.vulnerability(number, dealer), deal, passes))
        dealer = dealer.left
        passes = 0
    if len(counted) != len(cycle) and not partial:
        passed = (
            f", and {passes} passed out (a passed-out deal is redealt and does not count)" if passes else ""
        )
        raise RubberError(
            f"a rubber has {len(cycle)} deals under the {cycle.name} cycle,"
            f" but {len(counted)} were played{passed}"
        )
    return counted


def _check_deal(number: int, deal: RecordedDeal, method: ScoringMethod) -> None:
    """What each method needs recorded with a played deal."""
    assert isinstance(deal.result, Result)
    if deal.result.declarer is None:
        raise RubberError(
            f"deal {number}: {deal.result} needs its declarer's seat, e.g. '3NT N -2'",
            "no declarer",
            number=number,
            result=str(deal.result),
        )
    if deal.honors is not None and not method.honors:
        counting = " or ".join(m.name for m in METHODS if m.honors)
        raise RubberError(f"deal {number}: honors count only in {counting} scoring, not {method.name}")
    if deal.hcp_ns is None and method.hcp_target:
        raise RubberError(
            f"deal {number}: {method.name} scoring needs the N-S high-card points (hcp_ns, 0 to 40)",
            "hcp needed",
            number=number,
            method=method.name,
        )


def _entry(deal: DealScore, side: Side, item: Item, points: int) -> Entry:
    line = Line.BELOW if item is Item.TRICK_POINTS else Line.ABOVE
    return Entry(deal.number, deal.dealer, deal.vulnerability, side, points, line, item)


def _duplicate_entries(deal: DealScore) -> Iterator[Entry]:
    """Each deal alone: made contracts to the declarer's side, undertricks to the defenders."""
    declarer_side = deal.result.declarer_side
    assert declarer_side is not None
    vulnerable = deal.vulnerability.is_vulnerable(declarer_side)
    for item, points in duplicate_items(deal.result, vulnerable=vulnerable):
        side = declarer_side.other if item is Item.UNDERTRICKS else declarer_side
        yield _entry(deal, side, item, points)
    yield from _honors_entries(deal)


def _honors_entries(deal: DealScore) -> Iterator[Entry]:
    """Honors as entered (`_check_deal` refused them under a method that does not count them)."""
    if deal.deal.honors is not None:
        yield _entry(deal, deal.deal.honors.side, Item.HONORS, deal.deal.honors.points)


def _with_russian(deal: DealScore) -> DealScore:
    assert deal.deal.hcp_ns is not None
    score = russian_score(deal.result, hcp_ns=deal.deal.hcp_ns, vulnerability=deal.vulnerability)
    return DealScore(deal.number, deal.dealer, deal.vulnerability, deal.deal, deal.passed_out, score)


def _chicago_entries(
    deals: list[DealScore], premium: PartscorePremium, *, complete: bool = True
) -> Iterator[Entry]:
    """Rubber-bridge scoring over the rubber's deals (seed 001, "Regular"; seed 000 for `outstanding`).

    Trick points go below the line and accumulate toward game; the side reaching 100 scores the game
    premium for its vulnerability on that deal, and every part score of both sides is then dead.
    """
    below = dict.fromkeys(Side, 0)
    """Each side's live part score: trick points that still count toward game."""
    for deal in deals:
        result = deal.result
        side = result.declarer_side
        assert side is not None
        vulnerable = deal.vulnerability.is_vulnerable(side)
        points = deal_points(result, vulnerable=vulnerable)
        if result.made:
            for item, value in points.declarer_items():
                yield _entry(deal, side, item, value)
            below[side] += points.trick_points
            if below[side] >= GAME_TRICK_POINTS:
                yield _entry(deal, side, Item.GAME, CHICAGO_GAME_PREMIUM[vulnerable])
                below = dict.fromkeys(Side, 0)
            elif complete and deal is deals[-1] and premium is PartscorePremium.DEAL4:
                yield _entry(deal, side, Item.PART_SCORE_PREMIUM, CHICAGO_PART_SCORE_PREMIUM)
        else:
            yield _entry(deal, side.other, Item.UNDERTRICKS, points.undertricks)
        yield from _honors_entries(deal)
    if complete and premium is PartscorePremium.OUTSTANDING:
        for side in Side:
            if below[side]:
                yield _entry(deals[-1], side, Item.PART_SCORE_PREMIUM, CHICAGO_PART_SCORE_PREMIUM)

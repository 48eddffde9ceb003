"""The rating: hand-checked fits, the credit a strong partner does not lend, and the model's invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation.model import Movement, Round, Schedule, Table
from rotation.results.rating import RatedRubber, Rating, ratings
from rotation.results.season import season_standings
from rotation.results.session import RubberRecord, Session
from rotation.results.units import RankBy
from scoring.seat import Seat
from scoring.tally import RecordedNet

SKILL = {"S": 3, "W": -3, "P": 0, "Q": 0, "X": 0, "Y": 0}


def _noiseless(skill: dict[str, int], north: str, east: str, south: str, west: str) -> RatedRubber[str]:
    return RatedRubber(north, east, south, west, skill[north] + skill[south] - skill[east] - skill[west])


def _club(skill: dict[str, int]) -> list[RatedRubber[str]]:
    """P only ever partners the strong S, Q only the weak W; S and W also play every way with X and Y,
    and P meets Q twice. Each net is exactly the skills' difference."""
    seatings = [
        *[("S", "X", "P", "Y")] * 4,
        *[("Q", "X", "W", "Y")] * 4,
        *[("S", "X", "W", "Y"), ("S", "W", "X", "Y"), ("S", "W", "Y", "X")] * 4,
        *[("P", "Q", "X", "Y"), ("P", "X", "Y", "Q")] * 2,
    ]
    return [_noiseless(skill, *seats) for seats in seatings]


def _totals(rubbers: list[RatedRubber[str]]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for r in rubbers:
        for player, sign in ((r.north, 1), (r.south, 1), (r.east, -1), (r.west, -1)):
            totals[player] = totals.get(player, 0) + sign * r.ns_net
    return totals


def test_two_fixed_partnerships_by_hand() -> None:
    """A & B beat C & D by +3, +5 and -1. Every row is x = (1, 1, -1, -1) with |x|² = 4, so the fit is
    r = x · Σnet / (4m + prior) = ±7 / 20 with the prior of 8 rubbers, and ±7 / 13 with a prior of 1.

    The error by hand (prior 1): (XᵀX + I)⁻¹ has 1/13 along x and 1 across it, so its diagonal is
    1/52 + 3/4 = 10/13; the fitted net is 28/13, the residuals 11/13, 37/13 and -41/13 (sum of squares
    3171/169), on 3 - 12/13 = 27/13 degrees of freedom: error² = 3171/169 · 13/27 · 10/13 = 3170/351.
    """
    rubbers = [RatedRubber("A", "C", "B", "D", net) for net in (3, 5, -1)]
    assert {k: v.value for k, v in ratings(rubbers).items()} == pytest.approx(
        {"A": 0.35, "B": 0.35, "C": -0.35, "D": -0.35}
    )
    one = ratings(rubbers, prior=1)
    assert one["A"].value == pytest.approx(7 / 13) and one["D"].value == pytest.approx(-7 / 13)
    assert one["A"].error == pytest.approx((3171 / 169 * 13 / 27 * 10 / 13) ** 0.5)
    assert len({round(r.error, 12) for r in one.values()}) == 1
    with pytest.raises(ValueError, match="positive"):
        ratings(rubbers, prior=0)


def test_a_strong_partner_lends_no_credit() -> None:
    """P, who only partners the strongest, is no better than Q, who only partners the weakest: the
    total puts P 24 above Q. Fitted with a negligible prior, P and Q are equal; the default prior lends P
    a share of S's strength that the data cannot place (0.35, about one standard error). A Q slightly
    better than P is rated above P, where the total still ranks P first."""
    equal = _club(SKILL)
    assert _totals(equal)["P"] - _totals(equal)["Q"] == 24
    sharp = ratings(equal, prior=0.001)
    assert sharp["P"].value == pytest.approx(sharp["Q"].value, abs=0.01)
    assert sharp["S"].value - sharp["X"].value == pytest.approx(3, abs=0.01)
    fitted = ratings(equal)
    assert fitted["P"].value - fitted["Q"].value < 1.1 * fitted["P"].error

    better = _club({**SKILL, "Q": 1})
    totals = _totals(better)
    assert totals["P"] > totals["Q"]
    rated = ratings(better)
    assert rated["Q"].value > rated["P"].value


def _one_table(names: tuple[str, str, str, str], ns_net: str) -> Session:
    schedule = Schedule(names, Movement(4, (Round((Table(0, 1, 2, 3, Seat.NORTH),)),)))
    return Session(schedule, results=(RubberRecord(1, 1, net=RecordedNet.parse(ns_net)),))


def test_the_season_ranks_by_rating_with_ties() -> None:
    """Through the season: North and South (the first and third names) won, partners tie on rating."""
    sessions = [_one_table(("a", "c", "b", "d"), net) for net in ("N-S +3", "N-S +5", "E-W +1")]
    lines = season_standings(sessions, by=RankBy.RATING)
    assert [(x.name, x.rank, x.tied, x.rating_text()) for x in lines] == [
        ("a", 1, True, f"+0.35 ±{lines[0].rating_error:.2f}"),
        ("b", 1, True, f"+0.35 ±{lines[0].rating_error:.2f}"),
        ("c", 3, True, f"-0.35 ±{lines[0].rating_error:.2f}"),
        ("d", 3, True, f"-0.35 ±{lines[0].rating_error:.2f}"),
    ]


PLAYERS = "abcdef"
rubber_strategy = st.builds(
    lambda seats, net: RatedRubber(*seats, net),
    st.permutations(PLAYERS).map(lambda p: tuple(p[:4])),
    st.integers(-20, 20),
)


def _close(a: dict[str, Rating], b: dict[str, Rating]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].value == pytest.approx(b[k].value, abs=1e-9)
        and a[k].error == pytest.approx(b[k].error, abs=1e-9)
        for k in a
    )


@settings(max_examples=60, deadline=None)
@given(rubbers=st.lists(rubber_strategy, min_size=1, max_size=15))
def test_ratings_are_centred_and_blind_to_which_side_is_n_s(rubbers: list[RatedRubber[str]]) -> None:
    """Ratings sum to 0; N-S and E-W swapped with the net negated give the same ratings."""
    fitted = ratings(rubbers)
    assert sum(r.value for r in fitted.values()) == pytest.approx(0, abs=1e-9)
    swapped = [RatedRubber(r.east, r.north, r.west, r.south, -r.ns_net) for r in rubbers]
    assert _close(ratings(swapped), fitted)


@settings(max_examples=40, deadline=None)
@given(rubbers=st.lists(rubber_strategy, min_size=1, max_size=12), first=st.permutations(PLAYERS))
def test_a_level_rubber_between_equals_changes_nothing(
    rubbers: list[RatedRubber[str]], first: list[str]
) -> None:
    """The same results played again by twins (a' for a...) make every twin as strong as their original;
    a rubber of net 0 between p & q and their twins then changes no rating beyond rounding."""
    twins = [RatedRubber(r.north + "'", r.east + "'", r.south + "'", r.west + "'", r.ns_net) for r in rubbers]
    before = ratings([*rubbers, *twins])
    p, q = [x for x in first if x in before][:2]
    after = ratings([*rubbers, *twins, RatedRubber(p, p + "'", q, q + "'", 0)])
    assert {k: v.value for k, v in after.items()} == pytest.approx(
        {k: v.value for k, v in before.items()}, abs=1e-9
    )

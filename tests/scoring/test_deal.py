"""Recorded deals: results with honors and high-card points, as a session's JSON writes them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    PASS,
    Honors,
    InvalidDealError,
    InvalidResultError,
    RecordedDeal,
    Result,
    Seat,
    Side,
    score_rubber,
)
from tests.strategies import played_deals


@pytest.mark.parametrize(
    ("text", "honors"),
    [
        ("NS 100", Honors(Side.NS, 100)),
        ("EW 150", Honors(Side.EW, 150)),
        ("n-s 150", Honors(Side.NS, 150)),
        (" E/W 100 ", Honors(Side.EW, 100)),
    ],
)
def test_honors_parse(text: str, honors: Honors) -> None:
    """DESIGN.md, Formats: honors are written 'NS 100' or 'EW 150'."""
    assert Honors.parse(text) == honors


@pytest.mark.parametrize("text", ["NS 120", "NS", "100", "NW 100", "NS 1OO"])
def test_honors_errors(text: str) -> None:
    """Honors are worth 100 (four trump honors) or 150 (five, or four aces at notrump)."""
    with pytest.raises(InvalidDealError):
        Honors.parse(text)


def test_notrump_honors_are_four_aces() -> None:
    """Rubber bridge honors: at notrump only all four aces count, for 150."""
    with pytest.raises(InvalidDealError, match="four aces"):
        RecordedDeal(Result.parse("3NT N ="), Honors(Side.NS, 100))
    assert RecordedDeal(Result.parse("3NT N ="), Honors(Side.EW, 150)).honors == Honors(Side.EW, 150)


def test_design_results_list() -> None:
    """DESIGN.md, Formats: the example deals list reads, scores as the bulletin's rubber, plus E-W honors."""
    values: list[object] = ["2S E +1", "3NT N -2", "pass", {"result": "6S W =", "honors": "EW 100"}, "2D N ="]
    deals = [RecordedDeal.from_value(value) for value in values]
    assert deals[2] == RecordedDeal(PASS)
    assert deals[3] == RecordedDeal(Result.parse("6S W ="), Honors(Side.EW, 100))
    score = score_rubber(deals, Seat.NORTH)
    assert (score.ns_points, score.ew_points) == (140, 1270)


def test_hcp_ns_from_an_object() -> None:
    """DESIGN.md, Formats: an object may carry hcp_ns (0-40) for russian scoring."""
    deal = RecordedDeal.from_value({"result": "3H E +1", "hcp_ns": 16})
    assert deal == RecordedDeal(Result.parse("3H E +1"), None, 16)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ({"result": "4H S =", "hcp": 20}, "unknown deal field 'hcp'"),
        ({"honors": "NS 100"}, "needs a result string"),
        ({"result": "4H S =", "hcp_ns": 41}, "0 to 40"),
        ({"result": "4H S =", "hcp_ns": "20"}, "whole number"),
        ({"result": "4H S =", "hcp_ns": True}, "whole number"),
        ({"result": "4H S =", "honors": 100}, "written like 'NS 100'"),
        ({"result": "pass", "honors": "NS 100"}, "passed-out deal"),
        ({"result": "pass", "hcp_ns": 20}, "passed-out deal"),
        (7, "a deal is a string or an object"),
    ],
)
def test_from_value_errors(value: object, fragment: str) -> None:
    """Deal objects with unknown fields or impossible values are a one-line InvalidDealError."""
    with pytest.raises(InvalidDealError) as caught:
        RecordedDeal.from_value(value)
    assert fragment in str(caught.value)


def test_bad_result_inside_a_deal_is_a_result_error() -> None:
    """The result string is read by Result.parse, with its own error."""
    with pytest.raises(InvalidResultError):
        RecordedDeal.from_value({"result": "8NT N ="})


@given(st.one_of(played_deals(), st.just(RecordedDeal(PASS))))
def test_value_round_trip(deal: RecordedDeal) -> None:
    """What a session writes for a deal, it reads back unchanged."""
    assert RecordedDeal.from_value(deal.to_value()) == deal


def test_plain_deal_is_written_as_a_string() -> None:
    """A deal with nothing but its result is stored as the pad string."""
    assert RecordedDeal.parse("4HX S -2").to_value() == "4HX S -2"
    assert RecordedDeal(PASS).to_value() == "pass"
    assert RecordedDeal(Result.parse("4H S ="), Honors(Side.NS, 100), 22).to_value() == {
        "result": "4H S =",
        "honors": "NS 100",
        "hcp_ns": 22,
    }

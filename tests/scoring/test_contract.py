"""Contracts and results: notation, validation, value-type behaviour."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given

from scoring import (
    PASS,
    Contract,
    Doubling,
    InvalidContractError,
    InvalidResultError,
    PassedOut,
    Result,
    Seat,
    Side,
    Strain,
    parse_deal,
)
from tests.strategies import contracts, results

NT = Strain.NOTRUMP


@pytest.mark.parametrize(
    ("text", "contract", "declarer", "tricks"),
    [
        ("3NT N -2", Contract(3, NT), Seat.NORTH, 7),
        ("4HX S -2", Contract(4, Strain.HEARTS, Doubling.DOUBLED), Seat.SOUTH, 8),
        ("3NTX-2", Contract(3, NT, Doubling.DOUBLED), None, 7),
        ("2S E +1", Contract(2, Strain.SPADES), Seat.EAST, 9),
        ("6S W =", Contract(6, Strain.SPADES), Seat.WEST, 12),
        ("2D N =", Contract(2, Strain.DIAMONDS), Seat.NORTH, 8),
        ("7CXX E =", Contract(7, Strain.CLUBS, Doubling.REDOUBLED), Seat.EAST, 13),
    ],
)
def test_parse_design_notation(text: str, contract: Contract, declarer: Seat | None, tricks: int) -> None:
    """DESIGN.md, Formats: <level><strain>[X|XX] <declarer seat> =|+k|-k, declarer optional."""
    assert Result.parse(text) == Result(contract, declarer, tricks)


@pytest.mark.parametrize(
    "text",
    ["3nt n -2", "  3NT   N   -2 ", "3 NT N - 2", "3N N -2", "3n north -2", "3NT-North -2", "3NT North -2"],
)
def test_parse_is_tolerant_of_case_spaces_and_words(text: str) -> None:
    """DESIGN.md, Formats: case, spacing, N for NT and a declarer written as a word all read the same."""
    assert Result.parse(text) == Result(Contract(3, NT), Seat.NORTH, 7)


def test_parse_bulletin_score_sheet_spelling() -> None:
    """Seed 001, Example: Regular Scoring writes results as '2S-East +1' and '3NT-North -2'."""
    assert Result.parse("2S-East +1") == Result(Contract(2, Strain.SPADES), Seat.EAST, 9)
    assert Result.parse("3NT-North -2") == Result(Contract(3, NT), Seat.NORTH, 7)


def test_parse_spaced_redouble() -> None:
    """DESIGN.md, Formats: 'x x' with a space is still a redouble."""
    assert Result.parse("4 h x x s +1").contract == Contract(4, Strain.HEARTS, Doubling.REDOUBLED)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("8NT=", "level 8 is impossible"),
        ("0S=", "level 0 is impossible"),
        ("4H+4", "at most +3"),
        ("1C-8", "down at most 7"),
        ("7S+1", "no overtricks"),
        ("1CXX-13", "down at most 7"),
        ("3NT Q -2", "unknown declarer 'Q'"),
        ("4H S +0", "write '='"),
        ("4H S", "expected a contract"),
        ("six spades made", "expected a contract"),
        ("pass", "passed-out deal"),
    ],
)
def test_impossible_or_unreadable_results_are_rejected(text: str, fragment: str) -> None:
    """Impossible results cannot be represented: each is one clear line naming the problem."""
    with pytest.raises(InvalidResultError) as caught:
        Result.parse(text)
    message = str(caught.value)
    assert fragment in message
    assert "\n" not in message


def test_impossible_level_is_a_contract_error() -> None:
    """A contract above 7 is an InvalidContractError, which is also an InvalidResultError."""
    with pytest.raises(InvalidContractError):
        Result.parse("8NT N =")
    with pytest.raises(InvalidContractError):
        Contract(8, NT)
    with pytest.raises(InvalidContractError):
        Contract.parse("4Z")


@pytest.mark.parametrize("tricks", [-1, 14, True])
def test_result_constructor_rejects_impossible_trick_counts(tricks: int) -> None:
    """A deal has 13 tricks: declarer takes 0 to 13, as a plain int."""
    with pytest.raises(InvalidResultError):
        Result(Contract(1, Strain.CLUBS), Seat.NORTH, tricks)


def test_from_outcome_accepts_exactly_the_possible_outcomes() -> None:
    """For every contract, =/+k/-k is possible exactly when 0 <= tricks <= 13."""
    for level in range(1, 8):
        for strain in Strain:
            contract = Contract(level, strain)
            possible = []
            for outcome in range(-20, 21):
                try:
                    Result.from_outcome(contract, None, outcome)
                except InvalidResultError:
                    continue
                possible.append(outcome)
            assert possible == list(range(-(6 + level), 13 - (6 + level) + 1))


@given(results())
def test_str_reads_back(result: Result) -> None:
    """The pad notation written by str() parses back to the same result."""
    assert Result.parse(str(result)) == result


@given(results(declarer=False))
def test_str_reads_back_without_declarer(result: Result) -> None:
    """A result without a declarer writes and reads back without one."""
    assert Result.parse(str(result)) == result


@given(results())
def test_repr_is_a_constructor_call(result: Result) -> None:
    """repr() is Python that rebuilds the value."""
    namespace = {"Result": Result, "Contract": Contract, "Strain": Strain, "Doubling": Doubling, "Seat": Seat}
    assert eval(repr(result), namespace) == result


@given(contracts)
def test_contract_str_reads_back(contract: Contract) -> None:
    """Contract notation (4H, 3NTX, 7SXX) round-trips."""
    assert Contract.parse(str(contract)) == contract


@given(results())
def test_outcome_splits_into_overtricks_or_undertricks(result: Result) -> None:
    """A result has overtricks or undertricks, never both, and made means no undertricks."""
    assert result.overtricks - result.undertricks == result.outcome
    assert min(result.overtricks, result.undertricks) == 0
    assert result.made == (result.undertricks == 0)


def test_declarer_side() -> None:
    """The declarer's side follows the seat; no declarer, no side."""
    assert Result.parse("2S E +1").declarer_side is Side.EW
    assert Result.parse("3NT S -2").declarer_side is Side.NS
    assert Result.parse("3NTX-2").declarer_side is None


def test_values_are_frozen() -> None:
    """Results and contracts cannot change after they are made."""
    result = Result.parse("4H S =")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.tricks = 11  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.contract.level = 5  # type: ignore[misc]


def test_strains_and_doublings_are_in_domain_order() -> None:
    """STYLE.md: clubs < diamonds < hearts < spades < notrump; undoubled < doubled < redoubled."""
    assert sorted(Strain, reverse=True) == [NT, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS]
    assert Strain.CLUBS < Strain.DIAMONDS < Strain.HEARTS < Strain.SPADES < NT
    assert Doubling.UNDOUBLED < Doubling.DOUBLED < Doubling.REDOUBLED
    assert repr(Strain.HEARTS) == "Strain.HEARTS"


@pytest.mark.parametrize("text", ["pass", "PASS", " Passed out ", "all pass"])
def test_parse_deal_reads_a_pass(text: str) -> None:
    """Seed 001, Passed Out Hand: a passed-out deal is recorded as 'pass', a distinct PASS value."""
    assert parse_deal(text) is PASS
    assert isinstance(PASS, PassedOut)
    assert str(PASS) == "pass"


def test_parse_deal_reads_a_result() -> None:
    """A recorded deal that is not a pass is a result."""
    assert parse_deal("6S W =") == Result(Contract(6, Strain.SPADES), Seat.WEST, 12)
    with pytest.raises(InvalidResultError):
        parse_deal("passed in")

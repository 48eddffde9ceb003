"""Duplicate scores (Law 77): the whole finite table against an independent reference, and spot values."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given

from scoring import Contract, Doubling, InvalidResultError, Result, Strain, duplicate_score
from scoring.points import deal_points
from tests.strategies import results


def law77_reference(contract: Contract, tricks: int, *, vulnerable: bool) -> int:
    """Law 77 read trick by trick, written apart from the library's tables."""
    doubled = contract.doubling is Doubling.DOUBLED
    redoubled = contract.doubling is Doubling.REDOUBLED
    minor = contract.strain in (Strain.CLUBS, Strain.DIAMONDS)
    needed = contract.level + 6
    if tricks < needed:
        penalty = 0
        for number in range(1, needed - tricks + 1):
            if not doubled and not redoubled:
                penalty += 100 if vulnerable else 50
                continue
            if vulnerable:
                this = 200 if number == 1 else 300
            elif number == 1:
                this = 100
            elif number <= 3:
                this = 200
            else:
                this = 300
            penalty += 2 * this if redoubled else this
        return -penalty
    contract_points = 0
    for number in range(1, contract.level + 1):
        if minor:
            value = 20
        elif contract.strain is Strain.NOTRUMP and number == 1:
            value = 40
        else:
            value = 30
        if doubled:
            value *= 2
        if redoubled:
            value *= 4
        contract_points += value
    score = contract_points
    for _ in range(tricks - needed):
        if redoubled:
            score += 400 if vulnerable else 200
        elif doubled:
            score += 200 if vulnerable else 100
        else:
            score += 20 if minor else 30
    if doubled:
        score += 50
    if redoubled:
        score += 100
    if contract_points >= 100:
        score += 500 if vulnerable else 300
    else:
        score += 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    if contract.level == 7:
        score += 1500 if vulnerable else 1000
    return score


@pytest.mark.parametrize("vulnerable", [False, True], ids=["nonvul", "vul"])
@pytest.mark.parametrize("doubling", list(Doubling), ids=lambda d: d.name.lower())
def test_whole_table_matches_law77_reference(doubling: Doubling, vulnerable: bool) -> None:
    """Law 77: every level, strain and trick count (0-13) scores as the trick-by-trick reference."""
    checked = 0
    wrong = []
    for level in range(1, 8):
        for strain in Strain:
            contract = Contract(level, strain, doubling)
            for tricks in range(14):
                result = Result(contract, None, tricks)
                expected = law77_reference(contract, tricks, vulnerable=vulnerable)
                actual = duplicate_score(result, vulnerable=vulnerable)
                checked += 1
                if actual != expected:
                    wrong.append((str(result), actual, expected))
    assert checked == 7 * 5 * 14
    assert wrong == []


@pytest.mark.parametrize(
    ("text", "vulnerable", "score"),
    [
        ("1C=", False, 70),
        ("1NT=", False, 90),
        ("2H=", True, 110),
        ("3NT=", False, 400),
        ("3NT=", True, 600),
        ("4S=", False, 420),
        ("5D=", True, 600),
        ("6C=", False, 920),
        ("6S=", True, 1430),
        ("6NT=", False, 990),
        ("7S=", True, 2210),
        ("7NT=", True, 2220),
        ("7C=", False, 1440),
        ("1CX=", False, 140),
        ("1NTX=", True, 180),
        ("1NTX+1", True, 380),
        ("2HX=", False, 470),
        ("2HX=", True, 670),
        ("3NTX=", False, 550),
        ("4HX+1", False, 690),
        ("4HX+1", True, 990),
        ("1CXX=", False, 230),
        ("1CXX+1", False, 430),
        ("2CXX=", True, 760),
        ("7NTXX=", True, 2980),
        ("3NTX-2", True, -500),
        ("7NTXX-13", True, -7600),
        ("7NTXX-13", False, -7000),
    ],
)
def test_published_spot_values(text: str, vulnerable: bool, score: int) -> None:
    """Law 77 / bidding-box scores: the values players know by heart."""
    assert duplicate_score(text, vulnerable=vulnerable) == score


def test_seed_002_examples() -> None:
    """Seed 002: '2S making 3 is 140, 4H vulnerable is 620'."""
    assert duplicate_score("2S+1", vulnerable=False) == 140
    assert duplicate_score("4H=", vulnerable=True) == 620


def test_seed_000_russian_example_score() -> None:
    """Seed 000, Russian scoring example: 3H making 10 tricks vulnerable is 90 + 30 + 50 = 170."""
    assert duplicate_score("3H E +1", vulnerable=True) == 170


def test_trick_values() -> None:
    """Seeds 002 and 003, trick values: minors 20, majors 30, notrump 40 then 30; game needs 100."""
    assert [deal_points(Result.parse(f"1{s}="), vulnerable=False).trick_points for s in "CDHSN"] == [
        20,
        20,
        30,
        30,
        40,
    ]
    assert deal_points(Result.parse("3NT="), vulnerable=False).trick_points == 100
    assert duplicate_score("3NT=", vulnerable=False) - 100 == 300
    assert duplicate_score("4D=", vulnerable=False) - 80 == 50


def test_doubling_multiplies_trick_points() -> None:
    """Seed 003: doubling doubles the value of a made contract, redoubling quadruples it."""
    points = [deal_points(Result.parse(f"2H{x}="), vulnerable=False).trick_points for x in ("", "X", "XX")]
    assert points == [60, 120, 240]


def test_insult_premiums() -> None:
    """Seeds 002 and 003: making a doubled contract earns 50, a redoubled one 100."""
    assert deal_points(Result.parse("1CX="), vulnerable=False).insult == 50
    assert deal_points(Result.parse("1CXX="), vulnerable=True).insult == 100
    assert deal_points(Result.parse("1C="), vulnerable=True).insult == 0


def test_slam_premiums() -> None:
    """Seeds 002 and 003: small slam 500/750, grand slam 1000/1500."""
    slams = [
        deal_points(Result.parse(text), vulnerable=vulnerable).slam
        for text in ("6C=", "7C=")
        for vulnerable in (False, True)
    ]
    assert slams == [500, 750, 1000, 1500]
    assert deal_points(Result.parse("5C+2"), vulnerable=True).slam == 0


def test_overtrick_values() -> None:
    """Seeds 002 and 003: overtricks are trick value undoubled, 100/200 doubled, 200/400 redoubled."""
    overtricks = {
        (doubling, vulnerable): deal_points(Result.parse(f"1C{doubling}+1"), vulnerable=vulnerable).overtricks
        for doubling in ("", "X", "XX")
        for vulnerable in (False, True)
    }
    assert overtricks == {
        ("", False): 20,
        ("", True): 20,
        ("X", False): 100,
        ("X", True): 200,
        ("XX", False): 200,
        ("XX", True): 400,
    }


@pytest.mark.parametrize(
    ("doubling", "vulnerable", "first_five"),
    [
        ("", False, (50, 50, 50, 50, 50)),
        ("", True, (100, 100, 100, 100, 100)),
        ("X", False, (100, 200, 200, 300, 300)),
        ("X", True, (200, 300, 300, 300, 300)),
        ("XX", False, (200, 400, 400, 600, 600)),
        ("XX", True, (400, 600, 600, 600, 600)),
    ],
)
def test_each_undertrick(doubling: str, vulnerable: bool, first_five: tuple[int, ...]) -> None:
    """Seed 002, undertricks: 50/100; doubled 100/200/200/300..., 200/300/300...; redoubled twice that."""
    totals = [0] + [-duplicate_score(f"7NT{doubling}-{down}", vulnerable=vulnerable) for down in range(1, 6)]
    assert tuple(b - a for a, b in itertools.pairwise(totals)) == first_five


def test_redoubled_nonvul_fourth_undertrick_follows_law77_not_seed_003() -> None:
    """Seed 003 has redoubled non-vul undertricks after the first at 400; Law 77 says 600 from the 4th.

    We follow Law 77: 4HXX down 4 non-vulnerable is 200 + 400 + 400 + 600 = 1600, not seed 003's 1400.
    """
    assert duplicate_score("4HXX-4", vulnerable=False) == -1600


def test_impossible_result_text_is_rejected() -> None:
    """A string result is parsed first, so an impossible one is an InvalidResultError."""
    with pytest.raises(InvalidResultError):
        duplicate_score("1CXX-13", vulnerable=True)


@given(results(made=True))
def test_made_contracts_score_positive(result: Result) -> None:
    """A made contract is worth at least its trick points plus 50 to the declarer."""
    for vulnerable in (False, True):
        assert duplicate_score(result, vulnerable=vulnerable) >= 70


@given(results(made=False))
def test_failed_contracts_score_negative(result: Result) -> None:
    """A failed contract costs the declarer at least 50 per undertrick."""
    for vulnerable in (False, True):
        assert duplicate_score(result, vulnerable=vulnerable) <= -50 * result.undertricks


@given(results())
def test_vulnerability_never_helps_a_failed_contract(result: Result) -> None:
    """Vulnerable scores are larger in size: more for making, more for going down."""
    nonvul = duplicate_score(result, vulnerable=False)
    vul = duplicate_score(result, vulnerable=True)
    assert abs(vul) >= abs(nonvul)
    assert (vul > 0) == (nonvul > 0)

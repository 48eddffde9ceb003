"""The table page's touch buttons: radio inputs (no JavaScript) that make the same deal text as
`chicago record` takes; the Deal box, when anything is typed in it, wins over them."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rotation.results.recording import parse_deal_argument
from rotation.services.rubbers import DealForm, IncompleteDealError, deal_from_fields
from rotation.web.views import chosen_buttons
from scoring.contract import InvalidResultError
from scoring.deal import InvalidDealError
from tests.rotation.web.conftest import Evening
from tests.rotation.web.test_pages import cli, text

CHICAGO_FORM = DealForm("chicago", honors=True, hcp=False)


def deal_from_buttons(chosen: dict[str, str]) -> Any:
    return deal_from_fields(chosen, CHICAGO_FORM)


def press(evening: Evening, *, seen: int = 0, deal: str = "", **buttons: str) -> Any:
    data = {"k": evening.key("table 1"), "r": "1", "seen": str(seen), "deal": deal, **buttons}
    return evening.client.post("/t/1/add", data=data)


def checked(html: str) -> dict[str, str]:
    """The radio buttons checked on the page, by name."""
    found = re.findall(r'<input type="radio" id="[^"]*" name="(\w+)" value="([^"]*)" checked>', html)
    return dict(found)


def recorded(evening: Evening) -> list[Any]:
    return [r["deals"] for r in json.loads(cli(evening.db, "export", "ev"))["results"]]


@pytest.mark.parametrize(
    ("buttons", "expected"),
    [
        ({"level": "2", "strain": "S", "declarer": "E", "result": "+1"}, "2S E +1"),
        ({"level": "3", "strain": "NT", "doubled": "X", "declarer": "N", "result": "-2"}, "3NTX N -2"),
        (
            {"level": "6", "strain": "S", "declarer": "W", "result": "=", "honors": "EW 100"},
            "6S W = honors EW 100",
        ),
        ({"level": "7", "strain": "C", "doubled": "XX", "declarer": "S", "result": "-13"}, "7CXX S -13"),
        ({"doubled": "", "honors": ""}, ""),
    ],
)
def test_the_buttons_make_the_command_lines_deal(buttons: dict[str, str], expected: str) -> None:
    """The buttons build the deal the same text typed would (no text is made and read back)."""
    made = deal_from_buttons(chosen_buttons(buttons))
    assert made == (parse_deal_argument(expected) if expected else None)


def test_unknown_button_values_are_dropped() -> None:
    assert chosen_buttons({"level": "8", "strain": "S", "result": "+7", "honors": "NS 200"}) == {
        "strain": "S"
    }


def test_posting_the_buttons_adds_the_deal(evening: Evening) -> None:
    page = press(evening, level="2", strain="S", doubled="", declarer="E", result="+1", honors="")
    assert page.status_code == 200 and page.history[0].status_code == 303
    assert "Deal 2: Jean (West) deals" in text(page.text)
    assert checked(page.text) == {"doubled": "", "honors": ""}  # a fresh form for the next deal
    press(evening, seen=1, level="3", strain="NT", doubled="X", declarer="N", result="-2", honors="EW 150")
    assert recorded(evening) == [
        [parse_deal_argument(d).to_value() for d in ("2S E +1", "3NTX N -2 honors EW 150")]
    ]


def test_incomplete_buttons_say_what_is_missing_and_keep_the_choice(evening: Evening) -> None:
    page = press(evening, level="4", strain="H", doubled="X")
    assert page.status_code == 400
    words = text(page.text)
    assert "choose the declarer and the result, or type the deal" in words
    assert checked(page.text) == {"level": "4", "strain": "H", "doubled": "X", "honors": ""}
    nothing = press(evening)
    assert nothing.status_code == 400
    assert "no deal given: choose its buttons or type it in the Deal box" in text(nothing.text)
    assert recorded(evening) == []


def test_a_deal_the_rules_refuse_gets_the_command_lines_message(evening: Evening) -> None:
    with pytest.raises(InvalidDealError) as caught:
        parse_deal_argument("7S N +1")
    with pytest.raises(InvalidResultError) as built:
        deal_from_buttons({"level": "7", "strain": "S", "declarer": "N", "result": "+1"})
    assert str(caught.value).endswith(str(built.value))
    page = press(evening, level="7", strain="S", declarer="N", result="+1")
    assert page.status_code == 400
    assert str(built.value) in text(page.text)
    assert checked(page.text)["result"] == "+1" and checked(page.text)["level"] == "7"
    assert recorded(evening) == []


def test_the_deal_box_wins_over_the_buttons(evening: Evening) -> None:
    page = press(evening, deal="4H S =", level="2", strain="S", declarer="E", result="+1")
    assert page.status_code == 200
    assert "4H S =" in json.dumps(recorded(evening)) and "2S E +1" not in json.dumps(recorded(evening))


def test_the_passed_out_button_ignores_the_buttons(evening: Evening) -> None:
    page = press(evening, level="2", strain="S", quick="pass")
    assert page.status_code == 200 and "redeal passed out" in text(page.text)


def test_the_page_has_every_button() -> None:
    from rotation.web.views import button_groups

    groups = {g.field: [v for v, _ in g.options] for g in button_groups(CHICAGO_FORM)}
    assert groups["level"] == ["1", "2", "3", "4", "5", "6", "7"]
    assert groups["strain"] == ["C", "D", "H", "S", "NT"]
    assert groups["result"][:7] == ["=", "+1", "+2", "+3", "+4", "+5", "+6"] and groups["result"][-1] == "-13"
    with pytest.raises(IncompleteDealError):
        deal_from_buttons({"result": "="})


def test_results_a_level_cannot_have_are_greyed() -> None:
    from rotation.web.views import impossible_results

    greyed = impossible_results()
    assert greyed["7"] == ("+1", "+2", "+3", "+4", "+5", "+6")
    assert greyed["1"] == ("-8", "-9", "-10", "-11", "-12", "-13")
    assert greyed["3"] == ("+5", "+6", "-10", "-11", "-12", "-13")
    for level, results in greyed.items():
        for result in results:
            with pytest.raises(InvalidDealError):
                parse_deal_argument(f"{level}S N {result}")
        for result in ({f"+{k}" for k in range(1, 7)} | {f"-{k}" for k in range(1, 14)}) - set(results):
            parse_deal_argument(f"{level}S N {result}")

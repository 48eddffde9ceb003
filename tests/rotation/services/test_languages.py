"""The evening's saved language (issue 28): kept with the evening, read back by the pages and the terminal,
gone with the evening; a typed deal read in that language's pad words; --lang taken out of any place on the
command line."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from rotation.cli.speech import UnknownLanguageError, taken_out
from rotation.cut import Order
from rotation.language import speaking
from rotation.plan import PlanRequest, plan
from rotation.results.session import Session
from rotation.services import evenings, rubbers
from rotation.services.database import open_store
from rotation.services.languages import evening_language, keep_evening_language, parse_evening_deal
from scoring.contract import Result
from scoring.deal import Honors, RecordedDeal
from scoring.seat import Side
from tests.conftest import BULLETIN_FIVE


def test_an_evenings_language_is_kept_read_replaced_and_forgotten(tmp_path: Path) -> None:
    """None until one is kept; the kept one read back by name or by identity; replaced; forgotten with
    None; a code that is no language refused; and nothing left once the evening is deleted."""
    with open_store(tmp_path / "x.db") as store:
        saved = store.save(
            "tue", date(2026, 11, 27), Session(plan(PlanRequest(BULLETIN_FIVE, Order.GIVEN)).schedule)
        )
        assert evening_language(store, "tue") is None
        keep_evening_language(store, saved.id, "nl")
        assert evening_language(store, "tue") == evening_language(store, saved.id) == "nl"
        keep_evening_language(store, "tue", "nb-NO")
        assert evening_language(store, "tue") == "nb"
        with pytest.raises(ValueError, match="not a language"):
            keep_evening_language(store, "tue", "xy")
        keep_evening_language(store, "tue", None)
        assert evening_language(store, "tue") is None
        keep_evening_language(store, "tue", "ru")
        evenings.delete_evening(store, "tue")
        count = store._db.execute("SELECT count(*) FROM evening_languages").fetchone()[0]
        assert count == 0


def test_a_deal_typed_at_a_table_is_read_in_the_evenings_language() -> None:
    """The table page's parser: the evening's pad words beside the English ones; with no language given,
    the language being spoken."""
    assert parse_evening_deal("3SA Z =", "nl") == RecordedDeal.parse("3NT S =")
    with_honours = RecordedDeal(Result.parse("3NT S ="), Honors(Side.NS, 150))
    assert parse_evening_deal("3SA Z = honors NZ 150", "nl") == with_honours
    with speaking("fr"):
        assert parse_evening_deal("4♥ O -1", None) == RecordedDeal.parse("4H W -1")
        assert rubbers.parse_deals("3SA S =\npasse\n") == (
            RecordedDeal.parse("3NT S ="),
            RecordedDeal.parse("pass"),
        )


def test_lang_is_taken_out_of_any_place_before_a_double_dash() -> None:
    """--lang CODE or --lang=CODE anywhere (the last one wins); after ``--`` everything is a player's
    name; a missing or unknown code is refused, with the codes listed."""
    assert taken_out(["score", "3SA=", "--lang", "nl"]) == (["score", "3SA="], "nl")
    assert taken_out(["--lang=de", "plan", "Ann", "--lang", "fr"]) == (["plan", "Ann"], "fr")
    assert taken_out(["plan", "--", "--lang", "Bo"]) == (["plan", "--", "--lang", "Bo"], None)
    with pytest.raises(UnknownLanguageError, match="needs a language: en, nl, fr, de, pl, ru, sv, da or nb"):
        taken_out(["score", "--lang"])
    with pytest.raises(UnknownLanguageError, match=r"unknown language 'x{17}\.\.\.'"):
        taken_out(["--lang", "x" * 5000])


def test_nothing_of_a_commands_language_stays_after_it(tmp_path: Path) -> None:
    """One command's --lang (and the evening it followed) is gone when it ends: the next command in the same
    process starts from English and the environment again."""
    from typer.testing import CliRunner

    from rotation.cli.app import app
    from rotation.cli.speech import ASKED, CHOSEN_BY_READER, LATER
    from rotation.language import current

    runner = CliRunner()
    done = runner.invoke(
        app, ["--db", str(tmp_path / "x.db"), "score", "3SA=", "--lang", "nl"], env={"CHICAGO_LANG": ""}
    )
    assert (done.exit_code, done.output.strip()) == (0, "400")
    assert (current(), ASKED.get(), CHOSEN_BY_READER.get(), LATER.get()) == ("en", None, False, None)
    refused = runner.invoke(app, ["--db", str(tmp_path / "x.db"), "score", "3SA="], env={"CHICAGO_LANG": ""})
    assert refused.exit_code == 2

"""`chicago plan --house NAME` through the installed command: the house's scoring saved with its name,
the name printed in `show`, on the text cards and on every page of the PDF, an option beside the house
winning, a club's own file beside its database, and every bad house or file refused in one line, exit 2."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.rotation.web.real import chicago

FOUR = ("Ann", "Bea", "Cy", "Dee")
ROUND_1 = ("2S W +1", "3NT S -2", "6S E =", "2D S =")
"""Seed 001's example (Regular Scoring) with South dealing the first deal, as --seed 1 seats round 1:
every seat turned half way round the table, so each deal is dealt by the same side as in the bulletin."""


def planned(db: Path, *args: str) -> str:
    made = chicago(db, "plan", *FOUR, "--seed", "1", *args)
    assert made.returncode == 0, made.stderr
    return made.stdout


def refused(db: Path, *args: str) -> str:
    """The one error line of a plan refused as the user's mistake."""
    made = chicago(db, "plan", *FOUR, "--seed", "1", *args)
    assert made.returncode == 2, (made.stdout, made.stderr)
    lines = made.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("chicago: error: "), made.stderr
    return lines[0]


def shown(db: Path, name: str) -> str:
    """`chicago show NAME`, folded lines joined, so a phrase is found wherever the terminal broke it."""
    made = chicago(db, "show", name)
    assert made.returncode == 0, made.stderr
    return " ".join(made.stdout.split())


def test_cavendish_saved_printed_and_scored(tmp_path: Path) -> None:
    """Seed 001, Cavendish: the bulletin's example scores N-S 140, E-W 1720 (see tests/scoring/
    test_houses.py), E-W +16; the house's name in `show`, on the text cards and on every PDF page."""
    db = tmp_path / "club.db"
    out = " ".join(planned(db, "--house", "cavendish", "--save", "mon").split())
    assert "Scoring: House rules cavendish: Chicago scoring, dealer's opponents vulnerable" in out
    recorded = chicago(db, "record", "mon", "--round", "1", *ROUND_1)
    assert recorded.returncode == 0, recorded.stderr
    assert "N-S 140, E-W 1720: E-W +16" in recorded.stdout
    assert "House rules cavendish: Chicago scoring" in shown(db, "mon")
    cards = chicago(db, "cards", "mon")
    assert "House rules cavendish" in " ".join(cards.stdout.split())
    pdf = tmp_path / "mon.pdf"
    assert chicago(db, "cards", "mon", "--out", str(pdf)).returncode == 0
    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(pdf.read_bytes())).pages
    assert len(pages) >= 4  # player cards, table cards, score pads, tally sheet
    for number, page in enumerate(pages, 1):
        assert "cavendish" in " ".join(page.extract_text().split()), f"page {number}"
    listed = chicago(db, "sessions")
    assert "cavendish: chicago, nondealer" in " ".join(listed.stdout.split())


def test_an_option_beside_the_house_wins(tmp_path: Path) -> None:
    """`--house cavendish --vulnerability dealer`: the bulletin's Regular cycle, the name marked varied."""
    db = tmp_path / "club.db"
    planned(db, "--house", "cavendish", "--vulnerability", "dealer", "--save", "tue")
    text = shown(db, "tue")
    assert "House rules cavendish (varied): Chicago scoring, dealer's side vulnerable on deals 2-3" in text
    recorded = chicago(db, "record", "tue", "--round", "1", *ROUND_1)
    assert "N-S 140, E-W 1170: E-W +10" in recorded.stdout  # the bulletin's own example, Regular


def test_russian_and_four_deal_keep_their_method_and_unit(tmp_path: Path) -> None:
    """The json data carries the house's settings and name; russian tallies in IMPs, four-deal in points."""
    import json

    db = tmp_path / "club.db"
    russian = json.loads(planned(db, "--house", "russian", "--json"))["scoring"]
    assert (russian["method"], russian["vulnerability"], russian["house"]) == ("russian", "dealer", "russian")
    four = json.loads(planned(db, "--house", "four-deal", "--json"))["scoring"]
    assert (four["method"], four["vulnerability"], four["unit"]) == ("duplicate", "nondealer", "points")
    line = refused(db, "--house", "russian", "--unit", "points", "--json")
    assert "russian scoring tallies in imps" in line.lower()


def test_a_clubs_own_houses_beside_its_database(tmp_path: Path) -> None:
    """houses.toml beside the database: its house by name; a file of one house by its path."""
    db = tmp_path / "club.db"
    (tmp_path / "houses.toml").write_text(
        "# Wednesdays: Cavendish, but 100 for any part score left after the last deal\n"
        '[wednesday]\nlike = "cavendish"\npremium = "outstanding"\n',
        encoding="utf-8",
    )
    planned(db, "--house", "Wednesday", "--save", "wed")
    text = shown(db, "wed")
    assert "House rules wednesday: Chicago scoring, dealer's opponents vulnerable" in text
    assert "100 for each part score outstanding" in text
    own = tmp_path / "elsewhere" / "ours.toml"
    own.parent.mkdir()
    own.write_text('[ours]\nscoring = "duplicate"\nunit = "points"\n', encoding="utf-8")
    planned(db, "--house", str(own), "--save", "thu")
    assert "House rules ours: Duplicate scoring" in shown(db, "thu")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('[x]\ncolour = "red"\n', "unknown setting 'colour'"),
        ('[x]\npremium = "sometimes"\n', "unknown partscore_premium"),
        ("[x\n", "not TOML"),
        ('[bulletin]\nunit = "points"\n', "a preset's name"),
        ("[a]\n[b]\n", "holds one house, not 2"),
        ("# " + "x" * 70_000 + "\n[x]\n", "more than 64 KiB"),
    ],
)
def test_bad_house_files_are_refused_in_one_line(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    line = refused(tmp_path / "club.db", "--house", str(path), "--save", "x")
    assert fragment in line
    assert not (tmp_path / "club.db").exists() or "x" not in chicago(tmp_path / "club.db", "sessions").stdout


def test_unknown_houses_and_broken_club_files_are_refused(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    line = refused(db, "--house", "casual", "--save", "x")
    assert "no house rules 'casual'" in line and "cavendish" in line
    assert "no such house file" in refused(db, "--house", str(tmp_path / "none.toml"))
    (tmp_path / "houses.toml").write_bytes(b"[w]\nunit = \xff\n")
    assert "not UTF-8" in refused(db, "--house", "w")
    planned(db, "--house", "bulletin")  # a preset needs no club file: a broken one does not stop it


def test_an_evening_replanned_in_place_keeps_its_house(tmp_path: Path) -> None:
    """--keep X --save X replans X in place, its scoring kept: a house asked there is refused, not lost."""
    db = tmp_path / "club.db"
    planned(db, "--house", "cavendish", "--save", "fri")
    line = refused(db, "--keep", "fri", "--save", "fri", "--house", "russian")
    assert "keeps the scoring it was saved with" in line
    assert "House rules cavendish: Chicago scoring" in shown(db, "fri")

"""`chicago cards` from the command line: formats by suffix, paper, --only, errors, lazy PDF import."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pypdf
import pytest
from typer.testing import CliRunner

from rotation.cli import app
from tests.conftest import BULLETIN_FIVE, modules_loaded, packages
from tests.rotation.render.test_cards import five_player_data


@pytest.fixture
def five_file(tmp_path: Path) -> Path:
    path = tmp_path / "tuesday.json"
    path.write_text(json.dumps(five_player_data()), encoding="utf-8")
    return path


def test_cli_text_from_a_plain_schedule(runner: CliRunner, tmp_path: Path) -> None:
    """`chicago plan --json` output (no results, no scoring) prints as text with the default scoring."""
    planned = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--json"])
    path = tmp_path / "evening.json"
    path.write_text(planned.output, encoding="utf-8")
    result = runner.invoke(app, ["cards", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("evening: 5 players, 5 rounds\nScoring: Chicago scoring")
    for title in ("PLAYER CARDS", "TABLE CARDS", "SCORE PADS", "TALLY SHEET"):
        assert title in result.output
    assert all(f"{name} (no. " in result.output for name in BULLETIN_FIVE)


def test_cli_writes_pdf_by_suffix(runner: CliRunner, five_file: Path, tmp_path: Path) -> None:
    """--out FILE.pdf writes a PDF (five players: 5 pages), --paper letter sizes it for Letter."""
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["cards", str(five_file), "--out", str(out), "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert "Wrote player cards, table cards, score pads, tally sheet to" in result.output
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 5
    assert [round(float(v)) for v in reader.pages[0].mediabox] == [0, 0, 612, 792]
    assert reader.metadata is not None and reader.metadata.title == "tuesday: 5 players, 5 rounds"


def test_cli_markdown_by_suffix_and_only(runner: CliRunner, five_file: Path, tmp_path: Path) -> None:
    """--out FILE.md writes Markdown; --only (repeatable) keeps those documents."""
    out = tmp_path / "cards.md"
    result = runner.invoke(
        app, ["cards", str(five_file), "--out", str(out), "--only", "tally", "--only", "players"]
    )
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# tuesday: 5 players, 5 rounds")
    assert "## Player cards" in text and "## Tally sheet" in text
    assert "## Table cards" not in text and "## Score pads" not in text


def test_cli_pdf_to_a_pipe(runner: CliRunner, five_file: Path) -> None:
    """--format pdf without --out writes the PDF to standard output when it is not a terminal."""
    result = runner.invoke(app, ["cards", str(five_file), "--format", "pdf", "--only", "tally"])
    assert result.exit_code == 0
    assert result.stdout_bytes.startswith(b"%PDF-")
    assert len(pypdf.PdfReader(io.BytesIO(result.stdout_bytes)).pages) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["results"].append({"round": 9, "table": 1, "net": "N-S +1"}),
            "round 9 is not in the schedule",
        ),
        (lambda d: d.__setitem__("scoring", {"method": "bridge"}), "unknown method"),
    ],
)
def test_cli_bad_session_is_one_line(runner: CliRunner, tmp_path: Path, change: Any, message: str) -> None:
    """A session that cannot be read or scored is one error line and exit code 2."""
    data = five_player_data()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["cards", str(path)])
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_cli_refuses_unknown_document(runner: CliRunner, five_file: Path) -> None:
    result = runner.invoke(app, ["cards", str(five_file), "--only", "menus"])
    assert result.exit_code == 2 and "--only" in result.output


def test_cards_modules_import_no_pdf_library() -> None:
    """The PDF library loads only when a PDF is rendered: importing the CLI and the printers leaves it out."""
    loaded = modules_loaded(
        ["rotation.cli", "rotation.render.cards", "rotation.render.text", "rotation.render.pdf"]
    )
    assert "rotation.render.pdf" in loaded
    assert "fpdf" not in packages(loaded)


def test_cli_cards_for_a_saved_session(runner: CliRunner, tmp_path: Path) -> None:
    """`chicago cards NAME` prints a session saved with `plan --save`, with the rubbers recorded so far:
    the cards carry the running tally, the tally sheet its totals, the PDF its five pages."""
    env = {"CHICAGO_DB": str(tmp_path / "club.db")}
    saved = runner.invoke(app, ["plan", *BULLETIN_FIVE, "--order", "given", "--save", "Tue night"], env=env)
    assert saved.exit_code == 0, saved.output
    for number, net in enumerate(["E-W +3", "N-S +5"], 1):
        recorded = runner.invoke(app, ["record", "tue night", "-r", str(number), "--net", net], env=env)
        assert recorded.exit_code == 0, recorded.output
    result = runner.invoke(app, ["cards", "TUE NIGHT", "--only", "players", "--only", "tally"], env=env)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("TUE NIGHT: 5 players, 5 rounds\n")
    ann = result.output.split("Ann (no. 1")[1].split("\n\n")[0].splitlines()
    rows = [line for line in ann if line.split() and line.split()[0].isdigit()]  # the heading may fold
    assert rows[0].split()[-1] == "-3" and rows[1].split()[-1] == "-8"  # the bulletin's sheet: -3, then -8
    assert "Round 2, table 1: Helen & Doris v Ann & Shirley: N-S +5" in result.output
    out = tmp_path / "tue.pdf"
    result = runner.invoke(app, ["cards", "tue night", "--out", str(out)], env=env)
    assert result.exit_code == 0, result.output
    assert len(pypdf.PdfReader(out).pages) == 5


def saved_evening(runner: CliRunner, tmp_path: Path) -> dict[str, str]:
    env = {"CHICAGO_DB": str(tmp_path / "club.db")}
    players = [*BULLETIN_FIVE, "Kim", "Lou", "Max", "Ned"]  # nine: two tables
    saved = runner.invoke(app, ["plan", *players, "--order", "given", "--save", "club"], env=env)
    assert saved.exit_code == 0, saved.output
    return env


def served_links(tmp_path: Path, base: str) -> dict[int, str]:
    """The tables' links exactly as `chicago serve` prints them."""
    from rotation.services.database import open_store
    from rotation.services.evenings import live_links

    with open_store(tmp_path / "club.db", create=False) as store:
        return live_links(store, "club", base).tables()


def test_cli_cards_live_puts_each_tables_link_on_its_card(runner: CliRunner, tmp_path: Path) -> None:
    env = saved_evening(runner, tmp_path)
    base = "http://192.168.1.20:8013"
    result = runner.invoke(app, ["cards", "club", "--only", "tables", "--live", base + "/"], env=env)
    assert result.exit_code == 0, result.output
    urls = served_links(tmp_path, base)
    assert len(urls) == 2 and all("?k=" in url for url in urls.values())
    for table, url in urls.items():
        card = result.output.split(f"Table {table}  (* deals first)\n")[1]
        assert card.startswith(f"Live page: {url}\n")
    markdown = runner.invoke(
        app, ["cards", "club", "--only", "tables", "--format", "markdown", "--live", base], env=env
    )
    assert markdown.exit_code == 0, markdown.output
    assert all(f"Live page: <{url}>" in markdown.output for url in urls.values())
    plain = runner.invoke(app, ["cards", "club", "--only", "tables"], env=env)
    assert "Live page" not in plain.output and "?k=" not in plain.output


def pdf_images(path: Path) -> list[int]:
    """The number of images drawn on each page of the PDF."""
    counts = []
    for page in pypdf.PdfReader(path).pages:
        resources = page["/Resources"]
        xobjects = resources.get("/XObject", {}) if resources else {}
        counts.append(sum(1 for o in xobjects.values() if o.get_object()["/Subtype"] == "/Image"))
    return counts


def test_cli_cards_live_pdf_has_a_qr_code_per_table_card(runner: CliRunner, tmp_path: Path) -> None:
    env = saved_evening(runner, tmp_path)
    base = "http://192.168.1.20:8013"
    out, plain = tmp_path / "live.pdf", tmp_path / "plain.pdf"
    live = runner.invoke(
        app, ["cards", "club", "--only", "tables", "--out", str(out), "--live", base], env=env
    )
    assert live.exit_code == 0, live.output
    assert sum(pdf_images(out)) == 2  # one QR code on each of the two table cards
    text = "".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    squeezed = "".join(text.split())
    assert all(url in squeezed for url in served_links(tmp_path, base).values())
    runner.invoke(app, ["cards", "club", "--only", "tables", "--out", str(plain)], env=env)
    assert sum(pdf_images(plain)) == 0


def test_cli_cards_live_refuses_a_file_and_a_bad_address(
    runner: CliRunner, five_file: Path, tmp_path: Path
) -> None:
    result = runner.invoke(app, ["cards", str(five_file), "--live", "http://192.168.1.20:8013"])
    assert result.exit_code == 2
    assert "chicago: error: --live needs a saved session" in result.output
    env = saved_evening(runner, tmp_path)
    bad = runner.invoke(app, ["cards", "club", "--live", "192.168.1.20:8013"], env=env)
    assert bad.exit_code == 2 and "chicago: error: --live takes the server's address" in bad.output


def test_cards_live_loads_segno_only_for_a_pdf() -> None:
    modules = ["rotation.cli.evening", "rotation.render.cards", "rotation.render.text", "rotation.render.pdf"]
    loaded = modules_loaded([*modules, "rotation.render.pdf_tables"])
    assert "rotation.render.pdf_tables" in loaded
    assert "segno" not in packages(loaded)

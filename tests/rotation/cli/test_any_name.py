"""Names from the whole of Unicode through every command a name reaches: plan --json, import, record,
show, tally (text, JSON), rank (text, JSON, CSV), check and cards (text, Markdown, PDF).

Nothing crashes: every command exits 0, or a refused name exits 2 with one `chicago: error:` line; no raw
control character (C0 or C1, but the newline) is printed; the JSON gives back the name in its normal form
(`names.clean_name`). Lone surrogates stand for the bytes a command line that is not UTF-8 arrives as
(Python's surrogateescape); the terminal itself is not simulated (CliRunner is not a TTY).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from rotation.cli import app
from rotation.names import InvalidNameError, clean_name

CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
"""C0 and C1 control characters, DEL, but not the newline."""

HOSTILE = (
    "[b]x[/b]",
    "[link=file:///etc/passwd]Di[/link]",
    "Ann\x1b]0;pwned\x07",
    "Bob\x1b[2J",
    "\u202eevil",
    "e\u0301le\u0300ve",
    "Jose\u0301",
    "王秀英",
    "=HYPERLINK(1)",
    "a|b`*_<x>#",
    "\udcff\udcfe",
    "\ud800",
    "\x85next",
    "x\u200dy",
    " ",
)

names = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(st.characters(codec=None, exclude_categories=()), min_size=1, max_size=12),
    st.text(st.characters(min_codepoint=0, max_codepoint=0x9F), min_size=1, max_size=6),
)


def _clean(output: str) -> None:
    found = CONTROL.search(output)
    assert found is None, f"raw control character {found.group()!r} printed: {output!r}"


def _strings(data: object) -> Iterator[str]:
    """Every string in decoded JSON, keys and values."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


def _refused(result: Result) -> bool:
    """Whether the command refused the input as it should: exit 2 and one error line."""
    if result.exit_code != 2:
        return False
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("chicago: error: "), result.output
    return True


def _run(runner: CliRunner, *args: str) -> Result:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code in (0, 2), (args, result.exit_code, result.output)
    _clean(result.output)
    return result


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("any-name")


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=names)
@example(name="[link=file:///etc/passwd]Di[/link]")
@example(name="Ann\x1b]0;pwned\x07")
@example(name="\u202eevil")
@example(name="Jose\u0301")
@example(name="\udcff")
@example(name="山田太郎")
@example(name='0"')  # a quote, which JSON escapes
@example(name="-0")  # after --, a name, not an option
def test_any_name_through_every_command(name: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for old in folder.iterdir():
        old.unlink()
    monkeypatch.setenv("CHICAGO_DB", str(folder / "names.db"))
    monkeypatch.setenv("COLUMNS", "80")
    runner = CliRunner()
    try:
        expected: str | None = clean_name(name)
    except InvalidNameError:
        expected = None
    taken = "" if expected is None else expected.casefold()
    others = [n for n in ("Ann", "Bob", "Cy", "Di") if n.casefold() != taken]
    planned = _run(runner, "plan", "--order", "given", "--json", "--", *others[:3], name)  # "-0" is a name
    if _refused(planned):
        assert expected is None or expected.casefold() in {n.casefold() for n in others[:3]}, planned.output
        return
    assert expected is not None, f"{name!r} was accepted: {planned.output!r}"
    schedule = json.loads(planned.stdout)
    assert schedule["players"][3] == expected
    path = folder / "evening.json"
    path.write_text(planned.stdout, encoding="utf-8")

    assert _run(runner, "import", str(path), "--name", "evening", "--date", "2024-01-09").exit_code == 0
    assert _run(runner, "record", "evening", "-r", "1", "--net", "N-S +3").exit_code == 0
    deals = ("2S E +1", "pass", "3NT N -2", "4H S =", "1C W =")
    assert _run(runner, "record", "evening", "-r", "2", *deals).exit_code == 0
    for args in (
        ("show", "evening"),
        ("tally", "evening"),
        ("rank",),
        ("check", str(path)),
        ("cards", str(path), "--format", "text"),
        ("cards", "evening", "--format", "markdown"),
        ("cards", "evening", "--out", str(folder / "cards.pdf")),
    ):
        assert _run(runner, *args).exit_code == 0, args
    tally = json.loads(_run(runner, "tally", "evening", "--json").stdout)
    assert expected in set(_strings(tally))  # decoded: a name may hold a quote that JSON escapes
    ranked = json.loads(_run(runner, "rank", "--json").stdout)
    assert expected in [player["name"] for player in ranked["players"]]
    csv = _run(runner, "rank", "--csv").stdout.replace("\r\n", "\n")
    _clean(csv)

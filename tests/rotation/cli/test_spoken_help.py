"""--help in the language spoken, through the installed `chicago`: German help shows every option's help in
German (as the catalogue translates it) and none in English; English --help stays as written; every
command's help is marked to be translated (help_words.COMMANDS holds each docstring word for word)."""

from __future__ import annotations

import os
import re
import subprocess
from itertools import pairwise
from pathlib import Path

from rotation.language import speaking
from tests.rotation.web.real import CHICAGO, chicago


def _plan_options() -> dict[str, str]:
    """Each `chicago plan` parameter's help as declared (English), by its name."""
    import typer
    from typer.main import get_command

    from rotation.cli.app import app

    group = get_command(app)
    command = group.get_command(typer._click.Context(group, info_name="chicago"), "plan")  # type: ignore[attr-defined]
    return {param.name: param.help for param in command.params if param.help}


def _flat(text: str) -> str:
    """Help output as one line of words: the boxes' borders and the wrapping taken out."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def _opening(text: str, words: int) -> str:
    return " ".join(text.split()[:words])


def test_german_help_shows_every_option_in_german(tmp_path: Path) -> None:
    from rotation.language import gettext

    done = chicago(tmp_path / "club.db", "plan", "--help", "--lang", "de")
    assert done.returncode == 0, done.stderr
    shown = _flat(done.stdout)
    options = _plan_options()
    assert len(options) > 20
    with speaking("de"):
        german = {name: gettext(text) for name, text in options.items()}
    for name, text in options.items():
        assert german[name] != text, name  # translated in the catalogue
        assert _opening(german[name], 2) in shown, (name, german[name])
        assert _opening(text, 5) not in shown, (name, text)
    assert "Optionen" in shown and "Die Namen der Spieler (mindestens vier)." in shown


def test_english_help_is_as_written(tmp_path: Path) -> None:
    done = chicago(tmp_path / "club.db", "plan", "--help")
    shown = _flat(done.stdout)
    assert done.returncode == 0 and "Options" in shown and "Arguments" in shown
    for name, text in _plan_options().items():
        assert _opening(text, 3) in shown, name
    plain = subprocess.run(
        [str(CHICAGO), "plan", "--help", "--lang", "en"], capture_output=True, text=True, check=False
    )
    assert plain.stdout == done.stdout


def test_every_commands_help_is_marked() -> None:
    import typer
    from typer.main import get_command

    from rotation.cli.app import app
    from rotation.cli.help_words import COMMANDS

    group = get_command(app)
    context = typer._click.Context(group, info_name="chicago")  # type: ignore[attr-defined]
    for name in group.list_commands(context):
        assert group.get_command(context, name).help == COMMANDS[name], name


def _command_rows(text: str) -> dict[str, list[str]]:
    """The Commands panel of ``chicago --help``: each command's description lines, as printed."""
    rows: dict[str, list[str]] = {}
    inside, name = False, ""
    for line in text.splitlines():
        if line.startswith("╭") and ("Commands" in line or "Команды" in line):
            inside = True
        elif line.startswith("╰"):
            inside = False
        elif inside:
            cells = re.match(r"│ (\S*)\s+(.*?)\s*│$", line)
            assert cells is not None, line
            name = cells[1] or name
            rows.setdefault(name, []).append(cells[2])
    return rows


def test_the_command_list_flows_as_paragraphs_and_chicago_alone_is_no_error(tmp_path: Path) -> None:
    """`chicago --help` lists each command's help as one paragraph wrapped to the panel: a line breaks
    only where the next word would not fit (Typer's Rich mode kept the docstrings' line breaks there:
    "and how even" alone on a line). `chicago` alone prints that help and no empty error line."""
    for asked in (("--help",), ("--help", "--lang", "ru"), ()):
        done = subprocess.run(
            [str(CHICAGO), *asked],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=600,
            check=False,
            env={**os.environ, "CHICAGO_DB": str(tmp_path / "club.db")},
        )
        assert done.returncode == (0 if asked else 2), done.stderr
        assert "error" not in done.stderr, done.stderr
        rows = _command_rows(done.stdout)
        assert {"plan", "check", "record", "serve"} <= rows.keys(), rows.keys()
        width = max(len(line) for lines in rows.values() for line in lines)
        for name, lines in rows.items():
            for line, following in pairwise(lines):
                assert len(line) + 1 + len(following.split()[0]) > width, (name, line, following)
    assert "how even the evening is" in _flat(chicago(tmp_path / "club.db", "--help").stdout)

"""A host's mistakes at the terminal in the language spoken, through the installed `chicago`: the plan's
refusals (too few players, --away naming a stranger or unreadable, rounds unreadable, a name twice), the
contract reader's (a level of 9, more tricks than a deal has), recording in a round the evening does not
have, a deal without its declarer, a net unreadable, and click's own usage errors (a value not a number,
an option missing or unknown) are each one ``chicago: error:`` line in that language, exit 2, with no
English sentence left; English keeps its words.

The English words looked for are not listed by hand: they are the words of the same mistake's English line,
less what is no sentence (names and values typed, quoted; options; the command to see).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rotation.web.real import chicago

PLAYERS = ("Ann", "Bob", "Cid", "Dan", "Eve")

MISTAKES = {
    "too few players": ("plan", "Ann", "Bob"),
    "away names a stranger": ("plan", *PLAYERS, "--away", "Zed:1"),
    "away unreadable": ("plan", *PLAYERS, "--away", "Ann"),
    "away rounds unreadable": ("plan", *PLAYERS, "--away", "Ann:x"),
    "a name twice": ("plan", "Ann", "ann", "Bob", "Cid"),
    "rounds not a number": ("plan", *PLAYERS, "--rounds", "x"),
    "rounds out of range": ("plan", *PLAYERS, "--rounds", "0"),
    "an unknown option": ("plan", *PLAYERS, "--roundz", "3"),
    "a level of nine": ("score", "9NT="),
    "more tricks than a deal has": ("score", "3NT+7"),
    "a round the evening lacks": ("record", "E1", "-r", "9", "3NT N ="),
    "a missing option": ("record", "E1", "3NT N ="),
    "a deal without its declarer": ("record", "E1", "-r", "1", "3NT="),
    "a net unreadable": ("record", "E1", "-r", "1", "--net", "X 3"),
    "a round too few for a table": ("plan", "Ann", "Bob", "Cid", "Dan", "--away", "Ann:1"),
    "high-card points out of range": ("record", "E1", "-r", "1", "3NT N = hcp x"),
}
"""Each mistake as a host types it (the evening E1 is saved: five players, the bulletin's movement)."""

ENGLISH = {
    "too few players": "Chicago needs at least four players, got 2",
    "away names a stranger": "--away names 'Zed', who is not one of the players",
    "a level of nine": "'9NT=': level 9 is impossible: a contract is 1 to 7",
    "rounds out of range": (
        "Invalid value for '--rounds': Input should be greater than or equal to 1 (see 'chicago plan --help')"
    ),
    "a missing option": "Missing option '--round' / '-r'. (see 'chicago record --help')",
}
"""English as it always was (the issue: English output stays exactly as it is)."""

SHARED = {
    "de": {"chicago", "option", "name", "shirley", "hcp", "n", "s"},  # Option, Name, Shirley; typed; N-S
    "ru": {"chicago", "shirley", "hcp"},  # the game's name; a player's name (the example of --away); typed
}
"""Words the language writes as English does, each its own word there."""

SAID = {
    "de": {"too few players": "vier Spieler", "a level of nine": "Stufe 9", "a missing option": "fehlt"},
    "ru": {
        "too few players": "четырёх игроков",
        "a level of nine": "уровень 9",
        "a missing option": "указан параметр",
    },
}
"""A few words each language's line must hold, found in its catalogue's translation."""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store with the evening E1 saved (in English)."""
    path = tmp_path_factory.mktemp("spoken") / "club.db"
    done = chicago(path, "plan", *PLAYERS, "--save", "E1")
    assert done.returncode == 0, done.stderr
    return path


@pytest.fixture(scope="module")
def english(db: Path) -> dict[str, str]:
    """Each mistake's English line (one line, exit 2)."""
    return {name: _one_line(db, args) for name, args in MISTAKES.items()}


def _one_line(db: Path, args: tuple[str, ...]) -> str:
    done = chicago(db, *args)
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and len(lines) == 1 and not done.stdout, (args, done.stderr, done.stdout)
    assert lines[0].startswith("chicago: error: "), lines
    return lines[0].removeprefix("chicago: error: ")


def sentence_words(line: str) -> set[str]:
    """The words of ``line`` that belong to its sentences: not what is quoted (a name, a value, the
    command to see), nor an option."""
    line = re.sub(r"'[^']*'", " ", line)
    line = re.sub(r"(?<!\w)--?[\w-]+", " ", line)
    return {word.lower() for word in re.findall(r"[^\W\d_]+", line)}


def test_english_keeps_its_words(english: dict[str, str]) -> None:
    for name, line in ENGLISH.items():
        assert english[name] == line


@pytest.mark.parametrize("language", ["de", "ru"])
def test_a_hosts_mistakes_are_said_in_the_language(db: Path, english: dict[str, str], language: str) -> None:
    for name, args in MISTAKES.items():
        said = _one_line(db, (*args, "--lang", language))
        left = (sentence_words(said) & sentence_words(english[name])) - SHARED[language]
        assert not left, (name, said, left)
        assert said != english[name]
        if name in SAID[language]:
            assert SAID[language][name] in said, (name, said)


@pytest.mark.parametrize(
    ("language", "said"), [("de", "kein gültiges JSON"), ("ru", "не является корректным JSON")]
)
def test_a_file_that_is_not_json_is_said_in_the_language(tmp_path: Path, language: str, said: str) -> None:
    """A schedule file broken by hand: where it breaks, in the host's language (json's own English words
    are not passed on)."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "chicago-schedule/1",\n "players": [}', encoding="utf-8")
    english = _one_line(tmp_path / "club.db", ("import", str(broken)))
    assert "is not valid JSON (line 2, column" in english, english
    line = _one_line(tmp_path / "club.db", ("import", str(broken), "--lang", language))
    assert said in line and "(" in line, line
    words = sentence_words(line.replace(str(broken), "")) & sentence_words(english.replace(str(broken), ""))
    assert words <= {"json"}, line

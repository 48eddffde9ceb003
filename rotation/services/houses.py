"""House rules as either face names them: a preset's name, a house of the club's own file beside its
database (``houses.toml``), or (at the terminal) a file of one house; resolved with the settings asked
beside it, which override the house's. Every file is user input: bounded, read whole, checked whole."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from rotation.errors import UserError
from scoring.houses import PRESETS, House, InvalidHouseError, preset, preset_names, read_houses
from scoring.rules import ScoringRules

__all__ = [
    "HOUSES_FILE",
    "MAX_FILE",
    "HouseChoices",
    "HouseError",
    "find_house",
    "house_choices",
    "house_rules",
]

HOUSES_FILE: Final = "houses.toml"
"""The club's own houses, kept beside its database."""
MAX_FILE: Final = 64 * 1024
"""The most bytes of a house file: a hundred houses fit in a tenth of it."""
MAX_TYPED: Final = 1000
"""The most characters of a house's name or file as typed."""


class HouseError(UserError, ValueError):
    """House rules that cannot be had: an unknown name, a file missing, too big or unreadable."""


def club_file(database: Path) -> Path:
    """Where a club keeps its own houses: ``houses.toml`` beside its database."""
    return database.parent / HOUSES_FILE


def is_file(text: str) -> bool:
    """Whether a house as typed names a file rather than a house."""
    return "/" in text or "\\" in text or text.strip().lower().endswith(".toml")


def find_house(text: str, *, database: Path | None = None, files: bool = True) -> House:
    """The house ``text`` names: a preset, else a house of the club's file beside ``database``; or with
    ``files`` (the terminal), a file holding one house. HouseError for anything else."""
    if len(text) > MAX_TYPED:
        raise HouseError(f"a house's name of {len(text):,} characters; at most {MAX_TYPED}")
    if is_file(text):
        if not files:
            raise HouseError("house rules are chosen here by name, not by a file's path")
        houses = _read(Path(text.strip()), missing_ok=False)
        if len(houses) != 1:
            raise HouseError(
                f"{text.strip()}: a house file given by its path holds one house, not {len(houses)}"
            )
        return houses[0]
    found = preset(text)
    if found is not None:
        return found
    club = _read(club_file(database), missing_ok=True) if database is not None else ()
    wanted = text.strip().lower()
    for house in club:
        if house.name == wanted:
            return house
    from rotation.language import _

    typed = repr(text.strip()[:40])
    if club:
        raise HouseError(
            _("no house rules {typed}: the presets are {presets} or the club's ({own})").format(
                typed=typed, presets=preset_names(), own=", ".join(house.name for house in club)
            )
        )
    raise HouseError(
        _("no house rules {typed}: the presets are {presets}").format(typed=typed, presets=preset_names())
    )


def house_rules(
    text: str, given: Mapping[str, str], *, database: Path | None = None, files: bool = True
) -> ScoringRules:
    """The scoring of the house ``text`` with ``given`` (a session's ``"scoring"`` keys) overriding it,
    the house's name kept with it (marked varied when an override changed it)."""
    house = find_house(text, database=database, files=files)
    try:
        return house.with_settings(given)
    except ValueError as error:  # InvalidRulesError, or a method or cycle unknown
        raise HouseError(str(error)) from None


@dataclass(frozen=True, slots=True)
class HouseChoices:
    """The houses a club may choose from (the presets, then its own), and why its file could not be read
    ("" when it could, or there is none)."""

    houses: tuple[House, ...]
    fault: str = ""


def house_choices(database: Path) -> HouseChoices:
    """Every house a club's page offers: a broken file of its own is said, the presets still offered."""
    try:
        return HouseChoices((*PRESETS, *_read(club_file(database), missing_ok=True)))
    except HouseError as error:
        return HouseChoices(PRESETS, str(error))


def _read(path: Path, *, missing_ok: bool) -> tuple[House, ...]:
    """The houses of a file, bounded and checked whole."""
    try:
        if not path.exists():
            if missing_ok:
                return ()
            raise HouseError(f"{path}: no such house file")
        if not path.is_file():
            raise HouseError(f"{path}: not a file")
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE + 1)
    except OSError as error:
        raise HouseError(f"{path}: cannot be read ({error.strerror or error})") from None
    if len(raw) > MAX_FILE:
        raise HouseError(f"{path}: more than {MAX_FILE // 1024} KiB; a house file is a few lines")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise HouseError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise HouseError(f"{path}: not TOML ({error})") from None
    try:
        return read_houses(data, str(path))
    except InvalidHouseError as error:
        raise HouseError(str(error)) from None

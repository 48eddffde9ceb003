"""What the season's pages show, as plain values: the options read from a query (bounded, each refusal in
a sentence; the rules between options are the service's, `services.season.RankAsked`), the form that asks
for them again, the standings with `chicago rank`'s words and cells (`render.season_words`), one player's
season evening by evening. Pure, so the pages' facts are tested without a server."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Final, TypeVar
from urllib.parse import quote, urlencode

from markupsafe import Markup, escape

from rotation.language import N_, _
from rotation.render.season_words import season_words, standings_cells, standings_columns
from rotation.request import RankBy
from rotation.services.errors import UserError
from rotation.services.season import (
    MAX_COUNT,
    PlayerSeason,
    RankAsked,
    Season,
    SeasonLine,
    player_key,
)
from rotation.web.languages import day_text
from scoring.methods import TallyUnit
from scoring.tally import signed

__all__ = [
    "MAX_COUNT",
    "MAX_PLAYER",
    "BadQueryError",
    "PlayerView",
    "SeasonForm",
    "SeasonQuery",
    "SeasonView",
    "parse_season_query",
    "player_link",
    "player_view",
    "season_form",
    "season_view",
]

MAX_PLAYER: Final = 200
"""The longest player in a player page's address, in characters (a name is at most 40)."""
_DAY_LENGTH: Final = len("2024-09-01")
Choice = TypeVar("Choice", RankBy, TallyUnit)


class BadQueryError(UserError, ValueError):
    """An option of the season's page that cannot be read or is out of bounds: the page says which."""


@dataclass(frozen=True, slots=True)
class SeasonQuery:
    """The season page's options, as `chicago rank` takes them."""

    since: date | None = None
    until: date | None = None
    by: RankBy = RankBy.TOTAL
    unit: TallyUnit | None = None
    min_rubbers: int = 1
    min_evenings: int = 1
    best: int | None = None
    wall: bool = False

    def asked(self) -> RankAsked:
        """The standings these options ask for (RankAskedError when they break the season's rules)."""
        return RankAsked(
            self.since, self.until, self.unit, self.by, self.min_rubbers, self.min_evenings, self.best
        )

    def query(self, key: str, *, period_only: bool = False) -> str:
        """The query string giving these options again (defaults left out), the token first; with
        ``period_only``, only what a player's page takes (the period and the unit)."""
        pairs: list[tuple[str, str]] = [("k", key)]
        if self.since is not None:
            pairs.append(("since", self.since.isoformat()))
        if self.until is not None:
            pairs.append(("until", self.until.isoformat()))
        if self.unit is not None:
            pairs.append(("unit", self.unit.value))
        if not period_only:
            if self.by is not RankBy.TOTAL:
                pairs.append(("by", self.by.value))
            for name, value in (("min_rubbers", self.min_rubbers), ("min_evenings", self.min_evenings)):
                if value != 1:
                    pairs.append((name, str(value)))
            if self.best is not None:
                pairs.append(("best", str(self.best)))
            if self.wall:
                pairs.append(("wall", "1"))
        return urlencode(pairs)


def parse_season_query(params: Mapping[str, str]) -> SeasonQuery:
    """The options of a season page's query, each read alone; BadQueryError saying what is wrong with the
    first that cannot be read. Whether they go together is the service's to say (`SeasonQuery.asked`)."""
    since, until = _day(params, "since"), _day(params, "until")
    by = _choice(params, "by", RankBy) or RankBy.TOTAL
    best = _count(params, "best")
    wall = params.get("wall", "")
    if wall not in ("", "0", "1"):
        raise BadQueryError(_("wall is 1 (a wall screen's large type) or 0"))
    return SeasonQuery(
        since,
        until,
        by,
        _choice(params, "unit", TallyUnit),
        _count(params, "min_rubbers") or 1,
        _count(params, "min_evenings") or 1,
        best,
        wall == "1",
    )


def _day(params: Mapping[str, str], name: str) -> date | None:
    text = params.get(name, "")
    if not text:
        return None
    try:
        if len(text) != _DAY_LENGTH or not text.isascii():
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        said = _("{name} is a date written YYYY-MM-DD, such as 2024-09-01")
        raise BadQueryError(said.format(name=name)) from None


def _choice(params: Mapping[str, str], name: str, kind: type[Choice]) -> Choice | None:
    text = params.get(name, "")
    if not text:
        return None
    try:
        return kind(text)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise BadQueryError(_("{name} is one of {allowed}").format(name=name, allowed=allowed)) from None


def _count(params: Mapping[str, str], name: str) -> int | None:
    text = params.get(name, "")
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 3 or not 1 <= int(text) <= MAX_COUNT:
        raise BadQueryError(_("{name} is a whole number from 1 to {most}").format(name=name, most=MAX_COUNT))
    return int(text)


FORM_FIELDS: Final = ("since", "until", "by", "unit", "min_rubbers", "min_evenings", "best")
"""The season page form's fields, each an option of the query (and of `chicago rank`)."""
BY_CHOICES: Final = tuple((by.value, by.value.capitalize()) for by in RankBy)
"""The ranking's choices, ``(value, label)``: the template translates each label."""
UNIT_CHOICES: Final = (("", N_("as recorded")), *((u.value, u.label) for u in TallyUnit))
"""The unit's choices, ``(value, label)``: the template translates each label."""
_CHOICE_WORDS: Final = (N_("Total"), N_("Points"), N_("Average"), N_("Rating"))
"""The ranking's labels above, for the catalogues (the units' are `views.UNIT_WORDS`)."""


@dataclass(frozen=True, slots=True)
class SeasonForm:
    """The season page's form as it was sent, refused or not (the page draws it again as typed): each
    field's text, the link's token and whether the page is a wall screen's."""

    key: str
    values: Mapping[str, str]
    wall: bool
    more: bool
    """Whether an option under "More options" is set (they are shown open then)."""

    def value(self, name: str) -> str:
        return self.values.get(name, "")


def season_form(params: Mapping[str, str]) -> SeasonForm:
    """The form of the season page for the query ``params`` (any text: Jinja escapes it), a value longer
    than any the form takes (`FORM_KEPT` characters) left out: the page's sentence says what was wrong
    with it, and the form never echoes thousands of characters back."""
    values = {name: _kept(params.get(name, "")) for name in FORM_FIELDS}
    by = values["by"] or RankBy.TOTAL.value
    more = any(values[name] for name in FORM_FIELDS if name != "by")
    return SeasonForm(params.get("k", ""), {**values, "by": by}, params.get("wall", "") == "1", more)


FORM_KEPT = 100
"""The most characters of a season form's value shown back in the form (a date, a number, a name)."""


def _kept(value: str) -> str:
    return value if len(value) <= FORM_KEPT else ""


_FIGURE = re.compile(r"\S*[\d-]\S*")
"""A date, a signed number, a rating with its error, ``N-S``: a word with a digit or a hyphen in it."""


def unbroken(text: str) -> Markup:
    """``text`` escaped for a page, each word with a digit or a hyphen kept on one line (a phone's browser
    breaks ``2024-01-10`` after a hyphen and ``+9`` from ``0``)."""
    out, at = [], 0
    for figure in _FIGURE.finditer(text):
        out += [escape(text[at : figure.start()]), Markup('<span class="nw">%s</span>') % figure[0]]
        at = figure.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)


def player_link(name: str, query: str) -> str:
    """A player's season page: by their name as matched (`services.season.player_key`), which stays the
    same whatever the options and however the standings move."""
    return f"/season/p/{quote(player_key(name), safe='')}?{query}"


@dataclass(frozen=True, slots=True)
class SeasonCell:
    column: str
    text: str
    """The player's name as typed, any other cell as markup (`unbroken`: a rating may fold before its
    error, never inside a figure)."""
    key: bool
    """Shown on a phone too (rank, player, what ranks); the others fold into the line under the name."""


@dataclass(frozen=True, slots=True)
class SeasonRow:
    cells: tuple[SeasonCell, ...]
    link: str
    more: tuple[str, ...]
    """The columns a phone does not show, each ``column value``, in a line under the name: ``played 6``,
    ``average +3.33``..."""


@dataclass(frozen=True, slots=True)
class SeasonView:
    """The season page: `chicago rank`'s heading, table (columns and rows) and notes."""

    heading: Markup
    empty: Markup
    notes: tuple[Markup, ...]
    columns: tuple[SeasonCell, ...]
    rows: tuple[SeasonRow, ...]


def _key_column(result: Season) -> str:
    """The column the ranking is on, shown on a phone beside the name."""
    if result.by is RankBy.POINTS:
        return "points"
    if result.by is RankBy.TOTAL:
        return "total" if result.best is None else f"best {result.best}"
    return result.by.value


def season_view(result: Season, query: SeasonQuery, key: str) -> SeasonView:
    """The standings of ``result`` as `chicago rank` prints them, each name linked to its season."""
    words = season_words(result)
    columns = standings_columns(result.by, result.best)
    shown = {"rank", "player", _key_column(result)}
    header = tuple(SeasonCell(c, c, c in shown) for c in columns)
    period = query.query(key, period_only=True)
    rows = []
    for line in result.lines:
        cells = standings_cells(line, result.by, result.best)
        more = tuple(f"{c} {t}" for c, t in zip(columns, cells, strict=True) if c not in shown)
        rows.append(
            SeasonRow(
                tuple(
                    SeasonCell(c, t if c == "player" else unbroken(t), c in shown)
                    for c, t in zip(columns, cells, strict=True)
                ),
                player_link(line.name, period),
                more,
            )
        )
    notes = tuple(unbroken(note) for note in words.notes)
    return SeasonView(unbroken(words.heading), unbroken(words.empty), notes, header, tuple(rows))


@dataclass(frozen=True, slots=True)
class EveningLine:
    day: str
    name: str
    total: str
    rubbers: int
    partners: str


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's season page: their season's figures and every evening they played."""

    name: str
    unit: str
    period: Markup
    total: str
    played: int
    sessions: int
    average: str
    rating: str
    evenings: tuple[EveningLine, ...]


def player_view(found: PlayerSeason) -> PlayerView:
    line: SeasonLine = found.line
    days = [p.played_on for p in found.season.sessions]
    period = _("{first} to {last}").format(first=day_text(days[0]), last=day_text(days[-1])) if days else ""
    evenings = tuple(
        EveningLine(
            day_text(e.played_on),
            e.name,
            signed(e.total),
            e.rubbers,
            ", ".join(e.partners),
        )
        for e in found.evenings
    )
    return PlayerView(
        line.name,
        found.season.unit.label,
        unbroken(period),
        signed(line.total),
        line.played,
        line.sessions,
        line.average_text(),
        line.rating_text(),
        evenings,
    )

"""The roster: the players a database knows, and the names a host types checked against it.

A name the same as a known one but for case and spacing is that player; the same but for accents ("zoe"
for "Zoë") is that player too, said in a note; one or two letters off a known name ("Hellen" for "Helen")
is most likely a typo, so it is refused with the suggestion unless the host declares a new player. At a
replan, a player of the evening who is not named is refused unless the host says they went home: a name
forgotten or misspelled never changes an evening silently.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from rotation.errors import UserError
from rotation.names import clean_name, name_key

__all__ = [
    "ForgottenPlayersError",
    "Matched",
    "NearMissError",
    "fold",
    "forgotten",
    "match_roster",
    "near_misses",
]


class NearMissError(UserError, ValueError):
    """``typed`` is not a known player but is a letter or two off ``suggestions`` (closest first)."""

    def __init__(self, typed: str, suggestions: tuple[str, ...]) -> None:
        super().__init__(f"{typed!r} is not a known player; did you mean {suggestions[0]!r}?")
        self.typed, self.suggestions = typed, suggestions

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (self.typed, self.suggestions))


class ForgottenPlayersError(UserError, ValueError):
    """Players of the evening not named at a replan, nor said to have gone home."""

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__(f"not named and not said to have gone home: {', '.join(names)}")
        self.names = names

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (self.names,))


@dataclass(frozen=True, slots=True)
class Matched:
    """The names as the evening will know them, and which typed names were taken for a known player
    written otherwise, in case or accents (``(typed, known)``)."""

    names: tuple[str, ...]
    known_as: tuple[tuple[str, str], ...] = ()


def fold(name: str) -> str:
    """A name compared without case, spacing or accents: ``Zoë`` and ``zoe`` fold alike."""
    decomposed = unicodedata.normalize("NFKD", name_key(name))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def distance(one: str, other: str, limit: int) -> int:
    """Edits (insert, delete, change, swap two neighbours) from ``one`` to ``other``; any count over
    ``limit`` is reported as ``limit + 1`` (the names are short and the table is cut off early)."""
    if abs(len(one) - len(other)) > limit:
        return limit + 1
    before: list[int] | None = None
    previous = list(range(len(other) + 1))
    for i, a in enumerate(one, 1):
        current = [i] + [0] * len(other)
        for j, b in enumerate(other, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b))
            if before is not None and i > 1 and j > 1 and a == other[j - 2] and one[i - 2] == b:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return min(previous[-1], limit + 1)


def _allowed(name: str) -> int:
    """How many letters off still reads as a typo: one in a short name, two in a longer one."""
    return 1 if len(name) <= 5 else 2


def match_roster(typed: Sequence[str], roster: Sequence[str], *, new: Collection[str] = ()) -> Matched:
    """The typed names against the roster: a known player's name as known; another accenting of a known
    name as that name; a near miss refused (NearMissError) unless its name is in ``new``."""
    by_key = {name_key(known): known for known in roster}
    by_fold: dict[str, list[str]] = {}
    for known in roster:
        by_fold.setdefault(fold(known), []).append(known)
    declared = {name_key(name) for name in new}
    names, known_as = [], []
    for name in typed:
        if name_key(name) in by_key or name_key(name) in declared:
            known = by_key.get(name_key(name), name)
            names.append(known)
            if clean_name(name) != known:
                known_as.append((name, known))
            continue
        same = by_fold.get(fold(name), [])
        if len(same) == 1:
            names.append(same[0])
            known_as.append((name, same[0]))
            continue
        near = near_misses(name, roster)
        if near:
            raise NearMissError(name, near)
        names.append(name)
    return Matched(tuple(names), tuple(known_as))


def near_misses(typed: str, among: Sequence[str]) -> tuple[str, ...]:
    """The names in ``among`` a letter or two off ``typed`` (accents, case and spacing aside), closest
    first: what a host most likely meant."""
    folded = fold(typed)
    limit = _allowed(folded)
    scored = ((distance(folded, fold(known), limit), known) for known in among)
    return tuple(known for away, known in sorted(scored) if away <= limit)


def forgotten(evening: Sequence[str], named: Sequence[str], gone: Collection[str]) -> tuple[str, ...]:
    """The evening's players neither named now nor said to have gone home (compared as names are)."""
    here = {name_key(name) for name in named} | {name_key(name) for name in gone}
    return tuple(player for player in evening if name_key(player) not in here)

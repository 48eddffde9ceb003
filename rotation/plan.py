"""From names to a schedule: the cut, the choice of movement, late arrivals and early leavers.

This is the one place that turns what a host asks for into a schedule; the movements themselves (the
bulletin's rules, the book of designs, the solver) know nothing of names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import pairwise

from rotation.bulletin import BULLETIN_SIZES, bulletin_movement, cycle_length
from rotation.cut import Order, cut
from rotation.model import InvalidScheduleError, Movement, Round, Schedule, check_names, name_key


class PlanError(ValueError):
    """A request that cannot be planned; the message says why in the host's words."""


class Method(StrEnum):
    """How the seating is found."""

    AUTO = "auto"
    BULLETIN = "bulletin"
    BALANCED = "balanced"


@dataclass(frozen=True, slots=True)
class PlanRequest:
    """What the host asks for. Rounds in ``away`` count from 1."""

    names: tuple[str, ...]
    order: Order = Order.CUT
    seed: int = 0
    rounds: int | None = None
    method: Method = Method.AUTO
    away: tuple[tuple[str, frozenset[int]], ...] = ()


@dataclass(frozen=True, slots=True)
class Plan:
    """The schedule and what the host should be told about how it was made."""

    schedule: Schedule
    method: str
    cards: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = field(default=())


_ROUNDS = re.compile(r"^\s*(\d+)?\s*(-)?\s*(\d+)?\s*$")


def parse_rounds(text: str, last: int | None = None) -> frozenset[int]:
    """Rounds written as ``3``, ``1-2``, ``5-`` (from round 5 to the end) or a comma list of those."""
    found: set[int] = set()
    for part in text.split(","):
        match = _ROUNDS.match(part)
        if not match or not (match[1] or match[3]):
            raise PlanError(f"cannot read rounds {text!r}: write them as 3, 1-2, 5- or 1,4-5")
        start = int(match[1]) if match[1] else 1
        if match[2]:
            if match[3]:
                end = int(match[3])
            elif last is not None:
                end = last
            else:
                end = start
        else:
            end = start
        if start < 1 or end < start:
            raise PlanError(f"cannot read rounds {text!r}: rounds count from 1, low to high")
        found.update(range(start, end + 1))
    return frozenset(found)


def parse_away(text: str, last: int | None = None) -> tuple[str, frozenset[int]]:
    """``NAME:ROUNDS``, e.g. ``Shirley:1-2`` for a late arrival or ``Bob:6-`` for an early leaver."""
    name, colon, rounds = text.rpartition(":")
    if not colon or not name.strip():
        raise PlanError(f"cannot read --away {text!r}: write NAME:ROUNDS, e.g. Shirley:1-2")
    return name.strip(), parse_rounds(rounds, last)


def plan(request: PlanRequest) -> Plan:
    """Plan the evening the host asked for."""
    try:
        check_names(request.names)
    except InvalidScheduleError as error:
        raise PlanError(str(error)) from None
    if len(request.names) < 4:
        raise PlanError(f"Chicago needs at least four players, got {len(request.names)}")
    if request.rounds is not None and request.rounds < 1:
        raise PlanError(f"the number of rounds must be at least 1, got {request.rounds}")
    absent = _absences(request)
    method = request.method
    if method is Method.AUTO:
        method = Method.BULLETIN
    if method is Method.BALANCED:
        raise PlanError(
            "the balanced planner is not available yet: use --method bulletin with 4 to 6 players"
        )
    return _bulletin_plan(request, absent)


def _absences(request: PlanRequest) -> dict[str, frozenset[int]]:
    """Away rounds by the name as given in ``names``."""
    keys = {name_key(name): name for name in request.names}
    absent: dict[str, frozenset[int]] = {}
    for name, rounds in request.away:
        if name_key(name) not in keys:
            raise PlanError(f"--away names {name!r}, who is not one of the players")
        real = keys[name_key(name)]
        absent[real] = absent.get(real, frozenset()) | rounds
    return absent


def _score_sheet(
    request: PlanRequest, first_present: Sequence[str]
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Score-sheet order: the first cut among those present for round 1, then late arrivals as given."""
    cards: tuple[tuple[str, str], ...] = ()
    if request.order is Order.GIVEN:
        ranked = tuple(first_present)
    else:
        ranked, drawn = cut(first_present, request.seed)
        cards = tuple(zip(ranked, drawn, strict=True))
    late = tuple(name for name in request.names if name not in first_present)
    return ranked + late, cards


def _bulletin_plan(request: PlanRequest, absent: dict[str, frozenset[int]]) -> Plan:
    """The bulletin's movement; when the group changes, a new cut and the movement for the new size."""
    names = request.names
    rounds = request.rounds
    notes: list[str] = []
    if rounds is None:
        last_change = max((r for rs in absent.values() for r in rs), default=0)
        group_after = [n for n in names if last_change + 1 not in absent.get(n, frozenset())]
        size = len(group_after)
        if size not in BULLETIN_SIZES:
            raise PlanError(f"Bulletin #16 has movements for 4, 5 or 6 players, not {size}")
        rounds = last_change + cycle_length(size)
        notes.append(f"{rounds} rounds: {'every partnership once' if size < 6 else 'the bulletin chart'}")
    present_in = [[n for n in names if r not in absent.get(n, frozenset())] for r in range(1, rounds + 1)]
    sheet, cards = _score_sheet(request, present_in[0])
    number = {name: p for p, name in enumerate(sheet)}
    segments = _segments(present_in)
    result: list[Round] = []
    for index, (start, length) in enumerate(segments):
        group = present_in[start]
        if len(group) not in BULLETIN_SIZES:
            raise PlanError(
                f"round {start + 1} has {len(group)} players: Bulletin #16 has movements for 4, 5 or 6"
            )
        if index == 0:
            ranked = [n for n in sheet if n in group]
        elif request.order is Order.GIVEN:
            ranked = [n for n in names if n in group]
        else:
            ranked = list(cut(group, request.seed + index)[0])
            notes.append(f"round {start + 1}: a new cut for {len(group)} players: {', '.join(ranked)}")
        to_sheet = [number[name] for name in ranked]
        segment = bulletin_movement(len(group), length)
        result.extend(rnd.mapped(to_sheet) for rnd in segment.rounds)
    movement = Movement(len(sheet), tuple(result), name="Bulletin #16")
    return Plan(Schedule(sheet, movement), "bulletin", cards, tuple(notes))


def _segments(present_in: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """(first round index, length) of each stretch of rounds with the same players present."""
    starts = [r for r in range(len(present_in)) if r == 0 or set(present_in[r]) != set(present_in[r - 1])]
    bounds = [*starts, len(present_in)]
    return [(a, b - a) for a, b in pairwise(bounds)]

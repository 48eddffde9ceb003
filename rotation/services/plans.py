"""Planning an evening as a face asks it: what the user typed comes in as plain values (`PlanAsked`:
names, texts, numbers and choices as typed), the rules between the options are kept here, the planner's
request is built here, and one of the three use cases of `rotation.services.evenings` (a preview, a new
evening saved, or a saved evening replanned in place) answers with an `EveningPlan` for the face to print.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from rotation.couples import parse_couple
from rotation.errors import UserError
from rotation.io.formats import FormatError, schedule_to_data
from rotation.names import name_key
from rotation.plan import Kept, Note, Plan, PlanRequest, measured, parse_avoid, parse_away
from rotation.request import HISTORY_DAYS, Method, Order, Seating
from rotation.results.changes import TERMINAL, Source
from rotation.services import evenings, houses
from rotation.services.sheets import Balance, CouplesBalance, read_schedule
from scoring.methods import MethodName, find_method
from scoring.rules import PartscorePremium, ScoringRules
from scoring.tally import Rounding, Unit
from scoring.vulnerability import VulnerabilityCycle, find_cycle

if TYPE_CHECKING:
    from rotation.io.store import Evening, Store
    from rotation.solver import Progress

__all__ = ["AskedError", "EveningPlan", "KeepAsked", "Note", "PlanAsked", "Progress", "Rule", "plan"]
# Note (a line a plan says about how it was made, ``EveningPlan.planned.plan.notes``) is a value type the
# answer carries, named here so a face can declare it, as `rotation.services.sheets` names its answers'.
# Progress (the planner's report of its search, for a face's progress line) is named for type checking
# only: importing it would load the solver at start-up.


class Rule(StrEnum):
    """A rule between the options of a plan that what was asked breaks (`AskedError.rule`)."""

    SCORING_UNKEPT = "scoring unkept"
    """Scoring chosen (method, premium, unit, rounding) for a plan neither saved nor written as data."""
    IMPS_UNIT = "imps unit"
    """A unit or rounding for a method that tallies in IMPs."""
    CYCLE = "cycle"
    """A vulnerability cycle that cannot be read (facts: the message)."""
    HOUSE_REPLANNED = "house replanned"
    """House rules asked of an evening replanned in place, which keeps the scoring it was saved with."""
    DRIVE = "drive"
    """A movement by results asked without what it needs (saved, its rounds) or with what it cannot take
    (rounds kept, players away, pairs apart, tables, a method): the message says which."""


class AskedError(UserError, ValueError):
    """Options of a plan that do not go together, or cannot be read; ``rule`` says which."""

    def __init__(self, message: str, rule: Rule) -> None:
        super().__init__(message)
        self.rule = rule

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as made (an error may come back from a planner process)."""
        return (type(self), (str(self), self.rule))


@dataclass(frozen=True, slots=True)
class KeepAsked:
    """The rounds already played to keep: of a saved ``evening`` (its name as typed), or of a schedule
    file's JSON (``schedule``, read from ``file``); ``rounds`` of them (none: an evening's rounds fully
    recorded)."""

    evening: Evening | None = None
    schedule: object = None
    rounds: int | None = None
    file: str = ""


@dataclass(frozen=True, slots=True)
class PlanAsked:
    """An evening's plan as asked: the players, how the score sheet is ordered (``seed`` draws the cut
    again), the rounds, method and tables, players away (``NAME:ROUNDS`` texts) and pairs apart (``A+B``
    texts), rounds kept, names declared new or gone home, the planner's cap in seconds, the vulnerability
    cycle and scoring (``None``: the house's, else the defaults), and where it is kept: saved as ``save``
    dated ``played_on`` (today if None), or written as chicago-schedule/1 data (``as_data``).
    ``history_days``: the season before the evening that a new plan takes into account."""

    names: tuple[str, ...]
    order: Order = Order.CUT
    seed: int | None = None
    rounds: int | None = None
    method: Method = Method.AUTO
    away: tuple[str, ...] = ()
    tables: int | None = None
    avoid: tuple[str, ...] = ()
    keep: KeepAsked | None = None
    new: tuple[str, ...] = ()
    gone: tuple[str, ...] = ()
    time_limit: float = 600.0
    vulnerability: str | None = None
    scoring: MethodName | None = None
    premium: PartscorePremium | None = None
    unit: Unit | None = None
    rounding: Rounding | None = None
    save: str | None = None
    played_on: date | None = None
    history_days: int = HISTORY_DAYS
    as_data: bool = False
    house: str | None = None
    """House rules by name (or, at the terminal, a file of one house): the scoring and cycle not given."""
    database: Path | None = None
    """The database the club's own houses are kept beside (``houses.toml``)."""
    source: Source = TERMINAL
    """Where the plan is asked, for the evening's log when it is saved."""
    seating: Seating = Seating.BALANCED
    """Balanced (planned before play), or a movement by results (`rotation.services.drives`)."""
    couples: tuple[str, ...] = ()
    """Couples as ``A+B`` texts: never partners, never at one table (none: a kept evening's couples)."""
    mixed: bool = False
    """Every partnership one couple's first-named with another's second-named."""

    @property
    def keeps_evening(self) -> bool:
        """Whether the plan keeps the rounds of a saved evening."""
        return self.keep is not None and self.keep.evening is not None

    @property
    def writes(self) -> bool:
        """Whether the plan needs the database: it is saved, or keeps a saved evening."""
        return self.save is not None or self.keeps_evening

    @property
    def creates(self) -> bool:
        """Whether the database is made when missing: for a new evening saved (one kept must exist)."""
        return self.save is not None and not self.keeps_evening

    @property
    def reads_season(self) -> bool:
        """Whether a new plan reads the season's history (from a database that exists)."""
        return self.history_days > 0 and self.keep is None


@dataclass(frozen=True, slots=True)
class EveningPlan:
    """A plan made as asked: the plan (and the evening saved or replanned), the seed that draws its cut
    again, its vulnerability cycle and scoring (``chosen``: scoring was asked for), its balance, and its
    chicago-schedule/1 data when asked."""

    planned: evenings.Planned
    seed: int | None
    cycle: VulnerabilityCycle
    rules: ScoringRules
    chosen: bool
    balance: Balance
    data: dict[str, object] | None = None
    couples: CouplesBalance | None = None
    """With couples: whether the plan keeps them apart and its partnerships mixed (the checker's count)."""


def plan(
    store: Store | None,
    asked: PlanAsked,
    *,
    on_progress: Callable[[Progress], None] | None = None,
    planner: evenings.Planner | None = None,
) -> EveningPlan:
    """Plan the evening ``asked``: a preview, a new evening saved, or (keeping a saved evening's rounds
    and saved under its name) that evening replanned in place, the one door of every replan from either
    face (`evenings.replan_evening` asks it too). ``store``: the database (None when there is none and
    the plan needs none, see `PlanAsked.writes`); ``planner``: where the plan is made (the live page's
    planner process; None: here). AskedError for options that do not go together; PlanError,
    NearMissError, ForgottenPlayersError and the store's errors as the use cases raise them."""
    rules, chosen = _rules(asked)
    cycle = rules.vulnerability
    seed = asked.seed
    if seed is None and asked.order is Order.CUT and asked.keep is None:
        seed = secrets.randbelow(1_000_000)
    kept = _kept(store, asked.keep)
    driven = _kept_drive(store, kept)
    if asked.house is not None and _in_place(asked, kept):
        raise AskedError(
            "an evening replanned in place keeps the scoring it was saved with: house rules are for a"
            " new evening",
            Rule.HOUSE_REPLANNED,
        )
    request = planner_request(asked, kept.kept if kept is not None else None, seed or 0)
    how = evenings.Planning(asked.new, asked.gone, on_progress, planner, asked.history_days, asked.source)
    if driven:  # someone came or went at a drive: who plays from the next round changes
        from rotation.services.drives import kept_drive

        assert store is not None and kept is not None
        planned = kept_drive(store, asked, kept)
    elif asked.seating is not Seating.BALANCED:
        from rotation.services.drives import plan_drive

        planned = plan_drive(store, asked, request, rules, how)
    else:
        planned = _planned(store, asked, request, rules, kept, how)
    result = planned.plan
    schedule = planned.saved.session.schedule if planned.saved is not None else result.schedule
    balance = replace(result, schedule=schedule).checked()  # couples and mixed pairs among those avoided
    data: dict[str, object] | None = None
    if asked.as_data:
        data = schedule_to_data(schedule, cycle)
        if chosen:
            data["scoring"] = rules.to_mapping()
        if (said := planner_data(result)) is not None:
            data["planner"] = said
    couples = None
    if schedule.couples:
        from rotation.balance import check_couples

        couples = check_couples(schedule.movement, schedule.couples, mixed=schedule.mixed)
    return EveningPlan(planned, seed, cycle, rules, chosen, balance, data, couples)


def planner_request(asked: PlanAsked, kept: Kept | None, seed: int) -> PlanRequest:
    """The planner's request for a plan as asked, the only place either face's plan is built (a replan
    from the host page included), so that both plan alike by default: ``kept``, the rounds kept (read
    from the saved evening or schedule file named); ``seed``, the cut's (nothing with rounds kept)."""
    kept_couples, kept_mixed = _kept_couples(asked, kept) if not asked.couples else ((), False)
    return PlanRequest(
        asked.names,
        asked.order,
        seed,
        asked.rounds,
        asked.method,
        away=tuple(parse_away(text) for text in asked.away),
        tables=asked.tables,
        avoid=tuple(parse_avoid(text) for text in asked.avoid),
        keep=kept,
        time_limit=asked.time_limit,
        couples=tuple(parse_couple(text) for text in asked.couples) or kept_couples,
        mixed=asked.mixed if asked.couples else kept_mixed,
    )


def _kept_couples(asked: PlanAsked, kept: Kept | None) -> tuple[tuple[tuple[str, str], ...], bool]:
    """A replanned evening keeps the couples it was planned with (its schedule carries them), those of
    them still both playing; and its partnerships mixed while every player named is still in a couple
    (a newcomer, or a spouse whose partner went home, is in none)."""
    if kept is None:
        return (), False
    schedule = kept.schedule
    playing = {name_key(name) for name in asked.names}
    couples = tuple(
        (schedule.name(a), schedule.name(b))
        for a, b in schedule.couples
        if {name_key(schedule.name(a)), name_key(schedule.name(b))} <= playing
    )
    coupled = {name_key(name) for couple in couples for name in couple}
    return couples, schedule.mixed and coupled == playing


def _rules(asked: PlanAsked) -> tuple[ScoringRules, bool]:
    """The scoring asked for, and whether any was: the rules between the scoring options kept."""
    chosen = {
        "method": asked.scoring,
        "partscore_premium": asked.premium,
        "unit": asked.unit,
        "rounding": asked.rounding,
    }
    given = {key: value.value for key, value in chosen.items() if value is not None}
    if given and asked.save is None and not asked.as_data:
        raise AskedError("scoring is kept with a saved evening or written with its data", Rule.SCORING_UNKEPT)
    in_imps = asked.scoring is not None and find_method(asked.scoring).in_imps
    if in_imps and (asked.unit is not None or asked.rounding is not None):
        raise AskedError("Russian scoring tallies in IMPs: no unit or rounding applies", Rule.IMPS_UNIT)
    if asked.vulnerability is not None:
        try:
            find_cycle(asked.vulnerability)
        except ValueError as error:
            raise AskedError(str(error), Rule.CYCLE) from None
        given["vulnerability"] = asked.vulnerability
    if asked.house is not None:  # a house names its scoring: chosen, and printed, even for a preview
        return houses.house_rules(asked.house, given, database=asked.database), True
    return ScoringRules.from_mapping(given), bool(given.keys() - {"vulnerability"})


def _kept_drive(store: Store | None, kept: evenings.KeptEvening | None) -> bool:
    """Whether the rounds kept are a saved evening's seated by results."""
    if kept is None or kept.evening is None or store is None:
        return False
    from rotation.services.drives import drive_of

    return drive_of(store, kept.evening) is not None


def _in_place(asked: PlanAsked, kept: evenings.KeptEvening | None) -> bool:
    """Whether the plan replans the saved evening it keeps in place: saved under that evening's name."""
    if kept is None or kept.evening is None or asked.save is None:
        return False
    return name_key(kept.name) == name_key(asked.save)


def _kept(store: Store | None, keep: KeepAsked | None) -> evenings.KeptEvening | None:
    """The rounds kept, with the saved evening's name and row when they are an evening's (an empty name
    for a schedule file's)."""
    if keep is None:
        return None
    if keep.evening is None:
        try:
            schedule = read_schedule(keep.schedule)
        except FormatError as error:
            raise FormatError(f"{keep.file}: {error}" if keep.file else str(error)) from None
        return evenings.KeptEvening(Kept(schedule, keep.rounds or 0), "")
    if store is None:
        raise TypeError("keeping a saved evening's rounds needs the store")
    return evenings.kept_from_evening(store, keep.evening, keep.rounds)


def _planned(
    store: Store | None,
    asked: PlanAsked,
    request: PlanRequest,
    rules: ScoringRules,
    kept: evenings.KeptEvening | None,
    how: evenings.Planning,
) -> evenings.Planned:
    """One of the three use cases: the evening kept replanned in place when it is saved under its own
    name, else a new evening saved, else a preview."""
    day = asked.played_on or date.today()
    if asked.save is None:
        return evenings.preview_evening(request, store=store, played_on=day, how=how)
    if store is None:
        raise TypeError("saving an evening needs the store")
    if kept is not None and kept.evening is not None and _in_place(asked, kept):
        return evenings.replan_saved(store, kept.evening, request, how=how)
    return evenings.save_new_evening(store, request, evenings.SaveAs(asked.save, day, rules), how=how)


def planner_data(result: Plan) -> dict[str, object] | None:
    """What the balanced planner says of its plan, for ``plan --json`` (None when it did not run): whether
    the ``--time-limit`` cut its search short, and each rule in priority order, named as ``--verbose``
    names it, with its value, the best possible (the proven lower bound; "unknown" for a rule with no
    proven bound) and whether the value is proven the best (it equals that bound).

    Every value is measured afresh by the checker (``rotation.balance.check``) on the plan's schedule,
    never taken from the solver; only the bounds are the solver's. "changes from the previous plan"
    (with ``--keep``) is counted on the schedule too, by the solver's report of it."""
    solved = result.solved
    if solved is None:
        return None
    solved = measured(result).solved or solved
    rules: list[dict[str, object]] = []
    for term in solved.terms:
        value = term.value
        rules.append(
            {
                "rule": term.name,
                "value": value,
                "best_possible": term.bound if term.bound is not None else "unknown",
                "proven": term.bound is not None and value == term.bound,
            }
        )
    return {"cut_short": solved.cut_short, "rules": rules}

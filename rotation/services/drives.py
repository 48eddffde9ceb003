"""Evenings seated by results (`rotation.movements.drives`): saved with round 1 seated by the cut, and each
later round seated in the very transaction that records the last rubber of the round before, whichever face
recorded it (`chicago record`, a phone's table page, the host page), so every face sees it at once.

A result changed after the next round is seated seats that round again while no deal of it is entered; once
one is, a change that would seat it otherwise is refused (`ReseatRefusedError`) and nothing is written.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from rotation.errors import UserError
from rotation.io.formats import FormatError
from rotation.io.store import Evening, Store, StoredSession, Transaction
from rotation.language import N_, _
from rotation.model import Movement, Schedule
from rotation.movements.drives import Drive, first_round, next_round
from rotation.plan import MAX_ROUNDS, Plan, PlanError, PlanRequest
from rotation.request import Method, Order
from rotation.results.changes import Kind, Source
from rotation.results.session import Session
from rotation.services import evenings
from scoring.rules import ScoringRules

if TYPE_CHECKING:
    from rotation.services.evenings import Planned, Planning, SaveAs
    from rotation.services.plans import PlanAsked

__all__ = [
    "DRIVES",
    "Drive",
    "DriveState",
    "ReseatRefusedError",
    "drive_of",
    "drive_plan",
    "drive_planned",
    "drive_state",
    "keep_imported",
    "plan_drive",
    "read_seating",
    "reseat",
    "save_drive",
    "seating_data",
]

DRIVES = tuple(drive.value for drive in Drive)
"""The movements by results by name, as a face offers them beside the balanced plan."""


class ReseatRefusedError(UserError, ValueError):
    """A change to round ``changed`` would seat round ``round`` otherwise, but rubbers of round ``round``
    or later are already entered (``entered``: their (round, table)): the next round is under way."""

    def __init__(self, changed: int, round_number: int, entered: tuple[tuple[int, int], ...]) -> None:
        where = ", ".join(f"round {r} table {t}" for r, t in entered)
        super().__init__(
            f"round {changed}'s results seated round {round_number}, which has begun ({where} entered):"
            f" a change that seats round {round_number} otherwise is refused; remove those results first"
        )
        self.changed, self.round, self.entered = changed, round_number, entered

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (partial(type(self), self.changed, self.round, self.entered), ())


@dataclass(frozen=True, slots=True)
class DriveState:
    """How far an evening seated by results has gone: its movement, rounds asked, and rounds seated."""

    drive: Drive
    rounds: int
    seated: int

    @property
    def waiting(self) -> bool:
        """Whether rounds are still to be seated (each as the one before is recorded)."""
        return self.seated < self.rounds

    def describe(self) -> str:
        """``progressive movement: round 2 of 5 seated`` (rounds seated as the results come in), in the
        language spoken."""
        said = _DESCRIBED[self.drive]
        return _(said).format(seated=self.seated, rounds=self.rounds)


_DESCRIBED: Final = {
    Drive.PROGRESSIVE: N_("progressive movement, seated by results: round {seated} of {rounds} seated"),
    Drive.SWISS: N_("swiss movement, seated by results: round {seated} of {rounds} seated"),
}


def drive_plan(names: Sequence[str], order: Order, seed: int, drive: Drive, rounds: int) -> Plan:
    """Round 1 by the cut (drawn with ``seed``, or the names as ranked): the plan a drive starts from."""
    from rotation.cut import cut

    if not 1 <= rounds <= MAX_ROUNDS:
        raise PlanError(f"an evening seated by results needs 1 to {MAX_ROUNDS} rounds, got {rounds}")
    if len(names) < 4:
        raise PlanError(f"Chicago needs at least four players, got {len(names)}")
    drawn: tuple[tuple[str, str], ...] = ()
    ranked = tuple(names)
    if order is Order.CUT:
        ranked, cards = cut(names, seed)
        drawn = tuple(zip(ranked, cards, strict=True))
    movement = Movement(len(ranked), (first_round(len(ranked)),), f"{drive.value} ({rounds} rounds)")
    return Plan(Schedule(ranked, movement), f"{drive.value} movement, seated by results", drawn)


def save_drive(
    store: Store,
    plan: Plan,
    drive: Drive,
    rounds: int,
    *,
    name: str,
    played_on: date,
    session: Session,
    source: Source,
) -> StoredSession:
    """Keep a drive's round 1 as a new evening, with its movement and rounds, in one transaction."""
    with store.writing() as tx:
        saved = tx.save(name, played_on, replace(session, schedule=plan.schedule), source=source)
        tx.keep_drive(saved, drive.value, rounds)
    return saved


def plan_drive(
    store: Store | None, asked: PlanAsked, request: PlanRequest, rules: ScoringRules, how: Planning
) -> Planned:
    """`rotation.services.plans.plan` for a movement by results: round 1 by the cut, saved with the
    movement and its rounds (AskedError for what such an evening cannot take or lacks)."""
    from rotation.services.plans import AskedError, Rule

    drive = Drive(asked.seating.value)
    said = f"a {drive.value} evening seats each round from the results of the round before"
    if asked.save is None or store is None:
        raise AskedError(f"{said}: it must be saved to be seated as it is played", Rule.DRIVE)
    if asked.rounds is None:
        raise AskedError(f"{said}: say how many rounds it has", Rule.DRIVE)
    if asked.keep is not None or asked.away or asked.avoid or asked.tables is not None:
        raise AskedError(
            f"{said}: it takes no rounds kept, players away, pairs apart or number of tables", Rule.DRIVE
        )
    if asked.couples or asked.mixed:
        raise AskedError(f"{said}: it cannot keep couples apart", Rule.DRIVE)
    if asked.method is not Method.AUTO:
        raise AskedError(f"{said}: no method of planning applies", Rule.DRIVE)
    day = asked.played_on or date.today()
    save = evenings.SaveAs(asked.save, day, rules)
    return drive_planned(store, request, save, drive, start=True, new=how.new, source=how.source)


def drive_planned(
    store: Store,
    request: PlanRequest,
    save: SaveAs,
    drive: Drive,
    *,
    start: bool,
    new: Collection[str] = (),
    source: Source,
) -> Planned:
    """A drive's round 1 for the names of ``request`` (checked against the roster as every plan's are):
    shown (not ``start``), or saved as ``save`` with its movement and ``request.rounds``."""
    if request.rounds is None:
        raise PlanError(f"a {drive.value} evening seats each round from the results: say how many rounds")
    checked, known_as = evenings.checked_names(request, store, new=new)
    plan = drive_plan(checked.names, checked.order, checked.seed, drive, request.rounds)
    if not start:
        return evenings.Planned(plan, known_as=known_as)
    session = Session(plan.schedule, save.rules)
    saved = save_drive(
        store,
        plan,
        drive,
        request.rounds,
        name=save.name,
        played_on=save.played_on,
        session=session,
        source=source,
    )
    return evenings.Planned(plan, saved, known_as=known_as)


def seating_data(state: DriveState | None) -> dict[str, Any] | None:
    """A session file's ``"seating"`` object for an evening seated by results (None: planned before play):
    ``{"movement": "progressive", "rounds": 5}``, so an evening exported and imported goes on as it was."""
    return None if state is None else {"movement": state.drive.value, "rounds": state.rounds}


def read_seating(data: object) -> tuple[Drive, int] | None:
    """The ``"seating"`` of a session file's JSON: None when it has none; FormatError for one that cannot
    be read."""
    if not isinstance(data, dict) or data.get("seating") is None:
        return None
    seating = data["seating"]
    movement = seating.get("movement") if isinstance(seating, dict) else None
    rounds = seating.get("rounds") if isinstance(seating, dict) else None
    if movement not in DRIVES or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise FormatError(
            f'"seating" must be {{"movement": one of {", ".join(DRIVES)}, "rounds": 1 to {MAX_ROUNDS}}}'
        )
    return Drive(movement), rounds


def keep_imported(
    tx: Transaction, saved: StoredSession, seating: tuple[Drive, int], source: Source
) -> StoredSession:
    """An evening just imported (``saved``, in the caller's transaction) kept as seated by results, and the
    rounds its results seat seated (the file's own seating kept where the results give the same)."""
    drive, rounds = seating
    tx.keep_drive(saved, drive.value, rounds)
    if len(saved.session.schedule.rounds) > rounds:
        raise FormatError(
            f"the file seats {len(saved.session.schedule.rounds)} rounds of a {rounds}-round evening"
        )
    return reseat(tx, saved, saved.session, 1, source) or saved


def drive_state(store: Store, stored: StoredSession) -> DriveState | None:
    """How far the evening just read (``stored``) has gone, if it is seated by results: one small read."""
    with store.reading() as tx:
        kept = tx.drive(stored)
    if kept is None:
        return None
    return DriveState(Drive(kept[0]), kept[1], len(stored.session.schedule.rounds))


def drive_of(store: Store, evening: Evening) -> DriveState | None:
    """The evening's movement by results and how far it has gone (None: planned before play)."""
    with store.reading() as tx:
        stored = tx.load(evening)
        kept = tx.drive(stored)
    if kept is None:
        return None
    return DriveState(Drive(kept[0]), kept[1], len(stored.session.schedule.rounds))


def reseat(
    tx: Transaction, stored: StoredSession, session: Session, changed: int, source: Source
) -> StoredSession | None:
    """After a change to round ``changed`` (``session``: the evening with it), seat the rounds that follow
    from the results as they now are, in the caller's transaction: the next round once the round before is
    complete, a round seated already seated again when the results seat it otherwise (refused when any of
    its rubbers, or a later one, is entered). None when the evening is planned before play or its seating
    stands."""
    kept = tx.drive(stored)
    if kept is None:
        return None
    drive, total = Drive(kept[0]), kept[1]
    schedule = session.schedule
    seated = schedule.rounds
    wanted = list(seated[: max(1, min(changed, len(seated)))])
    missing = {r for r, _ in session.missing()}
    while len(wanted) < total and len(wanted) not in missing:
        tallies = [_tallies(session, r) for r in range(1, len(wanted) + 1)]
        following = next_round(drive, len(schedule.players), wanted, tallies)
        if len(wanted) < len(seated) and seated[len(wanted)] == following:
            wanted.append(following)
            continue
        _refuse_past(session, changed, len(wanted))
        wanted.append(following)
        break
    if tuple(wanted) == seated:
        return None
    _refuse_past(session, changed, len(wanted))
    movement = Movement(schedule.movement.n_players, tuple(wanted), schedule.movement.name)
    current = StoredSession(stored.name, stored.played_on, session, stored.id)
    seating = Schedule(schedule.players, movement)
    return tx.replace_schedule(current, seating, kept=changed, source=source, kind=Kind.SEAT)


def _tallies(session: Session, number: int) -> list[int]:
    """The N-S tally of each rubber of round ``number``, in table order (every one complete: checked)."""
    tables = len(session.schedule.rounds[number - 1].tables)
    records = (session.result(number, t) for t in range(1, tables + 1))
    return [session.score(record).ns_tally for record in records if record is not None]


def _refuse_past(session: Session, changed: int, after: int) -> None:
    """ReseatRefusedError when any rubber after round ``after`` is entered: round ``after + 1``, which
    the change would seat otherwise (or leave unseated), has begun."""
    entered = tuple(sorted((r.round, r.table) for r in session.results if r.round > after))
    if entered:
        raise ReseatRefusedError(changed, after + 1, entered)

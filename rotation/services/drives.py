"""Evenings seated by results (`rotation.movements.drives`): saved with round 1 seated by the cut, and each
later round seated in the very transaction that records the last rubber of the round before, whichever face
recorded it (`chicago record`, a phone's table page, the host page), so every face sees it at once.

A result changed after the next round is seated seats that round again while no deal of it is entered; once
one is, a change that would seat it otherwise is refused (`ReseatRefusedError`) and nothing is written.

Someone came or went (`players_from`, behind `chicago plan NAMES --keep EVENING --save EVENING` and the host
page's form alike): from the next round not under way the players named play, kept in the store so that
every round from then on, seated as the results come in, is seated among them.
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
from rotation.model import Movement, Player, Round, Schedule
from rotation.movements.drives import Drive, first_round, next_round
from rotation.names import name_key
from rotation.plan import MAX_PLAYERS, MAX_ROUNDS, Kept, Plan, PlanError, PlanRequest
from rotation.request import Method, Order
from rotation.results.changes import Kind, Source
from rotation.results.session import Session
from rotation.services import evenings
from scoring.rules import ScoringRules

if TYPE_CHECKING:
    from rotation.services.evenings import KeptEvening, Planned, Planning, SaveAs
    from rotation.services.plans import PlanAsked

__all__ = [
    "DRIVES",
    "Drive",
    "DrivePlayersError",
    "DriveState",
    "FileSeating",
    "ReseatRefusedError",
    "drive_of",
    "drive_plan",
    "drive_planned",
    "drive_state",
    "first_free",
    "keep_imported",
    "kept_drive",
    "plan_drive",
    "players_from",
    "playing_from",
    "present_names",
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
        where = ", ".join(_("round {round} table {table}").format(round=r, table=t) for r, t in entered)
        super().__init__(
            _(
                "round {changed}'s results seated round {round}, which has begun ({where} entered): a change"
                " that seats round {round} otherwise is refused; remove those results first"
            ).format(changed=changed, round=round_number, where=where)
        )
        self.changed, self.round, self.entered = changed, round_number, entered

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (partial(type(self), self.changed, self.round, self.entered), ())


class DrivePlayersError(UserError, ValueError):
    """Who plays from round ``round`` cannot change as asked: ``reason`` ``too few`` (``count``: the
    players who would play), ``under way`` (round ``round`` has rubbers entered; ``count``: the first round
    that has none) or ``past`` (``count``: the evening's rounds, fewer than ``round``)."""

    def __init__(self, reason: str, round_number: int, count: int) -> None:
        super().__init__(_(_PLAYERS_REFUSED[reason]).format(round=round_number, count=count))
        self.reason, self.round, self.count = reason, round_number, count

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (partial(type(self), self.reason, self.round, self.count), ())


_PLAYERS_REFUSED: Final = {
    "too few": N_("from round {round} only {count} would play: a table needs four players"),
    "under way": N_(
        "round {round} is under way (rubbers of it are entered): the players can change from round {count} on"
    ),
    "past": N_("the evening has {count} rounds: there is no round {round} to seat"),
}


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


@dataclass(frozen=True, slots=True)
class FileSeating:
    """A session file's ``"seating"``: the movement by results, its rounds, and who plays from which round
    on as the host said (``present``: (round, names), oldest first), so a change said ahead goes on too."""

    drive: Drive
    rounds: int
    present: tuple[tuple[int, tuple[str, ...]], ...] = ()


def seating_data(
    state: DriveState | None, present: Sequence[tuple[int, Sequence[str]]] = ()
) -> dict[str, Any] | None:
    """A session file's ``"seating"`` object for an evening seated by results (None: planned before play):
    ``{"movement": "progressive", "rounds": 5}``, and ``"present"`` when the host said who plays from a
    round on (``[{"from": 3, "players": [names]}]``): an evening exported and imported goes on as it was."""
    if state is None:
        return None
    data: dict[str, Any] = {"movement": state.drive.value, "rounds": state.rounds}
    if present:
        data["present"] = [{"from": start, "players": list(names)} for start, names in present]
    return data


def present_names(tx: Transaction, stored: StoredSession) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Who the host said plays from which round on, by name (`FileSeating.present`)."""
    players = stored.session.schedule.players
    return tuple((start, tuple(players[p] for p in sorted(ps))) for start, ps in tx.drive_present(stored))


def read_seating(data: object) -> FileSeating | None:
    """The ``"seating"`` of a session file's JSON: None when it has none; FormatError for one that cannot
    be read (its ``"present"`` names are checked against the score sheet on import: `keep_imported`)."""
    if not isinstance(data, dict) or data.get("seating") is None:
        return None
    seating = data["seating"]
    movement = seating.get("movement") if isinstance(seating, dict) else None
    rounds = seating.get("rounds") if isinstance(seating, dict) else None
    if movement not in DRIVES or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise FormatError(
            f'"seating" must be {{"movement": one of {", ".join(DRIVES)}, "rounds": 1 to {MAX_ROUNDS}}}'
        )
    said = seating.get("present", [])
    form = f'"seating": "present" must be a list of {{"from": a round 1 to {rounds}, "players": [names]}}'
    if not isinstance(said, list) or len(said) > rounds:
        raise FormatError(form)
    present: list[tuple[int, tuple[str, ...]]] = []
    for entry in said:
        start = entry.get("from") if isinstance(entry, dict) else None
        names = entry.get("players") if isinstance(entry, dict) else None
        if (
            not isinstance(start, int)
            or not 1 <= start <= rounds
            or (present and start <= present[-1][0])
            or not isinstance(names, list)
            or not 4 <= len(names) <= MAX_PLAYERS
            or not all(isinstance(name, str) for name in names)
        ):
            raise FormatError(form)
        present.append((start, tuple(names)))
    return FileSeating(Drive(movement), rounds, tuple(present))


def keep_imported(
    tx: Transaction, saved: StoredSession, seating: FileSeating, source: Source
) -> StoredSession:
    """An evening just imported (``saved``, in the caller's transaction) kept as seated by results, who
    plays from which round on kept, and the rounds its results seat seated (the file's own seating kept
    where the results give the same)."""
    tx.keep_drive(saved, seating.drive.value, seating.rounds)
    if len(saved.session.schedule.rounds) > seating.rounds:
        raise FormatError(
            f"the file seats {len(saved.session.schedule.rounds)} rounds of a {seating.rounds}-round evening"
        )
    place = {name_key(name): p for p, name in enumerate(saved.session.schedule.players)}
    for start, names in seating.present:
        unknown = [name for name in names if name_key(name) not in place]
        if unknown or len({name_key(name) for name in names}) < len(names):
            raise FormatError(
                f'"seating": "present" from round {start} names a player twice or not on the score sheet'
            )
        tx.keep_drive_present(saved, start, (place[name_key(name)] for name in names))
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
    schedule = session.schedule
    seated = schedule.rounds
    start = list(seated[: max(1, min(changed, len(seated)))])
    wanted = _seated_on(Drive(kept[0]), kept[1], session, start, tx.drive_present(stored), changed)
    if tuple(wanted) == seated:
        return None
    _refuse_past(session, changed, len(wanted))
    movement = Movement(schedule.movement.n_players, tuple(wanted), schedule.movement.name)
    current = StoredSession(stored.name, stored.played_on, session, stored.id)
    seating = Schedule(schedule.players, movement)
    return tx.replace_schedule(current, seating, kept=changed, source=source, kind=Kind.SEAT)


Present = tuple[tuple[int, frozenset[Player]], ...]
"""Who plays from which round on, as the host said, by round (`Transaction.drive_present`)."""


def _seated_on(
    drive: Drive, total: int, session: Session, wanted: list[Round], asked: Present, changed: int
) -> list[Round]:
    """``wanted`` (the first rounds, as they stay) and the rounds their results seat: each as seated
    already while the results seat it so, then the first one seated otherwise (refused once begun)."""
    seated = session.schedule.rounds
    missing = {r for r, _ in session.missing()}
    while len(wanted) < total and len(wanted) not in missing:
        tallies = [_tallies(session, r) for r in range(1, len(wanted) + 1)]
        here = _present(len(wanted) + 1, seated, asked)
        following = next_round(drive, len(session.schedule.players), wanted, tallies, here)
        if len(wanted) < len(seated) and seated[len(wanted)] == following:
            wanted.append(following)
            continue
        _refuse_past(session, changed, len(wanted))
        wanted.append(following)
        break
    return wanted


def _present(number: int, seated: Sequence[Round], asked: Present) -> frozenset[Player] | None:
    """Who plays in round ``number``: as the host said from that round or one before it, else as the
    round was seated, else (None) as in the round before."""
    said = [players for start, players in asked if start <= number]
    if said:
        return said[-1]
    return seated[number - 1].present if number <= len(seated) else None


def kept_drive(store: Store, asked: PlanAsked, kept: KeptEvening) -> Planned:
    """`rotation.services.plans.plan` keeping a saved drive (``--keep EVENING``): someone came or went,
    `players_from` (AskedError for what such a change cannot take, or a change not saved onto it)."""
    from rotation.services.plans import AskedError, Rule

    if kept.evening is None or asked.keep is None:
        raise TypeError("a drive's players change on the saved evening itself")
    said = _("{name} is seated by results, each round from the round before").format(name=repr(kept.name))
    if asked.save is None or name_key(asked.save) != name_key(kept.name):
        raise AskedError(
            _("{said}: who plays changes in place, with --save {name}").format(said=said, name=kept.name),
            Rule.DRIVE,
        )
    planning = (asked.away, asked.avoid, asked.couples, asked.mixed)
    if any(planning) or (asked.tables, asked.rounds) != (None, None) or asked.method is not Method.AUTO:
        raise AskedError(
            _("{said}: a change of players takes only names, --new and --gone").format(said=said), Rule.DRIVE
        )
    return players_from(
        store,
        kept.evening,
        asked.names,
        new=asked.new,
        gone=asked.gone,
        rounds_kept=asked.keep.rounds,
        source=asked.source,
    )


def players_from(
    store: Store,
    evening: Evening,
    names: Sequence[str],
    *,
    new: Collection[str] = (),
    gone: Collection[str] = (),
    rounds_kept: int | None = None,
    source: Source,
) -> Planned:
    """Someone came or went at a drive: from round ``rounds_kept + 1`` (default: the first round with no
    rubber entered) the players ``names`` play (each of the evening's others in ``gone``, names checked as
    every plan's are; newcomers join the score sheet). Rounds before stay with every result; that round, if
    seated, is seated again among them at once, and every later one as the results come in. Refused
    (DrivePlayersError): fewer than four, a round under way, a round past the evening's last."""
    stored = store.load(evening)
    schedule = stored.session.schedule
    start = first_free(stored.session) if rounds_kept is None else rounds_kept + 1
    here = _playing(store, stored, start)
    away = [schedule.name(p) for p in schedule.movement.players if p not in here]
    named = {name_key(name) for name in names}
    request = PlanRequest(tuple(names), keep=Kept(schedule, min(start - 1, len(schedule.rounds))))
    checked, known_as = evenings.checked_names(
        request, store, new=new, gone=(*gone, *(name for name in away if name_key(name) not in named))
    )
    with store.writing() as tx:
        stored = tx.load(evening)
        saved = _players_written(tx, stored, start, checked.names, source)
    state = drive_state(store, saved)
    if state is None:
        raise TypeError("only an evening seated by results keeps who plays from a round on")
    return evenings.Planned(
        Plan(saved.session.schedule, state.describe()), saved, True, start - 1, known_as, drive=state
    )


def _players_written(
    tx: Transaction, stored: StoredSession, start: int, names: Sequence[str], source: Source
) -> StoredSession:
    """`players_from` in the store, in the caller's transaction (the round checked free again: a rubber may
    have come in since): who plays kept, newcomers on the score sheet, the rounds from ``start`` seated."""
    kept = tx.drive(stored)
    if kept is None:
        raise TypeError("only an evening seated by results keeps who plays from a round on")
    drive, total = Drive(kept[0]), kept[1]
    session, schedule = stored.session, stored.session.schedule
    free = first_free(session)
    if start < free:
        raise DrivePlayersError("under way", start, free)
    if start > total:
        raise DrivePlayersError("past", start, total)
    if len(names) < 4:
        raise DrivePlayersError("too few", start, len(names))
    place = {name_key(name): p for p, name in enumerate(schedule.players)}
    joining = tuple(name for name in names if name_key(name) not in place)
    players = (*schedule.players, *joining)
    place.update((name_key(name), len(schedule.players) + i) for i, name in enumerate(joining))
    present = frozenset(place[name_key(name)] for name in names)
    before = _present(start, schedule.rounds, tx.drive_present(stored))
    if before is None:  # that round not yet seated: who plays as in the round before
        before = schedule.rounds[-1].present if schedule.rounds else frozenset(range(len(schedule.players)))
    left = tuple(schedule.players[p] for p in sorted(before - present))
    back = tuple(schedule.players[p] for p in sorted(present - before) if p < len(schedule.players))
    tx.keep_drive_present(stored, start, present)
    rounds = list(schedule.rounds[: start - 1]) or [first_round(len(players), present)]
    grown = replace(session, schedule=Schedule(players, replace(schedule.movement, n_players=len(players))))
    wanted = _seated_on(drive, total, grown, rounds, tx.drive_present(stored), start - 1)
    movement = Movement(len(players), tuple(wanted), schedule.movement.name)
    seating = Schedule(players, movement, schedule.couples, schedule.mixed)
    return tx.replace_schedule(stored, seating, kept=start - 1, source=source, left=left, back=back)


def first_free(session: Session) -> int:
    """The first round after every round with a rubber entered (complete or in play): the first whose
    players may change."""
    return 1 + max((record.round for record in session.results), default=0)


def playing_from(store: Store, stored: StoredSession) -> tuple[int, tuple[tuple[str, bool], ...]]:
    """The first round whose players may change (`first_free`), and each player of the evening and whether
    they play in it, in the order a host looks for them (`evenings.playing_now`)."""
    start = first_free(stored.session)
    here = _playing(store, stored, start)
    schedule = stored.session.schedule
    players = sorted(schedule.movement.players, key=lambda p: (name_key(schedule.name(p)), p))
    return start, tuple((schedule.name(p), p in here) for p in players)


def _playing(store: Store, stored: StoredSession, number: int) -> frozenset[Player]:
    """Who plays in round ``number`` as things stand: as the host said, as seated, or as the last round."""
    with store.reading() as tx:
        asked = tx.drive_present(stored)
    rounds = stored.session.schedule.rounds
    return _present(number, rounds, asked) or rounds[-1].present


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

"""The evening's use cases: plan it (and save it), replan the rounds to come when someone comes or goes,
open it for a live page, hand out its links, and load, list, import, export or delete saved evenings.

Planning holds no lock: the plan is made from a snapshot read in one transaction, and written in a
second, short one that first checks that nothing it was made from changed meanwhile
(`ChangedMeanwhileError`), so a replan never freezes the phones recording at the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, TypeAlias

from rotation import roster
from rotation.errors import UserError
from rotation.io.formats import session_to_data
from rotation.io.store import Evening, EveningId, SessionSummary, Store, StoredSession
from rotation.names import name_key
from rotation.plan import Kept, Plan, PlanRequest
from rotation.results import recording
from rotation.results.changes import TERMINAL, Source
from rotation.results.session import Session
from rotation.services.access import Access, RefusedError, Role, access, check_access, token
from scoring.rules import ScoringRules

if TYPE_CHECKING:
    from rotation.history import History
    from rotation.services.drives import DriveState, FileSeating
    from rotation.solver import Progress

__all__ = [
    "Carried",
    "KeptEvening",
    "LiveLinks",
    "Opened",
    "Planned",
    "PlannerAnswer",
    "PlannerRequest",
    "Planning",
    "SameEveningError",
    "SaveAs",
    "checked_names",
    "delete_evening",
    "evening_path",
    "export_evening",
    "import_evening",
    "kept_from_evening",
    "list_evenings",
    "live_links",
    "load_evening",
    "open_evening",
    "plan_alone",
    "plan_evening",
    "playing_now",
    "preview_evening",
    "read_carried",
    "replan_evening",
    "replan_saved",
    "save_new_evening",
    "season_history",
]

PlannerRequest: TypeAlias = PlanRequest
"""What a planner is handed, built by the services alone (`rotation.services.plans`): a face only carries
it, as the live page's planner process does (`rotation.web.workers`), never builds or reads it."""
PlannerAnswer: TypeAlias = Plan
"""What a planner answers, carried back the same way (the use cases read it)."""

Planner = Callable[[PlannerRequest], PlannerAnswer]
"""How a plan is made: `rotation.plan.plan` here; the live page runs it in another process
(`rotation.web.workers.SubprocessPlanner`)."""


@dataclass(frozen=True, slots=True)
class SaveAs:
    """Keep a new plan as an evening: its name, date and scoring."""

    name: str
    played_on: date
    rules: ScoringRules


@dataclass(frozen=True, slots=True)
class Planned:
    """A plan and, when it was kept, the evening as stored (``replaced``: an evening's plan replaced in
    place, its first ``kept`` rounds and every result kept). ``known_as``: names typed that were taken for
    a known player written otherwise (case, accents), ``(typed, known)``."""

    plan: Plan
    saved: StoredSession | None = None
    replaced: bool = False
    kept: int = 0
    known_as: tuple[tuple[str, str], ...] = ()
    drive: DriveState | None = None
    """An evening seated by results whose players changed from round ``kept + 1`` (`drives.players_from`)."""


@dataclass(frozen=True, slots=True)
class KeptEvening:
    """A saved evening's plan as a replan keeps it: the rounds already played, the evening's name, and
    the evening itself (its row: replaced in place even if another is saved under its name meanwhile)."""

    kept: Kept
    name: str
    evening: EveningId | None = None


@dataclass(frozen=True, slots=True)
class Opened:
    """An evening as a live page shows it, what the page's link allows there, and the evening's key (a
    host's page hands out the other links)."""

    evening: StoredSession
    access: Access
    secret: str = field(repr=False)
    language: str | None = None
    """The language the evening was saved to speak (``plan --save NAME --lang CODE``), if any."""

    def links(self, base: str = "") -> tuple[tuple[str, str], ...]:
        """The evening's links at ``base`` (only the host's page shows them)."""
        return _links(self.evening, self.secret, base)


class SameEveningError(UserError, ValueError):
    """The evening imported is already saved (same date, players, seating and results) as ``twin``."""

    def __init__(self, twin: str, played_on: date) -> None:
        super().__init__(f"the evening already saved as {twin!r} ({played_on.isoformat()})")
        self.twin, self.played_on = twin, played_on

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made (a planner process's error comes back as it was raised)."""
        return (type(self), (self.twin, self.played_on))


def plan_evening(
    request: PlanRequest,
    *,
    store: Store | None = None,
    save: SaveAs | None = None,
    replacing: Evening | None = None,
    new: Collection[str] = (),
    gone: Collection[str] = (),
    on_progress: Callable[[Progress], None] | None = None,
    planner: Planner | None = None,
    history_days: int = 0,
    played_on: date | None = None,
    source: Source = TERMINAL,
) -> Planned:
    """Plan an evening, as one of the three use cases below chosen by the keywords given (kept for its
    callers): without ``save`` a `preview_evening`; with ``replacing`` (the evening ``request.keep`` was
    read from) `replan_saved`; else `save_new_evening`. The plan saved is the plan a preview of the same
    request shows: the planner is deterministic."""
    how = Planning(new, gone, on_progress, planner, history_days, source)
    if save is None:
        return preview_evening(request, store=store, played_on=played_on, how=how)
    if store is None:
        raise TypeError("saving an evening needs a store")
    if replacing is not None and request.keep is not None:
        return replan_saved(store, replacing, request, how=how)
    return save_new_evening(store, request, save, how=how)


@dataclass(frozen=True, slots=True)
class Planning:
    """How a plan is made, the same for every use case: the names declared new, the players gone home,
    progress, the planner (`rotation.plan.plan` when None), the season's days taken into account, and
    where the plan was asked (the evening's log says so when it is saved)."""

    new: Collection[str] = ()
    gone: Collection[str] = ()
    on_progress: Callable[[Progress], None] | None = None
    planner: Planner | None = None
    history_days: int = 0
    source: Source = TERMINAL


def preview_evening(
    request: PlanRequest,
    *,
    store: Store | None = None,
    played_on: date | None = None,
    how: Planning = Planning(),
) -> Planned:
    """A plan shown, nothing saved. With a ``store`` the names are checked against its roster (a near
    miss of a known player is NearMissError unless named new) and, with ``history_days``, the season
    before ``played_on`` is taken into account (`season_history`)."""
    request, known_as = _checked(request, store, how, played_on)
    return Planned(_made(request, how), known_as=known_as)


def save_new_evening(
    store: Store, request: PlanRequest, save: SaveAs, *, how: Planning = Planning()
) -> Planned:
    """A plan made as `preview_evening` makes it, and kept in ``store`` as a new evening ``save``
    (SessionNameTakenError when the name is taken)."""
    request, known_as = _checked(request, store, how, save.played_on)
    made = _made(request, how)
    saved = store.save(save.name, save.played_on, Session(made.schedule, save.rules), source=how.source)
    return Planned(made, saved, known_as=known_as)


def plan_alone(request: PlanRequest) -> Plan:
    """The planner alone, for a planner process: the names were checked (near misses, players gone
    home) by `plan_evening` in the caller's process, against the store only it has."""
    from rotation.plan import plan

    return plan(request)


def replan_saved(
    store: Store, evening: Evening, request: PlanRequest, *, how: Planning = Planning()
) -> Planned:
    """The one door of every replan, from either face: the rounds after ``request.keep`` (the evening's
    plan, its first rounds kept) planned again and written in place, every result kept. Each player of
    the kept plan must be named or gone (ForgottenPlayersError); no result may lie past the rounds kept
    (ResultBeyondKeptError). A replan changes as little as it can and is not reseated for the season."""
    kept = request.keep
    if kept is None:
        raise TypeError("a replan keeps the evening's first rounds: request.keep is needed")
    request, known_as = _checked(request, store, how, None)
    recording.results_within(store.load(evening).session, kept.rounds)
    made = _made(request, how)
    return replace(_replace_plan(store, evening, kept, made, how.source), known_as=known_as)


def _checked(
    request: PlanRequest, store: Store | None, how: Planning, day: date | None
) -> tuple[PlanRequest, tuple[tuple[str, str], ...]]:
    """The request with its names as the roster knows them (`_checked_names`) and, for a new plan, the
    season's history before ``day``."""
    request, known_as = _checked_names(request, store, new=how.new, gone=how.gone)
    if store is not None and how.history_days > 0 and day is not None and request.keep is None:
        request = replace(request, history=season_history(store, day, how.history_days, request.names))
    return request, known_as


def _made(request: PlanRequest, how: Planning) -> Plan:
    from rotation.plan import plan

    return plan(request, how.on_progress) if how.planner is None else how.planner(request)


def season_history(store: Store, day: date, days: int, names: Sequence[str]) -> History | None:
    """The history of the evenings saved in ``store`` dated from ``days`` days before ``day`` to the day
    before it, among ``names`` (None when none of them played in any)."""
    from rotation.history import history_of

    if days <= 0 or day == date.min:
        return None
    since = day - timedelta(days=min(days, (day - date.min).days))
    stored = store.season(since, day - timedelta(days=1))
    history = history_of((s.played_on, s.session.schedule) for s in stored).among(names)
    return history or None


def checked_names(
    request: PlanRequest, store: Store | None, new: Collection[str] = (), gone: Collection[str] = ()
) -> tuple[PlanRequest, tuple[tuple[str, str], ...]]:
    """A plan's names checked as every plan's are (`_checked_names`), for a plan made elsewhere (an
    evening seated by results, `rotation.services.drives`)."""
    return _checked_names(request, store, new=new, gone=gone)


def _checked_names(
    request: PlanRequest, store: Store | None, *, new: Collection[str], gone: Collection[str]
) -> tuple[PlanRequest, tuple[tuple[str, str], ...]]:
    """The request with its names as the roster knows them; refused for a near miss or a forgotten
    player (see `rotation.roster`). Every name is read here first, those said to be new or gone
    included, so a name no player may have (a hidden character, too long) is a PlanError, the typed
    error both faces word, before the roster compares it."""
    from rotation.model import InvalidScheduleError, check_names
    from rotation.plan import MAX_PLAYERS, PlanError
    from rotation.plan_words import refused

    if max(len(request.names), len(new), len(gone)) > MAX_PLAYERS:  # bounded before the roster compares
        most = max(len(request.names), len(new), len(gone))
        raise PlanError(refused("too many", most=MAX_PLAYERS, count=most))
    try:
        check_names(request.names)
        for name in (*new, *gone):
            check_names((name,))
    except InvalidScheduleError as error:
        raise PlanError(str(error) if error.twice is None else refused("twice", text=error.twice)) from None
    typed = {name_key(name) for name in request.names}
    strays = [name for name in new if name_key(name) not in typed]
    if strays:
        raise PlanError(refused("stray new", text=strays[0]))
    known_as: tuple[tuple[str, str], ...] = ()
    if store is not None:
        matched = roster.match_roster(request.names, [name for name, _ in store.players()], new=new)
        request, known_as = replace(request, names=matched.names), matched.known_as
    if request.keep is not None:
        players = request.keep.schedule.players
        kept = {name_key(name) for name in players}
        strays = [name for name in gone if name_key(name) not in kept]
        if strays:
            said = f"{strays[0]!r} went home, but is not one of the evening's players"
            near = roster.near_misses(strays[0], players)
            raise PlanError(said + (f"; did you mean {near[0]!r}?" if near else ""))
        missing = roster.forgotten(players, request.names, (*gone, *_gone_already(request.keep)))
        if missing:
            raise roster.ForgottenPlayersError(missing)
    return request, known_as


def _gone_already(kept: Kept) -> tuple[str, ...]:
    """The players of a kept plan who went home at an earlier replan: in none of its rounds still to
    come (its last round, when none is), so a later replan need not name them gone again."""
    schedule = kept.schedule
    coming = schedule.rounds[kept.rounds :] or schedule.rounds[-1:]
    seen = {p for rnd in coming for p in (*rnd.sitting_out, *(p for s in rnd.tables for p in s.players))}
    return tuple(name for p, name in enumerate(schedule.players) if p not in seen)


def kept_from_evening(store: Store, evening: Evening, rounds: int | None = None) -> KeptEvening:
    """A saved evening's plan for `--keep`: its first ``rounds`` (default: every round fully recorded)."""
    stored = store.load(evening)
    played = stored.session.rounds_played() if rounds is None else rounds
    return KeptEvening(Kept(stored.session.schedule, played), stored.name, stored.id)


def replan_evening(
    store: Store,
    evening: Evening,
    names: Sequence[str],
    *,
    new: Collection[str] = (),
    gone: Collection[str] = (),
    key: str | None = None,
    planner: Planner | None = None,
    source: Source | None = None,
) -> Planned:
    """Someone came or went (the host page's replan): plan the rounds not yet played again for ``names``
    (the players here now; the evening's others must be in ``gone``, a near miss of a known player in
    ``new``), keeping every round fully recorded and every result. The same door as `chicago plan --keep
    NAME --save NAME` (`rotation.services.plans.plan`): one request built one way, the same defaults (the
    planner's length: the rounds of the plan replaced, or an evening's length past the rounds kept). The
    page's link is checked first (``key``); the plan is made outside any transaction, and logged from
    ``source`` (else the host page, or the terminal without a link)."""
    from rotation.services.plans import KeepAsked, PlanAsked, plan
    from rotation.services.rubbers import source_of

    with store.reading() as tx:
        stored = tx.load(evening)
        grant = check_access(tx, stored, key, None)
    wanted = tuple(name for name in (n.strip() for n in names) if name)
    asked = PlanAsked(
        wanted,
        keep=KeepAsked(stored.id),
        new=tuple(new),
        gone=tuple(gone),
        save=stored.name,
        history_days=0,
        source=source or source_of(grant, key),
    )
    return plan(store, asked, planner=planner).planned


def playing_now(session: Session) -> tuple[tuple[str, bool], ...]:
    """Each player of the evening and whether they play now (seated or sitting out in the first round
    not fully recorded, the last round once all are), in alphabetical order of their names as names are
    compared (`name_key`): where a host looks for someone, the same from one replan to the next."""
    schedule = session.schedule
    number = min(session.rounds_played(), len(schedule.rounds) - 1)
    rnd = schedule.rounds[number]
    here = {p for seating in rnd.tables for p in seating.players} | set(rnd.sitting_out)
    players = sorted(range(len(schedule.players)), key=lambda p: (name_key(schedule.name(p)), p))
    return tuple((schedule.name(p), p in here) for p in players)


def _replace_plan(store: Store, evening: Evening, kept: Kept, made: Plan, source: Source) -> Planned:
    """Write a new plan for the evening in one short transaction, after checking that the plan it was
    made from is still the stored one and that no result lies past the rounds it keeps; logged as a
    replan from ``source``."""
    with store.writing() as tx:
        stored = tx.load(evening)
        recording.kept_plan(stored.session, kept.schedule, kept.rounds, made.schedule)
        saved = tx.replace_schedule(stored, made.schedule, kept=kept.rounds, source=source)
    return Planned(made, saved, replaced=True, kept=kept.rounds)


def open_evening(store: Store, evening: Evening, key: str | None) -> Opened:
    """The evening a live page shows, read in one transaction with the key its link's token is checked
    against: RefusedError for a token that is wrong, renewed or missing; NoSuchSessionError when the
    evening was deleted (even if another was saved under its name since)."""
    with store.reading() as tx:
        stored = tx.load(evening)
        secret, spoken = tx.web_secret(stored), tx.language(stored)
    tables = max(len(r.tables) for r in stored.session.schedule.rounds)
    grant = access(secret, key, tables) if secret is not None else None
    if grant is None or secret is None:
        raise RefusedError("this link is not valid for this evening")
    return Opened(stored, grant, secret, spoken)


@dataclass(frozen=True, slots=True)
class LiveLinks:
    """The live page's links of one evening: ``(label, URL)`` for the host, the standings, each table."""

    evening: StoredSession
    links: tuple[tuple[str, str], ...]

    def tables(self) -> dict[int, str]:
        """Each table's link by its number."""
        return {int(label.split()[1]): url for label, url in self.links if label.startswith("table ")}


def live_links(store: Store, evening: Evening, base: str, *, renew: bool = False) -> LiveLinks:
    """Every link of the evening's live page at ``base`` (``http://host:port``), its key made on first use
    (``renew``: a new key, so every link handed out before stops working)."""
    with store.writing() as tx:
        stored = tx.load(evening)
        secret = tx.web_secret(stored, renew=renew) or tx.web_secret(stored, renew=True)
    assert secret is not None
    return LiveLinks(stored, _links(stored, secret, base))


def evening_path(evening: EveningId) -> str:
    """Where an evening's live pages are on a server, the same whether it serves that evening or the
    whole club: under its identity, never reused, so a link outlives no deleted evening."""
    return f"/e/{evening.uid}"


def _links(stored: StoredSession, secret: str, base: str) -> tuple[tuple[str, str], ...]:
    tables = max(len(r.tables) for r in stored.session.schedule.rounds)
    at = base + evening_path(stored.id)
    links = [
        ("host", f"{at}/host?k={token(secret, Role.HOST)}"),
        ("standings", f"{at}/standings?k={token(secret, Role.VIEW)}"),
    ]
    links.extend((f"table {t}", f"{at}/t/{t}?k={token(secret, Role.TABLE, t)}") for t in range(1, tables + 1))
    return tuple(links)


def load_evening(store: Store, evening: Evening) -> StoredSession:
    """A saved evening (NoSuchSessionError, with the names saved last, when there is none)."""
    return store.load(evening)


def list_evenings(store: Store) -> list[SessionSummary]:
    """Every saved evening, oldest first."""
    return store.sessions()


def delete_evening(store: Store, evening: Evening) -> StoredSession:
    """Remove an evening and its results; its live page's links stop working at once."""
    return store.delete(evening)


@dataclass(frozen=True, slots=True)
class Carried:
    """What a session file carries for a saved evening beside the session: what it is played for
    (``"stake"``: the terms as typed, `chicago plan --stake`) and the language it speaks (``"language"``),
    so an evening exported and imported is settled and spoken as it was."""

    stake: dict[str, str] | None = None
    language: str | None = None


def export_evening(store: Store, evening: Evening) -> dict[str, Any]:
    """A saved evening as a session file's JSON, with its name and date, its ``"seating"`` when it is
    seated by results (`rotation.services.drives`), and what it carries (`Carried`)."""
    from rotation.services.drives import drive_state, present_names, seating_data

    stored = store.load(evening)
    data = session_to_data(stored.session, {"name": stored.name, "date": stored.played_on.isoformat()})
    with store.reading() as tx:
        stake, language, present = tx.stake(stored), tx.language(stored), present_names(tx, stored)
    seating = seating_data(drive_state(store, stored), present)
    if seating is not None:
        data["seating"] = seating
    if stake is not None:
        data["stake"] = stake
    if language is not None:
        data["language"] = language
    return data


STAKE_TEXT_LIMIT = 40
"""The longest text a file's stake terms may give (a stake, a unit, a currency code, table money)."""


def read_carried(data: object) -> Carried:
    """A session file's ``"stake"`` and ``"language"`` (`Carried`), read as typed ones are; FormatError
    for either that cannot be read."""
    from rotation.io.formats import FormatError
    from rotation.language import LANGUAGES, known
    from rotation.services.money import SettleAskedError, stake_texts, terms_of_texts

    if not isinstance(data, dict):
        return Carried()
    stake, language = data.get("stake"), data.get("language")
    terms = None
    if stake is not None:
        keys = ("stake", "per", "currency", "table_money")
        if (
            not isinstance(stake, dict)
            or not set(stake) <= set(keys)
            or not all(isinstance(v, str) and len(v) <= STAKE_TEXT_LIMIT for v in stake.values())
        ):
            raise FormatError(
                f'"stake" must be an object of texts (each {STAKE_TEXT_LIMIT} characters at most):'
                f" {', '.join(keys)}"
            )
        try:
            terms = stake_texts(terms_of_texts(stake))
        except SettleAskedError as error:
            raise FormatError(f'"stake": {error}') from None
    code = None
    if language is not None:
        code = known(language) if isinstance(language, str) and len(language) <= 16 else None
        if code not in LANGUAGES:
            raise FormatError(f'"language" must be one of {", ".join(LANGUAGES)}')
    return Carried(terms, code)


def import_evening(
    store: Store,
    session: Session,
    name: str,
    played_on: date,
    *,
    again: bool = False,
    source: Source = TERMINAL,
    seating: FileSeating | None = None,
    carried: Carried = Carried(),
) -> StoredSession:
    """Save a session read from a file, results and all. SameEveningError when the same evening (date,
    players, seating, results) is saved already, whose rubbers would count twice in the season, unless
    ``again`` says it is another evening. ``seating``: the file's movement by results, its rounds and who
    plays when (`rotation.services.drives.read_seating`), kept, and the rounds its results seat seated;
    ``carried``: its stake and language (`read_carried`), kept."""
    with store.writing() as tx:
        twin = next((s for s in tx.season(played_on, played_on) if _same_evening(s.session, session)), None)
        if twin is not None and not again:
            raise SameEveningError(twin.name, played_on)
        saved = tx.save(name, played_on, session, source=source)
        if carried.stake is not None:
            tx.keep_stake(saved, carried.stake)
        if carried.language is not None:
            tx.keep_language(saved, carried.language)
        if seating is not None:
            from rotation.services.drives import keep_imported

            saved = keep_imported(tx, saved, seating, source)
        return saved


def _same_evening(one: Session, other: Session) -> bool:
    """The same players (names compared as the store compares them), seating and results."""
    return (
        [name_key(p) for p in one.schedule.players] == [name_key(p) for p in other.schedule.players]
        and one.schedule.movement.rounds == other.schedule.movement.rounds
        and sorted(one.results, key=repr) == sorted(other.results, key=repr)
    )

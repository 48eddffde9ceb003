"""The club's pages: `chicago serve` with no evening serves the whole database (its evenings, planning a
new one, the season). Their links carry a token under the club's key, as an evening's do under its own:
the host's link may do everything, the season's link only read."""

from __future__ import annotations

import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from rotation import names as naming
from rotation import roster
from rotation.balance import Balance, CouplesBalance, check_couples
from rotation.couples import parse_couple
from rotation.io.store import Evening, SessionNameTakenError, SessionSummary
from rotation.language import N_
from rotation.plan import LONGEST_DEFAULT_EVENING, Plan, PlanError, PlanRequest, parse_away
from rotation.request import HISTORY_DAYS, Method, Seating
from rotation.results.changes import CLUB_PAGE
from rotation.services import evenings, houses
from rotation.services.access import Access, RefusedError, Role, access, token
from rotation.services.database import Store
from rotation.services.errors import NoSuchSessionError
from scoring.methods import UnknownMethodError, find_method
from scoring.rules import InvalidRulesError, ScoringRules

__all__ = [
    "DEFAULT_ROUNDS_AT_MOST",
    "Added",
    "ClubLinks",
    "ClubPlanned",
    "ClubView",
    "EveningAsked",
    "NewEveningForm",
    "PlanMemo",
    "ScoringAsked",
    "ScoringChoiceError",
    "add_members",
    "add_players",
    "club_links",
    "club_view",
    "evening_links",
    "evening_name",
    "house_choices",
    "new_evening_form",
    "open_club",
    "plan_club_evening",
    "plan_new_evening",
    "player_names",
    "scoring_rules",
]


@dataclass(frozen=True, slots=True)
class ClubLinks:
    """The club's two links at a server's address: the host's, and the season's (read only)."""

    host: str
    season: str


def club_links(store: Store, base: str, *, renew: bool = False) -> ClubLinks:
    """The club's links at ``base`` (``http://host:port``), the key made on first use (``renew``: a new
    key, so every club link handed out before stops working)."""
    with store.writing() as tx:
        secret = (None if renew else tx.club_secret()) or tx.new_club_secret()
    host, season = token(secret, Role.HOST), token(secret, Role.VIEW)
    return ClubLinks(f"{base}/club?k={host}", f"{base}/season?k={season}")


def open_club(store: Store, key: str | None, *, host: bool = False) -> Access:
    """What a club link's token allows (RefusedError for a wrong or renewed one, or a season link where
    ``host`` is asked)."""
    with store.reading() as tx:
        secret = tx.club_secret()
    grant = access(secret, key, 0) if secret is not None else None
    if grant is None or (host and grant.role is not Role.HOST):
        raise RefusedError("this link does not open the club's pages")
    return grant


@dataclass(frozen=True, slots=True)
class ClubView:
    """What the club's host page shows: the saved evenings, oldest first, and the roster by name."""

    evenings: tuple[SessionSummary, ...]
    players: tuple[tuple[str, int], ...]


def club_view(store: Store, key: str | None) -> ClubView:
    """The club's evenings and players, for the host's link only."""
    open_club(store, key, host=True)
    return ClubView(tuple(store.sessions()), tuple(store.players()))


def evening_links(store: Store, key: str | None, evening: Evening, base: str) -> evenings.LiveLinks:
    """A saved evening's live links at ``base``, handed to the club's host (its key made on first use);
    NoSuchSessionError for a name no evening can have (too long, a hidden character), as for one unsaved."""
    open_club(store, key, host=True)
    if isinstance(evening, str):
        try:
            naming.clean_name(evening, what=N_("an evening's name"))
        except naming.InvalidNameError as error:
            raise NoSuchSessionError(str(error)) from None
    return evenings.live_links(store, evening, base)


@dataclass(frozen=True, slots=True)
class ClubPlanned:
    """A new evening planned from the club's page: the plan, and once saved, its live links; ``rules``:
    the scoring it is (or will be) saved with."""

    planned: evenings.Planned
    links: evenings.LiveLinks | None = None
    rules: ScoringRules | None = None
    balance: Balance | None = None
    """How even the plan is (a preview's), for the page to word as `chicago plan` does."""
    couples: CouplesBalance | None = None
    """A preview's couples: kept apart, partnerships mixed (`balance.check_couples`)."""


def plan_club_evening(
    store: Store,
    key: str | None,
    request: PlanRequest,
    save: evenings.SaveAs,
    *,
    start: bool,
    base: str,
    new: Collection[str] = (),
    planner: evenings.Planner | None = None,
    seating: Seating = Seating.BALANCED,
) -> ClubPlanned:
    """Plan a new evening for the club's host: a preview, or with ``start`` the same plan (the planner is
    deterministic) saved as ``save`` with its live links at ``base``. SessionNameTakenError, also for a
    preview, when an evening is saved under that name already."""
    open_club(store, key, host=True)
    try:
        taken = store.load(save.name)
    except NoSuchSessionError:
        pass
    else:
        raise SessionNameTakenError(f"an evening is saved as {taken.name!r} already", taken.name)
    if seating is not Seating.BALANCED:  # seated by results: round 1 by the cut, the rest as played
        from rotation.services.drives import Drive, drive_planned

        drive = Drive(seating.value)
        planned = drive_planned(store, request, save, drive, start=start, new=new, source=CLUB_PAGE)
    else:
        planned = evenings.plan_evening(  # the season taken into account as `chicago plan` does
            request,
            store=store,
            save=save if start else None,
            new=new,
            planner=planner,
            history_days=HISTORY_DAYS,
            played_on=save.played_on,
            source=CLUB_PAGE,
        )
    if planned.saved is None:
        return ClubPlanned(planned)
    return ClubPlanned(planned, evenings.live_links(store, planned.saved.id, base))


DEFAULT_ROUNDS_AT_MOST = LONGEST_DEFAULT_EVENING
"""A new evening's rounds when none are asked: enough for every pair to partner once, at most this many
(4, 5 and 6 players: the bulletin's 3, 5 and 8)."""

MAX_CHOICE = 200
"""Characters in one scoring choice: a name, or a vulnerability cycle written out (``none,both,...``)."""


class ScoringChoiceError(PlanError):
    """A scoring choice that cannot be had: an unknown method, vulnerability cycle, premium, unit or
    rounding, or a unit or rounding asked of a method that tallies in IMPs. ``setting`` names the choice
    at fault (``method``, ``vulnerability``, ``premium``, ``unit``, ``rounding``)."""

    def __init__(self, message: str, setting: str) -> None:
        super().__init__(message, setting=setting)
        self.setting = setting

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as made: its own arguments, not PlanError's (whose part and fault it does not take)."""
        return (type(self), (str(self), self.setting))


@dataclass(frozen=True, slots=True)
class ScoringAsked:
    """An evening's scoring as the host chose it, each as typed ("": not chosen, the default)."""

    method: str = ""
    vulnerability: str = ""
    premium: str = ""
    unit: str = ""
    rounding: str = ""
    house: str = ""
    """House rules by name (`rotation.services.houses`): the settings not chosen are the house's."""


_SETTINGS = (
    ("method", "method"),
    ("vulnerability", "vulnerability"),
    ("premium", "partscore_premium"),
    ("unit", "unit"),
    ("rounding", "rounding"),
)
"""Each choice of `ScoringAsked` and its key in a session's ``"scoring"`` object."""


def scoring_rules(asked: ScoringAsked, *, database: Path | None = None) -> ScoringRules:
    """The scoring chosen, with the house's settings (a preset, or the club's own beside ``database``)
    or `chicago plan --save`'s defaults for what is not (Chicago, the dealer's side vulnerable on deals
    2-3, 100 for a part score on the last deal, hundreds rounded half up), and refused as the terminal
    refuses it: an unknown choice or house, or a unit or rounding chosen for a method that tallies in
    IMPs (ScoringChoiceError)."""
    given: dict[str, str] = {}
    for setting, key in _SETTINGS:
        value = getattr(asked, setting).strip()
        if not value:
            continue
        if len(value) > MAX_CHOICE:
            raise ScoringChoiceError(f"the {setting} chosen is {len(value)} characters long", setting)
        try:
            ScoringRules.from_mapping({key: value})
        except InvalidRulesError as error:
            raise ScoringChoiceError(naming.shown(str(error)), setting) from None
        given[key] = value
    try:
        method = find_method(given.get("method", "chicago"))
    except UnknownMethodError as error:  # pragma: no cover - read above
        raise ScoringChoiceError(str(error), "method") from None
    if method.in_imps and ("unit" in given or "rounding" in given):
        setting = "unit" if "unit" in given else "rounding"
        raise ScoringChoiceError(
            f"{method.name.capitalize()} scoring tallies in IMPs: no unit or rounding applies",
            setting,
        )
    if asked.house.strip():
        if len(asked.house) > MAX_CHOICE:
            raise ScoringChoiceError(f"the house chosen is {len(asked.house)} characters long", "house")
        try:
            return houses.house_rules(asked.house, given, database=database, files=False)
        except houses.HouseError as error:
            raise ScoringChoiceError(naming.shown(str(error)), "house") from None
    return ScoringRules.from_mapping(given)


def house_choices(store: Store, key: str | None) -> houses.HouseChoices:
    """The houses New evening offers (the presets and the club's own), for the club's host only."""
    open_club(store, key, host=True)
    return houses.house_choices(store.path)


def evening_name(name: str) -> str:
    """An evening's name as it will be saved, checked before any planning by the store's rule (no
    hidden character, at most `MAX_NAME_LENGTH` characters, nothing that reads as an option or a file):
    PlanError."""
    try:
        shown = naming.clean_name(name, what=N_("the evening's name"))
    except naming.InvalidNameError as error:
        raise PlanError(str(error)) from None
    if naming.reads_as_other(shown):
        raise PlanError(
            "the evening's name cannot start with -, hold a / or \\ or end in .json"
            f" (it would read as an option or a file): {shown!r}"
        )
    return shown


MAX_NAMES = 1000
"""Names read at once: a club's whole roster typed in one go, bounded before the near-miss comparisons."""


def player_names(typed: Sequence[str]) -> tuple[str, ...]:
    """Players' names in their one normal form, each checked (no hidden character, not over
    `MAX_NAME_LENGTH`): PlanError, naming the first name refused; at most `MAX_NAMES` at once, so
    nothing typed reaches the roster's comparisons unbounded."""
    if len(typed) > MAX_NAMES:
        raise PlanError(f"at most {MAX_NAMES} names at once, got {len(typed)}")
    try:
        return tuple(naming.clean_name(name) for name in typed)
    except naming.InvalidNameError as error:
        raise PlanError(str(error)) from None


@dataclass(frozen=True, slots=True)
class EveningAsked:
    """A new evening as the club's host asks for it, in plain values: the players (known and new), its
    name and date, the cut's seed, the rounds (None: the planner's default), who is away when
    (``(name, rounds)`` as typed, e.g. ``("Kim", "1-2")``), the names declared new (not typos of known
    players) and the scoring."""

    players: tuple[str, ...]
    name: str
    played_on: date
    seed: int = 0
    rounds: int | None = None
    away: tuple[tuple[str, str], ...] = ()
    new: tuple[str, ...] = ()
    scoring: ScoringAsked = field(default_factory=ScoringAsked)
    seating: Seating = Seating.BALANCED
    """Balanced (planned now) or a movement by results (progressive, swiss: the rounds needed)."""
    couples: tuple[str, ...] = ()
    """Couples as ``A+B`` texts: never partners, never at one table."""
    mixed: bool = False
    """Every partnership one couple's first-named with another's second-named."""


def plan_new_evening(
    store: Store,
    key: str | None,
    asked: EveningAsked,
    *,
    start: bool,
    base: str,
    planner: evenings.Planner | None = None,
) -> ClubPlanned:
    """Plan a new evening for the club's host (`plan_club_evening`), everything typed checked first, so
    a mistake is told at once rather than after the plan: the names, the evening's name, the scoring
    and who is away (PlanError, ScoringChoiceError), then the names against the roster (NearMissError)."""
    open_club(store, key, host=True)
    players, new = player_names(asked.players), player_names(asked.new)
    if len(players) < 4:
        raise PlanError(f"an evening needs at least four players, not {len(players)}")
    name, rules = evening_name(asked.name), scoring_rules(asked.scoring, database=store.path)
    away = tuple(parse_away(f"{who}:{rounds}") for who, rounds in asked.away)
    if (away or asked.couples or asked.mixed) and asked.seating is not Seating.BALANCED:
        raise PlanError(
            f"a {asked.seating.value} evening seats everyone each round from the results:"
            " nobody late or leaving early, no couples kept apart"
        )
    couples = tuple(parse_couple(text) for text in asked.couples)
    request = PlanRequest(
        players,
        seed=asked.seed,
        rounds=asked.rounds,
        method=Method.AUTO,
        away=away,
        couples=couples,
        mixed=asked.mixed,
    )
    save = evenings.SaveAs(name, asked.played_on, rules)
    made = plan_club_evening(
        store, key, request, save, start=start, base=base, new=new, planner=planner, seating=asked.seating
    )
    if made.links is not None:
        return ClubPlanned(made.planned, made.links, rules)
    plan = made.planned.plan
    schedule = plan.schedule
    apart = check_couples(schedule.movement, schedule.couples, mixed=schedule.mixed) if couples else None
    return ClubPlanned(made.planned, None, rules, plan.checked(), apart)


class PlanMemo:
    """The last few plans made, each with the request it was made for, so that starting an evening just
    previewed saves the plan shown instead of planning it again (20 players: 8 s). The planner is
    deterministic, so the same request (the season read into it included) gives the same plan, and a
    changed form is a new request, planned anew. A plan cut short by a time limit is not kept (another
    run may find another). At most ``size`` plans are kept, the least recently used forgotten first."""

    def __init__(self, planner: evenings.Planner | None = None, size: int = 4) -> None:
        self._planner = planner
        self._size = size
        self._kept: list[tuple[PlanRequest, Plan]] = []
        self._lock = threading.Lock()
        self.made = 0
        """Plans made by the planner (not taken from memory)."""

    def __call__(self, request: PlanRequest) -> Plan:
        with self._lock:
            for index, (asked, plan) in enumerate(self._kept):
                if asked == request:
                    self._kept.append(self._kept.pop(index))
                    return plan
        made = self._planner(request) if self._planner is not None else evenings.plan_evening(request).plan
        with self._lock:
            self.made += 1
            if made.solved is None or not made.solved.cut_short:
                self._kept = [*self._kept, (request, made)][-self._size :]
        return made


@dataclass(frozen=True, slots=True)
class NewEveningForm:
    """What New evening starts from: the roster by name, and the last evening played (the latest date)
    with its players as the roster spells them, ticked for the host, who then unticks who is away."""

    roster: tuple[str, ...]
    last: SessionSummary | None = None
    ticked: tuple[str, ...] = ()


def new_evening_form(store: Store, key: str | None) -> NewEveningForm:
    """The roster and the last evening's players, for the club's host only."""
    open_club(store, key, host=True)
    players = tuple(name for name, _ in store.players())
    saved = store.sessions()
    if not saved:
        return NewEveningForm(players)
    last = saved[-1]
    return NewEveningForm(players, last, store.load(last.name).session.schedule.players)


@dataclass(frozen=True, slots=True)
class Added:
    """Players made known to the roster (as it spells them now), and those it knew already."""

    added: tuple[str, ...]
    known: tuple[str, ...]


def add_players(store: Store, typed: Sequence[str], *, new: Collection[str] = ()) -> Added:
    """Make players known without saving an evening (the club's members), so New evening lists them. A
    name the roster knows (case, spacing or accents aside) is known already; one a letter or two off a
    known player is refused as a likely typo (NearMissError) unless named in ``new``, as `chicago plan`
    refuses it; a name that cannot be a name is a PlanError."""
    first: dict[str, str] = {}
    for name in player_names(typed):
        first.setdefault(naming.name_key(name), name)
    names = tuple(first.values())
    declared = player_names(tuple(new))
    typed_keys = {naming.name_key(name) for name in names}
    strays = [name for name in declared if naming.name_key(name) not in typed_keys]
    if strays:
        raise PlanError(f"{strays[0]!r} is declared new but is not one of the names given")
    known = [name for name, _ in store.players()]
    matched = roster.match_roster(names, known, new=declared).names
    known_keys = {naming.name_key(name) for name in known}
    already = tuple(name for name in matched if naming.name_key(name) in known_keys)
    fresh = tuple(name for name in matched if naming.name_key(name) not in known_keys)
    return Added(store.add_players(fresh), already)


def add_members(store: Store, key: str | None, typed: Sequence[str], *, new: Collection[str] = ()) -> Added:
    """`add_players` for the club's host (the host's link only)."""
    open_club(store, key, host=True)
    return add_players(store, typed, new=new)

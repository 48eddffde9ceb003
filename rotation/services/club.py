"""The club's pages: `chicago serve` with no evening serves the whole database (its evenings, planning a
new one, the season). Their links carry a token under the club's key, as an evening's do under its own:
the host's link may do everything, the season's link only read."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from rotation.io.store import Evening, SessionNameTakenError, SessionSummary
from rotation.services import evenings
from rotation.services.access import Access, RefusedError, Role, access, token
from rotation.services.database import Store
from rotation.services.errors import NoSuchSessionError

__all__ = [
    "ClubLinks",
    "ClubPlanned",
    "ClubView",
    "club_links",
    "club_view",
    "evening_links",
    "open_club",
    "plan_club_evening",
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
    """A saved evening's live links at ``base``, handed to the club's host (its key made on first use)."""
    open_club(store, key, host=True)
    return evenings.live_links(store, evening, base)


@dataclass(frozen=True, slots=True)
class ClubPlanned:
    """A new evening planned from the club's page: the plan, and once saved, its live links."""

    planned: evenings.Planned
    links: evenings.LiveLinks | None = None


def plan_club_evening(
    store: Store,
    key: str | None,
    request: evenings.PlanRequest,
    save: evenings.SaveAs,
    *,
    start: bool,
    base: str,
    new: Collection[str] = (),
    planner: evenings.Planner | None = None,
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
    planned = evenings.plan_evening(  # the season taken into account as `chicago plan` does
        request,
        store=store,
        save=save if start else None,
        new=new,
        planner=planner,
        history_days=evenings.HISTORY_DAYS,
        played_on=save.played_on,
    )
    if planned.saved is None:
        return ClubPlanned(planned)
    return ClubPlanned(planned, evenings.live_links(store, planned.saved.id, base))

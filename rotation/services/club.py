"""The club's pages: `chicago serve` with no evening serves the whole database (its evenings, planning a
new one, the season). Their links carry a token under the club's key, as an evening's do under its own:
the host's link may do everything, the season's link only read."""

from __future__ import annotations

from dataclasses import dataclass

from rotation.services.access import Access, RefusedError, Role, access, token
from rotation.services.database import Store

__all__ = ["ClubLinks", "club_links", "open_club"]


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

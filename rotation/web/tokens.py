"""The links' tokens: HMAC-SHA256 of a role under the session's secret (kept in the store).

Derived rather than stored one by one: one secret per session gives every table's link, including tables a
replan adds, without a write; the links survive a restart of the server; `--new-links` renews the secret,
so every link handed out before is refused at once. Pure: the secret comes from the store.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from enum import Enum


class Role(Enum):
    """What a link may do: the host everything, a table write its own rubbers, a viewer only read."""

    HOST = "host"
    TABLE = "table"
    VIEW = "view"


@dataclass(frozen=True, slots=True)
class Access:
    """Who a token says the holder is: a role, and for a table link its table number."""

    role: Role
    table: int | None = None

    def may_write(self, table: int) -> bool:
        """A table link writes only its own table's rubbers; the host link writes any."""
        return self.role is Role.HOST or (self.role is Role.TABLE and self.table == table)


def token(secret: str, role: Role, table: int | None = None) -> str:
    """The token of one link: 128 bits of HMAC-SHA256, URL-safe (hex)."""
    message = role.value if table is None else f"{role.value}:{table}"
    return hmac.new(secret.encode(), message.encode(), hashlib.sha256).hexdigest()[:32]


def access(secret: str, given: str | None, tables: int) -> Access | None:
    """The access ``given`` grants (compared in constant time), or None for a wrong or missing token."""
    if not given:
        return None
    found: Access | None = None
    candidates = [Access(Role.HOST), Access(Role.VIEW)] + [
        Access(Role.TABLE, t) for t in range(1, tables + 1)
    ]
    for candidate in candidates:
        if hmac.compare_digest(token(secret, candidate.role, candidate.table), given):
            found = candidate
    return found

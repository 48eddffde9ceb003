"""The links' tokens: HMAC-SHA256 of a role under the session's secret (kept in the store).

Derived rather than stored one by one: one secret per session gives every table's link, including tables a
replan adds, without a write; the links survive a restart of the server; `--new-links` renews the secret,
so every link handed out before is refused at once. Pure: the secret comes from the store, where the
services that take a link's token check it in the same transaction as the work it allows.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from rotation.errors import UserError

if TYPE_CHECKING:
    from rotation.io.store import StoredSession, Transaction


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


class RefusedError(UserError):
    """A link's token does not grant what was asked (wrong, renewed, another table's, or none)."""


TOKEN_LENGTH = 32
"""Hex digits in a token."""


def access(secret: str, given: str | None, tables: int) -> Access | None:
    """The access ``given`` grants (compared in constant time), or None for a wrong or missing token; a
    token of any other length or alphabet (non-ASCII included) is simply wrong."""
    if not given or len(given) != TOKEN_LENGTH or not given.isascii():
        return None
    found: Access | None = None
    candidates = [Access(Role.HOST), Access(Role.VIEW)] + [
        Access(Role.TABLE, t) for t in range(1, tables + 1)
    ]
    for candidate in candidates:
        if hmac.compare_digest(token(secret, candidate.role, candidate.table), given):
            found = candidate
    return found


def check_access(tx: Transaction, stored: StoredSession, key: str | None, table: int | None) -> Access:
    """What a link's token allows on this evening: writing ``table`` (a table's link or the host's), or
    everything (``table`` None: the host's alone). No key is the host at the terminal. RefusedError else."""
    if key is None:
        return Access(Role.HOST)
    secret = tx.web_secret(stored)
    tables = max(len(r.tables) for r in stored.session.schedule.rounds)
    grant = access(secret, key, tables) if secret is not None else None
    if grant is None or not (grant.role is Role.HOST or (table is not None and grant.may_write(table))):
        raise RefusedError("this link does not allow that")
    return grant

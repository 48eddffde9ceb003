"""The session database as the faces know it: where it is, and opening it for one command or one
server (the store and its transactions stay below the services)."""

from __future__ import annotations

from pathlib import Path

from rotation.io.store import EveningId, Store, StoredSession, default_path, resolve_path

__all__ = ["EveningId", "Store", "StoredSession", "default_path", "open_store", "resolve_path"]


def open_store(path: Path, *, create: bool = True) -> Store:
    """The database at ``path``, created (or upgraded) when ``create``; NoDatabaseError without it."""
    return Store.open(path, create=create)

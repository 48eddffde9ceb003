"""Where the live server's work runs: a fixed pool of threads each with its own open database, and a
process of lower priority for the planner, so nothing slow runs on the event loop and the pages are served
while the host replans."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from rotation.services import evenings
from rotation.services.database import Store, open_store

WORKERS = 4
"""Threads serving pages and forms: enough to overlap one page's work with another's wait on the disk."""


class Stores:
    """One open database per worker thread (SQLite connections are not shared between threads), opened
    on a thread's first request and closed when the server stops. The threads are a fixed pool's, which
    live as long as the server, so the databases open are at most one per thread."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self._local = threading.local()
        self._all: list[Store] = []
        self._lock = threading.Lock()

    def get(self) -> Store:
        store: Store | None = getattr(self._local, "store", None)
        if store is None:
            store = open_store(self.db, create=False)
            self._local.store = store
            with self._lock:
                self._all.append(store)
        return store

    def close(self) -> None:
        with self._lock:
            for store in self._all:
                store.close()
            self._all.clear()


def _lower_priority() -> None:
    """In the planner's process: yield the CPU to the server's (a no-op where there is no nice)."""
    if hasattr(os, "nice"):
        os.nice(SubprocessPlanner.NICENESS)


class SubprocessPlanner:
    """Plans in another process, started on the first replan and kept for the next, at a lower priority
    than the server's: on a laptop with one or two cores, the pages are served first and the plan takes
    what is left. The same request gives the same plan as in this process: the planner is deterministic."""

    NICENESS = 10

    def __init__(self) -> None:
        self._executor: Any = None
        self._lock = threading.Lock()

    def __call__(self, request: evenings.PlanRequest) -> evenings.Plan:
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        with self._lock:
            if self._executor is None:
                self._executor = ProcessPoolExecutor(
                    max_workers=1, mp_context=get_context("spawn"), initializer=_lower_priority
                )
            executor = self._executor
        plan: evenings.Plan = executor.submit(evenings.plan_alone, request).result()
        return plan

    def shutdown(self) -> None:
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(cancel_futures=True)
                self._executor = None

"""Where the live server's work runs: a fixed pool of threads each with its own open database, and
processes of lower priority for the planner, so nothing slow runs on the event loop and the pages are served
while the host replans.

The planner's processes (`SubprocessPlanner`) are the server's children and are treated as disposable:
one that dies (the system killed it for memory) is replaced and the host told (`PlannerStoppedError`);
each ends with the server however the server ends (Linux's parent-death signal, and a pipe from the server
whose end-of-file it watches); each may use at most `MEMORY_LIMIT` bytes, and is let go after a big plan
or `IDLE_SECONDS` without work, so the memory a plan took is given back; a plan whose asker has left (the
browser closed, the page reloaded) is killed with its process (`Ticket`); and each evening (and the club's
New evening) plans in its own lane, so one host's big plan never makes another evening's replan wait.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rotation.language import _, area, current, speaking, written_for
from rotation.services import evenings
from rotation.services.database import Store, open_store
from rotation.services.errors import PlanAbandonedError, PlanError, PlannerStoppedError

__all__ = [
    "CURRENT",
    "IDLE_SECONDS",
    "MEMORY_LIMIT",
    "PLANNERS",
    "RECYCLE_AFTER",
    "WORKERS",
    "PlanAbandonedError",
    "PlannerStoppedError",
    "Stores",
    "SubprocessPlanner",
    "Ticket",
]
# PlannerStoppedError and PlanAbandonedError are the services' (MachineError); named here for older callers.

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

WORKERS = 4
"""Threads serving pages and forms: enough to overlap one page's work with another's wait on the disk."""
PLANNERS = 3
"""Planner processes at most, each planning for one lane (an evening, or the club's New evening) at a time:
a plan for a lane waits only for that lane's plan before it, or for one of these to be free."""
MEMORY_LIMIT = 3 * 1024**3
"""Bytes of address space a planner process may use: the biggest plan the club page allows (199 players,
40 rounds) reaches 2.2 GB of address space (1.8 GB resident); a plan that needs more is refused in a
sentence rather than left to push the server out of memory."""
RECYCLE_AFTER = 256 * 1024**2
"""Resident bytes past which a planner process is let go after its plan (Python keeps what it freed)."""
IDLE_SECONDS = 120.0
"""Seconds a planner process is kept without work (the next plan then starts a fresh one)."""


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


@dataclass(eq=False)
class Ticket:
    """One request's claim on the planner: its lane (whose plans wait for each other), and a way to stop
    its plan when the asker leaves. Set for a request by `rotation.web.http.PlanTickets`; the planner
    reads it (`CURRENT`)."""

    lane: str
    cancelled: bool = False
    _child: _Child | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _wake: list[Callable[[], None]] = field(default_factory=list, repr=False)

    def cancel(self) -> None:
        """Whoever asked has left: kill the plan's process if one is planning, wake a wait for one."""
        with self._lock:
            self.cancelled = True
            child, wake = self._child, list(self._wake)
        if child is not None:
            child.kill()
        for call in wake:
            call()

    def _attach(self, child: _Child | None) -> bool:
        with self._lock:
            if self.cancelled and child is not None:
                return False
            self._child = child
            return True


CURRENT: contextvars.ContextVar[Ticket | None] = contextvars.ContextVar("chicago_plan_ticket", default=None)
"""The ticket of the request being served, if it is one that plans (copied into the worker thread)."""


class _Child:
    """One planner process and the server's ends of its two pipes: the work, and the life line whose
    closing (the server gone) the process watches."""

    def __init__(self, niceness: int, memory: int) -> None:
        from multiprocessing import get_context

        self.memory = memory
        context = get_context("spawn")
        self.conn, child_conn = context.Pipe()
        life_read, self._life = context.Pipe(duplex=False)
        self.process: BaseProcess = context.Process(
            target=_child_main,
            args=(child_conn, life_read, os.getpid(), niceness, memory),
            name="chicago-planner",
            daemon=True,
        )
        self.process.start()
        child_conn.close()
        life_read.close()
        self.timer: threading.Timer | None = None

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def plan(self, request: evenings.PlannerRequest) -> tuple[evenings.PlannerAnswer | Exception, int]:
        """The plan, or the planner's refusal (an exception to raise), and the process's peak resident
        bytes; PlannerStoppedError when the process ended (or ran out of memory) before answering."""
        from multiprocessing.connection import wait

        try:
            self.conn.send((current(), area(), request))  # the plan's notes and refusals as the page speaks
            wait([self.conn, self.process.sentinel])
            kind, value, peak = self.conn.recv()
        except (EOFError, OSError):
            raise PlannerStoppedError from None
        if kind == "memory":
            said = _(
                "The plan needs more memory than the planner may use ({memory} GB): plan fewer players or"
                " rounds."
            )
            raise PlannerStoppedError(said.format(memory=f"{self.memory / 1024**3:.1f}"))
        if kind == "fault":
            said = _(
                "The planner's process failed ({fault}); the computer may be short of memory. A new one has"
                " started: go back and try again."
            )
            raise PlannerStoppedError(said.format(fault=value))
        return value, peak

    def alive(self) -> bool:
        return self.process.is_alive()

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.process.kill()

    def stop(self) -> None:
        """End the process and wait for it (bounded: it is killed), closing the pipes."""
        if self.timer is not None:
            self.timer.cancel()
        self.kill()
        with contextlib.suppress(OSError, ValueError, AssertionError):
            self.process.join(10)
        for end in (self.conn, self._life):
            end.close()


class SubprocessPlanner:
    """Plans in other processes, started on the first plan and kept for the next while small and busy,
    at a lower priority than the server's: on a laptop with one or two cores, the pages are served first and
    the plan takes what is left. The same request gives the same plan as in this process: the planner is
    deterministic. Called from the server's worker threads; the request's `Ticket` (`CURRENT`) names its
    lane and stops the plan if its asker leaves (without one, each call is a lane of its own)."""

    NICENESS = 10

    def __init__(
        self,
        processes: int = PLANNERS,
        *,
        memory: int = MEMORY_LIMIT,
        recycle: int = RECYCLE_AFTER,
        idle: float = IDLE_SECONDS,
    ) -> None:
        self.processes, self.memory, self.recycle, self.idle = processes, memory, recycle, idle
        self._ready = threading.Condition()
        self._idle: list[_Child] = []
        self._busy: dict[_Child, Ticket] = {}
        self._lanes: set[str] = set()
        self._starting = 0
        self._closed = False

    def __call__(self, request: evenings.PlannerRequest) -> evenings.PlannerAnswer:
        ticket = CURRENT.get() or Ticket(f"call {id(request)}")
        child = self._take(ticket)
        try:
            made, peak = child.plan(request)
        except BaseException:
            self._drop(child, ticket)
            if ticket.cancelled:
                raise PlanAbandonedError(_("the plan's asker left")) from None
            raise
        self._give_back(child, ticket, keep=peak <= self.recycle)
        if isinstance(made, Exception):
            raise made
        return made

    def pids(self) -> tuple[int, ...]:
        """The planner processes' ids (idle or planning), for a status or a test."""
        with self._ready:
            return tuple(c.pid for c in (*self._idle, *self._busy) if c.pid is not None)

    def shutdown(self) -> None:
        """When the server stops: every planner process ends, a plan under way included."""
        with self._ready:
            self._closed = True
            children = [*self._idle, *self._busy]
            self._idle.clear()
            self._ready.notify_all()
        for child in children:
            child.stop()

    def _take(self, ticket: Ticket) -> _Child:
        """A process for the ticket's plan once its lane is free and a process is (an idle one, or a new
        one within `processes`, started outside the lock); PlanAbandonedError if the asker leaves
        meanwhile. An idle process found dead is replaced without a word (nothing was lost)."""

        def wake() -> None:
            with self._ready:
                self._ready.notify_all()

        ticket._wake.append(wake)
        with self._ready:
            while True:
                if ticket.cancelled or self._closed:
                    raise PlanAbandonedError(_("the plan's asker left, or the server is stopping"))
                room = self._idle or len(self._busy) + self._starting < self.processes
                if ticket.lane not in self._lanes and room:
                    break
                self._ready.wait()
            self._lanes.add(ticket.lane)
            child = self._idle.pop() if self._idle else None
            self._starting += 1
        if child is not None and child.timer is not None:
            child.timer.cancel()
        if child is not None and not child.alive():
            child.stop()
            child = None
        try:
            child = child or _Child(self.NICENESS, self.memory)
        finally:
            with self._ready:
                self._starting -= 1
                if child is None:  # it could not start (no memory, no processes left)
                    self._lanes.discard(ticket.lane)
                    self._ready.notify_all()
                else:
                    self._busy[child] = ticket
        if self._closed or not ticket._attach(child):
            self._drop(child, ticket)
            raise PlanAbandonedError(_("the plan's asker left, or the server is stopping"))
        return child

    def _give_back(self, child: _Child, ticket: Ticket, *, keep: bool) -> None:
        ticket._attach(None)
        # a cancel that came after the plan was answered but before the detach above killed the process
        # (or is killing it): not to be handed to the next plan, however alive it still looks
        keep = keep and not ticket.cancelled
        with self._ready:
            self._busy.pop(child, None)
            self._lanes.discard(ticket.lane)
            keep = keep and not self._closed and child.alive()
            if keep:
                child.timer = threading.Timer(self.idle, self._retire, (child,))
                child.timer.daemon = True
                child.timer.start()
                self._idle.append(child)
            self._ready.notify_all()
        if not keep:
            child.stop()

    def _drop(self, child: _Child, ticket: Ticket) -> None:
        ticket._attach(None)
        with self._ready:
            self._busy.pop(child, None)
            self._lanes.discard(ticket.lane)
            self._ready.notify_all()
        child.stop()

    def _retire(self, child: _Child) -> None:
        """An idle process's time is up: it ends, and with it the memory it kept."""
        with self._ready:
            if child not in self._idle:
                return
            self._idle.remove(child)
        child.timer = None
        child.stop()


def _child_main(conn: Connection, life: Connection, parent: int, niceness: int, memory: int) -> None:
    """The planner process: end with the server (not on the terminal's Ctrl-C: the server ends it), yield
    the CPU, keep within ``memory``, then plan each request sent until the server closes the pipe."""
    import signal

    _end_with(parent, life)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the server stops us
    if hasattr(os, "nice"):
        os.nice(niceness)
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    while True:
        try:
            language, written, request = conn.recv()
        except (EOFError, OSError):
            return
        except Exception as error:  # the request's modules could not load (memory, say)
            conn.send(("fault", f"{type(error).__name__}: {error}", _peak()))
            return
        try:
            with speaking(language), written_for(written):
                answer: tuple[str, object, int] = ("plan", _plan(request), _peak())
        except PlanError as error:  # the planner's refusal, raised again in the server
            answer = ("error", error, _peak())
        except MemoryError:
            conn.send(("memory", None, _peak()))
            return
        except Exception as error:  # a fault of this process (a library that cannot load, say): it ends
            conn.send(("fault", f"{type(error).__name__}: {error}", _peak()))
            return
        conn.send(answer)


def _plan(request: evenings.PlannerRequest) -> evenings.PlannerAnswer:
    """The pure planner: the request as it was built, names and gone players already checked."""
    return evenings.plan_alone(request)


def _end_with(parent: int, life: Connection) -> None:
    """Die with the server: on Linux the kernel's parent-death signal; everywhere, a thread that waits for
    the end-of-file of the life line (the server's end closes when it dies, however it dies)."""
    import signal

    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the server died before the signal was asked for
        os._exit(1)

    def watch() -> None:
        with contextlib.suppress(EOFError, OSError):
            life.recv()
        os._exit(1)

    threading.Thread(target=watch, name="chicago-planner-life", daemon=True).start()


def _peak() -> int:
    """The process's peak resident bytes so far (0 where unknown): Linux's VmHWM, the high-water mark of
    this process's own memory. Not ``getrusage``'s ru_maxrss, which a spawned process inherits from the
    server it was forked from (kept across exec): a server grown past the limit would let every planner go
    after each plan."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    try:
        import resource
    except ImportError:
        return 0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

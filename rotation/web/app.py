"""The Starlette app of `chicago serve`: pages for phones at the table, plain HTML forms (POST, then a
redirect to the page: no JavaScript needed). Each request is one service call (`rotation.services`): one
read transaction for a page, one write transaction for a form.

Nothing slow runs on the event loop: the services run in a fixed pool of `WORKERS` threads, each with its
own open database for the server's lifetime (a pool whose idle threads exit would leave their databases
open, one more each time). A replan waits in a thread of its own, planning in another process of lower
priority, so the phones' pages are served while the host replans.

Who may do what is in the token each link carries, checked by the service in the same transaction as the
work, against the evening the server was started for, by its row: an evening deleted is gone (410), and one
saved again under its name is another row (410) or, when it takes the deleted one's row, has a new key, so
the old tokens are wrong (403).

A form is refused when the browser says it comes from another site (Origin, else Referer); a body over
`MAX_BODY` bytes is refused before it is read. Names are escaped by Jinja's autoescape. Every answer,
errors included, carries `HEADERS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from rotation.services import evenings, rubbers
from rotation.services.access import Role
from rotation.services.database import EveningId, Store, open_store
from rotation.services.errors import (
    MovedOnError,
    NoSuchSessionError,
    NothingRecordedError,
    PlanError,
    RefusedError,
    SessionError,
    StoreError,
)
from rotation.web import views
from scoring.contract import InvalidResultError
from scoring.deal import InvalidDealError

MAX_BODY = 16 * 1024
"""The largest request body read: a form holds a deal or a rubber's few deals, well under a kilobyte."""
MAX_FIELD = 2000
"""The most characters of one form field read: a textarea of a rubber's deals or the evening's players."""
WORKERS = 4
"""Threads serving pages and forms: enough to overlap one page's work with another's wait on the disk."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
    " form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}


class BodyLimit:
    """Refuse a request body over ``limit`` bytes with 413, by its Content-Length or as it streams."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or len(length) > 9 or int(length) > self.limit):
            await _too_large(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(scope, receive, send)


class _TooLarge(Exception):
    pass


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    response = PlainTextResponse(f"Request too large (at most {MAX_BODY} bytes).", 413, headers=HEADERS)
    await response(scope, receive, send)


def plain(text: str, status: int) -> Response:
    """A short answer in plain text (a bad request, a missing page), with the pages' headers."""
    return PlainTextResponse(text, status, headers=HEADERS)


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


def create_app(db: Path, name: str, *, planner: evenings.Planner | None = None) -> Starlette:
    """The app for the saved evening ``name`` in the database at ``db``. ``planner`` makes a replan's
    plan (default: in another process, so this one keeps serving)."""
    from concurrent.futures import ThreadPoolExecutor

    from jinja2 import Environment, PackageLoader
    from markupsafe import Markup

    with open_store(db, create=False) as store:
        evening = evenings.load_evening(store, name)
    this: EveningId = evening.id
    title = evening.name
    stores = Stores(db)
    pages = ThreadPoolExecutor(WORKERS, thread_name_prefix="chicago-page")
    # The server's writes queue here, each woken as the one before commits, rather than in SQLite's busy
    # handler, which polls with sleeps of up to 100 ms (still there for a write from another process).
    writing = threading.Lock()
    replans = ThreadPoolExecutor(1, thread_name_prefix="chicago-replan")
    in_subprocess = SubprocessPlanner()
    replan_with = planner or in_subprocess
    # the templates are read once: no look at the files on every page (auto_reload)
    templates = Environment(
        loader=PackageLoader("rotation.web", "templates"), autoescape=True, auto_reload=False
    )
    for template in templates.list_templates():  # compiled now, not by the first phones' pages
        templates.get_template(template)
    groups, impossible = views.button_groups(), views.impossible_results()

    def buttons(chosen: Mapping[str, str]) -> Markup:
        """The deal's buttons, those chosen checked (a refused deal's page shows them again)."""
        html = templates.get_template("buttons.html").render(
            groups=groups, impossible=impossible, chosen=chosen
        )
        return Markup(html)

    blank_buttons = buttons({})

    def page(template: str, status: int = 200, **values: Any) -> HTMLResponse:
        html = templates.get_template(template).render(title=title, **values)
        return HTMLResponse(html, status, headers=HEADERS)

    def warm(session: Any) -> None:
        """Each page drawn once for nothing, so the modules it imports on first use are imported at start
        rather than by the first phones (a rubber that cannot be shown is left to its page to say)."""
        with contextlib.suppress(SessionError):
            page("table.html", view=views.table_view(session, 1, 1), key="", buttons=blank_buttons)
            page("standings.html", view=views.standings_view(session), key="")
            page("host.html", rubbers=views.host_view(session), key="", links=[])
            page("player.html", view=views.player_view(session, 0), key="")

    warm(evening.session)

    def refused(reason: str = "This link is not valid for this page.") -> Response:
        """A wrong, renewed or missing token, a link used for another table, or an evening deleted."""
        return page("message.html", 403, heading="This link does not work", message=reason)

    def gone() -> Response:
        return page(
            "message.html",
            410,
            heading="This evening is no longer here",
            message="The host deleted this evening or started another under its name. Ask the host for"
            " the link printed on your table card.",
        )

    async def call(work: Callable[[], Response], pool: Any = pages) -> Response:
        """Run a page's work in a worker thread, and answer a refused link, a deleted evening or a
        database that cannot be used the same way on every page."""

        def guarded() -> Response:
            try:
                return work()
            except RefusedError:
                return refused("Ask the host for the link printed on your table card.")
            except NoSuchSessionError:
                return gone()
            except StoreError as error:
                return plain(f"The session database cannot be used: {error}", 503)

        answer: Response = await asyncio.get_running_loop().run_in_executor(pool, guarded)
        return answer

    # -- the table --------------------------------------------------------------------------------------

    def table_page(
        session: Any, key: str, table: int, round_number: int, status: int = 200, **extra: Any
    ) -> Response:
        view = views.table_view(session, round_number, table)
        following = round_number + 1
        has_next = following <= len(session.schedule.rounds) and table <= len(
            session.schedule.rounds[following - 1].tables
        )
        return page(
            "table.html",
            status,
            view=view,
            key=key,
            next_link=link(f"/t/{table}", key, r=following) if has_next and view.complete else "",
            refresh=link(f"/t/{table}", key, r=round_number),
            buttons=buttons(extra["chosen"]) if extra.get("chosen") else blank_buttons,
            **extra,
        )

    def table_round(session: Any, table: int, round_number: int | None) -> int:
        number = views.round_in_play(session, table) if round_number is None else round_number
        session.seating(number, table)
        return number

    async def table_get(request: Request) -> Response:
        key, table = request.query_params.get("k", ""), request.path_params["table"]
        asked = _int(request.query_params.get("r"))

        def work() -> Response:
            opened = evenings.open_evening(stores.get(), this, key)
            if not opened.access.may_write(table):
                return refused()
            try:
                number = table_round(opened.evening.session, table, asked)
            except SessionError as error:
                return plain(f"Not found: {error}.", 404)
            return table_page(opened.evening.session, key, table, number)

        return await call(work)

    async def table_post(request: Request) -> Response:
        table, action = request.path_params["table"], request.path_params["action"]
        if action not in ("add", "undo"):
            return plain("Not found.", 404)
        if not same_site(request):
            return refused("The form did not come from this server's page.")
        form = await _form(request)
        key, typed = form.get("k", ""), form.get("deal", "")
        chosen = views.chosen_buttons({field: form.get(field, "") for field in views.BUTTON_FIELDS})
        if form.get("quick") == "pass":
            typed, chosen = "pass", {}
        round_number, seen = _int(form.get("r")), _int(form.get("seen"))
        if round_number is None or seen is None:
            return plain("Bad request: the form lacks its round or deal count.", 400)

        def work() -> Response:
            store = stores.get()
            try:
                if action == "add":
                    deal = _deal(typed, chosen)
                    with writing:
                        rubbers.add_deals(store, this, round_number, table, [deal], seen=seen, key=key)
                else:
                    with writing:
                        rubbers.undo_deal(store, this, round_number, table, seen=seen, key=key)
            except (
                SessionError,
                InvalidDealError,
                InvalidResultError,
                views.IncompleteButtonsError,
            ) as error:
                opened = evenings.open_evening(store, this, key)
                session = opened.evening.session
                try:
                    table_round(session, table, round_number)
                except SessionError as missing:
                    return plain(f"Not found: {missing}.", 404)
                kept = {"typed": typed, "chosen": chosen}
                if isinstance(error, MovedOnError):
                    message = views.moved_on_message(session, error)
                    return table_page(session, key, table, round_number, 409, message=message, **kept)
                if isinstance(error, NothingRecordedError) and seen:  # another phone took them back
                    message = f"Another phone took back the deals meanwhile: {error}"
                    return table_page(session, key, table, round_number, 409, message=message, **kept)
                return table_page(session, key, table, round_number, 400, message=_said(error), **kept)
            return RedirectResponse(link(f"/t/{table}", key, r=round_number), 303, headers=HEADERS)

        return await call(work)

    # -- reading: standings and a player's evening ------------------------------------------------------

    async def standings(request: Request) -> Response:
        key = request.query_params.get("k", "")

        def work() -> Response:
            opened = evenings.open_evening(stores.get(), this, key)
            view = views.standings_view(opened.evening.session)
            return page("standings.html", view=view, key=key, refresh=True)

        return await call(work)

    async def player(request: Request) -> Response:
        key, position = request.query_params.get("k", ""), request.path_params["position"]

        def work() -> Response:
            session = evenings.open_evening(stores.get(), this, key).evening.session
            if not 0 <= position < len(session.schedule.players):
                return plain("Not found: no such player.", 404)
            return page("player.html", view=views.player_view(session, position), key=key)

        return await call(work)

    # -- the host ---------------------------------------------------------------------------------------

    def host_page(key: str, status: int = 200, **extra: Any) -> Response:
        """The host's page, read afresh (after a refused change, what the tables hold now)."""
        opened = evenings.open_evening(stores.get(), this, key)
        if opened.access.role is not Role.HOST:
            return refused()
        links = [(label, url) for label, url in opened.links() if label != "host"]
        rubbers_now = views.host_view(opened.evening.session)
        return page("host.html", status, rubbers=rubbers_now, key=key, links=links, **extra)

    async def host_get(request: Request) -> Response:
        key = request.query_params.get("k", "")
        return await call(lambda: host_page(key))

    async def host_post(request: Request) -> Response:
        action = request.path_params["action"]
        if action not in ("fix", "delete", "replan"):
            return plain("Not found.", 404)
        if not same_site(request):
            return refused("The form did not come from this server's page.")
        form = await _form(request)
        key = form.get("k", "")
        if action == "replan":
            return await call(lambda: host_replan(key, form.get("players", "")), replans)
        round_number, table = _int(form.get("r")), _int(form.get("t"))
        if round_number is None or table is None:
            return plain("Bad request: the form lacks its round or table.", 400)
        typed = form.get("deals", "")

        def work() -> Response:
            store = stores.get()
            try:
                if action == "delete":
                    with writing:
                        rubbers.delete_rubber(store, this, round_number, table, key=key)
                else:
                    deals = tuple(_parse_deal(line) for line in typed.splitlines() if line.strip())
                    if not deals:
                        raise SessionError("give the rubber's deals, one a line (or delete it)")
                    with writing:
                        rubbers.record_rubber(
                            store, this, round_number, table, deals=deals, replace=True, key=key
                        )
            except (SessionError, InvalidDealError, InvalidResultError) as error:
                where = f"Round {round_number}, table {table}: "
                return host_page(
                    key, 400, message=where + _said(error), typed=typed, at=(round_number, table)
                )
            return RedirectResponse(link("/host", key), 303, headers=HEADERS)

        return await call(work)

    def host_replan(key: str, typed: str) -> Response:
        """Someone came or went: plan the rounds not yet played again for the players named now."""
        try:
            evenings.replan_evening(stores.get(), this, typed.splitlines(), key=key, planner=replan_with)
        except (SessionError, PlanError) as error:
            return host_page(key, 400, message=f"Not replanned: {_said(error)}", players=typed)
        return RedirectResponse(link("/host", key), 303, headers=HEADERS)

    async def home(request: Request) -> Response:
        return refused("Use a link the host printed (chicago serve).")

    async def http_error(request: Request, error: Exception) -> Response:
        status = error.status_code if isinstance(error, HTTPException) else 500
        words = {404: "Not found.", 405: "Method not allowed."}.get(status, "Bad request.")
        return plain(words if status != 500 else "Something went wrong on the server.", status)

    app = Starlette(
        routes=[
            Route("/", home),
            Route("/t/{table:int}", table_get),
            Route("/t/{table:int}/{action:str}", table_post, methods=["POST"]),
            Route("/standings", standings),
            Route("/p/{position:int}", player),
            Route("/host", host_get),
            Route("/host/{action:str}", host_post, methods=["POST"]),
        ],
        exception_handlers={HTTPException: http_error, Exception: http_error},
        lifespan=lambda app: _closing(stores, pages, replans, in_subprocess),
    )
    app.add_middleware(BodyLimit)
    return app


@asynccontextmanager
async def _closing(stores: Stores, *pools: Any) -> AsyncIterator[None]:
    """The server's lifetime: when it stops, the threads (and the planner's process) end, then the
    threads' databases are closed."""
    try:
        yield
    finally:
        for pool in pools:
            await asyncio.get_running_loop().run_in_executor(None, pool.shutdown)
        stores.close()
        evenings.stop_subprocess_planner()


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
        planned: evenings.Planned = executor.submit(evenings.plan_evening, request).result()
        return planned.plan

    def shutdown(self) -> None:
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(cancel_futures=True)
                self._executor = None


def link(path: str, key: str, **query: object) -> str:
    return f"{path}?{urlencode({'k': key, **query})}"


def same_site(request: Request) -> bool:
    """A form posted from this server's own page (the browser's Origin, else its Referer)."""
    host = request.headers.get("host", "")
    origin = request.headers.get("origin") or request.headers.get("referer")
    return origin is None or urlsplit(origin).netloc == host


async def _form(request: Request) -> Mapping[str, str]:
    """The posted form's text fields, each cut to `MAX_FIELD` characters (a file field reads as empty); a
    400 when the client leaves before the whole form arrived (the server closes a connection too slow)."""
    try:
        form = await request.form(max_files=0, max_fields=50)
    except ClientDisconnect:
        raise HTTPException(400, "the form did not arrive whole") from None
    return {key: value[:MAX_FIELD] if isinstance(value, str) else "" for key, value in form.items()}


def _deal(typed: str, chosen: Mapping[str, str]) -> Any:
    """The deal to record: the Deal box when anything is typed in it (it wins over the buttons), else the
    deal the buttons make; IncompleteButtonsError when neither gives a deal."""
    if typed.strip():
        return _parse_deal(typed)
    deal = views.deal_from_buttons(chosen)
    if deal is None:
        raise views.IncompleteButtonsError("no deal given: choose its buttons or type it in the Deal box")
    return deal


def _parse_deal(typed: str) -> Any:
    """A deal typed in the Deal box or the host's fix box; InvalidDealError for whatever cannot be read,
    such as a number too long to convert or JSON nested too deep (a ValueError or RecursionError from the
    parsers below, which the page answers as a bad deal, never as a server error)."""
    try:
        return rubbers.parse_deal(typed)
    except (InvalidDealError, InvalidResultError):
        raise
    except (ValueError, RecursionError) as error:
        shown = typed if len(typed) <= 40 else typed[:40] + "…"
        reason = "nested too deep" if isinstance(error, RecursionError) else "not a deal"
        raise InvalidDealError(f"cannot read deal {shown!r}: {reason}") from None


def _said(error: Exception) -> str:
    """A refused change in the page's words: the fact, and for a finished rubber who can change it."""
    from rotation.services.errors import AlreadyRecordedError

    if isinstance(error, AlreadyRecordedError):
        return f"{error}: the host can fix it on the host page"
    return str(error)


def _int(text: str | None) -> int | None:
    """A whole number from a form or query (ASCII digits, at most six), else None."""
    if text is None or not text.isascii() or not text.strip().isdigit() or len(text) > 6:
        return None
    return int(text)

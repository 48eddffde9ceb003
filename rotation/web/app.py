"""The Starlette app of `chicago serve`: pages for phones at the table, plain HTML forms (POST, then a
redirect to the page: no JavaScript needed). Each request is one service call (`rotation.services`): one
read transaction for a page, one write transaction for a form.

Nothing slow runs on the event loop: the services run in a fixed pool of threads, each with its own open
database for the server's lifetime, and a replan waits in a thread of its own, planning in another process
of lower priority, so the phones' pages are served while the host replans (`rotation.web.workers`).

Who may do what is in the token each link carries, checked by the service in the same transaction as the
work, against the evening the server was started for, by its identity: an evening deleted is gone (410),
even when another is saved under its name. A form is refused when the browser says it comes from another
site (Origin, else Referer); a body over `MAX_BODY` bytes is refused before it is read. Names are escaped
by Jinja's autoescape. Every answer, errors included, carries `HEADERS`. A number in a path has at most
`PATH_DIGITS` digits (a longer one is no page: 404), so no page converts a number of thousands of digits.

A form that plans (a replan, the club's New evening) gets a `Ticket` naming its lane (its evening, or the
club) and is stopped, its planner process killed, when the browser that sent it leaves (`PlanTickets`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.convertors import IntegerConvertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from rotation.language import _
from rotation.services import evenings
from rotation.services.errors import ChicagoError, MachineError
from rotation.web.club import ClubPages
from rotation.web.evening import EveningPages
from rotation.web.http import HEADERS, MAX_BODY, BodyLimit, PlanTickets, error_answer, plain
from rotation.web.languages import Speaking
from rotation.web.season import SeasonPages
from rotation.web.workers import WORKERS

__all__ = ["HEADERS", "MAX_BODY", "PATH_DIGITS", "WORKERS", "create_app"]

PATH_DIGITS = 6
"""Digits at most of a number in a path (a table, a player): a million tables is more than any club."""


class BoundedInteger(IntegerConvertor):
    """Starlette's ``int`` path convertor, matching at most `PATH_DIGITS` digits."""

    regex = f"[0-9]{{1,{PATH_DIGITS}}}"


register_url_convertor("int", BoundedInteger())  # before any route is built: every page's {...:int}


def create_app(db: Path, name: str | None = None, *, planner: evenings.Planner | None = None) -> Starlette:
    """The app for the saved evening ``name`` in the database at ``db``, or with no name for the whole
    club: its pages (`rotation.web.club`) and every evening's. ``planner`` makes a plan (default: in
    another process, so this one keeps serving)."""
    pages = EveningPages(db, name, planner)
    routes = [Route("/", home(pages)), *static_routes(), *pages.routes()]
    stopping = [pages.shutdown]
    if name is None:
        season = SeasonPages(db, pages.templates)
        routes += [*ClubPages(pages).routes(), *season.routes()]
        stopping.append(season.shutdown)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            for stop in stopping:
                await asyncio.get_running_loop().run_in_executor(None, stop)

    async def typed_fault(request: Request, error: Exception) -> Response:
        """A typed error no page's work answered (raised outside a worker's guard): by its branch of the
        tree, a 4xx or a 503 in a sentence, the form still in the browser's Back."""
        if isinstance(error, MachineError):
            return pages.templates.fault(error)
        return error_answer(error)

    app = Starlette(
        routes=routes,
        exception_handlers={
            HTTPException: _http_error,
            ChicagoError: typed_fault,
            Exception: _http_error,
        },
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit)
    app.add_middleware(PlanTickets)
    app.add_middleware(Speaking)
    return app


def home(pages: EveningPages) -> Callable[[Request], Awaitable[Response]]:
    async def answer(request: Request) -> Response:
        return pages.templates.refused(
            _("Ask the host for the link printed on your table card (or scan its QR code).")
        )

    return answer


STATIC = {
    "table.js": "text/javascript",
    "live.js": "text/javascript",
    "club.js": "text/javascript",
    "icon.svg": "image/svg+xml",
}
"""The files the pages load from this server (the CSP allows scripts and images only from it)."""

MANIFEST = {
    "name": "Chicago bridge",
    "short_name": "Chicago",
    "start_url": "/",
    "display": "standalone",
    "background_color": "#121417",
    "theme_color": "#1a62b3",
    "icons": [{"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
}


def static_routes() -> list[Route]:
    """The pages' script and icon (package data, read once) and the web app manifest."""
    from importlib.resources import files

    data = {name: (files("rotation.web") / "static" / name).read_bytes() for name in STATIC}
    cached = {**HEADERS, "Cache-Control": "max-age=3600"}

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in data:
            return plain(_("Not found."), 404)
        return Response(data[name], media_type=STATIC[name], headers=cached)

    async def manifest(request: Request) -> Response:
        return JSONResponse(MANIFEST, media_type="application/manifest+json", headers=cached)

    return [Route("/static/{name:str}", static), Route("/manifest.webmanifest", manifest)]


async def _http_error(request: Request, error: Exception) -> Response:
    """A 404, 405 or 500 in a sentence, with the pages' headers (and never a traceback)."""
    status = error.status_code if isinstance(error, HTTPException) else 500
    words = {404: _("Not found."), 405: _("Method not allowed.")}.get(status, _("Bad request."))
    return plain(words if status != 500 else _("Something went wrong on the server."), status)

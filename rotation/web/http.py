"""What every page of the live server shares at the HTTP level: the headers on every answer, the body
limit, reading a posted form with bounds, numbers from a query, links with their token."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from urllib.parse import urlencode, urlsplit

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rotation.language import _
from rotation.web.workers import CURRENT, Ticket

MAX_BODY = 16 * 1024
"""The largest request body read: a form holds a deal or a rubber's few deals, well under a kilobyte."""
MAX_FIELD = 2000
"""The most characters of one form field read: a textarea of a rubber's deals or the evening's players."""


HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:;"
    " script-src 'self'; connect-src 'self'; manifest-src 'self'; form-action 'self';"
    " frame-ancestors 'none'; base-uri 'none'",
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


class PlanTickets:
    """Give each form that plans (a replan, the club's New evening) a `Ticket` for the planner: its lane
    (the evening's path, or the club) and, once the form is read, a watch on the connection: when the
    browser leaves before the answer, the ticket is cancelled and the plan's process killed."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        lane = plan_lane(scope)
        if lane is None:
            await self.app(scope, receive, send)
            return
        ticket, read = Ticket(lane), asyncio.Event()

        async def reading() -> Message:
            message = await receive()
            if message["type"] == "http.disconnect":
                ticket.cancel()
            elif not message.get("more_body"):
                read.set()
            return message

        async def watch() -> None:
            await read.wait()
            if (await receive())["type"] == "http.disconnect":
                ticket.cancel()

        watching, token = asyncio.ensure_future(watch()), CURRENT.set(ticket)
        try:
            await self.app(scope, reading, send)
        finally:
            CURRENT.reset(token)
            watching.cancel()


def plan_lane(scope: Scope) -> str | None:
    """The lane of a form that plans: ``/e/UID`` for an evening's replan, ``/club`` for a New evening's
    preview or start; None for every other request."""
    if scope["type"] != "http" or scope.get("method") != "POST":
        return None
    path: str = scope.get("path", "")
    if path.startswith("/e/") and path.endswith("/host/replan"):
        return path.removesuffix("/host/replan")
    if path in ("/club/plan", "/club/start"):
        return "/club"
    return None


class _TooLarge(Exception):
    pass


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    said = _("Request too large (at most {most} bytes).").format(most=MAX_BODY)
    response = PlainTextResponse(said, 413, headers=HEADERS)
    await response(scope, receive, send)


def status_of(error: BaseException) -> int:
    """The HTTP status that answers a service's typed error, by whose fault it is: 4xx for what the user
    gave (403 a link that does not allow it, 404 an evening gone, 409 a change made meanwhile or one the
    next round's start forbids, else 400),
    503 for the store and the machine."""
    from rotation.services import errors

    if isinstance(error, errors.RefusedError):
        return 403
    if isinstance(error, errors.NoSuchSessionError):
        return 404
    if isinstance(error, errors.ChangedMeanwhileError | errors.MovedOnError | errors.ReseatRefusedError):
        return 409
    if isinstance(error, errors.DrivePlayersError) and error.reason == "under way":
        return 409
    return 400 if errors.is_users(error) else 503


def machine_words(error: BaseException) -> str:
    """A fault of the store or the machine in a sentence: the store's as the database's, the planner's
    (its process stopped, its asker gone) in its own words."""
    from rotation.services import errors

    if isinstance(error, errors.StoreError):
        return _("The session database cannot be used: {error}").format(error=error)
    return str(error)


def error_answer(error: BaseException) -> Response:
    """A typed error no page answered itself: its sentence, with `status_of` its status."""
    status = status_of(error)
    if status >= 500:
        return plain(machine_words(error), status)
    return plain(_("Not done: {error}").format(error=error), status)


def plain(text: str, status: int) -> Response:
    """A short answer in plain text (a bad request, a missing page), with the pages' headers."""
    return PlainTextResponse(text, status, headers=HEADERS)


def link(path: str, key: str, **query: object) -> str:
    return f"{path}?{urlencode({'k': key, **query})}"


def same_site(request: Request) -> bool:
    """A form posted from this server's own page (the browser's Origin, else its Referer)."""
    host = request.headers.get("host", "")
    origin = request.headers.get("origin") or request.headers.get("referer")
    return origin is None or urlsplit(origin).netloc == host


async def read_form(request: Request) -> Mapping[str, str]:
    """The posted form's text fields (the last value of each), as `read_fields` reads them."""
    return (await read_fields(request))[0]


async def read_fields(request: Request) -> tuple[Mapping[str, str], Mapping[str, list[str]]]:
    """The posted form: each field's last value and every value (a group of checkboxes), each cut to
    `MAX_FIELD` characters (a file field reads as empty); a 400 when the client leaves before the whole
    form arrived (the server closes a connection too slow)."""
    try:
        form = await request.form(max_files=0, max_fields=200)
    except ClientDisconnect:
        raise HTTPException(400, "the form did not arrive whole") from None
    lists: dict[str, list[str]] = {}
    for key, value in form.multi_items():
        lists.setdefault(key, []).append(value[:MAX_FIELD] if isinstance(value, str) else "")
    return {key: values[-1] for key, values in lists.items()}, lists


def int_field(text: str | None) -> int | None:
    """A whole number from a form or query (ASCII digits, at most six), else None."""
    if text is None or not text.isascii() or not text.strip().isdigit() or len(text) > 6:
        return None
    return int(text)

"""The Starlette app of `chicago serve`: pages for phones at the table, plain HTML forms (POST, then a
redirect to the page: no JavaScript needed), every write one store transaction.

Who may do what is in the token each link carries (`rotation.web.tokens`). A form posts its token in a
hidden field and is refused when the browser says it comes from another site (Origin, else Referer); a body
over `MAX_BODY` bytes is refused before it is read. Names are escaped by Jinja's autoescape.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from rotation.io.store import Store, StoreError
from rotation.results import recording
from rotation.results.session import RubberRecord, Session, SessionError
from rotation.web import views
from rotation.web.tokens import Access, Role, access, token
from scoring.deal import InvalidDealError

MAX_BODY = 16 * 1024
"""The largest request body read: a form holds a deal or a rubber's few deals, well under a kilobyte."""

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
        if length is not None and (not length.isdigit() or int(length) > self.limit):
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


def refused(reason: str = "This link is not valid for this page.") -> Response:
    """A plain 403: a wrong or missing token, or a link used for another table."""
    return PlainTextResponse(f"Forbidden. {reason}", 403, headers=HEADERS)


def create_app(db: Path, name: str) -> Starlette:
    """The app for the saved session ``name`` in the database at ``db``."""
    from jinja2 import Environment, PackageLoader

    with Store.open(db, create=False) as store:
        secret = store.web_secret(name)
        title = store.load(name).name
    templates = Environment(loader=PackageLoader("rotation.web", "templates"), autoescape=True)

    def load() -> Session:
        with Store.open(db, create=False) as store:
            return store.load(name).session

    def who(request: Request, given: str | None) -> Access | None:
        tables = max(len(r.tables) for r in load().schedule.rounds)
        return access(secret, given, tables)

    def page(template: str, status: int = 200, **values: Any) -> HTMLResponse:
        html = templates.get_template(template).render(title=title, **values)
        return HTMLResponse(html, status, headers=HEADERS)

    def link(path: str, key: str, **query: object) -> str:
        return f"{path}?{urlencode({'k': key, **query})}"

    def same_site(request: Request) -> bool:
        """A form posted from this server's own page (the browser's Origin, else its Referer)."""
        host = request.headers.get("host", "")
        origin = request.headers.get("origin") or request.headers.get("referer")
        return origin is None or urlsplit(origin).netloc == host

    def failed(error: StoreError) -> Response:
        return PlainTextResponse(f"The session database cannot be used: {error}", 503, headers=HEADERS)

    # -- the table --------------------------------------------------------------------------------------

    def table_page(
        session: Session, key: str, table: int, round_number: int, status: int = 200, **extra: Any
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
            groups=views.button_groups(),
            impossible=views.impossible_results(),
            **extra,
        )

    def check_table(session: Session, table: int, round_number: int | None) -> int:
        number = views.round_in_play(session, table) if round_number is None else round_number
        session.seating(number, table)
        return number

    async def table_get(request: Request) -> Response:
        key = request.query_params.get("k", "")
        table = request.path_params["table"]
        try:
            session = load()
            grant = who(request, key)
            if grant is None or not grant.may_write(table):
                return refused()
            try:
                number = check_table(session, table, _int(request.query_params.get("r")))
            except SessionError as error:
                return PlainTextResponse(f"Not found: {error}.", 404, headers=HEADERS)
            return table_page(session, key, table, number)
        except StoreError as error:
            return failed(error)

    async def table_post(request: Request) -> Response:
        table, action = request.path_params["table"], request.path_params["action"]
        if action not in ("add", "undo"):
            return PlainTextResponse("Not found.", 404, headers=HEADERS)
        if not same_site(request):
            return refused("The form did not come from this server's page.")
        form = await request.form()
        key, typed = str(form.get("k", "")), str(form.get("deal", ""))
        chosen = views.chosen_buttons({field: str(form.get(field, "")) for field in views.BUTTON_FIELDS})
        if form.get("quick") == "pass":
            typed, chosen = "pass", {}
        round_number, seen = _int(str(form.get("r", ""))), _int(str(form.get("seen", "")))
        try:
            session = load()
            grant = who(request, key)
            if grant is None or not grant.may_write(table):
                return refused()
            if round_number is None or seen is None:
                return PlainTextResponse("Bad request: the form lacks its round or deal count.", 400)
            try:
                check_table(session, table, round_number)
            except SessionError as error:
                return PlainTextResponse(f"Not found: {error}.", 404, headers=HEADERS)
            kept = {"typed": typed, "chosen": chosen}
            try:
                with Store.open(db, create=False) as store:
                    if action == "add":
                        deal = recording.parse_deal_argument(_deal_text(typed, chosen))
                        store.change(
                            name, lambda s: recording.add_deals(s, round_number, table, [deal], seen=seen)
                        )
                    else:
                        store.change(name, lambda s: recording.undo_last(s, round_number, table, seen=seen))
            except recording.MovedOnError as error:
                return table_page(load(), key, table, round_number, 409, message=str(error), **kept)
            except (SessionError, InvalidDealError, views.IncompleteButtonsError) as error:
                return table_page(load(), key, table, round_number, 400, message=str(error), **kept)
        except StoreError as error:
            return failed(error)
        return RedirectResponse(link(f"/t/{table}", key, r=round_number), 303, headers=HEADERS)

    # -- reading: standings and a player's evening ------------------------------------------------------

    async def standings(request: Request) -> Response:
        key = request.query_params.get("k", "")
        try:
            session = load()
            if who(request, key) is None:
                return refused()
            view = views.standings_view(session)
        except StoreError as error:
            return failed(error)
        return page("standings.html", view=view, key=key, refresh=True)

    async def player(request: Request) -> Response:
        key = request.query_params.get("k", "")
        position = request.path_params["position"]
        try:
            session = load()
            if who(request, key) is None:
                return refused()
            if not 0 <= position < len(session.schedule.players):
                return PlainTextResponse("Not found: no such player.", 404, headers=HEADERS)
            view = views.player_view(session, position)
        except StoreError as error:
            return failed(error)
        return page("player.html", view=view, key=key)

    # -- the host ---------------------------------------------------------------------------------------

    def host_page(session: Session, key: str, status: int = 200, **extra: Any) -> Response:
        tables = max(len(r.tables) for r in session.schedule.rounds)
        links = [("standings", link("/standings", token(secret, Role.VIEW)))] + [
            (f"table {t}", link(f"/t/{t}", token(secret, Role.TABLE, t))) for t in range(1, tables + 1)
        ]
        return page("host.html", status, rubbers=views.host_view(session), key=key, links=links, **extra)

    async def host_get(request: Request) -> Response:
        key = request.query_params.get("k", "")
        try:
            session = load()
            grant = who(request, key)
            if grant is None or grant.role is not Role.HOST:
                return refused()
            return host_page(session, key)
        except StoreError as error:
            return failed(error)

    async def host_post(request: Request) -> Response:
        action = request.path_params["action"]
        if action == "replan":
            return await host_replan(request)
        if action not in ("fix", "delete"):
            return PlainTextResponse("Not found.", 404, headers=HEADERS)
        if not same_site(request):
            return refused("The form did not come from this server's page.")
        form = await request.form()
        key = str(form.get("k", ""))
        round_number, table = _int(str(form.get("r", ""))), _int(str(form.get("t", "")))
        try:
            grant = who(request, key)
            if grant is None or grant.role is not Role.HOST:
                return refused()
            if round_number is None or table is None:
                return PlainTextResponse("Bad request: the form lacks its round or table.", 400)
            typed = str(form.get("deals", ""))
            try:
                with Store.open(db, create=False) as store:
                    if action == "delete":
                        store.change(name, lambda s: recording.delete_rubber(s, round_number, table))
                    else:
                        deals = tuple(
                            recording.parse_deal_argument(line) for line in typed.splitlines() if line.strip()
                        )
                        if not deals:
                            raise SessionError("give the rubber's deals, one a line (or delete it)")
                        record = RubberRecord(round_number, table, deals=deals)
                        store.change(name, lambda s: (round_number, table, record))
            except (SessionError, InvalidDealError) as error:
                where = f"Round {round_number}, table {table}: "
                return host_page(
                    load(), key, 400, message=where + str(error), typed=typed, at=(round_number, table)
                )
        except StoreError as error:
            return failed(error)
        return RedirectResponse(link("/host", key), 303, headers=HEADERS)

    async def host_replan(request: Request) -> Response:
        """Someone came or went: plan the rounds not yet played again for the players named now."""
        from rotation.web.replan import replan

        if not same_site(request):
            return refused("The form did not come from this server's page.")
        form = await request.form()
        key, typed = str(form.get("k", "")), str(form.get("players", ""))
        try:
            grant = who(request, key)
            if grant is None or grant.role is not Role.HOST:
                return refused()
            try:
                with Store.open(db, create=False) as store:
                    store.replan(name, lambda s: replan(s, typed.splitlines()))
            except SessionError as error:
                return host_page(load(), key, 400, message=f"Not replanned: {error}", players=typed)
        except StoreError as error:
            return failed(error)
        return RedirectResponse(link("/host", key), 303, headers=HEADERS)

    async def home(request: Request) -> Response:
        return refused("Use a link the host printed (chicago serve).")

    app = Starlette(
        routes=[
            Route("/", home),
            Route("/t/{table:int}", table_get),
            Route("/t/{table:int}/{action:str}", table_post, methods=["POST"]),
            Route("/standings", standings),
            Route("/p/{position:int}", player),
            Route("/host", host_get),
            Route("/host/{action:str}", host_post, methods=["POST"]),
        ]
    )
    app.add_middleware(BodyLimit)
    return app


def _deal_text(typed: str, chosen: dict[str, str]) -> str:
    """The deal to record: the Deal box when anything is typed in it (it wins over the buttons), else the
    text the buttons make; IncompleteButtonsError when neither gives a deal."""
    if typed.strip():
        return typed
    text = views.deal_from_buttons(chosen)
    if not text:
        raise views.IncompleteButtonsError("no deal given: choose its buttons or type it in the Deal box")
    return text


def _int(text: str | None) -> int | None:
    """A whole number from a form or query, else None."""
    if text is None or not text.strip().isdigit() or len(text) > 6:
        return None
    return int(text)

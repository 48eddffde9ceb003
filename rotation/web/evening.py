"""One evening's live pages: a table's page and its two forms (add a deal, undo one), the standings, each
player's evening, and the host's page with its forms (fix or delete a rubber, replan). Each handler reads
the request, runs one service in a worker thread (`Workers.call`) and renders the answer; the services
check the link's token in the same transaction as the work it allows.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from rotation.services import evenings, rubbers
from rotation.services.access import Role
from rotation.services.database import EveningId, open_store
from rotation.services.errors import (
    AlreadyRecordedError,
    MovedOnError,
    NoSuchSessionError,
    NothingRecordedError,
    PlanError,
    RefusedError,
    SessionError,
    StoreError,
)
from rotation.web import views
from rotation.web.http import HEADERS, int_field, link, plain, read_form, same_site
from rotation.web.workers import WORKERS, Stores, SubprocessPlanner
from scoring.contract import InvalidResultError
from scoring.deal import InvalidDealError, RecordedDeal

_REFUSED_DEAL = (SessionError, InvalidDealError, InvalidResultError, views.IncompleteButtonsError)
"""What a table's form may be refused for: the page says why and keeps what was typed."""


class Templates:
    """The pages' Jinja templates, read and compiled once at start (no look at the files on every page),
    and the deal's buttons rendered once for a blank form."""

    def __init__(self, title: str) -> None:
        from jinja2 import Environment, PackageLoader

        self.title = title
        self.env = Environment(
            loader=PackageLoader("rotation.web", "templates"), autoescape=True, auto_reload=False
        )
        for template in self.env.list_templates():
            self.env.get_template(template)
        self.groups, self.impossible = views.button_groups(), views.impossible_results()
        self.blank_buttons = self.buttons({})

    def page(self, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        html = self.env.get_template(template).render(title=self.title, **values)
        return HTMLResponse(html, status, headers=HEADERS)

    def buttons(self, chosen: Mapping[str, str]) -> Any:
        """The deal's buttons, those chosen checked (a refused deal's page shows them again)."""
        from markupsafe import Markup

        html = self.env.get_template("buttons.html").render(
            groups=self.groups, impossible=self.impossible, chosen=chosen
        )
        return Markup(html)

    def refused(self, reason: str = "This link is not valid for this page.") -> Response:
        """A wrong, renewed or missing token, or a link used for another table."""
        return self.page("message.html", 403, heading="This link does not work", message=reason)

    def gone(self) -> Response:
        return self.page(
            "message.html",
            410,
            heading="This evening is no longer here",
            message="The host deleted this evening or started another under its name. Ask the host for"
            " the link printed on your table card.",
        )


class EveningPages:
    """The pages of the evening saved under ``name``, known by its identity: an evening deleted (even if
    another is saved under its name) is gone to them."""

    def __init__(self, db: Path, name: str, planner: evenings.Planner | None = None) -> None:
        with open_store(db, create=False) as store:
            evening = evenings.load_evening(store, name)
        self.this: EveningId = evening.id
        self.stores = Stores(db)
        self.pages = ThreadPoolExecutor(WORKERS, thread_name_prefix="chicago-page")
        self.replans = ThreadPoolExecutor(1, thread_name_prefix="chicago-replan")
        # The server's writes queue here, each woken as the one before commits, rather than in SQLite's
        # busy handler, which polls with sleeps of up to 100 ms (still there for another process's write).
        self.writing = threading.Lock()
        self.in_subprocess = SubprocessPlanner()
        self.replan_with = planner or self.in_subprocess
        self.templates = Templates(evening.name)
        self._warm(evening.session)

    def routes(self) -> list[Route]:
        return [
            Route("/t/{table:int}", self.table_get),
            Route("/t/{table:int}/{action:str}", self.table_post, methods=["POST"]),
            Route("/standings", self.standings),
            Route("/p/{position:int}", self.player),
            Route("/host", self.host_get),
            Route("/host/{action:str}", self.host_post, methods=["POST"]),
        ]

    def shutdown(self) -> None:
        """When the server stops: the threads (and the planner's process) end, then their databases."""
        for pool in (self.pages, self.replans, self.in_subprocess):
            pool.shutdown()
        self.stores.close()

    def _warm(self, session: Any) -> None:
        """Each page drawn once for nothing, so the modules it imports on first use are imported at start
        rather than by the first phones (a rubber that cannot be shown is left to its page to say)."""
        page, blank = self.templates.page, self.templates.blank_buttons
        with contextlib.suppress(SessionError):
            page("table.html", view=views.table_view(session, 1, 1), key="", buttons=blank)
            page("standings.html", view=views.standings_view(session), key="")
            page("host.html", rubbers=views.host_view(session), key="", links=[])
            page("player.html", view=views.player_view(session, 0), key="")

    async def call(self, work: Callable[[], Response], pool: Any = None) -> Response:
        """Run a page's work in a worker thread, and answer a refused link, a deleted evening or a
        database that cannot be used the same way on every page."""

        def guarded() -> Response:
            try:
                return work()
            except RefusedError:
                return self.templates.refused("Ask the host for the link printed on your table card.")
            except NoSuchSessionError:
                return self.templates.gone()
            except StoreError as error:
                return plain(f"The session database cannot be used: {error}", 503)

        loop = asyncio.get_running_loop()
        answer: Response = await loop.run_in_executor(pool or self.pages, guarded)
        return answer

    # -- the table --------------------------------------------------------------------------------------

    def table_page(
        self, session: Any, key: str, table: int, round_number: int, status: int = 200, **extra: Any
    ) -> Response:
        view = views.table_view(session, round_number, table)
        following = round_number + 1
        has_next = following <= len(session.schedule.rounds) and table <= len(
            session.schedule.rounds[following - 1].tables
        )
        chosen = extra.get("chosen")
        return self.templates.page(
            "table.html",
            status,
            view=view,
            key=key,
            next_link=link(f"/t/{table}", key, r=following) if has_next and view.complete else "",
            refresh=link(f"/t/{table}", key, r=round_number),
            buttons=self.templates.buttons(chosen) if chosen else self.templates.blank_buttons,
            **extra,
        )

    async def table_get(self, request: Request) -> Response:
        key, table = request.query_params.get("k", ""), request.path_params["table"]
        asked = int_field(request.query_params.get("r"))

        def work() -> Response:
            opened = evenings.open_evening(self.stores.get(), self.this, key)
            if not opened.access.may_write(table):
                return self.templates.refused()
            try:
                number = _table_round(opened.evening.session, table, asked)
            except SessionError as error:
                return plain(f"Not found: {error}.", 404)
            return self.table_page(opened.evening.session, key, table, number)

        return await self.call(work)

    async def table_post(self, request: Request) -> Response:
        table, action = request.path_params["table"], request.path_params["action"]
        if action not in ("add", "undo"):
            return plain("Not found.", 404)
        if not same_site(request):
            return self.templates.refused("The form did not come from this server's page.")
        form = await read_form(request)
        key, typed = form.get("k", ""), form.get("deal", "")
        chosen = views.chosen_buttons({field: form.get(field, "") for field in views.BUTTON_FIELDS})
        if form.get("quick") == "pass":
            typed, chosen = "pass", {}
        round_number, seen = int_field(form.get("r")), int_field(form.get("seen"))
        if round_number is None or seen is None:
            return plain("Bad request: the form lacks its round or deal count.", 400)

        def work() -> Response:
            store = self.stores.get()
            try:
                if action == "add":
                    deal = _deal(typed, chosen)
                    with self.writing:
                        rubbers.add_deals(store, self.this, round_number, table, [deal], seen=seen, key=key)
                else:
                    with self.writing:
                        rubbers.undo_deal(store, self.this, round_number, table, seen=seen, key=key)
            except _REFUSED_DEAL as error:
                kept = {"typed": typed, "chosen": chosen}
                return self._table_refused(error, key, table, round_number, seen, kept)
            return RedirectResponse(link(f"/t/{table}", key, r=round_number), 303, headers=HEADERS)

        return await self.call(work)

    def _table_refused(
        self, error: Exception, key: str, table: int, round_number: int, seen: int, kept: dict[str, Any]
    ) -> Response:
        """The table's page again, with why its form was refused and what was typed in it."""
        session = evenings.open_evening(self.stores.get(), self.this, key).evening.session
        try:
            _table_round(session, table, round_number)
        except SessionError as missing:
            return plain(f"Not found: {missing}.", 404)
        status, message = 400, _said(error)
        if isinstance(error, MovedOnError):
            status, message = 409, views.moved_on_message(session, error)
        elif isinstance(error, NothingRecordedError) and seen:  # another phone took them back
            status, message = 409, f"Another phone took back the deals meanwhile: {error}"
        return self.table_page(session, key, table, round_number, status, message=message, **kept)

    # -- reading: standings and a player's evening ------------------------------------------------------

    async def standings(self, request: Request) -> Response:
        key = request.query_params.get("k", "")

        def work() -> Response:
            opened = evenings.open_evening(self.stores.get(), self.this, key)
            view = views.standings_view(opened.evening.session)
            return self.templates.page("standings.html", view=view, key=key, refresh=True)

        return await self.call(work)

    async def player(self, request: Request) -> Response:
        key, position = request.query_params.get("k", ""), request.path_params["position"]

        def work() -> Response:
            session = evenings.open_evening(self.stores.get(), self.this, key).evening.session
            if not 0 <= position < len(session.schedule.players):
                return plain("Not found: no such player.", 404)
            return self.templates.page("player.html", view=views.player_view(session, position), key=key)

        return await self.call(work)

    # -- the host ---------------------------------------------------------------------------------------

    def host_page(self, key: str, status: int = 200, **extra: Any) -> Response:
        """The host's page, read afresh (after a refused change, what the tables hold now)."""
        opened = evenings.open_evening(self.stores.get(), self.this, key)
        if opened.access.role is not Role.HOST:
            return self.templates.refused()
        links = [(label, url) for label, url in opened.links() if label != "host"]
        rubbers_now = views.host_view(opened.evening.session)
        return self.templates.page("host.html", status, rubbers=rubbers_now, key=key, links=links, **extra)

    async def host_get(self, request: Request) -> Response:
        key = request.query_params.get("k", "")
        return await self.call(lambda: self.host_page(key))

    async def host_post(self, request: Request) -> Response:
        action = request.path_params["action"]
        if action not in ("fix", "delete", "replan"):
            return plain("Not found.", 404)
        if not same_site(request):
            return self.templates.refused("The form did not come from this server's page.")
        form = await read_form(request)
        key = form.get("k", "")
        if action == "replan":
            return await self.call(lambda: self.host_replan(key, form.get("players", "")), self.replans)
        round_number, table = int_field(form.get("r")), int_field(form.get("t"))
        if round_number is None or table is None:
            return plain("Bad request: the form lacks its round or table.", 400)
        typed = form.get("deals", "")
        return await self.call(lambda: self.host_change(action, key, round_number, table, typed))

    def host_change(self, action: str, key: str, round_number: int, table: int, typed: str) -> Response:
        """Fix a rubber (its deals replaced by those typed, one a line) or delete it."""
        store = self.stores.get()
        try:
            if action == "delete":
                with self.writing:
                    rubbers.delete_rubber(store, self.this, round_number, table, key=key)
            else:
                deals = tuple(_parse_deal(line) for line in typed.splitlines() if line.strip())
                if not deals:
                    raise SessionError("give the rubber's deals, one a line (or delete it)")
                with self.writing:
                    rubbers.record_rubber(
                        store, self.this, round_number, table, deals=deals, replace=True, key=key
                    )
        except (SessionError, InvalidDealError, InvalidResultError) as error:
            message = f"Round {round_number}, table {table}: {_said(error)}"
            return self.host_page(key, 400, message=message, typed=typed, at=(round_number, table))
        return RedirectResponse(link("/host", key), 303, headers=HEADERS)

    def host_replan(self, key: str, typed: str) -> Response:
        """Someone came or went: plan the rounds not yet played again for the players named now."""
        try:
            evenings.replan_evening(
                self.stores.get(), self.this, typed.splitlines(), key=key, planner=self.replan_with
            )
        except (SessionError, PlanError) as error:
            return self.host_page(key, 400, message=f"Not replanned: {_said(error)}", players=typed)
        return RedirectResponse(link("/host", key), 303, headers=HEADERS)


def _table_round(session: Any, table: int, round_number: int | None) -> int:
    """The round a table's page shows: the one asked for, else the one in play at that table."""
    number = views.round_in_play(session, table) if round_number is None else round_number
    session.seating(number, table)
    return number


def _deal(typed: str, chosen: Mapping[str, str]) -> RecordedDeal:
    """The deal to record: the Deal box when anything is typed in it (it wins over the buttons), else the
    deal the buttons make; IncompleteButtonsError when neither gives a deal."""
    if typed.strip():
        return _parse_deal(typed)
    deal = views.deal_from_buttons(chosen)
    if deal is None:
        raise views.IncompleteButtonsError("no deal given: choose its buttons or type it in the Deal box")
    return deal


def _parse_deal(typed: str) -> RecordedDeal:
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
    if isinstance(error, AlreadyRecordedError):
        return f"{error}: the host can fix it on the host page"
    return str(error)

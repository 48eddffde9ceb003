"""One evening's live pages: a table's page and its two forms (add a deal, undo one), the standings, each
player's evening, and the host's page with its forms (fix or delete a rubber, replan). Each handler reads
the request, runs one service in a worker thread (`Workers.call`) and renders the answer; the services
check the link's token in the same transaction as the work it allows.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from rotation import language
from rotation.language import _
from rotation.render.bridge_words import rules_text
from rotation.render.cards import local_only
from rotation.render.changes import change_lines
from rotation.render.money import MoneyView, money_view
from rotation.services import changes, evenings, money, rubbers
from rotation.services.access import Role
from rotation.services.database import EveningId, StoredSession, open_store
from rotation.services.errors import (
    AlreadyRecordedError,
    ChicagoError,
    MachineError,
    MovedOnError,
    NearMissError,
    NoSuchSessionError,
    NothingRecordedError,
    PlanAbandonedError,
    RefusedError,
    ResultBeyondKeptError,
    SessionError,
    UserError,
)
from rotation.services.sheets import Session
from rotation.web import drives, languages, views
from rotation.web.http import (
    HEADERS,
    error_answer,
    int_field,
    link,
    machine_words,
    plain,
    read_fields,
    read_form,
    same_site,
    status_of,
)
from rotation.web.workers import CURRENT, PLANNERS, WORKERS, Stores, SubprocessPlanner
from scoring.contract import InvalidResultError
from scoring.deal import InvalidDealError

_REFUSED_DEAL = (UserError, InvalidDealError, InvalidResultError, rubbers.IncompleteDealError)
"""What a table's form may be refused for: the page says why and keeps what was typed (the user's
errors of the tree, and the scorer's, which knows nothing of the project)."""
HOST_CHANGES = 50
"""The changes the host page shows, the latest (`chicago log` lists them all)."""
_PAGE_WIDE = (RefusedError, NoSuchSessionError)
"""The user's errors every page answers alike (`EveningPages.call`): a link refused, an evening gone."""


class Templates:
    """The pages' Jinja templates, read and compiled once at start (no look at the files on every page),
    and the deal's buttons rendered once per deal form (an evening's scoring) for a blank form."""

    def __init__(self) -> None:
        from jinja2 import Environment, PackageLoader

        self.env = Environment(
            loader=PackageLoader("rotation.web", "templates"),
            autoescape=True,
            auto_reload=False,
            extensions=["jinja2.ext.i18n"],
        )
        self.env.policies["ext.i18n.trimmed"] = True
        self.env.globals["typed_examples"] = views.typed_examples
        self.env.globals["day_text"] = languages.day_text
        self.env.install_gettext_callables(  # type: ignore[attr-defined]
            language.gettext, language.ngettext, newstyle=True
        )
        for template in self.env.list_templates():
            self.env.get_template(template)
        self.impossible = views.impossible_results()
        self._blank: dict[tuple[rubbers.DealForm, str], Markup] = {}
        self._lock = threading.Lock()

    def page(self, template: str, status: int = 200, **values: object) -> HTMLResponse:
        values.setdefault("title", "chicago")
        values.setdefault("html_lang", languages.html_lang())
        values.setdefault("page_lang", language.current())
        values.setdefault("languages", languages.menu(str(values.get("key") or "")))
        html = self.env.get_template(template).render(**values)
        return HTMLResponse(html, status, headers=HEADERS)

    def buttons(self, deal: rubbers.DealForm, chosen: Mapping[str, str] | None = None) -> Markup:
        """The deal's buttons for an evening's deal form, those chosen checked (a refused deal's page
        shows them again); a blank form's rendered once per deal form and language."""
        spoken = (deal, language.current())
        if not chosen:
            with self._lock:
                blank = self._blank.get(spoken)
            if blank is not None:
                return blank
        html = self.env.get_template("buttons.html").render(
            groups=views.button_groups(deal), impossible=self.impossible, chosen=chosen, deal=deal
        )
        if not chosen:
            with self._lock:
                self._blank[spoken] = Markup(html)
        return Markup(html)

    def refused(self, reason: str = "") -> Response:
        """A wrong, renewed or missing token, or a link used for another table."""
        reason = reason or _("This link is not valid for this page.")
        return self.page("message.html", 403, heading=_("This link does not work"), message=reason)

    def fault(self, error: BaseException) -> Response:
        """The store or the machine failed a request that was fine (`MachineError`): 503, in a sentence."""
        heading = _("The plan was stopped") if isinstance(error, PlanAbandonedError) else _("Not done")
        return self.page("message.html", 503, heading=heading, message=machine_words(error))

    def gone(self) -> Response:
        return self.page(
            "message.html",
            410,
            heading=_("This evening is no longer here"),
            message=_(
                "The host deleted this evening or started another under its name. Ask the host for"
                " the link printed on your table card."
            ),
        )


class EveningPages:
    """The evenings' pages, each under ``/e/{uid}`` (`evenings.evening_path`): the evening is known by its
    identity, so one deleted (even if another is saved under its name) is gone to them. ``only``: the one
    evening this server serves (`chicago serve NAME`), None for any of the club's."""

    def __init__(self, db: Path, only: str | None = None, planner: evenings.Planner | None = None) -> None:
        evening = None
        if only is not None:
            with open_store(db, create=False) as store:
                evening = evenings.load_evening(store, only)
        self.only: EveningId | None = evening.id if evening is not None else None
        self.stores = Stores(db)
        self.pages = ThreadPoolExecutor(WORKERS, thread_name_prefix="chicago-page")
        self.replans = ThreadPoolExecutor(PLANNERS, thread_name_prefix="chicago-replan")
        # The server's writes queue here, each woken as the one before commits, rather than in SQLite's
        # busy handler, which polls with sleeps of up to 100 ms (still there for another process's write).
        self.writing = threading.Lock()
        self.in_subprocess = SubprocessPlanner()
        self.replan_with = planner or self.in_subprocess
        self.templates = Templates()
        self._lanes: dict[str, tuple[asyncio.Lock, int]] = {}
        if evening is not None:
            self._warm(evening.session)

    def routes(self) -> list[Route]:
        at = "/e/{uid:str}"
        return [
            Route(at + "/t/{table:int}", self.table_get),
            Route(at + "/t/{table:int}/state", self.table_state),
            Route(at + "/t/{table:int}/{action:str}", self.table_post, methods=["POST"]),
            Route(at + "/standings", self.standings),
            Route(at + "/p/{position:int}", self.player),
            Route(at + "/host", self.host_get),
            Route(at + "/cards.pdf", self.cards),
            Route(at + "/host/{action:str}", self.host_post, methods=["POST"]),
        ]

    def evening(self, request: Request) -> EveningId:
        """The evening a request's path names (one this server does not serve: an id no evening has)."""
        this = EveningId(request.path_params["uid"])
        return this if self.only is None or this == self.only else EveningId("")

    def shutdown(self) -> None:
        """When the server stops: the threads (and the planner's process) end, then their databases."""
        for pool in (self.pages, self.replans, self.in_subprocess):
            pool.shutdown()
        self.stores.close()

    def _warm(self, session: Session) -> None:
        """Each page drawn once for nothing, so the modules it imports on first use are imported at start
        rather than by the first phones (a rubber that cannot be shown is left to its page to say)."""
        page, deal = self.templates.page, rubbers.deal_form(session.rules)
        blank = self.templates.buttons(deal)
        with contextlib.suppress(SessionError):
            page("table.html", view=views.table_view(session, 1, 1), key="", buttons=blank, deal=deal)
            page("standings.html", view=views.standings_view(session), key="")
            present = views.present_now(session)
            page("host.html", rubbers=views.host_view(session), key="", links=[], present=present, changes=())
            page("player.html", view=views.player_view(session, 0), key="")

    def opened(self, this: EveningId, key: str) -> evenings.Opened:
        """The evening a page shows (its link checked), the page's work speaking its saved language from
        here on unless the player chose one (`languages.follow_evening`)."""
        opened = evenings.open_evening(self.stores.get(), this, key)
        languages.follow_evening(opened.language)
        return opened

    async def call(self, work: Callable[[], Response], pool: ThreadPoolExecutor | None = None) -> Response:
        """Run a page's work in a worker thread, and answer a refused link, a deleted evening or a
        database that cannot be used the same way on every page."""

        def guarded() -> Response:
            try:
                with languages.following():
                    return work()
            except RefusedError:
                return self.templates.refused(_("Ask the host for the link printed on your table card."))
            except NoSuchSessionError:
                return self.templates.gone()
            except MachineError as error:
                return self.templates.fault(error)
            except ChicagoError as error:
                return error_answer(error)

        loop = asyncio.get_running_loop()
        # the request's context goes with it (its planner's ticket, `rotation.web.workers.CURRENT`)
        run = contextvars.copy_context().run
        ticket = CURRENT.get()
        if ticket is None or pool is not self.replans:
            answer: Response = await loop.run_in_executor(pool or self.pages, run, guarded)
            return answer
        async with self._lane(ticket.lane):
            return await loop.run_in_executor(pool, run, guarded)

    @contextlib.asynccontextmanager
    async def _lane(self, lane: str) -> AsyncIterator[None]:
        """A lane's plans wait for each other here, on the event loop, rather than in one of the few
        planning threads: a host pressing Replan four times cannot hold up another evening's replan (a
        plan whose asker left while waiting finds its ticket cancelled and ends at once)."""
        lock, users = self._lanes.get(lane, (asyncio.Lock(), 0))
        self._lanes[lane] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._lanes[lane]
            if users == 1:
                del self._lanes[lane]  # the lanes kept are those in use: one per evening planning
            else:
                self._lanes[lane] = (lock, users - 1)

    # -- the table --------------------------------------------------------------------------------------

    def table_page(
        self,
        opened: evenings.Opened,
        key: str,
        table: int,
        round_number: int,
        status: int = 200,
        chosen: Mapping[str, str] | None = None,
        **extra: object,
    ) -> Response:
        session, base = opened.evening.session, evenings.evening_path(opened.evening.id)
        view = views.table_view(session, round_number, table)
        view = drives.table_moves(self.stores.get(), opened.evening, view)
        following = round_number + 1
        has_next = following <= len(session.schedule.rounds) and table <= len(
            session.schedule.rounds[following - 1].tables
        )
        deal = rubbers.deal_form(session.rules)
        return self.templates.page(
            "table.html",
            status,
            title=opened.evening.name,
            base=base,
            view=view,
            key=key,
            next_link=link(f"{base}/t/{table}", key, r=following) if has_next and view.complete else "",
            refresh=link(f"{base}/t/{table}", key, r=round_number),
            state=link(f"{base}/t/{table}/state", key, r=round_number),
            buttons=self.templates.buttons(deal, chosen),
            deal=deal,
            chosen=chosen,
            house=session.rules.house,
            **extra,
        )

    def _table(self, request: Request) -> tuple[EveningId, str, int, int | None]:
        key, table = request.query_params.get("k", ""), request.path_params["table"]
        return self.evening(request), key, table, int_field(request.query_params.get("r"))

    async def table_get(self, request: Request) -> Response:
        this, key, table, asked = self._table(request)
        said = views.said_after(request.query_params.get("added"), request.query_params.get("undone"))

        def work() -> Response:
            opened = self.opened(this, key)
            if not opened.access.may_write(table):
                return self.templates.refused()
            try:
                number = _table_round(opened.evening.session, table, asked)
            except SessionError as error:
                return plain(_("Not found: {error}.").format(error=error), 404)
            view = views.table_view(opened.evening.session, number, table)
            return self.table_page(opened, key, table, number, done=said(view))

        return await self.call(work)

    async def table_state(self, request: Request) -> Response:
        """The table's state as JSON, for the page's script to notice another phone's deal."""
        this, key, table, asked = self._table(request)

        def work() -> Response:
            opened = self.opened(this, key)
            if not opened.access.may_write(table):
                return JSONResponse({"error": "refused"}, 403, headers=HEADERS)
            try:
                number = _table_round(opened.evening.session, table, asked)
            except SessionError:
                return JSONResponse({"error": "not found"}, 404, headers=HEADERS)
            view = views.table_view(opened.evening.session, number, table)
            state = {
                "round": number,
                "entered": view.entered,
                "complete": view.complete,
                "seated": view.rounds,
            }
            return JSONResponse(state, headers=HEADERS)

        return await self.call(work)

    async def table_post(self, request: Request) -> Response:
        this, table, action = (
            self.evening(request),
            request.path_params["table"],
            request.path_params["action"],
        )
        if action not in ("add", "undo"):
            return plain(_("Not found."), 404)
        if not same_site(request):
            return self.templates.refused(_("The form did not come from this server's page."))
        form = await read_form(request)
        key, typed = form.get("k", ""), form.get("deal", "")
        fields = {field: form[field] for field in views.BUTTON_FIELDS if field in form}
        if form.get("quick") == "pass":
            typed, fields = "pass", {}
        round_number, seen = int_field(form.get("r")), int_field(form.get("seen"))
        if round_number is None or seen is None:
            return plain(_("Bad request: the form lacks its round or deal count."), 400)
        at, source = f"{evenings.evening_path(this)}/t/{table}", changes.table_link(table)

        spoken = form.get("lang")

        def work() -> Response:
            languages.follow_page(spoken)  # a deal typed is read in the words of the page it was typed on
            store = self.stores.get()
            try:
                with self.writing:
                    if action == "add":
                        entered = (typed, fields)
                        rubbers.add_entered_deal(
                            store, this, round_number, table, entered, seen=seen, key=key, source=source
                        )
                        said = {"added": seen + 1}
                    else:
                        change = rubbers.undo_deal(
                            store, this, round_number, table, seen=seen, key=key, source=source
                        )
                        said = {"undone": views.undone_number(change.edit.previous)}
            except _PAGE_WIDE:
                raise
            except _REFUSED_DEAL as error:
                kept = (typed, views.chosen_buttons(fields))
                return self._table_refused(error, this, key, table, round_number, seen, kept)
            return RedirectResponse(link(at, key, r=round_number, **said), 303, headers=HEADERS)

        return await self.call(work)

    def _table_refused(
        self,
        error: Exception,
        this: EveningId,
        key: str,
        table: int,
        round_number: int,
        seen: int,
        kept: tuple[str, Mapping[str, str]],
    ) -> Response:
        """The table's page again, with why its form was refused and what was typed in it."""
        opened = self.opened(this, key)
        session = opened.evening.session
        try:
            _table_round(session, table, round_number)
        except SessionError as missing:
            return plain(_("Not found: {error}.").format(error=missing), 404)
        status, message = status_of(error) if isinstance(error, UserError) else 400, _said(error)
        if isinstance(error, MovedOnError):
            status, message = 409, views.moved_on_message(session, error)
        elif isinstance(error, NothingRecordedError) and seen:  # another phone took them back
            status, message = (
                409,
                _("Another phone took back the deals meanwhile: {error}").format(error=error),
            )
        typed, chosen = kept
        return self.table_page(opened, key, table, round_number, status, chosen, message=message, typed=typed)

    # -- reading: standings and a player's evening ------------------------------------------------------

    async def standings(self, request: Request) -> Response:
        this, key = self.evening(request), request.query_params.get("k", "")

        def work() -> Response:
            opened = self.opened(this, key)
            view = views.standings_view(opened.evening.session)
            return self.templates.page(
                "standings.html",
                title=opened.evening.name,
                base=evenings.evening_path(this),
                view=view,
                key=key,
                money=self.money_of(opened.evening),
            )

        return await self.call(work)

    async def player(self, request: Request) -> Response:
        this, key, position = (
            self.evening(request),
            request.query_params.get("k", ""),
            request.path_params["position"],
        )

        def work() -> Response:
            opened = self.opened(this, key)
            session = opened.evening.session
            if not 0 <= position < len(session.schedule.players):
                return plain(_("Not found: no such player."), 404)
            view = views.player_view(session, position)
            base = evenings.evening_path(this)
            return self.templates.page(
                "player.html",
                title=opened.evening.name,
                base=base,
                view=view,
                key=key,
                house=session.rules.house,
            )

        return await self.call(work)

    # -- the host ---------------------------------------------------------------------------------------

    def host_page(
        self, this: EveningId, key: str, origin: str, status: int = 200, **extra: object
    ) -> Response:
        """The host's page, read afresh (after a refused change, what the tables hold now): each table's
        link with its QR code (at ``origin``, the address the host's browser used), the cards, every
        rubber, and who plays now."""
        opened = self.opened(this, key)
        if opened.access.role is not Role.HOST:
            return self.templates.refused()
        links = [
            (_link_label(label), url, views.qr_data_uri(url))
            for label, url in opened.links(origin)
            if label != "host"
        ]
        session = opened.evening.session
        logged = changes.evening_log(self.stores.get(), this, key, latest=HOST_CHANGES).changes
        extra.setdefault("ticked", None)
        seated = drives.seated_round(self.stores.get(), opened.evening)
        return self.templates.page(
            "host.html",
            status,
            title=opened.evening.name,
            base=evenings.evening_path(this),
            rubbers=views.host_view(session),
            key=key,
            links=links,
            present=seated.present if seated is not None else views.present_now(session),
            local_only=local_only(origin),
            money=self.money_of(opened.evening),
            scoring=rules_text(session.rules),
            changes=tuple(reversed(change_lines(logged))),
            seated=seated,
            **extra,
        )

    def money_of(self, evening: StoredSession) -> MoneyView | None:
        """The evening's settlement when it is played for money (`chicago plan --stake`), else None."""
        settled = money.evening_money(self.stores.get(), evening)
        return None if settled is None else money_view(settled)

    async def host_get(self, request: Request) -> Response:
        this, key = self.evening(request), request.query_params.get("k", "")
        return await self.call(lambda: self.host_page(this, key, origin_of(request)))

    async def cards(self, request: Request) -> Response:
        """The evening's cards as `chicago cards NAME --live` prints them, each table's link on its card."""
        this, key, origin = self.evening(request), request.query_params.get("k", ""), origin_of(request)

        def work() -> Response:
            opened = self.opened(this, key)
            if opened.access.role is not Role.HOST:
                return self.templates.refused()
            tables = {int(label.split()[1]): url for label, url in opened.links(origin) if label[0] == "t"}
            party = drives.drive_state(self.stores.get(), opened.evening) is not None
            data = views.cards_pdf(opened.evening.session, opened.evening.name, tables, party=party)
            disposition = f'attachment; filename="{views.file_name(opened.evening.name)}.pdf"'
            headers = {**HEADERS, "Content-Disposition": disposition}
            return Response(data, 200, media_type="application/pdf", headers=headers)

        return await self.call(work)

    async def host_post(self, request: Request) -> Response:
        this, action = self.evening(request), request.path_params["action"]
        if action not in ("fix", "delete", "replan"):
            return plain(_("Not found."), 404)
        if not same_site(request):
            return self.templates.refused(_("The form did not come from this server's page."))
        form, lists = await read_fields(request)
        key, origin = form.get("k", ""), origin_of(request)
        spoken = form.get("lang")  # the host page's language: the answer is in it, deals typed read in it
        if action == "replan":
            asked = views.ReplanAsked.from_form(form, lists)

            def replan() -> Response:
                languages.follow_page(spoken)
                return self.host_replan(this, key, origin, asked)

            return await self.call(replan, self.replans)
        round_number, table = int_field(form.get("r")), int_field(form.get("t"))
        if round_number is None or table is None:
            return plain(_("Bad request: the form lacks its round or table."), 400)
        typed = form.get("deals", "")

        def work() -> Response:
            languages.follow_page(spoken)
            return self.host_change(this, action, key, origin, (round_number, table), typed)

        return await self.call(work)

    def host_change(
        self, this: EveningId, action: str, key: str, origin: str, at: tuple[int, int], typed: str
    ) -> Response:
        """Fix a rubber (its deals replaced by those typed, one a line) or delete it."""
        store, (round_number, table) = self.stores.get(), at
        try:
            if action == "delete":
                with self.writing:
                    rubbers.delete_rubber(store, this, round_number, table, key=key, source=changes.HOST_PAGE)
            else:
                deals = rubbers.parse_deals(typed)
                if not deals:
                    raise SessionError(_("give the rubber's deals, one a line (or delete it)"))
                with self.writing:
                    rubbers.record_rubber(
                        store,
                        this,
                        round_number,
                        table,
                        deals=deals,
                        replace=True,
                        key=key,
                        source=changes.HOST_PAGE,
                    )
        except _PAGE_WIDE:
            raise
        except (UserError, InvalidDealError, InvalidResultError) as error:
            message = _("Round {round}, table {table}: {said}").format(
                round=round_number, table=table, said=_said(error)
            )
            status = status_of(error) if isinstance(error, UserError) else 400
            return self.host_page(this, key, origin, status, message=message, typed=typed, at=at)
        return RedirectResponse(link(f"{evenings.evening_path(this)}/host", key), 303, headers=HEADERS)

    def host_replan(self, this: EveningId, key: str, origin: str, asked: views.ReplanAsked) -> Response:
        """Someone came or went: plan the rounds not yet played again for the players here now. A mistake
        (the user's) or a planner that stopped (the machine's) is said on the host page, the form kept."""
        present, drive = self._present(this, key)
        try:
            planned = evenings.replan_evening(
                self.stores.get(),
                this,
                asked.names,
                new=asked.declared_new,
                gone=asked.gone(present),
                key=key,
                planner=self.replan_with,
                source=changes.HOST_PAGE,
            )
        except _PAGE_WIDE:
            raise
        except ChicagoError as error:
            users = isinstance(error, UserError)
            said = _("Not changed: {why}") if drive else _("Not replanned: {why}")
            said = said.format(why=_said(error) if users else machine_words(error))
            near = isinstance(error, NearMissError)
            if near:
                said += " " + _("If it is a new player, tick the box under New players.")
            kept = {"players": asked.typed, "new": asked.new_text, "sure": asked.sure, "near": near}
            ticked = None if asked.typed else asked.ticked
            status = status_of(error)
            return self.host_page(this, key, origin, status, message=said, ticked=ticked, **kept)
        done = asked.changed(planned.kept, present, drive=planned.drive is not None)
        return self.host_page(this, key, origin, done=done)

    def _present(self, this: EveningId, key: str) -> tuple[tuple[tuple[str, bool], ...], bool]:
        """Who plays now (at a drive: from the first round whose players may change), and whether the
        evening is a drive."""
        evening = self.opened(this, key).evening
        seated = drives.seated_round(self.stores.get(), evening)
        if seated is None:
            return views.present_now(evening.session), False
        return seated.present, True


def origin_of(request: Request) -> str:
    """The server's address as the browser reached it (``http://host:port``), for links to hand out."""
    return str(request.base_url).rstrip("/")


def _table_round(session: Session, table: int, round_number: int | None) -> int:
    """The round a table's page shows: the one asked for, else the one in play at that table."""
    number = views.round_in_play(session, table) if round_number is None else round_number
    session.seating(number, table)
    return number


def _said(error: Exception) -> str:
    """A refused change in the page's words: the fact, and for a finished rubber who can change it; a
    contract, deal or rubber scoring refused worded from its facts in the page's language (as at the
    terminal: `rotation.render.refusals`; English keeps scoring's own sentence)."""
    from rotation.language import ENGLISH, current

    if current() != ENGLISH:
        from rotation.render.refusals import spoken_result_error

        spoken = spoken_result_error(error.__cause__ or error)
        if spoken is not None:
            return spoken
    if isinstance(error, AlreadyRecordedError):
        return _("{error}: the host can fix it on the host page").format(error=error)
    if isinstance(error, ResultBeyondKeptError):
        return _(
            "{error}, and a replan keeps only the rounds finished: finish the round or delete its"
            " results first (Fix or delete, under The rubbers), then replan"
        ).format(error=error)
    return str(error)


def _link_label(label: str) -> str:
    """A link's label as `Opened.links` names it (``table 2``, ``standings``, ``host``) in the page's
    words."""
    kind, _space, number = label.partition(" ")
    if kind == "table" and number:
        return _("Table {number}").format(number=number)
    return {"standings": _("Standings"), "host": _("Host")}.get(kind, label.capitalize())

"""The season's pages, for a club link (the season's, read only, or the host's): the standings as
`chicago rank` prints them, with its options in the query; each player's season evening by evening; the
season sheet as a PDF. Each handler reads the query, runs one service in a worker thread and renders the
answer; the service checks the link's token (`services.club.open_club`).

`SeasonPages.routes()` are mounted by the club's app (`chicago serve` with no evening)."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Final, Protocol, TypedDict

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rotation.language import _
from rotation.render.money import MoneyView, money_view
from rotation.services import club, money, season
from rotation.services.errors import MachineError, MixedUnitsError, RefusedError, UserError
from rotation.web import season_views
from rotation.web.http import HEADERS, plain, status_of
from rotation.web.workers import WORKERS, Stores

__all__ = ["SeasonPages"]


class PageTemplates(Protocol):
    """What the season's pages need of the templates (`rotation.web.evening.Templates` has it)."""

    def page(self, template: str, status: int = 200, **values: object) -> Response: ...

    def refused(self, reason: str = ...) -> Response: ...

    def fault(self, error: BaseException) -> Response: ...


class SeasonPages:
    """The season's pages of the database at ``db``, drawn with ``templates``."""

    def __init__(self, db: Path, templates: PageTemplates) -> None:
        self.templates = templates
        self.stores = Stores(db)
        self.pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="chicago-season")

    def routes(self) -> list[Route]:
        return [
            Route("/season", self.standings),
            Route("/season/sheet.pdf", self.sheet),
            Route("/season/p/{player:path}", self.player),
        ]

    def shutdown(self) -> None:
        """When the server stops: the threads end, then their databases."""
        self.pool.shutdown()
        self.stores.close()

    async def call(self, work: Callable[[], Response]) -> Response:
        """Run a page's work in a worker thread; a refused link, a bad option and a database that cannot
        be used are answered alike on every page."""

        def guarded() -> Response:
            try:
                return work()
            except RefusedError:
                return self.templates.refused(_("Ask the host for the season's link (chicago serve)."))
            except UserError as error:  # an option that cannot be read or does not go with another
                return self.bad(_refusal(error), status_of(error))
            except MachineError as error:
                return self.templates.fault(error)

        # the request's context goes with it (its language, `rotation.web.languages`)
        run = contextvars.copy_context().run
        answer: Response = await asyncio.get_running_loop().run_in_executor(self.pool, run, guarded)
        return answer

    def bad(self, reason: str, status: int = 400) -> Response:
        """A 4xx page saying what is wrong with the options asked."""
        return self.templates.page(
            "message.html",
            status,
            heading=_("This season page cannot be shown"),
            message=_("Not shown: {reason}.").format(reason=reason),
        )

    def rank(self, request: Request) -> tuple[str, season_views.SeasonQuery, season.Season]:
        """The link's token, the options asked and the season they give (`services.season.club_rank`):
        the link is checked first, so a wrong link is refused whatever its options."""
        key = request.query_params.get("k", "")
        store = self.stores.get()
        club.open_club(store, key)
        query = season_views.parse_season_query(request.query_params)
        return key, query, season.club_rank(store, key, query.asked())

    async def standings(self, request: Request) -> Response:
        """The standings asked for, under the form that asks for others; a mistake in the options is the
        form again with what is wrong (400), after the link is known good."""

        def work() -> Response:
            form = season_views.season_form(request.query_params)
            try:
                key, query, result = self.rank(request)
            except RefusedError:
                raise
            except UserError as error:
                return self.templates.page(
                    "season.html",
                    status_of(error),
                    form=form,
                    message=_("Not shown: {reason}.").format(reason=_refusal(error)),
                    **CHOICES,
                )
            here = query.query(key)
            paid = money.season_money(self.stores.get(), query.asked())
            return self.templates.page(
                "season.html",
                view=season_views.season_view(result, query, key),
                money=_money_view(paid),
                money_note=paid.why_not if paid else "",
                form=form,
                wall=query.wall,
                here=f"/season?{here}",
                sheet=f"/season/sheet.pdf?{here}",
                **CHOICES,
            )

        return await self.call(work)

    async def sheet(self, request: Request) -> Response:
        """The season sheet as `chicago rank --pdf` writes it, built in a worker thread."""
        from rotation.render.pdf_season import render_season_pdf

        def work() -> Response:
            _, query, result = self.rank(request)
            created = datetime.now().astimezone()
            paid = money.season_money(self.stores.get(), query.asked())
            data = render_season_pdf(
                result,
                since=query.since,
                until=query.until,
                created=created,
                money=paid.settled.settlement if paid and paid.settled else None,
                money_note=paid.why_not if paid else "",
            )
            headers = {**HEADERS, "Content-Disposition": 'inline; filename="season.pdf"'}
            return Response(data, 200, headers=headers, media_type="application/pdf")

        return await self.call(work)

    async def player(self, request: Request) -> Response:
        player: str = request.path_params["player"]
        if not player or len(player) > season_views.MAX_PLAYER:
            return plain(_("Not found: no such player."), 404)

        def work() -> Response:
            key = request.query_params.get("k", "")
            query = season_views.parse_season_query(request.query_params)
            query.asked()  # the options the standings refuse, refused here too (the link back has them)
            found = season.player_season(
                self.stores.get(), key, player, since=query.since, until=query.until, unit=query.unit
            )
            if found is None:
                return self.templates.page(
                    "message.html",
                    404,
                    heading=_("No such player this season"),
                    message=_("Nobody of that name played a rubber in this season's sessions."),
                )
            view = season_views.player_view(found)
            back = f"/season?{query.query(key, period_only=True)}"
            return self.templates.page("season_player.html", view=view, back=back)

        return await self.call(work)


class Choices(TypedDict):
    by_choices: tuple[tuple[str, str], ...]
    unit_choices: tuple[tuple[str, str], ...]


CHOICES: Final[Choices] = {
    "by_choices": season_views.BY_CHOICES,
    "unit_choices": season_views.UNIT_CHOICES,
}
"""The standings form's choices, for its template."""


def _money_view(paid: money.SeasonMoney | None) -> MoneyView | None:
    """The period's settlement as the evening's pages show one (None: not played for money)."""
    return money_view(paid.settled.settlement) if paid and paid.settled else None


def _refusal(error: Exception) -> str:
    """A mistake in the season's options in a sentence (several units: how to show one)."""
    if isinstance(error, MixedUnitsError):
        return _("{error}: show one unit at a time (Unit, under More options)").format(error=error)
    return str(error)

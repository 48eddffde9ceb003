"""The club's pages (`chicago serve` with no evening): the saved evenings, each opening its host page, and
a new evening planned from the roster, previewed, then started. Their links carry the club's host token
(`rotation.services.club`); each handler runs one service in a worker thread, planning in the replan
thread (the plan itself in the planner's process), so the tables' pages are served meanwhile.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from rotation.services import club, evenings
from rotation.services.errors import (
    NearMissError,
    PlanError,
    RefusedError,
    UserError,
)
from rotation.web.evening import EveningPages, origin_of
from rotation.web.http import HEADERS, int_field, read_fields, same_site, status_of
from scoring.rules import ScoringRules
from scoring.seat import Seat

MAX_ROUNDS = 40
"""The most rounds a new evening may ask for from the page."""


@dataclass(frozen=True, slots=True)
class NewEvening:
    """The "New evening" form as posted: checked again on every post (the start form's hidden fields are
    the preview's, trusted no further than what the host types)."""

    ticked: tuple[str, ...] = ()
    new_text: str = ""
    away: Mapping[str, str] = field(default_factory=dict)
    rounds: str = ""
    day: str = ""
    name: str = ""
    seed: str = ""
    sure: bool = False
    """The host says the new players are new, not typos of known players (asked after a near miss)."""

    @classmethod
    def from_form(cls, form: Mapping[str, str], lists: Mapping[str, list[str]]) -> NewEvening:
        away = {key[5:]: value for key, value in form.items() if key.startswith("away:") and value.strip()}
        seed = form.get("seed", "")
        return cls(
            tuple(dict.fromkeys(lists.get("play", ()))),
            form.get("new", ""),
            away,
            form.get("rounds", "").strip(),
            form.get("date", "").strip(),
            form.get("name", "").strip(),
            seed if int_field(seed) is not None else str(secrets.randbelow(1_000_000)),
            form.get("sure") == "on",
        )

    def new_players(self) -> tuple[tuple[str, str], ...]:
        """The new players typed, one a line, each with the rounds away written after a colon."""
        out = []
        for line in self.new_text.splitlines():
            name, colon, rounds = line.partition(":")
            if name.strip():
                out.append((name.strip(), rounds.strip() if colon else ""))
        return tuple(out)

    def request(self) -> tuple[evenings.PlanRequest, evenings.SaveAs, tuple[str, ...]]:
        """The plan asked for, where to save it, and the names declared new; PlanError for what cannot be
        read, in the page's words."""
        new = self.new_players()
        names = self.ticked + tuple(name for name, _ in new)
        if len(names) < 4:
            raise PlanError("tick at least four players (or add new ones)")
        rounds = int_field(self.rounds) if self.rounds else None
        if self.rounds and (rounds is None or not 1 <= rounds <= MAX_ROUNDS):
            raise PlanError(f"Rounds: give a number from 1 to {MAX_ROUNDS}, or leave it empty")
        try:
            day = date.fromisoformat(self.day) if self.day else date.today()
        except ValueError:
            raise PlanError(f"Date: {self.day!r} is not a date like 2025-03-14") from None
        if not self.name:
            raise PlanError("give the evening a name")
        aways = [*self.away.items(), *((name, text) for name, text in new if text)]
        away = tuple(evenings.parse_away(f"{name}:{text}") for name, text in aways if name in names)
        request = evenings.PlanRequest(
            names, seed=int(self.seed), rounds=rounds, method=evenings.Method.AUTO, away=away
        )
        save = evenings.SaveAs(self.name, day, ScoringRules.from_mapping({}))
        return request, save, tuple(name for name, _ in new) if self.sure else ()

    def hidden(self) -> list[tuple[str, str]]:
        """The form's fields for the start button, as the preview was made from them."""
        fields = [("play", name) for name in self.ticked]
        fields += [(f"away:{name}", text) for name, text in self.away.items()]
        fields += [("new", self.new_text), ("rounds", self.rounds), ("date", self.day)]
        return [*fields, ("name", self.name), ("seed", self.seed), *([("sure", "on")] if self.sure else [])]


class ClubPages:
    """The club's host pages, sharing the evenings' workers, templates and planner."""

    def __init__(self, pages: EveningPages) -> None:
        self.pages = pages
        self.templates = pages.templates

    def routes(self) -> list[Route]:
        return [
            Route("/club", self.club_get),
            Route("/club/evening", self.open_evening),
            Route("/club/new", self.new_get),
            Route("/club/{action:str}", self.plan_post, methods=["POST"]),
        ]

    async def club_get(self, request: Request) -> Response:
        key = request.query_params.get("k", "")

        def work() -> Response:
            view = club.club_view(self.pages.stores.get(), key)
            return self.templates.page("club.html", title="The club", view=view, key=key)

        return await self.pages.call(work)

    async def open_evening(self, request: Request) -> Response:
        """A saved evening's host page, by its name, from the club's list."""
        key, name, origin = (
            request.query_params.get("k", ""),
            request.query_params.get("name", ""),
            origin_of(request),
        )

        def work() -> Response:
            links = club.evening_links(self.pages.stores.get(), key, name, origin)
            return RedirectResponse(links.links[0][1], 303, headers=HEADERS)

        return await self.pages.call(work)

    async def new_get(self, request: Request) -> Response:
        key, seed = request.query_params.get("k", ""), request.query_params.get("seed", "")
        if int_field(seed) is None:  # the cut's cards drawn afresh, unless a link asks for a cut again
            seed = str(secrets.randbelow(1_000_000))
        asked = NewEvening(day=date.today().isoformat(), seed=seed)
        return await self.pages.call(lambda: self.plan_page(key, asked))

    def plan_page(self, key: str, asked: NewEvening, status: int = 200, **extra: Any) -> Response:
        view = club.club_view(self.pages.stores.get(), key)
        roster = [name for name, _ in view.players]
        roster += [name for name in asked.ticked if name not in roster]
        return self.templates.page(
            "plan.html", status, title="New evening", key=key, roster=roster, asked=asked, **extra
        )

    async def plan_post(self, request: Request) -> Response:
        action = request.path_params["action"]
        if action not in ("plan", "start"):
            return self.templates.page("message.html", 404, heading="Not found", message="No such page.")
        if not same_site(request):
            return self.templates.refused("The form did not come from this server's page.")
        form, lists = await read_fields(request)
        key, asked, origin = form.get("k", ""), NewEvening.from_form(form, lists), origin_of(request)
        work = lambda: self.plan(key, asked, origin, start=action == "start")  # noqa: E731
        return await self.pages.call(work, self.pages.replans)

    def plan(self, key: str, asked: NewEvening, origin: str, *, start: bool) -> Response:
        """Preview the evening asked for, or start it: saved, then its host page."""
        try:
            request, save, new = asked.request()
            made = club.plan_club_evening(
                self.pages.stores.get(),
                key,
                request,
                save,
                start=start,
                base=origin,
                new=new,
                planner=self.pages.replan_with,
            )
        except NearMissError as error:
            message = f"Not planned: {error} If it is a new player, tick the box under New players."
            return self.plan_page(key, asked, 400, message=message, near=True)
        except RefusedError:
            raise
        except UserError as error:  # a bad evening name included: the user's, the form kept
            return self.plan_page(key, asked, status_of(error), message=f"Not planned: {error}")
        if made.links is not None:
            return RedirectResponse(made.links.links[0][1], 303, headers=HEADERS)
        plan = made.planned.plan
        notes = tuple(_note_words(note) for note in plan.notes)
        preview = Preview(plan_rounds(plan.schedule), balance_words(plan), notes, made.planned.known_as)
        return self.plan_page(key, asked, preview=preview, hidden=asked.hidden())


@dataclass(frozen=True, slots=True)
class Preview:
    rounds: tuple[tuple[int, tuple[str, ...], str], ...]
    """``(round, each table's seating, who sits out)``"""
    balance: str
    notes: tuple[str, ...]
    known_as: tuple[tuple[str, str], ...]


def plan_rounds(schedule: Any) -> tuple[tuple[int, tuple[str, ...], str], ...]:
    """Each round's seating in words: ``N Helen, E Doris, S Ann (deals first), W Jean``."""
    out = []
    for number, rnd in enumerate(schedule.rounds, 1):
        tables = []
        for seating in rnd.tables:
            seats = [
                f"{seat.name[0]} {schedule.name(seating.at(seat))}"
                + (" (deals first)" if seat is seating.first_dealer else "")
                for seat in Seat
            ]
            tables.append(", ".join(seats))
        out.append((number, tuple(tables), ", ".join(schedule.name(p) for p in rnd.sitting_out)))
    return tuple(out)


def balance_words(plan: Any) -> str:
    """The line starting "Balance" that `chicago plan` prints, in the same words."""
    from rotation.balance import check
    from rotation.render.terminal import balance_summary

    return balance_summary(check(plan.schedule.movement, avoid=plan.avoid))


def _note_words(note: evenings.Note) -> str:
    """A note on a plan in the page's words: what it suggests is a number to put in the form's box."""
    if note.value is not None and note.part is not None:
        return (
            f"{note.text}: put {note.value} in {note.part.value.replace('_', ' ').capitalize()} to ask for it"
        )
    return note.text

"""The club's pages (`chicago serve` with no evening): the saved evenings, each opening its host page, the
roster (members added without an evening), and a new evening planned from the roster with its scoring,
previewed, then started. Their links carry the club's host token (`rotation.services.club`); each handler
runs one service in a worker thread, planning in the replan thread (the plan itself in the planner's
process), so the tables' pages are served meanwhile. Starting an evening just previewed takes the plan
shown from memory (`club.PlanMemo`) instead of planning it again.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from rotation.language import N_, _
from rotation.model import Schedule
from rotation.render.bridge_words import cycle_text, rules_text
from rotation.render.couples import couples_lines
from rotation.render.terminal import balance_summary
from rotation.request import Seating
from rotation.services import club
from rotation.services.errors import MachineError, NearMissError, PlanError, RefusedError, UserError
from rotation.services.plans import Note
from rotation.web.evening import EveningPages, origin_of
from rotation.web.http import HEADERS, int_field, machine_words, same_site, status_of
from rotation.web.languages import number_text
from rotation.web.views import seat_letters
from scoring.methods import METHODS
from scoring.rules import PartscorePremium, ScoringRules
from scoring.seat import Seat
from scoring.tally import Rounding, Unit
from scoring.vulnerability import CYCLES

MOVEMENTS = {
    Seating.BALANCED: N_("balanced"),
    Seating.PROGRESSIVE: N_("progressive"),
    Seating.SWISS: N_("swiss"),
}
"""The New evening's movements as the page names them (the form posts `Seating`'s values)."""

MAX_ROUNDS = 40
"""The most rounds a new evening may ask for from the page."""
MAX_TEXT = 10_000
"""The most characters of a box of names (New players, Late or leaving early, members to add): 200
players of 40 characters with their rounds away fit; more is refused with a sentence, never cut."""
MAX_LINE = 200
"""The most characters of a one-line field (name, date, a scoring choice) read back into the form."""
MAX_FIELDS = 1000
"""The most fields of a club form: a box per player ticked (the planner seats at most 200), and the rest;
the server's body limit bounds them first."""

DEFAULT_SCORING = {
    ("premium" if key == "partscore_premium" else key): value
    for key, value in ScoringRules().to_mapping().items()
}
"""The terminal's default scoring as the form names its choices (a choice of it is no choice)."""

CHOICES = {
    "method": (("", N_("As the house rules (else Chicago)")), *((m.name, m.phrase) for m in METHODS)),
    "vulnerability": (
        ("", N_("As the house rules (else the dealer's side on deals 2-3)")),
        *((c.name, cycle_text(c).capitalize()) for c in CYCLES),
    ),
    "premium": (
        ("", N_("As the house rules (else on the last deal)")),
        (PartscorePremium.DEAL4.value, N_("100 for a part score on the last deal")),
        (PartscorePremium.OUTSTANDING.value, N_("100 for each part score outstanding at the end")),
    ),
    "unit": (
        ("", N_("As the house rules, or as the method tallies: hundreds (Russian: IMPs)")),
        *((u.value, u.value.capitalize()) for u in Unit),
    ),
    "rounding": (
        ("", N_("As the house rules (else half-up)")),
        *((r.value, f"{r.value}: {r.phrase}") for r in Rounding),
    ),
}
"""The scoring choices New evening offers, ``(value, words)``: what `chicago plan --save` offers, the
first of each ("") the house's setting, or the terminal's default when no house is chosen (the page
shows each in its language, ``_(words)``)."""
LEGENDS = {
    "method": N_("Method"),
    "vulnerability": N_("Vulnerability"),
    "premium": N_("Part score premium (Chicago)"),
    "unit": N_("Unit of the tally"),
    "rounding": N_("An exact 50 in hundreds"),
}


@dataclass(frozen=True, slots=True)
class NewEvening:
    """The "New evening" form as posted, each field as typed: checked again on every post (the start
    form's hidden fields are the preview's, trusted no further than what the host types)."""

    ticked: tuple[str, ...] = ()
    new_text: str = ""
    away_text: str = ""
    rounds: str = ""
    day: str = ""
    name: str = ""
    seed: str = ""
    sure: bool = False
    """The host says the new players are new, not typos of known players (asked after a near miss)."""
    cycle: str = ""
    """A vulnerability cycle of the host's own, written out (it wins over the one chosen)."""
    scoring: club.ScoringAsked = field(default_factory=club.ScoringAsked)
    movement: str = ""
    """How the rounds are seated (`Seating`'s values; "" the default, balanced)."""
    couples_text: str = ""
    """Couples, one ``A+B`` a line: never partners, never at one table."""
    mixed: bool = False
    """Every partnership one couple's first-named with another's second-named."""

    @classmethod
    def from_form(cls, form: Mapping[str, str], lists: Mapping[str, list[str]]) -> NewEvening:
        seed = form.get("seed", "")
        scoring = club.ScoringAsked(**{key: form.get(key, "").strip() for key in (*CHOICES, "house")})
        return cls(
            tuple(dict.fromkeys(lists.get("play", ()))),
            form.get("new", ""),
            form.get("away", ""),
            form.get("rounds", "").strip(),
            form.get("date", "").strip(),
            form.get("name", "").strip(),
            seed if int_field(seed) is not None else str(secrets.randbelow(1_000_000)),
            form.get("sure") == "on",
            form.get("cycle", "").strip(),
            scoring,
            form.get("movement", "").strip()[:MAX_LINE],
            form.get("couples", ""),
            form.get("mixed") == "on",
        )

    def asked(self) -> club.EveningAsked:
        """The evening asked for in plain values; PlanError for what cannot be read, in the page's words."""
        boxes = ((_("New players"), self.new_text), (_("Late or leaving early"), self.away_text))
        for label, text in (*boxes, (_("Couples"), self.couples_text)):
            if len(text) > MAX_TEXT:
                said = _("the {label} box holds {count} characters; at most {most}")
                count, most = number_text(len(text)), number_text(MAX_TEXT)
                raise PlanError(said.format(label=label, count=count, most=most))
        for label, text in ((_("Date"), self.day), (_("Own cycle"), self.cycle)):
            if len(text) > MAX_LINE:
                said = _("{label}: {count} characters is too long (at most {most})")
                raise PlanError(said.format(label=label, count=number_text(len(text)), most=MAX_LINE))
        new = _lines(self.new_text)
        rounds = int_field(self.rounds) if self.rounds else None
        if self.rounds and (rounds is None or not 1 <= rounds <= MAX_ROUNDS):
            said = _("Rounds: give a number from 1 to {most}, or leave it empty")
            raise PlanError(said.format(most=MAX_ROUNDS))
        try:
            day = date.fromisoformat(self.day) if self.day else date.today()
        except ValueError:
            raise PlanError(_("Date: {day!r} is not a date like 2025-03-14").format(day=self.day)) from None
        away = tuple((name, text) for name, text in (*new, *_lines(self.away_text)) if text)
        if any(not text for _, text in _lines(self.away_text)):
            said = _("Late or leaving early: write a name, a colon and the rounds away, like Kim: 1-2")
            raise PlanError(said)
        scoring = self.scoring
        if self.cycle:
            scoring = replace(self.scoring, vulnerability=self.cycle)
        return club.EveningAsked(
            self.ticked + tuple(name for name, _ in new),
            self.name,
            day,
            seed=int(self.seed),
            rounds=rounds,
            away=away,
            new=tuple(name for name, _ in new) if self.sure else (),
            scoring=scoring,
            seating=self.seating,
            couples=tuple(line.strip() for line in self.couples_text.splitlines() if line.strip()),
            mixed=self.mixed,
        )

    @property
    def seating(self) -> Seating:
        """The movement chosen; PlanError for one the page does not offer."""
        try:
            return Seating(self.movement or Seating.BALANCED.value)
        except ValueError:
            raise PlanError(f"Movement: {self.movement!r} is not one offered") from None

    @property
    def chosen_scoring(self) -> bool:
        """Whether the host chose a scoring other than the terminal's default (the choices then shown)."""
        return bool(self.cycle or self.scoring.house) or any(
            getattr(self.scoring, key) not in ("", DEFAULT_SCORING.get(key, "")) for key in CHOICES
        )

    def hidden(self) -> list[tuple[str, str]]:
        """The form's fields for the start button, as the preview was made from them."""
        fields = [("play", name) for name in self.ticked]
        fields += [("new", self.new_text), ("away", self.away_text), ("rounds", self.rounds)]
        fields += [("date", self.day), ("name", self.name), ("seed", self.seed), ("cycle", self.cycle)]
        fields += [("movement", self.movement)]
        fields += [(key, getattr(self.scoring, key)) for key in (*CHOICES, "house")]
        fields += [("couples", self.couples_text), *([("mixed", "on")] if self.mixed else [])]
        return [*fields, *([("sure", "on")] if self.sure else [])]


def _lines(text: str) -> tuple[tuple[str, str], ...]:
    """The lines of a box of names, each ``(name, rounds away)``, the rounds after a colon ("" if none)."""
    out = []
    for line in text.splitlines():
        name, _, rounds = line.partition(":")
        if name.strip():
            out.append((name.strip(), rounds.strip()))
    return tuple(out)


async def read_club_form(request: Request) -> tuple[dict[str, str], dict[str, list[str]]]:
    """A club form's fields, whole (the body limit bounds them; each field's own bound is checked where it
    is read, and said): each field's last value, and every value (the players ticked)."""
    try:
        form = await request.form(max_files=0, max_fields=MAX_FIELDS)
    except ClientDisconnect:
        raise HTTPException(400, "the form did not arrive whole") from None
    lists: dict[str, list[str]] = {}
    for key, value in form.multi_items():
        lists.setdefault(key, []).append(value if isinstance(value, str) else "")
    return {key: values[-1] for key, values in lists.items()}, lists


class ClubPages:
    """The club's host pages, sharing the evenings' workers, templates and planner."""

    def __init__(self, pages: EveningPages) -> None:
        self.pages = pages
        self.templates = pages.templates
        self.memo = club.PlanMemo(pages.replan_with)

    def routes(self) -> list[Route]:
        return [
            Route("/club", self.club_get),
            Route("/club/evening", self.open_evening),
            Route("/club/new", self.new_get),
            Route("/club/members", self.members_post, methods=["POST"]),
            Route("/club/{action:str}", self.plan_post, methods=["POST"]),
        ]

    def club_page(self, key: str, status: int = 200, **extra: object) -> Response:
        view = club.club_view(self.pages.stores.get(), key)
        return self.templates.page("club.html", status, title=_("The club"), view=view, key=key, **extra)

    async def club_get(self, request: Request) -> Response:
        key = request.query_params.get("k", "")
        return await self.pages.call(lambda: self.club_page(key))

    async def members_post(self, request: Request) -> Response:
        """Members added to the roster (no evening saved): New evening lists them."""
        if not same_site(request):
            return self.templates.refused(_("The form did not come from this server's page."))
        form, _lists = await read_club_form(request)
        key, text, sure = form.get("k", ""), form.get("members", ""), form.get("sure") == "on"

        def work() -> Response:
            kept = {"members": text, "sure": sure}
            if len(text) > MAX_TEXT:
                said = _("Not added: the box holds {count} characters; at most {most}.")
                message = said.format(count=number_text(len(text)), most=number_text(MAX_TEXT))
                return self.club_page(key, 400, message=message, **kept)
            typed = [name for name, _rounds in _lines(text.replace(",", "\n"))]
            if not typed:
                return self.club_page(key, 400, message=_("Not added: type a name, one a line."), **kept)
            try:
                added = club.add_members(self.pages.stores.get(), key, typed, new=typed if sure else ())
            except NearMissError as error:
                said = _("Not added: {error} If it is another player, tick the box under the names.")
                message = said.format(error=error)
                return self.club_page(key, 400, message=message, near=True, **kept)
            except RefusedError:
                raise
            except UserError as error:  # a name no player may have, one taken meanwhile
                message = _("Not added: {error}.").format(error=error)
                return self.club_page(key, status_of(error), message=message, **kept)
            return self.club_page(key, done=_added_words(added))

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
        """New evening, last evening's players ticked (``tick=none``: none)."""
        key, seed = request.query_params.get("k", ""), request.query_params.get("seed", "")
        if int_field(seed) is None:  # the cut's cards drawn afresh, unless a link asks for a cut again
            seed = str(secrets.randbelow(1_000_000))
        untick = request.query_params.get("tick") == "none"

        def work() -> Response:
            form = club.new_evening_form(self.pages.stores.get(), key)
            ticked = () if untick else form.ticked
            asked = NewEvening(ticked, day=date.today().isoformat(), seed=seed)
            return self.plan_page(key, asked, form=form, fresh=True)

        return await self.pages.call(work)

    def plan_page(
        self,
        key: str,
        asked: NewEvening,
        status: int = 200,
        form: club.NewEveningForm | None = None,
        **extra: object,
    ) -> Response:
        store = self.pages.stores.get()
        form = form or club.new_evening_form(store, key)
        roster = [*form.roster, *(name for name in asked.ticked if name not in form.roster)]
        return self.templates.page(
            "plan.html",
            status,
            title=_("New evening"),
            key=key,
            roster=roster,
            asked=asked,
            last=form.last,
            last_ticked=form.ticked,
            choices=CHOICES,
            legends=LEGENDS,
            houses=club.house_choices(store, key),
            rounds_at_most=club.DEFAULT_ROUNDS_AT_MOST,
            seatings=tuple((seating.value, _(MOVEMENTS[seating])) for seating in Seating),
            **extra,
        )

    async def plan_post(self, request: Request) -> Response:
        action = request.path_params["action"]
        if action not in ("plan", "start"):
            missing = {"heading": _("Not found"), "message": _("No such page.")}
            return self.templates.page("message.html", 404, **missing)
        if not same_site(request):
            return self.templates.refused(_("The form did not come from this server's page."))
        form, lists = await read_club_form(request)
        key, asked, origin = form.get("k", ""), NewEvening.from_form(form, lists), origin_of(request)
        work = lambda: self.plan(key, asked, origin, start=action == "start")  # noqa: E731
        return await self.pages.call(work, self.pages.replans)

    def plan(self, key: str, asked: NewEvening, origin: str, *, start: bool) -> Response:
        """Preview the evening asked for, or start it: saved, then its host page."""
        try:
            made = club.plan_new_evening(
                self.pages.stores.get(),
                key,
                asked.asked(),
                start=start,
                base=origin,
                planner=self.memo,
            )
        except NearMissError as error:
            message = _("Not planned: {error} If it is a new player, tick the box under New players.").format(
                error=error
            )
            return self.plan_page(key, asked, 400, message=message, near=True)
        except RefusedError:
            raise
        except UserError as error:  # a bad evening name included: the user's, the form kept
            message = _("Not planned: {why}").format(why=_sentence(str(error)))
            return self.plan_page(key, asked, status_of(error), message=message)
        except MachineError as error:  # the planner's process stopped, the database locked: the form kept
            message = _("Not planned: {why}").format(why=_sentence(machine_words(error)))
            return self.plan_page(key, asked, 503, message=message)
        if made.links is not None:
            return RedirectResponse(made.links.links[0][1], 303, headers=HEADERS)
        plan = made.planned.plan
        preview = Preview(
            plan_rounds(plan.schedule),
            balance_summary(made.balance) if made.balance is not None else "",
            tuple(_note_words(note) for note in plan.notes),
            made.planned.known_as,
            rules_text(made.rules) if made.rules is not None else "",
            tuple(couples_lines(made.couples, plan.schedule)) if made.couples is not None else (),
        )
        return self.plan_page(key, asked, preview=preview, hidden=asked.hidden())


@dataclass(frozen=True, slots=True)
class Preview:
    rounds: tuple[tuple[int, tuple[str, ...], str], ...]
    """``(round, each table's seating, who sits out)``"""
    balance: str
    notes: tuple[str, ...]
    known_as: tuple[tuple[str, str], ...]
    scoring: str
    couples: tuple[str, ...] = ()
    """With couples: whether the plan keeps them apart and its partnerships mixed, as `chicago check` says."""


def plan_rounds(schedule: Schedule) -> tuple[tuple[int, tuple[str, ...], str], ...]:
    """Each round's seating in words: ``N Helen, E Doris, S Ann (deals first), W Jean``."""
    out, letters = [], seat_letters()
    for number, rnd in enumerate(schedule.rounds, 1):
        tables = []
        for seating in rnd.tables:
            first = _("{seat} {name} (deals first)")
            seats = [
                (first if seat is seating.first_dealer else "{seat} {name}").format(
                    seat=letters[seat], name=schedule.name(seating.at(seat))
                )
                for seat in Seat
            ]
            tables.append(", ".join(seats))
        out.append((number, tuple(tables), ", ".join(schedule.name(p) for p in rnd.sitting_out)))
    return tuple(out)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def _added_words(added: club.Added) -> str:
    """What adding members did, in a sentence or two."""
    words = []
    if added.added:
        words.append(_("Added to the roster: {names}.").format(names=", ".join(added.added)))
    if added.known:
        words.append(_("Already on the roster: {names}.").format(names=", ".join(added.known)))
    return " ".join(words)


def _note_words(note: Note) -> str:
    """A note on a plan in the page's words: what it suggests is a number to put in the form's box."""
    if note.value is not None and note.part is not None:
        box = note.part.value.replace("_", " ").capitalize()
        said = _("{note}: put {value} in {box} to ask for it")
        return said.format(note=note.text, value=note.value, box=_(box))
    return str(note.text)

"""The language of a page, chosen per request: ``?lang=CODE`` (kept in a cookie for the next pages), else
the cookie of an earlier choice, else the evening's saved language, else the browser's Accept-Language,
else English. The choice is made once, before the page's work, by `Speaking`, which runs the whole request
inside `rotation.language.speaking`; a page whose evening has a language of its own switches to it with
`follow_evening` (in its worker's copy of the request's context).

A code we do not speak is ignored (the next rule decides), never an error page. The pseudo-language
``xx`` (long, accented words, for overflow tests) is accepted only by a server started with
``CHICAGO_PSEUDO=1`` in its environment.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rotation import language

COOKIE = "lang"
"""The cookie keeping the language chosen from the menu (or a ``?lang=`` link) for the next pages."""
KEEP = 365 * 24 * 3600
"""How long the cookie keeps the choice, in seconds (a year: the club meets weekly)."""


@dataclass(frozen=True, slots=True)
class Asked:
    """What a request says about its language: ``chosen`` by the player (``?lang=`` or the cookie),
    ``browser`` by its Accept-Language; ``fresh``: ``?lang=`` asked now (the answer sets the cookie)."""

    chosen: str | None = None
    browser: str | None = None
    fresh: bool = False


_ASKED: ContextVar[Asked | None] = ContextVar("chicago_page_language", default=None)
_WHERE: ContextVar[tuple[str, str, dict[str, str]] | None] = ContextVar("chicago_page_where", default=None)
_STACK: ContextVar[ExitStack | None] = ContextVar("chicago_page_stack", default=None)


def pseudo_allowed() -> bool:
    """Whether this server accepts the pseudo-language (tests of overflow only)."""
    return os.environ.get("CHICAGO_PSEUDO") == "1"


def accepted(code: str | None) -> str | None:
    """The language ``code`` names if a page may speak it (bounded: a long or unknown code is None)."""
    if not code or len(code) > 35:
        return None
    found = language.known(code)
    if found == language.PSEUDO and not pseudo_allowed():
        return None
    return found


def choose(asked: Asked, evening_language: str | None = None) -> str:
    """The page's language: the player's choice, else the evening's, else the browser's, else English."""
    for code in (asked.chosen, evening_language, asked.browser):
        found = accepted(code)
        if found is not None:
            return found
    return language.ENGLISH


def read_asked(scope: Scope) -> Asked:
    """The request's ``?lang=``, its cookie and its Accept-Language."""
    headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
    query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")[:4096]))
    fresh = accepted(query.get("lang"))
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", "")[:4096])
    except Exception:  # a cookie header we cannot read says nothing about the language
        cookie = SimpleCookie()
    kept = accepted(cookie[COOKIE].value) if COOKIE in cookie else None
    browser = language.from_accept_language(headers.get("accept-language"))
    return Asked(fresh or kept, browser, fresh is not None)


def current_asked() -> Asked:
    """What the request in progress said about its language (nothing outside a request)."""
    return _ASKED.get() or Asked()


class Speaking:
    """Run each request in its page's language (`choose`, the evening's not yet known), and keep a
    language asked with ``?lang=`` in a cookie."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        asked = read_asked(scope)
        token, where = _ASKED.set(asked), _WHERE.set(_where(scope))

        async def remembering(message: Message) -> None:
            if asked.fresh and message["type"] == "http.response.start":
                cookie = f"{COOKIE}={asked.chosen}; Path=/; Max-Age={KEEP}; SameSite=Lax"
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie.encode())]
            await send(message)

        try:
            with language.speaking(choose(asked)), language.written_for("pages"):
                await self.app(scope, receive, remembering)
        finally:
            _ASKED.reset(token)
            _WHERE.reset(where)


def _where(scope: Scope) -> tuple[str, str, dict[str, str]]:
    query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")[:4096]))
    return scope.get("method", "GET"), scope.get("path", "/"), query


@contextmanager
def following() -> Iterator[None]:
    """Around a page's work in its worker: `follow_evening` may switch the language until the work ends."""
    with ExitStack() as stack:
        token = _STACK.set(stack)
        try:
            yield
        finally:
            _STACK.reset(token)


def follow_evening(evening_language: str | None) -> None:
    """Speak the evening's saved language for the rest of this page's work, unless the player chose one
    (inside `following`; elsewhere nothing changes)."""
    stack = _STACK.get()
    if stack is not None and evening_language is not None:
        stack.enter_context(language.speaking(choose(current_asked(), evening_language)))


def follow_page(code: str | None) -> None:
    """Speak the language of the page a form was posted from (its hidden ``lang``), for the rest of the
    form's work (inside `following`): a deal typed in its words is read in them, the answer in them too.
    A code a page may not speak changes nothing."""
    stack, found = _STACK.get(), accepted(code)
    if stack is not None and found is not None:
        stack.enter_context(language.speaking(found))


def html_lang() -> str:
    """The page's ``<html lang>``: the language spoken (the pseudo-language as a private English)."""
    code = language.current()
    return "en-XA" if code == language.PSEUDO else code


def menu(key: str = "") -> list[tuple[str, str, str, bool]]:
    """The language menu: ``(code, name, link, current)`` per language, each link this page with its query
    (its token kept) and ``lang=CODE``; after a form (a POST), the page the form was on, with ``key``."""
    spoken = language.current()
    method, path, query = _WHERE.get() or ("GET", "/", {})
    if method != "GET":
        path = path.rsplit("/", 1)[0] or "/"
        query = {"k": key} if key else {}
    kept = {name: value for name, value in query.items() if name != "lang"}
    return [
        (code, language.NAMES[code], f"{path}?{urlencode({**kept, 'lang': code})}", code == spoken)
        for code in language.LANGUAGES
    ]


def day_text(day: date) -> str:
    """A date as the page's language writes it (Babel's short format: 01.09.2024, 01/09/2024); English as
    it always was, 2024-09-01."""
    return language.day_text(day, "short")


def number_text(number: int) -> str:
    """A whole number as the page's language groups its digits (English as ever: 1,000; German 1.000)."""
    return f"{number:,}" if language.plain() else language.number_text(number)

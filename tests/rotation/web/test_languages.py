"""The page's language chosen per request (issue 28: "The pages follow the browser's Accept-Language,
?lang=CODE and a language menu on every page; an evening saved with --lang ... opens its pages in it unless
the phone asks for another"): the order of the rules, the bounds on what a request may ask, the
pseudo-language only for a server started to test with it, and dates and numbers in the language's
format (Babel)."""

from __future__ import annotations

from datetime import date

import pytest

from rotation.language import speaking
from rotation.web.languages import Asked, accepted, choose, day_text, number_text, read_asked


def scope(query: str = "", **headers: str) -> dict[str, object]:
    encoded = [(name.replace("_", "-").encode(), value.encode()) for name, value in headers.items()]
    return {"type": "http", "query_string": query.encode(), "headers": encoded}


def test_the_players_choice_then_the_evenings_then_the_browsers_then_english() -> None:
    assert choose(Asked("fr", "de"), "nl") == "fr"  # the phone asked for another
    assert choose(Asked(None, "de"), "nl") == "nl"  # the evening's, over the browser's
    assert choose(Asked(None, "de"), None) == "de"
    assert choose(Asked(None, None), None) == "en"
    assert choose(Asked(None, "de"), "tlh") == "de"  # an evening's code we do not speak falls through


def test_a_request_says_its_language_by_query_cookie_and_accept_language() -> None:
    assert read_asked(scope("k=1&lang=ru", cookie="lang=de")) == Asked("ru", None, True)
    assert read_asked(scope("k=1", cookie="lang=de; other=1")) == Asked("de", None, False)
    assert read_asked(scope("", accept_language="sv-SE,sv;q=0.9,en;q=0.8")) == Asked(None, "sv", False)
    assert read_asked(scope("lang=nb-NO")).chosen == "nb"  # a region read as its language


@pytest.mark.parametrize("asked", ["xx", "zz", "de" * 40, "", "\x00", "en;drop table"])
def test_a_code_we_do_not_speak_is_ignored(asked: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CHICAGO_PSEUDO", raising=False)
    assert accepted(asked) is None
    assert read_asked(scope(f"lang={asked}", cookie=f"lang={asked}")) == Asked(None, None, False)


def test_a_broken_cookie_says_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    assert read_asked(scope("", cookie='lang="de; ;;==')).chosen in (None, "de")


def test_the_pseudo_language_only_on_a_server_started_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CHICAGO_PSEUDO", raising=False)
    assert accepted("xx") is None
    monkeypatch.setenv("CHICAGO_PSEUDO", "1")
    assert accepted("xx") == "xx"
    assert choose(Asked(None, None), "xx") == "xx"


def test_dates_and_numbers_in_the_languages_format() -> None:
    """Babel's CLDR short dates and grouping (English as it always was: ISO dates, 1,000)."""
    day = date(2024, 9, 1)
    expected = {"en": "2024-09-01", "de": "01.09.24", "fr": "01/09/2024", "nl": "01-09-2024"}
    expected |= {"sv": "2024-09-01", "ru": "01.09.2024"}
    for code, text in expected.items():
        with speaking(code):
            assert day_text(day) == text
    with speaking("en"):
        assert number_text(16384) == "16,384"
    with speaking("de"):
        assert number_text(16384) == "16.384"
    with speaking("fr"):
        assert number_text(16384).replace("\u202f", " ").replace("\xa0", " ") == "16 384"


def run(query: str, evening_language: str | None = None, **headers: str) -> tuple[list[str], list[object]]:
    """A request through `Speaking` to an app that notes the language spoken before and after its evening
    is known (`follow_evening` in its work's `following`), and what it sent."""
    import asyncio

    from rotation.language import current
    from rotation.web.languages import Speaking, follow_evening, following

    noted: list[str] = []
    sent: list[object] = []

    async def app(scope: object, receive: object, send: object) -> None:
        noted.append(current())
        with following():
            follow_evening(evening_language)
            noted.append(current())
        noted.append(current())
        await send({"type": "http.response.start", "status": 200, "headers": []})  # type: ignore[operator]

    async def receive() -> dict[str, object]:
        return {"type": "http.request"}

    async def send(message: object) -> None:
        sent.append(message)

    asyncio.run(Speaking(app)(scope(query, **headers), receive, send))
    return noted, sent


def test_a_page_speaks_its_evenings_language_unless_the_phone_chose_another() -> None:
    noted, sent = run("", "nl", accept_language="de")
    assert noted == ["de", "nl", "de"]  # the browser's until the evening is known, then the evening's
    assert sent == [{"type": "http.response.start", "status": 200, "headers": []}]  # no cookie set
    noted, sent = run("lang=fr", "nl", accept_language="de")
    assert noted == ["fr", "fr", "fr"]
    assert (b"set-cookie", b"lang=fr; Path=/; Max-Age=31536000; SameSite=Lax") in sent[0]["headers"]  # type: ignore[index]
    noted, _sent = run("", "nl", cookie="lang=ru")
    assert noted == ["ru", "ru", "ru"]
    noted, _sent = run("", None)
    assert noted == ["en", "en", "en"]

"""The pages in every language (issue 28), through the installed `chicago serve`: the bulletin's five-player
evening planned and saved at the terminal, a rubber in play; its table's page and its host page, asked for
with ``?lang=CODE`` and with the browser's Accept-Language, read entirely in that language (no word of the
English page left but the players' names, symbols, digits, what is typed or run (``<code>``) and the words
a language writes as English does); the language menu switches and its choice stays for the next pages."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rotation.language import LANGUAGES, pseudo
from tests.rotation.web.real import Server, browser, chicago, phone, served

FIVE = ("Ann", "Helen", "Doris", "Jean", "Shirley")
"""The bulletin's five players (the names are never translated)."""


def _listed(words: str) -> frozenset[str]:
    return frozenset(words.split())


EVERYWHERE = _listed("Chicago PDF QR Wi Fi")
"""Names every language writes alike: the game, the file format, the code, the network."""
SAME = {
    "nl": EVERYWHERE
    | _listed("code codes computer contract down is link links of Partner partner rest robber robbers")
    | _listed("server start stop West in terminal"),
    "fr": EVERYWHERE | _listed("chicago code codes Table table tables Total terminal"),
    "de": EVERYWHERE | _listed("Code Link Links Partner Robber Server West in"),
    "pl": EVERYWHERE | _listed("partner terminal"),
    "ru": EVERYWHERE | _listed("IMP"),
    "sv": EVERYWHERE | _listed("NT partner robber"),
    "da": EVERYWHERE | _listed("computer For for links NT over robber Scoring start stop side"),
    "nb": EVERYWHERE | _listed("For for NT over robber start side"),
}
"""Words a language writes as English does (its glossary's no-trump NT in Swedish, Danish and Norwegian,
West in Dutch and German, robber, partner, Chicago, PDF...)."""


class Words(HTMLParser):
    """A page's words as a player reads them: its text and its alt, title and aria-label attributes, but
    not the language menu (each language in its own words), nor what is typed or run (``<code>``), nor
    styles and scripts."""

    SKIPPED = ("code", "style", "script", "nav")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0
        self.lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang") or ""
        if tag in self.SKIPPED:
            self.skipping += 1
        elif not self.skipping:
            self.parts.extend(values[a] or "" for a in ("alt", "title", "aria-label") if a in values)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIPPED:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)

    @classmethod
    def read(cls, html: str) -> tuple[str, str]:
        words = cls()
        words.feed(html)
        return words.lang, " ".join(" ".join(words.parts).split())


def words_of(text: str) -> set[str]:
    """The words of a text: runs of two letters or more (digits, symbols and single seat letters aside)."""
    return set(re.findall(r"[^\W\d_]{2,}", text))


def fetch(url: str, **headers: str) -> str:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=60) as answer:
        return str(answer.read().decode("utf-8"))


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The bulletin's five-player evening saved at the terminal, two deals of round 1 entered, served."""
    db = tmp_path_factory.mktemp("languages") / "club.db"
    made = chicago(db, "plan", *FIVE, "--house", "bulletin", "--order", "given", "--save", "ev")
    assert made.returncode == 0, made.stderr
    entered = chicago(db, "record", "ev", "--round", "1", "3NT N =", "2S E +1")
    assert entered.returncode == 0, entered.stderr
    with served(db, "ev") as server:
        yield server


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_the_table_and_host_pages_read_in_each_language(evening: Server, code: str) -> None:
    names = set(FIVE) | {"ev", "chicago", "bulletin", "XX"}  # and the house rules' name, redoubled's sign
    for label in ("table 1", "host"):
        url = evening.links[label]
        lang, english = Words.read(fetch(url))
        assert lang == "en"
        english_words = words_of(english) - names
        assert {"Deal", "Round"} & english_words  # the English page is the one its words are read from
        for asked in (fetch(url + f"&lang={code}"), fetch(url, **{"Accept-Language": f"{code},en;q=0.5"})):
            lang, text = Words.read(asked)
            assert lang == code
            left = (words_of(text) & english_words) - SAME[code]
            assert not left, f"{label} in {code}: English words {sorted(left)} in {text!r}"


def test_an_evening_saved_in_a_language_opens_its_pages_in_it_unless_the_phone_asks(tmp_path: Path) -> None:
    """Issue 28: an evening saved with --lang opens its pages in it; a phone's ?lang (or its menu's
    choice, kept) asks for another and gets it. A browser's usual Accept-Language is not such an ask."""
    db = tmp_path / "club.db"
    made = chicago(db, "plan", *FIVE, "--order", "given", "--save", "ev", "--lang", "de")
    assert made.returncode == 0, made.stderr
    with served(db, "ev") as server:
        url = server.links["table 1"]
        for page in (fetch(url), fetch(url, **{"Accept-Language": "en-GB,en;q=0.9"})):
            lang, text = Words.read(page)
            assert lang == "de" and "Tisch 1, Runde 1 von 5" in text
        lang, text = Words.read(fetch(url + "&lang=fr"))
        assert lang == "fr"


def test_a_deal_refused_on_a_german_page_is_said_in_german(tmp_path: Path) -> None:
    """A deal the table's page cannot take is said in the page's language, as at the terminal: typed on
    the German evening's page, "4P N =" (not a contract: German spades are the symbol) and "8♠ N ="
    (level 8) come back as German sentences, the typed text kept in the field; no English sentence."""
    from playwright.sync_api import expect

    db = tmp_path / "club.db"
    made = chicago(db, "plan", *FIVE, "--order", "given", "--save", "ev", "--lang", "de")
    assert made.returncode == 0, made.stderr
    with served(db, "ev") as server, browser() as launched:
        page = phone(launched)
        page.goto(server.links["table 1"])
        for typed, said in (("4P N =", "nicht lesbar"), ("8♠ N =", "Stufe 8 ist unmöglich")):
            page.fill("#deal", typed)
            page.get_by_role("button", name="Spiel hinzufügen").click()
            refusal = page.get_by_role("alert")
            expect(refusal).to_contain_text(said)
            assert "cannot" not in refusal.inner_text() and "impossible" not in refusal.inner_text()
            assert page.input_value("#deal") == typed


SEVEN = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya")
"""A home game of seven: the planner's process takes it from the book of home evenings and says so."""


def test_a_plan_made_on_a_russian_page_is_said_in_russian(tmp_path: Path) -> None:
    """The host plans from the Russian club page (through the installed server's own planner process):
    an evening with no name is refused in Russian, and the preview's notes (the book of home evenings, the
    rounds it would take for every pair to partner) are Russian too, not the English the planner's
    process spoke before it was told the page's language."""
    db = tmp_path / "club.db"
    made = chicago(db, "plan", *SEVEN, "--order", "given", "--save", "last week", "--lang", "ru")
    assert made.returncode == 0, made.stderr
    with served(db) as server, browser() as launched:
        page = phone(launched)
        page.goto(server.links["host"] + "&lang=ru")
        page.get_by_role("link", name="Новый вечер").click()
        for name in SEVEN:
            page.get_by_label(name, exact=True).check()
        page.get_by_role("button", name="Спланировать вечер").click()
        refusal = page.get_by_role("alert").inner_text()
        assert "название вечера: пусто" in refusal, refusal
        assert "empty" not in refusal
        page.get_by_label("Название вечера", exact=True).fill("Пятница")
        page.get_by_role("button", name="Спланировать вечер").click()
        notes = [line for line in page.inner_text("body").splitlines() if line.startswith("Примечание")]
        assert len(notes) >= 2, notes
        assert any("книг" in note for note in notes), notes
        english = [note for note in notes if re.search(r"\b(the|of|rounds|from|book)\b", note)]
        assert not english, english


def test_english_stays_english_and_a_code_we_do_not_speak_is_ignored(evening: Server) -> None:
    url = evening.links["table 1"]
    english = fetch(url)
    assert '<html lang="en">' in english
    assert "Or type it: contract, declarer, result: <code>4H S =</code>" in english
    for asked in ("xx", "zz", "de" * 40, "%00"):  # the pseudo-language only where the server allows it
        lang, text = Words.read(fetch(url + f"&lang={asked}"))
        assert lang == "en" and "Add deal" in text
    lang, text = Words.read(fetch(url, **{"Accept-Language": "ja, *;q=0.1"}))
    assert lang == "en"


def test_the_language_menu_switches_and_its_choice_stays(evening: Server) -> None:
    """The menu's link sets the language; the next page (the standings, opened without ?lang) keeps it;
    English again from the menu; a deal entered with a Dutch page's buttons is the canonical deal."""
    from playwright.sync_api import expect

    with browser() as launched:
        page = phone(launched)
        page.goto(evening.links["table 1"])
        expect(page.locator("h1")).to_contain_text("table 1, round 1 of 5")
        page.get_by_role("navigation", name="Language").get_by_role("link", name="Deutsch").click()
        expect(page.locator("h1")).to_contain_text("Tisch 1, Runde 1 von 5")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.get_by_role("button", name="Spiel hinzufügen").is_visible()
        page.screenshot(path="/tmp/chicago-table-de-360.png", full_page=True)
        page.goto(evening.links["standings"])
        expect(page.locator("h1")).to_contain_text("ev: Rangliste")
        page.get_by_role("navigation", name="Sprache").get_by_role("link", name="Русский").click()
        expect(page.locator("h1")).to_contain_text("ev: таблица")
        page.goto(evening.links["table 1"])
        expect(page.locator("h1")).to_contain_text("стол 1, раунд 1 из 5")
        east = page.locator("label[for=declarer-2]").inner_text()
        assert east == "\u0412"  # East as Russian writes it (Cyrillic Ve)
        page.screenshot(path="/tmp/chicago-table-ru-360.png", full_page=True)
        page.get_by_role("navigation", name="Язык").get_by_role("link", name="English").click()
        expect(page.locator("h1")).to_contain_text("table 1, round 1 of 5")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # The buttons show the language's letters (Dutch O for East, SA for no-trump); what they post is the
        # canonical deal, scored as its English twin: 1NT by East, one overtrick (the pad's 1NT E +1).
        page.goto(evening.links["table 1"] + "&lang=nl")
        for label in ("1", "SA", "O"):
            page.locator("form#add label", has_text=re.compile(f"^{label}$")).first.click()
        page.locator("label[for=result-2]").click()  # +1
        page.get_by_role("button", name="Spel toevoegen").click()
        page.wait_for_selector("div.ok")
        assert page.locator("div.ok").inner_text().startswith("Spel 3 toegevoegd: ")
        page.goto(evening.links["table 1"] + "&lang=en")
        pad = page.locator("table.pad").inner_text()
        assert "1NT E +1" in pad and "Deal 4: " in page.inner_text("body")


OVERFLOW = """() => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const bad = [], root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) bad.push(`the page ${root.scrollWidth} > ${root.clientWidth}`);
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest(".scroll")) continue;  // a region that scrolls sideways on purpose (the season's table)
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text || el.clientWidth === 0) continue;  // inline elements: their block is checked
    if (el.scrollWidth > el.clientWidth + 1) {
      bad.push(`<${el.tagName.toLowerCase()} class="${el.className}"> ${el.scrollWidth} > ${el.clientWidth}: `
        + el.textContent.trim().slice(0, 60));
    }
  }
  return bad;
}"""
"""Nothing wider than the screen, and no element with words whose text is wider than its box (cut)."""


def test_every_page_in_the_pseudo_language_fits_a_phone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pseudo-language (each word about 40% longer, accented), allowed by CHICAGO_PSEUDO=1 for this
    server only, over every page of the club's server at 360 px: the club, New evening and its preview,
    the season and a player's season, an evening's host page, a table's page, the standings, a player's
    evening, a refused link's message."""
    from playwright.sync_api import expect

    db = tmp_path / "club.db"
    made = chicago(db, "plan", *FIVE, "--order", "given", "--save", "ev", "--stake", "0.50")
    assert made.returncode == 0, made.stderr
    for deals in (("1", "3NT N =", "2S E +1", "pass", "4H S -1", "5DX W ="), ("2", "1NT E +1")):
        entered = chicago(db, "record", "ev", "--round", deals[0], *deals[1:])
        assert entered.returncode == 0, entered.stderr
    monkeypatch.setenv("CHICAGO_PSEUDO", "1")
    seen = {}
    with served(db) as server, browser() as launched:
        page = phone(launched)

        def check(name: str) -> None:
            assert page.evaluate("document.documentElement.lang") == "en-XA", name
            seen[name] = page.evaluate(OVERFLOW)
            page.screenshot(path=f"/tmp/chicago-pseudo-{name}-360.png", full_page=True)

        page.goto(server.links["host"] + "&lang=xx")
        expect(page.locator("h1")).to_have_text(pseudo("The club"))
        check("club")
        page.locator("main a.button").first.click()
        check("new-evening")
        page.fill("#name", "next")
        page.locator("form[action='/club/plan'] button[type=submit]").click()
        page.wait_for_selector("form[action='/club/start'], div.msg")
        assert not page.locator("div.msg").count(), page.locator("div.msg").inner_text()
        check("preview")
        page.goto(server.links["season"])
        check("season")
        page.locator("table.season td.player a").first.click()
        page.wait_for_load_state()
        check("season-player")
        page.goto(server.links["host"])
        page.locator("main ul li a").first.click()  # the evening saved: its host page
        page.wait_for_selector("form[action$='/host/replan']")
        check("host")
        tables = [page.locator("div.qr a").nth(i).get_attribute("href") for i in range(2)]
        for name, link in zip(("standings", "table"), tables, strict=True):
            page.goto(str(link))
            check(name)
        page.goto(str(tables[0]))
        page.locator("table.standings td.player a").first.click()
        page.wait_for_load_state()
        check("player")
        page.goto(str(tables[1]).split("?")[0] + "?k=wrong")
        check("refused")
    assert seen.keys() >= {"club", "preview", "season", "host", "table", "standings", "player"}
    assert not {name: bad for name, bad in seen.items() if bad}

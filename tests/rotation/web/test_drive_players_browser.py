"""Someone goes home at a progressive party of nine, through the real server (`chicago serve`): round 1 is
played on the tables' phones, round 2 is seated with Di sitting out; the host unticks Cy on the host page's
"Someone came or went" form (worded for a drive: from round 2) and round 2 is seated again among the eight
present, at two tables, nobody sitting out and Cy nowhere; the page answers in its own language. The rounds
by the Auckland Star's rule (29 April 1938), worked out by hand below."""

from __future__ import annotations

from pathlib import Path

from tests.rotation.web.real import browser, chicago, phone, served
from tests.rotation.web.test_drives_browser import play_rubber

NINE = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]
# round 1 by the cut, names given in order: table 1 N Bea, E Cy, S Ann, W Di; table 2 N Flo, E Gus, S Ed,
# W Hal; Ivy sits out. N-S make every deal at table 1 (Ann & Bea win, stay), E-W at table 2 (Gus & Hal win,
# move up; Ed & Flo stay; Cy & Di go to the foot). One sits out: the foot table's arrivals first, the lower
# on the score sheet first: Di; Ivy comes back into Di's seat.
BEFORE = ("Table 1: N Ann, E Bea, S Gus, W Hal", "Table 2: N Ed, E Flo, S Cy, W Ivy", "Sitting out: Di")
# Cy goes home: eight, two tables, nobody sits out; Di comes back into Cy's seat
AFTER = ("Table 1: N Ann, E Bea, S Gus, W Hal", "Table 2: N Ed, E Flo, S Di, W Ivy")


def test_the_host_unticks_a_player_and_round_two_seats_the_eight_present(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "c.db"
    made = chicago(db, "plan", *NINE, "--order", "given", "--movement", "progressive", "--rounds", "3",
                   "--save", "party")  # fmt: skip
    assert made.returncode == 0, made.stderr
    with served(db, "party") as server, browser() as launched:
        for table, declarer in ((1, "N"), (2, "E")):
            page = phone(launched)
            page.goto(server.links[f"table {table}"])
            play_rubber(page, declarer)
            page.close()
        host = phone(launched)
        host.goto(server.links["host"])
        live = host.locator("#live")
        for line in BEFORE:
            expect(live).to_contain_text(line)
        expect(host.locator("legend")).to_have_text("Playing from round 2")
        host.get_by_label("Cy", exact=True).uncheck()
        host.get_by_role("button", name="Change who plays from round 2").click()
        expect(host.get_by_role("status")).to_have_text("From round 2: Cy left.")
        for line in AFTER:
            expect(live).to_contain_text(line)
        seated = live.inner_text()
        assert "Cy" not in seated and "Sitting out" not in seated, seated
        assert "round 2 of 3 seated" in seated
        expect(host.get_by_label("Cy", exact=True)).not_to_be_checked()  # the form says who plays now
        expect(host.locator(".changes li").first).to_contain_text("replanned from round 2 (Cy left)")
        expect(host.locator(".changes li").first).to_contain_text("the host page")

        host.goto(server.links["host"] + "&lang=de")  # the form in the page's language
        expect(host.locator("legend")).to_have_text("Spielen ab Runde 2")
        host.get_by_label("Ann", exact=True).uncheck()
        for name in ("Bea", "Di", "Ed", "Flo", "Gus"):
            host.get_by_label(name, exact=True).uncheck()
        host.get_by_role("button", name="Ändern, wer ab Runde 2 spielt").click()
        expect(host.get_by_role("alert")).to_contain_text("Nicht geändert: ab Runde 2 würden nur 2 spielen")
        expect(live).to_contain_text("Tisch 2: N Ed, O Flo, S Di, W Ivy")  # refused: nothing written
        expect(live).to_contain_text("Progressiver Wechsel, nach Ergebnissen eingeteilt")  # nouns kept

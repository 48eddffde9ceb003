"""Party tally cards for an evening seated by results: a card per player, each round's table, partner,
opponents and score with the running total (as hosts of progressive parties print them), and the
tally sheet's standings by total as for any evening. Expected rows written out by hand."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from rotation.render.cards import build_cards
from rotation.render.options import Document
from rotation.render.pdf import render_pdf
from rotation.render.text import render_text
from rotation.request import Order, Seating
from rotation.services import plans, rubbers
from rotation.services.database import open_store
from scoring.tally import RecordedNet

EIGHT = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def test_party_tally_cards_of_a_progressive_evening(tmp_path: Path) -> None:
    with open_store(tmp_path / "c.db") as store:
        asked = plans.PlanAsked(
            EIGHT, Order.GIVEN, rounds=2, save="p", played_on=date(2026, 11, 27), seating=Seating.PROGRESSIVE
        )
        plans.plan(store, asked)
        for table, net in ((1, "E-W +4"), (2, "N-S +2")):
            rubbers.record_rubber(store, "p", 1, table, net=RecordedNet.parse(net))
        rubbers.record_rubber(store, "p", 2, 1, net=RecordedNet.parse("N-S +3"))
        session = store.load("p").session
    cards = build_cards(session, event="p", documents=(Document.PLAYERS, Document.TALLY), party=True)
    ann = next(card for card in cards.players if card.name == "Ann")
    # round 1: Ann South at table 1 with Bea, against Di (West, her left) and Cy; lost 4 (E-W +4)
    # round 2: Ann and Bea lost table 1, so go to the foot, table 2, and split: Ann South with Gus (who
    # stayed, North), against Bea (West, her left) and Hal; not recorded yet: no score, the total waits
    text = render_text(cards)
    assert "PARTY TALLY CARDS" in text
    lines = text.splitlines()
    at = lines.index("Ann (no. 1 on the score sheet)")
    assert lines[at + 1].split() == ["Round", "Table", "Partner", "Opponents", "Score", "Total"]
    assert lines[at + 2].split() == ["1", "1", "Bea", "Di", "&", "Cy", "-4", "-4"]
    assert lines[at + 3].split() == ["2", "2", "Gus", "Bea", "&", "Hal", "\u2026"]
    assert [line.score for line in ann.rounds] == [-4, None]
    cy = lines.index("Cy (no. 3 on the score sheet)")  # won table 1 and stayed, now North: +3 more
    assert lines[cy + 3].split() == ["2", "1", "Ed", "Di", "&", "Flo", "+3", "+7"]
    assert "TALLY SHEET" in text and "Rank" in text
    assert render_pdf(cards).startswith(b"%PDF")

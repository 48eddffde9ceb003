"""Where the balanced planner starts from the meet-once book (``rotation.movements.meetonce``) for the
evenings of ``rotation.plan`` that are not the book's plain evening: players away placed in it, and a
couples' party seated in it with the couples apart."""

from __future__ import annotations

from rotation.language import _
from rotation.model import Movement
from rotation.plan_words import book_start_text

__all__ = ["BOOK_START_LEAVES", "book_with_away", "couples_book"]

BOOK_START_LEAVES = 2
"""A longer evening plays the meet-once book's rounds first only when at least this many rounds are left
to plan after them: one round after a meet-once evening must repeat many meetings (24 x 6 from the book's
five rounds repeats 5 where planning all six repeats 1 or 2), two or more spread them (16, 20 and 24
players x 8 rounds repeat no more with the book's start than without)."""


def couples_book(
    n: int, couples: tuple[tuple[int, int], ...], rounds: int, tables: int | None
) -> tuple[Movement | None, Movement | None, tuple[str, ...]]:
    """A couples' party starting from the meet-once book's rounds with the couples apart
    (``couples.couples_book_start``), as an evening without couples starts from the book: the whole
    evening, its first rounds when two or more are left to plan, or both ways when one is left. Returns
    (rounds to keep, rounds to try keeping, the notes to say)."""
    from rotation.couples import couples_book_start

    start = couples_book_start(n, couples, rounds) if tables in (None, n // 4) else None
    if start is None:
        return None, None, ()
    if len(start) == rounds:
        return start, None, (_("from the book of evenings where nobody meets anyone twice"),)
    if len(start) <= rounds - BOOK_START_LEAVES:
        return start, None, (book_start_text(len(start)),)
    return None, start, ()


def book_with_away(n_players: int, rounds: int, away: dict[int, frozenset[int]]) -> Movement | None:
    """The book's meet-once evening for all ``n_players`` with the players ``away`` (0-based rounds)
    placed in it and its rounds ordered (``rotation.movements.parttimers``), the tables of the players
    away dropped in the rounds they are away, their table-mates sitting out: None when the book has no
    evening that long, or when no placing found keeps every player's sit-outs within one of their fair
    share and nobody out twice running, as the checker measures them."""
    from rotation.balance import check
    from rotation.movements.meetonce import meet_once_movement, meet_once_rounds
    from rotation.movements.parttimers import book_with_part_timers

    book = meet_once_movement(n_players, max(rounds, meet_once_rounds(n_players)))
    if book is None or not away:
        return None
    found = book_with_part_timers(book, rounds, away)
    if found is None:
        return None
    balance = check(found[0])
    if balance.sit_out_share_excess or balance.total_repeat_sit_outs or balance.most_meetings > 1:
        return None
    return found[0]

"""The book of two-table evenings (issue 26): every entry, relabelled by a few cuts, meets its bounds as
counted here from the seats, and the bounds it states are no lower than counting's and no higher than what
the entry reaches; a short evening's proven bounds are checked by enumeration.

Counting, for n players at two tables over R rounds (k = n - 8 out a round, P = n(n - 1) / 2 pairs):
partners fill 4R places over P pairs, so every pair within [floor, ceil] of 4R / P is the best, after
every round as at the end; opponents fill 8R places over P pairs, and a player who plays r rounds has 2r
opponent places among n - 1 others; a player who plays r rounds meets 3r others (with repeats) among
n - 1, so someone meets someone ceil(3r / (n - 1)) times and at least 3r - (n - 1) of their meetings are
repeats, each shared by two players; sit-outs within one of the fair share kR / n; two rounds running
share at least 2k - n sit-outs (none here: k <= 3); nobody need sit out three running (3k <= n).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, pairwise

import pytest

import schedules
from rotation.balance import check
from rotation.model import Movement
from rotation.movements.order import is_prefix_balanced
from rotation.movements.twotables import BOOK_FORMAT, book_evening, two_table_evening
from tests.rotation.movements.books import relabelled

BOOK = schedules.load("twotables")
ENTRIES = [(int(n), int(r)) for n, by in BOOK["evenings"].items() for r in by]
WHIST = {(8, 7), (8, 14), (9, 9)}
"""Evenings a whist design plays (partners once, opponents twice): taken before the book, not in it."""


def _counted(movement: Movement) -> dict[str, int]:
    """Partners, opponents, meetings, runs and repeats from the seats alone (not from the checker)."""
    n = movement.n_players
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    meetings: Counter[tuple[int, int]] = Counter()
    outs: list[set[int]] = []
    for rnd in movement.rounds:
        seated: set[int] = set()
        for t in rnd.tables:
            seated |= set(t.players)
            for a, b in ((t.north, t.south), (t.east, t.west)):
                partners[min(a, b), max(a, b)] += 1
            for a in (t.north, t.south):
                for b in (t.east, t.west):
                    opponents[min(a, b), max(a, b)] += 1
            meetings.update(combinations(sorted(t.players), 2))
        outs.append(set(range(n)) - seated)
    pairs = list(combinations(range(n), 2))
    played = [sum(p not in out for out in outs) for p in range(n)]
    return {
        "partner low": min(partners[pq] for pq in pairs),
        "partner high": max(partners[pq] for pq in pairs),
        "opponent spread": max(opponents[pq] for pq in pairs) - min(opponents[pq] for pq in pairs),
        "most meetings": max(meetings[pq] for pq in pairs),
        "repeated meetings": sum(max(0, meetings[pq] - 1) for pq in pairs),
        "played low": min(played),
        "played high": max(played),
        "threes": sum(len(a & b & c) for a, b, c in zip(outs, outs[1:], outs[2:], strict=False)),
        "repeats": sum(len(a & b) for a, b in pairwise(outs)),
    }


def _floors(n: int, rounds: int) -> dict[str, int]:
    """Counting's floors (the module's docstring), everyone playing within one of the fair share."""
    pairs = n * (n - 1) // 2
    most, least = -(-8 * rounds // n), 8 * rounds // n
    played = [most] * (8 * rounds % n) + [least] * (n - 8 * rounds % n)
    return {
        "partner spread": int(4 * rounds % pairs != 0),
        "opponent spread": max(int(8 * rounds % pairs != 0), -(-2 * most // (n - 1)) - 2 * least // (n - 1)),
        "most meetings": max(1, -(-3 * most // (n - 1))),
        "repeated meetings": -(-sum(max(0, 3 * r - (n - 1)) for r in played) // 2),
        "sit-out repeats": 0,
    }


PLANNED: set[tuple[int, int]] = set()
"""Evenings left to the planner's own search: none since 9 x 11 came from
``rotation.build.twotables_opponents`` (the book's search met someone once more than the planner's own
evening, which is not even after every round). 11 x 14 is the book's 11 x 13 with a fourteenth round, as
good as the planner's own, which is not even at every stop; 10 x 13 came from
``rotation.build.twotables_opponents.neighbourhood``, every rule at its counting floor."""


def test_the_book_covers_every_two_table_evening_of_eight_to_eleven_but_the_whist_designs() -> None:
    assert BOOK["format"] == BOOK_FORMAT
    every = {(n, r) for n in range(8, 12) for r in range(1, 15)}
    assert set(ENTRIES) == every - WHIST - PLANNED


@pytest.mark.parametrize(("n", "rounds"), ENTRIES)
def test_every_two_table_evening_meets_its_counting_bounds_for_any_cut(n: int, rounds: int) -> None:
    evening = two_table_evening(n, rounds)
    assert evening is not None
    pairs, k = n * (n - 1) // 2, n - 8
    floors = _floors(n, rounds)
    for seed in (1, 2, 3):
        movement = relabelled(evening.movement, seed)
        got = _counted(movement)
        assert len(movement.rounds) == rounds
        assert all(len(rnd.sitting_out) == k and len(rnd.tables) == 2 for rnd in movement.rounds)
        assert got["threes"] == 0
        assert got["partner low"] >= 4 * rounds // pairs
        assert got["partner high"] <= -(-4 * rounds // pairs)
        assert got["played high"] - got["played low"] == (0 if k * rounds % n == 0 else 1)
        assert got["played low"] >= rounds - -(-k * rounds // n)
        got["partner spread"] = got["partner high"] - got["partner low"]
        got["sit-out repeats"] = got["repeats"]
        for name, floor in floors.items():
            assert got[name] == evening.values[name], name
            assert got[name] >= evening.bounds.get(name, 0) >= 0, name
            assert name not in evening.bounds or evening.bounds[name] >= floor, name
        balance = check(movement)  # the independent checker agrees with the count here
        assert balance.opponent_spread == got["opponent spread"]
        assert balance.repeated_meetings == got["repeated meetings"]
        assert balance.sit_out_share_excess == 0
        assert is_prefix_balanced(movement)


def test_the_book_is_taken_only_at_two_tables_for_plain_evenings() -> None:
    assert book_evening(9, 4, None, True) is not None
    assert book_evening(9, 4, 2, True) is not None
    assert book_evening(9, 4, 1, True) is None  # one table asked for: the home book's or the planner's
    assert book_evening(9, 4, None, False) is None  # someone away, a pair apart, kept rounds, a season
    assert book_evening(12, 4, None, True) is None


def _lexicographic_best_by_hand(n: int, rounds: int) -> tuple[int, int, int]:
    """The least most-meetings, then repeated meetings, then opponent spread, over every evening of n
    players at two tables (n <= 9: one out a round at most) with partners within [floor, ceil] of their
    average and sit-outs within one of the fair share: every evening, round 1 fixed (a cut relabels any
    evening so), enumerated depth first."""
    pairs = n * (n - 1) // 2
    most_partners = -(-4 * rounds // pairs)
    most_out, least_out = -(-(n - 8) * rounds // n), (n - 8) * rounds // n
    rounds_of: list[tuple[tuple[tuple[int, int], tuple[int, int]], ...]] = []
    for out in combinations(range(n), n - 8):
        seated = [p for p in range(n) if p not in out]
        first = seated[0]
        for mates in combinations(seated[1:], 3):
            one = (first, *mates)
            two = tuple(p for p in seated if p not in one)
            for a in _splits(one):
                for b in _splits(two):
                    rounds_of.append((*a, *b))
    best = (99, 99, 99)
    start = rounds_of[0]

    def go(chosen: list[tuple[tuple[int, int], ...]]) -> None:
        nonlocal best
        partnered = Counter(pq for rnd in chosen for pq in rnd)
        if len(chosen) == rounds:
            if any(
                sum(p in {q for pq in c for q in pq} for c in chosen) > rounds - least_out for p in range(n)
            ):
                return
            meetings: Counter[tuple[int, int]] = Counter()
            opponents: Counter[tuple[int, int]] = Counter()
            for rnd in chosen:
                for ab, cd in (rnd[:2], rnd[2:]):
                    meetings.update(combinations(sorted((*ab, *cd)), 2))
                    opponents.update((min(p, q), max(p, q)) for p in ab for q in cd)
            every = list(combinations(range(n), 2))
            opp = [opponents[pq] for pq in every]
            best = min(
                best,
                (
                    max(meetings[pq] for pq in every),
                    sum(max(0, meetings[pq] - 1) for pq in every),
                    max(opp) - min(opp),
                ),
            )
            return
        for rnd in rounds_of:
            if any(partnered[pq] >= most_partners for pq in rnd):
                continue
            seated = {p for pq in rnd for p in pq}
            out = [p for p in range(n) if p not in seated]
            if any(sum(p not in {q for pq in c for q in pq} for c in chosen) + 1 > most_out for p in out):
                continue
            go([*chosen, rnd])

    go([start])
    return best


def _splits(four: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    a, b, c, d = four
    return [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]


@pytest.mark.parametrize(("n", "rounds"), [(8, 2), (8, 3), (9, 2)])
def test_the_books_proven_bounds_hold_by_hand_for_short_evenings(n: int, rounds: int) -> None:
    """The book's most meetings, repeated meetings (8 x 3: 12, where counting says 8) and opponents,
    each the best with those ranked above it held at theirs, checked by enumeration."""
    evening = two_table_evening(n, rounds)
    assert evening is not None
    names = ("most meetings", "repeated meetings", "opponent spread")
    best = _lexicographic_best_by_hand(n, rounds)
    assert best == tuple(evening.bounds[name] for name in names)
    assert best == tuple(evening.values[name] for name in names)


PROVEN_EVEN = {(9, 5): 2, (8, 11): 2, (11, 8): 2}
"""Opponent spreads proven the least only among evenings even after every round (CP-SAT with that rule,
``rotation.build.twotables.prove_opponents``): 9 x 5 can oppose within one with the table-mates at their
best, but never so while even after every round. 8 x 11: over each of the six 1-factorizations of K8
that its first 7 rounds' partners must be (``rotation.build.twotables_opponents.eight_eleven_proof``).
11 x 8: within one needs every pair to meet, which its repeated meetings of 43 (proven among evenings even
after every round, ``rotation.build.twotables_eleven``) deny."""


def test_a_bound_proven_only_among_evenings_even_after_every_round_says_so() -> None:
    """Where the book states opponents above counting's floor by a proof that needs the after-every-round
    rule, the entry's proof says so (and the planner's note says its bounds hold among such evenings)."""
    for (n, rounds), spread in PROVEN_EVEN.items():
        entry = BOOK["evenings"][str(n)][str(rounds)]
        assert spread > _floors(n, rounds)["opponent spread"]
        assert entry["bounds"]["opponent spread"] == entry["values"]["opponent spread"] == spread
        assert "even after every round" in entry["proof"]
    said = {(int(n), int(r)) for n, by in BOOK["evenings"].items() for r, e in by.items() if "proof" in e}
    assert said == set(PROVEN_EVEN) | {nr for nr, _ in PROVEN_BY_SEARCH} | PROVEN_BY_COUNTING


PROVEN_BY_COUNTING = {(10, 11), (11, 14)}
"""Bounds above counting's plain floors proven by counting: 11 x 14's opponents by each player's opposing
places (``rotation.build.twotables_opponents.counted_opponents``; 11 x 7's too, beside its search's
proof); 10 x 11's repeated meetings and opponents once the most meetings are held
(``rotation.build.twotables_meetings.repeated_least``; checked by hand in test_twotables_meetings)."""


@pytest.mark.parametrize(("n", "rounds"), [(11, 14)])
def test_the_evenings_taken_from_the_planner_state_counting_bounds_alone(n: int, rounds: int) -> None:
    """11 x 14 (as good as the planner's own, not searched to a proof) states as proven only what counting
    gives: partners, sitting out twice running, the most meetings and the repeated meetings at counting's
    floors, reached; the opponents (2, over the pairs' count's 1) by counting each player's opposing places
    (``PROVEN_BY_COUNTING``). (10 x 13, taken so before, now has every rule at its floor.)"""
    evening = two_table_evening(n, rounds)
    assert evening is not None
    floors = _floors(n, rounds)
    names = ("partner spread", "sit-out repeats", "most meetings", "repeated meetings")
    assert {name: evening.bounds[name] for name in names} == {name: floors[name] for name in names}
    assert {name: evening.values[name] for name in names} == {name: floors[name] for name in names}
    assert evening.values["opponent spread"] == 2 > floors["opponent spread"] == 1
    assert ("opponent spread" in evening.bounds) == ((n, rounds) in PROVEN_BY_COUNTING)


PROVEN_BY_SEARCH = {
    ((10, 4), "repeated meetings"): 12,
    ((10, 5), "repeated meetings"): 20,
    ((10, 6), "repeated meetings"): 32,
    ((11, 5), "repeated meetings"): 14,
    ((11, 6), "repeated meetings"): 22,
    ((11, 7), "repeated meetings"): 31,
    ((11, 8), "repeated meetings"): 43,
    ((11, 4), "repeated meetings"): 7,
    ((8, 9), "most meetings"): 5,
    ((10, 7), "most meetings"): 3,
}
"""Bounds above counting's floor proven by exhaustive search over the tables
(``rotation.build.twotables_proofs``), partners free, with the rules above held at the entry's values and
the sit-outs even after every round; 11 x 8's over the sit-outs up to relabelling, CP-SAT over the tables
(``rotation.build.twotables_eleven``)."""


@pytest.mark.parametrize(("n", "rounds"), ENTRIES)
def test_a_rule_is_settled_wherever_counting_settles_it(n: int, rounds: int) -> None:
    """Walking the ranked rules in order while each is settled (its bound its value): a rule whose value is
    counting's floor is settled too (the planner states it proven), and a bound above counting's floor is a
    proof the book states with how (``PROVEN_BY_SEARCH``) or one found before."""
    entry = BOOK["evenings"][str(n)][str(rounds)]
    floors = _floors(n, rounds)
    ranked = ("partner spread", "sit-out repeats", "most meetings", "repeated meetings", "opponent spread")
    for name in ranked:
        value, bound = entry["values"][name], entry["bounds"].get(name)
        if ((n, rounds), name) in PROVEN_BY_SEARCH:
            assert bound == value == PROVEN_BY_SEARCH[(n, rounds), name] > floors[name]
            assert f"{name} {value}: " in entry["proof"] and "exhaustive" in entry["proof"]
        if bound != value:
            assert value > floors[name], name  # else counting settles it
            break


@cache
def _every_evening(n: int, rounds: int) -> list[list[tuple[frozenset[int], tuple[frozenset[int], ...]]]]:
    """Every evening of ``n`` players at two tables (tables only, round 1 fixed, no symmetry used) with the
    sit-outs within one of the fair share after every round and nobody out twice running."""
    k = n - 8
    layouts = []
    for out in combinations(range(n), k):
        seated = [p for p in range(n) if p not in out]
        for mates in combinations(seated[1:], 3):
            one = frozenset((seated[0], *mates))
            layouts.append((frozenset(out), (one, frozenset(seated) - one)))
    first = (frozenset(range(8, n)), (frozenset(range(4)), frozenset(range(4, 8))))
    found = [[first]]
    for r in range(2, rounds + 1):
        longer = []
        for evening in found:
            for out, tables in layouts:
                if out & evening[-1][0]:
                    continue
                sat = Counter(p for o, _ in [*evening, (out, tables)] for p in o)
                if all(k * r // n <= sat[p] <= -(-k * r // n) for p in range(n)):
                    longer.append([*evening, (out, tables)])
        found = longer
    return found


@cache
def _most_and_repeated(n: int, rounds: int) -> list[tuple[int, int]]:
    """Each evening's most meetings of a pair and repeated meetings (``_every_evening``)."""
    found = []
    for evening in _every_evening(n, rounds):
        met = Counter(pq for _, tables in evening for t in tables for pq in combinations(sorted(t), 2))
        found.append((max(met.values()), sum(m - 1 for m in met.values())))
    return found


@pytest.mark.parametrize(
    ("n", "rounds", "most"),
    [(8, 3, 2), (8, 4, 2), (9, 3, 2), (9, 3, 1), (8, 2, 1), (10, 2, 1), (11, 2, 1), (11, 2, 2)],
)
def test_the_searches_agree_with_every_evening_enumerated(n: int, rounds: int, most: int) -> None:
    """The proofs' searches (symmetry, pruning) against every evening enumerated plainly: the same least
    repeated meetings within ``most`` meetings, and the same answer to whether ``most`` is possible."""
    from rotation.build.twotables_proofs import least_repeated, meets_within

    least = min((repeated for top, repeated in _most_and_repeated(n, rounds) if top <= most), default=None)
    assert least_repeated(n, rounds, most, 0, 10**6) == least
    assert meets_within(n, rounds, most) == (least is not None)


def test_ten_players_over_four_rounds_repeat_twelve_meetings_at_least() -> None:
    """The search behind 10 x 4's bound, run again: counting allows 3 repeated meetings (48 table-mate
    places over 45 pairs), but with nobody meeting anyone three times, nobody out twice running and the
    sit-outs even after every round, no layout of the tables repeats fewer than 12."""
    from rotation.build.twotables_proofs import least_repeated

    assert _floors(10, 4)["repeated meetings"] == 3
    assert least_repeated(10, 4, 2, 0, 12) is None
    assert least_repeated(10, 4, 2, 0, 13) == 12


def test_a_search_stopped_at_its_limit_proves_nothing() -> None:
    """``settle`` with too few nodes leaves 10 x 4's repeated meetings (above counting's floor) unsettled,
    and the opponents below them with it, though their value is counting's floor."""
    from rotation.build.twotables_proofs import settle

    entry = {
        "values": dict(BOOK["evenings"]["10"]["4"]["values"]),
        "bounds": {"partner spread": 1, "sit-out repeats": 0, "most meetings": 2},
    }
    assert settle(10, 4, entry, limit=100) == []
    assert "repeated meetings" not in entry["bounds"] and "opponent spread" not in entry["bounds"]
    assert "proof" not in entry


def test_tables_given_partners_are_even_after_every_round() -> None:
    """``twotables_better.partnered``: the book's 10 x 4 tables (partners dropped) given partners again:
    the same tables, every pair partnering at most once (16 partnerships over 45 pairs), even
    after every round by the checker, and the opponents no wider than the entry's."""
    from rotation.build.twotables_better import partnered
    from rotation.build.twotables_proofs import _layout
    from rotation.movements.twotables import as_movement

    entry = BOOK["evenings"]["10"]["4"]
    layouts = [
        _layout(10, tuple(p for p in range(10) if p not in games), (tuple(games[:4]), tuple(games[4:])))
        for games in entry["rounds"]
    ]
    evening = partnered(10, layouts, work=5.0)
    assert evening is not None
    for games, old in zip(evening, entry["rounds"], strict=True):
        assert {frozenset(games[:4]), frozenset(games[4:])} == {frozenset(old[:4]), frozenset(old[4:])}
    movement = as_movement(10, evening)
    got = _counted(movement)
    assert got["partner high"] == 1
    assert is_prefix_balanced(movement)
    assert check(movement).opponent_spread == got["opponent spread"] <= entry["values"]["opponent spread"]

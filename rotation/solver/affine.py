"""Eight couples at four tables by construction: the affine plane of order four with couples as groups.

The 16 points of AG(2, 4) (pairs (x, y) over GF(4)) fall into the four vertical lines x = c, the groups;
each of the other four parallel classes (slope m: the lines y = m x + b) is a round whose four tables take
one point from every group, and two points of different groups share exactly one line of those classes:
four rounds in which every two players of different groups meet once and players of one group never do.
Two couples make a group, so couples never meet. The next four rounds group the couples afresh (the next
perfect matching of the eight couples, by the circle method), so players of different couples meet once
per four rounds, less once for each block that grouped their couples together: 8 rounds, nobody meets
anyone more than twice and 80 repeated meetings, the floors by counting with couples apart
(``apart.meeting_floors``). Each table's partnerships are then chosen so that no pair partners twice
(a search counted in nodes), or the construction is not used."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rotation.model import Pair, Player, pair_key
from rotation.solver.problem import _canonical, _Draft, _Problem

__all__ = ["affine_drafts"]

_LOG = {1: 0, 2: 1, 3: 2}
_EXP = (1, 2, 3)
"""GF(4) = {0, 1, a, a + 1} as 0..3 (addition is XOR, a^2 = a + 1): the logarithms of 1, a, a + 1."""

SPLIT_NODES = 2_000
"""The most choices the partnership search tries before it keeps the greedy choice."""


def _times(a: int, b: int) -> int:
    return 0 if not a or not b else _EXP[(_LOG[a] + _LOG[b]) % 3]


def _couples(problem: _Problem) -> list[Pair] | None:
    """The eight couples covering all sixteen players, or None when this is not such a party."""
    apart = sorted(problem.spec.apart)
    players = [p for pq in apart for p in pq]
    if problem.n != 16 or len(apart) != 8 or sorted(players) != list(range(16)):
        return None
    if problem.avoid != problem.spec.apart:  # mixed partnerships: their own designs
        return None
    return apart


def affine_drafts(problem: _Problem) -> list[_Draft] | None:
    """The rounds to plan by the construction (see the module), or None where it does not apply: eight
    couples, everyone present at four tables every round, nothing kept or replanned, 28 rounds at most."""
    couples = _couples(problem)
    rounds = len(problem.free)
    if couples is None or problem.kept or problem.spec.previous is not None or problem.anyone_away:
        return None
    if rounds > 28 or any(problem.tables[r] != 4 for r in problem.free):
        return None
    groupings = [
        [(7, i), *(((i + j) % 7, (i - j) % 7) for j in range(1, 4))] for i in range(7)
    ]  # the circle method: seven perfect matchings of the eight couples
    tables: list[list[tuple[Player, ...]]] = []
    for block in range(-(-rounds // 4)):
        at: dict[tuple[int, int], Player] = {}
        for x, (c, d) in enumerate(groupings[block]):
            for y, p in enumerate((*couples[c], *couples[d])):
                at[x, y] = p
        for m in range(4):
            tables.append([tuple(at[x, _times(m, x) ^ b] for x in range(4)) for b in range(4)])
    partnered = _partnered(tables[:rounds], problem)
    if partnered is None:
        return None
    return [_Draft(tuple(sorted(_canonical(game) for game in games)), frozenset()) for games in partnered]


def _partnered(
    rounds: Sequence[Sequence[tuple[Player, ...]]], problem: _Problem
) -> list[list[tuple[Pair, Pair]]] | None:
    """Each table's two partnerships with no pair partnering twice, or None if a search of
    ``SPLIT_NODES`` finds none (the staged planner then does better by the partners)."""
    flat = [table for rnd in rounds for table in rnd]

    def splits(t: tuple[Player, ...]) -> list[tuple[Pair, Pair]]:
        a, b, c, d = t
        made = [(pair_key(w, x), pair_key(y, z)) for w, x, y, z in ((a, b, c, d), (a, c, b, d), (a, d, b, c))]
        return [s for s in made if problem.allowed(*s[0]) and problem.allowed(*s[1])]

    options = [splits(t) for t in flat]
    chosen: dict[int, tuple[Pair, Pair]] = {}
    used: Counter[Pair] = Counter()
    nodes = 0

    def search() -> bool:
        """Depth first, the table with the fewest splits left first (its pairs unpartnered so far)."""
        nonlocal nodes
        left = [
            (len(free), i, free)
            for i, table in enumerate(options)
            if i not in chosen
            for free in [[s for s in table if not used[s[0]] and not used[s[1]]]]
        ]
        if not left:
            return True
        _, i, free = min(left, key=lambda e: (e[0], e[1]))
        for split in free:
            nodes += 1
            if nodes > SPLIT_NODES:
                return False
            chosen[i] = split
            used.update(split)
            if search():
                return True
            del chosen[i]
            used.subtract(split)
        return False

    if not search():
        return None
    picked = [chosen[i] for i in range(len(flat))]
    out: list[list[tuple[Pair, Pair]]] = []
    k = 0
    for rnd in rounds:
        out.append(picked[k : k + len(rnd)])
        k += len(rnd)
    return out

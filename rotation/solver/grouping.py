"""Players falling into tables of four, each with one partner at their table, as CP-SAT constraints.

Shared by the solver's local search (re-pairing a few tables of a few rounds) and the whist-design search
(the starter round of a design): both ask which players share a table and who partners whom.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rotation.model import Pair, Player, pair_key

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["Grouping", "group_into_tables"]

Grouping = tuple[dict[Pair, "cp_model.IntVar"], dict[Pair, "cp_model.IntVar"]]
"""(same, mates): pair (lower first) -> they sit at one table; allowed pair -> they partner."""


def group_into_tables(
    model: cp_model.CpModel,
    players: Sequence[Player],
    allowed: Callable[[Player, Player], bool] = lambda p, q: True,
    prefix: str = "",
) -> Grouping:
    """Variables and constraints that split ``players`` (sorted, a multiple of four) into tables of four,
    each player with one partner at their own table; pairs not ``allowed`` never partner."""
    same = {pq: model.new_bool_var(f"{prefix}same_{pq}") for pq in combinations(players, 2)}
    mates = {pq: model.new_bool_var(f"{prefix}mates_{pq}") for pq in same if allowed(*pq)}
    _tables_of_four(model, players, same)
    _one_partner_at_the_table(model, players, same, mates)
    return same, mates


def _tables_of_four(
    model: cp_model.CpModel, players: Sequence[Player], same: dict[Pair, cp_model.IntVar]
) -> None:
    """Each player shares a table with exactly three of the others, and sharing a table is transitive:
    the players fall into tables of four."""
    for p in players:
        model.add(sum(same[pair_key(p, q)] for q in players if q != p) == 3)
    for a, b, c in combinations(players, 3):
        ab, ac, bc = same[a, b], same[a, c], same[b, c]
        model.add_bool_or([~ab, ~bc, ac])
        model.add_bool_or([~ab, ~ac, bc])
        model.add_bool_or([~ac, ~bc, ab])


def _one_partner_at_the_table(
    model: cp_model.CpModel,
    players: Sequence[Player],
    same: dict[Pair, cp_model.IntVar],
    mates: dict[Pair, cp_model.IntVar],
) -> None:
    """Each player partners exactly one other, at their own table (pairs who must not partner have no
    variable, so never do)."""
    for p in players:
        model.add_exactly_one(mates[pair_key(p, q)] for q in players if q != p and pair_key(p, q) in mates)
    for pq, var in mates.items():
        model.add_implication(var, same[pq])

"""Balanced schedules for any group, with CP-SAT, behind one function: ``solve(spec) -> SolveResult``.

The rules come in priority order (DESIGN.md, "Balance"): partner counts as even as the numbers allow; rounds
played within one (relative to presence) and nobody sitting out twice running; fewest changes from a plan
being replaced; table-mates (the most times two players share a table as low as it can be, then the fewest
repeated meetings); opponent counts as even as possible; first deals spread; fewest seat moves.

The straightforward model (every player's seat in every round as booleans) stalls beyond about eight
players, so the work is split the way the rules are:

1. who partners whom and who sits out (one CP-SAT model over partnerships; for a single table, a model that
   counts how often each game is played, proved there, then orders the games, and if that order must sit
   someone out twice running, a model of whole games round by round);
2. which two partnerships share a table (a second model over pairs of partnerships), and then, with several
   tables, a local search that re-pairs and re-tables a few tables of a few rounds at a time so that the
   opponent counts even out, never at the cost of a term ranked above them;
3. table-mates: a tabu search, counted in moves, that swaps players between the tables of a round (or
   re-pairs a table, or trades a seated player for one sitting out when every count of sit-outs stays)
   so that nobody meets anyone twice where that can be, never at the cost of a rule ranked above it;
4. who deals first at each table (a small model), where each table and player sits (fewest moves).

Each model minimises its terms one at a time in priority order, fixing each at its best before the next,
and starts from a construction (a round-robin of partnerships, the design for n + 1 players with one empty
seat when n is odd). Opponent and first-deal spreads are found by asking whether every count fits a window
[low, low + s], which CP-SAT decides far faster than it minimises a max-less-min. Every hard rule (tables
per round, players away, pairs who must not partner, rounds already played) binds one round at a time, so
whether any plan exists is decided round by round by counting and matching, and an "infeasible" answer is
cross-checked by a second, CP-SAT, model.

One module a stage: ``problem`` (the spec, counts, the budget), ``bounds`` (whether a plan exists, the
counting bounds), ``cpsat`` (the shared CP-SAT helpers; every model gets its solver from ``_Run.solver``),
``pairings`` (stage 1), ``tables`` (stages 2 and 3), ``mates`` (table-mates), ``games`` (one table, whole
games), ``seats`` (first dealers and seats), ``measure`` (ranking drafts, prefix order) and ``solve`` (the
pipeline).
"""

from rotation.solver.problem import (
    LAST_PARTNERS,
    SEASON_PARTNERS,
    WORK,
    InvalidSpecError,
    PlanSpec,
    PrefixOrder,
    Progress,
    SolveResult,
    Status,
    Term,
)
from rotation.solver.solve import solve

__all__ = [
    "LAST_PARTNERS",
    "SEASON_PARTNERS",
    "WORK",
    "InvalidSpecError",
    "PlanSpec",
    "PrefixOrder",
    "Progress",
    "SolveResult",
    "Status",
    "Term",
    "solve",
]

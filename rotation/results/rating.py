"""Ratings: each player's strength estimated from rubber nets, allowing for partners and opponents.

The model: a rubber's N-S net is the N-S pair's strength less the E-W pair's plus luck,
``net ≈ (r_N + r_S) - (r_E + r_W)``, and the ratings are the least-squares fit with a ridge prior:
minimise ``Σ (net - x·r)² + prior · Σ r²``. A rating is in tally units per rubber (what the player adds to
their side's net against average players), so it reads like the average per rubber, corrected for who
they sat with and against. The prior acts like ``prior`` rubbers of evidence that a player is average: a
player seen in few rubbers is pulled toward 0, so irregular attendance neither inflates nor punishes, and
two players who only ever played together share the credit instead of making the fit singular.

Adding the same amount to every rating changes no prediction, and the prior picks the solution with the
least ``Σ r²``, so ratings are centred: they sum to 0 over every group of players who met.

Uncertainty is the Bayesian posterior's: ``σ² · (XᵀX + prior·I)⁻¹`` on the diagonal, with ``σ²`` the
residual variance over the fit's residual degrees of freedom. The normal matrix is small (one row a
player), so it is solved by Cholesky in plain Python: exact to rounding, and its inverse's diagonal comes
from the same factor.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)

PRIOR_RUBBERS: Final = 8.0
"""The ridge prior's weight, in rubbers: about one evening's play. A player with ``k`` rubbers against
average opposition keeps about ``k / (k + 8)`` of their average (the simulation in
tests/benchmarks/bench_rating.py ranks best near this value)."""


@dataclass(frozen=True, slots=True)
class RatedRubber(Generic[Key]):
    """One complete rubber as the rating sees it: the four players by seat and the N-S tally."""

    north: Key
    east: Key
    south: Key
    west: Key
    ns_net: int


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating (tally units per rubber) and its standard error."""

    value: float
    error: float


def ratings(rubbers: Iterable[RatedRubber[Key]], *, prior: float = PRIOR_RUBBERS) -> dict[Key, Rating]:
    """Each player's rating from the rubbers, in the order players first appear."""
    if not prior > 0:
        raise ValueError(f"the prior is a positive number of rubbers, not {prior}")
    played = list(rubbers)
    index: dict[Key, int] = {}
    for rubber in played:
        for player in (rubber.north, rubber.south, rubber.east, rubber.west):
            index.setdefault(player, len(index))
    n = len(index)
    normal = [[0.0] * n for _ in range(n)]
    rhs = [0.0] * n
    for rubber in played:
        signs = _signs(rubber, index)
        for i, si in signs:
            rhs[i] += si * rubber.ns_net
            for j, sj in signs:
                normal[i][j] += si * sj
    for i in range(n):
        normal[i][i] += prior
    factor = _cholesky(normal)
    values = _solve(factor, rhs)
    inverse_diagonal = _inverse_diagonal(factor)
    residual = sum((r.ns_net - sum(s * values[i] for i, s in _signs(r, index))) ** 2 for r in played)
    fitted_parameters = n - prior * sum(inverse_diagonal)
    freedom = len(played) - fitted_parameters
    variance = residual / freedom if freedom > 0 else 0.0
    return {
        player: Rating(values[i], math.sqrt(variance * inverse_diagonal[i])) for player, i in index.items()
    }


def _signs(rubber: RatedRubber[Key], index: Mapping[Key, int]) -> tuple[tuple[int, int], ...]:
    """The rubber's row of the design: +1 for N-S, -1 for E-W."""
    return (
        (index[rubber.north], 1),
        (index[rubber.south], 1),
        (index[rubber.east], -1),
        (index[rubber.west], -1),
    )


def _cholesky(matrix: list[list[float]]) -> list[list[float]]:
    """The lower triangle L with L·Lᵀ = matrix (symmetric positive definite: the prior makes it so)."""
    n = len(matrix)
    lower = [[0.0] * n for _ in range(n)]
    for i in range(n):
        row = lower[i]
        for j in range(i + 1):
            other = lower[j]
            total = matrix[i][j] - sum(row[k] * other[k] for k in range(j))
            row[j] = math.sqrt(total) if i == j else total / other[j]
    return lower


def _solve(lower: list[list[float]], rhs: list[float]) -> list[float]:
    """x with L·Lᵀ·x = rhs: forward, then back substitution."""
    n = len(rhs)
    y = [0.0] * n
    for i in range(n):
        y[i] = (rhs[i] - sum(lower[i][k] * y[k] for k in range(i))) / lower[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(lower[k][i] * x[k] for k in range(i + 1, n))) / lower[i][i]
    return x


def _inverse_diagonal(lower: list[list[float]]) -> list[float]:
    """The diagonal of (L·Lᵀ)⁻¹ = L⁻ᵀ·L⁻¹: each column of L⁻¹'s sum of squares, one column at a time."""
    n = len(lower)
    diagonal = [0.0] * n
    for j in range(n):
        column = [0.0] * n  # column j of L⁻¹: L·column = e_j, zero above j
        column[j] = 1.0 / lower[j][j]
        for i in range(j + 1, n):
            column[i] = -sum(lower[i][k] * column[k] for k in range(j, i)) / lower[i][i]
        diagonal[j] = sum(value * value for value in column[j:])
    return diagonal

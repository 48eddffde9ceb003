"""Does the rating rank a club closer to the truth than the total and the average? On demand (not collected).

    python tests/benchmarks/bench_rating.py [--seeds 40] [--scale 1] [--noise 2,4,6] [--priors 2,8,32]

A simulated club of 12, 20 and 32 members with known skills (normal, sd 1) plays eight evenings. Each
member comes to an evening with their own probability, drawn from 0.5 to 0.9. Each evening of those
present plays eight rounds with partners rotated at random (the fewest rubbers played so far sit out
first): the planner takes about a second an evening, too slow for hundreds of simulated evenings, and
random rotation mixes partners as well for this purpose. A rubber's N-S net is (N + S skill - E - W skill)
x scale + normal luck (one table for each luck level given), rounded to hundreds. The season is ranked by
`rotation.results.season.season`, the same code as `chicago rank`, and each ranking is compared with the
true skills by Spearman's rank correlation, averaged over the seeds; "beats" is the share of seeds where
the rating's correlation is higher. ``--priors`` adds the rating refitted with other ridge priors (in
rubbers), for choosing one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rotation.model import Movement, Round, Schedule, Table
from rotation.names import name_key
from rotation.results.rating import RatedRubber, ratings
from rotation.results.season import Played, season
from rotation.results.session import RubberRecord, Session
from scoring.seat import Seat
from scoring.tally import MAX_RUBBER_HUNDREDS, RecordedNet, Unit

SIZES = (12, 20, 32)
EVENINGS = 8
ROUNDS = 8


def evening(
    rng: random.Random, present: Sequence[str], skill: dict[str, float], scale: float, noise: float
) -> Session:
    """One evening of those present: random partners each round, sit-outs to whoever played most."""
    played = dict.fromkeys(range(len(present)), 0)
    rounds, results = [], []
    seats = 4 * (len(present) // 4)
    for number in range(1, ROUNDS + 1):
        order = sorted(played, key=lambda p: (played[p], rng.random()))
        seated, out = order[:seats], order[seats:]
        rng.shuffle(seated)
        tables = []
        for t in range(0, seats, 4):
            north, east, south, west = seated[t : t + 4]
            tables.append(Table(north, east, south, west, Seat.NORTH))
            strength = sum(skill[present[p]] for p in (north, south)) - sum(
                skill[present[p]] for p in (east, west)
            )
            net = round(strength * scale + rng.gauss(0, noise))
            net = max(-MAX_RUBBER_HUNDREDS, min(MAX_RUBBER_HUNDREDS, net))
            results.append(RubberRecord(number, t // 4 + 1, net=RecordedNet(net, Unit.HUNDREDS)))
        for p in seated:
            played[p] += 1
        rounds.append(Round(tuple(tables), tuple(out)))
    return Session(Schedule(tuple(present), Movement(len(present), tuple(rounds))), results=tuple(results))


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rho: Pearson's correlation of the ranks, ties given their average rank."""
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            ranks[i] = (start + end) / 2
        start = end + 1
    return ranks


def one_season(size: int, seed: int, scale: float, noise: float, priors: Sequence[float]) -> dict[str, float]:
    """The correlations with the truth of one simulated season."""
    rng = random.Random(seed * 1009 + size)
    members = [f"M{i:02d}" for i in range(size)]
    skill = {m: rng.gauss(0, 1) for m in members}
    comes = {m: rng.uniform(0.5, 0.9) for m in members}
    played = []
    for number in range(EVENINGS):
        present = [m for m in members if rng.random() < comes[m]]
        while len(present) < 4:
            present.append(rng.choice([m for m in members if m not in present]))
        session = evening(rng, present, skill, scale, noise)
        played.append(Played(f"e{number}", date(2024, 1, 1) + timedelta(weeks=number), session))
    lines = season(played).lines
    truth = [skill[line.name] for line in lines]
    result = {
        "total": spearman(truth, [line.total for line in lines]),
        "average": spearman(truth, [float(line.average) for line in lines]),
        "rating": spearman(truth, [line.rating for line in lines]),
    }
    if priors:
        rubbers = [
            RatedRubber(*(name_key(p.session.schedule.name(x)) for x in r.seating.players), r.ns_tally)
            for p in played
            for r in p.session.scored()
        ]
        for prior in priors:
            fitted = ratings(rubbers, prior=prior)
            result[f"prior {prior:g}"] = spearman(truth, [fitted[name_key(x.name)].value for x in lines])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--scale", type=float, default=1.0, help="hundreds per unit of skill difference")
    parser.add_argument("--noise", default="2,4,6", help="sds of a rubber's luck, in hundreds (comma list)")
    parser.add_argument("--priors", default="", help="comma list of other ridge priors to try")
    args = parser.parse_args()
    priors = [float(x) for x in args.priors.split(",") if x]
    extra = [f"prior {p:g}" for p in priors]
    header = ["members", "total", "average", "rating", *extra, "beats total", "beats avg", "seconds"]
    for noise in (float(x) for x in args.noise.split(",")):
        print(
            f"\n{EVENINGS} evenings of {ROUNDS} rounds, attendance 0.5-0.9, skill sd 1,"
            f" net = skill difference x {args.scale:g} + luck sd {noise:g} (hundreds)."
            f" Spearman with the true skills, mean of {args.seeds} seeds; how often the rating's is higher"
        )
        print(" | ".join(f"{h:>11}" for h in header))
        for size in SIZES:
            start = time.perf_counter()
            runs = [one_season(size, seed, args.scale, noise, priors) for seed in range(args.seeds)]
            means = {k: sum(r[k] for r in runs) / len(runs) for k in runs[0]}
            beats_total = sum(r["rating"] > r["total"] for r in runs) / len(runs)
            beats_average = sum(r["rating"] > r["average"] for r in runs) / len(runs)
            cells = [
                str(size),
                *(f"{means[k]:.3f}" for k in ("total", "average", "rating", *extra)),
                f"{beats_total:.0%}",
                f"{beats_average:.0%}",
                f"{time.perf_counter() - start:.1f}",
            ]
            print(" | ".join(f"{c:>11}" for c in cells))


if __name__ == "__main__":
    main()

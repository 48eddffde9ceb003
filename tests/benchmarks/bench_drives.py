"""Benchmark seating by results, on demand (not collected by pytest): the seconds from the last rubber of a
round recorded to the next round seated (the rubber written, the round seated, both in one transaction),
for 16, 44 and 100 players, progressive and swiss, against recording the same rubber of an evening planned
before play (the same seating, no movement by results) in the same run. Prints a table; asserts nothing.

    python tests/benchmarks/bench_drives.py [--rounds 5] [--sizes 16 44 100]

Each evening plays ``--rounds`` rounds; every round's rubbers are recorded by net through the service the
faces call (`rubbers.record_rubber`), and the last one of each round is timed: for a drive it seats the
next round, for the evening planned before play it writes the rubber only. Medians over the rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rotation.model import Movement, Schedule
from rotation.movements.drives import first_round
from rotation.request import Order, Seating
from rotation.results.session import Session
from rotation.services import plans, rubbers
from rotation.services.database import Store, open_store
from scoring.tally import RecordedNet

DAY = date(2026, 11, 27)


def play(store: Store, name: str, rounds: int, rng: random.Random) -> list[float]:
    """Record every rubber of every round by net; the seconds of each round's last record."""
    timed = []
    for number in range(1, rounds + 1):
        tables = len(store.load(name).session.schedule.rounds[number - 1].tables)
        for table in range(1, tables + 1):
            side = rng.choice(("N-S", "E-W"))
            net = RecordedNet.parse(f"{side} +{rng.randint(1, 12)}")
            started = time.perf_counter()
            rubbers.record_rubber(store, name, number, table, net=net)
            if table == tables:
                timed.append(time.perf_counter() - started)
    return timed


def measure(players: int, rounds: int) -> list[tuple[str, float]]:
    names = tuple(f"P{n:03}" for n in range(1, players + 1))
    out = []
    with tempfile.TemporaryDirectory() as folder, open_store(Path(folder) / "bench.db") as store:
        movement = Movement(players, (first_round(players),) * rounds)
        store.save("planned", DAY, Session(Schedule(names, movement)))
        planned = play(store, "planned", rounds, random.Random(1))
        out.append(("planned before play", statistics.median(planned)))
        for seating in (Seating.PROGRESSIVE, Seating.SWISS):
            asked = plans.PlanAsked(
                names, Order.GIVEN, rounds=rounds, save=seating.value, played_on=DAY, seating=seating,
                history_days=0,
            )  # fmt: skip
            plans.plan(store, asked)
            timed = play(store, seating.value, rounds, random.Random(1))
            assert len(store.load(seating.value).session.schedule.rounds) == rounds
            out.append((seating.value, statistics.median(timed[:-1])))  # the last round seats nothing
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 44, 100])
    args = parser.parse_args()
    print(f"{'players':>7}  {'evening':<20}  {'last rubber of a round, s':>26}  {'ratio':>6}")
    for players in args.sizes:
        rows = measure(players, args.rounds)
        base = rows[0][1]
        for label, seconds in rows:
            print(f"{players:>7}  {label:<20}  {seconds:>26.4f}  {seconds / base:>6.2f}")


if __name__ == "__main__":
    main()

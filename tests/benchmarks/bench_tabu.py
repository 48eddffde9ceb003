"""The table-mates tabu search, moves per second, against the search as it was, on demand (not collected by
pytest).

    python tests/benchmarks/bench_tabu.py [--moves 3000] [--seeds 3] [--base 86dffad]

The search as it was (``rotation/solver/mates.py`` at commit ``--base``, recounting the conflicts and the
swap costs every move) is read from git at run time into a temporary module, so no copy of it lives in the
repository. Both searches (set up and run: the new one builds its indexes at the start and at each
restart, which is counted) start from the same drafts with the same seed in the same run, for a few evenings
(20 x 6, 32 x 8, 53 x 6); the table prints the moves each made, their moves per second and the ratio, and
whether they ended with the same tables (they should: the same moves in the same order, counted, never
timed).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import rotation.solver.mates as new  # noqa: E402
from rotation.solver.pairings import _construct  # noqa: E402
from rotation.solver.problem import PlanSpec, _Problem, _Run  # noqa: E402

SIZES = [(20, 6), (32, 8), (53, 6)]


def old_module(commit: str) -> types.ModuleType:
    """``rotation/solver/mates.py`` as it was at ``commit``, loaded as a module of its own."""
    source = subprocess.run(
        ["git", "show", f"{commit}:rotation/solver/mates.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    module = types.ModuleType("mates_before")
    module.__file__ = f"<git {commit}:rotation/solver/mates.py>"
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module


def timed(module: types.ModuleType, n: int, rounds: int, seed: int, moves: int) -> tuple[int, float, object]:
    """Moves made, seconds and the tables found by one run of the search of ``module``."""
    problem = _Problem.of(PlanSpec(n, rounds))
    drafts = _construct(problem, random.Random(seed))
    run = _Run(work=1e9, time_limit=3600.0, workers=1, seed=seed, on_progress=None)
    start = time.perf_counter()  # setting the search up counts too: the new one builds its indexes
    search = module._Search(problem, drafts, random.Random(seed))
    used, found, cost = search.run(moves, run)
    return used, time.perf_counter() - start, (found, cost)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=3000, help="the most moves of one run")
    parser.add_argument("--seeds", type=int, default=5, help="runs per evening (seeds 0..)")
    parser.add_argument("--base", default="86dffad", help="the commit of the search to compare against")
    args = parser.parse_args()
    old = old_module(args.base)
    header = (
        f"{'players x rounds':>16} | {'moves':>6} | {'old moves/s':>11} {'new moves/s':>11} | "
        f"{'x faster':>8} | same"
    )
    print(header)
    print("-" * len(header))
    ratios = []
    for n, rounds in SIZES:
        moves = old_seconds = new_seconds = 0.0
        same = True
        for seed in range(args.seeds):
            used_old, seconds_old, found_old = timed(old, n, rounds, seed, args.moves)
            used_new, seconds_new, found_new = timed(new, n, rounds, seed, args.moves)
            same &= used_old == used_new and found_old == found_new
            moves += used_new
            old_seconds += seconds_old
            new_seconds += seconds_new
        ratio = old_seconds / max(new_seconds, 1e-9)
        ratios.append(ratio)
        print(
            f"{f'{n} x {rounds}':>16} | {moves:>6.0f} | "
            f"{moves / old_seconds:>11.0f} {moves / new_seconds:>11.0f} | "
            f"{ratio:>8.2f} | {'yes' if same else 'NO'}"
        )
    print(f"moves per second against the search at {args.base}: x{min(ratios):.2f} at the least")


if __name__ == "__main__":
    main()

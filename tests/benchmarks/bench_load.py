"""One plan per request, however busy the machine: on demand (not collected by pytest).

    python tests/benchmarks/bench_load.py [--spinners 2]

Plans a handful of requests with `chicago plan --json` (18 x 6 with a late arrival, 12 x 4, a --keep
replan, 41 x 6), first on an idle machine and then again with every core kept busy by spinning
subprocesses (``--spinners``, default one per core), and prints for each request the seconds unloaded,
the seconds loaded (and their ratio) and whether the two JSON outputs are identical. The planner's search
is counted in deterministic work, so they must be; only the seconds may differ.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EIGHTEEN = [f"P{i}" for i in range(1, 19)]
TWELVE = [f"P{i}" for i in range(1, 13)]


def chicago(args: Sequence[str]) -> tuple[str, float]:
    """`chicago ARGS` in a fresh interpreter: its output and wall seconds."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "rotation.cli", *args], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return done.stdout, time.perf_counter() - start


@contextmanager
def busy(spinners: int) -> Iterator[None]:
    """Every core kept busy by processes spinning in a loop, ended when the block ends."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(spinners)]
    try:
        time.sleep(0.5)
        yield
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


def requests(workdir: Path) -> dict[str, list[str]]:
    played = workdir / "played.json"
    out, _ = chicago(["plan", *TWELVE, "--rounds", "6", "--order", "given", "--json"])
    played.write_text(out, encoding="utf-8")
    return {
        "18 x 6, P18 away round 1": ["plan", *EIGHTEEN, "--rounds", "6", "--away", "P18:1", "--seed", "7"],
        "12 x 4": ["plan", *TWELVE, "--rounds", "4", "--seed", "7"],
        "12 x 6 --keep 2, a newcomer": ["plan", *TWELVE[:11], "Newcomer", "--keep", f"{played}:2"],
        "41 x 6": ["plan", *(f"P{i}" for i in range(1, 42)), "--rounds", "6", "--seed", "7"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spinners", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asked = requests(Path(tmp))
        idle = {name: chicago([*command, "--json"]) for name, command in asked.items()}
        with busy(args.spinners):
            loaded = {name: chicago([*command, "--json"]) for name, command in asked.items()}
    print(f"{'request':<30} {'unloaded s':>10} {'loaded s':>9} {'ratio':>6}  identical JSON")
    same = True
    for name in asked:
        (a, s1), (b, s2) = idle[name], loaded[name]
        same = same and a == b
        print(f"{name:<30} {s1:>10.1f} {s2:>9.1f} {s2 / s1:>6.2f}  {'yes' if a == b else 'NO'}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()

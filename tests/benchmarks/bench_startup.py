"""Benchmark start-up, on demand (not collected by pytest): `chicago score 4H= --vul` against a two-command
Typer app on the same Python, both as new processes, as a ratio measured in the same run.

    python tests/benchmarks/bench_startup.py [--runs 30]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

BASELINE = """
import typer
app = typer.Typer()
@app.command()
def score(result: str, vul: bool = False) -> None:
    print(620)
@app.command()
def other() -> None:
    pass
app()
"""

COMMANDS = {
    "two-command Typer app (baseline)": [sys.executable, "-c", BASELINE, "score", "4H=", "--vul"],
    "chicago score 4H= --vul": [sys.executable, "-m", "rotation.cli", "score", "4H=", "--vul"],
    "chicago --help": [sys.executable, "-m", "rotation.cli", "--help"],
}


def median_seconds(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    for command in COMMANDS.values():  # warm the file cache and the bytecode
        subprocess.run(command, check=True, capture_output=True)
    results = {name: median_seconds(command, args.runs) for name, command in COMMANDS.items()}
    base = next(iter(results.values()))
    print(f"| command | median s ({args.runs} runs) | ratio to baseline |")
    print("| --- | --- | --- |")
    for name, seconds in results.items():
        print(f"| {name} | {seconds:.3f} | {seconds / base:.2f} |")


if __name__ == "__main__":
    main()

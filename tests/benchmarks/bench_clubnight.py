"""Benchmark the club night as a host plays it in a browser, on demand (not collected by pytest): the
installed `chicago serve --local` in its own process (with its real planner processes), the club's New
evening previewed and then started for 20 and for 44 players. Prints a table; asserts nothing.

    python tests/benchmarks/bench_clubnight.py [--sizes 20 44] [--runs 1]

Each run posts the New evening form as the page does (the players typed as new, an evening name, a seed),
timing the answer: the preview's seconds; then posts the preview page's own "Start the evening" form (its
hidden fields read off the page, whatever they are) and times the answer, the redirect to the evening's host
page: the start's seconds, and the start as a ratio to the preview in the same run. Whatever the server does
on a start (plan again, or take the preview's plan) is what is measured. A fresh database for each run, so
no evening's name or season history carries over.

Target (the issue "One door under both faces"): a start under a quarter of the preview's time.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode, urlsplit

CHICAGO = Path(sys.executable).parent / "chicago"


class StartForm(HTMLParser):
    """The fields of the page's form posted to /club/start (hidden inputs), in order."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.fields: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "form":
            self.inside = (values.get("action") or "").endswith("/club/start")
        elif tag == "input" and self.inside and values.get("name"):
            self.fields.append((values["name"] or "", values.get("value") or ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def start_server(db: Path, log: Path) -> tuple[subprocess.Popen[str], int, str]:
    """`chicago --db DB serve --local --port 0`: the process, its port and the club's host key."""
    process = subprocess.Popen(
        [str(CHICAGO), "--db", str(db), "serve", "--local", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    key = ""
    for _, line in zip(range(400), process.stdout, strict=False):
        found = re.match(r"host: http://127\.0\.0\.1:\d+/club\?k=(\w+)", line)
        key = found[1] if found else key
        serving = re.match(r"Serving .* on 127\.0\.0\.1:(\d+)", line)
        if serving and key:
            return process, int(serving[1]), key
    raise SystemExit(f"chicago serve did not start: {log.read_text()}")


def stop_server(process: subprocess.Popen[str]) -> None:
    os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def post(port: int, path: str, form: list[tuple[str, str]]) -> tuple[float, int, str, str]:
    """Seconds to the whole answer, its status, its Location and its body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=900)
    try:
        began = time.perf_counter()
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://127.0.0.1:{port}"}
        conn.request("POST", path, urlencode(form), headers)
        response = conn.getresponse()
        body = response.read().decode()
        took = time.perf_counter() - began
        return took, response.status, response.getheader("Location") or "", body
    finally:
        conn.close()


def night(players: int, folder: Path, run: int) -> tuple[float, float]:
    """One run for ``players``: the preview's seconds and the start's."""
    db = folder / f"club-{players}-{run}.db"
    process, port, key = start_server(db, folder / f"serve-{players}-{run}.log")
    try:
        names = "\n".join(f"Player {n}" for n in range(1, players + 1))
        asked = [("k", key), ("new", names), ("name", f"night {players}"), ("seed", str(run + 1))]
        preview, status, _, page = post(port, "/club/plan", asked)
        if status != 200 or "Start the evening" not in page:
            raise SystemExit(f"the preview of {players} failed ({status}):\n{page[-2000:]}")
        form = StartForm()
        form.feed(page)
        start, status, location, page = post(port, "/club/start", form.fields)
        if status != 303 or "/host" not in urlsplit(location).path:
            raise SystemExit(f"the start of {players} failed ({status}):\n{page[-2000:]}")
        return preview, start
    finally:
        stop_server(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 44])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-clubnight-") as tmp:
        rows = [(n, run, *night(n, Path(tmp), run)) for n in args.sizes for run in range(args.runs)]
    print(f"{'players':>7}  {'run':>3}  {'preview s':>9}  {'start s':>7}  {'start/preview':>13}")
    for players, run, preview, start in rows:
        print(f"{players:>7}  {run + 1:>3}  {preview:>9.2f}  {start:>7.2f}  {start / preview:>13.2f}")


if __name__ == "__main__":
    main()

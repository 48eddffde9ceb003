"""Benchmark the live page, on demand (not collected by pytest): `chicago serve` for a club of 13 tables
under a club's load, against a bare Starlette page under uvicorn driven the same way in the same run.
Prints a table; asserts nothing.

    python tests/benchmarks/bench_live.py [--requests 3000] [--seconds 20] [--clients 8]

Both servers run as their own processes (the app as `chicago serve`, the bare page as a few lines of
Starlette), so the clients' threads do not share an interpreter with the server they measure. The load is a
bounded pool of client threads driving actors in turn, one request a step, each actor with its own
keep-alive connection: two phones per table, each getting its table's page, adding a deal with the form's
hidden fields (k, r, seen), getting the page again and taking the deal back (a 409, the other phone having
moved on meanwhile, is an answer, not an error); and two standings screens polling. A third of the way in,
the host replans the evening for 53 players (one more arrives). Afterwards the deals in the database are
counted against what the phones were told they added and took back.

Targets (the issue "One engine under both faces"): no errors, no deal lost or doubled, at least a quarter
of the bare stack's requests/s, p99 under 300 ms for every kind of request, and no page slower than 0.5 s
while the host replans.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

TABLES = 13
PLAYERS = [f"P{n}" for n in range(1, 4 * TABLES + 1)]
DEALS = ("1C N =", "2S E +1", "3NT N -2", "pass", "4H S =", "2D W -1")

BARE = r"""
import socket, sys
import uvicorn
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

PAGE = "<!doctype html><title>bare</title><body>" + "<p>bare page</p>" * 200 + "</body></html>"

async def page(request):
    return HTMLResponse(PAGE)

sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
sock.bind(("127.0.0.1", 0))
sock.listen(64)
print(f"Serving bare on 127.0.0.1:{sock.getsockname()[1]}", flush=True)
app = Starlette(routes=[Route("/", page)])
uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
"""


@dataclass
class Timing:
    kind: str
    start: float
    end: float
    status: int


@dataclass
class Record:
    """What the clients saw: every request's timing, the errors, and the deals they were told they added
    and took back, by (round, table)."""

    timings: list[Timing] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    added: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    undone: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, kind: str, start: float, status: int) -> None:
        with self.lock:
            self.timings.append(Timing(kind, start, time.perf_counter(), status))

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


class Client:
    """One keep-alive connection; a request that fails is an error and the next one reconnects."""

    def __init__(self, port: int, record: Record) -> None:
        self.port, self.record = port, record
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self, kind: str, method: str, path: str, form: dict[str, str] | list[tuple[str, str]] | None = None
    ) -> tuple[int, str]:
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        body = urlencode(form) if form is not None else None
        headers = {"Content-Type": "application/x-www-form-urlencoded"} if form is not None else {}
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            text = response.read().decode()
        except (OSError, http.client.HTTPException) as error:
            self.record.error(f"{kind}: {type(error).__name__}: {error}")
            self.conn.close()
            self.conn = None
            return 0, ""
        self.record.timed(kind, start, response.status)
        return response.status, text


def hidden(html: str, form: str) -> dict[str, str] | None:
    """The hidden fields (k, r, seen) of the page's form posting to ``/t/N/<form>``, None without it."""
    found = re.search(rf'<form method="post" action="((?:/e/[^/"]+)?/t/\d+/{form})".*?</form>', html, re.S)
    if found is None:
        return None
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', found[0]))
    fields["action"] = found[1]
    return fields


class Phone:
    """A phone at a table: get the page, add a deal, get the page, take the last deal back, and again."""

    def __init__(self, port: int, record: Record, path: str, number: int) -> None:
        self.client, self.record, self.path, self.number = Client(port, record), record, path, number
        self.step = 0
        self.page = ""

    def next(self) -> None:
        step, self.step = self.step, (self.step + 1) % 4
        if step in (0, 2):
            status, self.page = self.client.request("table page", "GET", self.path)
            if status != 200:
                if status:
                    self.record.error(f"table page: {status}")
                self.step = 0
            return
        form = hidden(self.page, "add" if step == 1 else "undo")
        if form is None:  # nothing to take back (the other phone did), or the rubber is complete
            self.step = 0
            return
        action = form.pop("action")
        if step == 1:
            form["deal"] = DEALS[self.number % len(DEALS)]
        kind = "add deal" if step == 1 else "undo deal"
        status, _ = self.client.request(kind, "POST", action, form)
        where = (int(form["r"]), int(action.split("/t/")[1].split("/")[0]))
        if status == 303:
            with self.record.lock:
                (self.record.added if step == 1 else self.record.undone)[where] += 1
        elif status != 409 and status:
            self.record.error(f"{kind}: {status}")


class Poller:
    """A standings screen (or the bare page) fetched again and again."""

    def __init__(self, port: int, record: Record, path: str, kind: str) -> None:
        self.client, self.record, self.path, self.kind = Client(port, record), record, path, kind

    def next(self) -> None:
        status, _ = self.client.request(self.kind, "GET", self.path)
        if status not in (200, 0):
            self.record.error(f"{self.kind}: {status}")


def drive(actors: list[Phone | Poller], record: Record, clients: int, requests: int, seconds: float) -> float:
    """Step the actors from ``clients`` threads, one request a step, until ``requests`` were made or
    ``seconds`` passed; the seconds it took."""
    ready: queue.Queue[Phone | Poller] = queue.Queue()
    for actor in actors:
        ready.put(actor)
    start = time.perf_counter()
    deadline = start + seconds

    def work() -> None:
        while time.perf_counter() < deadline and len(record.timings) + len(record.errors) < requests:
            actor = ready.get()
            try:
                actor.next()
            finally:
                ready.put(actor)

    threads = [threading.Thread(target=work, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def start_server(
    command: list[str], env: dict[str, str], log: Path
) -> tuple[subprocess.Popen[str], int, list[str]]:
    """A server process, once it says where it listens: the process, its port, the lines it printed."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=log.open("w"), text=True, env=env, start_new_session=True
    )
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        found = re.match(r"Serving .* on 127\.0\.0\.1:(\d+)", line)
        if found:  # printed once the socket listens; the load starts once the app answers
            port = int(found[1])
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            probe.request("GET", "/")
            probe.getresponse().read()
            probe.close()
            return process, port, lines
    raise SystemExit(f"the server did not start: {log.read_text()}")


def evening_links(db: Path, name: str, port: int) -> dict[str, str]:
    """The evening's links on the server at ``port``, as `chicago serve NAME` would print them."""
    from rotation.services.database import open_store
    from rotation.services.evenings import live_links

    with open_store(db, create=False) as store:
        return dict(live_links(store, name, f"http://127.0.0.1:{port}").links)


def stop_server(process: subprocess.Popen[str]) -> None:
    os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def percentiles(timings: list[Timing]) -> dict[str, tuple[int, float, float, float]]:
    """By kind of request: how many, and the p50, p99 and slowest seconds."""
    kinds: dict[str, list[float]] = defaultdict(list)
    for timing in timings:
        kinds[timing.kind].append(timing.end - timing.start)
    out = {}
    for kind, times in sorted(kinds.items()):
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        out[kind] = (len(times), statistics.median(times), p99, times[-1])
    return out


def run_bare(args: argparse.Namespace, env: dict[str, str], folder: Path) -> tuple[Record, float]:
    process, port, _ = start_server([sys.executable, "-c", BARE], env, folder / "bare.log")
    record = Record()
    try:
        actors: list[Phone | Poller] = [Poller(port, record, "/", "bare page") for _ in range(2 * TABLES + 2)]
        elapsed = drive(actors, record, args.clients, args.requests, args.seconds)
    finally:
        stop_server(process)
    return record, elapsed


def run_app(
    args: argparse.Namespace, env: dict[str, str], folder: Path
) -> tuple[Record, float, dict[str, object]]:
    chicago = [sys.executable, "-m", "rotation.cli", "--db", str(folder / "club.db")]
    for name in ("club", "other"):  # the tables play "club"; the host replans "other" meanwhile
        subprocess.run(
            [*chicago, "plan", *PLAYERS, "--order", "given", "--rounds", "6", "--save", name],
            check=True,
            capture_output=True,
            env=env,
        )
    log = folder / "serve.log"
    process, port, _ = start_server(
        [*chicago, "serve", "--port", "0", "--local"], env, log
    )  # the club's server
    links = evening_links(folder / "club.db", "club", port)
    other = evening_links(folder / "club.db", "other", port)
    record = Record()
    replan: dict[str, object] = {}
    try:
        actors: list[Phone | Poller] = []
        for table in range(1, TABLES + 1):
            url = urlsplit(links[f"table {table}"])
            actors += [Phone(port, record, f"{url.path}?{url.query}", 2 * table + n) for n in range(2)]
        standings = urlsplit(links["standings"])
        actors += [Poller(port, record, f"{standings.path}?{standings.query}", "standings") for _ in range(2)]
        host = urlsplit(other["host"])
        host_key = host.query.split("=", 1)[1]

        def replan_now() -> None:
            while len(record.timings) < args.requests // 3 and time.perf_counter() < began + args.seconds / 3:
                time.sleep(0.05)
            client = Client(port, Record())
            start = time.perf_counter()  # everyone stays ticked, and one more is declared new
            form = [
                ("k", host_key),
                *(("play", name) for name in PLAYERS),
                ("new", f"P{len(PLAYERS) + 1}"),
                ("sure", "on"),
            ]
            status, text = client.request("replan", "POST", f"{host.path}/replan", form)
            replan.update(start=start, end=time.perf_counter(), status=status, said=_alert(text))

        began = time.perf_counter()
        host_thread = threading.Thread(target=replan_now, daemon=True)
        host_thread.start()
        elapsed = drive(actors, record, args.clients, args.requests, args.seconds)
        host_thread.join(120)
    finally:
        stop_server(process)
    logged = log.read_text()
    if "Traceback" in logged or "Exception" in logged:
        record.error(f"the server logged: {logged[-2000:]}")
    exported = subprocess.run(
        [*chicago, "export", "club"], check=True, capture_output=True, text=True, env=env
    )
    stored = {
        (r["round"], r["table"]): len(r.get("deals", [])) for r in json.loads(exported.stdout)["results"]
    }
    wrong = {}
    for where in set(stored) | set(record.added) | set(record.undone):
        believed = record.added.get(where, 0) - record.undone.get(where, 0)
        if believed != stored.get(where, 0):
            wrong[where] = (believed, stored.get(where, 0))
    replan["wrong"] = wrong
    replan["deals"] = sum(stored.values())
    return record, elapsed, replan


def _alert(html: str) -> str:
    found = re.search(r'role="alert">(.*?)</div>', html, re.S)
    return found[1].strip() if found else ""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=3000, help="requests per server (default 3000)")
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="at most this long per server (default 20)"
    )
    parser.add_argument("--clients", type=int, default=8, help="client threads (default 8)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        bare, bare_elapsed = run_bare(args, env, folder)
        app, app_elapsed, replan = run_app(args, env, folder)
    bare_rate, rate = len(bare.timings) / bare_elapsed, len(app.timings) / app_elapsed
    start, end = float(replan.get("start", 0.0)), float(replan.get("end", 0.0))  # type: ignore[arg-type]
    during = [t for t in app.timings if "start" in replan and t.end > start and t.start < end]
    print(f"{args.clients} client threads; {2 * TABLES} phones and 2 standings screens at {TABLES} tables")
    print(f"{'':26}{'requests':>9}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}   {'while replanning':>16}")
    Row = tuple[int, float, float, float]
    rows: list[tuple[str, Row, Row | None]] = [
        ("bare: " + kind, row, None) for kind, row in percentiles(bare.timings).items()
    ]
    meanwhile = percentiles(during)
    rows += [("chicago: " + kind, row, meanwhile.get(kind)) for kind, row in percentiles(app.timings).items()]
    for name, (count, p50, p99, slowest), other in rows:
        extra = f"   {other[0]:>5} max {other[3] * 1000:>6.0f}" if other else ""
        print(f"{name:26}{count:>9}{p50 * 1000:>8.1f}{p99 * 1000:>8.1f}{slowest * 1000:>8.0f}{extra}")
    began = min((t.start for t in app.timings), default=0.0)
    worst_three = sorted(app.timings, key=lambda t: t.start - t.end)[:3]
    print(
        "slowest: "
        + ", ".join(
            f"{t.kind} {(t.end - t.start) * 1000:.0f} ms at {t.start - began:.1f} s" for t in worst_three
        )
    )
    print(f"requests/s: bare {bare_rate:.0f}, chicago serve {rate:.0f}: ratio {rate / bare_rate:.2f}")
    print(f"errors: bare {len(bare.errors)}, chicago serve {len(app.errors)}")
    for error in (bare.errors + app.errors)[:5]:
        print(f"  {error}")
    wrong: dict[tuple[int, int], tuple[int, int]] = replan["wrong"]  # type: ignore[assignment]
    print(f"deals in the database {replan['deals']}; (round, table) lost or doubled: {len(wrong)} {wrong}")
    worst = max((t.end - t.start for t in during), default=0.0)
    if "start" in replan:
        said = f" ({replan['said']})" if replan["said"] else ""
        print(
            f"replan of {len(PLAYERS) + 1} players: {end - start:.1f} s, answer {replan['status']}{said};"
            f" {len(during)} requests meanwhile, the slowest {worst * 1000:.0f} ms"
        )
    else:
        print("replan: not made")
    p99 = max(row[2] for row in percentiles(app.timings).values())
    targets = (
        ("0 errors", not app.errors),
        ("nothing lost or doubled", not wrong),
        (">= 1/4 of bare requests/s", rate >= bare_rate / 4),
        ("p99 < 300 ms", p99 < 0.3),
        ("< 0.5 s while replanning", bool(during) and worst < 0.5),
    )
    print("targets: " + ", ".join(f"{what} {'met' if ok else 'NOT met'}" for what, ok in targets))


if __name__ == "__main__":
    main()

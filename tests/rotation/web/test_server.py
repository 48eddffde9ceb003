"""The live page's server itself, run for real in a thread on a loopback socket: TCP_NODELAY on every
connection, silent, trickling and idle connections closed by the server's own deadline (set small here),
connections past the cap closed on arrival, and links refused after the evening is renewed or deleted.

Each wait for the server to close a socket is a blocking ``recv`` returning ``b""``, bounded by a generous
socket timeout: a test never sleeps a fixed time to race the server."""

from __future__ import annotations

import http.client
import logging
import select
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from tests.conftest import BULLETIN_FIVE
from tests.rotation.web.conftest import Evening, save

BOUND = 20.0
"""Seconds a test waits at most for the server to do what it must (far above its deadlines here)."""


class Live:
    """A real server for an evening, in a thread, and the records it logged at WARNING or above."""

    def __init__(self, evening: Evening, planner: Any = "here", **guards: Any) -> None:
        from rotation.plan import plan
        from rotation.web import serve
        from rotation.web.app import create_app

        self.evening = evening
        self.at = f"/e/{evening.uid}"
        self.sock = serve.bind("127.0.0.1", 0)
        self.port = self.sock.getsockname()[1]
        app = create_app(evening.db, evening.name, planner=plan if planner == "here" else planner)
        self.server = serve.server(app, **guards)
        self.logged: list[logging.LogRecord] = []
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> Live:
        self.thread.start()
        waited = time.monotonic()
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() - waited < BOUND, "the server did not start"
            time.sleep(0.01)
        self.handler = Kept(self.logged)
        logging.getLogger("uvicorn.error").addHandler(self.handler)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger("uvicorn.error").removeHandler(self.handler)
        self.server.should_exit = True
        self.thread.join(BOUND)
        self.sock.close()
        assert not self.thread.is_alive(), "the server did not stop"

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=BOUND)
        return sock

    def get(self, url: str) -> int:
        parts = urlsplit(url)
        return self.request("GET", f"{parts.path}?{parts.query}")[0]

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=BOUND)
        try:
            headers = {"Content-Type": "application/x-www-form-urlencoded"} if form is not None else {}
            conn.request(method, path, urlencode(form) if form is not None else None, headers)
            response = conn.getresponse()
            return response.status, response.read().decode()
        finally:
            conn.close()


class Kept(logging.Handler):
    """Keeps the records logged at WARNING or above."""

    def __init__(self, records: list[logging.LogRecord]) -> None:
        super().__init__(logging.WARNING)
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def live(evening: Evening) -> Iterator[Live]:
    with Live(evening, request_timeout=0.3) as server:
        yield server


def closed_by_server(sock: socket.socket) -> bool:
    """Wait (at most the socket's timeout) until the server closes the connection: recv gives b""."""
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def request_line(live: Live, label: str) -> bytes:
    parts = urlsplit(live.evening.links[label])
    return f"GET {parts.path}?{parts.query} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode()


def test_the_listening_socket_is_tcp_and_connections_have_nodelay(live: Live) -> None:
    """bind() makes the socket with IPPROTO_TCP (asyncio then sets TCP_NODELAY on what it accepts), and
    the server's end of a real connection has TCP_NODELAY."""
    assert live.sock.proto == socket.IPPROTO_TCP
    conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=BOUND)
    parts = urlsplit(live.evening.links["table 1"])
    conn.request("GET", f"{parts.path}?{parts.query}")
    response = conn.getresponse()
    response.read()
    assert response.status == 200
    ours = conn.sock.getsockname()
    served = [
        p.transport.get_extra_info("socket")
        for p in list(live.server.server_state.connections)
        if p.transport.get_extra_info("peername") == ours
    ]
    assert len(served) == 1
    assert served[0].getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    conn.close()


def test_silent_connections_are_closed(live: Live) -> None:
    """Sockets that never send a byte (no token needed to open them) are closed by the server's deadline,
    so they cannot use up the process's file descriptors."""
    socks = [live.connect() for _ in range(40)]
    try:
        assert all(closed_by_server(sock) for sock in socks)
    finally:
        for sock in socks:
            sock.close()
    assert live.get(live.evening.links["table 1"]) == 200  # and the server still serves


def test_trickled_headers_do_not_hold_the_connection(live: Live) -> None:
    """Headers sent a byte at a time, never finished: each byte does not restart the deadline."""
    sock = live.connect()
    try:
        sock.sendall(request_line(live, "table 1"))
        sent = 0
        while True:
            readable, _, _ = select.select([sock], [], [], 0.05)
            if readable:
                assert closed_by_server(sock)
                break
            try:
                sock.sendall(b"X")
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += 1
            assert sent < BOUND / 0.05, "the server never closed the trickling connection"
    finally:
        sock.close()


def test_a_body_never_finished_is_closed_and_nothing_logged(live: Live) -> None:
    """A form posted with a Content-Length it never sends in full: closed, nothing recorded, no traceback."""
    sock = live.connect()
    try:
        head = (
            "POST /t/1/add HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\n"
        )
        sock.sendall(head.encode() + b"k=" + live.evening.key("table 1").encode())
        assert closed_by_server(sock)
    finally:
        sock.close()
    assert live.get(live.evening.links["table 1"]) == 200
    assert not [r for r in live.logged if r.exc_info], live.logged


def test_an_idle_keep_alive_connection_is_closed(live: Live) -> None:
    """After an answer, a connection that sends nothing more is closed after the deadline; one that asks
    again in time is answered."""
    sock = live.connect()
    try:
        request = request_line(live, "table 1") + b"\r\n"
        for _ in range(2):
            sock.sendall(request)
            response = http.client.HTTPResponse(sock)
            response.begin()
            response.read()
            assert response.status == 200 and not response.will_close
        assert closed_by_server(sock)
    finally:
        sock.close()


def test_connections_past_the_cap_are_closed_on_arrival(evening: Evening) -> None:
    """With room for 4, the next 6 silent connections are closed at once, long before the deadline (an
    hour here); the 4 stay open until the client leaves."""
    with Live(evening, request_timeout=3600, max_connections=4) as live:
        socks = [live.connect() for _ in range(10)]
        try:
            left = list(socks)
            closed = 0
            while closed < 6:
                readable, _, _ = select.select(left, [], [], BOUND)
                assert readable, "the server did not close the connections past its cap"
                for sock in readable:
                    assert closed_by_server(sock)
                    left.remove(sock)
                    closed += 1
            assert len(left) == 4
            readable, _, _ = select.select(left, [], [], 0.2)
            assert readable == []
        finally:
            for sock in socks:
                sock.close()


def connect_from(live: Live, address: str) -> socket.socket:
    """A connection to the server (on 127.0.0.1) from another loopback address, as another machine."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(BOUND)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", live.port))
    return sock


def test_connections_past_the_cap_for_one_address_are_closed_and_others_served(evening: Evening) -> None:
    """With room for 3 from one address, a 4th and 5th from 127.0.0.2 are closed at once while the 3 stay
    open; a phone at 127.0.0.1 is still answered."""
    with Live(evening, request_timeout=3600, max_per_client=3) as live:
        socks = [connect_from(live, "127.0.0.2") for _ in range(5)]
        try:
            left, closed = list(socks), 0
            while closed < 2:
                readable, _, _ = select.select(left, [], [], BOUND)
                assert readable, "the server did not close the connections past the address's cap"
                for sock in readable:
                    assert closed_by_server(sock)
                    left.remove(sock)
                    closed += 1
            assert len(left) == 3
            assert live.get(live.evening.links["table 1"]) == 200
            readable, _, _ = select.select(left, [], [], 0.2)
            assert readable == []
        finally:
            for sock in socks:
                sock.close()


def test_one_address_holding_and_reopening_sockets_does_not_lock_the_phones_out(evening: Evening) -> None:
    """A machine at 127.0.0.2 holds 300 sockets and opens another for each the server closes (more than
    the server's global cap); once it has opened 400, a phone at 127.0.0.1 asks 20 times for its table's
    page: every one is answered."""
    with Live(evening) as live:
        stop, crowded, opened = threading.Event(), threading.Event(), [0]

        def crowd() -> None:
            held: list[socket.socket] = []
            try:
                while not stop.is_set():
                    if opened[0] >= 50_000:  # the traffic's bound: hold what is open until told to stop
                        stop.wait(0.05)
                        continue
                    while len(held) < 300:
                        held.append(connect_from(live, "127.0.0.2"))
                        opened[0] += 1
                    if opened[0] >= 400:
                        crowded.set()
                    readable, _, _ = select.select(held, [], [], 0.05)
                    for sock in readable:  # closed by the server: open another
                        sock.close()
                        held.remove(sock)
            finally:
                crowded.set()
                for sock in held:
                    sock.close()

        crowding = threading.Thread(target=crowd, daemon=True)
        crowding.start()
        try:
            assert crowded.wait(BOUND * 3)
            answers = [phone_get(live, live.evening.links["table 1"]) for _ in range(20)]
            still = crowding.is_alive()
        finally:
            stop.set()
            crowding.join(BOUND)
        assert still, "the crowd failed before the phone had its answers"
        assert answers == [200] * 20


def phone_get(live: Live, url: str) -> int:
    """The status of a page, or 0 when the server closed the connection instead of answering."""
    try:
        return live.get(url)
    except (http.client.HTTPException, ConnectionError):
        return 0


def test_a_running_server_refuses_links_renewed_or_of_a_deleted_evening(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`chicago serve --new-links` elsewhere: this server refuses the old links and takes the new; the
    evening deleted and saved again (after another evening): the links are gone."""
    import rotation.web.serve as serve

    save(db, "tue", "Ann", "Helen", "Doris", "Jean", "Shirley")
    evening = Evening(db, "tue")
    with Live(evening) as live:
        old = evening.links["table 1"]
        assert live.get(old) == 200
        monkeypatch.setattr(serve, "run", lambda db, name, sock: None)
        runner = CliRunner()
        result = runner.invoke(
            app, ["--db", str(db), "serve", "tue", "--port", "0", "--local", "--new-links"]
        )
        assert result.exit_code == 0, result.output
        new = next(
            line.split(": ", 1)[1] for line in result.output.splitlines() if line.startswith("table 1")
        )
        assert live.get(old) == 403
        assert live.get(new) == 200
        save(db, "wed", "Ann", "Helen", "Doris", "Jean", "Shirley")
        assert runner.invoke(app, ["--db", str(db), "delete", "tue", "--yes"]).exit_code == 0
        save(db, "tue", "Ann", "Helen", "Doris", "Jean", "Shirley")
        assert live.get(new) == 410
        assert live.get(old) == 410


BULLETIN_DEALS = ("2S E +1", "3NT N -2", "6S W =", "2D N =")


def play_round_one(live: Live) -> None:
    key = live.evening.key("table 1")
    for seen, deal in enumerate(BULLETIN_DEALS):
        form = {"k": key, "r": "1", "seen": str(seen), "deal": deal}
        assert live.request("POST", f"{live.at}/t/1/add", form)[0] == 303


def test_pages_are_served_while_the_host_replans(evening: Evening) -> None:
    """The planner is held until the test lets it go, and the host presses Replan more times than the
    server has threads for pages: meanwhile every page and a form are answered (replans wait in a thread
    of their own, one at a time), then the replans are done."""
    from rotation.plan import plan
    from rotation.web.app import WORKERS

    planning, go = threading.Event(), threading.Event()

    def held(request: Any) -> Any:
        planning.set()
        assert go.wait(BOUND)
        return plan(request)

    with Live(evening, planner=held) as live:
        play_round_one(live)
        answers: list[int] = []
        players = "\n".join([*BULLETIN_FIVE, "Zed"])
        form = {"k": evening.key("host"), "players": players}
        hosts = [
            threading.Thread(
                target=lambda: answers.append(live.request("POST", f"{live.at}/host/replan", form)[0])
            )
            for _ in range(WORKERS + 1)
        ]
        for host in hosts:
            host.start()
        try:
            assert planning.wait(BOUND)
            for label in ("table 1", "standings", "host"):
                assert live.get(evening.links[label]) == 200, label
            bad = {"k": evening.key("table 1"), "r": "2", "seen": "0", "deal": "9NT N ="}
            assert live.request("POST", f"{live.at}/t/1/add", bad)[0] == 400
        finally:
            go.set()
            for host in hosts:
                host.join(BOUND)
        # a replan that found the plan changed by another meanwhile is a 409 (the tree's status_of), not a 400
        assert len(answers) == WORKERS + 1 and 200 in answers and set(answers) <= {200, 400, 409}


def test_the_replan_in_another_process_plans_what_this_one_would(evening: Evening) -> None:
    """The server's own planner (a process of lower priority): the same plan as planning here."""
    from rotation.services.database import open_store
    from rotation.services.evenings import export_evening

    with Live(evening, planner=None) as live:
        play_round_one(live)
        players = "\n".join([*BULLETIN_FIVE, "Zed"])
        status, _ = live.request(
            "POST", f"{live.at}/host/replan", {"k": evening.key("host"), "players": players}
        )
        assert status == 200
    with open_store(evening.db, create=False) as store:
        there = export_evening(store, "ev")
    save(evening.db, "again", *BULLETIN_FIVE)
    again = Evening(evening.db, "again")
    key = again.key("table 1")
    for seen, deal in enumerate(BULLETIN_DEALS):
        again.add(1, deal, seen=seen, key=key)
    done = again.client.post("/host/replan", data={"k": again.key("host"), "players": players})
    assert done.status_code == 200
    with open_store(evening.db, create=False) as store:
        here = export_evening(store, "again")
    assert there["rounds"] == here["rounds"] and there["players"] == here["players"]


def test_each_page_thread_opens_the_database_once(evening: Evening, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sixty pages and forms open the database at most once per page thread, and the server's end closes
    every one of them."""
    import rotation.web.workers as workers
    from rotation.services.database import open_store as real
    from rotation.web.app import create_app

    opened: list[Any] = []

    def counted(path: Path, *, create: bool = True) -> Any:
        store = real(path, create=create)
        opened.append(store)
        return store

    monkeypatch.setattr(workers, "open_store", counted)
    from starlette.testclient import TestClient

    base = f"http://testserver/e/{evening.uid}/"
    with TestClient(create_app(evening.db, evening.name), base_url=base) as client:
        start = len(opened)
        key = evening.key("table 1")
        for seen in range(20):
            assert client.get(f"/t/1?k={key}").status_code == 200
            assert client.get(f"/standings?k={evening.key('standings')}").status_code == 200
            form = {"k": key, "r": "1", "seen": str(seen % 2), "deal": "pass" if seen % 2 == 0 else ""}
            action = "add" if seen % 2 == 0 else "undo"
            assert client.post(f"/t/1/{action}", data=form, follow_redirects=False).status_code == 303
        assert 1 <= len(opened) - start <= workers.WORKERS
    from rotation.services.errors import StoreError

    for store in opened:
        with pytest.raises(StoreError, match="closed"):
            store.sessions()


# -- the planner's processes, called directly --------------------------------------------------------------


def small_request(players: int = 8) -> Any:
    from rotation.plan import PlanRequest

    return PlanRequest(tuple(f"Player {n}" for n in range(1, players + 1)), seed=1)


def test_a_planner_process_is_kept_for_the_next_plan_and_a_refusal_keeps_it() -> None:
    """A small plan leaves its process for the next; the planner's refusal (too few players) is raised here
    as the planner's own error, and the process stays."""
    from rotation.services.errors import PlanError
    from rotation.web.workers import SubprocessPlanner

    planner = SubprocessPlanner()
    try:
        made = planner(small_request())
        assert len(made.schedule.players) == 8
        kept = planner.pids()
        assert len(kept) == 1
        with pytest.raises(PlanError, match="at least four players"):
            planner(small_request(3))
        assert planner.pids() == kept
    finally:
        planner.shutdown()
    assert planner.pids() == ()


def test_a_planner_started_by_a_big_server_is_judged_by_its_own_memory() -> None:
    """A server grown past the recycling limit (a long evening's caches, here ballast) starts a planner
    process that inherits its peak in getrusage's ru_maxrss; the planner's peak must be its own, or every
    small plan would let its process go and the next plan start cold."""
    from rotation.web.workers import RECYCLE_AFTER, SubprocessPlanner

    ballast = bytearray(RECYCLE_AFTER + 64 * 1024**2)
    ballast[::4096] = b"x" * len(ballast[::4096])  # touched: resident, not only reserved
    planner = SubprocessPlanner()
    try:
        planner(small_request())
        assert len(planner.pids()) == 1
    finally:
        planner.shutdown()
        del ballast


def test_a_plan_over_the_memory_limit_is_refused_in_a_sentence() -> None:
    """A planner process allowed 100 MB cannot even load the planner: the plan is refused with a sentence
    about memory, the process is gone, and a planner with room plans the same request."""
    from rotation.web.workers import PlannerStoppedError, SubprocessPlanner

    tight = SubprocessPlanner(memory=100 * 1024**2)
    try:
        with pytest.raises(PlannerStoppedError, match="memory"):
            tight(small_request(12))
        assert tight.pids() == ()
    finally:
        tight.shutdown()
    roomy = SubprocessPlanner()
    try:
        assert len(roomy(small_request(12)).schedule.players) == 12
    finally:
        roomy.shutdown()


def test_a_big_plans_process_is_let_go_and_an_idle_one_ends() -> None:
    """A process past the resident size allowed after its plan is let go at once (here any size is too
    big); one idle past its time ends (here at once), so the memory a plan took is given back."""
    from rotation.web.workers import SubprocessPlanner

    for planner in (SubprocessPlanner(recycle=0), SubprocessPlanner(idle=0.0)):
        try:
            planner(small_request())
            for _ in range(2000):  # the idle timer runs in its own thread: looked at, bounded
                if not planner.pids():
                    break
                time.sleep(0.01)
            assert planner.pids() == ()
        finally:
            planner.shutdown()


def test_a_cancel_just_after_the_plan_never_hands_on_a_killed_process() -> None:
    """The browser leaves just as its plan is answered: the cancel kills the process after the plan came
    back but before the process is given back. It must not go back to the idle ones (a killed process may
    still look alive for a moment), or the next host's plan would fail."""
    from rotation.web.workers import SubprocessPlanner, Ticket

    planner = SubprocessPlanner()
    try:
        ticket = Ticket("/e/one")
        child = planner._take(ticket)
        ticket.cancel()  # the plan's answer is in hand; the asker leaves before the give-back
        planner._give_back(child, ticket, keep=True)
        assert planner.pids() == ()
        assert len(planner(small_request()).schedule.players) == 8  # the next plan gets a fresh process
    finally:
        planner.shutdown()


def test_a_cancelled_ticket_stops_its_plan_and_frees_its_lane() -> None:
    """A request whose asker left (its ticket cancelled before a process is free) is not planned; the lane
    then plans the next request."""
    from rotation.web.workers import CURRENT, PlanAbandonedError, SubprocessPlanner, Ticket

    planner = SubprocessPlanner()
    try:
        gone = Ticket("/e/one")
        gone.cancel()
        token = CURRENT.set(gone)
        try:
            with pytest.raises(PlanAbandonedError):
                planner(small_request())
        finally:
            CURRENT.reset(token)
        token = CURRENT.set(Ticket("/e/one"))
        try:
            assert len(planner(small_request()).schedule.players) == 8
        finally:
            CURRENT.reset(token)
    finally:
        planner.shutdown()

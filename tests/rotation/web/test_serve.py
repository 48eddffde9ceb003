"""`chicago serve`: the links it prints, the QR code, the refusal of a port in use, and the start-up cost
it must not add to other commands."""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from tests.conftest import BULLETIN_FIVE, modules_loaded, packages
from tests.rotation.web.conftest import Evening
from tests.rotation.web.test_pages import text


def test_serve_prints_a_link_a_line_and_a_qr_code(
    evening: Evening, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    """Host, standings, then each table; the tokens are the ones the app accepts; --new-links changes them."""
    import rotation.web.serve as serve

    served: list[Any] = []
    monkeypatch.setattr(serve, "run", lambda db, name, sock: served.append((db, name)))
    result = runner.invoke(app, ["serve", "ev", "--port", "0", "--local"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert re.fullmatch(r"host: http://127\.0\.0\.1:\d+/e/[0-9a-f]+/host\?k=[0-9a-f]{32}", lines[0])
    assert re.fullmatch(r"standings: http://127\.0\.0\.1:\d+/e/[0-9a-f]+/standings\?k=[0-9a-f]{32}", lines[1])
    assert re.fullmatch(r"table 1: http://127\.0\.0\.1:\d+/e/[0-9a-f]+/t/1\?k=[0-9a-f]{32}", lines[2])
    assert lines[0].endswith(evening.key("host")) and lines[2].endswith(evening.key("table 1"))
    assert any("█" in line or "▀" in line or "▄" in line for line in lines[3:])  # the QR code
    assert served == [(evening.db, "ev")]
    renewed = runner.invoke(app, ["serve", "ev", "--port", "0", "--local", "--new-links"])
    assert renewed.output.splitlines()[0].split("k=")[1] != evening.key("host")


def test_a_port_in_use_is_one_line(evening: Evening, runner: CliRunner) -> None:
    from rotation.web.serve import bind

    taken = bind("127.0.0.1", 0)
    try:
        result = runner.invoke(app, ["serve", "ev", "--local", "--port", str(taken.getsockname()[1])])
    finally:
        taken.close()
    assert result.exit_code == 1 and "chicago: error: cannot listen on 127.0.0.1:" in result.output


def test_serving_an_unknown_session_is_one_line(db: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["serve", "nosuch"])
    assert result.exit_code == 2 and result.output.startswith("chicago: error:")


def test_other_commands_do_not_load_the_web_stack(evening: Evening) -> None:
    """record, tally and show start as fast as before: no starlette, jinja2, uvicorn or segno."""
    loaded = modules_loaded(
        commands=[["record", "ev", "-r", "1", "2S E +1"], ["tally", "ev"], ["show", "ev"]]
    )
    assert "rotation.cli.evening" in loaded
    assert not packages(loaded) & {"starlette", "jinja2", "uvicorn", "segno"}


def test_serve_with_no_evening_serves_the_club(
    db: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    """The club's host link and season link, a QR code of the host's, and the whole database served."""
    import rotation.web.serve as serve

    served: list[Any] = []
    monkeypatch.setattr(serve, "run", lambda db, name, sock: served.append((db, name)))
    result = runner.invoke(app, ["serve", "--port", "0", "--local"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert re.fullmatch(r"host: http://127\.0\.0\.1:\d+/club\?k=[0-9a-f]{32}", lines[0])
    assert re.fullmatch(r"season: http://127\.0\.0\.1:\d+/season\?k=[0-9a-f]{32}", lines[1])
    assert any("█" in line or "▀" in line or "▄" in line for line in lines[2:])
    assert served == [(db, None)] and "Serving the club" in result.output


def test_serve_by_default_prints_links_for_phones_on_the_network(
    evening: Evening, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    """Plain `chicago serve NAME` listens on this machine's network address and its links carry it (read
    here, never opened: a test's traffic stays on loopback); no warning unless that address is loopback."""
    import rotation.web.serve as serve

    served: list[Any] = []
    monkeypatch.setattr(serve, "run", lambda db, name, sock: served.append(sock.getsockname()[0]))
    address = serve.lan_address()
    result = runner.invoke(app, ["serve", "ev", "--port", "0"])
    assert result.exit_code == 0, result.output
    links = [line for line in result.output.splitlines() if ": http://" in line]
    assert links and all(line.split(": ", 1)[1].startswith(f"http://{address}:") for line in links)
    assert served == [address]
    assert ("for this computer only" in result.output) == (address == serve.LOOPBACK)


@pytest.mark.parametrize(("flags", "why"), [(["--local"], "--local"), ([], "no network was found")])
def test_links_for_this_computer_only_say_so_and_how_to_get_others(
    evening: Evening, monkeypatch: pytest.MonkeyPatch, runner: CliRunner, flags: list[str], why: str
) -> None:
    """With --local, or with no network found, the links are 127.0.0.1's: the terminal says at once that no
    phone can open them (nor the QR codes) and what to do instead."""
    import rotation.web.serve as serve

    monkeypatch.setattr(serve, "run", lambda db, name, sock: None)
    monkeypatch.setattr(serve, "lan_address", lambda: serve.LOOPBACK)
    result = runner.invoke(app, ["serve", "ev", "--port", "0", *flags])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("host: http://127.0.0.1:")
    warning = next(line for line in result.output.splitlines() if line.startswith("Warning:"))
    assert "no phone can open them" in warning and why in warning
    advice = "without --local" if flags else "join the Wi-Fi"
    assert advice in warning


# -- the planner's processes, through the real `chicago serve` ----------------------------------------------

CHECKS = 3000
"""Looks at the process table at most, 10 ms apart, while waiting for a process to appear or end."""


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def planners(pid: int) -> set[int]:
    """The planner processes of the server ``pid`` (multiprocessing's spawned children, not its resource
    tracker)."""
    found = set()
    for child in children(pid):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.add(child)
    return found


def alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def first(check: Callable[[], Any], what: str) -> Any:
    """The first true value of ``check``, looked at a bounded number of times."""
    import time

    for _ in range(CHECKS):
        value = check()
        if value:
            return value
        time.sleep(0.01)
    pytest.fail(f"never: {what}")


def post(base: str, path: str, form: Mapping[str, str]) -> tuple[int, str]:
    """A form posted to the server on loopback, as a browser does; the status and the page's words."""
    import http.client
    from urllib.parse import urlencode, urlsplit

    conn = http.client.HTTPConnection("127.0.0.1", urlsplit(base).port, timeout=300)
    try:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        conn.request("POST", path, urlencode(form), headers)
        response = conn.getresponse()
        return response.status, text(response.read().decode())
    finally:
        conn.close()


def preview(players: int, name: str = "big") -> dict[str, str]:
    """The New evening form for ``players`` new players."""
    return {"new": "\n".join(f"Player {n}" for n in range(1, players + 1)), "name": name, "seed": "1"}


def club_key(server: Any) -> str:
    return str(server.links["host"].split("k=")[1])


linux = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")


@linux
def test_a_planner_killed_mid_plan_is_replaced_and_the_host_told(db: Path) -> None:
    """The planner's process killed while it plans (as an out-of-memory kill would): the preview answers a
    sentence saying so, and the next preview is planned by a new process."""
    from concurrent.futures import ThreadPoolExecutor

    from tests.rotation.web.real import served

    with served(db) as server, ThreadPoolExecutor(1) as pool:
        key = club_key(server)
        asked = pool.submit(post, server.base, "/club/plan", {**preview(20), "k": key})
        planner = first(lambda: planners(server.process.pid), "a planner process")
        for pid in planner:
            os.kill(pid, signal.SIGKILL)
        status, page = asked.result(timeout=300)
        assert status == 503 and "planner's process stopped" in page, page
        status, page = post(server.base, "/club/plan", {**preview(5, "small"), "k": key})
        assert status == 200 and "Player 5" in page
        assert planners(server.process.pid).isdisjoint(planner)


@linux
def test_an_abandoned_preview_is_stopped(db: Path) -> None:
    """The browser leaves while its preview plans: the plan's process is killed, and the next preview is
    not kept waiting behind it."""
    import socket
    from urllib.parse import urlencode, urlsplit

    from tests.rotation.web.real import served

    with served(db) as server:
        body = urlencode({**preview(20), "k": club_key(server)}).encode()
        head = (
            "POST /club/plan HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        with socket.create_connection(("127.0.0.1", urlsplit(server.base).port or 0), timeout=60) as sock:
            sock.sendall(head.encode() + body)
            planner = first(lambda: planners(server.process.pid), "a planner process")
        first(lambda: not any(alive(pid) for pid in planner), "the abandoned plan's process ended")
        status, page = post(server.base, "/club/plan", {**preview(5, "small"), "k": club_key(server)})
        assert status == 200 and "Player 5" in page


@linux
@pytest.mark.parametrize("ending", [signal.SIGKILL, signal.SIGHUP])
def test_planner_processes_end_with_their_server(db: Path, ending: signal.Signals) -> None:
    """`chicago serve` killed (kill -9) or hung up on while its planner plans: its processes end too."""
    from concurrent.futures import ThreadPoolExecutor

    from tests.rotation.web.real import served

    with served(db) as server, ThreadPoolExecutor(1) as pool:
        pool.submit(post, server.base, "/club/plan", {**preview(20), "k": club_key(server)})
        first(lambda: planners(server.process.pid), "a planner process")
        every = children(server.process.pid)  # the planner, and multiprocessing's resource tracker
        os.kill(server.process.pid, ending)
        server.process.wait(60)
        first(lambda: not any(alive(pid) for pid in every), "the server's children ended with it")


@linux
def test_one_big_plan_does_not_hold_up_another_evenings_replan(db: Path) -> None:
    """While the club's New evening plans for 20, an evening's host replans: answered while the big plan
    is still under way (each plans in its own lane). The big plan's process is held stopped (SIGSTOP)
    until the replan has answered, so "still under way" is a fact of the test, not of how fast the
    planner happens to be on this machine."""
    from concurrent.futures import ThreadPoolExecutor

    from tests.rotation.web.real import chicago, served

    assert chicago(db, "plan", *BULLETIN_FIVE, "--order", "given", "--save", "ev").returncode == 0
    with served(db) as server, ThreadPoolExecutor(1) as pool:
        key = club_key(server)
        opened = first(lambda: open_host_page(server.base, key, "ev"), "the evening's host page")
        asked = pool.submit(post, server.base, "/club/plan", {**preview(20), "k": key})
        big = first(lambda: planners(server.process.pid), "the big plan's process")
        for pid in big:
            os.kill(pid, signal.SIGSTOP)
        try:
            at, _, host_key = opened.partition("?k=")
            status, page = post(
                server.base,
                at.replace("/host", "/host/replan"),
                {"k": host_key, "players": "\n".join(BULLETIN_FIVE)},
            )
            assert status == 200 and "Replanned from round 1" in page, page
            assert not asked.done() and all(alive(pid) for pid in big)
        finally:
            for pid in big:
                os.kill(pid, signal.SIGCONT)
        assert asked.result(timeout=300)[0] == 200


@linux
def test_plans_waiting_in_one_lane_do_not_hold_up_another_evenings_replan(db: Path) -> None:
    """A host presses Plan on the club page four times while the first plan is under way: the three waiting
    plans wait in their lane, not in the server's few planning threads, so an evening's host still replans.
    The first plan's process is held stopped (SIGSTOP) until the replan has answered."""
    from concurrent.futures import ThreadPoolExecutor

    from tests.rotation.web.real import chicago, served

    assert chicago(db, "plan", *BULLETIN_FIVE, "--order", "given", "--save", "ev").returncode == 0
    with served(db) as server, ThreadPoolExecutor(4) as pool:
        key = club_key(server)
        opened = first(lambda: open_host_page(server.base, key, "ev"), "the evening's host page")
        asked = [pool.submit(post, server.base, "/club/plan", {**preview(20), "k": key})]
        big = first(lambda: planners(server.process.pid), "the first plan's process")
        for pid in big:
            os.kill(pid, signal.SIGSTOP)
        try:
            for again in range(2, 5):  # each another plan (not the first's answer remembered)
                form = {**preview(20, f"again {again}"), "seed": str(again), "k": key}
                asked.append(pool.submit(post, server.base, "/club/plan", form))
            at, _, host_key = opened.partition("?k=")
            status, page = post(
                server.base,
                at.replace("/host", "/host/replan"),
                {"k": host_key, "players": "\n".join(BULLETIN_FIVE)},
            )
            assert status == 200 and "Replanned from round 1" in page, page
            assert not any(plan.done() for plan in asked)
        finally:
            for pid in big:
                os.kill(pid, signal.SIGCONT)
        assert [plan.result(timeout=600)[0] for plan in asked] == [200] * 4


def open_host_page(base: str, key: str, name: str) -> str:
    """The evening's host link (path and query) the club's list leads to."""
    import http.client
    from urllib.parse import urlencode, urlsplit

    conn = http.client.HTTPConnection("127.0.0.1", urlsplit(base).port, timeout=60)
    try:
        conn.request("GET", "/club/evening?" + urlencode({"k": key, "name": name}))
        response = conn.getresponse()
        response.read()
        location = response.getheader("Location") or ""
    finally:
        conn.close()
    parts = urlsplit(location)
    return f"{parts.path}?{parts.query}" if response.status == 303 else ""


def test_served_with_local_the_host_page_and_cards_say_phones_cannot_open_the_links(db: Path) -> None:
    """`chicago serve NAME --local`: the host page says its links are for this computer only and how to
    get others, and each table card's QR code has the warning under it."""
    import http.client
    import io
    from urllib.parse import urlsplit

    from pypdf import PdfReader

    from rotation.render.cards import LOCAL_ONLY
    from tests.rotation.web.real import chicago, served

    assert chicago(db, "plan", *BULLETIN_FIVE, "--order", "given", "--save", "ev").returncode == 0
    with served(db, "ev") as server:
        assert any(
            line.startswith("Warning: these links are for this computer only") for line in server.printed
        )
        host = urlsplit(server.links["host"])
        conn = http.client.HTTPConnection("127.0.0.1", host.port, timeout=60)
        try:
            conn.request("GET", f"{host.path}?{host.query}")
            page = text(conn.getresponse().read().decode())
            conn.request("GET", f"{host.path.removesuffix('/host')}/cards.pdf?{host.query}")
            pdf = PdfReader(io.BytesIO(conn.getresponse().read()))
        finally:
            conn.close()
    assert "These links are for this computer only: no phone can open them" in page
    assert "without --local" in page
    words = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    tables = sum(label.startswith("table ") for label in server.links)
    assert tables >= 1 and words.count(LOCAL_ONLY) == tables and "127.0.0.1" in words  # one a card

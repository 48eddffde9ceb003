"""The real thing, as a host runs it: the installed `chicago serve` in its own process (with its own
planner process), and Debian's Chromium driven by Playwright. Every browser test of a host's or a
player's workflow goes through these, never through an in-process app or planner."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHICAGO = Path(sys.executable).parent / "chicago"
"""The installed command, as a host types it (the test venv's)."""
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
START_LINES = 400
"""Lines `chicago serve` may print before it says it is serving (links, a QR code): bounded, no clock."""


@dataclass
class Server:
    """A running `chicago serve`: its base address, the links it printed by label, everything it printed
    before serving, and its process."""

    base: str
    links: dict[str, str]
    printed: list[str]
    process: subprocess.Popen[str] = field(repr=False)


def chicago(db: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run the installed `chicago` with ``--db db`` as a host would; the result, whatever its exit code
    (``timeout``: a failsafe against a hang, subprocess.TimeoutExpired, never a measure)."""
    return subprocess.run(
        [str(CHICAGO), "--db", str(db), *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
        check=False,
    )


@contextmanager
def served(db: Path, name: str | None = None, extra: Sequence[str] = ()) -> Iterator[Server]:
    """`chicago --db DB serve [NAME] --port 0 --local [extra...]` (loopback only: a test's traffic stays on
    this machine) in its own process group, read until it says it is serving (its socket listens before it
    prints the links); stopped with Ctrl-C (SIGINT) afterwards, then killed with its whole group if it
    lingers, so no planner process outlives a test."""
    args = [
        str(CHICAGO),
        "--db",
        str(db),
        "serve",
        *([name] if name else []),
        "--port",
        "0",
        "--local",
        *extra,
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}
    process = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=True,
    )
    printed: list[str] = []
    try:
        assert process.stdout is not None
        for _ in range(START_LINES):
            line = process.stdout.readline()
            if not line:
                break
            printed.append(line.rstrip("\n"))
            if line.startswith("Serving "):
                break
        else:
            pytest.fail("chicago serve printed too much before serving:\n" + "\n".join(printed))
        if not printed or not printed[-1].startswith("Serving "):
            pytest.fail("chicago serve did not start:\n" + "\n".join(printed))
        links = {
            label: url
            for label, _, url in (line.partition(": ") for line in printed)
            if url.startswith("http://")
        }
        first = next(iter(links.values()))
        base = first[: first.index("/", len("http://"))]
        yield Server(base, links, printed, process)
    finally:
        stop(process)


def stop(process: subprocess.Popen[str]) -> None:
    """Ctrl-C as a host stops it; its whole process group killed if it has not ended within a bound."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        with suppress(subprocess.TimeoutExpired):
            process.wait(30)
    with_group_killed(process)
    if process.stdout is not None:
        process.stdout.close()


def with_group_killed(process: subprocess.Popen[str]) -> None:
    """Kill what is left of the server's process group (its planner processes included)."""
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(30)


def sync_playwright_or_skip() -> Any:
    """Playwright's sync API, or a skip where Chromium or Playwright is missing."""
    if not CHROMIUM.exists():
        pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    return sync_playwright


@contextmanager
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright."""
    sync_playwright = sync_playwright_or_skip()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        try:
            yield launched
        finally:
            launched.close()


def phone(launched: Any, *, width: int = 360, dark: bool = False) -> Any:
    """A phone-sized page (touch, 360 px wide unless told)."""
    context = launched.new_context(
        viewport={"width": width, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme="dark" if dark else "light",
    )
    return context.new_page()

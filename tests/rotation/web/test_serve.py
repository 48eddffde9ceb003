"""`chicago serve`: the links it prints, the QR code, the refusal of a port in use, and the start-up cost
it must not add to other commands."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rotation.cli import app
from tests.conftest import modules_loaded, packages
from tests.rotation.web.conftest import Evening


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

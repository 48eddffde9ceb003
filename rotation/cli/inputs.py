"""What the host names on the command line, bounded where it is read: a file is read without ever
blocking (a FIFO with no writer, a terminal or a device is refused, not waited on), and a path or an
address is never longer than the system or a QR code can take. Each refusal is one line and exit 2."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Final

from rotation.cli.common import FAILURE, fail

MAX_PATH: Final = 4096
"""Bytes in a path (Linux's PATH_MAX): no longer path can be opened, so none is tried."""

MAX_PATH_PART: Final = 255
"""Bytes between two slashes of a path (NAME_MAX on every common file system)."""

MAX_URL: Final = 300
"""Characters in --live: a scheme, a host name (at most 253) and a port; a table's link adds about 80,
and the whole must fit a QR code a phone reads from a printed card."""

QUOTED: Final = 60
"""Characters of a refused text quoted back in its error line."""


def clipped(text: str) -> str:
    """``text`` quoted for an error line, its middle cut when it is long (a line, not a screenful)."""
    if len(text) <= QUOTED:
        return repr(text)
    return repr(text[: QUOTED // 2] + "..." + text[-QUOTED // 3 :])


def check_path(text: str | os.PathLike[str], option: str = "") -> None:
    """Refuse a path no file system takes (longer than `MAX_PATH` bytes, or a part longer than
    `MAX_PATH_PART`), before anything tries to open it."""
    raw = os.fsencode(text)
    longest = max((len(part) for part in raw.split(b"/")), default=0)
    if len(raw) > MAX_PATH or longest > MAX_PATH_PART:
        fail(
            f"{option + ' ' if option else ''}{clipped(os.fsdecode(raw))} is not a path a file system takes"
            f" ({len(raw):,} bytes, {longest:,} between two slashes;"
            f" at most {MAX_PATH:,} and {MAX_PATH_PART})"
        )


def is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file (False, never an error, for a name too long or unreadable)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _kind(mode: int) -> str | None:
    """What a path that is not a regular file is, in a host's words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def _is_stdin(path: Path) -> bool:
    """Whether ``path`` is this process's standard input (``/dev/stdin``, ``/proc/self/fd/0``)."""
    try:
        return os.path.samestat(os.stat(path), os.fstat(0))
    except (OSError, ValueError):
        return False


def refuse_non_file(path: Path, option: str = "") -> None:
    """One line and exit 2 when ``path`` exists and is not a regular file (a FIFO, a device, a socket,
    a folder): opening one may block for ever, and none is a database or a session file."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return
    kind = _kind(mode)
    if kind is not None:
        fail(f"{option + ' ' if option else ''}{path} is {kind}, not a file")


def read_capped(path: Path, cap: int, what: str) -> bytes:
    """At most ``cap`` bytes of the regular file ``path`` (or of standard input, named ``/dev/stdin``,
    read as any filter reads it), never blocking: the file is opened without waiting for a writer and
    refused unless it is a regular file. More than ``cap`` bytes, or a file that is not there, is one
    line and exit 2."""
    check_path(path)
    data = sys.stdin.buffer.read(cap + 1) if _is_stdin(path) else _read_file(path, cap, what)
    if len(data) > cap:
        fail(f"{path} is more than {cap:,} bytes; {what} is smaller")
    return data


def _read_file(path: Path, cap: int, what: str) -> bytes:
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        from rotation.language import _

        fail(_("no such file: {path}").format(path=path))
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}", FAILURE)
    try:
        status = os.fstat(fd)
        kind = _kind(status.st_mode)
        if kind is not None:
            hint = " (to read a pipe, give /dev/stdin and pipe it in)" if kind.startswith("a pipe") else ""
            fail(f"{path} is {kind}, not {what}{hint}")
        if status.st_size > cap:
            fail(f"{path} is more than {cap:,} bytes; {what} is smaller")
        chunks, size = [], 0
        while size <= cap:
            chunk = os.read(fd, min(cap + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}", FAILURE)
    finally:
        os.close(fd)


def live_address(url: str) -> str:
    """The server's base address from --live: http(s)://host[:port], without a trailing slash; one line
    and exit 2 for anything else, a text too long for a QR code on a card included."""
    from urllib.parse import urlsplit

    text = url.strip()
    example = "like http://192.168.1.20:8013"
    if len(text) > MAX_URL:
        fail(
            f"--live takes the server's address, {example}: {len(text):,} characters is too long"
            f" (at most {MAX_URL})"
        )
    parts = urlsplit(text)
    try:
        port_ok = parts.port is None or parts.port > 0
    except ValueError:
        port_ok = False
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https") or not host or parts.query or parts.fragment or not port_ok:
        fail(f"--live takes the server's address, {example}, not {clipped(url)}")
    return text.rstrip("/")

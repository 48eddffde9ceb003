"""Running the live page: the links (with their tokens) to hand out, a QR code of the host's, the server.

The socket is bound before the links are printed, so `--port 0` prints the port the system chose and a
port already in use is one clear error rather than a traceback from the server.
"""

from __future__ import annotations

import socket
from pathlib import Path

DEFAULT_PORT = 8013


def lan_address() -> str:
    """This machine's address on the local network (the interface a packet out would leave by; nothing
    is sent), else the loopback address."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only picks the interface
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def bind(host: str, port: int) -> socket.socket:
    """A listening socket at host:port (OSError when the port is taken)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    return sock


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with block characters, for the host to scan off the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def run(db: Path, name: str, sock: socket.socket) -> None:
    """Serve until Ctrl-C."""
    import uvicorn

    from rotation.web.app import create_app

    config = uvicorn.Config(create_app(db, name), log_level="warning", proxy_headers=False)
    uvicorn.Server(config).run(sockets=[sock])

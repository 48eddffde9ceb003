"""Running the live page: the links (with their tokens) to hand out, a QR code of the host's, the server.

The socket is bound before the links are printed, so `--port 0` prints the port the system chose and a
port already in use is one clear error rather than a traceback from the server.

The server guards its file descriptors (a laptop may allow a process only 256): a connection that has not
sent a whole request within `REQUEST_TIMEOUT` seconds of opening, or of its last answer, is closed (a
silent or trickling socket, a phone gone to sleep), and connections past `MAX_CONNECTIONS` in all, or past
`MAX_PER_CLIENT` from one address, are closed as they come, so that one machine holding sockets open
(and opening another for each one closed) cannot crowd the phones out; the listening socket queues at
most `BACKLOG`. Every connection has TCP_NODELAY set, so an
answer written in two parts is not held back waiting for the client's acknowledgement.
"""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncio
    from collections import Counter

    import uvicorn
    from starlette.types import ASGIApp
    from uvicorn.protocols.http.h11_impl import H11Protocol

DEFAULT_PORT = 8013
REQUEST_TIMEOUT = 5.0
"""Seconds a connection may take to send a whole request (headers and body), from its opening or from the
answer before: a keep-alive connection left idle this long is closed too."""
MAX_CONNECTIONS = 128
"""Open connections at most: a club's phones need a few dozen; more are closed on arrival (and at the
limit a request is answered 503)."""
MAX_PER_CLIENT = 32
"""Open connections at most from one address: a phone's browser opens six at most, the host's laptop a
few more; the rest of `MAX_CONNECTIONS` stays for the other phones."""
BACKLOG = 64
"""Connections the system queues before the server accepts them."""


LOOPBACK = "127.0.0.1"
"""This computer only: the address served with --local, or when no network is found."""


def local_warning(*, asked_local: bool) -> str:
    """What the host is told when the links are for this computer only, and how to get links for phones."""
    from rotation.language import _

    if asked_local:
        said = _(
            "Warning: these links are for this computer only ({address}, as you asked for --local): no phone"
            " can open them, nor the QR codes on the host page and the table cards. For links phones on the"
            " Wi-Fi can open, start `chicago serve` without --local."
        )
    else:
        said = _(
            "Warning: these links are for this computer only ({address}, as no network was found): no phone"
            " can open them, nor the QR codes on the host page and the table cards. For links phones on the"
            " Wi-Fi can open, join the Wi-Fi the phones use, then start `chicago serve` again."
        )
    return said.format(address=LOOPBACK)


def lan_address() -> str:
    """This machine's address on the local network (the interface a packet out would leave by; nothing
    is sent), else the loopback address."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only picks the interface
        return str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    finally:
        probe.close()


def bind(host: str, port: int) -> socket.socket:
    """A listening socket at host:port (OSError when the port is taken)."""
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
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


def server(
    app: ASGIApp,
    *,
    request_timeout: float = REQUEST_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
    max_per_client: int = MAX_PER_CLIENT,
) -> uvicorn.Server:
    """A uvicorn server for ``app`` with the guards above (smaller ones in tests)."""
    import uvicorn

    config = uvicorn.Config(
        app,
        http=guarded_protocol(request_timeout, max_connections, max_per_client),
        log_level="warning",
        proxy_headers=False,
        server_header=False,
        timeout_keep_alive=max(1, round(request_timeout)),
        limit_concurrency=max_connections,
        backlog=BACKLOG,
    )
    return uvicorn.Server(config)


def guarded_protocol(request_timeout: float, max_connections: int, max_per_client: int) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol (h11) with TCP_NODELAY, a deadline for each whole request (uvicorn's
    keep-alive timeout starts only after an answer, and the next request's first byte cancels it: a socket
    that never sends, or trickles, would be kept for ever), and caps on open connections, in all and from
    one address. Only the four callbacks below are overridden, each calling uvicorn's own first."""
    from collections import Counter

    from uvicorn.protocols.http.h11_impl import H11Protocol

    per_client: Counter[str] = Counter()  # open connections by address, for this server's event loop

    class GuardedProtocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _address: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            _no_delay(transport)
            super().connection_made(transport)
            self._address = self.client[0] if self.client else ""
            per_client[self._address] += 1
            if len(self.connections) > max_connections or per_client[self._address] > max_per_client:
                transport.close()
                return
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._receiving_done():
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._address is not None:
                _let_go(per_client, self._address)
                self._address = None
            super().connection_lost(exc)

        def _receiving_done(self) -> bool:
            """A request is in hand, headers and body, and its answer not yet sent."""
            cycle = self.cycle
            return cycle is not None and not cycle.response_complete and not cycle.more_body

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self._receiving_done() and not self.transport.is_closing():
                self.transport.close()

    return GuardedProtocol


def _no_delay(transport: asyncio.Transport) -> None:
    """An answer written in two parts leaves at once (no wait for the client's acknowledgement)."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):  # the connection is already gone
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _let_go(per_client: Counter[str], address: str) -> None:
    """One connection from ``address`` closed: counted no more (an address with none, forgotten)."""
    per_client[address] -= 1
    if per_client[address] <= 0:
        del per_client[address]


def run(db: Path, name: str | None, sock: socket.socket) -> None:
    """Serve the evening ``name`` (None: the whole club) until Ctrl-C."""
    from rotation.web.app import create_app

    server(create_app(db, name)).run(sockets=[sock])

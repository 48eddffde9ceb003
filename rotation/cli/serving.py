"""`chicago serve`: the live evening page, for scoring at the table from phones."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from rotation.cli.app import app
from rotation.cli.common import FAILURE, db_path, fail, open_store
from rotation.language import N_

if TYPE_CHECKING:
    import socket

    from rotation.services.database import StoredSession


@app.command("serve")
def serve_command(
    name: Annotated[
        str | None,
        typer.Argument(help=N_("The saved session (`chicago plan ... --save NAME`); none: the whole club.")),
    ] = None,
    port: Annotated[
        int,
        typer.Option(
            "--port", "-p", min=0, max=65535, metavar="P", help=N_("The port to listen on (0: any free one).")
        ),
    ] = 8013,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan/--local",
            help=N_(
                "Listen on this machine's network address, for phones on the same Wi-Fi (the default),"
                " or with --local on 127.0.0.1, for this computer only (no phone can open its links)."
            ),
        ),
    ] = True,
    new_links: Annotated[
        bool,
        typer.Option("--new-links", help=N_("Make new tokens: every link handed out before stops working.")),
    ] = False,
) -> None:
    """Serve a saved evening to phones: a page per table to enter deals as played, the standings, each
    player's evening, and a host page. Prints one link a line and a QR code of the host's link; results
    entered on a phone are what `chicago tally NAME` shows. `chicago cards NAME --live URL` prints each
    table's link on its table card (a QR code in the PDF). Without a network (or with --local) the links
    are for this computer only, and it says so."""
    from rotation.services import evenings
    from rotation.web import serve

    with open_store(create=name is None) as store:
        stored = evenings.load_evening(store, name) if name is not None else None
    host = serve.lan_address() if lan else serve.LOOPBACK
    sock = _bound(host, port)
    bound = sock.getsockname()[1]
    path = db_path()
    try:
        urls = _links(stored, f"http://{host}:{bound}", renew=new_links)
    except BaseException:
        sock.close()
        raise
    for label, url in urls:
        typer.echo(f"{_label(label)}: {url}")
    typer.echo(serve.qr_text(urls[0][1]), nl=False)
    if host == serve.LOOPBACK:
        typer.echo(serve.local_warning(asked_local=not lan), err=True)
    typer.echo(_serving(stored, f"{host}:{bound}"))
    try:
        serve.run(path, stored.name if stored is not None else None, sock)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()


def _links(stored: StoredSession | None, base: str, *, renew: bool) -> tuple[tuple[str, str], ...]:
    """The links to print, ``(label, URL)``: the club's host and season links, or the evening's."""
    from rotation.services import club, evenings

    with open_store(create=False) as store:
        if stored is None:
            made = club.club_links(store, base, renew=renew)
            return (("host", made.host), ("season", made.season))
        return evenings.live_links(store, stored.id, base, renew=renew).links


LABELS = {"host": N_("host"), "season": N_("season"), "standings": N_("standings")}
"""The printed links' labels (the services name them in English, as keys), as a host reads them."""


def _label(label: str) -> str:
    """A link's label in the language spoken: ``host``, ``standings``, ``table 2``, ``season``."""
    from rotation.language import _

    if label.startswith("table ") and label.removeprefix("table ").isdigit():
        return _("table {number}").format(number=label.removeprefix("table "))
    return _(LABELS[label]) if label in LABELS else label


def _serving(stored: StoredSession | None, address: str) -> str:
    """``Serving Monday on 192.168.1.20:8013; Ctrl-C stops.`` (or the club)."""
    from rotation.language import _

    if stored is not None:
        return _("Serving {name} on {address}; Ctrl-C stops.").format(name=stored.name, address=address)
    return _("Serving the club on {address}; Ctrl-C stops.").format(address=address)


def _bound(host: str, port: int) -> socket.socket:
    """The server's socket, listening (one line and exit 1 when the port is not to be had)."""
    from rotation.language import _
    from rotation.web import serve

    try:
        return serve.bind(host, port)
    except OSError as error:
        fail(
            _("cannot listen on {address}: {reason}").format(
                address=f"{host}:{port}", reason=error.strerror or error
            ),
            FAILURE,
        )

"""`chicago serve`: the live evening page, for scoring at the table from phones."""

from __future__ import annotations

from typing import Annotated

import typer

from rotation.cli.app import app
from rotation.cli.common import FAILURE, db_path, fail, open_store


@app.command("serve")
def serve_command(
    name: Annotated[str, typer.Argument(help="The saved session (`chicago plan ... --save NAME`).")],
    port: Annotated[
        int,
        typer.Option(
            "--port", "-p", min=0, max=65535, metavar="P", help="The port to listen on (0: any free one)."
        ),
    ] = 8013,
    lan: Annotated[
        bool,
        typer.Option("--lan", help="Listen on this machine's network address, for phones on the same Wi-Fi."),
    ] = False,
    new_links: Annotated[
        bool, typer.Option("--new-links", help="Make new tokens: every link handed out before stops working.")
    ] = False,
) -> None:
    """Serve a saved evening to phones: a page per table to enter deals as played, the standings, each
    player's evening, and a host page. Prints one link a line and a QR code of the host's link; results
    entered on a phone are what `chicago tally NAME` shows. `chicago cards NAME --live URL` prints each
    table's link on its table card (a QR code in the PDF)."""
    from rotation.services import evenings
    from rotation.web import serve

    with open_store(create=False) as store:
        stored = evenings.load_evening(store, name)
    host = serve.lan_address() if lan else "127.0.0.1"
    try:
        sock = serve.bind(host, port)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}", FAILURE)
    bound = sock.getsockname()[1]
    path = db_path()
    try:
        with open_store(create=False) as store:
            urls = evenings.live_links(store, stored.id, f"http://{host}:{bound}", renew=new_links).links
    except BaseException:
        sock.close()
        raise
    for label, url in urls:
        typer.echo(f"{label}: {url}")
    typer.echo(serve.qr_text(urls[0][1]), nl=False)
    typer.echo(f"Serving {stored.name} on {host}:{bound}; Ctrl-C stops.")
    try:
        serve.run(path, stored.name, sock)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()

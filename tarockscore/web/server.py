"""Running the web front end: the app on a bound socket until Ctrl-C, and a QR code for a terminal (web layer).

The only module ``serve`` imports from the web stack: Starlette, uvicorn and segno are reached
from here and the web package, never from the command line, so no other command pays for them.
"""

from __future__ import annotations

import socket
from typing import TextIO

import segno
import uvicorn

from tarockscore.web.app import Settings, make_app
from tarockscore.web.site import Site

__all__ = ["Site", "run", "terminal_qr"]


def run(site: Site, sock: socket.socket, lang: str | None, base_url: str) -> None:
    """Serve the site on ``sock`` until Ctrl-C; the socket and the site's journal are closed after."""
    app = make_app(site, Settings(lang=lang, base_url=base_url))
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=2
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        site.journal.close()


def terminal_qr(url: str, out: TextIO) -> None:
    """The QR code of ``url``, drawn in the terminal's characters."""
    segno.make(url, error="m").terminal(out=out, compact=True)

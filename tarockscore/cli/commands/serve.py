"""``tarockscore serve``: the evening or the tournament day on the players' phones (CLI layer):
the site opened, the address bound, each table's address (and QR code) printed, run until Ctrl-C."""

import errno
import ipaddress
import json
import os
import re
import signal
import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

import tarockscore
from tarockscore import i18n
from tarockscore.cli import terminal
from tarockscore.cli.options import Wording, advised, language_given, ledger_path_of, read_option
from tarockscore.errors import N_, Collector, TarockError, UsageError, message, shown_path
from tarockscore.i18n import _

LOOPBACK = "127.0.0.1"
EVERYWHERE = ("0.0.0.0", "::")
# A ledger not found, said as serve takes it (its PATH; serve has no --ledger)
WORDING: Wording = {
    tarockscore.ways_out.NO_LEDGER: N_(
        "{path}: no ledger here; give serve an evening's ledger (`tarockscore new` starts one) or a tournament's folder"
    ),
    tarockscore.ways_out.NOT_A_LEDGER: N_(
        "{path}: not an evening's ledger; give serve an evening's ledger or a tournament's folder; nothing was read or written"
    ),
}
# A private address that a UDP socket is "connected" to, only to learn which of this machine's
# addresses faces the network: connecting a UDP socket sends nothing.
PROBE = ("10.255.255.255", 1)


def lan_address() -> str | None:
    """This machine's address on the venue's network, found without sending anything."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(PROBE)
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


# Why an address cannot be served, in the user's language where the system's words are known
NOT_SERVED = {
    errno.EADDRINUSE: N_("the port is in use"),
    errno.EACCES: N_("the port is not open to this user"),
    errno.EADDRNOTAVAIL: N_("not an address of this machine"),
    socket.EAI_NONAME: N_("no machine of this name is known"),
}


def bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        # a port taken or not ours to take, else an address that is none of this machine's
        at_port = exc.errno in (errno.EADDRINUSE, errno.EACCES)
        raise UsageError(
            N_("{host}:{port}: cannot serve there ({why}); --port 0 takes a free port")
            if at_port
            else N_("{host}: cannot serve there ({why}); give an address of this machine, or 0.0.0.0"),
            where="--port" if at_port else "--host",
            host=host,
            port=port,
            why=message(NOT_SERVED[exc.errno]) if exc.errno in NOT_SERVED else exc.strerror or str(exc),
        ) from None
    sock.listen(128)
    return sock


def port_number(text: str) -> int:
    """A port as ``--port`` gives it: digits, 0 (a free one) to 65535."""
    if not re.fullmatch(r"[0-9]{1,5}", text.strip()) or int(text) > 65535:
        raise UsageError(
            N_("{text!r} is not a port; write it in digits, 0 to 65535 (0 takes a free one)"),
            where="--port",
            text=text,
        )
    return int(text)


def proxy_address(given: str) -> str:
    """The proxy's address as ``--proxy`` gives it: an IPv4 or IPv6 address, else refused."""
    try:
        return str(ipaddress.ip_address(given.strip().strip("[]")))
    except ValueError:
        raise UsageError(
            N_("{given!r}: not an IP address; give the proxy's address, e.g. --proxy 127.0.0.1"),
            where="--proxy",
            given=given,
        ) from None


def serve(
    path: Annotated[
        str | None,
        typer.Argument(
            help="An evening's ledger, or a tournament folder (every table of every drawn round); "
            "default: the evening's ledger, found as `show` finds it.",
            show_default=False,
        ),
    ] = None,
    host: Annotated[
        str,
        typer.Option("--host", help="The address to serve on; 0.0.0.0 serves the venue's network."),
    ] = LOOPBACK,
    port: Annotated[str, typer.Option("--port", help="The port; 0 takes a free one.")] = "8000",
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="The pages' language; default: each phone's own."),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print the addresses as one JSON line first (for scripts).")
    ] = False,
    proxy: Annotated[
        str | None,
        typer.Option(
            "--proxy",
            metavar=N_("ADDRESS"),
            help="The address of a reverse proxy in front of the server: its X-Forwarded-For and "
            "X-Forwarded-Proto are believed, no one else's; default: no one's.",
        ),
    ] = None,
) -> None:
    """Serve the evening or the tournament day to the phones at the tables: a page per table, a
    board for the projector, table cards to print. Ctrl-C stops it."""
    # SIGTERM (`kill`, a service manager's stop) ends it as Ctrl-C does, also while it starts: every
    # file it writes is replaced in one step, so nothing is half written
    term = signal.signal(signal.SIGTERM, signal.default_int_handler)
    out = sys.stderr if json_out else sys.stdout
    try:
        _serve(path, host, port, lang, json_out, proxy)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, term)
    print(_("stopped; every hand is in its ledger"), file=out, flush=True)


def _serve(
    path: str | None, host: str, port: str, lang: str | None, json_out: bool, proxy: str | None
) -> None:
    # The web stack is this command's alone: imported here, it would double every other command's start-up.
    from tarockscore.web import app as server  # noqa: PLC0415

    problems = Collector()  # every option refused, said at once
    if not host.strip():  # an unset "$HOST": never every network the laptop is on
        problems.add(
            "--host",
            N_(
                "{host!r}: empty; give the address to serve on (0.0.0.0: the venue's network), or leave the option out (127.0.0.1: this laptop only)"
            ),
            host=host,
        )
    number = read_option(problems, "--port", port_number, port)
    lang = read_option(problems, "--lang", language_given, lang)
    proxy = read_option(problems, "--proxy", proxy_address, proxy)
    problems.raise_if_any(UsageError)
    assert number is not None  # read above
    if lang is not None:
        i18n.use(lang)
    # every file the server makes (its codes' file, a ledger's lock) is its owner's alone
    os.umask(0o077)
    try:
        where = Path(path) if path is not None and Path(path).is_dir() else ledger_path_of(path)
        site = server.Site(where, warn=terminal.warn)
    except TarockError as exc:
        raise type(exc)([advised(p, WORDING) for p in exc.problems]) from None
    sock = bind(host, number)
    real_port = sock.getsockname()[1]
    shown = (lan_address() or LOOPBACK) if host in EVERYWHERE else host
    base = f"http://[{shown}]:{real_port}" if ":" in shown else f"http://{shown}:{real_port}"
    tables = [
        {
            "url": f"{base}{p.path}?code={site.code(p.key)}",
            "code": site.code(p.key),
            "ledger": str(p.evening.path),
            "round": p.round,
            "table": p.table,
        }
        for p in site.places()
    ]
    board = f"{base}/board"
    cards = f"{base}/cards?code={site.code('organiser')}"
    if json_out:
        typer.echo(
            json.dumps({"url": base, "board": board, "cards": cards, "tables": tables}, ensure_ascii=False)
        )
    out = sys.stderr if json_out else sys.stdout
    print(shown_path(_("Serving {name}").format(name=site.title)), file=out)
    for table in tables:
        if table["round"] is None:
            name = _("the table")
        else:
            name = _("Round {round}, table {table}").format(**table)
        print(f"{name}: {table['url']}", file=out)
        if not json_out and sys.stdout.isatty():
            server.terminal_qr(str(table["url"]), out)
    print(_("board: {url}").format(url=board), file=out)
    print(_("table cards (the organiser's code opens every table): {url}").format(url=cards), file=out)
    print(_("Ctrl-C stops the server."), file=out, flush=True)
    server.run(site, sock, lang, base, proxy)

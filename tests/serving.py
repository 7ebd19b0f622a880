"""A real ``serve`` for the browser tests: uvicorn on 127.0.0.1 (a free port) in a thread of the
test, its pages addressed by ``host`` (a name the browser maps to 127.0.0.1, so that they are no
secure context, as on a venue's network)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

import tarockscore
from tarockscore.web.app import Settings, make_app
from tarockscore.web.site import Site


class Server:
    """``serve`` of ``path``, polling its files every 0.2 s; :meth:`stop` ends it."""

    def __init__(self, path: Path, host: str = "127.0.0.1", **settings: Any) -> None:
        self.site = Site(path)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            make_app(self.site, Settings(poll_seconds=0.2, **settings)),
            log_level="warning",
            lifespan="off",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 60  # it starts in a fraction of a second, even under load
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        self.base = f"http://{host}:{self.port}"

    def url(self, key: str, code: str | None = "own", lang: str | None = None) -> str:
        """Table ``key``'s page: with its own code ("own"), another code, or none; in ``lang``."""
        query = []
        if code == "own":
            query.append(f"code={self.site.code(key)}")
        elif code:
            query.append(f"code={code}")
        if lang:
            query.append(f"lang={lang}")
        return f"{self.base}/t/{key}" + ("?" + "&".join(query) if query else "")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class KeptPhones:
    """Phones (browser contexts, each with its tab) kept for a module's tests: a test's phone costs no
    new context. ``make(key)`` makes the phone ``key`` the first time it is asked for."""

    def __init__(self, make: Callable[[Any], tuple[Any, Any]]) -> None:
        self.make = make
        self.phones: dict[Any, tuple[Any, Any]] = {}

    def take(self, key: Any) -> tuple[Any, Any]:
        if key not in self.phones:
            self.phones[key] = self.make(key)
        return self.phones[key]

    def tidy(self, key: Any, origin: str) -> None:
        """After a test: the phone's other tabs closed, its network back and what ``origin`` stored
        on it (local storage, IndexedDB) cleared."""
        context, tab = self.phones[key]
        for page in context.pages:
            if page != tab:
                page.close()
        context.set_offline(False)
        session = context.new_cdp_session(tab)
        session.send(
            "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb,local_storage"}
        )
        session.detach()

    def close(self) -> None:
        for context, _tab in self.phones.values():
            context.close()


def close_round(site: Site, folder: Path, round_number: int) -> None:
    """Every table of the round played to its game limit (a won Dreier a hand) and the round
    closed at the desk, as ``tournament close-round`` does."""
    for place in site.places():
        if place.round == round_number:
            for _ in range(place.games or 0):
                place.evening.record({"contract": "dreier", "declarer": place.players[0], "won": True})
    tarockscore.Tournament(folder).close_round(round_number)


# Each "name +points" of a hand's explanation, within its line, that the screen drew on more than
# one line (the name at a line's end, its points at the next one's start).
BROKEN_PAIRS = r"""
(names) => {
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp("(?:" + escaped.join("|") + ")[ \u00a0][+\u2212-]?\\d[\\d.,]*", "g");
  const pairs = [], broken = [];
  for (const line of document.querySelectorAll("section.explain p > span")) {
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    const nodes = [];
    let text = "";
    while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
    const at = (offset) => {
      for (let i = nodes.length - 1; i >= 0; i--) { if (nodes[i][1] <= offset) { return [nodes[i][0], offset - nodes[i][1]]; } }
    };
    for (const m of text.matchAll(pattern)) {
      const range = document.createRange();
      const [sn, so] = at(m.index), [en, eo] = at(m.index + m[0].length - 1);
      range.setStart(sn, so);
      range.setEnd(en, eo + 1);
      const rows = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
      pairs.push(m[0]);
      if (rows.size > 1) { broken.push(m[0]); }
    }
  }
  return { pairs: pairs.length, broken };
}
"""

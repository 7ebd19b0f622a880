"""Large TOML parsed on two cores: a second Python process parses a share of the text (I/O layer).

``tomllib`` is pure Python and parses about 4 MB a second, so a season of a thousand ledgers,
or one ledger of ten thousand hands, spends most of its time there. Where the machine has a
second core and the text is large, a child process (the same interpreter, isolated: ``-I -S``,
nothing but ``tomllib`` and ``pickle`` imported) parses a share while this process parses the
rest; the child's mappings come back over a pipe.

This only ever saves time; it never decides anything. A text the child cannot parse comes back
as None, and any failure of the child (it cannot start, dies, answers garbage) means its share
is parsed here: the caller parses such a text itself, so every error is the one ``tomllib``
gives for the whole text. :func:`loads_split` cuts one ledger between two of its top-level
parts only where :func:`~tarockscore.files.ledger_text.parts` proves each part reads alone as
it reads in the whole, and joins the halves only where the join is what the whole would be.
"""

import contextlib
import os
import subprocess
import sys
import threading
import tomllib
from collections.abc import Generator, Sequence
from typing import IO, Any

from tarockscore.files.ledger_text import parts

# Below this many characters in all, one process is quicker: starting the child (about 20 ms)
# and carrying the mappings back cost more than half of the parse they save.
WORTH = 512 * 1024

# The child's share of the text: a little under half, as it starts about 20 ms later.
CHILD_SHARE = 0.47

# The child parses every text it is given, then sends the mappings one pickle at a time, so
# that the parent unpickles each only when it is asked for, not all of them at once.
_CHILD = """\
import pickle, sys, tomllib
texts = pickle.load(sys.stdin.buffer)
out = []
for i, text in enumerate(texts):
    texts[i] = None
    try:
        out.append(tomllib.loads(text))
    except Exception:
        out.append(None)
for i, item in enumerate(out):
    out[i] = None
    pickle.dump(item, sys.stdout.buffer, protocol=pickle.HIGHEST_PROTOCOL)
"""


def cores() -> int:
    """The cores this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def _loads(text: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(text)
    except Exception:  # every kind of failure is reported by the caller's own parse of the text
        return None


def _feed(pipe: IO[bytes], payload: bytes) -> None:
    # A child that is gone closed the pipe: its share is parsed here.
    with contextlib.suppress(OSError):
        try:
            pipe.write(payload)
        finally:
            pipe.close()


def _start(texts: Sequence[str]) -> tuple[subprocess.Popen[bytes], threading.Thread] | None:
    """The child, already fed ``texts`` by a thread of its own; None where it cannot start."""
    import pickle  # noqa: PLC0415 - only a large file needs it: 2 ms that a small command never pays

    if not sys.executable or getattr(sys, "frozen", False):  # no interpreter to start, or a bundled one
        return None
    try:
        child = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _CHILD],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
    except OSError:
        return None
    assert child.stdin is not None
    feeder = threading.Thread(
        target=_feed, args=(child.stdin, pickle.dumps(list(texts), pickle.HIGHEST_PROTOCOL)), daemon=True
    )
    feeder.start()
    return child, feeder


def _answers(
    started: tuple[subprocess.Popen[bytes], threading.Thread], texts: Sequence[str]
) -> Generator[dict[str, Any] | None, None, None]:
    """The child's mapping of each of ``texts``, one by one as it sends them; from the first it
    does not give (it died, or answered what is no mapping), the texts are parsed here."""
    import pickle  # noqa: PLC0415 - see _start

    child, feeder = started
    assert child.stdout is not None
    given = 0
    try:
        for _ in texts:
            item = pickle.load(child.stdout)
            if item is not None and type(item) is not dict:
                break
            given += 1
            yield item
    except Exception:  # a child that died mid-answer: the rest of its share is parsed here
        pass
    finally:
        _stop(started, answered=given == len(texts))
    yield from map(_loads, texts[given:])


def _stop(started: tuple[subprocess.Popen[bytes], threading.Thread], *, answered: bool = False) -> None:
    """The child reaped: killed first unless it has ``answered`` everything it was given (a
    killed child's feeder finds the pipe closed and ends)."""
    child, feeder = started
    if not answered:
        child.kill()
    child.wait()
    feeder.join()
    if child.stdout is not None:
        child.stdout.close()


def loads_many(
    texts: Sequence[str], share: float = CHILD_SHARE
) -> Generator[dict[str, Any] | None, None, None]:
    """``tomllib.loads`` of each text, in order; None for a text that does not parse.

    Where that pays (:data:`WORTH`), the last texts, about ``share`` of all the characters, go
    to a second process at once, and the first are parsed here one by one as they are asked
    for: a caller that does more with each text than parse it (builds a ledger of it) works on
    while the child parses, and gives the child a larger share. Where the last text alone is
    more than that share (one ledger of a season is most of it), that text is cut in two
    (:func:`loads_split`).
    """
    total = sum(len(t) for t in texts)
    if total < WORTH or cores() < 2:
        yield from map(_loads, texts)
        return
    split, behind = len(texts), 0
    while split > 1 and behind + len(texts[split - 1]) <= total * share:
        split -= 1
        behind += len(texts[split])
    if split == len(texts):  # the last text alone is more than the share: it is cut in two
        yield from map(_loads, texts[:-1])
        yield _whole_or_halves(texts[-1])
        return
    started = _start(texts[split:])
    if started is None:
        yield from map(_loads, texts)
        return
    done = False
    try:
        yield from map(_loads, texts[:split])
        yield from _answers(started, texts[split:])
        done = True
    finally:
        if not done:  # the caller stopped early: the child's answers are not wanted
            _stop(started)


def _whole_or_halves(text: str) -> dict[str, Any] | None:
    halves = loads_split(text)
    return halves if halves is not None else _loads(text)


def loads_split(text: str) -> dict[str, Any] | None:
    """The mapping of one large TOML text, its two halves parsed on two cores; None where the
    text is small, cannot be cut safely, or either half does not parse (the caller then parses
    it whole, and reports what is wrong exactly as ``tomllib`` does)."""
    if len(text) < WORTH or cores() < 2:
        return None
    split = parts(text)
    if split is None or len(split[1]) < 2:
        return None
    lead, pieces = split
    # Cut before the first part that starts past the parent's share.
    at, cut = len(lead), len(pieces)
    for i, (_name, _aot, piece) in enumerate(pieces):
        if at >= len(text) * (1 - CHILD_SHARE):
            cut = i
            break
        at += len(piece)
    if cut == 0 or cut == len(pieces):
        return None
    first, second = _loads_pair(text[:at], text[at:])
    if first is None or second is None:
        return None
    return _join(first, second, pieces[:cut], pieces[cut:])


def _loads_pair(first: str, second: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The first text parsed here and the second in the child, at the same time."""
    started = _start([second])
    own = _loads(first)
    if started is None:
        return own, _loads(second)
    answers = _answers(started, [second])
    theirs = next(answers)
    answers.close()
    return own, theirs


def _join(
    first: dict[str, Any],
    second: dict[str, Any],
    before: Sequence[tuple[str, bool, str]],
    after: Sequence[tuple[str, bool, str]],
) -> dict[str, Any] | None:
    """The two halves as the whole text reads: the second's new tables added, an array of tables
    that both halves hold (``[[hand]]``) continued. None where the whole would not read (a
    table given in both halves, or a name the first half holds other than as such an array)."""
    arrays_before = {name for name, aot, _ in before if aot}
    tables = {name for name, aot, _ in (*before, *after) if not aot}
    out = dict(first)
    for key, value in second.items():
        if key not in out:
            out[key] = value
        elif key in arrays_before and key not in tables and type(out[key]) is list and type(value) is list:
            out[key] = out[key] + value
        else:
            return None
    return out

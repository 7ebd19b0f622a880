"""Reading hand files (I/O layer): a path or ``-`` for standard input, as a plain mapping."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

from tarockscore.errors import HandError


def read_hand_text(source: str) -> tuple[str, str]:
    """The text of a hand file and the name to report problems under."""
    if source == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        path = Path(source)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise HandError(f"hand file {source!r} not found") from None
        except IsADirectoryError:
            raise HandError(f"{source!r} is a folder, not a hand file") from None
        except OSError as exc:
            raise HandError(f"{source}: cannot read: {exc.strerror}") from None
        name = source
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as exc:
        raise HandError(f"{name}: not UTF-8 text (byte {exc.start})") from None


def parse_hand_text(text: str, name: str) -> dict[str, Any]:
    if not text.strip():
        raise HandError(f"{name}: the hand file is empty")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HandError(f"{name}: not valid TOML: {exc}") from None


def read_hand_mapping(source: str) -> tuple[dict[str, Any], str]:
    text, name = read_hand_text(source)
    return parse_hand_text(text, name), name

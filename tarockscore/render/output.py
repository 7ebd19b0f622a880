"""The one output path: a command's result as a view, turned into a table, JSON, CSV or HTML (rendering layer).

A front end asks the library for a result, asks ``render`` for its view, and prints
``rendered(view, fmt)``: every command that prints a table offers the same formats the same way,
and the shapes of its JSON and CSV are built here in ``render/``, beside its table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import StrEnum
from html import escape
from typing import Any, NamedTuple

from tarockscore.errors import N_, UsageError
from tarockscore.i18n import current
from tarockscore.render.hand import csv_text, dumps

#: A CSV table: its header row and its rows (cells made safe for spreadsheets when written).
CsvTable = tuple[Sequence[str], Sequence[Sequence[Any]]]


class OutputFormat(StrEnum):
    """The formats a command's result can be printed in (``--format``; ``--json``, ``--csv``)."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    HTML = "html"


class Lines(NamedTuple):
    """A table's text written line by line as it is printed, never held whole (``show``'s sheet)."""

    lines: Iterable[str]


class View(NamedTuple):
    """A result as it can be shown: each format a function, called only when that format is asked for.

    ``table`` is the text for a person; ``json`` the data ``json.dumps`` writes
    (docs/machine-output.md); ``csv`` the header and rows; ``html`` one printable page.
    """

    table: Callable[[], str | Lines]
    json: Callable[[], Any] | None = None
    csv: Callable[[], CsvTable] | None = None
    html: Callable[[], str] | None = None

    @property
    def formats(self) -> tuple[OutputFormat, ...]:
        given = {
            OutputFormat.TABLE: self.table,
            OutputFormat.JSON: self.json,
            OutputFormat.CSV: self.csv,
            OutputFormat.HTML: self.html,
        }
        return tuple(f for f, made in given.items() if made is not None)


def page(title: str, css: str, body: Sequence[str]) -> str:
    """One printable HTML page in the reader's language: ``body`` is markup already escaped, the
    title is escaped here."""
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{current()}">',
            "<head>",
            '<meta charset="utf-8">',
            f"<title>{escape(title)}</title>",
            f"<style>\n{css}\n</style>",
            "</head>",
            "<body>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )


class Streamed(NamedTuple):
    """A JSON array of a view written item by item as it is printed, never held whole (the hands
    of ``show --json``); the text is exactly what ``json.dumps`` of the list would write."""

    items: Iterable[Any]


def _indented(value: Any, pad: str) -> str:
    """``dumps(value)`` (indented by 2, each line after the first led by ``pad``), written without
    ``json``'s indenting encoder, whose closures are reference cycles: with the collector off while
    a command runs, each of a hundred thousand hands would leave one behind."""
    if type(value) is int:
        return str(value)
    if value is None or type(value) is bool:
        return _SCALARS[value]
    if type(value) is str:
        return _encode(value)
    inner = pad + "  "
    if isinstance(value, dict) and value:
        items = (f"{inner}{_encode(k)}: {_indented(v, inner)}" for k, v in value.items())
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list | tuple) and value:
        return "[\n" + ",\n".join(inner + _indented(v, inner) for v in value) + "\n" + pad + "]"
    return _encode(value)


_SCALARS: dict[Any, str] = {None: "null", True: "true", False: "false"}
_encode = json.JSONEncoder(ensure_ascii=False).encode


def _json_parts(value: Any, level: int = 0) -> Iterator[str]:
    """``dumps(value)`` in parts, each :class:`Streamed` array made an item at a time."""
    pad = "\n" + "  " * level
    if isinstance(value, Streamed):
        opened = False
        for item in value.items:
            yield ("," if opened else "[") + pad + "  " + _indented(item, pad[1:] + "  ")
            opened = True
        yield pad + "]" if opened else "[]"
    elif isinstance(value, dict) and any(isinstance(v, Streamed) for v in value.values()):
        for i, (key, item) in enumerate(value.items()):
            yield ("," if i else "{") + pad + "  " + json.dumps(key, ensure_ascii=False) + ": "
            yield from _json_parts(item, level + 1)
        yield pad + "}"
    else:
        yield dumps(value).replace("\n", pad)


def parts(view: View, fmt: OutputFormat = OutputFormat.TABLE, size: int = 1 << 16) -> Iterator[str]:
    """:func:`rendered` in parts of about ``size`` characters, to print as they are made."""
    made = view.table() if fmt is OutputFormat.TABLE else None
    if isinstance(made, str):
        yield made + "\n"
        return
    lines: Iterable[str]
    if made is not None:
        lines = (line + "\n" for line in made.lines)
    elif fmt is OutputFormat.JSON and view.json is not None:
        lines = _json_parts(view.json())
    else:
        yield rendered(view, fmt)
        return
    held: list[str] = []
    length = 0
    for part in lines:
        held.append(part)
        length += len(part)
        if length >= size:
            yield "".join(held)
            held, length = [], 0
    yield "".join(held) + ("\n" if fmt is OutputFormat.JSON else "")


def rendered(view: View, fmt: OutputFormat = OutputFormat.TABLE) -> str:
    """The view in ``fmt``, as printed (the table with a newline after it; the page, JSON and CSV end in their own); a format the view does not have is a usage error
    naming ``--format`` and the formats it has."""
    if fmt is OutputFormat.TABLE:
        made = view.table()
        return "\n".join(made.lines) + "\n" if isinstance(made, Lines) else made + "\n"
    if fmt is OutputFormat.JSON and view.json is not None:
        return "".join(_json_parts(view.json())) + "\n"
    if fmt is OutputFormat.CSV and view.csv is not None:
        headers, rows = view.csv()
        return csv_text(headers, rows)
    if fmt is OutputFormat.HTML and view.html is not None:
        return view.html()
    raise UsageError(
        N_("{fmt!r}: this command prints {formats}"),
        fmt=fmt.value,
        formats=", ".join(f.value for f in view.formats),
        where="--format",
    )

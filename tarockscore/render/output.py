"""The one output path: a command's result as a view, turned into a table, JSON, CSV or HTML (rendering layer)."""

import base64
import csv
import hashlib
import io
import json
import re
from collections.abc import Callable, Sequence
from enum import StrEnum
from html import escape
from typing import Any, NamedTuple

from tarockscore.errors import N_, UsageError
from tarockscore.i18n import current

#: A CSV table: its header row and its rows (cells made safe for spreadsheets when written).
CsvTable = tuple[Sequence[str], Sequence[Sequence[Any]]]


class OutputFormat(StrEnum):
    """The formats a command's result can be printed in (``--format``; ``--json``, ``--csv``)."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    HTML = "html"


class View(NamedTuple):
    """A result as it can be shown: each format a function, called only when that format is asked for."""

    table: Callable[[], str]
    json: Callable[[], Any] | None = None
    csv: Callable[[], CsvTable] | None = None
    html: Callable[[], str] | None = None


def style_text(css: str) -> str:
    """The text of a page's ``<style>`` element, as :func:`page` writes it."""
    return f"\n{css}\n"


def style_hash(css: str) -> str:
    """The Content-Security-Policy source that lets a server send :func:`page`'s style and no other."""
    digest = hashlib.sha256(style_text(css).encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def page(title: str, css: str, body: Sequence[str]) -> str:
    """One printable HTML page in the reader's language: ``body`` is markup already escaped."""
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{current()}">',
            "<head>",
            '<meta charset="utf-8">',
            f"<title>{escape(title)}</title>",
            f"<style>{style_text(css)}</style>",
            "</head>",
            "<body>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )


# A spreadsheet reads a cell that begins with one of these as a formula (=HYPERLINK(…), +SUM(…),
# @A1, -1+1) or a hidden control character; such a cell is written with a leading apostrophe.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = r"[+-]?[0-9]+(?:[.,/][0-9]+)?"


class Name(str):
    """A CSV cell that is a name, however it reads: a player called ``+7`` or ``-1`` is no number."""

    __slots__ = ()


def csv_cell(value: Any) -> Any:
    """The value as a CSV cell that no spreadsheet runs or reads as a number it is not (see
    :data:`FORMULA_STARTS`): a plain number as it is, a :class:`Name` never."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    return "'" + value if isinstance(value, Name) or not re.fullmatch(_NUMBER, value) else value


def rendered(view: View, fmt: OutputFormat = OutputFormat.TABLE) -> str:
    """The view in ``fmt``, as printed; a format the view does not have is a usage error."""
    if fmt is OutputFormat.TABLE:
        return view.table() + "\n"
    if fmt is OutputFormat.JSON and view.json is not None:
        return json.dumps(view.json(), indent=2, ensure_ascii=False) + "\n"
    if fmt is OutputFormat.CSV and view.csv is not None:
        headers, rows = view.csv()  # every cell neutralised by csv_cell
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerows([csv_cell(v) for v in row] for row in [headers, *rows])
        return buffer.getvalue()
    if fmt is OutputFormat.HTML and view.html is not None:
        return view.html()
    raise UsageError(
        N_("{fmt!r}: this command prints {formats}"),
        fmt=fmt.value,
        # each format is the view's field of its name
        formats=", ".join(f.value for f in OutputFormat if getattr(view, f.value) is not None),
        where="--format",
    )

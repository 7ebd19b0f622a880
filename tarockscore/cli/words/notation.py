"""The table's notations for money and dates, read at the command line (CLI layer).

A stake is written as the table writes money, with a decimal comma (``0,10``) or a dot
(``0.10``); a date as ISO ``2025-03-14`` or as Austria writes it, ``14.03.2025``. Nothing looser:
anything else goes on to the strict readers, which refuse it with the forms they accept.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import typer

import tarockscore
from tarockscore.errors import N_, message
from tarockscore.i18n import _

# ASCII digits only ([0-9], not \d: that also takes Arabic-Indic and other digits), and \Z, not $,
# which would also match before a final line break.
# Compiled on first use (re keeps them): most commands never read a stake, a date or a number.
_COMMA_AMOUNT = r"\s*([0-9]+),([0-9]{1,2})\s*\Z"
_ISO_DATE = r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z"
_TABLE_DATE = r"([0-9]{2})\.([0-9]{2})\.([0-9]{4})\Z"
_HAND_NUMBER = r"[0-9]{1,7}\Z"
DATE_FORMS = message(N_("YYYY-MM-DD or DD.MM.YYYY, e.g. 2025-03-14 or 14.03.2025"))


def stake_text(text: str) -> str:
    """``"0,10"`` → ``"0.10"``: a decimal comma with one or two decimals; anything else unchanged."""
    if m := re.match(_COMMA_AMOUNT, text):
        return f"{m.group(1)}.{m.group(2)}"
    return text


def stake_amount(text: str) -> Decimal:
    """A stake typed at the command line, ``0,10`` or ``0.10``; ValueError shows the comma form."""
    return tarockscore.parse_stake(stake_text(text), "0,10")


def table_date(text: str) -> dt.date:
    """A date written ``2025-03-14`` or ``14.03.2025``; ValueError names both forms."""
    value = text.strip()
    if m := re.match(_ISO_DATE, value):
        year, month, day = (int(g) for g in m.groups())
    elif m := re.match(_TABLE_DATE, value):
        day, month, year = (int(g) for g in m.groups())
    else:
        raise ValueError(
            message(N_("{text!r} is not a date; write it as {forms}"), text=text, forms=DATE_FORMS)
        )
    try:
        return dt.date(year, month, day)
    except ValueError as exc:
        raise ValueError(
            message(
                N_("{text!r} is not a date ({why}); write it as {forms}"),
                text=text,
                why=str(exc),
                forms=DATE_FORMS,
            )
        ) from None


def hand_number(text: str) -> int:
    """A hand's number as ``show`` lists it: ASCII digits, 1 or more (no ``1_000``, ``1e2``, ``+3``)."""
    value = text.strip()
    if not re.match(_HAND_NUMBER, value) or int(value) < 1:
        raise typer.BadParameter(
            _("{text!r} is not a hand number; write it in digits, 1 or more, e.g. 3").format(text=text)
        )
    return int(value)

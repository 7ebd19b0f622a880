"""Stakes and dates as the table writes them (``0,10`` or ``0.10``; ``14.03.2025`` or ``2025-03-14``),
read by the command line's options and the offline app alike (views layer)."""

import calendar
import datetime as dt
import re
from decimal import Decimal

import tarockscore
from tarockscore.errors import N_, message

# ASCII digits only ([0-9], not \d: that also takes other scripts' digits); \Z, not $ (a final line break).
_COMMA_AMOUNT = r"\s*([0-9]+),([0-9]{1,2})\s*\Z"
# whole euros as a German sheet writes them: "1,-" (a hyphen, an en dash or two hyphens for the cents)
_WHOLE_AMOUNT = r"\s*([0-9]+),(?:-|--|\u2013)\s*\Z"
# the currency, before or after the amount: the sign or its code
_CURRENCY_BEFORE = re.compile(r"\A(?:€|EUR)", re.IGNORECASE)
_CURRENCY_AFTER = re.compile(r"(?:€|EUR)\Z", re.IGNORECASE)
_ISO_DATE = r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z"
_TABLE_DATE = r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})\Z"  # 14.03.2025, or 5.3.2026 as a sheet writes it
DATE_FORMS = message(N_("YYYY-MM-DD or DD.MM.YYYY, e.g. 2025-03-14 or 14.03.2025"))


def stake_text(text: str) -> str:
    """``"0,10"`` → ``"0.10"``, ``1,-`` → ``1``, the euro before or after it (``€ 0,10``, ``0,10 EUR``)
    taken off; anything else unchanged."""
    bare = _CURRENCY_AFTER.sub("", _CURRENCY_BEFORE.sub("", text.strip()).strip()).strip()
    if m := re.match(_COMMA_AMOUNT, bare):
        return f"{m.group(1)}.{m.group(2)}"
    if m := re.match(_WHOLE_AMOUNT, bare):
        return m.group(1)
    return bare if bare[:1].isdigit() else text  # a refusal quotes what was typed


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
    if year < dt.MINYEAR:
        why = message(N_("there is no year {year}"), year=year)
    elif not 1 <= month <= 12:
        why = message(N_("there is no month {month}"), month=month)
    elif not 1 <= day <= (days := calendar.monthrange(year, month)[1]):
        why = message(N_("month {month} of {year} has {days} days"), month=month, year=year, days=days)
    else:
        return dt.date(year, month, day)
    raise ValueError(
        message(
            N_("{text!r} is not a date ({why}); write it as {forms}"), text=text, why=why, forms=DATE_FORMS
        )
    )

"""Stakes and dates as the table writes them (``0,10`` or ``0.10``; ``14.03.2025`` or ``2025-03-14``),
read alike by the command line's options and the offline app's new evening (views layer: the
notation the views write, read back)."""

import datetime as dt
import re
from decimal import Decimal

import tarockscore
from tarockscore.errors import N_, message

# ASCII digits only ([0-9], not \d: that also takes other scripts' digits); \Z, not $ (a final line break).
_COMMA_AMOUNT = r"\s*([0-9]+),([0-9]{1,2})\s*\Z"
_ISO_DATE = r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z"
_TABLE_DATE = r"([0-9]{2})\.([0-9]{2})\.([0-9]{4})\Z"
DATE_FORMS = message(N_("YYYY-MM-DD or DD.MM.YYYY, e.g. 2025-03-14 or 14.03.2025"))


def stake_text(text: str) -> str:
    """``"0,10"`` → ``"0.10"``: a decimal comma with one or two decimals, the euro sign a German sheet
    writes before it (``€ 0,10``) or after it taken off; anything else unchanged."""
    bare = text.strip().removeprefix("€").removesuffix("€").strip()
    if m := re.match(_COMMA_AMOUNT, bare):
        return f"{m.group(1)}.{m.group(2)}"
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
        raise ValueError(
            message(
                N_("{text!r} is not a date (no year {year}); write it as {forms}"),
                text=text,
                year=year,
                forms=DATE_FORMS,
            )
        )
    if not 1 <= month <= 12:
        raise ValueError(
            message(
                N_("{text!r} is not a date (no month {month}); write it as {forms}"),
                text=text,
                month=month,
                forms=DATE_FORMS,
            )
        )
    try:
        return dt.date(year, month, day)
    except ValueError:  # Python's reason is English: said in the reader's words
        raise ValueError(
            message(
                N_("{text!r} is not a date (that month has no day {day}); write it as {forms}"),
                text=text,
                day=day,
                forms=DATE_FORMS,
            )
        ) from None

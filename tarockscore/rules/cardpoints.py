"""Card points: parse and render exact values counted in thirds (core layer, no I/O)."""

from __future__ import annotations

import re
from fractions import Fraction

from tarockscore.errors import N_, message

# Compiled on first use (re keeps them): a command that meets no card points written as text
# never compiles them.
_MIXED = r"^\s*(\d+)\s+(\d+)\s*/\s*(\d+)\s*$"
_FRACTION = r"^\s*(\d+)\s*/\s*(\d+)\s*$"
_BLATT = r"^\s*(\d+)\s+(\d+)\s*$"
_WHOLE = r"^\s*(\d+)\s*$"
_VULGAR = {"⅓": Fraction(1, 3), "⅔": Fraction(2, 3)}

# A card counts a third of a point; the score block writes the odd cards ("Blatt") after the
# points: "35/2" or "35 2" is 35 points and 2 Blatt, 35 2/3.
BLATT = 3
FORMS = message(N_('"35 2/3", "35/2" or "35 2" (35 points and 2 Blatt), or a whole number'))


def _refuse(value: object, why: str = "") -> ValueError:
    """The error for ``value``; ``why`` (a :class:`Message` clause, or empty) says what is wrong."""
    return ValueError(
        message(
            N_("{value!r} is not a card point count{why}; write {forms}"), value=value, why=why, forms=FORMS
        )
    )


def parse_points(value: object) -> Fraction:
    """Read card points from an int or a string: ``"35 2/3"``, ``"35/2"`` and ``"35 2"`` (35 points
    and 2 Blatt), ``"107/3"``, ``"35⅔"``.

    Raises ValueError with a message naming what is allowed; never accepts a float, because
    a binary float cannot hold a third.
    """
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _refuse(value)
    if isinstance(value, int):
        return Fraction(value)
    text = value.strip()
    if len(text) > 40:  # "35 2/3" is six characters; 4,300 digits would not even convert
        raise ValueError(
            message(
                N_("{start!r}… ({length} characters) is not a card point count"),
                start=text[:20],
                length=len(text),
            )
        )
    if text.isascii() and text.isdigit():  # the common case, before any pattern
        return Fraction(int(text))
    for glyph, third in _VULGAR.items():
        if text.endswith(glyph) and re.match(_WHOLE, text[:-1] or "0"):
            return Fraction(int(text[:-1] or "0")) + third
    if m := re.match(_WHOLE, text):
        return Fraction(int(m.group(1)))
    if m := re.match(_MIXED, text):
        whole, num, den = (int(g) for g in m.groups())
        if den == 0 or num >= den:
            raise _refuse(value, message(N_(": the fraction part must be a proper fraction such as 2/3")))
        return whole + Fraction(num, den)
    if m := re.match(_BLATT, text):
        whole, blatt = (int(g) for g in m.groups())
        if blatt >= BLATT:
            raise _refuse(
                value,
                message(
                    N_(": {blatt} Blatt make {more} more point; the Blatt are 0, 1 or 2"),
                    blatt=blatt,
                    more=blatt // BLATT,
                ),
            )
        return whole + Fraction(blatt, BLATT)
    if m := re.match(_FRACTION, text):
        num, den = (int(g) for g in m.groups())
        if den < BLATT:  # "35/2": points and Blatt
            return num + Fraction(den, BLATT)
        if den == BLATT:  # "107/3", "2/3": thirds
            return Fraction(num, den)
        raise _refuse(value, message(N_(": after the slash come the Blatt, 0, 1 or 2")))
    raise _refuse(value)


def render_points(points: Fraction) -> str | int:
    """The inverse of :func:`parse_points`: an int when whole, else ``"35 2/3"``."""
    if points.denominator == 1:
        return int(points)
    whole = points.numerator // points.denominator
    rest = points - whole
    return f"{whole} {rest.numerator}/{rest.denominator}" if whole else f"{rest.numerator}/{rest.denominator}"

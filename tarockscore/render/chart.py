"""The running totals of an evening or a season as a self-contained SVG (rendering layer, pure):
a player not at a table has a gap there; every coordinate is exact and rounded once, so the same
totals always give the same file byte for byte."""

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import accumulate, groupby
from typing import Any, NamedTuple

from tarockscore.errors import N_, Message, escape_unprintable, message
from tarockscore.i18n import _


def escape(text: str) -> str:
    """Text for an SVG element: XML-escaped, every character XML forbids written as ``\\uXXXX``."""
    return html.escape(escape_unprintable(text, keep=""), quote=False)


def quoteattr(text: str) -> str:
    return '"' + html.escape(escape_unprintable(text, keep="")) + '"'


WIDTH = 800
HEIGHT = 500
# The plot area; the legend sits to the right of it, the axis labels below and to the left.
LEFT, RIGHT, TOP, BOTTOM = 80, 620, 50, 430

# Distinct, colour-blind-friendlier hues (no grey: the grid is grey). A sixth player and more
# repeat the colours with a dash pattern.
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
DASHES = ("", "8 4", "2 3")


class Marker(NamedTuple):
    """A vertical line before hand ``after + 1``: where one evening ends and the next begins."""

    after: int
    label: str


class Layout(NamedTuple):
    """Where everything goes: the scales and each player's polyline, in integer pixels."""

    hands: int
    low: int
    high: int
    y_step: int
    x_step: int
    players: tuple[str, ...]
    totals: Mapping[str, tuple[int, ...]]  # totals[p][i]: after hand i (totals[p][0] = 0)
    present: Mapping[str, tuple[bool, ...]]  # present[p][i - 1]: p was at the table for hand i

    def x(self, hand: int) -> int:
        if self.hands == 0:
            return LEFT
        return LEFT + round(Fraction(hand * (RIGHT - LEFT), self.hands))

    def y(self, value: int) -> int:
        return BOTTOM - round(Fraction((value - self.low) * (BOTTOM - TOP), self.high - self.low))

    def segments(self, player: str) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The player's line in pieces: one per run of hands the player was at the table for."""
        totals, present = self.totals[player], self.present[player]
        out = []
        for here, run in groupby(range(1, self.hands + 1), key=lambda i: present[i - 1]):
            if here:
                hands = list(run)  # each from the total before the first of them
                out.append(tuple((self.x(i), self.y(totals[i])) for i in [hands[0] - 1, *hands]))
        return tuple(out)

    def standing(self) -> tuple[str, ...]:
        """The players by their final total, highest first; equal totals in seat order."""
        return tuple(sorted(self.players, key=lambda p: -self.totals[p][-1]))

    def colour(self, player: str) -> str:
        return COLOURS[self.players.index(player) % len(COLOURS)]

    def dash(self, player: str) -> str:
        """The line's ``stroke-dasharray`` attribute ('' for a solid line)."""
        dash = DASHES[(self.players.index(player) // len(COLOURS)) % len(DASHES)]
        return f' stroke-dasharray="{dash}"' if dash else ""


def running_totals(
    players: Sequence[str], per_hand: Sequence[Mapping[str, int]]
) -> dict[str, tuple[int, ...]]:
    """Each player's total before the first hand (0) and after every hand."""
    return {p: tuple(accumulate((points.get(p, 0) for points in per_hand), initial=0)) for p in players}


def nice_step(span: int, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, … that divides ``span`` into at most ``most`` steps."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if span <= factor * step * most:
                return factor * step
        step *= 10


def layout(players: Sequence[str], per_hand: Sequence[Mapping[str, int]]) -> Layout:
    totals = running_totals(players, per_hand)
    present = {p: tuple(p in points for points in per_hand) for p in players}
    # The y-axis fits what is drawn: the start at 0 and every total a line reaches (a total
    # carried through a gap is drawn again where the player comes back).
    values = [0] + [t for p in players for t, here in zip(totals[p][1:], present[p], strict=True) if here]
    lo, hi = min(0, *values), max(0, *values)
    y_step = nice_step(max(hi - lo, 1), 8)
    low = (lo // y_step) * y_step
    high = max(-((-hi) // y_step) * y_step, low + y_step)  # at least one step above the lowest line
    n = len(per_hand)
    return Layout(
        hands=n,
        low=low,
        high=high,
        y_step=y_step,
        x_step=nice_step(max(n, 1), 12),
        players=tuple(players),
        totals=totals,
        present=present,
    )


# An evening's label: its size, and as wide as a character of it can be drawn (a digit of
# DejaVu Sans at 11 px is 7 px); labels keep this far apart.
LABEL_SIZE = 11
LABEL_CHAR = 7
LABEL_GAP = 6


def marker_labels(lay: Layout, markers: Sequence[Marker]) -> list[tuple[int | None, str]]:
    """Where each evening's label goes: right of its line, else left of it (anchored at its end), else
    nowhere (x None), so that no two overlap and none runs into the legend."""
    placed: list[tuple[int | None, str]] = []
    free = LEFT  # where the next label may begin
    for m in markers:
        x = lay.x(m.after)
        width = LABEL_CHAR * len(m.label)
        if x + 4 >= free and x + 4 + width <= RIGHT:
            placed.append((x + 4, "start"))
            free = x + 4 + width + LABEL_GAP
        elif x - 4 - width >= free and x - 4 <= RIGHT:
            placed.append((x - 4, "end"))
            free = x - 4 + LABEL_GAP
        else:
            placed.append((None, "start"))
    return placed


MINUS = "\u2212"  # the minus sign, not the hyphen-minus of code


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def chart_svg(
    players: Sequence[str],
    per_hand: Sequence[Mapping[str, int]],
    *,
    title: str,
    markers: Sequence[Marker] = (),
) -> str:
    """The SVG text: one polyline per player over the hand numbers, axes, grid, legend."""
    lay = layout(players, per_hand)
    levels = range(lay.low, lay.high + 1, lay.y_step)
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="13">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        f'<text x="{WIDTH // 2}" y="28" text-anchor="middle" font-size="17">{escape(title)}</text>',
        '<g class="grid" stroke="#dddddd" stroke-width="1">',
        *(f'<line x1="{LEFT}" y1="{lay.y(v)}" x2="{RIGHT}" y2="{lay.y(v)}"/>' for v in levels),
        "</g>",
        '<g class="y-ticks" text-anchor="end" fill="#333333">',
        *(f'<text x="{LEFT - 8}" y="{lay.y(v) + 4}">{_signed(v)}</text>' for v in levels),
        "</g>",
        '<g class="x-ticks" text-anchor="middle" fill="#333333">',
    ]
    for hand in range(0, lay.hands + 1, lay.x_step):
        x = lay.x(hand)
        out.append(f'<line x1="{x}" y1="{BOTTOM}" x2="{x}" y2="{BOTTOM + 5}" stroke="#333333"/>')
        out.append(f'<text x="{x}" y="{BOTTOM + 20}">{hand}</text>')
    out.append("</g>")
    if markers:
        out.append('<g class="evenings" stroke="#999999" stroke-dasharray="4 4" fill="#666666">')
        out += [
            f'<line x1="{lay.x(m.after)}" y1="{TOP}" x2="{lay.x(m.after)}" y2="{BOTTOM}"/>' for m in markers
        ]
        for m, (at, anchor) in zip(markers, marker_labels(lay, markers), strict=True):
            if at is None:
                continue
            end = ' text-anchor="end"' if anchor == "end" else ""
            out.append(
                f'<text x="{at}" y="{TOP + 12}"{end} stroke="none" font-size="{LABEL_SIZE}">'
                f"{escape(m.label)}</text>"
            )
        out.append("</g>")
    middle = (TOP + BOTTOM) // 2
    out += [
        # the axes: the zero line is darker than the grid
        f'<line class="zero" x1="{LEFT}" y1="{lay.y(0)}" x2="{RIGHT}" y2="{lay.y(0)}" stroke="#888888"/>',
        f'<path class="axes" d="M{LEFT} {TOP}V{BOTTOM}H{RIGHT}" fill="none" stroke="#333333" stroke-width="1"/>',
        f'<text class="x-label" x="{(LEFT + RIGHT) // 2}" y="{HEIGHT - 22}" text-anchor="middle">{escape(_("hand"))}</text>',
        f'<text class="y-label" x="22" y="{middle}" text-anchor="middle" transform="rotate(-90 22 {middle})">'
        f"{escape(_('Victory Points (running total)'))}</text>",
        '<g class="lines" fill="none" stroke-width="2" stroke-linejoin="round">',
    ]
    for p in lay.players:
        for segment in lay.segments(p):
            coords = " ".join(f"{x},{y}" for x, y in segment)
            out.append(
                f"<polyline data-player={quoteattr(p)} stroke={quoteattr(lay.colour(p))}{lay.dash(p)} "
                f'points="{coords}"/>'
            )
    out += ["</g>", '<g class="legend">']
    for i, p in enumerate(lay.standing()):
        y = TOP + 10 + 22 * i
        out.append(
            f'<line x1="{RIGHT + 20}" y1="{y}" x2="{RIGHT + 48}" y2="{y}" stroke={quoteattr(lay.colour(p))} '
            f'stroke-width="3"{lay.dash(p)}/>'
        )
        out.append(f'<text x="{RIGHT + 56}" y="{y + 5}">{escape(p)} {_signed(lay.totals[p][-1])}</text>')
    out.append("</g>")
    if lay.hands == 0:
        no_hands = escape(_("no hands"))
        out.append(f'<text x="{(LEFT + RIGHT) // 2}" y="{middle}" text-anchor="middle">{no_hands}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# What ``chart -o FILE`` writes, by the file's suffix. PNG and PDF are drawn from the SVG by
# CairoSVG, an optional extra (pip install 'tarockscore[chart]'); without it they are refused.
FORMATS = {".svg": "svg", ".html": "html", ".htm": "html", ".png": "png", ".pdf": "pdf"}
IMAGE_EXTRA = "pip install 'tarockscore[chart]' (installed with pipx: pipx inject tarockscore cairosvg)"


class ImageUnavailable(Exception):
    """PNG or PDF was asked for and the drawing library is not there; ``said`` says why."""

    def __init__(self, said: Message) -> None:
        super().__init__(str(said))
        self.said = said


def load_cairosvg(fmt: str) -> Any:
    """CairoSVG, which draws ``fmt`` (PNG, PDF); :class:`ImageUnavailable` where it cannot be loaded."""
    try:
        # an optional extra, and a large one: loaded only when a picture is asked for
        import cairosvg  # type: ignore[import-untyped]  # noqa: PLC0415
    except ImportError:
        raise ImageUnavailable(
            message(N_("{format} needs CairoSVG: {extra}"), format=fmt.upper(), extra=IMAGE_EXTRA)
        ) from None
    except OSError as exc:  # CairoSVG is there, the Cairo library it draws with is not
        raise ImageUnavailable(
            message(N_("{format} needs the Cairo library ({why})"), format=fmt.upper(), why=str(exc))
        ) from None
    return cairosvg


def svg_to_image(svg: str, fmt: str) -> bytes:
    """The chart drawn as PNG (twice the SVG's size, for a sharp picture) or PDF."""
    draw = load_cairosvg(fmt)
    data = svg.encode("utf-8")
    out: bytes = draw.svg2png(bytestring=data, scale=2) if fmt == "png" else draw.svg2pdf(bytestring=data)
    return out

"""The chart: integer geometry, a well-formed SVG, and lines that a real browser draws where they belong."""

from __future__ import annotations

import html
import json
import math
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest

from tarockscore.render.chart import (
    BOTTOM,
    COLOURS,
    LEFT,
    RIGHT,
    TOP,
    Layout,
    Marker,
    chart_svg,
    layout,
    nice_step,
    running_totals,
)

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--force-device-scale-factor=1",
    "--hide-scrollbars",
)


def chromium() -> str:
    """The Chromium binary, or skip the test saying why and how to get it."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("headless Chromium is not installed (Debian: apt-get install -y chromium); CI installs it")


def _run(args: list[str], tmp: Path) -> subprocess.CompletedProcess[bytes]:
    profile = tmp / "chromium-profile"
    profile.mkdir(exist_ok=True)
    cmd = [chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(cmd, capture_output=True, timeout=90, check=False)


def screenshot(url: str, tmp: Path, width: int = 800, height: int = 600) -> Path:
    png = tmp / "screenshot.png"
    done = _run([f"--screenshot={png}", f"--window-size={width},{height}", url], tmp)
    assert png.is_file(), f"chromium wrote no screenshot (exit {done.returncode}): {done.stderr[-2000:]!r}"
    return png


def dump_dom(url: str, tmp: Path) -> str:
    done = _run(["--dump-dom", "--virtual-time-budget=5000", url], tmp)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.decode("utf-8")


@dataclass(frozen=True)
class Image:
    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        i = x * self.channels
        row = self.rows[y]
        return row[i], row[i + 1], row[i + 2]


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path: Path) -> Image:
    """Decode an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0, (depth, interlace)
            channels = {2: 3, 6: 4}[colour]
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        filter_type = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        if filter_type == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif filter_type == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev, strict=True))
        elif filter_type == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif filter_type == 4:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                up_left = prev[i - channels] if i >= channels else 0
                line[i] = (line[i] + _paeth(left, prev[i], up_left)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return Image(width, height, channels, rows)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def near(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


# -- the data: five players, one sitting out each hand, totals that keep the lines apart ---------

PLAYERS = ("Anna", "Bert", "Cilli", "Dani", "Emil")
# A table of five: the dealer sits out each hand and scores 0, as the ledger stores it.
PER_HAND = [
    {"Anna": 3, "Bert": -1, "Cilli": -1, "Dani": -1, "Emil": 0},
    {"Bert": 6, "Anna": -2, "Cilli": -2, "Emil": -2, "Dani": 0},
    {"Cilli": 4, "Dani": 4, "Anna": -4, "Emil": -4, "Bert": 0},
    {"Dani": 9, "Bert": -3, "Cilli": -3, "Emil": -3, "Anna": 0},
    {"Emil": 12, "Anna": -4, "Bert": -4, "Dani": -4, "Cilli": 0},
    {"Anna": 2, "Cilli": 2, "Dani": -2, "Emil": -2, "Bert": 0},
    {"Bert": -6, "Cilli": 2, "Dani": 2, "Emil": 2, "Anna": 0},
    {"Anna": 8, "Bert": 0, "Cilli": -4, "Dani": -4, "Emil": 0},
]
# The legend by standing (final totals, worked out below: Dani +4, Anna +3, Emil +3, Cilli -2,
# Bert -8; Anna before Emil on equal totals, by seat).
STANDING = ("Dani", "Anna", "Emil", "Cilli", "Bert")


# -- pure geometry ----------------------------------------------------------------------------------


def test_running_totals_start_at_zero_and_stay_flat_for_who_sits_out() -> None:
    totals = running_totals(["Anna", "Emil"], [{"Anna": 3, "Emil": 0}, {"Emil": 2, "Anna": -1}])
    assert totals == {"Anna": (0, 3, 2), "Emil": (0, 0, 2)}


@pytest.mark.parametrize(
    ("span", "most", "step"),
    [
        (1, 8, 1),
        (8, 8, 1),
        (9, 8, 2),
        (17, 8, 5),
        (40, 8, 5),
        (41, 8, 10),
        (700, 8, 100),
        (12, 12, 1),
        (13, 12, 2),
    ],
)
def test_nice_step(span: int, most: int, step: int) -> None:
    assert nice_step(span, most) == step


def test_scales_put_the_extremes_on_the_plot_edges() -> None:
    lay = layout(PLAYERS, PER_HAND)
    # Totals run from -12 (Bert after hand 5 … no: see below) to +12; worked out from PER_HAND:
    # Anna 3,1,-3,-3,-7,-5,-5,3; Bert -1,5,5,2,-2,-2,-8,-8; Cilli -1,-3,1,-2,-2,0,2,-2;
    # Dani -1,-1,3,12,8,6,8,4; Emil 0,-2,-6,-9,3,1,3,3. Lowest -9, highest +12: step 5, -10 … +15.
    assert (lay.low, lay.high, lay.y_step) == (-10, 15, 5)
    assert lay.totals["Dani"] == (0, -1, -1, 3, 12, 8, 6, 8, 4)
    assert lay.x(0) == LEFT and lay.x(len(PER_HAND)) == RIGHT
    assert lay.y(lay.low) == BOTTOM and lay.y(lay.high) == TOP
    assert lay.y(0) == BOTTOM - (BOTTOM - TOP) * 10 // 25


def test_svg_is_well_formed_with_integer_coordinates_only() -> None:
    svg = chart_svg(PLAYERS, PER_HAND, title="Evening <1> & co", markers=[Marker(4, "2026-03-08")])
    root = ET.fromstring(svg.split("\n", 1)[1])
    ns = {"s": "http://www.w3.org/2000/svg"}
    lines = root.findall(".//s:polyline", ns)
    assert [p.get("data-player") for p in lines] == list(PLAYERS)
    for p in lines:
        coords = p.get("points", "").split()
        assert len(coords) == len(PER_HAND) + 1
        assert all(re.fullmatch(r"\d+,\d+", c) for c in coords), coords
    numbers = re.findall(r'\b(?:x|y|x1|x2|y1|y2|width|height)="([^"]*)"', svg)
    assert numbers and all(re.fullmatch(r"-?\d+", n) for n in numbers)
    assert "." not in " ".join(p.get("points", "") for p in lines)
    assert "Evening &lt;1&gt; &amp; co" in svg
    legend = " ".join(t.text or "" for t in root.findall(".//s:g[@class='legend']/s:text", ns))
    assert legend == "Dani +4 Anna +3 Emil +3 Cilli \u22122 Bert \u22128"
    assert chart_svg(PLAYERS, PER_HAND, title="t") == chart_svg(PLAYERS, PER_HAND, title="t")


def test_no_hands_is_still_a_chart() -> None:
    svg = chart_svg(["Anna", "Bert", "Cilli", "Dani"], [], title="empty")
    ET.fromstring(svg.split("\n", 1)[1])
    assert "no hands" in svg


# -- in a real browser --------------------------------------------------------------------------


def _segments_near(lay_points: list[tuple[int, int]], x: float, y: float, radius: float) -> bool:
    for (x1, y1), (x2, y2) in zip(lay_points, lay_points[1:], strict=False):
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / length2))
        if math.hypot(x - (x1 + t * dx), y - (y1 + t * dy)) <= radius:
            return True
    return False


def _has_colour(img: Image, x: int, y: int, colour: tuple[int, int, int], radius: int = 2) -> bool:
    return any(
        near(img.pixel(x + dx, y + dy), colour)
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
    )


def line_points(lay: Layout, player: str) -> list[tuple[int, int]]:
    """Every point of the player's line, gaps ignored (the totals after each hand)."""
    return [(lay.x(i), lay.y(v)) for i, v in enumerate(lay.totals[player])]


def test_browser_draws_each_line_where_the_totals_put_it(tmp_path: Path) -> None:
    svg = tmp_path / "chart.svg"
    svg.write_text(chart_svg(PLAYERS, PER_HAND, title="Evening"), encoding="utf-8")
    img = read_png(screenshot(svg.as_uri(), tmp_path))
    assert (img.width, img.height) == (800, 600)
    lay = layout(PLAYERS, PER_HAND)
    points = {p: line_points(lay, p) for p in PLAYERS}
    for i, player in enumerate(PLAYERS):
        colour = hex_rgb(COLOURS[i])
        others = [points[q] for q in PLAYERS if q != player]
        checked = hits = 0
        for (x1, y1), (x2, y2) in zip(points[player], points[player][1:], strict=False):
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            if any(_segments_near(o, mx, my, 6) for o in others):
                continue  # another line crosses here and may be drawn on top
            checked += 1
            hits += _has_colour(img, round(mx), round(my), colour)
        assert checked >= 3, f"{player}: too few clear segments to check"
        assert hits == checked, f"{player}: drawn at {hits} of {checked} segment midpoints"
        # Nowhere far from its own line (inside the plot) is there a pixel of this colour.
        stray = [
            (x, y)
            for y in range(TOP + 2, BOTTOM - 1, 3)
            for x in range(LEFT + 2, RIGHT - 1, 3)
            if near(img.pixel(x, y), colour, 20) and not _segments_near(points[player], x, y, 4)
        ]
        assert not stray, f"{player}: {len(stray)} pixels of its colour away from its line, e.g. {stray[:3]}"
    # The legend shows each colour, the players by standing.
    for i, player in enumerate(STANDING):
        y = TOP + 10 + 22 * i
        assert near(img.pixel(RIGHT + 34, y), hex_rgb(COLOURS[PLAYERS.index(player)]), 10)
    # The background is white where nothing is drawn (top-left corner).
    assert img.pixel(5, 5) == (255, 255, 255)


def test_browser_lays_out_one_polyline_per_player_with_the_right_length(tmp_path: Path) -> None:
    svg_text = chart_svg(PLAYERS, PER_HAND, title="Evening")
    page = tmp_path / "chart.html"
    page.write_text(
        "<!doctype html><html><body>" + svg_text.split("\n", 1)[1] + "<pre id='out'></pre><script>"
        "const lines = [...document.querySelectorAll('svg polyline')].map(p => ({"
        " player: p.dataset.player, length: p.getTotalLength(), points: p.points.numberOfItems,"
        " stroke: getComputedStyle(p).stroke, width: p.getBBox().width }));"
        "document.getElementById('out').textContent = JSON.stringify(lines);"
        "</script></body></html>",
        encoding="utf-8",
    )
    dom = dump_dom(page.as_uri(), tmp_path)
    found = re.search(r"<pre id=\"out\">(.*?)</pre>", dom, flags=re.S)
    assert found, dom[-2000:]
    drawn = json.loads(html.unescape(found.group(1)))
    lay = layout(PLAYERS, PER_HAND)
    assert [d["player"] for d in drawn] == list(PLAYERS)
    for i, d in enumerate(drawn):
        pts = line_points(lay, d["player"])
        expected = sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))
        assert d["points"] == len(PER_HAND) + 1
        assert abs(d["length"] - expected) < 0.5, (d, expected)
        assert d["width"] == RIGHT - LEFT
        r, g, b = hex_rgb(COLOURS[i])
        assert d["stroke"] == f"rgb({r}, {g}, {b})"


# -- issue 11 §7: gaps, the legend by standing, the minus sign, the axis, the page, PNG and PDF ----


def test_a_player_absent_from_an_evening_has_a_gap_not_a_flat_line() -> None:
    # Evening 1 (hands 1-2): Anna, Bert, Cilli, Dani. Evening 2 (hands 3-4): Emil takes Dani's place.
    per_hand = [
        {"Anna": 2, "Bert": 0, "Cilli": 2, "Dani": 0},
        {"Anna": 0, "Bert": 5, "Cilli": 0, "Dani": 5},
        {"Anna": 1, "Bert": 0, "Cilli": 1, "Emil": 0},
        {"Anna": 0, "Bert": 0, "Cilli": 0, "Emil": 4},
    ]
    lay = layout(PLAYERS, per_hand)
    # Dani plays hands 1-2 only: one piece from the start to hand 2, nothing after.
    assert lay.segments("Dani") == (((lay.x(0), lay.y(0)), (lay.x(1), lay.y(0)), (lay.x(2), lay.y(5))),)
    # Emil comes in at hand 3: his line starts at 0 where the second evening begins.
    assert lay.segments("Emil") == (((lay.x(2), lay.y(0)), (lay.x(3), lay.y(0)), (lay.x(4), lay.y(4))),)
    assert len(lay.segments("Anna")) == 1 and len(lay.segments("Anna")[0]) == 5
    svg = chart_svg(PLAYERS, per_hand, title="two evenings")
    root = ET.fromstring(svg.split("\n", 1)[1])
    ns = {"s": "http://www.w3.org/2000/svg"}
    emil = [p for p in root.findall(".//s:polyline", ns) if p.get("data-player") == "Emil"]
    assert [p.get("points") for p in emil] == [
        f"{lay.x(2)},{lay.y(0)} {lay.x(3)},{lay.y(0)} {lay.x(4)},{lay.y(4)}"
    ]


def test_a_player_back_after_an_evening_away_has_two_pieces() -> None:
    per_hand = [{"Anna": 3, "Bert": 0}, {"Bert": 2}, {"Anna": 1, "Bert": 0}]
    lay = layout(["Anna", "Bert"], per_hand)
    # Anna: hand 1 (0 → 3), away for hand 2, back for hand 3 (3 → 4), drawn from where she left.
    assert lay.segments("Anna") == (
        ((lay.x(0), lay.y(0)), (lay.x(1), lay.y(3))),
        ((lay.x(2), lay.y(3)), (lay.x(3), lay.y(4))),
    )


def test_the_legend_is_sorted_by_standing_and_negatives_carry_a_minus_sign() -> None:
    svg = chart_svg(PLAYERS, PER_HAND, title="Evening")
    root = ET.fromstring(svg.split("\n", 1)[1])
    ns = {"s": "http://www.w3.org/2000/svg"}
    legend = [t.text or "" for t in root.findall(".//s:g[@class='legend']/s:text", ns)]
    assert [t.split()[0] for t in legend] == list(STANDING)
    ticks = [t.text or "" for t in root.findall(".//s:g[@class='y-ticks']/s:text", ns)]
    # the axis runs -10 … +15 in steps of 5 (test_scales_put_the_extremes_on_the_plot_edges)
    assert ticks == ["\u221210", "\u22125", "0", "+5", "+10", "+15"]
    assert not any(re.search(r"-\d", t) for t in [*legend, *ticks])


def test_the_y_axis_fits_the_data() -> None:
    # Only gains: totals 0 … +37; the axis runs from 0 to the next step above 37, not below 0.
    per_hand = [{"Anna": 10, "Bert": 3}, {"Anna": 27, "Bert": 0}]
    lay = layout(["Anna", "Bert"], per_hand)
    assert (lay.low, lay.high, lay.y_step) == (0, 40, 5)
    # Only losses: 0 … -9.
    lay = layout(["Anna"], [{"Anna": -4}, {"Anna": -5}])
    assert (lay.low, lay.high, lay.y_step) == (-10, 0, 2)


def test_the_html_page_scales_with_the_window(tmp_path: Path) -> None:
    from tarockscore.render.season import html as page

    target = tmp_path / "chart.html"
    probe = (
        "<pre id='out'></pre><script>const r = document.querySelector('svg').getBoundingClientRect();"
        "document.getElementById('out').textContent = JSON.stringify([r.width, r.height, innerWidth, innerHeight]);"
        "</script></body>"
    )
    target.write_text(
        page(chart_svg(PLAYERS, PER_HAND, title="t"), "t").replace("</body>", probe), encoding="utf-8"
    )
    for width, height in ((1400, 1200), (500, 900)):
        done = _run(["--dump-dom", f"--window-size={width},{height}", target.as_uri()], tmp_path)
        found = re.search(r"<pre id=\"out\">(.*?)</pre>", done.stdout.decode("utf-8"), flags=re.S)
        assert found, done.stderr[-2000:]
        w, h, inner_w, _ = json.loads(html.unescape(found.group(1)))
        assert abs(w - inner_w) <= 1, (w, inner_w)  # as wide as the window
        assert abs(h / w - 500 / 800) < 0.01  # in proportion


def _cairo() -> None:
    try:
        import cairosvg  # type: ignore[import-untyped]  # noqa: F401
    except (ImportError, OSError) as exc:
        pytest.skip(f"CairoSVG or the Cairo library is missing ({exc}); pip install -e '.[dev]'")


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    from typer.testing import CliRunner

    from tarockscore.cli.app import app

    path = tmp_path / "evening.toml"
    runner = CliRunner()
    assert runner.invoke(app, ["new", "-p", "Anna,Bert,Cilli,Dani", "-l", str(path)]).exit_code == 0
    result = runner.invoke(
        app, ["record", "-c", "rufer", "-d", "Anna", "-w", "Cilli", "-t", "40", "-l", str(path)]
    )
    assert result.exit_code == 0
    return path


def test_chart_writes_png_and_pdf(evening: Path, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tarockscore.cli.app import app

    _cairo()
    runner = CliRunner()
    png, pdf = tmp_path / "c.png", tmp_path / "c.pdf"
    assert runner.invoke(app, ["chart", str(evening), "-o", str(png)]).exit_code == 0
    assert runner.invoke(app, ["chart", str(evening), "-o", str(pdf)]).exit_code == 0
    image = read_png(png)
    assert (image.width, image.height) == (1600, 1000)  # the SVG's 800 × 500, drawn at twice the size
    assert image.pixel(5, 5) == (255, 255, 255)
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert b"<svg" not in png.read_bytes() and b"<svg" not in pdf.read_bytes()


def test_png_without_the_drawing_library_is_refused(
    evening: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from typer.testing import CliRunner

    from tarockscore.cli.app import app

    monkeypatch.setitem(sys.modules, "cairosvg", None)  # as if the extra were not installed
    target = tmp_path / "c.png"
    result = CliRunner().invoke(app, ["chart", str(evening), "-o", str(target)])
    # exit 1, as a file that cannot be written (docs/machine-output.md): the options are right,
    # the drawing library is what is missing
    assert result.exit_code == 1
    assert "pip install 'tarockscore[chart]'" in result.stderr
    assert not target.exists()
    # in German, in German: the format, what it needs and how to get it
    result = CliRunner().invoke(app, ["--lang", "de", "chart", str(evening), "-o", str(target)])
    assert result.exit_code == 1
    assert f"Fehler: --output {str(target)!r}: PNG braucht CairoSVG: pip install 'tarockscore[chart]'" in (
        result.stderr
    )
    assert not target.exists()
    # asked before the ledgers are read (docs/season.md): a season's folder is not read in vain
    unread = tmp_path / "not-yet.toml"
    unread.write_text("not a ledger", encoding="utf-8")
    result = CliRunner().invoke(app, ["chart", str(unread), "-o", str(target)])
    assert (result.exit_code, result.stderr.count("error:")) == (1, 1)
    assert "PNG needs CairoSVG: pip install 'tarockscore[chart]'" in result.stderr
    # pipx keeps its own environment, where pip does not reach and `pipx install` of an installed
    # tool does nothing: the way that adds the library to it is named too
    assert "(installed with pipx: pipx inject tarockscore cairosvg)" in result.stderr


@pytest.mark.parametrize("name", ["c.jpg", "c.gif", "c", "c.svgz"])
def test_other_file_endings_are_refused(evening: Path, tmp_path: Path, name: str) -> None:
    from typer.testing import CliRunner

    from tarockscore.cli.app import app

    result = CliRunner().invoke(app, ["chart", str(evening), "-o", str(tmp_path / name)])
    assert result.exit_code == 2
    assert ".svg, .html, .png or .pdf" in result.stderr
    assert not (tmp_path / name).exists()


# -- the evenings' labels -------------------------------------------------------------------------


def _labels(svg: str) -> list[tuple[str, int, str]]:
    root = ET.fromstring(svg.split("\n", 1)[1])
    ns = {"s": "http://www.w3.org/2000/svg"}
    texts = root.findall(".//s:g[@class='evenings']/s:text", ns)
    return [(t.text or "", int(t.get("x", "")), t.get("text-anchor", "start")) for t in texts]


def test_evening_labels_too_close_together_are_left_out_not_drawn_over_each_other() -> None:
    # 100 hands, an evening every 10: the dashed lines stand 54 px apart (540 px for 100 hands),
    # at x = 80 + 5.4 h: 134, 188, 242, … 566. A date label is 10 characters, at most 7 px each:
    # 70 px, so a label fits right of every other line (138 … 208; right of 188, 192 is taken, and
    # left of it, 114 … 184, too; 246 … 316; …). The last, right of 566, would end at 640, past
    # the plot's right edge at 620, and left of it (492 … 562) run into the label of hand 70
    # (462 … 532): it is left out too.
    per_hand = [{"Anna": 1, "Bert": 0, "Cilli": 0, "Dani": 0}] * 100
    markers = [Marker(h, f"2026-01-{h // 10:02d}") for h in range(10, 100, 10)]
    svg = chart_svg(["Anna", "Bert", "Cilli", "Dani"], per_hand, title="t", markers=markers)
    assert svg.count('stroke-dasharray="4 4"') == 1 and svg.count("<line x1=") >= 9
    lines = re.findall(r'<line x1="(\d+)" y1="50" x2="\1" y2="430"/>', svg)
    assert [int(x) for x in lines] == [134, 188, 242, 296, 350, 404, 458, 512, 566]
    assert _labels(svg) == [
        ("2026-01-01", 138, "start"),
        ("2026-01-03", 246, "start"),
        ("2026-01-05", 354, "start"),
        ("2026-01-07", 462, "start"),
    ]


def test_the_last_evenings_label_goes_left_of_its_line_where_the_right_is_too_narrow() -> None:
    # 10 hands, one evening beginning at hand 9: its line at 80 + 486 = 566, its label right of it
    # would end at 640, past the plot (620); left of it, 492 … 562, it fits.
    per_hand = [{"Anna": 1, "Bert": 0, "Cilli": 0, "Dani": 0}] * 10
    svg = chart_svg(["Anna", "Bert", "Cilli", "Dani"], per_hand, title="t", markers=[Marker(9, "2026-03-12")])
    assert _labels(svg) == [("2026-03-12", 562, "end")]


def test_a_seasons_evening_labels_do_not_overlap_in_a_browser(tmp_path: Path) -> None:
    # 21 evenings of 6 to 14 hands: in a real browser no two drawn labels share a pixel column,
    # every label stays inside the plot, and there are labels.
    sizes = [6, 14, 12, 8, 7, 6, 8, 7, 14, 12, 9, 13, 9, 8, 14, 6, 11, 6, 10, 7, 4]
    per_hand = [{"Anna": 1, "Bert": 0, "Cilli": 0, "Dani": 0} for n in sizes for _ in range(n)]
    starts = [sum(sizes[:i]) for i in range(1, len(sizes))]
    markers = [Marker(h, f"2026-{1 + i // 4:02d}-{1 + (i % 4) * 7:02d}") for i, h in enumerate(starts, 1)]
    svg = chart_svg(["Anna", "Bert", "Cilli", "Dani"], per_hand, title="t", markers=markers)
    page = tmp_path / "labels.html"
    page.write_text(
        "<!doctype html><html><body style='margin:0'>"
        + svg.split("\n", 1)[1]
        + "<pre id='out'></pre><script>"
        "document.getElementById('out').textContent = JSON.stringify([...document.querySelectorAll("
        "'g.evenings text')].map(t => { const b = t.getBBox(); return [b.x, b.x + b.width]; }));"
        "</script></body></html>",
        encoding="utf-8",
    )
    found = re.search(r'<pre id="out">(.*?)</pre>', dump_dom(page.as_uri(), tmp_path), flags=re.S)
    assert found
    boxes = json.loads(found.group(1))
    assert len(boxes) >= 5
    assert all(LEFT <= left and right <= RIGHT for left, right in boxes), boxes
    assert all(a[1] < b[0] for a, b in zip(boxes, boxes[1:], strict=False)), boxes

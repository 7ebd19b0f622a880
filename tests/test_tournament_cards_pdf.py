"""Table cards as a PDF: one A4 page per table, drawn by the chart extra's CairoSVG; without it, a
clear error naming the extra and nothing written."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tarockscore
from tarockscore.cli.app import app
from tarockscore.render.cards import card_svg

runner = CliRunner()
EIGHT = ["Anna", "Bert", "Cilli", "Dani", "Emil", "Franz", "Gerti", "Hans"]


def _day(tmp_path: Path) -> Path:
    day = tmp_path / "Gasthof Post"
    args = ["tournament", "new", str(day), "--players", ",".join(EIGHT), "--rounds", "1", "--games", "4"]
    args += ["--profile", "ooe-2023", "--format", "schrift", "--title", "Tiroler Tarockcup"]
    assert runner.invoke(app, args).exit_code == 0
    assert runner.invoke(app, ["tournament", "draw", str(day), "-r", "1", "--seed", "3"]).exit_code == 0
    return day


def _cairo() -> bool:
    try:
        import cairosvg  # type: ignore[import-untyped]  # noqa: F401, PLC0415
    except (ImportError, OSError):
        return False
    return True


@pytest.mark.skipif(not _cairo(), reason="CairoSVG or the Cairo library is not installed")
def test_the_cards_as_a_pdf_are_one_page_per_table(tmp_path: Path) -> None:
    day = _day(tmp_path)
    out = tmp_path / "Karten Wörgl.pdf"
    result = runner.invoke(app, ["tournament", "cards", str(day), "-r", "1", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == 2


def test_without_cairosvg_a_pdf_is_refused_naming_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    day = _day(tmp_path)
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg raises ImportError
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["tournament", "cards", str(day), "-r", "1", "-o", str(out)])
    assert result.exit_code == 1  # the options are right; the drawing library is missing
    assert "PDF needs CairoSVG: pip install 'tarockscore[chart]'" in result.stderr
    assert not out.exists()


def test_a_card_page_has_the_seats_the_limit_and_a_row_per_game(tmp_path: Path) -> None:
    day = _day(tmp_path)
    t, r = tarockscore.Tournament(day).round_drawn(1)
    svg = card_svg(t, r, r.tables[0])
    players = r.tables[0].players
    for k, name in enumerate(players, 1):
        assert f">{k}. {name}<" in svg
    assert f"Forehand of hand 1: {players[0]}. Game limit: 4 games." in svg
    assert ">4<" in svg and ">5<" not in svg and "Tiroler Tarockcup" in svg

"""Exported SVG looks the same outside Qt: rendered by librsvg (rsvg-convert), as other
programs would, and compared with Qt's own picture of the same solution, pixel by pixel."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from polygui.export.images import render_flat, svg_bytes
from polygui.resources import examples_dir
from polygui.views.colours import piece_colours
from solvers import Solution, solve
from solvers.puzzle.fileformat import load_puzzle

RSVG = shutil.which("rsvg-convert")
SIZE = QSize(600, 400)
pytestmark = pytest.mark.skipif(
    RSVG is None, reason="rsvg-convert is not installed (scripts/setup.sh installs librsvg2-bin)")


def pixels(image: QImage) -> np.ndarray:
    """(h, w, 3) RGB as ints, the image flattened onto white."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(
        image.height(), image.bytesPerLine())
    return rows[:, :3 * image.width()].reshape(image.height(), image.width(), 3).astype(int)


def rendered_by_librsvg(svg: bytes, tmp_path) -> np.ndarray:
    source, target = tmp_path / "picture.svg", tmp_path / "picture.png"
    source.write_bytes(svg)
    subprocess.run([RSVG, "--background-color", "white", "-o", str(target), str(source)],
                   check=True, timeout=60)
    image = QImage(str(target))
    assert image.size() == SIZE
    return pixels(image)


def first_solution(name: str):
    puzzle = load_puzzle(examples_dir() / name)
    solution = next(e for e in solve(puzzle, limit=1) if isinstance(e, Solution))
    return puzzle, solution


def differing_share(a: np.ndarray, b: np.ndarray) -> float:
    """The share of pixels that differ clearly (antialiased edges differ a little)."""
    return float((np.abs(a - b).max(axis=2) > 64).mean())


@pytest.mark.parametrize("name", ["meteor.json", "pentominoes-6x10.json"])
def test_a_flat_solution_renders_in_librsvg_as_in_qt(name, tmp_path):
    puzzle, solution = first_solution(name)
    outside = rendered_by_librsvg(svg_bytes(puzzle, solution, SIZE), tmp_path)
    inside = pixels(render_flat(puzzle, solution, SIZE))
    assert differing_share(outside, inside) < 0.01
    dark = (outside.max(axis=2) < 80).mean()  # outlines are lines, not areas
    assert dark < 0.05, f"{dark:.0%} of the picture is near black"
    colours = {colour.name() for colour in piece_colours(puzzle)}
    seen = {"#%02x%02x%02x" % tuple(pixel) for pixel in outside.reshape(-1, 3)}
    assert colours <= seen, "every piece's colour appears, exactly"


def test_a_sudoku_renders_in_librsvg_as_in_qt(tmp_path):
    puzzle, solution = first_solution("sudoku-reference.json")
    outside = rendered_by_librsvg(svg_bytes(puzzle, solution, SIZE), tmp_path)
    inside = pixels(render_flat(puzzle, solution, SIZE))
    # the digits are text, drawn by each program's own font engine: allow for that
    assert differing_share(outside, inside) < 0.02
    assert (outside.max(axis=2) < 80).mean() < 0.10

"""Contact sheets drawn as vectors with text readable on paper, on the page size and
orientation asked for; pictures exported larger than the view drawn larger (lines, text,
margins), in the board's own shape."""

from __future__ import annotations

import re

import numpy as np
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage

from polygui.export.dialogs import ImageOptions
from polygui.export.images import render_flat
from polygui.export.sheet import ContactSheet
from polygui.resources import examples_dir
from solvers import Solution, solve
from solvers.puzzle.fileformat import load_puzzle


def first_solutions(name: str, count: int):
    puzzle = load_puzzle(examples_dir() / name)
    return puzzle, [e for e in solve(puzzle, "all", limit=count) if isinstance(e, Solution)]


def grey(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_Grayscale8)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(),
                                                                    image.bytesPerLine())
    return rows[:, :image.width()].astype(int)


def test_a_pdf_sheet_of_a_hundred_meteor_solutions_is_vectors_and_small(tmp_path):
    puzzle, solutions = first_solutions("meteor.json", 100)
    path = tmp_path / "sheet.pdf"
    ContactSheet(puzzle, solutions.__getitem__, range(100), path).run()
    data = path.read_bytes()
    assert b"/Subtype /Image" not in data and b"/DCTDecode" not in data  # no pictures
    assert len(data) < 1_000_000, f"{len(data):,} bytes"  # pictures took 6.3 MB
    assert len(re.findall(rb"/Type\s*/Page(?!s)", data)) == 5


def test_cube_layer_captions_are_readable_on_paper(tmp_path):
    puzzle, solutions = first_solutions("soma.json", 1)
    sheet = ContactSheet(puzzle, solutions.__getitem__, range(1), tmp_path / "soma.png")
    (page,) = sheet.run()
    pixels = grey(QImage(str(page)))
    cell = sheet._cell_rect(0)
    band = pixels[int(cell.top()):int(cell.top() + cell.height() * 0.2),
                  int(cell.left()):int(cell.right())]
    inked = np.flatnonzero((band < 110).any(axis=1))
    first_text = inked[: np.argmax(np.diff(inked) > 1)] if (np.diff(inked) > 1).any() else inked
    height = first_text[-1] - first_text[0] + 1  # the caption line above the first layer
    assert height >= 20, f"caption {height} px high at 300 dpi (about {height * 72 / 300:.1f} pt)"


def test_sheets_take_the_page_size_and_orientation_asked_for(tmp_path):
    puzzle, solutions = first_solutions("meteor.json", 2)
    (page,) = ContactSheet(puzzle, solutions.__getitem__, range(2), tmp_path / "l.png",
                           page="Letter", landscape=True).run()
    assert QImage(str(page)).size() == QSize(3300, 2550)  # 11 x 8.5 in at 300 dpi
    pdf = tmp_path / "a3.pdf"
    ContactSheet(puzzle, solutions.__getitem__, range(2), pdf, page="A3", landscape=True).run()
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", pdf.read_bytes())
    width, height = float(box.group(1)), float(box.group(2))
    assert (round(width), round(height)) == (1191, 842)  # A3 landscape, in points


def test_a_picture_twice_the_size_is_drawn_twice_as_large(qtbot):
    puzzle, (solution,) = first_solutions("pentominoes-6x10.json", 1)
    size = QSize(1000, 600)
    thin, thick = (grey(render_flat(puzzle, solution, size, scale=scale)) for scale in (1, 2))
    dark = lambda pixels: int((pixels < 60).sum())  # noqa: E731 (the outlines)
    assert 1.6 < dark(thick) / dark(thin) < 2.6


def test_exported_pictures_have_the_boards_shape_and_lines_as_on_screen_scaled(window, qtbot,
                                                                               tmp_path):
    window.open_puzzle(examples_dir() / "meteor.json")  # a tall board in a wide view
    window.panel.limit.setValue(1)
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    exports = window.exports
    view = window.current_view()
    on_screen = exports.view_size()
    assert on_screen.width() < 0.8 * view.width()  # the board's shape, not the view's
    size = exports.default_size()
    assert size == on_screen * 2
    exports.ask_image_options = lambda parent, default, vector: ImageOptions("png", size, False)
    exports.ask_path = lambda *args: str(tmp_path / "m.png")
    assert exports.export_image()
    pixels = grey(QImage(str(tmp_path / "m.png")))
    columns = np.flatnonzero((pixels < 250).any(axis=0))
    assert (columns[-1] - columns[0]) / pixels.shape[1] > 0.85  # no empty bands beside it
    screen = grey(view.grab().toImage())
    ratio = (pixels < 60).sum() / (screen < 60).sum()
    assert 3.0 < ratio < 5.5  # twice as wide and tall, lines twice as thick: about 4x the ink

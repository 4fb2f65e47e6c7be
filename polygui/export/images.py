"""Pictures of a puzzle or a solution at any size, drawn by the same views the window shows.

Flat puzzles and Sudoku draw with QPainter, so they render off screen, to PNG or SVG, in any
thread's QImage. A cube puzzle's 3D view renders through OpenGL at the asked size
(pyqtgraph's tiled off-screen rendering), looking as on screen; without OpenGL (headless, or
many thumbnails) a cube is drawn as its layers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import shiboken6
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QRegion
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from solvers import GridKind, Puzzle, PuzzleError, Solution
from solvers.puzzle.fileformat import write_atomically

from ..views.board_view import BoardView
from ..views.cells import CellIndex, board_cells, solution_cells
from ..views.colours import copy_colours, piece_colours
from ..views.layer_view import LayerView
from ..views.paint_marks import constraint_colours, shown_paint
from ..views.sudoku_view import SudokuView
from .limits import MAX_SIDE

# A cube's picture is drawn this many times larger and scaled down: smooth edges on any
# OpenGL (software OpenGL has no multisampling on screen). Up to pictures this large.
SUPERSAMPLE = 2
MAX_SUPERSAMPLED_PIXELS = 4096 * 4096


def check_size(size: QSize) -> None:
    if not (1 <= size.width() <= MAX_SIDE and 1 <= size.height() <= MAX_SIDE):
        raise PuzzleError(f"image size {size.width()}×{size.height()}: each side must be "
                          f"between 1 and {MAX_SIDE} pixels")


REFERENCE = QSize(640, 480)  # the size a picture is laid out at when no view says otherwise
LAYOUT_DPI = 96  # pictures are laid out as on a screen of this resolution, then scaled


def drawing_scale(size: QSize, laid_out_at: QSize = REFERENCE) -> float:
    """How much larger than `laid_out_at` a picture of `size` is drawn: its lines and
    margins grow with it, as in a photograph of the view, never thinner than on screen."""
    return max(1.0, min(size.width() / max(1, laid_out_at.width()),
                        size.height() / max(1, laid_out_at.height())))


def in_space(kind: GridKind) -> bool:
    """Whether a grid's puzzles are drawn in 3D (and by layers): cubes and balls."""
    return kind.has_grid and not kind.grid.flat


class FlatDrawing:
    """A puzzle drawn with QPainter by the view the window uses (never shown), again for each
    solution: to an image, an SVG or PDF page (as vectors), or a thumbnail of a sheet."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        if puzzle.kind is GridKind.SUDOKU:
            self.view = SudokuView()
        elif in_space(puzzle.kind):  # cubes, balls: drawn by layers
            self.view = LayerView()
            self._index = CellIndex(board_cells(puzzle))
            self._colours = piece_colours(puzzle)
        else:
            self.view = BoardView()
        self.view.set_puzzle(puzzle)
        self.view.setAutoFillBackground(False)  # the background, if any, is filled here
        font = QFont(self.view.font())  # in pixels of the layout, not points of the device:
        font.setPixelSize(round(font.pointSizeF() * LAYOUT_DPI / 72))  # a 300-dpi page would
        self.view.setFont(font)  # make point-sized text three times larger again

    def close(self) -> None:
        """Delete the view now. Left to Python's garbage collector (the view and its zoom
        refer to each other), a top-level widget would be deleted at a random moment, even
        while Qt lists the top-level widgets, which then crashes."""
        if shiboken6.isValid(self.view):
            shiboken6.delete(self.view)

    def __enter__(self) -> FlatDrawing:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def show(self, solution: Solution | None) -> None:
        if not in_space(self.puzzle.kind):
            self.view.set_solution(solution)
            return
        placed = solution_cells(self._index, len(self.puzzle.board), solution, self.puzzle)
        self.view.set_labels(placed.labels, copy_colours(self._colours, placed.copy_types))
        self.view.set_paint(shown_paint(self.puzzle, solution), constraint_colours(self.puzzle))

    def paint(self, painter: QPainter, target: QRectF, solution: Solution | None,
              scale: float = 1.0, transparent: bool = False) -> None:
        """Draw into `target` (painter units) as the view would at 1/`scale` of its size,
        scaled up: text, lines and margins keep their proportions."""
        self.show(solution)
        logical = QSize(max(1, round(target.width() / scale)), max(1, round(target.height() / scale)))
        self.view.resize(logical)
        painter.save()
        painter.translate(target.topLeft())
        painter.scale(target.width() / logical.width(), target.height() / logical.height())
        if not transparent:
            painter.fillRect(QRect(QPoint(0, 0), logical),
                             self.view.palette().color(self.view.backgroundRole()))
        self.view.render(painter, QPoint(0, 0), QRegion(), QWidget.RenderFlag.DrawChildren)
        painter.restore()


def render_flat(puzzle: Puzzle, solution: Solution | None, size: QSize,
                transparent: bool = False, scale: float | None = None) -> QImage:
    """The picture at `size`, drawn `scale` times larger than the view would be (by default,
    `drawing_scale(size)`)."""
    check_size(size)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    with FlatDrawing(puzzle) as drawing:
        drawing.paint(painter, QRectF(0, 0, size.width(), size.height()), solution,
                      scale or drawing_scale(size), transparent)
    painter.end()
    return image


def svg_bytes(puzzle: Puzzle, solution: Solution | None, size: QSize,
              transparent: bool = False, scale: float | None = None) -> bytes:
    """The picture as SVG (vector): hex, square and Sudoku views."""
    if in_space(puzzle.kind):
        raise PuzzleError("SVG is for flat puzzles and Sudoku; export a cube as PNG")
    check_size(size)

    def paint(painter: QPainter) -> None:
        with FlatDrawing(puzzle) as drawing:
            drawing.paint(painter, QRectF(0, 0, size.width(), size.height()), solution,
                          scale or drawing_scale(size), transparent)

    return svg_of(size, puzzle.name, paint)


def svg_of(size: QSize, title: str, paint: Callable[[QPainter], None]) -> bytes:
    """What `paint` draws on a `size` canvas, as SVG bytes (CSS pixels: width and height in
    mm match the pixel size)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setResolution(96)
    generator.setViewBox(QRect(QPoint(0, 0), size))
    generator.setTitle(title)
    painter = QPainter(generator)
    paint(painter)
    painter.end()
    buffer.close()
    return bytes(data)


def render_cube_view(cube_view, size: QSize, transparent: bool = False) -> QImage:
    """The 3D view as on screen (angle, explode, hidden pieces) at `size`, through OpenGL,
    antialiased by drawing it larger and scaling it down."""
    check_size(size)
    gl = cube_view.gl
    if not gl.isExposed():
        raise PuzzleError("the 3D view must be on screen to export it")
    factor = SUPERSAMPLE if size.width() * size.height() <= MAX_SUPERSAMPLED_PIXELS else 1
    drawn = size * factor
    background = gl.opts["bgcolor"]
    if transparent:
        gl.setBackgroundColor(QColor(0, 0, 0, 0))
    try:
        with cube_view.lines_widened(factor):  # (h, w, 4) BGRA, top down
            pixels = gl.renderToArray((drawn.width(), drawn.height()))
    finally:
        gl.setBackgroundColor(QColor.fromRgbF(*background))
        gl.update()
    rows = np.ascontiguousarray(pixels)
    image = QImage(rows.data, drawn.width(), drawn.height(), drawn.width() * 4,
                   QImage.Format.Format_ARGB32)
    if factor == 1:
        return image.copy()  # owns its pixels
    return image.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio,
                        Qt.TransformationMode.SmoothTransformation)


def save_image(image: QImage, path: Path) -> None:
    """PNG (or another format Qt knows from the suffix), written atomically."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    suffix = Path(path).suffix.lstrip(".").upper() or "PNG"
    if not image.save(buffer, suffix):
        raise PuzzleError(f"{path}: cannot encode the image as {suffix}")
    buffer.close()
    write_atomically(Path(path), bytes(data))


def save_svg(data: bytes, path: Path) -> None:
    write_atomically(Path(path), data)


def image_suffix_ok(path: Path) -> bool:
    return Path(path).suffix.lower() in (".png", ".svg", ".jpg", ".jpeg")



"""A heatmap over a puzzle's cells: each cell shaded by a share (0 to 1) in one colour, the
most covered cell darkest (shares of a piece that can lie in many places are all small), its
percentage written in it, and cells marked (forced) outlined.

Every grid is drawn flat: hex and square boards as they are, a Sudoku as its n x n grid with
its boxes outlined, and a box of cubes as its z layers, captioned and seen from above as the
cube view's layers are ("layer 1 (bottom)"; x to the right, y up), at one scale, in
the grid of columns that makes the cells largest. Cells are given in the order the statistics
count them (the board's sorted cells; Sudoku row-major).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from solvers.records import record
from solvers import Puzzle

from ..views.board_picture import fit_transform, polygons_path, segments_path
from ..views.cells import EMPTY
from ..views.layer_view import CAPTION, GAP, best_columns, layer_caption
from ..views.tiling import SQUARE, FlatBoard, tiling_for

MARGIN = 14
COLD = QColor("#f7f7f7")
MARK = QColor("#111111")


@record
class Panel:
    """One flat picture of the heatmap: a board (or a cube's layer) and the positions of its
    cells in the share arrays; `groups` outlined together (a Sudoku's boxes)."""

    caption: str
    board: FlatBoard
    positions: np.ndarray
    groups: np.ndarray


def panels_of(puzzle: Puzzle) -> list[Panel]:
    """The pictures the heatmap draws: one, or a box of cubes' z layers."""
    if puzzle.is_sudoku:
        grid = puzzle.sudoku
        n = grid.n
        rows, cols = np.divmod(np.arange(n * n), n)
        boxes = (rows // grid.box_rows) * (n // grid.box_cols) + cols // grid.box_cols
        board = FlatBoard.build(SQUARE, np.column_stack((cols, rows)))
        return [Panel("", board, np.arange(n * n), boxes)]
    cells = np.array(puzzle.board, dtype=np.int64).reshape(-1, puzzle.kind.dimensions)
    if puzzle.kind.grid.flat:
        board = FlatBoard.build(tiling_for(puzzle.kind), cells)
        return [Panel("", board, np.arange(len(cells)), np.zeros(len(cells), dtype=np.int64))]
    panels = []
    drawn = puzzle.kind.grid.drawn_coordinates(puzzle.board)  # balls: rows turned 45°
    heights = np.unique(cells[:, 2])
    for number, z in enumerate(heights):
        positions = np.flatnonzero(cells[:, 2] == z)
        seen_from_above = drawn[positions, :2] * np.array([1, -1])  # a layer's own rows
        panels.append(Panel(layer_caption(number, len(heights)),
                            FlatBoard.build(tiling_for(puzzle.kind), seen_from_above), positions,
                            np.zeros(len(positions), dtype=np.int64)))
    return panels


def heat_colour(base: QColor, share: float) -> QColor:
    """From near white (0) to `base` (1)."""
    share = min(1.0, max(0.0, float(share)))
    return QColor.fromRgbF(*(c0 + (c1 - c0) * share for c0, c1 in zip(
        COLD.getRgbF()[:3], base.getRgbF()[:3])))


def percent_text(share: float) -> str:
    """'100', '37', '<1' or '' (never covered)."""
    if share <= 0:
        return ""
    value = share * 100
    return "<1" if value < 1 else f"{value:.0f}"


def panel_paths(panel: Panel, colours: Sequence[QColor], marked: np.ndarray) -> dict:
    """A panel's paths in board units, made once a heat layer: the fills (one path a
    colour), the grid and group outlines, the marked cells."""
    board, positions = panel.board, panel.positions
    by_colour: dict[int, tuple[QColor, list[int]]] = {}
    for local, position in enumerate(positions.tolist()):
        colour = colours[position]
        by_colour.setdefault(colour.rgba(), (colour, []))[1].append(local)
    inside, outside = board.sides[:, 0], board.sides[:, 1]
    other = np.where(outside == EMPTY, -1, panel.groups[np.maximum(outside, 0)])
    group_edge = (outside == EMPTY) | (panel.groups[inside] != other)
    return {"fills": [(colour, polygons_path(board.polygons[locals_]))
                      for colour, locals_ in by_colour.values()],
            "grid": segments_path(board.segments[~group_edge]),
            "outline": segments_path(board.segments[group_edge]),
            "marked": polygons_path(board.polygons[marked[positions]])}


class HeatmapView(QWidget):
    """Shows one heat layer: `show_heat(puzzle, shares, colour, marked)`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.shares = np.zeros(0)
        self.peak = 0.0
        self.marked = np.zeros(0, dtype=bool)
        self.panels: list[Panel] = []
        self._bounds = (0.0, 0.0, 1.0, 1.0)  # one scale for every panel
        self._paths: list[dict[str, object]] = []  # per panel, in board units
        self._texts: list[str] = []

    @property
    def captions(self) -> list[str]:
        return [panel.caption for panel in self.panels]

    def show_heat(self, puzzle: Puzzle, shares: Sequence[float], colour: QColor,
                  marked: Sequence[bool] | None = None) -> None:
        self.panels = panels_of(puzzle)
        self.shares = np.asarray(shares, dtype=float)
        self.marked = (np.zeros(len(self.shares), dtype=bool) if marked is None
                       else np.asarray(marked, dtype=bool))
        peak = float(self.shares.max()) if len(self.shares) else 0.0
        self.peak = peak  # the darkest shade: the most covered cell, whatever its share
        colours = [heat_colour(colour, share / peak if peak else 0.0) for share in self.shares]
        self._paths = [panel_paths(panel, colours, self.marked) for panel in self.panels]
        self._texts = [percent_text(share) for share in self.shares]
        boxes = np.array([panel.board.bounds for panel in self.panels]).reshape(-1, 4)
        if len(boxes):
            self._bounds = (*boxes[:, :2].min(axis=0), *boxes[:, 2:].max(axis=0))
        self.update()

    # --- layout ----------------------------------------------------------------------------
    def panel_rects(self, target: QRectF) -> list[QRectF]:
        """Where each panel's cells are drawn inside `target` (below its caption)."""
        count = len(self.panels)
        if count <= 1:
            return [target] * count
        left, top, right, bottom = self._bounds
        columns = best_columns(count, (right - left, bottom - top),
                               (target.width(), target.height()))
        rows = -(-count // columns)
        width, height = target.width() / columns, target.height() / rows
        return [QRectF(target.left() + (i % columns) * width,
                       target.top() + (i // columns) * height, width, height).adjusted(
                           GAP, GAP + CAPTION, -GAP, -GAP) for i in range(count)]

    # --- painting --------------------------------------------------------------------------
    def paint_into(self, painter: QPainter, target: QRectF) -> None:
        """Draw the heatmap fitted into `target` (the view, or an exported image)."""
        for panel, paths, rect in zip(self.panels, self._paths, self.panel_rects(target)):
            if len(panel.positions):
                self._paint_panel(painter, panel, paths, rect)

    def _paint_panel(self, painter: QPainter, panel: Panel, paths: dict, rect: QRectF) -> None:
        transform = fit_transform(self._bounds if len(self.panels) > 1 else panel.board.bounds,
                                  rect)
        painter.save()
        painter.setTransform(transform, combine=True)
        for colour, path in paths["fills"]:
            painter.fillPath(path, colour)
        painter.restore()
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for kind, pen in (("grid", QPen(QColor("#9a9a9a"), 1.0)),
                          ("outline", QPen(QColor("#1e1e1e"), 2.2)),
                          ("marked", QPen(MARK, 2.0, Qt.PenStyle.DashLine))):
            painter.setPen(pen)
            painter.drawPath(transform.map(paths[kind]))
        self._paint_texts(painter, panel, transform)
        if panel.caption:  # just above the layer as drawn (all layers share one scale)
            left, top, right, bottom = self._bounds
            drawn = transform.mapRect(QRectF(left, top, right - left, bottom - top))
            painter.setPen(self.palette().color(QPalette.ColorRole.Text))
            painter.drawText(QRectF(drawn.left(), drawn.top() - CAPTION - 2, drawn.width(),
                                    CAPTION), Qt.AlignmentFlag.AlignCenter, panel.caption)
        painter.restore()

    def _paint_texts(self, painter: QPainter, panel: Panel, transform) -> None:
        scale = transform.m11()
        if scale < 18:  # no room for a number
            return
        font = QFont(painter.font())
        font.setPixelSize(max(8, int(scale * 0.32)))
        painter.save()
        painter.setFont(font)
        centres = panel.board.polygons.mean(axis=1)
        for (x, y), position in zip(centres, panel.positions.tolist()):
            text, share = self._texts[position], self.shares[position]
            if text:
                painter.setPen(QColor("white") if share > 0.6 else QColor("#202020"))
                at = transform.map(QPointF(float(x), float(y)))
                painter.drawText(QRectF(at.x() - scale, at.y() - scale / 2, 2 * scale, scale),
                                 Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.paint_into(painter, QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN))
        painter.end()

    def render_image(self, size: QSize) -> QImage:
        """The heatmap alone as an image of `size`, on white."""
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        self.paint_into(painter, QRectF(0, 0, size.width(), size.height()).adjusted(
            MARGIN, MARGIN, -MARGIN, -MARGIN))
        painter.end()
        return image

    def sizeHint(self) -> QSize:
        return QSize(560, 420)

"""All the pieces of a flat puzzle side by side, under the board: click one to select it, or
drag it onto the board editor's canvas to pin it there."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QByteArray, QMimeData, QPointF, QRectF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import QDrag, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from solvers.records import record
from solvers import Puzzle

from .board_picture import fit_transform
from .canvas_picture import CanvasPicture
from .colours import copies_text, piece_colours
from .paint_marks import constraint_colours, paint_array
from .tiling import FlatBoard, tiling_for

GAP = 1.2  # drawing units between pieces
LABEL_ROOM = 1.1  # drawing units under each row for the names
MARGIN = 6
MAX_SCALE = 24.0
PIECE_MIME = "application/x-polygui-piece"  # a dragged piece: its index, as text


@record
class TrayLayout:
    board: FlatBoard  # every piece, translated to its place
    labels: np.ndarray  # piece index per cell
    centres: np.ndarray  # (N, 2) cell centres
    captions: list[tuple[str, QPointF]]  # text and where its top centre goes
    bounds: tuple[float, float, float, float]


def lay_out(puzzle: Puzzle, width_units: float) -> TrayLayout | None:
    """Pieces left to right in drawing units, wrapping past `width_units`."""
    if not puzzle.pieces:
        return None
    tiling = tiling_for(puzzle.kind)
    polygons, segments, sides, labels, centres, captions = [], [], [], [], [], []
    x = y = row_height = 0.0
    count = 0
    row: list[tuple[str, float]] = []  # (caption, centre x) of the pieces in this row

    def end_row() -> None:  # the row's names on one line, under its tallest piece
        captions.extend((text, QPointF(middle, y + row_height + 0.1)) for text, middle in row)
        row.clear()

    for index, piece in enumerate(puzzle.pieces):
        cells = np.array(piece.cells, dtype=np.int64)
        shape = FlatBoard.build(tiling, cells)
        left, top, right, bottom = shape.bounds
        if x > 0 and x + right - left > width_units + 1e-9:
            end_row()
            x, y, row_height = 0.0, y + row_height + LABEL_ROOM + GAP / 2, 0.0
        shift = np.array([x - left, y - top])
        polygons.append(shape.polygons + shift)
        segments.append(shape.segments + shift)
        sides.append(np.where(shape.sides >= 0, shape.sides + count, -1))
        labels.append(np.full(len(cells), index))
        centres.append(tiling.centres(cells) + shift)
        row.append((piece.name + copies_text(piece),
                    x + (right - left) / 2))
        count += len(cells)
        x += right - left + GAP
        row_height = max(row_height, bottom - top)
    end_row()
    board = FlatBoard(np.concatenate(polygons), np.concatenate(segments), np.concatenate(sides))
    left, top, right, bottom = board.bounds
    return TrayLayout(board, np.concatenate(labels), np.concatenate(centres), captions,
                      (left, top, right, bottom + LABEL_ROOM))


class PieceTray(QWidget):
    """The pieces in their colours with their names; `piece_clicked(int)` on a click."""

    piece_clicked = Signal(int)
    draggable = False  # whether a piece can be dragged out (to pin it on a board)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setMinimumHeight(90)
        self.puzzle: Puzzle | None = None
        self.selected: int | None = None
        self._layout: TrayLayout | None = None
        self._picture: CanvasPicture | None = None
        self._press: tuple[int, QPointF] | None = None  # the piece pressed, and where

    def show_pieces(self, puzzle: Puzzle, selected: int | None) -> None:
        self.puzzle, self.selected = puzzle, selected
        self._relayout()

    def _relayout(self) -> None:
        self._layout = None if self.puzzle is None else self._best_layout(self.puzzle)
        if self._layout is not None:
            paint = np.concatenate([paint_array(piece.cells, piece.paint)
                                    for piece in self.puzzle.pieces])
            self._picture = CanvasPicture(self._layout.board, self._layout.labels,
                                          piece_colours(self.puzzle),
                                          (paint, constraint_colours(self.puzzle)))
        self.update()

    def _best_layout(self, puzzle: Puzzle) -> TrayLayout | None:
        """Of the layouts in one to six rows, the one drawn largest in this widget."""
        single = lay_out(puzzle, float("inf"))
        if single is None:
            return None
        target = QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        total = single.bounds[2] - single.bounds[0]
        best, best_scale = single, 0.0
        for rows in range(1, min(6, len(puzzle.pieces)) + 1):
            layout = lay_out(puzzle, total / rows + GAP) if rows > 1 else single
            scale = fit_transform(layout.bounds, target).m11()
            if scale > best_scale:
                best, best_scale = layout, scale
        return best

    def _transform(self):
        """Fit the pieces in, but no larger than MAX_SCALE pixels per unit (a few small
        pieces would otherwise look bigger than the board)."""
        target = QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        left, top, right, bottom = self._layout.bounds
        if fit_transform(self._layout.bounds, target).m11() > MAX_SCALE:
            centre = target.center()
            target.setSize(QSizeF((right - left) * MAX_SCALE, (bottom - top) * MAX_SCALE))
            target.moveCenter(centre)
        return fit_transform(self._layout.bounds, target)

    def piece_centre(self, index: int):
        """A pixel on piece `index` (for tests)."""
        x, y = self._layout.centres[np.flatnonzero(self._layout.labels == index)[0]]
        return self._transform().map(QPointF(float(x), float(y))).toPoint()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._relayout()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self._layout is None:
            return
        inverse, _ = self._transform().inverted()
        point = inverse.map(event.position())
        distances = np.hypot(*(self._layout.centres - (point.x(), point.y())).T)
        nearest = int(np.argmin(distances))
        if distances[nearest] <= 1.0:
            self._press = (int(self._layout.labels[nearest]), QPointF(event.position()))
            self.piece_clicked.emit(int(self._layout.labels[nearest]))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Past the drag distance, a pressed piece is dragged (its index as PIECE_MIME)."""
        press = self._press
        if (not self.draggable or press is None
                or not event.buttons() & Qt.MouseButton.LeftButton
                or (event.position() - press[1]).manhattanLength()
                < QApplication.startDragDistance()):
            return
        self._press = None
        data = QMimeData()
        data.setData(PIECE_MIME, QByteArray(str(press[0]).encode()))
        drag = QDrag(self)
        drag.setMimeData(data)
        drag.exec(Qt.DropAction.CopyAction)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        if self._layout is None:
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.PlaceholderText)))
            painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter,
                             "No pieces yet: “Add piece”, then paint its cells")
            painter.end()
            return
        transform = self._transform()
        self._picture.paint(painter, transform)
        for index, (caption, anchor) in enumerate(self._layout.captions):
            font = painter.font()
            font.setBold(index == self.selected)
            painter.setFont(font)
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Text)))
            top = transform.map(anchor)
            painter.drawText(QRectF(top.x() - 60, top.y(), 120, 18),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, caption)
        painter.end()

    def sizeHint(self) -> QSize:
        return QSize(520, 130)

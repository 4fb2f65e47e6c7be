"""Play's flat canvas: the board and the tray of pieces left, in one picture, so that a piece
dragged from the tray lands on the board at the size it is drawn.

Mouse: drag a piece from the tray onto the board (it snaps to the grid: the preview shows
where it goes, red where it cannot); drag a placed piece to move it; drop it off the board
or where it cannot go, or right-click it, to take it back. Keys: R (Shift+R the other way) or
the wheel turns the piece dragged, hovered or selected, F flips it, Delete takes it back,
Escape drops a drag.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPalette,
                           QTransform, QWheelEvent)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from solvers.records import record
from solvers import Puzzle
from solvers.play.moves import (PlayBoard, Placement, cell_class, flipped, translated,
                                translation, turned)
from solvers.puzzle.grids import Shape, normalise

from ..views.board_picture import BoardPicture, fit_transform
from ..views.cells import (EMPTY, CellIndex, board_cells, cell_captions_by_index, optional_mask,
                           pinned_pieces)
from ..views.colours import copy_colours, piece_colours
from ..views.tiling import tiling_for
from .drawing import (HINTED, IN_NO_SOLUTION, NO_PLACE, SELECTED, draw_piece, outline,
                      polygon_at)
from .layout import CAPTION, PlayLayout, lay_out
from .model import PlayModel

MARGIN = 12


@record
class Drag:
    piece: int
    shape: Shape
    grip: int  # the shape's cell held under the mouse
    source: int | None  # the index in model.placed of a placed piece moved, None: the tray
    point: QPointF  # the mouse, in drawing units
    started: bool = False  # moved past the drag distance


class PlayCanvas(QWidget):
    """`message(str)`: something to tell the player (a piece that cannot turn there)."""

    message = Signal(str)

    def __init__(self, model: PlayModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.model = model
        self.moves: PlayBoard | None = None
        self.shapes: dict[int, Shape] = {}  # how each piece lies in the tray
        self.drag: Drag | None = None
        self.hover: QPointF | None = None
        self._selected: Placement | None = None  # the piece outlined dashed
        self.marked: set[Placement] = set()  # the red mark: in no solution
        self.hinted: set[Placement] = set()
        self._layout: PlayLayout | None = None
        self._picture: BoardPicture | None = None
        self._press: QPointF | None = None
        model.changed.connect(self._placed_changed)

    # --- the puzzle and its pieces ------------------------------------------------------
    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.moves = PlayBoard(puzzle)
        self.tiling = tiling_for(puzzle.kind)
        self.shapes = {piece: self.moves.start_shape(piece) for piece in range(len(puzzle.pieces))}
        cells = board_cells(puzzle)
        self._centres = self.tiling.centres(cells)
        self._classes = np.array([cell_class(puzzle.kind, cell) for cell in puzzle.board])
        self._index = CellIndex(cells)
        self._colours = piece_colours(puzzle)
        self.drag, self._selected = None, None
        self.marked, self.hinted = set(), set()
        self._relayout()

    @property
    def puzzle(self) -> Puzzle:
        return self.model.puzzle

    @property
    def selected(self) -> int | None:
        """The index in model.placed of the piece selected: kept as the placement, so that
        an undo or a piece taken back never moves the selection to another piece."""
        placed = self.model.placed
        return placed.index(self._selected) if self._selected in placed else None

    @selected.setter
    def selected(self, index: int | None) -> None:
        self._selected = None if index is None else self.model.placed[index]

    def show_marks(self) -> None:
        """The red mark and the hint's highlight changed."""
        self.update()

    def _relayout(self) -> None:
        if self.moves is None:
            return
        self._layout = lay_out(self.puzzle, self._room())
        self._picture = BoardPicture(self._layout.board, optional_mask(self.puzzle))
        self._picture.captions = cell_captions_by_index(self.puzzle)  # a calendar's words
        self._placed_changed()

    def _placed_changed(self) -> None:
        if self._picture is None:
            return
        shown = [placement for index, placement in enumerate(self.model.placed)
                 if self.drag is None or not self.drag.started or index != self.drag.source]
        copies = list(pinned_pieces(self.puzzle)) + shown
        labels = np.full(len(self.puzzle.board), EMPTY, dtype=np.int64)
        for copy, (_, cells) in enumerate(copies):
            labels[self._index.lookup(np.array(cells))] = copy
        colours = copy_colours(self._colours, [piece for piece, _ in copies])
        self._picture.set_labels(labels, colours)
        self.update()

    # --- geometry -----------------------------------------------------------------------
    def _room(self) -> QRectF:
        return QRectF(self.rect()).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)

    def _transform(self):
        return fit_transform(self._layout.bounds, self._room())

    def to_units(self, point: QPointF) -> QPointF:
        return self._transform().inverted()[0].map(QPointF(point))

    def to_pixels(self, x: float, y: float) -> QPoint:
        return self._transform().map(QPointF(float(x), float(y))).toPoint()

    def _tray_transform(self, piece: int) -> QTransform:
        """From the tray piece's own drawing units to the canvas's."""
        return self._layout.slots[piece].transform(self.tiling, self.shapes[piece])

    def tray_point(self, piece: int, grip: int) -> QPoint:
        """The pixel at the centre of cell `grip` of `piece` as it lies in the tray."""
        centre = self.tiling.centres(np.array(self.shapes[piece]))[grip]
        point = self._tray_transform(piece).map(QPointF(*map(float, centre)))
        return self.to_pixels(point.x(), point.y())

    def cell_point(self, cell) -> QPoint:
        """The pixel at the centre of board cell `cell`."""
        return self.to_pixels(*self._centres[self.puzzle.board.index(tuple(cell))])

    def tray_at(self, point: QPointF) -> tuple[int, int] | None:
        """(piece, grip) of the tray piece drawn at `point` (drawing units)."""
        for piece in range(len(self.puzzle.pieces)):
            if self._left_in_tray(piece) <= 0:
                continue
            local = self._tray_transform(piece).inverted()[0].map(QPointF(point))
            found = polygon_at(self.tiling.polygons(np.array(self.shapes[piece])), local)
            if found != EMPTY:
                return piece, found
        return None

    def placed_at(self, point: QPointF) -> tuple[int, int] | None:
        """(index in model.placed, grip) of the placed piece drawn at `point`."""
        found = self._layout.board.cell_at(point.x(), point.y())
        if found == EMPTY:
            return None
        cell = self.puzzle.board[found]
        index = self.model.owner(cell)
        return None if index is None else (index, self.model.placed[index][1].index(cell))

    def _left_in_tray(self, piece: int) -> int:
        left = self.model.left(piece)
        if self.drag is not None and self.drag.started and self.drag.source is None \
                and self.drag.piece == piece:
            left -= 1
        return left

    def target_cell(self, point: QPointF, grip_cell) -> tuple | None:
        """The board cell the grip snaps to with the mouse at `point`: the nearest cell of the
        grip's class (a triangle's pointing), or None off the board."""
        if self._layout.board.cell_at(point.x(), point.y()) == EMPTY:
            return None
        wanted = self._classes == cell_class(self.puzzle.kind, grip_cell)
        distances = np.hypot(*(self._centres - (point.x(), point.y())).T)
        distances[~wanted] = np.inf
        return self.puzzle.board[int(np.argmin(distances))]

    def drop_placement(self, drag: Drag) -> tuple[Placement | None, bool]:
        """(the placement a drop makes, whether it may go there), None off the board."""
        target = self.target_cell(drag.point, drag.shape[drag.grip])
        if target is None:
            return None, False
        placement = self.moves.placement_at(drag.piece, drag.shape, drag.grip, target)
        if placement is None:
            step = translation(self.puzzle.kind, drag.shape[drag.grip], target)
            return (drag.piece, translated(self.puzzle.kind, drag.shape, step)), False
        return placement, self.model.fits(placement, ignoring=drag.source)

    # --- mouse and keys -----------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self._layout is None:
            return
        self.setFocus()
        point = self.to_units(event.position())
        placed = self.placed_at(point)
        if event.button() == Qt.MouseButton.RightButton:
            if placed is not None:
                self.model.take_back(placed[0])
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self._press = QPointF(event.position())
        tray = self.tray_at(point)
        if tray is not None:
            self.drag = Drag(tray[0], self.shapes[tray[0]], tray[1], None, point)
        elif placed is not None:
            index, grip = placed
            piece, cells = self.model.placed[index]
            self.drag = Drag(piece, normalise(np.array(cells), self.puzzle.kind), grip, index,
                             point)
        self.selected = placed[0] if placed is not None else None
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._layout is None:
            return
        self.hover = self.to_units(event.position())
        if self.drag is not None:
            started = self.drag.started or (
                self._press is not None and (event.position() - self._press).manhattanLength()
                >= QApplication.startDragDistance())
            was = self.drag.started
            self.drag = replace(self.drag, point=self.hover, started=started)
            if started and not was:
                self.selected = None
                self._placed_changed()  # a placed piece lifted off the board
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        drag, self.drag, self._press = self.drag, None, None
        if drag is None or event.button() != Qt.MouseButton.LeftButton:
            return
        if drag.started:
            self._drop(replace(drag, point=self.to_units(event.position())))
        self._placed_changed()

    def _drop(self, drag: Drag) -> None:
        placement, fits = self.drop_placement(drag)
        if fits and drag.source is None:
            self.model.place(placement)
        elif fits:
            self.model.move(drag.source, placement)
        elif drag.source is not None:  # off the board, or where it cannot go: to the tray
            self.model.take_back(drag.source)
        elif placement is not None:
            self.message.emit(f"{self.puzzle.pieces[drag.piece].name} cannot go there")

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = 1 if event.angleDelta().y() < 0 else -1
        self.turn(steps)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_R:
            back = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            self.turn(-1 if back else 1)
        elif key == Qt.Key.Key_F:
            self.flip()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            index = self._pointed_placed()
            if index is not None:
                self.model.take_back(index)
        elif key == Qt.Key.Key_Escape and self.drag is not None:
            self.drag = None
            self._placed_changed()
        else:
            super().keyPressEvent(event)

    def _pointed_placed(self) -> int | None:
        if self.hover is not None:
            placed = self.placed_at(self.hover)
            if placed is not None:
                return placed[0]
        return self.selected

    # --- turning and flipping -----------------------------------------------------------
    def turn(self, steps: int = 1) -> None:
        self._reorient(lambda shape, grip: turned(self.puzzle.kind, shape, grip, steps), "turn")

    def flip(self) -> None:
        self._reorient(lambda shape, grip: flipped(self.puzzle.kind, shape, grip), "flip")

    def _reorient(self, change, verb: str) -> None:
        """Turn or flip the piece dragged, else the tray piece or placed piece hovered, else
        the placed piece selected."""
        if self.moves is None:
            return
        if self.drag is not None:
            if verb == "flip" and not self._may_flip(self.drag.piece):
                return
            shape, grip = change(self.drag.shape, self.drag.grip)
            self.drag = replace(self.drag, shape=shape, grip=grip)
            if self.drag.source is None:
                self.shapes[self.drag.piece] = shape
            self.update()
            return
        tray = self.tray_at(self.hover) if self.hover is not None else None
        if tray is not None:
            if verb == "flip" and not self._may_flip(tray[0]):
                return
            self.shapes[tray[0]] = change(self.shapes[tray[0]], tray[1])[0]
            self.update()
            return
        index = self._pointed_placed()
        if index is not None:
            self._reorient_placed(index, change, verb)

    def _reorient_placed(self, index: int, change, verb: str) -> None:
        """Turn a placed piece about the cell under the mouse (or its first)."""
        piece, cells = self.model.placed[index]
        if verb == "flip" and not self._may_flip(piece):
            return
        grip = 0
        if self.hover is not None:
            found = self.placed_at(self.hover)
            grip = found[1] if found is not None and found[0] == index else 0
        shape, new_grip = change(normalise(np.array(cells), self.puzzle.kind), grip)
        placement = self.moves.placement_at(piece, shape, new_grip, cells[grip])
        if placement is None or not self.model.fits(placement, ignoring=index):
            self.message.emit(f"No room to {verb} {self.puzzle.pieces[piece].name} there")
            return
        follow = index == self.selected
        self.model.move(index, placement, verb.capitalize())
        if follow:
            self.selected = index

    def _may_flip(self, piece: int) -> bool:
        if self.puzzle.pieces[piece].mirror:
            return True
        self.message.emit(f"{self.puzzle.pieces[piece].name} may not be flipped in this puzzle")
        return False

    # --- painting -----------------------------------------------------------------------
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._relayout()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._layout is None:
            return
        painter = QPainter(self)
        transform = self._transform()
        self._picture.paint(painter, self._room(), self._layout.bounds)
        for index, placement in enumerate(self.model.placed):
            if self.drag is not None and self.drag.started and index == self.drag.source:
                continue
            if placement in self.marked:
                outline(painter, self.tiling, placement[1], IN_NO_SOLUTION, 3.5, transform)
            if placement in self.hinted:
                outline(painter, self.tiling, placement[1], HINTED, 4.0, transform)
            if index == self.selected:
                outline(painter, self.tiling, placement[1], SELECTED, 2.0, transform, True)
        self._paint_tray(painter, transform)
        if self.drag is not None and self.drag.started:
            self._paint_drag(painter, transform)
        painter.end()

    def _paint_tray(self, painter: QPainter, transform) -> None:
        text = self.palette().color(QPalette.ColorRole.Text)
        for slot in self._layout.slots:
            left = self._left_in_tray(slot.piece)
            if left <= 0:
                continue
            draw_piece(painter, self.tiling, self.shapes[slot.piece], self._colours[slot.piece],
                       self._tray_transform(slot.piece) * transform)
            name = self.puzzle.pieces[slot.piece].name + (f" ×{left}" if left > 1 else "")
            below = QRectF(slot.rect.left() - 1, slot.rect.bottom(), slot.rect.width() + 2,
                           CAPTION)
            painter.setPen(text)
            painter.drawText(transform.mapRect(below),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, name)

    def _paint_drag(self, painter: QPainter, transform) -> None:
        drag = self.drag
        placement, fits = self.drop_placement(drag)
        if placement is not None:
            colour = QColor(self._colours[drag.piece]) if fits else QColor(NO_PLACE)
            colour.setAlpha(110)
            draw_piece(painter, self.tiling, placement[1], colour, transform)
        centre = self.tiling.centres(np.array(drag.shape))[drag.grip]
        shift = (drag.point.x() - centre[0], drag.point.y() - centre[1])
        colour = QColor(self._colours[drag.piece])
        colour.setAlpha(200)
        draw_piece(painter, self.tiling, drag.shape, colour, transform, shift)

    def sizeHint(self) -> QSize:
        return QSize(720, 480)

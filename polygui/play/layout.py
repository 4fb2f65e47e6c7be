"""Where Play's flat canvas draws things, in drawing units (views.tiling): the board, and beside
or under it a tray, a grid of equal slots, one per piece. A slot is square and as large as the
largest piece turned any way (its pieces drawn smaller than the board's), so turning a piece in the tray never moves the others, and a
piece placed leaves its slot empty: the tray never reflows under the mouse."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QTransform

from solvers.records import record
from solvers import Puzzle
from solvers.puzzle.grids import Shape, orientations_of

from ..views.board_picture import fit_transform
from ..views.tiling import FlatBoard, Tiling, tiling_for

GAP = 0.7  # drawing units between slots
CAPTION = 1.0  # drawing units under each slot for the piece's name
TRAY_SCALE = 0.6  # the tray's pieces, to the board's: the board draws larger


@record
class Slot:
    piece: int
    rect: QRectF  # drawing units; the caption goes under it

    def transform(self, tiling: Tiling, shape: Shape) -> QTransform:
        """From `shape`'s drawing units to the canvas's: the shape centred in the slot, drawn
        TRAY_SCALE times the board's size (a piece dragged out grows to the board's)."""
        left, top, right, bottom = FlatBoard.build(tiling, np.array(shape)).bounds
        centre = self.rect.center()
        return (QTransform.fromTranslate(-(left + right) / 2, -(top + bottom) / 2)
                * QTransform.fromScale(TRAY_SCALE, TRAY_SCALE)
                * QTransform.fromTranslate(centre.x(), centre.y()))


@record
class PlayLayout:
    board: FlatBoard
    slots: tuple[Slot, ...]
    bounds: tuple[float, float, float, float]


def extent(tiling: Tiling, puzzle: Puzzle, piece: int) -> float:
    """The side of a square holding the piece turned any way."""
    sides = []
    for shape in orientations_of(puzzle.kind, puzzle.pieces[piece].cells, True):
        left, top, right, bottom = FlatBoard.build(tiling, np.array(shape)).bounds
        sides.append(max(right - left, bottom - top))
    return max(sides)


def tray_grid(pieces: int, side: float, origin: tuple[float, float], columns: int
              ) -> list[Slot]:
    """`pieces` equal slots of `side`, `columns` to a row, from `origin`."""
    step = side + GAP
    return [Slot(piece, QRectF(origin[0] + (piece % columns) * step,
                               origin[1] + (piece // columns) * (step + CAPTION), side, side))
            for piece in range(pieces)]


def lay_out(puzzle: Puzzle, room: QRectF) -> PlayLayout:
    """The board and the tray, a grid of equal slots in a column beside it or in a band under
    it: of every number of columns, the one that draws the board largest in `room` (the
    whole is centred there, and the tray never covers the board)."""
    tiling = tiling_for(puzzle.kind)
    board = FlatBoard.build(tiling, np.array(puzzle.board, dtype=np.int64))
    left, top, right, bottom = board.bounds
    best, best_scale = None, -1.0
    pieces = len(puzzle.pieces)
    side = TRAY_SCALE * max(extent(tiling, puzzle, piece) for piece in range(pieces))
    for columns in range(1, pieces + 1):
        beside = tray_grid(pieces, side, (right + 2 * GAP, top), columns)
        under = tray_grid(pieces, side, (left, bottom + 2 * GAP), columns)
        for slots in (_centred(beside, (top + bottom) / 2, 1),
                      _centred(under, (left + right) / 2, 0)):
            bounds = _bounds(board.bounds, slots)
            scale = fit_transform(bounds, room).m11()
            if scale > best_scale + 1e-9:
                best, best_scale = PlayLayout(board, tuple(slots), bounds), scale
    return best


def _centred(slots: list[Slot], middle: float, axis: int) -> list[Slot]:
    """The slots moved along `axis` (0: x, 1: y) so that their middle is `middle`: the tray
    beside the board, or under it, centred on it."""
    if not slots:
        return slots
    low = min(slot.rect.left() if axis == 0 else slot.rect.top() for slot in slots)
    high = max(slot.rect.right() if axis == 0 else slot.rect.bottom() + CAPTION
               for slot in slots)
    shift = middle - (low + high) / 2
    return [Slot(slot.piece, slot.rect.translated(shift if axis == 0 else 0.0,
                                                  shift if axis == 1 else 0.0))
            for slot in slots]


def _bounds(board: tuple, slots: list[Slot]) -> tuple[float, float, float, float]:
    left, top, right, bottom = board
    for slot in slots:
        left, top = min(left, slot.rect.left()), min(top, slot.rect.top())
        right = max(right, slot.rect.right())
        bottom = max(bottom, slot.rect.bottom() + CAPTION)
    return left, top, right, bottom

"""Where Play's flat canvas draws things, in drawing units (views.tiling): the board, and beside
it a tray with a slot per piece. A slot is square and as large as the piece turned any way,
so turning a piece in the tray never moves the others, and a piece placed leaves its slot
empty: the tray never reflows under the mouse."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QRectF

from solvers import Puzzle
from solvers.puzzle.grids import Shape, orientations_of

from ..views.board_picture import fit_transform
from ..views.tiling import FlatBoard, Tiling, tiling_for

GAP = 0.7  # drawing units between slots
CAPTION = 1.0  # drawing units under each slot for the piece's name


@dataclass(frozen=True)
class Slot:
    piece: int
    rect: QRectF  # drawing units; the caption goes under it

    def place(self, tiling: Tiling, shape: Shape) -> np.ndarray:
        """(2,) the shift that centres `shape`'s drawing in the slot."""
        left, top, right, bottom = FlatBoard.build(tiling, np.array(shape)).bounds
        centre = self.rect.center()
        return np.array([centre.x() - (left + right) / 2, centre.y() - (top + bottom) / 2])


@dataclass(frozen=True)
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


def flow(puzzle: Puzzle, tiling: Tiling, origin: tuple[float, float], width: float
         ) -> list[Slot]:
    """Slots left to right from `origin`, a new row past `width`."""
    slots, x, y, row = [], 0.0, 0.0, 0.0
    for piece in range(len(puzzle.pieces)):
        side = extent(tiling, puzzle, piece)
        if x > 0 and x + side > width + 1e-9:
            x, y, row = 0.0, y + row + CAPTION + GAP, 0.0
        slots.append(Slot(piece, QRectF(origin[0] + x, origin[1] + y, side, side)))
        x += side + GAP
        row = max(row, side)
    return slots


def lay_out(puzzle: Puzzle, room: QRectF) -> PlayLayout:
    """The board and the tray, right of it or under it, whichever draws larger in `room`."""
    tiling = tiling_for(puzzle.kind)
    board = FlatBoard.build(tiling, np.array(puzzle.board, dtype=np.int64))
    left, top, right, bottom = board.bounds
    best, best_scale = None, -1.0
    width = right - left
    for factor in (0.75, 1.0, 1.5, 2.0, 3.0):
        beside = flow(puzzle, tiling, (right + 2 * GAP, top), width * factor)
        under = flow(puzzle, tiling, (left, bottom + 2 * GAP), width * factor)
        for slots in (_centred(beside, (top + bottom) / 2, 1),
                      _centred(under, (left + right) / 2, 0)):
            bounds = _bounds(board.bounds, slots)
            scale = fit_transform(bounds, room).m11()
            if scale > best_scale:
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

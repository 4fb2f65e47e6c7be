"""Grid geometry, asked by kind: one-line delegations to the grid objects of
`solvers.puzzle.grid` (where each grid's facts live, one module per grid), kept because many
modules and the app call them; new code asks `grid_of(kind)` (or `kind.grid`). Also
`CellLocator`, which finds board cells for any grid.

Glossary: see `solvers.puzzle.grid.base` (cell, shape, symmetry, normalise).
"""

from __future__ import annotations

import numpy as np

from .grid import (Cell, Grid, GridKind, Shape, grid_of, hex_to_offset, is_rotation,  # noqa: F401
                   normalise as _normalise, offset_to_hex)
from .limits import MAX_SPAN


def symmetry_group(kind: GridKind) -> tuple[np.ndarray, ...]:
    """The point symmetries of the grid (identity first); ValueError for Sudoku."""
    return grid_of(kind).symmetry_group


def rotation_flags(kind: GridKind) -> tuple[bool, ...]:
    return grid_of(kind).rotation_flags


def neighbour_offsets(kind: GridKind) -> tuple[Cell, ...]:
    return grid_of(kind).neighbour_offsets


def neighbours_of(kind: GridKind, cell: Cell) -> list[Cell]:
    return grid_of(kind).neighbours_of(cell)


def neighbour_count(kind: GridKind) -> int:
    return grid_of(kind).neighbour_count


def normalise(cells: np.ndarray, kind: GridKind | None = None) -> Shape:
    """`Grid.normalise` (`kind` None: every coordinate is translated)."""
    if kind is not None and kind.has_grid:
        return kind.grid.normalise(cells)  # a grid may translate by lattice vectors only
    return _normalise(cells, kind.translation_axes if kind is not None else None)


def apply_symmetry(kind: GridKind, cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    return grid_of(kind).apply_symmetry(cells, matrix)


def aligned_image(kind: GridKind, cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    return grid_of(kind).aligned_image(cells, matrix)


def orientations(kind: GridKind, shape: Shape, *, mirror: bool) -> list[Shape]:
    return grid_of(kind).orientations(shape, mirror=mirror)


def orientations_of(kind: GridKind, shape: Shape, mirror: bool) -> tuple[Shape, ...]:
    return grid_of(kind).orientations_of(shape, mirror)


def rotation_class(kind: GridKind, shape: Shape) -> Shape:
    return grid_of(kind).rotation_class(shape)


def transform(cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    return cells @ matrix.T


def is_connected(kind: GridKind, cells: Shape | list[Cell]) -> bool:
    return grid_of(kind).is_connected(cells)


def connected_components(kind: GridKind, cells: Shape | list[Cell]) -> list[list[Cell]]:
    return grid_of(kind).connected_components(cells)


BOX_TABLE_CELLS = 1 << 20  # the largest bounding box CellLocator.box_table covers (8 MB)


class CellLocator:
    """Board cells -> their positions in the board, for many cells at once, whatever the
    board's extent: each cell becomes one integer key (its coordinates in a box MAX_SPAN
    wider than the board on every side, so that no piece placed on a board cell reaches
    outside it), looked up by bisection among the board's sorted keys. `kind` (None: every
    coordinate is translated) says which coordinates translations move: a triangle keeps t."""

    def __init__(self, board: np.ndarray, kind: GridKind | Grid | None = None) -> None:
        dims = board.shape[1] if board.ndim == 2 else 1
        low = (board.min(axis=0) if len(board) else np.zeros(dims, dtype=np.int64)) - MAX_SPAN
        high = (board.max(axis=0) if len(board) else np.zeros(dims, dtype=np.int64)) + MAX_SPAN
        self.board, self.low = board, low
        self.corners = (board.min(axis=0), board.max(axis=0)) if len(board) else (low, high)
        self.moved = kind.translation_axes if kind is not None else dims
        self.strides = np.cumprod(np.concatenate(([1], (high - low + 1)[:-1]))).astype(np.int64)
        keys = self.keys(board)
        self.order = np.argsort(keys, kind="stable")
        self.sorted_keys = keys[self.order]
        self._box: tuple[np.ndarray, np.ndarray] | None = None

    def keys(self, cells: np.ndarray) -> np.ndarray:
        return ((cells - self.low) * self.strides).sum(axis=-1)

    def box_table(self) -> tuple[np.ndarray, np.ndarray] | None:
        """(strides, items): every cell of the board's bounding box, numbered from its lowest
        corner with `strides` (d,), as its board item, -1 off the board; None for a box of
        more than BOX_TABLE_CELLS cells, or mostly holes. Looking a cell up there is one
        index where bisecting the sorted keys is a dozen (PelikanBurr's placements in all
        their positions: 38 -> 14 ms)."""
        if self._box is None and len(self.board):
            low, high = self.corners
            extent = (high - low + 1).astype(np.int64)
            cells = np.prod(extent.astype(np.float64))
            if cells <= min(BOX_TABLE_CELLS, 64 * len(self.board) + 4096):  # not mostly holes
                strides = np.cumprod(np.concatenate(([1], extent[:-1]))).astype(np.int64)
                items = np.full(int(np.prod(extent)), -1, dtype=np.int64)
                items[(self.board - low) @ strides] = np.arange(len(self.board))
                self._box = strides, items
        return self._box

    def translations(self, shape: np.ndarray) -> np.ndarray:
        """(k, cells) int64: the sorted items of every position of the oriented `shape` inside
        the board, by the board cell its first cell sits on (each position once: that cell
        is fixed within the shape)."""
        if not len(self.sorted_keys):
            return np.zeros((0, len(shape)), dtype=np.int64)
        anchors = self.anchors(shape)
        wanted = self.keys(anchors[:, None, :] + (shape - shape[0])[None, :, :])
        at = np.searchsorted(self.sorted_keys, wanted).clip(max=len(self.sorted_keys) - 1)
        inside = (self.sorted_keys[at] == wanted).all(axis=1)
        return np.sort(self.order[at[inside]], axis=1)

    def anchors(self, shape: np.ndarray) -> np.ndarray:
        """The board cells the shape's first cell may sit on: those from which the shape
        stays within the board's bounding box (a cage as large as its box: one of them, not
        every cell of the box) and, on a grid with untranslated coordinates, that match its
        first cell's."""
        offsets = shape - shape[0]
        fits = ((self.board + offsets.min(axis=0) >= self.corners[0])
                & (self.board + offsets.max(axis=0) <= self.corners[1])).all(axis=1)
        fits &= (self.board[:, self.moved:] == shape[0, self.moved:]).all(axis=1)
        return self.board[fits]

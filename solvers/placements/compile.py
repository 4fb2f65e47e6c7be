"""Compile a polyform Puzzle into exact-cover rows: every legal placement of every piece.

Glossary
- item: a board cell, numbered by its position in `puzzle.board` (sorted coordinates).
- piece type: one entry of `puzzle.pieces`; a type with count k is placed k times, and its
  placements are shared by the copies, so identical copies never multiply solutions.
- row / placement: one piece type in one orientation at one position: a set of items.
- masks: each row's items as a bitset, `W = ceil(items / 64)` uint64 words per row.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..puzzle.grids import Cell, Shape, neighbour_offsets, orientations
from ..puzzle.model import Puzzle, PuzzleError
from .pruning import dead_rows


@dataclass(frozen=True)
class Placements:
    """The compiled rows of a polyform puzzle."""

    cells: tuple[Cell, ...]  # item index -> board cell
    row_piece: np.ndarray  # (R,) int32 piece type of each row
    row_items: tuple[tuple[int, ...], ...]  # (R,) the sorted items each row covers
    masks: np.ndarray  # (R, W) uint64
    piece_counts: np.ndarray  # (T,) int32 copies of each piece type
    piece_sizes: np.ndarray  # (T,) int32 cells of each piece type
    neighbours: np.ndarray  # (items, degree) int32 board neighbours of each item, -1 for none

    @property
    def n_rows(self) -> int:
        return len(self.row_items)

    @property
    def n_items(self) -> int:
        return len(self.cells)

    def rows_of_piece(self, piece: int) -> np.ndarray:
        return np.flatnonzero(self.row_piece == piece)

    def row_index(self) -> dict[tuple[int, tuple[int, ...]], int]:
        """(piece type, items) -> row: how symmetry images find their rows."""
        return {(int(piece), items): row
                for row, (piece, items) in enumerate(zip(self.row_piece, self.row_items))}


def compile_placements(puzzle: Puzzle, *, prune: bool = True) -> Placements:
    """All placements of all pieces on the board, in piece order then orientation and position.

    With `prune`, placements that cut off a region no combination of piece sizes can fill are
    dropped: they can never be part of a solution.
    """
    if puzzle.is_sudoku:
        raise PuzzleError("a sudoku puzzle has no piece placements")
    cells = puzzle.board
    index_of = {cell: index for index, cell in enumerate(cells)}
    row_piece: list[int] = []
    row_items: list[tuple[int, ...]] = []
    for piece_index, piece in enumerate(puzzle.pieces):
        for shape in orientations(puzzle.kind, piece.cells, mirror=piece.mirror):
            for items in _translations(shape, cells, index_of):
                row_piece.append(piece_index)
                row_items.append(items)
    masks = items_to_masks(row_items, len(cells))
    placements = Placements(
        cells=cells,
        row_piece=np.array(row_piece, dtype=np.int32),
        row_items=tuple(row_items),
        masks=masks,
        piece_counts=np.array([piece.count for piece in puzzle.pieces], dtype=np.int32),
        piece_sizes=np.array([piece.size for piece in puzzle.pieces], dtype=np.int32),
        neighbours=neighbour_table(puzzle),
    )
    if prune and placements.n_rows:
        keep = ~dead_rows(masks, placements.neighbours, fillable_sizes(puzzle))
        placements = _select_rows(placements, keep)
    return placements


def _translations(shape: Shape, cells: tuple[Cell, ...],
                  index_of: dict[Cell, int]) -> list[tuple[int, ...]]:
    """Every position of one oriented shape inside the board, as sorted item tuples.

    The shape's first cell is anchored on each board cell in turn; each position is found once
    because the anchor cell is fixed within the shape.
    """
    anchor = shape[0]
    offsets = [tuple(c - a for c, a in zip(cell, anchor)) for cell in shape]
    found = []
    for base in cells:
        items = []
        for offset in offsets:
            item = index_of.get(tuple(b + o for b, o in zip(base, offset)))
            if item is None:
                break
            items.append(item)
        else:
            found.append(tuple(sorted(items)))
    return found


def items_to_masks(row_items: list[tuple[int, ...]] | tuple[tuple[int, ...], ...],
                   n_items: int) -> np.ndarray:
    words = max(1, (n_items + 63) // 64)
    masks = np.zeros((len(row_items), words), dtype=np.uint64)
    for row, items in enumerate(row_items):
        for item in items:
            masks[row, item >> 6] |= np.uint64(1) << np.uint64(item & 63)
    return masks


def neighbour_masks(neighbours: np.ndarray) -> np.ndarray:
    """(items,) uint64: each item's neighbours as a bitset, for boards of at most 64 items;
    an empty array for larger boards (the region check then does not run)."""
    if len(neighbours) > 64:
        return np.zeros(0, dtype=np.uint64)
    masks = np.zeros(len(neighbours), dtype=np.uint64)
    for item, row in enumerate(neighbours):
        for other in row[row >= 0]:
            masks[item] |= np.uint64(1) << np.uint64(other)
    return masks


def neighbour_table(puzzle: Puzzle) -> np.ndarray:
    """(items, degree) int32: the board neighbours of each item, -1 where there is none."""
    offsets = neighbour_offsets(puzzle.kind)
    index_of = {cell: index for index, cell in enumerate(puzzle.board)}
    table = np.full((len(puzzle.board), len(offsets)), -1, dtype=np.int32)
    for item, cell in enumerate(puzzle.board):
        for slot, offset in enumerate(offsets):
            table[item, slot] = index_of.get(tuple(c + o for c, o in zip(cell, offset)), -1)
    return table


def fillable_sizes(puzzle: Puzzle) -> np.ndarray:
    """Bool array over 0..board size: which region sizes some multiset of the pieces fills."""
    reachable = np.zeros(len(puzzle.board) + 1, dtype=bool)
    reachable[0] = True
    for piece in puzzle.pieces:
        for _ in range(piece.count):
            shifted = np.zeros_like(reachable)
            shifted[piece.size:] = reachable[:len(reachable) - piece.size]
            reachable |= shifted
    return reachable


def _select_rows(placements: Placements, keep: np.ndarray) -> Placements:
    kept = np.flatnonzero(keep)
    return Placements(
        cells=placements.cells,
        row_piece=placements.row_piece[kept],
        row_items=tuple(placements.row_items[row] for row in kept),
        masks=placements.masks[kept],
        piece_counts=placements.piece_counts,
        piece_sizes=placements.piece_sizes,
        neighbours=placements.neighbours,
    )


def pieces_without_placements(puzzle: Puzzle, placements: Placements) -> list[str]:
    """Names of piece types with no legal placement left."""
    present = set(int(p) for p in placements.row_piece)
    return [piece.name for index, piece in enumerate(puzzle.pieces) if index not in present]

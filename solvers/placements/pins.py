"""Pinned pieces in the placements: a pinned copy's only placement is the pinned one.

A pin's cells keep one row each: the pinned placement. Every board cell must be covered, so
every solution uses the pinned rows, and the piece's other copies take the piece's other rows;
every kernel honours pins without knowing of them. A board symmetry identifies solutions only
when it maps the pins onto pins (of the image piece), which usually leaves fewer symmetries.
"""

from __future__ import annotations

import numpy as np

from ..puzzle.model import Puzzle


def pinned_rows_of(puzzle: Puzzle) -> set[tuple[int, tuple[int, ...]]]:
    """(piece type, sorted items) of each pin."""
    index_of = {cell: item for item, cell in enumerate(puzzle.board)}
    piece_of = {piece.name: number for number, piece in enumerate(puzzle.pieces)}
    return {(piece_of[pin.piece], tuple(sorted(index_of[cell] for cell in pin.cells)))
            for pin in puzzle.pins}


def rows_kept_by_pins(puzzle: Puzzle, row_piece: np.ndarray,
                      row_items: tuple[tuple[int, ...], ...], masks: np.ndarray) -> np.ndarray:
    """(R,) bool: rows that cover no pinned cell, and the pinned rows themselves."""
    keep = np.ones(len(row_items), dtype=bool)
    if not puzzle.pins:
        return keep
    pinned = pinned_rows_of(puzzle)
    pinned_mask = np.zeros(masks.shape[1], dtype=np.uint64)
    for _, items in pinned:
        for item in items:
            pinned_mask[item >> 6] |= np.uint64(1) << np.uint64(item & 63)
    touching = np.flatnonzero((masks & pinned_mask).any(axis=1))
    for row in touching.tolist():
        keep[row] = (int(row_piece[row]), row_items[row]) in pinned
    return keep


def keeps_pins(puzzle: Puzzle, item_perm: list[int], piece_perm: tuple[int, ...]) -> bool:
    """Whether the symmetry (item -> image item, piece type -> image type) maps every pin onto
    a pin."""
    if not puzzle.pins:
        return True
    pinned = pinned_rows_of(puzzle)
    return all((piece_perm[piece], tuple(sorted(item_perm[item] for item in items))) in pinned
               for piece, items in pinned)

"""Exact cover with secondary items: optional board cells and piece ranges.

A piece type with a range [fewest, most] is placed `most` times in every solution: each copy
beyond the ones on the board takes the type's *absent row*, a row that covers no item. The
absent rows come after every real row, so a solution stays a fixed number of rows (the sum of
the mosts) and every kernel-side table (symmetry images, orbits, run files) treats them as
rows; an absent row decodes to no cells. Optional cells are items that may stay uncovered:
the general kernel never branches on them (solvers.kernels.exact_cover).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol, TypeVar

import numpy as np

from ..puzzle.model import Puzzle
from .words import pack_bits


class Placements(Protocol):
    """What this module reads of compile.Placements (which imports this module)."""

    cells: tuple
    row_piece: np.ndarray
    row_items: tuple
    masks: np.ndarray
    piece_counts: np.ndarray
    piece_least: np.ndarray | None
    optional_items: tuple[int, ...]
    absent_start: int
    row_paint: tuple | None

    @property
    def n_rows(self) -> int: ...

    @property
    def n_items(self) -> int: ...


P = TypeVar("P", bound=Placements)


def with_secondary_items(puzzle: Puzzle, placements: P) -> P:
    """The placements with the puzzle's optional items and piece ranges: an absent row
    appended for each piece type with a range."""
    if not puzzle.has_secondary:
        return placements
    index_of = {cell: item for item, cell in enumerate(placements.cells)}
    optional = tuple(sorted(index_of[cell] for cell in puzzle.optional))
    ranged = [index for index, piece in enumerate(puzzle.pieces) if piece.has_range]
    least = np.array([piece.fewest for piece in puzzle.pieces], dtype=np.int32)
    absent_start = placements.n_rows if ranged else -1
    words = placements.masks.shape[1]
    return replace(
        placements,
        row_piece=np.concatenate([placements.row_piece, np.array(ranged, dtype=np.int32)]),
        row_items=placements.row_items + tuple(() for _ in ranged),
        masks=np.concatenate([placements.masks, np.zeros((len(ranged), words), np.uint64)]),
        piece_least=least, optional_items=optional, absent_start=absent_start,
        row_paint=None if placements.row_paint is None
        else placements.row_paint + tuple(() for _ in ranged))


def required_mask(placements: Placements) -> np.ndarray:
    """(W,) uint64: the items every solution covers (all but the optional ones)."""
    required = np.ones((1, placements.n_items), dtype=bool)
    required[0, list(placements.optional_items)] = False
    return pack_bits(required)[0]


def piece_slack(placements: Placements) -> np.ndarray:
    """(T,) int32: copies of each piece type a solution may leave off the board."""
    if placements.piece_least is None:
        return np.zeros(len(placements.piece_counts), dtype=np.int32)
    return (placements.piece_counts - placements.piece_least).astype(np.int32)


def first_absent_row(placements: Placements) -> int:
    """Rows from here on are absent rows (n_rows when there are none)."""
    return placements.absent_start if placements.absent_start >= 0 else placements.n_rows

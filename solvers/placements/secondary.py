"""Exact cover with secondary items: optional board cells and piece ranges.

A piece type with a range [fewest, most] is placed `most` times in every solution: each copy
beyond the ones on the board takes the type's *absent row*, a row that covers no item. The
absent rows come after every real row, so a solution stays a fixed number of rows (the sum of
the mosts) and every kernel-side table (symmetry images, orbits, run files) treats them as
rows; an absent row decodes to no cells. Optional cells are items that may stay uncovered:
the general kernel never branches on them (solvers.kernels.exact_cover).

A grid may add items of its own past the board cells (`Grid.passing_items`: a stick grid's
lattice points, where two pieces must not cross): optional items too, in the masks only (no
row lists them among its cells, so solutions, symmetries and pictures never see them).
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
    extra_items: int
    row_paint: tuple | None

    @property
    def n_rows(self) -> int: ...

    @property
    def n_items(self) -> int: ...


P = TypeVar("P", bound=Placements)


def with_secondary_items(puzzle: Puzzle, placements: P) -> P:
    """The placements with the puzzle's optional items and piece ranges: an absent row
    appended for each piece type with a range, and the grid's items (`with_passing_items`)."""
    placements = with_passing_items(puzzle, placements)
    if not puzzle.has_secondary:
        return placements
    index_of = {cell: item for item, cell in enumerate(placements.cells)}
    optional = tuple(sorted(index_of[cell] for cell in puzzle.optional)) + placements.optional_items
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


def with_passing_items(puzzle: Puzzle, placements: P) -> P:
    """The placements with the grid's passing items (`Grid.passing_items`) that two rows or
    more cover, as optional items after the board cells: a row's mask gets an item's bit
    when the row holds every cell of one of the item's lines."""
    index_of = {cell: item for item, cell in enumerate(placements.cells)}
    lines = [[[index_of[cell] for cell in line] for line in item]
             for item in puzzle.kind.grid.passing_items(placements.cells)]
    if not lines or not placements.n_rows:
        return placements
    masks = placements.masks
    covered = np.array([np.logical_or.reduce([_holds(masks, line) for line in item])
                        for item in lines])  # (items, rows)
    covered = covered[covered.sum(axis=1) > 1]
    if not len(covered):
        return placements
    first = placements.n_items
    widened = pack_bits(np.concatenate([np.zeros((placements.n_rows, first), dtype=bool),
                                        covered.T], axis=1))
    widened[:, :masks.shape[1]] |= masks
    return replace(placements, masks=widened, extra_items=len(covered),
                   optional_items=tuple(range(first, first + len(covered))))


def _holds(masks: np.ndarray, items: list[int]) -> np.ndarray:
    """(R,) bool: which rows hold every one of `items`."""
    held = np.ones(len(masks), dtype=bool)
    for item in items:
        held &= (masks[:, item >> 6] >> np.uint64(item & 63)) & np.uint64(1) == 1
    return held

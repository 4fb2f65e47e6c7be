"""Dead-placement pruning: a placement that splits off a region no set of pieces can fill.

Region sizes are checked against every size some multiset of the pieces can reach (a superset
of what the remaining pieces reach), so pruning never removes a placement a solution uses.

Boards of at most 64 cells are flooded in numpy, every row at once (solvers/placements/
words.py): no numba kernel to compile or load (see solvers/search/interpreted.py for why a
small puzzle avoids them). Larger boards go to the kernel (solvers/kernels/regions.py).
"""

from __future__ import annotations

from typing import Iterable, Iterator

import numpy as np

from ..kernels import native
from ..puzzle.cancel import CancelCheck, check_cancel
from .words import WORD_CELLS, Shifts, flood, full_word, lowest_bits

_FLOOD_SLICE = 1 << 21  # board cells the kernel floods between two cancel checks (about 40 ms)


def dead_rows(masks: np.ndarray, neighbours: np.ndarray, fillable: np.ndarray,
              cancel: CancelCheck | None = None) -> np.ndarray:
    """(R,) bool: rows whose placement leaves a region of unfillable size. `masks` (R, W)
    are the rows' cells, `neighbours` (cells, degree) each cell's (-1: none), `fillable`
    the region sizes that can be filled; `cancel` stops it (Cancelled) between slices."""
    n_rows, n_items = masks.shape[0], neighbours.shape[0]
    if n_items <= WORD_CELLS:
        check_cancel(cancel)
        return word_dead_rows(masks[:, 0], neighbours, fillable)
    flooded = native.kernel("regions").dead_rows

    step = max(16, _FLOOD_SLICE // max(1, n_items))
    dead = [flooded(masks[start:start + step], neighbours, fillable)
            for start in _checked(range(0, n_rows, step), cancel)]
    check_cancel(cancel)
    return np.concatenate(dead) if dead else np.zeros(0, dtype=bool)


def word_dead_rows(masks: np.ndarray, neighbours: np.ndarray, fillable: np.ndarray) -> np.ndarray:
    """`dead_rows` for boards of at most 64 cells, `masks` (R,) one word per row: the free
    cells of every row are flooded from their lowest cell, region after region."""
    shifts = Shifts.from_table(neighbours)
    fills = np.asarray(fillable, dtype=bool)
    free = full_word(len(neighbours)) & ~masks
    dead = np.zeros(len(masks), dtype=bool)
    rows = np.flatnonzero(free)
    while len(rows):
        regions, _ = flood(lowest_bits(free[rows]), free[rows], shifts)
        dead[rows] = ~fills[np.bitwise_count(regions)]
        free[rows] &= ~regions
        rows = rows[(free[rows] != 0) & ~dead[rows]]
    return dead


def _checked(steps: Iterable[int], cancel: CancelCheck | None) -> Iterator[int]:
    for step in steps:
        check_cancel(cancel)
        yield step

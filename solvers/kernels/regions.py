"""Dead-placement pruning's flood fill (numba), for boards past what solvers/placements/
pruning.py floods in Python: every row's free cells split into regions, each checked against
the region sizes some multiset of the pieces fills."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(nogil=True, cache=True)
def _region_sizes_ok(blocked: np.ndarray, neighbours: np.ndarray, fillable: np.ndarray,
                     stack: np.ndarray) -> bool:
    """Flood-fill the unblocked items; False when some region has an unfillable size.

    `blocked` is modified in place (every item ends up blocked).
    """
    n_items = blocked.shape[0]
    for start in range(n_items):
        if blocked[start]:
            continue
        blocked[start] = True
        stack[0] = start
        top, size = 1, 0
        while top > 0:
            top -= 1
            item = stack[top]
            size += 1
            for slot in range(neighbours.shape[1]):
                other = neighbours[item, slot]
                if other >= 0 and not blocked[other]:
                    blocked[other] = True
                    stack[top] = other
                    top += 1
        if not fillable[size]:
            return False
    return True


@njit(nogil=True, cache=True)
def dead_rows(masks: np.ndarray, neighbours: np.ndarray, fillable: np.ndarray) -> np.ndarray:
    """(R,) bool: rows whose placement leaves a region of unfillable size."""
    n_rows, n_words = masks.shape
    n_items = neighbours.shape[0]
    dead = np.zeros(n_rows, dtype=np.bool_)
    blocked = np.zeros(n_items, dtype=np.bool_)
    stack = np.empty(n_items, dtype=np.int64)
    for row in range(n_rows):
        for item in range(n_items):
            word = masks[row, item >> 6]
            blocked[item] = (word >> np.uint64(item & 63)) & np.uint64(1) != 0
        dead[row] = not _region_sizes_ok(blocked, neighbours, fillable, stack)
    return dead

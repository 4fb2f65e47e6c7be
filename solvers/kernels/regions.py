"""Dead-placement pruning (numba): the flood fill, for boards past what solvers/placements/
pruning.py floods in Python (every row's free cells split into regions, each checked against
the region sizes some multiset of the pieces fills), and the cover check (a row beside which
some required cell or needed piece has no row left)."""

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


@njit(nogil=True, cache=True)
def _apart(masks: np.ndarray, row: int, other: int) -> bool:
    clash = np.uint64(0)
    for w in range(masks.shape[1]):
        clash |= masks[other, w] & masks[row, w]
    return clash == 0


@njit(nogil=True, cache=True)
def _has_partner(masks: np.ndarray, row: int, key: int, start: np.ndarray, rows: np.ndarray,
                 alive: np.ndarray, witness: np.ndarray) -> bool:
    """Whether some live row among rows[start[key]:start[key + 1]] shares no item with `row`;
    the one found last for `key` is tried first (it is the answer for most rows)."""
    seen = witness[key]
    if seen >= 0 and alive[seen] and _apart(masks, row, seen):
        return True
    for position in range(start[key], start[key + 1]):
        other = rows[position]
        if alive[other] and _apart(masks, row, other):
            witness[key] = other
            return True
    return False


@njit(nogil=True, cache=True)
def kill_uncoverable(masks: np.ndarray, row_piece: np.ndarray, alive: np.ndarray,
                     item_start: np.ndarray, item_rows: np.ndarray, required: np.ndarray,
                     piece_start: np.ndarray, piece_rows: np.ndarray, least: np.ndarray,
                     first: int, last: int) -> int:
    """Marks dead (alive[row] = False) each live row of first..last-1 beside which a piece
    type the solution still needs a copy of, or a required item the row does not cover, has
    no live row left that shares no item with it. `item_rows[item_start[i]:item_start[i + 1]]`
    are the rows covering item i, `piece_rows` likewise per piece type. Returns how many
    died."""
    item_witness = np.full(required.shape[0], -1, dtype=np.int64)
    piece_witness = np.full(least.shape[0], -1, dtype=np.int64)
    killed = 0
    for row in range(first, last):
        if not alive[row]:
            continue
        ok = True
        own = row_piece[row]
        for piece in range(least.shape[0]):
            needed = least[piece] - (1 if piece == own else 0)
            if needed > 0 and not _has_partner(masks, row, piece, piece_start, piece_rows,
                                               alive, piece_witness):
                ok = False
                break
        for item in range(required.shape[0]):
            if not ok:
                break
            if not required[item] or (masks[row, item >> 6] >> np.uint64(item & 63)) & np.uint64(1):
                continue
            ok = _has_partner(masks, row, item, item_start, item_rows, alive, item_witness)
        if not ok:
            alive[row] = False
            killed += 1
    return killed

"""Dead-placement pruning: a placement that splits off a region no set of pieces can fill.

Region sizes are checked against every size some multiset of the pieces can reach (a superset
of what the remaining pieces reach), so pruning never removes a placement a solution uses.

A small board is flooded in Python, with a board as one integer: loading any numba kernel
costs a process about 0.3 s, more than a small puzzle's whole run (see solvers/search/
interpreted.py). Larger boards go to the kernel (solvers/kernels/regions.py).
"""

from __future__ import annotations

from typing import Iterable, Iterator

import numpy as np

from ..puzzle.cancel import CancelCheck, check_cancel

INTERPRETED_FLOOD = 1 << 15  # rows x cells flooded in Python at most (about 10 ms)
_FLOOD_SLICE = 1 << 21  # board cells the kernel floods between two cancel checks (about 40 ms)


def dead_rows(masks: np.ndarray, neighbours: np.ndarray, fillable: np.ndarray,
              cancel: CancelCheck | None = None) -> np.ndarray:
    """(R,) bool: rows whose placement leaves a region of unfillable size. `masks` (R, W)
    are the rows' cells, `neighbours` (cells, degree) each cell's (-1: none), `fillable`
    the region sizes that can be filled; `cancel` stops it (Cancelled) between slices."""
    n_rows, n_items = masks.shape[0], neighbours.shape[0]
    if n_rows * n_items <= INTERPRETED_FLOOD:
        return interpreted_dead_rows(masks, neighbours, fillable)
    from ..kernels.regions import dead_rows as flooded

    step = max(16, _FLOOD_SLICE // max(1, n_items))
    dead = [flooded(masks[start:start + step], neighbours, fillable)
            for start in _checked(range(0, n_rows, step), cancel)]
    check_cancel(cancel)
    return np.concatenate(dead) if dead else np.zeros(0, dtype=bool)


def interpreted_dead_rows(masks: np.ndarray, neighbours: np.ndarray,
                          fillable: np.ndarray) -> np.ndarray:
    """`dead_rows` with each row's free cells as one Python integer, flooded a ring of cells
    at a time."""
    around = [_bits(row[row >= 0]) for row in neighbours]
    full = (1 << len(neighbours)) - 1
    fills = fillable.tolist()
    dead = np.zeros(masks.shape[0], dtype=bool)
    width = masks.shape[1] * 8
    data = np.ascontiguousarray(masks, dtype="<u8").tobytes()
    for row, at in enumerate(range(0, len(data), width)):
        mask = int.from_bytes(data[at:at + width], "little")
        free = full & ~mask
        while free:
            region = ring = free & -free
            while ring:
                grown = 0
                while ring:
                    low = ring & -ring
                    grown |= around[low.bit_length() - 1]
                    ring ^= low
                ring = grown & free & ~region
                region |= ring
            if not fills[region.bit_count()]:
                dead[row] = True
                break
            free &= ~region
    return dead


def _bits(items: Iterable[int]) -> int:
    value = 0
    for item in items:
        value |= 1 << int(item)
    return value


def _checked(steps: Iterable[int], cancel: CancelCheck | None) -> Iterator[int]:
    for step in steps:
        check_cancel(cancel)
        yield step

"""The canonical check in numba, for the probes (kernels/probes.py): a search's runs in numpy
(solvers/search/canonical.py), which tests compare with this one."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(nogil=True, cache=True)
def _sort_in_place(values, start, end):
    """Sort values[start:end] (Shell's sort, gaps 3k+1). A solution has a few dozen rows at
    most on the boards a kernel can finish, and np.sort would compile numba's quicksort with
    it: 2 of the 13 s a first search of Soma took to compile."""
    gap = 1
    while gap < (end - start) // 3:
        gap = 3 * gap + 1
    while gap > 0:
        for i in range(start + gap, end):
            value = values[i]
            j = i
            while j - gap >= start and values[j - gap] > value:
                values[j] = values[j - gap]
                j -= gap
            values[j] = value
        gap //= 3


@njit(nogil=True, cache=True)
def _is_canonical(path, depth, restricted_piece, row_piece, images, check_start, check_syms,
                  allowed, scratch):
    """True when the solution on `path` is the smallest of its images under the symmetries
    that must be checked (the stabiliser of the restricted piece's row, or all of them) that
    the search could have found (every row `allowed`: see SymmetryPlan.allowed).
    `scratch` holds 2 * depth numbers: the image, then the solution itself, each sorted.
    The probes' check (kernels/probes.py); a search's runs in numpy (search/canonical.py)."""
    if images.shape[0] == 0:
        return True
    if restricted_piece >= 0:
        first, last = 0, 0
        for d in range(depth):
            if row_piece[path[d]] == restricted_piece:
                first, last = check_start[path[d]], check_start[path[d] + 1]
    else:
        first, last = 0, images.shape[0]
    if first == last:
        return True
    for d in range(depth):
        scratch[depth + d] = path[d]
    _sort_in_place(scratch, depth, 2 * depth)
    for k in range(first, last):
        s = check_syms[k] if restricted_piece >= 0 else k
        searched = True
        for d in range(depth):
            scratch[d] = images[s, path[d]]
            searched &= allowed[scratch[d]]
        if not searched:
            continue
        _sort_in_place(scratch, np.int64(0), depth)  # typed: one compiled version
        for d in range(depth):
            if scratch[d] != scratch[depth + d]:
                if scratch[d] < scratch[depth + d]:
                    return False
                break
    return True

"""Aligned pair and triplet exclusion (numba), in Sudoku Explainer's scan order: the first
set of base cells whose possible digit combinations leave a digit of one of them unused.

Glossary:
  base       an empty cell of 2+ candidates, with no naked single among its peers and an
             excluder at least; bases are taken in row-major order, pairs of them in colex
             order (by the second, then the first), a third from the cells their excluders
             name (the first's, then the second's), as SE does.
  excluder   a peer of a base with 2 candidates (pairs) or 2-3 (triplets); the common
             excluders see every base cell (2 at least are needed).
  allowed    a combination of one digit per base cell: no two cells that see each other
             share a digit, and no common excluder has all its digits among them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .logic_chains import popcount


@njit(nogil=True, cache=True)
def _check(cands, see, cells, size, common, n_common, removed, span, scratch):
    """Marks in `removed[i]` the digits of cell i used by no allowed combination; returns
    whether there is one. Digits are below `span`; `scratch` is 3 x 3 int64 room."""
    allowed, digits, masks = scratch[0], scratch[1], scratch[2]
    allowed[:] = 0
    for i in range(size):
        masks[i] = cands[cells[i]]
    last = masks[2] if size == 3 else 1
    for a in range(span):
        if not (masks[0] >> a & 1):
            continue
        for b in range(span):
            if not (masks[1] >> b & 1):
                continue
            for c in range(span if size == 3 else 1):
                if not (last >> c & 1):
                    continue
                digits[0], digits[1], digits[2] = a, b, c
                ok = True
                for i in range(size):
                    for j in range(i + 1, size):
                        if digits[i] == digits[j] and see[cells[i], cells[j]]:
                            ok = False
                used = 0
                for i in range(size):
                    used |= 1 << digits[i]
                for k in range(n_common):
                    if ok and not (cands[common[k]] & ~used):
                        ok = False
                if ok:
                    for i in range(size):
                        allowed[i] |= 1 << digits[i]
    found = False
    for i in range(size):
        removed[i] = masks[i] & ~allowed[i]
        if removed[i]:
            found = True
    return found


@njit(nogil=True, cache=True)
def aligned_scan(cands, peer_list, see, degree, cells, common, removed):
    """The first aligned exclusion of `degree` (2 or 3) cells: fills cells, common (the
    excluders, -1 ended) and removed (per cell, the digits it loses); False when none."""
    n_cells = cands.shape[0]
    span = np.int64(1)  # the digits' bits are below it
    for cell in range(n_cells):
        while cands[cell] >> span:
            span += 1
    scratch = np.zeros((3, 3), np.int64)
    bases = np.empty(n_cells, np.int64)
    is_base = np.zeros(n_cells, np.uint8)
    excl = np.full((n_cells, peer_list.shape[1]), -1, np.int64)
    n_excl = np.zeros(n_cells, np.int64)
    n_bases = 0
    for cell in range(n_cells):
        if popcount(cands[cell]) < 2:
            continue
        single = False
        count = 0
        for k in range(peer_list.shape[1]):
            peer = peer_list[cell, k]
            if peer < 0:
                break
            size = popcount(cands[peer])
            if size == 1:
                single = True
            elif (size == 2) if degree == 2 else (2 <= size <= degree):
                excl[cell, count] = peer
                count += 1
        if not single and count:
            bases[n_bases] = cell
            n_bases += 1
            is_base[cell] = 1
            n_excl[cell] = count
    if n_bases < degree:
        return False
    area = np.empty(2 * peer_list.shape[1], np.int64)
    chosen = np.zeros(3, np.int64)
    shared = np.empty(peer_list.shape[1], np.int64)
    for j in range(n_bases):
        for i in range(j):
            first, second = bases[i], bases[j]
            n_area = 0
            if degree == 2:
                area[0] = -1
                n_area = 1
            else:
                for source in (first, second):
                    for k in range(n_excl[source]):
                        cell = excl[source, k]
                        if not is_base[cell] or cell == first or cell == second:
                            continue
                        dup = False
                        for m in range(n_area):
                            if area[m] == cell:
                                dup = True
                        if not dup:
                            area[n_area] = cell
                            n_area += 1
            for t in range(n_area):
                third = area[t]
                n_shared = np.int64(0)
                for k in range(n_excl[first]):
                    cell = excl[first, k]
                    if see[cell, second] and (third < 0 or see[cell, third]):
                        shared[n_shared] = cell
                        n_shared += 1
                if n_shared < 2:
                    continue
                chosen[0], chosen[1], chosen[2] = first, second, third
                if _check(cands, see, chosen, degree, shared, n_shared, removed, span,
                          scratch):
                    cells[:degree] = chosen[:degree]
                    common[:] = -1
                    common[:n_shared] = shared[:n_shared]
                    return True
    return False

"""The logical solver's path in numba, as far as the scan identifies the steps: scan, apply
the step found (its effects exactly as the Python step's, solvers/logic/effects.py: a
placing step only its placement, any other its eliminations),
record it, scan again from the easiest technique. It stops where Python has to look
(a technique without a scan, code 0, or one whose scan only says that it has a step), when
nothing applies, when the grid is solved or when the record is full. Python then builds the
recorded steps on its own board (solvers/logic/scan.py). Arrays as in logic_scan.py.

numba keys a cached compilation on the text of its own file only: SOURCES names the kernel
files this one calls and carries their digest, so that changing one of them changes this
file too (tests/solvers/test_logic_scan.py checks the digest and prints the new one).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .logic_scan import DIRECT_HIDDEN_2, DIRECT_HIDDEN_3, DIRECT_LOCKED, EXACT_LAST, \
    HIDDEN_2, HIDDEN_LINE, HIDDEN_4, LOCKED, NAKED_2, NAKED_SINGLE, first_step

SOURCES = (("bits.py", "logic_sets.py", "logic_patterns.py", "logic_scan.py"),
           "5d1bf56841358e94")
DONE, FULL = -1, -2  # run_path's second result besides a technique's index


@njit(nogil=True, cache=True)
def place(cand, values, peer, cell, d):
    """Board.place: the cell takes d, its peers lose it."""
    values[cell] = d
    cand[cell] = 0
    bit = 1 << (d - 1)
    for other in range(cand.shape[0]):
        if peer[cell, other]:
            cand[other] &= ~bit


@njit(nogil=True, cache=True, inline="always")  # tiny: no constant argument types it anew
def _place_once(cand, values, peer, cell, d):
    if cell >= 0 and values[cell] == 0:  # solver.apply: a filled cell is left as it is
        place(cand, values, peer, cell, d)


@njit(nogil=True, cache=True)
def apply_found(code, out, cand, values, hc, member, cross, peer, n):
    """The effects of the step the scan identified in `out` (see logic_sets.py)."""
    if code <= HIDDEN_LINE:
        h, d = out[0], out[1]
        for i in range(n):
            if cand[hc[h, i]] >> (d - 1) & 1:
                _place_once(cand, values, peer, hc[h, i], d)
                return
    elif code == NAKED_SINGLE:
        cell, c, d = out[0], cand[out[0]], 0
        while c:
            c >>= 1
            d += 1
        _place_once(cand, values, peer, cell, d)
    elif code == DIRECT_LOCKED or code == LOCKED:
        first, second, d = cross[out[0], 0], cross[out[0], 1], out[1]
        bit = 1 << (d - 1)
        target = -1
        if code == DIRECT_LOCKED:
            for i in range(n):
                cell = hc[out[2], i]
                if cand[cell] & bit and not (member[second, cell] and not member[first, cell]):
                    target = cell
        if target >= 0:  # direct: only its placement (effects.apply)
            _place_once(cand, values, peer, target, d)
            return
        for i in range(n):
            cell = hc[second, i]
            if not member[first, cell]:
                cand[cell] &= ~bit
    elif code <= HIDDEN_4:  # direct and plain hidden sets
        direct = code == DIRECT_HIDDEN_2 or code == DIRECT_HIDDEN_3
        size = code - DIRECT_HIDDEN_2 + 2 if direct else code - HIDDEN_2 + 2
        h, kept = out[0], 0
        for i in range(size):
            kept |= 1 << (out[1 + i] - 1)
        target, other = -1, out[1 + size]
        if direct:
            for i in range(n):
                cell = hc[h, i]
                if cand[cell] >> (other - 1) & 1 and not cand[cell] & kept:
                    target = cell
        if direct:  # only its placement (effects.apply)
            _place_once(cand, values, peer, target, other)
            return
        for i in range(n):
            cell = hc[h, i]
            if cand[cell] & kept:
                cand[cell] &= kept
    else:  # naked sets
        size = code - NAKED_2 + 2
        h, union = out[0], 0
        for i in range(size):
            union |= cand[out[1 + i]]
        for i in range(n):
            cell = hc[h, i]
            chosen = False
            for j in range(size):
                if out[1 + j] == cell:
                    chosen = True
            if not chosen:
                cand[cell] &= ~union


@njit(nogil=True, cache=True, inline="always")  # tiny: no constant argument types it anew
def _write(record, row, k, out):
    """record[row] = (k, *out), element by element (a slice assignment compiles slowly)."""
    record[row, 0] = k
    for i in range(out.shape[0]):
        record[row, 1 + i] = out[i]


@njit(nogil=True, cache=True)
def run_path(codes, start, cand, values, hc, hk, member, cross, peer, line_of, n, record,
             limit):
    """(steps recorded, DONE | FULL | index of the technique Python has to try, whose
    scan's `out` is then in the row after the steps). Each record row: the technique's
    index, then the scan's `out`. The first scan starts at
    `start` (the techniques before it are known to have nothing), the others at 0."""
    count = np.int64(0)
    out = np.zeros(record.shape[1] - 1, dtype=np.int64)
    while count < limit:
        solved = True
        for cell in range(values.shape[0]):
            if values[cell] == 0:
                solved = False
                break
        if solved:
            return count, DONE
        k = first_step(codes, start, cand, values, hc, hk, member, cross, peer, line_of, n,
                       out)
        if k < 0:
            return count, DONE
        start = np.int64(0)
        code = codes[k]
        if code == 0 or code > EXACT_LAST:
            _write(record, count, k, out)  # not a step yet: what the scan found, for Python
            return count, k
        _write(record, count, k, out)
        count += 1
        apply_found(code, out, cand, values, hc, member, cross, peer, n)
    return count, FULL

"""The canonical check in numba (`settle`): the probes' (kernels/probes.py), and a search's
when the native build has it (solvers/search/resumable.py); without one a search's runs in
numpy (solvers/search/canonical.py), which tests compare with this one and the interpreted
tier's on random row lists."""

from __future__ import annotations

import numpy as np
from numba import njit

from .exact_cover import _copy_row
from .status import C_BUFFERED, C_SOLUTIONS, C_UNCHECKED


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
def _check_as_bits(path, depth, restricted_piece, row_piece, images, check_start, check_syms,
                   allowed, absent_start, scratch):
    """The canonical check of the solution on `path` as far as it goes without sorting:
    (False when an image that sorts first was found; else True), the number of its real
    rows, and the symmetries [from, to) left to `_canonical_as_lists`. Leaves the solution in
    `scratch` (2 * depth numbers) from `depth` on: its real rows, then its absent rows.

    The symmetries checked are the stabiliser of the restricted piece's row, or all of them;
    an image is a rival only if the search could have found it (its rows all `allowed`: see
    SymmetryPlan.allowed). Rows from `absent_start` on (-1: none) are absent rows (copies
    left off the board): they sort after the real ones, a symmetry maps them to absent rows,
    and they matter only when the real rows are the same (SolidSixPieceBurrs: 6 real rows and
    144 absent). A solution holds a real row once (it covers cells), so where every real row
    is under 64 the real rows are compared here as the bits of a word: the list holding the
    lowest row only one of them holds is the smaller. Else, or on a tie, the symmetries left
    are compared as sorted lists. No call in here, and the loop over the symmetries in no
    `if`: either made DemoPieceGenerator's check twice as slow (0.12 -> 0.21 ms, measured)."""
    first, last = 0, images.shape[0]
    if restricted_piece >= 0:
        first = last = 0
        for d in range(depth):
            row = path[d]
            if row_piece[row] == restricted_piece:
                first, last = check_start[row], check_start[row + 1]
    if absent_start < 0:
        absent_start = images.shape[1]
    real, tail = 0, 2 * depth
    for d in range(depth):
        row = path[d]
        if row < absent_start:
            scratch[depth + real] = row
            real += 1
        else:
            tail -= 1
            scratch[tail] = row
    one_word = absent_start <= 64
    mine = np.uint64(0)
    if one_word:
        for d in range(depth, depth + real):
            mine |= np.uint64(1) << np.uint64(scratch[d])
    for k in range(first, last):
        s = check_syms[k] if restricted_piece >= 0 else k
        if not one_word:
            return True, real, k, last
        image = np.uint64(0)
        for d in range(real):
            image |= np.uint64(1) << np.uint64(images[s, scratch[depth + d]])
        differ = image ^ mine
        if differ == 0:  # the same real rows: the absent rows decide
            return True, real, k, last
        if image & differ & (np.uint64(0) - differ) != 0:  # a rival, if the search could
            searched = True  # have found it
            for d in range(real):
                searched &= allowed[images[s, scratch[depth + d]]]
            if searched:
                return False, real, last, last
    return True, real, last, last


@njit(nogil=True, cache=True)
def _canonical_as_lists(scratch, depth, real, first, last, restricted_piece, images,
                        check_syms, allowed):
    """The canonical check under symmetries `first` to `last` (see `_check_as_bits`) of the
    solution with its real rows at scratch[depth:depth + real] and its absent rows after
    them, as sorted lists: the image's values taken smallest first, up to the first that
    differs (the first or second nearly always decides), and its absent rows only when the
    real ones are the same."""
    _sort_in_place(scratch, depth, depth + real)
    tail_sorted = False  # sorted when a tie needs it
    canonical = True
    for k in range(first, last):
        s = check_syms[k] if restricted_piece >= 0 else k
        for d in range(real):
            scratch[d] = images[s, scratch[depth + d]]
        order = _compare_image(scratch, np.int64(0), real, depth)  # typed: one version
        if order == 0:
            if not tail_sorted:
                _sort_in_place(scratch, depth + real, 2 * depth)
                tail_sorted = True
            for d in range(real, depth):
                scratch[d] = images[s, scratch[depth + d]]
            order = _compare_image(scratch, real, depth, depth)
        if order < 0:  # a rival, if the search could find it (absent rows it always can)
            searched = True
            for d in range(real):
                searched &= allowed[scratch[d]]
            if searched:
                canonical = False
                break
    return canonical


@njit(nogil=True, cache=True)
def _compare_image(scratch, start, end, depth):
    """-1, 0 or 1: whether the image's values scratch[start:end] (in any order; left a
    permutation of themselves) sort before, as or after the solution's sorted ones at
    scratch[depth + start:depth + end]. Taken smallest first, by selection, only up to the
    first that differs: the first or second nearly always decides, so an image costs about
    two passes over it, not a sort."""
    order = 0
    for k in range(start, end):
        low = k
        for j in range(k + 1, end):
            if scratch[j] < scratch[low]:
                low = j
        value = scratch[low]
        scratch[low] = scratch[k]
        scratch[k] = value
        if value != scratch[depth + k]:
            order = -1 if value < scratch[depth + k] else 1
            break
    return order


@njit(nogil=True, cache=True)
def settle(counters, solution_buffer, record, restricted_piece, row_piece, images, check_start,
           check_syms, allowed, absent_start, scratch):
    """The canonical check of the solutions a search left unchecked at the end of its buffer
    (as solvers/search/canonical.py does in numpy): count those kept, and keep them buffered
    if `record`, in their order. Each is the smallest of its images under the symmetries it
    is checked for (see `_check_as_bits`); `scratch` holds 2 * the buffer's width numbers.
    DemoPieceGenerator's 1,760 solutions: 0.8 ms in numpy, 0.13 ms here."""
    end = counters[C_BUFFERED]
    kept = end - counters[C_UNCHECKED]
    goal = solution_buffer.shape[1]
    for k in range(kept, end):
        canonical, real, first, last = _check_as_bits(
            solution_buffer[k], goal, restricted_piece, row_piece, images, check_start,
            check_syms, allowed, absent_start, scratch)
        if canonical and first < last:
            canonical = _canonical_as_lists(scratch, goal, real, first, last, restricted_piece,
                                            images, check_syms, allowed)
        if canonical:
            counters[C_SOLUTIONS] += 1
            if record:
                _copy_row(solution_buffer[k], solution_buffer, kept)
                kept += 1
    counters[C_BUFFERED] = kept
    counters[C_UNCHECKED] = 0

"""Assemblies that come apart without a move: the quick path of a batch analysis (numba).

Most assemblies of a packing-like puzzle come apart a piece or a set at a time, each part's
first separation already open where the assembly put its pieces (DemoPieceGenerator: 927 of
928, ten such separations each). The general analysis (disassembly_tree.run) searches each
part from scratch: its gaps worked out anew for every part, a state stored, hashed and
cleared. Here the gaps of every pair of pieces are worked out once, where the assembly put
them (as no piece has moved, they are every part's), and kept as masks: blocked[d, i], the
pieces piece i meets sliding along direction d. A part's separation is then a few bit
operations on those masks restricted to the part: the same set as disassembly._separation
chooses, parts taken in the same order (the half that slides out first), so the verdict and
the states counted (one a part searched) are exactly the general analysis'. The first part
that does not come apart at once hands the assembly back to the general analysis, from its
start.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import lowest_bit
from .disassembly import _before
from .movement import UNBOUNDED, state_gaps


# _nrt=False: it allocates nothing, and counting the references of `work`'s arrays at each
# call cost as much as a small assembly's analysis (as disassembly.search_part)
@njit(nogil=True, cache=True, _nrt=False)
def take_apart_at_once(meta, entries, table, blocks, origins, n: int, work, verdict) -> int:
    """Take apart the assembly of n pieces whose corners are at `origins` (blocks: its pairs'
    tables, movement.py) when every separation is open where the pieces lie: its separation
    tree written into `verdict` [1:] as disassembly_tree.run writes it, and the number of
    separations (the states its searches keep) returned; -1 when some part needs a move (or
    does not come apart), `verdict` then only partly written. Uses `work`'s scratch
    (disassembly_tree.new_work), no search being under way in it."""
    gaps, closed, blocked = work[6][0], work[7][0], work[7][4:]
    members, waiting = work[10], work[9][0]
    for p in range(n):
        members[p] = p
    state_gaps(meta, entries, table, blocks, n, members, n, origins, gaps)
    for d in range(6):  # blocked[d, i]: the pieces i meets sliding along d (movement.py)
        for i in range(n):
            blocked[d, i] = np.uint64(0)
            for j in range(n):
                if j != i and gaps[d, i, j] < UNBOUNDED:
                    blocked[d, i] |= _bit(j)
    for c in range(1, 1 + max(1, 2 * n - 1)):
        verdict[c] = -1
    waiting[0] = ~np.uint64(0) if n == 64 else _bit(n) - np.uint64(1)
    top, written, separations = 1, 1, 0
    while top > 0:
        top -= 1
        part = waiting[top]
        if part & (part - np.uint64(1)) == 0:  # one piece
            verdict[written] = 0
            written += 1
            continue
        out_set = _separation_of(blocked, part, closed)
        if out_set == 0:
            return -1
        verdict[written] = 1  # no move before it: the removal alone
        written += 1
        separations += 1
        waiting[top] = part & ~out_set  # the half that stays below the one that slides out
        waiting[top + 1] = out_set
        top += 2
    return separations


@njit(nogil=True, cache=True, inline="always")
def _bit(i: int) -> np.uint64:
    return np.uint64(1) << np.uint64(i)


@njit(nogil=True, cache=True, inline="always")
def _separation_of(blocked, part: np.uint64, closed) -> np.uint64:
    """disassembly._separation of the part `part` (a mask of pieces) where the assembly put
    them, read from what each piece meets (`blocked`, the whole assembly's): the same set,
    as a mask of pieces, or 0. As there: a quick test that some set slides out (along some
    axis, not every piece is held back by the part's first), then the first direction's
    smallest set not holding the part's first piece."""
    first = part & (~part + np.uint64(1))
    separable = False
    for d in range(6):  # +a and -a: _separable's forward and backward
        if _held(blocked[d], part, first) != part:
            separable = True
            break
    if not separable:
        return np.uint64(0)
    for d in range(6):
        left = part
        while left:
            i = lowest_bit(left)
            left &= left - np.uint64(1)
            closed[i] = _reached(blocked[d], part, i)
        best = np.uint64(0)
        left = part & ~first
        while left:
            i = lowest_bit(left)
            left &= left - np.uint64(1)
            if not closed[i] & first and (best == 0 or _before(closed[i], best)):
                best = closed[i]
        if best != 0:
            return best
    return np.uint64(0)


@njit(nogil=True, cache=True, inline="always")
def _reached(blocked, part: np.uint64, i: int) -> np.uint64:
    """Piece i and every piece of `part` that must move with it: those it meets, those
    they meet..."""
    reached = _bit(i)
    waiting = reached
    while waiting:
        k = lowest_bit(waiting)
        waiting &= waiting - np.uint64(1)
        new = blocked[k] & part & ~reached
        reached |= new
        waiting |= new
    return reached


@njit(nogil=True, cache=True, inline="always")
def _held(blocked, part: np.uint64, first: np.uint64) -> np.uint64:
    """disassembly._held_by_first: the pieces of `part` that cannot move without its first
    piece: those that meet it, those that meet them..."""
    held = first
    grown = True
    while grown:
        grown = False
        left = part & ~held
        while left:
            i = lowest_bit(left)
            left &= left - np.uint64(1)
            if blocked[i] & held:
                held |= _bit(i)
                grown = True
    return held


@njit(nogil=True, cache=True)
def quick_buffers(copies: int):
    """(shapes, corners, pair blocks) of an assembly of up to `copies` pieces, reused."""
    return (np.empty(max(1, copies), np.int64), np.empty((max(1, copies), 3), np.int64),
            np.empty(max(1, copies * (copies - 1) // 2), np.int64))


@njit(nogil=True, cache=True, _nrt=False)
def placed_pieces(row_shape, row_origin, solution, shapes, corners) -> int:
    """The shapes and corners of the pieces a solution's placement rows put on the board,
    into `shapes` and `corners` (disassembly_tree.assembly_shapes, allocating nothing): how
    many."""
    n = 0
    for row in solution:
        if row_shape[row] >= 0:
            shapes[n] = row_shape[row]
            for a in range(3):
                corners[n, a] = row_origin[row, a]
            n += 1
    return n

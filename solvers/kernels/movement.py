"""How far one piece can slide toward another: the disassembler's collision tables (numba).

Two pieces of an assembly, i before j, sit at offsets from where the assembly put them; only
their relative offset r = off_j - off_i matters. Along an axis a, a cell of i and a cell of j
share a line when their two other coordinates differ by r's, and then j's cell lies
delta + r_a ahead of i's, delta being the difference of their assembled a-coordinates. So, per
pair and axis, the table files every (line key, delta) of the two shapes once, and a lookup
turns r into the gaps: how far i can slide forward (+a) before touching j, and backward (-a).
A pair's table covers only the offsets where the shapes share a line; beyond its range the
gaps grow linearly or are unbounded. Built once per assembly, read for every state of its
search: a state's gaps cost one lookup per pair and axis, whatever the pieces' sizes.

Glossary
- pa: pair-axis index, 3 * pair + axis; pairs (i < j) numbered row by row (`pair_number`).
- meta[pa]: b_lo, b_span, c_lo, c_span, d_lo, d_span, entry_base, table_base. b and c are the
  two other axes in increasing order; a line key (kb, kc) = (ci_b - cj_b, ci_c - cj_c).
- entries[e]: the smallest and largest delta on that key's lines (min > max: none).
- table[t]: for delta x of an entry's range, the next delta above x and the one below x
  (UNBOUNDED when there is none).
"""

from __future__ import annotations

import numpy as np
from numba import njit

UNBOUNDED = 1 << 30  # a gap that never closes: the piece slides out


@njit(nogil=True, cache=True, inline="always")
def pair_number(i: int, j: int, n: int) -> int:
    """The number of the pair i < j among n pieces."""
    return i * n - (i * (i + 1)) // 2 + (j - i - 1)


@njit(nogil=True, cache=True)
def piece_bounds(cells: np.ndarray, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lowest, highest) coordinate of each piece on each axis."""
    n = starts.size - 1
    low = np.empty((n, 3), np.int64)
    high = np.empty((n, 3), np.int64)
    for p in range(n):
        for a in range(3):
            low[p, a] = cells[starts[p], a]
            high[p, a] = cells[starts[p], a]
        for c in range(starts[p] + 1, starts[p + 1]):
            for a in range(3):
                low[p, a] = min(low[p, a], cells[c, a])
                high[p, a] = max(high[p, a], cells[c, a])
    return low, high


@njit(nogil=True, cache=True)
def build_tables(cells: np.ndarray, starts: np.ndarray):
    """(meta, entries, table) for the pieces whose cells are cells[starts[p]:starts[p+1]]
    (assembled coordinates, int64 (cells, 3))."""
    n = starts.size - 1
    low, high = piece_bounds(cells, starts)
    pairs = n * (n - 1) // 2
    meta = np.zeros((max(1, pairs * 3), 8), np.int64)
    n_entries = 0
    n_table = 0
    for i in range(n):
        for j in range(i + 1, n):
            for a in range(3):
                b, c = (1, 2) if a == 0 else ((0, 2) if a == 1 else (0, 1))
                pa = 3 * pair_number(i, j, n) + a
                meta[pa, 0] = low[i, b] - high[j, b]
                meta[pa, 1] = high[i, b] - low[j, b] - meta[pa, 0] + 1
                meta[pa, 2] = low[i, c] - high[j, c]
                meta[pa, 3] = high[i, c] - low[j, c] - meta[pa, 2] + 1
                meta[pa, 4] = low[j, a] - high[i, a]
                meta[pa, 5] = high[j, a] - low[i, a] - meta[pa, 4] + 1
                meta[pa, 6] = n_entries
                meta[pa, 7] = n_table
                keys = meta[pa, 1] * meta[pa, 3]
                n_entries += keys
                n_table += keys * meta[pa, 5]
    entries = np.empty((max(1, n_entries), 2), np.int64)
    entries[:, 0] = UNBOUNDED
    entries[:, 1] = -UNBOUNDED
    present = np.zeros(max(1, n_table), np.bool_)
    for i in range(n):
        for j in range(i + 1, n):
            for a in range(3):
                b, c = (1, 2) if a == 0 else ((0, 2) if a == 1 else (0, 1))
                pa = 3 * pair_number(i, j, n) + a
                for ci in range(starts[i], starts[i + 1]):
                    for cj in range(starts[j], starts[j + 1]):
                        key = ((cells[ci, b] - cells[cj, b] - meta[pa, 0]) * meta[pa, 3]
                               + cells[ci, c] - cells[cj, c] - meta[pa, 2])
                        e = meta[pa, 6] + key
                        delta = cells[cj, a] - cells[ci, a]
                        entries[e, 0] = min(entries[e, 0], delta)
                        entries[e, 1] = max(entries[e, 1], delta)
                        present[meta[pa, 7] + key * meta[pa, 5] + delta - meta[pa, 4]] = True
    table = np.empty((max(1, n_table), 2), np.int64)
    for pa in range(pairs * 3):
        span = meta[pa, 5]
        for key in range(meta[pa, 1] * meta[pa, 3]):
            base = meta[pa, 7] + key * span
            above = UNBOUNDED
            for x in range(span - 1, -1, -1):
                table[base + x, 0] = above
                if present[base + x]:
                    above = x + meta[pa, 4]
            below = UNBOUNDED
            for x in range(span):
                table[base + x, 1] = below
                if present[base + x]:
                    below = x + meta[pa, 4]
    return meta, entries, table


@njit(nogil=True, cache=True, inline="always")
def pair_gaps(meta, entries, table, pa: int, r_a: int, r_b: int, r_c: int) -> tuple[int, int]:
    """(forward, backward): how far the first piece of pair-axis `pa` slides along +a and -a
    before it touches the second, whose offset from it is (r_a, r_b, r_c) (axis a first)."""
    kb = r_b - meta[pa, 0]
    kc = r_c - meta[pa, 2]
    if kb < 0 or kb >= meta[pa, 1] or kc < 0 or kc >= meta[pa, 3]:
        return UNBOUNDED, UNBOUNDED
    key = kb * meta[pa, 3] + kc
    e = meta[pa, 6] + key
    low = entries[e, 0]
    high = entries[e, 1]
    if low > high:
        return UNBOUNDED, UNBOUNDED
    x = -r_a
    row = meta[pa, 7] + key * meta[pa, 5] + x - meta[pa, 4]
    if x < low:
        forward = low - x - 1
    elif x >= high:
        forward = UNBOUNDED
    else:
        forward = table[row, 0] - x - 1
    if x > high:
        backward = x - high - 1
    elif x <= low:
        backward = UNBOUNDED
    else:
        backward = x - table[row, 1] - 1
    return forward, backward


@njit(nogil=True, cache=True, inline="always")
def _pair_into(meta, entries, table, n: int, members: np.ndarray, li: int, lj: int,
               offsets: np.ndarray, gaps: np.ndarray) -> None:
    """gaps[., li, lj] and gaps[., lj, li] of members li < lj at `offsets`."""
    pair = pair_number(members[li], members[lj], n)
    rx = offsets[lj, 0] - offsets[li, 0]
    ry = offsets[lj, 1] - offsets[li, 1]
    rz = offsets[lj, 2] - offsets[li, 2]
    for a in range(3):
        if a == 0:
            forward, backward = pair_gaps(meta, entries, table, 3 * pair, rx, ry, rz)
        elif a == 1:
            forward, backward = pair_gaps(meta, entries, table, 3 * pair + 1, ry, rx, rz)
        else:
            forward, backward = pair_gaps(meta, entries, table, 3 * pair + 2, rz, rx, ry)
        gaps[2 * a, li, lj] = forward
        gaps[2 * a + 1, li, lj] = backward
        gaps[2 * a, lj, li] = backward
        gaps[2 * a + 1, lj, li] = forward


@njit(nogil=True, cache=True, inline="always")
def state_gaps(meta, entries, table, n: int, members: np.ndarray, count: int,
               offsets: np.ndarray, gaps: np.ndarray) -> None:
    """gaps[d, i, j] for the first `count` members (global piece numbers, increasing) at
    `offsets` (count, 3): how far member i slides in direction d (0 +x, 1 -x, 2 +y, 3 -y,
    4 +z, 5 -z) while member j stays."""
    for li in range(count):
        for lj in range(li + 1, count):
            _pair_into(meta, entries, table, n, members, li, lj, offsets, gaps)


@njit(nogil=True, cache=True, inline="always")
def moved_gaps(meta, entries, table, n: int, members: np.ndarray, count: int,
               offsets: np.ndarray, before: np.ndarray, gaps: np.ndarray,
               moved: np.uint64) -> None:
    """`state_gaps` of a state reached by sliding the members of mask `moved`: the gaps of
    the state `before` it, but for the pairs the slide parted or brought together."""
    gaps[:, :count, :count] = before[:, :count, :count]
    for li in range(count):
        inside = (moved >> np.uint64(li)) & np.uint64(1)
        for lj in range(li + 1, count):
            if inside != (moved >> np.uint64(lj)) & np.uint64(1):
                _pair_into(meta, entries, table, n, members, li, lj, offsets, gaps)

"""Numba tests of whether the logical solver's rarer techniques (fish, XY/XYZ-Wing, unique
rectangles, two strong links) have a step on a board: the Python finder
(solvers/logic/subsets.py, wings.py, uniqueness.py, single_digit.py) then finds which one,
only when there is one (for unique rectangles, the scan names the rectangle and its two
digits: the finder only builds that one's step). Board arrays as in logic_sets.py;
peer[a, b] is 1 when cells a and b share a house; line_of[kind, cell] the house of that
kind (row or column) holding the cell, -1 if none.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import count_bits
from .logic_sets import next_colex

COLUMN, ROW = 1, 2


@njit(nogil=True, cache=True)
def has_fish(cand, hc, hk, pos, line_of, n, size):
    """A digit whose places in `size` rows (columns) lie in `size` columns (rows) that hold
    it elsewhere too."""
    lines = np.zeros(hc.shape[0], dtype=np.int64)
    idx = np.zeros(size, dtype=np.int64)
    used = np.zeros(hc.shape[0], dtype=np.int64)
    for base, cover in ((ROW, COLUMN), (COLUMN, ROW)):
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            m = 0
            for h in range(hc.shape[0]):
                if hk[h] == base and 2 <= count_bits(np.uint64(pos[h, d])) <= size:
                    lines[m] = h
                    m += 1
            if m < size:
                continue
            for i in range(size):
                idx[i] = i
            while True:
                for c in range(used.shape[0]):
                    used[c] = 0
                count = 0
                for i in range(size):
                    h = lines[idx[i]]
                    for j in range(n):
                        if pos[h, d] >> j & 1:
                            c = line_of[cover, hc[h, j]]
                            if not used[c]:
                                used[c] = 1
                                count += 1
                if count == size:
                    for c in range(hc.shape[0]):
                        if not used[c]:
                            continue
                        for j in range(n):
                            cell = hc[c, j]
                            if cand[cell] & bit and not _in_lines(lines, idx, size,
                                                                  line_of[base, cell]):
                                return True
                if not next_colex(idx, size, m):
                    break
    return False


@njit(nogil=True, cache=True)
def _in_lines(lines, idx, size, h):
    for i in range(size):
        if lines[idx[i]] == h:
            return True
    return False


@njit(nogil=True, cache=True)
def has_wing(cand, peer, pivot_size):
    """XY-Wing (pivot_size 2) or XYZ-Wing (3) with an elimination."""
    cells = cand.shape[0]
    for pivot in range(cells):
        p = cand[pivot]
        if count_bits(np.uint64(p)) != pivot_size:
            continue
        shared = 1 if pivot_size == 2 else 2
        for w1 in range(cells):
            c1 = cand[w1]
            if not peer[pivot, w1] or count_bits(np.uint64(c1)) != 2 \
                    or count_bits(np.uint64(c1 & p)) != shared:
                continue
            for w2 in range(w1 + 1, cells):
                c2 = cand[w2]
                if not peer[pivot, w2] or count_bits(np.uint64(c2)) != 2 \
                        or count_bits(np.uint64(c2 & p)) != shared:
                    continue
                z = c1 & c2
                if count_bits(np.uint64(z)) != 1 or c1 == c2:
                    continue
                if pivot_size == 2 and (z & p or (c1 | c2) & ~z != p):
                    continue
                if pivot_size == 3 and (c1 | c2) != p:
                    continue
                for cell in range(cells):
                    if cand[cell] & z and peer[w1, cell] and peer[w2, cell] and \
                            (pivot_size == 2 or peer[pivot, cell]):
                        return True
    return False


@njit(nogil=True, cache=True)
def has_unique_rectangle(cand, values, member, peer, n, out):
    """A unique rectangle of type 1, 2 or 4 (solvers/logic/uniqueness.py) on empty cells
    r1c1, r1c2, r2c1, r2c2 that every house meets in 0 or 2 cells: the first in the
    finder's order, out = (r1c1, r1c2, r2c1, r2c2, a, b) (digits from 0)."""
    houses = member.shape[0]
    corner = np.zeros(4, dtype=np.int64)
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    corner[0], corner[1] = r1 * n + c1, r1 * n + c2
                    corner[2], corner[3] = r2 * n + c1, r2 * n + c2
                    if values[corner[0]] or values[corner[1]] or values[corner[2]] \
                            or values[corner[3]]:
                        continue
                    if not _rectangle(member, corner, houses):
                        continue
                    common = cand[corner[0]] & cand[corner[1]] & cand[corner[2]] \
                        & cand[corner[3]]
                    for a in range(n):
                        for b in range(a + 1, n):
                            if common >> a & 1 and common >> b & 1 and \
                                    _rectangle_step(cand, member, peer, corner,
                                                    (1 << a) | (1 << b), houses, n):
                                for i in range(4):  # (a slice assignment
                                    out[i] = corner[i]  # compiles for seconds)
                                out[4], out[5] = a, b
                                return True
    return False


@njit(nogil=True, cache=True)
def _rectangle(member, corner, houses):
    """Whether every house meets the four cells in 0 or 2 of them."""
    for h in range(houses):
        inside = member[h, corner[0]] + member[h, corner[1]] + member[h, corner[2]] \
            + member[h, corner[3]]
        if inside != 0 and inside != 2:
            return False
    return True


@njit(nogil=True, cache=True)
def _rectangle_step(cand, member, peer, corner, ab, houses, n):
    """Whether the rectangle on digits `ab` gives a step of type 1, 2 or 4."""
    extra = np.zeros(4, dtype=np.int64)
    m = 0
    for i in range(4):
        if cand[corner[i]] != ab:
            extra[m] = corner[i]
            m += 1
    if m == 1:
        return True
    if m != 2 or not peer[extra[0], extra[1]]:
        return False
    r1, r2 = extra[0], extra[1]
    more = (cand[r1] | cand[r2]) & ~ab
    if cand[r1] & ~ab == cand[r2] & ~ab and count_bits(np.uint64(more)) == 1:
        for cell in range(cand.shape[0]):
            if cand[cell] & more and peer[r1, cell] and peer[r2, cell]:
                return True
    for d in range(n):
        if not ab >> d & 1:
            continue
        for h in range(houses):
            if not (member[h, r1] and member[h, r2]):
                continue
            only_roof = True
            for cell in range(cand.shape[0]):
                if member[h, cell] and cand[cell] >> d & 1 and cell != r1 and cell != r2:
                    only_roof = False
                    break
            if only_roof and cand[r1] >> d & 1 and cand[r2] >> d & 1:
                return True
    return False


@njit(nogil=True, cache=True)
def has_two_links(cand, hc, hk, peer, n, wanted):
    """Two strong links on a digit whose ends see each other, with an elimination, of the
    named kind (solvers/logic/single_digit.py): wanted 0 skyscraper (two rows or two
    columns), 1 2-string kite (a row and a column), 2 turbot fish (any other pair)."""
    houses = hc.shape[0]
    ends = np.zeros((houses, 2), dtype=np.int64)
    link = np.zeros(houses, dtype=np.int64)
    for d in range(1, n + 1):
        bit = 1 << (d - 1)
        m = 0
        for h in range(houses):
            count = 0
            for i in range(n):
                if cand[hc[h, i]] & bit:
                    if count < 2:
                        ends[m, count] = hc[h, i]
                    count += 1
            if count == 2:
                link[m] = h
                m += 1
        for x in range(m):
            for y in range(x + 1, m):
                k1, k2 = hk[link[x]], hk[link[y]]
                lines = (k1 == ROW or k1 == COLUMN) and (k2 == ROW or k2 == COLUMN)
                kind = 0 if lines and k1 == k2 else 1 if lines else 2
                if kind != wanted:
                    continue
                p1, q1, p2, q2 = ends[x, 0], ends[x, 1], ends[y, 0], ends[y, 1]
                if p1 == p2 or p1 == q2 or q1 == p2 or q1 == q2:
                    continue
                for swap1 in range(2):
                    a1, b1 = (q1, p1) if swap1 else (p1, q1)
                    for swap2 in range(2):
                        a2, b2 = (q2, p2) if swap2 else (p2, q2)
                        if not peer[b1, b2]:
                            continue
                        for cell in range(cand.shape[0]):
                            if cand[cell] & bit and peer[a1, cell] and peer[a2, cell] and \
                                    cell != b1 and cell != b2:
                                return True
    return False

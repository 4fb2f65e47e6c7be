"""Numba scans of the logical solver's simple techniques (singles, locked candidates, naked
and hidden sets), each finding the FIRST step in the order of its Python finder
(solvers/logic/singles.py, subsets.py) and writing what identifies it to `out`.

Board arrays (see logic_scan.py): cand[cell] the candidate bits (bit d-1 for digit d, 0 on a
filled cell), values[cell] (0 empty), hc[h, i] the i-th cell of house h, hk[h] its kind,
member[h, cell] 1 when the cell is in house h, pos[h, d] the house-local positions of digit
d in house h (bit i for hc[h, i]). Each scan returns True when it found a step.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import count_bits, lowest_bit

BOX = 0


@njit(nogil=True, cache=True)
def house_positions(cand, hc, n):
    """pos[h, d]: bit i set when digit d is a candidate of the i-th cell of house h."""
    houses = hc.shape[0]
    pos = np.zeros((houses, n + 1), dtype=np.int64)
    for h in range(houses):
        for i in range(n):
            c = np.uint64(cand[hc[h, i]])
            while c:  # the candidates' bits only
                pos[h, lowest_bit(c) + 1] |= 1 << i
                c &= c - np.uint64(1)
    return pos


@njit(nogil=True, cache=True)
def empties(values, hc, n):
    """The count of empty cells of each house."""
    houses = hc.shape[0]
    count = np.zeros(houses, dtype=np.int64)
    for h in range(houses):
        for i in range(n):
            if values[hc[h, i]] == 0:
                count[h] += 1
    return count


@njit(nogil=True, cache=True, inline="always")  # tiny: no constant argument types it anew
def next_colex(idx, k, m):
    """Advance idx[:k] (indices below m) to the next combination in colexicographic order
    (the order of board.colex_combinations); False after the last."""
    for i in range(k):
        limit = idx[i + 1] if i + 1 < k else m
        if idx[i] + 1 < limit:
            idx[i] += 1
            for j in range(i):
                idx[j] = j
            return True
    return False


@njit(nogil=True, cache=True)
def singles(pos, empty, hk, n, mode, out):
    """mode 0 full house, 1 hidden single in a box, 2 in a line: out = (house, digit)."""
    for h in range(hk.shape[0]):
        if mode == 0:
            if empty[h] != 1:
                continue
        elif (hk[h] == BOX) != (mode == 1) or empty[h] <= 1:
            continue
        for d in range(1, n + 1):
            if count_bits(np.uint64(pos[h, d])) == 1:
                out[0], out[1] = h, d
                return True
    return False


@njit(nogil=True, cache=True)
def naked_single(cand, out):
    for cell in range(cand.shape[0]):
        c = cand[cell]
        if c and c & (c - 1) == 0:
            out[0] = cell
            return True
    return False


@njit(nogil=True, cache=True)
def locked(cand, hc, hk, member, cross, n, direct, out):
    """Pointing/claiming: out = (crossing, digit[, third house when direct])."""
    houses = hc.shape[0]
    for ci in range(cross.shape[0]):
        first, second = cross[ci, 0], cross[ci, 1]
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            count, inside = 0, True
            for i in range(n):
                cell = hc[first, i]
                if cand[cell] & bit:
                    count += 1
                    if not member[second, cell]:
                        inside = False
            if count < 2 or not inside:
                continue
            removed = False
            for i in range(n):
                cell = hc[second, i]
                if cand[cell] & bit and not member[first, cell]:
                    removed = True
            if not removed:
                continue
            if not direct:
                out[0], out[1] = ci, d
                return True
            for third in range(houses):
                if third == first or hk[third] != hk[first]:
                    continue
                meets, places, left = False, 0, 0
                for i in range(n):
                    cell = hc[third, i]
                    if member[second, cell]:
                        meets = True
                    if cand[cell] & bit:
                        places += 1
                        if not (member[second, cell] and not member[first, cell]):
                            left += 1
                if meets and places > 1 and left == 1:
                    out[0], out[1], out[2] = ci, d, third
                    return True
    return False


@njit(nogil=True, cache=True)
def hidden_set(cand, hc, pos, empty, n, size, direct, out):
    """`size` digits on `size` cells of a house: out = (house, digits..., other digit)."""
    digits = np.zeros(n, dtype=np.int64)
    idx = np.zeros(size, dtype=np.int64)
    for h in range(hc.shape[0]):
        if empty[h] <= (size if direct else 2 * size):
            continue
        m = 0
        for d in range(1, n + 1):
            if pos[h, d]:
                digits[m] = d
                m += 1
        if m < size:
            continue
        for i in range(size):
            idx[i] = i
        while True:
            places, kept = 0, 0
            for i in range(size):
                places |= pos[h, digits[idx[i]]]
                kept |= 1 << (digits[idx[i]] - 1)
            if count_bits(np.uint64(places)) == size:
                extra = False
                for i in range(n):
                    if places >> i & 1 and cand[hc[h, i]] & ~kept:
                        extra = True
                if extra:
                    other = 0
                    if direct:
                        for o in range(1, n + 1):
                            if kept >> (o - 1) & 1:
                                continue
                            if count_bits(np.uint64(pos[h, o])) > 1 and \
                                    count_bits(np.uint64(pos[h, o] & ~places)) == 1:
                                other = o
                                break
                    if not direct or other:
                        out[0] = h
                        for i in range(size):
                            out[1 + i] = digits[idx[i]]
                        out[1 + size] = other
                        return True
            if not next_colex(idx, size, m):
                break
    return False


@njit(nogil=True, cache=True)
def naked_set(cand, hc, n, size, out):
    """`size` cells of a house holding `size` digits in all: out = (house, cells...)."""
    opened = np.zeros(n, dtype=np.int64)
    small = np.zeros(n, dtype=np.int64)
    idx = np.zeros(size, dtype=np.int64)
    for h in range(hc.shape[0]):
        m_open, m = 0, 0
        for i in range(n):
            c = cand[hc[h, i]]
            if c:
                opened[m_open] = hc[h, i]
                m_open += 1
                if count_bits(np.uint64(c)) <= size:
                    small[m] = hc[h, i]
                    m += 1
        if m_open < 2 * size or m < size:
            continue
        for i in range(size):
            idx[i] = i
        while True:
            union = 0
            for i in range(size):
                union |= cand[small[idx[i]]]
            if count_bits(np.uint64(union)) == size:
                for j in range(m_open):
                    cell = opened[j]
                    chosen = False
                    for i in range(size):
                        if small[idx[i]] == cell:
                            chosen = True
                    if not chosen and cand[cell] & union:
                        out[0] = h
                        for i in range(size):
                            out[1 + i] = small[idx[i]]
                        return True
            if not next_colex(idx, size, m):
                break
    return False

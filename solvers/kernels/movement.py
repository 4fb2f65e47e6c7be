"""How far one piece can slide toward another: the disassembler's collision tables (numba).

Two pieces of an assembly, i before j, sit at offsets from where the assembly put them; only
their relative place matters. Along an axis a, a cell of i and a cell of j share a line when
their two other coordinates differ by as much as the pieces' places do, and then j's cell lies
delta + r_a ahead of i's, delta being the difference of their a-coordinates in the pieces'
own shapes and r_a that of the places. So, per pair of shapes and axis, a table files every
(line key, delta) of the two shapes once, and a lookup turns a relative place into the gaps:
how far i can slide forward (+a) before touching j, and backward (-a). A table covers only the
places where the shapes share a line; beyond its range the gaps grow linearly or are
unbounded. A state's gaps cost one lookup per pair and axis, whatever the pieces' sizes.

The tables depend only on the two shapes as they lie (a piece type in one orientation), not
on where the assembly put them: collision_tables.py builds them, once a pair of shapes for
every assembly of a puzzle.

Glossary
- shape: a piece in one orientation, its cells moved to start at (0, 0, 0); `origin`: where
  an assembly puts that corner. Shapes are numbered; their cells are shape_cells[shape_starts
  [s]:shape_starts[s + 1]].
- pa: a row of `meta`, one per ordered pair of shapes and axis (a block of 3 rows a pair):
  b_lo, b_span, c_lo, c_span, d_lo, d_span, entry_base, table_base. b and c are the two other
  axes in increasing order; a line key (kb, kc) = (ci_b - cj_b, ci_c - cj_c).
- table: for each key, the deltas on its lines as bits (delta d_lo + p is bit p), in
  ceil(d_span / 64) words (one, unless a shape is longer than 63 cells): a gap is the next
  bit above or below a place, one instruction. A pair's tables are its lines that hold cells
  against each other, written once, nothing more (a table of every place and its next deltas
  cost 10 µs a pair; every pair of lines of the two boxes, empty ones too, 3 times this).
- entries[e]: the smallest and largest delta on a key's lines (min > max: none), only for
  keys of more than one word: a one-word key's are its lowest and highest bits.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import highest_bit, lowest_bit
from .collision_tables import UNBOUNDED, _words, pair_number


@njit(nogil=True, cache=True, inline="always")
def _bit_above(table, base: int, p: int) -> int:
    """The lowest bit above bit p of the words from `base` (there is one)."""
    q = p + 1
    w = q >> 6
    word = table[base + w] >> np.uint64(q & 63)
    if word:
        return q + lowest_bit(word)
    w += 1
    while not table[base + w]:
        w += 1
    return (w << 6) + lowest_bit(table[base + w])


@njit(nogil=True, cache=True, inline="always")
def _bit_below(table, base: int, p: int) -> int:
    """The highest bit below bit p (> 0) of the words from `base` (there is one)."""
    q = p - 1
    w = q >> 6
    word = table[base + w] & (~np.uint64(0) >> np.uint64(63 - (q & 63)))
    if word:
        return (w << 6) + highest_bit(word)
    w -= 1
    while not table[base + w]:
        w -= 1
    return (w << 6) + highest_bit(table[base + w])


@njit(nogil=True, cache=True, inline="always")
def pair_gaps(meta, entries, table, pa: int, r_a: int, r_b: int, r_c: int) -> tuple[int, int]:
    """(forward, backward): how far the first shape of pair-axis `pa` slides along +a and -a
    before it touches the second, whose corner is (r_a, r_b, r_c) from its own (axis a
    first)."""
    kb = r_b - meta[pa, 0]
    kc = r_c - meta[pa, 2]
    if kb < 0 or kb >= meta[pa, 1] or kc < 0 or kc >= meta[pa, 3]:
        return UNBOUNDED, UNBOUNDED
    key = kb * meta[pa, 3] + kc
    d_lo = meta[pa, 4]
    x = -r_a
    if meta[pa, 5] <= 64:  # one word: its bits are the deltas d_lo.. (bit p: d_lo + p)
        word = table[meta[pa, 7] + key]
        if not word:
            return UNBOUNDED, UNBOUNDED
        low, high = lowest_bit(word) + d_lo, highest_bit(word) + d_lo
        if x < low:
            forward = low - x - 1
        elif x >= high:
            forward = UNBOUNDED
        else:  # a delta above x and one below: the nearest of each
            forward = lowest_bit(word >> np.uint64(x - d_lo + 1))
        if x > high:
            backward = x - high - 1
        elif x <= low:
            backward = UNBOUNDED
        else:
            backward = 63 - highest_bit(word << np.uint64(64 - (x - d_lo)))
        return forward, backward
    e = meta[pa, 6] + key
    low = entries[e, 0]
    high = entries[e, 1]
    if low > high:
        return UNBOUNDED, UNBOUNDED
    if x < low:
        forward = low - x - 1
    elif x >= high:
        forward = UNBOUNDED
    else:
        base = meta[pa, 7] + key * _words(meta[pa, 5])
        forward = _bit_above(table, base, x - d_lo) + d_lo - x - 1
    if x > high:
        backward = x - high - 1
    elif x <= low:
        backward = UNBOUNDED
    else:
        base = meta[pa, 7] + key * _words(meta[pa, 5])
        backward = x - _bit_below(table, base, x - d_lo) - d_lo - 1
    return forward, backward


@njit(nogil=True, cache=True, inline="always")
def _pair_into(meta, entries, table, blocks, n: int, members: np.ndarray, li: int, lj: int,
               places: np.ndarray, gaps: np.ndarray, skip: int = -1) -> None:
    """gaps[., li, lj] and gaps[., lj, li] of members li < lj, their corners at `places`,
    along every axis but `skip`."""
    first = blocks[pair_number(members[li], members[lj], n)]
    rx = places[lj, 0] - places[li, 0]
    ry = places[lj, 1] - places[li, 1]
    rz = places[lj, 2] - places[li, 2]
    for a in range(3):
        if a == skip:
            continue
        if a == 0:
            forward, backward = pair_gaps(meta, entries, table, first, rx, ry, rz)
        elif a == 1:
            forward, backward = pair_gaps(meta, entries, table, first + 1, ry, rx, rz)
        else:
            forward, backward = pair_gaps(meta, entries, table, first + 2, rz, rx, ry)
        gaps[2 * a, li, lj] = forward
        gaps[2 * a + 1, li, lj] = backward
        gaps[2 * a, lj, li] = backward
        gaps[2 * a + 1, lj, li] = forward


@njit(nogil=True, cache=True, inline="always")
def state_gaps(meta, entries, table, blocks, n: int, members: np.ndarray, count: int,
               places: np.ndarray, gaps: np.ndarray) -> None:
    """gaps[d, i, j] for the first `count` members (piece numbers, increasing) with their
    corners at `places` (count, 3): how far member i slides in direction d (0 +x, 1 -x, 2 +y,
    3 -y, 4 +z, 5 -z) while member j stays."""
    for li in range(count):
        for lj in range(li + 1, count):
            _pair_into(meta, entries, table, blocks, n, members, li, lj, places, gaps)


@njit(nogil=True, cache=True, inline="always")
def moved_gaps(meta, entries, table, blocks, n: int, members: np.ndarray, count: int,
               places: np.ndarray, before: np.ndarray, gaps: np.ndarray,
               moved: np.uint64, axis: int, shift: int) -> bool:
    """`state_gaps` of a state reached by sliding the members of mask `moved` by `shift`
    along `axis`: the gaps of the state `before` it, but for the pairs the slide parted or
    brought together. Along the slide's axis, theirs change by the shift: a slide never
    passes a cell of the other piece, so the nearest ones ahead and behind stay the same.
    Returns whether some gap that was bounded before is unbounded now (only then can a set
    slide out for good where none could before)."""
    for d in range(6):  # copied by hand: a slice's copy would ask numba's runtime
        for li in range(count):
            for lj in range(count):
                gaps[d, li, lj] = before[d, li, lj]
    ahead, behind = 2 * axis, 2 * axis + 1
    opened = False
    for li in range(count):
        inside = (moved >> np.uint64(li)) & np.uint64(1)
        for lj in range(li + 1, count):
            if inside != (moved >> np.uint64(lj)) & np.uint64(1):
                _pair_into(meta, entries, table, blocks, n, members, li, lj, places, gaps,
                           axis)
                for d in range(6):  # gaps[d, lj, li] is gaps[d ^ 1, li, lj]
                    if d // 2 != axis and gaps[d, li, lj] >= UNBOUNDED > before[d, li, lj]:
                        opened = True
                closer = shift if inside else -shift  # li's slide toward lj along +axis
                if gaps[ahead, li, lj] < UNBOUNDED:
                    gaps[ahead, li, lj] -= closer
                    gaps[behind, lj, li] -= closer
                if gaps[behind, li, lj] < UNBOUNDED:
                    gaps[behind, li, lj] += closer
                    gaps[ahead, lj, li] += closer
    return opened

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
on where the assembly put them, so one `cache` serves every assembly of a puzzle: an
assembly looks up the blocks of its pairs of shapes and builds only those it meets first.

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
- cache: (meta, entries, table, keys, blocks, used): an open-addressed map from a pair of
  shapes (keys: first * SHAPES + second + 1, 0 empty) to its block's first pa (blocks), and
  how much of each array is used (pa rows, entries, table rows, keys).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import highest_bit, lowest_bit

UNBOUNDED = 1 << 30  # a gap that never closes: the piece slides out
SHAPES = 1 << 31  # shape numbers are below this
CACHE_TABLE_ROWS = 1 << 24  # a cache of so many table words is dropped and started again
_PA, _ENTRIES, _TABLE, _KEYS = range(4)
_HASH = 0x5851F42D4C957F2D


@njit(nogil=True, cache=True, inline="always")
def pair_number(i: int, j: int, n: int) -> int:
    """The number of the pair i < j among n pieces."""
    return i * n - (i * (i + 1)) // 2 + (j - i - 1)


@njit(nogil=True, cache=True)
def new_cache(pairs: int = 64):
    """An empty cache with room for about `pairs` pairs of shapes."""
    meta = np.zeros((3 * pairs, 8), np.int64)
    entries = np.zeros((64 * pairs, 2), np.int32)
    table = np.zeros(64 * pairs, np.uint64)
    keys = np.zeros(4 * pairs, np.int64)
    blocks = np.zeros(4 * pairs, np.int64)
    used = np.zeros(4, np.int64)
    return meta, entries, table, keys, blocks, used


@njit(nogil=True, cache=True, inline="always")
def _bounds(shape_cells, shape_starts, s: int, high, row: int) -> None:
    """high[row, a]: the highest coordinate of shape s on axis a (its lowest are 0)."""
    high[row, 0], high[row, 1], high[row, 2] = 0, 0, 0
    for c in range(shape_starts[s], shape_starts[s + 1]):
        for a in range(3):
            high[row, a] = max(high[row, a], shape_cells[c, a])


@njit(nogil=True, cache=True)
def _grown(array, rows: int):
    """`array` with room for at least `rows` rows (twice as many as it needs, when it grows)."""
    if rows <= array.shape[0]:
        return array
    bigger = np.zeros((2 * rows,) + array.shape[1:], array.dtype)
    bigger[:array.shape[0]] = array
    return bigger


@njit(nogil=True, cache=True, inline="always")
def _words(span: int) -> int:
    """The words of a key's bits when its deltas span `span` places."""
    return (span + 63) >> 6


@njit(nogil=True, cache=True, inline="always")
def _one(bit: int) -> np.uint64:
    return np.uint64(1) << np.uint64(bit)


@njit(nogil=True, cache=True, inline="always")
def _lines(shape_cells, shape_starts, s: int, a: int, b: int, c: int, width: int, size: int,
           grid, lines, first: int) -> int:
    """Shape s's cells along axis a as bits, one word a line: `grid` (zeros, a line (b, c) at
    b * width + c, `size` lines) filled, and its lines that hold cells listed in `lines` from
    row `first`: (b, c, word); the grid is left zeros again. Returns how many."""
    for cell in range(shape_starts[s], shape_starts[s + 1]):
        grid[shape_cells[cell, b] * width + shape_cells[cell, c]] |= _one(shape_cells[cell, a])
    k = first
    for line in range(size):
        if grid[line]:
            lines[k, 0], lines[k, 1], lines[k, 2] = line // width, line % width, grid[line]
            grid[line] = 0
            k += 1
    return k - first


@njit(nogil=True, cache=True, inline="always")
def _line_bits(table, base: int, shape_cells, shape_starts, si: int, sj: int, a: int, b: int,
               c: int, high, c_span: int, grid, lines) -> None:
    """Or the deltas of shapes si and sj (bounds high[0] and high[1]) along axis a into their
    keys' words (one a key), a line of one against a line of the other at a time, only the
    lines that hold cells: sj's line shifted once for each cell of si's (a pair of cells at a
    time cost 5 times as much: a memory write each; every pair of lines of the two boxes, empty
    ones too, 3 times)."""
    width_i, width_j = high[0, c] + 1, high[1, c] + 1
    count_i = _lines(shape_cells, shape_starts, si, a, b, c, width_i,
                     (high[0, b] + 1) * width_i, grid, lines, 0)
    count_j = _lines(shape_cells, shape_starts, sj, a, b, c, width_j,
                     (high[1, b] + 1) * width_j, grid, lines, count_i)
    high_ia, high_jb, high_jc = high[0, a], high[1, b], high[1, c]
    for li in range(count_i):
        ib, ic, cells_i = lines[li, 0], lines[li, 1], np.uint64(lines[li, 2])
        for lj in range(count_i, count_i + count_j):
            key = (ib - lines[lj, 0] + high_jb) * c_span + ic - lines[lj, 1] + high_jc
            line_j = np.uint64(lines[lj, 2])
            word = np.uint64(0)
            cells = cells_i
            while cells:  # bit aj - ai + high_i[a]: sj's line shifted by high_i[a] - ai
                word |= line_j << np.uint64(high_ia - lowest_bit(cells))
                cells &= cells - np.uint64(1)
            table[base + key] |= word


# inlined into fill_blocks, as _insert and the helpers: a call counts every array it passes in
# and out (numba's runtime), which took a third of building CubeInCage's 440 pairs
@njit(nogil=True, cache=True, inline="always")
def _build(cache, shape_cells, shape_starts, si: int, sj: int, high, grid, lines):
    """Append the tables of shapes si (first) and sj, whose bounds are high[0] and high[1],
    to the cache: (first pa, cache). `grid` (zeros, as long as either shape's largest face)
    and `lines` (a row for each of their cells) are scratch."""
    meta, entries, table, keys, blocks, used = cache
    first = used[_PA]
    meta = _grown(meta, first + 3)
    n_entries, n_table = used[_ENTRIES], used[_TABLE]
    for a in range(3):
        b, c = (1, 2) if a == 0 else ((0, 2) if a == 1 else (0, 1))
        pa = first + a
        meta[pa, 0] = -high[1, b]
        meta[pa, 1] = high[0, b] + high[1, b] + 1
        meta[pa, 2] = -high[1, c]
        meta[pa, 3] = high[0, c] + high[1, c] + 1
        meta[pa, 4] = -high[0, a]
        meta[pa, 5] = high[0, a] + high[1, a] + 1
        meta[pa, 6] = n_entries
        meta[pa, 7] = n_table
        words = _words(meta[pa, 5])
        if words > 1:  # one word: its lowest and highest bits are the entry (pair_gaps)
            n_entries += meta[pa, 1] * meta[pa, 3]
        n_table += meta[pa, 1] * meta[pa, 3] * words
    entries = _grown(entries, n_entries)
    table = _grown(table, n_table)
    entries[used[_ENTRIES]:n_entries, 0] = UNBOUNDED  # no line, unless a bit says so
    entries[used[_ENTRIES]:n_entries, 1] = -UNBOUNDED
    table[used[_TABLE]:n_table] = 0
    for a in range(3):
        b, c = (1, 2) if a == 0 else ((0, 2) if a == 1 else (0, 1))
        pa = first + a
        b_lo, c_lo, c_span, d_lo = meta[pa, 0], meta[pa, 2], meta[pa, 3], meta[pa, 4]
        entry_base, table_base, words = meta[pa, 6], meta[pa, 7], _words(meta[pa, 5])
        if words == 1:
            _line_bits(table, table_base, shape_cells, shape_starts, si, sj, a, b, c, high,
                       c_span, grid, lines)
            continue
        # a shape longer than 63 cells: cell by cell, and each key's lowest and highest delta
        for ci in range(shape_starts[si], shape_starts[si + 1]):
            ib, ic = shape_cells[ci, b] - b_lo, shape_cells[ci, c] - c_lo
            for cj in range(shape_starts[sj], shape_starts[sj + 1]):
                key = (ib - shape_cells[cj, b]) * c_span + ic - shape_cells[cj, c]
                bit = shape_cells[cj, a] - shape_cells[ci, a] - d_lo
                table[table_base + key * words + (bit >> 6)] |= _one(bit & 63)
        for key in range(meta[pa, 1] * c_span):
            base = table_base + key * words
            for w in range(words):
                if table[base + w]:
                    entries[entry_base + key, 0] = (w << 6) + lowest_bit(table[base + w]) + d_lo
                    break
            for w in range(words - 1, -1, -1):
                if table[base + w]:
                    entries[entry_base + key, 1] = (w << 6) + highest_bit(table[base + w]) + d_lo
                    break
    used[_PA], used[_ENTRIES], used[_TABLE] = first + 3, n_entries, n_table
    return first, (meta, entries, table, keys, blocks, used)


@njit(nogil=True, cache=True, inline="always")
def _insert(cache, shape_cells, shape_starts, key: int, si: int, sj: int, high, grid, lines):
    """Build the tables of shapes si and sj and file them under `key`: the cache, grown."""
    meta, entries, table, keys, blocks, used = cache
    if 2 * (used[_KEYS] + 1) > keys.size:
        old_keys, old_blocks = keys, blocks
        keys = np.zeros(2 * old_keys.size, np.int64)
        blocks = np.zeros(2 * old_keys.size, np.int64)
        for k in range(old_keys.size):
            if old_keys[k]:
                slot = (old_keys[k] * _HASH >> 17) & (keys.size - 1)
                while keys[slot]:
                    slot = (slot + 1) & (keys.size - 1)
                keys[slot], blocks[slot] = old_keys[k], old_blocks[k]
    first, (meta, entries, table, keys, blocks, used) = _build(
        (meta, entries, table, keys, blocks, used), shape_cells, shape_starts, si, sj, high,
        grid, lines)
    mask = keys.size - 1
    slot = (key * _HASH >> 17) & mask
    while keys[slot]:
        slot = (slot + 1) & mask
    keys[slot], blocks[slot] = key, first
    used[_KEYS] += 1
    return meta, entries, table, keys, blocks, used


@njit(nogil=True, cache=True)
def assembly_blocks(cache, shape_cells, shape_starts, shapes):
    """The first pa of each pair (i < j) of an assembly's pieces, whose shapes are
    `shapes`: (blocks by pair_number, cache), the tables of pairs met first built."""
    n = shapes.size
    found = np.zeros(max(1, n * (n - 1) // 2), np.int64)
    cache = fill_blocks(cache, shape_cells, shape_starts, shapes, n, found)
    return found, cache


@njit(nogil=True, cache=True)
def fill_blocks(cache, shape_cells, shape_starts, shapes, n: int, found):
    """`assembly_blocks` of the first n `shapes`, into `found`: the cache, grown."""
    if cache[5][_TABLE] > CACHE_TABLE_ROWS:  # start again, in new arrays: analyses under way
        cache = new_cache(np.int64(64))  # keep the old ones (typed: no Literal[int] compile)
    keys, blocks = cache[3], cache[4]
    high = np.empty((2, 3), np.int64)  # the builder's scratch, made at its first pair
    grid = np.zeros(0, np.uint64)
    lines = np.empty((0, 3), np.int64)
    for i in range(n):
        for j in range(i + 1, n):
            key = shapes[i] * SHAPES + shapes[j] + 1
            while True:  # looked up here, not called: a call counts every array in and out
                mask = keys.size - 1
                slot = (key * _HASH >> 17) & mask
                while keys[slot] and keys[slot] != key:
                    slot = (slot + 1) & mask
                if keys[slot] == key:
                    found[pair_number(i, j, n)] = blocks[slot]
                    break
                si, sj = shapes[i], shapes[j]
                _bounds(shape_cells, shape_starts, si, high, 0)
                _bounds(shape_cells, shape_starts, sj, high, 1)
                face = 0
                for r in range(2):
                    face = max(face, (high[r, 0] + 1) * max(high[r, 1] + 1, high[r, 2] + 1),
                               (high[r, 1] + 1) * (high[r, 2] + 1))
                if face > grid.size:
                    grid = np.zeros(2 * face, np.uint64)
                cells = shape_starts[si + 1] - shape_starts[si]
                cells += shape_starts[sj + 1] - shape_starts[sj]
                if cells > lines.shape[0]:
                    lines = np.empty((2 * cells, 3), np.int64)
                cache = _insert(cache, shape_cells, shape_starts, key, si, sj, high, grid, lines)
                keys, blocks = cache[3], cache[4]
    return cache


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
               moved: np.uint64, axis: int, shift: int) -> None:
    """`state_gaps` of a state reached by sliding the members of mask `moved` by `shift`
    along `axis`: the gaps of the state `before` it, but for the pairs the slide parted or
    brought together. Along the slide's axis, theirs change by the shift: a slide never
    passes a cell of the other piece, so the nearest ones ahead and behind stay the same."""
    for d in range(6):  # copied by hand: a slice's copy would ask numba's runtime
        for li in range(count):
            for lj in range(count):
                gaps[d, li, lj] = before[d, li, lj]
    ahead, behind = 2 * axis, 2 * axis + 1
    for li in range(count):
        inside = (moved >> np.uint64(li)) & np.uint64(1)
        for lj in range(li + 1, count):
            if inside != (moved >> np.uint64(lj)) & np.uint64(1):
                _pair_into(meta, entries, table, blocks, n, members, li, lj, places, gaps,
                           axis)
                closer = shift if inside else -shift  # li's slide toward lj along +axis
                if gaps[ahead, li, lj] < UNBOUNDED:
                    gaps[ahead, li, lj] -= closer
                    gaps[behind, lj, li] -= closer
                if gaps[behind, li, lj] < UNBOUNDED:
                    gaps[behind, li, lj] += closer
                    gaps[ahead, lj, li] += closer

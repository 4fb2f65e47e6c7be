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
    meta = np.empty((3 * pairs, 8), np.int64)  # rows written, cleared when a pair takes them
    entries = np.empty((64 * pairs, 2), np.int32)
    table = np.empty(64 * pairs, np.uint64)
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
def _grown(array, used: int, rows: int):
    """`array`, its first `used` rows kept, with room for at least `rows` rows (twice as many
    as it needs, when it grows; the new rows not cleared: a pair clears those it takes)."""
    if rows <= array.shape[0]:
        return array
    bigger = np.empty((2 * rows,) + array.shape[1:], array.dtype)
    bigger[:used] = array[:used]
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


@njit(nogil=True, cache=True, inline="always")
def _spans(high, a: int) -> tuple[int, int, int, int, int]:
    """(b, c, the keys' spans along b and c, the deltas' span along a) of axis a of the pair
    whose shapes' bounds are high[0] and high[1]."""
    b, c = (1, 2) if a == 0 else ((0, 2) if a == 1 else (0, 1))
    return (b, c, high[0, b] + high[1, b] + 1, high[0, c] + high[1, c] + 1,
            high[0, a] + high[1, a] + 1)


@njit(nogil=True, cache=True, inline="always")
def _sizes(high) -> tuple[int, int]:
    """(entries, table words) a pair's tables take (bounds high[0] and high[1])."""
    n_entries, n_table = 0, 0
    for a in range(3):
        _, _, b_span, c_span, d_span = _spans(high, a)
        if _words(d_span) > 1:  # one word: its lowest and highest bits are the entry
            n_entries += b_span * c_span
        n_table += b_span * c_span * _words(d_span)
    return n_entries, n_table


# _nrt=False: it allocates nothing (fill_blocks makes the room), and numba's counting of the
# references of its arrays, at every view and inlined call, was a third of building
# CubeInCage's 440 pairs
@njit(nogil=True, cache=True, _nrt=False)
def _build(meta, entries, table, used, shape_cells, shape_starts, si: int, sj: int, high,
           grid, lines) -> int:
    """Append the tables of shapes si (first) and sj, whose bounds are high[0] and high[1],
    to `meta`, `entries` and `table` (with room for them): their first pa. `grid` (zeros, as
    long as either shape's largest face) and `lines` (a row for each of their cells) are
    scratch."""
    first = used[_PA]
    n_entries, n_table = used[_ENTRIES], used[_TABLE]
    for a in range(3):
        b, c, b_span, c_span, d_span = _spans(high, a)
        pa = first + a
        meta[pa, 0], meta[pa, 1] = -high[1, b], b_span
        meta[pa, 2], meta[pa, 3] = -high[1, c], c_span
        meta[pa, 4], meta[pa, 5] = -high[0, a], d_span
        meta[pa, 6], meta[pa, 7] = n_entries, n_table
        if _words(d_span) > 1:
            n_entries += b_span * c_span
        n_table += b_span * c_span * _words(d_span)
    for e in range(used[_ENTRIES], n_entries):
        entries[e, 0], entries[e, 1] = UNBOUNDED, -UNBOUNDED  # no line, unless a bit says so
    for w in range(used[_TABLE], n_table):
        table[w] = 0
    for a in range(3):
        b, c, _, c_span, _ = _spans(high, a)
        pa = first + a
        b_lo, c_lo, d_lo = meta[pa, 0], meta[pa, 2], meta[pa, 4]
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
    return first


@njit(nogil=True, cache=True, inline="always")
def _rehashed(keys, blocks):
    """(keys, blocks) in tables twice as large."""
    bigger_keys = np.zeros(2 * keys.size, np.int64)
    bigger_blocks = np.zeros(2 * keys.size, np.int64)
    mask = bigger_keys.size - 1
    for k in range(keys.size):
        if keys[k]:
            slot = (keys[k] * _HASH >> 17) & mask
            while bigger_keys[slot]:
                slot = (slot + 1) & mask
            bigger_keys[slot], bigger_blocks[slot] = keys[k], blocks[k]
    return bigger_keys, bigger_blocks


@njit(nogil=True, cache=True)
def assembly_blocks(cache, shape_cells, shape_starts, shapes):
    """The first pa of each pair (i < j) of an assembly's pieces, whose shapes are
    `shapes`: (blocks by pair_number, cache), the tables of pairs met first built."""
    n = shapes.size
    found = np.zeros(max(1, n * (n - 1) // 2), np.int64)
    cache = fill_blocks(cache, shape_cells, shape_starts, shapes, n, found)
    return found, cache


@njit(nogil=True, cache=True, _nrt=False)
def _look_up(keys, blocks, shapes, n: int, found) -> bool:
    """Whether the cache holds every pair of the first n `shapes`: their blocks then in
    `found`. Apart, and without numba's runtime, as most assemblies find all theirs: the
    builder's scratch made at each call was half of a look-up's time."""
    mask = keys.size - 1
    for i in range(n):
        for j in range(i + 1, n):
            key = shapes[i] * SHAPES + shapes[j] + 1
            slot = (key * _HASH >> 17) & mask
            while keys[slot] and keys[slot] != key:
                slot = (slot + 1) & mask
            if keys[slot] != key:
                return False
            found[pair_number(i, j, n)] = blocks[slot]
    return True


@njit(nogil=True, cache=True)
def fill_blocks(cache, shape_cells, shape_starts, shapes, n: int, found):
    """`assembly_blocks` of the first n `shapes`, into `found`: the cache, grown."""
    if _look_up(cache[3], cache[4], shapes, n, found):
        return cache
    if cache[5][_TABLE] > CACHE_TABLE_ROWS:  # start again, in new arrays: analyses under way
        cache = new_cache(np.int64(64))  # keep the old ones (typed: no Literal[int] compile)
    meta, entries, table, keys, blocks, used = cache
    high = np.empty((2, 3), np.int64)  # the builder's scratch, made at its first pair
    grid = np.zeros(0, np.uint64)
    lines = np.empty((0, 3), np.int64)
    for i in range(n):
        for j in range(i + 1, n):
            key = shapes[i] * SHAPES + shapes[j] + 1
            mask = keys.size - 1
            slot = (key * _HASH >> 17) & mask
            while keys[slot] and keys[slot] != key:
                slot = (slot + 1) & mask
            if keys[slot] != key:  # its tables, built where there is room for them
                si, sj = shapes[i], shapes[j]
                _bounds(shape_cells, shape_starts, si, high, 0)
                _bounds(shape_cells, shape_starts, sj, high, 1)
                n_entries, n_table = _sizes(high)
                meta = _grown(meta, used[_PA], used[_PA] + 3)
                entries = _grown(entries, used[_ENTRIES], used[_ENTRIES] + n_entries)
                table = _grown(table, used[_TABLE], used[_TABLE] + n_table)
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
                first = _build(meta, entries, table, used, shape_cells, shape_starts, si, sj,
                               high, grid, lines)
                if 2 * (used[_KEYS] + 1) > keys.size:
                    keys, blocks = _rehashed(keys, blocks)
                    mask = keys.size - 1
                slot = (key * _HASH >> 17) & mask
                while keys[slot]:
                    slot = (slot + 1) & mask
                keys[slot], blocks[slot] = key, first
                used[_KEYS] += 1
            found[pair_number(i, j, n)] = blocks[slot]
    return meta, entries, table, keys, blocks, used


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

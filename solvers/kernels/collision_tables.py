"""The disassembler's collision tables, built (numba): for each pair of shapes and axis, the
deltas of their cells on each line key as bits (movement.py reads them).

The tables depend only on the two shapes as they lie (a piece type in one orientation), not
on where the assembly put them, so one `cache` serves every assembly of a puzzle: an
assembly looks up the blocks of its pairs of shapes and builds only those it meets first.

Glossary (besides movement.py's)
- cache: (meta, entries, table, keys, blocks, used, shape_high, shape_lines, shape_at): an
  open-addressed map from a pair of shapes (keys: first * SHAPES + second + 1, 0 empty) to
  its block's first pa (blocks); how much of each array is used (pa rows, entries, table
  rows, keys, shape lines); and each shape met so far: its bounds (shape_high), and along
  each axis its lines that hold cells, (b, c, word) rows of shape_lines from shape_at[s, a,
  0], shape_at[s, a, 1] of them (-1: a shape not met yet).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import highest_bit, lowest_bit

UNBOUNDED = 1 << 30  # a gap that never closes: the piece slides out
SHAPES = 1 << 31  # shape numbers are below this
CACHE_TABLE_ROWS = 1 << 24  # a cache of so many table words is dropped and started again
_PA, _ENTRIES, _TABLE, _KEYS, _LINES = range(5)
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
    used = np.zeros(5, np.int64)
    shape_high = np.empty((pairs, 3), np.int64)
    shape_lines = np.empty((16 * pairs, 3), np.int64)
    shape_at = np.full((pairs, 3, 2), -1, np.int64)
    return meta, entries, table, keys, blocks, used, shape_high, shape_lines, shape_at


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
def _others(a: int) -> tuple[int, int]:
    """The two axes other than a, in increasing order."""
    return (1, 2) if a == 0 else ((0, 2) if a == 1 else (0, 1))


@njit(nogil=True, cache=True, inline="always")
def _probe(keys, key: int) -> int:
    """The slot of `key` in the open-addressed `keys`: where it is, or the empty slot where
    it would go."""
    mask = keys.size - 1
    # the product's bits 32 and up depend on both shapes, those below 31 on the second alone:
    # slots taken from them piled the pairs one shape makes with many others in one run
    slot = (key * _HASH >> 32) & mask
    while keys[slot] and keys[slot] != key:
        slot = (slot + 1) & mask
    return slot


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
def _line_bits(table, base: int, shape_lines, shape_at, si: int, sj: int, a: int, b: int,
               c: int, high, c_span: int) -> None:
    """Or the deltas of shapes si and sj (bounds high[0] and high[1]) along axis a into their
    keys' words (one a key), a line of one against a line of the other at a time, only the
    lines that hold cells (kept once a shape, `_shaped`): sj's line shifted once for each cell
    of si's (a pair of cells at a time cost 5 times as much: a memory write each; every pair
    of lines of the two boxes, empty ones too, 3 times)."""
    start_i, start_j = shape_at[si, a, 0], shape_at[sj, a, 0]
    high_ia, high_jb, high_jc = high[0, a], high[1, b], high[1, c]
    for li in range(start_i, start_i + shape_at[si, a, 1]):
        ib, ic, cells_i = shape_lines[li, 0], shape_lines[li, 1], np.uint64(shape_lines[li, 2])
        for lj in range(start_j, start_j + shape_at[sj, a, 1]):
            key = (ib - shape_lines[lj, 0] + high_jb) * c_span + ic - shape_lines[lj, 1] + high_jc
            line_j = np.uint64(shape_lines[lj, 2])
            word = np.uint64(0)
            cells = cells_i
            while cells:  # bit aj - ai + high_i[a]: sj's line shifted by high_i[a] - ai
                word |= line_j << np.uint64(high_ia - lowest_bit(cells))
                cells &= cells - np.uint64(1)
            table[base + key] |= word


@njit(nogil=True, cache=True)
def _shaped(shape_high, shape_lines, shape_at, used, shape_cells, shape_starts, s: int):
    """(shape_high, shape_lines, shape_at), grown, with shape s's bounds and its lines that
    hold cells along each axis (kept once a shape, not once a pair: 2,640 lists of lines
    made for CubeInCage's 440 pairs were 270 shapes' and axes'). Shape s is new to them."""
    if s >= shape_at.shape[0]:
        size = 2 * (s + 1)
        shape_high = _grown(shape_high, shape_high.shape[0], size)
        more = np.full((shape_high.shape[0], 3, 2), -1, np.int64)
        more[:shape_at.shape[0]] = shape_at
        shape_at = more
    cells = shape_starts[s + 1] - shape_starts[s]
    shape_lines = _grown(shape_lines, used[_LINES], used[_LINES] + 3 * cells)
    high = shape_high[s]
    high[:] = 0
    for cell in range(shape_starts[s], shape_starts[s + 1]):
        for a in range(3):
            high[a] = max(high[a], shape_cells[cell, a])
    grid = np.zeros(max((high[0] + 1) * (high[1] + 1), (high[0] + 1) * (high[2] + 1),
                        (high[1] + 1) * (high[2] + 1)), np.uint64)
    for a in range(3):
        b, c = _others(a)
        count = _lines(shape_cells, shape_starts, s, a, b, c, high[c] + 1,
                       (high[b] + 1) * (high[c] + 1), grid, shape_lines, used[_LINES])
        shape_at[s, a, 0], shape_at[s, a, 1] = used[_LINES], count
        used[_LINES] += count
    return shape_high, shape_lines, shape_at


@njit(nogil=True, cache=True, inline="always")
def _spans(high, a: int) -> tuple[int, int, int, int, int]:
    """(b, c, the keys' spans along b and c, the deltas' span along a) of axis a of the pair
    whose shapes' bounds are high[0] and high[1]."""
    b, c = _others(a)
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
def _build(meta, entries, table, used, shape_cells, shape_starts, shape_lines, shape_at,
           si: int, sj: int, high) -> int:
    """Append the tables of shapes si (first) and sj, whose bounds are high[0] and high[1]
    and whose lines `_shaped` kept, to `meta`, `entries` and `table` (with room for them):
    their first pa."""
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
            _line_bits(table, table_base, shape_lines, shape_at, si, sj, a, b, c, high, c_span)
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
    for k in range(keys.size):
        if keys[k]:
            slot = _probe(bigger_keys, keys[k])
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
    for i in range(n):
        for j in range(i + 1, n):
            slot = _probe(keys, shapes[i] * SHAPES + shapes[j] + 1)
            if keys[slot] == 0:
                return False
            found[pair_number(i, j, n)] = blocks[slot]
    return True


_ALL_FILLED, _A_NEW_SHAPE, _MORE_ROOM = range(3)  # what `_fill` stopped for


# _nrt=False: numba's counting of references of the cache's arrays at each pair was half
# of building CubeInCage's 440 pairs; what allocates (`_shaped`, `_grown`) is fill_blocks'
@njit(nogil=True, cache=True, _nrt=False)
def _fill(meta, entries, table, keys, blocks, used, shape_high, shape_lines, shape_at,
          shape_cells, shape_starts, shapes, n: int, found, high, need) -> int:
    """The pairs' blocks of the first n `shapes` into `found`, the tables of those the cache
    lacks built, until a shape has not been met (its number in need[0]) or the arrays lack
    room (a pair's entries and words in need[1], need[2]). Returns _ALL_FILLED,
    _A_NEW_SHAPE or _MORE_ROOM; called again, it goes on (what it built is in the cache)."""
    for i in range(n):
        for j in range(i + 1, n):
            key = shapes[i] * SHAPES + shapes[j] + 1
            slot = _probe(keys, key)
            if keys[slot] == 0:  # its tables, built where there is room for them
                si, sj = shapes[i], shapes[j]
                for r in range(2):
                    s = si if r == 0 else sj
                    if s >= shape_at.shape[0] or shape_at[s, 0, 1] < 0:  # a shape met first
                        need[0] = s
                        return _A_NEW_SHAPE
                    for a in range(3):
                        high[r, a] = shape_high[s, a]
                n_entries, n_table = _sizes(high)
                if (used[_PA] + 3 > meta.shape[0]
                        or used[_ENTRIES] + n_entries > entries.shape[0]
                        or used[_TABLE] + n_table > table.shape[0]
                        or 2 * (used[_KEYS] + 1) > keys.size):
                    need[1], need[2] = n_entries, n_table
                    return _MORE_ROOM
                first = _build(meta, entries, table, used, shape_cells, shape_starts,
                               shape_lines, shape_at, si, sj, high)
                keys[slot], blocks[slot] = key, first
                used[_KEYS] += 1
            found[pair_number(i, j, n)] = blocks[slot]
    return _ALL_FILLED


@njit(nogil=True, cache=True)
def fill_blocks(cache, shape_cells, shape_starts, shapes, n: int, found):
    """`assembly_blocks` of the first n `shapes`, into `found`: the cache, grown."""
    if _look_up(cache[3], cache[4], shapes, n, found):
        return cache
    if cache[5][_TABLE] > CACHE_TABLE_ROWS:  # start again, in new arrays: analyses under way
        cache = new_cache(np.int64(64))  # keep the old ones (typed: no Literal[int] compile)
    meta, entries, table, keys, blocks, used, shape_high, shape_lines, shape_at = cache
    high = np.empty((2, 3), np.int64)  # the two shapes' bounds
    need = np.empty(3, np.int64)
    while True:
        wanted = _fill(meta, entries, table, keys, blocks, used, shape_high, shape_lines,
                       shape_at, shape_cells, shape_starts, shapes, n, found, high, need)
        if wanted == _ALL_FILLED:
            return meta, entries, table, keys, blocks, used, shape_high, shape_lines, shape_at
        if wanted == _A_NEW_SHAPE:
            shape_high, shape_lines, shape_at = _shaped(
                shape_high, shape_lines, shape_at, used, shape_cells, shape_starts, need[0])
        else:  # room for a pair: its tables' entries and words in need[1], need[2]
            meta = _grown(meta, used[_PA], used[_PA] + 3)
            entries = _grown(entries, used[_ENTRIES], used[_ENTRIES] + need[1])
            table = _grown(table, used[_TABLE], used[_TABLE] + need[2])
            if 2 * (used[_KEYS] + 1) > keys.size:
                keys, blocks = _rehashed(keys, blocks)

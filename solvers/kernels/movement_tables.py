"""The disassembler's collision tables, built (numba): a pair of shapes' keys, each key's word of
deltas built the first time a gap asks for it. How they are read is movement.py's.

A pair of shapes and an axis has a key for every offset (kb, kc) at which a line of the first
can meet a line of the second; a search reads few of them (CubeInCage: 2,957 of its 440
pairs' 44,696 keys). So a pair's one-word keys start as UNBUILT, and `key_word` works out a
key's word when a gap first reads it, from the two shapes' lines: each shape's lines along
each axis are a grid of words, made once per shape and axis (not once per pair). Keys of more
than one word (a shape longer than 63 cells) are built whole with the pair, with their
entries. Built at once, every key of a pair cost about 2 µs a pair on CubeInCage: 0.8 of its
2.4 ms.

Glossary (besides movement.py's)
- grid of shape s along axis a: its lines (b, c) as words of bits along a, line (b, c) at
  b * (high_c + 1) + c, b and c the other two axes in increasing order; filed in `keys`
  under -(3 s + a) - 1, its first word in the table pool as the value.
- pa row: b_lo, b_span, c_lo, c_span, d_lo, d_span, entry_base, table_base, and the first
  words of the two shapes' grids along the axis (grid_i, grid_j).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import highest_bit, lowest_bit

UNBOUNDED = 1 << 30  # a gap that never closes: the piece slides out
SHAPES = 1 << 31  # shape numbers are below this
CACHE_TABLE_ROWS = 1 << 24  # a cache of so many table words is dropped and started again
# a one-word key not built yet: no key's deltas reach bit 63 but a 64-long pair's, whose
# word may then be built again at each read (right, only slower)
UNBUILT = np.uint64(1) << np.uint64(63)
META_COLUMNS = 10
_PA, _ENTRIES, _TABLE, _KEYS = range(4)
_HASH = 0x5851F42D4C957F2D


@njit(nogil=True, cache=True, inline="always")
def pair_number(i: int, j: int, n: int) -> int:
    """The number of the pair i < j among n pieces."""
    return i * n - (i * (i + 1)) // 2 + (j - i - 1)


@njit(nogil=True, cache=True)
def new_cache(pairs: int = 64):
    """An empty cache with room for about `pairs` pairs of shapes."""
    meta = np.zeros((3 * pairs, META_COLUMNS), np.int64)
    entries = np.zeros((64 * pairs, 2), np.int32)
    table = np.zeros(64 * pairs, np.uint64)
    keys = np.zeros(8 * pairs, np.int64)
    blocks = np.zeros(8 * pairs, np.int64)
    used = np.zeros(4, np.int64)
    return meta, entries, table, keys, blocks, used


@njit(nogil=True, cache=True, inline="always")
def _one(bit: int) -> np.uint64:
    return np.uint64(1) << np.uint64(bit)


@njit(nogil=True, cache=True, inline="always")
def words_of(span: int) -> int:
    """The words of a key's bits when its deltas span `span` places."""
    return (span + 63) >> 6


@njit(nogil=True, cache=True, inline="always")
def _others(a: int) -> tuple[int, int]:
    """The two axes other than a, in increasing order."""
    return (1, 2) if a == 0 else ((0, 2) if a == 1 else (0, 1))


@njit(nogil=True, cache=True)
def _bounds(shape_cells, shape_starts, s: int, high) -> None:
    """high[a]: the highest coordinate of shape s on axis a (its lowest are 0)."""
    high[:] = 0
    for c in range(shape_starts[s], shape_starts[s + 1]):
        for a in range(3):
            high[a] = max(high[a], shape_cells[c, a])


@njit(nogil=True, cache=True)
def _grown(array, rows: int):
    """`array` with room for at least `rows` rows (twice as many as it needs, when it grows)."""
    if rows <= array.shape[0]:
        return array
    bigger = np.zeros((2 * rows,) + array.shape[1:], array.dtype)
    bigger[:array.shape[0]] = array
    return bigger


@njit(nogil=True, cache=True, inline="always")
def _slot(keys, key: int) -> int:
    """The slot of `key` in the open-addressed `keys`, or of the empty slot it would take."""
    mask = keys.size - 1
    slot = (key * _HASH >> 17) & mask
    while keys[slot] and keys[slot] != key:
        slot = (slot + 1) & mask
    return slot


@njit(nogil=True, cache=True, inline="always")
def _room_for_a_key(keys, blocks, used):
    """(keys, blocks) with room for one more key: twice as large and refiled when half full."""
    if 2 * (used[_KEYS] + 1) <= keys.size:
        return keys, blocks
    bigger_keys = np.zeros(2 * keys.size, np.int64)
    bigger_blocks = np.zeros(2 * keys.size, np.int64)
    for k in range(keys.size):
        if keys[k]:
            slot = _slot(bigger_keys, keys[k])
            bigger_keys[slot], bigger_blocks[slot] = keys[k], blocks[k]
    return bigger_keys, bigger_blocks


@njit(nogil=True, cache=True, inline="always")
def _grid(cache, shape_cells, shape_starts, s: int, a: int, high):
    """(the first word of shape s's grid along axis a, the cache), the grid made when it is
    not filed yet (`high`: the shape's bounds)."""
    meta, entries, table, keys, blocks, used = cache
    key = -(3 * s + a) - 1
    slot = _slot(keys, key)
    if keys[slot] == key:
        return blocks[slot], cache
    keys, blocks = _room_for_a_key(keys, blocks, used)
    slot = _slot(keys, key)
    b, c = _others(a)
    width = high[c] + 1
    base = used[_TABLE]
    used[_TABLE] += (high[b] + 1) * width
    table = _grown(table, used[_TABLE])
    table[base:used[_TABLE]] = 0
    for cell in range(shape_starts[s], shape_starts[s + 1]):
        table[base + shape_cells[cell, b] * width + shape_cells[cell, c]] |= _one(
            shape_cells[cell, a])
    keys[slot], blocks[slot] = key, base
    used[_KEYS] += 1
    return base, (meta, entries, table, keys, blocks, used)


@njit(nogil=True, cache=True, _nrt=False)
def key_word(meta, table, pa: int, kb: int, kc: int) -> np.uint64:
    """The word of deltas of key (kb, kc) of one-word pair-axis `pa`, from the shapes' grids:
    each line of the first shape against the second's line at the key's offset, the
    second's line shifted once for each cell of the first's (bit aj - ai + high_i[a])."""
    high_jb, high_jc, high_ia = -meta[pa, 0], -meta[pa, 2], -meta[pa, 4]
    high_ib, high_ic = meta[pa, 1] - 1 - high_jb, meta[pa, 3] - 1 - high_jc
    width_i, width_j = high_ic + 1, high_jc + 1
    grid_i, grid_j = meta[pa, 8], meta[pa, 9]
    db, dc = kb - high_jb, kc - high_jc  # ib - jb and ic - jc
    word = np.uint64(0)
    for ib in range(max(0, db), min(high_ib, high_jb + db) + 1):
        row_i, row_j = grid_i + ib * width_i, grid_j + (ib - db) * width_j
        for ic in range(max(0, dc), min(high_ic, high_jc + dc) + 1):
            line_j = table[row_j + ic - dc]
            cells = table[row_i + ic] if line_j else np.uint64(0)
            while cells:
                word |= line_j << np.uint64(high_ia - lowest_bit(cells))
                cells &= cells - np.uint64(1)
    return word


# inlined into fill_blocks, as _insert: the cache's six arrays are not counted in and out at
# each call (CubeInCage's 440 pairs: 0.91 -> 0.78 ms)
@njit(nogil=True, cache=True, inline="always")
def _build(cache, shape_cells, shape_starts, si: int, sj: int):
    """Append the tables of shapes si (first) and sj to the cache: (first pa, cache)."""
    high = np.empty((2, 3), np.int64)
    _bounds(shape_cells, shape_starts, si, high[0])
    _bounds(shape_cells, shape_starts, sj, high[1])
    high_i, high_j = high[0], high[1]
    grids = np.empty((3, 2), np.int64)
    for a in range(3):
        grid_i, cache = _grid(cache, shape_cells, shape_starts, si, a, high_i)
        grid_j, cache = _grid(cache, shape_cells, shape_starts, sj, a, high_j)
        grids[a, 0], grids[a, 1] = grid_i, grid_j
    meta, entries, table, keys, blocks, used = cache
    first = used[_PA]
    meta = _grown(meta, first + 3)
    n_entries, n_table = used[_ENTRIES], used[_TABLE]
    for a in range(3):
        b, c = _others(a)
        pa = first + a
        meta[pa, 0], meta[pa, 1] = -high_j[b], high_i[b] + high_j[b] + 1
        meta[pa, 2], meta[pa, 3] = -high_j[c], high_i[c] + high_j[c] + 1
        meta[pa, 4], meta[pa, 5] = -high_i[a], high_i[a] + high_j[a] + 1
        meta[pa, 6], meta[pa, 7] = n_entries, n_table
        meta[pa, 8], meta[pa, 9] = grids[a, 0], grids[a, 1]
        words = words_of(meta[pa, 5])
        if words > 1:  # one word: its lowest and highest bits are the entry (movement.py)
            n_entries += meta[pa, 1] * meta[pa, 3]
        n_table += meta[pa, 1] * meta[pa, 3] * words
    entries = _grown(entries, n_entries)
    table = _grown(table, n_table)
    entries[used[_ENTRIES]:n_entries, 0] = UNBOUNDED  # no line, unless a bit says so
    entries[used[_ENTRIES]:n_entries, 1] = -UNBOUNDED
    for a in range(3):
        pa = first + a
        base, keys_a, words = meta[pa, 7], meta[pa, 1] * meta[pa, 3], words_of(meta[pa, 5])
        if words == 1:
            table[base:base + keys_a] = UNBUILT  # key_word, when a gap asks
        else:
            table[base:base + keys_a * words] = 0
            _long_keys(meta, entries, table, pa, a, shape_cells, shape_starts, si, sj)
    used[_PA], used[_ENTRIES], used[_TABLE] = first + 3, n_entries, n_table
    return first, (meta, entries, table, keys, blocks, used)


@njit(nogil=True, cache=True)
def _long_keys(meta, entries, table, pa: int, a: int, shape_cells, shape_starts, si: int,
               sj: int) -> None:
    """Every key of a pair-axis of more than one word (a shape longer than 63 cells), cell
    against cell, and each key's lowest and highest delta."""
    b, c = _others(a)
    b_lo, c_lo, c_span, d_lo = meta[pa, 0], meta[pa, 2], meta[pa, 3], meta[pa, 4]
    entry_base, table_base, words = meta[pa, 6], meta[pa, 7], words_of(meta[pa, 5])
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


@njit(nogil=True, cache=True, inline="always")
def _insert(cache, shape_cells, shape_starts, key: int, si: int, sj: int):
    """Build the tables of shapes si and sj and file them under `key`: the cache, grown."""
    first, cache = _build(cache, shape_cells, shape_starts, si, sj)
    meta, entries, table, keys, blocks, used = cache
    keys, blocks = _room_for_a_key(keys, blocks, used)
    slot = _slot(keys, key)
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
    for i in range(n):
        for j in range(i + 1, n):
            key = shapes[i] * SHAPES + shapes[j] + 1
            slot = _slot(cache[3], key)  # looked up here, not called: a call counts arrays
            if cache[3][slot] != key:
                cache = _insert(cache, shape_cells, shape_starts, key, shapes[i], shapes[j])
                slot = _slot(cache[3], key)
            found[pair_number(i, j, n)] = cache[4][slot]
    return cache

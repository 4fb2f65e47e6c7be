"""Boards of at most 64 cells as uint64 words, thousands at once in numpy: regions grown by
shifting words, one shift for each distance between two neighbouring cells.

What this replaced (first compile of numba kernels, a cost paid once per machine, and the time
a warm run spends): the flood of dead-placement pruning (0.7 s to compile; meteor's 2,596
rows in 1.7 ms here against 5 ms to load the kernel and run it, 21 ms in a Python loop), and
the bit-board kernel's halos and pockets (0.5 s to compile).
"""

from __future__ import annotations

import numpy as np

from ..records import record

WORD_CELLS = 64
ONE = np.uint64(1)


@record
class Shifts:
    """How to grow a region by its neighbours: for each distance `to - from` between two
    neighbouring cells (a grid has few), the cells having a neighbour at that distance."""

    distances: tuple[int, ...]
    sources: tuple[np.uint64, ...]

    @classmethod
    def from_masks(cls, neighbour_masks) -> Shifts:
        """From each cell's neighbours as a mask (bit i: cell i)."""
        by_distance: dict[int, int] = {}
        for cell, mask in enumerate(int(m) for m in neighbour_masks):
            while mask:
                low = mask & -mask
                distance = low.bit_length() - 1 - cell
                by_distance[distance] = by_distance.get(distance, 0) | (1 << cell)
                mask ^= low
        ordered = sorted(by_distance)
        return cls(tuple(ordered), tuple(np.uint64(by_distance[d]) for d in ordered))

    @classmethod
    def from_table(cls, neighbours: np.ndarray) -> Shifts:
        """From a (cells, degree) table of neighbour indices, -1 for none."""
        masks = []
        for row in neighbours.tolist():
            mask = 0
            for other in row:
                if other >= 0:
                    mask |= 1 << other
            masks.append(mask)
        return cls.from_masks(masks)

    def grow(self, words: np.ndarray) -> np.ndarray:
        """Each word with its cells' neighbours added."""
        grown = words.copy()
        for distance, sources in zip(self.distances, self.sources):
            moved = words & sources
            grown |= (moved << np.uint64(distance) if distance > 0
                      else moved >> np.uint64(-distance))
        return grown


def pack_bits(bits: np.ndarray) -> np.ndarray:
    """(R, W) uint64 bitsets of (R, n) bool, item i at bit i & 63 of word i >> 6, W the
    words n items take (at least one): the layout of every placement mask."""
    words = max(1, (bits.shape[1] + 63) // 64)
    padded = np.zeros((len(bits), 64 * words), dtype=bool)
    padded[:, :bits.shape[1]] = bits
    return np.ascontiguousarray(np.packbits(padded, axis=1, bitorder="little").view(np.uint64))


def unpack_bits(masks: np.ndarray, n_items: int) -> np.ndarray:
    """(R, n_items) bool of (R, W) uint64 bitsets: `pack_bits` undone."""
    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    return np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")[:, :n_items].astype(bool)


SPARSE_ROWS = 1 << 16  # rows whose words `set_bits` unpacks at once


def set_bits(masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rows, items) int64: every set bit of (R, W) bitsets, by row then item. Only the
    words that are not zero are unpacked, a block of rows at a time: never a rows x items
    array (a million placements on a 4,096-cell board would make one of 4 GB)."""
    found_rows, found_items = [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=np.int64)]
    for start in range(0, len(masks), SPARSE_ROWS):
        rows, words = np.nonzero(masks[start:start + SPARSE_ROWS])
        values = np.ascontiguousarray(masks[start + rows, words], dtype=np.uint64)
        bits = np.unpackbits(values.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        which, bit = np.nonzero(bits)
        found_rows.append(start + rows[which])
        found_items.append(words[which] * 64 + bit)
    return np.concatenate(found_rows), np.concatenate(found_items)


def masks_of_bits(rows: np.ndarray, items: np.ndarray, n_rows: int, n_items: int) -> np.ndarray:
    """(n_rows, W) uint64 bitsets with the bits (rows[i], items[i]) set: `set_bits` undone."""
    masks = np.zeros((n_rows, max(1, (n_items + 63) // 64)), dtype=np.uint64)
    items = np.asarray(items, dtype=np.int64)
    np.bitwise_or.at(masks, (rows, items >> 6), ONE << (items & 63).astype(np.uint64))
    return masks


def word_spans(masks: np.ndarray) -> np.ndarray:
    """(R, 2) int32: the first word of each row that is not zero and one past the last
    (0, 0 for a row of zeros), a block of rows at a time."""
    spans = np.zeros((len(masks), 2), dtype=np.int32)
    last = masks.shape[1] - 1
    for start in range(0, len(masks), SPARSE_ROWS):
        used = masks[start:start + SPARSE_ROWS] != 0
        some = used.any(axis=1)
        block = spans[start:start + SPARSE_ROWS]
        block[some, 0] = used[some].argmax(axis=1)
        block[some, 1] = last + 1 - used[some, ::-1].argmax(axis=1)
    return spans


def full_word(n_cells: int) -> np.uint64:
    return np.uint64((1 << n_cells) - 1)


def lowest_bits(words: np.ndarray) -> np.ndarray:
    """Each word's lowest set bit alone (0 for 0)."""
    return words & (~words + ONE)


def flood(seeds: np.ndarray, free: np.ndarray, shifts: Shifts,
          limit: int = WORD_CELLS) -> tuple[np.ndarray, np.ndarray]:
    """(regions, small): the region of `free` cells connected to each word of `seeds`, and
    whether it has at most `limit` cells. A region found larger stops growing there: it is
    then only part of the connected region."""
    regions = seeds & free
    growing = np.flatnonzero(regions)
    while len(growing):
        before = regions[growing]
        after = shifts.grow(before) & free[growing]
        regions[growing] = after
        still = (after != before) & (np.bitwise_count(after) <= limit)
        growing = growing[still]
    return regions, np.bitwise_count(regions) <= limit

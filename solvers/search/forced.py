"""Placements every solution of a search uses, taken out of what the general kernel compares.

A piece type placed exactly once with one row left to the search (a box or a cage that holds
the others, its orientation fixed by the symmetry plan) is in every solution. So the rows that
overlap it can go before searching, and its cells out of every mask: nothing else covers them
then. The kernel still places the row (its mask empty, it takes a node like any piece), so
solutions, symmetry and run files see the same rows. AlPackino's box takes 120 of its 180
cells: the 60 left fit one word, the kernel's fast path.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..placements.compile import Placements
from ..placements.secondary import required_mask


@dataclass(frozen=True)
class KernelRows:
    """What the kernel searches: rows, masks over the items left, and those items' words."""

    root_rows: np.ndarray  # (k,) int32
    masks: np.ndarray  # (R, W') uint64: every row, over the items left
    full: np.ndarray  # (W',) uint64: the items left
    required: np.ndarray  # (W',) uint64: those a solution must cover


def kernel_rows(placements: Placements, root_rows: np.ndarray) -> KernelRows:
    """The search over `root_rows` with the forced rows' items taken out (all of it as it
    is when no row is forced)."""
    root_rows = np.asarray(root_rows, dtype=np.int32)
    forced = forced_rows(placements, root_rows)
    required = required_mask(placements)
    if not len(forced):
        return kernel_rows_as_they_are(placements, root_rows, required)
    taken = np.bitwise_or.reduce(placements.masks[forced], axis=0)
    if _bits(taken, placements.n_items).sum() < _bits_of_rows(placements.masks[forced],
                                                                placements.n_items).sum():
        forced = forced[:0]  # forced rows that overlap: no solution, for the search to find
    if not len(forced):
        return kernel_rows_as_they_are(placements, root_rows, required)
    clash = (placements.masks[root_rows] & taken).any(axis=1)
    keep = ~clash | np.isin(root_rows, forced)
    items = np.flatnonzero(~_bits(taken, placements.n_items))
    words = max(1, (len(items) + 63) // 64)
    bits = _bits_of_rows(placements.masks, placements.n_items)[:, items]
    masks = _pack(bits, words)
    required_left = _bits(required, placements.n_items)[items]
    return KernelRows(root_rows[keep], masks, _words_of(np.arange(len(items)), words),
                      _pack(required_left[None, :], words)[0])


def kernel_rows_as_they_are(placements: Placements, root_rows: np.ndarray,
                            required: np.ndarray | None = None) -> KernelRows:
    """The search over `root_rows` and every item."""
    words = placements.masks.shape[1]
    return KernelRows(np.asarray(root_rows, dtype=np.int32), placements.masks,
                      _words_of(np.arange(placements.n_items), words),
                      required_mask(placements) if required is None else required)


def forced_rows(placements: Placements, root_rows: np.ndarray) -> np.ndarray:
    """Rows of `root_rows` whose piece type is placed exactly once and has no other row."""
    counts = placements.piece_counts
    least = placements.piece_least if placements.piece_least is not None else counts
    once = (counts == 1) & (least == 1)
    real = root_rows[root_rows < (placements.absent_start if placements.absent_start >= 0
                                  else placements.n_rows)]
    pieces = placements.row_piece[real]
    alone = np.bincount(pieces, minlength=len(counts)) == 1
    return np.sort(real[once[pieces] & alone[pieces]])


def _bits_of_rows(masks: np.ndarray, n_items: int) -> np.ndarray:
    return np.unpackbits(np.ascontiguousarray(masks).view(np.uint8), axis=1,
                         bitorder="little")[:, :n_items].astype(bool)


def _bits(words: np.ndarray, n_items: int) -> np.ndarray:
    return _bits_of_rows(np.asarray(words, dtype=np.uint64)[None, :], n_items)[0]


def _pack(bits: np.ndarray, words: int) -> np.ndarray:
    """(R, words) uint64 from (R, items) bool."""
    padded = np.zeros((len(bits), words * 64), dtype=bool)
    padded[:, :bits.shape[1]] = bits
    return np.ascontiguousarray(np.packbits(padded, axis=1, bitorder="little").view(np.uint64))


def _words_of(items: np.ndarray, words: int) -> np.ndarray:
    bits = np.zeros((1, len(items)), dtype=bool)
    bits[0, :] = True
    return _pack(bits, words)[0]

"""Placements every solution of a search uses, taken out of what the general kernel compares.

A piece type placed exactly once with one row left to the search (a box or a cage that holds
the others, its orientation fixed by the symmetry plan) is in every solution. So the rows that
overlap it can go before searching, and its cells out of every mask: nothing else covers them
then. The kernel still places the row (its mask empty, it takes a node like any piece), so
solutions, symmetry and run files see the same rows. AlPackino's box takes 120 of its 180
cells: the 60 left fit one word, the kernel's fast path.
"""

from __future__ import annotations

from dataclasses import field

import numpy as np

from ..placements.compile import Placements
from ..placements.secondary import first_absent_row, required_mask
from ..placements.words import masks_of_bits, pack_bits, set_bits, unpack_bits
from ..records import record


@record
class KernelRows:
    """What the kernel searches: rows, masks over the items left, and those items' words."""

    root_rows: np.ndarray  # (k,) int32
    masks: np.ndarray  # (R, W') uint64: every row, over the items left
    full: np.ndarray  # (W',) uint64: the items left
    required: np.ndarray  # (W',) uint64: those a solution must cover
    forced: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))  # placed
    # first: the rows that meet them are left out of root_rows (none: the rows as they are)


def kernel_rows(placements: Placements, root_rows: np.ndarray) -> KernelRows:
    """The search over `root_rows` with the forced rows' items taken out (all of it as it
    is when no row is forced). Worked on the rows' set bits, never on a rows x items array
    (a million placements on a 4,096-cell board would make one of 4 GB)."""
    root_rows = np.asarray(root_rows, dtype=np.int32)
    forced = forced_rows(placements, root_rows)
    if not len(forced):
        return kernel_rows_as_they_are(placements, root_rows)
    masks, n_items = placements.masks, placements.n_items
    taken = np.bitwise_or.reduce(masks[forced], axis=0)
    if np.bitwise_count(taken).sum() < np.bitwise_count(masks[forced]).sum():  # forced rows
        return kernel_rows_as_they_are(placements, root_rows)  # that overlap: no solution
    left = ~unpack_bits(taken[None, :], n_items)[0]
    rows, items = set_bits(masks)
    meets = np.zeros(len(masks), dtype=bool)
    meets[rows[~left[items]]] = True
    keep = ~meets[root_rows] | np.isin(root_rows, forced)
    renumbered = np.cumsum(left) - 1  # item -> its number among the items left
    on_left = left[items]
    required = unpack_bits(required_mask(placements)[None, :], n_items)[0]
    return KernelRows(root_rows[keep],
                      masks_of_bits(rows[on_left], renumbered[items[on_left]], len(masks),
                                    int(left.sum())),
                      pack_bits(left[left][None, :])[0], pack_bits(required[left][None, :])[0],
                      forced)


def kernel_rows_as_they_are(placements: Placements, root_rows: np.ndarray) -> KernelRows:
    """The search over `root_rows` and every item."""
    every = np.ones((1, placements.n_items), dtype=bool)
    return KernelRows(np.asarray(root_rows, dtype=np.int32), placements.masks,
                      pack_bits(every)[0], required_mask(placements))


def forced_rows(placements: Placements, root_rows: np.ndarray) -> np.ndarray:
    """Rows of `root_rows` whose piece type is placed exactly once and has no other row."""
    counts = placements.piece_counts
    least = placements.piece_least if placements.piece_least is not None else counts
    once = (counts == 1) & (least == 1)
    real = root_rows[root_rows < first_absent_row(placements)]
    pieces = placements.row_piece[real]
    alone = np.bincount(pieces, minlength=len(counts)) == 1
    return np.sort(real[once[pieces] & alone[pieces]])

"""The Python side of the live-set kernel: row bitsets per item, piece and row, run in slices.

Glossary (see live_sets.py for the kernel's)
- cover[i]: the rows covering item i, as a bitset over rows.
- piece_rows[p]: the rows of piece type p.
- conflict[r]: the rows that cannot share a solution with row r: those covering one of its
  items and, for a piece type placed once, the other rows of its type. R * R / 8 bytes, so
  the kernel is chosen only while that stays under MAX_CONFLICT_BYTES.
"""

from __future__ import annotations

import numpy as np

from ..kernels import native, status
from ..placements.compile import Placements
from ..placements.symmetry import SymmetryPlan
from ..placements.words import pack_bits
from .forced import KernelRows
from .resumable import ResumableSearch

MAX_CONFLICT_BYTES = 64 << 20


def suits_live_sets(placements: Placements, masks: np.ndarray | None = None) -> bool:
    """Boards of up to 64 cells (or `masks`, the rows over the items a search has left, of
    one word), at most 64 piece types, and a conflict table that fits."""
    row_words = (placements.n_rows + 63) // 64
    masks = placements.masks if masks is None else masks
    return (masks.shape[1] == 1 and len(placements.piece_counts) <= 64
            and placements.n_rows * row_words * 8 <= MAX_CONFLICT_BYTES)


def row_bitsets(placements: Placements, items: np.ndarray | None = None,
                n_items: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(cover, piece_rows, conflict) as uint64 bitsets over rows (see the glossary), `items`
    the rows' one-word masks over `n_items` items (by default the placements' own). Made
    from boolean tables at once, not an item or a piece at a time (AlPackino's: 1.1 -> 0.3 ms,
    meteor's 2.8 -> 1.7)."""
    items = placements.masks[:, 0] if items is None else items
    n_items = placements.n_items if n_items is None else n_items
    n_rows, n_types = placements.n_rows, len(placements.piece_counts)
    row_words = max(1, (n_rows + 63) // 64)
    covers = ((items[:, None] >> np.arange(n_items, dtype=np.uint64)) & np.uint64(1)
              ).astype(bool)  # (rows, items)
    cover = pack_bits(covers.T)  # (items, row_words): the rows over each item
    piece_rows = pack_bits(np.arange(n_types)[:, None] == placements.row_piece[None, :])
    conflict = np.zeros((n_rows, row_words), dtype=np.uint64)
    rows_at, items_at = np.nonzero(covers)  # each row's items side by side
    if len(rows_at):  # a row's conflicts: the rows over any of its items
        firsts = np.flatnonzero(np.concatenate(([True], rows_at[1:] != rows_at[:-1])))
        conflict[rows_at[firsts]] = np.bitwise_or.reduceat(cover[items_at], firsts, axis=0)
    once = placements.piece_counts[placements.row_piece] == 1
    conflict[once] |= piece_rows[placements.row_piece[once]]
    return cover, piece_rows, conflict


class LiveSetTables:
    """What every live-set search of one puzzle reads and none writes: built once, shared by
    the searches of all tasks and threads.

    `searched`: the rows as a search of a larger board has them once its forced rows are
    taken out (solvers.search.forced: a box placed once, holding the others), when the items
    left fit one word; a search then leaves out the rows that meet a forced row (`usable`).
    AlPackino: 180 cells, the box's 120 forced, a cavity of 60 searched here in 3.0 ms
    against the general kernel's 11.9 (13,000 nodes)."""

    def __init__(self, placements: Placements, searched: KernelRows | None = None) -> None:
        masks = placements.masks if searched is None else searched.masks
        if not suits_live_sets(placements, masks):
            raise ValueError("the live-set kernel takes up to 64 cells and 64 piece types")
        self.masks = np.ascontiguousarray(masks, dtype=np.uint64)
        self.row_mask = np.ascontiguousarray(self.masks[:, 0])
        if searched is None:
            n_items, self.usable_rows = placements.n_items, None
            self.full = np.uint64((1 << n_items) - 1)
        else:
            n_items = int(np.bitwise_count(searched.full[0]))
            self.full = np.uint64(searched.full[0])
            taken = np.bitwise_or.reduce(placements.masks[searched.forced], axis=0)
            self.usable_rows = ~(placements.masks & taken).any(axis=1)  # meets no forced row
            self.usable_rows[searched.forced] = True
        self.cover, self.piece_rows, self.conflict = row_bitsets(placements, self.row_mask,
                                                                 n_items)
        # piece p's rows lie in words piece_words[p, 0] to piece_words[p, 1] - 1
        self.piece_words = np.zeros((len(placements.piece_counts), 2), dtype=np.int32)
        for piece in range(len(placements.piece_counts)):
            rows = placements.rows_of_piece(piece)
            if len(rows):
                self.piece_words[piece] = rows[0] >> 6, (rows[-1] >> 6) + 1

    def usable(self, root_rows: np.ndarray) -> np.ndarray:
        """The rows of `root_rows` a search may use: all, or those that meet no forced row."""
        rows = np.asarray(root_rows, dtype=np.int64)
        return rows if self.usable_rows is None else rows[self.usable_rows[rows]]


class LiveSetSearch(ResumableSearch):
    """ExactCoverSearch's search with each node's live rows as a bitset (live_sets.py)."""

    def __init__(self, placements: Placements, plan: SymmetryPlan, *,
                 max_solutions_buffered: int = 256, tables: LiveSetTables | None = None) -> None:
        """`tables`: shared with the other searches of this puzzle (built here if None)."""
        tables = tables or LiveSetTables(placements)
        goal = int(placements.piece_counts.sum())
        super().__init__(placements, plan, goal, max_solutions_buffered)
        self.cover, self.piece_rows, self.conflict = tables.cover, tables.piece_rows, tables.conflict
        self.full, self.row_mask, self.piece_words = tables.full, tables.row_mask, tables.piece_words
        self.masks, self.tables = tables.masks, tables
        row_words = self.cover.shape[1]
        self.live = np.zeros((goal + 1, row_words), dtype=np.uint64)
        self.nonzero = np.zeros((goal + 1, (row_words + 63) // 64), dtype=np.uint64)
        self.planes = np.zeros((goal + 1, status.NB), dtype=np.uint64)
        self.overflow = np.zeros(goal + 1, dtype=np.uint64)
        self.present = np.zeros(goal + 1, dtype=np.uint64)
        self.occupied = np.zeros(goal + 1, dtype=np.uint64)
        self.remaining = placements.piece_counts.astype(np.int32).copy()
        self.branch = np.zeros(max(1, placements.n_rows * (goal + 1)), dtype=np.int32)
        self.branch_start = np.zeros(goal + 2, dtype=np.int32)
        self.branch_len = np.zeros(goal + 1, dtype=np.int32)
        self.branch_pos = np.zeros(goal + 1, dtype=np.int32)
        self._start(plan.root_rows)

    def _start(self, root_rows: np.ndarray) -> None:
        rows = self.tables.usable(root_rows)
        np.bitwise_or.at(self.live[0], rows >> 6, np.uint64(1) << (rows & 63).astype(np.uint64))
        for word in np.flatnonzero(self.live[0]):
            self.nonzero[0, word >> 6] |= np.uint64(1) << np.uint64(word & 63)
        kernel = native.kernel("live_sets")  # loaded by the first search that runs it

        kernel.count_root(self.live, self.masks, self.placements.row_piece,
                          self.planes, self.overflow, self.present)
        self.counters[status.C_PHASE] = status.ENTER

    def _run_kernel(self, node_budget: int, record: bool, solution_limit: int) -> int:
        return native.kernel("live_sets").search(
            self.conflict, self.cover, self.piece_rows, self.placements.row_piece, self.row_mask,
            self.full, self.check, self.counters, self.fraction, self.live, self.planes,
            self.overflow, self.present, self.occupied, self.remaining, self.branch,
            self.branch_start, self.branch_len, self.branch_pos, self.path, self.weight,
            self.depth_stats, self.solution_buffer, record, node_budget, solution_limit,
            self.piece_words, self.nonzero)

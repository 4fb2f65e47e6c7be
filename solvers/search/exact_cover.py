"""The Python side of the general exact-cover kernel: owns its arrays, runs it in slices."""

from __future__ import annotations

import numpy as np

from ..kernels import native, status
from ..placements.compile import Placements, neighbour_masks
from ..placements.secondary import first_absent_row, piece_slack
from ..placements.symmetry import SymmetryPlan
from ..placements.words import pack_bits, word_spans
from .forced import kernel_rows, kernel_rows_as_they_are
from .resumable import ResumableSearch


class ExactCoverSearch(ResumableSearch):
    """A resumable search over compiled placements. Every piece of state is an array here,
    so `run` can stop after any node budget and continue exactly where it was."""

    def __init__(self, placements: Placements, plan: SymmetryPlan, *,
                 max_solutions_buffered: int = 256, region_check: bool = False) -> None:
        """`region_check`: end a branch when a region of free cells has a size the remaining
        pieces cannot fill (boards of up to 64 cells). It pays on flat boards, where the
        fewest-options rule does not see such regions early; in boxes it does, and the check
        costs more than it saves (measured: meteor 1.9 s -> 1.3 s, Mini Bedlam 25% slower)."""
        cells = len(placements.cells)  # items past them (a stick grid's crossings) are no
        # cells: the region check's `full` leaves them out
        region_check &= not any(item < cells for item in placements.optional_items)
        searched = (kernel_rows_as_they_are(placements, plan.root_rows) if region_check
                    else kernel_rows(placements, plan.root_rows))
        self.masks, self.full, self.required = searched.masks, searched.full, searched.required
        if region_check and placements.extra_items:
            self.full = pack_bits(np.arange(64 * len(self.full))[None, :] < cells)[0]
        n_rows, n_words = self.masks.shape
        n_types = len(placements.piece_counts)
        goal = int(placements.piece_counts.sum())
        super().__init__(placements, plan, goal, max_solutions_buffered)
        capacity = max(1, n_rows * (goal + 1))
        self.live = np.zeros(capacity, dtype=np.int32)
        self.level_start = np.zeros(goal + 2, dtype=np.int32)
        self.branch = np.zeros(capacity, dtype=np.int32)
        self.branch_start = np.zeros(goal + 2, dtype=np.int32)
        self.branch_len = np.zeros(goal + 1, dtype=np.int32)
        self.branch_pos = np.zeros(goal + 1, dtype=np.int32)
        self.occupied = np.zeros((goal + 1, n_words), dtype=np.uint64)
        self.planes = np.zeros((goal + 1, status.NB, n_words), dtype=np.uint64)
        self.overflow = np.zeros((goal + 1, n_words), dtype=np.uint64)
        self.piece_live = np.zeros((goal + 1, n_types), dtype=np.int32)
        self.remaining = placements.piece_counts.astype(np.int32).copy()
        self.candidates = np.zeros(n_words, dtype=np.uint64)
        self.neighbours = (neighbour_masks(placements.neighbours) if region_check
                           else np.zeros(0, dtype=np.uint64))
        self.slack = piece_slack(placements)
        self.absent_start = first_absent_row(placements)
        self.branch_piece = np.full(goal + 1, -1, dtype=np.int32)
        self.spans = (placements.word_spans if self.masks is placements.masks  # shared by tasks
                      else word_spans(self.masks))
        self._start(searched.root_rows)

    def _start(self, root_rows: np.ndarray) -> None:
        self.live[:len(root_rows)] = root_rows
        self.level_start[1] = len(root_rows)
        kernel = native.kernel("exact_cover")  # loaded by the first search

        kernel._count_live(0, len(root_rows), self.masks, self.placements.row_piece,
                           self.live, self.planes, self.overflow, self.piece_live,
                           self.absent_start, self.spans)
        self.counters[status.C_PHASE] = status.ENTER

    def _run_kernel(self, node_budget: int, record: bool, solution_limit: int) -> int:
        return native.kernel("exact_cover").search(
            self.masks, self.placements.row_piece, self.full, self.check,
            self.counters, self.fraction, self.live, self.level_start, self.branch,
            self.branch_start, self.branch_len, self.branch_pos, self.path, self.weight,
            self.occupied, self.planes, self.overflow, self.piece_live, self.remaining,
            self.depth_stats, self.solution_buffer, record, node_budget, solution_limit,
            self.candidates, self.neighbours, self.placements.piece_sizes, self.required,
            self.slack, self.absent_start, self.branch_piece, self.spans)

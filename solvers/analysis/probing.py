"""The Python side of Knuth's probes (solvers.kernels.probes): one search of a prepared puzzle,
driven a batch of random paths at a time, each probe's estimates in the counted mode."""

from __future__ import annotations

import numpy as np

from ..kernels import native
from ..search.prepare import Prepared

SOLUTION_ROWS = 1 << 16  # leaf solutions kept per batch ("all", "rotations": orbits to weigh)


class Prober:
    """Random probes through the kernel a prepared puzzle's search uses. `batch(n)` returns
    (nodes, solutions) per probe: unbiased estimates of the tree's size (the nodes the search
    enters) and of the number of solutions counted in the prepared symmetry mode."""

    def __init__(self, prepared: Prepared, seed: int = 0) -> None:
        self.prepared = prepared
        self.search = prepared.new_search()
        self.seed = seed
        self.record = prepared.orbits is not None
        self.depths = len(self.search.weight)  # a probe's path is shorter than this
        self.profile = np.zeros(self.depths, dtype=np.float64)
        self.probes = 0
        self.subtree_depth, self.subtree_budget = -1, 0  # single paths
        if prepared.kernel == "sudoku":
            return
        self.initial_remaining = self.search.remaining.copy()
        goal = self.search.path.shape[0]
        # the most solutions one probe finds: the leaves at its end (a node's children), and
        # on its way the nodes' own (the copies left off: solvers/kernels/exact_cover.py)
        self.widest = prepared.placements.n_rows + 1 + goal
        # buffered for the canonical check too: a probe's step never stops at a full buffer
        rows = max(SOLUTION_ROWS, 2 * self.widest) if self.record else (
            2 * self.widest if self.search.check else 1)
        self.search.solution_buffer = np.zeros((rows, goal), dtype=np.int32)
        self.leaf_weight = np.zeros(rows, dtype=np.float64)
        self.leaf_probe = np.zeros(rows, dtype=np.int64)

    def complete_subtrees(self, depth: int, budget: int) -> None:
        """From now on a probe searches the subtree it reaches at `depth` (-1: none) to its
        end, or for `budget` nodes and scales what it found."""
        self.subtree_depth, self.subtree_budget = depth, budget

    def nodes_by_depth(self) -> np.ndarray:
        """The estimated number of nodes at each depth, from the probes so far."""
        return self.profile / max(1, self.probes)

    def batch(self, n_probes: int) -> tuple[np.ndarray, np.ndarray]:
        """Up to `n_probes` probes (fewer when the leaf buffer fills); never none."""
        nodes = np.zeros(n_probes, dtype=np.float64)
        solutions = np.zeros(n_probes, dtype=np.float64)
        self.seed += 1
        done = self._run(n_probes, nodes, solutions)
        self.probes += done
        nodes, solutions = nodes[:done], solutions[:done]
        if self.record:
            solutions = self._weigh_orbits(done)
        return nodes, solutions

    def _run(self, n_probes: int, nodes: np.ndarray, solutions: np.ndarray) -> int:
        s, kernel = self.search, self.prepared.kernel
        probes = native.kernel("probes")  # the native build's, else numba's
        if kernel == "sudoku":
            return probes.probe_sudoku(
                s.cand, s.solved, s.branch_cell, s.branch_left, s.branch_len, s.weight,
                s.queue, s.peers, s.units, s.full, s.counters, s.fraction, s.solution_buffer,
                self.seed, n_probes, nodes, solutions, self.profile, self.subtree_depth,
                self.subtree_budget)
        plan, placements = s.plan, s.placements
        tail = (self.initial_remaining, self.seed, n_probes, self.widest, nodes, solutions,
                self.leaf_weight, self.leaf_probe, self.profile, self.subtree_depth,
                self.subtree_budget)
        if kernel == "bitboard":
            return probes.probe_bitboard(
                s.cand_mask, s.cand_piece, s.cand_row, s.bucket_start, s.halo, s.pocket,
                s.expired, s.full, s.neighbours, s.fillable, s.one_piece_below,
                placements.row_piece, plan.restricted_piece, plan.images, plan.check_start,
                plan.check_syms, plan.allowed, s.check, s.counters, s.fraction, s.boards,
                s.remaining, s.branch, s.branch_len, s.branch_pos, s.path, s.weight, s.depth_stats,
                s.solution_buffer, self.record, s.scratch, s.region_limit, s.fit_bits, s.placed,
                s.memo, s.memo_unit, *tail)
        if kernel == "live":
            return probes.probe_live_sets(
                s.conflict, s.cover, s.piece_rows, placements.row_piece, s.row_mask, s.full,
                plan.restricted_piece, plan.images, plan.check_start, plan.check_syms,
                plan.allowed, s.check, s.counters, s.fraction, s.live, s.planes, s.overflow,
                s.present, s.occupied, s.remaining, s.branch, s.branch_start, s.branch_len,
                s.branch_pos, s.path, s.weight, s.depth_stats, s.solution_buffer, self.record,
                s.scratch, s.piece_words, s.nonzero, *tail)
        return probes.probe_exact_cover(
            s.masks, placements.row_piece, s.full, plan.restricted_piece, plan.images,
            plan.check_start, plan.check_syms, plan.allowed, s.check, s.counters, s.fraction,
            s.live, s.level_start, s.branch, s.branch_start, s.branch_len, s.branch_pos, s.path,
            s.weight, s.occupied, s.planes, s.overflow, s.piece_live, s.remaining,
            s.depth_stats, s.solution_buffer, self.record, s.scratch, s.candidates,
            s.neighbours, placements.piece_sizes, s.required, s.slack, s.absent_start,
            s.branch_piece, s.spans, *tail)

    def _weigh_orbits(self, done: int) -> np.ndarray:
        """Per probe: its leaf solutions, each weighed by the solutions of the counted mode
        it stands for (its orbit), times the product at its parent."""
        found = self.search.take_solutions()
        count = len(found)
        weights = self.leaf_weight[:count] * self.prepared.orbits.counts(np.sort(found, axis=1))
        return np.bincount(self.leaf_probe[:count], weights=weights, minlength=done)[:done]

"""What every polyform search's Python side shares: the arrays a kernel keeps its counters,
path, Knuth's weights and solutions in, and the read-outs of them."""

from __future__ import annotations

import numpy as np

from ..kernels import native, status
from ..placements.compile import Placements
from ..placements.symmetry import SymmetryPlan
from .canonical import canonical, needs_check


class ResumableSearch:
    """What every polyform kernel's owner shares: counters, the path, Knuth's weights, the
    solution buffer, and the read-outs. Subclasses add their kernel's arrays and `run`."""

    def __init__(self, placements: Placements, plan: SymmetryPlan, goal: int,
                 max_solutions_buffered: int) -> None:
        self.placements, self.plan = placements, plan
        self.counters = np.zeros(8, dtype=np.int64)
        self.fraction = np.zeros(1, dtype=np.float64)
        self.path = np.zeros(goal, dtype=np.int32)
        self.weight = np.zeros(goal + 1, dtype=np.float64)
        self.weight[0] = 1.0
        self.depth_stats = np.zeros((goal + 1, 2), dtype=np.int64)
        self.solution_buffer = np.zeros((max_solutions_buffered, goal), dtype=np.int32)
        self.scratch = np.zeros(2 * goal, dtype=np.int32)  # the compiled canonical check
        # 1: the kernel leaves its solutions to _check_unchecked. An int: passed as a bool, it
        # made the bit-board kernel 5% slower (meteor, pentominoes 6x10)
        self.check = int(needs_check(plan))

    def run(self, node_budget: int, *, record: bool = True, solution_limit: int = 0) -> int:
        """Search up to `node_budget` nodes; RUNNING, BUFFER_FULL or FINISHED (see kernel).
        Solutions the kernel buffered unchecked are checked here (search/canonical.py), and
        the kernel goes on when it stopped only for them (a buffer or a limit they filled)."""
        if self.finished:
            return status.FINISHED
        start = self.nodes
        while True:
            budget = node_budget - (self.nodes - start)
            result = self._run_kernel(budget, record, solution_limit)
            if not self.counters[status.C_UNCHECKED]:
                return result
            self._check_unchecked(record)
            budget = node_budget - (self.nodes - start)
            refilled = (result == status.BUFFER_FULL
                        and self.counters[status.C_BUFFERED] < len(self.solution_buffer))
            below_limit = (result == status.RUNNING and budget > 0
                           and self.solutions < solution_limit)
            if not (refilled or below_limit):
                return result

    def _run_kernel(self, node_budget: int, record: bool, solution_limit: int) -> int:
        """One call of the kernel, which counts the unchecked solutions toward the limit."""
        raise NotImplementedError

    def _check_unchecked(self, record: bool) -> None:
        """Count the unchecked solutions at the end of the buffer that pass the canonical
        check; keep those in the buffer if `record`, drop the others. Natively when the
        build has the check (DemoPieceGenerator: 1,760 solutions, 0.8 ms in numpy), else in
        numpy: numba's would compile for a first run."""
        if native.has("canonical_check"):  # compiled: no numpy call per solution
            plan = self.plan
            native.kernel("canonical_check").settle(
                self.counters, self.solution_buffer, record, plan.restricted_piece,
                self.placements.row_piece, plan.images, plan.check_start, plan.check_syms,
                plan.allowed, self.placements.absent_start, self.scratch)
            return
        end = int(self.counters[status.C_BUFFERED])
        start = end - int(self.counters[status.C_UNCHECKED])
        rows = self.solution_buffer[start:end]
        kept = rows[canonical(rows, self.plan, self.placements.row_piece,
                              self.placements.absent_start)]
        self.counters[status.C_SOLUTIONS] += len(kept)
        if record:
            self.solution_buffer[start:start + len(kept)] = kept
            start += len(kept)
        self.counters[status.C_BUFFERED] = start
        self.counters[status.C_UNCHECKED] = 0

    def take_solutions(self) -> np.ndarray:
        """(k, pieces) int32 rows of the buffered solutions, in search order; clears them."""
        count = int(self.counters[status.C_BUFFERED])
        taken = self.solution_buffer[:count].copy()
        self.counters[status.C_BUFFERED] = 0
        return taken

    @property
    def nodes(self) -> int:
        return int(self.counters[status.C_NODES])

    @property
    def solutions(self) -> int:
        return int(self.counters[status.C_SOLUTIONS])

    @property
    def fraction_done(self) -> float:
        return float(min(1.0, self.fraction[0]))

    @property
    def finished(self) -> bool:
        return int(self.counters[status.C_STATUS]) == status.FINISHED

    def branching_by_depth(self) -> np.ndarray:
        """Mean number of children of the nodes expanded at each depth (0 where none)."""
        nodes, children = self.depth_stats[:, 0], self.depth_stats[:, 1]
        return np.divide(children, nodes, out=np.zeros(len(nodes)), where=nodes > 0)

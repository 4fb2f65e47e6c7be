"""What every polyform search's Python side shares: the arrays a kernel keeps its counters,
path, Knuth's weights and solutions in, and the read-outs of them."""

from __future__ import annotations

import numpy as np

from ..kernels import status
from ..placements.compile import Placements
from ..placements.symmetry import SymmetryPlan


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
        self.scratch = np.zeros(2 * goal, dtype=np.int32)  # the canonical check's

    def run(self, node_budget: int, *, record: bool = True, solution_limit: int = 0) -> int:
        """Search up to `node_budget` nodes; RUNNING, BUFFER_FULL or FINISHED (see kernel)."""
        raise NotImplementedError

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

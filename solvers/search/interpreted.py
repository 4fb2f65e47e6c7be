"""The live-set search interpreted by Python: the tree of the numba kernel
(solvers/kernels/live_sets.py), node for node and solution for solution, with a node's live
rows as one Python integer instead of an array of words.

Why: the first numba kernel a process calls costs it about 0.3 s to load (numba's import and
its registries of implementations), more than a small puzzle's whole run: Soma's tree of
4,972 nodes takes a few hundredths of a second here. So a run first gives a live-set puzzle's
whole tree QUICK_NODES nodes here (`quick_search`); a tree that does not end by then goes to
the kernel from its start, having cost this tier at most about a tenth of a second, and a tree
whose Knuth estimate (nodes over the fraction done) after a thousand nodes is far larger
goes there at once (Mini Bedlam's: millions of nodes, about 10 ms lost). A native build of
the kernel (solvers/kernels/native.py) loads without numba in milliseconds: then this tier
stands aside.

Branching follows the kernel exactly: the uncovered item with the fewest live rows (counts
saturate at 2**NB, ties to the lowest item), or a piece type placed once with fewer; no
child when some piece left has no live row. Tests compare trees, counts and solutions.
"""

from __future__ import annotations

import time

import numpy as np

from ..kernels import native
from ..kernels.status import FINISHED, NB, RUNNING
from ..placements.compile import Placements
from ..placements.symmetry import SymmetryPlan
from .live_sets import LiveSetTables
from .prepare import Prepared

QUICK_NODES = 10_000  # about 0.1 s here: what a tree too large for this tier costs a run
CHECK_NODES = 1_000  # nodes between two looks at the tree's estimated size
HOPELESS = 3  # a tree estimated at this many times QUICK_NODES is left to the kernel at once
SATURATED = 1 << NB  # the kernel's counters saturate here: larger counts compare equal


def quick_search(prepared: Prepared, record: bool) -> tuple[InterpretedLiveSetSearch, float] | None:
    """(the prepared puzzle's whole search run to its end here, seconds it took) when the
    puzzle goes to the live-set kernel and its tree ends within QUICK_NODES nodes; else None,
    and the caller runs the kernel. `record`: keep the solutions (taken as the kernel's are).
    Never when the kernel runs natively (kernels/native.py): it loads as fast as this tier."""
    if prepared.kernel != "live" or native.has("live_sets"):
        return None
    started = time.perf_counter()
    search = InterpretedLiveSetSearch(prepared.placements, prepared.plan, prepared.tables)
    while search.nodes < QUICK_NODES:
        search.run(min(CHECK_NODES, QUICK_NODES - search.nodes), record=record)
        if search.finished:
            return search, time.perf_counter() - started
        if search.nodes > HOPELESS * QUICK_NODES * search.fraction_done:
            break  # estimated at nodes / fraction done: far past the budget
    return None


def _as_ints(words: np.ndarray) -> list[int]:
    """Each line of a (n, words) uint64 bitset array as one Python integer."""
    words = np.ascontiguousarray(words, dtype="<u8")
    width = words.shape[1] * 8
    data = words.tobytes()
    return [int.from_bytes(data[at:at + width], "little") for at in range(0, len(data), width)]


def _rows_of(bits: int) -> list[int]:
    """The set bits of `bits`, lowest first."""
    rows = []
    while bits:
        low = bits & -bits
        rows.append(low.bit_length() - 1)
        bits ^= low
    return rows


class InterpretedLiveSetSearch:
    """A resumable live-set search with the interface of LiveSetSearch (solvers.search.events.
    Search), its buffer of solutions unbounded: `run` never returns BUFFER_FULL."""

    def __init__(self, placements: Placements, plan: SymmetryPlan,
                 tables: LiveSetTables | None = None) -> None:
        tables = tables or LiveSetTables(placements)
        self.goal = goal = int(placements.piece_counts.sum())
        self.cover, self.piece_rows = _as_ints(tables.cover), _as_ints(tables.piece_rows)
        self.conflict = _as_ints(tables.conflict)
        self.row_mask = tables.row_mask.tolist()
        self.row_piece = placements.row_piece.tolist()
        self.full = int(tables.full)
        self.plan = plan
        self._canonical = _CanonicalCheck(plan, self.row_piece)
        self.remaining = placements.piece_counts.tolist()
        self.live = [0] * (goal + 1)
        self.live[0] = sum(1 << row for row in set(tables.usable(plan.root_rows).tolist()))
        self.occupied = [0] * (goal + 1)
        self.branch: list[list[int]] = [[] for _ in range(goal + 1)]
        self.branch_pos = [0] * (goal + 1)
        self.path = [0] * goal
        self.weight = [1.0] + [0.0] * goal
        self.depth_stats = [[0, 0] for _ in range(goal + 1)]
        self.fraction = 0.0
        self.nodes = self.solutions = 0
        self.finished = False
        self._entering, self._depth = True, 0
        self._found: list[list[int]] = []

    def run(self, node_budget: int, *, record: bool = True, solution_limit: int = 0) -> int:
        """Search up to `node_budget` nodes; RUNNING (budget used or `solution_limit`
        solutions found) or FINISHED."""
        if self.finished:
            return FINISHED
        goal, row_piece, remaining = self.goal, self.row_piece, self.remaining
        live, occupied, branch, branch_pos = self.live, self.occupied, self.branch, self.branch_pos
        path, weight = self.path, self.weight
        left = sum(1 << piece for piece, count in enumerate(remaining) if count > 0)
        entering, depth = self._entering, self._depth
        budget_end = self.nodes + node_budget
        while True:
            if entering and depth == goal:
                if self._canonical(path):
                    self.solutions += 1
                    if record:
                        self._found.append(path[:])
                self.fraction += weight[depth]
                depth, entering = depth - 1, False
                if 0 < solution_limit <= self.solutions:
                    break
            elif entering:
                if self.nodes >= budget_end:
                    break
                self.nodes += 1
                if depth > 0:  # the live rows left by the row placed last
                    chosen = path[depth - 1]
                    placed = row_piece[chosen]
                    bits = live[depth - 1] & ~self.conflict[chosen]
                    if remaining[placed] == 0:
                        bits &= ~self.piece_rows[placed]
                    live[depth] = bits
                children = self._children(live[depth], self.full & ~occupied[depth], left)
                branch[depth], branch_pos[depth] = children, 0
                self.depth_stats[depth][0] += 1
                self.depth_stats[depth][1] += len(children)
                if not children:
                    self.fraction += weight[depth]
                    depth -= 1
                entering = False
            elif depth < 0:
                self.finished, self.fraction = True, 1.0
                break
            else:  # the next child of the node at `depth`, undoing the previous one
                position = branch_pos[depth]
                if position > 0:
                    piece = row_piece[path[depth]]
                    remaining[piece] += 1
                    left |= 1 << piece
                children = branch[depth]
                if position == len(children):
                    depth -= 1
                    continue
                row = children[position]
                branch_pos[depth] = position + 1
                path[depth] = row
                piece = row_piece[row]
                remaining[piece] -= 1
                if remaining[piece] == 0:
                    left &= ~(1 << piece)
                occupied[depth + 1] = occupied[depth] | self.row_mask[row]
                weight[depth + 1] = weight[depth] / len(children)
                depth, entering = depth + 1, True
        self._entering, self._depth = entering, depth
        return FINISHED if self.finished else RUNNING

    def _children(self, live: int, free: int, left: int) -> list[int]:
        """The rows to branch on at a node with these live rows, free items and pieces left."""
        cover, piece_rows = self.cover, self.piece_rows
        best_item, fewest = -1, SATURATED
        items = free
        while items:
            low = items & -items
            item = low.bit_length() - 1
            items ^= low
            count = (live & cover[item]).bit_count()
            if count < fewest:
                best_item, fewest = item, count
                if count == 0:
                    return []
        if best_item < 0 and free:  # every count saturated: the lowest item, as the kernel
            best_item = (free & -free).bit_length() - 1
        best_piece = -1
        for piece in _rows_of(left):
            if not live & piece_rows[piece]:
                return []  # a piece left with nowhere to go
        if fewest > 1:
            for piece in _rows_of(left):
                if self.remaining[piece] == 1:
                    count = (live & piece_rows[piece]).bit_count()
                    if count < fewest:
                        best_piece, fewest = piece, count
        if best_piece >= 0:
            return _rows_of(live & piece_rows[best_piece])
        return _rows_of(live & cover[best_item]) if best_item >= 0 else []

    def take_solutions(self) -> np.ndarray:
        """(k, pieces) int32 rows of the solutions found since the last call, in search order."""
        taken = np.array(self._found, dtype=np.int32).reshape(len(self._found), self.goal)
        self._found = []
        return taken

    @property
    def fraction_done(self) -> float:
        return min(1.0, self.fraction)

    def branching_by_depth(self) -> np.ndarray:
        """Mean number of children of the nodes expanded at each depth (0 where none)."""
        stats = np.array(self.depth_stats, dtype=np.float64)
        return np.divide(stats[:, 1], stats[:, 0], out=np.zeros(len(stats)), where=stats[:, 0] > 0)


class _CanonicalCheck:
    """The canonical check (search/canonical.py), one solution at a time in plain Python: a
    solution is kept when no symmetry that must be checked maps it to a smaller sorted row
    list the search could find."""

    def __init__(self, plan: SymmetryPlan, row_piece: list[int]) -> None:
        self.restricted, self.row_piece = plan.restricted_piece, row_piece
        self.images = plan.images.tolist() if plan.images.shape[0] else []
        self.check_start, self.check_syms = plan.check_start.tolist(), plan.check_syms.tolist()
        self.allowed = plan.allowed.tolist()

    def __call__(self, path: list[int]) -> bool:
        if not self.images:
            return True
        symmetries: list[int] | range = range(len(self.images))
        if self.restricted >= 0:
            symmetries = []
            for row in path:  # the restricted piece's row: the symmetries fixing it
                if self.row_piece[row] == self.restricted:
                    start, end = self.check_start[row], self.check_start[row + 1]
                    symmetries = self.check_syms[start:end]
        if not symmetries:
            return True
        mine = sorted(path)
        for symmetry in symmetries:
            image = [self.images[symmetry][row] for row in path]
            if all(self.allowed[row] for row in image) and sorted(image) < mine:
                return False
        return True

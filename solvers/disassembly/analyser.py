"""Taking a puzzle's assemblies apart: blocks of them as a search finds them, resumably, and
one of them with all its moves for the player.

`Disassembler` holds what every analysis of one prepared puzzle shares (each placement row's
cells, the pieces' groups); it is read-only, so the threads of a run share it. A
`BlockAnalysis` analyses a block of assemblies (their placement rows) a budget of states at a
time: the kernel runs the block in one call, and an assembly whose search outgrows the budget
goes on at the next call where it stopped. Results are verdict rows (verdicts.py).
"""

from __future__ import annotations

from itertools import product

import numpy as np

from ..kernels.status import BUDGET, CANCELLED, DISASSEMBLY_FIRST_CAPACITY, LOCKED, SOLUTION
from ..kernels import native
from ..placements.compile import Placements
from ..puzzle.model import Puzzle
from ..puzzle.movement_rules import group_bits, group_names, groups_are_exact
from .verdicts import UNANALYSED, verdict_width

STATE_LIMIT = 1 << 23  # states one part's search may keep (about 0.3-1 GB) before giving up
_CURSOR_STUCK, _CURSOR_SEARCHED = 2, 7  # disassembly_tree's cursor fields read here


def kernels():
    """The disassembler's kernels: the native build's when there is one (no numba loaded)."""
    return native.kernel("disassembly_tree")


def new_work(copies: int):
    """Search buffers for parts of up to `copies` pieces."""
    return kernels().new_work(copies, DISASSEMBLY_FIRST_CAPACITY)


class Disassembler:
    """The disassembler of one puzzle's assemblies, given by their placement rows."""

    def __init__(self, puzzle: Puzzle, placements: Placements, *,
                 state_limit: int = STATE_LIMIT) -> None:
        self.puzzle, self.state_limit = puzzle, state_limit
        sizes = np.array([len(items) for items in placements.row_items], dtype=np.int64)
        self.row_starts = np.zeros(len(sizes) + 1, dtype=np.int64)
        np.cumsum(sizes, out=self.row_starts[1:])
        board = np.array(placements.cells, dtype=np.int64).reshape(-1, 3)
        items = np.fromiter((i for row in placements.row_items for i in row), dtype=np.int64,
                            count=int(self.row_starts[-1]))
        self.row_cells = np.ascontiguousarray(board[items])
        self.row_piece = np.ascontiguousarray(placements.row_piece, dtype=np.int64)
        self.groups_by_type = np.array(group_bits(puzzle.pieces), dtype=np.uint64)
        self.exact_groups = groups_are_exact(puzzle.pieces)
        self.copies = int(placements.piece_counts.sum())
        self.width = verdict_width(self.copies)

    def block(self, rows: np.ndarray) -> "BlockAnalysis":
        """An analysis of the assemblies `rows` (k, copies) placement rows, not yet begun."""
        return BlockAnalysis(self, rows)

    def pieces_of(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(cells, starts, piece types) of the copies an assembly's rows put on the board."""
        rows = np.ascontiguousarray(rows, dtype=np.int64)
        cells, starts, _ = kernels().assembly_cells(self.row_cells, self.row_starts,
                                                    self.row_piece, rows, self.groups_by_type)
        placed = rows[self.row_starts[rows + 1] > self.row_starts[rows]]
        return cells, starts, self.row_piece[placed]

    def groups_allow(self, types: np.ndarray, stuck: np.ndarray) -> bool:
        """Whether the parts `stuck` (masks over the copies of piece types `types`), which
        cannot come apart, can each be one group, with no group holding more copies of a
        piece than the puzzle gives it."""
        if self.exact_groups or not len(stuck):
            return True
        names = group_names(self.puzzle.pieces)
        room = {(t, name): copies for t, piece in enumerate(self.puzzle.pieces)
                for name, copies in piece.groups}
        parts = [[int(types[p]) for p in range(len(types)) if int(mask) >> p & 1]
                 for mask in stuck]
        shared = [[g for g in names if all((t, g) in room for t in part)] for part in parts]
        for choice in product(*shared):
            used: dict[tuple[int, str], int] = {}
            for part, group in zip(parts, choice):
                for t in part:
                    used[t, group] = used.get((t, group), 0) + 1
            if all(count <= room[key] for key, count in used.items()):
                return True
        return False


class BlockAnalysis:
    """The analysis of a block of assemblies, run a budget at a time (`run`); `verdicts` and
    `states` (what each one's searches kept) fill in as it goes."""

    def __init__(self, disassembler: Disassembler, rows: np.ndarray) -> None:
        self.disassembler = disassembler
        self.rows = np.ascontiguousarray(rows, dtype=np.int64)
        self.verdicts = np.full((len(rows), disassembler.width), UNANALYSED, dtype=np.int32)
        self.states = np.zeros(len(rows), dtype=np.int64)
        self.done = 0
        self.expanded = 0  # states expanded so far, the measure of the budgets
        self._under_way = None  # the kernel's state of assembly `done`, mid-analysis

    @property
    def finished(self) -> bool:
        return self.done >= len(self.rows)

    def run(self, budget: int, cancel: np.ndarray) -> bool:
        """Go on for about `budget` states expanded; True once every assembly is analysed
        (or `cancel[0]` was set: the rest are CANCELLED). `cancel` is an int64 array another
        thread may set to stop the kernel at once."""
        left = self._run(budget, cancel)
        self.expanded += budget - max(0, left)
        if cancel[0] and not self.finished:
            self.verdicts[self.done:, 0] = CANCELLED
            self.done, self._under_way = len(self.rows), None
        return self.finished

    def _run(self, budget: int, cancel: np.ndarray) -> int:
        """The analysis for at most `budget` states expanded; the budget left."""
        d = self.disassembler
        while not self.finished and budget > 0 and not cancel[0]:
            if not d.exact_groups:  # each assembly alone: its stuck parts are checked after
                budget = self._run_one(budget, cancel)
            elif self._under_way is not None:
                outcome, budget, self._under_way = kernels().run(self._under_way, d.state_limit,
                                                                 budget, cancel, False)
                if outcome != BUDGET:
                    self._settle(outcome, self._under_way)
            else:
                self.done, under_way, state, budget = kernels().analyse_batch(
                    d.row_cells, d.row_starts, d.row_piece, self.rows, d.groups_by_type,
                    self.done, d.state_limit, budget, cancel, self.verdicts, self.states)
                self._under_way = state if under_way else None
        return budget

    def _run_one(self, budget: int, cancel: np.ndarray) -> int:
        d = self.disassembler
        if self._under_way is None:
            cells, starts, groups = kernels().assembly_cells(d.row_cells, d.row_starts,
                                                             d.row_piece, self.rows[self.done],
                                                             d.groups_by_type)
            self._under_way = kernels().begin(cells, starts, groups, False, new_work(d.copies))
        outcome, budget, self._under_way = kernels().run(self._under_way, d.state_limit, budget,
                                                         cancel, False)
        if outcome != BUDGET:
            state = self._under_way
            if outcome == SOLUTION:
                _, _, types = d.pieces_of(self.rows[self.done])
                stuck = state[9][:state[12][_CURSOR_STUCK]]
                if not d.groups_allow(types, stuck):
                    outcome = LOCKED
            self._settle(outcome, state)
        return budget

    def _settle(self, outcome: int, state) -> None:
        info = state[8]
        self.verdicts[self.done, 0] = outcome
        self.verdicts[self.done, 1:1 + info.size] = info
        self.states[self.done] = state[12][_CURSOR_SEARCHED]
        self.done += 1
        self._under_way = None


def analyse_all(disassembler: Disassembler, rows: np.ndarray) -> np.ndarray:
    """The verdicts of a block of assemblies, analysed to the end on this thread."""
    analysis = disassembler.block(rows)
    cancel = np.zeros(1, dtype=np.int64)
    while not analysis.run(1 << 30, cancel):
        pass
    return analysis.verdicts


def analyse_pieces(pieces, groups=None, state_limit: int = STATE_LIMIT) -> np.ndarray:
    """The verdict row of an assembly given as its pieces' cells (each an iterable of
    (x, y, z)), with `groups[p]` a bit for each group piece p belongs to (None: no groups)."""
    sizes = [len(cells) for cells in pieces]
    cells = np.array([cell for shape in pieces for cell in shape], dtype=np.int64).reshape(-1, 3)
    starts = np.zeros(len(pieces) + 1, dtype=np.int64)
    np.cumsum(sizes, out=starts[1:])
    bits = np.array(groups if groups is not None else [0] * len(pieces), dtype=np.uint64)
    state = kernels().begin(cells, starts, bits, False, new_work(len(pieces)))
    cancel = np.zeros(1, dtype=np.int64)
    outcome = BUDGET
    while outcome == BUDGET:
        outcome, _, state = kernels().run(state, state_limit, 1 << 30, cancel, False)
    verdict = np.full(verdict_width(len(pieces)), UNANALYSED, dtype=np.int32)
    verdict[0] = outcome
    verdict[1:1 + state[8].size] = state[8]
    return verdict

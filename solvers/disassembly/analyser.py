"""Taking a puzzle's assemblies apart: blocks of them as a search finds them, resumably, and
one of them with all its moves for the player.

`Disassembler` holds what every analysis of one prepared puzzle shares (each placement row's
cells, the pieces' groups); it is read-only, so the threads of a run share it. A
`BlockAnalysis` analyses a block of assemblies (their placement rows) a budget of states at a
time: the kernel runs the block in one call, and an assembly whose search outgrows the budget
goes on at the next call where it stopped. Results are verdict rows (verdicts.py).
"""

from __future__ import annotations

import threading
from itertools import chain, product

import numpy as np

from ..kernels import native
from ..kernels.status import (ANALYSIS_CURSOR, ANALYSIS_INFO, ANALYSIS_STUCK, BUDGET,
                              CANCELLED, CURSOR_SEARCHED, CURSOR_STUCK,
                              DISASSEMBLY_FIRST_CAPACITY, LOCKED, SOLUTION)
from ..placements.compile import Placements
from ..puzzle.model import Puzzle
from ..puzzle.movement_rules import group_bits, group_names, groups_are_exact
from .verdicts import UNANALYSED, verdict_width

STATE_LIMIT = 1 << 23  # states one part's search may keep (about 0.3-1 GB) before giving up


def kernels():
    """The disassembler's kernels: the native build's when there is one (no numba loaded)."""
    return native.kernel("disassembly_tree")


def new_work(copies: int):
    """Search buffers for parts of up to `copies` pieces."""
    return kernels().new_work(copies, DISASSEMBLY_FIRST_CAPACITY)


class Shapes:
    """Pieces as they lie (a piece type in one orientation), each numbered once, with its
    cells from (0, 0, 0): the collision tables are made per pair of shapes (kernels/
    movement.py), whatever the place, so assemblies share them."""

    def __init__(self) -> None:
        self.number: dict[tuple, int] = {}
        self.cells: list[tuple] = []

    def add(self, cells: np.ndarray) -> tuple[int, np.ndarray]:
        """(the shape of `cells` (k, 3), where its corner lies)."""
        corner = cells.min(axis=0)
        shape = tuple(sorted(map(tuple, (cells - corner).tolist())))
        if shape not in self.number:
            self.number[shape] = len(self.cells)
            self.cells.append(shape)
        return self.number[shape], corner

    def add_many(self, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(shapes, corners) of k pieces of one size, `cells` (k, size, 3): as `add`, for a
        puzzle's thousands of placements at once."""
        corners = cells.min(axis=1)
        moved = cells - corners[:, None, :]
        codes = np.sort((moved[..., 0] << 42) | (moved[..., 1] << 21) | moved[..., 2], axis=1)
        # rows as single values of their bytes: np.unique(codes, axis=0) is 5-8x as slow
        rows = codes.view(np.dtype((np.void, 8 * codes.shape[1]))).ravel()
        distinct, which = np.unique(rows, return_inverse=True)
        distinct = distinct.view(np.int64).reshape(-1, codes.shape[1])
        numbers = np.empty(len(distinct), dtype=np.int64)
        for at, row in enumerate(distinct.tolist()):  # a few orientations of each piece
            shape = tuple((code >> 42, code >> 21 & 0x1FFFFF, code & 0x1FFFFF) for code in row)
            numbers[at] = self.number.setdefault(shape, len(self.cells))
            if numbers[at] == len(self.cells):
                self.cells.append(shape)
        return numbers[which.reshape(-1)], corners

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(shape_cells (cells, 3), shape_starts) int64."""
        starts = np.zeros(len(self.cells) + 1, dtype=np.int64)
        np.cumsum([len(shape) for shape in self.cells], out=starts[1:])
        cells = np.array([cell for shape in self.cells for cell in shape],
                         dtype=np.int64).reshape(-1, 3)
        return cells, starts


class Disassembler:
    """The disassembler of one puzzle's assemblies, given by their placement rows."""

    def __init__(self, puzzle: Puzzle, placements: Placements, *,
                 state_limit: int = STATE_LIMIT) -> None:
        self.puzzle, self.state_limit = puzzle, state_limit
        board = np.array(placements.cells, dtype=np.int64).reshape(-1, 3)
        self.corner = board.min(axis=0) if len(board) else np.zeros(3, dtype=np.int64)
        board -= self.corner  # coordinates from 0: a shape's cells fit a code (add_many)
        shapes = Shapes()
        self.row_shape = np.full(placements.n_rows, -1, dtype=np.int64)  # -1: a copy left out
        self.row_origin = np.zeros((placements.n_rows, 3), dtype=np.int64)
        sizes = np.fromiter(map(len, placements.row_items), dtype=np.int64,
                            count=placements.n_rows)
        items = np.fromiter(chain.from_iterable(placements.row_items), dtype=np.int64,
                            count=int(sizes.sum()))
        starts = np.concatenate(([0], np.cumsum(sizes)))
        for size in sorted(set(sizes[sizes > 0].tolist())):  # np.unique: numpy.ma, 30 ms
            rows = np.flatnonzero(sizes == size)
            cells = board[items[starts[rows][:, None] + np.arange(size)]]
            self.row_shape[rows], self.row_origin[rows] = shapes.add_many(cells)
        self.shape_cells, self.shape_starts = shapes.arrays()
        self.row_piece = np.ascontiguousarray(placements.row_piece, dtype=np.int64)
        self._caches = threading.local()  # each thread its own tables (kernels/collision_tables.py)
        self.groups_by_type = np.array(group_bits(puzzle.pieces), dtype=np.uint64)
        self.exact_groups = groups_are_exact(puzzle.pieces)
        self.copies = int(placements.piece_counts.sum())
        self.width = verdict_width(self.copies)

    def block(self, rows: np.ndarray) -> "BlockAnalysis":
        """An analysis of the assemblies `rows` (k, copies) placement rows, not yet begun."""
        return BlockAnalysis(self, rows)

    def pieces_of(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(shapes, origins, piece types) of the copies an assembly's rows put on the
        board."""
        rows = np.ascontiguousarray(rows, dtype=np.int64)
        placed = rows[self.row_shape[rows] >= 0]
        return self.row_shape[placed], self.row_origin[placed], self.row_piece[placed]

    def cells_of(self, shape: int, origin: np.ndarray) -> tuple[tuple[int, int, int], ...]:
        """The cells of a shape with its corner at `origin`."""
        cells = self.shape_cells[self.shape_starts[shape]:self.shape_starts[shape + 1]]
        return tuple(map(tuple, (cells + origin + self.corner).tolist()))

    @property
    def cache(self):
        """This thread's table cache (kernels/collision_tables.py), made on first use."""
        if not hasattr(self._caches, "tables"):
            self._caches.tables = native.kernel("collision_tables").new_cache(64)
        return self._caches.tables

    @cache.setter
    def cache(self, tables) -> None:
        self._caches.tables = tables

    def begin(self, rows: np.ndarray, record: bool = False):
        """A kernel analysis of one assembly, about to start."""
        shapes, origins, types = self.pieces_of(rows)
        state, self.cache = kernels().begin(shapes, np.ascontiguousarray(origins),
                                            self.groups_by_type[types], record,
                                            new_work(self.copies), self.cache,
                                            self.shape_cells, self.shape_starts)
        return state

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
                self.done, under_way, state, budget, d.cache = kernels().analyse_batch(
                    d.row_shape, d.row_origin, d.row_piece, self.rows, d.groups_by_type,
                    d.shape_cells, d.shape_starts, d.cache, self.done, d.state_limit, budget,
                    cancel, self.verdicts, self.states)
                self._under_way = state if under_way else None
        return budget

    def _run_one(self, budget: int, cancel: np.ndarray) -> int:
        d = self.disassembler
        if self._under_way is None:
            self._under_way = d.begin(self.rows[self.done])
        outcome, budget, self._under_way = kernels().run(self._under_way, d.state_limit, budget,
                                                         cancel, False)
        if outcome != BUDGET:
            state = self._under_way
            if outcome == SOLUTION:
                _, _, types = d.pieces_of(self.rows[self.done])
                stuck = state[ANALYSIS_STUCK][:state[ANALYSIS_CURSOR][CURSOR_STUCK]]
                if not d.groups_allow(types, stuck):
                    outcome = LOCKED
            self._settle(outcome, state)
        return budget

    def _settle(self, outcome: int, state) -> None:
        info = state[ANALYSIS_INFO]
        self.verdicts[self.done, 0] = outcome
        self.verdicts[self.done, 1:1 + info.size] = info
        self.states[self.done] = state[ANALYSIS_CURSOR][CURSOR_SEARCHED]
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
    state = begin_pieces(pieces, groups, False)
    cancel = np.zeros(1, dtype=np.int64)
    outcome = BUDGET
    while outcome == BUDGET:
        outcome, _, state = kernels().run(state, state_limit, 1 << 30, cancel, False)
    verdict = np.full(verdict_width(len(pieces)), UNANALYSED, dtype=np.int32)
    verdict[0] = outcome
    verdict[1:1 + state[ANALYSIS_INFO].size] = state[ANALYSIS_INFO]
    return verdict


def begin_pieces(pieces, groups, record: bool):
    """A kernel analysis of an assembly given as its pieces' cells, about to start."""
    shapes = Shapes()
    placed = [shapes.add(np.array(list(cells), dtype=np.int64).reshape(-1, 3))
              for cells in pieces]
    shape_cells, shape_starts = shapes.arrays()
    bits = np.array(groups if groups is not None else [0] * len(pieces), dtype=np.uint64)
    state, _ = kernels().begin(np.array([shape for shape, _ in placed], dtype=np.int64),
                               np.array([corner for _, corner in placed], dtype=np.int64),
                               bits, record, new_work(len(pieces)),
                               native.kernel("collision_tables").new_cache(64), shape_cells,
                               shape_starts)
    return state

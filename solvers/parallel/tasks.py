"""A run as independent tasks: the search tree split into subtrees, each named by its prefix.

A prefix is the choices on the path to a subtree: placement rows for a polyform (its task is
every solution containing all of them), (cell, value) assignments for a Sudoku (every
solution extending the givens with them). At each node the split branches on one item every
solution covers exactly once, so the tasks partition the solutions exactly, whatever the
kernel that solves them: a polyform task's search keeps to the prefix's rows and the rows
compatible with them (the prefix's items can then only be covered by its own rows), a Sudoku
task's search starts from the givens plus the assignments. The split branches as the kernel
does (the exact-cover kernels: the item, or the piece placed once, with the fewest live rows;
the bit-board kernel: the lowest empty cell of its sweep; Sudoku: the cell with the fewest
candidates), so a task's subtree is the single search's subtree.

The tree is split where it is biggest, by Knuth's estimate: a node's share is the product of
1/branching along its path; the node with the largest share is split until there are enough
tasks. A dead end found while splitting has its share finished at once. The tasks then run in
a fixed shuffled order: the shares of the tasks finished so far are a fair sample of the tree,
so the fraction done (the sum of their shares) predicts the time left without the bias of
running the biggest shares first; the split keeps every task small, so the order costs no
tail.
"""

from __future__ import annotations

import heapq

import numpy as np

from ..records import record
from ..search.prepare import Prepared
from .split import MOST_TASKS_PER_TARGET, PROBES_PER_TASK, Split, Task

SATURATION = 16  # the kernels' per-item counters saturate here (exact_cover.NB = 4 planes)


def split_tree(prepared: Prepared, target: int, shuffled: bool = True) -> Split:
    """Tasks with shares of at most 1/`target` where the tree is big enough (at least
    `target` of them), biggest first. Splitting every node over that share, not only until
    there are `target` tasks, keeps equal siblings together: a tree whose first levels branch
    evenly would otherwise leave some of them whole, several times bigger than the rest.
    `shuffled`: in the fixed shuffled order (see above), else in the order a single search
    visits them (what a run that stops after a few solutions wants: 2,048 dominoes on a
    64x64 board have a tiling down the single search's first path, and subtrees that take
    minutes to find one)."""
    if prepared.placements is not None and prepared.placements.has_secondary:
        return Split([Task((), 1.0)], 0.0)  # the probe does not branch as that kernel does
    probe = SudokuProbe(prepared) if prepared.kernel == "sudoku" else PolyformProbe(prepared)
    heap: list[tuple[float, int, tuple[int, ...], object]] = []
    leaves: list[Task] = []
    dead = 0.0
    order = 0
    heapq.heappush(heap, (-1.0, order, (), probe.root()))
    most = MOST_TASKS_PER_TARGET * target
    probes_left = PROBES_PER_TASK * most  # a tree that hardly branches stops splitting early
    while heap and (len(heap) + len(leaves) < target or -heap[0][0] > 1.0 / target) \
            and len(heap) + len(leaves) < most and probes_left > 0:
        probes_left -= 1
        negative_share, _, prefix, node = heapq.heappop(heap)
        choices = probe.choices(node)
        if choices is None:  # complete: nothing left to choose
            leaves.append(Task(prefix, -negative_share))
            continue
        if not choices:
            dead -= negative_share
            continue
        share = -negative_share / len(choices)
        for choice in choices:
            order += 1
            heapq.heappush(heap, (-share, order, prefix + (choice,), probe.child(node, choice)))
    tasks = leaves + [Task(prefix, -negative) for negative, _, prefix, _ in heap]
    tasks.sort(key=lambda task: task.prefix)  # rows in the order the kernels branch on them
    if shuffled:
        import random  # here: it imports hashlib's OpenSSL, which a small count never needs

        random.Random(len(tasks)).shuffle(tasks)
    return Split(tasks, dead, target)


class TaskSearches:
    """Makes the search of any task of one prepared puzzle (its probe's tables built once)."""

    def __init__(self, prepared: Prepared) -> None:
        self.prepared = prepared
        self.probe = SudokuProbe(prepared) if prepared.kernel == "sudoku" else PolyformProbe(prepared)

    def search(self, prefix: tuple[int, ...]):
        """A search of exactly the task's part of the tree."""
        if self.prepared.kernel == "sudoku":
            return self.prepared.new_search(givens=self.probe.givens_with(prefix))
        return self.prepared.new_search(root_rows=self.probe.task_rows(prefix))


@record
class PolyformNode:
    """A node of the probe: its live rows (bits, row r at bit r & 7 of byte r >> 3), copies
    of each piece type left, free items, and live rows per item and per piece type. A
    child is made from the rows it kills, not from every row: a probe costs the bytes of
    the bits and the items of the board, not the rows' items (probing 4,096 levels of a
    64x64 board of monominoes counted every live row's items at each)."""

    live: np.ndarray  # (ceil(R / 8),) uint8
    left: np.ndarray  # (T,) int64
    free: np.ndarray  # (items,) bool
    per_item: np.ndarray  # (items,) int32
    per_piece: np.ndarray  # (T,) int64

    def alive(self, rows: np.ndarray) -> np.ndarray:
        """Which of `rows` are live."""
        return (self.live[rows >> 3] >> (rows & 7).astype(np.uint8)) & 1 != 0


class PolyformProbe:
    """Nodes of a polyform search. Which items each row covers is kept sparse (rows x items
    would take gigabytes for the largest puzzles allowed), both ways: a row's items, an
    item's rows; and the rows of each piece type."""

    def __init__(self, prepared: Prepared) -> None:
        placements = prepared.placements
        self.row_piece = placements.row_piece
        self.n_rows, self.n_items = placements.n_rows, placements.n_items
        self.row_starts, self.entry_item = placements.item_table
        self.entry_row = np.repeat(np.arange(placements.n_rows), np.diff(self.row_starts))
        by_item = np.argsort(self.entry_item, kind="stable")
        self.item_rows = self.entry_row[by_item]  # the rows covering each item, item by item
        self.item_starts = np.searchsorted(self.entry_item[by_item], np.arange(self.n_items + 1))
        self.piece_rows = np.argsort(self.row_piece, kind="stable")
        self.piece_starts = np.searchsorted(self.row_piece[self.piece_rows],
                                            np.arange(len(placements.piece_counts) + 1))
        self.root_rows = prepared.plan.root_rows
        self.counts = placements.piece_counts.astype(np.int64)
        # the bit-board kernel fills the lowest empty cell of its sweep: branch on that
        self.sweep = prepared.tables.kernel_cell if prepared.kernel == "bitboard" else None
        self._root: PolyformNode | None = None

    def items_of(self, row: int) -> np.ndarray:
        return self.entry_item[self.row_starts[row]:self.row_starts[row + 1]]

    def rows_covering(self, item: int) -> np.ndarray:
        return self.item_rows[self.item_starts[item]:self.item_starts[item + 1]]

    def root(self) -> PolyformNode:
        """The root node, made once (nodes are never changed: a child is a new node)."""
        if self._root is None:
            self._root = self._make_root()
        return self._root

    def _make_root(self) -> PolyformNode:
        live = np.zeros(self.n_rows, dtype=bool)
        live[self.root_rows] = True
        per_item = np.bincount(self.entry_item[live[self.entry_row]], minlength=self.n_items)
        per_piece = np.bincount(self.row_piece[live], minlength=len(self.counts))
        return PolyformNode(np.packbits(live, bitorder="little"), self.counts.copy(),
                            np.ones(self.n_items, dtype=bool), per_item.astype(np.int32),
                            per_piece.astype(np.int64))

    def child(self, node: PolyformNode, row: int) -> PolyformNode:
        items = self.items_of(row)
        left = node.left.copy()
        piece = self.row_piece[row]
        left[piece] -= 1
        dying = self.item_rows[_spans(self.item_starts[items], self.item_starts[items + 1])]
        if left[piece] == 0:  # its last copy: every row of its type goes
            dying = np.concatenate((dying, self.piece_rows[self.piece_starts[piece]:
                                                           self.piece_starts[piece + 1]]))
        dying = np.sort(dying[node.alive(dying)])
        dying = dying[np.concatenate(([True], dying[1:] != dying[:-1]))] if len(dying) else dying
        live = node.live.copy()
        np.bitwise_and.at(live, dying >> 3, ~(np.uint8(1) << (dying & 7).astype(np.uint8)))
        gone = self.entry_item[_spans(self.row_starts[dying], self.row_starts[dying + 1])]
        free = node.free.copy()
        free[items] = False
        per_item = node.per_item - np.bincount(gone, minlength=self.n_items).astype(np.int32)
        per_piece = node.per_piece - np.bincount(self.row_piece[dying], minlength=len(left))
        return PolyformNode(live, left, free, per_item, per_piece)

    def choices(self, node: PolyformNode) -> list[int] | None:
        """The rows to branch on (none: a dead end), or None when the node is complete."""
        left, free = node.left, node.free
        if not free.any():
            return None
        if np.any((left > 0) & (node.per_piece == 0)):
            return []  # a piece still to place has no live row
        items = np.flatnonzero(free)
        if self.sweep is not None:
            lowest = items[np.argmin(self.sweep[items])]
            return self._live_rows_covering(node, lowest)
        saturated = np.minimum(node.per_item[items], SATURATION)
        best = int(np.argmin(saturated))
        fewest = int(saturated[best])
        branch = self._live_rows_covering(node, items[best])
        if fewest > 1:
            for piece in np.flatnonzero(left == 1):
                if node.per_piece[piece] >= fewest:
                    continue
                of_piece = self.piece_rows[self.piece_starts[piece]:self.piece_starts[piece + 1]]
                branch = [int(row) for row in of_piece[node.alive(of_piece)]]
                fewest = len(branch)
        return branch if fewest else []

    def _live_rows_covering(self, node: PolyformNode, item: int) -> list[int]:
        covering = self.rows_covering(int(item))
        return [int(row) for row in covering[node.alive(covering)]]

    def task_rows(self, prefix: tuple[int, ...]) -> np.ndarray:
        """The prefix's rows and the rows compatible with all of them."""
        node = self.root()
        for row in prefix:
            node = self.child(node, row)
        live = np.unpackbits(node.live, count=self.n_rows, bitorder="little").view(bool)
        live[list(prefix)] = True
        return np.flatnonzero(live).astype(np.int32)


def _spans(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The positions starts[i]..ends[i]-1 of every i, in order."""
    lengths = ends - starts
    offsets = np.repeat(starts - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths)
    return offsets + np.arange(int(lengths.sum()))


class SudokuProbe:
    """Nodes of a Sudoku search: the grid with givens and assignments (0 empty)."""

    def __init__(self, prepared: Prepared) -> None:
        grid = prepared.puzzle.sudoku
        self.n = grid.n
        self.givens = np.array(grid.givens, dtype=np.int16)
        # the Sudoku kernels only for a Sudoku
        from ..search.sudoku_variants import grid_peers

        self.peers = grid_peers(grid)  # boxes or regions, diagonals, cages

    def root(self) -> np.ndarray:
        return self.givens.copy()

    def child(self, grid: np.ndarray, code: int) -> np.ndarray:
        grid = grid.copy()
        cell, value = divmod(code, self.n)
        grid[cell] = value + 1
        return grid

    def choices(self, grid: np.ndarray) -> list[int] | None:
        empty = np.flatnonzero(grid == 0)
        if not len(empty):
            return None
        taken = np.zeros((len(empty), self.n + 1), dtype=bool)
        np.put_along_axis(taken, grid[self.peers[empty]].astype(np.int64), True, axis=1)
        open_values = ~taken[:, 1:]
        counts = open_values.sum(axis=1)
        best = int(np.argmin(counts))
        return [int(empty[best]) * self.n + int(value)
                for value in np.flatnonzero(open_values[best])]

    def givens_with(self, prefix: tuple[int, ...]) -> np.ndarray:
        grid = self.root()
        for code in prefix:
            grid = self.child(grid, code)
        return grid

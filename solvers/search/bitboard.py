"""The Python side of the bit-board kernel: kernel cell order, candidate buckets, run in slices.

Glossary
- kernel order: the board's cells renumbered so that counting up sweeps across the board's
  short side first (meteor: along each offset row of 5; pentominoes 6x10: along the side of
  6), then steps along the long side. Measured against sweeping the long side first: meteor
  (all) 0.48M nodes, 0.07 s against 2.35M, 0.60 s; pentominoes 6x10 (distinct) 0.90M nodes,
  0.11 s against 4.6M, 0.64 s.
- candidate: a placement row the search may use (`plan.root_rows`), as a kernel-order mask.
- last start of a piece type: the highest kernel cell that is the lowest cell of one of its
  candidates; once the sweep has passed it, a copy still to place means a dead end. This is
  how the restricted piece of a symmetry plan prunes, the more the earlier its orbit
  representatives sit in the sweep (pentominoes: at small x, where the sweep starts).
"""

from __future__ import annotations

import numpy as np

from ..kernels import native, status
from ..placements.compile import Placements
from ..placements.symmetry import SymmetryPlan
from ..placements.words import Shifts, flood, full_word, lowest_bits
from ..puzzle.grids import Cell, GridKind
from ..puzzle.model import Puzzle
from .resumable import ResumableSearch

MAX_CELLS = 64
# rows of the memo of dead endgame nodes (kernels/bitboard.py), 16 bytes each: meteor has 31,666
# distinct ones; against no memo, 2**14 rows took 0.90x the time, 2**16 0.85x, 2**17 0.85x,
# 2**18 0.92x (4 MiB: more of its prefetches miss every cache)
MEMO_SLOTS = 1 << 16


def suits_bitboard(puzzle: Puzzle, placements: Placements) -> bool:
    """Whether `make_search` picks this kernel: flat boards (hex, square) of at most 64 cells
    tiled exactly; boxes go to the live-set kernel. Measured (bench/bench_puzzles.py): meteor
    13x and pentominoes 6x10 8x faster here than in the general kernel; Mini Bedlam 4x4x4
    far slower (211 s against 19 s in live sets): in a box every cell has six neighbours, so
    a fixed fill order rarely cuts off islands early, and branching on the item with the
    fewest options pays. Triangle boards go there too (this kernel solves them when forced):
    on 175 hexiamond boards of 54 and 60 cells (bench/bench_triangles.py) it walked three
    times the live-set kernel's nodes and took 1.4 times its time."""
    return (puzzle.kind.grid.bitboard_suits(puzzle.board) and placements.n_items <= MAX_CELLS
            and puzzle.piece_cell_total == placements.n_items)


def infer_kind(placements: Placements) -> GridKind:
    """The grid of compiled placements: the one whose cells have as many coordinates and
    neighbours (a triangle three, a hex six, a cube six in 3D, a sphere twelve)."""
    dims = len(placements.cells[0]) if placements.cells else 2
    degree = placements.neighbours.shape[1]
    return next((kind for kind in GridKind if kind.has_grid and kind.grid.dimensions == dims
                 and kind.grid.neighbour_count == degree), GridKind.SQUARE)


def kernel_order(cells: tuple[Cell, ...], kind: GridKind) -> np.ndarray:
    """(items,) item -> kernel cell. Sorted by the coordinate of the longest extent first and
    the shortest last, so the lowest empty cell sweeps along the short side. On ties the later
    axis counts as longer: a square board is filled row by row along x."""
    coords = kind.grid.drawn_coordinates(cells)
    extents = coords.max(axis=0) - coords.min(axis=0)
    longest_first = sorted(range(coords.shape[1]), key=lambda axis: (-extents[axis], -axis))
    order = np.lexsort([coords[:, axis] for axis in reversed(longest_first)])
    kernel_cell = np.empty(len(cells), dtype=np.int64)
    kernel_cell[order] = np.arange(len(cells))
    return kernel_cell


def kernel_mask(items, kernel_cell: np.ndarray) -> int:
    mask = 0
    for item in items:
        mask |= 1 << int(kernel_cell[item])
    return mask


def kernel_neighbour_masks(neighbours: np.ndarray, kernel_cell: np.ndarray) -> np.ndarray:
    """(items,) uint64: for each kernel cell, its board neighbours as a kernel-order mask."""
    masks = np.zeros(len(neighbours), dtype=np.uint64)
    for item, row in enumerate(neighbours):
        masks[kernel_cell[item]] = kernel_mask(row[row >= 0], kernel_cell)
    return masks


def default_region_limit(piece_sizes: np.ndarray) -> int:
    """Islands up to a little under two pieces are where the dead ends are; measuring bigger
    ones costs more than it saves (meteor, pentominoes: limits 8 and 12 give the same time,
    4 is slower)."""
    return int(min(62, max(8, 2 * int(piece_sizes.max()) - 2)))


class BitboardTables:
    """What every bit-board search of one puzzle reads and none writes: the kernel order, the
    neighbour masks, every row's kernel-order mask. Built once, shared by all tasks."""

    def __init__(self, placements: Placements, kind: GridKind | None = None,
                 region_limit: int | None = None) -> None:
        n_items = placements.n_items
        if n_items > MAX_CELLS:
            raise ValueError(f"the bit-board kernel handles at most {MAX_CELLS} cells, "
                             f"not {n_items}")
        covered = int((placements.piece_sizes * placements.piece_counts).sum())
        if covered != n_items:
            raise ValueError(f"the bit-board kernel fills the board exactly: the pieces cover "
                             f"{covered} cells but the board has {n_items}")
        self.region_limit = (default_region_limit(placements.piece_sizes)
                             if region_limit is None else region_limit)
        self.kernel_cell = kernel_order(placements.cells, kind or infer_kind(placements))
        self.full = np.uint64((1 << n_items) - 1)
        # np.uint64, not a Python int: the dispatcher types a Python int by its value (int64,
        # or uint64 past 2**63), and once the kernel is compiled for one, a later puzzle's
        # int of the other type fails to convert (OverflowError)
        self.fillable = fillable_sizes_mask(placements.piece_sizes, placements.piece_counts)
        self.one_piece_below = 2 * int(placements.piece_sizes.min())
        self.neighbours = kernel_neighbour_masks(placements.neighbours, self.kernel_cell)
        self.row_masks = np.array([kernel_mask(items, self.kernel_cell)
                                   for items in placements.row_items], dtype=np.uint64)
        self.lowest_cells = _lowest_cells(self.row_masks)  # where each row sits in the sweep


class BitboardSearch(ResumableSearch):
    """A resumable lowest-empty-cell search for exact tilings of boards of at most 64 cells,
    with the interface of ExactCoverSearch: solutions are rows of the given Placements."""

    def __init__(self, placements: Placements, plan: SymmetryPlan, *,
                 max_solutions_buffered: int = 256, kind: GridKind | None = None,
                 region_limit: int | None = None, tables: BitboardTables | None = None,
                 memo_slots: int = MEMO_SLOTS) -> None:
        """`kind` sets the sweep's axes (None: inferred from the placements);
        `region_limit` is the largest island measured (0: no island check); `tables`, shared
        with the other searches of this puzzle, replace both (built here if None);
        `memo_slots`, a power of two, sizes the memo of dead endgame nodes (0: none)."""
        tables = tables or BitboardTables(placements, kind, region_limit)
        goal = int(placements.piece_counts.sum())
        super().__init__(placements, plan, goal, max_solutions_buffered)
        self.region_limit, self.kernel_cell = tables.region_limit, tables.kernel_cell
        self.full, self.fillable = tables.full, tables.fillable
        self.one_piece_below, self.neighbours = tables.one_piece_below, tables.neighbours
        self._file_candidates(np.asarray(plan.root_rows, dtype=np.int64), tables.row_masks)
        self.boards = np.zeros(goal + 1, dtype=np.uint64)
        self.remaining = placements.piece_counts.astype(np.int32).copy()
        self.branch = np.zeros((goal + 1, max(1, self.widest_cell)), dtype=np.int32)
        self.branch_len = np.zeros(goal + 1, dtype=np.int32)
        self.branch_pos = np.zeros(goal + 1, dtype=np.int32)
        self.counters[status.C_PHASE] = status.ENTER
        if memo_slots and (memo_slots < 2 or memo_slots & (memo_slots - 1)):
            raise ValueError(f"memo_slots must be 0 or a power of two, not {memo_slots}")
        self.memo_unit = memo_units(placements.piece_counts)
        # its own, not in the shared tables: searches of one puzzle run in several threads
        self.memo = np.zeros((memo_slots, 2), dtype=np.uint64)

    def _file_candidates(self, rows: np.ndarray, row_masks: np.ndarray) -> None:
        """Candidate arrays sorted by (lowest kernel cell, piece type, row), the CSR of their
        buckets, each candidate's halo and pocket, and per cell the piece types it expires."""
        placements = self.placements
        n_items, n_types = placements.n_items, len(placements.piece_counts)
        masks = row_masks[rows]
        lowest = _lowest_cells(masks)
        pieces = placements.row_piece[rows].astype(np.int64)
        order = np.lexsort((rows, pieces, lowest))
        self.cand_mask = masks[order]
        self.cand_piece = pieces[order].astype(np.int32)
        self.cand_row = rows[order].astype(np.int32)
        self.halo, self.pocket = halos_and_pockets(
            self.cand_mask, lowest[order], Shifts.from_masks(self.neighbours.tolist()),
            full_word(n_items), int(placements.piece_sizes.min()))
        per_bucket = np.bincount(lowest * n_types + pieces, minlength=n_items * n_types)
        self.bucket_start = np.zeros(n_items * n_types + 1, dtype=np.int32)
        np.cumsum(per_bucket, out=self.bucket_start[1:])
        self.last_start = np.full(n_types, -1, dtype=np.int64)
        np.maximum.at(self.last_start, pieces, lowest)
        passed = self.last_start[None, :] < np.arange(n_items)[:, None]  # (cell, piece type)
        bits = passed.astype(np.uint64) << np.arange(n_types, dtype=np.uint64)
        self.expired = np.bitwise_or.reduce(bits, axis=1)
        self.fit_bits = fit_tables(self.cand_mask, lowest[order], self.cand_piece,
                                   self.bucket_start, n_types, n_items)
        self.placed = placement_table(self.cand_mask, self.cand_piece)
        self.widest_cell = int(np.bincount(lowest, minlength=1).max())

    def _run_kernel(self, node_budget: int, record: bool, solution_limit: int) -> int:
        return native.kernel("bitboard").search(
            self.cand_mask, self.cand_piece, self.cand_row, self.bucket_start, self.halo,
            self.pocket, self.expired, self.full, self.neighbours, self.fillable,
            self.one_piece_below, self.placements.row_piece, self.check, self.counters,
            self.fraction, self.boards, self.remaining, self.branch, self.branch_len,
            self.branch_pos, self.path, self.weight, self.depth_stats, self.solution_buffer,
            record, node_budget, solution_limit, self.region_limit, self.fit_bits, self.placed,
            self.memo, self.memo_unit)

    @property
    def remembered(self) -> int:
        """Nodes known dead from the memo, not expanded (they count among the nodes)."""
        return int(self.counters[status.C_REMEMBERED])


def memo_units(piece_counts: np.ndarray) -> np.ndarray:
    """(types,) uint64: what one copy of each piece type adds to the kernel's `left_key`, a bit
    field per type wide enough for its count, so that every choice of copies left packs into
    a different word. A type of c copies needs at most c bits, and a board of at most 64
    cells has at most 64 copies: on such boards the fields always fit."""
    widths = [int(count).bit_length() for count in piece_counts.tolist()]
    if sum(widths) > 64:
        raise ValueError(f"{sum(widths)} bits of copies left do not fit in a word")
    offsets = np.cumsum([0] + widths)[:-1].astype(np.uint64)
    return np.left_shift(np.uint64(1), offsets)


def fillable_sizes_mask(piece_sizes: np.ndarray, piece_counts: np.ndarray) -> np.uint64:
    """Bit s set when some of the pieces (a sub-multiset) have s cells, for s < 64."""
    reachable = 1
    for size, count in zip(piece_sizes.tolist(), piece_counts.tolist()):
        for _ in range(count if size < 64 else 0):
            reachable |= reachable << size
    return np.uint64(reachable & ((1 << 64) - 1))


def halos_and_pockets(masks: np.ndarray, lowest: np.ndarray, shifts: Shifts, full: np.uint64,
                      smallest: int) -> tuple[np.ndarray, np.ndarray]:
    """(halo, pocket) per candidate: the cells next to it, and the free cells it surely cuts
    off into islands smaller than the smallest piece. When a candidate is placed every cell
    below its lowest is covered, so each free region next to it lies inside a region it
    leaves on that board; those of fewer than `smallest` cells are its pocket. (Some pocket
    cells may already be covered when it is placed: the kernel tests the free ones.)"""
    halo = shifts.grow(masks) & ~masks
    below = (np.uint64(1) << lowest.astype(np.uint64)) - np.uint64(1)
    free = full & ~masks & ~below
    seeds = halo & free
    pocket = np.zeros_like(masks)
    rows = np.flatnonzero(seeds)
    while len(rows):
        regions, small = flood(lowest_bits(seeds[rows]), free[rows], shifts, smallest - 1)
        pocket[rows[small]] |= regions[small]
        seeds[rows] &= ~regions
        rows = rows[seeds[rows] != 0]
    return halo, pocket


def _lowest_cells(masks: np.ndarray) -> np.ndarray:
    """(k,) int64: the index of each non-zero mask's lowest set bit."""
    lowest = masks & (~masks + np.uint64(1))  # two's complement: the lowest bit alone
    return np.log2(lowest.astype(np.float64)).round().astype(np.int64)


def fit_tables(masks: np.ndarray, lowest: np.ndarray, pieces: np.ndarray,
               bucket_start: np.ndarray, n_types: int, n_cells: int) -> np.ndarray:
    """(cells, types + window, words) uint64 bit sets over each cell's candidates (bit i of
    word w: the cell's candidate 64 w + i, in filed order): row `piece` holds the piece's
    candidates, row `types + j` those covering the cell j places further in the sweep, for
    j < window (every candidate's cells lie within `window` of its lowest). numpy, not numba:
    built once per search, it is not worth a second of compiling on a first start."""
    first = bucket_start[lowest * n_types]
    index = np.arange(len(masks)) - first
    word = index // 64
    bit = np.left_shift(np.uint64(1), (index % 64).astype(np.uint64))
    candidate, cell = np.nonzero((masks[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1))
    above = cell - lowest[candidate]
    window = int(above.max()) + 1 if len(above) else 1
    words = max(1, int(word.max()) + 1 if len(word) else 1)
    bits = np.zeros((n_cells, n_types + window, words), dtype=np.uint64)
    np.bitwise_or.at(bits, (lowest, pieces, word), bit)
    up = above > 0
    candidate = candidate[up]
    np.bitwise_or.at(bits, (lowest[candidate], n_types + above[up], word[candidate]),
                     bit[candidate])
    return bits


def placement_table(masks: np.ndarray, pieces: np.ndarray) -> np.ndarray:
    """The kernel's open-addressing hash table of candidate masks (kernels.bitboard._slot):
    row 0 the distinct masks (0: an empty slot), row 1 a bit per piece type with a candidate
    of exactly that mask."""
    distinct, which = np.unique(masks, return_inverse=True)
    piece_bits = np.zeros(len(distinct), dtype=np.uint64)
    np.bitwise_or.at(piece_bits, which, np.left_shift(np.uint64(1), pieces.astype(np.uint64)))
    size_bits = max(1, int(2 * len(masks) - 1).bit_length())
    size = 1 << size_bits
    with np.errstate(over="ignore"):
        hashed = distinct * np.uint64(status.HASH_MULTIPLIER)
        slots = (hashed >> np.uint64(64 - size_bits)).astype(np.int64)
    table = np.zeros((2, size), dtype=np.uint64)
    for mask, slot, piece_set in zip(distinct.tolist(), slots.tolist(), piece_bits.tolist()):
        while table[0, slot] != 0:
            slot = (slot + 1) & (size - 1)
        table[0, slot], table[1, slot] = mask, piece_set
    return table

"""The candidate grid the logical solver works on: a value or a candidate bit set per cell,
and the houses as a table.

Houses are the cell sets that hold every digit once: rows, columns, boxes (or the regions of
a jigsaw), and the two diagonals of an X-Sudoku. Every technique reads this table, so a
variant adds houses, not code paths. Cells are numbered row-major; digits are 1..n; a
candidate set is an int with bit d-1 for digit d; a cell set is an int with bit `cell`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..puzzle.model import SudokuGrid
from ..puzzle.sudoku_rules import cell_regions
from ..records import record

BOX, ROW, COLUMN, DIAGONAL = "box", "row", "column", "diagonal"
LINES = (ROW, COLUMN)
KEPT_MOST = 64  # owners an identity cache keeps before it starts over


def kept_for(cache: dict, owner, make):
    """make(owner), computed once per owner and kept in `cache` by the owner's identity
    (a layout or a technique list: hashing one costs more than the lookups it would save)."""
    kept = cache.get(id(owner))
    if kept is None or kept[0] is not owner:
        if len(cache) > KEPT_MOST:
            cache.clear()
        kept = cache[id(owner)] = (owner, make(owner))
    return kept[1]


@record
class House:
    """One house: its kind (box for a box or jigsaw region), its number within the kind
    (from 0), its cells in order and the same cells as a bit set."""
    kind: str
    index: int
    cells: tuple[int, ...]
    mask: int

    @property
    def name(self) -> str:
        """'box 3', 'row 5', 'column 1', 'diagonal 2' (from 1)."""
        return f"{self.kind} {self.index + 1}"


@record
class Layout:
    """What does not change while solving: the size, the houses, and for each cell its
    houses and its peers (every other cell sharing a house with it, as a bit set)."""
    n: int
    houses: tuple[House, ...]
    cell_houses: tuple[tuple[int, ...], ...]
    peers: tuple[int, ...]
    crossings: tuple[tuple[int, int], ...]  # (h1, h2) sharing 2+ cells, in SE's scan order

    def of_kind(self, *kinds: str) -> tuple[House, ...]:
        return tuple(house for house in self.houses if house.kind in kinds)


@lru_cache(maxsize=32)
def layout_for(n: int, regions: tuple[int, ...], diagonals: bool) -> Layout:
    """The houses of an n x n grid whose region (box) of each cell is `regions`."""
    houses: list[House] = []

    def add(kind: str, index: int, cells) -> None:
        cells = tuple(cells)
        houses.append(House(kind, index, cells, sum(1 << cell for cell in cells)))

    for box in range(n):  # SE's order: boxes, then columns, then rows
        add(BOX, box, (cell for cell in range(n * n) if regions[cell] == box))
    for column in range(n):
        add(COLUMN, column, range(column, n * n, n))
    for row in range(n):
        add(ROW, row, range(row * n, row * n + n))
    if diagonals:
        add(DIAGONAL, 0, (i * n + i for i in range(n)))
        add(DIAGONAL, 1, (i * n + n - 1 - i for i in range(n)))
    cell_houses = tuple(tuple(h for h, house in enumerate(houses) if house.mask >> cell & 1)
                        for cell in range(n * n))
    peers = tuple(_union(houses[h].mask for h in cell_houses[cell]) & ~(1 << cell)
                  for cell in range(n * n))
    return Layout(n, tuple(houses), cell_houses, peers, _crossings(houses))


CROSSING_ORDER = ((BOX, COLUMN), (BOX, ROW), (COLUMN, BOX), (ROW, BOX), (BOX, DIAGONAL),
                  (COLUMN, DIAGONAL), (ROW, DIAGONAL), (DIAGONAL, BOX), (DIAGONAL, COLUMN),
                  (DIAGONAL, ROW))


def _crossings(houses: list[House]) -> tuple[tuple[int, int], ...]:
    """The ordered pairs of houses that share two cells or more (where a digit confined to
    the first may leave the rest of the second): boxes with lines first, as SE scans them."""
    return tuple((a, b) for first, second in CROSSING_ORDER
                 for a, house_a in enumerate(houses) if house_a.kind == first
                 for b, house_b in enumerate(houses) if house_b.kind == second
                 and (house_a.mask & house_b.mask).bit_count() >= 2)


def _union(masks) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


def bits(mask: int):
    """The positions of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def digits_of(candidates: int) -> list[int]:
    """The digits (1..n) of a candidate set."""
    return [bit + 1 for bit in bits(candidates)]


class Board:
    """The state of a solve: values (0 empty), candidates per cell, and per digit the cells
    where it is still a candidate (kept in step, for the house scans)."""

    def __init__(self, layout: Layout, values: list[int]) -> None:
        self.layout = layout
        self.n = layout.n
        # What placing each value in turn gives, in one pass: an empty cell keeps the digits
        # no house of it holds.
        self.values = list(values)
        used = [0] * len(layout.houses)
        for house_index, house in enumerate(layout.houses):
            for cell in house.cells:
                if values[cell]:
                    used[house_index] |= 1 << (values[cell] - 1)
        full = (1 << self.n) - 1
        self.candidates = [0] * (self.n * self.n)
        self.digit_cells = [0] * (self.n + 1)  # index by digit
        for cell, houses in enumerate(layout.cell_houses):
            if values[cell]:
                continue
            taken = 0
            for house_index in houses:
                taken |= used[house_index]
            self.candidates[cell] = candidates = full & ~taken
            while candidates:
                low = candidates & -candidates
                self.digit_cells[low.bit_length()] |= 1 << cell
                candidates ^= low

    @classmethod
    def from_grid(cls, grid: SudokuGrid, values: tuple[int, ...] | None = None) -> Board:
        """The board of a Sudoku (its givens, or `values`) with every house of its rules."""
        layout = layout_for(grid.n, cell_regions(grid), grid.diagonals)
        return cls(layout, list(grid.givens if values is None else values))

    @classmethod
    def with_candidates(cls, layout: Layout, values: list[int],
                        candidates: list[int]) -> Board:
        """A board in a given state (a hint's, a test's): `candidates` are taken as they are
        for the empty cells (not reduced by the values)."""
        board = cls(layout, [0] * (layout.n * layout.n))
        board.values = list(values)
        board.candidates = [0 if value else mask for value, mask in zip(values, candidates)]
        board.digit_cells = [0] + [sum(1 << cell for cell, mask in enumerate(board.candidates)
                                       if mask >> (digit - 1) & 1)
                                   for digit in range(1, layout.n + 1)]
        return board

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.layout, other.n = self.layout, self.n
        other.values = self.values.copy()
        other.candidates = self.candidates.copy()
        other.digit_cells = self.digit_cells.copy()
        return other

    def place(self, cell: int, digit: int) -> None:
        """Set `cell` to `digit`; the digit leaves the candidates of the cell's peers."""
        self.values[cell] = digit
        digit_cells, candidates = self.digit_cells, self.candidates
        left, off = candidates[cell], ~(1 << cell)
        while left:  # bits() inlined: the solver places thousands of digits a second
            low = left & -left
            digit_cells[low.bit_length()] &= off
            left ^= low
        candidates[cell] = 0
        bit = ~(1 << (digit - 1))
        peers = self.layout.peers[cell]
        seen = peers & digit_cells[digit]
        while seen:
            low = seen & -seen
            candidates[low.bit_length() - 1] &= bit
            seen ^= low
        digit_cells[digit] &= ~peers

    def eliminate(self, cell: int, digit: int) -> None:
        self.candidates[cell] &= ~(1 << (digit - 1))
        self.digit_cells[digit] &= ~(1 << cell)

    def has(self, cell: int, digit: int) -> bool:
        return bool(self.candidates[cell] >> (digit - 1) & 1)

    def positions(self, house: House, digit: int) -> int:
        """The cells of `house` where `digit` is still a candidate (a bit set)."""
        return self.digit_cells[digit] & house.mask

    def empty_cells(self, house: House) -> int:
        return sum(1 for cell in house.cells if not self.values[cell])

    @property
    def solved(self) -> bool:
        return all(self.values)

    @property
    def broken(self) -> bool:
        """Whether an empty cell has no candidate left (a wrong step, or no solution)."""
        return any(not value and not candidates
                   for value, candidates in zip(self.values, self.candidates))


def colex_combinations(items, size: int) -> list[tuple]:
    """The `size`-combinations of `items` in colexicographic order (by the last item first),
    the order of Sudoku Explainer's scans: which of two equal steps comes first decides the
    rest of the path, so its rating."""
    items = list(items)
    return [tuple(items[index] for index in indices)
            for indices in _colex_indices(len(items), size)]


@lru_cache(maxsize=512)
def _colex_indices(length: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The index tuples of colex_combinations (cached: the scans ask for the same few)."""
    return tuple(sorted(combinations(range(length), size), key=lambda indices: indices[::-1]))

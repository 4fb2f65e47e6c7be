"""The immutable puzzle description shared by the solvers, the files and the app.

A `Puzzle` knows what is to be placed where, nothing about how it is solved. Construction
validates everything and raises `PuzzleError` naming the first problem and where it is.
"""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ..records import record

from .errors import PuzzleError
from .grids import Cell, CellLocator, GridKind, Shape
from .limits import MAX_BOARD_CELLS, MAX_PIECE_CELLS, check_cells, shown
from .sudoku_rules import (Cage, box_regions, cage_problems, clashing_givens,
                           normalised_regions, rule_problems, validate_variant_rules)
from .pins import Pin, validate_pins
from .movement_rules import check_disassembly, check_piece_rules, normalised_groups
from .colour_rules import (ConstraintColour, normalised_paint, normalised_rules,
                           validate_colour_rules)

if TYPE_CHECKING:  # a family's files only: a count of one board never loads them
    from .family_spec import FamilySpec

SYMMETRY_MODES = ("distinct", "rotations", "all")
SUDOKU_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@record
class Piece:
    """A polyform piece. `count` identical copies (at most `count` and at least `least`
    when `least` is set: a range, as BurrTools has); `mirror` allows its mirror image."""

    name: str
    cells: Shape
    count: int = 1
    mirror: bool = True
    colour: str = ""
    least: int | None = None  # None: exactly `count` copies
    groups: tuple[tuple[str, int], ...] = ()  # (group, copies): may stay together (movement_rules)
    weight: int = 1  # the heavier part stays put when two come apart
    paint: tuple[tuple[Cell, int], ...] = ()  # (cell, constraint colour): colour_rules

    def __post_init__(self) -> None:
        cells = tuple(sorted(tuple(int(v) for v in cell) for cell in self.cells))
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "paint", normalised_paint(self.paint, f"piece {shown(self.name)}"))
        object.__setattr__(self, "groups", normalised_groups(self.groups))
        if self.least is not None and self.least == self.count:
            object.__setattr__(self, "least", None)

    @property
    def fewest(self) -> int:
        """The fewest copies a solution uses."""
        return self.count if self.least is None else self.least

    @property
    def has_range(self) -> bool:
        return self.least is not None

    @property
    def size(self) -> int:
        return len(self.cells)


@record
class SudokuGrid:
    """An n x n Sudoku with boxes of box_rows x box_cols; givens row-major, 0 = empty.
    Variants (solvers.puzzle.sudoku_rules): jigsaw `regions` (a region number per cell)
    replace the boxes, `diagonals` adds the two main diagonals, `cages` killer cages."""

    box_rows: int
    box_cols: int
    givens: tuple[int, ...]
    regions: tuple[int, ...] = ()
    diagonals: bool = False
    cages: tuple[Cage, ...] = ()

    @property
    def n(self) -> int:
        return self.box_rows * self.box_cols

    def __post_init__(self) -> None:
        object.__setattr__(self, "givens", tuple(int(v) for v in self.givens))
        regions = normalised_regions(self.regions)
        if len(self.givens) == self.n * self.n and regions == box_regions(
                self.n, self.box_rows, self.box_cols):
            regions = ()  # the boxes themselves
        object.__setattr__(self, "regions", regions)
        object.__setattr__(self, "cages", tuple(sorted(self.cages, key=lambda c: c.cells)))


@record
class Puzzle:
    """A puzzle of one grid kind: a board and pieces (polyforms) or a Sudoku grid."""

    kind: GridKind
    name: str = "Untitled"
    description: str = ""
    board: Shape = ()
    pieces: tuple[Piece, ...] = ()
    sudoku: SudokuGrid | None = None
    extra: dict = field(default_factory=dict, compare=False, hash=False)
    optional: Shape = ()  # board cells that may stay empty (BurrTools' variable cells)
    pins: tuple[Pin, ...] = ()  # pre-placed piece copies (solvers.puzzle.pins)
    disassembly: bool = False  # only assemblies that come apart are solutions (movement_rules)
    # colour constraints (colour_rules): the colours, the board's painted cells, the rules
    constraint_colours: tuple[ConstraintColour, ...] = ()
    board_paint: tuple[tuple[Cell, int], ...] = ()
    colour_rules: tuple[tuple[int, int], ...] = ()
    family: FamilySpec | None = None  # several boards or dates (solvers.puzzle.family)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", GridKind(self.kind))
        cells = tuple(sorted(tuple(int(v) for v in cell) for cell in self.board))
        object.__setattr__(self, "board", cells)
        optional = tuple(sorted(tuple(int(v) for v in cell) for cell in self.optional))
        object.__setattr__(self, "optional", optional)
        object.__setattr__(self, "pieces", tuple(self.pieces))
        object.__setattr__(self, "pins", tuple(self.pins))
        object.__setattr__(self, "constraint_colours", tuple(self.constraint_colours))
        object.__setattr__(self, "board_paint", normalised_paint(self.board_paint, "the board"))
        object.__setattr__(self, "colour_rules", normalised_rules(self.colour_rules))
        if self.kind is GridKind.SUDOKU:
            _validate_sudoku(self)
        else:
            _validate_polyform(self)
        check_disassembly(self.kind.value, self.pieces, len(self.board), self.disassembly)
        validate_pins(self)
        validate_colour_rules(self)

    @property
    def is_sudoku(self) -> bool:
        return self.kind is GridKind.SUDOKU

    @property
    def piece_cell_total(self) -> int:
        return sum(piece.size * piece.count for piece in self.pieces)

    @property
    def fewest_piece_cells(self) -> int:
        """Cells the pieces cover with the fewest copies each piece's range allows."""
        return sum(piece.size * piece.fewest for piece in self.pieces)

    @property
    def has_secondary(self) -> bool:
        """Whether a solution may leave cells empty or use a varying number of copies:
        optional cells or piece ranges (exact cover with secondary items)."""
        return bool(self.optional) or any(piece.has_range for piece in self.pieces)

    def problems(self, fit_check: bool = True) -> list[str]:
        """Reasons, found without searching, why this puzzle cannot have a solution.
        `fit_check=False` leaves out pieces that fit nowhere (the slowest check: a search
        learns it from the placements anyway)."""
        if self.is_sudoku:
            grid = self.sudoku
            return rule_problems(grid) + [f"conflicting givens: {_sudoku_cell_name(grid, a)} and "
                    f"{_sudoku_cell_name(grid, b)} both hold {SUDOKU_SYMBOLS[grid.givens[a] - 1]}"
                    for a, b in conflicting_givens(grid)] + [
                reason for _, reason in cage_problems(grid)]
        reasons = []
        if self.family is not None:  # each member has a board of its own (or leaves cells
            # open): the family's own board is not solved, so its area says nothing
            return [] if self.pieces else ["there are no pieces"]
        if not self.board:
            reasons.append("the board is empty")
        if not self.pieces:
            reasons.append("there are no pieces")
        if self.board and self.pieces:
            reasons.extend(area_problems(self))
        homeless = self.pieces_that_fit_nowhere() if self.board and fit_check else []
        if homeless:
            reasons.append(naming_pieces(homeless, "fits nowhere on the board",
                                         "fit nowhere on the board"))
        return reasons

    def pieces_that_fit_nowhere(self) -> list[str]:
        """Names of the pieces that, turned any way they may be, lie inside the board nowhere
        (on an empty board, all of them)."""
        if not self.board:
            return [piece.name for piece in self.pieces]
        board = CellLocator(np.array(self.board, dtype=np.int64), self.kind)
        return [piece.name for piece in self.pieces if piece.fewest > 0
                and not any(_fits_somewhere(shape, board)
                           for shape in self.kind.grid.orientations_of(piece.cells, piece.mirror))]


    def check_loadable(self) -> None:
        """Raise PuzzleError for contradictions a saved file must not contain: pieces that
        need more cells than the board has, and conflicting Sudoku givens. (A board with room
        to spare loads: it may be a puzzle still being designed.)"""
        if self.is_sudoku:
            conflicts = self.problems()
            if conflicts:
                raise PuzzleError(conflicts[0])
        elif self.board and self.pieces and self.fewest_piece_cells > len(self.board):
            raise PuzzleError(f"the board is smaller than the pieces: the pieces cover "
                              f"{'at least ' * self.has_secondary}"
                              f"{cell_count_text(self.fewest_piece_cells)} but the board has "
                              f"{len(self.board)}")


@lru_cache(maxsize=16)
def sudoku_units(n: int, box_rows: int, box_cols: int) -> np.ndarray:
    """(3n, n) int32, read-only: the cells of every row, then column, then box."""
    grid = np.arange(n * n, dtype=np.int32).reshape(n, n)
    boxes = grid.reshape(n // box_rows, box_rows, n // box_cols, box_cols)
    boxes = boxes.transpose(0, 2, 1, 3).reshape(n, n)
    units = np.concatenate([grid, grid.T, boxes]).astype(np.int32)
    units.flags.writeable = False
    return units


def conflicting_givens(grid: SudokuGrid) -> list[tuple[int, int]]:
    """Sorted pairs (a, b), a < b, of cells holding the same given in a row, column, box
    (or region, diagonal, cage); every pair, so an editor can mark each clashing cell."""
    return clashing_givens(grid)


def _sudoku_cell_name(grid: SudokuGrid, index: int) -> str:
    return f"r{index // grid.n + 1}c{index % grid.n + 1}"


def _validate_polyform(puzzle: Puzzle) -> None:
    grid = puzzle.kind.grid
    dims = grid.dimensions
    if puzzle.sudoku is not None:
        raise PuzzleError(f"a {puzzle.kind.value} puzzle cannot hold a Sudoku grid")
    _check_cells("the board", puzzle.board, dims)
    check_cells("the board", puzzle.board, MAX_BOARD_CELLS, grid.axes)
    grid.validate_cells("the board", puzzle.board)
    _check_optional(puzzle)
    try:
        _validate_pieces_once(puzzle.kind, puzzle.pieces)
    except TypeError:  # a piece that cannot be hashed (never made by PolyGUI): checked anyway
        _validate_pieces(puzzle.kind, puzzle.pieces)


@lru_cache(maxsize=64)
def _validate_pieces_once(kind: GridKind, pieces: tuple) -> None:
    """`_validate_pieces`, remembered for pieces that passed: a family's members, an editor's
    every edit of the board and the search's copies share one piece set, whose connectivity
    checks took most of building a calendar's 366 members."""
    _validate_pieces(kind, pieces)


def _validate_pieces(kind: GridKind, pieces: tuple) -> None:
    grid = kind.grid
    dims = grid.dimensions
    names = set()
    total = 0
    for index, piece in enumerate(pieces):
        where = f"piece {shown(piece.name)}"  # by its name only: names are often digits
        if not piece.name:
            raise PuzzleError(f"piece number {index + 1} has no name")
        if piece.name in names:
            raise PuzzleError(f"two pieces are named {piece.name!r}: each needs its own name")
        names.add(piece.name)
        if not piece.cells:
            raise PuzzleError(f"{where} has no cells")
        _check_cells(where, piece.cells, dims)
        check_cells(where, piece.cells, MAX_PIECE_CELLS, grid.axes)
        grid.validate_cells(where, piece.cells)
        if (not isinstance(piece.count, int) or isinstance(piece.count, bool)
                or piece.count < 1):
            raise PuzzleError(f"{where}: count must be a whole number of at least 1, "
                              f"not {shown(piece.count)}")
        if piece.least is not None and (not isinstance(piece.least, int)
                                        or isinstance(piece.least, bool)
                                        or not 0 <= piece.least <= piece.count):
            raise PuzzleError(f"{where}: the fewest copies must be a whole number from 0 to "
                              f"{piece.count}, not {shown(piece.least)}")
        total += piece.size * min(piece.count, MAX_PIECE_CELLS + 1)
        if total > MAX_PIECE_CELLS:
            raise PuzzleError(f"the pieces have more than {MAX_PIECE_CELLS:,} cells in all "
                              f"(copies counted, up to {where}); PolyGUI takes at most "
                              f"{MAX_PIECE_CELLS:,}")
        check_piece_rules(piece, where)
        if not grid.is_connected(piece.cells):
            parts = grid.connected_components(piece.cells)
            raise PuzzleError(f"{where} is not connected: it falls into {len(parts)} parts")


def area_problems(puzzle: Puzzle) -> list[str]:
    """Why the pieces cannot cover the board, by counting cells: exactly, or between the cells
    that must be covered and the whole board when cells are optional or counts ranges."""
    board_size, most, fewest = len(puzzle.board), puzzle.piece_cell_total, puzzle.fewest_piece_cells
    if not puzzle.has_secondary:
        return [] if most == board_size else [
            f"the pieces cover {cell_count_text(most)} but the board has {board_size}"]
    required = board_size - len(puzzle.optional)
    if fewest > board_size:
        return [f"the pieces cover at least {cell_count_text(fewest)} but the board has "
                f"{board_size}"]
    if most < required:
        return [f"the pieces cover at most {cell_count_text(most)} but the board has "
                f"{required} that must be covered"]
    return []


def _check_cells(where: str, cells: Shape, dims: int) -> None:
    seen: set[Cell] = set()
    for cell in cells:
        if len(cell) != dims:
            raise PuzzleError(f"{where}: cell {shown(list(cell))} should have {dims} coordinates")
        if cell in seen:
            raise PuzzleError(f"{where}: cell {shown(list(cell))} is listed twice "
                              "(overlapping cells)")
        seen.add(cell)


def _check_optional(puzzle: Puzzle) -> None:
    _check_cells("the optional cells", puzzle.optional, puzzle.kind.dimensions)
    on_board = set(puzzle.board)
    for cell in puzzle.optional:
        if cell not in on_board:
            raise PuzzleError(f"optional cell {shown(list(cell))} is not a cell of the board")


def _validate_sudoku(puzzle: Puzzle) -> None:
    grid = puzzle.sudoku
    if grid is None:
        raise PuzzleError("a sudoku puzzle needs a grid")
    if puzzle.board or puzzle.pieces or puzzle.optional:
        raise PuzzleError("a sudoku puzzle has no board cells or pieces")
    if grid.box_rows < 1 or grid.box_cols < 1 or grid.n < 2 or grid.n > len(SUDOKU_SYMBOLS):
        raise PuzzleError(f"unsupported box shape {shown(grid.box_rows)}x{shown(grid.box_cols)}: "
                          f"boxes must give 2 to {len(SUDOKU_SYMBOLS)} symbols")
    if len(grid.givens) != grid.n * grid.n:
        raise PuzzleError(f"a {grid.n}x{grid.n} sudoku needs {grid.n * grid.n} cells, "
                          f"got {len(grid.givens)}")
    for index, value in enumerate(grid.givens):
        if not 0 <= value <= grid.n:
            raise PuzzleError(f"cell {_sudoku_cell_name(grid, index)}: value {shown(value)} "
                              f"is outside 1..{grid.n}")
    validate_variant_rules(grid)


def cell_count_text(count: int) -> str:
    """'1 cell', '5 cells'."""
    return f"{count} cell{'s' * (count != 1)}"


def naming_pieces(names: list[str], singular: str, plural: str) -> str:
    """"piece 'A' <singular>" or "pieces 'A', 'B' <plural>"."""
    listed = ", ".join(map(repr, names))
    return f"piece {listed} {singular}" if len(names) == 1 else f"pieces {listed} {plural}"


def _fits_somewhere(shape: Shape, board: CellLocator) -> bool:
    """Whether `shape` lies inside the board at some position."""
    return len(board.translations(np.array(shape, dtype=np.int64))) > 0

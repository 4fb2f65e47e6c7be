"""Which solutions count as the same, and how the search avoids finding them twice.

A board symmetry is a grid symmetry (plus a translation) that maps the board onto itself and the
piece set onto itself: rotations always map every piece to itself; a reflection maps a piece
whose mirror image is not allowed to a piece of the mirror shape, and identifies nothing when
the set has no such piece. With colour constraints (solvers.placements.paint), a symmetry must
also map every painted board cell onto a cell of the same colour, and a piece's image must be
painted as its partner is.

Symmetry breaking: one piece type placed exactly once and mapped to itself by every symmetry
(the *restricted piece*) keeps one placement per orbit of the group. A solution class then has
exactly one member with that piece on its representative unless the representative is fixed
by some symmetries (its stabiliser); those solutions are kept only when they are the smallest
of their images under the stabiliser (the canonical check, done in the kernel).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.grid import Grid
from ..puzzle.grids import CellLocator
from ..puzzle.model import Puzzle, SYMMETRY_MODES
from ..records import record
from .batched import board_items, image_items
from .compile import Placements
from .paint import painted_image, painted_rotation_class
from .pins import keeps_pins
from .row_images import BoardSymmetry, row_images


@record
class SymmetryPlan:
    """How a search avoids finding a solution once per symmetry: the rows it may use, and
    the images its canonical check compares."""

    mode: str
    group_size: int  # symmetries identified in this mode, identity included
    root_rows: np.ndarray  # (k,) int32 rows the search may use at all
    restricted_piece: int  # -1 when no piece could be restricted
    images: np.ndarray  # (S, R) int32: row -> image row, one line per non-identity symmetry
    check_start: np.ndarray  # (R + 1,) int32: CSR over rows of the restricted piece ...
    check_syms: np.ndarray  # ... listing the symmetries that fix that row (canonical check)
    # (R,) bool: the rows the plan lets a search use (the restricted item's: only its orbit
    # representatives); a canonical check skips images using any other
    allowed: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.allowed is None:
            object.__setattr__(self, "allowed", np.ones(self.images.shape[1], dtype=bool))


def board_symmetries(puzzle: Puzzle, mode: str) -> list[BoardSymmetry]:
    """The symmetries that identify solutions in `mode`, identity first."""
    if mode not in SYMMETRY_MODES:
        raise ValueError(f"unknown symmetry mode {mode!r}: use one of {', '.join(SYMMETRY_MODES)}")
    grid = puzzle.kind.grid
    board = np.array(puzzle.board, dtype=np.int64).reshape(len(puzzle.board), grid.dimensions)
    locate = CellLocator(board)
    optional = np.zeros(len(board), dtype=bool)  # item -> whether optional, colour (0: none)
    optional[board_items(locate, np.array(puzzle.optional, dtype=np.int64).reshape(
        -1, grid.dimensions))] = True
    colour = np.zeros(len(board), dtype=np.int64)
    if puzzle.board_paint:
        cells, colours = zip(*puzzle.board_paint)
        colour[board_items(locate, np.array(cells, dtype=np.int64))] = colours
    found = []
    perms = {True: tuple(range(len(puzzle.pieces)))}  # a reflection's: the same for all
    wanted = [(matrix, rotation) for matrix, rotation in zip(grid.symmetry_group,
                                                            grid.rotation_flags)
              if rotation or mode != "rotations"]
    # item -> image item, for all cells and symmetries at once (not a cell at a time)
    images = image_items(grid, locate, [matrix for matrix, _ in wanted])
    for (matrix, rotation), items in zip(wanted, images):
        if mode == "all" and found:
            break
        if (items < 0).any() or not _keeps_cell_kinds(items, optional, colour):
            continue
        if rotation not in perms:
            perms[rotation] = _mirror_permutation(puzzle)
        piece_perm = perms[rotation]
        if piece_perm is not None and keeps_pins(puzzle, items.tolist() if puzzle.pins else [],
                                                 piece_perm):
            found.append(BoardSymmetry(matrix, items, piece_perm))
    return found


def _keeps_cell_kinds(items: np.ndarray, optional: np.ndarray, colour: np.ndarray) -> bool:
    """Whether a board symmetry (a permutation: item -> image item) maps the optional cells
    onto optional ones and every painted board cell onto one of its colour (and so neutral
    cells onto neutral ones)."""
    return bool(optional[items[optional]].all() and (colour[items] == colour).all())


def _rotation_class(grid: Grid, cells: tuple, paint: tuple) -> tuple:
    """A piece's class under rotations: its shape's, with its paint when it is painted."""
    return painted_rotation_class(grid, cells, paint) if paint else grid.rotation_class(cells)


@cache
def _mirror_class(grid: Grid, cells: tuple, paint: tuple) -> tuple:
    """The rotation class of a piece's mirror images: the same under every reflection (two
    differ by a rotation), so worked out once per piece, not once per reflection (25 burr
    pieces: 0.25 s)."""
    matrix = next(m for m, rotation in zip(grid.symmetry_group, grid.rotation_flags)
                  if not rotation)
    shape, colours = painted_image(grid, cells, paint, matrix)
    image_paint = tuple((cell, colour) for cell, colour in zip(shape, colours) if colour)
    return _rotation_class(grid, shape, image_paint)


def _mirror_permutation(puzzle: Puzzle) -> tuple[int, ...] | None:
    """Piece type -> the type its mirror image belongs to; None when the image is not in
    the set.

    A piece that may not be turned over maps to an unused piece of the same count whose
    rotations include its mirror image; they are found by their rotation classes."""
    pieces = puzzle.pieces
    perm: list[int | None] = [None] * len(pieces)
    free: dict[tuple, list[int]] = {}  # (rotation class, count) -> unused chiral pieces
    for index, piece in enumerate(pieces):
        if piece.mirror:
            perm[index] = index
        else:
            key = (_rotation_class(puzzle.kind.grid, piece.cells, piece.paint), piece.count,
                   piece.fewest)
            free.setdefault(key, []).append(index)
    for key in free:
        free[key].reverse()  # pop() takes them in piece order
    for index, piece in enumerate(pieces):
        if perm[index] is not None:
            continue
        matches = free.get((_mirror_class(puzzle.kind.grid, piece.cells, piece.paint), piece.count,
                            piece.fewest))
        if not matches:
            return None
        perm[index] = matches.pop()
    return tuple(perm)  # type: ignore[arg-type]


def plan_symmetry(puzzle: Puzzle, placements: Placements, mode: str,
                  cancel: CancelCheck | None = None,
                  symmetries: list[BoardSymmetry] | None = None,
                  row_rank: np.ndarray | None = None) -> SymmetryPlan:
    """`symmetries`: `board_symmetries(puzzle, mode)` when the caller has them already.
    `row_rank`: the kernel's preference among the rows of an orbit (the lowest ranked
    represents it; among pieces that restrict alike, the one whose last representative ranks
    lowest is chosen). The bit-board kernel ranks a row by its lowest cell in the sweep, so
    the restricted piece sits early and the sweep passing its last place ends a branch
    (meteor distinct: 330,832 nodes -> 222,905, 1.5x faster)."""
    if symmetries is None:
        symmetries = board_symmetries(puzzle, mode)
    check_cancel(cancel)
    images = row_images(placements, symmetries, cancel)
    n_rows = placements.n_rows
    all_rows = np.arange(n_rows, dtype=np.int32)
    no_checks = np.zeros(n_rows + 1, dtype=np.int32), np.zeros(0, dtype=np.int32)
    if len(symmetries) == 1:
        return SymmetryPlan(mode, 1, all_rows, -1, images, *no_checks)
    best = None
    for piece in _restrictable_pieces(placements, symmetries):
        reps, stabilisers = _orbit_representatives(placements.rows_of_piece(piece), images,
                                                   row_rank)
        latest = max(int(row_rank[rep]) for rep in reps) if row_rank is not None else 0
        score = (len(reps), sum(1 for stab in stabilisers.values() if stab), latest)
        if best is None or score < best[0]:
            best = (score, piece, reps, stabilisers)
    if best is None:
        allowed = _restrict_an_item(placements, symmetries, images, row_rank)
        root_rows = all_rows if allowed is None else np.flatnonzero(allowed).astype(np.int32)
        return SymmetryPlan(mode, len(symmetries), root_rows, -1, images, *no_checks, allowed)
    _, piece, reps, stabilisers = best
    keep = placements.row_piece != piece
    keep[reps] = True
    check_start = np.zeros(n_rows + 1, dtype=np.int32)
    check_syms: list[int] = []
    for row in range(n_rows):
        check_syms.extend(stabilisers.get(row, ()))
        check_start[row + 1] = len(check_syms)
    return SymmetryPlan(mode, len(symmetries), np.flatnonzero(keep).astype(np.int32), piece,
                        images, check_start, np.array(check_syms, dtype=np.int32))


def _restrict_an_item(placements: Placements, symmetries: list[BoardSymmetry],
                      images: np.ndarray, row_rank: np.ndarray | None) -> np.ndarray | None:
    """The rows a search may use when no piece can be restricted (pieces with ranges, or
    every piece placed several times): of the rows covering one required cell, only one per
    orbit of the symmetries fixing that cell. Every class of solutions keeps a member, about
    as many as the cell has images (the cell with the fewest is chosen): SolidSixPieceBurrs
    finds 8 of each class of 24. None when every cell has as many images as symmetries."""
    if placements.n_items == 0:
        return None
    perms = np.array([symmetry.item_perm for symmetry in symmetries])  # identity first
    optional = set(placements.optional_items)
    best = None
    for item in range(len(placements.cells)):  # board cells: symmetries move no others
        images_of_item = len(set(perms[:, item].tolist()))
        if item not in optional and (best is None or images_of_item < best[0]):
            best = (images_of_item, item)
    if best is None or best[0] == len(symmetries):
        return None
    item = best[1]
    fixing = np.flatnonzero(perms[1:, item] == item)
    covering = np.flatnonzero(placements.masks[:, item >> 6]
                              >> np.uint64(item & 63) & np.uint64(1))
    reps, _ = _orbit_representatives(covering, images[fixing], row_rank)
    allowed = np.ones(placements.n_rows, dtype=bool)
    allowed[covering] = False
    allowed[reps] = True
    return allowed


def _restrictable_pieces(placements: Placements, symmetries: list[BoardSymmetry]) -> list[int]:
    """Piece types placed exactly once and mapped to themselves by every symmetry, with more
    than one row (a pinned piece's one row breaks no symmetry)."""
    least = placements.piece_least if placements.piece_least is not None else placements.piece_counts
    return [piece for piece, count in enumerate(placements.piece_counts)
            if count == 1 and least[piece] == 1 and all(s.piece_perm[piece] == piece for s in symmetries)
            and len(placements.rows_of_piece(piece)) > 1]


def _orbit_representatives(rows: np.ndarray, images: np.ndarray, row_rank: np.ndarray | None = None
                           ) -> tuple[list[int], dict[int, list[int]]]:
    """One row per orbit (of lowest rank, then the smallest) and, per representative, the
    symmetries fixing it."""
    n_rows = images.shape[1]
    rank = np.zeros(n_rows, dtype=np.int64) if row_rank is None else row_rank.astype(np.int64)
    members = np.vstack([np.asarray(rows, dtype=np.int64)[None, :], images[:, rows]])
    keys = rank[members] * n_rows + members
    reps = sorted(set((keys.min(axis=0) % n_rows).tolist()))
    stabilisers = {rep: [int(s) for s in np.flatnonzero(images[:, rep] == rep)] for rep in reps}
    return reps, stabilisers

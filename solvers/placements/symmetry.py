"""Which solutions count as the same, and how the search avoids finding them twice.

A board symmetry is a grid symmetry (plus a translation) that maps the board onto itself and the
piece set onto itself: rotations always map every piece to itself; a reflection maps a piece
whose mirror image is not allowed to a piece of the mirror shape, and identifies nothing when
the set has no such piece.

Symmetry breaking: one piece type placed exactly once and mapped to itself by every symmetry
(the *restricted piece*) keeps one placement per orbit of the group. A solution class then has
exactly one member with that piece on its representative unless the representative is fixed
by some symmetries (its stabiliser); those solutions are kept only when they are the smallest
of their images under the stabiliser (the canonical check, done in the kernel).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..puzzle.grids import is_rotation, orientations, symmetry_group, normalise
from ..puzzle.model import Puzzle, SYMMETRY_MODES
from .compile import Placements


@dataclass(frozen=True)
class BoardSymmetry:
    matrix: np.ndarray
    item_perm: np.ndarray  # (items,) int64: item -> image item
    piece_perm: tuple[int, ...]  # piece type -> image piece type


@dataclass(frozen=True)
class SymmetryPlan:
    mode: str
    group_size: int  # symmetries identified in this mode, identity included
    root_rows: np.ndarray  # (k,) int32 rows the search may use at all
    restricted_piece: int  # -1 when no piece could be restricted
    images: np.ndarray  # (S, R) int32: row -> image row, one line per non-identity symmetry
    check_start: np.ndarray  # (R + 1,) int32: CSR over rows of the restricted piece ...
    check_syms: np.ndarray  # ... listing the symmetries that fix that row (canonical check)


def board_symmetries(puzzle: Puzzle, mode: str) -> list[BoardSymmetry]:
    """The symmetries that identify solutions in `mode`, identity first."""
    if mode not in SYMMETRY_MODES:
        raise ValueError(f"unknown symmetry mode {mode!r}: use one of {', '.join(SYMMETRY_MODES)}")
    board = np.array(puzzle.board, dtype=np.int64)
    index_of = {cell: index for index, cell in enumerate(puzzle.board)}
    found = []
    for matrix in symmetry_group(puzzle.kind):
        if mode == "all" and found:
            break
        if mode == "rotations" and not is_rotation(matrix):
            continue
        image = board @ matrix.T
        image += board.min(axis=0) - image.min(axis=0)
        items = [index_of.get(tuple(int(v) for v in cell)) for cell in image]
        if any(item is None for item in items):
            continue
        piece_perm = _piece_permutation(puzzle, matrix)
        if piece_perm is not None:
            found.append(BoardSymmetry(matrix, np.array(items, dtype=np.int64), piece_perm))
    return found


def _piece_permutation(puzzle: Puzzle, matrix: np.ndarray) -> tuple[int, ...] | None:
    """Piece type -> the type its image belongs to; None when the image is not in the set."""
    pieces = puzzle.pieces
    if is_rotation(matrix):
        return tuple(range(len(pieces)))
    perm: list[int | None] = [None] * len(pieces)
    taken: set[int] = set()
    for index, piece in enumerate(pieces):
        if piece.mirror:
            perm[index] = index
            taken.add(index)
    for index, piece in enumerate(pieces):
        if perm[index] is not None:
            continue
        image = normalise(np.array(piece.cells, dtype=np.int64) @ matrix.T)
        for other, candidate in enumerate(pieces):
            if (other in taken or candidate.mirror or candidate.count != piece.count
                    or image not in orientations(puzzle.kind, candidate.cells, mirror=False)):
                continue
            perm[index] = other
            taken.add(other)
            break
        else:
            return None
    return tuple(perm)  # type: ignore[arg-type]


def row_images(placements: Placements, symmetries: list[BoardSymmetry]) -> np.ndarray:
    """(S, R) int32: the row each row becomes under each non-identity symmetry."""
    index = placements.row_index()
    images = np.empty((max(0, len(symmetries) - 1), placements.n_rows), dtype=np.int32)
    for line, symmetry in enumerate(symmetries[1:]):
        for row, (piece, items) in enumerate(zip(placements.row_piece, placements.row_items)):
            image_items = tuple(sorted(int(symmetry.item_perm[item]) for item in items))
            images[line, row] = index[(symmetry.piece_perm[piece], image_items)]
    return images


def plan_symmetry(puzzle: Puzzle, placements: Placements, mode: str) -> SymmetryPlan:
    symmetries = board_symmetries(puzzle, mode)
    images = row_images(placements, symmetries)
    n_rows = placements.n_rows
    all_rows = np.arange(n_rows, dtype=np.int32)
    no_checks = np.zeros(n_rows + 1, dtype=np.int32), np.zeros(0, dtype=np.int32)
    if len(symmetries) == 1:
        return SymmetryPlan(mode, 1, all_rows, -1, images, *no_checks)
    best = None
    for piece in _restrictable_pieces(placements, symmetries):
        reps, stabilisers = _orbit_representatives(placements.rows_of_piece(piece), images)
        score = (len(reps), sum(1 for stab in stabilisers.values() if stab))
        if best is None or score < best[0]:
            best = (score, piece, reps, stabilisers)
    if best is None:
        return SymmetryPlan(mode, len(symmetries), all_rows, -1, images, *no_checks)
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


def _restrictable_pieces(placements: Placements, symmetries: list[BoardSymmetry]) -> list[int]:
    """Piece types placed once and mapped to themselves by every symmetry."""
    return [piece for piece, count in enumerate(placements.piece_counts)
            if count == 1 and all(s.piece_perm[piece] == piece for s in symmetries)
            and len(placements.rows_of_piece(piece))]


def _orbit_representatives(rows: np.ndarray,
                           images: np.ndarray) -> tuple[list[int], dict[int, list[int]]]:
    """One row per orbit (its smallest) and, per representative, the symmetries fixing it."""
    reps = sorted({int(min(row, images[:, row].min())) for row in rows})
    stabilisers = {rep: [int(s) for s in np.flatnonzero(images[:, rep] == rep)] for rep in reps}
    return reps, stabilisers

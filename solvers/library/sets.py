"""The piece sets a library entry names: the classic sets of `piece_sets` and `polyiamonds`,
the one-sided sets, and the sets that tile a board with copies of one piece (dominoes,
straight trominoes), whose number of copies follows from the board's size."""

from __future__ import annotations

from collections.abc import Callable

from ..puzzle.grids import GridKind
from ..puzzle.model import Piece
from ..puzzle.piece_sets import SETS, TETROMINO_NAMES, one_sided, piece_set
from ..puzzle.polyiamonds import hexiamonds, one_sided_tetriamonds

PieceMaker = Callable[[int], tuple[Piece, ...]]  # the board's cell count -> the pieces


def _numbered_one_sided(kind: GridKind, size: int) -> PieceMaker:
    return lambda _cells: tuple(Piece(str(number), shape, mirror=False)
                                for number, shape in enumerate(one_sided(kind, size), 1))


def _copies(name: str, cells: tuple, size: int) -> PieceMaker:
    """As many copies of one piece as the board holds."""
    return lambda board_cells: (Piece(name, cells, count=board_cells // size),)


def _pentominoes_and_square(_cells: int) -> tuple[Piece, ...]:
    return (*piece_set("pentominoes"), Piece("O4", TETROMINO_NAMES["O"]))


def _soma_tetracubes(_cells: int) -> tuple[Piece, ...]:
    return tuple(piece for piece in piece_set("soma") if piece.size == 4)


# key -> (grid, label, maker)
LIBRARY_SETS: dict[str, tuple[GridKind, str, PieceMaker]] = {
    **{s.key: (s.kind, s.label, lambda _cells, key=s.key: piece_set(key)) for s in SETS},
    "one-sided-tetrominoes": (GridKind.SQUARE, "the 7 one-sided tetrominoes",
                              _numbered_one_sided(GridKind.SQUARE, 4)),
    "one-sided-pentominoes": (GridKind.SQUARE, "the 18 one-sided pentominoes",
                              _numbered_one_sided(GridKind.SQUARE, 5)),
    "pentominoes-and-square": (GridKind.SQUARE, "the 12 pentominoes and the square tetromino",
                               _pentominoes_and_square),
    "dominoes": (GridKind.SQUARE, "dominoes", _copies("domino", ((0, 0), (1, 0)), 2)),
    "straight-trominoes": (GridKind.SQUARE, "straight trominoes",
                           _copies("I3", ((0, 0), (1, 0), (2, 0)), 3)),
    "hexiamonds": (GridKind.TRIANGLE, "the 12 hexiamonds", lambda _cells: hexiamonds()),
    "lozenges": (GridKind.TRIANGLE, "lozenges (two triangles)",
                 _copies("lozenge", ((0, 0, 0), (0, 0, 1)), 2)),
    "one-sided-tetriamonds": (GridKind.TRIANGLE, "the 4 one-sided tetriamonds",
                              lambda _cells: one_sided_tetriamonds()),
    "soma-tetracubes": (GridKind.CUBE, "the 6 Soma tetracubes", _soma_tetracubes),
}

"""The classic polyiamond sets, as pieces of the triangle grid (cells (x, y, t), see
`triangles`): the tetriamonds and the twelve hexiamonds, under the names of T. H. O'Beirne
and Polyform Puzzler. New puzzles start from them; the shipped hexiamond boards use them."""

from __future__ import annotations

from .grids import GridKind
from .model import Piece, Puzzle

# The three free tetriamonds; the bar is chiral, so the one-sided set has four.
TETRIAMONDS = {
    "I4": ((0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1)),  # bar
    "C4": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0)),  # chevron
    "T4": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)),  # the triangle of side 2
}
I4_MIRRORED = ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1))

HEXIAMONDS = {
    "I6": ((0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (2, 0, 1)),  # bar
    "P6": ((0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0)),  # sphinx
    "J6": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1), (2, 1, 0)),  # crook
    "E6": ((0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 1, 0)),  # crown
    "V6": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1)),  # lobster
    "H6": ((0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 0, 0)),  # signpost
    "S6": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 1, 1), (1, 2, 0)),  # snake
    "X6": ((0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)),  # butterfly
    "C6": ((0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)),  # chevron
    "G6": ((0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)),  # hook
    "F6": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)),  # yacht
    "O6": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)),  # hexagon
}


def one_sided_tetriamonds() -> tuple[Piece, ...]:
    """The four one-sided tetriamonds: the bar and its mirror image are two pieces, none may
    be turned over (so the set holds each shape of the plane once)."""
    pieces = [Piece(name, cells, mirror=False) for name, cells in TETRIAMONDS.items()]
    pieces.insert(1, Piece("I4'", I4_MIRRORED, mirror=False))
    return tuple(pieces)


def hexiamonds() -> tuple[Piece, ...]:
    """The twelve free hexiamonds, each may be turned over."""
    return tuple(Piece(name, cells) for name, cells in HEXIAMONDS.items())


def parallelogram(width: int, height: int) -> tuple[tuple[int, int, int], ...]:
    """The cells of a parallelogram of width x height unit rhombi (each two triangles)."""
    return tuple((x, y, t) for y in range(height) for x in range(width) for t in (0, 1))


def polyiamond_puzzle(name: str, pieces: tuple[Piece, ...],
                      board: tuple[tuple[int, int, int], ...] = ()) -> Puzzle:
    return Puzzle(GridKind.TRIANGLE, name, board=board, pieces=pieces)

"""Classic piece sets to start a design from: every free polyform of a size on a grid, found
by growing shapes a cell at a time and keeping one form of each, and named the way puzzlers
name them (the pentominoes' letters, Soma's letters, the tetrahexes' names); sets without
conventional names are numbered, smallest shape first.

A set's pieces may be turned over (`mirror`) on flat grids, where a piece can be flipped;
a cube set has one piece per one-sided shape instead (a solid piece cannot be mirrored), so
its chiral pairs are two pieces, as in the Soma cube.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import numpy as np

from ..records import record

from .grids import GridKind, Shape, neighbours_of, normalise, orientations
from .model import Piece, Puzzle, PuzzleError

# the conventional names, each with one form of its shape (checked against the enumeration)
PENTOMINO_NAMES = {
    "F": ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2)), "I": ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)),
    "L": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)), "N": ((1, 0), (1, 1), (0, 2), (1, 2), (0, 3)),
    "P": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)), "T": ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2)),
    "U": ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1)), "V": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)),
    "W": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)), "X": ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    "Y": ((1, 0), (0, 1), (1, 1), (1, 2), (1, 3)), "Z": ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2)),
}
TETROMINO_NAMES = {
    "I": ((0, 0), (0, 1), (0, 2), (0, 3)), "O": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "T": ((0, 0), (1, 0), (2, 0), (1, 1)), "S": ((1, 0), (2, 0), (0, 1), (1, 1)),
    "L": ((0, 0), (0, 1), (0, 2), (1, 2)),
}
SOMA_NAMES = {  # Piet Hein's pieces, as the shipped soma.json has them
    "V": ((0, 0, 0), (0, 1, 0), (1, 0, 0)), "L": ((0, 0, 0), (0, 1, 0), (1, 0, 0), (2, 0, 0)),
    "T": ((0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 0, 0)),
    "S": ((0, 1, 0), (1, 0, 0), (1, 1, 0), (2, 0, 0)),
    "A": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 1)),
    "B": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)),
    "P": ((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)),
}
TETRAHEX_NAMES = {  # axial (q, r)
    "bar": ((0, 0), (1, 0), (2, 0), (3, 0)), "pistol": ((0, 0), (1, 0), (0, 1), (-1, 2)),
    "propeller": ((0, 0), (1, 0), (-1, 1), (0, -1)), "worm": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "arch": ((1, 0), (1, -1), (0, -1), (-1, 0)), "bee": ((0, 0), (1, 0), (0, 1), (1, -1)),
    "wave": ((0, 0), (1, 0), (1, 1), (2, 1)),
}


@record
class PieceSet:
    key: str
    label: str  # what the New dialog lists
    kind: GridKind
    size: int  # cells per piece (Soma: 3 and 4)
    names: dict | None = None  # name -> a form of its shape; None: numbered


SETS = (
    PieceSet("tetrominoes", "the 5 tetrominoes", GridKind.SQUARE, 4, TETROMINO_NAMES),
    PieceSet("pentominoes", "the 12 pentominoes", GridKind.SQUARE, 5, PENTOMINO_NAMES),
    PieceSet("hexominoes", "the 35 hexominoes", GridKind.SQUARE, 6),
    PieceSet("tetrahexes", "the 7 tetrahexes", GridKind.HEX, 4, TETRAHEX_NAMES),
    PieceSet("pentahexes", "the 22 pentahexes", GridKind.HEX, 5),
    PieceSet("soma", "the 7 Soma pieces", GridKind.CUBE, 4, SOMA_NAMES),
    PieceSet("tetracubes", "the 8 tetracubes", GridKind.CUBE, 4),
    PieceSet("solid-pentominoes", "the 12 solid pentominoes", GridKind.CUBE, 5, PENTOMINO_NAMES),
)


def piece_set(key: str) -> tuple[Piece, ...]:
    """The pieces of the set `key` (a key of SETS), one copy each."""
    chosen = next(s for s in SETS if s.key == key)
    mirror = chosen.kind.grid.flat  # a plane piece may be turned over
    if chosen.key == "soma":
        shapes = [s for s in one_sided(GridKind.CUBE, 3) + one_sided(GridKind.CUBE, 4)
                  if not _flat_convex(s)]
    elif chosen.key == "solid-pentominoes":  # the flat pentominoes, as pieces of cubes
        shapes = [tuple((x, y, 0) for x, y in shape) for shape in free(GridKind.SQUARE, 5)]
    else:
        shapes = list(free(chosen.kind, chosen.size) if mirror
                      else one_sided(chosen.kind, chosen.size))
    names = _named(chosen, shapes) if chosen.names else \
        {shape: str(number) for number, shape in enumerate(shapes, 1)}
    return tuple(Piece(names[shape], shape, mirror=mirror) for shape in shapes)


def _named(chosen: PieceSet, shapes: list[Shape]) -> dict[Shape, str]:
    """Each shape's conventional name (a set's table names every shape once)."""
    kind = chosen.kind
    mirror = kind.grid.flat
    forms = {}
    for name, cells in chosen.names.items():
        cells = tuple((*cell, 0) if kind is GridKind.CUBE and len(cell) == 2 else cell
                      for cell in cells)
        forms[_canonical(kind, normalise(np.array(cells), kind), mirror)] = name
    return {shape: forms[_canonical(kind, shape, mirror)] for shape in shapes}


def _flat_convex(shape: Shape) -> bool:
    """A straight or square piece (Soma leaves out the tetracubes I and O)."""
    spans = np.ptp(np.array(shape), axis=0) + 1
    return int(np.prod(spans)) == len(shape)


@cache
def free(kind: GridKind, size: int) -> tuple[Shape, ...]:
    """One form of every shape of `size` cells, up to rotations and reflections."""
    return _grown(kind, size, mirror=True)


@cache
def one_sided(kind: GridKind, size: int) -> tuple[Shape, ...]:
    """One form of every shape of `size` cells, up to rotations (a chiral pair: two)."""
    return _grown(kind, size, mirror=False)


def _grown(kind: GridKind, size: int, *, mirror: bool) -> tuple[Shape, ...]:
    """Shapes grown a cell at a time from one cell, each kept in its canonical form;
    smallest form first (a stable order: the numbered sets' numbers)."""
    origin = (0,) * kind.dimensions
    shapes = {_canonical(kind, (origin,), mirror)}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            cells = set(shape)
            for cell in shape:
                for neighbour in neighbours_of(kind, cell):
                    if neighbour not in cells:
                        bigger = normalise(np.array([*shape, neighbour]), kind)
                        grown.add(_canonical(kind, bigger, mirror))
        shapes = grown
    return tuple(sorted(shapes, key=lambda shape: (_extent(shape), shape)))


def _canonical(kind: GridKind, shape: Shape, mirror: bool) -> Shape:
    return min(orientations(kind, shape, mirror=mirror))


def _extent(shape: Shape) -> tuple[int, ...]:
    """Longest side first: the bar before the blob."""
    return tuple(sorted(-int(v) for v in np.ptp(np.array(shape), axis=0)))


def with_pieces_of(puzzle: Puzzle, other: Puzzle) -> Puzzle:
    """`puzzle` with `other`'s pieces added after its own (a name already taken gains a
    number: "F 2"; their constraint paint only when both puzzles have the same colours).
    PuzzleError when the grids differ or `other` has no pieces."""
    if other.kind is not puzzle.kind:
        raise PuzzleError(f"“{other.name}” is a {other.kind.value} puzzle: its pieces do not "
                          f"fit a {puzzle.kind.value} board")
    if not other.pieces:
        raise PuzzleError(f"“{other.name}” has no pieces")
    taken = {piece.name for piece in puzzle.pieces}
    added = []
    for piece in other.pieces:
        name, number = piece.name, 1
        while name in taken:
            number += 1
            name = f"{piece.name} {number}"
        taken.add(name)
        same_colours = puzzle.constraint_colours == other.constraint_colours
        added.append(dataclasses.replace(piece, name=name,
                                         paint=piece.paint if same_colours else ()))
    return dataclasses.replace(puzzle, pieces=puzzle.pieces + tuple(added))

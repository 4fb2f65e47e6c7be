"""Turning, mirroring and moving a piece's cells in place, with the grid's own symmetries.

An editor turns a shape by one generator of its grid's symmetry group (a quarter turn of the
square grid, a sixth of the hex and triangle grids, a quarter turn about one axis of the cube
grid) or mirrors it. The image keeps the shape's lowest corner (`grids.aligned_image`), so a
piece drawn over the board stays where it was. Each grid object says which turn, mirror
and steps its canvas uses (`Grid.edit_turn`, `edit_mirror`, `canvas_steps`). Triangles go
through `triangles.image`, which turns up triangles into down ones where a symmetry does.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .grids import Cell, GridKind, Shape

DIRECTIONS = ("right", "left", "up", "down")


CellMap = dict[Cell, Cell]  # each cell of a shape to where an edit puts it


def _image(kind: GridKind, cells: Iterable[Cell], matrix: np.ndarray) -> CellMap:
    cells = [tuple(cell) for cell in cells]
    if not cells:
        return {}
    image = kind.grid.aligned_image(np.array(cells, dtype=np.int64), matrix)
    return dict(zip(cells, map(tuple, image.tolist())))


def turn(kind: GridKind, cells: Iterable[Cell], axis: str = "z") -> CellMap:
    """`cells` turned once (the cube grid: a quarter turn about `axis`, "x", "y" or "z"),
    keeping their lowest corner."""
    return _image(kind, cells, kind.grid.edit_turn_about(axis))


def mirror(kind: GridKind, cells: Iterable[Cell]) -> CellMap:
    """`cells` mirrored left to right, keeping their lowest corner."""
    return _image(kind, cells, kind.grid.edit_mirror)


def move(kind: GridKind, cells: Iterable[Cell], direction: str) -> CellMap:
    """`cells` one step "right", "left", "up" or "down" as the flat canvases draw them (the
    cube grid: along x or y); a triangle keeps pointing the way it points."""
    step = kind.grid.canvas_steps[DIRECTIONS.index(direction)]
    return {tuple(cell): tuple(value + (step[axis] if axis < len(step) else 0)
                               for axis, value in enumerate(cell)) for cell in cells}


def shape(cell_map: CellMap) -> Shape:
    """The cells an edit made, sorted as a Piece keeps them."""
    return tuple(sorted(cell_map.values()))


def translated_onto(kind: GridKind, cells: Iterable[Cell], origin: Cell,
                    target: Cell) -> Shape | None:
    """`cells` moved by the translation taking `origin` to `target`; None when none does (a
    triangle pointing up never moves onto one pointing down)."""
    moves = kind.translation_axes
    if tuple(origin[moves:]) != tuple(target[moves:]):
        return None
    shift = [b - a for a, b in zip(origin[:moves], target[:moves])]
    return tuple(sorted(tuple(value + shift[axis] if axis < moves else value
                              for axis, value in enumerate(cell)) for cell in cells))

"""A library entry's board, from its compact form: a text picture (`#` a cell, `.` none; a
cube's as one picture a layer) or a shape (rectangle, box, parallelogram), less the cells of
`minus`. Pictures read as the app draws boards: square rows top down, hex offset rows (odd
rows shifted half a cell right), triangles half a cell apart (`triangles.cell_at_offset`)."""

from __future__ import annotations

from typing import Any

from ..puzzle.grids import GridKind, offset_to_hex
from ..puzzle.triangles import cell_at_offset

Cells = tuple[tuple[int, ...], ...]


class BoardError(ValueError):
    """The board of an entry cannot be read; the message names what is wrong."""


def board_cells(kind: GridKind, spec: Any) -> Cells:
    """The cells of the board `spec` on the grid `kind`, sorted. BoardError if unreadable."""
    if not isinstance(spec, dict) or not spec:
        raise BoardError("the board must be an object such as {\"rectangle\": [10, 6]}")
    shapes = [key for key in spec if key != "minus"]
    if len(shapes) != 1:
        raise BoardError("the board needs exactly one of picture, layers, rectangle, box, "
                         f"parallelogram (found {', '.join(shapes) or 'none'})")
    key = shapes[0]
    reader = _READERS.get((kind, key))
    if reader is None:
        raise BoardError(f"a {kind.value} board cannot be given as {key!r}")
    cells = set(reader(spec[key]))
    for cell in spec.get("minus", []):
        if tuple(cell) not in cells:
            raise BoardError(f"minus: {list(cell)} is not a cell of the board")
        cells.discard(tuple(cell))
    if not cells:
        raise BoardError("the board has no cells")
    return tuple(sorted(cells))


def _sides(value: Any, count: int) -> list[int]:
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(v, int) and 0 < v <= 64 for v in value)):
        raise BoardError(f"expected {count} sides between 1 and 64, got {value!r}")
    return value


def _picture(rows: Any) -> list[tuple[int, int]]:
    """(row, column) of every `#` in a picture."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise BoardError("a picture is a list of text rows")
    found = []
    for row, text in enumerate(rows):
        for col, char in enumerate(text):
            if char not in "#.":
                raise BoardError(f"picture row {row + 1}: {char!r} is neither # nor .")
            if char == "#":
                found.append((row, col))
    return found


def _square_picture(rows: Any) -> list[tuple[int, int]]:
    return [(col, row) for row, col in _picture(rows)]


def _hex_picture(rows: Any) -> list[tuple[int, int]]:
    return [offset_to_hex(row, col) for row, col in _picture(rows)]


def _triangle_picture(rows: Any) -> list[tuple[int, int, int]]:
    return [cell_at_offset(row, col) for row, col in _picture(rows)]


def _layers(layers: Any) -> list[tuple[int, int, int]]:
    if not isinstance(layers, list) or not layers:
        raise BoardError("layers is a list of pictures, the bottom layer first")
    return [(x, y, z) for z, rows in enumerate(layers) for x, y in _square_picture(rows)]


def _rectangle(value: Any) -> list[tuple[int, int]]:
    width, height = _sides(value, 2)
    return [(x, y) for x in range(width) for y in range(height)]


def _box(value: Any) -> list[tuple[int, int, int]]:
    a, b, c = _sides(value, 3)
    return [(x, y, z) for x in range(a) for y in range(b) for z in range(c)]


def _hex_parallelogram(value: Any) -> list[tuple[int, int]]:
    width, height = _sides(value, 2)
    return [(q, r) for q in range(width) for r in range(height)]


def _triangle_parallelogram(value: Any) -> list[tuple[int, int, int]]:
    width, height = _sides(value, 2)
    return [(x, y, t) for x in range(width) for y in range(height) for t in (0, 1)]


_READERS = {
    (GridKind.SQUARE, "picture"): _square_picture,
    (GridKind.SQUARE, "rectangle"): _rectangle,
    (GridKind.HEX, "picture"): _hex_picture,
    (GridKind.HEX, "parallelogram"): _hex_parallelogram,
    (GridKind.TRIANGLE, "picture"): _triangle_picture,
    (GridKind.TRIANGLE, "parallelogram"): _triangle_parallelogram,
    (GridKind.CUBE, "layers"): _layers,
    (GridKind.CUBE, "box"): _box,
}

"""Grid geometry: coordinates, neighbours and symmetry groups as data.

Glossary
- cell: a tuple of ints in the grid's native coordinates: hex (q, r) axial, square (x, y),
  cube (x, y, z), triangle (x, y, t) (see `triangles`).
- shape: a sorted tuple of cells.
- symmetry: an integer matrix acting on cell coordinates (a rotation when its determinant is +1,
  otherwise a reflection). Every group is listed as data, identity first.
- normalise: translate a shape so the minimum of every coordinate a translation moves (all but
  a triangle's t) is 0, then sort. Two shapes are the same free shape when their normalised
  images under some symmetry are equal.

Hex boards are drawn as offset rows (odd rows shifted half a cell right). Axial coordinates make
translations plain vector additions, so one normalisation serves all grids.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from itertools import permutations, product

import numpy as np

from . import triangles
from .limits import MAX_SPAN

Cell = tuple[int, ...]
Shape = tuple[Cell, ...]


class GridKind(str, Enum):
    HEX = "hex"
    SQUARE = "square"
    CUBE = "cube"
    SUDOKU = "sudoku"
    TRIANGLE = "triangle"

    @property
    def dimensions(self) -> int:
        return 3 if self in (GridKind.CUBE, GridKind.TRIANGLE) else 2

    @property
    def axes(self) -> str:
        """The names of a cell's coordinates, one letter each."""
        return {"hex": "qr", "square": "xy", "cube": "xyz", "triangle": "xyt"}.get(self.value, "")

    @property
    def translation_axes(self) -> int:
        """How many leading coordinates a translation moves (a triangle's t stays)."""
        return triangles.TRANSLATION_AXES if self is GridKind.TRIANGLE else self.dimensions


def _close_group(generators: list[np.ndarray]) -> list[np.ndarray]:
    """All products of the generators, identity first, in a stable order."""
    dim = generators[0].shape[0]
    identity = np.eye(dim, dtype=np.int64)
    found = [identity]
    seen = {identity.tobytes()}
    frontier = [identity]
    while frontier:
        next_frontier = []
        for element in frontier:
            for generator in generators:
                product_matrix = generator @ element
                key = product_matrix.tobytes()
                if key not in seen:
                    seen.add(key)
                    found.append(product_matrix)
                    next_frontier.append(product_matrix)
        frontier = next_frontier
    return found


@cache
def symmetry_group(kind: GridKind) -> tuple[np.ndarray, ...]:
    """The point symmetries of the grid: hex 12, square 8, cube 48 (identity first); the
    triangle grid shares the hex group, acting on lattice points (`apply_symmetry`)."""
    if kind is GridKind.TRIANGLE:
        return symmetry_group(GridKind.HEX)
    if kind is GridKind.HEX:
        rotate_60 = np.array([[0, -1], [1, 1]])  # (q, r) -> (-r, q + r)
        mirror = np.array([[0, 1], [1, 0]])  # (q, r) -> (r, q)
        group = _close_group([rotate_60, mirror])
    elif kind is GridKind.SQUARE:
        group = _signed_permutations(2)
    elif kind is GridKind.CUBE:
        group = _signed_permutations(3)
    else:
        raise ValueError(f"grid {kind.value!r} has no placement symmetries")
    for matrix in group:
        matrix.setflags(write=False)
    return tuple(group)


def _signed_permutations(dim: int) -> list[np.ndarray]:
    matrices = []
    for perm in permutations(range(dim)):
        for signs in product((1, -1), repeat=dim):
            matrix = np.zeros((dim, dim), dtype=np.int64)
            for row, (col, sign) in enumerate(zip(perm, signs)):
                matrix[row, col] = sign
            matrices.append(matrix)
    return matrices


def is_rotation(matrix: np.ndarray) -> bool:
    """Whether the symmetry keeps handedness (determinant 1): integer arithmetic on the
    entries, a microsecond against np.linalg.det's twenty (thousands of calls per prepare)."""
    m = matrix.tolist()
    if len(m) == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0] == 1
    if len(m) == 3:
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])) == 1
    return round(float(np.linalg.det(matrix))) == 1


@cache
def rotation_flags(kind: GridKind) -> tuple[bool, ...]:
    """Which members of `symmetry_group(kind)` are rotations, in its order."""
    return tuple(is_rotation(matrix) for matrix in symmetry_group(kind))


def neighbour_offsets(kind: GridKind) -> tuple[Cell, ...]:
    """The steps to a cell's neighbours, for grids where they are the same for every cell
    (all but the triangle grid: see `neighbours_of`)."""
    if kind is GridKind.HEX:
        return ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    if kind is GridKind.SQUARE:
        return ((1, 0), (-1, 0), (0, 1), (0, -1))
    if kind is GridKind.CUBE:
        return ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
    raise ValueError(f"grid {kind.value!r} has no neighbour structure")


def neighbours_of(kind: GridKind, cell: Cell) -> list[Cell]:
    """The cells sharing a face (an edge in the plane) with `cell`."""
    if kind is GridKind.TRIANGLE:
        return list(triangles.neighbours(cell))
    return [tuple(a + b for a, b in zip(cell, offset)) for offset in neighbour_offsets(kind)]


def neighbour_count(kind: GridKind) -> int:
    return 3 if kind is GridKind.TRIANGLE else len(neighbour_offsets(kind))


def normalise(cells: np.ndarray, kind: GridKind | None = None) -> Shape:
    """Translate to the origin and sort: the canonical form of a shape in one orientation
    (`kind` None: every coordinate is translated)."""
    shifted = np.array(cells, dtype=np.int64)
    moved = kind.translation_axes if kind is not None else shifted.shape[-1]
    shifted[:, :moved] -= shifted[:, :moved].min(axis=0)
    return tuple(sorted(map(tuple, shifted.tolist())))


def apply_symmetry(kind: GridKind, cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """The image of `cells` (N, d) under the point symmetry `matrix` of the grid."""
    cells = np.asarray(cells, dtype=np.int64)
    if kind is GridKind.TRIANGLE:
        return triangles.image(cells, matrix)
    return cells @ matrix.T


def aligned_image(kind: GridKind, cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """The image of `cells` under `matrix`, translated so that its lowest coordinates are
    those of `cells`: the board itself, when the symmetry (with some translation) maps the
    board onto itself."""
    cells = np.asarray(cells, dtype=np.int64)
    image = apply_symmetry(kind, cells, matrix)
    moved = kind.translation_axes
    image[:, :moved] += cells[:, :moved].min(axis=0) - image[:, :moved].min(axis=0)
    return image


def orientations(kind: GridKind, shape: Shape, *, mirror: bool) -> list[Shape]:
    """The distinct orientations of a shape: under rotations only, or all symmetries."""
    cells = np.array(shape, dtype=np.int64)
    found: dict[Shape, None] = {}
    for matrix in symmetry_group(kind):
        if mirror or is_rotation(matrix):
            found.setdefault(normalise(apply_symmetry(kind, cells, matrix), kind))
    return list(found)


@cache
def orientations_of(kind: GridKind, shape: Shape, mirror: bool) -> tuple[Shape, ...]:
    """`orientations`, remembered: the editors ask again after every edit."""
    return tuple(orientations(kind, shape, mirror=mirror))


@cache
def rotation_class(kind: GridKind, shape: Shape) -> Shape:
    """The smallest of a shape's rotations: two shapes are rotations of each other exactly
    when their classes are equal."""
    return min(orientations_of(kind, shape, False))


def transform(cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    return cells @ matrix.T


def is_connected(kind: GridKind, cells: Shape | list[Cell]) -> bool:
    return len(connected_components(kind, cells)) <= 1


def connected_components(kind: GridKind, cells: Shape | list[Cell]) -> list[list[Cell]]:
    """Groups of edge-connected cells, each group in discovery order."""
    remaining = set(map(tuple, cells))
    components = []
    while remaining:
        start = min(remaining)
        remaining.discard(start)
        component, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for neighbour in neighbours_of(kind, cell):
                if neighbour in remaining:
                    remaining.discard(neighbour)
                    component.append(neighbour)
                    stack.append(neighbour)
        components.append(component)
    return components


def offset_to_hex(row: int, col: int) -> Cell:
    """Offset rows (odd rows shifted half a cell right) to axial (q, r)."""
    return (col - (row - (row & 1)) // 2, row)


def hex_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial (q, r) to offset (row, col)."""
    return r, q + (r - (r & 1)) // 2


class CellLocator:
    """Board cells -> their positions in the board, for many cells at once, whatever the
    board's extent: each cell becomes one integer key (its coordinates in a box MAX_SPAN
    wider than the board on every side, so that no piece placed on a board cell reaches
    outside it), looked up by bisection among the board's sorted keys. `kind` (None: every
    coordinate is translated) says which coordinates translations move: a triangle keeps t."""

    def __init__(self, board: np.ndarray, kind: GridKind | None = None) -> None:
        dims = board.shape[1] if board.ndim == 2 else 1
        low = (board.min(axis=0) if len(board) else np.zeros(dims, dtype=np.int64)) - MAX_SPAN
        high = (board.max(axis=0) if len(board) else np.zeros(dims, dtype=np.int64)) + MAX_SPAN
        self.board, self.low = board, low
        self.corners = (board.min(axis=0), board.max(axis=0)) if len(board) else (low, high)
        self.moved = kind.translation_axes if kind is not None else dims
        self.strides = np.cumprod(np.concatenate(([1], (high - low + 1)[:-1]))).astype(np.int64)
        keys = self.keys(board)
        self.order = np.argsort(keys, kind="stable")
        self.sorted_keys = keys[self.order]

    def keys(self, cells: np.ndarray) -> np.ndarray:
        return ((cells - self.low) * self.strides).sum(axis=-1)

    def translations(self, shape: np.ndarray) -> np.ndarray:
        """(k, cells) int64: the sorted items of every position of the oriented `shape` inside
        the board, by the board cell its first cell sits on (each position once: that cell
        is fixed within the shape)."""
        if not len(self.sorted_keys):
            return np.zeros((0, len(shape)), dtype=np.int64)
        anchors = self.anchors(shape)
        wanted = self.keys(anchors[:, None, :] + (shape - shape[0])[None, :, :])
        at = np.searchsorted(self.sorted_keys, wanted).clip(max=len(self.sorted_keys) - 1)
        inside = (self.sorted_keys[at] == wanted).all(axis=1)
        return np.sort(self.order[at[inside]], axis=1)

    def anchors(self, shape: np.ndarray) -> np.ndarray:
        """The board cells the shape's first cell may sit on: those from which the shape
        stays within the board's bounding box (a cage as large as its box: one of them, not
        every cell of the box) and, on a grid with untranslated coordinates, that match its
        first cell's."""
        offsets = shape - shape[0]
        fits = ((self.board + offsets.min(axis=0) >= self.corners[0])
                & (self.board + offsets.max(axis=0) <= self.corners[1])).all(axis=1)
        fits &= (self.board[:, self.moved:] == shape[0, self.moved:]).all(axis=1)
        return self.board[fits]

"""`Grid`: everything PolyGUI knows about one polyform grid, in one object.

Glossary
- cell: a tuple of ints in the grid's native coordinates (`Grid.axes` names them).
- shape: a sorted tuple of cells.
- symmetry: an integer matrix acting on cell coordinates (a rotation when its determinant is
  +1, otherwise a reflection). Every group is listed as data, identity first: its order is
  the order of orientations, placements and solutions, so it never changes.
- normalise: translate a shape so the minimum of every coordinate a translation moves (the
  first `translation_axes`) is 0, then sort. Two shapes are the same free shape when their
  normalised images under some symmetry are equal.

A subclass gives the data (axes, group generators or matrices, neighbour offsets) and
overrides a method only where its cells are not plain vectors (the triangle grid).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import cache, cached_property
from itertools import permutations, product

import numpy as np

from ...records import record

from .kind import GridKind

Cell = tuple[int, ...]
Shape = tuple[Cell, ...]


@record
class Colouring:
    """A colouring of the grid's cells whose counts can prove a puzzle has no solution."""

    name: str
    colour_names: tuple[str, ...]
    colour_of: Callable[[Cell], int]


class Grid(ABC):
    """One polyform grid's facts. Subclasses set the class attributes and `_group`."""

    kind: GridKind
    axes: str  # a letter per coordinate of a cell
    neighbour_offsets: tuple[Cell, ...] = ()  # steps to the neighbours, alike for every cell
    flat: bool = True  # a plane grid, whose pieces a player may turn over (not the cube)
    colourings: tuple[Colouring, ...] = ()  # for certificates of no solution
    bitboard_kernel: bool = False  # boards up to 64 cells solve fastest in the bit-board
    # kernel (measured: solvers.search.bitboard.suits_bitboard); others go to live sets
    # editing (solvers.puzzle.shape_edits): one turn and a left-right mirror as the canvas
    # draws the grid, and a step right, left, up and down on it
    edit_turn: np.ndarray
    edit_mirror: np.ndarray
    canvas_steps: tuple[Cell, ...]
    # the board editor's canvas: its area when the board is empty (first row, first column,
    # rows, columns) and the margin of positions around a piece
    canvas_area: tuple[int, int, int, int] = (0, 0, 5, 6)
    canvas_margin: int = 1
    # playing (solvers.play.moves): a clockwise turn and a flip on screen, the turn's order,
    # and a box's tip over (grids with layers)
    screen_turn: np.ndarray
    screen_flip: np.ndarray
    turn_period: int
    screen_tip: np.ndarray | None = None
    playable: bool = True  # whether the app's Play mode takes its puzzles

    @property
    def dimensions(self) -> int:
        return len(self.axes)

    @property
    def translation_axes(self) -> int:
        """How many leading coordinates a translation moves."""
        return self.dimensions

    @property
    def neighbour_count(self) -> int:
        return len(self.neighbour_offsets)

    @abstractmethod
    def _group(self) -> list[np.ndarray]:
        """The point symmetries, identity first, in their fixed order."""

    @cached_property
    def symmetry_group(self) -> tuple[np.ndarray, ...]:
        """The point symmetries of the grid (identity first), read-only."""
        group = self._group()
        for matrix in group:
            matrix.setflags(write=False)
        return tuple(group)

    @cached_property
    def rotation_flags(self) -> tuple[bool, ...]:
        """Which members of `symmetry_group` are rotations, in its order."""
        return tuple(is_rotation(matrix) for matrix in self.symmetry_group)

    def bitboard_suits(self, board: Shape) -> bool:
        """Whether this board (of at most 64 cells) solves fastest in the bit-board kernel:
        `bitboard_kernel`, whatever its shape, on most grids."""
        return self.bitboard_kernel

    def edit_turn_about(self, axis: str) -> np.ndarray:
        """The editors' turn about `axis` ("x", "y" or "z"): the plane grids turn about z."""
        return self.edit_turn

    def cell_class(self, cell: Cell) -> int:
        """What a translation keeps of a cell (a triangle's pointing); 0 on most grids."""
        return 0

    def canvas_offsets(self, cells) -> np.ndarray:
        """(N, 2) int64: (row, column) of plane cells on the editors' rectangular canvas,
        rows from the top."""
        raise ValueError(f"cells of the {self.kind.value} grid lie on no plane canvas")

    def cell_at_canvas(self, row: int, col: int) -> Cell:
        """The plane cell drawn at canvas (row, column): the inverse of `canvas_offsets`."""
        raise ValueError(f"cells of the {self.kind.value} grid lie on no plane canvas")

    def drawn_coordinates(self, cells: Shape) -> np.ndarray:
        """(items, dims) int64: the cells where a rectangular canvas draws them, x first."""
        return self.canvas_offsets(cells)[:, ::-1].copy()

    tile_area: float = 0.0  # a plane cell's area, unit edges (0: cells are no plane tiles)

    def tile_corners(self, cell: Cell) -> np.ndarray:
        """(k, 2) float: a plane cell's corners, counter-clockwise, unit edges, seen from
        above as the app draws it but with y up (the app's rows are mirrored). Computed from
        integers alike for every cell sharing a corner, so neighbours meet exactly."""
        raise ValueError(f"cells of the {self.kind.value} grid are not flat tiles")

    @abstractmethod
    def text_picture(self, board: Shape, picture: dict[Cell, str]) -> str:
        """The board as text, a character per cell (`picture`'s, '.' for a cell without
        one): what the CLI prints for a solution."""

    def validate_cells(self, where: str, cells: Shape) -> None:
        """PuzzleError naming a cell this grid has no such cell for (beyond the count of
        coordinates, which the model checks): nothing to check on most grids."""

    def passing_items(self, board: Shape) -> list[tuple[tuple[Cell, ...], ...]]:
        """Secondary exact-cover items of the board, each as its lines (tuples of cells): a
        placement covers an item when it holds every cell of one of its lines, and no two
        placements of a solution cover the same item (a stick grid's lattice points, where
        pieces may not cross). None on most grids."""
        return []

    def fitting_rule(self, board: Shape) -> str:
        """A rule of the grid, past not overlapping, that pieces on `board` must keep (an
        explanation names it): none on most grids."""
        return ""

    def cell_beside(self, cell: Cell, normal: Cell, point) -> Cell:
        """The cell an editor adds where a click meets `cell`'s drawn unit cube on the face of
        outward `normal`, at `point` (in cell units): the cell across that face."""
        return tuple(int(c + n) for c, n in zip(cell, normal))

    def neighbours_of(self, cell: Cell) -> list[Cell]:
        """The cells sharing a face (an edge in the plane) with `cell`."""
        return [tuple(a + b for a, b in zip(cell, offset)) for offset in self.neighbour_offsets]

    def normalise(self, cells: np.ndarray) -> Shape:
        """Translate to the origin and sort: a shape's canonical form in one orientation."""
        return tuple(sorted(map(tuple, self.to_origin(cells).tolist())))

    def to_origin(self, cells: np.ndarray) -> np.ndarray:
        """(N, d) int64: `cells` translated so the least of every translated coordinate is 0
        (a grid whose translations are fewer moves them onto its lattice instead)."""
        shifted = np.array(cells, dtype=np.int64)
        moved = self.translation_axes
        shifted[:, :moved] -= shifted[:, :moved].min(axis=0)
        return shifted

    def apply_symmetry(self, cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
        """The image of `cells` (N, d) under the point symmetry `matrix` of the grid."""
        return np.asarray(cells, dtype=np.int64) @ matrix.T

    def aligned_image(self, cells: np.ndarray, matrix: np.ndarray) -> np.ndarray:
        """The image of `cells` under `matrix`, translated so that its lowest coordinates are
        those of `cells`: the board itself, when the symmetry (with some translation) maps
        the board onto itself."""
        cells = np.asarray(cells, dtype=np.int64)
        image = self.apply_symmetry(cells, matrix)
        moved = self.translation_axes
        image[:, :moved] += cells[:, :moved].min(axis=0) - image[:, :moved].min(axis=0)
        return image

    def orientations(self, shape: Shape, *, mirror: bool) -> list[Shape]:
        """The distinct orientations of a shape: under rotations only, or all symmetries, in
        the group's order."""
        if self._makes_images_at_once(shape):
            return [tuple(map(tuple, cells))
                    for cells in self.orientation_array(shape, mirror).tolist()]
        cells = np.array(shape, dtype=np.int64)
        found: dict[Shape, None] = {}
        for matrix in self._matrices(mirror):
            found.setdefault(self.normalise(self.apply_symmetry(cells, matrix)))
        return list(found)

    def images_are_products(self) -> bool:
        """Whether this grid's images and normal forms are Grid's own (matrix products,
        translated to the origin and sorted), so that all of a shape's can be made at once."""
        own = type(self)
        return (own.apply_symmetry is Grid.apply_symmetry and own.to_origin is Grid.to_origin
                and own.normalise is Grid.normalise)

    def _makes_images_at_once(self, shape: Shape) -> bool:
        """Whether `orientations` are Grid's own and made by `distinct_images_at_origin`."""
        return bool(shape) and self.images_are_products() \
            and type(self).orientations is Grid.orientations

    def _matrices(self, mirror: bool) -> list[np.ndarray]:
        return [matrix for matrix, rotation in zip(self.symmetry_group, self.rotation_flags)
                if mirror or rotation]

    @cache
    def orientations_of(self, shape: Shape, mirror: bool) -> tuple[Shape, ...]:
        """`orientations`, remembered: the editors ask again after every edit (grid objects
        live as long as the program, so the cache on `self` frees nothing early)."""
        return tuple(self.orientations(shape, mirror=mirror))

    @cache
    def orientation_array(self, shape: Shape, mirror: bool) -> np.ndarray:
        """`orientations_of` as one read-only (k, N, d) int64 array, which the placements
        are made from, without a shape made of each orientation and an array of those again
        (every placement of SolidSixPieceBurrs' 25 pieces: 14.5 -> 9.6 ms)."""
        if self._makes_images_at_once(shape):
            found = distinct_images_at_origin(np.array(shape, dtype=np.int64),
                                              self._matrices(mirror), self.translation_axes)
        else:
            shapes = self.orientations_of(shape, mirror)
            found = np.array(shapes, dtype=np.int64).reshape(len(shapes), len(shape),
                                                            self.dimensions)
        found.flags.writeable = False
        return found

    @cache
    def rotation_class(self, shape: Shape) -> Shape:
        """The smallest of a shape's rotations: two shapes are rotations of each other
        exactly when their classes are equal. Read off `orientation_array` (flattened, an
        orientation's sorted cells compare as its shape does), without a shape made of each
        rotation (SolidSixPieceBurrs' board symmetries, which ask for its 25 pieces' and
        their mirror images': 6.9 -> 5.0 ms)."""
        rotations = self.orientation_array(shape, False)
        flat = rotations.reshape(len(rotations), -1).tolist()
        least = min(range(len(flat)), key=flat.__getitem__)
        return tuple(map(tuple, rotations[least].tolist()))

    def is_connected(self, cells: Shape | list[Cell]) -> bool:
        if len(cells) > 1 and type(self).neighbours_of is Grid.neighbours_of:
            array = np.array(cells, dtype=np.int64)
            if np.prod(np.ptp(array, axis=0) + 3.0) <= REACH_TABLE_CELLS:  # not far-flung cells
                return reaches_all(array, np.array(self.neighbour_offsets, dtype=np.int64))
        return len(self.connected_components(cells)) <= 1

    def connected_components(self, cells: Shape | list[Cell]) -> list[list[Cell]]:
        """Groups of edge-connected cells, each group in discovery order."""
        remaining = set(map(tuple, cells))
        components = []
        while remaining:
            start = min(remaining)
            remaining.discard(start)
            component, stack = [start], [start]
            while stack:
                cell = stack.pop()
                for neighbour in self.neighbours_of(cell):
                    if neighbour in remaining:
                        remaining.discard(neighbour)
                        component.append(neighbour)
                        stack.append(neighbour)
            components.append(component)
        return components


REACH_TABLE_CELLS = 1 << 20  # the largest box `reaches_all` makes a table of (9 MB): a few
# cells far apart (a piece may span 256 cells an axis) are followed cell by cell instead


def lexicographic_strides(extent: np.ndarray) -> np.ndarray:
    """Strides numbering the cells of a box of `extent` (d,) so that their numbers sort as
    their coordinates do: the last axis counts 1."""
    return np.cumprod(np.concatenate(([1], extent[:0:-1])))[::-1]


def reaches_all(cells: np.ndarray, offsets: np.ndarray) -> bool:
    """Whether the cells (N, d), stepping by `offsets` from one to the next, are all reached
    from the first: breadth first, a layer at a time, in a table of their bounding box
    (PelikanBurr's cage of 200 cubes: 0.95 ms cell by cell, 0.2 ms so)."""
    margin = int(np.abs(offsets).max())
    cells = cells - cells.min(axis=0) + margin
    shape = cells.max(axis=0) + margin + 1
    strides = lexicographic_strides(shape)
    keys = cells @ strides
    unreached = np.zeros(int(np.prod(shape)), dtype=bool)
    unreached[keys] = True
    steps = offsets @ strides
    layer = keys[:1]
    unreached[layer] = False
    last_seen = np.empty(len(unreached), dtype=np.int64)  # dedupes a layer without sorting
    while layer.size:
        around = (layer[:, None] + steps).ravel()
        around = around[unreached[around]]
        at = np.arange(len(around))
        last_seen[around] = at
        layer = around[last_seen[around] == at]  # each cell once (np.unique loads numpy.ma)
        unreached[layer] = False
    return not unreached.any()


def distinct_images_at_origin(cells: np.ndarray, matrices: list[np.ndarray],
                              moved: int) -> np.ndarray:
    """(k, N, d): the distinct normal forms of `cells` (N, d) under `matrices`, in their
    order: all images made by one product and sorted at once, each cell keyed by one
    integer (PelikanBurr's seven pieces: 3.7 ms one image at a time, then 1.5)."""
    images = np.stack(matrices) @ cells.T  # (k, d, N): each coordinate's values side by side
    images[:, :moved] -= images[:, :moved].min(axis=2, keepdims=True)
    spans = images.max(axis=(0, 2)) - images.min(axis=(0, 2)) + 1
    keys = (images * lexicographic_strides(spans)[:, None]).sum(axis=1)  # (k, N)
    order = np.argsort(keys, axis=1)
    first: dict[bytes, int] = {}
    for at, row in enumerate(np.take_along_axis(keys, order, axis=1)):
        first.setdefault(row.tobytes(), at)
    kept = np.fromiter(first.values(), dtype=np.int64, count=len(first))
    sorted_images = np.take_along_axis(images[kept], order[kept][:, None, :], axis=2)
    return np.ascontiguousarray(sorted_images.transpose(0, 2, 1))


def normalise(cells: np.ndarray, moved: int | None = None) -> Shape:
    """Translate the first `moved` coordinates (None: all) to the origin and sort."""
    shifted = np.array(cells, dtype=np.int64)
    moved = shifted.shape[-1] if moved is None else moved
    shifted[:, :moved] -= shifted[:, :moved].min(axis=0)
    return tuple(sorted(map(tuple, shifted.tolist())))


def close_group(generators: list[np.ndarray]) -> list[np.ndarray]:
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


def signed_permutations(dim: int) -> list[np.ndarray]:
    """Every permutation matrix with every choice of signs: the symmetries of a d-cube."""
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
    if len(m) == 1:
        return m[0][0] == 1
    if len(m) == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0] == 1
    if len(m) == 3:
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])) == 1
    return round(float(np.linalg.det(matrix))) == 1

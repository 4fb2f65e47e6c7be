"""Flat cell geometry in numpy: hexagons in the meteor layout, squares, triangles, and the
balls of a sphere puzzle's layers.

Glossary
- tiling: a cell's corners (relative to its centre) and, for each edge, the step to the
  neighbour across it. Edge j runs from corner j to corner j + 1.
- polygons: (N, k, 2) corners of every cell, in drawing units (y grows downwards).
- edges: (E, 2, 2) line segments, each shared edge listed once.

Hexagons are pointy-topped with unit radius. Axial (q, r) sits at x = sqrt(3) (q + r / 2),
y = 1.5 r: the offset layout of `solvers.puzzle.grids.hex_to_offset` (odd rows shifted half a cell
right), whatever the parity of the top row. Triangles (x, y, t) have edges of TRIANGLE_EDGE
(about a square's area), lattice point (a, b) at (a + b / 2, -b sqrt(3) / 2) times that: y
grows upwards in the plane, so an upward triangle (t = 0) points up on screen.
"""

from __future__ import annotations

import numpy as np

from solvers.records import record
from solvers import GridKind
from solvers.puzzle import triangles

from .cells import EMPTY, CellIndex
from .stick_tiling import STICK_TILING

SQRT3 = np.sqrt(3.0)
TRIANGLE_EDGE = 1.5


@record
class Tiling:
    corners: np.ndarray  # (k, 2) corner offsets from the centre
    steps: np.ndarray  # (k, d) cell-coordinate step to the neighbour across edge j

    @property
    def dims(self) -> int:
        return self.steps.shape[1]

    def centres(self, cells: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def polygons(self, cells: np.ndarray) -> np.ndarray:
        """(N, k, 2) every cell's corners, edge j from corner j to corner j + 1."""
        return self.centres(cells)[:, None, :] + self.corners[None, :, :]

    def across(self, cells: np.ndarray) -> np.ndarray:
        """(N, k, d) the cell across each edge of every cell."""
        return cells[:, None, :] + self.steps[None, :, :]

    def points(self, cells: np.ndarray) -> np.ndarray:
        """(M, k, 2) polygons drawn over the cells in one colour, not cells themselves (the
        stick grid's lattice points); none on most grids."""
        return np.zeros((0, 3, 2))


class HexTiling(Tiling):
    pick_radius = 1.0  # a cell's centre to its farthest point (picking: the nearest centre)

    def centres(self, cells: np.ndarray) -> np.ndarray:
        q, r = cells[:, 0].astype(float), cells[:, 1].astype(float)
        return np.column_stack((SQRT3 * (q + r / 2), 1.5 * r))


class SquareTiling(Tiling):
    pick_radius = 0.71

    def centres(self, cells: np.ndarray) -> np.ndarray:
        return cells.astype(float)


@record
class TriangleTiling(Tiling):
    """Up and down triangles have corners and neighbours of their own: `corners` and
    `steps` are the upward triangle's (corners in lattice units from its (x, y)),
    `down_corners` and `down_steps` the downward's."""

    down_corners: np.ndarray
    down_steps: np.ndarray
    pick_radius = TRIANGLE_EDGE / 3 ** 0.5

    def centres(self, cells: np.ndarray) -> np.ndarray:
        return _to_drawing(triangles.centroid3(cells) / 3.0)

    def polygons(self, cells: np.ndarray) -> np.ndarray:
        down = np.asarray(cells)[:, 2:3, None] == triangles.DOWN
        corners = np.where(down, self.down_corners[None], self.corners[None])
        return _to_drawing(np.asarray(cells)[:, None, :2] + corners)

    def across(self, cells: np.ndarray) -> np.ndarray:
        down = np.asarray(cells)[:, 2:3, None] == triangles.DOWN
        return cells[:, None, :] + np.where(down, self.down_steps[None], self.steps[None])


def _to_drawing(points: np.ndarray) -> np.ndarray:
    """Lattice coordinates (..., 2) to drawing units, y down."""
    a, b = points[..., 0], points[..., 1]
    return TRIANGLE_EDGE * np.stack((a + b / 2, -b * SQRT3 / 2), axis=-1)


_ANGLES = np.radians(30 + 60 * np.arange(6))  # corners: lower right, bottom, lower left, ...
HEX = HexTiling(
    corners=np.column_stack((np.cos(_ANGLES), np.sin(_ANGLES))),
    # across edge j (between corners j and j+1): down-right, down-left, left, up-left, up-right, right
    steps=np.array([(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0)]),
)
SQUARE = SquareTiling(
    corners=np.array([(0.5, 0.5), (-0.5, 0.5), (-0.5, -0.5), (0.5, -0.5)]),
    steps=np.array([(0, 1), (-1, 0), (0, -1), (1, 0)]),  # below, left, above, right
)


# corners in lattice points from the cell's (x, y); across edge j (corner j to j + 1): up:
# below, the down triangle beside it, left; down: the up triangle beside it, above, right
TRIANGLE = TriangleTiling(
    corners=np.array([(0, 0), (1, 0), (0, 1)]),
    steps=np.array([(0, -1, 1), (0, 0, 1), (-1, 0, 1)]),
    down_corners=np.array([(1, 0), (0, 1), (1, 1)]),
    down_steps=np.array([(0, 0, -1), (0, 1, -1), (1, 0, -1)]),
)


class BallTiling(SquareTiling):
    """A layer of balls (the sphere grid, cells (u, v) of its own square rows): each ball a
    circle (a polygon of many corners) touching its neighbours at one point, so no edge is
    shared and every ball is outlined whole."""

    pick_radius = 0.5

    def across(self, cells: np.ndarray) -> np.ndarray:
        return np.full((len(cells), len(self.corners), cells.shape[1]), np.iinfo(np.int32).max)


_ROUND = np.radians(np.arange(0, 360, 15))
BALL = BallTiling(corners=0.49 * np.column_stack((np.cos(_ROUND), np.sin(_ROUND))),
                  steps=np.zeros((len(_ROUND), 2), dtype=np.int64))

TILINGS = {GridKind.HEX: HEX, GridKind.SQUARE: SQUARE, GridKind.TRIANGLE: TRIANGLE,
           GridKind.STICK: STICK_TILING,
           GridKind.SPHERE: BALL}  # a sphere puzzle's layers


def tiling_for(kind: GridKind) -> Tiling:
    """How cells of the `kind` grid are drawn (a grid without a plane tiling: squares)."""
    return TILINGS.get(kind, SQUARE)


@record
class FlatBoard:
    """The drawing geometry of a flat board: polygons, and which cells meet at which edge."""

    polygons: np.ndarray  # (N, k, 2)
    segments: np.ndarray  # (E, 2, 2) every edge once
    sides: np.ndarray  # (E, 2) the cells on either side of each edge; -1 for outside
    points: np.ndarray | None = None  # (M, k, 2) drawn over the cells (`Tiling.points`)

    @classmethod
    def build(cls, tiling: Tiling, cells: np.ndarray) -> "FlatBoard":
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, tiling.dims)
        polygons = tiling.polygons(cells)
        k = len(tiling.corners)
        starts, ends = polygons, np.roll(polygons, -1, axis=1)
        neighbours = CellIndex(cells).lookup(tiling.across(cells))
        owners = np.broadcast_to(np.arange(len(cells))[:, None], (len(cells), k))
        keep = (neighbours == EMPTY) | (owners < neighbours)  # a shared edge once, from its lower cell
        segments = np.stack((starts[keep], ends[keep]), axis=1)
        sides = np.column_stack((owners[keep], neighbours[keep]))
        return cls(polygons, segments, sides, tiling.points(cells))

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of all polygons."""
        flat = self.polygons.reshape(-1, 2)
        (left, top), (right, bottom) = flat.min(axis=0), flat.max(axis=0)
        return float(left), float(top), float(right), float(bottom)

    def cell_at(self, x: float, y: float) -> int:
        """The cell (its index) whose polygon holds the point (board units), or -1."""
        if not len(self.polygons):
            return EMPTY
        edges = np.roll(self.polygons, -1, axis=1) - self.polygons  # convex polygons
        to_point = np.array([x, y]) - self.polygons
        cross = edges[..., 0] * to_point[..., 1] - edges[..., 1] * to_point[..., 0]
        inside = np.all(cross >= -1e-9, axis=1) | np.all(cross <= 1e-9, axis=1)
        found = np.flatnonzero(inside)
        return int(found[0]) if len(found) else EMPTY

    def classify_edges(self, labels: np.ndarray) -> dict[str, np.ndarray]:
        """Masks over edges: `outline` (the board's border and edges between different
        copies, or between a copy and an empty cell), `inner` (inside one copy), `grid`
        (between two empty cells)."""
        inside, outside = self.sides[:, 0], self.sides[:, 1]
        border = outside == EMPTY
        own = labels[inside]
        other = np.where(border, EMPTY, labels[outside])  # (labels[-1] is read, then dropped)
        both_empty = ~border & (own == EMPTY) & (other == EMPTY)
        same = ~border & (own == other) & (own != EMPTY)
        return {"outline": ~(both_empty | same), "inner": same, "grid": both_empty}

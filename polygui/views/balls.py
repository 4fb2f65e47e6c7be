"""Ball meshes in numpy (no Qt, no OpenGL): the sphere grid's cells drawn as shaded spheres,
with the interface of `voxels.VoxelMesh`, so the 3D view draws, explodes, hides and picks
balls as it does cubes; `BallLook` (`space_look.look_for(GridKind.SPHERE)`) picks, outlines and
finds balls on the ground for the editor and Play.

A ball of cell (x, y, z) is centred there (shifted so the board's centre sits at the origin)
with radius sqrt(2) / 2: touching balls are sqrt(2) apart. Every ball owns the vertices and
triangles of one `MeshData.sphere`, ball after ball; normals point out from its centre. Balls
have no edges: a piece reads as one by its colour and the shading.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from pyqtgraph.opengl import MeshData

from solvers.records import record

from .picking import Hit, Ray, pick_ball

Cell = tuple[int, int, int]

RADIUS = np.sqrt(2.0) / 2 * 0.98  # a hair under touching, so neighbours stay apart
ROWS, COLUMNS = 10, 16  # of each sphere's mesh: smooth at the usual size, cheap for 64 balls


@cache
def unit_ball() -> tuple[np.ndarray, np.ndarray]:
    """(vertices, triangles) of one sphere of radius 1 about the origin."""
    sphere = MeshData.sphere(rows=ROWS, cols=COLUMNS, radius=1.0)
    return (sphere.vertexes().astype(np.float32), sphere.faces().astype(np.uint32))


@record
class BallMesh:
    """Rest geometry of a set of balls, centred on the origin (see the module docstring)."""

    cells: np.ndarray  # (N, 3) int, the balls as given
    corners: np.ndarray  # (N, 3) each ball's centre less 0.5, centred: as a voxel's corner
    vertices: np.ndarray  # (V N, 3) float32
    normals: np.ndarray  # (V N, 3) float32
    triangles: np.ndarray  # (T N, 3) uint32 vertex indices
    edge_points: np.ndarray  # (0, 3): balls have no edges

    @classmethod
    def build(cls, cells: np.ndarray) -> "BallMesh":
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
        centres = cells.astype(np.float32)
        if len(cells):
            centres -= (centres.min(axis=0) + centres.max(axis=0)) / 2
        shape, faces = unit_ball()
        vertices = (centres[:, None, :] + RADIUS * shape[None]).reshape(-1, 3)
        normals = np.broadcast_to(shape[None], (len(cells), *shape.shape)).reshape(-1, 3)
        starts = len(shape) * np.arange(len(cells), dtype=np.uint32)
        triangles = (starts[:, None, None] + faces[None]).reshape(-1, 3)
        return cls(cells, centres - 0.5, vertices.astype(np.float32),
                    np.ascontiguousarray(normals), triangles, np.zeros((0, 3), np.float32))

    @property
    def centres(self) -> np.ndarray:
        return self.corners + 0.5

    @property
    def radius(self) -> float:
        """The board fits in a sphere this big."""
        if not len(self.corners):
            return 1.0
        return float(np.linalg.norm(self.corners.max(axis=0) - self.corners.min(axis=0)) / 2
                     + RADIUS)

    def _per_ball(self, values: np.ndarray, axis: int = 0) -> np.ndarray:
        return np.repeat(values, len(unit_ball()[0]), axis=axis)

    def vertex_colours(self, ball_rgba: np.ndarray) -> np.ndarray:
        return self._per_ball(np.asarray(ball_rgba, dtype=np.float32))

    def moved_vertices(self, offsets: np.ndarray) -> np.ndarray:
        return self.vertices + self._per_ball(offsets.astype(np.float32))

    def visible_triangles(self, visible: np.ndarray) -> np.ndarray:
        return self.triangles[np.repeat(visible, len(unit_ball()[1]))]

    def visible_edges(self, offsets: np.ndarray, visible: np.ndarray,
                      edges: np.ndarray | None = None) -> np.ndarray:
        return self.edge_points

    def edge_classes(self, groups: np.ndarray) -> np.ndarray:
        return np.zeros(0, dtype=np.int8)


def _circles(points: int = 24) -> np.ndarray:
    """Segments of three great circles of the unit sphere (about x, y and z): a ball's outline
    from any side."""
    angles = np.linspace(0, 2 * np.pi, points + 1)
    ring = np.column_stack((np.cos(angles), np.sin(angles), np.zeros_like(angles)))
    rings = [ring, ring[:, [2, 0, 1]], ring[:, [1, 2, 0]]]
    return np.concatenate([np.stack((r[:-1], r[1:]), axis=1) for r in rings]).reshape(-1, 3)


CIRCLES = _circles()


class BallLook:
    """A `space_look.CubeLook` in all but name, for the sphere grid (space_look registers this
    one: the import goes that way only)."""

    mesh = BallMesh
    noun = "ball"
    round = True  # the layer grid draws a ball as a circle
    mark_reach = RADIUS  # a painted ball's marks: stickers on the ball (paint_decals)

    def is_cell(self, cell: Cell) -> bool:
        """Balls sit where x + y + z is even (the layer grid shades the other places)."""
        return sum(cell) % 2 == 0

    def pick(self, ray: Ray, cells: np.ndarray) -> Hit | None:
        return pick_ball(ray, cells, RADIUS)

    def outline(self, cells: np.ndarray, inset: float) -> np.ndarray:
        cells = np.asarray(cells, dtype=float).reshape(-1, 3)
        return (CIRCLES[None] * (RADIUS + inset) + cells[:, None, :] + 0.5).reshape(-1, 3)

    def ground_cell(self, point: np.ndarray) -> Cell:
        """The ball on the ground nearest `point`: the square under it when x + y is even,
        else the one of its four neighbours whose centre is nearest."""
        x, y = int(np.floor(point[0])), int(np.floor(point[1]))
        if (x + y) % 2 == 0:
            return (x, y, 0)
        around = ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
        near = min(around, key=lambda c: (c[0] + 0.5 - point[0]) ** 2 + (c[1] + 0.5 - point[1]) ** 2)
        return (*near, 0)


BALLS = BallLook()

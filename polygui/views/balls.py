"""Ball meshes in numpy (no Qt, no OpenGL): the sphere grid's cells drawn as shaded spheres,
with the interface of `voxels.VoxelMesh`, so the 3D view draws, explodes, hides and picks
balls as it does cubes (`mesh_for` picks the mesh of a puzzle's grid).

A ball of cell (x, y, z) is centred there (shifted so the board's centre sits at the origin)
with radius sqrt(2) / 2: touching balls are sqrt(2) apart. Every ball owns the vertices and
triangles of one `MeshData.sphere`, ball after ball; normals point out from its centre. Balls
have no edges: a piece reads as one by its colour and the shading.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from pyqtgraph.opengl import MeshData

from solvers import GridKind

from .voxels import VoxelMesh

RADIUS = np.sqrt(2.0) / 2 * 0.98  # a hair under touching, so neighbours stay apart
ROWS, COLUMNS = 10, 16  # of each sphere's mesh: smooth at the usual size, cheap for 64 balls


@cache
def unit_ball() -> tuple[np.ndarray, np.ndarray]:
    """(vertices, triangles) of one sphere of radius 1 about the origin."""
    sphere = MeshData.sphere(rows=ROWS, cols=COLUMNS, radius=1.0)
    return (sphere.vertexes().astype(np.float32), sphere.faces().astype(np.uint32))


@dataclass(frozen=True)
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


def mesh_for(kind: GridKind) -> type[VoxelMesh] | type[BallMesh]:
    """The mesh the 3D view draws a grid's cells with: balls for the sphere grid, else cubes."""
    return BallMesh if kind is GridKind.SPHERE else VoxelMesh

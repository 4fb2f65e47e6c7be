"""Voxel meshes in numpy (no Qt, no OpenGL): faces, normals and edges of unit cubes.

Glossary
- voxel: one board cell (x, y, z) of a cube puzzle, drawn as the unit cube from (x, y, z)
  to (x + 1, y + 1, z + 1), shifted so the board's centre sits at the origin.
- Every voxel owns 24 vertices (6 faces x 4 corners, so each face has its own flat normal),
  12 triangles and 24 edge points (12 edges x 2 ends), in that order, voxel after voxel:
  per-voxel data becomes per-vertex data with `np.repeat`.
- group: what a voxel belongs to for drawing its edges, one int per voxel: a piece copy, or
  one group for all empty board cells.
- edge classes: an edge of a voxel is an OUTLINE where its group's surface folds (or meets
  another group), a SEAM where two faces of one group meet flat, INSIDE where the group
  surrounds it (never seen). Outlines are drawn strong and seams faint, so each piece reads
  as one shape, as in the 2D views.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from solvers.records import record

from .cells import EMPTY, CellIndex

# Corners of the six faces, counter-clockwise seen from outside: -x, +x, -y, +y, -z, +z.
FACE_CORNERS = np.array([
    [(0, 0, 0), (0, 0, 1), (0, 1, 1), (0, 1, 0)],
    [(1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)],
    [(0, 0, 0), (1, 0, 0), (1, 0, 1), (0, 0, 1)],
    [(0, 1, 0), (0, 1, 1), (1, 1, 1), (1, 1, 0)],
    [(0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 0, 0)],
    [(0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)],
], dtype=np.float32)
FACE_NORMALS = np.array([(-1, 0, 0), (1, 0, 0), (0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1)],
                        dtype=np.float32)
QUAD_TRIANGLES = np.array([(0, 1, 2), (0, 2, 3)], dtype=np.uint32)
_CUBE_CORNERS = np.array(list(product((0, 1), repeat=3)), dtype=np.float32)
_EDGE_PAIRS = np.array([(a, b) for a in range(8) for b in range(a + 1, 8)
                        if np.abs(_CUBE_CORNERS[a] - _CUBE_CORNERS[b]).sum() == 1])
CUBE_EDGES = _CUBE_CORNERS[_EDGE_PAIRS]  # (12, 2, 3)

OUTLINE, SEAM, INSIDE = 0, 1, 2
OFF_BOARD = -2  # the group of a position outside the board (EMPTY, -1, is an empty cell)


def _edge_side_steps() -> np.ndarray:
    """(12, 2, 3): for each cube edge, the steps to the two voxels beside it, across the two
    faces of the voxel that meet at the edge."""
    steps = np.zeros((len(CUBE_EDGES), 2, 3), dtype=np.int64)
    for edge, (start, end) in enumerate(CUBE_EDGES):
        along = int(np.flatnonzero(start != end)[0])
        for side, axis in enumerate(axis for axis in range(3) if axis != along):
            steps[edge, side, axis] = 1 if start[axis] == 1 else -1
    return steps


EDGE_SIDE_STEPS = _edge_side_steps()
VERTICES_PER_VOXEL = 24
TRIANGLES_PER_VOXEL = 12
EDGE_POINTS_PER_VOXEL = 24


@record
class VoxelMesh:
    """Rest geometry of a set of voxels, centred on the origin."""

    cells: np.ndarray  # (N, 3) int, the voxels as given
    corners: np.ndarray  # (N, 3) each voxel's lowest corner, centred
    vertices: np.ndarray  # (24 N, 3) float32
    normals: np.ndarray  # (24 N, 3) float32
    triangles: np.ndarray  # (12 N, 3) uint32 vertex indices
    edge_points: np.ndarray  # (24 N, 3) float32, consecutive pairs are line segments

    @classmethod
    def build(cls, cells: np.ndarray) -> "VoxelMesh":
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
        low = cells.astype(np.float32)
        centre = (low.min(axis=0) + low.max(axis=0) + 1) / 2 if len(cells) else 0.0
        corners = low - centre
        count = len(corners)
        vertices = (corners[:, None, None, :] + FACE_CORNERS[None]).reshape(-1, 3)
        normals = np.broadcast_to(FACE_NORMALS[None, :, None, :], (count, 6, 4, 3)).reshape(-1, 3)
        quad_starts = 4 * np.arange(6 * count, dtype=np.uint32)
        triangles = (quad_starts[:, None, None] + QUAD_TRIANGLES[None]).reshape(-1, 3)
        edge_points = (corners[:, None, None, :] + CUBE_EDGES[None]).reshape(-1, 3)
        return cls(cells, corners, vertices.astype(np.float32), np.ascontiguousarray(normals),
                   triangles, edge_points.astype(np.float32))

    @property
    def centres(self) -> np.ndarray:
        return self.corners + 0.5

    @property
    def radius(self) -> float:
        """Half the diagonal of the bounding box: the board fits in a sphere this big."""
        if not len(self.corners):
            return 1.0  # an empty region still gets a camera distance
        return float(np.linalg.norm(self.corners.max(axis=0) + 1 - self.corners.min(axis=0)) / 2)

    def vertex_colours(self, voxel_rgba: np.ndarray) -> np.ndarray:
        """(24 N, 4) float32 from one RGBA colour per voxel."""
        return np.repeat(np.asarray(voxel_rgba, dtype=np.float32), VERTICES_PER_VOXEL, axis=0)

    def moved_vertices(self, offsets: np.ndarray) -> np.ndarray:
        return self.vertices + np.repeat(offsets.astype(np.float32), VERTICES_PER_VOXEL, axis=0)

    def visible_triangles(self, visible: np.ndarray) -> np.ndarray:
        return self.triangles[np.repeat(visible, TRIANGLES_PER_VOXEL)]

    def visible_edges(self, offsets: np.ndarray, visible: np.ndarray,
                      edges: np.ndarray | None = None) -> np.ndarray:
        """Edge points of the `visible` voxels, moved by `offsets`; only the edges where
        `edges` (12 N,) is true, if given."""
        moved = self.edge_points + np.repeat(offsets.astype(np.float32), EDGE_POINTS_PER_VOXEL, axis=0)
        keep = np.repeat(visible, EDGE_POINTS_PER_VOXEL)
        if edges is not None:
            keep &= np.repeat(edges, 2)
        return moved[keep]

    def edge_classes(self, groups: np.ndarray) -> np.ndarray:
        """(12 N,) OUTLINE, SEAM or INSIDE for every voxel edge (see the glossary), from one
        group per voxel."""
        groups = np.asarray(groups, dtype=np.int64)
        index = CellIndex(self.cells)

        def group_at(steps: np.ndarray) -> np.ndarray:
            positions = index.lookup(self.cells[:, None, :] + steps[None])  # (N, 12)
            return np.where(positions >= 0, groups[np.maximum(positions, 0)], OFF_BOARD).ravel()

        own = np.repeat(groups, len(CUBE_EDGES))
        first, second = EDGE_SIDE_STEPS[:, 0], EDGE_SIDE_STEPS[:, 1]
        beside = (group_at(first) == own).astype(int) + (group_at(second) == own)
        diagonal = group_at(first + second) == own
        classes = np.full(len(own), OUTLINE, dtype=np.int8)  # a fold, out or in
        classes[(beside == 1) & ~diagonal] = SEAM  # two voxels side by side: a flat face
        classes[(beside == 2) & diagonal] = INSIDE
        return classes


def explode_offsets(centres: np.ndarray, labels: np.ndarray, amount: float) -> np.ndarray:
    """(N, 3) how far each voxel moves when its piece copy is pulled `amount` times its
    centroid's distance away from the board's centre (the origin). Empty voxels stay."""
    offsets = np.zeros_like(centres, dtype=np.float32)
    placed = labels != EMPTY
    if amount == 0 or not placed.any():
        return offsets
    copies = int(labels[placed].max()) + 1
    sizes = np.bincount(labels[placed], minlength=copies).astype(np.float32)
    centroids = np.column_stack([
        np.bincount(labels[placed], weights=centres[placed, axis], minlength=copies)
        for axis in range(3)]) / np.maximum(sizes, 1)[:, None]
    offsets[placed] = amount * centroids[labels[placed]]
    return offsets

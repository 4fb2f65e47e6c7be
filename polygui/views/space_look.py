"""How a grid in space draws and picks its cells: one object per grid (`look_for(kind)`), as
`tiling.tiling_for` is for the flat grids, so the 3D views, the editor's and Play's ask it and
never the grid's kind. Cubes here; balls (the sphere grid) in `balls.BallLook`.

World coordinates are cell coordinates: cell (x, y, z) is drawn about (x, y, z) + 0.5, a cube
as the box from (x, y, z) to (x + 1, y + 1, z + 1), a ball centred there.
"""

from __future__ import annotations

import numpy as np

from solvers import GridKind

from .balls import BALLS
from .picking import Hit, Ray, pick_voxel
from .voxels import CUBE_EDGES, VoxelMesh

Cell = tuple[int, int, int]


class CubeLook:
    """Cubes: `mesh` builds the 3D view's geometry, `pick` finds the cell under a ray,
    `outline` draws a preview over cells, `ground_cell` is the cell on the ground at a point,
    `is_cell` says whether a position of the layer grid is a cell at all."""

    mesh = VoxelMesh
    noun = "cube"
    round = False  # the layer grid draws a cell as a square
    mark_reach = 0.5  # a painted cell's marks: on the cube's faces (paint_decals)

    def is_cell(self, cell: Cell) -> bool:
        return True

    def pick(self, ray: Ray, cells: np.ndarray) -> Hit | None:
        return pick_voxel(ray, cells)

    def outline(self, cells: np.ndarray, inset: float) -> np.ndarray:
        """Line segments (pairs of points) around each cell, `inset` clear of it."""
        edges = CUBE_EDGES.reshape(-1, 3) * (1 + 2 * inset) - inset
        cells = np.asarray(cells, dtype=float).reshape(-1, 3)
        return (edges[None] + cells[:, None, :]).reshape(-1, 3)

    def ground_cell(self, point: np.ndarray) -> Cell:
        """The cell standing on the ground (z = 0) at `point`."""
        return (int(np.floor(point[0])), int(np.floor(point[1])), 0)


CUBES = CubeLook()
LOOKS = {GridKind.SPHERE: BALLS}


def look_for(kind: GridKind) -> CubeLook:
    """How cells of the `kind` grid are drawn in space (cubes unless the grid has its own)."""
    return LOOKS.get(kind, CUBES)

"""Constraint colours in 3D: a small square in the middle of each face of a painted voxel, in
its colour, outlined dark, standing a hair off the face (views.paint_marks draws the same
marks in 2D); on a ball, the same six squares stand a hair off the ball, as stickers (at a
cube's faces they would be inside it). One mesh and one line item for all of them, rebuilt
whole when they change: painted voxels are few.
"""

from __future__ import annotations

import numpy as np
from pyqtgraph.opengl import GLLinePlotItem, GLMeshItem

from .paint_marks import MARK_SCALE
from .voxel_items import FACE_GL_OPTIONS, SOFT_SHADER
from .voxels import FACE_CORNERS, FACE_NORMALS, QUAD_TRIANGLES

LIFT = 0.012  # how far a mark stands off its face, in cube edges
OUTLINE_RGBA = (0.1, 0.1, 0.12, 0.85)
OUTLINE_WIDTH = 1.5


def _mark_corners(reach: float = 0.5) -> np.ndarray:
    """(6, 4, 3) a mark's corners on each side of the unit cell, `reach` from its centre
    (0.5: on the cube's faces; a ball's radius: touching the ball) and lifted off it."""
    centres = FACE_CORNERS.mean(axis=1, keepdims=True)
    middle = np.full(3, 0.5, dtype=np.float32)
    return (middle + FACE_NORMALS[:, None, :] * (reach + LIFT)
            + (FACE_CORNERS - centres) * MARK_SCALE).astype(np.float32)


MARK_CORNERS = _mark_corners()


def mark_geometry(corners: np.ndarray, rgba: np.ndarray, reach: float = 0.5
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The marks of voxels whose lowest corners are `corners` (N, 3), each in its colour
    `rgba` (N, 4), `reach` from the cell's centre: vertices (24 N, 3), triangles (12 N, 3),
    vertex colours (24 N, 4) and outline segments (48 N, 3; consecutive points pair up)."""
    corners = np.asarray(corners, dtype=np.float32).reshape(-1, 3)
    count = len(corners)
    shape = MARK_CORNERS if reach == 0.5 else _mark_corners(reach)
    quads = corners[:, None, None, :] + shape[None]  # (N, 6, 4, 3)
    vertices = quads.reshape(-1, 3)
    starts = 4 * np.arange(6 * count, dtype=np.uint32)
    triangles = (starts[:, None, None] + QUAD_TRIANGLES[None]).reshape(-1, 3)
    colours = np.repeat(np.asarray(rgba, dtype=np.float32).reshape(-1, 4), 24, axis=0)
    ends = np.roll(quads, -1, axis=2)  # each corner to the next: the square's four sides
    outline = np.stack((quads, ends), axis=3).reshape(-1, 3)
    return vertices, triangles, colours, outline


class PaintMarks:
    """The marks as GL items: add `items` to a view once, then `show` the painted voxels."""

    def __init__(self) -> None:
        self.faces = GLMeshItem(shader=SOFT_SHADER, glOptions=FACE_GL_OPTIONS,
                                computeNormals=True, smooth=False)
        self.lines = GLLinePlotItem(mode="lines", color=OUTLINE_RGBA, width=OUTLINE_WIDTH,
                                    antialias=True, glOptions="translucent")
        self.items = (self.faces, self.lines)
        self.count = 0
        self.reach = 0.5  # from a cell's centre to its marks: a cube's faces, or a ball
        self.show(np.zeros((0, 3)), np.zeros((0, 4)))

    def show(self, corners: np.ndarray, rgba: np.ndarray) -> None:
        """Mark the voxels whose lowest corners are `corners` (N, 3), in `rgba` (N, 4)."""
        self.count = len(np.asarray(corners).reshape(-1, 3))
        for item in self.items:
            item.setVisible(self.count > 0)
        if not self.count:
            return
        vertices, triangles, colours, outline = mark_geometry(corners, rgba, self.reach)
        self.faces.setMeshData(vertexes=vertices, faces=triangles, vertexColors=colours,
                               smooth=False)
        self.lines.setData(pos=outline)

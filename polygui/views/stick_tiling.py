"""How the stick grid (polysticks) is drawn and picked: each stick (x, y, d) a thick segment
with rounded ends, stopping short of its two lattice points, which are drawn as dots.

Lattice point (a, b) is at (a, -b) in drawing units (y grows downwards), so a stick's centre
is its midpoint and the nearest centre to the pointer is the nearest stick (the midpoints'
Voronoi cells are the diamonds between two lattice points and two square centres, half a
unit from the midpoint at most). `pick_radius` stops short of that: a lattice point or a
square centre is as near to four sticks, so a drag along a line of sticks, or across a row
of parallel ones, picks none there rather than one at random. Sticks share no edges: no
outlines are drawn, a copy is its colour.
"""

from __future__ import annotations

import numpy as np


HALF_WIDTH = 0.11  # of a stick, in units of the lattice
HALF_LENGTH = 0.38  # from its midpoint to the centre of a rounded end
DOT_RADIUS = 0.085  # a lattice point's


def _capsule(half_length: float, half_width: float, steps: int = 6) -> np.ndarray:
    """(k, 2) the corners of a horizontal stadium about the origin, convex, in order."""
    right = np.linspace(-np.pi / 2, np.pi / 2, steps)
    left = right + np.pi
    ends = [np.column_stack((half_length + half_width * np.cos(right), half_width * np.sin(right))),
            np.column_stack((-half_length + half_width * np.cos(left),
                             half_width * np.sin(left)))]
    return np.concatenate(ends)


def _disc(radius: float, corners: int = 10) -> np.ndarray:
    angles = np.linspace(0, 2 * np.pi, corners, endpoint=False)
    return radius * np.column_stack((np.cos(angles), np.sin(angles)))


class StickTiling:
    """A `tiling.Tiling` in all but name (tiling.py registers this one: the import goes that
    way only)."""

    pick_radius = 0.45
    dims = 3

    def __init__(self) -> None:
        self.corners = _capsule(HALF_LENGTH, HALF_WIDTH)  # along x; along y: x and y swapped
        self.along_y = self.corners[:, ::-1].copy()
        self.dot = _disc(DOT_RADIUS)

    def across(self, cells: np.ndarray) -> np.ndarray:
        """(N, k, 3) each stick itself across every edge: FlatBoard keeps no edge for it, so
        no outline is drawn (sticks meet only at points)."""
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
        return np.repeat(cells[:, None, :], len(self.corners), axis=1)

    def centres(self, cells: np.ndarray) -> np.ndarray:
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
        d = cells[:, 2].astype(float)
        return np.column_stack((cells[:, 0] + 0.5 * (1 - d), -(cells[:, 1] + 0.5 * d)))

    def polygons(self, cells: np.ndarray) -> np.ndarray:
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
        shapes = np.where(cells[:, 2:3, None] == 1, self.along_y[None], self.corners[None])
        return self.centres(cells)[:, None, :] + shapes

    def points(self, cells: np.ndarray) -> np.ndarray:
        """(M, k, 2) a dot at every lattice point a stick of `cells` ends at."""
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
        if not len(cells):
            return np.zeros((0, len(self.dot), 2))
        ends = np.concatenate((cells[:, :2], cells[:, :2] + np.column_stack(
            (1 - cells[:, 2], cells[:, 2]))))
        unique = np.unique(ends, axis=0).astype(float)
        return np.column_stack((unique[:, 0], -unique[:, 1]))[:, None, :] + self.dot[None]


STICK_TILING = StickTiling()

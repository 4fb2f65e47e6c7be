"""Solids as unions of convex parts, so that shrinking and rounding stay exact and fast.

A piece of the cube grid shrunk by r on every outside face (the erosion of its voxels by a
cube of half-edge r, r under half a cell) is a union of boxes: each cell splits into 3 x 3 x 3
boxes (a band r wide at each face, the middle), and a box stays when every cell it is within r
of belongs to the piece. Chamfered or rounded edges: the piece shrunk by the gap's half and
the edge size, then grown back by an octahedron or a ball of the edge size (a Minkowski sum,
which distributes over the union: each box grown is the hull of the tool at its corners).
Tiles are prisms: grown the same way from their triangles.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

import numpy as np
from manifold3d import CrossSection, Manifold, OpType, triangulate

from ...puzzle.grids import Cell

Box = tuple[np.ndarray, np.ndarray]  # low and high corners
ROUND_SEGMENTS = 16  # a ball's or a cone's segments around


def eroded_boxes(cells: Iterable[Cell], size: float, inset: float) -> list[Box]:
    """The boxes whose union is the cube cells (edge `size`) shrunk by `inset` on every
    outside face; `inset` is under half a cell."""
    occupied = {tuple(cell) for cell in cells}
    boxes = []
    for cell in occupied:
        for bands in itertools.product((-1, 0, 1), repeat=3):
            reach = [(0,) if band == 0 else (0, band) for band in bands]
            if all(tuple(c + d for c, d in zip(cell, step)) in occupied
                   for step in itertools.product(*reach)):
                boxes.append(_band_box(cell, bands, size, inset))
    return boxes


def _band_box(cell: Cell, bands: tuple[int, ...], size: float, inset: float) -> Box:
    """The part of `cell` within `inset` of its low face (band -1), of its high face (1), or
    between (0), on each axis."""
    low, high = [], []
    for coordinate, band in zip(cell, bands):
        start = coordinate * size
        edges = (start, start + inset, start + size - inset, start + size)
        low.append(edges[band + 1])
        high.append(edges[band + 2])
    return np.array(low), np.array(high)


def merged_boxes(boxes: list[Box]) -> list[Box]:
    """Fewer boxes with the same union: neighbours along x, then y, then z joined when they
    share a whole face (the union's booleans get cheaper)."""
    for axis in range(3):
        others = [a for a in range(3) if a != axis]
        keyed: dict[tuple, list[Box]] = {}
        for low, high in boxes:
            key = tuple(np.round(np.concatenate((low[others], high[others])), 9))
            keyed.setdefault(key, []).append((low, high))
        boxes = []
        for row in keyed.values():
            row.sort(key=lambda box: box[0][axis])
            current = row[0]
            for low, high in row[1:]:
                if abs(low[axis] - current[1][axis]) < 1e-9:
                    current = (current[0], _joined(current, high, axis))
                else:
                    boxes.append(current)
                    current = (low, high)
            boxes.append(current)
    return boxes


def _joined(box: Box, high: np.ndarray, axis: int) -> np.ndarray:
    top = box[1].copy()
    top[axis] = high[axis]
    return top


def tool_points(edge: str, size: float) -> np.ndarray:
    """The vertices of the convex tool that grows a part back: an octahedron (chamfers) or
    a ball (rounds) of radius `size`."""
    if edge == "chamfer":
        return np.vstack((np.eye(3), -np.eye(3))) * size
    ball = Manifold.sphere(size, ROUND_SEGMENTS)
    return np.asarray(ball.to_mesh().vert_properties)[:, :3]


def top_tool_points(edge: str, size: float) -> np.ndarray:
    """The tool that grows a tile: a cone (chamfers) or a half ball (rounds) standing on
    z = 0, so the tile's bottom stays flat and only its top edges change."""
    angles = np.linspace(0, 2 * math.pi, ROUND_SEGMENTS, endpoint=False)
    ring = np.column_stack((np.cos(angles), np.sin(angles), np.zeros_like(angles))) * size
    if edge == "chamfer":
        return np.vstack((ring, [(0.0, 0.0, size)]))
    points = tool_points("round", size)
    return np.vstack((ring, points[points[:, 2] > 0]))


def union(parts: list[Manifold]) -> Manifold:
    return Manifold.batch_boolean(parts, OpType.Add) if len(parts) > 1 else parts[0]


def boxes_solid(boxes: list[Box], tool: np.ndarray | None) -> Manifold:
    """The union of the boxes, each grown by the tool (None: as they are)."""
    parts = []
    for low, high in boxes:
        if tool is None:
            parts.append(Manifold.cube(tuple(high - low)).translate(tuple(low)))
        else:
            corners = np.array(list(itertools.product(*zip(low, high))))
            parts.append(Manifold.hull_points((corners[:, None, :] + tool[None]).reshape(-1, 3)))
    return union(parts)


def prism_solid(section: CrossSection, height: float, tool: np.ndarray | None) -> Manifold:
    """The section extruded to `height`, grown by the tool (None: as it is): each triangle
    of the section is a convex prism, grown as the hull of the tool at its corners."""
    if tool is None:
        return section.extrude(height)
    parts = []
    for triangle in _triangles(section):
        corners = np.array([(x, y, z) for x, y in triangle for z in (0.0, height)])
        parts.append(Manifold.hull_points((corners[:, None, :] + tool[None]).reshape(-1, 3)))
    return union(parts)


def _triangles(section: CrossSection) -> list[np.ndarray]:
    polygons = [np.asarray(polygon, dtype=float) for polygon in section.to_polygons()]
    points = np.vstack(polygons)
    return [points[list(triangle)] for triangle in np.asarray(triangulate(polygons))]

"""A piece as a watertight solid: voxels of the cube grid, tiles of the flat grids; with the
gap, the edges and the name the options ask for (millimetres; the grid's own position, its
lowest point at z = 0)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from manifold3d import CrossSection, JoinType, Manifold

from ...puzzle.errors import PuzzleError
from ...puzzle.grids import Cell, GridKind
from .convex import (boxes_solid, eroded_boxes, merged_boxes, prism_solid, tool_points,
                     top_tool_points)
from .lettering import name_on
from .options import LETTER_MM, PrintOptions
from .outlines import cell_polygon, cells_section, footprint

MITRE_LIMIT = 4.0  # a triangle's 60-degree corner moves 2 gaps inwards: keep it sharp
NAME_MARGIN = 0.08  # cells: a name keeps this far from its face's edges
EPSILON = 0.01  # mm: a name's solid reaches this far past the face, so booleans cut cleanly
PINCH_MM = 0.001  # mm: parts cells that meet only along an edge or at a corner


def check_printable(kind: GridKind, name: str = "the puzzle") -> None:
    """PuzzleError unless pieces of the `kind` grid can be printed."""
    if kind is GridKind.SUDOKU:
        raise PuzzleError(f"{name}: a Sudoku has no pieces to print; 3D print exports "
                          "puzzles of the cube, square, hex and triangle grids")
    if kind is not GridKind.CUBE and not kind.grid.tile_area:  # voxels, or plane tiles
        raise PuzzleError(f"{name}: pieces of the {kind.value} grid cannot be printed yet")


def piece_solid(kind: GridKind, cells: Sequence[Cell], name: str,
                options: PrintOptions) -> Manifold:
    """The piece's solid, with its name when the options ask for it."""
    check_printable(kind)
    solid, top = (_voxels if kind is GridKind.CUBE else _tile)(kind, cells, options)
    if options.names == "none":
        return solid
    return _with_name(solid, kind, cells, name, top, options)


def _voxels(kind: GridKind, cells: Sequence[Cell], options: PrintOptions):
    """The cube piece, and the height of its top face."""
    edge = options.edge_size
    tool = tool_points(options.edge, edge) if edge else None

    def shrunk(inset: float) -> Manifold:
        return boxes_solid(merged_boxes(eroded_boxes(cells, options.cell_mm, inset)), tool)
    solid = unpinched(shrunk, options.shrink_mm + edge)
    return solid, (max(cell[2] for cell in cells) + 1) * options.cell_mm - options.shrink_mm


def _tile(kind: GridKind, cells: Sequence[Cell], options: PrintOptions):
    """The flat piece, and the height of its top face."""
    size, edge, height = options.cell_mm, options.edge_size, options.thickness_mm
    if edge and 2 * edge >= height:
        raise PuzzleError(f"3D print: a {options.edge} of {edge:g} mm is too large for tiles "
                          f"{height:g} mm thick (keep it under half the thickness)")
    section = cells_section(kind, cells, size)
    tool = top_tool_points(options.edge, edge) if edge else None

    def shrunk(inset: float) -> Manifold:
        inner = section.offset(-inset, JoinType.Miter, MITRE_LIMIT) if inset else section
        return prism_solid(inner, height - edge, tool)
    return unpinched(shrunk, options.shrink_mm + edge), height


def unpinched(shrunk: Callable[[float], Manifold], inset: float) -> Manifold:
    """`shrunk(inset)`, or, when it touches itself along an edge or at a point (cells that
    meet only there, with no gap to part them: a file would not be watertight), shrunk by
    PINCH_MM more, which parts them."""
    solid = shrunk(inset)
    return shrunk(inset + PINCH_MM) if pinched(solid) else solid


def pinched(solid: Manifold) -> bool:
    """Whether two of the solid's vertices are at one place (its surface touches itself:
    it has no other reason to repeat a vertex)."""
    points = np.asarray(solid.to_mesh().vert_properties)[:, :3]
    return len(np.unique(points, axis=0)) < len(points)


def _with_name(solid: Manifold, kind: GridKind, cells: Sequence[Cell], name: str,
               top: float, options: PrintOptions) -> Manifold:
    """The solid with `name` engraved into, or embossed on, its top face, as large as fits
    on the flat part of that face (off the gap, the edges and a margin)."""
    if kind is GridKind.CUBE:
        top_z = max(cell[2] for cell in cells)
        cells = [cell for cell in cells if cell[2] == top_z]
    face = flat_section(kind, cells, options.cell_mm)
    margin = options.shrink_mm + options.edge_size + NAME_MARGIN * options.cell_mm
    region = face.offset(-margin, JoinType.Miter, MITRE_LIMIT)
    section = name_on(region, _spots(kind, cells, options.cell_mm), name)
    if section is None or section.is_empty():
        return solid
    if options.names == "engraved":
        cut = section.extrude(LETTER_MM + EPSILON).translate((0, 0, top - LETTER_MM))
        return solid - cut
    letters = section.extrude(LETTER_MM + EPSILON).translate((0, 0, top - EPSILON))
    return solid + letters


def _spots(kind: GridKind, cells: Sequence[Cell], size: float) -> np.ndarray:
    """Where a name may be centred: the face's middle, its cells' centres and the midpoints
    of pairs of them, nearest the middle first."""
    if kind is GridKind.CUBE:
        centres = np.array([((x + 0.5) * size, (y + 0.5) * size) for x, y, _ in cells])
    else:
        centres = np.array([cell_polygon(kind, cell, size).mean(axis=0) for cell in cells])
    pairs = [(a + b) / 2 for i, a in enumerate(centres) for b in centres[i + 1:]]
    spots = np.vstack([centres.mean(axis=0)[None], centres, *(np.array(pairs)[None]
                                                              if pairs else [])])
    middle = centres.mean(axis=0)
    return spots[np.argsort(((spots - middle) ** 2).sum(axis=1), kind="stable")]


def flat_section(kind: GridKind, cells: Sequence[Cell], size: float) -> CrossSection:
    """The cells seen from above (the flat grids' cells, or the cube cells' columns)."""
    if kind is GridKind.CUBE:
        return footprint(cells, size)
    return cells_section(kind, cells, size)

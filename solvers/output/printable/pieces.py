"""A piece as a watertight solid: voxels of the cube grid, tiles of the flat grids; with the
gap, the edges and the name the options ask for (millimetres; the grid's own position, its
lowest point at z = 0)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from manifold3d import CrossSection, JoinType, Manifold

from ...puzzle.errors import PuzzleError
from ...puzzle.grids import Cell, GridKind
from .convex import (boxes_solid, eroded_boxes, merged_boxes, prism_solid, tool_points,
                     top_tool_points)
from .lettering import name_section
from .options import LETTER_MM, PrintOptions
from .outlines import FLAT_GRIDS, cell_polygon, cells_section, footprint, inner_radius

MITRE_LIMIT = 4.0  # a triangle's 60-degree corner moves 2 gaps inwards: keep it sharp
NAME_MARGIN = 0.8  # a name fills at most this share of the flat top it is put on
EPSILON = 0.01  # mm: a name's solid reaches this far past the face, so booleans cut cleanly


def check_printable(kind: GridKind, name: str = "the puzzle") -> None:
    """PuzzleError unless pieces of the `kind` grid can be printed."""
    if kind is GridKind.SUDOKU:
        raise PuzzleError(f"{name}: a Sudoku has no pieces to print; 3D print exports "
                          "puzzles of the cube, square, hex and triangle grids")
    if kind is not GridKind.CUBE and kind not in FLAT_GRIDS:
        raise PuzzleError(f"{name}: pieces of the {kind.value} grid cannot be printed yet")


def piece_solid(kind: GridKind, cells: Sequence[Cell], name: str,
                options: PrintOptions) -> Manifold:
    """The piece's solid, with its name when the options ask for it."""
    check_printable(kind)
    if kind is GridKind.CUBE:
        solid, top, centre, room = _voxels(cells, options)
    else:
        solid, top, centre, room = _tile(kind, cells, options)
    if options.names == "none":
        return solid
    return _with_name(solid, name, top, centre, room, options)


def _voxels(cells: Sequence[Cell], options: PrintOptions):
    """The cube piece, and where its name goes: the top layer's cell nearest its middle."""
    size, edge = options.cell_mm, options.edge_size
    boxes = merged_boxes(eroded_boxes(cells, size, options.shrink_mm + edge))
    solid = boxes_solid(boxes, tool_points(options.edge, edge) if edge else None)
    top_z = max(cell[2] for cell in cells)
    top_cells = np.array([cell[:2] for cell in cells if cell[2] == top_z], dtype=float)
    middle = top_cells.mean(axis=0)
    chosen = top_cells[np.argmin(((top_cells - middle) ** 2).sum(axis=1))]
    room = size - 2 * (options.shrink_mm + edge)
    top = (top_z + 1) * size - options.shrink_mm
    return solid, top, (chosen + 0.5) * size, (room, room)


def _tile(kind: GridKind, cells: Sequence[Cell], options: PrintOptions):
    """The flat piece, and where its name goes: the cell whose centre is nearest the
    piece's middle, in the square inside the circle inside that cell."""
    size, edge, height = options.cell_mm, options.edge_size, options.thickness_mm
    if edge and 2 * edge >= height:
        raise PuzzleError(f"3D print: a {options.edge} of {edge:g} mm is too large for tiles "
                          f"{height:g} mm thick (keep it under half the thickness)")
    section = cells_section(kind, cells, size)
    inner = section.offset(-(options.shrink_mm + edge), JoinType.Miter, MITRE_LIMIT)
    if inner.is_empty():
        raise PuzzleError(f"3D print: the gap leaves nothing of the tiles (cells of {size:g} mm)")
    solid = prism_solid(inner, height - edge, top_tool_points(options.edge, edge) if edge
                        else None)
    centres = np.array([cell_polygon(kind, cell, size).mean(axis=0) for cell in cells])
    middle = centres.mean(axis=0)
    chosen = centres[np.argmin(((centres - middle) ** 2).sum(axis=1))]
    side = np.sqrt(2) * (inner_radius(kind, size) - options.shrink_mm - edge)
    return solid, height, chosen, (side, side)


def _with_name(solid: Manifold, name: str, top: float, centre: np.ndarray,
               room: tuple[float, float], options: PrintOptions) -> Manifold:
    """The solid with `name` engraved into, or embossed on, its top face at `centre`."""
    section = name_section(name, room[0] * NAME_MARGIN, room[1] * NAME_MARGIN)
    if section is None or section.is_empty():
        return solid
    section = section.translate(tuple(centre))
    if options.names == "engraved":
        cut = section.extrude(LETTER_MM + EPSILON).translate((0, 0, top - LETTER_MM))
        return solid - cut
    letters = section.extrude(LETTER_MM + EPSILON).translate((0, 0, top - EPSILON))
    return solid + letters


def flat_section(kind: GridKind, cells: Sequence[Cell], size: float) -> CrossSection:
    """The cells seen from above (the flat grids' cells, or the cube cells' columns)."""
    if kind is GridKind.CUBE:
        return footprint(cells, size)
    return cells_section(kind, cells, size)

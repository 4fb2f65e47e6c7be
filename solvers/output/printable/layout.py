"""Solids laid out on print plates: rows of solids side by side (the tallest first), a new
row when the plate is full across, a new plate when it is full in depth; every solid stands
on z = 0 and keeps SPACING_MM from the others and from the plate's edges."""

from __future__ import annotations

from manifold3d import Manifold

from ...puzzle.errors import PuzzleError
from ...records import record
from .options import SPACING_MM


@record
class Solid:
    """A named solid to print, with its display colour ("#rrggbb")."""

    name: str
    shape: Manifold
    colour: str


def on_floor(solid: Solid) -> Solid:
    """The solid moved so that its bounding box starts at (0, 0, 0)."""
    x, y, z, *_ = solid.shape.bounding_box()
    return Solid(solid.name, solid.shape.translate((-x, -y, -z)), solid.colour)


def plates(solids: list[Solid], plate_mm: tuple[float, float]) -> list[list[Solid]]:
    """The solids placed on as many plates as they need, in the order the rows fill."""
    width, depth = plate_mm
    sized = [on_floor(solid) for solid in solids]
    for solid in sized:
        _, _, _, x, y, _ = solid.shape.bounding_box()
        if x + 2 * SPACING_MM > width or y + 2 * SPACING_MM > depth:
            raise PuzzleError(f"3D print: {solid.name} ({x:.1f} x {y:.1f} mm) does not fit on "
                              f"a plate of {width:g} x {depth:g} mm with {SPACING_MM:g} mm "
                              "around it; choose a larger plate or smaller cells")
    sized.sort(key=lambda solid: -solid.shape.bounding_box()[4])
    laid: list[list[Solid]] = [[]]
    x = y = SPACING_MM
    row_depth = 0.0
    for solid in sized:
        _, _, _, sx, sy, _ = solid.shape.bounding_box()
        if x + sx + SPACING_MM > width:  # the row is full: the next one
            x, y, row_depth = SPACING_MM, y + row_depth + SPACING_MM, 0.0
        if y + sy + SPACING_MM > depth:  # the plate is full: the next one
            laid.append([])
            x, y, row_depth = SPACING_MM, SPACING_MM, 0.0
        laid[-1].append(Solid(solid.name, solid.shape.translate((x, y, 0)), solid.colour))
        x += sx + SPACING_MM
        row_depth = max(row_depth, sy)
    return laid

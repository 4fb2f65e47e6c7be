"""The board as something to keep the pieces in: a tray for the flat grids, an open-top box
for the cube grid. Its floor and walls stand around the board seen from above; the cavity is
the board grown by half the gap on every side, so a piece (shrunk by half the gap) keeps the
whole gap from the walls as it does from the other pieces."""

from __future__ import annotations

from manifold3d import JoinType, Manifold

from ...puzzle.grids import GridKind
from ...puzzle.model import Puzzle
from .options import FLOOR_MM, WALL_MM, PrintOptions
from .pieces import MITRE_LIMIT, PINCH_MM, flat_section

OPEN_TOP_MM = 1.0  # the cavity's cut reaches this far above the walls: a clean open top


def tray_solid(puzzle: Puzzle, options: PrintOptions) -> Manifold:
    """The tray or box, its floor's underside at z = 0 and the board's cells at z = FLOOR_MM
    in their own x and y (as the pieces' solids have them)."""
    board = flat_section(puzzle.kind, puzzle.board, options.cell_mm)
    # at least a sliver: board cells meeting at a corner only would pinch the cavity
    cavity = board.offset(max(options.gap_mm / 2, PINCH_MM), JoinType.Miter, MITRE_LIMIT)
    outside = board.offset(options.gap_mm / 2 + WALL_MM, JoinType.Miter, MITRE_LIMIT)
    depth = cavity_depth(puzzle, options)
    walls = outside.extrude(FLOOR_MM + depth)
    hollow = cavity.extrude(depth + OPEN_TOP_MM).translate((0, 0, FLOOR_MM))
    return walls - hollow


def cavity_depth(puzzle: Puzzle, options: PrintOptions) -> float:
    """How deep the cavity is: a tile's thickness, or the cube board's height."""
    if puzzle.kind is GridKind.CUBE:
        layers = {cell[2] for cell in puzzle.board}
        return (max(layers) - min(layers) + 1) * options.cell_mm
    return options.thickness_mm

"""What a 3D print export makes: `PrintOptions`, checked when made (PuzzleError naming the
first bad value), and the fixed sizes of what the options do not choose."""

from __future__ import annotations

import math

from ...puzzle.errors import PuzzleError
from ...records import record

EDGES = ("sharp", "chamfer", "round")
NAMES = ("none", "engraved", "embossed")
BOARDS = ("none", "tray")
LAYOUTS = ("pieces", "plate")
FORMATS = ("stl", "3mf")

WALL_MM = 2.0  # a tray's or a box's walls
FLOOR_MM = 2.0  # and its floor
LETTER_MM = 0.6  # how deep a name is engraved, how high it is embossed
SPACING_MM = 4.0  # between solids on a plate, and from its edges
BIGGEST_MM = 10_000.0  # no size beyond this (10 m) is a print


@record
class PrintOptions:
    """How the pieces are printed. Sizes in millimetres: `cell_mm` is a cube's edge, a
    square's side, a hexagon's or a triangle's edge; `gap_mm` the clearance (each piece
    shrinks by half of it on every outside face, a tray's cavity grows by it);
    `thickness_mm` the height of the tiles of 2D grids; `plate_mm` the print plate's
    (width, depth) when `layout` is "plate"."""

    cell_mm: float = 10.0
    gap_mm: float = 0.2
    edge: str = "sharp"  # EDGES
    edge_mm: float = 0.5
    thickness_mm: float = 5.0
    names: str = "none"  # NAMES: the piece's name on its top face
    board: str = "none"  # BOARDS: "tray", the board as a tray (2D) or an open-top box (cube)
    layout: str = "pieces"  # LAYOUTS: a file per piece, or everything on plates
    plate_mm: tuple[float, float] = (220.0, 220.0)
    file_format: str = "stl"  # FORMATS: binary STL, or 3MF with a colour per piece

    def __post_init__(self) -> None:
        object.__setattr__(self, "plate_mm", tuple(self.plate_mm))
        for name, allowed in (("edge", EDGES), ("names", NAMES), ("board", BOARDS),
                              ("layout", LAYOUTS), ("file_format", FORMATS)):
            if getattr(self, name) not in allowed:
                raise PuzzleError(f"3D print: {name} {getattr(self, name)!r} is not one of "
                                  f"{', '.join(allowed)}")
        _check_size("the cell size", self.cell_mm, positive=True)
        _check_size("the gap", self.gap_mm, positive=False)
        _check_size("the edge size", self.edge_mm, positive=self.edge != "sharp")
        _check_size("the tile thickness", self.thickness_mm, positive=True)
        if len(self.plate_mm) != 2:
            raise PuzzleError("3D print: the plate size is a width and a depth")
        for value in self.plate_mm:
            _check_size("the plate size", value, positive=True)
        if self.gap_mm >= self.cell_mm / 2:
            raise PuzzleError(f"3D print: the gap {self.gap_mm:g} mm is too large for cells of "
                              f"{self.cell_mm:g} mm (keep it under half a cell: "
                              f"{self.cell_mm / 2:g} mm)")
        if self.edge != "sharp" and self.gap_mm / 2 + self.edge_mm >= self.cell_mm / 4:
            raise PuzzleError(f"3D print: a {self.edge} of {self.edge_mm:g} mm is too large for "
                              f"cells of {self.cell_mm:g} mm with a gap of {self.gap_mm:g} mm "
                              "(half the gap and the edge must stay under a quarter cell)")

    @property
    def shrink_mm(self) -> float:
        """How far every outside face of a piece moves inwards."""
        return self.gap_mm / 2

    @property
    def edge_size(self) -> float:
        """The chamfer's or rounding's size; 0 for sharp edges."""
        return 0.0 if self.edge == "sharp" else self.edge_mm


def _check_size(what: str, value: float, *, positive: bool) -> None:
    """PuzzleError unless `value` is a finite number of millimetres in range."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise PuzzleError(f"3D print: {what} must be a number of millimetres, not {value!r}")
    if value < 0 or (positive and value == 0):
        raise PuzzleError(f"3D print: {what} must be {'more than' if positive else 'at least'} "
                          f"0 mm, not {value:g} mm")
    if value > BIGGEST_MM:
        raise PuzzleError(f"3D print: {what} of {value:g} mm is beyond any printer "
                          f"(at most {BIGGEST_MM:g} mm)")

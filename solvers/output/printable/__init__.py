"""3D-printable pieces: every piece of a puzzle as a watertight solid (voxels of the cube
grid, tiles of the square, hex and triangle grids), shrunk by a gap, with chamfered or
rounded edges and its name if asked, the board as a tray or an open-top box; written as
binary STL or 3MF, a file a piece or laid out on print plates. Uses manifold3d for the solid
operations, trimesh for STL files, Pillow for the names' letters.

    export_printable(puzzle, folder, PrintOptions(cell_mm=10, gap_mm=0.2, edge="chamfer"))
"""

from .export import export_printable, solid_plan
from .options import PrintOptions

__all__ = ["PrintOptions", "export_printable", "solid_plan"]

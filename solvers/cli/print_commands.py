"""`polygui-solve PUZZLE --export-stl FOLDER [--voxel 10mm] [--gap 0.2mm] [--chamfer 0.5mm]
[--round 0.5mm] [--thickness 5mm] [--names engraved|embossed] [--tray] [--plate 220x220mm]
[--3mf]`: the pieces as files to print (solvers.output.printable), without a search."""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path

from ..puzzle.limits import shown
from ..puzzle.model import Puzzle

_MILLIMETRES = re.compile(r"^\s*([0-9.eE+-]+)\s*(?:mm)?\s*$")
_SIZES = ("voxel", "gap", "chamfer", "round", "thickness", "names", "tray", "plate",
          "threemf")


def millimetres(text: str) -> float:
    """A type reading a size in millimetres: '10', '10mm', '0.2 mm'; at least 0."""
    match = _MILLIMETRES.match(text)
    try:
        value = float(match[1]) if match else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"{shown(text)}: give a size in millimetres, at "
                                         "least 0, e.g. 0.2mm")
    return value


def plate_size(text: str) -> tuple[float, float]:
    """A type reading a plate's width x depth in millimetres: '220x220', '250x210mm'."""
    parts = text.lower().replace("×", "x").removesuffix("mm").split("x")
    try:
        values = tuple(millimetres(part) for part in parts)
    except argparse.ArgumentTypeError:
        values = ()
    if len(values) != 2 or min(values) <= 0:
        raise argparse.ArgumentTypeError(f"{shown(text)}: write it as WIDTHxDEPTH in "
                                         "millimetres, e.g. 220x220mm")
    return values


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("3D print")
    group.add_argument("--export-stl", type=Path, metavar="FOLDER",
                       help="write every piece as a solid to print, a binary STL file each "
                            "(made in FOLDER), and stop")
    group.add_argument("--voxel", type=millimetres, metavar="SIZE",
                       help="a cell's size: a cube's edge, a square's side, a hexagon's or "
                            "a triangle's edge (default 10mm)")
    group.add_argument("--gap", type=millimetres, metavar="SIZE",
                       help="the clearance between pieces: each shrinks by half of it on "
                            "every outside face (default 0.2mm)")
    edges = group.add_mutually_exclusive_group()
    edges.add_argument("--chamfer", type=millimetres, metavar="SIZE",
                       help="chamfer the outside edges (default: sharp edges)")
    edges.add_argument("--round", type=millimetres, metavar="SIZE",
                       help="round the outside edges")
    group.add_argument("--thickness", type=millimetres, metavar="SIZE",
                       help="the tiles' thickness, for square, hex and triangle grids "
                            "(default 5mm)")
    group.add_argument("--names", choices=("engraved", "embossed"),
                       help="each piece's name on its top face")
    group.add_argument("--tray", action="store_true",
                       help="the board too, as a tray (flat grids) or an open-top box (cubes)")
    group.add_argument("--plate", type=plate_size, metavar="WxD",
                       help="lay everything out on print plates of W x D millimetres "
                            "(e.g. 220x220mm), a file a plate")
    group.add_argument("--3mf", dest="threemf", action="store_true",
                       help="write 3MF files, with a colour per piece, instead of STL")


def refuse_unused(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The 3D print options go with --export-stl: exit through `parser.error` otherwise."""
    if args.export_stl is not None:
        return
    for dest in _SIZES:
        if getattr(args, dest) not in (None, False):
            option = "--3mf" if dest == "threemf" else f"--{dest}"
            parser.error(f"{option} goes with --export-stl FOLDER")


def run_export(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """Write the files and list them; PuzzleError naming what cannot be printed (the caller
    prints it, exit status 2)."""
    from ..output.printable import PrintOptions, export_printable

    options = print_options(args, PrintOptions)
    written = export_printable(puzzle, args.export_stl, options)
    for path in written:
        print(f"wrote {path}")
    print(f"{puzzle.name}: {len(written)} file{'s' if len(written) != 1 else ''} to print in "
          f"{args.export_stl}")
    return 0


def print_options(args: argparse.Namespace, make: type):
    """The PrintOptions the command line asks for (the defaults for what it does not say)."""
    chosen: dict = {}
    for dest, field in (("voxel", "cell_mm"), ("gap", "gap_mm"), ("thickness", "thickness_mm"),
                        ("plate", "plate_mm")):
        if getattr(args, dest) is not None:
            chosen[field] = getattr(args, dest)
    for edge in ("chamfer", "round"):
        if getattr(args, edge) is not None:
            chosen.update(edge=edge, edge_mm=getattr(args, edge))
    if args.names:
        chosen["names"] = args.names
    if args.tray:
        chosen["board"] = "tray"
    if args.plate is not None:
        chosen["layout"] = "plate"
    if args.threemf:
        chosen["file_format"] = "3mf"
    return make(**chosen)

"""`polygui-solve`: the solver's command line (solvers.cli) plus image exports, which need Qt
(imported only when an image is asked for):

    polygui-solve PUZZLE --export-png out.png --solution 5 --size 1200x800 [--transparent]
    polygui-solve PUZZLE --export-svg out.svg --solution 1
    polygui-solve PUZZLE --sheet sheet.pdf --limit 100 [--sheet-grid 4x5]

Without a display, Qt draws off screen. Cube puzzles are drawn as their layers (the 3D view
needs OpenGL on a screen; the app exports it)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from solvers import PuzzleError, Solution, solve
from solvers.cli import main as solver_cli
from solvers.output.kept import KeptSolutions
from solvers.puzzle.any_file import load_any

IMAGE_OPTIONS = ("export_png", "export_svg", "sheet")


def build_parser() -> argparse.ArgumentParser:
    parser = solver_cli.build_parser()
    images = parser.add_argument_group("images (drawn as the app draws them)")
    images.add_argument("--export-png", type=Path, metavar="FILE",
                        help="draw a solution (or the puzzle, with --solution 0) as PNG")
    images.add_argument("--export-svg", type=Path, metavar="FILE",
                        help="the same as SVG (hex, square and Sudoku puzzles)")
    images.add_argument("--solution", type=int, default=1, metavar="K",
                        help="which solution to draw, from 1 (default 1; 0: the puzzle alone)")
    images.add_argument("--size", default="1200x800", metavar="WxH",
                        help="image size in pixels (default 1200x800)")
    images.add_argument("--transparent", action="store_true",
                        help="no background behind the puzzle (PNG, SVG)")
    images.add_argument("--sheet", type=Path, metavar="FILE",
                        help="a contact sheet of the solutions found: FILE.pdf, or FILE.png "
                             "(one PNG a page, numbered when there are several)")
    images.add_argument("--sheet-grid", default="4x5", metavar="CxR",
                        help="thumbnails a page, columns x rows (default 4x5)")
    images.add_argument("--sheet-page", default="A4", choices=("A4", "Letter", "A3"),
                        help="the sheet's page size (default A4)")
    images.add_argument("--landscape", action="store_true",
                        help="sheet pages in landscape orientation")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    solver_cli.tolerate_unprintable_text()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not any(getattr(args, option) for option in IMAGE_OPTIONS):
        return solver_cli.main(argv)
    if args.puzzle is None:
        parser.error("give a puzzle file to draw")
    try:
        return export_images(args)
    except PuzzleError as error:
        print(f"polygui-solve: {error}", file=sys.stderr)
        return 2


def export_images(args: argparse.Namespace) -> int:
    puzzle = load_any(args.puzzle, args.problem)
    args.symmetry = args.symmetry or "distinct"  # the solver's parser leaves it to a run file
    wanted = [args.solution if args.export_png or args.export_svg else 0]
    if args.sheet:
        wanted.append(args.limit or 0)  # 0: all
    limit = 0 if 0 in wanted[1:] else max(wanted)
    if args.solution < 0:
        raise PuzzleError("--solution counts from 1 (0 draws the puzzle alone)")
    solutions = KeptSolutions(puzzle, args.keep)
    for event in solve(puzzle, args.symmetry, limit=limit):
        if isinstance(event, Solution):
            solutions.add(event)
    _application()
    from .export.images import parse_size, render_flat, save_image, save_svg, svg_bytes

    size = parse_size(args.size)
    shown = None
    if args.solution:
        if args.solution > solutions.counted:
            raise PuzzleError(f"there is no solution {args.solution}: the search found "
                              f"{solutions.counted}")
        if args.solution > len(solutions):
            raise PuzzleError(f"solution {args.solution} was counted, not kept: raise --keep "
                              f"past {len(solutions):,}")
        shown = solutions[args.solution - 1]
    if args.export_png:
        save_image(render_flat(puzzle, shown, size, args.transparent), args.export_png)
        print(f"wrote {args.export_png} ({size.width()}x{size.height()})")
    if args.export_svg:
        save_svg(svg_bytes(puzzle, shown, size, args.transparent), args.export_svg)
        print(f"wrote {args.export_svg} ({size.width()}x{size.height()}, vector)")
    if args.sheet:
        write_sheet(puzzle, solutions, args)
    return 0


def write_sheet(puzzle, solutions: KeptSolutions, args: argparse.Namespace) -> None:
    from .export.sheet import ContactSheet

    try:
        columns, rows = (int(part) for part in args.sheet_grid.lower().split("x"))
    except ValueError:
        raise PuzzleError(f"--sheet-grid {args.sheet_grid!r}: write it as COLUMNSxROWS, "
                          "e.g. 4x5") from None
    sheet = ContactSheet(puzzle, solutions.__getitem__, range(len(solutions)), args.sheet,
                         columns, rows, title=f"{puzzle.name} ({args.symmetry})",
                         page=args.sheet_page, landscape=args.landscape)
    for path in sheet.run():
        print(f"wrote {path}")


def _application():
    """A QApplication to draw with; off screen when there is no display."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(sys.argv[:1])


if __name__ == "__main__":
    sys.exit(main())

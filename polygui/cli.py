"""`polygui-solve`: the solver's command line (solvers.cli) plus image exports, which need Qt
(imported only when an image is asked for):

    polygui-solve PUZZLE --export-png out.png --solution 5 --size 1200x800 [--transparent]
    polygui-solve PUZZLE --export-svg out.svg --solution 1
    polygui-solve PUZZLE --sheet sheet.pdf --limit 100 [--sheet-grid 4x5]

Without a display, Qt draws off screen. Cube puzzles are drawn as their layers (the 3D view
needs OpenGL on a screen; the app exports it).

Only the standard library is imported here: the solver (numpy and more, about a second) is
imported inside main(), with Ctrl-C recorded while it loads (Python garbles a KeyboardInterrupt
raised inside an import, see solvers.cli.endings) and answered once it is loaded, as in any
later phase: "interrupted", exit status 130."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gc
import os
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

from .export.limits import MAX_SHEET_COLUMNS, MAX_SHEET_ROWS, MAX_SIDE

IMAGE_OPTIONS = ("export_png", "export_svg", "sheet")
PICTURE_OPTIONS = ("solution", "size", "transparent")  # for --export-png and --export-svg
SHEET_OPTIONS = ("sheet_grid", "sheet_page", "landscape")
# the solver's options an image export has no use for
NOT_FOR_IMAGES = ("count_only", "json", "show", "export_json", "export_csv", "export_lines",
                  "jobs", "cluster", "checkpoint", "resume", "sudoku_batch", "estimate",
                  "estimate_seconds", "explain", "where", "unique", "save_unique",
                  "export_moves", "export_xmpuzzle")
INTERRUPTED = 130  # solvers.cli.endings.INTERRUPTED, for Ctrl-C before it is imported


def build_parser() -> argparse.ArgumentParser:
    from solvers.cli import main as solver_cli
    from solvers.cli.arguments import pair, whole_number

    parser = solver_cli.build_parser()
    images = parser.add_argument_group("images (drawn as the app draws them)")
    images.add_argument("--export-png", type=Path, metavar="FILE",
                        help="draw a solution (or the puzzle, with --solution 0) as PNG")
    images.add_argument("--export-svg", type=Path, metavar="FILE",
                        help="the same as SVG (hex, square and Sudoku puzzles)")
    images.add_argument("--solution", type=whole_number(0), default=1, metavar="K",
                        help="which solution to draw, from 1 (default 1; 0: the puzzle alone)")
    images.add_argument("--size", default=(1200, 800), metavar="WxH",
                        type=pair("width", "height", (MAX_SIDE, MAX_SIDE), "1200x800"),
                        help=f"image size in pixels (default 1200x800, at most {MAX_SIDE:,} a "
                             "side)")
    images.add_argument("--transparent", action="store_true",
                        help="no background behind the puzzle (PNG, SVG)")
    images.add_argument("--sheet", type=Path, metavar="FILE",
                        help="a contact sheet of the solutions found: FILE.pdf, or FILE.png "
                             "(one PNG a page, numbered when there are several)")
    images.add_argument("--sheet-grid", default=(4, 5), metavar="CxR",
                        type=pair("columns", "rows", (MAX_SHEET_COLUMNS, MAX_SHEET_ROWS), "4x5"),
                        help=f"thumbnails a page, columns x rows (default 4x5, at most "
                             f"{MAX_SHEET_COLUMNS}x{MAX_SHEET_ROWS})")
    images.add_argument("--sheet-page", default="A4", choices=("A4", "Letter", "A3"),
                        help="the sheet's page size (default A4)")
    images.add_argument("--landscape", action="store_true",
                        help="sheet pages in landscape orientation")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # numpy's OpenBLAS starts a thread per core when numpy loads, and they spin: a count
    # multiplies only small integer matrices (no BLAS), so one thread saves a few ms of start-up
    # and about 0.1 s of CPU time on two cores (unless the user chose otherwise)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    with _interrupts_recorded() as interrupts:
        from solvers.cli.endings import ended_cleanly
    if interrupts:
        print("polygui-solve: interrupted", file=sys.stderr)
        return INTERRUPTED
    return ended_cleanly(lambda: _main(argv))


def run() -> NoReturn:
    """The `polygui-solve` command: main() on the command line, and the process ended with its
    status, without Python's teardown when nothing waits for it (solvers.cli.endings.leave)."""
    status = main()
    from solvers.cli.endings import leave

    leave(status)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while the block runs, and what it made frozen
    (never looked at again): importing the solver makes tens of thousands of objects
    (classes, functions, their cycles) that live as long as the program, and the collector's
    passes over them, the first one soon after, were a few ms of every command."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


@contextlib.contextmanager
def _interrupts_recorded() -> Iterator[list[int]]:
    """Ctrl-C recorded in the list yielded, not raised, while the block runs (unless SIGINT is
    ignored, as in a shell's background job, or this is not the main thread)."""
    interrupts: list[int] = []
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield interrupts
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupts.append(signum))
    try:
        yield interrupts
    finally:
        signal.signal(signal.SIGINT, previous)


def _main(argv: list[str]) -> int:
    with _collector_paused():
        from solvers import PuzzleError
        from solvers.cli import main as solver_cli

    solver_cli.tolerate_unprintable_text()
    if solver_cli.generate_commands.wanted(argv):  # options of its own, no images
        return solver_cli.main(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if not any(getattr(args, option) for option in IMAGE_OPTIONS):
        return solver_cli.main(argv, parsed=(parser, args))
    refuse_what_does_not_apply(parser, args)
    if args.puzzle is None:
        parser.error("give a puzzle file to draw")
    try:
        return export_images(args)
    except PuzzleError as error:
        print(f"polygui-solve: {error}", file=sys.stderr)
        return 2


def refuse_what_does_not_apply(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """parser.error naming an option given that the images asked for have no use for."""
    from solvers.cli.arguments import refuse_unused

    refuse_unused(parser, args, NOT_FOR_IMAGES, "image exports")
    if not (args.export_png or args.export_svg):
        refuse_unused(parser, args, PICTURE_OPTIONS, "--sheet (only to --export-png/-svg)")
    if not args.sheet:
        refuse_unused(parser, args, ("limit", *SHEET_OPTIONS),
                      "--export-png/--export-svg (only to --sheet)")


def export_images(args: argparse.Namespace) -> int:
    from solvers import PuzzleError, Solution, solve
    from solvers.output.kept import KeptSolutions
    from solvers.puzzle.any_file import load_any

    puzzle = _drawn_puzzle(load_any(args.puzzle, args.problem), args.member)
    if args.no_disassembly and puzzle.disassembly:
        puzzle = dataclasses.replace(puzzle, disassembly=False)
    args.symmetry = args.symmetry or "distinct"  # the solver's parser leaves it to a run file
    wanted = [args.solution if args.export_png or args.export_svg else 0]
    if args.sheet:
        wanted.append(args.limit or 0)  # 0: all
    limit = 0 if 0 in wanted[1:] else max(wanted)
    solutions = KeptSolutions(puzzle, args.keep)
    for event in solve(puzzle, args.symmetry, limit=limit):
        if isinstance(event, Solution):
            solutions.add(event)
    _application()
    from PySide6.QtCore import QSize

    from .export.images import render_flat, save_image, save_svg, svg_bytes

    size = QSize(*args.size)
    shown = None
    if args.solution and (args.export_png or args.export_svg):
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



def _drawn_puzzle(puzzle, member: str | None):
    """The puzzle an image draws: a family's member named by --member (its own board: a
    calendar date's cells left open), a plain puzzle as it is."""
    from solvers import PuzzleError
    from solvers.cli.family_commands import chosen_member

    if puzzle.family is None:
        if member is not None:
            raise PuzzleError(f"--member chooses a member of a puzzle family, and {puzzle.name} "
                              "is not a family")
        return puzzle
    if member is None:
        raise PuzzleError(f"{puzzle.name} is a family of puzzles: name the member to draw "
                          "with --member (\"Dec 25\")")
    return chosen_member(puzzle, member)

def write_sheet(puzzle, solutions, args: argparse.Namespace) -> None:
    """The contact sheet of the KeptSolutions `solutions`."""
    from .export.sheet import ContactSheet

    columns, rows = args.sheet_grid
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
    run()

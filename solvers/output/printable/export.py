"""`export_printable`: a puzzle's pieces (and its board as a tray or box) written as files to
print, one a piece or laid out on plates, as binary STL or 3MF; each file written atomically,
never into the shipped examples' folder."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from manifold3d import Error, Manifold

from ...puzzle.atomic import write_atomically
from ...puzzle.cancel import CancelCheck, check_cancel
from ...puzzle.errors import PuzzleError
from ...puzzle.grids import GridKind
from ...puzzle.model import Puzzle
from ...puzzle.shipped import examples_folders
from .files import stl_bytes, threemf_bytes
from .layout import Solid, on_floor, plates
from .options import PrintOptions
from .pieces import check_printable, piece_solid
from .tray import tray_solid

Progress = Callable[[int, int], None]
PALETTE = ("#E6194B", "#3CB44B", "#FFE119", "#4363D8", "#F58231", "#911EB4", "#42D4F4",
           "#F032E6", "#BFEF45", "#FABED4", "#469990", "#DCBEFF", "#9A6324", "#800000")
BOARD_COLOUR = "#B0B0B0"
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_UNSAFE = re.compile(r"[^\w.-]+")


def export_printable(puzzle: Puzzle, folder: str | Path, options: PrintOptions,
                     cancel: CancelCheck | None = None,
                     progress: Progress | None = None) -> list[Path]:
    """Write the puzzle's solids to `folder` (made if missing) and return the files written.
    PuzzleError naming what cannot be printed or written; Cancelled once `cancel` returns
    True (the files written by then are whole). `progress(done, total)` before each solid is
    made and once all files are written (done == total)."""
    check_printable(puzzle.kind, puzzle.name)
    if not puzzle.pieces:
        raise PuzzleError(f"{puzzle.name}: it has no pieces to print")
    if options.board == "tray" and not puzzle.board:
        raise PuzzleError(f"{puzzle.name}: it has no board to print as a tray")
    folder = checked_folder(Path(folder))
    steps = len(solid_plan(puzzle, options))
    report = progress or (lambda done, total: None)
    solids, made = [], {}
    for done, (name, make, colour) in enumerate(solid_plan(puzzle, options)):
        check_cancel(cancel)
        report(done, steps + 1)
        if make not in made:  # a piece's copies share one maker: made once
            made[make] = checked(name, make())
        solids.append(Solid(name, made[make], colour))
    files = _files(puzzle, solids, options)
    written = []
    for path_name, group in files:
        check_cancel(cancel)
        data = threemf_bytes(group) if options.file_format == "3mf" else stl_bytes(group)
        path = folder / f"{path_name}.{options.file_format}"
        write_atomically(path, data)
        written.append(path)
    report(steps + 1, steps + 1)
    return written


def solid_plan(puzzle: Puzzle, options: PrintOptions) -> list[tuple[str, Callable, str]]:
    """(name, how to make it, colour) of every solid: each copy of each piece (the copies
    share their maker), the board's."""
    plan = []
    for index, piece in enumerate(puzzle.pieces):
        colour = piece.colour if _COLOUR.match(piece.colour or "") else \
            PALETTE[index % len(PALETTE)]
        make = _maker(puzzle.kind, piece.cells, piece.name, options)
        for copy in range(1, piece.count + 1):
            name = piece.name if piece.count == 1 else f"{piece.name} ({copy} of {piece.count})"
            plan.append((name, make, colour))
    if options.board == "tray":
        what = "box" if puzzle.kind is GridKind.CUBE else "tray"
        plan.append((what, lambda: tray_solid(puzzle, options), BOARD_COLOUR))
    return plan


def checked(name: str, shape: Manifold) -> Manifold:
    """`shape`, unless the geometry library failed to make it (PuzzleError naming it)."""
    if shape.status() != Error.NoError or shape.is_empty():
        raise PuzzleError(f"3D print: {name} could not be made as a solid "
                          f"({shape.status().name}); try other sizes")
    return shape


def _maker(kind: GridKind, cells, name: str, options: PrintOptions) -> Callable:
    return lambda: piece_solid(kind, cells, name, options)


def _files(puzzle: Puzzle, solids: list[Solid],
           options: PrintOptions) -> list[tuple[str, list[Solid]]]:
    """(file name without suffix, its solids) of every file, names unique and safe."""
    stem = safe_name(puzzle.name, "puzzle")
    if options.layout == "plate":
        laid = plates(solids, options.plate_mm)
        return [(f"{stem}-plate-{number}", group) for number, group in enumerate(laid, 1)]
    taken: set[str] = set()
    files = []
    for solid in solids:
        name = f"{stem}-{safe_name(solid.name, 'piece')}"
        unique, number = name, 2
        while unique.lower() in taken:
            unique, number = f"{name}-{number}", number + 1
        taken.add(unique.lower())
        files.append((unique, [on_floor(solid)]))
    return files


def safe_name(text: str, fallback: str) -> str:
    """`text` as part of a file name any system takes (after "puzzle-", never a reserved
    name): letters, digits, '.', '_' and '-', the rest as '-'; at most 60 characters."""
    name = _UNSAFE.sub("-", text.replace("(", "").replace(")", "")).strip("-.")[:60].strip("-.")
    return name or fallback


def checked_folder(folder: Path) -> Path:
    """`folder`, made if missing; PuzzleError if it is a file, cannot be made, or is one of
    the shipped examples' folders (never written)."""
    resolved = folder.resolve()
    for examples in examples_folders():
        if resolved == examples or examples in resolved.parents:
            raise PuzzleError(f"{folder}: the shipped examples' folder is never written; "
                              "choose another folder")
    if folder.exists() and not folder.is_dir():
        raise PuzzleError(f"{folder}: a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PuzzleError(f"{folder}: cannot make the folder: {error.strerror or error}") \
            from error
    return folder



"""`polygui-solve PUZZLE --export-xmpuzzle FILE`: the puzzle written as a BurrTools file
(solvers.puzzle.burrtools_write), without a search."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..puzzle.model import Puzzle


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("BurrTools")
    group.add_argument("--export-xmpuzzle", type=Path, metavar="FILE",
                       help="write the puzzle (cube grid) as a BurrTools file, gzip-compressed "
                            "XML, and stop: its pieces, counts and ranges, and the board as "
                            "the result shape, optional cells as variable voxels")


def run_export(puzzle: Puzzle, path: Path) -> int:
    """Write the file (atomically) and say so; PuzzleError naming what BurrTools cannot hold
    (the caller prints it, exit status 2)."""
    from ..puzzle.burrtools_write import write_burrtools

    write_burrtools(puzzle, path)
    print(f"wrote {puzzle.name} to {path} (BurrTools)")
    return 0

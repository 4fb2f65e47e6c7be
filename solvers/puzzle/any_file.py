"""Any puzzle file the command line takes: a PolyGUI file or a seed text (fileformat), or a
BurrTools `.xmpuzzle` (burrtools), one of whose problems is chosen."""

from __future__ import annotations

from pathlib import Path

from .burrtools import load_burrtools
from .errors import PuzzleError
from .fileformat import load_puzzle
from .model import Puzzle

BURRTOOLS_SUFFIX = ".xmpuzzle"


def is_burrtools(path: str | Path) -> bool:
    return Path(path).suffix.lower() == BURRTOOLS_SUFFIX


def load_any(path: str | Path, problem: int | None = None) -> Puzzle:
    """The puzzle in `path`; for a BurrTools file its problem `problem` (from 1; the first
    by default). PuzzleError naming the problem, also for `problem` with another file."""
    if is_burrtools(path):
        return load_burrtools(path, 1 if problem is None else problem)
    if problem is not None:
        raise PuzzleError(f"--problem picks a problem of a BurrTools file ({BURRTOOLS_SUFFIX}), "
                          f"not of {Path(path).name}")
    return load_puzzle(path)

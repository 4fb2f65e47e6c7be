"""`polygui-solve --sudoku-batch FILE`: many 9x9 Sudokus, solved, checked and timed."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

from ..puzzle.model import PuzzleError
from ..puzzle.textformats import parse_sudoku_lines
from ..search.sudoku import check_solutions, solve_batch


def run_batch(path: Path, *, as_json: bool = False) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PuzzleError(f"{path}: cannot read: {error}") from error
    try:
        puzzles = parse_sudoku_lines(text)
    except ValueError as error:
        raise PuzzleError(f"{path}: {error}") from error
    if len(puzzles) == 0:
        raise PuzzleError(f"{path}: no Sudoku lines found")
    solve_batch(puzzles[:1])  # load the compiled kernel before timing
    start = time.perf_counter()
    solutions, counts = solve_batch(puzzles)
    seconds = time.perf_counter() - start
    bad = np.flatnonzero((counts >= 1) & ~check_solutions(9, 3, 3, puzzles, solutions))
    if len(bad):
        raise PuzzleError(f"{path}: solution of puzzle {bad[0] + 1} failed its check")
    summary = {
        "file": str(path), "puzzles": int(len(puzzles)),
        "unique": int(np.sum(counts == 1)), "several": int(np.sum(counts >= 2)),
        "none": int(np.sum(counts == 0)), "seconds": round(seconds, 6),
        "puzzles_per_second": round(len(puzzles) / seconds, 1) if seconds else None,
    }
    print(f"{summary['puzzles']} puzzles in {seconds:.3f} s "
          f"({summary['puzzles_per_second']:,} puzzles/s): {summary['unique']} with one solution, "
          f"{summary['several']} with several, {summary['none']} with none; all solutions checked")
    if as_json:
        print(json.dumps(summary))
    return 0

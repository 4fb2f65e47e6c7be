"""`polygui-solve --sudoku-batch FILE`: many 9x9 Sudokus, solved, checked and timed.

The file is read a piece at a time (CHUNK_LINES lines, each at most MAX_LINE characters),
and each piece is solved and checked before the next is read: memory stays bounded whatever
the file holds (a pipe, /dev/zero, a line that never ends), and Ctrl-C is seen between two
pieces (the hardest known puzzles take about 2 s a piece)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import numpy as np

from ..puzzle.model import PuzzleError
from ..puzzle.textformats import parse_sudoku_lines
from ..search.sudoku import check_solutions, solve_batch

MAX_LINE = 1024  # characters of a line, a comment's too (a puzzle's line has 81)
CHUNK_LINES = 4096  # lines read, then solved and checked, at a time


@dataclass
class Tally:
    """The verdicts and solving time of the puzzles so far."""
    puzzles: int = 0
    unique: int = 0
    several: int = 0
    none: int = 0
    seconds: float = 0.0

    def add(self, counts: np.ndarray, seconds: float) -> None:
        self.puzzles += len(counts)
        self.unique += int(np.sum(counts == 1))
        self.several += int(np.sum(counts >= 2))
        self.none += int(np.sum(counts == 0))
        self.seconds += seconds


def run_batch(path: Path, *, as_json: bool = False) -> int:
    tally = Tally()
    try:
        stream = open(path, encoding="utf-8")
    except OSError as error:
        raise PuzzleError(f"{path}: cannot read: {error}") from error
    with stream:
        for puzzles in pieces(stream, path):
            if tally.puzzles == 0:
                solve_batch(puzzles[:1])  # load the compiled kernel before timing
            start = time.perf_counter()
            solutions, counts = solve_batch(puzzles)
            seconds = time.perf_counter() - start
            bad = np.flatnonzero((counts >= 1) & ~check_solutions(9, 3, 3, puzzles, solutions))
            if len(bad):
                raise PuzzleError(f"{path}: solution of puzzle {tally.puzzles + bad[0] + 1} "
                                  "failed its check")
            tally.add(counts, seconds)
    if tally.puzzles == 0:
        raise PuzzleError(f"{path}: no Sudoku lines found")
    report(path, tally, as_json)
    return 0


def pieces(stream: TextIO, path: Path) -> Iterator[np.ndarray]:
    """The puzzles of `stream`, (k, 81) int8, read CHUNK_LINES lines at a time; PuzzleError
    naming the line that is not a Sudoku line, or too long to be one."""
    number = 0  # lines read
    while True:
        first = number + 1
        lines = []
        while len(lines) < CHUNK_LINES and (line := read_line(stream, path, number + 1)):
            lines.append(line)
            number += 1
        if not lines:
            return
        try:
            puzzles = parse_sudoku_lines("".join(lines), first_line=first)
        except ValueError as error:
            raise PuzzleError(f"{path}: {error}") from error
        if len(puzzles):
            yield puzzles


def read_line(stream: TextIO, path: Path, number: int) -> str:
    """Line `number` of `stream` with its end ("" at the end of the file), read no further
    than MAX_LINE characters."""
    try:
        line = stream.readline(MAX_LINE + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise PuzzleError(f"{path}: cannot read: {error}") from error
    if len(line) > MAX_LINE and not line.endswith("\n"):
        raise PuzzleError(f"{path}: line {number} is longer than {MAX_LINE:,} characters "
                          "(a Sudoku line has 81)")
    return line


def report(path: Path, tally: Tally, as_json: bool) -> None:
    seconds = tally.seconds
    summary = {
        "file": str(path), "puzzles": tally.puzzles, "unique": tally.unique,
        "several": tally.several, "none": tally.none, "seconds": round(seconds, 6),
        "puzzles_per_second": round(tally.puzzles / seconds, 1) if seconds else None,
    }
    print(f"{summary['puzzles']} puzzles in {seconds:.3f} s "
          f"({summary['puzzles_per_second']:,} puzzles/s): {summary['unique']} with one solution, "
          f"{summary['several']} with several, {summary['none']} with none; all solutions checked")
    if as_json:
        print(json.dumps(summary))

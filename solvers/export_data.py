"""Solutions as data: JSON (each solution: piece -> cells, with the symmetry mode), CSV (one
row per covered cell), and Sudoku solutions as n*n-character lines. Written atomically."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from .fileformat import write_atomically
from .model import Puzzle, PuzzleError
from .solve import Solution
from .textformats import format_sudoku_line

FORMAT = "polygui-solutions"
DATA_SUFFIXES = {".json": "json", ".csv": "csv", ".txt": "lines"}


def solution_pieces(puzzle: Puzzle, solution: Solution) -> list[dict]:
    """[{"piece": name, "copy": k, "cells": [[x, y], ...]}, ...] in piece order."""
    copies: dict[int, int] = {}
    placed = []
    for piece, cells in sorted(solution.pieces, key=lambda item: (item[0], sorted(item[1]))):
        copies[piece] = copies.get(piece, 0) + 1
        placed.append({"piece": puzzle.pieces[piece].name, "copy": copies[piece],
                       "cells": [list(cell) for cell in sorted(cells)]})
    return placed


def solutions_to_json(puzzle: Puzzle, solutions: Sequence[Solution], symmetry: str) -> str:
    record = {"format": FORMAT, "version": 1, "puzzle": puzzle.name, "grid": puzzle.kind.value,
              "symmetry": "all" if puzzle.is_sudoku else symmetry, "count": len(solutions)}
    if puzzle.is_sudoku:
        record["solutions"] = [format_sudoku_line(s.grid) for s in solutions]
    else:
        record["solutions"] = [{"number": s.index + 1, "pieces": solution_pieces(puzzle, s)}
                               for s in solutions]
    # one solution a line: readable, and diffs well
    rows = ",\n  ".join(json.dumps(item) for item in record.pop("solutions"))
    return json.dumps(record)[:-1] + f', "solutions": [\n  {rows}\n]}}\n'.replace("[\n  \n]", "[]")


def solutions_to_csv(puzzle: Puzzle, solutions: Iterable[Solution], symmetry: str) -> str:
    """Polyforms: solution, piece, copy, then the cell's coordinates, a row per cell. Sudoku:
    solution, line."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if puzzle.is_sudoku:
        writer.writerow(["solution", "line"])
        for s in solutions:
            writer.writerow([s.index + 1, format_sudoku_line(s.grid)])
        return out.getvalue()
    axes = ["x", "y", "z"][:puzzle.kind.dimensions] if puzzle.kind.value != "hex" else ["q", "r"]
    writer.writerow(["solution", "piece", "copy", *axes, "symmetry"])
    for s in solutions:
        for placed in solution_pieces(puzzle, s):
            for cell in placed["cells"]:
                writer.writerow([s.index + 1, placed["piece"], placed["copy"], *cell, symmetry])
    return out.getvalue()


def sudoku_lines(puzzle: Puzzle, solutions: Iterable[Solution]) -> str:
    if not puzzle.is_sudoku:
        raise PuzzleError("solution lines are for Sudoku puzzles; use JSON or CSV")
    return "".join(format_sudoku_line(s.grid) + "\n" for s in solutions)


def export_solutions(puzzle: Puzzle, solutions: Sequence[Solution], symmetry: str,
                     path: Path, kind: str | None = None) -> None:
    """Write `solutions` to `path` as `kind` ("json", "csv" or "lines"; by default from the
    suffix). Atomic: on any error no file, or the old one, is left. Raises PuzzleError."""
    kind = kind or DATA_SUFFIXES.get(Path(path).suffix.lower())
    if kind is None:
        raise PuzzleError(f"{path}: say which format: a name ending in .json, .csv or .txt")
    text = {"json": lambda: solutions_to_json(puzzle, solutions, symmetry),
            "csv": lambda: solutions_to_csv(puzzle, solutions, symmetry),
            "lines": lambda: sudoku_lines(puzzle, solutions)}[kind]()
    write_atomically(Path(path), text.encode("utf-8"))

"""Solutions as data: JSON (each solution: piece -> cells, with the symmetry mode), CSV (one
row per covered cell), and Sudoku solutions as n*n-character lines. Streamed into a temporary
file that is renamed at the end.

Export runs off the GUI thread: `progress` is told how many solutions are done every
`PROGRESS_EVERY` and may stop the export by returning False (then nothing is written)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from ..puzzle.fileformat import write_atomically
from ..puzzle.model import Cell, Puzzle, PuzzleError
from ..puzzle.textformats import format_sudoku_line
from ..search.events import Solution, decode_rows

FORMAT = "polygui-solutions"
DATA_SUFFIXES = {".json": "json", ".csv": "csv", ".txt": "lines"}
PROGRESS_EVERY = 256  # solutions between two calls of `progress`

Progress = Callable[[int], bool]  # solutions done -> go on?
Placed = tuple[int, int, tuple[Cell, ...], str]  # piece, copy, sorted cells, cells as JSON


class ExportCancelled(Exception):
    """The export's `progress` callback asked it to stop."""


class PlacedRows:
    """Each placement row's piece, sorted cells and their JSON, worked out once: the same rows
    recur across thousands of solutions (bench/bench_export.py: 6-11 times faster than decoding
    and encoding each solution afresh)."""

    def __init__(self) -> None:
        self._placements = None
        self._rows: dict[int, tuple[int, tuple[Cell, ...], str]] = {}

    def placed(self, solution: Solution) -> list[Placed]:
        """(piece, copy, cells, cells as JSON) per placed piece, by piece then cells; copies of
        one piece are numbered from 1 in that order."""
        if solution.placements is None:
            return []
        if solution.placements is not self._placements:
            self._placements, self._rows = solution.placements, {}
        on_board = (r for r in solution.rows if self._placements.row_items[r])  # not absent
        rows = sorted((self._row(r) for r in on_board), key=lambda row: row[:2])
        copies: dict[int, int] = {}
        placed = []
        for piece, cells, text in rows:
            copies[piece] = copies.get(piece, 0) + 1
            placed.append((piece, copies[piece], cells, text))
        return placed

    def _row(self, row: int) -> tuple[int, tuple[Cell, ...], str]:
        known = self._rows.get(row)
        if known is None:
            ((piece, cells),) = decode_rows(self._placements, (row,))
            cells = tuple(sorted(cells))
            known = self._rows[row] = (piece, cells, json.dumps([list(c) for c in cells]))
        return known


def _counted(solutions: Iterable[Solution], progress: Progress | None) -> Iterator[Solution]:
    """`solutions`, telling `progress` how far along; raises ExportCancelled if it says stop."""
    for done, solution in enumerate(solutions):
        if progress is not None and done % PROGRESS_EVERY == 0 and done and not progress(done):
            raise ExportCancelled(f"stopped after {done:,} solutions")
        yield solution


def _json_rows(puzzle: Puzzle, solutions: Iterable[Solution]) -> Iterator[str]:
    """Each solution as json.dumps would write it, from text made once per placement row."""
    if puzzle.is_sudoku:
        yield from (json.dumps(format_sudoku_line(s.grid)) for s in solutions)
        return
    names = [json.dumps(piece.name) for piece in puzzle.pieces]
    rows = PlacedRows()
    for s in solutions:
        pieces = ", ".join(f'{{"piece": {names[piece]}, "copy": {copy}, "cells": {text}}}'
                           for piece, copy, _, text in rows.placed(s))
        yield f'{{"number": {s.index + 1}, "pieces": [{pieces}]}}'


def json_text(puzzle: Puzzle, solutions: Sequence[Solution], symmetry: str,
              progress: Progress | None = None) -> Iterator[str]:
    """The JSON record in pieces, one solution a line (readable, and diffs well)."""
    record = {"format": FORMAT, "version": 1, "puzzle": puzzle.name, "grid": puzzle.kind.value,
              "symmetry": "all" if puzzle.is_sudoku else symmetry, "count": len(solutions)}
    yield json.dumps(record)[:-1] + ', "solutions": ['
    separator = "\n  "
    for row in _json_rows(puzzle, _counted(solutions, progress)):
        yield separator + row
        separator = ",\n  "
    yield "]}\n" if separator == "\n  " else "\n]}\n"


def csv_text(puzzle: Puzzle, solutions: Iterable[Solution], symmetry: str,
             progress: Progress | None = None) -> Iterator[str]:
    """Polyforms: solution, piece, copy, then the cell's coordinates, a row per cell. Sudoku:
    solution, line. A piece per solution."""
    solutions = _counted(solutions, progress)
    if puzzle.is_sudoku:
        yield "solution,line\n"
        yield from (f"{s.index + 1},{format_sudoku_line(s.grid)}\n" for s in solutions)
        return
    axes = list(puzzle.kind.axes)  # hex q, r; square x, y; cube x, y, z; triangle x, y, t
    yield ",".join(["solution", "piece", "copy", *axes, "symmetry"]) + "\n"
    names = [_csv_field(piece.name) for piece in puzzle.pieces]
    tail = f",{_csv_field(symmetry)}\n"
    cell_text: dict[Cell, str] = {}
    rows = PlacedRows()
    for s in solutions:
        lines = []
        for piece, copy, cells, _ in rows.placed(s):
            head = f"{s.index + 1},{names[piece]},{copy},"
            for cell in cells:
                text = cell_text.get(cell) or cell_text.setdefault(cell, ",".join(map(str, cell)))
                lines.append(head + text + tail)
        yield "".join(lines)


def lines_text(puzzle: Puzzle, solutions: Iterable[Solution],
               progress: Progress | None = None) -> Iterator[str]:
    """Sudoku solutions, one n*n-character line each."""
    if not puzzle.is_sudoku:
        raise PuzzleError("solution lines are for Sudoku puzzles; use JSON or CSV")
    return (format_sudoku_line(s.grid) + "\n" for s in _counted(solutions, progress))


def solutions_to_json(puzzle: Puzzle, solutions: Sequence[Solution], symmetry: str) -> str:
    return "".join(json_text(puzzle, solutions, symmetry))


def solutions_to_csv(puzzle: Puzzle, solutions: Iterable[Solution], symmetry: str) -> str:
    return "".join(csv_text(puzzle, solutions, symmetry))


def _csv_field(value: str) -> str:
    """`value` as the csv module writes a field (quoted when it holds a comma or a quote)."""
    if not value:
        return ""  # alone on a row the csv module would write "" to tell it from no row
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow([value])
    return out.getvalue()


def data_kind(path: Path) -> str:
    """"json", "csv" or "lines", from the name's suffix; raises PuzzleError for others."""
    kind = DATA_SUFFIXES.get(Path(path).suffix.lower())
    if kind is None:
        raise PuzzleError(f"{path}: say which format: a name ending in .json, .csv or .txt")
    return kind


def export_solutions(puzzle: Puzzle, solutions: Sequence[Solution], symmetry: str,
                     path: Path, kind: str | None = None,
                     progress: Progress | None = None) -> None:
    """Write `solutions` to `path` as `kind` ("json", "csv" or "lines"; by default from the
    suffix), streamed: the text is never whole in memory. Atomic: on any error, or when
    `progress` says stop (ExportCancelled), no file, or the old one, is left. Raises
    PuzzleError."""
    kind = kind or data_kind(path)
    text = {"json": lambda: json_text(puzzle, solutions, symmetry, progress),
            "csv": lambda: csv_text(puzzle, solutions, symmetry, progress),
            "lines": lambda: lines_text(puzzle, solutions, progress)}[kind]()
    write_atomically(Path(path), _encoded(text))


def _encoded(pieces: Iterable[str], size: int = 1 << 16) -> Iterator[bytes]:
    """`pieces` as UTF-8, gathered into chunks of about `size` characters."""
    gathered: list[str] = []
    length = 0
    for piece in pieces:
        gathered.append(piece)
        length += len(piece)
        if length >= size:
            yield "".join(gathered).encode("utf-8")
            gathered, length = [], 0
    yield "".join(gathered).encode("utf-8")

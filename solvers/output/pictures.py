"""Text pictures of puzzles and solutions, for the CLI and for tests."""

from __future__ import annotations

import string

from ..puzzle.model import SUDOKU_SYMBOLS, Puzzle
from ..search.events import Solution

_LABELS = string.ascii_uppercase + string.ascii_lowercase + string.digits


def piece_labels(puzzle: Puzzle) -> list[str]:
    """One character per piece type: its name when all names are single characters."""
    names = [piece.name for piece in puzzle.pieces]
    if all(len(name) == 1 for name in names) and len(set(names)) == len(names):
        return names
    return [_LABELS[index % len(_LABELS)] for index in range(len(names))]


def format_solution(puzzle: Puzzle, solution: Solution) -> str:
    if puzzle.is_sudoku:
        return format_sudoku(puzzle, solution.grid)
    labels = piece_labels(puzzle)
    picture = {cell: labels[piece] for cell, piece in solution.cell_pieces().items()}
    return puzzle.kind.grid.text_picture(puzzle.board, picture)


def format_sudoku(puzzle: Puzzle, values: tuple[int, ...]) -> str:
    grid = puzzle.sudoku
    n = grid.n
    # jigsaw regions are no blocks of rows and columns: no gaps then
    box_rows, box_cols = (n, n) if grid.regions else (grid.box_rows, grid.box_cols)
    lines = []
    for row in range(n):
        if row and row % box_rows == 0:
            lines.append("")
        cells = [SUDOKU_SYMBOLS[values[row * n + col] - 1] if values[row * n + col] else "."
                 for col in range(n)]
        groups = [" ".join(cells[c:c + box_cols]) for c in range(0, n, box_cols)]
        lines.append("  ".join(groups))
    return "\n".join(lines)

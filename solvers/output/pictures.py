"""Text pictures of puzzles and solutions, for the CLI and for tests."""

from __future__ import annotations

import string

from ..puzzle import triangles
from ..puzzle.grids import GridKind, hex_to_offset
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
    if puzzle.kind is GridKind.HEX:
        return _format_hex(puzzle, picture)
    if puzzle.kind is GridKind.SQUARE:
        return _format_layer(puzzle.board, picture, lambda cell: cell)
    if puzzle.kind is GridKind.TRIANGLE:
        return _format_triangles(puzzle, picture)
    return _format_cube(puzzle, picture)


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


def _format_hex(puzzle: Puzzle, picture: dict) -> str:
    """Offset rows, odd rows shifted half a cell right, '.' for an uncovered board cell."""
    offsets = {hex_to_offset(*cell): picture.get(cell, ".") for cell in puzzle.board}
    rows = sorted({row for row, _ in offsets})
    cols = [col for _, col in offsets]
    lines = []
    for row in rows:
        chars = [offsets.get((row, col), " ") for col in range(min(cols), max(cols) + 1)]
        lines.append((" " if row & 1 else "") + " ".join(chars).rstrip())
    return "\n".join(lines)


def _format_triangles(puzzle: Puzzle, picture: dict) -> str:
    """A row of triangles per line, top row first, a character per triangle, up and down
    triangles alternating along a row (`triangles.offsets`), '.' for an uncovered cell."""
    places = triangles.offsets(list(puzzle.board)).tolist()
    by_place = {(row, col): picture.get(cell, ".") for (row, col), cell in zip(places, puzzle.board)}
    rows = [row for row, _ in places]
    cols = [col for _, col in places]
    return "\n".join("".join(by_place.get((row, col), " ") for col in range(min(cols), max(cols) + 1))
                     .rstrip() for row in range(min(rows), max(rows) + 1))


def _format_layer(cells, picture: dict, to_xy) -> str:
    xs = [to_xy(cell)[0] for cell in cells]
    ys = [to_xy(cell)[1] for cell in cells]
    by_xy = {to_xy(cell): picture.get(cell, ".") for cell in cells}
    return "\n".join(" ".join(by_xy.get((x, y), " ") for x in range(min(xs), max(xs) + 1)).rstrip()
                     for y in range(min(ys), max(ys) + 1))


def _format_cube(puzzle: Puzzle, picture: dict) -> str:
    """Layers z = 0, 1, ... side by side."""
    layers = sorted({cell[2] for cell in puzzle.board})
    blocks = [_format_layer([c for c in puzzle.board if c[2] == z], picture,
                            lambda cell: (cell[0], cell[1])).split("\n") for z in layers]
    height = max(len(block) for block in blocks)
    width = max(len(line) for block in blocks for line in block)
    return "\n".join("   ".join(block[i].ljust(width) if i < len(block) else " " * width
                                for block in blocks).rstrip() for i in range(height))

"""The seed text formats: the meteor board picture and the one-line Sudoku.

Meteor board: one line per row, top to bottom; cells are the characters at even positions on
even rows and at odd positions on odd rows (odd rows are shifted half a cell right). A
character names the piece covering the cell; cells with the same character form one piece;
`.` is a board cell no piece covers; a space is no cell at all (holes and ragged edges).

Sudoku line: n*n characters for an n x n grid (16, 36, 81, 144, 256, ...), row-major, `0` or
`.` for an empty cell, `1`-`9` then `A`-`Z` past 9. The box shape is the most square one.
A batch file holds many 9x9 Sudokus, one such line each (`parse_sudoku_lines`).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from .grids import Cell, GridKind, hex_to_offset, offset_to_hex
from .limits import MAX_BOARD_CELLS
from .model import SUDOKU_SYMBOLS, Piece, Puzzle, PuzzleError, SudokuGrid

EMPTY_CELL = "."
SUDOKU_EMPTY = "0."


# --- meteor board pictures ---------------------------------------------------------------
def parse_hex_picture(text: str) -> dict[Cell, str]:
    """Axial cell -> character for every board cell in a hex board picture."""
    picture: dict[Cell, str] = {}
    for row, line in enumerate(text.rstrip("\n").split("\n")):
        line = line.rstrip()
        for position, char in enumerate(line):
            if char == " ":
                continue
            if position % 2 != row % 2:
                raise PuzzleError(
                    f"line {row + 1}, column {position + 1}: {char!r} is between two cells "
                    f"(cells sit at {'odd' if row % 2 else 'even'} columns on this row; "
                    "odd rows start with a space)")
            picture[offset_to_hex(row, position // 2)] = char
            if len(picture) > MAX_BOARD_CELLS:
                raise PuzzleError(f"the board picture has more than {MAX_BOARD_CELLS:,} cells, "
                                  "more than PolyGUI takes")
    if not picture:
        raise PuzzleError("the board picture has no cells")
    return picture


def parse_meteor(text: str, name: str = "Hex board", description: str = "") -> Puzzle:
    """A hex puzzle from a board picture: the board is every cell, each character a piece."""
    picture = parse_hex_picture(text)
    labels = sorted({char for char in picture.values() if char != EMPTY_CELL})
    if not labels:
        raise PuzzleError("the board picture names no pieces (every cell is '.')")
    pieces = tuple(Piece(label, tuple(_normalised(c for c, ch in picture.items() if ch == label)))
                   for label in labels)
    return Puzzle(GridKind.HEX, name, description, board=tuple(picture), pieces=pieces)


def _normalised(cells) -> tuple[Cell, ...]:
    cells = list(cells)
    low = [min(cell[axis] for cell in cells) for axis in range(2)]
    return tuple(sorted((q - low[0], r - low[1]) for q, r in cells))


def format_hex_picture(board: tuple[Cell, ...], labels: dict[Cell, str]) -> str:
    """The picture of a hex board: `labels[cell]` or '.' per cell, odd rows shifted right.

    Rows and columns are counted from the board's top-left offset cell so the picture
    round-trips through `parse_hex_picture` up to translation (even rows stay even)."""
    offsets = {hex_to_offset(*cell): labels.get(cell, EMPTY_CELL) for cell in board}
    first_row = min(row for row, _ in offsets)
    first_row -= first_row % 2
    first_col = min(col for _, col in offsets)
    lines = []
    for row in range(first_row, max(row for row, _ in offsets) + 1):
        cols = range(first_col, max(col for _, col in offsets) + 1)
        chars = " ".join(offsets.get((row, col), " ") for col in cols)
        lines.append(((" " if row % 2 else "") + chars).rstrip())
    return "\n".join(lines)


LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def format_meteor(puzzle: Puzzle, placed) -> str:
    """The board picture of `puzzle` with each placed copy drawn with its own character.

    `placed`: (piece index, board cells) per copy, as `Solution.pieces` gives. A one-copy
    piece whose name is one character keeps it; other copies get the first unused letter."""
    names = [puzzle.pieces[piece].name for piece, _ in placed]
    if len(names) > len(LABELS):
        raise PuzzleError(f"meteor text draws at most {len(LABELS)} pieces, one character each; "
                          f"this arrangement has {len(names)} piece copies")
    keep = {name for name in names if len(name) == 1 and name not in " " + EMPTY_CELL
            and names.count(name) == 1}
    spare = iter(label for label in LABELS if label not in keep)
    labels: dict[Cell, str] = {}
    for name, (_, cells) in zip(names, placed):
        label = name if name in keep else next(spare)
        labels.update((tuple(cell), label) for cell in cells)
    return format_hex_picture(puzzle.board, labels)


# --- Sudoku lines ------------------------------------------------------------------------
def box_shape(n: int) -> tuple[int, int]:
    """(box_rows, box_cols) of the most square boxes for an n x n Sudoku: 6 -> 2x3, 12 -> 3x4."""
    rows = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    return rows, n // rows


def sudoku_size_of_line(length: int) -> int | None:
    n = math.isqrt(length)
    if n * n != length or n < 4 or n > len(SUDOKU_SYMBOLS) or box_shape(n)[0] == 1:
        return None
    return n


def parse_sudoku_line(text: str, name: str = "Sudoku", description: str = "", *,
                      strict: bool = True) -> Puzzle:
    """A Sudoku puzzle from one line of n*n characters."""
    line = "".join(text.split())
    n = sudoku_size_of_line(len(line))
    if n is None:
        raise PuzzleError(f"a Sudoku line needs 16, 36, 81, 144 or 256 characters "
                          f"(a square number with a box shape), got {len(line)}")
    known = sudoku_values(n)
    givens = []
    for index, char in enumerate(line):
        givens.append(known[char] if char in known else
                      sudoku_value(char, n, f"character {index + 1} "
                                            f"(r{index // n + 1}c{index % n + 1})"))
    box_rows, box_cols = box_shape(n)
    puzzle = Puzzle(GridKind.SUDOKU, name, description,
                    sudoku=SudokuGrid(box_rows, box_cols, tuple(givens)))
    if strict:
        puzzle.check_loadable()
    return puzzle


@lru_cache(maxsize=None)
def sudoku_values(n: int) -> dict[str, int]:
    """The usual characters of an n x n Sudoku line and their values (0 for empty), so that
    a line is read without building a message per character (others: `sudoku_value`)."""
    known = dict.fromkeys(SUDOKU_EMPTY, 0)
    for value, symbol in enumerate(SUDOKU_SYMBOLS[:n], 1):
        known[symbol] = known[symbol.lower()] = value
    return known


def sudoku_value(char: str, n: int, where: str) -> int:
    """The value of one Sudoku character (0 for empty); PuzzleError naming `where`."""
    if char in SUDOKU_EMPTY:
        return 0
    value = SUDOKU_SYMBOLS.find(char.upper()) + 1
    if not 1 <= value <= n:
        raise PuzzleError(f"{where}: {char!r} is not a {n}x{n} Sudoku symbol "
                          f"(use 1-{SUDOKU_SYMBOLS[n - 1]}, or 0 or . for an empty cell)")
    return value


def format_sudoku_line(values: tuple[int, ...] | list[int], empty: str = ".") -> str:
    """The n*n-character line of a Sudoku grid (0 -> `empty`)."""
    return "".join(SUDOKU_SYMBOLS[v - 1] if v else empty for v in values)


# --- telling them apart ------------------------------------------------------------------
def parse_text_puzzle(text: str, name: str, *, strict: bool = True) -> Puzzle:
    """A meteor board picture or a Sudoku line, whichever the text is."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not lines:
        raise PuzzleError("the file is empty")
    joined = "".join("".join(line.split()) for line in lines)
    if len(lines) == 1 and " " not in lines[0].strip() and sudoku_size_of_line(len(joined)):
        return parse_sudoku_line(joined, name, strict=strict)
    if len(lines) > 1 and all(" " not in line.strip() for line in lines) \
            and sudoku_size_of_line(len(joined)) and len(lines) == math.isqrt(len(joined)):
        # a grid picture: n lines of n characters
        return parse_sudoku_line(joined, name, strict=strict)
    return parse_meteor("\n".join(line for line in text.splitlines()
                                  if not line.startswith("#")), name)


# --- batch files: one 9x9 Sudoku a line -------------------------------------------------
_SUDOKU_CHARACTERS = str.maketrans("", "", "0123456789.")


def parse_sudoku_lines(text: str, first_line: int = 1) -> np.ndarray:
    """(k, 81) int8 puzzles from one 81-character line each: digits, '0' or '.' for empty.
    Blank lines and lines starting with '#' are skipped, trailing whitespace ignored. A bad
    line raises ValueError naming its line number (`text` being a file's lines from
    `first_line` on) and the problem."""
    lines = []
    for number, line in enumerate(text.splitlines(), start=first_line):
        line = line.rstrip()
        if not line or line.startswith("#"):
            continue
        if line.translate(_SUDOKU_CHARACTERS):
            column, char = next((i, c) for i, c in enumerate(line, 1) if c not in "0123456789.")
            raise ValueError(f"line {number}, column {column}: {char!r} is not a digit or '.'")
        if len(line) != 81:
            raise ValueError(f"line {number}: expected 81 characters, got {len(line)}")
        lines.append(line)
    if not lines:
        return np.zeros((0, 81), dtype=np.int8)
    raw = np.frombuffer("".join(lines).replace(".", "0").encode("ascii"), dtype=np.uint8)
    return (raw - ord("0")).astype(np.int8).reshape(-1, 81)

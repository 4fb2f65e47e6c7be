"""The Sudoku variants' keys of a puzzle file, read and written for `fileformat`.

```
"regions": ["AAABBBCCC", ...],   n strings of n characters; a character is a region of n
                                 cells (jigsaw), replacing the boxes ("box" may then be left out)
"diagonals": true,               both main diagonals hold every symbol once (X-Sudoku)
"cages": [{"sum": 15, "cells": [[0, 0], [0, 1], [1, 0]]}, ...]
                                 killer cages: [row, column] from 0; no symbol twice, the sum S
```
"""

from __future__ import annotations

import math
from typing import Any

from .errors import PuzzleError
from .limits import shown
from .sudoku_rules import Cage, RulesGrid, box_regions

VARIANT_KEYS = ("regions", "diagonals", "cages")
REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
MAX_SIZE = 35  # the symbols 1-9, A-Z


def variant_size(data: dict) -> int | None:
    """n read from "regions" when the file gives regions, else None."""
    regions = data.get("regions")
    if regions is None:
        return None
    if not isinstance(regions, list) or not all(isinstance(row, str) for row in regions):
        raise PuzzleError("\"regions\" must be a list of strings, one per row")
    if not 2 <= len(regions) <= MAX_SIZE:
        raise PuzzleError(f"\"regions\": {len(regions)} rows; a Sudoku has 2 to {MAX_SIZE}")
    return len(regions)


def squarest_box(n: int) -> tuple[int, int]:
    """The box shape of n cells closest to a square (rows <= columns): 3x3, 2x3, 1x5."""
    rows = max(r for r in range(1, math.isqrt(n) + 1) if n % r == 0)
    return rows, n // rows


def read_variant_rules(data: dict, n: int) -> dict[str, Any]:
    """The SudokuGrid fields of the variant keys in `data` (absent keys: classic rules)."""
    fields: dict[str, Any] = {}
    if "regions" in data:
        fields["regions"] = _regions(data["regions"], n)
    diagonals = data.get("diagonals", False)
    if not isinstance(diagonals, bool):
        raise PuzzleError(f"\"diagonals\" must be true or false, not {shown(diagonals)}")
    fields["diagonals"] = diagonals
    cages = data.get("cages", [])
    if not isinstance(cages, list):
        raise PuzzleError("\"cages\" must be a list of {\"sum\": S, \"cells\": [[row, column], ...]}")
    fields["cages"] = tuple(_cage(item, number, n) for number, item in enumerate(cages, start=1))
    return fields


def _regions(rows: Any, n: int) -> tuple[int, ...]:
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise PuzzleError("\"regions\" must be a list of strings, one per row")
    if len(rows) != n:
        raise PuzzleError(f"\"regions\": a {n}x{n} Sudoku needs {n} rows, got {len(rows)}")
    letters: dict[str, int] = {}
    regions = []
    for r, row in enumerate(rows):
        row = row.replace(" ", "")
        if len(row) != n:
            raise PuzzleError(f"\"regions\" row {r + 1}: expected {n} cells, got {len(row)}")
        regions.extend(letters.setdefault(char, len(letters)) for char in row)
    return tuple(regions)


def _cage(item: Any, number: int, n: int) -> Cage:
    where = f"cage {number} of \"cages\""
    if not isinstance(item, dict) or set(item) - {"sum", "cells"}:
        raise PuzzleError(f"{where} must be an object with \"sum\" and \"cells\"")
    total = item.get("sum")
    if not isinstance(total, int) or isinstance(total, bool):
        raise PuzzleError(f"{where}: \"sum\" must be a whole number, not {shown(total)}")
    cells = item.get("cells")
    if not isinstance(cells, list) or not cells:
        raise PuzzleError(f"{where}: \"cells\" must be a list of [row, column] pairs")
    numbers = []
    for cell in cells:
        if (not isinstance(cell, list) or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise PuzzleError(f"{where}: cell {shown(cell)} is not a [row, column] pair")
        row, col = cell
        if not (0 <= row < n and 0 <= col < n):
            raise PuzzleError(f"{where}: cell {shown(cell)} lies outside the {n}x{n} grid "
                              f"(rows and columns count from 0 to {n - 1})")
        numbers.append(row * n + col)
    if len(set(numbers)) != len(numbers):
        raise PuzzleError(f"{where}: a cell is listed twice")
    return Cage(total, tuple(numbers))


def write_variant_rules(grid: RulesGrid, data: dict[str, Any]) -> None:
    """Add the variant keys of `grid` to a file's `data` (none for a classic Sudoku); jigsaw
    regions replace "box"."""
    n = grid.n
    if grid.regions and grid.regions != box_regions(n, grid.box_rows, grid.box_cols):
        data.pop("box", None)
        data["regions"] = ["".join(REGION_LETTERS[grid.regions[row * n + col]]
                                   for col in range(n)) for row in range(n)]
    if grid.diagonals:
        data["diagonals"] = True
    if grid.cages:
        data["cages"] = [{"sum": cage.total, "cells": [[cell // n, cell % n] for cell in cage.cells]}
                         for cage in grid.cages]

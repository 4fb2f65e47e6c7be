"""PolyGUI puzzle files: versioned JSON, human-readable and diff-friendly, saved atomically.

```
{
  "format": "polygui-puzzle",
  "version": 1,
  "name": "Soma cube",
  "description": "...",
  "grid": "cube",
  "board": [[0, 0, 0], [0, 0, 1], ...],
  "pieces": [
    {"name": "V", "cells": [[0, 0, 0], [0, 1, 0], [1, 0, 0]], "count": 1, "mirror": true,
     "colour": "#e6194b"},
    ...
  ],
  "extra": {}
}
```
`"pinned"` (optional) lists pre-placed piece copies: `{"piece": name, "cells": [...]}` each
(see `pins`). Version 2 adds colour constraints (see `colour_rules`): `"constraint_colours"`,
`"board_paint"`, `"colour_rules"` and a piece's `"paint"`; a puzzle without them is written as
version 1, as before. Sudoku files have `"grid": "sudoku"`, `"box": [rows, cols]` and `"givens"`: one string per
row, `.` for an empty cell. Cells are in the grid's native coordinates (hex: axial (q, r)).
`load_puzzle` also reads the text formats of `textformats`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .atomic import new_file_mode, write_atomically  # noqa: F401  (where callers find them)
from .grids import GridKind
from .limits import (MAX_BOARD_CELLS, MAX_FILE_BYTES, MAX_NESTING, MAX_PIECE_CELLS, check_entry,
                     shown)
from .model import SUDOKU_SYMBOLS, Piece, Puzzle, PuzzleError, SudokuGrid
from .secondary_format import count_value, parse_count
from .sudoku_file import (VARIANT_KEYS, read_variant_rules, squarest_box, variant_size,
                          write_variant_rules)
from .pins import pins_from_data, pins_to_data
from .movement_rules import groups_from_data, groups_to_data
from .colour_rules import (COLOUR_KEYS, colour_keys_to_data, colours_from_data,
                           paint_from_data, paint_to_data, rules_from_data, uses_colours)
from .textformats import sudoku_value, format_sudoku_line, parse_text_puzzle
from .family_spec import family_from_data, family_to_data

FORMAT_NAME = "polygui-puzzle"
FORMAT_VERSION = 1
COLOUR_VERSION = 2  # the version that has colour constraints
_TOP_KEYS = {"format", "version", "name", "description", "grid", "board", "pieces", "box",
             "givens", "extra", "optional", "pinned", "disassembly", "family", *VARIANT_KEYS,
             *COLOUR_KEYS}
_PIECE_KEYS = {"name", "cells", "count", "mirror", "colour", "group", "groups", "weight",
               "paint"}


# --- reading -----------------------------------------------------------------------------
def load_puzzle(path: str | Path, *, strict: bool = True) -> Puzzle:
    """Read a puzzle file (JSON, a meteor board picture or a Sudoku line).

    `strict` also refuses contradictions (conflicting givens, pieces needing more cells than the
    board); the app opens such a file with `strict=False`, a design in progress its user
    saved, and shows the contradiction instead."""
    path = Path(path)
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise PuzzleError(f"{path}: cannot read: {error.strerror or error}") from error
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleError(f"{path}: larger than {MAX_FILE_BYTES >> 20} MiB, more than any "
                          "puzzle PolyGUI takes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise PuzzleError(f"{path}: not a text file (byte {error.start + 1} is not UTF-8)") from None
    try:
        if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
            return puzzle_from_json(text, strict=strict)
        return parse_text_puzzle(text, path.stem, strict=strict)
    except PuzzleError as error:
        raise PuzzleError(f"{path.name}: {error}") from None


def puzzle_from_json(text: str, *, strict: bool = True) -> Puzzle:
    """Parse and validate a puzzle file's text; PuzzleError names the first problem."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleError(f"not valid JSON: line {error.lineno}, column {error.colno}: "
                          f"{error.msg}") from None
    except RecursionError:
        raise PuzzleError(f"lists or objects nested too deeply (PolyGUI reads up to "
                          f"{MAX_NESTING} levels)") from None
    except ValueError:  # json.loads refuses integers of more than 4300 digits
        raise PuzzleError("a number has more digits than Python reads (4300)") from None
    return puzzle_from_dict(data, strict=strict)


def nesting_depth(value: Any) -> int:
    """How many lists and objects lie inside each other in `value`, at the deepest (walked
    with a stack of its own: a deeply nested value must not exhaust Python's)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if depth <= MAX_NESTING:
                stack.extend((child, depth + 1) for child in item)
    return deepest


def puzzle_from_dict(data: Any, *, strict: bool = True) -> Puzzle:
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle file must hold one JSON object")
    if nesting_depth(data) > MAX_NESTING:
        raise PuzzleError(f"lists or objects nested too deeply (PolyGUI reads up to "
                          f"{MAX_NESTING} levels)")
    if data.get("format") != FORMAT_NAME:
        raise PuzzleError(f"not a PolyGUI puzzle: \"format\" should be {FORMAT_NAME!r}, "
                          f"not {shown(data.get('format'))}")
    version = data.get("version")
    if version not in (FORMAT_VERSION, COLOUR_VERSION) or isinstance(version, bool):
        raise PuzzleError(f"unsupported version {shown(version)}: this PolyGUI reads versions "
                          f"{FORMAT_VERSION} and {COLOUR_VERSION}")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise PuzzleError(f"unknown key {shown(unknown[0])}")
    _check_version_keys(data, version)
    grid = data.get("grid")
    try:
        kind = GridKind(grid)
    except (ValueError, TypeError):
        kinds = ", ".join(k.value for k in GridKind)
        raise PuzzleError(f"unknown grid {shown(grid)}: use one of {kinds}") from None
    name = _string(data, "name", "puzzle", default="Untitled")
    description = _string(data, "description", "puzzle", default="")
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise PuzzleError("\"extra\" must be an object")
    if kind is GridKind.SUDOKU:
        if "optional" in data:
            raise PuzzleError("\"optional\": a Sudoku has no optional cells")
        if "disassembly" in data:
            raise PuzzleError("\"disassembly\": a Sudoku has no pieces to take apart")
        if "family" in data:
            raise PuzzleError("\"family\": a Sudoku has no boards to vary")
        for key in COLOUR_KEYS:
            if key in data:
                raise PuzzleError(f"\"{key}\": a Sudoku has no constraint colours")
        grid_data = _sudoku_grid(data)
        puzzle = Puzzle(kind, name, description, sudoku=grid_data, extra=extra)
    else:
        for key in VARIANT_KEYS:
            if key in data:
                raise PuzzleError(f"\"{key}\" is for Sudoku puzzles, not a {kind.value} grid")
        board = _cells(data.get("board"), "the board", kind.axes, MAX_BOARD_CELLS)
        pieces_data = data.get("pieces", [])
        if not isinstance(pieces_data, list):
            raise PuzzleError("\"pieces\" must be a list")
        if len(pieces_data) > MAX_PIECE_CELLS:
            raise PuzzleError(f"{len(pieces_data):,} pieces: PolyGUI takes at most "
                              f"{MAX_PIECE_CELLS:,} cells of pieces in all")
        pieces = tuple(_piece(item, index, kind.axes)
                       for index, item in enumerate(pieces_data))
        optional = _cells(data.get("optional", []), "\"optional\"", kind.axes,
                          MAX_BOARD_CELLS)
        puzzle = Puzzle(kind, name, description, board=board, pieces=pieces, extra=extra,
                        optional=optional,
                        pins=pins_from_data(data.get("pinned"), kind.dimensions),
                        disassembly=data.get("disassembly", False), **_colour_keys(data, kind),
                        family=None if "family" not in data else family_from_data(
                            data["family"], kind.axes, board, strict=strict))
    if strict:
        puzzle.check_loadable()
    return puzzle


def _check_version_keys(data: dict, version: int) -> None:
    """Colour constraints are keys of version 2: a version 1 file with one is refused."""
    if version >= COLOUR_VERSION:
        return
    pieces = data.get("pieces")
    painted = isinstance(pieces, list) and any(isinstance(item, dict) and "paint" in item
                                               for item in pieces)
    key = next((key for key in COLOUR_KEYS if key in data), "paint" if painted else None)
    if key is not None:
        raise PuzzleError(f"\"{key}\" is a key of version {COLOUR_VERSION} files (colour "
                          f"constraints), but this file says version {version}")


def _colour_keys(data: dict, kind: GridKind) -> dict[str, Any]:
    """The Puzzle's colour fields from the file's colour keys."""
    return {"constraint_colours": colours_from_data(data.get("constraint_colours", [])),
            "board_paint": paint_from_data(data.get("board_paint", []), "the board",
                                           kind.dimensions, MAX_BOARD_CELLS),
            "colour_rules": rules_from_data(data.get("colour_rules", []))}


def _string(data: dict, key: str, where: str, *, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise PuzzleError(f"{where}: \"{key}\" must be a string, not {shown(value)}")
    return value


def _cells(value: Any, where: str, axes: str, limit: int) -> tuple[tuple[int, ...], ...]:
    """`axes`: a cell's coordinates, a letter each (`GridKind.axes`)."""
    dims = len(axes)
    if not isinstance(value, list):
        raise PuzzleError(f"{where}: cells must be a list of [{', '.join(axes)}] lists")
    if len(value) > limit:
        raise PuzzleError(f"{where} has {len(value):,} cells; PolyGUI takes at most {limit:,}")
    cells = []
    for position, cell in enumerate(value):
        if (not isinstance(cell, list) or len(cell) != dims
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise PuzzleError(f"{where}: cell {position + 1} is {shown(cell)}, "
                              f"expected {dims} whole numbers")
        cells.append(tuple(cell))
    return tuple(cells)


def _piece(item: Any, index: int, axes: str) -> Piece:
    where = f"entry {index + 1} of \"pieces\""
    check_entry(item, where, _PIECE_KEYS)
    name = _string(item, "name", where, default="")
    if name:  # the name, and where in the file: names are often digits, like positions
        where = f"piece {shown(name)} ({where})"
    (count, least), mirror = parse_count(item.get("count", 1), where), item.get("mirror", True)
    if not isinstance(mirror, bool):
        raise PuzzleError(f"{where}: mirror must be true or false, not {shown(mirror)}")
    colour = _string(item, "colour", where, default="")
    if colour and not _is_hex_colour(colour):
        raise PuzzleError(f"{where}: colour {shown(colour)} is not like \"#a0c4ff\"")
    return Piece(name, _cells(item.get("cells"), where, axes, MAX_PIECE_CELLS), count, mirror,
                 colour, least, groups_from_data(item, count, where), item.get("weight", 1),
                 paint_from_data(item.get("paint", []), where, len(axes), MAX_PIECE_CELLS))


def _is_hex_colour(text: str) -> bool:
    return len(text) == 7 and text[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in text[1:])


def _sudoku_grid(data: dict) -> SudokuGrid:
    size = variant_size(data)
    box = data.get("box", None if size is None else list(squarest_box(size)))
    if (not isinstance(box, list) or len(box) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in box)):
        raise PuzzleError(f"\"box\" must be [rows, columns] of a Sudoku box, not {shown(box)}")
    n = box[0] * box[1]
    if size is not None and size != n:
        raise PuzzleError(f"\"box\" {shown(box)} makes a {n}x{n} Sudoku, but \"regions\" "
                          f"has {size} rows")
    if n > len(SUDOKU_SYMBOLS):
        raise PuzzleError(f"\"box\": {shown(box)} makes a Sudoku larger than PolyGUI's "
                          f"largest, {len(SUDOKU_SYMBOLS)}x{len(SUDOKU_SYMBOLS)}")
    rows = data.get("givens")
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise PuzzleError("\"givens\" must be a list of strings, one per row")
    if len(rows) != n:
        raise PuzzleError(f"\"givens\": a {n}x{n} Sudoku needs {n} rows, got {len(rows)}")
    values = []
    for r, row in enumerate(rows):
        row = row.replace(" ", "")
        if len(row) != n:
            raise PuzzleError(f"\"givens\" row {r + 1}: expected {n} cells, got {len(row)}")
        values.extend(sudoku_value(char, n, f"\"givens\" r{r + 1}c{c + 1}")
                      for c, char in enumerate(row))
    return SudokuGrid(box[0], box[1], tuple(values), **read_variant_rules(data, n))


# --- writing -----------------------------------------------------------------------------
def puzzle_to_dict(puzzle: Puzzle) -> dict:
    version = COLOUR_VERSION if uses_colours(puzzle) else FORMAT_VERSION
    data: dict[str, Any] = {"format": FORMAT_NAME, "version": version,
                            "name": puzzle.name, "description": puzzle.description,
                            "grid": puzzle.kind.value}
    if puzzle.is_sudoku:
        grid = puzzle.sudoku
        data["box"] = [grid.box_rows, grid.box_cols]
        data["givens"] = [format_sudoku_line(grid.givens[r * grid.n:(r + 1) * grid.n])
                          for r in range(grid.n)]
        write_variant_rules(grid, data)
    else:
        data["board"] = [list(cell) for cell in puzzle.board]
        data["pieces"] = [_piece_dict(piece) for piece in puzzle.pieces]
        if puzzle.optional:
            data["optional"] = [list(cell) for cell in puzzle.optional]
        if puzzle.pins:
            data["pinned"] = pins_to_data(puzzle.pins)
        if puzzle.disassembly:
            data["disassembly"] = True
        data.update(colour_keys_to_data(puzzle))
        if puzzle.family is not None:
            data["family"] = family_to_data(puzzle.family)
    if puzzle.extra:
        data["extra"] = puzzle.extra
    return data


def _piece_dict(piece: Piece) -> dict:
    item: dict[str, Any] = {"name": piece.name, "cells": [list(c) for c in piece.cells],
                            "count": count_value(piece), "mirror": piece.mirror}
    if piece.colour:
        item["colour"] = piece.colour
    item.update(groups_to_data(piece))
    if piece.paint:
        item["paint"] = paint_to_data(piece.paint)
    return item


def puzzle_to_json(puzzle: Puzzle) -> str:
    """The file text: indented; cells and short objects on one line, long cell lists wrapped."""
    return _dump(puzzle_to_dict(puzzle), 0) + "\n"


_WIDTH = 100


def _dump(value: Any, indent: int) -> str:
    pad, inner = "  " * indent, "  " * (indent + 1)
    if not isinstance(value, (list, dict)):
        return _scalar(value)
    one_line = _one_line(value)
    if one_line is not None and len(pad) + len(one_line) <= _WIDTH:
        return one_line
    if isinstance(value, dict):
        items = ",\n".join(f"{inner}{json.dumps(k)}: {_dump(v, indent + 1)}"
                           for k, v in value.items())
        return "{\n" + items + "\n" + pad + "}"
    if all(isinstance(v, list) and _one_line(v) is not None for v in value):
        return "[\n" + _wrap([_one_line(v) for v in value], inner) + "\n" + pad + "]"
    return "[\n" + ",\n".join(inner + _dump(v, indent + 1) for v in value) + "\n" + pad + "]"


def _one_line(value: Any) -> str | None:
    """A scalar, a cell, a list of cells or an object of such values on one line; else None."""
    if isinstance(value, list):
        parts = [_one_line(v) for v in value]
        if any(p is None or isinstance(v, dict) for p, v in zip(parts, value)):
            return None
        return "[" + ", ".join(parts) + "]"  # type: ignore[arg-type]
    if isinstance(value, dict):
        parts = [(k, _one_line(v)) for k, v in value.items()]
        if any(p is None for _, p in parts):
            return None
        return "{" + ", ".join(f"{json.dumps(k)}: {p}" for k, p in parts) + "}"
    return _scalar(value)


def _scalar(value: Any) -> str:
    """A number, string, true, false or null as JSON; text as it reads, unless UTF-8 cannot
    hold it (a lone surrogate, which JSON's "\\ud800" can bring in): then escaped, so it
    comes back exactly."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value)
    return text


def _wrap(items: list[str], pad: str) -> str:
    """Items separated by commas, as many to a line as fit in the width."""
    lines, line = [], ""
    for item in items:
        if line and len(pad) + len(line) + len(item) + 2 > _WIDTH:
            lines.append(pad + line + ",")
            line = ""
        line = f"{line}, {item}" if line else item
    lines.append(pad + line)
    return "\n".join(lines)


def save_puzzle(puzzle: Puzzle, path: str | Path) -> None:
    """Write the puzzle atomically: a temporary file in the same folder, flushed, then renamed
    over the target, so a crash never leaves a half-written file."""
    write_atomically(Path(path), puzzle_to_json(puzzle).encode("utf-8"))

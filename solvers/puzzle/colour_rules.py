"""Colour constraints (BurrTools' colours): cells of pieces and of the board painted in
constraint colours, and rules saying which piece colour may lie on which board colour.

- `Puzzle.constraint_colours`: (ConstraintColour(name, rgb), ...); colour number k (from 1)
  is entry k - 1. Not `Piece.colour`, a piece's display colour: another thing altogether.
- `Piece.paint`, `Puzzle.board_paint`: ((cell, colour number), ...), sorted by cell: the
  painted cells. A cell not listed is neutral.
- `Puzzle.colour_rules`: ((piece colour, board colour), ...), sorted: the allowed pairs.

A placement is legal when each painted cell of the piece lies on a neutral board cell or on one
whose colour the rules allow for that piece colour; a neutral piece cell goes anywhere. With
no rules at all nothing is constrained: the colours only show. (BurrTools forbids every pair
its table leaves out even then; the importer says so when that matters.)

In a file (version 2): `"constraint_colours": [{"name": "red", "rgb": "#d62728"}, ...]`;
`"board_paint"`, and a piece's `"paint"`: `[{"colour": 1, "cells": [[0, 0], ...]}, ...]`;
`"colour_rules": [[1, 1], [2, 1], ...]`, each [piece colour, board colour].
"""

from __future__ import annotations

from numbers import Integral
from typing import Any, Protocol

from ..records import record

from .errors import PuzzleError
from .limits import check_entry, shown

MAX_CONSTRAINT_COLOURS = 63  # as BurrTools (its colour 0 is the neutral one)
COLOUR_KEYS = ("constraint_colours", "board_paint", "colour_rules")  # the file's top keys

Cell = tuple[int, ...]
Paint = tuple[tuple[Cell, int], ...]
Rules = tuple[tuple[int, int], ...]


@record
class ConstraintColour:
    """A constraint colour: its name and the colour it is drawn in ("#rrggbb")."""

    name: str
    rgb: str


class _Piece(Protocol):
    name: str
    cells: tuple
    paint: Paint


class _Puzzle(Protocol):
    kind: Any
    board: tuple
    pieces: tuple
    constraint_colours: tuple
    board_paint: Paint
    colour_rules: Rules

    @property
    def is_sudoku(self) -> bool: ...


# --- normalising (the model's __post_init__) ---------------------------------------------
def normalised_paint(paint: Any, where: str) -> Paint:
    """Paint as ((cell, colour), ...) sorted by cell; PuzzleError when it is not pairs of a
    cell (whole numbers) and a colour number. Values are checked by `validate_colour_rules`."""
    if isinstance(paint, dict):
        paint = paint.items()
    try:
        pairs = [(tuple(_whole(v) for v in cell), _whole(colour)) for cell, colour in paint]
    except (TypeError, ValueError):
        raise PuzzleError(f"{where}: paint must be pairs of a cell and a colour number, not "
                          f"{shown(paint)}") from None
    return tuple(sorted(pairs))


def normalised_rules(rules: Any) -> Rules:
    """Rules as sorted, distinct (piece colour, board colour) pairs."""
    try:
        pairs = {(_whole(piece), _whole(board)) for piece, board in rules}
    except (TypeError, ValueError):
        raise PuzzleError(f"colour rules must be pairs of colour numbers (piece, board), not "
                          f"{shown(rules)}") from None
    return tuple(sorted(pairs))


def _whole(value: Any) -> int:
    """An int of a whole number (numpy's too), not of a bool, a float or text."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(value)
    return int(value)


# --- validating --------------------------------------------------------------------------
def uses_colours(puzzle: _Puzzle) -> bool:
    """Whether the puzzle has any constraint colour, paint or rule."""
    return bool(puzzle.constraint_colours or puzzle.board_paint or puzzle.colour_rules
                or any(piece.paint for piece in puzzle.pieces))


def validate_colour_rules(puzzle: _Puzzle) -> None:
    """PuzzleError naming the first problem: a colour without a name or with a bad RGB, too
    many colours, a painted cell not in its piece or not on the board, a colour number the
    puzzle does not define, a rule naming an unknown colour."""
    if puzzle.is_sudoku:
        if uses_colours(puzzle):
            raise PuzzleError("a sudoku puzzle has no constraint colours or painted cells")
        return
    colours = puzzle.constraint_colours
    _check_colours(colours)
    for piece in puzzle.pieces:
        if piece.paint:
            _check_paint(piece.paint, set(piece.cells), len(colours),
                         f"piece {shown(piece.name)}", "not a cell of the piece")
    if puzzle.board_paint:
        _check_paint(puzzle.board_paint, set(puzzle.board), len(colours), "the board paint",
                     "not a cell of the board")
    for piece_colour, board_colour in puzzle.colour_rules:
        for colour in (piece_colour, board_colour):
            if not 1 <= colour <= len(colours):
                raise PuzzleError(f"colour rule [{piece_colour}, {board_colour}] names colour "
                                  f"{shown(colour)}, {_defined(len(colours))}")


def _check_colours(colours: tuple) -> None:
    if len(colours) > MAX_CONSTRAINT_COLOURS:
        raise PuzzleError(f"{len(colours)} constraint colours: PolyGUI takes at most "
                          f"{MAX_CONSTRAINT_COLOURS}")
    names: set[str] = set()
    for number, colour in enumerate(colours, start=1):
        if not isinstance(colour, ConstraintColour):
            raise PuzzleError(f"constraint colour {number} is not a name and a colour: "
                              f"{shown(colour)}")
        if not isinstance(colour.name, str) or not colour.name.strip():
            raise PuzzleError(f"constraint colour {number} has no name")
        if colour.name in names:
            raise PuzzleError(f"two constraint colours are named {shown(colour.name)}: each "
                              "needs its own name")
        names.add(colour.name)
        if not is_rgb(colour.rgb):
            raise PuzzleError(f"constraint colour {number} ({shown(colour.name)}): "
                              f"{shown(colour.rgb)} is not a colour like \"#a0c4ff\"")


def _check_paint(paint: Paint, cells: set, defined: int, where: str, missing: str) -> None:
    seen: set[Cell] = set()
    for cell, colour in paint:
        if cell in seen:
            raise PuzzleError(f"{where}: cell {shown(list(cell))} is painted twice")
        seen.add(cell)
        if cell not in cells:
            raise PuzzleError(f"{where}: painted cell {shown(list(cell))} is {missing}")
        if not 1 <= colour <= defined:
            raise PuzzleError(f"{where}: cell {shown(list(cell))} is painted colour "
                              f"{shown(colour)}, {_defined(defined)}")


def _defined(count: int) -> str:
    if count == 0:
        return "but the puzzle defines no constraint colours"
    return f"but the puzzle defines {count} (1 to {count})" if count > 1 else \
        "but the puzzle defines 1 (colour 1)"


def is_rgb(text: Any) -> bool:
    return (isinstance(text, str) and len(text) == 7 and text[0] == "#"
            and all(c in "0123456789abcdefABCDEF" for c in text[1:]))


# --- what the placements need ------------------------------------------------------------
def allowed_pairs(puzzle: _Puzzle) -> list[list[bool]]:
    """allowed[piece colour][board colour], colour 0 the neutral one: True where a piece cell
    of that colour may lie on a board cell of that colour."""
    size = len(puzzle.constraint_colours) + 1
    unconstrained = not puzzle.colour_rules
    table = [[unconstrained or p == 0 or b == 0 for b in range(size)] for p in range(size)]
    for piece_colour, board_colour in puzzle.colour_rules:
        table[piece_colour][board_colour] = True
    return table


# --- the file's keys ---------------------------------------------------------------------
def colours_from_data(value: Any) -> tuple[ConstraintColour, ...]:
    """The "constraint_colours" list of a file."""
    if not isinstance(value, list):
        raise PuzzleError("\"constraint_colours\" must be a list of {\"name\": ..., \"rgb\": ...}")
    if len(value) > MAX_CONSTRAINT_COLOURS:
        raise PuzzleError(f"\"constraint_colours\" lists {len(value):,} colours: PolyGUI takes "
                          f"at most {MAX_CONSTRAINT_COLOURS}")
    colours = []
    for number, item in enumerate(value, start=1):
        where = f"entry {number} of \"constraint_colours\""
        check_entry(item, where, ("name", "rgb"))
        name, rgb = item.get("name"), item.get("rgb")
        if not isinstance(name, str):
            raise PuzzleError(f"{where}: \"name\" must be a string, not {shown(name)}")
        if not is_rgb(rgb):
            raise PuzzleError(f"{where}: \"rgb\" {shown(rgb)} is not like \"#a0c4ff\"")
        colours.append(ConstraintColour(name, rgb))
    return tuple(colours)


def paint_from_data(value: Any, where: str, dims: int, limit: int) -> Paint:
    """A "paint" or "board_paint" list: [{"colour": k, "cells": [...]}, ...]."""
    if not isinstance(value, list):
        raise PuzzleError(f"{where}: paint must be a list of {{\"colour\": k, \"cells\": [...]}}")
    pairs: list[tuple[Cell, int]] = []
    for number, item in enumerate(value, start=1):
        entry = f"{where}, paint entry {number}"
        check_entry(item, entry, ("colour", "cells"))
        colour, cells = item.get("colour"), item.get("cells")
        if isinstance(colour, bool) or not isinstance(colour, int):
            raise PuzzleError(f"{entry}: \"colour\" must be a colour number, not {shown(colour)}")
        if not isinstance(cells, list):
            raise PuzzleError(f"{entry}: \"cells\" must be a list of cells")
        if len(pairs) + len(cells) > limit:
            raise PuzzleError(f"{where}: more than {limit:,} painted cells")
        for position, cell in enumerate(cells, start=1):
            if (not isinstance(cell, list) or len(cell) != dims
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
                raise PuzzleError(f"{entry}: cell {position} is {shown(cell)}, expected {dims} "
                                  "whole numbers")
            pairs.append((tuple(cell), colour))
    return tuple(pairs)


def rules_from_data(value: Any) -> Rules:
    """The "colour_rules" list: [[piece colour, board colour], ...]."""
    if not isinstance(value, list):
        raise PuzzleError("\"colour_rules\" must be a list of [piece colour, board colour] pairs")
    for number, pair in enumerate(value, start=1):
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)):
            raise PuzzleError(f"entry {number} of \"colour_rules\" is {shown(pair)}, expected "
                              "[piece colour, board colour]")
    return tuple((piece, board) for piece, board in value)


def paint_to_data(paint: Paint) -> list[dict]:
    """Paint as the file writes it: one entry per colour, its cells sorted."""
    by_colour: dict[int, list[list[int]]] = {}
    for cell, colour in paint:
        by_colour.setdefault(colour, []).append(list(cell))
    return [{"colour": colour, "cells": cells} for colour, cells in sorted(by_colour.items())]


def colour_keys_to_data(puzzle: _Puzzle) -> dict[str, Any]:
    """The puzzle's top-level colour keys (none when it has no colours)."""
    data: dict[str, Any] = {}
    if puzzle.constraint_colours:
        data["constraint_colours"] = [{"name": c.name, "rgb": c.rgb}
                                      for c in puzzle.constraint_colours]
    if puzzle.board_paint:
        data["board_paint"] = paint_to_data(puzzle.board_paint)
    if puzzle.colour_rules:
        data["colour_rules"] = [list(pair) for pair in puzzle.colour_rules]
    return data

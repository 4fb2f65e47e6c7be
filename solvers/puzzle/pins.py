"""Pre-placed (pinned) pieces: a copy of a piece fixed at a position on the board.

A pin names its piece by name (names are unique) and lists the board cells the copy covers.
It must lie on the board, overlap no other pin, be the piece's shape turned a way the piece may
be turned, and a piece cannot be pinned more often than it has copies. The solvers honour a
pin by keeping, for the cells it covers, only the pinned placement (see
`solvers.placements.pins`); the symmetry modes identify solutions only under the board
symmetries that map the pins onto themselves.

In the file: `"pinned": [{"piece": "T", "cells": [[0, 0], [1, 0], ...]}, ...]`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

import numpy as np

from ..records import record

from .errors import PuzzleError
from .grids import GridKind, Shape, normalise, orientations_of
from .limits import check_entry, shown


@record
class Pin:
    """One copy of piece `piece` (its name) fixed on the board cells `cells`."""

    piece: str
    cells: Shape

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells",
                           tuple(sorted(tuple(int(v) for v in cell) for cell in self.cells)))


class Piece(Protocol):  # what pins need of a model.Piece (the model imports this module)
    name: str
    cells: Shape
    count: int
    mirror: bool

    @property
    def size(self) -> int: ...


class Puzzle(Protocol):  # ... and of a model.Puzzle
    kind: GridKind
    board: Shape
    pieces: tuple[Piece, ...]
    pins: tuple[Pin, ...]

    @property
    def is_sudoku(self) -> bool: ...


def pin_label(index: int, pin: Pin) -> str:
    """'pin 2 (piece 'T')': how messages name a pin."""
    return f"pin {index + 1} (piece {shown(pin.piece)})"


def validate_pins(puzzle: Puzzle) -> None:
    """PuzzleError naming the first pin that is off the board, overlaps another, is not a shape
    of its piece, names no piece, or pins a piece more often than it has copies."""
    if not puzzle.pins:
        return
    if puzzle.is_sudoku:
        raise PuzzleError("a sudoku puzzle has givens, not pinned pieces")
    pieces = {piece.name: piece for piece in puzzle.pieces}
    board = set(puzzle.board)
    owner: dict[tuple[int, ...], int] = {}
    for index, pin in enumerate(puzzle.pins):
        where = pin_label(index, pin)
        piece = pieces.get(pin.piece)
        if piece is None:
            raise PuzzleError(f"{where}: there is no piece named {shown(pin.piece)}")
        if not pin.cells:
            raise PuzzleError(f"{where} has no cells")
        for cell in pin.cells:
            if len(cell) != puzzle.kind.dimensions:
                raise PuzzleError(f"{where}: cell {shown(list(cell))} should have "
                                  f"{puzzle.kind.dimensions} coordinates")
            if cell not in board:
                raise PuzzleError(f"{where}: cell {shown(list(cell))} is off the board")
            if cell in owner:
                raise PuzzleError(f"{where} overlaps {pin_label(owner[cell], puzzle.pins[owner[cell]])} "
                                  f"at cell {shown(list(cell))}")
            owner[cell] = index
        if not is_shape_of(puzzle, piece, pin):
            turned = "turned or flipped" if piece.mirror else "turned (not flipped)"
            raise PuzzleError(f"{where}: its cells are not the shape of piece "
                              f"{shown(pin.piece)}, {turned} any way")
    for name, pinned in Counter(pin.piece for pin in puzzle.pins).items():
        if pinned > pieces[name].count:
            copies = f"{pieces[name].count} cop{'y' if pieces[name].count == 1 else 'ies'}"
            raise PuzzleError(f"piece {shown(name)} is pinned {pinned} times but has {copies}")


def is_shape_of(puzzle: Puzzle, piece: Piece, pin: Pin) -> bool:
    """Whether the pin's cells are `piece` turned a way the piece may be turned."""
    if len(pin.cells) != piece.size or any(len(c) != puzzle.kind.dimensions for c in pin.cells):
        return False
    shape = normalise(np.array(pin.cells, dtype=np.int64), puzzle.kind)
    return shape in orientations_of(puzzle.kind, piece.cells, piece.mirror)


def pins_still_valid(puzzle: Puzzle, pins: tuple[Pin, ...]) -> tuple[Pin, ...]:
    """The pins that still hold on `puzzle` (an edited puzzle without pins), in order: those
    whose piece exists, is still that shape, still on the board, not past its copies, not
    overlapping an earlier one. How an edit of the board or a piece drops the pins it breaks."""
    kept: list[Pin] = []
    pieces = {piece.name: piece for piece in puzzle.pieces}
    board, used, copies = set(puzzle.board), set(), Counter()
    for pin in pins:
        piece = pieces.get(pin.piece)
        if (piece is None or copies[pin.piece] >= piece.count
                or not set(pin.cells) <= board or used & set(pin.cells)
                or not is_shape_of(puzzle, piece, pin)):
            continue
        kept.append(pin)
        used |= set(pin.cells)
        copies[pin.piece] += 1
    return tuple(kept)


# --- the file's "pinned" key -------------------------------------------------------------
def pins_from_data(value: Any, dims: int) -> tuple[Pin, ...]:
    """The pins of a file's "pinned" list; PuzzleError names a malformed entry."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise PuzzleError("\"pinned\" must be a list of {\"piece\": name, \"cells\": [...]}")
    pins = []
    for position, item in enumerate(value):
        where = f"entry {position + 1} of \"pinned\""
        check_entry(item, where, ("piece", "cells"))
        name = item.get("piece")
        if not isinstance(name, str) or not name:
            raise PuzzleError(f"{where}: \"piece\" must be a piece's name, not {shown(name)}")
        cells = item.get("cells")
        if not isinstance(cells, list) or not cells:
            raise PuzzleError(f"{where}: \"cells\" must be a list of cells")
        for number, cell in enumerate(cells):
            if (not isinstance(cell, list) or len(cell) != dims
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
                raise PuzzleError(f"{where}: cell {number + 1} is {shown(cell)}, "
                                  f"expected {dims} whole numbers")
        pins.append(Pin(name, tuple(tuple(cell) for cell in cells)))
    return tuple(pins)


def pins_to_data(pins: tuple[Pin, ...]) -> list[dict]:
    return [{"piece": pin.piece, "cells": [list(cell) for cell in pin.cells]} for pin in pins]


def carry_pins(before: Puzzle, edit) -> Puzzle:
    """`edit` (puzzle -> puzzle) applied to `before`, keeping the pins the edit leaves valid:
    an edit of the board or of a piece that breaks a pin (a board cell taken from under it, a
    piece reshaped, fewer copies) drops that pin instead of being refused; a renamed piece
    keeps its pins. Raises PuzzleError when the edit is invalid without any pin too."""
    from dataclasses import replace

    try:
        return edit(before)
    except PuzzleError:
        if not before.pins:
            raise
    try:
        after = edit(replace(before, pins=()))
    except PuzzleError:
        after = None
    if after is None or after.pins:  # invalid anyway, or an edit of the pins: refused as is
        return edit(before)
    pins = before.pins
    if len(after.pieces) == len(before.pieces):  # a rename: pins follow their piece
        renamed = {old.name: new.name for old, new in zip(before.pieces, after.pieces)}
        pins = tuple(Pin(renamed[pin.piece], pin.cells) for pin in pins)
    return replace(after, pins=pins_still_valid(after, after.pins + pins))

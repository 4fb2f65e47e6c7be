"""The undoable edits of colour constraints, each a function from puzzle to puzzle (the
document's `Edit`): add, rename, recolour and delete a constraint colour, allow or forbid a
(piece colour, board colour) pair, paint or clear a cell of the board or of a piece. Also
what keeps paint valid when cells go: `keep_paint` drops the paint of cells a piece or the
board no longer has (an edit of cells is never refused for its paint).

A deleted colour takes its paint and rules with it, and the colours after it move down one
number (as BurrTools does), so the rest of the puzzle keeps its meaning."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from solvers import Puzzle
from solvers.puzzle.colour_rules import ConstraintColour

Cell = tuple[int, ...]
Edit = Callable[[Puzzle], Puzzle]
# the colours offered to a new constraint colour, in turn (distinct from the piece palette's
# look: strong, and with names a rules table can show)
NEW_COLOURS = (("red", "#d62728"), ("blue", "#1f77b4"), ("gold", "#f2c618"),
               ("green", "#2ca02c"), ("purple", "#9467bd"), ("black", "#222222"),
               ("white", "#fafafa"), ("orange", "#ff7f0e"), ("cyan", "#17becf"),
               ("pink", "#e377c2"))


def fresh_colour(puzzle: Puzzle) -> ConstraintColour:
    """The next colour of NEW_COLOURS whose name is free, else "colour <n>"."""
    names = {colour.name for colour in puzzle.constraint_colours}
    for name, rgb in NEW_COLOURS:
        if name not in names:
            return ConstraintColour(name, rgb)
    number = len(puzzle.constraint_colours) + 1
    while f"colour {number}" in names:
        number += 1
    return ConstraintColour(f"colour {number}", NEW_COLOURS[number % len(NEW_COLOURS)][1])


def with_colour(colour: ConstraintColour) -> Edit:
    def edit(puzzle: Puzzle) -> Puzzle:
        return dataclasses.replace(puzzle,
                                   constraint_colours=puzzle.constraint_colours + (colour,))
    return edit


def with_changed_colour(number: int, **changes) -> Edit:
    """Colour `number` (from 1) renamed (`name=`) or drawn otherwise (`rgb=`)."""
    def edit(puzzle: Puzzle) -> Puzzle:
        colours = list(puzzle.constraint_colours)
        colours[number - 1] = dataclasses.replace(colours[number - 1], **changes)
        return dataclasses.replace(puzzle, constraint_colours=tuple(colours))
    return edit


def without_colour(number: int) -> Edit:
    """Colour `number` gone, with its paint and rules; the later colours renumbered."""
    def moved(colour: int) -> int:
        return colour - 1 if colour > number else colour

    def repainted(paint: Iterable[tuple[Cell, int]]) -> tuple:
        return tuple((cell, moved(colour)) for cell, colour in paint if colour != number)

    def edit(puzzle: Puzzle) -> Puzzle:
        colours = puzzle.constraint_colours
        return dataclasses.replace(
            puzzle, constraint_colours=colours[:number - 1] + colours[number:],
            board_paint=repainted(puzzle.board_paint),
            pieces=tuple(dataclasses.replace(piece, paint=repainted(piece.paint))
                         if piece.paint else piece for piece in puzzle.pieces),
            colour_rules=tuple((moved(p), moved(b)) for p, b in puzzle.colour_rules
                               if number not in (p, b)))
    return edit


def with_rule(piece_colour: int, board_colour: int, allowed: bool) -> Edit:
    """Allow (or forbid) piece colour `piece_colour` on board colour `board_colour`."""
    def edit(puzzle: Puzzle) -> Puzzle:
        rules = set(puzzle.colour_rules) - {(piece_colour, board_colour)}
        if allowed:
            rules.add((piece_colour, board_colour))
        return dataclasses.replace(puzzle, colour_rules=tuple(sorted(rules)))
    return edit


def painted(paint: tuple, cell: Cell, colour: int) -> tuple:
    """`paint` with `cell` painted `colour` (0: neutral, its paint removed)."""
    kept = tuple(pair for pair in paint if pair[0] != cell)
    return kept + ((cell, colour),) if colour else kept


def with_board_paint(cell: Cell, colour: int) -> Edit:
    """Board cell `cell` painted `colour` (0: neutral); a cell off the board is left alone."""
    def edit(puzzle: Puzzle) -> Puzzle:
        if cell not in puzzle.board:
            return puzzle
        return dataclasses.replace(puzzle, board_paint=painted(puzzle.board_paint, cell, colour))
    return edit


def with_piece_paint(index: int, cell: Cell, colour: int) -> Edit:
    """Cell `cell` of piece `index` (in the piece's coordinates) painted `colour`."""
    def edit(puzzle: Puzzle) -> Puzzle:
        piece = puzzle.pieces[index]
        if cell not in piece.cells:
            return puzzle
        pieces = list(puzzle.pieces)
        pieces[index] = dataclasses.replace(piece, paint=painted(piece.paint, cell, colour))
        return dataclasses.replace(puzzle, pieces=tuple(pieces))
    return edit


def keep_paint(paint: tuple, cells: Iterable[Cell]) -> tuple:
    """The paint of the cells still there."""
    kept = set(map(tuple, cells))
    return tuple(pair for pair in paint if pair[0] in kept)


def colour_at(paint: tuple, cell: Cell) -> int:
    return next((colour for painted_cell, colour in paint if painted_cell == cell), 0)

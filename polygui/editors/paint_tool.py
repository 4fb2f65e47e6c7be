"""The Paint tool: a press-drag-release paints cells of the board, or of one piece, in the
constraint colour chosen in the colour panel (colour_panel), as one undo step.

The press decides what the stroke does, as the pencil's does: pressed on a cell already of
the chosen colour it takes paint away (the cells become neutral), else it paints; Neutral
chosen, it takes paint away. Cells that are not the target's are passed over, and a stroke
that changes nothing leaves no step in the undo history.
"""

from __future__ import annotations

from contextlib import ExitStack

from PySide6.QtGui import QColor

from solvers.records import record
from solvers import Puzzle

from ..models import PuzzleDocument
from ..views.paint_marks import cell_paint_colours
from .colour_edits import Edit, colour_at, with_board_paint, with_piece_paint

Cell = tuple[int, ...]
PAINT_TIP = ("Paint: click or drag to paint cells of the board or of the selected piece in "
             "a constraint colour (Paint with); start on a cell of that colour to take paint "
             "away. Colours and their rules: the Colour constraints tab")
PAINT_HINT = ("Click or drag to paint {} cells in the colour of Paint with (drawn as a small "
              "square); start on a cell of that colour to take its paint away. Colours and "
              "rules: the Colour constraints tab.")


@record
class PaintTarget:
    """The board (`piece` None) or piece number `piece`, whose cells the editor shows moved
    by -`origin` (the cube designer draws a piece from the origin)."""

    piece: int | None = None
    origin: Cell | None = None

    def _own(self, cell: Cell) -> Cell:
        return cell if self.origin is None else tuple(v + o for v, o in zip(cell, self.origin))

    def colour_at(self, puzzle: Puzzle, cell: Cell) -> int | None:
        """The colour of `cell` (0 neutral), None when it is not a cell of the target."""
        own = self._own(tuple(cell))
        if self.piece is None:
            return colour_at(puzzle.board_paint, own) if own in puzzle.board else None
        if self.piece >= len(puzzle.pieces) or own not in puzzle.pieces[self.piece].cells:
            return None
        return colour_at(puzzle.pieces[self.piece].paint, own)

    def edit(self, cell: Cell, colour: int) -> Edit:
        own = self._own(tuple(cell))
        if self.piece is None:
            return with_board_paint(own, colour)
        return with_piece_paint(self.piece, own, colour)

    def name(self, puzzle: Puzzle) -> str:
        return "board" if self.piece is None else puzzle.pieces[self.piece].name

    def shown_paint(self, puzzle: Puzzle) -> dict[Cell, QColor]:
        """cell (as the editor shows it) -> QColor of its constraint colour."""
        if self.piece is None:
            paint = puzzle.board_paint
        elif self.piece < len(puzzle.pieces):
            paint = puzzle.pieces[self.piece].paint
        else:
            paint = ()
        if self.origin is not None:
            paint = tuple((tuple(v - o for v, o in zip(cell, self.origin)), colour)
                          for cell, colour in paint)
        return cell_paint_colours(puzzle, paint)


def canvas_paint(puzzle: Puzzle, piece: int | None) -> dict[Cell, QColor]:
    """What a flat editor's canvas marks: the board's paint, and over it the paint of the
    piece shown on it (in board coordinates), if any."""
    paint = PaintTarget().shown_paint(puzzle)
    if piece is not None:
        cells = puzzle.pieces[piece].cells
        paint = {cell: colour for cell, colour in paint.items() if cell not in cells}
        paint.update(PaintTarget(piece).shown_paint(puzzle))
    return paint


class PaintStroke:
    """One stroke of the Paint tool: `apply(cell)` for each cell the drag enters, then
    `finish()` (the interface of board_stroke.Stroke)."""

    def __init__(self, document: PuzzleDocument, target: PaintTarget, brush: int,
                 cell: Cell) -> None:
        self.document, self.target = document, target
        puzzle = document.puzzle
        self.colour = 0 if target.colour_at(puzzle, cell) == brush else brush
        what = target.name(puzzle)
        self.text = (f"Paint {what} {puzzle.constraint_colours[self.colour - 1].name}"
                     if self.colour else f"Take paint off {what}")
        self._group = ExitStack()
        self._open = False
        self.apply(cell)

    def apply(self, cell: Cell) -> bool:
        """Paint `cell` (when it is the target's and not of the stroke's colour already)."""
        current = self.target.colour_at(self.document.puzzle, cell)
        if current is None or current == self.colour:
            return False
        if not self._open:
            self._group.enter_context(self.document.compound(self.text))
            self._open = True
        return self.document.edit(self.text, self.target.edit(cell, self.colour))

    def finish(self) -> None:
        self._group.close()

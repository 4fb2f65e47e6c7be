"""The flat designer's strokes: what a press on a canvas starts (a board stroke, a piece
stroke, a paint stroke, a pin, a rectangle or fill of the canvas tools), how a drag goes on and
a release ends it. A mixin of BoardEditor, which owns the widgets and the document."""

from __future__ import annotations

from solvers import Puzzle
from solvers.puzzle.grids import Cell

from .board_stroke import Stroke
from .board_tools import OPTIONAL, PAINT, PENCIL
from .optional_cells import STROKE_NAMES, is_optional, optional_edit, with_board
from .paint_tool import PaintStroke, PaintTarget
from .piece_list import replace_piece


def board_edit(cell: Cell, add: bool):
    def edit(puzzle: Puzzle) -> Puzzle:
        board = puzzle.board + (cell,) if add else tuple(c for c in puzzle.board if c != cell)
        return with_board(puzzle, board)
    return edit


class BoardStrokes:
    """Starting, continuing and finishing strokes on BoardEditor's canvases."""

    def _start_canvas_stroke(self, cell: Cell) -> None:
        if self.cells.press(cell):  # cells being pasted dropped here
            return
        if self.pin_target.isChecked():
            self.pin_tool.press(cell)
        elif self.tools.tool == OPTIONAL:  # always the board's cells, whatever is painted
            self.show_info("")
            self._stroke = Stroke(self.document, cell, is_optional, optional_edit, STROKE_NAMES,
                                  may_refuse=False)
        elif self.piece_target.isChecked() and self.pieces.selected_piece() is None:
            self.show_problem("Select a piece to paint, or paint board cells")
        elif self.tools.tool == PAINT:
            self._start_paint_stroke(cell, self._painted_piece())
        elif self.tools.tool != PENCIL:
            self.show_info("")
            self.tools.press(cell)  # a rectangle to drag, or a fill
        elif not self.piece_target.isChecked():
            self._start_board_stroke(cell)
        else:
            self._start_piece_stroke(cell)

    def _target_cells(self) -> tuple[Cell, ...]:
        """The cells the big canvas paints: the board's, or the painted piece's."""
        index = self._painted_piece()
        puzzle = self.document.puzzle
        return puzzle.board if index is None else puzzle.pieces[index].cells

    def _apply_cells(self, cells: set[Cell], adding: bool, what: str) -> None:
        """A rectangle or fill of `cells` added to (or removed from) the board or the
        painted piece, as one edit."""
        def changed(old: tuple[Cell, ...]) -> tuple[Cell, ...]:
            if adding:
                return old + tuple(sorted(cells - set(old)))
            return tuple(cell for cell in old if cell not in cells)

        index = self._painted_piece()
        if index is None:
            self.document.edit(f"{'Add' if adding else 'Remove'} {what} board cells",
                               lambda p: with_board(p, changed(p.board)))
            return
        name = self.document.puzzle.pieces[index].name
        text = f"Add {what} cells to {name}" if adding else f"Remove {what} cells from {name}"
        self.document.edit(text, lambda p: replace_piece(index, cells=changed(
            p.pieces[index].cells))(p))

    def _start_board_stroke(self, cell: Cell) -> None:
        self.show_info("")
        self._stroke = Stroke(self.document, cell, lambda puzzle, c: c in puzzle.board,
                              board_edit, ("Add board cells", "Remove board cells"),
                              may_refuse=False)

    def _start_piece_stroke(self, cell: Cell) -> None:
        index = self.pieces.selected_piece()
        if index is None:
            return
        if self.tools.tool == PAINT:  # the piece canvas paints the piece too
            self._start_paint_stroke(cell, index)
            return
        self.show_info("")
        piece = self.document.puzzle.pieces[index]

        def piece_edit(cell: Cell, add: bool):
            cells = self.document.puzzle.pieces[index].cells
            new = cells + (cell,) if add else tuple(c for c in cells if c != cell)
            return replace_piece(index, cells=new)

        in_piece = lambda puzzle, c: c in puzzle.pieces[index].cells  # noqa: E731
        self._stroke = Stroke(self.document, cell, in_piece, piece_edit,
                              (f"Add cells to {piece.name}", f"Remove cells from {piece.name}"))

    def _start_paint_stroke(self, cell: Cell, piece: int | None) -> None:
        """Paint the board's cells, or piece `piece`'s, in the colour panel's colour."""
        self.show_info("")
        self._stroke = PaintStroke(self.document, PaintTarget(piece), self.colours.brush_colour(),
                                   cell)

    def _continue_stroke(self, cell: Cell) -> None:
        if self._stroke is not None:
            self._stroke.apply(cell)
        else:
            self.tools.drag(cell)

    def _finish_stroke(self) -> None:
        if self._stroke is not None:
            self._stroke.finish()
            self._stroke = None
        else:
            self.tools.release()

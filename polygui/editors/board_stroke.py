"""One press-drag-release on a canvas as one undo step.

The press decides whether the stroke adds or removes cells; every cell the drag enters gets
the same. The document's compound step is opened only at the first edit that will be
accepted, so a stroke that changes nothing leaves no empty step in the undo history.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from solvers import Puzzle, PuzzleError
from solvers.puzzle.grids import Cell

from ..models import PuzzleDocument

CellEdit = Callable[[Cell, bool], Callable[[Puzzle], Puzzle]]  # (cell, add) -> edit


class Stroke:
    def __init__(self, document: PuzzleDocument, cell: Cell,
                 has_cell: Callable[[Puzzle, Cell], bool], cell_edit: CellEdit,
                 names: tuple[str, str], may_refuse: bool = True) -> None:
        """`names`: (adding, removing) texts such as ("Add board cells", "Remove board cells").
        `may_refuse`: whether the document may refuse an edit (then each is tried first)."""
        self.document = document
        self.has_cell, self.may_refuse = has_cell, may_refuse
        self.adding = not has_cell(document.puzzle, cell)
        self.cell_edit = cell_edit
        self.text = names[0] if self.adding else names[1]
        self._group = ExitStack()
        self._open = False
        self.apply(cell)

    def apply(self, cell: Cell) -> bool:
        """Add or remove `cell`; False when the document refused (it says why) or nothing
        changed."""
        if self.has_cell(self.document.puzzle, cell) == self.adding:
            return False
        change = self.cell_edit(cell, self.adding)
        if self.may_refuse:
            try:
                change(self.document.puzzle)
            except PuzzleError:
                return self.document.edit(self.text, change)  # refused: the document says why
        if not self._open:
            self._group.enter_context(self.document.compound(self.text))
            self._open = True
        return self.document.edit(self.text, change)

    def finish(self) -> None:
        self._group.close()

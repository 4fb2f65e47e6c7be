"""What the window says about its puzzle beyond solutions: the estimate before solving, the
certificates that it has no solution (named in the status line, by Solve, and drawn on the
board), and after a search that found none, the pieces (or givens) that cannot all fit.
`PuzzleAnalysis` ties estimating.Estimating and explaining.Explaining to the views."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Signal, Slot
from PySide6.QtGui import QColor

from solvers import Puzzle
from solvers.analysis.certificates import Certificate
from solvers.analysis.conflicts import Core

from .estimating import Estimating
from .explaining import Explaining

# over the board's cells, by colour class: dark, left as it is, blue (hex: three colours)
COLOURING_TINTS = (QColor(30, 30, 40, 120), None, QColor(30, 90, 210, 90))
UNCOVERABLE_TINT = QColor(220, 30, 30, 160)
PIN_TINT = QColor(220, 30, 30, 110)  # pins that cannot all hold: reddened, colours kept


def certificate_marks(puzzle: Puzzle, found: list[Certificate]) -> dict:
    """Cell -> QColor over the board: the cells no piece covers in red, else the first
    colouring's classes (the second class left as it is)."""
    for certificate in found:
        if certificate.cells:
            return {cell: UNCOVERABLE_TINT for cell in certificate.cells}
    for certificate in found:
        if certificate.colours:
            return {cell: COLOURING_TINTS[colour] for cell, colour in
                    zip(puzzle.board, certificate.colours) if COLOURING_TINTS[colour] is not None}
    return {}


class PuzzleAnalysis(QObject):
    reason_found = Signal(str)  # why the puzzle shown has no solution, proved before search

    def __init__(self, panel, page, settings: QSettings, parent: QObject | None = None):
        """`panel`: the Solve panel (its estimate and why lines); `page`: the Solve page,
        whose current view draws the marks."""
        super().__init__(parent)
        self.page = page
        self.estimating = Estimating(panel.estimate_box, settings, self)
        self.explaining = Explaining(panel.why_box, self)
        self.estimating.certified.connect(self._on_certified)
        self.explaining.explained.connect(self._on_explained)

    def puzzle_changed(self, puzzle: Puzzle, symmetry: str, *, may_start: bool,
                       at_once: bool = False) -> None:
        changed = puzzle != self.estimating.puzzle
        self.estimating.puzzle_changed(puzzle, symmetry, may_start=may_start, at_once=at_once)
        if changed:
            self.explaining.clear()
            self._mark({})

    def known_reason(self, puzzle: Puzzle) -> str | None:
        """Why `puzzle` has no solution, when a certificate of it is known."""
        if puzzle == self.estimating.puzzle and self.estimating.certificates:
            return "; ".join(c.text for c in self.estimating.certificates)
        return None

    def solve_starting(self) -> None:
        self.estimating.make_way()
        self.explaining.clear()

    def search_ended(self, puzzle: Puzzle, status: str, found: int) -> None:
        """A complete search: its count is exact (the estimate line says so); if it found
        nothing, or the solver refused pins at once (they leave a piece no room), look for
        the pieces or pins that cannot all fit."""
        if status == "done":
            self.estimating.show_count(puzzle, found)
        ended = (status == "done" and found == 0) or (status == "unsolvable" and puzzle.pins)
        if ended and puzzle == self.estimating.puzzle:
            self.explaining.start(puzzle)

    def shutdown(self) -> None:
        self.estimating.shutdown()
        self.explaining.shutdown()

    @Slot(object)
    def _on_certified(self, found: list) -> None:
        named = any(certificate.cells for certificate in found)  # not a colouring
        self._mark(certificate_marks(self.estimating.puzzle, found), named)
        self.reason_found.emit("; ".join(c.text for c in found))

    @Slot(object, object)
    def _on_explained(self, puzzle: Puzzle, core: Core) -> None:
        if puzzle.is_sudoku:
            self._mark(core.givens, named=True, rules=core.rule_cells)
        elif core.pins:
            self._mark({cell: PIN_TINT for cell in core.pinned_cells(puzzle)}, named=True)

    def _mark(self, marks, named: bool = False, **more) -> None:
        """Draw `marks` on the view shown; `named`: they name cells (to be seen wherever
        they are, inside a box of cubes too), not a colouring of the whole board; `more`:
        what the Sudoku view also marks (the cells of the rules named)."""
        view = self.page.current_view()
        if view is not None and hasattr(view, "set_marks"):
            view.set_marks(marks, named, **more)

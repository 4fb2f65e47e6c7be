"""The uniqueness designer's window: for the puzzle being designed, the fewest pinned pieces
(or extra givens) that leave exactly one solution, verified by a solve and drawn on the
puzzle; for a Sudoku with one solution, the givens that can go. Apply makes the proposal one
undoable edit. The work runs in a thread of its own; Stop ends it."""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from solvers import Puzzle
from solvers.analysis.unique_wording import describe
from solvers.analysis.uniqueness import Proposal, Removal

from ..models import PuzzleDocument
from ..models.status import plural
from ..views.board_view import BoardView
from ..views.cells import CellIndex, board_cells, solution_cells
from ..views.colours import piece_colours
from ..views.layer_view import LayerView
from .unique_job import UniquenessJob


class PinnedLayers(LayerView):
    """A box of cubes as its layers, the pinned pieces in their colours: the proposal of
    pins drawn without OpenGL."""

    puzzle: Puzzle | None = None

    def set_puzzle(self, puzzle: Puzzle) -> None:
        super().set_puzzle(puzzle)
        self.puzzle = puzzle
        cells = board_cells(puzzle)
        placed = solution_cells(CellIndex(cells), len(cells), None, puzzle)
        colours = piece_colours(puzzle)
        self.set_labels(placed.labels, [colours[piece] for piece in placed.copy_types])


def preview_for(puzzle: Puzzle):
    """Where the proposed pins are drawn: the board, or a box of cubes' layers; none for a
    Sudoku (the text names the givens)."""
    if puzzle.is_sudoku:
        return None
    return BoardView() if puzzle.kind.grid.flat else PinnedLayers()  # cubes, balls: layers


class UniquenessDesigner(QDialog):
    """Opened over the document's puzzle as it is now; works at once."""

    def __init__(self, document: PuzzleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.puzzle = document.puzzle
        self.result: Proposal | Removal | None = None
        self.setWindowTitle(f"Uniqueness Designer — {self.puzzle.name}")
        self.preview = preview_for(self.puzzle)
        self.text = QLabel(f"Looking for the fewest "
                           f"{'givens' if self.puzzle.is_sudoku else 'pinned pieces'} "
                           "for exactly one solution…")
        self.text.setWordWrap(True)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setEnabled(False)
        self.stop_button = QPushButton("Stop")
        close = QPushButton("Close")
        layout = QVBoxLayout(self)
        if self.preview is not None:
            self.preview.set_puzzle(self.puzzle)
            layout.addWidget(self.preview, 1)
        layout.addWidget(self.text)
        buttons = QHBoxLayout()
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.apply_button.clicked.connect(self.apply)
        self.stop_button.clicked.connect(self.stop)
        close.clicked.connect(self.close)
        self.resize(640, 560 if self.preview is not None else 220)
        self.job: UniquenessJob | None = UniquenessJob(self.puzzle)
        self.job.done.connect(self._on_done)
        self.job.failed.connect(self._on_failed)
        self.job.start()

    def is_working(self) -> bool:
        """Until the job's result (or failure) has been shown, or Stop pressed: its thread
        may have ended with its signal still on its way."""
        return self.job is not None

    def stop(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            if self.result is None:
                self.text.setText("Stopped: nothing proposed. Open the designer again to "
                                  "start over.")
        self.stop_button.setEnabled(False)

    def _finished_job(self) -> None:
        if self.job is not None:
            self.job.wait()
            self.job = None
        self.stop_button.setEnabled(False)

    def _on_done(self, result: Proposal | Removal) -> None:
        rating = self.job.rating if self.job is not None else ""
        self._finished_job()
        self.result = result
        self.text.setText(describe(result, self.puzzle, "Apply takes them away.")
                          + (f" Proposed Sudoku: {rating}." if rating else ""))
        has_change = not isinstance(result, Removal) or bool(result.together)
        self.apply_button.setEnabled(has_change)
        if self.preview is not None and isinstance(result, Proposal):
            self.preview.set_puzzle(result.puzzle)  # the pins drawn on the unsolved board

    def _on_failed(self, message: str) -> None:
        self._finished_job()
        self.text.setText(f"Nothing to propose: {message}.")

    def apply(self) -> bool:
        """The proposal as one undoable edit of the document (refused if it changed since)."""
        result = self.result
        if result is None:
            return False
        if self.document.puzzle != self.puzzle:
            self.text.setText("The puzzle changed after the designer looked at it: close "
                              "this window and open the designer again.")
            return False
        after = result.puzzle
        if isinstance(result, Removal):
            text = f"Remove {plural(len(result.together), 'given')} (stays unique)"
        elif result.givens:
            text = f"Add {plural(len(result.givens), 'given')} for a unique solution"
        else:
            text = f"Pin {plural(len(result.pins), 'piece')} for a unique solution"
        changed = self.document.edit(text, lambda p: dataclasses.replace(
            p, pins=after.pins, sudoku=after.sudoku))
        if changed:
            self.apply_button.setEnabled(False)
            self.text.setText(self.text.text() + " Applied (Edit > Undo takes it back).")
        return changed

    def closeEvent(self, event) -> None:
        self.stop()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        self.stop()
        super().done(result)

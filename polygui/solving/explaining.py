"""Why there is no solution, after a complete search found none: a minimal set of pieces that
cannot all fit, of pins that cannot all hold (or of a Sudoku's givens and rules that have no
solution), found off the GUI thread by deletion with the solver (solvers.analysis.conflicts),
stoppable; shown in the Solve panel.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from solvers import Puzzle
from solvers.analysis.conflicts import Core, minimal_core
from solvers.analysis.sudoku_core import grid_rules

from .background import BackgroundJob

WHY_STYLE = "color: #5c1f00; background: #fde8dc; padding: 4px;"


class WhyBox(QWidget):
    """'Why: these pieces cannot all fit: T, T, T', with Stop while it is being worked out."""

    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setStyleSheet(WHY_STYLE)
        self.button = QPushButton("Stop")
        self.button.setToolTip("Stop looking for the pieces that cannot all fit")
        self.button.clicked.connect(self.stop_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.button)
        self.hide()

    def show_text(self, text: str, busy: bool = False) -> None:
        self.text.setText(text)
        self.button.setVisible(busy)
        self.show()

    def clear(self) -> None:
        self.text.clear()
        self.hide()


class Explaining(QObject):
    """Finds the core of the puzzle a search just proved has no solution."""

    explained = Signal(object, object)  # (Puzzle, Core): the core found for that puzzle

    def __init__(self, box: WhyBox, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.box = box
        self.job: BackgroundJob | None = None
        self.puzzle: Puzzle | None = None
        self.core: Core | None = None
        box.stop_requested.connect(self.stop)

    def start(self, puzzle: Puzzle) -> None:
        self.shutdown()
        self.puzzle, self.core = puzzle, None
        self.job = BackgroundJob(partial(_core_job, puzzle), "polygui-explain", self)
        self.job.worker.succeeded.connect(self._on_core)
        self.job.worker.refused.connect(self._on_failed)
        self.job.worker.failed.connect(self._on_failed)
        self.job.worker.ended.connect(self._on_ended)
        self.box.show_text(f"Why: looking for the fewest {_members(puzzle)} that already "
                           "have no solution…", busy=True)
        self.job.start()

    @Slot()
    def stop(self) -> None:
        if self.job is not None:
            self.shutdown()
            self.box.show_text("Why: stopped before it was found.")

    def clear(self) -> None:
        """Another puzzle, or a new search: the explanation is of no puzzle shown."""
        self.shutdown()
        self.puzzle, self.core = None, None
        self.box.clear()

    def shutdown(self) -> None:
        if self.job is not None:
            job, self.job = self.job, None
            job.shutdown(300)  # ends within a search slice

    def _from_current_job(self) -> bool:
        return self.job is not None and self.sender() is self.job.worker

    @Slot(object)
    def _on_core(self, core: Core | None) -> None:
        if not self._from_current_job():
            return
        self.core = core
        if core is None:  # every piece fits: the cell count is the reason (said elsewhere)
            self.box.show_text("Why: every piece fits on the board at once; the cells left "
                               "over cannot be covered.")
            return
        self.box.show_text(f"Why: {core.text(self.puzzle)}.")
        self.explained.emit(self.puzzle, core)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self._from_current_job():
            self.box.show_text(f"Why: could not be worked out ({message}).")

    @Slot()
    def _on_ended(self) -> None:
        if self._from_current_job():
            self.job = None


def _members(puzzle: Puzzle) -> str:
    """What a core of `puzzle` is made of: 'givens and rules', 'pieces or pins'."""
    if puzzle.is_sudoku:
        return "givens and rules" if grid_rules(puzzle.sudoku) else "givens"
    return "pieces or pins" if puzzle.pins else "pieces"


def _core_job(puzzle: Puzzle, cancel) -> Core | None:
    return minimal_core(puzzle, cancel)

"""Solve step by step: the puzzle's difficulty and the list of the logical steps from its
givens (technique, rating, what it does); choosing one asks the page to show the grid at
that moment, and "Back to my game" returns to the player's grid."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from solvers.logic.levels import difficulty_text

from ..solving.sudoku_jobs import SudokuFacts

WORKING = "Working out the steps…"


class SudokuStepsPanel(QWidget):
    """`step_chosen(index)` when the user picks a step; `back()` for the player's grid."""

    step_chosen = Signal(int)
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.difficulty = QLabel(WORKING)
        self.difficulty.setWordWrap(True)
        self.steps = QListWidget()
        self.steps.setWordWrap(True)
        self.steps.setToolTip("Click a step to see the grid just before it, its cells "
                              "highlighted")
        self.back_button = QPushButton("Back to my game")
        self.back_button.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        title = QLabel("<b>Solve step by step</b>")
        layout.addWidget(title)
        layout.addWidget(self.difficulty)
        layout.addWidget(self.steps, 1)
        layout.addWidget(self.back_button)
        self.steps.currentRowChanged.connect(self._row_changed)
        self.steps.itemClicked.connect(lambda item: self._row_changed(self.steps.row(item)))
        self.back_button.clicked.connect(self.back)

    def show_working(self) -> None:
        self.difficulty.setText(WORKING)
        self.steps.clear()

    def show_refused(self, reason: str) -> None:
        self.difficulty.setText(f"No steps: {reason}")
        self.steps.clear()

    def show_facts(self, facts: SudokuFacts) -> None:
        n = facts.grid.n
        self.difficulty.setText(difficulty_text(facts.rating, n))
        self.steps.blockSignals(True)
        self.steps.clear()
        for index, step in enumerate(facts.path.steps, 1):
            self.steps.addItem(f"{index}. {step.describe(n)}")
        if not facts.path.solved:
            self.steps.addItem("… the rest needs techniques not known here")
            self.steps.item(self.steps.count() - 1).setFlags(Qt.ItemFlag.NoItemFlags)
        self.steps.blockSignals(False)

    def show_moment(self, shown: bool) -> None:
        """Whether the grid shows a step's moment (Back is offered) or the player's."""
        self.back_button.setVisible(shown)
        if not shown:
            self.steps.blockSignals(True)
            self.steps.setCurrentRow(-1)
            self.steps.blockSignals(False)

    def _row_changed(self, row: int) -> None:
        item = self.steps.item(row) if row >= 0 else None
        if item is not None and item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.step_chosen.emit(row)

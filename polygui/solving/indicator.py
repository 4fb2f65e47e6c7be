"""A run's sign in the status bar, for when the Solve panel is out of sight (Design mode): what
it has found so far, how far it is, and a button back to the Solve view."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QToolButton, QWidget

from solvers import Progress


class RunIndicator(QWidget):
    """Hidden unless `set_active(True)`; `show_requested` when its button is clicked."""

    show_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel("Solving…")
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # busy until the first progress report
        self.bar.setMaximumWidth(90)
        self.bar.setMaximumHeight(self.label.sizeHint().height())
        self.bar.setTextVisible(False)
        self.button = QToolButton()
        self.button.setText("Show")
        self.button.setAutoRaise(True)
        self.button.setToolTip("Show the run in the Solve view (Ctrl+2)")
        self.button.clicked.connect(self.show_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.label, self.bar, self.button):
            layout.addWidget(widget)
        self.setToolTip("A solve is running; it goes on while you design")
        self.hide()

    def start(self) -> None:
        """A new run: nothing found yet."""
        self.label.setText("Solving…")
        self.bar.setRange(0, 0)

    def show_progress(self, progress: Progress) -> None:
        if progress.phase == "preparing":
            return
        self.bar.setRange(0, 1000)
        self.bar.setValue(int(progress.fraction_done * 1000))
        solutions = progress.solutions
        self.label.setText(f"Solving: {solutions:,} solution{'s' * (solutions != 1)}, "
                           f"{progress.fraction_done:.0%}")

    def set_active(self, active: bool) -> None:
        self.setVisible(active)

"""File > Generate Sudoku…: a Sudoku of a chosen size, variant, symmetry of the givens and
difficulty, made by `solvers.logic.generate` in a background job (progress: the tries so
far; Stop ends it). What it makes opens as a new puzzle, its rating in the description; the
dialog stays open to make another."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDoubleSpinBox, QFormLayout,
                               QHBoxLayout, QLabel, QPushButton, QWidget)

from solvers import GridKind, Puzzle
from solvers.logic.generate import BOXES, GenerateSpec, Generated, describe, generate
from solvers.logic.rating_bands import LEVELS, TOP, Band

from ..solving.background import BackgroundJob

ANY = "any rating"
RANGE = "a rating range"
PROGRESS_MS = 200
SECONDS = 120.0  # then the job gives up with a message (Stop ends it sooner)


class GenerateDialog(QDialog):
    """`opener(puzzle)` opens what is made (False: the user kept the puzzle open before)."""

    def __init__(self, parent: QWidget | None = None,
                 opener: Callable[[Puzzle], bool] | None = None) -> None:
        super().__init__(parent)
        self.opener = opener
        self.setWindowTitle("Generate Sudoku")
        self.size_box = _combo([f"{n}×{n}" for n in BOXES], "9×9")
        self.variant_box = _combo(["classic", "X (diagonals)", "jigsaw", "killer"], "classic")
        self.symmetry_box = _combo(["none", "rotational", "mirror", "diagonal"], "none")
        self.minimal_box = QCheckBox("no given can go")
        self.minimal_box.setChecked(True)
        self.level_box = _combo([f"{name} ({band})" for name, band in LEVELS.items()]
                                + [RANGE, ANY], "hard (2.6-4.0)")
        self.low, self.high = QDoubleSpinBox(), QDoubleSpinBox()
        for box, value in ((self.low, 1.5), (self.high, 4.0)):
            box.setRange(1.0, TOP)
            box.setDecimals(1)
            box.setSingleStep(0.1)
            box.setValue(value)
        band = QHBoxLayout()
        band.addWidget(self.low)
        band.addWidget(QLabel("to"))
        band.addWidget(self.high)
        self.status = QLabel("Choose, then Generate.")
        self.status.setWordWrap(True)
        self.status.setMinimumHeight(self.status.fontMetrics().lineSpacing() * 5)
        self.generate_button = QPushButton("Generate")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        close = QPushButton("Close")
        buttons = QHBoxLayout()
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        buttons.addWidget(self.generate_button)
        buttons.addWidget(close)
        form = QFormLayout(self)
        form.addRow("Size", self.size_box)
        form.addRow("Variant", self.variant_box)
        form.addRow("Symmetry of the givens", self.symmetry_box)
        form.addRow("Minimal", self.minimal_box)
        form.addRow("Difficulty", self.level_box)
        form.addRow("Rating range", band)
        form.addRow(self.status)
        form.addRow(buttons)
        self.level_box.currentTextChanged.connect(self._show_range)
        self._show_range(self.level_box.currentText())
        self.generate_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stop)
        close.clicked.connect(self.close)
        self.job: BackgroundJob | None = None
        self.tries = 0  # written by the job's thread, read by the timer
        self.spec_running: GenerateSpec | None = None
        self.seed = 0
        self.result: Puzzle | None = None
        self.timer = QTimer(self, interval=PROGRESS_MS)
        self.timer.timeout.connect(self._show_progress)
        self.resize(420, 0)

    def _show_range(self, text: str) -> None:
        """The range is edited for RANGE; a level's range is shown, greyed."""
        name = text.split(" ")[0]
        if name in LEVELS:
            self.low.setValue(LEVELS[name].low)
            self.high.setValue(LEVELS[name].high)
        for box in (self.low, self.high):
            box.setEnabled(text == RANGE)

    def spec(self) -> GenerateSpec:
        size = list(BOXES)[self.size_box.currentIndex()]
        variant = ("classic", "x", "jigsaw", "killer")[self.variant_box.currentIndex()]
        level = self.level_box.currentText()
        if level == ANY:
            band = None
        elif level == RANGE:
            band = Band(min(self.low.value(), self.high.value()),
                        max(self.low.value(), self.high.value()))
        else:
            band = LEVELS[level.split(" ")[0]]
        return GenerateSpec(size, variant, self.symmetry_box.currentText(),
                            self.minimal_box.isChecked(), band, SECONDS)

    def is_working(self) -> bool:
        return self.job is not None

    def start(self) -> None:
        if self.job is not None:
            return
        spec = self.spec_running = self.spec()
        self.seed = random.SystemRandom().randrange(2**32)
        self.tries = 0
        seed = self.seed

        def job(cancel) -> Generated | None:
            return generate(spec, random.Random(seed), cancel, self._count)

        self.job = BackgroundJob(job, "polygui-generate", self)
        self.job.worker.succeeded.connect(self._on_made)
        self.job.worker.refused.connect(self._on_refused)
        self.job.worker.failed.connect(self._on_refused)
        self.job.worker.ended.connect(self._on_ended)
        self.generate_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.status.setText("Generating…")
        self.timer.start()
        self.job.start()

    def _count(self, tries: int) -> None:  # on the job's thread: a number, no Qt
        self.tries = tries

    def _show_progress(self) -> None:
        if self.job is not None:
            self.status.setText(f"Generating… {self.tries:,} tries so far (each a full grid, "
                                "its givens taken away, then rated).")

    def _on_made(self, made: Generated | None) -> None:
        self.timer.stop()  # first: opening the puzzle may handle events (a timeout)
        if made is None or self.spec_running is None:
            return
        name = f"Generated {self.spec_running.variant} Sudoku"
        self.result = Puzzle(GridKind.SUDOKU, name, sudoku=made.grid,
                             description=describe(made, self.spec_running, self.seed))
        opened = self.opener is not None and self.opener(self.result)
        where = "It is open in the window." if opened else \
            "Not opened: the puzzle in the window was kept."
        self.status.setText(f"Made in {made.tries:,} tries ({made.seconds:.1f} s): "
                            f"{self.result.description} {where}")

    def _on_refused(self, message: str) -> None:
        self.timer.stop()
        self.status.setText(f"Nothing made: {message}.")

    def _on_ended(self) -> None:
        self._finished()

    def _finished(self) -> None:
        self.timer.stop()
        job, self.job = self.job, None
        if job is not None:
            job.shutdown()
        self.generate_button.setEnabled(True)
        self.stop_button.setEnabled(False)

    def stop(self) -> None:
        if self.job is not None:
            self._finished()
            self.status.setText("Stopped: nothing made.")

    def closeEvent(self, event) -> None:
        self.stop()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        self.stop()
        super().done(result)


def _combo(items: list[str], current: str) -> QComboBox:
    box = QComboBox()
    box.addItems(items)
    box.setCurrentText(current)
    return box


class GeneratorWindow(Protocol):
    """What opening a generated puzzle needs of the main window."""

    files: object  # FileActions: maybe_save()

    def set_puzzle(self, puzzle: Puzzle, path=None, *, modified: bool = False) -> None: ...


def open_generator(window: GeneratorWindow) -> GenerateDialog:
    """Show the window's generator (one, kept); what it makes replaces the puzzle after the
    usual question about unsaved work."""
    dialog = getattr(window, "generate_dialog", None)
    if dialog is None:
        dialog = GenerateDialog(window, lambda puzzle: open_made(window, puzzle))
        window.generate_dialog = dialog
    dialog.show()
    dialog.raise_()
    return dialog


def open_made(window: GeneratorWindow, puzzle: Puzzle) -> bool:
    if not window.files.maybe_save():
        return False
    window.set_puzzle(puzzle, None, modified=True)  # unsaved: Save or autosave keeps it
    return True

"""Where pieces go: a window beside the main one showing, over the solutions found, how often
the chosen piece covers each cell (a Sudoku: how often the chosen digit lands in each cell),
the cells it covers in every solution, and how many placements every solution uses or none
does. A box of cubes is shown as its labelled layers or in 3D (`heat_cube`, made when first
asked for: it needs OpenGL). The tally runs in a thread of its own (Stop ends it); PNG (of
the view shown) and CSV export."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import QBuffer, QIODevice, QSize
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QFileDialog, QHBoxLayout,
                               QLabel, QPushButton, QStackedWidget, QVBoxLayout, QWidget)

from solvers import GridKind, PuzzleError
from solvers.analysis.statistics import DigitStatistics, PieceStatistics, save_statistics_csv
from solvers.puzzle.atomic import write_atomically
from solvers.puzzle.model import SUDOKU_SYMBOLS

from ..export.context import ExportWindow, file_name, remember_folder, start_folder
from ..models.status import plural
from ..views.colours import piece_colour
from .heatmap import HeatmapView
from .stats_job import StatisticsJob

DIGIT_COLOUR = QColor("#1f6fd1")
PNG_SIZE = QSize(1200, 900)


def ask_save_path(parent: QWidget, title: str, start: str, filters: str) -> str:
    path, _ = QFileDialog.getSaveFileName(parent, title, start, filters)
    return path


class WherePiecesGo(QDialog):
    """Opened over the solutions of `window.store`; tallies them at once."""

    def __init__(self, window: ExportWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.ask_path: Callable[[QWidget, str, str, str], str] = ask_save_path  # tests stub it
        store = window.store
        self.puzzle, self.symmetry = store.puzzle, window.solved_symmetry
        self.stats: PieceStatistics | DigitStatistics | None = None
        self.setWindowTitle(f"Where Pieces Go — {self.puzzle.name}")
        self.chooser = QComboBox()
        if self.puzzle.is_sudoku:
            self.chooser.addItems([f"Digit {SUDOKU_SYMBOLS[d]}"
                                   for d in range(self.puzzle.sudoku.n)])
        else:
            self.chooser.addItems([f"Piece {piece.name}" for piece in self.puzzle.pieces])
        self.view = HeatmapView()
        self.cube_view = None  # the 3D heatmap (heat_cube.HeatCube), once asked for
        self.pictures = QStackedWidget()
        self.pictures.addWidget(self.view)
        self.layers_button: QPushButton | None = None  # Layers or 3D, for a box of cubes
        self.cube_button: QPushButton | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.stop_button = QPushButton("Stop")
        self.png_button = QPushButton("Export PNG…")
        self.csv_button = QPushButton("Export CSV…")
        close = QPushButton("Close")
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.chooser)
        top.addStretch(1)
        self._add_view_switch(top)
        buttons = QHBoxLayout()
        for button in (self.stop_button, self.png_button, self.csv_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.pictures, 1)
        layout.addWidget(self.summary)
        layout.addLayout(buttons)
        self.chooser.currentIndexChanged.connect(self._show_choice)
        self.stop_button.clicked.connect(self.stop)
        self.png_button.clicked.connect(self.export_png)
        self.csv_button.clicked.connect(self.export_csv)
        close.clicked.connect(self.close)
        self.resize(760, 640)
        self._set_ready(False)
        self.summary.setText(f"Tallying {plural(store.solution_count(), 'solution')}…")
        self.job: StatisticsJob | None = StatisticsJob(store)
        self.job.tallied.connect(self._on_tallied)
        self.job.failed.connect(self._on_failed)
        self.job.start()

    def _add_view_switch(self, row: QHBoxLayout) -> None:
        """Layers or 3D, for a box of cubes."""
        if self.puzzle.kind is not GridKind.CUBE:
            return
        self.layers_button, self.cube_button = QPushButton("Layers"), QPushButton("3D")
        group = QButtonGroup(self)
        for button, tip in ((self.layers_button, "Each layer of the box, with the shares"),
                            (self.cube_button, "The box in 3D: the more often the piece "
                                               "covers a cube, the darker and more solid")):
            button.setCheckable(True)
            button.setToolTip(tip)
            group.addButton(button)
            row.addWidget(button)
        self.layers_button.setChecked(True)
        self.layers_button.toggled.connect(self.show_layers)

    def show_layers(self, layers: bool = True) -> None:
        """The layers (True) or the 3D heatmap of a box of cubes."""
        if self.puzzle.kind is not GridKind.CUBE:
            return
        if not layers and self.cube_view is None:
            from .heat_cube import HeatCube  # OpenGL only when asked for

            self.cube_view = HeatCube()
            self.pictures.addWidget(self.cube_view)
        if self.layers_button is not None:
            (self.layers_button if layers else self.cube_button).setChecked(True)
        self.pictures.setCurrentWidget(self.view if layers else self.cube_view)
        self._show_choice()

    def picture(self):
        """The heatmap shown: the flat view, or the 3D one."""
        return self.pictures.currentWidget()

    # --- the tally -----------------------------------------------------------------------
    def is_tallying(self) -> bool:
        """Until the tally (or its failure) has been shown, or Stop pressed."""
        return self.job is not None

    def stop(self) -> None:
        """Stop the tally (the window stays, with nothing to show)."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        if self.stats is None:
            self.summary.setText("Stopped before the tally was done: open it again to start "
                                 "over.")
        self.stop_button.setEnabled(False)

    def _on_tallied(self, stats) -> None:
        if self.job is not None:
            self.job.wait()
            self.job = None
        self.stats = stats
        self._set_ready(True)
        self._show_choice()

    def _on_failed(self, message: str) -> None:
        self.job = None
        self.stop_button.setEnabled(False)
        self.summary.setText(f"The tally failed: {message}")

    def _set_ready(self, ready: bool) -> None:
        for widget in (self.chooser, self.png_button, self.csv_button):
            widget.setEnabled(ready)
        self.stop_button.setEnabled(not ready)

    # --- showing -------------------------------------------------------------------------
    def choice(self) -> int:
        return max(0, self.chooser.currentIndex())

    def _show_choice(self) -> None:
        stats = self.stats
        if stats is None:
            return
        over = (f"Over the {plural(stats.solutions, 'solution')} found "
                f"({self.symmetry})")
        if isinstance(stats, DigitStatistics):
            digit = self.choice() + 1
            shares = stats.share(digit)
            always = stats.counts[digit - 1] == stats.solutions if stats.solutions else \
                np.zeros(len(shares), dtype=bool)
            self._show_heat(shares, DIGIT_COLOUR, always)
            self.summary.setText(
                f"{over}: the share of solutions with {SUDOKU_SYMBOLS[digit - 1]} in each "
                f"cell, in per cent. Dashed: cells holding it in every solution "
                f"({int(always.sum())}).")
            return
        piece = self.choice()
        shares = stats.share(piece)
        always = (stats.cover[piece] == stats.solutions) if stats.solutions else \
            np.zeros(len(shares), dtype=bool)
        self._show_heat(shares, piece_colour(self.puzzle, piece), always)
        name = self.puzzle.pieces[piece].name
        forced, unused = len(stats.forced_rows()), len(stats.unused_rows())
        marked = "outlined" if self.picture() is self.cube_view else "dashed"
        self.summary.setText(
            f"{over}: the share of solutions in which piece {name} covers each cell, in per "
            f"cent (darkest: {self.view.peak:.0%}); {marked}: cells it covers in every "
            f"solution ({int(always.sum())}). Of all "
            f"{plural(stats.placements.n_rows, 'placement')}, {forced:,} "
            f"{'is' if forced == 1 else 'are'} used in every solution and {unused:,} in none.")

    def _show_heat(self, shares: np.ndarray, colour: QColor, always: np.ndarray) -> None:
        self.view.show_heat(self.puzzle, shares, colour, always)
        if self.cube_view is not None:
            self.cube_view.show_heat(self.puzzle, shares, colour, always)

    # --- export --------------------------------------------------------------------------
    def _path(self, suffix: str, what: str) -> Path | None:
        what_shown = self.chooser.currentText().lower() + (
            " 3d" if self.picture() is self.cube_view else "")
        name = file_name(self.puzzle.name, "where", what_shown if suffix == "png"
                         else "pieces go")
        start = str(start_folder(self.window_) / f"{name}.{suffix}")
        path = self.ask_path(self, f"Export {what}", start, f"{what} (*.{suffix})")
        if not path:
            return None
        remember_folder(self.window_, Path(path))
        return Path(path)

    def export_png(self) -> bool:
        path = self._path("png", "PNG image")
        if path is None:
            return False
        try:
            image = self.picture().render_image(PNG_SIZE)
        except PuzzleError as error:  # the 3D view off screen
            self.summary.setText(f"Could not draw the picture: {error}")
            return False
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        return self._write(path, bytes(buffer.data()))

    def export_csv(self) -> bool:
        path = self._path("csv", "CSV")
        if path is None or self.stats is None:
            return False
        try:
            save_statistics_csv(self.stats, path)
        except (OSError, PuzzleError) as error:
            self.summary.setText(f"Could not write {path.name}: {error}")
            return False
        self.summary.setText(f"Wrote {path.name}")
        return True

    def _write(self, path: Path, data: bytes) -> bool:
        try:
            write_atomically(path, data)
        except (OSError, PuzzleError) as error:
            self.summary.setText(f"Could not write {path.name}: {error}")
            return False
        self.summary.setText(f"Wrote {path.name}")
        return True

    def closeEvent(self, event) -> None:
        self.stop()
        super().closeEvent(event)

    def done(self, result: int) -> None:  # Escape, or Close
        self.stop()
        super().done(result)

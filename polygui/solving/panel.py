"""The Solve panel: Solve / Pause / Stop, options, progress, counters and a live plot."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QProgressBar, QPushButton, QSpinBox, QToolTip, QVBoxLayout,
                               QWidget)

from solvers import Progress, Puzzle

from ..views.messages import MessageLabel
from .assembly_counts import AssemblyCounts
from .estimating import EstimateBox
from .explaining import WhyBox
from .keeping import KeptRunBar
from .progress_plot import ProgressPlot
from .search_on import SearchOnChoice
from .symmetry_help import count_tooltip

STATUS_LINES = 3
WIDEST_COUNTER = "about 23 h 59 min"
SYMMETRY_CHOICES = (("Distinct (rotations and reflections)", "distinct"),
                    ("Up to rotations", "rotations"), ("All solutions", "all"))
SOLVE_TIP = ("Find the puzzle's solutions (F5). You can step through them while the search "
             "runs, and go on editing: the run solves the puzzle as it was when it started.")
PAUSE_TIP = ("Pause the search (F6), and resume it exactly where it stopped. The solutions "
             "found so far stay.")
STOP_TIP = "Stop the search (Shift+F5). The solutions found so far stay."
WARMING_TEXT = ("Getting the solver ready: the first start compiles its search kernels (about a "
                "minute). Solve works meanwhile; it waits for the kernel it needs.")
READY_SHOWN_MS = 6_000  # how long "Solver ready" stays after a long warm-up
COMPILED_SECONDS = 8  # a warm-up this long compiled kernels; a shorter one loaded them
RUN_AGAIN = ("Some finished tasks of the kept run failed their checks and ran again (point "
             "here to see which).")


def symmetry_label(mode: str) -> str:
    """The Count choice of a symmetry mode, as the panel shows it."""
    return next(label for label, value in SYMMETRY_CHOICES if value == mode)


def elapsed_text(seconds: float) -> str:
    """A search's time so far: milliseconds under a second (a small puzzle's whole run)."""
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"


def format_duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class SolvePanel(QWidget):
    solve_requested = Signal()
    pause_toggled = Signal(bool)  # True: pause
    stop_requested = Signal()
    running_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.solve_button = QPushButton("Solve")
        self.solve_button.setDefault(True)
        self.pause_button = QPushButton("Pause")
        self.pause_button.setCheckable(True)
        self.stop_button = QPushButton("Stop")
        for button, tip in ((self.solve_button, SOLVE_TIP), (self.pause_button, PAUSE_TIP),
                            (self.stop_button, STOP_TIP)):
            button.setToolTip(tip)
        self.puzzle: Puzzle | None = None  # what the Count tooltip speaks of
        self.symmetry = QComboBox()
        for label, mode in SYMMETRY_CHOICES:
            self.symmetry.addItem(label, mode)
        self.symmetry.installEventFilter(self)  # its tooltip is worked out when asked for
        self.limit = QSpinBox()
        self.limit.setRange(0, 1_000_000_000)
        self.limit.setSpecialValueText("no limit")
        self.limit.setToolTip("Stop after this many solutions (0: find them all)")
        self.search_on = SearchOnChoice(settings)
        self.estimate_box = EstimateBox()  # driven by estimating.Estimating
        self.why_box = WhyBox()  # driven by explaining.Explaining
        self.kept_bar = KeptRunBar()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setFormat("%p%")
        self.status = MessageLabel("Ready", lines=STATUS_LINES)  # longer: "…", and a tooltip
        self._run_again: tuple[str, ...] = ()  # what the kept run resumed did not prove
        self.readiness = QLabel()  # the solver's warm-up, on a first start (solving.warmup)
        self.readiness.setWordWrap(True)
        self.readiness.setStyleSheet("color: #5c4400; background: #fff3cd; padding: 4px;")
        self.readiness.hide()
        self._warm = False
        self.counters = {name: QLabel("–") for name in
                         ("solutions", "nodes", "rate", "elapsed", "left")}
        for label in self.counters.values():
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._reserve_text_room()
        self.assemblies = AssemblyCounts()  # assemblies taken apart: solutions, levels
        self.plot = ProgressPlot()
        self._layout()
        self.solve_button.clicked.connect(self.solve_requested)
        self.stop_button.clicked.connect(self.stop_requested)
        self.pause_button.toggled.connect(self._on_pause_toggled)
        self.set_running(False)

    def _reserve_text_room(self) -> None:
        """Room for the longest texts up front, so changing counters never re-lay out the
        panel: that would resize the plot, whose re-layout is costly mid-run."""
        metrics = self.fontMetrics()
        self.status.setMinimumHeight(STATUS_LINES * metrics.lineSpacing())
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        widest = metrics.horizontalAdvance(WIDEST_COUNTER)
        for label in self.counters.values():
            label.setMinimumWidth(widest)

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        for button in (self.solve_button, self.pause_button, self.stop_button):
            buttons.addWidget(button)
        options = QFormLayout()
        self.symmetry_label = QLabel("Count")
        self.symmetry_label.installEventFilter(self)
        options.addRow(self.symmetry_label, self.symmetry)
        options.addRow("Stop after", self.limit)
        options.addRow("Search on", self.search_on)
        counters = QFormLayout()
        for name, title in (("solutions", "Solutions"), ("nodes", "Nodes"),
                            ("rate", "Nodes per second"), ("elapsed", "Elapsed"),
                            ("left", "Time left")):
            counters.addRow(title, self.counters[name])
        box = QGroupBox("Search")
        box_layout = QVBoxLayout(box)
        box_layout.addWidget(self.progress)
        box_layout.addWidget(self.status)
        box_layout.addLayout(counters)
        box_layout.addWidget(self.assemblies)
        box_layout.addWidget(self.why_box)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.readiness)
        layout.addWidget(self.kept_bar)
        layout.addLayout(options)
        layout.addWidget(self.estimate_box)
        layout.addWidget(box)
        layout.addWidget(self.plot, 1)
        layout.addStretch()  # takes the room when the plot is hidden (a Sudoku)

    # --- state ------------------------------------------------------------------------
    def symmetry_mode(self) -> str:
        return self.symmetry.currentData()

    def set_symmetry_mode(self, mode: str) -> None:
        self.symmetry.setCurrentIndex(max(0, self.symmetry.findData(mode)))

    def set_puzzle(self, puzzle: Puzzle) -> None:
        """The puzzle Solve would solve: its kind sets the options shown, and the Count
        tooltip explains the modes for it."""
        self.puzzle = puzzle
        self.set_sudoku(puzzle.is_sudoku)
        self.assemblies.set_puzzle(puzzle)

    def count_tooltip(self) -> str:
        return count_tooltip(self.puzzle)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and watched in (self.symmetry,
                                                                self.symmetry_label):
            QToolTip.showText(event.globalPos(), self.count_tooltip(), watched)
            return True
        return super().eventFilter(watched, event)

    def set_running(self, running: bool) -> None:
        self.solve_button.setEnabled(not running)
        self.pause_button.setEnabled(running)
        self.stop_button.setEnabled(running)
        self.symmetry.setEnabled(not running)
        self.limit.setEnabled(not running)
        self.search_on.setEnabled(not running)
        self.kept_bar.setEnabled(not running)
        if running:
            self._run_again = ()
            self.status.setToolTip("")
        else:
            self.pause_button.setChecked(False)
            self.plot.finish()  # the run's last point, axes fitted to the whole run
        self.running_changed.emit(running)

    def set_sudoku(self, is_sudoku: bool) -> None:
        """Symmetry modes mean nothing for Sudoku: every solution counts. Nor does the plot:
        a Sudoku is solved (and proved unique) in milliseconds."""
        self.symmetry.setVisible(not is_sudoku)
        self.symmetry_label.setVisible(not is_sudoku)
        self.plot.setVisible(not is_sudoku)

    def reset_options(self) -> None:
        """Count as the default does (another puzzle: a choice made for the last one, such as
        "All solutions", would surprise there)."""
        self.symmetry.blockSignals(True)
        self.symmetry.setCurrentIndex(self.symmetry.findData(SYMMETRY_CHOICES[0][1]))
        self.symmetry.blockSignals(False)

    def reset(self) -> None:
        self.progress.setValue(0)
        for label in self.counters.values():
            label.setText("–")
        self.plot.clear_points()
        self.assemblies.reset()
        self.status.setText("Ready")

    def _on_pause_toggled(self, paused: bool) -> None:
        self.pause_button.setText("Resume" if paused else "Pause")
        self.pause_toggled.emit(paused)
        if paused:
            self.status.setText("Paused")

    # --- the solver's warm-up (solving.warmup) ----------------------------------------
    @Slot()
    def solver_warming(self) -> None:
        """The warm-up is taking a while: say so (unless it is over already)."""
        if not self._warm:
            self.readiness.setText(WARMING_TEXT)
            self.readiness.show()

    @Slot(float)
    def solver_warmed(self, seconds: float) -> None:
        self._warm = True
        if self.readiness.isVisible():
            self.readiness.setText(f"The solver is ready (its kernels took {seconds:.0f} s to "
                                   "compile; later starts load them in a second)."
                                   if seconds >= COMPILED_SECONDS else "The solver is ready.")
            QTimer.singleShot(READY_SHOWN_MS, self.readiness, self.readiness.hide)

    @Slot(str)
    def solver_warmup_failed(self, message: str) -> None:
        self._warm = True
        self.readiness.setText(f"Could not get the solver ready in advance ({message}); Solve "
                               "compiles what it needs when pressed.")
        self.readiness.show()

    # --- progress ---------------------------------------------------------------------
    def show_progress(self, progress: Progress) -> None:
        if progress.phase == "preparing":
            self.status.setText("Preparing: building placements and loading the compiled solver…"
                                if self._warm or not self.readiness.isVisible() else
                                "Preparing: waiting for the solver's kernels to compile "
                                "(first start only)…")
            self.progress.setRange(0, 0)  # busy indicator
            return
        self.progress.setRange(0, 1000)
        self.progress.setValue(int(progress.fraction_done * 1000))
        if not self.pause_button.isChecked():
            self.status.setText(("Searching…" if not progress.analysing else
                                 "Searching, and taking assemblies apart…")
                                if progress.phase == "searching" else "Finished")
        if progress.notes:  # a kept run whose file did not prove every finished task
            self._run_again = progress.notes
            self.status.setToolTip("\n".join(progress.notes))
            self.status.setText(f"{self.status.text()} {RUN_AGAIN}")
        self.counters["solutions"].setText(f"{progress.solutions:,}")
        self.assemblies.show_progress(progress)
        self.counters["nodes"].setText(f"{progress.nodes:,}")
        self.counters["rate"].setText(f"{progress.nodes_per_second:,.0f}")
        self.counters["elapsed"].setText(elapsed_text(progress.elapsed))
        left = progress.time_left
        self.counters["left"].setText(f"about {format_duration(left)}" if left is not None else "–")
        self.plot.add_point(progress.elapsed, progress.solutions, progress.fraction_done,
                            final=progress.phase != "searching")

    def show_end(self, solutions: int) -> None:
        """The run has ended: nothing is left to estimate, and the count is what it found
        (solutions found after its last progress report included)."""
        self.counters["left"].setText("–")
        self.counters["solutions"].setText(f"{solutions:,}")

    def show_message(self, text: str) -> None:
        self.progress.setRange(0, 1000)
        self.status.setText(f"{text} {RUN_AGAIN}" if self._run_again else text)

"""The Solve panel's estimate: how long the search will take and how many solutions it will
find, worked out off the GUI thread a moment after a puzzle is opened or changed (or the
Count changes), or when the user asks; stoppable, and stopped when Solve starts. The same
job first looks for a certificate that the puzzle has no solution (a colouring, cells no
piece covers): then that is what it shows, and there is nothing to estimate.

`EstimateBox` is the panel's line and button; `Estimating` decides when to estimate and runs
solvers.analysis.estimate in a BackgroundJob.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, QSettings, QTimer, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from solvers import Puzzle
from solvers.analysis.certificates import Certificate, certificates
from solvers.analysis.estimate import Estimate, estimate
from solvers.analysis.wording import describe

from ..models.status import plural
from ..views.messages import MessageLabel
from .background import BackgroundJob

DELAY_MS = 800  # after the last change, before estimating: typing a Sudoku starts none
ESTIMATE_SECONDS = 1.0
QUICK_SECONDS = 0.25  # an exact estimate this quick: Solve runs it again on one thread
AUTOMATIC_KEY = "solving/estimate_automatically"
ESTIMATE_TIP = ("Estimate the search before solving: about a second of random probes through "
                "the search itself (Knuth's method) gives its time on one thread and the "
                "number of solutions, with a range the truth usually falls in.")


class EstimateBox(QWidget):
    """'Estimate: about 20 s, about 19,000 solutions (10,000-40,000)' and its button."""

    estimate_requested = Signal()
    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = MessageLabel("Estimate: –", lines=3)  # a long certificate: "…", and tooltip
        self.button = QPushButton("Estimate")
        self.button.setToolTip(ESTIMATE_TIP)
        self.button.clicked.connect(self._clicked)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.button)
        self._busy = False

    def _clicked(self) -> None:
        (self.stop_requested if self._busy else self.estimate_requested).emit()

    def show_busy(self) -> None:
        self._busy = True
        self.button.setText("Stop")
        self.text.setText("Estimate: probing the search…")
        self.text.setToolTip("")

    def show_idle(self, text: str, tip: str = "") -> None:
        self._busy = False
        self.button.setText("Estimate")
        self.text.setText(text)
        self.text.setToolTip(tip)


def details(found: Estimate) -> str:
    """The tooltip: what the figures rest on."""
    if found.exact:
        return (f"Exact: the search ended while its speed was measured "
                f"({found.nodes.value:,.0f} nodes).")
    return (f"Search tree: about {found.nodes.value:,.0f} nodes ({found.nodes.low:,.0f} to "
            f"{found.nodes.high:,.0f}), from {found.probes:,} random probes; time at the "
            f"{found.node_rate:,.0f} nodes a second measured now, on one thread. Counting: "
            f"{found.symmetry}.")


class Estimating(QObject):
    """When and what to estimate. The estimate shown is always of the puzzle and Count
    shown: a change stops the job under way and starts another after DELAY_MS."""

    shown = Signal(str)  # the text shown, once an estimate (or its failure) is in
    certified = Signal(object)  # list[Certificate]: the puzzle shown has no solution

    def __init__(self, box: EstimateBox, settings: QSettings, parent: QObject | None = None):
        super().__init__(parent)
        self.box = box
        self.settings = settings
        self.job: BackgroundJob | None = None
        self.puzzle: Puzzle | None = None
        self.symmetry = "distinct"
        self.latest: Estimate | None = None
        self.certificates: list[Certificate] = []  # of the puzzle shown, once known
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.start)
        box.estimate_requested.connect(self.start)
        box.stop_requested.connect(self.stop)

    @property
    def automatic(self) -> bool:
        return self.settings.value(AUTOMATIC_KEY, True, type=bool)

    def puzzle_changed(self, puzzle: Puzzle, symmetry: str, *, may_start: bool,
                       at_once: bool = False) -> None:
        """What the panel would solve now; estimated after DELAY_MS when `may_start` (the
        window shows Solve mode and nothing is solving) and estimates are automatic, or as
        soon as the window has drawn it when `at_once` (a puzzle opened, not typed)."""
        busy_or_done = self.job is not None or self.latest is not None or self._timer.isActive()
        if (puzzle, symmetry) == (self.puzzle, self.symmetry) and busy_or_done:
            if not may_start:
                self._timer.stop()  # Design or Play shows now: no estimate starts there
            return
        self.puzzle, self.symmetry = puzzle, symmetry
        self._cancel_job()
        self.latest, self.certificates = None, []
        problems = puzzle.problems()
        if problems or puzzle.family is not None:
            self.box.show_idle("Estimate: none (the puzzle cannot be solved as it is)"
                               if puzzle.family is None else
                               "Estimate: none for a family (Solve counts each member)")
            self.box.button.setEnabled(False)
            return
        self.box.button.setEnabled(True)
        self.box.show_idle("Estimate: –")
        if may_start and self.automatic:
            self._timer.start(0 if at_once else DELAY_MS)
        else:
            self._timer.stop()

    def known_quick(self, puzzle: Puzzle, symmetry: str) -> bool:
        """Whether an exact estimate of `puzzle` in `symmetry` searched its whole tree (and
        took its assemblies apart) in under QUICK_SECONDS."""
        latest = self.latest
        return (latest is not None and latest.exact and latest.spent < QUICK_SECONDS
                and (puzzle, symmetry) == (self.puzzle, self.symmetry))

    @Slot()
    def start(self) -> None:
        """Estimate the puzzle shown now (the button, or the delay after a change)."""
        self._timer.stop()
        if self.puzzle is None or self.puzzle.family is not None or self.puzzle.problems():
            return
        self._cancel_job()
        job = partial(_estimate_job, self.puzzle, self.symmetry)
        self.job = BackgroundJob(job, "polygui-estimate", self)
        self.job.worker.succeeded.connect(self._on_estimate)
        self.job.worker.refused.connect(self._on_refused)
        self.job.worker.failed.connect(self._on_failed)
        self.job.worker.ended.connect(self._on_ended)
        self.box.show_busy()
        self.job.start()

    @Slot()
    def stop(self) -> None:
        """Stop estimating (the button, Solve, another puzzle)."""
        self._timer.stop()
        if self.job is not None:
            self._cancel_job()
            self.box.show_idle("Estimate: stopped")

    def make_way(self) -> None:
        """Solve starts: an estimate under way is dropped without a word (not "stopped":
        the run's own progress and time left take over); one made stays."""
        self._timer.stop()
        if self.job is not None:
            self._cancel_job()
            self.box.show_idle("Estimate: –")

    def show_count(self, puzzle: Puzzle, count: int) -> None:
        """A complete search of the puzzle shown counted `count` solutions: nothing is left
        to estimate, and the line says the same as the panel."""
        if puzzle != self.puzzle:
            return
        self._timer.stop()
        self._cancel_job()
        text = f"Exact: {plural(count, 'solution')}, counted by the whole search"
        self.box.show_idle(text, "The search is complete: its count needs no estimate.")

    def shutdown(self) -> None:
        self._timer.stop()
        self._cancel_job()

    def _cancel_job(self) -> None:
        if self.job is not None:
            job, self.job = self.job, None
            job.worker.succeeded.disconnect(self._on_estimate)
            job.shutdown(300)  # ends within a batch of probes; a kernel compile may hold on

    def _from_current_job(self) -> bool:
        return self.job is not None and self.sender() is self.job.worker

    @Slot(object)
    def _on_estimate(self, found: Estimate | list) -> None:
        if not self._from_current_job():
            return
        if isinstance(found, list):  # certificates: no solution, nothing to estimate
            self.certificates = found
            text = "No solution: " + "; ".join(c.text for c in found) + "."
            self.box.show_idle(text, text)
            self.certified.emit(found)
            self.shown.emit(text)
            return
        self.latest = found
        text = f"Estimate: {describe(found)}"
        self.box.show_idle(text, details(found))
        self.shown.emit(text)

    @Slot(str)
    def _on_refused(self, reason: str) -> None:
        if self._from_current_job():
            self.box.show_idle(f"Estimate: none ({reason})")
            self.shown.emit(reason)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self._from_current_job():
            self.box.show_idle(f"Estimate failed: {message}")
            self.shown.emit(message)

    @Slot()
    def _on_ended(self) -> None:
        if self._from_current_job():
            self.job = None


def _estimate_job(puzzle: Puzzle, symmetry: str, cancel) -> Estimate | list[Certificate]:
    """The certificates that the puzzle has no solution, or else the estimate."""
    return certificates(puzzle, cancel) or estimate(puzzle, symmetry,
                                                    seconds=ESTIMATE_SECONDS, cancel=cancel)

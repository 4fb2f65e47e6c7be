"""A search that could not start (a Dask cluster out of reach, a run file it cannot use):
the panel, the hint above the board and a message box say so and why, never "No solution";
and when the cluster is to blame, the next Solve runs on this computer (a remembered cluster
that cannot be reached would keep every Solve waiting for Dask's connect timeout)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from .panel import SolvePanel
from .run import SolveWorker

TITLE = "The search could not start"
FALLEN_BACK = ("The next Solve runs on this computer; the Solve panel's Search on chooses the "
               "cluster again.")


def not_started_text(reason: str, fell_back: bool) -> str:
    """What the panel, the hint and the message box say."""
    text = f"{TITLE}: {reason.rstrip('.')}."
    return f"{text} {FALLEN_BACK}" if fell_back else text


class NotStarted(QObject):
    """Watches each run's worker; `text` is what its could-not-start said (None: it started,
    or is still starting)."""

    def __init__(self, panel: SolvePanel, window: QWidget) -> None:
        super().__init__(window)
        self.panel, self.window = panel, window
        self.text: str | None = None
        self._worker: SolveWorker | None = None

    def watch(self, worker: SolveWorker) -> None:
        """A new run: forget the last one's failure."""
        self.text, self._worker = None, worker
        worker.could_not_start.connect(self._on_could_not_start)

    @Slot(str, bool)
    def _on_could_not_start(self, reason: str, cluster_to_blame: bool) -> None:
        if self._worker is None or self.sender() is not self._worker:
            return  # a run retired since
        fell_back = cluster_to_blame and self.panel.search_on.fall_back_here()
        self.text = not_started_text(reason, fell_back)
        self.panel.show_message(self.text)
        QMessageBox.warning(self.window, TITLE, self.text)

"""Play's clock: mm:ss of play, from the first move; it stands still while Play mode is not
shown and once the puzzle is solved."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer, Signal


def clock_text(seconds: float) -> str:
    """'3:21', '12:05', '1:02:03'."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class PlayClock(QObject):
    """`ticked(str)` with the time shown, each second while it runs."""

    ticked = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._spent = 0.0  # seconds before the current run
        self._since: float | None = None  # when the current run began
        self.started = False
        self._timer = QTimer(self, interval=500)
        self._timer.timeout.connect(lambda: self.ticked.emit(self.text()))

    @property
    def running(self) -> bool:
        return self._since is not None

    def seconds(self) -> float:
        return self._spent + (time.monotonic() - self._since if self._since is not None else 0.0)

    def text(self) -> str:
        return clock_text(self.seconds())

    def start(self) -> None:
        """Run (from the first move on, or again after a pause)."""
        self.started = True
        if self._since is None:
            self._since = time.monotonic()
            self._timer.start()
        self.ticked.emit(self.text())

    def pause(self) -> None:
        if self._since is not None:
            self._spent += time.monotonic() - self._since
            self._since = None
            self._timer.stop()
        self.ticked.emit(self.text())

    def set_seconds(self, seconds: float) -> None:
        """Show `seconds` played (an undone Restart gives the clock back its time); it runs
        on from there if it was running."""
        self._spent, self.started = seconds, True
        if self._since is not None:
            self._since = time.monotonic()
        self.ticked.emit(self.text())

    def reset(self) -> None:
        self.pause()
        self._spent, self.started = 0.0, False
        self.ticked.emit(self.text())

    def follow_mode(self, shown: bool, solved: bool) -> None:
        """Play mode shown or left: a game under way runs only while it shows."""
        if shown and self.started and not solved:
            self.start()
        elif not shown:
            self.pause()

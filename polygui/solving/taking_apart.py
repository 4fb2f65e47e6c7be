"""The solution shown taken apart move by move for the cube view's player, in a thread of its
own (solvers.disassembly.moves.take_apart: milliseconds to seconds, and a first call compiles
its kernel). Showing another solution cancels the analysis under way at once (the kernel
watches a flag) without waiting for its thread, whose result is then ignored; a closing
window joins what is left (running_solves). An analysis starts a moment after its solution
shows, so that stepping quickly through solutions starts none for those only passed by."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QTimer, Slot

from solvers import Puzzle, Solution
from solvers.disassembly.analyser import Disassembler
from solvers.disassembly.moves import Disassembly, take_apart
from solvers.disassembly.verdicts import STATUS_WORDS
from solvers.kernels.status import SINGLE, TOO_BIG
from solvers.placements.compile import Placements

from .background import BackgroundJob

NOT_REDONE = (TOO_BIG, SINGLE)  # verdicts an analysis for the player would only repeat
START_DELAY_MS = 120  # a solution shown this long is analysed


class TakingApart(QObject):
    """`show(player, puzzle, solution)`: analyse `solution` and hand it to `player`
    (views.cube_player.CubePlayer) when done."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._job: BackgroundJob | None = None
        self._cancel = np.zeros(1, dtype=np.int64)
        self._key: tuple | None = None  # what is analysed, or was last
        self._player = None
        self._title = ""
        # the last disassembler made, with the placements it numbers rows by
        self._disassembler: tuple[Placements, Disassembler] | None = None
        self._jobs: list[BackgroundJob] = []  # stopped ones whose thread has not ended yet
        self.result: Disassembly | None = None  # the last analysis handed over
        self._pending: tuple | None = None  # (puzzle, placements, rows) to analyse soon
        self._delay = QTimer(self, singleShot=True, interval=START_DELAY_MS)
        self._delay.timeout.connect(self._start_pending)

    def show(self, player, puzzle: Puzzle, solution: Solution | None) -> None:
        """Take `solution` of `puzzle` apart for `player` (nothing unless its assemblies
        must come apart). The same solution again changes nothing."""
        if solution is None or not puzzle.disassembly or not solution.rows:
            self.stop()
            self._key = None
            return
        key = (id(player), puzzle, solution.rows)
        if key == self._key:
            return
        self.stop()
        self._key, self._player, self.result = key, player, None
        self._title = f"{puzzle.name}, assembly {solution.index + 1:,}"
        status = solution.verdict[0] if solution.verdict else None
        if status in NOT_REDONE:
            player.explain(f"This assembly is {STATUS_WORDS[status]}.")
            return
        player.analysing()
        self._pending = (puzzle, solution.placements, np.array(solution.rows, dtype=np.int64))
        self._delay.start()

    def _start_pending(self) -> None:
        pending, self._pending = self._pending, None
        # a window closed meanwhile has joined its threads: it must not get a new one
        if pending is not None and self._player.controls.window().isVisible():
            self._start(*pending)

    def _start(self, puzzle: Puzzle, placements: Placements, rows: np.ndarray) -> None:
        cancel = self._cancel = np.zeros(1, dtype=np.int64)
        known = None
        if self._disassembler is not None and self._disassembler[0] is placements \
                and self._disassembler[1].puzzle == puzzle:
            known = self._disassembler[1]

        def job(_stopped) -> tuple[Placements, Disassembler, Disassembly]:
            disassembler = known or Disassembler(puzzle, placements)
            return placements, disassembler, take_apart(disassembler, rows, cancel)

        self._job = BackgroundJob(job, "polygui-disassembly", self)
        self._job.worker.succeeded.connect(self._on_done)
        self._job.worker.failed.connect(self._on_failed)
        self._job.worker.refused.connect(self._on_failed)
        self._job.thread.finished.connect(self._forget_ended)
        self._job.start()

    def stop(self) -> None:
        """Cancel the analysis under way, if any (its thread ends by itself, soon)."""
        self._delay.stop()
        self._pending = None
        self._cancel[0] = 1
        if self._job is not None:
            self._job.stop()
            if self._job.is_running():
                self._jobs.append(self._job)
            else:
                self._job.deleteLater()
            self._job = None
        self._key = None

    def is_running(self) -> bool:
        """Whether an analysis is under way or about to start."""
        return self._pending is not None or (self._job is not None and self._job.is_running())

    @Slot(object)
    def _on_done(self, result: tuple[Placements, Disassembler, Disassembly]) -> None:
        if self._job is None or self.sender() is not self._job.worker:
            return  # an analysis stopped since
        placements, disassembler, self.result = result
        self._disassembler = (placements, disassembler)
        self._player.show(self.result, self._title)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self._job is not None and self.sender() is self._job.worker:
            self._player.failed(message)

    def _forget_ended(self) -> None:
        for job in [job for job in self._jobs if not job.is_running()]:
            self._jobs.remove(job)
            job.deleteLater()

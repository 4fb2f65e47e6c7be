"""Tallying where pieces go in a thread of its own: millions of solutions take seconds, and
the window must not stop for them. The GUI thread takes a snapshot of the store (its list of
arrays); the tally runs in the thread, a block of solutions at a time, and stops between two
blocks when cancelled."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import numpy as np
from PySide6.QtCore import QThread, Signal

from solvers import Cancelled
from solvers.analysis.statistics import digit_statistics, piece_statistics

from ..solving.store import SolutionStore

BLOCK = 100_000  # solutions tallied between two looks at Stop


def store_blocks(store: SolutionStore, size: int = BLOCK) -> Iterator[np.ndarray]:
    """The stored solutions, a block (a view) at a time."""
    start = 0
    while start < len(store):
        block = store.block(start, size)
        yield block
        start += len(block)


class StatisticsJob(QThread):
    """Tallies the solutions of `store` (a snapshot taken here). Signals: `tallied(stats)`
    (PieceStatistics or DigitStatistics) or `failed(message)`; `cancel()` stops it and waits,
    and then neither is emitted."""

    tallied = Signal(object)
    failed = Signal(str)

    def __init__(self, store: SolutionStore) -> None:
        super().__init__()
        self.store = store.snapshot()
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()
        self.wait()

    def run(self) -> None:
        store, stop = self.store, self._stop.is_set
        try:
            if store.puzzle.is_sudoku:
                stats = digit_statistics(store.puzzle, store_blocks(store), stop)
            else:
                stats = piece_statistics(store.puzzle, store.placements(), store_blocks(store),
                                         stop)
        except Cancelled:
            return
        except Exception as error:  # a bug must reach the user, not end the thread silently
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        if not stop():
            self.tallied.emit(stats)

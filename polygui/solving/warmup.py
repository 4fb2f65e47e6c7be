"""Getting the solver ready while the user looks at the first window.

numba compiles each search kernel the first time it runs (tens of seconds on a first start;
later starts load them from its disk cache in about a second), and the first Solve used to
wait for that on "loading the compiled solver". `KernelWarmup` solves a tiny puzzle with every
kernel in a background thread as soon as the window shows, the kernel of the puzzle on screen
first, so the kernels are compiled, cached and loaded by the time Solve is pressed. A Solve
pressed meanwhile simply waits for the kernel it needs (numba compiles one thing at a time).

The thread is a daemon: a compilation cannot be interrupted, and closing the window must not
wait for one (numba writes its cache files whole, through a temporary file, so a compilation
cut short by the exit leaves nothing half written).
"""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject, QTimer, Signal

import numpy as np

from solvers import GridKind, Piece, Puzzle, SudokuGrid
from solvers.placements.compile import compile_placements, fillable_sizes
from solvers.puzzle.sudoku_rules import Cage
from solvers.search.choice import make_search
from solvers.search.prepare import prepare_puzzle

BUDGET = 10_000  # nodes per call: the tiny puzzles finish in one or two
# A warm-up over by then says nothing: loading the kernels from numba's cache takes about a
# second (two on a busy machine), compiling them 12 s or more.
NOTICE_DELAY_MS = 3_000

_DOMINO_HEX = Puzzle(GridKind.HEX, "warm-up", board=((0, 0), (1, 0), (0, 1), (1, 1)),
                     pieces=(Piece("A", ((0, 0), (1, 0)), count=2),))
_DOMINO_CUBE = Puzzle(GridKind.CUBE, "warm-up", board=((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)),
                      pieces=(Piece("A", ((0, 0, 0), (1, 0, 0)), count=2, mirror=False),))
_SUDOKU = Puzzle(GridKind.SUDOKU, "warm-up", sudoku=SudokuGrid(2, 2, (0,) * 16))
_SUDOKU_VARIANT = Puzzle(GridKind.SUDOKU, "warm-up", sudoku=SudokuGrid(
    2, 2, (0,) * 16, diagonals=True, cages=(Cage(3, (0, 1)),)))  # the variants' kernel
# (kernel, tiny puzzle it solves), and which kind of puzzle needs which kernels first (the
# pruning flood is for boards of more than 64 cells, before their search)
KERNELS = {"bitboard": _DOMINO_HEX, "live": _DOMINO_CUBE, "general": _DOMINO_HEX,
           "pruning": _DOMINO_HEX, "sudoku": _SUDOKU, "orbits": _DOMINO_HEX,
           "sudoku variants": _SUDOKU_VARIANT}
FIRST_FOR = {GridKind.HEX: ("bitboard",), GridKind.SQUARE: ("bitboard",),
             GridKind.CUBE: ("live",),
             GridKind.TRIANGLE: ("pruning", "general"),  # the shipped hexiamond boards: 72 cells
             GridKind.SUDOKU: ("sudoku",)}


def kernel_order(first: GridKind | None) -> list[str]:
    """Every kernel, those puzzles of kind `first` use leading."""
    leading = list(FIRST_FOR.get(first, ()))
    return leading + [kernel for kernel in KERNELS if kernel not in leading]


def warm(kernel: str) -> None:
    """Compile (or load) `kernel` by solving its tiny puzzle to the end."""
    puzzle = KERNELS[kernel]
    if kernel in ("orbits", "pruning"):
        (warm_orbits if kernel == "orbits" else warm_pruning)(puzzle)
        return
    if puzzle.is_sudoku:
        search, _ = make_search(puzzle, None, "all")
    else:
        search, _ = make_search(puzzle, compile_placements(puzzle), "distinct", kernel=kernel)
    while not search.finished:
        search.run(BUDGET)
        search.take_solutions()


def warm_orbits(puzzle: Puzzle) -> None:
    """Compile (or load) the kernels that expand 'all' from 'distinct' for large batches
    (solvers/search/orbits.py; numpy expands small ones), on the tiny puzzle's solutions."""
    from solvers.kernels.orbits import image_hashes_of, sorted_images  # numba, in this thread

    prepared = prepare_puzzle(puzzle, "all")
    search = prepared.new_search()
    while not search.finished:
        search.run(BUDGET)
    rows = np.sort(search.take_solutions(), axis=1)
    images = prepared.orbits.images
    keep = np.ones((len(rows), len(images)), dtype=bool)
    image_hashes_of(images.astype(np.uint64), rows)
    sorted_images(images, rows, keep)


def warm_pruning(puzzle: Puzzle) -> None:
    """Compile (or load) the flood that prunes placements on boards of more than 64 cells
    (solvers/placements/pruning.py), run here on the tiny board directly."""
    from solvers.kernels.regions import dead_rows

    placements = compile_placements(puzzle, prune=False)
    dead_rows(placements.masks, placements.neighbours, fillable_sizes(puzzle))


class KernelWarmup(QObject):
    """`start()` warms every kernel in a daemon thread. Signals (queued to this object's
    thread): `finished(seconds)`, or `failed(message)` (then the first Solve compiles as
    before, and says so)."""

    finished = Signal(float)
    failed = Signal(str)

    def __init__(self, first: GridKind | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.order = kernel_order(first)
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="polygui-warmup", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def is_running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        start = time.perf_counter()
        try:
            for kernel in self.order:
                warm(kernel)
        except Exception as error:  # never fatal: Solve compiles what it needs itself
            outcome = (self.failed, f"{type(error).__name__}: {error}")
        else:
            outcome = (self.finished, time.perf_counter() - start)
        finally:
            self.done.set()  # before the signal: whoever it reaches sees the work done
        self._emit(*outcome)

    @staticmethod
    def _emit(signal, value) -> None:
        try:
            signal.emit(value)
        except RuntimeError:  # the window, and this object, closed meanwhile
            pass


def warm_up(panel, first: GridKind | None) -> KernelWarmup:
    """Start warming the kernels, the Solve `panel` (a SolvePanel) telling the user while it
    takes long, and when it is over."""
    warmup = KernelWarmup(first, parent=panel)
    warmup.finished.connect(panel.solver_warmed)
    warmup.failed.connect(panel.solver_warmup_failed)
    warmup.start()
    QTimer.singleShot(NOTICE_DELAY_MS, panel, panel.solver_warming)
    return warmup

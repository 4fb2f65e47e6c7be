"""`polygui --smoke-test`: does this installation work? Opens the main window off screen,
solves the Soma cube through the solver thread as the Solve button does, and checks the count
against a direct solve in this process by the compiled kernel (the native build's, else
numba's; without a native build the window's path searches a tree this small in Python,
solvers/search/interpreted.py, so both engines count); prints
the puzzle to a PDF file (a bundle needs Qt's print support). Exit status 0 when it all
holds, 1 (with the reason) otherwise.

Without a display Qt draws off screen; the 3D view needs OpenGL on a screen, so there the
cube is solved without showing it (the window shows the meteor puzzle)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QTemporaryDir, Slot
from PySide6.QtWidgets import QApplication

from solvers import Puzzle, PuzzleError
from solvers.search.solve import count_solutions
from solvers.puzzle.fileformat import load_puzzle

from .export.printing import PrintJob, new_printer, print_job
from .main_window import MainWindow
from .resources import default_puzzle, examples_dir
from .solving.run import SolveRun

TIMEOUT_SECONDS = 300  # compiling the kernels on a first run takes most of it


def draw_off_screen_without_display() -> None:
    """Before the application exists: with no display, let Qt draw off screen."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def run_smoke_test(app: QApplication) -> int:
    scratch = QTemporaryDir()
    window = MainWindow(QSettings(scratch.filePath("settings.ini"), QSettings.Format.IniFormat),
                        autosave_dir=Path(scratch.filePath("autosave")))
    window.show()
    soma_path = examples_dir() / "soma.json"
    soma = load_puzzle(soma_path)
    started = time.monotonic()
    if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        window.open_puzzle(soma_path)
        window.start_solve()
        wait_while(app, window.is_solving, started)
        found, finished = window.browser.count, not window.is_solving()
    else:
        window.open_puzzle(default_puzzle())
        found, finished = solve_beside_the_window(app, soma, started)
    window.close()
    expected = count_solutions(soma, "distinct", kernel="live").solutions  # compiled code runs
    if not finished or found != expected:
        print(f"polygui smoke test FAILED: the window found {found} Soma solutions, a direct "
              f"solve {expected}", file=sys.stderr)
        return 1
    if not print_to_pdf(soma, Path(scratch.filePath("soma.pdf"))):
        print("polygui smoke test FAILED: printing the Soma cube to a PDF file wrote nothing",
              file=sys.stderr)
        return 1
    solids = export_solids(soma, Path(scratch.filePath("solids")))
    if solids is not None:
        print(f"polygui smoke test FAILED: the Soma pieces' STL files: {solids}",
              file=sys.stderr)
        return 1
    from solvers.output.video import video_available

    video = "MP4 export available" if video_available() else "no MP4 export (PyAV missing)"
    print(f"polygui smoke test passed: {found} distinct Soma cube solutions through the "
          f"solver thread ({time.monotonic() - started:.1f} s), as a direct solve finds; "
          f"printed the puzzle to a PDF file; wrote its pieces as STL files; {video}")
    return 0


def export_solids(puzzle: Puzzle, folder: Path) -> str | None:
    """Write the puzzle's pieces as STL files (manifold3d makes the solids, trimesh writes
    them: a bundle must carry both). None when every file is a whole binary STL, else why."""
    from solvers.output.printable.export import export_printable
    from solvers.output.printable.options import PrintOptions

    try:
        written = export_printable(puzzle, folder, PrintOptions())
    except (ImportError, PuzzleError, OSError) as error:
        return f"{type(error).__name__}: {error}"
    if not written:
        return "no file written"
    for path in written:
        data = path.read_bytes()
        triangles = int.from_bytes(data[80:84], "little") if len(data) >= 84 else -1
        if triangles <= 0 or len(data) != 84 + 50 * triangles:
            return f"{path.name} is not a whole binary STL file"
    return None


def print_to_pdf(puzzle: Puzzle, path: Path) -> bool:
    printer = new_printer()
    printer.setOutputFormat(printer.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    try:
        pages = print_job(printer, PrintJob(puzzle, "puzzle", puzzle.name))
    except PuzzleError:
        return False
    return pages == 1 and path.is_file() and path.read_bytes().startswith(b"%PDF")


def wait_while(app, busy, started: float) -> None:
    while busy() and time.monotonic() - started < TIMEOUT_SECONDS:
        app.processEvents()
        time.sleep(0.01)


class _RunCounter(QObject):
    """Counts a run's solutions on the GUI thread: the worker's signals reach these slots
    queued (a lambda or a list's append would run in the worker's thread)."""

    def __init__(self) -> None:
        super().__init__()
        self.found = 0
        self.statuses: list[str] = []

    @Slot(object)
    def add(self, batch) -> None:
        self.found += len(batch)

    @Slot(str)
    def finish(self, status: str) -> None:
        self.statuses.append(status)


def solve_beside_the_window(app, puzzle, started: float) -> tuple[int, bool]:
    """The Solve button's path (a SolveRun's worker thread and its signals) for a puzzle the
    window cannot show off screen."""
    run = SolveRun(puzzle, "distinct")
    counter = _RunCounter()
    run.worker.solutions_found.connect(counter.add)
    run.worker.finished.connect(counter.finish)
    run.start()
    wait_while(app, lambda: not counter.statuses, started)
    run.shutdown()
    return counter.found, counter.statuses == ["done"]

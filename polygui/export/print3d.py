"""File > Export > 3D Print…: the pieces of the puzzle being designed (unsaved edits included)
as watertight solids in STL or 3MF files (solvers.output.printable), made and written in a
thread of their own with progress and Cancel. The options chosen are kept in the settings for
the next export; what cannot be printed is named before anything is asked."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QProgressDialog

from solvers import Puzzle, PuzzleError

from ..models.status import plural
from .context import remember_folder, start_folder
from .file_job import FileJob

if TYPE_CHECKING:
    from solvers.output.printable import PrintOptions

OPTIONS_KEY = "export/print3d"


class Print3DJob(FileJob):
    """Makes and writes the solids. Signals: steps(done, total), written(paths),
    failed(message); `cancel()` stops it (then neither of the last two is emitted; the files
    written by then are whole)."""

    steps = Signal(int, int)
    written_files = Signal(list)

    def __init__(self, puzzle: Puzzle, folder: Path, options: PrintOptions) -> None:
        super().__init__()
        self.puzzle, self.folder, self.options = puzzle, folder, options

    def work(self) -> list:
        from solvers.output.printable import export_printable

        return export_printable(self.puzzle, self.folder, self.options,
                                cancel=self.stop_requested.is_set, progress=self.steps.emit)

    def succeed(self, paths: object) -> None:
        self.written_files.emit(paths)


class Print3DExport(QObject):
    """`export()` asks how and where, then starts a PrintJob. `ask_options` and `ask_folder`
    are replaced by tests."""

    def __init__(self, actions) -> None:  # actions: the window's ExportActions
        super().__init__(actions)
        self.actions, self.window = actions, actions.window
        self.ask_options = _ask_print_options
        self.ask_folder = self._ask_folder
        self.job: Print3DJob | None = None
        self.progress: QProgressDialog | None = None

    def export(self) -> bool:
        warn = self.actions.warn
        if self.job is not None:
            warn("3D print", "The pieces are still being written.")
            return False
        from solvers.output.printable.pieces import check_printable

        puzzle = self.window.puzzle
        try:
            check_printable(puzzle.kind, puzzle.name)
            if not puzzle.pieces:
                raise PuzzleError(f"{puzzle.name}: it has no pieces to print")
        except PuzzleError as error:
            warn("Cannot export for 3D printing", str(error))
            return False
        options = self.ask_options(self.window, puzzle, self._remembered())
        if options is None:
            return False
        folder = self.ask_folder()
        if not folder:
            return False
        self._remember(options)
        remember_folder(self.window, Path(folder) / "pieces")  # the folder itself next time
        self._start(puzzle, Path(folder), options)
        return True

    def _start(self, puzzle: Puzzle, folder: Path, options: PrintOptions) -> None:
        job = self.job = Print3DJob(puzzle, folder, options)
        self.progress = QProgressDialog("Making the pieces…", "Cancel", 0, 0, self.window)
        self.progress.setWindowTitle("3D print")
        self.progress.setWindowModality(Qt.WindowModality.NonModal)  # work on meanwhile
        self.progress.setMinimumDuration(300)
        self.progress.canceled.connect(self.cancel)
        job.steps.connect(self._step)
        job.written_files.connect(self._done)
        job.failed.connect(self._failed)
        job.start()

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self._end()
            self.actions.inform("3D print cancelled: the files written by then are whole")

    def shutdown(self) -> None:
        """The window closes: stop making pieces and end the thread."""
        if self.job is not None:
            self.job.cancel()
            self._end()

    @Slot(int, int)
    def _step(self, done: int, total: int) -> None:
        if self.sender() is self.job and self.progress is not None:
            self.progress.setMaximum(total)
            self.progress.setValue(done)

    @Slot(list)
    def _done(self, paths: list) -> None:
        if self.sender() is self.job:
            folder = self.job.folder
            self._end()
            self.actions.inform(f"Wrote {plural(len(paths), 'file')} for 3D printing to "
                                f"{folder}")

    @Slot(str)
    def _failed(self, message: str) -> None:
        if self.sender() is self.job:
            self._end()
            self.actions.warn("Cannot export for 3D printing", message)

    def _end(self) -> None:
        if self.job is not None:
            self.job.wait()
        if self.progress is not None:
            self.progress.canceled.disconnect(self.cancel)
            self.progress.close()
        self.job = self.progress = None

    def _remembered(self) -> PrintOptions | None:
        """The options of the last export, if the settings hold valid ones."""
        from solvers.output.printable import PrintOptions

        try:
            values = json.loads(str(self.window.settings.value(OPTIONS_KEY, "")))
            return PrintOptions(**values)
        except (ValueError, TypeError, PuzzleError):
            return None

    def _remember(self, options: PrintOptions) -> None:
        self.window.settings.setValue(OPTIONS_KEY, json.dumps(dataclasses.asdict(options)))

    def _ask_folder(self) -> str:
        return QFileDialog.getExistingDirectory(self.window, "Export for 3D printing: folder",
                                                str(start_folder(self.window)))


def _ask_print_options(*args) -> PrintOptions | None:
    """print3d_dialog.ask_print_options, imported when first asked: the geometry libraries
    behind PrintOptions take a tenth of a second to import, which the app's start-up need not
    pay."""
    from .print3d_dialog import ask_print_options

    return ask_print_options(*args)

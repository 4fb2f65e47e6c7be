"""File > Export: the current view as an image (PNG at any size, SVG for flat puzzles),
copied to the clipboard, a contact sheet of the solutions, the solutions as data.

Dialogs go through `ask_*` attributes that tests replace."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, QSize, Qt, Slot
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QStatusBar, QWidget

from solvers import GridKind, PuzzleError
from solvers.output.export_data import data_kind

from ..models.status import plural
from ..solving.store import SolutionStore
from .data_job import DataExportJob
from .dialogs import ImageOptions, SheetOptions, ask_image_options, ask_sheet_options
from .images import render_cube_view, render_flat, save_image, save_svg, svg_bytes
from .sheet import ContactSheet


@dataclass
class Shown:
    """What the Solve view shows: the puzzle it draws and the solution on it, if any."""

    puzzle: object
    solution: object


class ExportWindow(Protocol):
    """What exporting needs of the main window (a QMainWindow, which also parents the
    dialogs). A protocol, so this module does not import the window that imports it."""

    store: SolutionStore
    solved_symmetry: str  # the symmetry mode of the solutions in the store

    @property
    def path(self) -> Path | None: ...
    def current_view(self) -> QWidget: ...
    def is_designing(self) -> bool: ...
    def set_mode(self, mode: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...


class ExportActions(QObject):
    def __init__(self, window: ExportWindow) -> None:
        super().__init__(window)
        self.window = window
        self.sheet: ContactSheet | None = None
        self.progress: QProgressDialog | None = None
        self.data_job: DataExportJob | None = None
        self.data_progress: QProgressDialog | None = None
        self.ask_image_options = ask_image_options
        self.ask_sheet_options = ask_sheet_options
        self.ask_path = self._ask_path
        self.warn = lambda title, text: QMessageBox.warning(window, title, text)
        self.inform = lambda text: window.statusBar().showMessage(text, 8_000)

    # --- what is shown -----------------------------------------------------------------
    def shown(self) -> Shown:
        view = self.window.current_view()
        return Shown(view.puzzle, view.solution)

    def _is_cube(self) -> bool:
        return self.shown().puzzle.kind is GridKind.CUBE

    def view_image(self, size: QSize, transparent: bool = False) -> QImage:
        """The Solve view's picture at `size`; a cube through its 3D view, as on screen."""
        if self._is_cube():
            if self.window.is_designing():
                self.window.set_mode("solve")
            return render_cube_view(self.window.current_view(), size, transparent)
        shown = self.shown()
        return render_flat(shown.puzzle, shown.solution, size, transparent)

    def default_size(self) -> QSize:
        view = self.window.current_view()
        widget = view.gl_container if self._is_cube() else view
        return widget.size() * 2

    # --- commands ----------------------------------------------------------------------
    def export_image(self) -> bool:
        options = self.ask_image_options(self.window, self.default_size(), not self._is_cube())
        if options is None:
            return False
        path = self.ask_path("Export image", f"{self.shown().puzzle.name}.{options.format}",
                             f"{options.format.upper()} image (*.{options.format})")
        if not path:
            return False
        return self._guarded("Cannot export the image",
                             lambda: self._write_image(options, Path(path)))

    def _write_image(self, options: ImageOptions, path: Path) -> None:
        if options.format == "svg":
            shown = self.shown()
            save_svg(svg_bytes(shown.puzzle, shown.solution, options.size, options.transparent),
                     path)
        else:
            save_image(self.view_image(options.size, options.transparent), path)
        self.inform(f"Exported {path.name} ({options.size.width()}×{options.size.height()})")

    def copy_image(self) -> bool:
        def copy() -> None:
            size = self.default_size() / 2
            QGuiApplication.clipboard().setImage(self.view_image(size))
            self.inform("Copied the picture to the clipboard")
        return self._guarded("Cannot copy the picture", copy)

    def export_solutions(self) -> bool:
        store = self.window.store
        if not len(store):
            self.warn("Nothing to export", "Solve first: there are no solutions yet.")
            return False
        if self.data_job is not None:
            self.warn("Export solutions", "Solutions are still being written.")
            return False
        path = self.ask_path("Export solutions", f"{store.puzzle.name} solutions.json",
                             "JSON (*.json);;CSV (*.csv);;Sudoku lines (*.txt)")
        if not path:
            return False
        return self._guarded("Cannot export the solutions",
                             lambda: self._start_data_job(Path(path)))

    def _start_data_job(self, path: Path) -> None:
        data_kind(path)  # an unknown format is named before any work starts
        job = self.data_job = DataExportJob(self.window.store, self.window.solved_symmetry, path)
        total = len(job.store)
        self.data_progress = QProgressDialog(f"Writing {plural(total, 'solution')}…", "Cancel", 0,
                                             total, self.window)
        self.data_progress.setWindowTitle("Export solutions")
        self.data_progress.setWindowModality(Qt.WindowModality.NonModal)  # browse on meanwhile
        self.data_progress.setMinimumDuration(300)
        self.data_progress.canceled.connect(self.cancel_data_export)
        # slots of this object, so they run on the GUI thread; the sender tells a cancelled
        # job's late signals apart
        job.progress.connect(self._data_step)
        job.finished_writing.connect(self._data_done)
        job.failed.connect(self._data_failed)
        job.start()

    def cancel_data_export(self) -> None:
        job = self.data_job
        if job is not None:
            stopped = job.cancel()
            self._end_data_job()
            self.inform("Export cancelled: nothing was written" if stopped else
                        f"Exported {plural(len(job.store), 'solution')} to {job.path.name}")

    @Slot(int, int)
    def _data_step(self, done: int, _total: int) -> None:
        if self.sender() is self.data_job and self.data_progress is not None:
            self.data_progress.setValue(done)

    @Slot(int)
    def _data_done(self, count: int) -> None:
        job = self.data_job
        if self.sender() is job:
            self._end_data_job()
            self.inform(f"Exported {plural(count, 'solution')} to {job.path.name}")

    @Slot(str)
    def _data_failed(self, message: str) -> None:
        if self.sender() is self.data_job:
            self._end_data_job()
            self.warn("Cannot export the solutions", message)

    def _end_data_job(self) -> None:
        if self.data_job is not None:
            self.data_job.wait()
        if self.data_progress is not None:
            self.data_progress.canceled.disconnect(self.cancel_data_export)
            self.data_progress.close()
        self.data_job = self.data_progress = None

    def shutdown(self) -> None:
        """The window closes: stop a data export (nothing written) and end its thread."""
        if self.data_job is not None:
            self.data_job.cancel()
            self._end_data_job()

    def export_sheet(self) -> bool:
        store = self.window.store
        if not len(store):
            self.warn("Nothing to export", "Solve first: there are no solutions yet.")
            return False
        if self.sheet is not None:
            self.warn("Contact sheet", "A contact sheet is still being written.")
            return False
        options = self.ask_sheet_options(self.window, len(store))
        if options is None:
            return False
        path = self.ask_path("Export contact sheet", f"{store.puzzle.name} sheet.{options.format}",
                             f"{options.format.upper()} (*.{options.format})")
        if not path:
            return False
        return self._guarded("Cannot export the contact sheet",
                             lambda: self._start_sheet(options, Path(path)))

    def _start_sheet(self, options: SheetOptions, path: Path) -> None:
        store = self.window.store
        self.sheet = ContactSheet(store.puzzle, store.solution,
                                  range(options.first - 1, options.last), path, options.columns,
                                  options.rows, title=f"{store.puzzle.name} "
                                                      f"({self.window.solved_symmetry})",
                                  parent=self)
        self.progress = QProgressDialog("Drawing the contact sheet…", "Cancel", 0,
                                        options.last - options.first + 1, self.window)
        self.progress.setWindowModality(Qt.WindowModality.NonModal)  # browse on meanwhile
        self.progress.setMinimumDuration(300)
        self.progress.canceled.connect(self.cancel_sheet)
        self.sheet.progress.connect(lambda done, _total: self.progress.setValue(done))
        self.sheet.finished.connect(self._sheet_done)
        self.sheet.failed.connect(self._sheet_failed)
        self.sheet.start()

    def cancel_sheet(self) -> None:
        if self.sheet is not None:
            self.sheet.cancel()
            self._end_sheet()
            self.inform("Contact sheet cancelled: nothing was written")

    def _sheet_done(self, paths: list) -> None:
        self._end_sheet()
        self.inform(f"Wrote {', '.join(p.name for p in paths)}")

    def _sheet_failed(self, message: str) -> None:
        self._end_sheet()
        self.warn("Cannot export the contact sheet", message)

    def _end_sheet(self) -> None:
        if self.progress is not None:
            self.progress.canceled.disconnect(self.cancel_sheet)
            self.progress.close()
        self.sheet = self.progress = None

    # --- helpers -----------------------------------------------------------------------
    def _guarded(self, title: str, action) -> bool:
        try:
            action()
        except PuzzleError as error:
            self.warn(title, str(error))
            return False
        return True

    def _ask_path(self, title: str, name: str, filters: str) -> str:
        folder = self.window.path.parent if self.window.path else Path.home()
        path, _ = QFileDialog.getSaveFileName(self.window, title, str(folder / name), filters)
        return path

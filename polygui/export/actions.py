"""File > Export: the current view as an image (PNG at any size, SVG for flat puzzles),
copied to the clipboard, a contact sheet of the solutions, the solutions as data, the move
list of the solution the 3D view's player takes apart, the puzzle as a BurrTools file;
File > Print (`printing`, a
PrintActions).

Dialogs go through `ask_*` attributes that tests replace; where files go and how they are
named is export.context's."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QSize, Qt, Slot
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog

from solvers import Puzzle, PuzzleError
from solvers.output.export_data import data_kind
from solvers.puzzle.burrtools_write import check_writable, write_burrtools
from solvers.puzzle.atomic import write_atomically

from ..models.status import plural
from .animation import AnimationExport
from .context import ExportWindow, Shown, file_name, remember_folder, shown, start_folder
from .data_job import DataExportJob
from .dialogs import ImageOptions, SheetOptions, ask_image_options, ask_sheet_options
from .images import (drawing_scale, in_space, render_cube_view, render_flat, save_image,
                     save_svg, svg_bytes)
from .print3d import Print3DExport
from .print_actions import PrintActions
from .sheet import ContactSheet

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
        self.ask_path = self._ask_save_file  # (title, proposed path, filters) -> path or ""
        self.warn = lambda title, text: QMessageBox.warning(window, title, text)
        self.inform = lambda text: window.statusBar().showMessage(text, 8_000)
        self.printing = PrintActions(window)
        self.animation = AnimationExport(self)  # File > Export > Animation…
        self.print3d = Print3DExport(self)  # File > Export > 3D Print…

    # --- what is shown -----------------------------------------------------------------
    def shown(self) -> Shown:
        return shown(self.window)

    def _is_cube(self) -> bool:
        return in_space(self.shown().puzzle.kind)  # cubes, balls: the 3D view

    def view_image(self, size: QSize, transparent: bool = False) -> QImage:
        """The Solve view's picture at `size`, as on screen scaled up (lines and text grow
        with it); a cube through its 3D view."""
        if self._is_cube():
            if self.window.is_designing():
                self.window.set_mode("solve")
            return render_cube_view(self.window.current_view(), size, transparent)
        shown = self.shown()
        return render_flat(shown.puzzle, shown.solution, size, transparent,
                           drawing_scale(size, self.view_size()))

    def view_size(self) -> QSize:
        """What the picture shows on screen: the 3D view, or the part of a flat view the
        drawing fills (no empty bands)."""
        view = self.window.current_view()
        return view.gl_container.size() if self._is_cube() else view.content_size()

    def default_size(self) -> QSize:
        return self.view_size() * 2

    # --- commands ----------------------------------------------------------------------
    def export_image(self) -> bool:
        options = self.ask_image_options(self.window, self.default_size(), not self._is_cube())
        if options is None:
            return False
        shown = self.shown()
        number = f"solution {shown.solution.index + 1}" if shown.solution is not None else ""
        path = self._ask_path("Export image", file_name(shown.puzzle.name, number),
                              options.format, f"{options.format.upper()} image")
        if not path:
            return False
        return self._guarded("Cannot export the image",
                             lambda: self._write_image(options, Path(path)))

    def _write_image(self, options: ImageOptions, path: Path) -> None:
        if options.format == "svg":
            shown = self.shown()
            save_svg(svg_bytes(shown.puzzle, shown.solution, options.size, options.transparent,
                               drawing_scale(options.size, self.view_size())), path)
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
        if not store.solution_count():
            self.warn("Nothing to export", "Solve first: there are no solutions yet.")
            return False
        if self.data_job is not None:
            self.warn("Export solutions", "Solutions are still being written.")
            return False
        path = self._ask_path("Export solutions", file_name(store.puzzle.name, "solutions"),
                              "json", "JSON (*.json);;CSV (*.csv);;Sudoku lines (*.txt)")
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

    @Slot(int)
    def _data_step(self, done: int) -> None:
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
        self.animation.shutdown()
        self.print3d.shutdown()
        if self.data_job is not None:
            self.data_job.cancel()
            self._end_data_job()

    def export_moves(self) -> bool:
        """The move list of the solution the player shows, as text, written atomically."""
        player = getattr(self.window.current_view(), "player", None)
        taken = player.disassembly if player is not None else None
        if taken is None:
            self.warn("No move list", "Show a solution of a puzzle whose assemblies are taken "
                      "apart (a BurrTools puzzle, or one checked in Design mode): its move "
                      "list is ready once the 3D view's player shows it.")
            return False
        path = self._ask_path("Export move list", file_name(player.title, "moves"), "txt",
                              "Text")
        if not path:
            return False
        return self._guarded("Cannot export the move list", lambda: self._write_moves(
            taken.text(player.title), Path(path)))

    def _write_moves(self, text: str, path: Path) -> None:
        write_atomically(path, (text + "\n").encode("utf-8"))
        self.inform(f"Exported the move list to {path.name}")

    def export_burrtools(self) -> bool:
        """The puzzle being designed (unsaved edits included) as a BurrTools `.xmpuzzle`;
        what a BurrTools file cannot hold is named before asking where to write."""
        puzzle = self.window.puzzle
        if not self._guarded("Cannot export a BurrTools file", lambda: check_writable(puzzle)):
            return False
        path = self._ask_path("Export BurrTools file", file_name(puzzle.name), "xmpuzzle",
                              "BurrTools puzzle")
        if not path:
            return False
        return self._guarded("Cannot export a BurrTools file", lambda: self._write_burrtools(
            puzzle, Path(path)))

    def _write_burrtools(self, puzzle: Puzzle, path: Path) -> None:
        write_burrtools(puzzle, path)
        self.inform(f"Exported {puzzle.name} to {path.name} (BurrTools)")

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
        path = self._ask_path("Export contact sheet", file_name(
            store.puzzle.name, f"solutions {options.first}-{options.last}"), options.format,
            options.format.upper())
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
                                  parent=self, page=options.page, landscape=options.landscape)
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

    def start_folder(self) -> Path:
        return start_folder(self.window)

    def _ask_path(self, title: str, name: str, suffix: str, filters: str) -> str:
        """Ask where to write (through `ask_path`); remember the folder chosen."""
        if "(" not in filters:
            filters = f"{filters} (*.{suffix})"
        path = self.ask_path(title, str(self.start_folder() / f"{name}.{suffix}"), filters)
        if path:
            remember_folder(self.window, Path(path))
        return path

    def _ask_save_file(self, title: str, start: str, filters: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self.window, title, start, filters)
        return path

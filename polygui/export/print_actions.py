"""File > Print (the print dialog at once) and Print Preview (Qt's preview, with page setup):
the puzzle shown, the solution on it, or a contact sheet of the solutions browsed (the
filter's matches while a filter is on).

Dialogs go through `ask_*` attributes that tests replace. The printer, with the page size and
orientation chosen, is kept for the session."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QMessageBox

from solvers import PuzzleError

from ..models.status import plural
from .context import ExportWindow, file_name, remember_folder, shown, start_folder
from .dialogs import PrintOptions, ask_print_options
from .printing import PrintJob, Previewer, ask_printer, new_printer, prepare, print_job

PDF = QPrinter.OutputFormat.PdfFormat


class PrintActions(QObject):
    def __init__(self, window: ExportWindow) -> None:
        super().__init__(window)
        self.window = window
        self.ask_print_options = ask_print_options
        self.ask_printer = ask_printer  # (parent, printer, pages) -> True to print
        self.printer: QPrinter | None = None  # made at the first print, kept for its setup
        self.previewer: Previewer | None = None  # while the preview is open
        self.warn = lambda title, text: QMessageBox.warning(window, title, text)
        self.inform = lambda text: window.statusBar().showMessage(text, 8_000)

    def print_pages(self) -> bool:
        """What to print, then the print dialog (a printer or a PDF file, which pages)."""
        job = self._ask_job("Print…")
        if job is None:
            return False
        printer = self._printer_for(job)
        if not self.ask_printer(self.window, printer, job.page_count()):
            return False
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # up to a second or two
        try:
            pages = print_job(printer, job)
        except PuzzleError as error:
            failure = str(error)
        else:
            failure = ""
        finally:
            QApplication.restoreOverrideCursor()
        if failure:
            self.warn("Cannot print", failure)
            return False
        self._printed(printer, pages)
        return True

    def print_preview(self) -> bool:
        """What to print, then Qt's preview: page size and orientation, zoom, then Print."""
        job = self._ask_job("Preview…")
        if job is None:
            return False
        printer = self._printer_for(job)
        if printer.outputFormat() is PDF and sys.platform in ("win32", "darwin"):
            # there the preview's Print asks for the PDF's name in a file dialog, and prints
            # to the name set before when that dialog is cancelled
            printer.setOutputFileName("")
        self.previewer = Previewer(self.window, printer, job)
        try:
            pages = self.previewer.exec()
            error = self.previewer.error
        finally:
            self.previewer = None
        if error:
            self.warn("Cannot print", error)
        elif pages:
            self._printed(printer, pages)
        return bool(pages)

    def _ask_job(self, ok_text: str) -> PrintJob | None:
        store, browsing, on_screen = self.window.store, self.window.browsing, shown(self.window)
        solution = on_screen.solution if on_screen.puzzle == store.puzzle else None
        count = browsing.count() if len(store) else 0
        filtered = self.window.filter.active
        options = self.ask_print_options(self.window, count,
                                         solution.index + 1 if solution else None, ok_text,
                                         filtered)
        if options is None:
            return None
        if options.what == "sheet":
            return self._sheet_job(options, count, filtered)
        counted = self._counted()
        if options.what == "solution" and solution is not None:
            return PrintJob(store.puzzle, "solution", f"{store.puzzle.name} — solution "
                            f"{solution.index + 1:,} of {len(store):,}{counted}", solution)
        return PrintJob(on_screen.puzzle, "puzzle", on_screen.puzzle.name)

    def _sheet_job(self, options: PrintOptions, count: int, filtered: bool) -> PrintJob:
        store, browsing = self.window.store, self.window.browsing
        numbers = [browsing.store_index(position)
                   for position in range(options.first - 1, options.last)]
        whose = f"the {count:,} matching the filter" if filtered else f"{len(store):,}"
        heading = (f"{store.puzzle.name} — solutions {options.first:,}–{options.last:,} of "
                   f"{whose}{self._counted()}")
        return PrintJob(store.puzzle, "sheet", heading, numbers=numbers,
                        solution_at=store.solution, columns=options.columns, rows=options.rows)

    def _counted(self) -> str:
        """How the solutions were counted: ' (distinct)'; a Sudoku's are all counted."""
        return "" if self.window.store.puzzle.is_sudoku else f" ({self.window.solved_symmetry})"

    def _printer_for(self, job: PrintJob) -> QPrinter:
        if self.printer is None:
            self.printer = new_printer()
        prepare(self.printer)
        if job.what == "solution":
            what = f"solution {job.shown.index + 1}"
        elif job.what == "sheet":
            what = f"solutions {job.numbers[0] + 1}-{job.numbers[-1] + 1}"
        else:
            what = ""
        name = file_name(job.puzzle.name, what)
        self.printer.setDocName(name)
        if self.printer.outputFormat() is PDF:  # to a file: one named after what it holds
            self.printer.setOutputFileName(str(start_folder(self.window) / f"{name}.pdf"))
        return self.printer

    def _printed(self, printer: QPrinter, pages: int) -> None:
        if printer.outputFormat() is PDF:
            path = Path(printer.outputFileName())
            remember_folder(self.window, path)
            self.inform(f"Printed {plural(pages, 'page')} to {path.name}")
        else:
            self.inform(f"Sent {plural(pages, 'page')} to {printer.printerName()}")

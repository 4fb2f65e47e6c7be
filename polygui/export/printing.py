"""File > Print and Print Preview: the puzzle, the solution shown, or a contact sheet of
solutions on the printer's pages.

The pictures are drawn by the views themselves (vectors: sharp at any resolution), laid out as
on a 96-dpi screen and scaled to the printer's resolution, so text is as large on paper as on
screen; a cube is drawn as its layers (its 3D view needs OpenGL on a screen). Page size,
orientation and margins are the printer's, set in the print dialog or the preview and kept for
the session. A PDF file is written to a temporary file beside it and renamed when complete."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QPageRanges, QPainter, QPaintEngine, QPicture
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QWidget

from solvers.records import record
from solvers import Puzzle, PuzzleError, Solution
from solvers.puzzle.atomic import replace_keeping_mode, temporary_beside

from .images import LAYOUT_DPI, FlatDrawing

HEADING_POINTS = 11  # the line over each page
LABEL_POINTS = 8  # a thumbnail's number
GAP = 0.04  # between thumbnails, of the smaller side of a grid cell


@record
class PrintJob:
    """What to print. `what` is "puzzle", "solution" (`shown`) or "sheet" (the solutions
    numbered `numbers`, 0-based store indices, `columns` × `rows` a page); `solution_at`
    gives a solution by its store index; `heading` goes over every page."""

    puzzle: Puzzle
    what: str
    heading: str
    shown: Solution | None = None
    numbers: Sequence[int] = ()
    solution_at: Callable[[int], Solution] | None = None
    columns: int = 4
    rows: int = 5

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def page_count(self) -> int:
        return -(-len(self.numbers) // self.per_page) if self.what == "sheet" else 1

    def paint(self, printer: QPrinter) -> int:
        """Draw the pages the printer asks for (all, or the print dialog's range) and return
        how many. Connected to the preview's paintRequested, so it never raises: a printer
        that cannot start (an unwritable file) gets no pages."""
        pages = [page for page in range(self.page_count()) if _wanted(printer, page)]
        painter = QPainter()
        if not pages or not painter.begin(printer):
            return 0
        scale = printer.resolution() / LAYOUT_DPI
        area = QRectF(0, 0, printer.width(), printer.height())
        try:
            with FlatDrawing(self.puzzle) as drawing:
                for number, page in enumerate(pages):
                    if number:
                        printer.newPage()
                    self._paint_page(painter, drawing, page, area, scale)
        finally:
            painter.end()
        return len(pages)

    def _paint_page(self, painter: QPainter, drawing: FlatDrawing, page: int, area: QRectF,
                    scale: float) -> None:
        pixels_per_point = scale * LAYOUT_DPI / 72  # the printer's dots per inch / 72
        heading = self.heading
        if self.page_count() > 1:
            heading += f" — page {page + 1} of {self.page_count()}"
        line = HEADING_POINTS * pixels_per_point * 2
        _text(painter, QRectF(area.left(), area.top(), area.width(), line), heading,
              HEADING_POINTS * pixels_per_point, Qt.AlignmentFlag.AlignLeft)
        body = area.adjusted(0, line, 0, 0)
        if self.what == "sheet":
            first = page * self.per_page
            self._paint_sheet(painter, drawing, body, self.numbers[first:first + self.per_page],
                              scale)
        else:
            solution = self.shown if self.what == "solution" else None
            _vector(painter, drawing, body, solution, scale)

    def _paint_sheet(self, painter: QPainter, drawing: FlatDrawing, body: QRectF,
                     numbers: Sequence[int], scale: float) -> None:
        width, height = body.width() / self.columns, body.height() / self.rows
        gap = min(width, height) * GAP
        label = LABEL_POINTS * scale * LAYOUT_DPI / 72 * 1.6
        for slot, index in enumerate(numbers):
            row, column = divmod(slot, self.columns)
            cell = QRectF(body.left() + column * width + gap, body.top() + row * height + gap,
                          width - 2 * gap, height - 2 * gap)
            picture = cell.adjusted(0, 0, 0, -label)
            _vector(painter, drawing, picture, self.solution_at(index), scale)
            _text(painter, QRectF(cell.left(), picture.bottom(), cell.width(), label),
                  f"#{index + 1:,}", label / 1.6, Qt.AlignmentFlag.AlignHCenter)


def _vector(painter: QPainter, drawing: FlatDrawing, target: QRectF,
            solution: Solution | None, scale: float) -> None:
    """The drawing in `target`, as vectors: Qt draws a widget onto a printer through a pixmap
    (megabytes a page, blurred), so the view is recorded as a QPicture at its own size and
    the picture played onto the page, scaled. (A picture plays scaled by the device's dots
    per inch over its own, which is undone here.)"""
    logical = QSizeF(max(1.0, target.width() / scale), max(1.0, target.height() / scale))
    picture = QPicture()
    recorder = QPainter(picture)
    try:
        drawing.paint(recorder, QRectF(QPointF(0, 0), logical), solution, 1.0, True)
    finally:
        recorder.end()
    painter.save()
    painter.translate(target.topLeft())
    device = painter.device()
    painter.scale(target.width() / logical.width() * picture.logicalDpiX() / device.logicalDpiX(),
                  target.height() / logical.height() * picture.logicalDpiY() / device.logicalDpiY())
    painter.drawPicture(0, 0, picture)
    painter.restore()


def _wanted(printer: QPrinter, page: int) -> bool:
    ranges = printer.pageRanges()
    return ranges.isEmpty() or ranges.contains(page + 1)


def _text(painter: QPainter, rect: QRectF, text: str, pixels: float,
          align: Qt.AlignmentFlag) -> None:
    font = QFont()
    font.setPixelSize(max(1, round(pixels)))
    painter.setFont(font)
    painter.setPen(QColor("#222222"))
    painter.drawText(rect, align | Qt.AlignmentFlag.AlignVCenter, text)


def is_preview(printer: QPrinter) -> bool:
    """Whether `printer` is drawing a preview (pages as pictures), not printing."""
    engine = printer.paintEngine()
    return engine is not None and engine.type() == QPaintEngine.Type.Picture


def print_job(printer: QPrinter, job: PrintJob) -> int:
    """Print `job`: the pages printed. A PDF file is written to a temporary file beside it
    and renamed once complete; PuzzleError when nothing could be printed."""
    target = printer.outputFileName()
    if is_preview(printer) or printer.outputFormat() != QPrinter.OutputFormat.PdfFormat \
            or not target:
        pages = job.paint(printer)
        if not pages:
            raise PuzzleError(f"the printer {printer.printerName()!r} cannot print")
        return pages
    temporary = None
    try:
        handle, temporary = temporary_beside(Path(target))
        os.close(handle)
        printer.setOutputFileName(str(temporary))
        pages = job.paint(printer)
        if not pages:
            raise PuzzleError(f"{target}: cannot write the PDF file")
        replace_keeping_mode(temporary, Path(target))
    except OSError as error:
        raise PuzzleError(f"{target}: cannot write the PDF file: "
                          f"{error.strerror or error}") from None
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
        printer.setOutputFileName(target)
    return pages


def new_printer() -> QPrinter:
    return QPrinter(QPrinter.PrinterMode.HighResolution)


def prepare(printer: QPrinter) -> None:
    """All pages again (a range chosen for the last job does not carry over)."""
    printer.setPrintRange(QPrinter.PrintRange.AllPages)
    printer.setPageRanges(QPageRanges())


def ask_printer(parent: QWidget, printer: QPrinter, pages: int) -> bool:
    """Qt's print dialog: which printer (or a PDF file), the pages, the copies."""
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle("Print")
    dialog.setMinMax(1, pages)
    return dialog.exec() == QDialog.DialogCode.Accepted


class Previewer:
    """Qt's print preview of a job (page setup, zoom, then Print), whose Print goes through
    `print_job`: a PDF chosen there is written atomically. `error` says why printing failed."""

    def __init__(self, parent: QWidget, printer: QPrinter, job: PrintJob) -> None:
        self.job, self.printed, self.error = job, 0, ""
        self.dialog = QPrintPreviewDialog(printer, parent)
        self.dialog.setWindowTitle(f"Print preview — {job.heading}")
        self.dialog.paintRequested.connect(self.paint)

    def paint(self, printer: QPrinter) -> None:
        if is_preview(printer):
            self.job.paint(printer)
            return
        try:
            self.printed = print_job(printer, self.job)
        except PuzzleError as error:  # said once the preview has closed
            self.error = str(error)

    def exec(self) -> int:
        """The pages printed (0: closed without printing, or printing failed)."""
        try:
            self.dialog.exec()
        finally:
            self.dialog.paintRequested.disconnect(self.paint)
            self.dialog.deleteLater()
        return self.printed

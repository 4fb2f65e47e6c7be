"""Contact sheets: many solutions as numbered thumbnails on pages, as PNG files (one a page)
or one PDF, drawn a few thumbnails at a time from a QTimer so the window never blocks.

Thumbnails are drawn by the views themselves onto the page, as vectors in a PDF (100 meteor
solutions: tens of kilobytes, where pictures pasted in took megabytes), laid out as on a
96-dpi screen and scaled to the page's resolution, so their text is as large on paper as on
screen. Pages are A4, A3 or Letter, portrait or landscape; PNG pages are 300 dpi.

Everything is written to temporary files beside the target and renamed at the end: a
cancelled or failed export leaves nothing behind."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMarginsF, QObject, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

from solvers import Puzzle, PuzzleError, Solution
from solvers.puzzle.atomic import replace_keeping_mode, temporary_beside

from .images import LAYOUT_DPI, FlatDrawing

DPI = 300  # PDF and PNG pages
PAGE_SIZES = {"A4": QPageSize.PageSizeId.A4, "A3": QPageSize.PageSizeId.A3,
              "Letter": QPageSize.PageSizeId.Letter}
SLICE_SECONDS = 0.015  # drawing per timer tick: the window stays fluid between ticks


def page_pixels(page: str, landscape: bool) -> QSize:
    """The page's size in pixels at DPI."""
    millimetres = QPageSize(PAGE_SIZES[page]).size(QPageSize.Unit.Millimeter)
    size = QSize(round(millimetres.width() / 25.4 * DPI),  # A4: 2480 x 3508
                 round(millimetres.height() / 25.4 * DPI))
    return size.transposed() if landscape else size


def page_files(path: Path, pages: int) -> list[Path]:
    """One PNG keeps the name asked for; more are numbered: sheet-001.png, sheet-002.png..."""
    if pages == 1 or path.suffix.lower() == ".pdf":
        return [path]
    return [path.with_name(f"{path.stem}-{page:03d}{path.suffix}") for page in range(1, pages + 1)]


class ContactSheet(QObject):
    """Draws solutions `indices` (0-based) of `puzzle`, `solution_at(i)` giving each, into
    `path` (.pdf, or .png pages). `start()` runs from the event loop; `run()` runs to the end
    at once (the command line). Signals: progress(done, total), finished(list of paths),
    failed(message)."""

    progress = Signal(int, int)
    finished = Signal(list)
    failed = Signal(str)

    def __init__(self, puzzle: Puzzle, solution_at: Callable[[int], Solution], indices: range,
                 path: Path, columns: int = 4, rows: int = 5, title: str = "",
                 parent: QObject | None = None, page: str = "A4",
                 landscape: bool = False) -> None:
        super().__init__(parent)
        if not len(indices):
            raise PuzzleError("no solutions to put on a contact sheet")
        if columns < 1 or rows < 1:
            raise PuzzleError("a contact sheet needs at least one row and one column")
        if page not in PAGE_SIZES:
            raise PuzzleError(f"page size {page!r}: use one of {', '.join(PAGE_SIZES)}")
        self.page, self.landscape = page, landscape
        self.page_size = page_pixels(page, landscape)
        self._drawing = FlatDrawing(puzzle)
        self.path = Path(path)
        if self.path.suffix.lower() not in (".pdf", ".png"):
            raise PuzzleError(f"{path}: a contact sheet is a .pdf or .png file")
        self.puzzle, self.solution_at, self.indices = puzzle, solution_at, indices
        self.columns, self.rows, self.title = columns, rows, title or puzzle.name
        self.per_page = columns * rows
        self.pages = -(-len(indices) // self.per_page)
        self.done = 0
        self._painter: QPainter | None = None
        self._page_image: QImage | None = None
        self._pdf: QPdfWriter | None = None
        self._temporaries: list[Path] = []
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._step)

    # --- running -----------------------------------------------------------------------
    def start(self) -> None:
        self._timer.start(0)

    def run(self) -> list[Path]:
        """All at once; raises PuzzleError (nothing left behind) on failure."""
        result: list[list[Path]] = []
        errors: list[str] = []
        self.finished.connect(result.append)
        self.failed.connect(errors.append)
        try:
            while not result and not errors:
                self._step()
        except BaseException:  # Ctrl-C between two steps: no half-drawn sheet either
            self.cancel()
            raise
        if errors:
            raise PuzzleError(errors[0])
        return result[0]

    def cancel(self) -> None:
        self._timer.stop()
        self._discard()

    def _step(self) -> None:
        try:
            deadline = _now() + SLICE_SECONDS
            while self.done < len(self.indices) and _now() < deadline:
                self._draw_next()
            if self.done == len(self.indices):
                self._timer.stop()
                self._finish_page()
                paths = self._commit()
                self.finished.emit(paths)
            else:
                self.progress.emit(self.done, len(self.indices))
        except (OSError, PuzzleError) as error:
            self._timer.stop()
            self._discard()
            text = getattr(error, "strerror", None) or str(error)
            self.failed.emit(f"{self.path}: cannot write the contact sheet: {text}")

    # --- pages -------------------------------------------------------------------------
    def _draw_next(self) -> None:
        slot = self.done % self.per_page
        if slot == 0:
            self._finish_page()
            self._begin_page(self.done // self.per_page)
        index = self.indices[self.done]
        cell = self._cell_rect(slot)
        label_height = cell.height() * 0.1
        picture = QRectF(cell.left(), cell.top(), cell.width(), cell.height() - label_height)
        self._drawing.paint(self._painter, picture, self.solution_at(index), DPI / LAYOUT_DPI)
        self._painter.setPen(QColor("#333333"))
        self._painter.drawText(QRectF(cell.left(), picture.bottom(), cell.width(), label_height),
                               Qt.AlignmentFlag.AlignCenter, f"#{index + 1}")
        self.done += 1

    def _page_size(self) -> QSize:
        if self._pdf is not None:
            return QSize(self._painter.device().width(), self._painter.device().height())
        return self.page_size

    def _cell_rect(self, slot: int) -> QRectF:
        page = self._page_size()
        margin = page.width() * 0.04
        header = page.height() * 0.04
        width = (page.width() - 2 * margin) / self.columns
        height = (page.height() - 2 * margin - header) / self.rows
        row, column = divmod(slot, self.columns)
        gap = min(width, height) * 0.04
        return QRectF(margin + column * width + gap, margin + header + row * height + gap,
                      width - 2 * gap, height - 2 * gap)

    def _begin_page(self, page: int) -> None:
        if self.path.suffix.lower() == ".pdf":
            if self._pdf is None:
                self._pdf = QPdfWriter(str(self._temporary()))
                self._pdf.setResolution(DPI)
                orientation = (QPageLayout.Orientation.Landscape if self.landscape else
                               QPageLayout.Orientation.Portrait)
                self._pdf.setPageLayout(QPageLayout(QPageSize(PAGE_SIZES[self.page]),
                                                    orientation, QMarginsF(0, 0, 0, 0)))
                self._pdf.setTitle(self.title)
                self._painter = QPainter(self._pdf)
            else:
                self._pdf.newPage()
        else:
            self._page_image = QImage(self.page_size, QImage.Format.Format_RGB32)
            self._page_image.fill(QColor("white"))
            self._painter = QPainter(self._page_image)
        self._draw_header(page)

    def _draw_header(self, page: int) -> None:
        size = self._page_size()
        font = QFont()
        font.setPixelSize(max(8, int(size.height() * 0.018)))
        self._painter.setFont(font)
        first = self.indices[page * self.per_page] + 1
        last = self.indices[min(len(self.indices), (page + 1) * self.per_page) - 1] + 1
        text = (f"{self.title} — solutions {first}–{last} — page {page + 1} of {self.pages}")
        margin = size.width() * 0.04
        self._painter.drawText(QRectF(margin, margin * 0.5, size.width() - 2 * margin,
                                      size.height() * 0.04), Qt.AlignmentFlag.AlignLeft, text)

    def _finish_page(self) -> None:
        if self._page_image is not None:
            self._painter.end()
            path = self._temporary()
            if not self._page_image.save(str(path), "PNG"):
                raise PuzzleError("the page could not be written (is the disk full?)")
            self._page_image = self._painter = None

    def _temporary(self) -> Path:
        handle, name = temporary_beside(self.path)
        os.close(handle)
        self._temporaries.append(name)
        return name

    def _commit(self) -> list[Path]:
        self._drawing.close()
        if self._pdf is not None:
            self._painter.end()
            self._painter, self._pdf = None, None
        targets = page_files(self.path, len(self._temporaries))
        for temporary, target in zip(self._temporaries, targets):
            replace_keeping_mode(temporary, target)
        self._temporaries = []
        return targets

    def _discard(self) -> None:
        self._drawing.close()
        if self._painter is not None and self._painter.isActive():
            self._painter.end()
        self._painter = self._pdf = self._page_image = None
        for temporary in self._temporaries:
            temporary.unlink(missing_ok=True)
        self._temporaries = []


def _now() -> float:
    return time.monotonic()

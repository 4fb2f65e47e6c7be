"""The family's picture: a year's calendar coloured by the solutions of each date, or a grid of
the member boards' thumbnails with their counts. Either is laid out once in its own units
(cells: rectangles naming a member), then painted into any rectangle, on screen, into a PNG or
an SVG alike; a point maps back to the member drawn there.

Text and pens are sized in the target's units (the layout is mapped, never the painter), so
an SVG holds plain coordinates and sizes."""

from __future__ import annotations

import calendar
import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QTransform

from solvers.records import record

from ..views.board_picture import BoardPicture, fit_transform
from ..views.cells import board_cells, optional_mask
from ..views.tiling import FlatBoard, tiling_for
from .colour_scale import ABSENT, CountScale
from .results import MONTHS, FamilyResults

DAY = 10.0  # a calendar day's side, in layout units
GAP = 1.0
MONTH_TITLE = 9.0
MONTH_COLUMNS = (4, 6, 3, 2, 12)  # months side by side: 4 x 3 unless another fits better
LEGEND = 7.0  # the legend's height
MARGIN = 4.0
TILE_WIDTH, TILE_BOARD, TILE_TEXT = 60.0, 40.0, 14.0  # a thumbnail: the board, then two lines
MOST_THUMBNAIL_COLUMNS = 16
LEAP_YEAR = 2024  # month lengths of a year with Feb 29 (the puzzle's dates are a leap year's)


@record
class Cell:
    member: int | None  # None: a date that is no member of the family
    rect: QRectF  # in layout units
    label: str  # a calendar day's number, a thumbnail's member name


def text_colour(fill: QColor) -> QColor:
    """Black on light fills, white on dark ones."""
    return QColor("#111111") if fill.lightnessF() > 0.55 else QColor("#ffffff")


def font_of(size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(size)))
    font.setBold(bold)
    return font


class FamilyPicture:
    """Cells laid out in layout units; subclasses add them and paint one."""

    def __init__(self, results: FamilyResults) -> None:
        self.results = results
        self.cells: list[Cell] = []
        self.titles: list[tuple[str, QRectF]] = []  # headings (a calendar's months)
        self.bounds = QRectF()

    def transform(self, target: QRectF) -> QTransform:
        box = self.bounds
        return fit_transform((box.left(), box.top(), box.right(), box.bottom()), target)

    def size_for(self, width: int) -> tuple[int, int]:
        """(width, height) in pixels that keep the layout's shape."""
        return width, max(1, round(width * self.bounds.height() / self.bounds.width()))

    def member_at(self, point: QPointF, target: QRectF) -> int | None:
        inverse, invertible = self.transform(target).inverted()
        if not invertible:
            return None
        where = inverse.map(point)
        return next((cell.member for cell in self.cells if cell.rect.contains(where)), None)

    def paint(self, painter: QPainter, target: QRectF) -> None:
        transform = self.transform(target)
        scale = transform.m11()
        scale_of = CountScale(self.results.solved_counts())
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(target, QColor("#ffffff"))
        painter.setPen(QColor("#222222"))
        for text, rect in self.titles:
            painter.setFont(font_of(MONTH_TITLE * 0.7 * scale, bold=True))
            painter.drawText(transform.mapRect(rect), Qt.AlignmentFlag.AlignLeft
                             | Qt.AlignmentFlag.AlignVCenter, text)
        for cell in self.cells:
            count = None if cell.member is None else self.results.count(cell.member)
            fill = ABSENT if cell.member is None else scale_of.colour(count)
            self.paint_cell(painter, cell, transform.mapRect(cell.rect), fill, count, scale)
        legend = QRectF(self.bounds.left() + MARGIN, self.bounds.bottom() - LEGEND - MARGIN / 2,
                        self.bounds.width() - 2 * MARGIN, LEGEND * 0.8)
        scale_of.paint_legend(painter, transform.mapRect(legend), font_of(LEGEND * 0.6 * scale))
        painter.restore()

    def paint_cell(self, painter: QPainter, cell: Cell, rect: QRectF, fill: QColor,
                   count: int | None, scale: float) -> None:
        raise NotImplementedError


class CalendarPicture(FamilyPicture):
    """Twelve month blocks of day cells; a day's colour and figure are its solutions. A date
    with a member per weekday (a weekday calendar) is seven stripes, Monday first, each
    coloured by its weekday's solutions, under the day's number."""

    def __init__(self, results: FamilyResults, columns: int = MONTH_COLUMNS[0]) -> None:
        super().__init__(results)
        self.columns = columns
        self.day_numbers: list[tuple[str, QRectF]] = []  # over a date's stripes
        by_date: dict[tuple[int, int], list[int]] = {}
        for index, member in enumerate(results.family.members):
            if member.date is not None:
                by_date.setdefault(member.date, []).append(index)
        block_width = 7 * DAY + 6 * GAP
        block_height = MONTH_TITLE + 5 * DAY + 4 * GAP
        for month in range(1, 13):
            left = MARGIN + ((month - 1) % columns) * (block_width + 3 * MARGIN)
            top = MARGIN + ((month - 1) // columns) * (block_height + 2 * MARGIN)
            self.titles.append((MONTHS[month - 1], QRectF(left, top, block_width, MONTH_TITLE)))
            days = max([calendar.monthrange(LEAP_YEAR, month)[1]]
                       + [day for (m, day) in by_date if m == month])
            for day in range(1, min(days, 35) + 1):
                row, column = divmod(day - 1, 7)
                rect = QRectF(left + column * (DAY + GAP), top + MONTH_TITLE + row * (DAY + GAP),
                              DAY, DAY)
                self._add_date(rect, str(day), by_date.get((month, day), []))
        width = MARGIN * 2 + columns * block_width + (columns - 1) * 3 * MARGIN
        rows = math.ceil(12 / columns)
        height = MARGIN * 2 + rows * block_height + (rows - 1) * 2 * MARGIN + LEGEND + MARGIN
        self.bounds = QRectF(0, 0, width, height)

    def _add_date(self, rect: QRectF, number: str, members: list[int]) -> None:
        """One cell for a date with one member (or none), a stripe for each of several."""
        if len(members) <= 1:
            self.cells.append(Cell(members[0] if members else None, rect, number))
            return
        width = rect.width() / len(members)
        for position, member in enumerate(members):
            self.cells.append(Cell(member, QRectF(rect.left() + position * width, rect.top(),
                                                  width, rect.height()), ""))
        self.day_numbers.append((number, rect))

    def paint(self, painter: QPainter, target: QRectF) -> None:
        super().paint(painter, target)
        transform = self.transform(target)
        scale = transform.m11()
        painter.save()
        painter.setFont(font_of(DAY * 0.3 * scale, bold=True))
        for number, rect in self.day_numbers:
            box = transform.mapRect(rect)
            painter.setPen(QPen(QColor("#555555"), max(0.5, 0.08 * scale)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(box)
            label = QRectF(box.left(), box.top(), box.width(), 0.36 * box.height())
            painter.fillRect(label, QColor(255, 255, 255, 200))
            painter.setPen(QColor("#222222"))
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, number)
        painter.restore()

    def paint_cell(self, painter: QPainter, cell: Cell, rect: QRectF, fill: QColor,
                   count: int | None, scale: float) -> None:
        if not cell.label:  # a weekday's stripe: its colour says it all
            painter.fillRect(rect, fill)
            return
        painter.setPen(QPen(QColor("#9a9a9a"), max(0.5, 0.08 * scale)))
        painter.setBrush(fill)
        painter.drawRect(rect)
        ink = text_colour(fill) if cell.member is not None else QColor("#b0b0b0")
        painter.setPen(ink)
        painter.setFont(font_of(DAY * 0.3 * scale))
        corner = rect.adjusted(0.08 * DAY * scale, 0.02 * DAY * scale, 0, 0)
        painter.drawText(corner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                         cell.label)
        if count is not None:
            painter.setFont(font_of(DAY * 0.38 * scale, bold=True))
            lower = rect.adjusted(0, 0.3 * DAY * scale, 0, 0)
            painter.drawText(lower, Qt.AlignmentFlag.AlignCenter, f"{count:,}")


class ThumbnailsPicture(FamilyPicture):
    """The member boards side by side, each on its count's colour, named and counted."""

    def __init__(self, results: FamilyResults, columns: int | None = None,
                 boards: dict[int, BoardPicture | None] | None = None) -> None:
        """`columns`: thumbnails a row (None: about a square grid); `boards`: the members'
        board pictures made so far, shared between layouts of one family."""
        super().__init__(results)
        members = results.family.members
        if columns is None:
            columns = math.ceil(math.sqrt(len(members) * 1.5))
        columns = max(1, min(columns, len(members)))
        self._boards = {} if boards is None else boards
        tile_height = TILE_BOARD + TILE_TEXT
        for index, member in enumerate(members):
            row, column = divmod(index, columns)
            rect = QRectF(MARGIN + column * (TILE_WIDTH + MARGIN),
                          MARGIN + row * (tile_height + MARGIN), TILE_WIDTH, tile_height)
            self.cells.append(Cell(index, rect, member.name))
        rows = math.ceil(len(members) / columns) if members else 0
        self.bounds = QRectF(0, 0, MARGIN + columns * (TILE_WIDTH + MARGIN),
                             MARGIN + rows * (tile_height + MARGIN) + LEGEND + MARGIN)

    def _board(self, index: int) -> BoardPicture | None:
        """The member's empty board, made when first drawn (None: a 3D member)."""
        if index not in self._boards:
            puzzle = self.results.family.members[index].puzzle
            self._boards[index] = (BoardPicture(FlatBoard.build(tiling_for(puzzle.kind),
                                                                board_cells(puzzle)),
                                                optional_mask(puzzle))
                                   if puzzle.kind.has_grid and puzzle.kind.grid.flat and puzzle.board else None)
        return self._boards[index]

    def paint_cell(self, painter: QPainter, cell: Cell, rect: QRectF, fill: QColor,
                   count: int | None, scale: float) -> None:
        painter.setPen(QPen(QColor("#777777"), max(0.5, 0.15 * scale)))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, 1.5 * scale, 1.5 * scale)
        inner = rect.adjusted(2 * scale, 2 * scale, -2 * scale,
                              -(TILE_TEXT + 1) * scale)
        painter.fillRect(inner, QColor("#ffffff"))
        board = self._board(cell.member)
        if board is not None:
            board.paint(painter, inner.adjusted(scale, scale, -scale, -scale))
        else:
            painter.setPen(QColor("#555555"))
            painter.setFont(font_of(4 * scale))
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, "3D")
        text = QRectF(rect.left(), rect.bottom() - TILE_TEXT * scale, rect.width(),
                      TILE_TEXT * scale)
        painter.setPen(text_colour(fill))
        painter.setFont(font_of(4.2 * scale))
        figure = "not solved" if count is None else f"{count:,} solution{'s' * (count != 1)}"
        name = painter.fontMetrics().elidedText(cell.label, Qt.TextElideMode.ElideRight,
                                                int(rect.width() - 2 * scale))
        painter.drawText(text, Qt.AlignmentFlag.AlignCenter, f"{name}\n{figure}")


def picture_for(results: FamilyResults, width: float = 4, height: float = 3,
                boards: dict | None = None) -> FamilyPicture:
    """A calendar for a calendar family, thumbnails for any other (`boards`: see
    ThumbnailsPicture), laid out in the columns that draw it largest in `width` x `height`."""
    if results.family.calendar:
        pictures = [CalendarPicture(results, columns) for columns in MONTH_COLUMNS]
    else:
        most = min(len(results.family.members), MOST_THUMBNAIL_COLUMNS)
        pictures = [ThumbnailsPicture(results, columns, boards)
                    for columns in range(1, most + 1)] or [ThumbnailsPicture(results)]
    return max(pictures, key=lambda picture: min(width / picture.bounds.width(),
                                                 height / picture.bounds.height()))

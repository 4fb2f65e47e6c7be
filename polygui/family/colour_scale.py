"""Colours for solution counts, shared by the calendar and the thumbnails, and the legend that
explains them: no solution in red, not solved yet in grey, 1 and up along viridis (pale for
few, dark for many), on a log scale when the counts span more than a factor of 20."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPen

NONE = QColor("#d62728")  # no solution
PENDING = QColor("#e6e6e6")  # not solved yet
ABSENT = QColor("#fafafa")  # a date that is no member (Feb 30)
STOPS = 8  # gradient stops drawn in the legend
LOG_ABOVE = 20  # max / min beyond which the scale is logarithmic
_MAP = pg.colormap.get("viridis")


class CountScale:
    """Maps counts >= 1 between `low` and `high` onto viridis, reversed (many = dark)."""

    def __init__(self, counts: list[int]) -> None:
        positive = [count for count in counts if count > 0]
        self.low = min(positive, default=1)
        self.high = max(positive, default=1)
        self.log = self.high > LOG_ABOVE * self.low

    def position(self, count: int) -> float:
        """0 (fewest) .. 1 (most)."""
        if self.high == self.low:
            return 0.5
        if self.log:
            return (math.log(count) - math.log(self.low)) / (
                math.log(self.high) - math.log(self.low))
        return (count - self.low) / (self.high - self.low)

    def colour(self, count: int | None) -> QColor:
        if count is None:
            return PENDING
        if count == 0:
            return NONE
        position = min(1.0, max(0.0, self.position(count)))
        return _MAP.map(1.0 - 0.85 * position, mode=pg.ColorMap.QCOLOR)  # never the palest

    def paint_legend(self, painter: QPainter, rect: QRectF, font: QFont) -> None:
        """Swatches for none and not solved, then the gradient from low to high."""
        painter.save()
        painter.setFont(font)
        height = rect.height()
        x = rect.left()
        pen = QPen(QColor("#555555"), max(0.5, height / 20))
        for colour, text in ((NONE, "0"), (PENDING, "not solved")):
            painter.setPen(pen)
            painter.setBrush(colour)
            painter.drawRect(QRectF(x, rect.top(), height, height))
            painter.setPen(QColor("#222222"))
            width = painter.fontMetrics().horizontalAdvance(text) + height * 0.4
            painter.drawText(QRectF(x + height * 1.2, rect.top(), width, height),
                             Qt.AlignmentFlag.AlignVCenter, text)
            x += height * 1.6 + width
        low, high = f"{self.low:,}", f"{self.high:,}" + (" (log)" if self.log else "")
        painter.drawText(QRectF(x, rect.top(), rect.right() - x, height),
                         Qt.AlignmentFlag.AlignVCenter, low)
        x += painter.fontMetrics().horizontalAdvance(low) + height * 0.3
        bar = QRectF(x, rect.top(), max(height, min(rect.width() * 0.4, rect.right() - x
                                                    - height * 4)), height)
        gradient = QLinearGradient(bar.topLeft(), bar.topRight())
        for stop in range(STOPS + 1):
            gradient.setColorAt(stop / STOPS,
                                _MAP.map(1.0 - 0.85 * stop / STOPS, mode=pg.ColorMap.QCOLOR))
        painter.setPen(pen)
        painter.setBrush(gradient)
        painter.drawRect(bar)
        painter.setPen(QColor("#222222"))
        painter.drawText(QRectF(bar.right() + height * 0.3, rect.top(),
                                rect.right() - bar.right(), height),
                         Qt.AlignmentFlag.AlignVCenter, high)
        painter.restore()

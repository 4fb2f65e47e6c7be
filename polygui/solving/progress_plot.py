"""The live plot of a run: solutions found (left axis) and fraction done (right) over time.

Kept cheap to redraw while a solve runs: no grid; axis ranges that grow by doubling rather
than following every point, so the axes (the costly part of a pyqtgraph repaint) are re-laid
out a handful of times per run; at most two redraws a second; and past `MAX_POINTS` the
history keeps every other point, so a run of hours redraws as fast as a run of seconds.

When the run ends (finished, stopped, limit reached), `finish()` draws the last point and
fits both axes to the whole run, so a run of milliseconds fills the plot like a long one.
The axis labels, coloured as their curves, are the legend: nothing covers the curves.
"""

from __future__ import annotations

import math
import time

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QWidget

MAX_POINTS = 2001  # odd, so halving keeps the newest point
START_LIMITS = (0.125, 1.0)  # seconds, solutions: a quick run still fills the plot
REDRAW_INTERVAL = 0.5  # seconds: the plot is the costliest thing a running solve redraws
WIDEST_COUNT = "8888888"  # solution counts the left axis has room for before it widens
SOLUTIONS_COLOUR, FRACTION_COLOUR = "#4e79a7", "#e15759"
SOLUTIONS_PEN = pg.mkPen(SOLUTIONS_COLOUR, width=2)
FRACTION_PEN = pg.mkPen(FRACTION_COLOUR, width=2, style=Qt.PenStyle.DashLine)
TOP_ROOM = 8  # pixels above the plot, so the top tick labels are not cut in half


def grown(limit: float, value: float) -> float:
    """`limit` doubled until it holds `value`."""
    while value > limit:
        limit *= 2
    return limit


NICE_STEPS = (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)


def nice_limit(value: float) -> float:
    """The smallest round number (NICE_STEPS times a power of ten) that holds `value` (> 0):
    the curve reaches at least five sixths of the way up (1049 solutions: 1200, not 2000)."""
    power = 10.0 ** math.floor(math.log10(value))
    return next(step * power for step in NICE_STEPS if step * power >= value * (1 - 1e-9))


class CountAxis(pg.AxisItem):
    """Ticks at whole numbers only: there is no 0.2 of a solution."""

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list:
        levels = [(spacing, values) for spacing, values in super().tickValues(minVal, maxVal, size)
                  if spacing >= 1]
        if not levels:  # a range of a few solutions: every whole number
            levels = [(1.0, [float(v) for v in range(math.ceil(minVal), math.floor(maxVal) + 1)])]
        return levels


class ProgressPlot(pg.PlotWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w", axisItems={"left": CountAxis("left")})
        self.setMinimumHeight(140)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.setLabel("bottom", "time", units="s")
        self.setLabel("left", "solutions", color=SOLUTIONS_COLOUR)
        self.plotItem.layout.setContentsMargins(0, TOP_ROOM, 0, 0)
        self._reserve_count_space()
        self._solutions = self.plot(pen=SOLUTIONS_PEN, name="solutions")
        self._fraction_view = pg.ViewBox(enableMouse=False)
        self._fraction = pg.PlotDataItem(pen=FRACTION_PEN)
        self._link_fraction_axis()
        self._history: tuple[list[float], list[float], list[float]] = ([], [], [])
        self._limits = START_LIMITS  # (seconds, solutions) the axes show
        self.getViewBox().setRange(xRange=(0, START_LIMITS[0]), yRange=(0, START_LIMITS[1]),
                                   padding=0)
        self.clear_points()

    def _reserve_count_space(self) -> None:
        """Room for 7-digit counts from the start, never given back: otherwise the axis
        widens with each extra digit, and each time the whole plot is laid out and drawn
        again."""
        axis = self.getAxis("left")
        font = axis.style["tickFont"] or axis.font()
        axis.textWidth = QFontMetrics(font).horizontalAdvance(WIDEST_COUNT)
        axis.setStyle(autoReduceTextSpace=False)

    def _link_fraction_axis(self) -> None:
        """A second view box for the fraction, sharing time, drawn against the right axis."""
        main_view = self.getViewBox()
        self.scene().addItem(self._fraction_view)
        self.getAxis("right").linkToView(self._fraction_view)
        self.showAxis("right")
        self.getAxis("right").setLabel("fraction done", color=FRACTION_COLOUR)
        self._fraction_view.setXLink(main_view)
        self._fraction_view.setYRange(0, 1, padding=0)
        self._fraction_view.disableAutoRange()
        self._fraction_view.addItem(self._fraction)
        main_view.sigResized.connect(
            lambda: self._fraction_view.setGeometry(main_view.sceneBoundingRect()))

    def clear_points(self) -> None:
        self._drawn_at = 0.0
        if self._history[0]:  # (an empty plot is left alone: no repaint)
            self._history = ([], [], [])
            self._solutions.setData([], [])
            self._fraction.setData([], [])
        self._set_limits(*START_LIMITS)

    def add_point(self, seconds: float, solutions: int, fraction: float, *,
                  final: bool = False) -> None:
        """Record a point; redraw at most every REDRAW_INTERVAL seconds, and for the last."""
        if not self._history[0]:  # every run starts from nothing: a quick one still draws a line
            for column in self._history:
                column.append(0.0)
        for column, value in zip(self._history, (seconds, solutions, fraction)):
            column.append(value)
        if len(self._history[0]) >= MAX_POINTS:
            self._history = tuple(column[::2] for column in self._history)
        now = time.monotonic()
        if final or now - self._drawn_at >= REDRAW_INTERVAL:
            self._drawn_at = now
            self._redraw()

    def finish(self) -> None:
        """The run ended: draw everything, with the axes fitted to the whole run."""
        if not self._history[0]:
            return
        self._drawn_at = time.monotonic()
        times, found, _ = self._history
        self._redraw(limits=(nice_limit(max(times[-1], 1e-6)), nice_limit(max(found[-1], 1))))

    def _redraw(self, limits: tuple[float, float] | None = None) -> None:
        times, found, done = self._history
        self._solutions.setData(times, found)
        self._fraction.setData(times, done)
        self._set_limits(*(limits or (grown(self._limits[0], times[-1]),
                                      grown(self._limits[1], found[-1]))))

    def _set_limits(self, seconds: float, solutions: float) -> None:
        """Change the axes only when the limits change: re-laying them out is the costly part."""
        if (seconds, solutions) != self._limits:
            self.getViewBox().setRange(xRange=(0, seconds), yRange=(0, solutions), padding=0)
            self._limits = (seconds, solutions)

    def points(self) -> tuple[list[float], list[float], list[float]]:
        """(seconds, solutions, fraction done) as plotted."""
        return self._history

"""The progress plot reads right: whole-number solution ticks, top labels not cut off, no
legend over the curves, every run (a few milliseconds, or stopped midway) drawn whole and
filling the plot; no plot for a Sudoku."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage

from polygui.resources import examples_dir
from polygui.solving.panel import SolvePanel
from polygui.solving.progress_plot import ProgressPlot, nice_limit
from qt_fixtures import show_widget


def drawn_curve(plot: ProgressPlot) -> tuple[np.ndarray, np.ndarray]:
    return plot._solutions.getData()


def view_limits(plot: ProgressPlot) -> tuple[float, float]:
    (_, right), (_, top) = plot.getViewBox().viewRange()
    return right, top


def test_solution_ticks_are_whole_numbers(qtbot):
    plot = show_widget(qtbot, ProgressPlot(), 300, 250)
    for count in (1, 3, 7):
        plot.clear_points()
        plot.add_point(0.01, count, 1.0, final=True)
        plot.finish()
        qtbot.wait(1)
        ticks = [value for _, values in plot.getAxis("left").tickValues(0, count, 200)
                 for value in values]
        assert ticks and all(float(value).is_integer() for value in ticks), (count, ticks)


def test_the_top_tick_labels_are_not_cut_off_and_no_legend_covers_the_curves(qtbot):
    plot = show_widget(qtbot, ProgressPlot(), 300, 250)
    plot.add_point(2.0, 1000, 1.0, final=True)
    plot.finish()
    qtbot.wait(10)
    image = plot.grab().toImage().convertToFormat(QImage.Format.Format_RGB888)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(
        image.height(), image.bytesPerLine())[:, :3 * image.width()]
    assert rows[:2].min() > 200, "something is drawn at the very top edge (a label cut off)"
    assert plot.plotItem.legend is None


@pytest.mark.parametrize("seconds, solutions", [(0.003, 240), (0.0004, 2), (42.0, 19_186)])
def test_a_finished_run_fills_the_plot_whatever_its_length(qtbot, seconds, solutions):
    plot = show_widget(qtbot, ProgressPlot(), 300, 250)
    plot.add_point(seconds / 2, solutions // 2, 0.5)
    plot.add_point(seconds, solutions, 1.0, final=True)
    plot.finish()
    right, top = view_limits(plot)
    assert seconds <= right <= 2 * seconds  # not a vertical line at the left of 0-120 ms
    assert solutions <= top <= 2 * solutions


def test_a_stopped_run_is_drawn_to_its_last_point_inside_the_axes(qtbot):
    panel = show_widget(qtbot, SolvePanel(), 340, 600)
    panel.set_running(True)
    panel.plot.add_point(0.5, 100, 0.01, final=True)
    for step in range(1, 40):  # quicker than the plot redraws: these wait for the next redraw
        panel.plot.add_point(0.5 + step * 0.1, 100 + 80 * step, 0.01 + step * 0.002)
    panel.set_running(False)  # stopped: the last progress is a "searching" one
    times, found = drawn_curve(panel.plot)
    assert times[-1] == pytest.approx(4.4) and found[-1] == 100 + 80 * 39
    right, top = view_limits(panel.plot)
    assert times[-1] <= right and found[-1] <= top


def test_nice_limits():
    assert [nice_limit(v) for v in (1, 1.3, 3, 240, 1049, 19_186, 0.0012)] == \
        [1, 1.5, 3, 250, 1200, 20_000, pytest.approx(0.0012)]


def test_a_sudoku_has_no_plot_and_polyforms_have_one(window):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    assert not window.panel.plot.isVisible()
    window.open_puzzle(examples_dir() / "meteor.json")
    assert window.panel.plot.isVisible()


def test_without_its_plot_the_sudoku_panel_keeps_its_boxes_at_their_height(qtbot):
    panel = show_widget(qtbot, SolvePanel(), 340, 700)
    box = panel.status.parentWidget()
    panel.set_sudoku(True)
    qtbot.wait(10)
    assert not panel.plot.isVisible()
    assert box.height() <= box.sizeHint().height() + 4  # not a tall box of empty grey


@pytest.mark.parametrize("seconds, shown", [(0.0252, "25 ms"), (0.9994, "999 ms"),
                                            (1.0, "1.0 s"), (83.26, "83.3 s")])
def test_the_elapsed_time_of_a_short_run_is_in_milliseconds(qtbot, seconds, shown):
    """Meteor's whole search takes 25 ms: "0.0 s" said it took no time at all."""
    from solvers import Progress

    panel = show_widget(qtbot, SolvePanel(), 340, 600)
    panel.show_progress(Progress("done", 157_375, 1049, 1.0, seconds, 157_375 / seconds))
    assert panel.counters["elapsed"].text() == shown

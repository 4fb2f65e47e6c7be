"""Widgets that update while a solve streams in keep their size: a size change re-lays out
and redraws the window around them (the plot's axes cost the most), which the window would pay
every time a count gains a digit."""

from polygui.solving.browser import SolutionBrowser
from polygui.solving.progress_plot import ProgressPlot
from qt_fixtures import show_widget


def test_the_browser_row_keeps_its_layout_as_counts_grow(qtbot):
    browser = show_widget(qtbot, SolutionBrowser(), 700, 40)
    browser.set_count(1)
    geometries = [widget.geometry() for widget in (browser.slider, browser.jump)]
    for count in (12, 345, 6_789, 19_186, 1_234_567):
        browser.set_count(count)
        browser.last()
        qtbot.wait(1)  # let a pending layout request run
        assert [widget.geometry() for widget in (browser.slider, browser.jump)] == geometries
    assert browser.jump.value() == 1_234_567


def test_the_plot_axis_keeps_its_width_as_counts_grow(qtbot):
    plot = show_widget(qtbot, ProgressPlot(), 300, 250)
    axis = plot.getAxis("left")
    plot.add_point(0.1, 3, 0.01, final=True)
    qtbot.wait(1)
    width = axis.width()
    for second, count in enumerate((40, 512, 9_000, 70_000, 2_500_000), start=1):
        plot.add_point(float(second), count, second / 10, final=True)
        qtbot.wait(1)
        assert axis.width() == width
    assert max(plot.points()[1]) == 2_500_000

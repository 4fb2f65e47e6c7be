"""The window's size, docks and status bar: it fits small screens in both modes, never widens
itself for a page it is not showing, comes back with its Solve panel, and shows temporary
messages."""

import pytest
from PySide6.QtWidgets import QSizeGrip, QWidget

from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.main_window import MainWindow
from polygui.resources import examples_dir
from qt_fixtures import hover_until, make_active

SMALL_SCREEN = 1024  # the narrowest screen the window must fit, in either mode


def reopen(qtbot, settings, tmp_path) -> MainWindow:
    window = MainWindow(settings, autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize("example", ["meteor.json", "pentominoes-6x10.json", "soma.json",
                                     "sudoku-16x16.json"])
def test_the_window_fits_a_small_screen_in_both_modes_and_narrows_again(window, qtbot, example):
    window.open_puzzle(examples_dir() / example)
    window.resize(1000, 700)
    for mode in ("design", "solve", "design", "solve"):
        window.set_mode(mode)
        qtbot.wait(10)
        assert window.minimumSizeHint().width() <= SMALL_SCREEN - 24, mode  # and a frame
        assert window.minimumSizeHint().height() <= 700, mode
    assert window.width() <= 1000  # switching modes did not widen it
    window.resize(800, 600)
    qtbot.wait(10)
    assert window.width() == 800  # the hidden Design page does not hold Solve mode wide


def test_the_solve_panel_is_back_after_quitting_in_design_mode(qtbot, settings, tmp_path):
    first = reopen(qtbot, settings, tmp_path)
    first.set_mode("design")
    assert not first.dock.isVisible()
    first.close()
    second = reopen(qtbot, settings, tmp_path)
    assert not second.is_designing()
    assert second.dock.isVisible() and second.panel.isVisible()


def test_a_window_saved_wider_than_the_screen_comes_back_on_it(qtbot, settings, tmp_path):
    first = reopen(qtbot, settings, tmp_path)
    room = first.screen().availableGeometry()
    first.resize(room.width() + 400, room.height() + 300)
    first.close()
    second = reopen(qtbot, settings, tmp_path)
    frame = second.frameGeometry()
    assert frame.width() <= room.width() and frame.height() <= room.height()
    assert room.contains(frame.topLeft()) and room.contains(frame.bottomRight())


def message_room(window) -> int:
    """The width of the status bar that its visible widgets leave for a temporary message."""
    bar = window.statusBar()
    taken = sum(child.width() for child in bar.findChildren(QWidget)
                if child.isVisible() and child.parent() is bar and not isinstance(child, QSizeGrip))
    return bar.width() - taken


def test_temporary_messages_show_over_the_status_line(window, qtbot):
    window.set_puzzle(blank_puzzle("hex"))
    assert window.status_line.isVisible() and window.status_line.text()
    message = "Exported meteor.png (1200 × 800)"
    window.statusBar().showMessage(message, 5_000)
    qtbot.wait(10)
    assert not window.status_line.isVisible()  # the message has the bar
    assert message_room(window) >= window.statusBar().fontMetrics().horizontalAdvance(message)
    window.statusBar().clearMessage()
    qtbot.wait(10)
    assert window.status_line.isVisible()


def test_an_examples_status_tip_shows_in_the_status_bar(window, qtbot):
    make_active(window)
    menu = window.menus.examples_menu
    window.menuBar().setActiveAction(menu.menuAction())  # open Examples from the menu bar
    qtbot.waitExposed(menu)
    action = window.menus.example_actions()[0]  # the first puzzle, under its section title
    hover_until(qtbot, menu, menu.actionGeometry(action).center(),  # its first entry
                lambda: window.statusBar().currentMessage() == action.statusTip())
    assert not window.status_line.isVisible()
    menu.close()

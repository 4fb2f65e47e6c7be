"""Fixtures shared by the Qt test folders (tests/gui, tests/gl); their conftests import them.

Kept out of a top-level conftest so that the solver tests never import PySide6."""

import gc
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from polygui.solving.run import running_solves
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "puzzles"
# What Qt says when an object is used from a thread it does not live in: a slot connected as a
# lambda runs in the emitting (worker) thread, and these are its symptoms.
THREAD_MISUSE = ("Thread tried to wait on itself",
                 "Cannot create children for a parent that is in a different thread",
                 "Timers cannot be started from another thread",
                 "Timers cannot be stopped from another thread",
                 "Cannot send events to objects owned by a different thread",
                 "It is not safe to use pixmaps outside the GUI thread")


@pytest.fixture(autouse=True)
def no_leaked_solver_threads(qtbot):
    yield
    leaked = running_solves()
    for run in leaked:
        run.shutdown()
    assert not leaked, f"{len(leaked)} solver thread(s) still running after the test"


@pytest.fixture(autouse=True)
def no_cross_thread_misuse(qtlog):
    """Fail a test during which Qt reported an object used from the wrong thread."""
    yield
    misuse = [record.message for record in qtlog.records
              if any(symptom in record.message for symptom in THREAD_MISUSE)]
    assert not misuse, f"Qt objects used from the wrong thread: {misuse}"


@pytest.fixture(autouse=True)
def private_data_folders(monkeypatch, tmp_path):
    """Autosaves and kept runs of windows made without a folder of their own go to the
    test's folder, never the user's data folder (shared by every test run on the machine)."""
    monkeypatch.setattr("polygui.files.autosave.default_directory",
                        lambda: tmp_path / "data" / "autosave")
    monkeypatch.setattr("polygui.solving.kept_runs.default_directory",
                        lambda: tmp_path / "data" / "runs")


@pytest.fixture(autouse=True)
def no_unexpected_dialogs(qtbot, monkeypatch):
    """A message box nobody answers would hang the test run: fail instead. Tests that expect
    one replace it (or the window's `files.ask_*` stand-ins) themselves. Windows are closed
    here, while the guard holds, since closing may ask about unsaved changes."""
    def unexpected(kind):
        def fail(parent, title, text, *rest, **kwargs):
            raise AssertionError(f"unexpected {kind} dialog: {title}: {text}")
        return fail

    for kind in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, kind, unexpected(kind))
    monkeypatch.setattr(QMessageBox, "exec", lambda box: unexpected("message")(
        box.parent(), box.windowTitle(), box.text()))  # boxes built with named buttons
    yield
    gc.collect()  # widgets freed by the collector go now, not while Qt lists them
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible():
            widget.close()


@pytest.fixture(autouse=True)
def delete_closed_widgets(qtbot):
    """Run pending deleteLater() calls after each test.

    Left for interpreter exit, the deletion of an OpenGL window whose context is already gone
    crashes the process (status 139) after the last test has passed."""
    yield
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def asset():
    return lambda name: load_puzzle(ASSETS / name)


def play_in_3d(window, qtbot):
    """Play mode (Ctrl+3) on the window's puzzle, on the canvas of a grid in space, once its
    checker knows the puzzle can be solved: the page."""
    from polygui.play.cube_canvas import CubePlayCanvas

    assert window.menus.mode_actions["play"].isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert window.play.is_playing()
    page = window.play.page
    assert isinstance(page.canvas, CubePlayCanvas)
    qtbot.waitUntil(lambda: page.checker.state == "solvable", timeout=60_000)
    return page


def choose_from_tray(qtbot, canvas, piece: int) -> None:
    """Take `piece` from the Play page's tray by a click."""
    qtbot.mouseClick(canvas.tray.viewport(), Qt.MouseButton.LeftButton,
                     pos=canvas.tray.item_point(piece))
    assert canvas.held == piece


def double_click(qtbot, widget, button, pos: QPoint) -> None:
    """A double click, and the button let go after it as a hand does: QTest's double click
    ends with the button down (press, release, press, double click), and QTest keeps that
    state for the whole process, so every later move of a test seemed a drag (a 3D view's
    hover never came)."""
    qtbot.mouseDClick(widget, button, pos=pos)
    if shiboken6.isValid(widget):
        qtbot.mouseRelease(widget, button, pos=pos)


def hover_until(qtbot, widget, point: QPoint, reached) -> None:
    """Move the mouse onto `point` of `widget` until `reached()` holds. Each move starts a
    pixel beside the point: Qt drops a move to where the pointer already is (an earlier test
    may have left it there). And the move is made again while `reached()` fails: the virtual
    screen may still deliver an enter or leave event of its real pointer after the test's
    move, which undoes the hover."""
    beside = QPoint(point.x() + (1 if point.x() < widget.width() // 2 else -1), point.y())

    def moved_there() -> bool:
        if not reached():
            qtbot.mouseMove(widget, beside)
            qtbot.mouseMove(widget, point)
        return reached()

    qtbot.waitUntil(moved_there)


def make_active(window) -> None:
    """Make `window` the active window, so its keyboard shortcuts work. Xvfb has no window
    manager to activate windows, so tests say it themselves (a deprecated call, meant for
    exactly this)."""
    import warnings

    from PySide6.QtWidgets import QApplication

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        QApplication.setActiveWindow(window)


def show_widget(qtbot, widget, width: int, height: int):
    """`widget` at the given size, shown and exposed; closed and deleted after the test."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def show_window(qtbot, settings, autosave_dir):
    """A main window with isolated settings and autosave folder, shown and active; unsaved
    changes and a run going on are discarded when a test closes it (tests about the prompts
    replace this)."""
    from polygui.main_window import MainWindow

    window = MainWindow(settings, autosave_dir=autosave_dir)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    make_active(window)
    window.files.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.keeping.ask_keep = lambda *args, **kwargs: QMessageBox.StandardButton.Discard
    for ask in ("ask_save_path", "ask_open_path"):  # a file dialog nobody answers would hang
        setattr(window.files, ask, lambda ask=ask: pytest.fail(f"unexpected file dialog ({ask})"))
    return window


@pytest.fixture
def window(qtbot, settings, tmp_path):
    return show_window(qtbot, settings, tmp_path / "autosave")

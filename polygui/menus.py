"""Menus: File, Edit (undo and redo, named after the edit; the puzzle's name and description),
View (Design or Solve), Examples (the shipped puzzles), Solve (solve, pause, stop, step through
the solutions), Help (getting started, keyboard and mouse, about)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from solvers import PuzzleError
from solvers.puzzle.fileformat import load_puzzle

from . import __version__
from .dialogs.help import show_getting_started, show_shortcuts
from .dialogs.puzzle_info import edit_name_and_description
from .resources import examples_dir

MAX_RECENT = 8


class Menus:
    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        bar = window.menuBar()
        self.file_menu = file_menu = bar.addMenu("&File")
        file_menu.setObjectName("file-menu")
        files = window.files
        self._action(file_menu, "&New…", files.new, QKeySequence.StandardKey.New)
        self._action(file_menu, "&Open…", files.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        self.save_action = self._action(file_menu, "&Save", files.save,
                                        QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(file_menu, "Save &As…", files.save_as,
                                           QKeySequence("Ctrl+Shift+S"))
        file_menu.addSeparator()
        self._export_menu(file_menu.addMenu("&Export"))
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", window.close, QKeySequence.StandardKey.Quit)
        self._edit_menu(bar.addMenu("&Edit"))
        self._view_menu(bar.addMenu("&View"))
        self.examples_menu = bar.addMenu("E&xamples")
        self._fill_examples()
        self._solve_menu(bar.addMenu("&Solve"))
        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Getting Started", lambda: show_getting_started(window),
                     QKeySequence.StandardKey.HelpContents)
        self._action(help_menu, "&Keyboard and Mouse", lambda: show_shortcuts(window))
        help_menu.addSeparator()
        self._action(help_menu, "&About PolyGUI", self.about)
        self._refresh_recent()

    def _solve_menu(self, menu: QMenu) -> None:
        window, panel = self.window, self.window.panel
        self._action(menu, "&Solve", window.start_solve, QKeySequence("F5"))
        self.pause_action = self._action(menu, "&Pause", panel.pause_button.toggle,
                                         QKeySequence("F6"))
        self.pause_action.setEnabled(False)
        panel.running_changed.connect(self.pause_action.setEnabled)
        panel.pause_toggled.connect(
            lambda paused: self.pause_action.setText("&Resume" if paused else "&Pause"))
        self._action(menu, "S&top", window.stop_solve, QKeySequence("Shift+F5"))
        menu.addSeparator()
        browser = window.browser
        # the window's keys for stepping (turned off in Design mode, where editors use them)
        self.navigation_actions = [
            self._action(menu, text, slot, QKeySequence(key))
            for text, slot, key in (("&First solution", browser.first, Qt.Key.Key_Home),
                                    ("P&revious solution", browser.previous, Qt.Key.Key_Left),
                                    ("&Next solution", browser.next, Qt.Key.Key_Right),
                                    ("&Last solution", browser.last, Qt.Key.Key_End))]

    def _export_menu(self, menu: QMenu) -> None:
        exports = self.window.exports
        self._action(menu, "&Image…", exports.export_image, QKeySequence("Ctrl+E"))
        self._action(menu, "&Copy Image", exports.copy_image, QKeySequence("Ctrl+Shift+C"))
        self._action(menu, "Contact &Sheet…", exports.export_sheet)
        self._action(menu, "S&olutions as Data…", exports.export_solutions)

    def _edit_menu(self, menu: QMenu) -> None:
        stack = self.window.document.undo_stack
        self.undo_action = stack.createUndoAction(menu, "&Undo")  # "Undo Add board cells"
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(menu, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        for action in (self.undo_action, self.redo_action):
            menu.addAction(action)
            self.window.addAction(action)
        menu.addSeparator()
        self._action(menu, "Puzzle &Name and Description…",
                     lambda: edit_name_and_description(self.window.document, self.window))

    def _view_menu(self, menu: QMenu) -> None:
        group = QActionGroup(menu)
        self.mode_actions = {}
        for mode, text, key in (("design", "&Design", "Ctrl+1"), ("solve", "&Solve", "Ctrl+2")):
            action = self._action(menu, text, lambda m=mode: self.window.set_mode(m),
                                  QKeySequence(key))
            action.setCheckable(True)
            group.addAction(action)
            self.mode_actions[mode] = action
        self.mode_actions["solve"].setChecked(True)
        toolbar = self.window.addToolBar("Mode")
        toolbar.setObjectName("mode-toolbar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in self.mode_actions.values():
            action.setToolTip(f"{action.text().replace('&', '')} mode "
                              f"({action.shortcut().toString()})")
            toolbar.addAction(action)

    def show_mode(self, mode: str) -> None:
        self.mode_actions[mode].setChecked(True)

    def _action(self, menu: QMenu, text: str, slot, shortcut=None) -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda checked=False: slot())
        if shortcut is not None:
            action.setShortcut(shortcut)
            self.window.addAction(action)  # the shortcut works whatever has the focus
        return action

    def _fill_examples(self) -> None:
        for path in sorted(examples_dir().glob("*.json")):
            try:
                puzzle = load_puzzle(path)
            except PuzzleError:
                continue
            action = self.examples_menu.addAction(puzzle.name)
            summary = puzzle.description.split("\n")[0]
            action.setStatusTip(summary)
            action.setToolTip(summary)
            action.triggered.connect(lambda checked=False, p=path: self.window.open_puzzle(p))
        self.examples_menu.setToolTipsVisible(True)

    # --- recent files -------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.window.settings.value("recent/files", [])
        if isinstance(value, str):
            value = [value]
        return [str(item) for item in (value or [])]

    def add_recent(self, path: Path) -> None:
        path_text = str(Path(path).resolve())
        files = [path_text] + [f for f in self.recent_files() if f != path_text]
        self.window.settings.setValue("recent/files", files[:MAX_RECENT])
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for index, name in enumerate(files):
            action = self.recent_menu.addAction(f"&{index + 1} {Path(name).name}")
            action.setStatusTip(name)
            action.triggered.connect(lambda checked=False, p=name: self.window.open_puzzle(p))
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear", self._clear_recent)

    def _clear_recent(self) -> None:
        self.window.settings.setValue("recent/files", [])
        self._refresh_recent()

    def about(self) -> None:
        QMessageBox.about(self.window, "About PolyGUI",
                          f"<h3>PolyGUI {__version__}</h3><p>Design and solve placement puzzles: "
                          "polyhex boards, Sudoku and polycube boxes.</p>"
                          "<p>Solvers: exact cover on bitsets and dedicated kernels in numba.</p>")


def build_menus(window: QMainWindow) -> Menus:
    return Menus(window)

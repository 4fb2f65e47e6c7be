"""Menus: File, Edit (undo and redo, named after the edit; the puzzle's name and description),
View (Design, Solve or Play), Examples (the shipped puzzles), Solve (solve, pause, stop, step through
the solutions), Help (getting started, keyboard and mouse, about)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from solvers import GridKind, Puzzle, PuzzleError
from solvers.puzzle.fileformat import load_puzzle

from . import __version__
from .dialogs.add_pieces import add_pieces_from_file
from .dialogs.help import show_getting_started, show_shortcuts
from .dialogs.puzzle_info import edit_name_and_description
from .dialogs.user_guide import show_user_guide
from .edit_commands import add_edit_commands
from .library.opening import LibraryOpener
from .resources import examples_dir
from .undo_shortcuts import UndoShortcuts, redo_keys

MAX_RECENT = 8
EXAMPLE_SECTIONS = (  # (title, which puzzles)
    ("Hexagonal boards", lambda puzzle: puzzle.kind is GridKind.HEX),
    ("Square boards", lambda puzzle: puzzle.kind is GridKind.SQUARE),
    ("Triangle boards", lambda puzzle: puzzle.kind is GridKind.TRIANGLE),
    ("Stick grids", lambda puzzle: puzzle.kind is GridKind.STICK),
    ("Boxes of cubes", lambda puzzle: puzzle.kind is GridKind.CUBE and not puzzle.disassembly),
    ("Balls", lambda puzzle: puzzle.kind is GridKind.SPHERE),
    ("Interlocking puzzles", lambda puzzle: puzzle.disassembly),  # taken apart as well
    ("Sudoku", lambda puzzle: puzzle.kind is GridKind.SUDOKU))


def recent_text(index: int, path: Path, room: int = 48) -> str:
    """'&1 meteor.json  —  ~/puzzles/hex': the name, then its folder (home as ~, long
    folders shortened in the middle), so files of one name in two folders tell apart."""
    folder = str(path.parent)
    home = str(Path.home())
    if folder == home or folder.startswith(home + "/"):
        folder = "~" + folder[len(home):]
    if len(folder) > room:
        folder = folder[:room // 3] + "…" + folder[-(2 * room) // 3:]
    name = path.name.replace("&", "&&")
    return f"&{index + 1} {name}  —  {folder.replace('&', '&&')}"


def first_sentence(text: str) -> str:
    line = text.strip().split("\n")[0]
    end = line.find(". ")
    return line[:end + 1] if end >= 0 else line


def size_line(puzzle: Puzzle) -> str:
    """'50 cells, 10 pieces', '3×3×3 box, 7 pieces', '9×9, 30 givens'."""
    if puzzle.is_sudoku:
        grid = puzzle.sudoku
        return f"{grid.n}×{grid.n}, {sum(1 for value in grid.givens if value)} givens"
    copies = sum(piece.count for piece in puzzle.pieces)
    if puzzle.kind is GridKind.CUBE and puzzle.board:
        sides = [max(axis) - min(axis) + 1 for axis in zip(*puzzle.board)]
        return f"{'×'.join(map(str, sides))} box, {copies} pieces"
    return f"{len(puzzle.board)} cells, {copies} pieces"


class Menus:
    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        bar = window.menuBar()
        self.file_menu = file_menu = bar.addMenu("&File")
        file_menu.setObjectName("file-menu")
        files = window.files
        self._action(file_menu, "&New…", files.new, QKeySequence.StandardKey.New)
        self._action(file_menu, "&Generate Sudoku…", files.generate)
        self._action(file_menu, "&Open…", files.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self._action(file_menu, "&Import BurrTools File…", files.importer.run)
        self.library = LibraryOpener(files)
        self._action(file_menu, "Puzzle &Library…", self.library.run)
        file_menu.addSeparator()
        self.save_action = self._action(file_menu, "&Save", files.save,
                                        QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(file_menu, "Save &As…", files.save_as,
                                           QKeySequence("Ctrl+Shift+S"))
        file_menu.addSeparator()
        self._export_menu(file_menu.addMenu("&Export"))
        printing = window.exports.printing
        self._action(file_menu, "&Print…", printing.print_pages, QKeySequence.StandardKey.Print)
        self._action(file_menu, "Print Pre&view…", printing.print_preview)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", window.close, QKeySequence.StandardKey.Quit)
        self._edit_menu(bar.addMenu("&Edit"))
        self._view_menu(bar.addMenu("&View"))
        self.examples_menu = bar.addMenu("E&xamples")
        self._fill_examples()
        self._solve_menu(bar.addMenu("&Solve"))
        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&User Guide", lambda: show_user_guide(window),
                     QKeySequence.StandardKey.HelpContents)
        self._action(help_menu, "&Getting Started", lambda: show_getting_started(window))
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
        self.stop_action = self._action(menu, "S&top", window.stop_solve,
                                        QKeySequence("Shift+F5"))
        self.stop_action.setEnabled(False)  # as the panel's Stop: only while a run is on
        panel.running_changed.connect(self.stop_action.setEnabled)
        resume = self._action(menu, "&Resume Run…", window.keeping.resume, QKeySequence("Ctrl+R"))
        panel.running_changed.connect(lambda running: resume.setEnabled(not running))
        menu.addSeparator()
        self.where_action = self._action(menu, "&Where Pieces Go…",
                                         lambda: window.design_tools.where_pieces_go(),
                                         QKeySequence("Ctrl+Shift+W"))
        self.unique_action = self._action(menu, "&Uniqueness Designer…",
                                          lambda: window.design_tools.uniqueness_designer())
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
        self._action(menu, "&Animation…", exports.animation.export)
        self._action(menu, "S&olutions as Data…", exports.export_solutions)
        self._action(menu, "&Move List…", exports.export_moves)
        self._action(menu, "&BurrTools File…", exports.export_burrtools)
        self._action(menu, "3D &Print…", exports.print3d.export)

    def _edit_menu(self, menu: QMenu) -> None:
        # a group: Play mode's moves have a history of their own (polygui/play/mode.py)
        self.undo_group = stack = QUndoGroup(self.window)
        stack.addStack(self.window.document.undo_stack)
        stack.setActiveStack(self.window.document.undo_stack)
        self.undo_action = stack.createUndoAction(menu, "&Undo")  # "Undo Add board cells"
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(menu, "&Redo")
        self.redo_action.setShortcuts(redo_keys())  # Ctrl+Shift+Z and Ctrl+Y
        for action in (self.undo_action, self.redo_action):
            menu.addAction(action)
            self.window.addAction(action)
        self.undo_keys = UndoShortcuts(self.window, self.undo_action, self.redo_action)
        menu.addSeparator()
        add_edit_commands(self.window, menu, self._action)  # to the focused editor
        menu.addSeparator()
        self._action(menu, "Puzzle &Name and Description…",
                     lambda: edit_name_and_description(self.window.document, self.window))
        self._action(menu, "Add &Pieces from File…",
                     lambda: add_pieces_from_file(self.window, self.window.document))

    def _view_menu(self, menu: QMenu) -> None:
        group = QActionGroup(menu)
        self.mode_actions = {}
        for mode, text, key in (("design", "&Design", "Ctrl+1"), ("solve", "&Solve", "Ctrl+2"),
                                ("play", "&Play", "Ctrl+3")):
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
        """The shipped puzzles by kind, each with its size as a one-line tooltip (a long one
        would cover the menu) and its description's first sentence as the status tip."""
        found = []
        for path in sorted(examples_dir().glob("*.json")):
            try:
                found.append((path, load_puzzle(path)))
            except PuzzleError:
                continue
        for title, belongs in EXAMPLE_SECTIONS:
            self.examples_menu.addSection(title)
            for path, puzzle in sorted((item for item in found if belongs(item[1])),
                                       key=lambda item: item[1].name.lower()):
                action = self.examples_menu.addAction(puzzle.name)
                action.setStatusTip(first_sentence(puzzle.description))
                action.setToolTip(size_line(puzzle))
                action.triggered.connect(lambda checked=False, p=path: self.window.open_puzzle(p))
        self.examples_menu.setToolTipsVisible(True)

    def example_actions(self) -> list[QAction]:
        return [action for action in self.examples_menu.actions() if not action.isSeparator()]

    # --- recent files -------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.window.settings.value("recent/files", [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)):
            return []  # a settings file edited by hand: no recent files
        return [item for item in value if isinstance(item, str) and item]

    def add_recent(self, path: Path) -> None:
        path_text = str(Path(path).resolve())
        files = [path_text] + [f for f in self.recent_files() if f != path_text]
        self.window.settings.setValue("recent/files", files[:MAX_RECENT])
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for index, name in enumerate(files):
            action = self.recent_menu.addAction(recent_text(index, Path(name)))
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

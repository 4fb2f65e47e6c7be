"""What keeps a user's work and the shipped files safe: examples open as untitled copies and
are never written, the title names the file saved, a failing autosave is never silent, and
the questions about unsaved or recovered work have buttons that say what they do."""

from __future__ import annotations

import dataclasses
import shutil
import sys
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from polygui.files.actions import DISCARD, LATER, RESTORE
from polygui.files.autosave import Recovered
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.resources import examples_dir
from qt_fixtures import make_active
from solvers.puzzle.fileformat import load_puzzle

Button = QMessageBox.StandardButton
REAL_EXEC = QMessageBox.exec  # before the fixture that fails unexpected dialogs replaces it


def remove_a_board_cell(window) -> None:
    window.document.edit("Remove board cells", lambda puzzle: dataclasses.replace(
        puzzle, board=puzzle.board[1:]))


def example_action(window, name: str):
    return next(action for action in window.menus.examples_menu.actions()
                if action.text().lower().startswith(name))


def test_ctrl_s_on_an_example_asks_where_and_leaves_the_example_alone(window, qtbot, tmp_path):
    shipped = examples_dir() / "meteor.json"
    original = shipped.read_bytes()
    example_action(window, "meteor").trigger()
    assert window.path is None and window.puzzle == load_puzzle(shipped)
    assert "as a new puzzle" in window.statusBar().currentMessage()
    window.set_mode("design")
    remove_a_board_cell(window)
    asked = []
    target = tmp_path / "my meteor.json"
    window.files.ask_save_path = lambda: asked.append(True) or str(target)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert asked and shipped.read_bytes() == original
    assert load_puzzle(target, strict=False).board == window.puzzle.board
    assert window.puzzle.board != load_puzzle(shipped).board
    assert window.path == target and not window.isWindowModified()
    example_action(window, "meteor").trigger()  # the example is still as shipped
    assert window.puzzle == load_puzzle(shipped)


def installed_examples(tmp_path, monkeypatch) -> Path:
    """A copy of the examples where an installation puts them (<prefix>/share/polygui), so
    that a test of never writing there cannot damage the checkout's own."""
    prefix = tmp_path / "prefix"
    installed = prefix / "share" / "polygui" / "puzzles"
    shutil.copytree(examples_dir(), installed)
    monkeypatch.setattr(sys, "prefix", str(prefix))
    return installed


def test_an_installed_example_opens_untitled_and_nothing_is_saved_among_them(
        window, tmp_path, monkeypatch):
    installed = installed_examples(tmp_path, monkeypatch)
    shipped = installed / "soma.json"
    original = shipped.read_bytes()
    warned = []
    window.files.warn = lambda title, text: warned.append(text)
    assert window.open_puzzle(shipped)
    assert window.path is None and not window.menus.recent_files()
    remove_a_board_cell(window)
    for name in ("soma.json", "new-example.json"):
        window.files.ask_save_path = lambda name=name: str(installed / name)
        assert not window.files.save()  # asks where, then refuses the folder of examples
        assert "shipped examples" in warned[-1] and "still open, unsaved" in warned[-1]
    assert shipped.read_bytes() == original and not (installed / "new-example.json").exists()
    assert window.isWindowModified()


def test_the_title_names_the_file_after_save_as(window, tmp_path):
    window.set_puzzle(blank_puzzle("hex"))
    assert window.windowTitle() == "Untitled[*] — PolyGUI"
    window.files.ask_save_path = lambda: str(tmp_path / "my board")
    assert window.files.save_as()
    assert window.windowTitle() == "my board.json[*] — PolyGUI"
    window.set_puzzle(dataclasses.replace(load_puzzle(examples_dir() / "soma.json")), None)
    window.files.ask_save_path = lambda: str(tmp_path / "cube.json")
    assert window.files.save_as()
    assert window.windowTitle() == "Soma cube (cube.json)[*] — PolyGUI"


def test_a_failing_autosave_is_said_once_and_marked_until_it_works(window, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the autosave folder should be")
    window.files.autosave.directory = blocked
    window.files.autosave.file = blocked / window.files.autosave.file.name
    warned = []
    window.files.warn = lambda title, text: warned.append((title, text))
    window.set_puzzle(blank_puzzle("hex"))
    window.document.edit("Add board cells", lambda puzzle: dataclasses.replace(
        puzzle, board=((0, 0),)))
    window.files.write_autosave()
    assert [title for title, _ in warned] == ["Autosave failed"]
    assert "not-a-folder" in warned[0][1]
    assert window.files.autosave_warning.isVisible()
    assert "not-a-folder" in window.files.autosave_warning.toolTip()
    window.files.write_autosave()
    assert len(warned) == 1  # one message box for a series of failures
    assert window.files.autosave_warning.isVisible()
    blocked.unlink()
    window.files.write_autosave()
    assert window.files.autosave.file.exists()
    assert not window.files.autosave_warning.isVisible()


def answer_when_shown(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier,
                      seen: list | None = None) -> None:
    """Press `key` in the message box about to open, once it shows."""
    def press() -> None:
        box = QApplication.activeModalWidget()
        if box is None:
            QTimer.singleShot(20, press)
            return
        if seen is not None:
            seen.extend(button.text() for button in box.findChildren(QPushButton))
        make_active(box)
        qtbot.keyClick(box, key, modifier)
    QTimer.singleShot(0, press)


def test_alt_d_discards_in_the_unsaved_changes_prompt(window, qtbot, monkeypatch):
    monkeypatch.setattr(QMessageBox, "exec", REAL_EXEC)
    seen: list[str] = []
    answer_when_shown(qtbot, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier, seen)
    assert window.files._ask_unsaved() == Button.Discard
    assert sorted(seen) == ["&Discard", "&Save", "Cancel"]
    answer_when_shown(qtbot, Qt.Key.Key_Escape)
    assert window.files._ask_unsaved() == Button.Cancel


@pytest.mark.parametrize("key, answer", [(Qt.Key.Key_R, RESTORE), (Qt.Key.Key_D, DISCARD),
                                         (Qt.Key.Key_L, LATER)])
def test_the_recovery_question_has_named_buttons(window, qtbot, monkeypatch, tmp_path,
                                                 key, answer):
    monkeypatch.setattr(QMessageBox, "exec", REAL_EXEC)
    found = Recovered(tmp_path / "autosave-1-1.json", blank_puzzle("hex", "Lost work"), None,
                      datetime(2026, 1, 2, 3, 4))
    seen: list[str] = []
    answer_when_shown(qtbot, key, Qt.KeyboardModifier.AltModifier, seen)
    assert window.files._ask_restore(found) == answer
    assert sorted(seen) == ["&Discard", "&Restore", "Decide &later"]

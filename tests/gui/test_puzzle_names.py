"""A puzzle's name and its file's: the New dialog's name is kept; Save As offers the puzzle's
name as the file name; an untitled puzzle takes its file's name when first saved."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog

from polygui.files.new_puzzle_dialog import NewPuzzleDialog
from polygui.models.status import DEFAULT_NAME
from solvers.puzzle.fileformat import load_puzzle


def test_the_name_typed_in_the_new_dialog_is_the_puzzle_s(qtbot, window):
    def ask(parent):
        dialog = NewPuzzleDialog(parent)
        qtbot.addWidget(dialog)
        dialog.kinds.setCurrentRow(dialog.kinds.count() - 1)
        qtbot.keyClicks(dialog.name, "  Corner cases ")
        create = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
        return dialog.puzzle()

    window.files.ask_new = ask
    assert window.files.new()
    assert window.document.puzzle.name == "Corner cases"
    assert "Corner cases" in window.windowTitle()


def test_save_as_offers_the_puzzle_s_name(window, monkeypatch, tmp_path):
    offered = []

    def dialog(parent, title, start, filters):
        offered.append(Path(start).name)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    window.files.ask_save_path = window.files._ask_save_path  # its dialog replaced above
    window.files.ask_new = lambda parent: NewPuzzleDialog(parent).puzzle()
    window.files.new()
    window.document.edit("Rename", lambda p: dataclasses.replace(p, name="Rows: 2/3"))
    assert not window.files.save_as()
    assert offered == ["Rows 2 3.json"]  # what a file system takes


def test_an_untitled_puzzle_takes_its_file_s_name(window, tmp_path):
    window.files.ask_new = lambda parent: NewPuzzleDialog(parent).puzzle()
    window.files.new()
    assert window.document.puzzle.name == DEFAULT_NAME
    target = tmp_path / "tiling study.json"
    window.files.ask_save_path = lambda: str(target)
    assert window.files.save()
    assert window.document.puzzle.name == "tiling study"
    assert load_puzzle(target).name == "tiling study" and not window.document.is_modified
    window.document.undo_stack.undo()  # one step, undoable
    assert window.document.puzzle.name == DEFAULT_NAME
    named = tmp_path / "other.json"  # a puzzle with a name of its own keeps it
    window.files.ask_save_path = lambda: str(named)
    window.document.edit("Rename", lambda p: dataclasses.replace(p, name="Mine"))
    assert window.files.save_as()
    assert load_puzzle(named).name == "Mine"

"""The app opens a file by what it holds and Save As names what it writes (issue 33: Save As
"urr.xmpuzzle" wrote PolyGUI JSON under that name, listed it in Open Recent, and then neither
the app nor polygui-solve could open it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from puzzles import BURRTOOLS
from qt_fixtures import ASSETS, show_window
from solvers.puzzle.any_file import load_any
from solvers.puzzle.fileformat import load_puzzle, puzzle_to_json

BURR = BURRTOOLS / "CubeInCage.xmpuzzle"


def test_a_json_puzzle_named_xmpuzzle_opens_in_the_app(window, tmp_path):
    puzzle = load_puzzle(ASSETS / "soma.json")
    path = tmp_path / "urr.xmpuzzle"
    path.write_text(puzzle_to_json(puzzle), encoding="utf-8")
    assert window.open_puzzle(path)
    assert window.puzzle == puzzle and window.path == path


def test_a_burrtools_file_named_json_is_imported(window, tmp_path):
    path = tmp_path / "cage.json"
    path.write_bytes(BURR.read_bytes())
    assert window.open_puzzle(path)
    assert window.puzzle.board and window.path is None  # imported: Save asks where


def test_save_as_a_name_of_another_format_writes_name_json_that_opens_again(
        window, qtbot, settings, tmp_path):
    assert window.open_puzzle(ASSETS / "soma.json")
    window.files.ask_save_path = lambda: str(tmp_path / "urr.xmpuzzle")
    qtbot.keyClick(window, Qt.Key.Key_S,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    target = tmp_path / "urr.xmpuzzle.json"
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == [target.name]
    assert window.path == target and not window.isWindowModified()
    assert "urr.xmpuzzle.json" in window.statusBar().currentMessage()
    assert load_any(target) == window.puzzle  # as polygui-solve reads it
    window.files.ask_save_path = lambda: pytest.fail("Save of a .json file asked for a name")
    assert window.files.save()
    again = show_window(qtbot, settings, tmp_path / "autosave-2")
    assert again.open_puzzle(target) and again.puzzle == window.puzzle


def test_save_as_asks_before_replacing_the_file_it_would_write(window, tmp_path):
    target = tmp_path / "urr.xmpuzzle.json"
    target.write_text("kept")
    assert window.open_puzzle(ASSETS / "soma.json")
    window.files.ask_save_path = lambda: str(tmp_path / "urr.xmpuzzle")
    asked = []
    window.files.ask_replace = lambda path: asked.append(path) or False
    assert not window.files.save_as()
    assert asked == [target] and target.read_text() == "kept"
    window.files.ask_replace = lambda path: True
    assert window.files.save_as()
    assert load_puzzle(target) == window.puzzle

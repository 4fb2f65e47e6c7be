"""Files in the app: Save and Save As (atomic, exact round trips), the title asterisk, the
prompt before unsaved work is lost, truncated files refused, autosave offered back after a
crash."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from polygui.files.actions import DISCARD, RESTORE
from polygui.files.autosave import Autosave
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.resources import examples_dir
from qt_fixtures import show_window
from solvers import PuzzleError
from solvers.puzzle.fileformat import load_puzzle, puzzle_to_json

Button = QMessageBox.StandardButton
SHIPPED = sorted(examples_dir().glob("*.json"))


def warnings_of(window) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    window.files.warn = lambda title, text: shown.append((title, text))
    return shown


def rename_piece(window, name: str) -> None:
    window.document.edit("Rename piece", lambda puzzle: dataclasses.replace(
        puzzle, pieces=(dataclasses.replace(puzzle.pieces[0], name=name),) + puzzle.pieces[1:]))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_save_as_and_reopen_is_exact(window, qtbot, settings, tmp_path, path):
    assert window.open_puzzle(path)
    target = tmp_path / "copy.json"
    window.files.ask_save_path = lambda: str(target)
    qtbot.keyClick(window, Qt.Key.Key_S,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert target.read_text("utf-8") == puzzle_to_json(window.puzzle)
    again = show_window(qtbot, settings, tmp_path / "autosave-2")
    assert again.open_puzzle(target)
    assert again.puzzle == load_puzzle(path)
    assert again.path == target and not again.isWindowModified()


def test_title_asterisk_follows_unsaved_changes_and_save_writes_in_place(
        window, qtbot, tmp_path):
    path = tmp_path / "soma.json"
    path.write_bytes((examples_dir() / "soma.json").read_bytes())
    window.open_puzzle(path)
    assert window.windowTitle() == "Soma cube (soma.json)[*] — PolyGUI"
    assert not window.isWindowModified()
    rename_piece(window, "Vee")
    assert window.isWindowModified()
    window.document.undo_stack.undo()
    assert not window.isWindowModified()  # back to what the file holds
    window.document.undo_stack.redo()
    window.files.ask_save_path = lambda: pytest.fail("Save of a .json file asked for a name")
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()
    assert load_puzzle(path).pieces[0].name == "Vee"
    assert not [p for p in tmp_path.iterdir() if p.name != "soma.json" and p.name != "autosave"]


@pytest.mark.parametrize("name", ["soma.json", "sudoku-4x4-empty.json"])
def test_a_file_truncated_at_any_byte_is_refused_and_the_app_keeps_going(
        window, tmp_path, name):
    window.open_puzzle(examples_dir() / "meteor.json")
    before = window.puzzle
    data = (examples_dir() / name).read_bytes()
    shown = warnings_of(window)
    path = tmp_path / name
    complete = data.rstrip()
    refused = 0
    for size in range(len(data)):
        if data[:size].rstrip() == complete:
            continue  # only trailing white space cut: the file is whole
        path.write_bytes(data[:size])
        assert not window.open_puzzle(path), f"opened {name} cut at byte {size}"
        refused += 1
        assert shown[-1][0] == "Cannot open puzzle" and name in shown[-1][1]
        assert window.puzzle == before
    assert refused == len(shown) >= len(data) - 2
    path.write_bytes(data)
    assert window.open_puzzle(path)  # and it still opens a good file


def test_unsaved_changes_prompt_save_discard_or_cancel(window, qtbot, tmp_path):
    answers = []
    window.files.ask_unsaved = lambda: answers.pop(0)
    window.open_puzzle(examples_dir() / "soma.json")
    rename_piece(window, "Vee")
    answers.append(Button.Cancel)
    assert not window.open_puzzle(examples_dir() / "meteor.json")
    assert window.puzzle.pieces[0].name == "Vee" and window.isWindowModified()
    answers.append(Button.Cancel)
    window.close()
    assert window.isVisible() and window.puzzle.pieces[0].name == "Vee"
    target = tmp_path / "kept.json"
    window.files.ask_save_path = lambda: str(target)
    window.document.mark_saved(tmp_path / "kept.txt")  # a text file: Save asks for a name
    rename_piece(window, "Vee2")
    answers.append(Button.Save)
    window.close()
    assert not window.isVisible()
    assert load_puzzle(target).pieces[0].name == "Vee2"


def test_discard_lets_new_replace_the_work(window):
    window.files.ask_unsaved = lambda: Button.Discard
    window.open_puzzle(examples_dir() / "soma.json")
    rename_piece(window, "Vee")
    window.files.ask_new = lambda parent: blank_puzzle("sudoku-6", "Six")
    window.menus.file_menu.actions()[0].trigger()  # File > New…
    assert window.puzzle.sudoku.n == 6 and window.puzzle.name == "Six"
    assert window.is_designing() and not window.isWindowModified()


def test_a_failed_save_says_why_and_keeps_the_work(window, tmp_path):
    shown = warnings_of(window)
    window.open_puzzle(examples_dir() / "soma.json")
    rename_piece(window, "Vee")
    window.files.ask_save_path = lambda: str(tmp_path / "missing-folder" / "x.json")
    assert not window.files.save_as()
    assert shown and "missing-folder" in shown[0][1] and "still open" in shown[0][1]
    assert window.isWindowModified() and window.puzzle.pieces[0].name == "Vee"
    assert not (tmp_path / "missing-folder").exists()


def test_conflicting_givens_save_and_reopen_in_the_app_with_the_clash_shown(window, tmp_path):
    window.files.ask_new = lambda parent: blank_puzzle("sudoku-4", "Clash")
    window.files.new()
    window.editor.set_cell(0, 1)
    window.editor.set_cell(1, 1)
    target = tmp_path / "clash.json"
    window.files.ask_save_path = lambda: str(target)
    assert window.files.save()
    with pytest.raises(PuzzleError, match="conflicting givens"):
        load_puzzle(target)  # the command line refuses it ...
    assert window.open_puzzle(target)  # ... the app opens it to be fixed
    assert "conflicting givens: r1c1 and r1c2 both hold 1" in window.status_line.text()


def dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(child.stdout)


def crash(window) -> None:
    """What a crash leaves: the autosave file of a process that is gone."""
    file = window.files.autosave.file
    assert file.exists()
    file.rename(file.with_name(f"autosave-{dead_pid()}-1.json"))


def test_autosave_is_offered_back_after_a_crash(window, qtbot, settings, tmp_path, monkeypatch):
    monkeypatch.setattr("polygui.files.actions.AUTOSAVE_DELAY_MS", 50)
    folder = tmp_path / "autosave"
    first = show_window(qtbot, settings, folder)  # reads the patched delay
    soma = tmp_path / "soma.json"
    soma.write_bytes((examples_dir() / "soma.json").read_bytes())
    first.open_puzzle(soma)
    first.set_mode("design")  # the user was designing: the recovered work opens there
    rename_piece(first, "Vee")
    qtbot.waitUntil(first.files.autosave.file.exists, timeout=5_000)
    edited = first.puzzle
    crash(first)
    second = show_window(qtbot, settings, folder)
    assert not second.is_designing()
    offered = []
    second.files.ask_restore = lambda found: offered.append(found) or RESTORE
    assert second.files.offer_recovery()
    assert offered[0].puzzle == edited and offered[0].path == soma
    assert second.puzzle == edited and second.isWindowModified() and second.is_designing()
    assert second.path == soma
    assert list(folder.glob("autosave-*.json")) == [second.files.autosave.file]
    second.files.ask_save_path = lambda: str(tmp_path / "recovered.json")
    assert second.files.save_as()
    assert not list(folder.glob("autosave-*.json"))  # saved: nothing left to recover


def test_declined_recovery_is_discarded_and_clean_work_leaves_no_autosave(
        window, qtbot, settings, tmp_path):
    folder = tmp_path / "autosave"
    window.open_puzzle(examples_dir() / "soma.json")
    rename_piece(window, "Vee")
    window.files.write_autosave()
    crash(window)
    other = show_window(qtbot, settings, folder)
    other.files.ask_restore = lambda found: DISCARD
    assert not other.files.offer_recovery()
    assert not list(folder.glob("autosave-*.json"))
    assert Autosave(folder).leftovers() == []
    window.document.undo_stack.undo()  # back to the file: the autosave goes
    window.files.write_autosave()
    assert not window.files.autosave.file.exists()

"""The Sudoku editor, driven by clicks and key presses: typing, clearing, moving, pasting,
clashes shown as they are typed, and Check counting solutions off the GUI thread."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication

from polygui.views.sudoku_view import CONFLICT_FILL
from polygui.editors.sudoku_editor import SudokuEditor
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.models import PuzzleDocument
from polygui.solving.run import running_solves
from solvers import Solution, solve
from solvers.puzzle.textformats import format_sudoku_line

LEFT = Qt.MouseButton.LeftButton


def make_editor(qtbot, size: int = 9) -> SudokuEditor:
    editor = SudokuEditor(PuzzleDocument(blank_puzzle(f"sudoku-{size}")))
    qtbot.addWidget(editor)
    editor.resize(900, 600)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def click_cell(qtbot, editor: SudokuEditor, cell: int) -> None:
    qtbot.mouseClick(editor.canvas, LEFT, pos=editor.canvas.cell_rect(cell).center().toPoint())


def givens(editor: SudokuEditor) -> tuple[int, ...]:
    return editor.document.puzzle.sudoku.givens


def pixel(editor: SudokuEditor, cell: int) -> QColor:
    """The fill of a cell, near its corner (away from the digit)."""
    rect = editor.canvas.cell_rect(cell)
    image = editor.canvas.grab().toImage()
    return image.pixelColor(QPoint(int(rect.left()) + 5, int(rect.top()) + 5))


def only_solution(puzzle) -> tuple[int, ...]:
    return next(e for e in solve(puzzle, "all") if isinstance(e, Solution)).grid


def test_typing_the_reference_sudoku_by_keys_then_solving_gives_its_solution(
        qtbot, window, asset):
    reference = asset("sudoku-reference.json")
    line = format_sudoku_line(reference.sudoku.givens, empty="0")
    window.files.ask_new = lambda parent: blank_puzzle("sudoku-9", "Typed")
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # File > New
    assert window.is_designing()
    editor = window.editor
    assert isinstance(editor, SudokuEditor)
    click_cell(qtbot, editor, 0)
    qtbot.keyClicks(editor.canvas, line)  # each typed symbol moves the selection on
    assert givens(editor) == reference.sudoku.givens
    assert window.isWindowModified() and "Typed" in window.windowTitle()
    qtbot.keyClick(window, Qt.Key.Key_F5)  # Solve: switches to the Solve mode and runs
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=30_000)
    assert not window.is_designing()
    assert len(window.store) == 1
    assert window.store.solution(0).grid == only_solution(reference)


def test_clashing_givens_are_marked_as_soon_as_typed(qtbot):
    editor = make_editor(qtbot)
    click_cell(qtbot, editor, 0)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_5)
    assert editor.canvas.conflicts == frozenset()
    click_cell(qtbot, editor, 8)  # same row
    qtbot.keyClick(editor.canvas, Qt.Key.Key_5)
    assert editor.canvas.conflicts == {0, 8}
    assert "r1c1 and r1c9 both hold 5" in editor.message.text()
    click_cell(qtbot, editor, 40)  # move the selection away before looking at the fill
    assert pixel(editor, 8) == CONFLICT_FILL and pixel(editor, 0) == CONFLICT_FILL
    assert pixel(editor, 1) != CONFLICT_FILL
    click_cell(qtbot, editor, 8)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Delete)
    assert editor.canvas.conflicts == frozenset() and editor.message.text() == ""


def test_keys_move_clear_and_refuse_with_the_reason(qtbot):
    editor = make_editor(qtbot)
    click_cell(qtbot, editor, 10)  # r2c2
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Right)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Down)
    assert editor.canvas.selected == 20  # r3c3
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Tab)
    assert editor.canvas.selected == 21
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert editor.canvas.selected == 20
    qtbot.keyClick(editor.canvas, Qt.Key.Key_7)
    assert givens(editor)[20] == 7 and editor.canvas.selected == 21
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Left)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Backspace)
    assert givens(editor)[20] == 0
    qtbot.keyClick(editor.canvas, Qt.Key.Key_A)  # no letters in a 9x9
    assert givens(editor) == (0,) * 81
    assert "“A” is not a symbol of a 9×9 Sudoku" in editor.message.text()


def test_letters_past_nine_in_a_16x16(qtbot):
    editor = make_editor(qtbot, 16)
    click_cell(qtbot, editor, 0)
    qtbot.keyClicks(editor.canvas, "9ag")
    assert givens(editor)[:3] == (9, 10, 16)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_H)
    assert givens(editor)[3] == 0 and "use 1–G" in editor.message.text()


def test_paste_a_line_is_one_undo_step(qtbot, asset):
    editor = make_editor(qtbot)
    reference = asset("sudoku-reference.json")
    QGuiApplication.clipboard().setText(format_sudoku_line(reference.sudoku.givens))
    editor.canvas.setFocus()
    qtbot.keyClick(editor.canvas, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert givens(editor) == reference.sudoku.givens
    assert editor.document.undo_stack.undoText() == "Paste Sudoku line"
    editor.document.undo_stack.undo()
    assert givens(editor) == (0,) * 81
    QGuiApplication.clipboard().setText("not a sudoku")
    qtbot.mouseClick(editor.paste_button, LEFT)
    assert givens(editor) == (0,) * 81
    assert editor.message.text().startswith("Paste: the clipboard holds no Sudoku line")


def test_undo_and_redo_restore_each_typed_cell_exactly(qtbot):
    editor = make_editor(qtbot)
    stack = editor.document.undo_stack
    snapshots = [editor.document.puzzle]
    click_cell(qtbot, editor, 0)
    for key in (Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5):
        qtbot.keyClick(editor.canvas, key)
        snapshots.append(editor.document.puzzle)
    click_cell(qtbot, editor, 1)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Delete)
    snapshots.append(editor.document.puzzle)
    assert stack.undoText() == "Clear r1c2"
    for expected in reversed(snapshots[:-1]):
        stack.undo()
        assert editor.document.puzzle == expected
    for expected in snapshots[1:]:
        stack.redo()
        assert editor.document.puzzle == expected


def check(qtbot, editor: SudokuEditor) -> str:
    with qtbot.waitSignal(editor.checked, timeout=30_000) as verdict:
        qtbot.mouseClick(editor.check_button, LEFT)
    return verdict.args[0]


@pytest.mark.parametrize("line, verdict", [
    (None, "Exactly one solution"),  # the reference puzzle
    ("1" + "0" * 80, "Several solutions"),
    # r1c3 can hold nothing: 1 and 2 in its row, 3 in its box, 4 below it (a 4x4)
    ("1200" "0030" "0040" "0000", "No solution"),
    ("1100" + "0" * 12, "No solution: conflicting givens"),
])
def test_check_says_none_one_or_several(qtbot, asset, line, verdict):
    reference = asset("sudoku-reference.json")
    line = line or format_sudoku_line(reference.sudoku.givens)
    editor = make_editor(qtbot, 4 if len(line) == 16 else 9)
    QGuiApplication.clipboard().setText(line)
    qtbot.mouseClick(editor.paste_button, LEFT)
    assert check(qtbot, editor).startswith(verdict)
    assert editor.verdict.text().startswith(verdict)


def test_check_finishes_on_the_gui_thread_and_ends_its_thread(qtbot, asset):
    """The worker's signals reach the editor queued: the verdict is shown, and the finished
    run joined, by the GUI thread (a lambda slot ran them in the solver thread, which then
    waited on itself and stayed running)."""
    editor = make_editor(qtbot)
    QGuiApplication.clipboard().setText(format_sudoku_line(
        asset("sudoku-reference.json").sudoku.givens))
    qtbot.mouseClick(editor.paste_button, LEFT)
    threads: list[int] = []
    editor.checked.connect(lambda _text: threads.append(threading.get_ident()),
                           Qt.ConnectionType.DirectConnection)  # runs where it is emitted
    for _ in range(3):
        assert check(qtbot, editor).startswith("Exactly one solution")
        assert editor.check_run is None and editor.check_button.isEnabled()
        assert running_solves() == []
    assert threads == [threading.main_thread().ident] * 3


def test_a_refused_key_is_forgotten_once_the_selection_moves_on(qtbot):
    editor = make_editor(qtbot)
    click_cell(qtbot, editor, 0)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_A)
    assert "is not a symbol" in editor.message.text()
    click_cell(qtbot, editor, 5)
    assert editor.message.text() == ""
    qtbot.keyClick(editor.canvas, Qt.Key.Key_3)
    click_cell(qtbot, editor, 3)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_3)  # a clash: it stays while it lasts
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Right)
    assert "both hold 3" in editor.message.text()

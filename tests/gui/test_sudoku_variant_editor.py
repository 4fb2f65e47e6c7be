"""The Sudoku editor builds the variants by clicks and keys: a jigsaw's regions typed as
letters or dragged, an X-Sudoku's diagonals, killer cages dragged with their sums typed; each
saved, reopened in a new window and solved by the worker to its published solution."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from polygui.editors.sudoku_editor import SudokuEditor
from polygui.editors.sudoku_rules_canvas import Mode
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.models import PuzzleDocument
from solvers import Solution, solve
from solvers.puzzle.sudoku_file import REGION_LETTERS
from solvers.puzzle.textformats import format_sudoku_line

LEFT = Qt.MouseButton.LeftButton
SHIFT = Qt.KeyboardModifier.ShiftModifier


def centre(editor: SudokuEditor, cell: int):
    return editor.canvas.cell_rect(cell).center().toPoint()


def click_cell(qtbot, editor: SudokuEditor, cell: int, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(editor.canvas, LEFT, modifier, pos=centre(editor, cell))


def drag(qtbot, editor: SudokuEditor, cells: list[int]) -> None:
    """Press on the first cell, move over the others, release on the last."""
    qtbot.mousePress(editor.canvas, LEFT, pos=centre(editor, cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(editor.canvas, pos=centre(editor, cell))
    qtbot.mouseRelease(editor.canvas, LEFT, pos=centre(editor, cells[-1]))


def choose_mode(qtbot, editor: SudokuEditor, mode: Mode) -> None:
    button = editor.rules.mode_buttons[mode]  # a radio button takes clicks on its circle
    qtbot.mouseClick(button, LEFT, pos=QPoint(8, button.height() // 2))
    assert editor.canvas.mode is mode


def tick(qtbot, box) -> None:
    qtbot.mouseClick(box, LEFT, pos=QPoint(8, box.height() // 2))


def type_sum(qtbot, editor: SudokuEditor, total: int) -> None:
    spin = editor.rules.cage_sum
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(total))
    qtbot.keyClick(spin, Qt.Key.Key_Return)


def type_givens(qtbot, editor: SudokuEditor, givens) -> None:
    choose_mode(qtbot, editor, Mode.GIVENS)
    click_cell(qtbot, editor, 0)
    qtbot.keyClicks(editor.canvas, format_sudoku_line(givens, empty="0"))


def new_sudoku(qtbot, window, name: str) -> SudokuEditor:
    window.resize(1200, 900)
    window.files.ask_new = lambda parent: blank_puzzle("sudoku-9", name)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    editor = window.editor
    assert isinstance(editor, SudokuEditor)
    qtbot.waitExposed(editor.canvas)
    return editor


def save_reopen_and_solve(qtbot, window, settings, path: Path):
    """Save (Ctrl+S), open the file in a new window, solve there (F5); that window."""
    from qt_fixtures import show_window

    window.files.ask_save_path = lambda: str(path)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified() and path.exists()
    reopened = show_window(qtbot, settings, path.parent / f"autosave-{path.stem}")
    assert reopened.open_puzzle(path) and reopened.puzzle == window.puzzle
    qtbot.keyClick(reopened, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not reopened.is_solving(), timeout=60_000)
    return reopened


def published(puzzle) -> tuple[int, ...]:
    solutions = [e.grid for e in solve(puzzle, "all", limit=0) if isinstance(e, Solution)]
    assert len(solutions) == 1
    return solutions[0]


def region_letters(grid) -> str:
    n = grid.n
    return "".join(REGION_LETTERS[region] for region in grid.regions[:n * n])


@pytest.mark.parametrize("kind", ["jigsaw", "x", "killer"])
def test_each_variant_built_by_clicks_and_keys_saved_reopened_and_solved(
        qtbot, window, asset, settings, tmp_path, kind):
    shipped = asset(f"sudoku-{kind}.json")
    target = shipped.sudoku
    editor = new_sudoku(qtbot, window, f"{kind} by hand")
    if kind == "jigsaw":
        choose_mode(qtbot, editor, Mode.REGIONS)
        click_cell(qtbot, editor, 0)
        qtbot.keyClicks(editor.canvas, region_letters(target))  # each letter moves on
        assert editor.document.puzzle.sudoku.regions == target.regions
    elif kind == "x":
        tick(qtbot, editor.rules.diagonals)
        assert editor.document.puzzle.sudoku.diagonals
    else:
        choose_mode(qtbot, editor, Mode.CAGES)
        for cage in target.cages:
            drag(qtbot, editor, list(cage.cells))
            type_sum(qtbot, editor, cage.total)
        assert editor.document.puzzle.sudoku.cages == target.cages
    type_givens(qtbot, editor, target.givens)
    assert editor.document.puzzle.sudoku == target
    assert "Sudoku 9×9" in window.status_line.text()
    reopened = save_reopen_and_solve(qtbot, window, settings, tmp_path / f"{kind}.json")
    assert reopened.browser.count == 1
    assert reopened.store.solution(0).grid == published(shipped)


def make_editor(qtbot, size: int = 4) -> SudokuEditor:
    editor = SudokuEditor(PuzzleDocument(blank_puzzle(f"sudoku-{size}")))
    qtbot.addWidget(editor)
    editor.resize(900, 600)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def test_a_region_drag_is_one_undo_step_and_wrong_sizes_are_named(qtbot):
    editor = make_editor(qtbot)
    choose_mode(qtbot, editor, Mode.REGIONS)
    drag(qtbot, editor, [0, 2, 6])  # r1c3 and r2c3 join r1c1's box
    grid = editor.document.puzzle.sudoku
    assert grid.regions[:8] == (0, 0, 0, 1, 0, 0, 0, 1)
    assert editor.message.text() == ("Cannot be solved: the region at r1c1 has 6 cells; each "
                                     "region needs 4; the region at r1c4 has 2 cells; each "
                                     "region needs 4")
    stack = editor.document.undo_stack
    assert stack.undoText().startswith("Move r1c3 and 1 more to a region")
    stack.undo()
    assert editor.document.puzzle.sudoku.regions == () and editor.message.text() == ""
    qtbot.keyClick(editor.canvas, Qt.Key.Key_E)  # a 4x4 has regions A-D
    assert "in regions mode type a region's letter, A–D" in editor.message.text()


def test_cages_are_selected_changed_by_shift_click_and_deleted_undoably(qtbot):
    editor = make_editor(qtbot)
    choose_mode(qtbot, editor, Mode.CAGES)
    drag(qtbot, editor, [0, 1])
    type_sum(qtbot, editor, 3)
    cages = editor.document.puzzle.sudoku.cages
    assert [(c.total, c.cells) for c in cages] == [(3, (0, 1))]
    click_cell(qtbot, editor, 4, SHIFT)  # r2c1 joins the selected cage
    assert editor.document.puzzle.sudoku.cages[0].cells == (0, 1, 4)
    assert "Cannot be solved: the cage at r1c1 (sum 3): 3 different symbols sum to 6..9" \
        in editor.message.text()
    type_sum(qtbot, editor, 7)
    assert editor.message.text() == ""
    click_cell(qtbot, editor, 1, SHIFT)  # and r1c2 leaves it
    assert editor.document.puzzle.sudoku.cages[0].cells == (0, 4)
    click_cell(qtbot, editor, 10)  # not caged: a new one-cell cage
    assert len(editor.document.puzzle.sudoku.cages) == 2
    click_cell(qtbot, editor, 4)  # a click on a caged cell selects its cage
    assert editor.rules.cage_label.text() == "Cage at r1c1:" and editor.rules.cage_sum.value() == 7
    qtbot.keyClick(editor.canvas, Qt.Key.Key_Delete)
    assert [c.cells for c in editor.document.puzzle.sudoku.cages] == [(10,)]
    editor.document.undo_stack.undo()
    assert [c.cells for c in editor.document.puzzle.sudoku.cages] == [(0, 4), (10,)]


def test_the_diagonals_checkbox_is_undoable_and_follows_undo(qtbot):
    editor = make_editor(qtbot)
    tick(qtbot, editor.rules.diagonals)
    assert editor.document.puzzle.sudoku.diagonals
    assert "both diagonals" in editor.summary.text()
    editor.document.undo_stack.undo()
    assert not editor.document.puzzle.sudoku.diagonals and not editor.rules.diagonals.isChecked()
    choose_mode(qtbot, editor, Mode.GIVENS)
    click_cell(qtbot, editor, 0)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_1)
    click_cell(qtbot, editor, 15)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_1)
    assert editor.canvas.conflicts == frozenset()
    tick(qtbot, editor.rules.diagonals)  # now r1c1 and r4c4 share a diagonal
    assert editor.canvas.conflicts == {0, 15}
    assert "r1c1 and r4c4 both hold 1" in editor.message.text()

"""Sudoku in Play mode (issue 34): the shipped reference Sudoku played to the end with Hint
alone, Check marking a wrong digit in red, pencil marks (the pencil, Shift+digit, automatic
candidates), Solve step by step showing the grid at a step's moment, and the pages of
Sudoku and of pieces taking turns in the window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from polygui.play.page import PlayPage
from polygui.play.sudoku_page import SudokuPlayPage
from polygui.resources import examples_dir
from solvers.logic import Board, solve_logically
from solvers.logic.levels import difficulty_text
from solvers.logic.solver import apply, solve_sudoku
from solvers.logic.truth import unique_solution
from solvers.puzzle.any_file import load_any

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def play(window, qtbot):
    """The reference Sudoku in Play mode (Ctrl+3), once its solution and steps are known."""
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    assert window.play.is_playing()
    page = window.play.page
    assert isinstance(page, SudokuPlayPage)
    qtbot.waitUntil(lambda: page.facts is not None, timeout=30_000)
    return window, page


def click_cell(qtbot, canvas, cell: int) -> None:
    qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_rect(cell).center().toPoint())
    assert canvas.selected == cell


def empty_cells(page) -> list[int]:
    return [cell for cell, value in enumerate(page.model.state.values) if not value]


def test_the_reference_sudoku_played_to_the_end_with_hint_alone(play, qtbot):
    window, page = play
    grid = window.document.puzzle.sudoku
    presses = 0
    while not page.solved:
        before = page.model.state
        qtbot.mouseClick(page.hint_button, LEFT)  # names the step, shows its cells
        qtbot.waitUntil(lambda: page.hint is not None)
        step = page.hint
        assert step.technique in page.status_text() and "again to apply" in page.status_text()
        assert page.model.state == before  # nothing applied yet
        assert page.canvas.highlight.placements == frozenset(step.placements)
        qtbot.mouseClick(page.hint_button, LEFT)  # applies it
        assert page.model.state != before
        presses += 1
        assert presses <= grid.n * grid.n, "Hint makes no progress"
    assert page.model.state.values == unique_solution(grid)  # the brute-force solver's
    assert page.status_text().startswith("Solved! in ")
    assert page.status_text().endswith(f"with {presses} hints")
    assert not page.hint_button.isEnabled()
    assert presses == page.model.stack.count()  # each applied hint is one undoable move


def test_check_marks_a_wrong_digit_in_red(play, qtbot):
    window, page = play
    solution = page.facts.solution
    wrong_cell, right_cell = empty_cells(page)[:2]
    click_cell(qtbot, page.canvas, wrong_cell)
    wrong_digit = next(d for d in range(1, 10) if d != solution[wrong_cell])
    qtbot.keyClick(page.canvas, str(wrong_digit))
    click_cell(qtbot, page.canvas, right_cell)
    qtbot.keyClick(page.canvas, str(solution[right_cell]))
    assert page.model.state.values[wrong_cell] == wrong_digit
    assert page.canvas.highlight.wrong == frozenset()  # nothing shown before Check
    qtbot.mouseClick(page.check_button, LEFT)
    assert page.wrong == {wrong_cell} and page.canvas.highlight.wrong == {wrong_cell}
    assert page.status_text() == "Check: 1 wrong digit, in red."
    qtbot.mouseClick(page.hint_button, LEFT)  # no hint on a wrong grid: it says where
    assert "wrong" in page.status_text() and page.hint is None
    page.model.stack.undo()  # the right digit
    page.model.stack.undo()  # the wrong one
    assert page.model.state.values[wrong_cell] == 0 and page.canvas.highlight.wrong == set()
    assert page.clock.started


def test_pencil_marks_toggle(play, qtbot):
    _, page = play
    canvas = page.canvas
    cell = empty_cells(page)[0]
    click_cell(qtbot, canvas, cell)
    qtbot.keyClick(canvas, Qt.Key.Key_P)  # the pencil on
    assert page.pencil_button.isChecked()
    qtbot.keyClick(canvas, "4")
    qtbot.keyClick(canvas, "7")
    assert page.model.state.marks[cell] == 1 << 3 | 1 << 6
    assert page.model.state.values[cell] == 0 and canvas.candidates[cell] == 1 << 3 | 1 << 6
    qtbot.keyClick(canvas, "4")  # off again
    assert page.model.state.marks[cell] == 1 << 6
    qtbot.mouseClick(page.pencil_button, LEFT)  # the pencil off: Shift+digit still marks
    qtbot.keyClick(canvas, Qt.Key.Key_2, SHIFT)
    assert page.model.state.marks[cell] == 1 << 6 | 1 << 1
    qtbot.keyClick(canvas, "7")  # a plain digit is entered, and leaves its peers' marks
    assert page.model.state.values[cell] == 7
    page.model.stack.undo()
    page.auto_box.setChecked(True)  # automatic candidates: the digits its peers leave
    automatic = Board.from_grid(page.model.grid).candidates[cell]
    assert canvas.candidates[cell] == automatic
    digit = automatic.bit_length()  # one of them, struck out with the pencil
    qtbot.keyClick(canvas, str(digit), SHIFT)
    assert canvas.candidates[cell] == automatic & ~(1 << (digit - 1))
    page.auto_box.setChecked(False)  # back to the player's own marks, kept
    assert canvas.candidates[cell] == 1 << 6 | 1 << 1


def test_a_step_of_the_list_shows_the_grid_at_that_moment(play, qtbot):
    window, page = play
    grid = window.document.puzzle.sudoku
    path = solve_logically(Board.from_grid(grid))  # the steps, worked out here
    qtbot.mouseClick(page.steps_button, LEFT)
    steps = page.steps_panel.steps
    assert page.steps_panel.isVisible() and steps.count() == len(path.steps)
    assert page.steps_panel.difficulty.text().startswith("Difficulty: ")
    index = len(path.steps) // 2
    item = steps.item(index)
    assert item.text().startswith(f"{index + 1}. {path.steps[index].technique}")
    qtbot.mouseClick(steps.viewport(), LEFT, pos=steps.visualItemRect(item).center())
    board = Board.from_grid(grid)
    for step in path.steps[:index]:
        apply(board, step)
    assert list(page.canvas._values) == board.values
    assert page.canvas.candidates == board.candidates
    assert page.canvas.highlight.placements == set(path.steps[index].placements)
    assert not page.canvas.editable and page.steps_panel.back_button.isVisible()
    qtbot.mouseClick(page.steps_panel.back_button, LEFT)
    assert list(page.canvas._values) == list(grid.givens) and page.canvas.editable
    assert page.model.stack.count() == 0  # looking at steps is no move


def test_sudoku_and_pieces_each_play_on_their_own_page(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    assert window.menus.mode_actions["play"].isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    sudoku_page = window.play.page
    assert isinstance(sudoku_page, SudokuPlayPage) and window.play.is_playing()
    window.open_puzzle(examples_dir() / "pentominoes-8x8-hole.json")
    assert isinstance(window.play.page, PlayPage) and window.play.is_playing()
    window.open_puzzle(examples_dir() / "sudoku-x.json")
    assert window.play.page is sudoku_page and window.play.is_playing()
    assert sudoku_page.puzzle.sudoku.diagonals
    qtbot.waitUntil(lambda: sudoku_page.facts is not None, timeout=30_000)
    qtbot.keyClick(sudoku_page.canvas, Qt.Key.Key_H)  # the Sudoku's Hint, not the pieces'
    qtbot.waitUntil(lambda: sudoku_page.hint is not None)
    qtbot.keyClick(sudoku_page.canvas, Qt.Key.Key_H)  # a button's shortcut clicks it soon
    qtbot.waitUntil(lambda: sudoku_page.model.stack.count() == 1)
    assert sudoku_page.hints == 1


def test_the_hardest_puzzle_is_rated_and_hinted_by_its_chains(window, qtbot):
    """A puzzle singles cannot start (it needs chains at once): the difficulty line and the
    first hint are the logical solver's own, computed here."""
    puzzle = load_any(examples_dir() / "sudoku-hard.json")
    path, rating = solve_sudoku(puzzle.sudoku)
    window.open_puzzle(examples_dir() / "sudoku-hard.json")
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    page = window.play.page
    qtbot.waitUntil(lambda: page.facts is not None, timeout=120_000)
    assert page.steps_panel.difficulty.text() == difficulty_text(rating, 9)
    qtbot.mouseClick(page.hint_button, LEFT)
    qtbot.waitUntil(lambda: page.hint is not None, timeout=120_000)
    assert page.hint.technique == path.steps[0].technique
    assert path.steps[0].technique in page.status_text()
    assert page.model.stack.count() == 0  # the first press names it, the second applies it


def test_a_sudoku_of_many_solutions_plays_without_check_and_hint(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-4x4-empty.json")
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    page = window.play.page
    qtbot.waitUntil(lambda: bool(page.refusal))
    assert "more than one solution" in page.steps_panel.difficulty.text()
    qtbot.mouseClick(page.hint_button, LEFT)
    assert page.status_text().startswith("No hint: ") and "more than one" in page.status_text()
    qtbot.mouseClick(page.check_button, LEFT)
    assert page.status_text().startswith("Check needs the solution: ")
    click_cell(qtbot, page.canvas, 0)
    qtbot.keyClick(page.canvas, "3")  # digits still go in
    assert page.model.state.values[0] == 3


def test_hints_cross_out_eliminations_then_strike_them(qtbot):
    """A puzzle Sudoku Explainer rates 4.2 (easy200, in tests/data/sudoku/rated-sample.tsv),
    played with Hint alone and the automatic candidates on: a step that eliminates shows its
    eliminations crossed out, and applying it takes them out of the candidates."""
    puzzle = load_any("45...2....179.4.25...5.61.3.2...7..8....2.6.4..5.8......4...35...1.......82....."
                      "9")
    page = SudokuPlayPage(puzzle)
    qtbot.addWidget(page)
    page.auto_box.setChecked(True)
    qtbot.waitUntil(lambda: page.facts is not None, timeout=30_000)
    eliminating = []
    while not page.solved and len(eliminating) < 3:
        qtbot.mouseClick(page.hint_button, LEFT)
        qtbot.waitUntil(lambda: page.hint is not None)
        step = page.hint
        if step.eliminations:
            eliminating.append(step.technique)
            assert page.canvas.highlight.eliminations == set(step.eliminations)
            assert page.canvas.highlight.cells >= set(step.cells)
        qtbot.mouseClick(page.hint_button, LEFT)
        for cell, digit in step.eliminations:
            assert not page.canvas.candidates[cell] >> (digit - 1) & 1
    assert "XY-Wing" in eliminating  # the step that makes it 4.2
    page.model.stack.undo()  # the last hint comes back as a candidate
    assert all(page.canvas.candidates[cell] >> (digit - 1) & 1
               for cell, digit in step.eliminations)
    page.shutdown()

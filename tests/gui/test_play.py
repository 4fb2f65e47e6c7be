"""Play mode (issue 33), driven by the mouse and the keys: Dana Scott's 8x8 board with the
centre hole solved by hand after two hints, a bad drop, the red mark on a piece in no
solution and its undo (Sudoku's Play: test_sudoku_play.py)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from polygui.play.page import IN_NO_SOLUTION
from polygui.resources import examples_dir
from solvers import Solution, solve
from solvers.play.check import solution_with
from solvers.play.moves import PlayBoard
from solvers.puzzle.grids import normalise

CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton
# What waits for the checker (a search on its worker thread) gives it a minute: on a loaded
# machine, a first check that compiles its kernels takes longer than pytest-qt's 5 s.
CHECKED = 60_000


@pytest.fixture
def play(window, qtbot):
    """The 8x8-with-hole board in Play mode (Ctrl+3): the window, its page."""
    window.open_puzzle(examples_dir() / "pentominoes-8x8-hole.json")
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    assert window.play.is_playing()
    page = window.play.page
    qtbot.waitUntil(lambda: page.checker.state == "solvable", timeout=CHECKED)  # the first check
    return window, page


def turn_in_tray(qtbot, canvas, piece: int, wanted: tuple) -> None:
    """R (and F when needed) on the tray piece under the mouse until it lies as `wanted`."""
    for _flips in range(2):
        for _ in range(6):  # six turns go round on hexagons and triangles
            if canvas.shapes[piece] == wanted:
                return
            qtbot.mouseMove(canvas, canvas.tray_point(piece, 0))
            qtbot.keyClick(canvas, Qt.Key.Key_R)
        if canvas.shapes[piece] == wanted:
            return
        qtbot.mouseMove(canvas, canvas.tray_point(piece, 0))
        qtbot.keyClick(canvas, Qt.Key.Key_F)
    assert canvas.shapes[piece] == wanted


def drag(qtbot, canvas, start, end) -> None:
    qtbot.mousePress(canvas, LEFT, pos=start)
    qtbot.mouseMove(canvas, start + (end - start) / 2)
    qtbot.mouseMove(canvas, end)
    qtbot.mouseRelease(canvas, LEFT, pos=end)


def place_from_tray(qtbot, canvas, piece: int, cells: tuple) -> None:
    """Turn `piece` in the tray to the shape of `cells`, then drag it there by its first cell
    (a shape's cells keep their order when moved)."""
    turn_in_tray(qtbot, canvas, piece, normalise(np.array(cells), canvas.puzzle.kind))
    drag(qtbot, canvas, canvas.tray_point(piece, 0), canvas.cell_point(cells[0]))


def test_the_8x8_board_solved_by_hand_after_two_hints(play, qtbot):
    window, page = play
    canvas = page.canvas
    for hinted in (1, 2):
        qtbot.mouseClick(page.hint_button, LEFT)
        qtbot.waitUntil(lambda: len(page.model.placed) == hinted, timeout=CHECKED)
    assert page.clock.running
    hints = page.model.placed
    solution = solution_with(window.document.puzzle, hints)  # the solver's, not a stored one
    assert solution is not None and set(hints) <= set(solution)
    for piece, cells in solution:
        if (piece, cells) not in hints:
            place_from_tray(qtbot, canvas, piece, cells)
            assert (piece, cells) in page.model.placed
    assert set(page.model.placed) == set(solution)
    qtbot.waitUntil(lambda: page.status_text().startswith("Solved! in "), timeout=CHECKED)
    assert page.status_text().endswith("with 2 hints")
    assert not page.clock.running
    stopped = page.clock.seconds()
    qtbot.wait(1100)
    assert page.clock.seconds() == stopped and page.clock_label.text() == page.clock.text()
    assert window.document.undo_stack.count() == 0  # the design's history is untouched


def test_a_drop_where_the_piece_cannot_go_returns_it_to_the_tray(play, qtbot):
    _window, page = play
    canvas = page.canvas
    bar = 1  # I: five in a column, as the file has it
    assert canvas.shapes[bar] == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))
    drag(qtbot, canvas, canvas.tray_point(bar, 0), canvas.cell_point((3, 0)))  # over the hole
    assert page.model.placed == () and page.model.left(bar) == 1
    assert "cannot go there" in page.status_text()
    drag(qtbot, canvas, canvas.tray_point(bar, 0), canvas.cell_point((0, 0)))
    assert page.model.placed == ((bar, ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))),)
    # dragged off the board, a placed piece goes back to the tray
    drag(qtbot, canvas, canvas.cell_point((0, 2)), canvas.tray_point(0, 0))
    assert page.model.placed == () and page.model.left(bar) == 1


def test_a_piece_in_no_solution_is_marked_red_until_undone(play, qtbot):
    window, page = play
    canvas = page.canvas
    puzzle = window.document.puzzle
    moves = PlayBoard(puzzle)
    used = {(piece, tuple(sorted(cells))) for event in solve(puzzle, "all")
            if isinstance(event, Solution) for piece, cells in event.pieces}
    dead = next(placement for placement in sorted(moves.rows) if placement not in used
                and normalise(np.array(placement[1])) == moves.start_shape(placement[0]))
    place_from_tray(qtbot, canvas, *dead)
    assert page.model.placed == (dead,)
    qtbot.waitUntil(lambda: canvas.marked == {dead}, timeout=CHECKED)
    assert page.status_text() == IN_NO_SOLUTION
    assert page.take_back_button.isVisible()
    qtbot.mouseClick(page.hint_button, LEFT)  # no hint: says so, places nothing
    assert page.model.placed == (dead,) and "No hint" in page.status_text()
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)  # the window's Undo drives the play's history
    assert page.model.placed == ()
    qtbot.waitUntil(lambda: not canvas.marked and page.status_text() != IN_NO_SOLUTION, timeout=CHECKED)
    assert not page.take_back_button.isVisible()
    qtbot.keyClick(canvas, Qt.Key.Key_Y, CTRL)  # redo: the mark comes back
    assert page.model.placed == (dead,)
    qtbot.waitUntil(lambda: canvas.marked == {dead}, timeout=CHECKED)


def test_turning_a_placed_piece_and_leaving_play_keeps_the_game(play, qtbot):
    window, page = play
    canvas = page.canvas
    drag(qtbot, canvas, canvas.tray_point(1, 0), canvas.cell_point((0, 0)))
    qtbot.mouseMove(canvas, canvas.cell_point((0, 0)))
    qtbot.keyClick(canvas, Qt.Key.Key_R)  # clockwise about (0, 0): off the board's left
    assert page.model.placed == ((1, ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))),)
    assert page.status_text() == "No room to turn I there"
    qtbot.keyClick(canvas, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)  # the other way
    assert page.model.placed == ((1, ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))),)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    assert not page.clock.running
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    assert page.model.placed == ((1, ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))),)
    assert page.clock.running
    window.document.edit("Rename", lambda puzzle: puzzle.__class__(
        **{**puzzle.__dict__, "name": "Renamed"}))
    assert page.model.placed == () and "started over" in page.status_text()


@pytest.mark.parametrize("name", ["meteor.json", "hexiamonds-6x6.json", "tetrasticks-5x5.json"])
def test_pieces_snap_onto_hexagons_triangles_and_sticks(window, qtbot, name):
    window.open_puzzle(examples_dir() / name)
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    page = window.play.page
    canvas, puzzle = page.canvas, window.document.puzzle
    moves = PlayBoard(puzzle)
    piece = len(puzzle.pieces) - 1
    wanted = next(cells for kind, cells in sorted(moves.rows) if kind == piece)
    place_from_tray(qtbot, canvas, piece, wanted)  # turned and flipped with R and F first
    assert page.model.placed == ((piece, wanted),)
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)
    assert page.model.placed == ()


def test_undoing_a_hint_lowers_the_hint_count(play, qtbot):
    _window, page = play
    qtbot.mouseClick(page.hint_button, LEFT)
    qtbot.waitUntil(lambda: len(page.model.placed) == 1, timeout=CHECKED)
    assert page.hints == 1
    qtbot.keyClick(page.canvas, Qt.Key.Key_Z, CTRL)
    assert page.model.placed == () and page.hints == 0
    qtbot.keyClick(page.canvas, Qt.Key.Key_Y, CTRL)
    assert len(page.model.placed) == 1 and page.hints == 1


def test_undoing_a_restart_gives_the_clock_back_its_time(play, qtbot):
    _window, page = play
    canvas = page.canvas
    drag(qtbot, canvas, canvas.tray_point(1, 0), canvas.cell_point((0, 0)))
    assert page.clock.running
    qtbot.mouseClick(page.restart_button, LEFT)
    assert page.model.placed == () and not page.clock.started
    assert page.clock_label.text() == "0:00" and page.clock.seconds() == 0.0
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)
    assert len(page.model.placed) == 1
    assert page.clock.running and page.clock.started  # at once, not at the next move
    qtbot.keyClick(canvas, Qt.Key.Key_Y, CTRL)  # the Restart again: the clock at zero
    assert page.model.placed == () and not page.clock.started


def test_no_automatic_estimate_starts_while_play_shows(window, qtbot):
    window.open_puzzle(examples_dir() / "pentominoes-8x8-hole.json")  # Solve mode: one is due
    estimating = window.estimating
    assert estimating._timer.isActive()
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    assert not estimating._timer.isActive() and estimating.job is None


def test_the_selection_stays_on_its_piece_through_an_undo(play, qtbot):
    _window, page = play
    canvas = page.canvas
    drag(qtbot, canvas, canvas.tray_point(1, 0), canvas.cell_point((0, 0)))  # I, column 0
    drag(qtbot, canvas, canvas.tray_point(2, 0), canvas.cell_point((5, 0)))  # L, column 5
    first, second = page.model.placed
    qtbot.mouseClick(canvas, Qt.MouseButton.RightButton, pos=canvas.cell_point((0, 0)))
    assert page.model.placed == (second,)
    qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_point(second[1][0]))  # select it
    assert canvas.selected == 0
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)  # the first piece comes back before it
    assert page.model.placed == (first, second)
    assert canvas.selected == 1  # still the second piece, not whatever is first now

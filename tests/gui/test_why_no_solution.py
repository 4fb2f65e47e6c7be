"""Why there is no solution, in the window: a certificate found before searching is named in
the status line and by Solve and drawn on the board; after a complete search without a
solution, the pieces, pins (or Sudoku givens and rules) that cannot all fit are named and
highlighted."""

from __future__ import annotations

import numpy as np

from polygui.resources import examples_dir
from puzzles import BURRTOOLS
from solvers import GridKind, Piece, Puzzle, SudokuGrid

WAIT_MS = 90_000  # background threads run at the lowest priority on a loaded machine


def solve_and_wait(qtbot, window):
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=WAIT_MS)


def test_a_certificate_is_named_drawn_and_refuses_solve(qtbot, window):
    window.open_puzzle(examples_dir() / "no-solution.json")
    with qtbot.waitSignal(window.analysis.reason_found, timeout=WAIT_MS):
        pass
    assert "no solution: with the checkerboard" in window.status_line.text()
    assert "10 dark and 10 light" in window.panel.estimate_box.text.text()
    view = window.current_view()
    dark = {(x, y) for x, y in window.puzzle.board if (x + y) % 2 == 0}
    assert set(view.marks) == dark  # the checkerboard's dark cells, drawn darker
    window.start_solve()
    assert not window.is_solving()
    assert window.panel.status.text().startswith("Cannot solve: with the checkerboard")
    window.open_puzzle(examples_dir() / "meteor.json")  # another puzzle: marks gone
    assert window.current_view().marks == {}


def test_cells_no_piece_covers_are_drawn_red(qtbot, window):
    board = ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 3))  # (3, 3): far away
    pieces = (Piece("I3", ((0, 0), (1, 0), (2, 0))), Piece("domino", ((0, 0), (1, 0)), 2))
    window.set_puzzle(Puzzle(GridKind.SQUARE, "stranded", board=board, pieces=pieces))
    with qtbot.waitSignal(window.analysis.reason_found, timeout=WAIT_MS):
        pass
    assert "no piece fits over this cell ((3, 3))" in window.status_line.text()
    assert list(window.current_view().marks) == [(3, 3)]


def test_after_a_search_without_solution_the_pieces_that_cannot_fit_are_named(qtbot, window):
    board = tuple((x, y) for x in range(3) for y in range(3))
    v = Piece("V", ((0, 0), (1, 0), (0, 1)), 3)
    window.set_puzzle(Puzzle(GridKind.SQUARE, "three Vs", board=board, pieces=(v,)))
    solve_and_wait(qtbot, window)
    why = window.panel.why_box
    qtbot.waitUntil(lambda: why.text.text().startswith("Why: these"), timeout=WAIT_MS)
    assert why.text.text() == "Why: these pieces cannot all fit: V, V, V."
    assert why.isVisible() and not why.button.isVisible()
    window.start_solve()  # a new search: the old explanation goes
    assert not why.isVisible()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=WAIT_MS)


def test_a_sudoku_without_solution_gets_its_givens_highlighted(qtbot, window):
    givens = np.zeros(16, dtype=np.int64)
    givens[[1, 6, 7, 11, 12]] = [2, 3, 4, 2, 3]
    window.set_puzzle(Puzzle(GridKind.SUDOKU, "stuck", sudoku=SudokuGrid(2, 2, tuple(givens))))
    solve_and_wait(qtbot, window)
    why = window.panel.why_box
    qtbot.waitUntil(lambda: why.text.text().startswith("Why: these"), timeout=WAIT_MS)
    assert "r2c3 = 3, r3c4 = 2, r4c1 = 3" in why.text.text()
    assert window.current_view().marked == {6, 11, 12}


def test_assemblies_that_never_come_apart_are_named_with_the_pieces_that_lock(qtbot, window):
    """CubeInCage without its frame group: the search finds 96 assemblies and no solution, so
    Why-no-solution says so and names the pieces that lock, not pieces that cannot fit."""
    import dataclasses

    from solvers.puzzle.burrtools import load_burrtools

    caged = load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle")
    window.set_puzzle(dataclasses.replace(caged, pieces=tuple(
        dataclasses.replace(piece, groups=()) for piece in caged.pieces)))
    solve_and_wait(qtbot, window)
    assert window.store.solution_count() == 0
    why = window.panel.why_box
    qtbot.waitUntil(lambda: "lock" in why.text.text(), timeout=WAIT_MS)
    assert why.text.text() == ("Why: 96 assemblies, none comes apart: the pieces Frame1, "
                               "Frame2#1 and Frame2#2 lock.")


def pinned_puzzle(second: tuple) -> Puzzle:
    """Five pieces filling a 5x3 board, the L pinned in a corner and `second` pinned (piece,
    cells): each pin alone leaves solutions."""
    from solvers.puzzle.pins import Pin

    board = tuple((x, y) for x in range(5) for y in range(3))
    pieces = (Piece("L", ((0, 0), (0, 1), (0, 2), (1, 0))),
              Piece("T", ((0, 0), (1, 0), (2, 0), (1, 1))), Piece("I", ((0, 0), (1, 0), (2, 0))),
              Piece("V", ((0, 0), (1, 0), (0, 1))), Piece("M", ((0, 0),)))
    pins = (Pin("L", ((0, 0), (0, 1), (0, 2), (1, 0))), Pin(*second))
    return Puzzle(GridKind.SQUARE, "pins", board=board, pieces=pieces, pins=pins)


def test_two_pins_that_cannot_both_hold_are_named_and_drawn(qtbot, window):
    """Each pin leaves solutions, both together none: the Why line names both pins (not 'every
    piece fits') and the board draws their cells."""
    window.set_puzzle(pinned_puzzle(("T", ((2, 1), (3, 0), (3, 1), (4, 1)))))
    pins = window.puzzle.pins
    solve_and_wait(qtbot, window)
    assert window.store.solution_count() == 0
    why = window.panel.why_box
    qtbot.waitUntil(lambda: why.text.text().startswith("Why: the pins"), timeout=WAIT_MS)
    assert why.text.text() == ("Why: the pins of 'L' on (0, 0) (0, 1) (0, 2) (1, 0) and of 'T' "
                               "on (2, 1) (3, 0) (3, 1) (4, 1) cannot both hold.")
    assert set(window.current_view().marks) == set(pins[0].cells) | set(pins[1].cells)


def test_pins_the_solver_refuses_at_once_are_named_too(qtbot, window):
    """The L and V pins leave the T no room: the solver says so before searching, and the Why
    line names the two pins."""
    window.set_puzzle(pinned_puzzle(("V", ((2, 1), (2, 2), (3, 1)))))
    solve_and_wait(qtbot, window)
    assert "beside the pinned pieces" in window.panel.status.text()
    why = window.panel.why_box
    qtbot.waitUntil(lambda: why.text.text().startswith("Why: the pins"), timeout=WAIT_MS)
    assert why.text.text() == ("Why: the pins of 'L' on (0, 0) (0, 1) (0, 2) (1, 0) and of 'V' "
                               "on (2, 1) (2, 2) (3, 1) cannot both hold.")


def test_a_killer_cage_is_named_with_the_given_it_clashes_with(qtbot, window):
    """r1c1 + r1c2 = 3 needs a 1 in row 1, which r1c4 holds: the cage and that given are
    named and highlighted, the other given is not."""
    from solvers.puzzle.sudoku_rules import Cage

    givens = np.zeros(16, dtype=np.int64)
    givens[[3, 15]] = [1, 4]  # r1c4 = 1, r4c4 = 4
    grid = SudokuGrid(2, 2, tuple(givens), cages=(Cage(3, (0, 1)),))
    window.set_puzzle(Puzzle(GridKind.SUDOKU, "killer", sudoku=grid))
    solve_and_wait(qtbot, window)
    why = window.panel.why_box
    qtbot.waitUntil(lambda: why.text.text().startswith("Why: the cage"), timeout=WAIT_MS)
    assert why.text.text() == ("Why: the cage r1c1+r1c2 (sum 3) with the given r1c4 = 1 already "
                               "has no solution.")
    view = window.current_view()
    assert view.marked == {3} and view.rule_marked == {0, 1}

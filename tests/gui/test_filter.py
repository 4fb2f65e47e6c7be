"""Filtering the solutions in the browser: the numpy filter against a count made solution by
solution, the right-click menu in the Solve view, and large stores looked at a slice at a
time."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu

from polygui.resources import default_puzzle, examples_dir
from polygui.solving.filter import (CellHolds, PieceCovers, PiecePlaced, SolutionFilter,
                                   cell_name)
from polygui.solving.store import SolutionStore
from polygui.views.board_picture import fit_transform
from polygui.views.tiling import tiling_for
from solvers import Solution, solve
from solvers.puzzle.fileformat import load_puzzle


def solved_store(name: str, symmetry: str = "all") -> SolutionStore:
    puzzle = load_puzzle(examples_dir() / name)
    store = SolutionStore(puzzle)
    solutions = [event for event in solve(puzzle, symmetry) if isinstance(event, Solution)]
    if puzzle.is_sudoku:
        store.extend(np.array([s.grid for s in solutions], dtype=np.int16))
    else:
        store.set_placements(solutions[0].placements)
        for start in range(0, len(solutions), 500):  # in batches, as a run delivers them
            store.extend(np.array([s.rows for s in solutions[start:start + 500]], dtype=np.int32))
    return store


def test_cells_are_named_as_a_user_finds_them_on_screen():
    meteor = load_puzzle(examples_dir() / "meteor.json")  # offset rows of 5 from the top
    assert cell_name(meteor, (0, 3)) == "row 4, column 2"
    assert cell_name(meteor, (-4, 9)) == "row 10, column 1"
    pentominoes = load_puzzle(examples_dir() / "pentominoes-6x10.json")
    assert cell_name(pentominoes, pentominoes.board[0]) == "row 1, column 1"
    soma = load_puzzle(examples_dir() / "soma.json")  # layers seen from above: y upwards
    assert cell_name(soma, (1, 2, 0)) == "row 1, column 2 of layer 1"
    assert cell_name(soma, (0, 0, 2)) == "row 3, column 1 of layer 3"
    sudoku = load_puzzle(examples_dir() / "sudoku-reference.json")
    assert cell_name(sudoku, 80) == "r9c9" and cell_name(sudoku, 9) == "r2c1"


def test_piece_covers_a_cell_matches_a_solution_by_solution_count():
    store = solved_store("meteor.json")
    cell = store.puzzle.board[17]
    for piece in range(len(store.puzzle.pieces)):
        matches = SolutionFilter(store, (PieceCovers(piece, cell),))
        assert matches.scan(10**9)
        expected = [i for i, s in enumerate(store) if s.cell_pieces()[cell] == piece]
        assert [matches.store_index(i) for i in range(len(matches))] == expected


def test_conditions_combine_and_slices_find_what_one_pass_finds():
    store = solved_store("pentominoes-6x10.json", "distinct")
    first = store.solution(7)
    row, (piece, cells) = first.rows[3], first.pieces[3]
    corner = store.puzzle.board[0]
    corner_piece = first.cell_pieces()[corner]
    conditions = (PiecePlaced(row, piece, cells[0]), PieceCovers(corner_piece, corner))
    whole = SolutionFilter(store, conditions)
    whole.scan(10**9)
    sliced = SolutionFilter(store, conditions)
    steps = 0
    while not sliced.scan(97):
        steps += 1
    assert steps > 10 and len(sliced) == len(whole) > 0
    expected = [i for i, s in enumerate(store)
                if row in s.rows and s.cell_pieces()[corner] == corner_piece]
    assert [sliced.store_index(i) for i in range(len(sliced))] == expected
    assert sliced.position_of(7) == expected.index(7)
    assert sliced.position_of(next(i for i in range(len(store)) if i not in expected)) is None


def test_a_sudoku_cell_holding_a_symbol():
    store = solved_store("sudoku-4x4-empty.json")
    matches = SolutionFilter(store, (CellHolds(5, 3),))
    matches.scan(10**9)
    assert len(matches) == sum(1 for s in store if s.grid[5] == 3) > 0


def right_click(view, point: QPointF) -> QMenu:
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point.toPoint(),
                              view.mapToGlobal(point.toPoint()))
    QApplication.sendEvent(view, event)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    return menu


def board_point(view, cell) -> QPointF:
    """Where a board view draws the centre of `cell`."""
    centre = tiling_for(view.puzzle.kind).centres(np.array([cell]))[0]
    transform = fit_transform(view._picture.board.bounds, view._target())
    return transform.map(QPointF(*centre))


def test_right_click_a_cell_keeps_the_solutions_with_its_piece_there(window, qtbot):
    window.open_puzzle(default_puzzle())
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    window.browser.set_current(40)
    shown = window.current_view().solution
    cell = window.puzzle.board[23]
    piece = shown.cell_pieces()[cell]
    menu = right_click(window.current_view(), board_point(window.current_view(), cell))
    texts = [action.text() for action in menu.actions()]
    name = window.puzzle.pieces[piece].name
    where = cell_name(window.puzzle, cell)
    assert texts[0] == f"Only solutions where piece “{name}” covers {where}"
    assert texts[1] == f"Only solutions with piece “{name}” placed as it is here"
    menu.actions()[0].trigger()
    menu.close()
    qtbot.waitUntil(lambda: window.filter.filter.caught_up)
    expected = [i for i, s in enumerate(window.store) if s.cell_pieces()[cell] == piece]
    assert window.browser.count == len(expected) < 1049
    assert window.current_view().solution.rows == shown.rows  # the one on screen stays
    assert window.browser.current == expected.index(40)
    assert window.browser.label.text() == \
        f"{expected.index(40) + 1:,} of {len(expected):,} (#41 of all 1,049)"
    assert window.filter.isVisible() and f"{len(expected):,} solutions match" in \
        window.filter.label.text()
    window.browser.last()
    assert window.current_view().solution.cell_pieces()[cell] == piece
    assert window.browser.label.text().endswith(f"(#{expected[-1] + 1:,} of all 1,049)")
    window.filter.clear_button.click()
    assert window.browser.count == 1049 and not window.filter.isVisible()
    assert window.current_view().solution.index == expected[-1]  # still on screen
    assert window.browser.label.text() == f"{expected[-1] + 1:,} of 1,049"


def test_a_large_store_is_looked_at_a_slice_at_a_time(window, qtbot):
    window.open_puzzle(default_puzzle())
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    rows = window.store.array()
    for _ in range(150):  # about 160,000 solutions: the filter needs several timer ticks
        window.store.extend(rows)
    window.browsing.refresh()
    cell = window.puzzle.board[0]
    piece = (window.store.solution(0).cell_pieces()[cell] + 1) % 10  # not the one on screen
    window.filter.add(window.store, PieceCovers(piece, cell))
    assert window.filter.filter.scanned == 1  # the solution on screen; the rest on the timer
    assert window.browser.count == 0 and window.browser.label.text() == "looking for matches…"
    ticks = []
    window.filter.grown.connect(lambda: ticks.append(window.filter.filter.scanned))
    qtbot.waitUntil(lambda: window.filter.filter.caught_up, timeout=30_000)
    assert len(ticks) >= 2 and ticks == sorted(ticks)
    per_copy = sum(1 for s in (window.store.solution(i) for i in range(len(rows)))
                   if s.cell_pieces()[cell] == piece)
    assert len(window.filter.filter) == 151 * per_copy == window.browser.count


def test_a_sudoku_cell_by_right_click(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-4x4-empty.json")
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    view = window.current_view()
    value = view.solution.grid[6]
    menu = right_click(view, view.cell_rect(6).center())
    assert menu.actions()[0].text() == f"Only solutions with {value} in r2c3"
    menu.actions()[0].trigger()
    menu.close()
    qtbot.waitUntil(lambda: window.filter.filter.caught_up)
    assert window.browser.count == sum(1 for s in window.store if s.grid[6] == value) == 72

"""The largest and farthest puzzles the limits allow open, show, solve and edit: no view or
editor allocates anything the size of the coordinate span (a cell far from the others once
made the view ask for 728 TiB)."""

from __future__ import annotations

import numpy as np
import pytest

from polygui.views.cells import CellIndex
from solvers import GridKind, Piece, Puzzle
from solvers.puzzle.fileformat import save_puzzle
from solvers.puzzle.limits import MAX_COORDINATE, MAX_SPAN

FAR = MAX_COORDINATE


def test_the_cell_index_handles_cells_any_distance_apart():
    cells = np.array([[-FAR, -FAR, -FAR], [FAR, FAR, FAR], [0, 5, 7]])
    index = CellIndex(cells)
    probes = np.array([[FAR, FAR, FAR], [0, 5, 7], [0, 5, 8], [-FAR, -FAR, -FAR], [3 * FAR, 0, 0]])
    assert index.lookup(probes).tolist() == [1, 2, -1, 0, -1]


EXTREMES = {
    "square far away": Puzzle(
        GridKind.SQUARE, "far", board=tuple((FAR - x, -FAR + y) for x in range(4) for y in range(2)),
        pieces=(Piece("domino", ((FAR, FAR), (FAR - 1, FAR)), count=4),)),
    "hex as wide as allowed": Puzzle(
        GridKind.HEX, "wide", board=tuple((q, 0) for q in range(MAX_SPAN)),
        pieces=(Piece("bar", tuple((q, 0) for q in range(8)), count=MAX_SPAN // 8),)),
    "cube far away": Puzzle(
        GridKind.CUBE, "far cube", board=tuple((FAR - x, y, -FAR) for x in range(2) for y in range(2)),
        pieces=(Piece("bar", ((FAR, FAR, FAR), (FAR - 1, FAR, FAR)), count=2),)),
    "4,096 cells": Puzzle(
        GridKind.SQUARE, "64x64", board=tuple((x, y) for x in range(64) for y in range(64)),
        pieces=(Piece("o", ((0, 0),), count=4096),)),
}


@pytest.mark.parametrize("name", EXTREMES)
def test_an_extreme_puzzle_opens_solves_and_edits(window, qtbot, tmp_path, name):
    puzzle = EXTREMES[name]
    path = tmp_path / "extreme.json"
    save_puzzle(puzzle, path)
    assert window.open_puzzle(path)
    cells = len(puzzle.board)
    assert window.status_line.text().endswith(f"board has {cells:,}")
    window.panel.limit.setValue(1)
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    assert len(window.store) == 1
    solution = window.store.solution(0)
    assert sorted(cell for _, placed in solution.pieces for cell in placed) == list(puzzle.board)
    window.set_mode("design")
    qtbot.waitExposed(window.editor)
    assert window.editor.isVisible()
    window.set_mode("solve")

"""How the Sudoku view draws the variants: jigsaw region borders, X diagonals, killer cages."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from polygui.views.sudoku_marks import (CAGE_INSET, DIAGONAL_LINE, cage_outline_segments,
                                        region_border_segments)
from polygui.views.sudoku_view import SudokuView
from solvers import Solution, solve
from solvers.puzzle.model import SudokuGrid


def edges(segments: np.ndarray) -> set:
    return {tuple(sorted(map(tuple, segment.tolist()))) for segment in segments}


def test_region_borders_separate_regions_only():
    regions = (0, 0, 1, 1,
               0, 2, 2, 1,
               0, 2, 3, 1,
               2, 3, 3, 3)
    grid = SudokuGrid(2, 2, (0,) * 16, regions)
    found = edges(region_border_segments(grid))
    assert ((1, 0), (1, 1)) not in found  # r1c1 | r1c2: both region 0
    assert ((2, 0), (2, 1)) in found  # r1c2 | r1c3: regions 0 and 1
    assert ((1, 1), (2, 1)) in found  # r1c2 over r2c2: regions 0 and 2
    assert ((0, 0), (4, 0)) in found  # the frame


def test_a_cage_outline_runs_inside_its_cells_and_round_inner_corners():
    d = CAGE_INSET
    ell = {(0, 0), (1, 0), (1, 1)}  # an L: an inner corner at (1, 1)
    found = edges(cage_outline_segments(ell))
    points = [point for edge in found for point in edge]
    assert all(d - 1e-9 <= x <= 2 - d + 1e-9 and d - 1e-9 <= y <= 2 - d + 1e-9
               for x, y in points)
    # the inner corner: r1c1's right side comes down to r2c2's top side at (1 - d, 1 + d)
    assert ((1 - d, 0 + d), (1 - d, 1 + d)) in found
    assert ((1 - d, 1 + d), (2 - d, 1 + d)) in found
    # a closed outline: every end meets exactly one other
    ends = [tuple(np.round(p, 9)) for p in points]
    assert all(ends.count(p) == 2 for p in ends)


def rendered(view: SudokuView) -> np.ndarray:
    view.resize(460, 460)
    image = view.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint8)
    return data.reshape(image.height(), image.bytesPerLine())[:, :image.width() * 4] \
        .reshape(image.height(), image.width(), 4)[..., 2::-1].copy()  # RGB


def pixel(image: np.ndarray, rect: QRectF, fx: float, fy: float) -> tuple[int, int, int]:
    x = int(rect.left() + fx * rect.width())
    y = int(rect.top() + fy * rect.height())
    return tuple(int(v) for v in image[y, x])


def test_the_jigsaw_draws_thick_lines_on_region_borders_not_on_box_lines(qtbot, asset):
    view = SudokuView()
    qtbot.addWidget(view)
    view.set_puzzle(asset("sudoku-jigsaw.json"))
    image = rendered(view)
    # r1c3 | r1c4 is a box line but inside region A: thin grey; r2c3 | r2c4 a region border
    inside = view.cell_rect(2)
    border = view.cell_rect(11)
    assert max(sum(pixel(image, inside, 1.0, 0.5 + k / 20)) for k in range(-2, 3)) > 3 * 100
    assert min(sum(pixel(image, border, 1.0, 0.5 + k / 20)) for k in range(-2, 3)) < 3 * 60


def test_the_x_sudoku_draws_its_diagonals_and_the_killer_its_sums(qtbot, asset):
    view = SudokuView()
    qtbot.addWidget(view)
    view.set_puzzle(asset("sudoku-x.json"))
    image = rendered(view)
    colour = DIAGONAL_LINE[0]
    middle = view.cell_rect(1 * 9 + 1)  # r2c2 lies on the diagonal, empty
    r, g, b = pixel(image, middle, 0.5, 0.5)
    assert abs(r - colour.red()) < 40 and abs(b - colour.blue()) < 40 and b > r

    killer = asset("sudoku-killer.json")
    view.set_puzzle(killer)
    plain = rendered(view)
    corner = view.cell_rect(0)  # the cage of sum 3 starts here: its sum is written
    patch = plain[int(corner.top()) + 2:int(corner.center().y()),
                  int(corner.left()) + 2:int(corner.center().x())]
    assert (patch.sum(axis=2) < 3 * 128).any()  # ink of the "3"
    solution = next(e for e in solve(killer) if isinstance(e, Solution))
    view.set_solution(solution)
    assert (rendered(view)[int(corner.top()) + 2:int(corner.center().y()),
                           int(corner.left()) + 2:int(corner.center().x())].sum(axis=2)
            < 3 * 128).any()  # the sum stays with the digit solved

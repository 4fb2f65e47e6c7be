"""The flat views and their geometry: real hexagons, piece colours, outlines, Sudoku digits."""

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from polygui.solving.store import SolutionStore
from polygui.views.board_picture import EMPTY_FILL, fit_transform
from polygui.views.board_view import MARGIN, BoardView
from polygui.views.cells import EMPTY, CellIndex, board_cells
from polygui.views.colours import piece_colour
from polygui.views.layer_view import best_columns
from polygui.views.sudoku_view import GIVEN_INK, SOLVED_INK, SudokuView, symbol
from polygui.views.tiling import HEX, SQUARE, FlatBoard
from polygui.views.voxels import VoxelMesh, explode_offsets
from solvers import Solution, count_solutions, solve
from solvers.placements.compile import compile_placements
from solvers.puzzle.grids import hex_to_offset

REFERENCE_SOLUTION = ("418956237923784615567321498749215386236849751851637942684192573"
                      "192573864375468129")


def first_solutions(puzzle, count):
    events = solve(puzzle, "all", limit=count)
    return [event for event in events if isinstance(event, Solution)]


def rendered(widget, size=(480, 420)) -> QImage:
    widget.resize(*size)
    return widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def pixels(image: QImage) -> np.ndarray:
    data = np.frombuffer(image.constBits(), dtype=np.uint8)
    return data.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 4].copy()


def colour_present(image: QImage, colour: QColor) -> bool:
    bgra = np.array([colour.blue(), colour.green(), colour.red()], dtype=np.uint8)
    return bool(np.all(pixels(image).reshape(-1, 4)[:, :3] == bgra, axis=1).any())


# --- geometry ----------------------------------------------------------------------------
def test_hexagons_are_regular_and_share_edges_with_their_neighbours(asset):
    puzzle = asset("meteor.json")
    board = FlatBoard.build(HEX, board_cells(puzzle))
    sides = np.linalg.norm(board.polygons - np.roll(board.polygons, -1, axis=1), axis=2)
    assert board.polygons.shape == (50, 6, 2)
    assert np.allclose(sides, 1.0)
    border = np.count_nonzero(board.sides[:, 1] == EMPTY)
    assert len(board.segments) == (6 * 50 + border) // 2  # a shared edge is listed once


def test_hex_layout_is_the_offset_layout_of_the_solvers(asset):
    cells = board_cells(asset("meteor.json"))
    centres = HEX.centres(cells)
    offsets = np.array([hex_to_offset(q, r) for q, r in cells])
    rows, cols = offsets[:, 0], offsets[:, 1]
    assert np.allclose(centres[:, 1], 1.5 * rows)
    assert np.allclose(centres[:, 0], np.sqrt(3) * (cols + 0.5 * (rows & 1)))


def test_edges_between_copies_are_outlines_and_inside_a_copy_are_not():
    cells = np.array([(x, 0) for x in range(4)])
    board = FlatBoard.build(SQUARE, cells)
    edges = board.classify_edges(np.array([0, 0, 1, 1]))
    between = [i for i, (a, b) in enumerate(board.sides) if {a, b} == {1, 2}]
    inside = [i for i, (a, b) in enumerate(board.sides) if {a, b} == {0, 1}]
    assert edges["outline"][between].all() and edges["inner"][inside].all()
    empty = board.classify_edges(np.full(4, EMPTY))
    assert empty["grid"].sum() == 3 and empty["outline"].sum() == len(board.segments) - 3


def test_cell_index_finds_cells_and_misses_off_board():
    index = CellIndex(np.array([(0, 0), (2, 1), (1, 1)]))
    assert index.lookup(np.array([(2, 1), (0, 0), (5, 5), (-1, 0)])).tolist() == [1, 0, -1, -1]


def test_voxel_mesh_has_a_flat_normal_per_face_and_explodes_outwards(asset):
    puzzle = asset("soma.json")
    mesh = VoxelMesh.build(board_cells(puzzle))
    assert mesh.vertices.shape == (27 * 24, 3) and mesh.triangles.max() < len(mesh.vertices)
    assert np.allclose(np.linalg.norm(mesh.normals, axis=1), 1)
    assert np.allclose(mesh.vertices.mean(axis=0), 0)  # centred on the origin
    labels = np.repeat(np.arange(3), 9)  # the slabs x = 0, 1, 2 (board cells are sorted)
    assert not explode_offsets(mesh.centres, labels, 0.0).any()
    moved = mesh.centres + explode_offsets(mesh.centres, labels, 1.0)
    centroids = [moved[labels == slab].mean(axis=0) for slab in range(3)]
    assert np.allclose(centroids, [(-2, 0, 0), (0, 0, 0), (2, 0, 0)])  # twice as far out


def test_layers_are_laid_out_to_make_cells_largest():
    assert best_columns(4, (4, 4), (800, 200)) == 4
    assert best_columns(4, (4, 4), (200, 800)) == 1
    assert best_columns(4, (4, 4), (400, 400)) == 2


def test_solution_store_finds_solutions_across_batches(asset):
    puzzle = asset("meteor.json")
    solutions = first_solutions(puzzle, 5)
    store = SolutionStore(puzzle)
    rows = np.array([s.rows for s in solutions], dtype=np.int32)
    store.extend(rows[:2])
    store.extend(rows[2:])
    assert len(store) == 5
    assert store.solution(3).cell_pieces() == solutions[3].cell_pieces()
    with pytest.raises(IndexError):
        store.solution(5)


# --- board view --------------------------------------------------------------------------
def test_board_view_paints_each_piece_in_its_colour_at_its_cells(qtbot, asset):
    puzzle = asset("meteor.json")
    view = BoardView()
    qtbot.addWidget(view)
    view.set_puzzle(puzzle)
    solution = first_solutions(puzzle, 1)[0]
    view.set_solution(solution)
    image = rendered(view)
    target = QRectF(MARGIN, MARGIN, image.width() - 2 * MARGIN, image.height() - 2 * MARGIN)
    board = FlatBoard.build(HEX, board_cells(puzzle))
    transform = fit_transform(board.bounds, target)
    pieces = solution.cell_pieces()
    for cell, centre in zip(puzzle.board, HEX.centres(board_cells(puzzle))):
        point = transform.map(QRectF(*centre, 0, 0).topLeft()).toPoint()
        assert image.pixelColor(point) == piece_colour(puzzle, pieces[cell]), cell


def test_board_view_shows_empty_cells_and_changes_with_the_solution(qtbot, asset):
    puzzle = asset("pentominoes-6x10.json")
    view = BoardView()
    qtbot.addWidget(view)
    view.set_puzzle(puzzle)
    empty = rendered(view)
    assert colour_present(empty, EMPTY_FILL)
    first, second = first_solutions(puzzle, 2)
    view.set_solution(first)
    one = rendered(view)
    view.set_solution(second)
    two = rendered(view)
    assert not colour_present(one, EMPTY_FILL)
    assert not np.array_equal(pixels(one), pixels(two))


# --- Sudoku view -------------------------------------------------------------------------
def test_sudoku_symbols_go_past_nine_with_letters():
    assert [symbol(v) for v in (0, 1, 9, 10, 16)] == ["", "1", "9", "A", "G"]


def test_sudoku_view_draws_givens_and_solved_digits_in_different_inks(qtbot, asset):
    puzzle = asset("sudoku-reference.json")
    view = SudokuView()
    qtbot.addWidget(view)
    view.set_puzzle(puzzle)
    givens_only = rendered(view, (450, 450))
    assert colour_present(givens_only, GIVEN_INK) and not colour_present(givens_only, SOLVED_INK)
    view.set_solution(Solution(0, grid=tuple(int(c) for c in REFERENCE_SOLUTION)))
    solved = rendered(view, (450, 450))
    assert colour_present(solved, GIVEN_INK) and colour_present(solved, SOLVED_INK)


def test_sixteen_by_sixteen_sudoku_renders(qtbot, asset):
    puzzle = asset("sudoku-16x16.json")
    view = SudokuView()
    qtbot.addWidget(view)
    view.set_puzzle(puzzle)
    assert pixels(rendered(view, (520, 520))).std() > 0
    assert count_solutions(puzzle, "all").solutions == 1


def test_compiled_placements_match_the_solver_rows(asset):
    """The store decodes rows with placements the run handed over; compiling again must agree."""
    puzzle = asset("soma.json")
    solution = first_solutions(puzzle, 1)[0]
    again = Solution(0, rows=solution.rows, placements=compile_placements(puzzle))
    assert again.cell_pieces() == solution.cell_pieces()

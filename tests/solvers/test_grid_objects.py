"""The grid objects (solvers.puzzle.grid, issue 35 point 3): each grid's facts checked
against their definitions, computed here by brute force, and a toy grid that the solver uses
once it is registered, with no other module changed."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from solvers import Piece, Puzzle, PuzzleError, count_solutions
from solvers.puzzle.grid import Grid, GridKind, grid_of, register
from solvers.puzzle.grid import base as grid_base
from solvers.puzzle.grid.square import SquareGrid

POLYFORM = (GridKind.HEX, GridKind.SQUARE, GridKind.TRIANGLE, GridKind.CUBE)
SIZES = {GridKind.HEX: (12, 6), GridKind.SQUARE: (8, 4), GridKind.TRIANGLE: (12, 6),
         GridKind.CUBE: (48, 24)}


def _sample_cells(grid: Grid) -> list[tuple[int, ...]]:
    """Cells around the origin, in every class a translation keeps."""
    moved = grid.translation_axes
    kept = [(0,), (1,)] if grid.dimensions > moved else [()]
    return [tuple(c) + k for c in product(range(-2, 3), repeat=moved) for k in kept]


def _images(grid: Grid, cells, matrix) -> list[tuple[int, ...]]:
    return [tuple(c) for c in grid.apply_symmetry(np.array(cells), matrix).tolist()]


@pytest.mark.parametrize("kind", POLYFORM)
def test_the_group_has_its_size_is_closed_and_starts_with_the_identity(kind):
    grid = grid_of(kind)
    group, size_and_rotations = grid.symmetry_group, SIZES[kind]
    keys = {m.tobytes() for m in group}
    assert (len(group), sum(grid.rotation_flags)) == size_and_rotations
    assert len(keys) == len(group)
    assert (group[0] == np.eye(len(group[0]))).all()
    assert all((a @ b).tobytes() in keys for a in group for b in group)
    assert list(grid.rotation_flags) == [round(np.linalg.det(m)) == 1 for m in group]


@pytest.mark.parametrize("kind", POLYFORM)
def test_neighbours_are_mutual_and_every_symmetry_keeps_them(kind):
    grid = grid_of(kind)
    for cell in _sample_cells(grid):
        around = grid.neighbours_of(cell)
        assert len(set(around)) == len(around) == grid.neighbour_count
        assert all(cell in grid.neighbours_of(n) for n in around)
        for matrix in grid.symmetry_group:
            image = _images(grid, [cell], matrix)[0]
            assert set(_images(grid, around, matrix)) == set(grid.neighbours_of(image))


def _lattice_symmetries(grid: Grid) -> set[bytes]:
    """Every matrix with entries -1, 0, 1 that maps the neighbour steps onto themselves: the
    point group of a grid whose cells are lattice vectors, found by trying them all."""
    dim, steps = grid.dimensions, {tuple(s) for s in grid.neighbour_offsets}
    found = set()
    for entries in product((-1, 0, 1), repeat=dim * dim):
        matrix = np.array(entries, dtype=np.int64).reshape(dim, dim)
        if {tuple(s) for s in (np.array(sorted(steps)) @ matrix.T).tolist()} == steps:
            found.add(matrix.tobytes())
    return found


@pytest.mark.parametrize("kind", (GridKind.HEX, GridKind.SQUARE, GridKind.CUBE))
def test_the_group_is_every_symmetry_of_the_lattice(kind):
    grid = grid_of(kind)
    assert {m.astype(np.int64).tobytes() for m in grid.symmetry_group} == _lattice_symmetries(grid)


def _triangle_by_corners(cell, matrix) -> tuple[int, int, int]:
    """A triangle's image found from its corners (the definition in solvers.puzzle.triangles)."""
    x, y, t = cell
    corners = ([(x, y), (x + 1, y), (x, y + 1)] if t == 0
               else [(x + 1, y), (x, y + 1), (x + 1, y + 1)])
    moved = [tuple(np.array(matrix) @ np.array(c)) for c in corners]
    low = (min(a for a, _ in moved), min(b for _, b in moved))
    return (int(low[0]), int(low[1]), 0 if low in moved else 1)


def _brute_orientations(grid: Grid, shape, mirror: bool) -> list[frozenset]:
    """Each image of the shape, moved so its translated coordinates start at 0, the first
    of each in the group's order."""
    found: dict[frozenset, None] = {}
    for matrix in grid.symmetry_group:
        if not mirror and round(np.linalg.det(matrix)) != 1:
            continue
        if grid.kind is GridKind.TRIANGLE:
            image = np.array([_triangle_by_corners(c, matrix) for c in shape])
        else:
            image = np.array(shape) @ matrix.T
        image[:, :grid.translation_axes] -= image[:, :grid.translation_axes].min(axis=0)
        found.setdefault(frozenset(map(tuple, image.tolist())))
    return list(found)


def _random_shape(grid: Grid, size: int, rng) -> tuple:
    cells = {(0,) * grid.dimensions}
    while len(cells) < size:
        around = grid.neighbours_of(sorted(cells)[rng.integers(len(cells))])
        cells.add(tuple(around[rng.integers(len(around))]))
    return grid.normalise(np.array(sorted(cells)))


@pytest.mark.parametrize("kind", POLYFORM)
def test_orientations_are_the_distinct_images_and_the_rotation_class_their_least(kind):
    """In the group's order (the order of placements and solutions), sorted: the grids
    whose images are matrix products make them all at once (`distinct_images_at_origin`),
    as one array (`orientation_array`)."""
    grid, rng = grid_of(kind), np.random.default_rng(35)
    for _ in range(25):
        shape = _random_shape(grid, int(rng.integers(1, 9)), rng)
        for mirror in (False, True):
            found = grid.orientations(shape, mirror=mirror)
            assert [frozenset(s) for s in found] == _brute_orientations(grid, shape, mirror)
            assert all(list(s) == sorted(s) for s in found)
            array = grid.orientation_array(shape, mirror)
            assert array.dtype == np.int64 and not array.flags.writeable
            assert [tuple(map(tuple, cells)) for cells in array.tolist()] == found
        assert grid.rotation_class(shape) == min(grid.orientations(shape, mirror=False))
        assert grid.is_connected(shape)


@pytest.mark.parametrize("kind", POLYFORM)
def test_connected_is_one_component_either_way(kind):
    """`is_connected` steps through a table of the cells' box on grids of fixed neighbour
    offsets, and follows `neighbours_of` cell by cell on the others: both agree with the
    components found cell by cell, on sets that are connected and sets that are not."""
    grid, rng = grid_of(kind), np.random.default_rng(31)
    answers = set()
    for _ in range(200):
        size = int(rng.integers(2, 9))
        cells = {tuple(int(v) for v in rng.integers(-2, 3, grid.dimensions)) for _ in range(size)}
        cells = [cell for cell in sorted(cells) if _is_cell(grid, cell)]
        if len(cells) < 2:
            continue
        connected = grid.is_connected(cells)
        assert connected == (len(grid.connected_components(cells)) == 1)
        answers.add(connected)
    assert answers == {True, False}


def test_cells_far_apart_are_not_connected_and_make_no_table_of_their_box(monkeypatch):
    """Two cubes at opposite corners of the largest span a piece may have: their box (256
    cells an axis, 150 MB of tables) is past REACH_TABLE_CELLS, so they are followed cell by
    cell; a long straight piece's box is small, and goes to the table."""
    grid, tabled = grid_of(GridKind.CUBE), []
    reach = grid_base.reaches_all
    monkeypatch.setattr(grid_base, "reaches_all",
                        lambda cells, offsets: tabled.append(len(cells)) or reach(cells, offsets))
    assert not grid.is_connected([(0, 0, 0), (255, 255, 255)]) and tabled == []
    line = [(x, 0, 0) for x in range(256)]
    assert grid.is_connected(line) and not grid.is_connected(line[:100] + line[101:])
    assert tabled == [256, 255]


def _is_cell(grid: Grid, cell) -> bool:
    try:
        grid.validate_cells("a cell", (cell,))
    except PuzzleError:
        return False
    return True


def _points(corners: np.ndarray) -> set[tuple[float, float]]:
    return {tuple(point) for point in np.round(corners, 9).tolist()}


@pytest.mark.parametrize("kind", (GridKind.HEX, GridKind.SQUARE, GridKind.TRIANGLE))
def test_plane_tiles_have_their_area_and_share_an_edge_with_each_neighbour(kind):
    grid = grid_of(kind)
    for cell in _sample_cells(grid):
        corners = grid.tile_corners(cell)
        x, y = corners[:, 0], corners[:, 1]
        area = (x * np.roll(y, -1) - np.roll(x, -1) * y).sum() / 2  # > 0: counter-clockwise
        assert area == pytest.approx(grid.tile_area)
        mine = _points(corners)
        for other in grid.neighbours_of(cell):
            assert len(mine & _points(grid.tile_corners(other))) == 2  # one edge
    with pytest.raises(ValueError, match="not flat tiles"):
        grid_of(GridKind.CUBE).tile_corners((0, 0, 0))


@pytest.mark.parametrize("kind", POLYFORM)
def test_cells_are_drawn_apart_and_pictured_a_character_each(kind):
    grid = grid_of(kind)
    cells = tuple(sorted(_sample_cells(grid)))
    drawn = grid.drawn_coordinates(cells)
    assert len({tuple(row) for row in drawn.tolist()}) == len(cells)
    labels = {cell: chr(ord("A") + index % 26) for index, cell in enumerate(cells)}
    text = grid.text_picture(cells, labels)
    assert sorted(text.replace(" ", "").replace("\n", "")) == sorted(labels.values())
    assert grid.text_picture(cells, {}).count(".") == len(cells)


@pytest.mark.parametrize("kind", (GridKind.HEX, GridKind.SQUARE, GridKind.TRIANGLE))
def test_canvas_offsets_round_trip_and_odd_hex_rows_shift_right(kind):
    grid = grid_of(kind)
    cells = _sample_cells(grid)
    offsets = grid.canvas_offsets(cells)
    assert [grid.cell_at_canvas(int(row), int(col)) for row, col in offsets.tolist()] == cells
    assert (grid.drawn_coordinates(tuple(cells)) == offsets[:, ::-1]).all()
    if kind is GridKind.HEX:  # (0, 1) is below-right of (0, 0): odd rows shifted half a cell
        assert offsets[cells.index((0, 1))].tolist() == [1, 0]
    with pytest.raises(ValueError, match="no plane canvas"):
        grid_of(GridKind.CUBE).canvas_offsets([(0, 0, 0)])


def test_aligned_image_keeps_the_lowest_corner():
    grid = grid_of(GridKind.SQUARE)
    board = np.array([(x, y) for x in range(3, 6) for y in range(7, 9)])
    for matrix in grid.symmetry_group:
        image = grid.aligned_image(board, matrix)
        assert (image.min(axis=0) == board.min(axis=0)).all()


def test_kinds_reach_their_grid_and_sudoku_has_none():
    for kind in POLYFORM:
        assert kind.grid is grid_of(kind) and grid_of(kind.value) is kind.grid
        assert (kind.dimensions, kind.axes) == (kind.grid.dimensions, kind.grid.axes)
    assert GridKind.TRIANGLE.translation_axes == 2 and GridKind.CUBE.translation_axes == 3
    assert not GridKind.SUDOKU.has_grid and GridKind.SUDOKU.axes == ""
    with pytest.raises(ValueError, match="sudoku"):
        grid_of(GridKind.SUDOKU)


def test_a_grid_refuses_its_own_bad_cells_by_name():
    with pytest.raises(PuzzleError, match=r"piece 'A': cell \[0, 0, 2\] has t = 2"):
        Puzzle(GridKind.TRIANGLE, "t", board=((0, 0, 0), (0, 0, 1)),
               pieces=(Piece("A", ((0, 0, 2),)),))
    assert not grid_of(GridKind.HEX).is_connected(((0, 0), (2, 0)))


class _TurnsOnly(SquareGrid):
    """A toy grid: the square grid whose pieces only turn (no mirror symmetries at all)."""

    def _group(self) -> list[np.ndarray]:
        return [m for m in super()._group() if round(np.linalg.det(m)) == 1]


def _tilings(board: set, shapes: list[list[tuple]]) -> int:
    """Exact covers of `board` by one copy of each piece, each in any of its `shapes`."""
    if not shapes:
        return int(not board)
    count = 0
    for shape in shapes[0]:
        for anchor in board:
            cells = {(x + anchor[0] - shape[0][0], y + anchor[1] - shape[0][1]) for x, y in shape}
            if cells <= board:
                count += _tilings(board - cells, shapes[1:])
    return count


def test_a_registered_toy_grid_is_the_one_the_solver_uses():
    toy = _TurnsOnly()
    pieces = (Piece("toy L", ((0, 0), (0, 1), (0, 2), (1, 2))),
              Piece("toy O", ((0, 0), (0, 1), (1, 0), (1, 1))),
              Piece("toy J", ((0, 2), (1, 0), (1, 1), (1, 2))))
    puzzle = Puzzle(GridKind.SQUARE, "toy", board=tuple((x, y) for x in range(4) for y in range(3)),
                    pieces=pieces)
    board = set(puzzle.board)
    turned = _tilings(board, [toy.orientations(p.cells, mirror=True) for p in pieces])
    every = _tilings(board, [grid_of(GridKind.SQUARE).orientations(p.cells, mirror=True)
                             for p in pieces])
    assert 0 < turned < every  # the toy's answer differs: the count says which grid was used
    previous = register(toy)
    try:
        assert count_solutions(puzzle, "all").solutions == turned
    finally:
        register(previous)
    assert count_solutions(Puzzle(GridKind.SQUARE, "back", board=puzzle.board, pieces=pieces),
                           "all").solutions == every

"""The triangle grid (polyiamonds): its geometry against the oracle's own (triangles as their
corners), counts published for decades reproduced by running the solver, the shipped
hexiamond boards, every polyform kernel against the general one, and the file format's
named errors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import corners, from_corners, neighbours as oracle_neighbours, transforms
from solvers import SYMMETRY_MODES, GridKind, Piece, Puzzle, PuzzleError, count_solutions
from solvers.placements.compile import compile_placements
from solvers.placements.symmetry import plan_symmetry
from solvers.puzzle import triangles
from solvers.puzzle.fileformat import load_puzzle, puzzle_from_json, puzzle_to_json
from solvers.puzzle.grids import (apply_symmetry, is_rotation, neighbours_of, normalise,
                                  orientations, symmetry_group)
from solvers.puzzle.polyiamonds import hexiamonds, one_sided_tetriamonds, parallelogram
from solvers.search.bitboard import BitboardSearch
from solvers.search.choice import choose_kernel
from solvers.search.exact_cover import ExactCoverSearch
from solvers.search.live_sets import LiveSetSearch
from test_engine_vs_oracle import make_puzzle
from test_orbits import assert_expansion_is_exact

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
TRIANGLE = GridKind.TRIANGLE
CELLS = st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 1))


# --- geometry ------------------------------------------------------------------------------
def test_the_group_has_six_rotations_and_six_reflections():
    group = symmetry_group(TRIANGLE)
    assert len(group) == 12
    assert sum(is_rotation(m) for m in group) == 6


@given(cell=CELLS)
def test_each_symmetry_moves_a_triangle_as_the_oracle_moves_its_corners(cell):
    """The engine maps cells through their centroids; the oracle maps the three corners and
    finds the triangle they bound. The same 12 maps, rotations the same."""
    engine = [(tuple(apply_symmetry(TRIANGLE, np.array([cell]), m)[0]), is_rotation(m))
              for m in symmetry_group(TRIANGLE)]
    oracle = [(transform(cell), rotation) for transform, rotation in transforms("triangle")]
    assert sorted(engine) == sorted(oracle)
    assert len({image for image, _ in engine}) in (12, 6)  # 6 when the two halves coincide


@given(cell=CELLS)
def test_neighbours_are_the_triangles_sharing_an_edge(cell):
    assert sorted(neighbours_of(TRIANGLE, cell)) == sorted(oracle_neighbours("triangle", cell))
    assert all(cell in neighbours_of(TRIANGLE, other) for other in neighbours_of(TRIANGLE, cell))


@given(cell=CELLS)
def test_canvas_offsets_and_corners_round_trip(cell):
    row, col = triangles.offsets(np.array([cell]))[0]
    assert triangles.cell_at_offset(int(row), int(col)) == cell
    assert from_corners(corners(cell)) == cell


def polyiamonds(size: int) -> set:
    """Every free polyiamond of `size` cells, grown cell by cell (the engine's geometry)."""
    found = {((0, 0, 0),)}
    for _ in range(size - 1):
        grown = set()
        for shape in found:
            for cell in shape:
                for near in neighbours_of(TRIANGLE, cell):
                    if near not in shape:
                        grown.add(min(orientations(TRIANGLE, normalise(np.array(shape + (near,)),
                                                                       TRIANGLE), mirror=True)))
        found = grown
    return found


def test_free_and_one_sided_polyiamonds_have_their_published_numbers():
    """OEIS A000577 (free: 1, 1, 1, 3, 4, 12, 24) and A006534 (one-sided: 1, 1, 1, 4, 6, 19,
    43): the orientations and the mirror rule, counted."""
    free, one_sided = [], []
    for size in range(1, 8):
        shapes = polyiamonds(size)
        free.append(len(shapes))
        one_sided.append(sum(1 if len(orientations(TRIANGLE, s, mirror=True))
                             == len(orientations(TRIANGLE, s, mirror=False)) else 2
                             for s in shapes))
    assert free == [1, 1, 1, 3, 4, 12, 24]
    assert one_sided == [1, 1, 1, 4, 6, 19, 43]


def test_the_shipped_sets_are_the_twelve_hexiamonds_and_the_four_one_sided_tetriamonds():
    def key(piece: Piece) -> tuple:
        return min(orientations(TRIANGLE, piece.cells, mirror=piece.mirror))
    assert {key(p) for p in hexiamonds()} == polyiamonds(6)
    assert len({key(p) for p in one_sided_tetriamonds()}) == 4
    assert all(not p.mirror for p in one_sided_tetriamonds())
    assert {min(orientations(TRIANGLE, p.cells, mirror=True))
            for p in one_sided_tetriamonds()} == polyiamonds(4)


def test_a_moved_triangle_keeps_pointing_the_same_way():
    """A single triangle turns up or down only by a symmetry, never by a translation: on
    a hexagon of six it has six placements (one per cell), and six copies tile it once."""
    board = hexagon(1)
    one = Puzzle(TRIANGLE, "moniamonds", board=board,
                 pieces=(Piece("triangle", ((0, 0, 0),), count=6),))
    assert compile_placements(one, prune=False).n_rows == 6
    assert count_solutions(one, "all").solutions == 1


# --- counts published elsewhere, by running the solver -------------------------------------
def hexagon(side: int) -> tuple:
    """The regular hexagon of `side` around the origin: the triangles whose centroids lie in
    |a|, |b|, |a + b| <= side."""
    found = []
    for x in range(-side - 1, side + 1):
        for y in range(-side - 1, side + 1):
            for t in (0, 1):
                a, b = 3 * x + 1 + t, 3 * y + 1 + t
                if max(abs(a), abs(b), abs(a + b)) <= 3 * side:
                    found.append((x, y, t))
    return tuple(found)


@pytest.mark.parametrize("side, every, classes", [(1, 2, 1), (2, 20, 6), (3, 980, 113)])
def test_lozenge_tilings_of_hexagons(side, every, classes):
    """Tilings of a hexagon by unit rhombi: OEIS A008793 (2, 20, 980) in all, and up to
    rotation and reflection A066931 (1, 6, 113; Richard Guy, 2002): the hexagon's whole
    group of 12, and a piece of many copies."""
    board = hexagon(side)
    assert len(board) == 6 * side * side
    puzzle = Puzzle(TRIANGLE, "lozenges", board=board,
                    pieces=(Piece("rhombus", ((0, 0, 0), (0, 0, 1)), count=len(board) // 2),))
    assert count_solutions(puzzle, "all").solutions == every
    assert count_solutions(puzzle, "distinct").solutions == classes


@pytest.mark.parametrize("name, expected", [
    ("hexiamonds-6x6.json", {"distinct": 156, "rotations": 312, "all": 624}),
    ("hexiamonds-4x9.json", {"distinct": 74, "rotations": 74, "all": 148}),
])
def test_shipped_hexiamond_boards(name, expected):
    """156 and 74 distinct are Polyform Puzzler's (and O'Beirne's and Gardner's) counts; the
    description says each count the solver finds."""
    puzzle = load_puzzle(ASSETS / name)
    assert puzzle.kind is TRIANGLE
    for mode, count in expected.items():
        result = count_solutions(puzzle, mode)
        assert result.exhausted and result.solutions == count, mode
        assert str(count) in puzzle.description


def test_all_and_rotations_come_exactly_from_the_orbits_of_distinct_solutions():
    assert_expansion_is_exact(load_puzzle(ASSETS / "hexiamonds-4x9.json"))
    assert_expansion_is_exact(Puzzle(TRIANGLE, "hexagon of rhombi", board=hexagon(2),
                                     pieces=(Piece("d", ((0, 0, 0), (0, 0, 1)), count=12),)))


# --- every kernel --------------------------------------------------------------------------
def run_to_end(search) -> list[tuple[int, ...]]:
    found = []
    search.run(0)
    while not search.finished:
        search.run(10**9)
        found.extend(tuple(sorted(rows)) for rows in search.take_solutions().tolist())
    return found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_bitboard_and_live_set_kernels_find_the_general_kernels_solutions(seed):
    puzzle, _, _ = make_puzzle(seed, "triangle")
    placements = compile_placements(puzzle)
    if len(set(placements.row_piece.tolist())) < len(puzzle.pieces):
        return  # a piece fits nowhere: solve() refuses it before any kernel runs
    for mode in SYMMETRY_MODES:
        plan = plan_symmetry(puzzle, placements, mode)
        expected = run_to_end(ExactCoverSearch(placements, plan))
        for search in (BitboardSearch(placements, plan), LiveSetSearch(placements, plan)):
            found = run_to_end(search)
            assert len(found) == len(set(found)), f"{mode}: a solution was reported twice"
            assert set(found) == set(expected), (mode, type(search).__name__)


def test_triangle_boards_get_live_sets_up_to_64_cells_then_the_general_kernel():
    """Measured in bench/bench_triangles.py: live sets walk far fewer nodes than the
    bit-board's fixed fill order on triangles."""
    small = Puzzle(TRIANGLE, "hexagon", board=hexagon(2),
                   pieces=(Piece("d", ((0, 0, 0), (0, 0, 1)), count=12),))
    assert choose_kernel(small, compile_placements(small)) == "live"
    large = load_puzzle(ASSETS / "hexiamonds-6x6.json")
    assert choose_kernel(large, compile_placements(large)) == "general"


# --- the file ------------------------------------------------------------------------------
def triangle_file(board, pieces=()) -> str:
    return json.dumps({"format": "polygui-puzzle", "version": 1, "grid": "triangle",
                       "board": board, "pieces": list(pieces)})


def test_a_triangle_puzzle_round_trips_through_its_file():
    puzzle = Puzzle(TRIANGLE, "rhombus", board=parallelogram(6, 6), pieces=hexiamonds())
    again = puzzle_from_json(puzzle_to_json(puzzle))
    assert again == puzzle and again.kind is TRIANGLE


@pytest.mark.parametrize("board, pieces, message", [
    ([[0, 0, 2]], [], "the board: cell [0, 0, 2] has t = 2; a triangle's third coordinate is "
                      "0 (pointing up) or 1 (pointing down)"),
    ([[0, 0]], [], "the board: cell 1 is [0, 0], expected 3 whole numbers"),
    ("x", [], "the board: cells must be a list of [x, y, t] lists"),
    ([[0, 0, 0], [0, 0, 1]], [{"name": "A", "cells": [[0, 0, -1]]}],
     "piece 'A': cell [0, 0, -1] has t = -1"),
    ([[0, 0, 0], [0, 0, 1]], [{"name": "A", "cells": [[0, 0, 0], [1, 0, 0]]}],
     "piece 'A' is not connected: it falls into 2 parts"),
])
def test_bad_triangle_cells_are_named(board, pieces, message):
    with pytest.raises(PuzzleError) as caught:
        puzzle_from_json(triangle_file(board, pieces))
    assert message in str(caught.value)


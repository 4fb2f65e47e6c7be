"""The sphere grid (issue 35 point 1): balls of the face-centred cubic lattice. Its facts
checked against their definitions by brute force, bad cells refused by name, and the
engine's counts in every mode against the oracle's on random small ball puzzles."""

from __future__ import annotations

import json
import random
import re
from itertools import product

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import allowed_shapes, neighbours, oracle_counts
from solvers import GridKind, Piece, Puzzle, PuzzleError
from solvers.placements.compile import compile_placements
from solvers.puzzle.fileformat import puzzle_from_json
from solvers.puzzle.grid import Grid, grid_of
from solvers.puzzle.grid.sphere import ball_at, layer_coordinates
from solvers.search.choice import choose_kernel
from solvers.search.solve import solve
from test_engine_vs_oracle import cut_into_pieces

GRID = grid_of(GridKind.SPHERE)
BALLS = [c for c in product(range(-2, 3), repeat=3) if sum(c) % 2 == 0]


def test_the_group_is_the_cubes_48_with_24_rotations_closed_identity_first():
    group = GRID.symmetry_group
    keys = {m.tobytes() for m in group}
    assert (len(group), len(keys), sum(GRID.rotation_flags)) == (48, 48, 24)
    assert (group[0] == np.eye(3)).all()
    assert all((a @ b).tobytes() in keys for a in group for b in group)
    assert list(GRID.rotation_flags) == [round(np.linalg.det(m)) == 1 for m in group]


def test_the_group_is_every_matrix_that_keeps_the_twelve_neighbour_steps():
    steps = {(a, b, c) for a, b, c in product((-1, 0, 1), repeat=3) if abs(a) + abs(b) + abs(c) == 2}
    found = set()
    for entries in product((-1, 0, 1), repeat=9):
        matrix = np.array(entries, dtype=np.int64).reshape(3, 3)
        if {tuple(s) for s in (np.array(sorted(steps)) @ matrix.T).tolist()} == steps:
            found.add(matrix.tobytes())
    assert {m.astype(np.int64).tobytes() for m in GRID.symmetry_group} == found


def test_a_ball_touches_twelve_at_the_nearest_distance_and_symmetries_keep_them():
    for cell in BALLS:
        around = GRID.neighbours_of(cell)
        nearest = [b for b in product(range(-4, 5), repeat=3) if sum(b) % 2 == 0
                   and sum((p - q) ** 2 for p, q in zip(b, cell)) == 2]  # touching: sqrt 2
        assert sorted(around) == sorted(nearest) and len(around) == 12
        for matrix in GRID.symmetry_group:
            image = tuple((matrix @ np.array(cell)).tolist())
            assert sum(image) % 2 == 0
            assert ({tuple(c) for c in GRID.apply_symmetry(np.array(around), matrix).tolist()}
                    == set(GRID.neighbours_of(image)))


def test_a_layer_is_a_square_lattice_and_the_layer_above_sits_in_its_hollows():
    square = [ball_at(u, v, 0) for u in range(2) for v in range(2)]
    assert all(sum(c) % 2 == 0 for c in square) and GRID.is_connected(square)
    above = ball_at(0, 0, 1)
    assert all(c in GRID.neighbours_of(above) for c in square)
    for cell in BALLS:
        assert ball_at(*layer_coordinates([cell])[0].tolist()) == cell


def _random_shape(rng: random.Random, size: int) -> tuple:
    cells = {(0, 0, 0)}
    while len(cells) < size:
        cells.add(rng.choice(GRID.neighbours_of(rng.choice(sorted(cells)))))
    return tuple(sorted(cells))


def _translation_class(cells) -> frozenset:
    """A shape up to every translation, lattice or not (the oracle's normal form)."""
    low = np.array(cells).min(axis=0)
    return frozenset(tuple(c) for c in (np.array(cells) - low).tolist())


def test_normalising_and_turning_keep_shapes_on_the_lattice():
    rng = random.Random(35)
    for _ in range(60):
        shape = _random_shape(rng, rng.randint(1, 6))
        shift = np.array(rng.choice(BALLS)) * rng.randint(1, 5)
        assert GRID.normalise(np.array(shape) + shift) == GRID.normalise(np.array(shape))
        for mirror in (False, True):
            found = GRID.orientations(shape, mirror=mirror)
            assert all(sum(c) % 2 == 0 for s in found for c in s)
            assert all(min(c[0] for c in s) == 0 and min(c[1] for c in s) == 0 for s in found)
            assert ({_translation_class(s) for s in found}
                    == set(allowed_shapes("sphere", shape, mirror)))
            assert len(found) == len(set(allowed_shapes("sphere", shape, mirror)))


@pytest.mark.parametrize("where, text", [
    ("board", '"board": [[0, 0, 0], [1, 0, 0]], "pieces": [{"name": "A", "cells": [[0, 0, 0]]}]'),
    ("piece", '"board": [[0, 0, 0], [1, 1, 0]], "pieces": [{"name": "A", "cells": [[0, 1, 0]]}]'),
])
def test_the_file_loader_names_a_cell_that_is_no_ball(where, text):
    file = '{"format": "polygui-puzzle", "version": 1, "name": "balls", "grid": "sphere", ' + text + "}"
    named = "the board: cell [1, 0, 0]" if where == "board" else "piece 'A': cell [0, 1, 0]"
    with pytest.raises(PuzzleError, match=re.escape(f"{named} is no ball of the sphere grid: "
                                                    "its x + y + z is odd")):
        puzzle_from_json(file)
    json.loads(file)  # the file itself is good JSON: the grid refused the cell


def _random_board(rng: random.Random, size: int, flat: bool) -> list[tuple[int, int, int]]:
    """A connected region of `size` balls grown at random within a 3x3x3 box, or (`flat`)
    within one layer, a 4x4 box of it."""
    board = [(0, 0, 0)]
    box = (4, 4, 1) if flat else (3, 3, 3)
    while len(board) < size:
        new = rng.choice(neighbours("sphere", rng.choice(board)))
        if all(0 <= v < n for v, n in zip(new, box)) and new not in board:
            board.append(new)
    return board


def _random_puzzle(seed: int, flat: bool) -> tuple[Puzzle, list, list]:
    """The board cut into connected pieces; pieces of the same allowed shapes merge into one
    with a count, each turned over (mirror) or not at random."""
    rng = random.Random(seed)
    board = _random_board(rng, rng.randint(4, 8 if flat else 9), flat)
    parts = cut_into_pieces(rng, "sphere", board, rng.randint(2, min(4, len(board))))
    types: dict[frozenset, list] = {}
    for part in parts:
        mirror = rng.random() < 0.5
        shapes = allowed_shapes("sphere", part, mirror)
        if shapes in types:
            types[shapes][1] += 1
        else:
            types[shapes] = [sorted(part), 1, mirror]
    pieces = [tuple(value) for value in types.values()]
    puzzle = Puzzle(GridKind.SPHERE, f"random {seed}", board=tuple(board),
                    pieces=tuple(Piece(f"p{i}", tuple(cells), count, mirror)
                                 for i, (cells, count, mirror) in enumerate(pieces)))
    return puzzle, board, pieces


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), flat=st.booleans())
def test_counts_in_every_mode_and_kernel_equal_brute_force(seed, flat):
    """Flat boards (one layer: the bit-board kernel's) and boards in space (live sets')."""
    puzzle, board, pieces = _random_puzzle(seed, flat)
    for mode, count in oracle_counts("sphere", board, pieces).items():
        for kernel in ("auto", "bitboard", "live", "general"):
            final = list(solve(puzzle, mode, count_only=True, kernel=kernel))[-1]
            assert final.exhausted
            assert final.solutions == count, (mode, kernel)


def test_flat_boards_go_to_the_bit_board_kernel_and_boards_in_space_to_live_sets():
    rng = random.Random(7)
    for flat, kernel in ((True, "bitboard"), (False, "live")):
        puzzle, _board, _pieces = _random_puzzle(rng.randrange(10**6), flat)
        while flat is False and len({c[2] for c in puzzle.board}) == 1:
            puzzle, _board, _pieces = _random_puzzle(rng.randrange(10**6), flat)
        assert choose_kernel(puzzle, compile_placements(puzzle)) == kernel


def test_a_flat_piece_turned_over_is_a_turn_in_space():
    """A flat piece takes its mirror images without `mirror`: in a square layer they are
    among the cube's rotations already, in a hexagonal layer (across the cube's diagonal)
    they are not, and a piece in space keeps to the 24 rotations."""
    ell = tuple(ball_at(u, v, 0) for u, v in ((0, 0), (0, 1), (0, 2), (1, 2)))
    rhombus = ((0, 0, 0), (1, 1, 0), (1, 2, 1), (2, 2, 0))  # in the plane x - y + z = 0
    chiral = ((1, 0, 1), (1, 1, 0), (1, 2, 1), (2, 0, 0))  # BallRoom's fourth shape
    rotations = {s: Grid.orientations(GRID, s, mirror=False) for s in (ell, rhombus, chiral)}
    every = {s: GRID.orientations(s, mirror=True) for s in (ell, rhombus, chiral)}
    assert set(rotations[ell]) == set(every[ell])  # the cube's turns turn it over
    assert len(rotations[rhombus]) == 24 and len(every[rhombus]) == 48
    assert GRID.orientations(rhombus, mirror=False) == every[rhombus]
    assert GRID.orientations(chiral, mirror=False) == rotations[chiral]
    assert len(rotations[chiral]) == 24 and len(every[chiral]) == 48
